"""A clone starts with its state's caches of derived facts where they are keyed by all they depend on
(`SequenceState.KEYED_MEMOS`; F&M's reaches of the phase and listed moves, engine/rules/fm/board.py), so a
search's many clones of one position do not work them out again. This checks that sharing them never
changes a game: clones are taken at points along a seeded game of every shipped scenario, then the clone
and the state go different ways, and after every action each one's legal actions are compared with those
of a twin that follows it action for action from the same position rebuilt from its serialized form
(which starts with no caches and never shares any)."""

from __future__ import annotations

import random

import pytest
from hexwright.engine.rules.protocol import CHANCE, Action, GameState, make_game

from tests.engine.rules.test_conformance import _load, cases

EVERY = 37  # actions between clones
UNTIL = 600  # no clone after this many actions
AFTER = 6  # actions each of the two goes its own way after a clone


def _choose(state: GameState, rng: random.Random) -> Action:
    if state.current_player == CHANCE:
        return state.sample_chance()
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def _texts(state: GameState) -> list[str]:
    return [a.text() for a in state.legal_actions()]


def _rebuilt(state: GameState) -> GameState:
    return state.game.deserialize(state.serialize())


@pytest.mark.parametrize(("family_id", "name"), cases("shipped"))
def test_a_clone_and_its_state_going_different_ways_list_what_a_rebuilt_position_lists(family_id, name):
    sc = _load(name)
    game = make_game(sc)
    rng = random.Random(f"clone-caches:{name}")
    state = game.new_initial_state(7, None)
    compared = 0
    n = 0
    while n < UNTIL and not state.is_terminal():
        if n % EVERY != EVERY - 1 or state.current_player == CHANCE:
            state.apply(_choose(state, rng))
            n += 1
            continue
        state.legal_actions()  # the state's caches filled for this position, as a search's root has them
        twin = state.clone()
        assert _texts(twin) == _texts(state)
        ways = [("state", state, _rebuilt(state), random.Random(rng.random())),
                ("clone", twin, _rebuilt(state), random.Random(rng.random()))]
        for k in range(1, AFTER + 1):
            for who, st, cold, r in ways:
                if st.is_terminal():
                    continue
                action = _choose(st, r)
                st.apply(action)
                cold.apply(action)
                if not st.is_terminal():
                    assert _texts(st) == _texts(cold), f"the {who}, {k} actions after a clone at action {n}"
                    compared += 1
        n += AFTER
    assert compared > 0
