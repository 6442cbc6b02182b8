"""`GameState.clone(sampler)` (engine/rules/protocol.py): a search's determinization clones a position with a
sampler of its own instead of copying the state's and replacing it. The clone draws its chance outcomes from
the sampler given, and the state goes on drawing what it would have drawn, in every shipped family."""

from __future__ import annotations

import random

import pytest
from hexwright.engine.rules.chance import SeededSampler
from hexwright.engine.rules.protocol import CHANCE, GameState, make_game

from tests.engine.rules.test_conformance import _load, cases


def _to_chance(state: GameState, rng: random.Random, skip: int) -> None:
    """Play random actions until a chance node after `skip` actions (or the end)."""
    n = 0
    while not state.is_terminal() and (n < skip or state.current_player != CHANCE):
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        n += 1


def _draws(state: GameState, k: int) -> list[str]:
    """The texts of the next `k` chance outcomes drawn at this chance node (without applying them)."""
    return [state.sample_chance().text() for _ in range(k)]


@pytest.mark.parametrize(("family_id", "name"), cases("shipped"))
def test_a_clone_with_its_own_sampler_draws_from_it_and_leaves_the_state_s_draws_as_they_were(family_id, name):
    sc = _load(name)
    state = make_game(sc).new_initial_state(5, SeededSampler(5))
    _to_chance(state, random.Random(5), 40)
    if state.is_terminal():
        pytest.skip("the game ended before a chance node")
    twin = state.clone()  # the state's own sampler copied: it draws what the state draws
    own = SeededSampler(99)
    det = state.clone(own)
    assert det.sampler is own  # draws from the sampler given, not a copy of the state's
    assert _draws(det, 8) == _draws(state.clone(SeededSampler(99)), 8)
    assert _draws(state, 8) == _draws(twin, 8)  # the state's own draws are untouched
    assert det.fingerprint() == state.fingerprint()  # the same position
