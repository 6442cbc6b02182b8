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

from typing import TYPE_CHECKING

from ..registry import lazy_names

if TYPE_CHECKING:
    from .actions import TAAction, parse_action
    from .game import TAGameBase
    from .play import TAGame
    from .state import TAState

# the package is light (the registry reads family.py at start-up): its names load when first asked
_LAZY = {
    "TAAction": ".actions",
    "TAState": ".state",
    "TAGame": ".play",
    "TAGameBase": ".game",
    "parse_action": ".actions",
}
__getattr__ = lazy_names(__name__, _LAZY)


__all__ = ["TAAction", "TAState", "TAGame", "TAGameBase", "parse_action"]
