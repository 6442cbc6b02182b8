"""Support fire markers (F&M 7.x) as the Arnhem exclusive rules allocate them (10.7, 10.7.1, 10.7.2).
000_e5c3deafb2cea4af.txt.

* 7.1 / 10.7: each side has pools (the Allies a British and a US pool); each GT a side receives the
  number of markers on the turn track ("8/9": first player 8, second player 9), drawn at random from
  its pools (10.7; option `sfm_selection: lowest_first` selects lowest-valued first as 7.1 says).
* 10.7: airpower markers are not in the pools; on a GT with 13 markers the Allies have every
  non-airpower marker and roll on the Airpower SFMs Available Table.
* 10.7.1: German markers and Allied markers under +6 only in hexes adjacent to friendly units; the
  Allied +6 non-airpower markers (Priests) up to two hexes from a non-airborne British unit; airpower
  anywhere; British markers support British and Polish units, US markers US units.
* 10.7.2: German units on the British drop zone marker cost three +3 British markers, on a US drop zone
  three +3 US markers; three or more British non-airborne units unable to trace a line of hexes to the
  south map edge road cost three +6 British markers. Determined GT by GT.
"""

from __future__ import annotations

from collections import Counter, deque
from typing import TYPE_CHECKING, Any

from ...hexgrid import Hex, hex_distance, hex_neighbors
from ...model.counters import SupportMarker
from .combat import MarkerId, supports

if TYPE_CHECKING:
    from .game import FMGame
    from .state import FMState


def marker_id(sm: SupportMarker, pool: str) -> MarkerId:
    return MarkerId(sm.value, (sm.nationality or pool).lower(), sm.kind or "artillery")


def side_pools(g: FMGame, side: str) -> dict[str, Counter[MarkerId]]:
    """The non-airpower markers of each pool of a side, as printed in the scenario."""
    s = g.scenario.side(side)
    out: dict[str, Counter[MarkerId]] = {}
    if s is None:
        return out
    for pool, markers in s.support_pools.items():
        c: Counter[MarkerId] = Counter()
        for sm in markers:
            mid = marker_id(sm, pool)
            if not mid.airpower:
                c[mid] += sm.count
        out[pool] = c
    return out


def airpower_markers(g: FMGame, side: str) -> Counter[MarkerId]:
    s = g.scenario.side(side)
    c: Counter[MarkerId] = Counter()
    if s is None:
        return c
    for pool, markers in s.support_pools.items():
        for sm in markers:
            mid = marker_id(sm, pool)
            if mid.airpower:
                c[mid] += sm.count
    return c


def marker_range(g: FMGame, mid: MarkerId) -> str:
    """The range of a marker kind (10.7.1): the scenario's `range` if it gives one, else by the rule."""
    got = g.range_memo.get(mid)
    if got is None:
        got = g.range_memo[mid] = _marker_range(g, mid)
    return got


def _marker_range(g: FMGame, mid: MarkerId) -> str:
    s_all = [s for s in g.scenario.sides]
    for s in s_all:
        for pool, markers in s.support_pools.items():
            for sm in markers:
                if marker_id(sm, pool) == mid and sm.range and sm.range != "adjacent":
                    return sm.range
    if mid.airpower:
        return "anywhere"
    if mid.kind == "priest" or (mid.nationality in ("british", "uk") and mid.value >= 6):
        return "2"
    return "adjacent"


def allotment(g: FMGame, turn: int, side: str) -> tuple[int, bool]:
    """(markers allotted to `side` on GT `turn`, whether it is an airpower turn) from the turn track."""
    if not g.scenario.turns or turn > len(g.scenario.turns):
        return 0, False
    al: dict[str, Any] = g.scenario.turns[turn - 1].allotments or {}
    value: Any = al.get(side)
    airpower = False
    if value is None:
        for key in ("sfm", "support", "markers"):
            if key in al:
                text = str(al[key])
                first, _, second = text.partition("/")
                value = first if side == g.first_player else (second or first)
                break
    if isinstance(value, dict):
        airpower = bool(value.get("airpower"))
        value = value.get("markers", value.get("sfm", 0))
    try:
        n = int(str(value).strip()) if value is not None else 0
    except ValueError:
        n = 0
    if n == int(g.options.get("airpower_allotment", 13)) and airpower_markers(g, side):
        airpower = True
    return n, airpower


