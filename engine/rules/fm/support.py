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

import itertools
from collections import Counter, deque
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...hexgrid import Hex
from ...model.counters import SupportMarker
from ..chance import weighted
from ..kit import Ask, ChanceStep, Task
from ..protocol import CHANCE, Action, Draw, IllegalAction, Roll
from .actions import UNKNOWN, DrawSplit, MarkerId
from .board import FMBoard, FMStep
from .decisions import AirpowerDraw, AirpowerRoll, DrawSplitChoice, MarkerDraw
from .engineers import DIE
from .game import FMGameBase, cite, rule_ref


def marker_id(sm: SupportMarker, pool: str) -> MarkerId:
    return MarkerId(sm.value, (sm.nationality or pool).lower(), sm.kind or "artillery")


def side_pools(g: FMGameBase, side: str) -> dict[str, Counter[MarkerId]]:
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


def airpower_markers(g: FMGameBase, side: str) -> Counter[MarkerId]:
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


def marker_range(g: FMGameBase, mid: MarkerId) -> str:
    """The range of a marker kind (10.7.1): the scenario's `range` if it gives one, else by the rule."""
    got = g.range_memo.get(mid)
    if got is None:
        got = g.range_memo[mid] = _marker_range(g, mid)
    return got


def _marker_range(g: FMGameBase, mid: MarkerId) -> str:
    if mid.unknown:  # a marker not revealed yet may be any, so any target (FMState.fit_stand_ins)
        return "anywhere"
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


def allotment(g: FMGameBase, turn: int, side: str) -> tuple[int, bool]:
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


def drop_zone_nationality(g: FMGameBase, marker: str) -> str:
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


def reductions(state: FMBoard) -> dict[str, Counter[MarkerId]]:
    """10.7.2: the markers removed from each Allied pool this GT, and why (recorded in the events)."""
    g = state.game
    out: dict[str, Counter[MarkerId]] = {}
    german_hexes = {h for u, h in state.position.hexes.items() if g.units[u].side == g.german}
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
                state.note(f"{why}: three +{value} markers leave the {pool} pool this GT {cite('10.7.2')}")
                return

    dz = list(state.drop_zones().items())
    if any(drop_zone_nationality(g, m) == "british" and h in german_hexes for m, h in dz):
        remove("british", 3, 3, "a German unit occupies the British drop zone marker")
    if any(drop_zone_nationality(g, m) == "us" and h in german_hexes for m, h in dz):
        remove("us", 3, 3, "a German unit occupies a US drop zone marker")
    british = [u for u in state.position.hexes if g.units[u].side == g.allied
               and g.units[u].nationality.lower() == "british" and not g.is_airborne(u)]
    if len(british) >= 3:
        trace = _Tracer(state, set(state.south_road_hexes()), german_hexes)
        cut = [u for u in british if not trace.reaches(state.unit_hex(u))]
        if len(cut) >= 3:
            remove("british", 6, 3, f"{len(cut)} British non-airborne units cannot trace to the south map edge road")
    return out


class _Tracer:
    """Whether a hex has a line of hexes free of German units to a target hex (10.7.2 c). Each search
    from a unit's hex settles every hex it saw (all are joined to that hex, so all have its answer),
    and a later search stops on a settled hex. Searched over the map's hexes by index (`map_adjacency`)."""

    def __init__(self, state: FMBoard, targets: set[Hex], blocked: set[Hex]) -> None:
        self.index, self.adj = state.game.map_adjacency()
        index = self.index
        self.any_target = bool(targets)
        self.targets = {index[h] for h in targets if h in index}
        self.blocked = {index[h] for h in blocked if h in index}
        self.settled: dict[int, bool] = {}
        self.off_map = targets  # a start off the map reaches a target only by being one

    def reaches(self, start: Hex) -> bool:
        if not self.any_target:
            return True
        s = self.index.get(start)
        if s is None:
            return start in self.off_map
        settled = self.settled
        if s in settled:
            return settled[s]
        targets, blocked, adj = self.targets, self.blocked, self.adj
        seen = {s}
        todo = deque([s])
        found = False
        while todo:
            h = todo.popleft()
            if h in targets or settled.get(h):
                found = True
                break
            for n in adj[h]:
                if n not in seen and n not in blocked:
                    seen.add(n)
                    todo.append(n)
        for h in seen:
            settled[h] = found
        return found


