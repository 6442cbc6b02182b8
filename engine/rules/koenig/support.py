"""Support Phase (Koenig 6.0, 002_fe1216aa5df94854.txt), day turns only: with optional rule 14.1 the
Leadership roll-off first (German, then Allied: two or more higher takes the marker); then the German
player rolls for Artillery Points (6.1) and the Allied player for Allied Support Points (6.2); with
optional rule 14.2 the Allied player may then trade up to three support points (or the Leadership marker)
for Interdiction markers."""

from __future__ import annotations

from dataclasses import dataclass

from ..kit import Decision, Task
from ..protocol import CHANCE, Action
from .actions import Done, Interdict
from .board import ALLIED, GERMAN, KoenigBoard, cite
from .refusal import DieRollStep, KoenigStep
from .tables import support_points

MAX_INTERDICTION = 3  # 14.2


@dataclass(frozen=True)
class LeadershipRollOff(Decision):
    """14.1: the German roll (german == 0), then the Allied roll."""

    german: int = 0


@dataclass(frozen=True)
class SupportRoll(Decision):
    """6.1 / 6.2: the roll of `side` for its points this turn."""

    side: str = GERMAN


@dataclass(frozen=True)
class Interdiction(Decision):
    """14.2: the Allied player places Interdiction markers (three at most)."""


@dataclass(frozen=True)
class SupportPhase(Task):
    """6.0: no points carry over; the roll-off (14.1), then the two support rolls."""

    def run(self, state: KoenigBoard) -> None:
        state.points = {ALLIED: 0, GERMAN: 0}
        state.ask(LeadershipRollOff(CHANCE) if state.option("leadership") else SupportRoll(CHANCE, GERMAN))


class RollOffStep(DieRollStep[LeadershipRollOff]):
    decision = LeadershipRollOff
    rule = "Koenig 14.1"
    name = "Leadership roll-off"
    phase_name = "Support Phase: Leadership roll-off"
    section = "14.1"

    def apply(self, state: KoenigBoard, d: LeadershipRollOff, action: Action) -> None:
        die = self.die(action)
        if not d.german:
            state.note(f"Leadership roll-off: {state.side_name(GERMAN)} rolls {die} {cite('14.1')}")
            state.ask(LeadershipRollOff(CHANCE, die))
            return
        if d.german - die >= 2:
            state.leader = GERMAN
        elif die - d.german >= 2:
            state.leader = ALLIED
        who = f"{state.side_name(state.leader)} takes" if state.leader else "nobody takes"
        state.note(f"Leadership roll-off: {state.side_name(ALLIED)} rolls {die}: {who} the Leadership marker "
                   f"{cite('14.1')}")
        state.ask(SupportRoll(CHANCE, GERMAN))


class SupportRollStep(DieRollStep[SupportRoll]):
    decision = SupportRoll
    rule = "Koenig 6.0"
    name = "support roll"
    phase_name = "Support Phase"
    section = "6.0"

    def apply(self, state: KoenigBoard, d: SupportRoll, action: Action) -> None:
        die = self.die(action)
        state.points[d.side] = support_points(state.sc, d.side, die)
        kind, section = ("Artillery Points", "6.1") if d.side == GERMAN else ("Allied Support Points", "6.2")
        state.note(f"{state.side_name(d.side)} rolls {die} for {kind}: {state.points[d.side]} {cite(section)}")
        if d.side == GERMAN:
            state.ask(SupportRoll(CHANCE, ALLIED))
        elif state.option("interdiction"):
            state.ask(Interdiction(ALLIED))


class InterdictionStep(KoenigStep[Interdiction]):
    decision = Interdiction
    rule = "Koenig 14.2"
    name = "place Interdiction markers"
    phase_name = "Support Phase: Interdiction"
    section = "14.2"
    why = {"interdict": "up to three Interdiction markers for Allied Support points or the Leadership marker, "
                        f"one per hex {cite('14.2')}"}

    def explain(self, state: KoenigBoard, d: Interdiction, action: Action) -> str:
        """A refused `interdict`: the one reason, with the hex and the points left (14.2)."""
        if isinstance(action, Interdict):
            why = interdict_refusal(state, action)
            if why:
                return f"{action.text()}: {why}"
        return super().explain(state, d, action)

    def legal(self, state: KoenigBoard, d: Interdiction) -> list[Action]:
        out: list[Action] = [Done()]
        taken = set(state.interdicted)
        points, lead = state.points[ALLIED] > 0, state.leader == ALLIED
        for h in state.map.hexes:
            if h in taken:
                continue
            lab = state.map.label(h)
            if points:
                out.append(Interdict(lab))
            if lead:
                out.append(Interdict(lab, True))
        return out

    def apply(self, state: KoenigBoard, d: Interdiction, action: Action) -> None:
        if not isinstance(action, Interdict):
            return
        h = state.map.hex_at(action.hex)
        assert h is not None
        state.interdicted.append(h)
        if action.lead:
            state.leader = ""
        else:
            state.points[ALLIED] -= 1
        how = " with the Leadership marker" if action.lead else ""
        state.note(f"Interdiction marker on {action.hex}{how} {cite('14.2')}")
        if len(state.interdicted) < MAX_INTERDICTION:
            state.ask(Interdiction(ALLIED))


def interdict_refusal(state: KoenigBoard, action: Interdict) -> str:
    """Why the Allied player may not place this Interdiction marker (14.2), the first of: no such hex on the
    map, a marker already there (no more than one per hex), the Leadership marker not the Allied player's,
    no Allied Support point left to trade; "" when none of these forbids it."""
    h = state.map.hex_at(action.hex)
    if h is None:
        return f"there is no hex {action.hex} on the map {cite('14.2')}"
    if h in state.interdicted:
        return f"{action.hex} already has an Interdiction marker: no more than one per hex {cite('14.2')}"
    if action.lead and state.leader != ALLIED:
        holder = f"{state.side_name(state.leader)} holds it" if state.leader else "nobody holds it this turn"
        return f"trading the Leadership marker needs it in the Allied player's possession; {holder} {cite('14.2')}"
    if not action.lead and state.points[ALLIED] <= 0:
        how = " (the Leadership marker may still be traded)" if state.leader == ALLIED else ""
        return f"the {state.side_name(ALLIED)} player has no Allied Support Point left to trade{how} {cite('14.2')}"
    return ""
