"""The Fire & Movement rules family with the Arnhem: The Farthest Bridge exclusive rules
(000_e5c3deafb2cea4af.txt): FMGame makes FMState positions that implement rules/protocol.py.

The modules follow the rulebook (docs/rules-engine.md has the table of sections): game.py (what stays
fixed), board.py (the position), decisions.py (what a state waits for), setup.py (12.0), support.py
(7.x, 10.7), reinforcements.py (11.1), reach.py and movement.py (5.x, 6.x), engineers.py (10.6.3-10.6.6),
landings.py (11.4), combat.py and crt.py (8.1, 8.2), retreat.py (8.3-8.5), losses.py (8.2.4), victory.py
(11.5) and state.py (the sequence of play, 4.1). Each imports only those below it; this top module joins
the game (game.py) and its states (state.py) in `FMGame`, the family's `Game` in the registry.
"""

from __future__ import annotations

from ..chance import Sampler, SeededSampler
from .game import FMGameBase
from .state import FMState
from .tables import fm_tables


class FMGame(FMGameBase):
    """A Fire & Movement game of one scenario (registry.RULES_FAMILIES["fm"].game): its fixed facts
    (FMGameBase, game.py) and its initial state (FMState, state.py)."""

    def new_initial_state(self, seed: int = 0, sampler: Sampler | None = None) -> FMState:
        return FMState(self, seed, sampler or SeededSampler(seed))


__all__ = ["FMGame", "FMGameBase", "FMState", "fm_tables"]
