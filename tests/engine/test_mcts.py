"""The MCTS bot (engine/bots/mcts.py): deterministic from its seed, only legal actions, no look at the
game's own sampler or at the other side's secret marker draws (F&M 7.2), and whole short games of every
shipped family."""

from __future__ import annotations

import copy
import random
from fractions import Fraction

import pytest
from hexwright.engine.bots import BOT_NAMES, make_bot
from hexwright.engine.bots.mcts import MCTSBot, _redeal_fm, searchable
from hexwright.engine.formats import load_scenario
from hexwright.engine.rules.chance import SeededSampler
from hexwright.engine.rules.fm.board import FMBoard
from hexwright.engine.rules.fm.support import side_pools
from hexwright.engine.rules.protocol import CHANCE, GameState, make_game, new_game

from tests.conftest import SCENARIOS

FM_1 = SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml"
FM_2 = SCENARIOS / "fm-arnhem" / "scenario-2-free-deployment.yaml"
KOENIG = SCENARIOS / "koenig-arnhem-bridge" / "arnhem-bridge.yaml"
TARGET = SCENARIOS / "target-arnhem" / "target-arnhem.yaml"
SMALL = {"simulations": 4, "horizon": 8}


def _scenario(path):
    return load_scenario(path).scenario


@pytest.fixture(scope="module")
def fm():
    return _scenario(FM_1)


@pytest.fixture(scope="module")
def koenig():
    return _scenario(KOENIG)


class SpySampler:
    """A sampler that every clone shares (deep copies are itself), counting its draws."""

    def __init__(self, seed: int) -> None:
        self.inner = SeededSampler(seed)
        self.calls = 0

    def __deepcopy__(self, memo):
        return self

    def choose(self, outcomes):
        self.calls += 1
        return self.inner.choose(outcomes)


def _searched_decision(scenario, seed: int, side: str | None = None, want=None, limit: int = 4000) -> GameState:
    """The first position of a heuristic game where a side (`side`, if given) decides among 2 to 8 actions
    and may search, and `want(state)` holds."""
    state = new_game(scenario, seed)
    bots = {s.id: make_bot("heuristic", i, scenario) for i, s in enumerate(scenario.sides)}
    for _ in range(limit):
        assert not state.is_terminal(), "no such decision in the game"
        p = state.current_player
        if p == CHANCE:
            state.apply(state.sample_chance())
            continue
        n = len(state.legal_actions())
        if (side is None or p == side) and 2 <= n <= 8 and searchable(state, p) and (want is None or want(state)):
            return state
        state.apply(bots[p].choose(state))
    raise AssertionError("no such decision within the limit")


def test_registered_under_its_name(fm, koenig):
    assert "mcts" in BOT_NAMES
    assert isinstance(make_bot("mcts", 1, fm), MCTSBot)
    assert isinstance(make_bot("mcts", 1, koenig), MCTSBot)


def test_the_same_seed_gives_the_same_search_and_choice(koenig):
    state = _searched_decision(koenig, 3)
    a, b = MCTSBot(koenig, 11, **SMALL), MCTSBot(koenig, 11, **SMALL)
    assert a.choose(state.clone()) == b.choose(state.clone())
    assert a.last_search and a.last_search == b.last_search
    assert sum(v for v, _ in a.last_search.values()) == SMALL["simulations"]


def test_the_search_never_draws_from_the_games_sampler(fm):
    """Every clone of the state shares the spy sampler; the bot's search must draw its chance outcomes from
    samplers of its own, so the spy is never asked and the game's future dice stay as they were."""
    state = _searched_decision(fm, 5)
    spy = SpySampler(99)
    state.sampler = spy
    reference = SeededSampler(99)
    bot = MCTSBot(fm, 2, **SMALL)
    choice = bot.choose(state)
    assert bot.last_search, "the bot searched"
    assert spy.calls == 0
    assert choice in state.legal_actions()
    # the game's sampler goes on drawing what it would have drawn without the search
    outcomes = [(i, Fraction(1, 6)) for i in range(1, 7)]
    assert [spy.choose(outcomes) for _ in range(20)] == [reference.choose(outcomes) for _ in range(20)]


