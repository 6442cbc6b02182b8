"""Paul Koenig's Market-Garden rules family (002_fe1216aa5df94854.txt): chit-pull activation from a
Command Cup, Movement / Full Fire / Combined Operations, d6-against-Attack-Factor fire combat, close
combat rounds, retreats, the Arnhem Bridge exclusive rules and optional rules 14.1, 14.2, 14.3, 14.5,
on the rules kit (rules/kit).

Modules, from the bottom up (each imports only those before it): `actions` (typed actions and their
notation), `tables` (5.0, 6.x), `combat` (9.x, 10.1-10.2 as pure functions), `movement` (8.x over the
movement kernel), `victory` (12.0), `game`, `board` (the position and its queries), `refusal` (the shape of
a step), `moves` (8.0-8.4 legal moves), `landing` (5.0), `support` (6.0, 14.1 roll-off, 14.2),
`retreat` (9.2.3, 11.x), `battle` (9.0-10.3), `operations` (7.x, 8.x, 14.1 feats), `night` (4.0
Redeployment), `state` (4.0 sequence of play, Housekeeping), `view` (the presenter); play.py joins
the game and its states in `KoenigGame`, the family's `Game` in the registry."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..registry import lazy_names

if TYPE_CHECKING:
    from .actions import KoenigAction, parse_action
    from .game import OPTIONS, KoenigGameBase
    from .play import KoenigGame
    from .state import KoenigState

# the package is light (the registry reads family.py at start-up): its names load when first asked
_LAZY = {
    "OPTIONS": ".game",
    "KoenigAction": ".actions",
    "KoenigGame": ".play",
    "KoenigGameBase": ".game",
    "KoenigState": ".state",
    "parse_action": ".actions",
}
__getattr__ = lazy_names(__name__, _LAZY)


__all__ = ["OPTIONS", "KoenigAction", "KoenigGame", "KoenigGameBase", "KoenigState", "parse_action"]
