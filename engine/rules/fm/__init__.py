"""The Fire & Movement rules family with the Arnhem: The Farthest Bridge exclusive rules
(000_e5c3deafb2cea4af.txt): FMGame makes FMState positions that implement rules/protocol.py.

The modules follow the rulebook (docs/rules-engine.md has the table of sections): game.py (what stays
fixed), board.py (the position), decisions.py (what a state waits for), setup.py (12.0), support.py
(7.x, 10.7), reinforcements.py (11.1), reach.py and movement.py (5.x, 6.x), engineers.py (10.6.3-10.6.6),
landings.py (11.4), combat.py and crt.py (8.1, 8.2), retreat.py (8.3-8.5), losses.py (8.2.4), victory.py
(11.5) and state.py (the sequence of play, 4.1). Each imports only those below it; play.py joins
the game (game.py) and its states (state.py) in `FMGame`, the family's `Game` in the registry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..registry import lazy_names

if TYPE_CHECKING:
    from .game import FMGameBase
    from .play import FMGame
    from .state import FMState
    from .tables import fm_tables

# the package is light (the registry reads family.py at start-up): its names load when first asked
_LAZY = {
    "FMGame": ".play",
    "FMGameBase": ".game",
    "FMState": ".state",
    "fm_tables": ".tables",
}
__getattr__ = lazy_names(__name__, _LAZY)


__all__ = ["FMGame", "FMGameBase", "FMState", "fm_tables"]
