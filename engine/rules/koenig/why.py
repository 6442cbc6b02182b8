"""Why one move is refused: the one rule that forbids it, with the hex and the figures a player sees
(002_fe1216aa5df94854.txt: 7.0-7.1 who may operate, 8.1 MP costs, 8.1.1 rivers and the map edge, 8.2
stacking, 8.3 enemy units stop a move, 8.4 / 8.4.1 Combined moves, 10.0 Close Combat, 14.1 Force March;
4.0 night Redeployment; Arnhem Bridge exclusive 7.0 the independent 16th, 12.0 the exit).

`move_refusal` reads a refused `move`, `cmove` or `redeploy` and answers with the first of: the unit
cannot operate now (not of the active formation, already operated, another unit's Operation in progress),
the unit's Operation does not take this kind of move, the hex is not a map hex or is full, an enemy hex in
a night Redeployment, no path at all (rivers, the map edge), every path runs through a full or an enemy hex,
or the cheapest path costs more MP than the move may spend (with the costs counted)."""

from __future__ import annotations

from typing import cast

from ...hexgrid import Hex
from ...movement.hooks import MovementHooks
from .actions import OFF, CombinedMove, FireAttack, MobileFire, MoveKind, Redeploy, UnitMove
from .board import ELIMINATED, EXITED, GERMAN, LOST, ON_MAP, PENDING, RETREATED_OFF, Doing, KoenigBoard, cite
from .combat import FULL, INDIRECT, MOBILE, fire_line
from .movement import CLOSE_COMBAT_COST, destinations, entry_destinations
from .moves import move_allowance

NO_LIMIT = 1000.0  # MP: a search this deep reaches every hex a path leads to

_GONE = {ELIMINATED: "is eliminated", EXITED: "has left the map", RETREATED_OFF: "retreated off the map and cannot "
         "re-enter play (Koenig 11.1)", LOST: "never arrived (Arnhem Bridge exclusive 4.0)"}


def _mp(x: float) -> str:
    return f"{x:g}"


def who_may_operate(state: KoenigBoard, uid: str) -> str | None:
    """Why `uid` may not conduct an Operation in this activation (7.0, 7.1; exclusive 7.0; 14.1); None if
    it may."""
    if uid not in state.sc.units:
        return f"there is no unit {uid}"
    status = state.status(uid)
    if status in _GONE:
        return f"{uid} {_GONE[status]}"
    if status not in (ON_MAP, PENDING):
        return f"{uid} has not arrived yet (Arnhem Bridge exclusive 8.5)"
    side = state.side_of(uid)
    if side != state.active_side:
        return (f"{uid} is a {state.side_name(side)} unit: only units of the Active formation "
                f"{state.active} may perform an Operation {cite('7.1')}")
    if uid in state.done:
        return f"{uid} has already conducted its Operation this turn {cite('7.0')}"
    if uid in state.reconstituted:
        return f"{uid} returned by Unit Recovery this turn and conducts no Operation until the next {cite('14.1')}"
    formation = state.formation_of(uid)
    if formation != state.active:
        if state.independent(uid):
            if uid in state.sixteen_used:
                return f"{uid} is independent and was already activated this turn {cite('exclusive 7.0')}"
            return None
        return (f"{uid} belongs to formation {formation}, whose HQ is not the one drawn: only units of the "
                f"Active formation {state.active} may perform an Operation {cite('7.1')}")
    return None


def _operation_kind(state: KoenigBoard, action: UnitMove) -> str | None:
    """Why this kind of move is not the unit's now (7.1 one unit at a time, 8.4 / 8.4.1 Combined)."""
    uid = action.unit
    busy = [u for u in state.in_progress if u != uid]
    if busy:
        return f"{busy[0]} must complete its Operation before {uid} undertakes its own {cite('7.1')}"
    doing = state.in_progress.get(uid)
    if doing == Doing.MOVED:
        return (f"{uid} has made the move of its Combined Operation; it may fire (Mobile Fire) but not move "
                f"again {cite('8.4.1')}")
    if doing == Doing.FIRED and not isinstance(action, CombinedMove):
        return f"{uid} made its Mobile Fire: its Combined Operation moves at half its MA (cmove) {cite('8.4')}"
    if action.march and not (state.option("leadership") and state.leader == state.active_side):
        return f"a Force March needs the Leadership marker {cite('14.1')}"
    return None


