"""FrozenHook: an edge_override a rules family keeps unchanged (F&M's per-phase hexside costs, 10.6.1-10.6.5)
gives the same reach as the same costs in a plain dict, cannot be changed, and copies and pickles."""

from __future__ import annotations

import copy
import pickle

import pytest
from hexwright.engine.movement import MovementGraph, MovementHooks, reachable
from hexwright.engine.movement.kernel import FrozenHook

from .test_movement import CENTRE, open_map, step


def test_a_frozen_override_reaches_as_the_same_plain_dict_and_is_kept_by_identity() -> None:
    m = open_map()
    g = MovementGraph(m, "leg")
    costs = {(CENTRE, step(0)): 3.0, (CENTRE, step(1)): None, (step(2), step(2, step(2))): 0.5}
    frozen = FrozenHook(costs)
    for _ in range(3):  # the second and third calls read the kept conversion
        a = reachable(g, CENTRE, 4.0, MovementHooks(edge_override=frozen))
        b = reachable(g, CENTRE, 4.0, MovementHooks(edge_override=dict(costs)))
        assert a.spent == b.spent and a.predecessors == b.predecessors
        assert a.spent[step(0)] > 1.0 and a.spent[step(1)] > 1.0  # around the dearer and the closed hexside
    assert reachable(g, CENTRE, 4.0).spent[step(0)] == 1.0  # the map itself is unchanged


def test_a_frozen_override_refuses_changes_and_copies_whole() -> None:
    frozen = FrozenHook({(CENTRE, step(0)): 2.0})
    with pytest.raises(TypeError):
        frozen[(CENTRE, step(1))] = 1.0
    with pytest.raises(TypeError):
        frozen.update({})
    with pytest.raises(TypeError):
        frozen.pop((CENTRE, step(0)))
    for other in (copy.deepcopy(frozen), copy.copy(frozen), pickle.loads(pickle.dumps(frozen))):
        assert type(other) is FrozenHook and other == frozen
