"""The search settings a rules family's registry entry gives the MCTS bot (`RulesFamily.search`, read by
engine/bots/mcts.py `family_settings`): each one read and changing the search (simulations a decision, the
kinds of decision never searched), a caller's value winning over the family's, and the other families'
settings as they were."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from hexwright.engine.bots import make_bot
from hexwright.engine.bots.mcts import (
    DEFAULT_HORIZON,
    DEFAULT_MOVE_SIMULATIONS,
    DEFAULT_RANKED,
    DEFAULT_SIMULATIONS,
    DEFAULT_WIDENING,
    MCTSBot,
    family_settings,
    searchable,
)
from hexwright.engine.formats import load_scenario
from hexwright.engine.rules import registry
from hexwright.engine.rules.protocol import CHANCE, GameState, new_game

from tests.engine.test_mcts import CROSSING, FM_1, KOENIG, TARGET

TUNED = "fm-tuned"


@pytest.fixture(scope="module")
def fm():
    return load_scenario(FM_1).scenario


def _tuned(fm, **settings) -> Iterator:
    """`fm` as a scenario of a copy of the F&M family whose entry gives the search `settings`."""
    entry = dataclasses.replace(registry.RULES_FAMILIES[fm.rules], id=TUNED, search=tuple(settings.items()))
    registry.register_family(entry)
    try:
        yield dataclasses.replace(fm, rules=TUNED)
    finally:
        registry.unregister_family(TUNED)


@pytest.fixture
def tuned(fm):
    yield from _tuned(fm, simulations=5, move_simulations=4, ranked=3, widening=2.0, horizon=7,
                      unsearched="RetreatChoice GoOn")


def _small_decision(scenario, seed: int) -> GameState:
    """The first position of a heuristic game where a side may search a decision of 2 to 8 actions."""
    state = new_game(scenario, seed)
    bots = {s.id: make_bot("heuristic", i, scenario) for i, s in enumerate(scenario.sides)}
    for _ in range(4000):
        assert not state.is_terminal()
        p = state.current_player
        if p != CHANCE and 2 <= len(state.legal_actions()) <= 8 and searchable(state, p):
            return state
        state.apply(state.sample_chance() if p == CHANCE else bots[p].choose(state))
    raise AssertionError("no small decision within the limit")


def test_the_family_settings_are_read(tuned):
    bot = MCTSBot(tuned, 1)
    assert (bot.simulations, bot.move_simulations, bot.ranked, bot.widening, bot.horizon) == (5, 4, 3, 2.0, 7)
    assert bot.unsearched == {"RetreatChoice", "GoOn"}
    # the caller's own values win over the family's
    mine = MCTSBot(tuned, 1, simulations=9, move_simulations=2, ranked=1, widening=0.5, horizon=3,
                   unsearched=())
    assert (mine.simulations, mine.move_simulations, mine.ranked, mine.widening, mine.horizon) == (9, 2, 1, 0.5, 3)
    assert mine.unsearched == frozenset()


def test_the_family_simulations_are_the_budget_of_a_decision(fm, tuned):
    state = _small_decision(fm, 3)
    kind = type(state.pending_decision()).__name__
    assert kind not in {"RetreatChoice", "GoOn"}
    bot = MCTSBot(tuned, 1)
    bot.choose(state)
    assert sum(v for v, _ in bot.last_search.values()) == 5
    plain = MCTSBot(fm, 1)  # F&M's own entry
    plain.choose(state)
    assert sum(v for v, _ in plain.last_search.values()) == plain.simulations


def test_a_kind_the_family_does_not_search_is_played_by_the_heuristic(fm):
    state = _small_decision(fm, 3)
    kind = type(state.pending_decision()).__name__
    heuristic = MCTSBot(fm, 4, simulations=0).choose(state)  # the bot's own heuristic, the same seed
    for scenario in _tuned(fm, unsearched=f"GoOn {kind}"):
        bot = MCTSBot(scenario, 4)
        assert bot.choose(state).text() == heuristic.text()
        assert bot.last_search == {}  # no simulation
        searching = MCTSBot(scenario, 4, unsearched=["GoOn"])  # the caller's list wins: this kind is searched
        searching.choose(state)
        assert sum(v for v, _ in searching.last_search.values()) == searching.simulations


def test_a_family_setting_the_search_does_not_take_is_refused(fm):
    for scenario in _tuned(fm, breadth=3.0):
        with pytest.raises(ValueError, match="breadth"):
            MCTSBot(scenario, 1)


@pytest.mark.parametrize(("path", "expected"), [(KOENIG, {"horizon": 14}), (TARGET, {}), (CROSSING, {})],
                         ids=["arnhem-bridge", "target-arnhem-scenario", "the-crossing"])
def test_the_other_families_keep_their_settings(path, expected):
    sc = load_scenario(path).scenario
    assert family_settings(sc) == expected
    bot = MCTSBot(sc, 1)
    assert (bot.simulations, bot.move_simulations, bot.ranked, bot.widening, bot.unsearched) == (
        DEFAULT_SIMULATIONS, DEFAULT_MOVE_SIMULATIONS, DEFAULT_RANKED, DEFAULT_WIDENING, frozenset())
    assert bot.horizon == int(expected.get("horizon", DEFAULT_HORIZON))
