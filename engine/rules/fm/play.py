"""The Fire & Movement family's `Game`: the fixed facts of a game
(`FMGameBase`, game.py) joined with its initial state (`FMState`, state.py);
the family's `game` entry in the registry (family.py)."""

from __future__ import annotations

from ..chance import Sampler, SeededSampler
from .game import FMGameBase
from .state import FMState


class FMGame(FMGameBase):
    """A Fire & Movement game of one scenario (registry.RULES_FAMILIES["fm"].game): its fixed facts
    (FMGameBase, game.py) and its initial state (FMState, state.py)."""

    def new_initial_state(self, seed: int = 0, sampler: Sampler | None = None) -> FMState:
        return FMState(self, seed, sampler or SeededSampler(seed))
