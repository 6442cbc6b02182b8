"""Paratroop Landing Phase (Koenig 5.0; Arnhem Bridge exclusive 4.0 and 8.5, 002_fe1216aa5df94854.txt):
the turn's reinforcements become available (PENDING: they may enter this turn, 8.5); each Allied airborne
reinforcement rolls on the Paratroop Landing Table (tables.py): it arrives intact, with one or two Hits, or
never arrives (LOST). The Game Turn 1 units do not roll (exclusive 8.5)."""

from __future__ import annotations

from dataclasses import dataclass

from ..kit import Decision, Task
from ..protocol import CHANCE, Action
from .board import LOST, PENDING, WAITING, KoenigBoard
from .refusal import DieRollStep
from .tables import landing_result

LANDING = "(Koenig 5.0; Arnhem Bridge exclusive 4.0)"


@dataclass(frozen=True)
class LandingRoll(Decision):
    """The landing roll of `unit`; `then` are the airborne units still to roll, in order."""

    unit: str = ""
    then: tuple[str, ...] = ()


@dataclass(frozen=True)
class LandingPhase(Task):
    """5.0: arriving units become available; the airborne ones roll to land."""

    def run(self, state: KoenigBoard) -> None:
        airborne: list[str] = []
        for rf in state.sc.reinforcements:
            if rf.turn != state.turn:
                continue
            for uid in rf.units:
                if state.status(uid) != WAITING:
                    continue
                state.position.set_status(uid, PENDING)
                if rf.airborne:
                    airborne.append(uid)
        if airborne:
            state.ask(LandingRoll(CHANCE, airborne[0], tuple(airborne[1:])))


class LandingStep(DieRollStep[LandingRoll]):
    decision = LandingRoll
    rule = "Koenig 5.0"
    name = "Paratroop Landing roll"
    phase_name = "Paratroop Landing Phase"
    section = "5.0"

    def apply(self, state: KoenigBoard, d: LandingRoll, action: Action) -> None:
        die = self.die(action)
        res = landing_result(state.sc, die)
        if not res.arrives:
            state.position.set_status(d.unit, LOST)
            what = "never arrives"
        else:
            state.position.set_steps_lost(d.unit, res.hits)
            what = "arrives intact" if res.hits == 0 else f"arrives with {res.hits} Hit{'s' if res.hits > 1 else ''}"
        state.note(f"Paratroop Landing for {d.unit}: roll {die}: {what} {LANDING}")
        if d.then:
            state.ask(LandingRoll(CHANCE, d.then[0], d.then[1:]))
