"""Retreats (Koenig 9.2.3, 10.0, 11.0-11.2, 002_fe1216aa5df94854.txt): after the Hits of a Fire Attack each hit
unit may retreat (the defender's first); in Close Combat a hit unit must retreat, an undamaged attacker may
take a second Hit instead to hold the hex (11.2 Capture!), and after a round in which both Close Fires missed
either side may retreat, the defender first (10.0). A retreat goes into an adjacent hex free of enemy units,
within the stacking limit (8.2), not across a River except by a bridge (8.1.1), or off the map from an edge
hex (11.1: the unit is out of play but not eliminated); a unit that must retreat and cannot is eliminated.
With optional rule 14.1 the holder of the Leadership marker may ignore a Close Combat retreat."""

from __future__ import annotations

from dataclasses import dataclass

from ...hexgrid import hex_distance, hex_neighbor
from ..kit import Decision
from ..protocol import Action
from .actions import OFF, Capture, LeadHold, Retreat, Stay
from .board import ELIMINATED, RETREATED_OFF, Battle, FireKind, KoenigBoard, cite
from .refusal import BattleStep


@dataclass(frozen=True)
class RetreatChoice(Decision):
    """The retreat decision of `unit` (the first of the battle's retreat queue)."""

    unit: str = ""
    must: bool = False
    capture: bool = False


def retreat_hexes(state: KoenigBoard, uid: str) -> list[str]:
    """Where `uid` may retreat (11.0, 11.1): adjacent hexes free of enemy units and below the stacking limit,
    not across a River except by a bridge (8.1.1), in label order; "off" from an edge hex."""
    here = state.position.hex_of(uid)
    assert here is not None
    side = state.side_of(uid)
    occ = state.occupants()
    limit = state.sc.stacking_limit or 2
    out = []
    off = False
    for d in range(6):
        n = hex_neighbor(here, d)
        if not state.map.contains(n):
            off = True
            continue
        if state.game.graph.cost(here, n) is None:
            continue
        there = occ.get(n, ())
        if any(state.side_of(x) != side for x in there) or len(there) >= limit:
            continue
        out.append(state.map.label(n))
    out.sort()
    if off:
        out.append(OFF)
    return out


def retreat_problem(state: KoenigBoard, uid: str, dest: str) -> str | None:
    """The one reason `uid` may not retreat to `dest` (11.0, 11.1, 8.1.1, 8.2); None if none is found."""
    here = state.position.hex_of(uid)
    if here is None:
        return None
    if dest == OFF:
        return f"{uid} is not on a map edge: only a unit on the edge retreats off the map {cite('11.1')}"
    h = state.map.hex_at(dest)
    if h is None:
        return f"{dest} is not a hex of the map"
    if hex_distance(here, h) != 1:
        return f"{dest} is not adjacent to {state.map.label(here)}: a retreat goes into an adjacent hex {cite('11.0')}"
    there = state.units_at(h)
    enemy = [u for u in there if state.side_of(u) != state.side_of(uid)]
    if enemy:
        return f"{dest} holds {', '.join(enemy)}: a retreat goes into a hex not occupied by enemy units {cite('11.0')}"
    limit = state.sc.stacking_limit or 2
    if len(there) >= limit:
        return f"{dest} already holds {' and '.join(there)}: at most {limit} units per hex {cite('11.0, 8.2')}"
    if state.game.graph.cost(here, h) is None:
        return f"{uid} cannot retreat across the River hexside into {dest} (no bridge) {cite('8.1.1')}"
    return None


def forced_back(b: Battle, uid: str) -> bool:
    """A reinforcement that entered its blocked entry hex for Close Combat (8.3.1): a retreat takes it off the
    map and it never arrives (8.3.1, 11.1)."""
    return b.kind == FireKind.CLOSE and b.entering and uid in b.firers


def retreat_options(state: KoenigBoard, b: Battle, uid: str) -> list[str]:
    """Where `uid` may retreat in battle `b`: only off the map for a reinforcement forced back from its entry
    hex (8.3.1, 11.1), else `retreat_hexes`."""
    return [OFF] if forced_back(b, uid) else retreat_hexes(state, uid)


def contested(state: KoenigBoard, b: Battle) -> bool:
    """Both sides of a Close Combat are still in its hex (10.0)."""
    here = state.units_at(b.target)
    return any(x in b.firers for x in here) and any(x in b.defenders for x in here)