def in_range(state: FMBoard, side: str, mid: MarkerId, target: Hex) -> bool:
    """10.7.1 range: adjacent to a friendly unit it supports; N hexes from a non-airborne unit it
    supports; or anywhere."""
    g = state.game
    rng = marker_range(g, mid)
    if rng == "anywhere":
        return True
    cache = state.cache()  # emptied whenever a unit moves: a phase's bombardments ask again and again
    answer = cache.get(("in range", side, mid, target))
    if answer is not None:
        return answer
    answer = cache[("in range", side, mid, target)] = in_range_with(state, side, mid, target, rng, cache)
    return answer


def in_range_with(state: FMBoard, side: str, mid: MarkerId, target: Hex, rng: str, cache: dict) -> bool:
    """in_range for a marker whose range (`marker_range`) is `rng` and not "anywhere", with the position's
    memo `cache` (state.cache()), without keeping the answer by the marker."""
    if rng == "adjacent":
        return _friends_near(state, side, mid, target, cache)[0]
    try:
        n = int(rng)
    except ValueError:
        return True
    return _friends_near(state, side, mid, target, cache)[1] <= n


def _friends_near(state: FMBoard, side: str, mid: MarkerId, target: Hex, cache: dict) -> tuple[bool, float]:
    """Of the friendly units a marker of `mid`'s nationality supports (10.7.1): whether one is adjacent to
    `target`, and the distance from `target` to the nearest that is not airborne (infinite when none).
    Kept per nationality and target until a unit moves: the marker kinds of a bombardment's choices
    (8.1) share them."""
    key = ("near", side, mid.nationality, target)
    got: tuple[bool, float] | None = cache.get(key)
    if got is not None:
        return got
    g = state.game
    fkey = ("friends", side, mid.nationality)
    friends = cache.get(fkey)
    if friends is None:  # (q, r, airborne) of each
        friends = cache[fkey] = [(h[0], h[1], g.is_airborne(u)) for u, h in state.position.hexes.items()
                                 if g.units[u].side == side and supports(g.units[u].nationality, mid)]
    adjacent = False
    nearest = float("inf")
    tq, tr = target
    for q, r, airborne in friends:
        dq, dr = q - tq, r - tr
        d = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1  # hex_distance, inline: asked for every friend and target
        if d == 1:
            adjacent = True
        if d < nearest and not airborne:
            nearest = d
    got = cache[key] = (adjacent, nearest)
    return got


def supports(nationality: str, marker: MarkerId) -> bool:
    """10.7.1: British markers support British and Polish units; US markers US units; a side's markers
    without a nationality support any of its units."""
    if not marker.nationality:
        return True
    allowed = {"british": {"british", "polish"}, "uk": {"uk", "british", "polish"}}.get(
        marker.nationality.lower(), {marker.nationality.lower()})
    return nationality.lower() in allowed


# -- the Support Fire Marker Phase (4.1, 7.1, 10.7) -------------------------------------------------------
@dataclass(frozen=True)
class MarkerPools(Task):
    """The pools of this GT: each side's printed pools, less the Allied reductions of 10.7.2."""

    def run(self, state: FMBoard) -> None:
        g = state.game
        state.gt_pool = {}
        for side in g.side_ids:
            pools = {name: dict(c) for name, c in side_pools(g, side).items()}
            if side == g.allied:
                for name, removed in reductions(state).items():
                    for mid, n in removed.items():
                        pools[name][mid] = pools[name].get(mid, 0) - n
            state.gt_pool[side] = {k: {m: n for m, n in v.items() if n > 0} for k, v in pools.items()}


