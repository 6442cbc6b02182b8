"""The shape of every step of The Crossing (003_6afad32bba8815b2.txt): the part of the turn it belongs to
and the explanation of a refused action, naming the rule it breaks."""

from __future__ import annotations

from typing import ClassVar, TypeVar

from ..kit import Decision, Step
from ..protocol import Action, Phase
from .actions import verb_of
from .board import SoABoard, cite

D = TypeVar("D", bound=Decision)


class SoAStep(Step[SoABoard, D]):
    """A step of the sequence of play. `why` gives, by verb, why such an action may be refused here."""

    why: ClassVar[dict[str, str]] = {}
    stage: ClassVar[str] = "Movement/Fire impulses"

    def phase(self, state: SoABoard, d: D) -> Phase:
        return Phase(self.stage, self.rule, state.track_turn(), d.player, state.label())

    def explain(self, state: SoABoard, d: D, action: Action) -> str:
        verbs = sorted({verb_of(a) for a in state.legal_actions()})
        verb = verb_of(action)
        if verb not in verbs:
            return (f"{action.text()} is not legal now: {state.side_name(d.player)} must decide: {self.name} "
                    f"({self.rule}); legal here: {', '.join(verbs)}")
        why = self.why.get(verb, f"not allowed here ({self.rule})")
        return f"{action.text()}: {why}"


__all__ = ["SoAStep", "cite"]
