"""The shape of every Target Arnhem step (001_69d92a61f68ed4f9.txt): the stage of the Sequence of Play it
belongs to (the Adjustment or a side's impulse 1, 2 or 3) and the explanation of a refused action, naming
the rule it breaks."""

from __future__ import annotations

from typing import TypeVar

from ..kit import Decision, VerbStep
from ..protocol import Action, Phase
from .board import TABoard, cite

D = TypeVar("D", bound=Decision)
SEQUENCE_RULE = "Target Arnhem: Sequence of Play"


def stage_phase(state: TABoard) -> Phase:
    """The stage the state is in, as a `Phase`: "Adjustment" or "Impulse 2" with its side (made once a game
    for each turn and stage: the history records one with every action)."""
    key = state.turn * 8 + state.stage
    got = state.game.phases.get(key)
    if got is None:
        n = state.impulse()
        if n == 0:
            got = Phase("Adjustment", "Target Arnhem: Adjustment", state.turn, "")
        else:
            got = Phase(f"Impulse {n}", f"Target Arnhem: Impulse {n}", state.turn, state.impulse_side())
        state.game.phases[key] = got
    return got


class TAStep(VerbStep[TABoard, D]):
    """A step of the Target Arnhem sequence of play; it refuses by verb (the kit's `VerbStep`), citing the
    Sequence of Play for an action of a kind it does not take."""

    def phase(self, state: TABoard, d: D) -> Phase:
        return stage_phase(state)

    def refuse_verb(self, state: TABoard, d: D, action: Action, verbs: list[str]) -> str:
        return f"{super().refuse_verb(state, d, action, verbs)} {cite('Sequence of Play')}"
