"""Paul Koenig's Market-Garden rules family (002_fe1216aa5df94854.txt): chit-pull activation from a
Command Cup, Movement / Full Fire / Combined Operations, d6-against-Attack-Factor fire combat, close
combat rounds, retreats, the Arnhem Bridge exclusive rules and optional rules 14.1, 14.2, 14.3, 14.5.

Modules: `combat` (9.x, 10.1-10.2 as pure functions), `tables` (5.0, 6.x), `movement` (8.x over the
movement kernel), `victory` (12.0), `actions` (notation), `position` (queries), `battle` (9.0-11.2 steps),
`state` (the sequence of play), `game`."""

from .actions import KoenigAction, parse_action
from .game import OPTIONS, KoenigGame
from .state import KoenigState

__all__ = ["OPTIONS", "KoenigAction", "KoenigGame", "KoenigState", "parse_action"]