def move_refusal(state: KoenigBoard, action: UnitMove) -> str | None:
    """The one rule that forbids `action` (a Movement, Combined or night Redeployment move) here, with the
    hex and the MP figures; None if no reason is found (the caller falls back on its general refusal)."""
    uid = action.unit
    night = isinstance(action, Redeploy)
    if night:
        if uid not in state.sc.units or state.side_of(uid) != GERMAN:
            return f"only the German player redeploys on a night turn {cite('4.0')}"
        if uid in state.redeployed:
            return f"{uid} has already redeployed this night {cite('4.0')}"
        h = state.position.hex_of(uid)
        if h is not None and not state.game.near(h).isdisjoint(state.enemy_hexes(GERMAN)):
            return f"{uid} is adjacent to an enemy unit: only units not adjacent to enemy units redeploy {cite('4.0')}"
    else:
        why = who_may_operate(state, uid) or _operation_kind(state, action)
        if why:
            return why
    if action.dest == OFF:
        if uid not in state.exit_units():
            return (f"{uid} may not leave the map: only the Recon/9th exits, off the bottom edge "
                    f"{cite('exclusive 12.0')}")
        return (f"{uid} cannot reach a road hex of the bottom edge with 1 MP left to exit "
                f"{cite('exclusive 12.0')}")
    dest = state.map.hex_at(action.dest)
    if dest is None:
        return f"{action.dest} is not a hex of the map: units do not move off the map {cite('8.1.1')}"
    here = state.position.hex_of(uid)
    if here == dest:
        return f"{uid} is already in {action.dest}"
    there = state.units_at(dest)
    limit = state.sc.stacking_limit or 2
    if len(there) >= limit:
        return (f"{action.dest} already holds {' and '.join(there)}: at most {limit} units per hex, both players' "
                f"counted together, at all times {cite('8.2')}")
    side = state.side_of(uid)
    enemy = [u for u in there if state.side_of(u) != side]
    if enemy and night:
        return f"{action.dest} holds {', '.join(enemy)}: a night Redeployment never enters an enemy hex {cite('4.0')}"
    allowance = move_allowance(state, uid, cast(MoveKind, type(action)), action.march)
    hooks = state.hooks(side, close_combat=not night)
    cost = _cheapest(state, uid, dest, hooks)
    if cost is None:
        if _cheapest(state, uid, dest, MovementHooks()) is None:
            return (f"{uid} has no path to {action.dest}: River hexsides are crossed only at bridges and units do not "
                    f"move off the map {cite('8.1.1')}")
        return (f"every path of {uid} to {action.dest} runs through a hex holding two units {cite('8.2')} or an enemy "
                f"unit, where a moving unit must stop {cite('8.3')}")
    if cost > allowance + 1e-9:
        extra = (f" with the +{CLOSE_COMBAT_COST} MP to enter an enemy hex for Close Combat {cite('10.0')}"
                 if enemy else "")
        return (f"{uid} cannot reach {action.dest}: the cheapest path costs {_mp(cost)} MP{extra} and this move may "
                f"spend {_mp(allowance)} MP ({_allowance_words(state, action)}) {cite('8.1')}")
    return None


def _allowance_words(state: KoenigBoard, action: UnitMove) -> str:
    """Where the move's MP come from: "MA 6", "half of MA 6 in a Combined Operation (8.4)", ..."""
    uid = action.unit
    ma = state.allowance(uid)
    if state.in_progress.get(uid) == Doing.OVERRUN:
        return f"the MP left to its Overrun {cite('14.5')}"
    if isinstance(action, Redeploy):
        return f"half of MA {ma} on a night turn {cite('4.0')}"
    if isinstance(action, CombinedMove):
        if action.march or uid in state.march_combined:
            return f"MA {ma}: a Combined move under Force March {cite('14.1')}"
        return f"half of MA {ma} in a Combined Operation {cite('8.4')}"
    return f"MA {ma}, doubled by Force March {cite('14.1')}" if action.march else f"MA {ma}"


def _cheapest(state: KoenigBoard, uid: str, dest: Hex, hooks: MovementHooks) -> float | None:
    """The MP of the cheapest path of `uid` to `dest` however far (None: no path), entering from its entry
    hexes if it is a reinforcement still off the map (exclusive 8.5, 8.3.1)."""
    graph = state.game.graph
    if state.status(uid) == PENDING:
        got = entry_destinations(graph, state.entry_hexes(uid), NO_LIMIT, hooks, state.occupants(),
                                 state.game.side_of, state.side_of(uid))
    else:
        here = state.position.hex_of(uid)
        if here is None:
            return None
        got = destinations(graph, here, NO_LIMIT, hooks)
    return got.get(dest)


def fire_refusal(state: KoenigBoard, action: FireAttack) -> str | None:
    """The one rule that forbids a Full Fire (9.0) or Mobile Fire (8.4) of `action.units` at `action.target`
    now (7.0-7.1.1, 8.3.1, 8.4.1, 9.0, 9.1, 14.3, exclusive 8.5); None if no reason is found."""
    mobile = isinstance(action, MobileFire)
    target = state.map.hex_at(action.target)
    if target is None:
        return f"{action.target} is not a hex of the map"
    side = state.active_side
    enemy = [u for u in state.units_at(target) if state.side_of(u) != side]
    if not enemy:
        return f"{action.target} holds no enemy unit to fire at {cite('9.0')}"
    busy = [u for u in state.in_progress if u not in action.units]
    if busy:
        return f"{busy[0]} must complete its Operation before another unit fires {cite('7.1')}"
    for uid in action.units:
        why = who_may_operate(state, uid)
        if why:
            return why
        if state.status(uid) == PENDING:
            return (f"{uid} is still off the map: a reinforcement cannot conduct a Full or Mobile Fire Attack from "
                    f"off the map {cite('8.3.1')}")
        doing = state.in_progress.get(uid)
        if doing == Doing.FIRED:
            return f"{uid} has made its Mobile Fire: its Combined Operation may still move, not fire again " \
                   f"{cite('8.4.1')}"
        if doing is not None and not mobile:
            return f"{uid} is in the middle of its Combined Operation: its fire is a Mobile Fire (mfire), not Full " \
                   f"Fire {cite('8.4, 7.1.1')}"
        here = state.position.hex_of(uid)
        assert here is not None
        line = fire_line(state.map, here, target, FULL if not mobile else MOBILE)
        if not line.allowed:
            indirect = (not mobile and state.option("indirect_fire") and state.heavy_weapons(uid)
                        and fire_line(state.map, here, target, INDIRECT, True, True).allowed)
            if not indirect:
                return f"{uid} in {state.map.label(here)} cannot fire at {action.target}: {line.reason}"
    return None


__all__ = ["fire_refusal", "move_refusal", "who_may_operate"]
