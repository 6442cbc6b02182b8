"""The Storm over Arnhem family's `Game`: the fixed facts of a game
(`SoAGameBase`, game.py) joined with its initial state (`SoAState`, state.py);
the family's `game` entry in the registry (family.py)."""

from __future__ import annotations

from ..chance import Sampler, SeededSampler
from .game import SoAGameBase
from .state import SoAState


class SoAGame(SoAGameBase):
    """A game of The Crossing (registry.RULES_FAMILIES["storm_over_arnhem"].game)."""

    def new_initial_state(self, seed: int = 0, sampler: Sampler | None = None) -> SoAState:
        return SoAState(self, sampler or SeededSampler(seed), seed)
