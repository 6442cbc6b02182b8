"""The Storm over Arnhem rules family (Storm over Arnhem: The Crossing, 003_6afad32bba8815b2.txt): the
variant's turns A and B before turn 1, the Tactical Advantage and its switch at turn 3, the pillbox, the
Arnhem Garrison, the 9th SS Recon's entry over the bridge (3.4), the British extra MF on turn A, the
perimeter control counters (3.5) and the German VP marker at -2, on a basic Movement/Fire impulse system over
an area map whose fire table and movement costs are reconstructed (the basic game's rules are not in the
source), on the rules kit (rules/kit).

Modules, from the bottom up (each imports only those before it): `design` (what a scenario must give the
family; validation reads it), `actions`, `tables` (the reconstructed Fire Table), `game`, `board` (the
position and its queries), `decisions`, `step`, `movement`, `fire` (fire and casualties), `recon` (3.4),
`closecombat` (1.1), `impulse` (3.6, 3.41), `setup` (2.1-2.3, 3.5, 1.3, VP), `state` (the sequence of play),
`view` (the presenter).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..registry import lazy_names

if TYPE_CHECKING:
    from .actions import SoAAction, parse_action
    from .game import SoAGameBase
    from .play import SoAGame
    from .state import SoAState

# the package is light (the registry reads family.py at start-up): its names load when first asked
_LAZY = {
    "SoAAction": ".actions",
    "SoAGameBase": ".game",
    "SoAState": ".state",
    "SoAGame": ".play",
    "parse_action": ".actions",
}
__getattr__ = lazy_names(__name__, _LAZY)


__all__ = ["SoAAction", "SoAGameBase", "SoAState", "SoAGame", "parse_action"]
