"""The Target Arnhem rules family (Target Arnhem: Across 6 Bridges, 001_69d92a61f68ed4f9.txt): an
Adjustment and three alternating impulses per turn (the third for mechanized units only), two-hex and road
movement, off-board German areas, the Combat Ratio Table with its modifiers, endurance damage, Pickaxe
fortifications, supply tracing and supply points by stripe, para supply markers and paradrops, and victory at
the end of turn 9, on the rules kit (rules/kit).

Modules, from the bottom up (each imports only those before it): `design` (the designer's data: supply
stripes, para supply markers, off-board areas, and what is wrong with them), `actions` (typed actions and their
notation), `tables` (the Combat Ratio Equations), `game`, `board` (the position and its queries), `supply`
(Re-Supply tracing, Supply Points, the overrun of para supply markers), `movement` (Movement), `decisions`,
`step` (the shape of a step), `adjustment` (Adjustment, ground Reinforcements), `impulse` (Impulses 1-3,
Re-Supply, paradrops, stacking), `combat` (Attack, Modifiers, Concentrated Bombardment, Damage, Advance),
`victory` (Victory Conditions), `state` (the Sequence of Play), `view` (the presenter)."""

from __future__ import annotations

from ..chance import Sampler, SeededSampler
from .actions import TAAction, parse_action
from .game import TAGameBase
from .state import TAState


class TAGame(TAGameBase):
    """A Target Arnhem game of one scenario (registry.RULES_FAMILIES["target_arnhem"].game): its fixed facts
    (TAGameBase, game.py) and its initial state (TAState, state.py)."""

    def new_initial_state(self, seed: int = 0, sampler: Sampler | None = None) -> TAState:
        return TAState(self, sampler or SeededSampler(seed), seed)


__all__ = ["TAAction", "TAState", "TAGame", "TAGameBase", "parse_action"]
