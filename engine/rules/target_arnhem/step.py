"""The shape of every Target Arnhem step (001_69d92a61f68ed4f9.txt): the stage of the Sequence of Play it
belongs to (the Adjustment or a side's impulse 1, 2 or 3) and the explanation of a refused action, naming
the rule it breaks."""

from __future__ import annotations

from typing import ClassVar, TypeVar

from ..kit import Decision, Step
from ..protocol import Action, Phase
from .actions import verb_of
from .board import TABoard, cite

D = TypeVar("D", bound=Decision)
SEQUENCE_RULE = "Target Arnhem: Sequence of Play"


def stage_phase(state: TABoard) -> Phase:
    """The stage the state is in, as a `Phase`: "Adjustment" or "Impulse 2" with its side."""
    n = state.impulse()
    if n == 0:
        return Phase("Adjustment", "Target Arnhem: Adjustment", state.turn, "")
    return Phase(f"Impulse {n}", f"Target Arnhem: Impulse {n}", state.turn, state.impulse_side())


class TAStep(Step[TABoard, D]):
    """A step of the Target Arnhem sequence of play. `why` gives, by verb, why such an action may be refused
    here with its rule; an action of a kind the step does not take is refused with the kinds it does take."""

    why: ClassVar[dict[str, str]] = {}

    def phase(self, state: TABoard, d: D) -> Phase:
        return stage_phase(state)

    def explain(self, state: TABoard, d: D, action: Action) -> str:
        verbs = sorted({verb_of(a) for a in state.legal_actions()})
        verb = verb_of(action)
        if verb not in verbs:
            return (f"{action.text()} is not legal now: {state.side_name(d.player)} must decide: {self.name} "
                    f"({self.rule}); legal here: {', '.join(verbs)} {cite('Sequence of Play')}")
        why = self.why.get(verb, f"not allowed here ({self.rule})")
        return f"{action.text()}: {why}"
