"""Supply (Target Arnhem: Re-Supply, Supply Points, German Overrun of Paratroop Supply Marker;
001_69d92a61f68ed4f9.txt).

Tracing:
* "German units are "in-supply" if they can trace a continuous path to any off-board area (without going
  through enemy or unbridged river hexes)": a path of hexes free of Allied units, never across an unbridged
  river hexside, to a hex next to an open off-board area; units in an off-board area are in supply.
* "All Allied units are in-supply if they are within 2 hexes of a clear, unopposed road that leads to hex
  0103 (without going through, on that road, enemy or unbridged river hexes)": the road hexes joined to 0103
  by road links through hexes free of German units (0103 itself free), and every hex within two hexes of
  one of them by a path that enters no German-held hex and crosses no unbridged river.
* "Allied Airborne and Glider units are in-supply if they are within 2 hexes of their paradrop area supply
  marker (without going through enemy or unbridged river hexes)": the same two-hex trace from the marker
  of their stripe, while it is on the map.

Supply points (Supply Points): the Wehrmacht (gold stripe) use German points; the SS (red) SS or German
points; the British 1st and Polish Para (maroon) share the 1st Para points; the 101st (yellow) and 82nd
(light green) their own; XXX Corps (no stripe) have unlimited points while in supply from 0103.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from ...hexgrid import Hex
from ..kit.kept import kept
from .board import ALLIED, GERMAN, TABoard
from .design import PARA_SUPPLY, POOLS
from .game import AREA_P

UNLIMITED = "XXX Corps"  # the pool of units without a stripe: unlimited points from 0103
# the Adjustment's gains: the Wehrmacht roll half a die; the SS and each Allied airborne division get 1
WEHRMACHT_POOL = "German"
ONE_POINT_POOLS: dict[str, str] = {"SS": GERMAN, "1st Para": ALLIED, "101st": ALLIED, "82nd": ALLIED}


def spread(state: TABoard, sources: Iterable[Hex], side: str, steps: int | None) -> set[Hex]:
    """Hexes reached from `sources` (free of `side`'s enemies) by paths that enter no enemy-held hex and
    cross no unbridged river, at most `steps` hexes long (None: any length)."""
    around = state.game.around
    seen: dict[Hex, int] = {}
    todo: deque[Hex] = deque()
    for h in sources:
        if state.map.contains(h) and not state.enemy_at(h, side) and h not in seen:
            seen[h] = 0
            todo.append(h)
    while todo:
        h = todo.popleft()
        if steps is not None and seen[h] >= steps:
            continue
        for n in around(h):
            if n in seen or not state.map.contains(n) or state.enemy_at(n, side) or state.river_blocks(h, n):
                continue
            seen[n] = seen[h] + 1
            todo.append(n)
    return set(seen)


def supply_road(state: TABoard) -> set[Hex]:
    """The clear, unopposed road hexes leading to 0103 (empty when 0103 is German-held)."""
    start = state.game.entry_hex
    if start is None or state.enemy_at(start, ALLIED):
        return set()
    around = state.game.around
    seen = {start}
    todo = [start]
    while todo:
        h = todo.pop()
        for n in around(h):
            if n not in seen and state.road_link(h, n) and not state.enemy_at(n, ALLIED):
                seen.add(n)
                todo.append(n)
    return seen


def supplied_hexes(state: TABoard, side: str, stripe: str = "") -> frozenset[Hex]:
    """The hexes where a unit of `side` (an Allied airborne unit of `stripe`) is in supply."""
    key = (state.position.revision, state.turn, side, stripe)
    memo = state.supply_memo()
    got = memo.get(key)
    if isinstance(got, frozenset):
        return got
    if len(memo) > 64:
        memo.clear()
    # all the tracing reads of the position (the hexes the side's enemy holds; area P closed; the stripe's
    # marker hex, while not overrun): positions alike share it, kept by the game
    held = state.enemy_hexes(side)[0]
    gkey = (side, stripe, held, state.area_closed(AREA_P), tuple(marker_hexes(state, stripe)) if stripe else ())
    got = kept(state.game.supply_kept, gkey, SUPPLY_KEPT, lambda: _supplied_hexes(state, side, stripe))
    memo[key] = got
    return got


SUPPLY_KEPT = 5_000  # the supply tracings a game keeps (`TAGameBase.supply_kept`)


def _supplied_hexes(state: TABoard, side: str, stripe: str) -> frozenset[Hex]:
    """`supplied_hexes` traced afresh."""
    if side == GERMAN:
        sources = [h for r in state.game.areas.values() for h in r.hexes if not state.area_closed(r.name)]
        out = frozenset(spread(state, sources, GERMAN, None))
    elif stripe:
        out = frozenset(supplied_hexes(state, ALLIED) | spread(state, marker_hexes(state, stripe), ALLIED, 2))
    else:
        out = frozenset(spread(state, supply_road(state), ALLIED, 2))
    return out


def para_marker(state: TABoard, stripe: str) -> str | None:
    """The id of the para supply marker of a stripe (the scenario's marker with values {stripe: ...}; read once
    a game, `TAGameBase.para_marker`)."""
    return state.game.para_marker.get(stripe)


def marker_hexes(state: TABoard, stripe: str) -> list[Hex]:
    """The hex of the stripe's para supply marker while it is on the map (not overrun)."""
    mid = para_marker(state, stripe)
    if mid is None or stripe in state.overrun:
        return []
    h = state.position.marker_hex(mid)
    return [h] if h is not None else []


def in_supply(state: TABoard, uid: str) -> bool:
    """Whether a unit is in supply now (Re-Supply)."""
    game = state.game
    side = game.side_of[uid]
    if uid in state.area:
        return side == GERMAN
    h = state.position.hex_of(uid)
    if h is None:
        return False
    return h in supplied_hexes(state, side, game.trace_stripe[uid])  # an Allied airborne unit's stripe, else ""


def pool_for(state: TABoard, uid: str) -> str | None:
    """The pool a unit's next supply point comes from (SS points before German ones; XXX Corps' unlimited
    points), or None when none is left."""
    stripe = state.stripe(uid)
    if state.side_of(uid) == ALLIED and not stripe:
        return UNLIMITED
    for pool in POOLS.get(stripe, ()):
        if state.points.get(pool, 0) > 0:
            return pool
    return None


def spend(state: TABoard, pool: str) -> None:
    if pool != UNLIMITED:
        state.spend_point(pool)


def overrun_markers(state: TABoard, uid: str, h: Hex) -> None:
    """German Overrun of Paratroop Supply Marker: a German unit entering the marker's hex destroys it, the
    Germans receive one supply point, and the division now uses only 0103 for supply and reinforcements."""
    if state.side_of(uid) != GERMAN:
        return
    for mid, mk in state.sc.markers.items():
        if mk.kind != PARA_SUPPLY or state.position.marker_hex(mid) != h:
            continue
        stripe = str(mk.values.get("stripe", ""))
        state.position.set_marker(mid, None)
        state.overrun.add(stripe)
        state.points[WEHRMACHT_POOL] = state.points.get(WEHRMACHT_POOL, 0) + 1
        state.note(f"{uid} overruns the para supply marker {mk.label or mid} in {state.map.label(h)}: the "
                   f"{state.side_name(GERMAN)} side receives one supply point "
                   f"(Target Arnhem: German Overrun of Paratroop Supply Marker)")
