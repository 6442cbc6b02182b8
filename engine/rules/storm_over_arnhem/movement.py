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

from .actions import Move
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


class _Facts:
    """What the movement of one side's units reads of one position on one turn, worked out once for all its
    searches (`reach`): the areas holding enemy units that stop a move (`enemy_in`), the areas with enemy
    units that affect costs (8.22 case B, `case_b` reads them), each area's room for the side (stacking) and
    the reaches already searched, by start area, MF and class."""

    __slots__ = ("stops", "costly", "own", "case_b", "room", "reaches", "key", "ends_key")

    def __init__(self, state: SoABoard, side: str) -> None:
        foe = state.enemy(side)
        g = state.game
        side_of, pillboxes = g.side_of, g.pillboxes
        # `affects_costs`: not the pillbox, nor the Arnhem Garrison on turn A (1.2)
        exempt = pillboxes | frozenset(g.garrison_ids) if state.turn == 0 else pillboxes
        stops: set[str] = set()
        costly: set[str] = set()
        own: dict[str, int] = {}  # area -> the side's units there but the pillbox (`SoABoard.room`)
        for area, us in state.position.area_occupancy().items():
            for u in us:
                s = side_of[u]
                if s == side:
                    if u not in pillboxes:
                        own[area] = own.get(area, 0) + 1
                elif s == foe:
                    if u not in pillboxes:
                        stops.add(area)
                    if u not in exempt:
                        costly.add(area)
        self.stops = frozenset(stops)
        self.costly = frozenset(costly)
        self.own = own
        # all a search reads of the position but the room to end in: equal keys, equal searches
        self.key = (state.turn == 0, self.stops, self.costly)
        # ... and with the areas without room for the side (`SoABoard.room`), all a reach reads
        full = set(_no_room(state))
        for area, n in own.items():
            if state.stacking_limit(area) - n <= 0:
                full.add(area)
        self.ends_key = (self.key, frozenset(full))
        self.case_b: dict[str, bool] = {}
        self.room: dict[str, int] = {}
        self.reaches: dict[tuple[str, int, bool], Reached] = {}


class Reached:
    """A unit's reach (`reach`: area -> MF spent and path) and its moves, in the order of the areas, by unit
    (impulse.py `movers`): kept by the game for every position with the same facts (`_Facts.ends_key`)."""

    __slots__ = ("ends", "moves")

    def __init__(self, ends: dict[str, tuple[int, tuple[str, ...]]]) -> None:
        self.ends = ends
        self.moves: dict[str, list[Move]] = {}

    def moves_of(self, uid: str) -> list[Move]:
        """Move(uid, area) to each area of the reach, in the order of the areas (read, never changed)."""
        got = self.moves.get(uid)
        if got is None:
            got = self.moves[uid] = [Move(uid, a) for a in sorted(self.ends)]
        return got


def _no_room(state: SoABoard) -> frozenset[str]:
    """The areas whose stacking limit is 0 or less: no room for either side, ever."""
    g = state.game
    got = g.no_room
    if got is None:
        got = g.no_room = frozenset(a for a in g.areas.areas if state.stacking_limit(a) <= 0)
    return got


def _facts(state: SoABoard, side: str) -> _Facts:
    memo: dict = state.memo("movement facts")
    got = memo.get(side)
    if got is None:
        got = memo[side] = _Facts(state, side)
    return got


def enemy_areas(state: SoABoard, side: str) -> frozenset[str]:
    """The areas holding `side`'s enemy units other than the pillbox (`fighting`): where a move ends, and what
    fire may be declared at (1.1), worked out once a position."""
    return _facts(state, side).stops


def room_in(state: SoABoard, area: str, side: str) -> int:
    """`SoABoard.room`, kept for the position with its movement's facts."""
    facts = _facts(state, side)
    r = facts.room.get(area)
    if r is None:
        r = facts.room[area] = state.stacking_limit(area) - facts.own.get(area, 0)
    return r


def _entry_costs(state: SoABoard, uid: str) -> dict[str, int | None]:
    """Area -> the MF the unit's class pays to enter it by its terrain on this turn, None where it may not
    enter (its terrain, or a perimeter zone on turn A, 3.2): `terrain_cost` and `may_enter` of every area."""
    vehicle = state.vehicle(uid)
    key = (vehicle, state.turn == 0)
    tables = state.game.entry_costs
    got = tables.get(key)
    if got is None:
        got = tables[key] = {a: (terrain_cost(state, uid, a) if may_enter(state, a) else None)
                             for a in state.game.areas.areas}
    return got


