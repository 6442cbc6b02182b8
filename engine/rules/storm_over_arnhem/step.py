"""The shape of every step of The Crossing (003_6afad32bba8815b2.txt): the part of the turn it belongs to
and the explanation of a refused action, naming the rule it breaks."""

from __future__ import annotations

from typing import ClassVar, TypeVar

from ..kit import Decision, VerbStep
from ..protocol import Phase
from .board import SoABoard, cite

D = TypeVar("D", bound=Decision)


class SoAStep(VerbStep[SoABoard, D]):
    """A step of the sequence of play; it refuses by verb (the kit's `VerbStep`)."""

    stage: ClassVar[str] = "Movement/Fire impulses"

    def phase(self, state: SoABoard, d: D) -> Phase:
        return Phase(self.stage, self.rule, state.track_turn(), d.player, state.label())


__all__ = ["SoAStep", "cite"]