def _secret_hand(state: GameState, me: str) -> bool:
    """The other side drew markers in secret this GT, and one it holds could have been another."""
    if not isinstance(state, FMBoard):
        return False
    other = next(s for s in state.game.side_ids if s != me)
    drawn = sum(1 for e in state.history() if e.owner == other and e.phase.turn == state.turn)
    if not drawn:
        return False
    try:
        _other_hand(state, other)
    except AssertionError:
        return False
    return True


def _other_hand(state: FMBoard, other: str) -> FMBoard:
    """A copy of `state` in which `other` holds another hand from the same pools: one held marker swapped
    with a different one still in its pool (what the bot cannot tell apart)."""
    alt = copy.deepcopy(state, {id(state.game): state.game})
    for name, pool in alt.gt_pool[other].items():
        printed = side_pools(alt.game, other).get(name, {})
        for held in list(alt.available[other]):
            swap = next((m for m in sorted(pool, key=lambda m: m.token()) if m != held and pool[m] > 0), None)
            if swap is not None and held in printed:
                alt.available[other].remove(held)
                alt.available[other].append(swap)
                pool[swap] -= 1
                pool[held] = pool.get(held, 0) + 1
                return alt
    raise AssertionError("no marker to swap")


def test_the_other_sides_secret_draws_are_dealt_again(fm):
    """F&M 7.2: the Allied player knows how many markers the German player drew, not which. Two positions
    that differ only in the German hand give the Allied bot the very same search."""
    me, other = "allied", "german"
    state = _searched_decision(fm, 4, side=me, want=lambda s: _secret_hand(s, me))
    assert isinstance(state, FMBoard)
    alt = _other_hand(state, other)
    assert sorted(m.token() for m in alt.available[other]) != sorted(m.token() for m in state.available[other])
    a, b = MCTSBot(fm, 8, **SMALL), MCTSBot(fm, 8, **SMALL)
    assert a.choose(state) == b.choose(alt)
    assert a.last_search and a.last_search == b.last_search
    # a determinization keeps the number of markers held and what the pools hold with them
    det = state.clone()
    before = len(det.available[other])
    total = sum(sum(c.values()) for c in det.gt_pool[other].values()) + before
    dealt = set()
    for seed in range(10):
        det = state.clone()
        _redeal_fm(det, me, random.Random(seed))
        assert len(det.available[other]) == before
        assert sum(sum(c.values()) for c in det.gt_pool[other].values()) + before == total
        assert det.available[me] == state.available[me]  # the bot's own hand is never dealt again
        dealt.add(tuple(sorted(m.token() for m in det.available[other])))
    assert len(dealt) > 1


@pytest.mark.parametrize(("path", "turns"), [(FM_1, 1), (FM_2, 1), (KOENIG, 4), (TARGET, 1)],
                         ids=["fm-1", "fm-2", "koenig", "target-arnhem"])
def test_plays_a_whole_short_game_with_legal_actions_only(path, turns):
    sc = _scenario(path)
    game = make_game(sc, {"max_turns": turns})
    state = game.new_initial_state(21, SeededSampler(21))
    sides = [s.id for s in sc.sides]
    bots = {s: MCTSBot(sc, 30 + i, **SMALL) for i, s in enumerate(sides)}
    searched = 0
    n = 0
    while not state.is_terminal():
        n += 1
        assert n < 20000
        p = state.current_player
        if p == CHANCE:
            state.apply(state.sample_chance())
            continue
        before = state.fingerprint()
        action = bots[p].choose(state)
        assert state.fingerprint() == before, "the search left the state as it was"
        searched += bool(bots[p].last_search)
        state.apply_checked(action)  # raises IllegalAction on an illegal one
    assert state.outcome() is not None
    assert searched > 0


def test_a_whole_game_replays_from_the_same_seeds(fm):
    def game() -> list[str]:
        state = make_game(fm, {"max_turns": 1}).new_initial_state(5, SeededSampler(5))
        bots = {s.id: MCTSBot(fm, 40 + i, **SMALL) for i, s in enumerate(fm.sides)}
        while not state.is_terminal():
            p = state.current_player
            state.apply(state.sample_chance() if p == CHANCE else bots[p].choose(state))
        return state.action_texts()

    assert game() == game()