def reach(state: SoABoard, uid: str, starts: dict[str, int] | None = None, allowance: int | None = None
          ) -> dict[str, tuple[int, tuple[str, ...]]]:
    """Every area the unit may end a move in now, with the MF spent on arrival and the path (its area first).

    `starts` (area -> MF already spent on arriving there) starts the move elsewhere than the unit's area: the
    9th SS Recon leaving the bridge (3.44, 3.45) arrives in an area having paid the bridge's MF and that area's
    cost; an area in `starts` holding British units ends its move there.

    Units of one side in one area with the same MF and class have the same reach in a position: it is worked
    out once (`_Facts.reaches`) and the same dict is returned to each (callers read it, never change it). The
    search itself is kept by the game by all it reads (`_Facts.key`, the start, MF and class): positions with
    the same enemy units' areas share it, and only where the move may end is worked out again."""
    side = state.side_of(uid)
    mf = movement_factors(state, uid) if allowance is None else allowance
    facts = _facts(state, side)
    if starts is not None:
        frontier: list[tuple[int, str, tuple[str, ...]]] = [(c, a, (a,)) for a, c in sorted(starts.items())]
        return _ends(state, facts, _search(state, facts, _entry_costs(state, uid), frontier, mf, None), None)
    got = reached(state, uid, facts, mf)
    return got.ends if got is not None else {}


def reached(state: SoABoard, uid: str, facts: _Facts | None = None, mf: int | None = None) -> Reached | None:
    """`reach` of the unit from its area with its MF this turn, and its moves (None: it is in no area)."""
    here = state.area_of(uid)
    if here is None:
        return None
    if facts is None:
        facts = _facts(state, state.side_of(uid))
    if mf is None:
        mf = movement_factors(state, uid)
    key = (here, mf, state.vehicle(uid))
    got = facts.reaches.get(key)
    if got is not None:
        return got
    g = state.game
    ends_key = (facts.ends_key, key)
    got = g.reached.get(ends_key)
    if got is None:
        skey = (facts.key, key)
        best = g.searched.get(skey)
        if best is None:
            if len(g.searched) >= SEARCHES_KEPT:
                g.searched.clear()
            best = g.searched[skey] = _search(state, facts, _entry_costs(state, uid), [(0, here, (here,))], mf, here)
        if len(g.reached) >= SEARCHES_KEPT:
            g.reached.clear()
        got = g.reached[ends_key] = Reached(_ends(state, facts, best, here))
    facts.reaches[key] = got
    return got


# the searches a game keeps (`SoAGameBase.searched`), by what they read: the positions of a study's games,
# and of a search bot's simulations, repeat the same enemy units' areas again and again
SEARCHES_KEPT = 20_000


def _search(state: SoABoard, facts: _Facts, entry: dict[str, int | None],
            frontier: list[tuple[int, str, tuple[str, ...]]], mf: int, origin: str | None
            ) -> dict[str, tuple[int, tuple[str, ...]]]:
    """The cheapest-first search of `reach` (Dijkstra's, ties broken by area, then path): every area within
    `mf`, with the MF spent on arrival and the path, `origin` included, by the order of arrival; reads only
    `facts.key` (turn A, the areas that stop a move and those of 8.22 case B) of the position."""
    neighbours = state.game.neighbours
    stops, costly, case_b_of = facts.stops, facts.costly, facts.case_b
    best: dict[str, tuple[int, tuple[str, ...]]] = {}
    heapq.heapify(frontier)
    pop, push = heapq.heappop, heapq.heappush
    while frontier:
        spent, area, path = pop(frontier)
        if area in best or spent > mf:
            continue
        best[area] = (spent, path)
        if area != origin and area in stops:
            continue  # entering an area with enemy units ends the move
        for n in neighbours[area]:
            if n in best:
                continue
            cost = entry[n]
            if cost is None:
                continue
            extra = case_b_of.get(n)
            if extra is None:  # 8.22 case B: enemy units that affect costs in the area or next to it
                extra = case_b_of[n] = n in costly or not costly.isdisjoint(neighbours[n])
            if extra:
                cost += 1
            if spent + cost <= mf:
                push(frontier, (spent + cost, n, (*path, n)))
    return best


def _ends(state: SoABoard, facts: _Facts, best: dict[str, tuple[int, tuple[str, ...]]], origin: str | None
          ) -> dict[str, tuple[int, tuple[str, ...]]]:
    """Of a search's areas, those a move may end in: not its start, and with room for the side."""
    full = facts.ends_key[1]
    out: dict[str, tuple[int, tuple[str, ...]]] = {}
    for a, v in best.items():
        if a == origin:
            continue
        if a not in full:
            out[a] = v
    return out


__all__ = ["PERIMETER_TAG", "affects_costs", "case_b", "enemy_areas", "enemy_in", "may_enter", "movement_factors",
           "reach", "reached", "room_in", "terrain_cost"]
