"""Movement (Target Arnhem: Movement, 001_69d92a61f68ed4f9.txt): where one unit may move in its impulse.

* "Per impulse, units can move 2 hexes over open ground or cross 1 hex over an unbridged canal": a normal
  move is one or two hexes; crossing an unbridged canal is a move of that one hex.
* "Stop when you enter rough terrain (i.e. forest)." "You can never cross a river without a bridge."
* "Move unlimited spaces along any road, only if you began on the road at the beginning of your impulse
  and also only if there is no adjacent unit at the beginning of your impulse" (`TABoard.road_ready`);
  "Must stop if while traveling on a road you enter a non-road hex."
* "Must stop when upon entering a hex adjacent to an enemy unit (even while traveling on a road), unless
  separated by an unbridged river hexside (FAQ: a unit can move one hex while adjacent if it's your first
  hex move)": a unit that starts next to the enemy may still move; every hex it enters next to the enemy
  ends its move.
* Off-board areas: only German units enter an adjoining off-board area from a hex or a road (the move ends
  there); an off-board unit moves to one adjoining area, or to one adjoining hex and stops. From turn 4 no
  unit may enter area P.
* "You can never share a hex with an enemy unit": no move enters or passes an enemy-held hex.

`destinations` gives every place the move may end, each with one path to it (printed labels, the unit's
hex first), for the presenter to draw.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from ...hexgrid import Hex
from ..kit.kept import kept
from .actions import Move
from .board import GERMAN, TABoard
from .game import AREA_P

NORMAL_HEXES = 2


def destinations(state: TABoard, uid: str) -> dict[str, tuple[str, ...]]:
    """Every hex label or off-board area the unit may end its move in, with a path to it."""
    return dict(_kept_moves(state, uid, True))


def destination_names(state: TABoard, uid: str) -> list[str]:
    """The places `destinations` gives, in its order, without spelling out their paths (the legal actions
    need only the places: an impulse lists every unit's)."""
    return list(_kept_moves(state, uid, False))


# the moves a game keeps (`TAGameBase.moves_kept`): an impulse lists every unit's moves at each of its
# decisions, and a move of one's own unit changes none of the others'; a search's simulations repeat them
MOVES_KEPT = 20_000


def _kept_moves(state: TABoard, uid: str, spell: bool) -> dict[str, tuple[str, ...]]:
    """`_moves`, kept by the game for a unit on the map by all it reads of the position: the unit's side,
    hex and road movement (`road_ready`), the enemy's hexes and the hexes next to them (`enemy_hexes`) and
    whether area P is closed (the turn). Read, never changed, by the callers."""
    if uid in state.area:
        return _moves(state, uid, spell)
    key = _reads(state, uid)
    if key is None:
        return {}
    return kept(state.game.moves_kept, (*key, spell), MOVES_KEPT, lambda: _moves(state, uid, spell))


def _reads(state: TABoard, uid: str) -> tuple | None:
    """All a unit's moves read of the position (see `_kept_moves`), or None when it is not on the map."""
    start = state.position.hex_of(uid)
    if start is None:
        return None
    side = state.side_of(uid)
    enemy, near = state.enemy_hexes(side)
    return (side, start, uid in state.road_ready, enemy, near, state.area_closed(AREA_P))


def move_actions(state: TABoard, uid: str) -> tuple[Move, ...]:
    """The unit's `Move` actions, one for each place `destination_names` gives, in its order (see
    `move_lister`)."""
    return move_lister(state, state.side_of(uid))(uid)


def move_lister(state: TABoard, side: str) -> Callable[[str], tuple[Move, ...]]:
    """`move_actions` for units of `side` in this position, the side's facts read once (an impulse lists every
    unit's moves at each of its decisions): kept by the game, by the unit and all its moves read (see
    `_kept_moves`; off the board: its area, the enemy's hexes and whether area P is closed); a search's
    simulations list them again. The actions are frozen: shared, never changed."""
    enemy, near = state.enemy_hexes(side)
    closed = state.area_closed(AREA_P)
    hex_of, road, area = state.position.hex_of, state.road_ready, state.area
    store = state.game.move_actions_kept

    def moves(uid: str) -> tuple[Move, ...]:
        where = area.get(uid)
        if where is not None:  # off the board: its area, the enemy's hexes and area P closed are all it reads
            key: tuple = (uid, side, where, enemy, closed)
            got = store.get(key)
            if got is None:
                got = kept(store, key, MOVES_KEPT, lambda: tuple(Move(uid, d) for d in _moves(state, uid, False)))
            return got
        start = hex_of(uid)
        if start is None:
            return ()
        key = (uid, side, start, uid in road, enemy, near, closed)
        got = store.get(key)
        if got is None:
            got = kept(store, key, MOVES_KEPT, lambda: tuple(Move(uid, d) for d in _kept_moves(state, uid, False)))
        return got

    return moves


def _moves(state: TABoard, uid: str, spell: bool) -> dict[str, tuple[str, ...]]:
    """`destinations`; with `spell` False every path is left empty."""
    side = state.side_of(uid)
    label = state.map.label
    area = state.area.get(uid)
    out: dict[str, tuple[str, ...]] = {}
    if area is not None:  # an off-board unit: one adjoining area, or one adjoining hex (then stop)
        region = state.game.areas[area]
        for other in region.adjacent:
            if other in state.game.areas and not state.area_closed(other):
                out[other] = (area, other)
        for h in sorted(region.hexes, key=label):
            if not state.enemy_at(h, side):
                out[label(h)] = (area, label(h))
        return out
    start = state.position.hex_of(uid)
    if start is None:
        return out
    paths: dict[Hex, tuple[Hex, ...]] = {}
    enemy, near = state.enemy_hexes(side)
    _normal(state, start, enemy, near, paths)
    if uid in state.road_ready:
        _road(state, start, enemy, near, paths)
    paths.pop(start, None)
    ends: dict[str, tuple[str, ...]] = {}
    for h, path in paths.items():
        ends[label(h)] = tuple(label(x) for x in path) if spell else ()
    if side == GERMAN:  # into an adjoining off-board area, at the end of a path that did not stop before
        road = uid in state.road_ready
        for h, path in [(start, (start,)), *sorted(paths.items(), key=lambda kv: label(kv[0]))]:
            if h != start and _stopped(state, path, side, road):
                continue
            for name in state.areas_next_to(h):
                ends.setdefault(name, (*(label(x) for x in path), name) if spell else ())
    return dict(sorted(ends.items()))


def _enterable(state: TABoard, a: Hex, b: Hex, enemy: frozenset[Hex]) -> bool:
    """`b` may be entered from `a`: on the map, not enemy-held (`enemy`: the enemy's hexes), not across an
    unbridged river hexside."""
    return b not in enemy and state.map.contains(b) and not state.river_blocks(a, b)


def _normal(state: TABoard, start: Hex, enemy: frozenset[Hex], near: frozenset[Hex],
            paths: dict[Hex, tuple[Hex, ...]]) -> None:
    """One or two hexes over open ground; one hex across an unbridged canal; stop in rough terrain or next
    to the enemy (`near`: the hexes next to it, board.enemy_hexes)."""
    around = state.game.around
    todo: deque[tuple[Hex, ...]] = deque([(start,)])
    while todo:
        path = todo.popleft()
        h = path[-1]
        for n in around(h):
            if n in path or not _enterable(state, h, n, enemy):
                continue
            canal = state.unbridged_canal(h, n)
            if canal and len(path) > 1:
                continue  # an unbridged canal is crossed only as a move of one hex
            new = (*path, n)
            if n not in paths or len(paths[n]) > len(new):
                paths[n] = new
            if canal or len(new) - 1 >= NORMAL_HEXES or n in near or state.rough(n):
                continue
            todo.append(new)


def _road(state: TABoard, start: Hex, enemy: frozenset[Hex], near: frozenset[Hex],
          paths: dict[Hex, tuple[Hex, ...]]) -> None:
    """Unlimited hexes along roads; a step off the road (by the normal crossing rules) ends the move, as does
    a hex next to the enemy."""
    around = state.game.around
    seen = {start}
    todo: deque[tuple[Hex, ...]] = deque([(start,)])
    while todo:
        path = todo.popleft()
        h = path[-1]
        for n in around(h):
            if n in path or not _enterable(state, h, n, enemy):
                continue
            new = (*path, n)
            if state.road_link(h, n) and state.on_road(n):
                paths.setdefault(n, new)
                if n in seen or n in near:
                    continue
                seen.add(n)
                todo.append(new)
            elif len(path) > 1 and not state.unbridged_canal(h, n):
                paths.setdefault(n, new)  # entering a non-road hex: stop


def _along_road(state: TABoard, path: tuple[Hex, ...]) -> bool:
    return all(state.road_link(a, b) for a, b in zip(path, path[1:], strict=False))


def _stopped(state: TABoard, path: tuple[Hex, ...], side: str, road: bool) -> bool:
    """The move along `path` had to stop in its last hex (`road`: the unit may use road movement)."""
    last = path[-1]
    if state.enemy_adjacent(last, side):
        return True
    if road and _along_road(state, path):
        return False
    if len(path) > 1 and state.unbridged_canal(path[-2], last):
        return True
    return state.rough(last) or len(path) - 1 >= NORMAL_HEXES
