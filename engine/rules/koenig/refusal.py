"""The shape of every Koenig step (002_fe1216aa5df94854.txt): the phase of the sequence of play it belongs to
(4.0) and the explanation of a refused action, naming the rule it breaks; the die-roll chance step.

A step lists, for each kind of action it takes, why such an action may be refused (`why`, by verb); an
action of a kind the step does not take is refused with the kinds it does take (4.0)."""

from __future__ import annotations

from fractions import Fraction
from typing import ClassVar, TypeVar

from ..kit import Decision, VerbStep, verb_of
from ..protocol import Action, Phase, Roll
from .actions import FireAttack, UnitMove
from .board import FireKind, KoenigBoard, cite
from .why import fire_refusal, move_refusal

D = TypeVar("D", bound=Decision)


class KoenigStep(VerbStep[KoenigBoard, D]):
    """A step of the Koenig sequence of play; it refuses by verb (the kit's `VerbStep`). `phase` and
    `section` name the phase and the rule of 4.0's sequence it belongs to; `operating` steps are those of
    an activation (the active side's phase)."""

    phase_name: ClassVar[str] = ""
    section: ClassVar[str] = "4.0"
    operating: ClassVar[bool] = False

    def phase(self, state: KoenigBoard, d: D) -> Phase:
        return state.phase_of(self.phase_name, f"Koenig {self.section}", state.active_side if self.operating else "")

    def refuse_verb(self, state: KoenigBoard, d: D, action: Action, verbs: list[str]) -> str:
        return f"{action.text()} is not legal in {self.phase(state, d)}; legal here: {', '.join(verbs)} {cite('4.0')}"

    def why_default(self, state: KoenigBoard, d: D) -> str:
        return f"not allowed here {cite('4.0')}"


class MovingStep(KoenigStep[D]):
    """A step that takes moves (`move`, `cmove`, `redeploy`) or fires (`fire`, `mfire`): a refused one names the
    one rule that forbids it, with the hex and the MP figures (why.py), before the step's general refusal by
    verb."""

    def explain(self, state: KoenigBoard, d: D, action: Action) -> str:
        if verb_of(action) in {verb_of(a) for a in state.legal_actions()} | set(self.takes):
            why = None
            if isinstance(action, UnitMove):
                why = move_refusal(state, action)
            elif isinstance(action, FireAttack):
                why = fire_refusal(state, action)
            if why:
                return f"{action.text()}: {why}"
        return super().explain(state, d, action)


class BattleStep(KoenigStep[D]):
    """A step of the battle in progress: its phase is the battle's (9.0 Fire Attack, 10.0 Close Combat)."""

    operating = True

    def phase(self, state: KoenigBoard, d: D) -> Phase:
        b = state.battle
        if b is None:
            return super().phase(state, d)
        close = b.kind == FireKind.CLOSE
        return state.phase_of(f"Operations Phase: {'Close Combat' if close else 'Fire Attack'} at "
                              f"{state.game.labels[b.target]}", "Koenig 10.0" if close else "Koenig 9.0",
                              state.active_side)


class DieRollStep(KoenigStep[D]):
    """A chance node: one die, each face 1/6."""

    FACES: ClassVar[list[tuple[Action, Fraction]]] = [(Roll(f), Fraction(1, 6)) for f in range(1, 7)]

    def outcomes(self, state: KoenigBoard, d: D) -> list[tuple[Action, Fraction]]:
        return list(self.FACES)

    def legal(self, state: KoenigBoard, d: D) -> list[Action]:
        return [a for a, _ in self.FACES]

    def explain(self, state: KoenigBoard, d: D, action: Action) -> str:
        return f"{action.text()} is not an outcome of this chance node in {self.phase(state, d)}"

    @staticmethod
    def die(action: Action) -> int:
        assert isinstance(action, Roll)
        return action.value
