"""The same seed gives the same Koenig game (Paul Koenig's Market-Garden, 002_fe1216aa5df94854.txt): random games
of the Arnhem Bridge scenario with and without the optional rules (14.1, 14.2, 14.3, 14.5), pinned by their
number of actions, the digest of their action texts, the winner and the Victory Points (exclusive 12.0).

The pins were taken from the engine before it was rebuilt on the rules kit (typed actions and steps) and must
not move when the engine is reorganised; they change only when a rule changes what is legal or what happens
(then deliberately, with the new pins recorded beside the old)."""

from __future__ import annotations

import hashlib

import pytest
from hexwright.engine.bots import RandomBot, play
from hexwright.engine.rules.protocol import new_game

ALL = {"leadership": True, "interdiction": True, "overruns": True, "indirect_fire": True}

# seed: (options, actions, digest of the action texts, winner, Victory Points)
PINNED = {
    1: ({}, 298, "7e3236768b7bd8d405bc", "allied", {"allied": 17, "german": 14}),
    2: ({"leadership": True, "interdiction": True}, 351, "a6f009ef2f087b83bb22", "allied",
        {"allied": 13, "german": 12}),
    3: ({"overruns": True, "indirect_fire": True}, 319, "6933cc870fd937bda574", "allied",
        {"allied": 15, "german": 14}),
    4: (ALL, 309, "bfecb63e32040f512a65", None, {"allied": 10, "german": 10}),
}


@pytest.mark.parametrize("seed", sorted(PINNED))
def test_a_seed_gives_the_pinned_game(scenario, seed):
    options, count, digest, winner, vp = PINNED[seed]
    st = new_game(scenario, seed, options)
    play(st, {side.id: RandomBot(seed * 7919 + i) for i, side in enumerate(scenario.sides)})
    texts = st.action_texts()
    out = st.outcome()
    assert out is not None
    assert (len(texts), hashlib.sha256("\n".join(texts).encode()).hexdigest()[:20]) == (count, digest)
    assert (out.winner, out.draw, st.victory_points()) == (winner, winner is None, vp)
