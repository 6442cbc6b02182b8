"""Why one move is refused in a Target Arnhem impulse: the one rule that forbids it, with the hex and the
figures a player sees (001_69d92a61f68ed4f9.txt: Sequence of Play, Impulse 1-3, Movement).

`move_refusal` answers with the first of: the unit is the other side's, not in play, or has acted this
impulse (Impulse 1, 2: ONE of Move, Attack or Re-Supply; Impulse 3: only Mechanized units); the place is no
hex or area, is enemy-held, is across an unbridged river, is an off-board area a non-German unit or a closed
area P; then why the unit's move stops short of it (two hexes over open ground, road movement only from a
road with no enemy adjacent at the impulse's start, a stop in rough terrain or next to the enemy, an
unbridged canal crossed as a move of one hex)."""

from __future__ import annotations

from ...hexgrid import Hex, hex_distance
from .board import GERMAN, TABoard, cite
from .game import AREA_P
from .movement import NORMAL_HEXES


def acting_problem(state: TABoard, side: str, impulse: int, uid: str) -> str | None:
    """Why `uid` may not act in this impulse of `side` (Sequence of Play, Impulse 1-3); None if it may."""
    if uid not in state.game.side_of:
        return f"there is no unit {uid}"
    own = state.side_of(uid)
    if own != side:
        return (f"{uid} is a {state.side_name(own)} unit: in the {state.side_name(side)} impulse only "
                f"{state.side_name(side)} units act {cite('Sequence of Play')}")
    if not state.in_play(uid):
        return f"{uid} is not in play ({state.status(uid)})"
    if uid in state.acted:
        return (f"{uid} has already acted this impulse: each unit can do ONE of Move, Attack or Re-Supply "
                f"{cite(f'Impulse {impulse}')}")
    if impulse >= 3 and not state.mechanized(uid):
        return f"{uid} is not mechanized: in impulse 3 only Mechanized units can act again {cite('Impulse 3')}"
    return None


def move_refusal(state: TABoard, side: str, impulse: int, uid: str, dest: str) -> str | None:
    """The one rule that forbids moving `uid` to `dest` (a hex label or an off-board area) now; None if
    no reason is found."""
    why = acting_problem(state, side, impulse, uid)
    if why:
        return why
    area = state.area.get(uid)
    if dest in state.game.areas:
        return _area_refusal(state, uid, dest, area)
    h = state.map.hex_at(dest)
    if h is None:
        return f"{dest} is neither a hex of the map nor an off-board area {cite('Movement')}"
    if state.enemy_at(h, side):
        return (f"{dest} holds {', '.join(state.units_at(h))}: you can never share a hex with an enemy unit "
                f"{cite('Movement')}")
    if area is not None:
        return (f"{uid} is in off-board area {area}: it moves to one hex adjoining it ("
                f"{', '.join(sorted(state.map.label(x) for x in state.game.areas[area].hexes))}) and stops "
                f"{cite('Movement')}")
    start = state.position.hex_of(uid)
    assert start is not None
    if start == h:
        return f"{uid} is already in {dest}"
    return _short_of(state, uid, side, start, h, dest)


def _area_refusal(state: TABoard, uid: str, dest: str, area: str | None) -> str:
    if state.side_of(uid) != GERMAN:
        return f"only German units can enter an off-board area {cite('Movement')}"
    if state.area_closed(dest):
        return f"beginning on turn 4 no units may enter area {AREA_P} {cite('Movement')}"
    if area is not None:
        if area == dest:
            return f"{uid} is already in off-board area {dest}"
        return f"off-board area {dest} does not adjoin area {area}: an off-board unit moves to 1 adjoining area " \
               f"{cite('Movement')}"
    here = state.position.hex_of(uid)
    hexes = state.game.areas[dest].hexes
    if here in hexes:
        return f"{uid} cannot enter off-board area {dest} now: its move stopped before {cite('Movement')}"
    return (f"{uid} cannot reach a hex adjoining off-board area {dest} "
            f"({', '.join(sorted(state.map.label(x) for x in hexes))}) this impulse and enter it {cite('Movement')}")


def _short_of(state: TABoard, uid: str, side: str, start: Hex, h: Hex, dest: str) -> str:
    """Why the unit's move from `start` cannot end in `h` (a hex it may share)."""
    label = state.map.label
    if hex_distance(start, h) == 1:
        if state.river_blocks(start, h):
            return f"{uid} cannot cross the river into {dest}: you can never cross a river without a bridge " \
                   f"{cite('Movement')}"
        return f"{uid} cannot move to {dest} {cite('Movement')}"
    distance = hex_distance(start, h)
    if distance == NORMAL_HEXES:
        closed: list[str] = []  # why each hex between is no way through
        for n in state.game.around(start):
            if hex_distance(n, h) != 1 or not state.map.contains(n):
                continue
            if state.enemy_at(n, side):
                closed.append(f"{label(n)} is enemy-held: you can never share a hex with an enemy unit")
                continue
            if state.river_blocks(start, n) or state.river_blocks(n, h):
                closed.append(f"the way by {label(n)} crosses a river without a bridge")
                continue
            if state.unbridged_canal(start, n) or state.unbridged_canal(n, h):
                return (f"{uid} cannot reach {dest}: an unbridged canal is crossed only as a move of 1 hex "
                        f"{cite('Movement')}")
            if state.rough(n):
                return (f"{uid} cannot reach {dest}: it must stop on entering {label(n)}, rough terrain "
                        f"{cite('Movement')}")
            if state.enemy_adjacent(n, side):
                return (f"{uid} cannot reach {dest}: it must stop on entering {label(n)}, next to an enemy unit "
                        f"{cite('Movement')}")
        return f"{uid} cannot reach {dest}: {'; '.join(closed) or 'no way leads there'} {cite('Movement')}"
    head = f"{uid} cannot reach {dest}, {distance} hexes away"
    if uid in state.road_ready:
        return (f"{head}: no road leads there without a stop (a non-road hex, or one next to an enemy unit, ends a "
                f"road move) {cite('Movement')}")
    here = state.position.hex_of(uid)
    began = "off the road" if here is not None and not state.on_road(here) else "next to an enemy unit"
    return (f"{head}: units move 2 hexes over open ground, and {uid} began the impulse {began}, so it has no road "
            f"movement {cite('Movement')}")


def attack_refusal(state: TABoard, side: str, impulse: int, target: str) -> str | None:
    """The one rule that forbids declaring an attack on `target` now (Attack; Impulse 1-3); None if none."""
    h = state.map.hex_at(target)
    if h is None:
        return f"{target} is not a hex of the map: attacks are only ever with adjacent on-board units {cite('Attack')}"
    if not state.enemy_at(h, side):
        return f"{target} holds no enemy unit to attack {cite('Attack')}"
    adjacent = [u for n in state.game.around(h) for u in state.units_at(n) if state.side_of(u) == side]
    if not adjacent:
        return f"no {state.side_name(side)} unit is adjacent to {target}: attacks are only ever with adjacent " \
               f"on-board units {cite('Attack')}"
    ready = [u for u in adjacent if acting_problem(state, side, impulse, u) is None]
    if not ready:
        return (f"every unit adjacent to {target} ({', '.join(adjacent)}) has acted this impulse or may not act in "
                f"it {cite(f'Impulse {impulse}')}")
    if all(state.river_blocks(state.position.hex_of(u) or h, h) for u in ready):
        return f"{', '.join(ready)} would attack {target} across an unbridged river hexside, which is never " \
               f"allowed {cite('Attack')}"
    return None


__all__ = ["acting_problem", "attack_refusal", "move_refusal"]