def _may_hold(state: KoenigBoard, b: Battle, uid: str) -> bool:
    return b.kind == FireKind.CLOSE and state.option("leadership") and state.leader == state.side_of(uid)


def _gone(state: KoenigBoard, b: Battle, uid: str) -> None:
    """Off the board after a retreat: a reinforcement forced back from its entry hex never arrives (8.3.1,
    11.1); any other unit that retreats off the map is out of play, not eliminated (11.1)."""
    state.position.remove(uid, RETREATED_OFF)
    if forced_back(b, uid):
        state.note(f"{uid} is forced back from its entry hex: it never arrives, and is not eliminated "
                   f"{cite('8.3.1, 11.1')}")
    else:
        state.note(f"{uid} retreats off the map: it is not eliminated {cite('11.1')}")


def ask_retreats(state: KoenigBoard) -> None:
    """The next retreat decision of the battle, or none when every retreat is settled: units gone need
    none; in Close Combat a unit whose enemy already left need not choose; a unit that must retreat and
    cannot (and may neither capture nor hold) is eliminated (11.0)."""
    b = state.battle
    assert b is not None
    while b.retreat_queue:
        due = b.retreat_queue[0]
        uid = due.unit
        if not state.on_map(uid) or (b.kind == FireKind.CLOSE and not due.must and not contested(state, b)):
            b.retreat_queue.pop(0)
            continue
        if due.must and not due.capture and not retreat_options(state, b, uid) and not _may_hold(state, b, uid):
            b.retreat_queue.pop(0)
            state.position.remove(uid, ELIMINATED)
            state.note(f"{uid} cannot retreat and is eliminated {cite('11.0')}")
            continue
        state.ask(RetreatChoice(state.side_of(uid), uid, due.must, due.capture))
        return


class RetreatStep(BattleStep[RetreatChoice]):
    decision = RetreatChoice
    rule = "Koenig 11.0"
    name = "retreat"
    why = {
        "retreat": f"not a retreat open to this unit {cite('11.0')}",
        "stay": f"a unit hit in Close Combat must retreat {cite('9.2.3, 10.0')}",
        "capture": "only an undamaged attacker after a Close Fire Exchange may take a second Hit to hold "
                   f"{cite('11.2')}",
        "lead-hold": f"ignoring a Close Combat retreat needs the Leadership marker {cite('14.1')}",
    }

    def explain(self, state: KoenigBoard, d: RetreatChoice, action: Action) -> str:
        b = state.battle
        if isinstance(action, Retreat) and b is not None and forced_back(b, d.unit) and action.dest != OFF:
            return (f"{action.text()}: {d.unit} entered its blocked entry hex from off the map; forced to retreat, it "
                    f"leaves the map and never arrives (retreat {d.unit} off) {cite('8.3.1, 11.1')}")
        if isinstance(action, Retreat) and action.unit == d.unit:
            why = retreat_problem(state, d.unit, action.dest)
            if why:
                return f"{action.text()}: {why}"
        return super().explain(state, d, action)

    def legal(self, state: KoenigBoard, d: RetreatChoice) -> list[Action]:
        b = state.battle
        assert b is not None
        uid = d.unit
        out: list[Action] = [Retreat(uid, h) for h in retreat_options(state, b, uid)]
        if not d.must:
            out.append(Stay(uid))
        if d.capture:
            out.append(Capture(uid))
        if d.must and _may_hold(state, b, uid):
            out.append(LeadHold(uid))
        return out

    def apply(self, state: KoenigBoard, d: RetreatChoice, action: Action) -> None:
        b = state.battle
        assert b is not None
        b.retreat_queue.pop(0)
        uid = d.unit
        if isinstance(action, Retreat):
            if action.dest == OFF:
                _gone(state, b, uid)
            else:
                h = state.map.hex_at(action.dest)
                assert h is not None
                state.position.place(uid, h)
                state.note(f"{uid} retreats to {action.dest} {cite('11.0')}")
        elif isinstance(action, Capture):
            state.note(f"Capture!: {uid} takes a second Hit to hold the hex {cite('11.2')}")
            state.take_hit(uid)
        elif isinstance(action, LeadHold):
            state.leader = ""
            state.note(f"{uid} ignores the retreat with the Leadership marker {cite('14.1')}")
        elif b.kind == FireKind.CLOSE:
            state.note(f"{uid} stays {cite('10.0')}")
        ask_retreats(state)