@dataclass(frozen=True)
class MarkerAllotment(Task):
    """7.1, 10.7: `side` receives its allotment of the turn track: every marker (an airpower turn: and a
    roll for airpower), the lowest-valued (option), or markers drawn at random from its pools."""

    side: str

    def run(self, state: FMBoard) -> None:
        g = state.game
        side = self.side
        name = state.side_name(side)
        n, airpower = allotment(g, state.turn, side)
        pools = state.gt_pool.get(side, {})
        total = sum(sum(c.values()) for c in pools.values())
        if airpower:
            # 10.7 a): every non-airpower marker; b): roll for airpower
            for c in pools.values():
                for mid, k in c.items():
                    state.available[side].extend([mid] * k)
            state.note(f"the {name} player has {n} markers this GT: every non-airpower marker, and a roll for "
                       f"airpower {cite('10.7')}")
            state.queue.insert(0, Ask(AirpowerRoll(CHANCE, side)))
            return
        if n <= 0 or total == 0:
            return
        if n >= total:
            for c in pools.values():
                for mid, k in c.items():
                    state.available[side].extend([mid] * k)
            return
        if g.options.get("sfm_selection") == "lowest_first":
            allm = sorted((mid for c in pools.values() for mid, k in c.items() for _ in range(k)),
                          key=lambda m: (m.value, m.token()))
            state.available[side].extend(allm[:n])
            state.note(f"the {name} player selects the {n} lowest-valued markers {cite('7.1')}")
            return
        nonempty = [p for p, c in pools.items() if sum(c.values())]
        if len(nonempty) > 1:
            state.queue.insert(0, Ask(DrawSplitChoice(side, n)))
        else:
            state.queue[0:0] = [Ask(MarkerDraw(CHANCE, side, nonempty[0]))] * n


class DrawSplitStep(FMStep[DrawSplitChoice]):
    decision = DrawSplitChoice
    rule = rule_ref("10.7")
    name = "how many markers to draw from each pool"

    def legal(self, state: FMBoard, d: DrawSplitChoice) -> list[Action]:
        side, n = d.player, d.n
        names = sorted(name for name, c in state.gt_pool[side].items() if sum(c.values()))
        sizes = [sum(state.gt_pool[side][k].values()) for k in names]
        out: list[Action] = []
        for combo in itertools.product(*[range(min(s, n) + 1) for s in sizes]):
            if sum(combo) == min(n, sum(sizes)):
                out.append(DrawSplit(tuple(zip(names, combo, strict=False))))
        return out

    def apply(self, state: FMBoard, d: DrawSplitChoice, action: Action) -> None:
        assert isinstance(action, DrawSplit)
        tasks: list[Task] = []
        for pool, k in action.counts:
            tasks += [Ask(MarkerDraw(CHANCE, d.player, pool))] * k
        state.queue[0:0] = tasks


class MarkerDrawStep(ChanceStep[FMBoard, MarkerDraw]):
    """7.2: the markers a side draws are its secret (the other player knows how many)."""

    decision = MarkerDraw
    rule = rule_ref("7.1, 10.7")
    name = "draw a support fire marker"

    def outcomes(self, state: FMBoard, d: MarkerDraw) -> list[tuple[Action, Fraction]]:
        counts = state.gt_pool[d.side][d.pool]
        return [(Draw(m.token()), pr) for m, pr in weighted({m: c for m, c in sorted(
            counts.items(), key=lambda mc: (mc[0].value, mc[0].token()))})]

    def owner(self, state: FMBoard, d: MarkerDraw) -> str:
        return d.side

    def apply(self, state: FMBoard, d: MarkerDraw, action: Action) -> None:
        assert isinstance(action, Draw)
        mid = MarkerId.parse(action.item)
        if not mid.unknown:  # a stand-in leaves the pool as it is until it is revealed (fit_hand)
            state.gt_pool[d.side][d.pool][mid] -= 1
        state.available[d.side].append(mid)