def drop_zone_nationality(g: FMGame, marker: str) -> str:
    mk = g.scenario.markers[marker]
    nat = str(mk.values.get("nationality", "")).lower()
    if nat:
        return nat
    text = f"{mk.id} {mk.label}".lower()
    if "brit" in text or "1st" in text:
        return "british"
    if "us" in text.split() or "us " in text or "101" in text or "82" in text:
        return "us"
    return ""


def reductions(state: FMState) -> dict[str, Counter[MarkerId]]:
    """10.7.2: the markers removed from each Allied pool this GT, and why (recorded in the events)."""
    g = state.game
    out: dict[str, Counter[MarkerId]] = {}
    german_hexes = {h for u, h in state.pos.items() if g.units[u].side == g.german}
    pools = side_pools(g, g.allied)

    def remove(pool_nat: str, value: int, n: int, why: str) -> None:
        for pool, c in pools.items():
            if pool.lower() == pool_nat or any(m.nationality == pool_nat for m in c):
                k = out.setdefault(pool, Counter())
                left = n
                for mid in sorted(c, key=lambda m: m.value):
                    if mid.value == value and left:
                        take = min(left, c[mid] - k[mid])
                        k[mid] += take
                        left -= take
                state.note(f"10.7.2: {why}: three +{value} markers leave the {pool} pool this GT")
                return

    dz = [(mid, h) for mid, h in state.dz.items()]
    if any(drop_zone_nationality(g, m) == "british" and h in german_hexes for m, h in dz):
        remove("british", 3, 3, "a German unit occupies the British drop zone marker")
    if any(drop_zone_nationality(g, m) == "us" and h in german_hexes for m, h in dz):
        remove("us", 3, 3, "a German unit occupies a US drop zone marker")
    british = [u for u in state.pos if g.units[u].side == g.allied and g.units[u].nationality.lower() == "british"
               and not g.is_airborne(u)]
    if len(british) >= 3:
        trace = _Tracer(state, set(state.south_road_hexes()), german_hexes)
        cut = [u for u in british if not trace.reaches(state.pos[u])]
        if len(cut) >= 3:
            remove("british", 6, 3, f"{len(cut)} British non-airborne units cannot trace to the south map edge road")
    return out


class _Tracer:
    """Whether a hex has a line of hexes free of German units to a target hex (10.7.2 c). Each search
    from a unit's hex settles every hex it saw (all are joined to that hex, so all have its answer),
    and a later search stops on a settled hex."""

    def __init__(self, state: FMState, targets: set[Hex], blocked: set[Hex]) -> None:
        self.contains = state.game.map.contains
        self.targets = targets
        self.blocked = blocked
        self.settled: dict[Hex, bool] = {}

    def reaches(self, start: Hex) -> bool:
        if not self.targets:
            return True
        settled = self.settled
        if start in settled:
            return settled[start]
        targets, blocked, contains = self.targets, self.blocked, self.contains
        seen = {start}
        todo = deque([start])
        found = False
        while todo:
            h = todo.popleft()
            if h in targets or settled.get(h):
                found = True
                break
            for n in hex_neighbors(h):
                if n not in seen and contains(n) and n not in blocked:
                    seen.add(n)
                    todo.append(n)
        for h in seen:
            settled[h] = found
        return found


def in_range(state: FMState, side: str, mid: MarkerId, target: Hex) -> bool:
    """10.7.1 range: adjacent to a friendly unit it supports; N hexes from a non-airborne unit it
    supports; or anywhere."""
    g = state.game
    rng = marker_range(g, mid)
    if rng == "anywhere":
        return True
    key = ("friends", side, mid.nationality)
    friends = state._cache.get(key)
    if friends is None:
        friends = state._cache[key] = [(u, h) for u, h in state.pos.items() if g.units[u].side == side
                                       and supports(g.units[u].nationality, mid)]
    if rng == "adjacent":
        return any(hex_distance(h, target) == 1 for _u, h in friends)
    try:
        n = int(rng)
    except ValueError:
        return True
    return any(hex_distance(h, target) <= n and not g.is_airborne(u) for u, h in friends)
