"""Movement over areas (Storm over Arnhem: The Crossing, 003_6afad32bba8815b2.txt, and the basic game's
movement as reconstructed here).

* Movement factors: the unit's printed MF; on turn A every British unit but the AT units has one more, and
  British AT units have 6 (3.1).
* Entering an area costs the MF its terrain costs the unit's class (the map's terrain table: `leg`, or
  `vehicle` for armoured cars, halftracks and armour): RECONSTRUCTED, the basic game's costs are not in the
  source (3.46 says only that a unit "must pay normal MF cost to enter a specific area").
* 8.22 case B (the basic game's rule, referred to by 1.2, reconstructed): entering an area holding or next to
  an area holding enemy units costs 1 MF more. The pillbox never affects enemy movement (1.1), nor does the
  Arnhem Garrison on turn A (1.2).
* A unit entering an area with enemy units stops there (the basic game's rule as 3.44 and 3.45 apply it);
  the pillbox does not stop it (1.1); the Arnhem Garrison does, on turn A too (1.2 lifts case B only).
* No unit of either side enters a perimeter zone (an area tagged `perimeter`) on turn A (3.2).
* A unit may end its move only where its side has room (the area's stacking limit; the pillbox is not
  counted, 1.1); it may pass through a full area.
"""

from __future__ import annotations

import heapq

from .board import BRITISH, SoABoard

PERIMETER_TAG = "perimeter"


def movement_factors(state: SoABoard, uid: str) -> int:
    """The unit's MF this turn (3.1: British +1 on turn A, AT units 6)."""
    mf = state.movement(uid)
    if state.turn == 0 and state.side_of(uid) == BRITISH:
        return 6 if state.is_at(uid) else mf + 1
    return mf


def terrain_cost(state: SoABoard, uid: str, area: str) -> int | None:
    """MF to enter `area` by its terrain (None: the unit may not enter it)."""
    key = (area, state.vehicle(uid))
    costs = state.game.area_costs
    if key in costs:
        return costs[key]
    got = costs[key] = _terrain_cost(state, uid, area)
    return got


def _terrain_cost(state: SoABoard, uid: str, area: str) -> int | None:
    table = state.areas.terrain_table
    tt = table.terrain.get(state.area(area).terrain)
    if tt is None:
        return 1
    cls = "vehicle" if state.vehicle(uid) else "leg"
    cost = tt.move.get(cls, tt.move.get("leg", 1))
    return None if cost is None else int(cost)


def affects_costs(state: SoABoard, uid: str) -> bool:
    """Whether an enemy unit counts for 8.22 case B: not the pillbox (1.1), not the Arnhem Garrison on turn A
    (1.2: "these units do not affect enemy movement costs into adjacent areas")."""
    if state.is_pillbox(uid):
        return False
    return not (state.turn == 0 and state.is_garrison(uid))


def enemy_in(state: SoABoard, area: str, side: str) -> bool:
    """An enemy unit that stops a move is in `area`: any but the pillbox (1.1)."""
    memo = state.memo("enemy in " + side)
    got = memo.get(area)
    if got is None:
        got = memo[area] = any(not state.is_pillbox(u) for u in state.units_in(area, state.enemy(side)))
    return got


def case_b(state: SoABoard, area: str, side: str) -> bool:
    """8.22 case B (reconstructed): `area` holds or is next to an area holding enemy units that affect movement
    costs."""
    memo = state.memo("case B " + side)
    got = memo.get(area)
    if got is None:
        foe = state.enemy(side)
        got = memo[area] = any(affects_costs(state, u) for a in (area, *state.game.neighbours[area])
                               for u in state.units_in(a, foe))
    return got


def may_enter(state: SoABoard, area: str) -> bool:
    """3.2: no unit enters a perimeter zone on turn A."""
    return not (state.turn == 0 and PERIMETER_TAG in state.area(area).tags)


def reach(state: SoABoard, uid: str, starts: dict[str, int] | None = None, allowance: int | None = None
          ) -> dict[str, tuple[int, tuple[str, ...]]]:
    """Every area the unit may end a move in now, with the MF spent on arrival and the path (its area first).

    `starts` (area -> MF already spent on arriving there) starts the move elsewhere than the unit's area: the
    9th SS Recon leaving the bridge (3.44, 3.45) arrives in an area having paid the bridge's MF and that area's
    cost; an area in `starts` holding British units ends its move there."""
    side = state.side_of(uid)
    mf = movement_factors(state, uid) if allowance is None else allowance
    frontier: list[tuple[int, str, tuple[str, ...]]]
    if starts is None:
        here = state.area_of(uid)
        if here is None:
            return {}
        frontier = [(0, here, (here,))]
        origin: str | None = here
    else:
        frontier = [(c, a, (a,)) for a, c in sorted(starts.items())]
        origin = None
    best: dict[str, tuple[int, tuple[str, ...]]] = {}
    heapq.heapify(frontier)
    while frontier:
        spent, area, path = heapq.heappop(frontier)
        if area in best or spent > mf:
            continue
        best[area] = (spent, path)
        if area != origin and enemy_in(state, area, side):
            continue  # entering an area with enemy units ends the move
        for n in state.game.neighbours[area]:
            if n in best or not may_enter(state, n):
                continue
            cost = terrain_cost(state, uid, n)
            if cost is None:
                continue
            cost += 1 if case_b(state, n, side) else 0
            if spent + cost <= mf:
                heapq.heappush(frontier, (spent + cost, n, (*path, n)))
    return {a: v for a, v in best.items() if a != origin and state.room(a, side) > 0}


__all__ = ["PERIMETER_TAG", "affects_costs", "case_b", "enemy_in", "may_enter", "movement_factors",
           "reach", "terrain_cost"]
