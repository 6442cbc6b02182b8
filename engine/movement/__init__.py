"""The movement kernel shared by every rules family: the cost to enter a hex for a movement class,
a compiled movement graph per map and class, and the reachable set with remaining MP and paths."""

from .hooks import MovementHooks
from .kernel import MovementGraph, Reach, edge_cost, entry_cost, only_along, reachable

__all__ = ["MovementGraph", "MovementHooks", "Reach", "edge_cost", "entry_cost", "only_along", "reachable"]
