"""The Target Arnhem family's `Game`: the fixed facts of a game
(`TAGameBase`, game.py) joined with its initial state (`TAState`, state.py);
the family's `game` entry in the registry (family.py)."""

from __future__ import annotations

from ..chance import Sampler, SeededSampler
from .game import TAGameBase
from .state import TAState


class TAGame(TAGameBase):
    """A Target Arnhem game of one scenario (registry.RULES_FAMILIES["target_arnhem"].game): its fixed facts
    (TAGameBase, game.py) and its initial state (TAState, state.py)."""

    def new_initial_state(self, seed: int = 0, sampler: Sampler | None = None) -> TAState:
        return TAState(self, sampler or SeededSampler(seed), seed)
