"""The Fire & Movement rules family with the Arnhem: The Farthest Bridge exclusive rules
(000_e5c3deafb2cea4af.txt): FMGame makes FMState positions that implement rules/protocol.py."""

from .game import FMGame
from .tables import fm_tables

__all__ = ["FMGame", "fm_tables"]