class AirpowerRollStep(ChanceStep[FMBoard, AirpowerRoll]):
    decision = AirpowerRoll
    rule = rule_ref("10.7")
    name = "roll on the Airpower SFMs Available Table"

    def outcomes(self, state: FMBoard, d: AirpowerRoll) -> list[tuple[Action, Fraction]]:
        return list(DIE)

    def apply(self, state: FMBoard, d: AirpowerRoll, action: Action) -> None:
        assert isinstance(action, Roll)
        g = state.game
        row = g.table("airpower").rows[str(action.value)]
        cols = g.table("airpower").columns
        state.note(f"Airpower SFMs Available Table, roll {action.value}: {row[0]} {cite('10.7')}")
        air = airpower_markers(g, d.side)
        tasks: list[Task] = []
        for nat in ("british", "us"):
            want = int(row[cols.index(nat)]) if nat in cols else 0
            counts = tuple((m.token(), k) for m, k in air.items() if m.nationality == nat)
            for _ in range(min(want, sum(k for _t, k in counts))):
                tasks.append(AirpowerPick(d.side, counts))
        state.queue[0:0] = tasks


@dataclass(frozen=True)
class AirpowerPick(Task):
    """10.7: one airpower marker of the kinds `counts`, drawn among those not yet taken."""

    side: str
    counts: tuple[tuple[str, int], ...]

    def run(self, state: FMBoard) -> None:
        if len(self.counts) == 1:  # one kind: no secret, the same pick on every machine
            state.available[self.side].append(MarkerId.parse(self.counts[0][0]))
            return
        # several kinds: a secret draw each time, even when the picks before leave one kind only, so that
        # whether a draw is made never depends on what was drawn in secret before (play by e-mail)
        taken = state.available[self.side]
        left = {t: k - sum(1 for m in taken if m.token() == t) for t, k in self.counts}
        left = {t: k for t, k in left.items() if k > 0}
        if left:
            state.ask(AirpowerDraw(CHANCE, self.side, tuple(left.items())))


class AirpowerDrawStep(ChanceStep[FMBoard, AirpowerDraw]):
    decision = AirpowerDraw
    rule = rule_ref("10.7")
    name = "draw an airpower marker"

    def outcomes(self, state: FMBoard, d: AirpowerDraw) -> list[tuple[Action, Fraction]]:
        return [(Draw(MarkerId.parse(t).token()), pr) for t, pr in weighted(dict(sorted(d.counts)))]

    def owner(self, state: FMBoard, d: AirpowerDraw) -> str:
        return d.side

    def apply(self, state: FMBoard, d: AirpowerDraw, action: Action) -> None:
        assert isinstance(action, Draw)
        state.available[d.side].append(MarkerId.parse(action.item))


def draws_ahead(state: FMBoard) -> int:
    """10.7: the secret draws of the side drawing now that follow one another, this one included: the
    markers queued for it in this Support Fire Marker Phase (their number is public, what they are is not)."""
    d = state.pending_decision()
    if not isinstance(d, MarkerDraw | AirpowerDraw):
        return 1
    n = 1
    for task in state.queue:
        if not (isinstance(task, Ask) and isinstance(task.decision, MarkerDraw) and task.decision.side == d.side):
            break
        n += 1
    return n


def fit_hand(state: FMBoard, side: str, named: list[MarkerId]) -> None:
    """On a machine that holds stand-ins (UNKNOWN) for `side`'s secretly drawn markers: each marker `named`
    (flipped in a combat, 8.2.1 b, or bombarding, 8.1.2) that the hand does not hold is one of the markers
    not revealed yet, taken from the pools of this GT (7.2, 10.7); IllegalAction when none is left there or
    no stand-in is left to be it. The draws themselves are checked when they are opened."""
    hand = state.available.get(side, [])
    if UNKNOWN not in hand:
        return
    need = Counter(named)
    for mid, n in need.items():
        while hand.count(mid) < n:
            if UNKNOWN not in hand:
                raise IllegalAction(f"the {state.side_name(side)} player reveals more {mid.label()} markers than "
                                    f"were drawn this GT {cite('7.2')}")
            pools = state.gt_pool.get(side, {})
            home = next((p for p in sorted(pools) if pools[p].get(mid, 0) > 0), None)
            if home is None:
                raise IllegalAction(f"the {state.side_name(side)} player reveals a {mid.label()} marker, but no "
                                    f"such marker is left in its pools this GT {cite('7.1, 10.7')}")
            pools[home][mid] -= 1
            hand[hand.index(UNKNOWN)] = mid
    state.invalidate()


STEPS = (DrawSplitStep(), MarkerDrawStep(), AirpowerRollStep(), AirpowerDrawStep())
