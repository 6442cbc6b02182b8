"""Paul Koenig's Market-Garden family's `Game`: the fixed facts of a game
(`KoenigGameBase`, game.py) joined with its initial state (`KoenigState`, state.py);
the family's `game` entry in the registry (family.py)."""

from __future__ import annotations

from ..chance import Sampler, SeededSampler
from .game import KoenigGameBase
from .state import KoenigState


class KoenigGame(KoenigGameBase):
    """A Koenig game of one scenario (registry.RULES_FAMILIES["koenig"].game): its fixed facts
    (KoenigGameBase, game.py) and its initial state (KoenigState, state.py)."""

    def new_initial_state(self, seed: int = 0, sampler: Sampler | None = None) -> KoenigState:
        return KoenigState(self, sampler or SeededSampler(seed), seed)
