"""The MCTS bot (engine/bots/mcts.py): deterministic from its seed, only legal actions, no look at the
game's own sampler or at the other side's secret marker draws (F&M 7.2), and whole short games of every
shipped family."""

from __future__ import annotations

import copy
import random
from fractions import Fraction

import pytest
from hexwright.engine.bots import BOT_NAMES, heuristic_for, make_bot
from hexwright.engine.bots.base import best_per_group
from hexwright.engine.bots.mcts import MCTSBot, redeal, searchable
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
CROSSING = SCENARIOS / "storm-arnhem" / "the-crossing.yaml"
SMALL = {"simulations": 4, "move_simulations": 4, "horizon": 8}
K = 4  # candidates asked of the heuristics
# the bot with candidate sets at large decisions (off by default), progressive widening off
MOVES = {**SMALL, "candidates": K, "widening": 0}


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


def _large_decision(scenario, seed: int, side: str | None = None, want=None, limit: int = 4000) -> GameState:
    """The first position of a heuristic game where a side (`side`, if given) decides among more than 8
    actions, may search, its heuristic names candidates there, and `want(state)` holds."""
    state = new_game(scenario, seed)
    bots = {s.id: make_bot("heuristic", i, scenario) for i, s in enumerate(scenario.sides)}
    probe = heuristic_for(scenario, 0)
    for _ in range(limit):
        assert not state.is_terminal(), "no such decision in the game"
        p = state.current_player
        if p == CHANCE:
            state.apply(state.sample_chance())
            continue
        if (side is None or p == side) and len(state.legal_actions()) > 8 and searchable(state, p) \
                and probe.candidates(state, K) and (want is None or want(state)):
            return state
        state.apply(bots[p].choose(state))
    raise AssertionError("no such decision within the limit")


ENDINGS = {"pass", "done", "end"}


def test_best_per_group_keeps_the_best_of_each_group_best_first():
    from hexwright.engine.rules.koenig.actions import Move

    scored = [(1.0, Move("A", "0101")), (3.0, Move("A", "0102")), (2.0, Move("B", "0201")),
              (2.0, Move("B", "0200")), (0.5, Move("C", "0301"))]
    got = best_per_group(scored, lambda a: a.unit, 2)
    assert got == [Move("A", "0102"), Move("B", "0200")]  # one per unit; of equal scores the first text
    assert best_per_group(scored, lambda a: a.unit, 0) == []
    assert best_per_group(scored, lambda a: a.unit, 4) == [Move("A", "0102"), Move("B", "0200"), Move("C", "0301"),
                                                         Move("B", "0201")]  # then the next best of any unit


@pytest.mark.parametrize("path", [FM_1, KOENIG, TARGET, CROSSING],
                         ids=["fm-1", "koenig-arnhem-bridge", "target-arnhem", "the-crossing"])
def test_candidate_sets_are_legal_one_per_unit_and_leave_the_heuristic_as_it_plays(path):
    """The heuristic's candidate set at a large decision: legal actions only, at most k, one per unit or
    target, the option to end or pass among them; and asking for it draws nothing from the heuristic's
    generator, so its own choices (pinned by other tests) stay the same."""
    sc = _scenario(path)
    probe = heuristic_for(sc, 0)
    for seed in (1, 2):  # a decision where the heuristic ranks more than the option to end (The Crossing's
        # heuristic names only Pass when no move gains)
        state = _large_decision(sc, seed, want=lambda s: len(probe.candidates(s, K)) >= 2)
        legal = {a.text() for a in state.legal_actions()}
        asked, fresh = heuristic_for(sc, 5), heuristic_for(sc, 5)
        cands = asked.candidates(state, K)
        assert 2 <= len(cands) <= K
        texts = [a.text() for a in cands]
        assert set(texts) <= legal and len(set(texts)) == len(texts)
        units = [a.unit for a in cands if hasattr(a, "unit")]
        movers = {a.unit for a in state.legal_actions() if hasattr(a, "unit")}
        assert len(set(units)) == min(len(units), len(movers))  # one per unit while there are others
        if legal & ENDINGS or any(t.startswith("halt") for t in legal):
            assert any(t in ENDINGS or t.startswith("halt") for t in texts)
        assert asked.choose(state.clone()) == fresh.choose(state.clone())


@pytest.mark.parametrize("path", [FM_1, KOENIG, TARGET], ids=["fm-1", "koenig-arnhem-bridge", "target-arnhem"])
def test_a_large_decision_is_searched_over_its_candidate_set(path):
    """More than 8 legal actions: the search tries the heuristic's choice and its candidates, nothing else,
    the same seed gives the same search, and the action played is legal."""
    sc = _scenario(path)
    state = _large_decision(sc, 3)
    a, b = MCTSBot(sc, 11, **MOVES), MCTSBot(sc, 11, **MOVES)
    choice = a.choose(state.clone())
    assert choice == b.choose(state.clone())
    assert a.last_search and a.last_search == b.last_search
    assert sum(v for v, _ in a.last_search.values()) == a.move_simulations
    heuristic = heuristic_for(sc, 0)
    allowed = {x.text() for x in heuristic.candidates(state, K)}
    allowed.add(a._own.choose(state.clone()).text())
    assert set(a.last_search) <= allowed
    assert choice in state.legal_actions()
    off = MCTSBot(sc, 11, **SMALL, widening=0)  # no candidate set, no widening: the heuristic plays, as before
    assert off.candidates == 0
    assert off.choose(state.clone()) in state.legal_actions()
    assert off.last_search == {}


def test_a_candidate_set_decision_leaves_the_heuristic_only_on_clear_evidence(koenig):
    """At a decision of few options another action is played when its mean beats the heuristic's choice by
    more than MARGIN after 2 visits; over a candidate set it needs MOVE_VISITS visits and MOVE_MARGIN."""
    from hexwright.engine.bots.mcts import MARGIN, MOVE_MARGIN, MOVE_VISITS, _Child, _Node

    bot = MCTSBot(koenig, 1)
    root = _Node("allied", "h")
    root.children = {"h": _Child(3, 0.0), "x": _Child(3, 3 * (MARGIN + MOVE_MARGIN) / 2)}
    assert bot._final(root) == "x"  # a lead between MARGIN and MOVE_MARGIN
    assert bot._final(root, MOVE_VISITS, MOVE_MARGIN) == "h"
    root.children["x"] = _Child(MOVE_VISITS, MOVE_VISITS * (MOVE_MARGIN + 0.05))
    assert bot._final(root, MOVE_VISITS, MOVE_MARGIN) == "x"
    root.children["x"] = _Child(MOVE_VISITS - 1, 1.0)  # too few visits, however good
    assert bot._final(root, MOVE_VISITS, MOVE_MARGIN) == "h"


def test_with_a_spread_another_action_needs_a_lead_beyond_the_noise_of_its_values(koenig):
    """`spread` > 0: the lead over the heuristic's choice, less MARGIN, must exceed `spread` standard errors
    of the difference of the two means (sample variances of the values backed up); 0 leaves MARGIN alone."""
    from hexwright.engine.bots.mcts import MARGIN, _Child, _Node

    def child(values):
        return _Child(len(values), sum(values), sum(v * v for v in values))

    root = _Node("allied", "h")
    steady = child([0.2, 0.2, 0.2, 0.2])  # mean 0.2, no spread
    noisy = child([1.0, -0.6, 1.0, -0.6])  # mean 0.2, sample sd ~0.92: standard error ~0.46
    root.children = {"h": child([0.0, 0.0, 0.0, 0.0]), "x": steady}
    assert 0.2 > MARGIN
    assert MCTSBot(koenig, 1, spread=1.0)._final(root) == "x"  # a lead with no noise
    root.children["x"] = noisy
    assert MCTSBot(koenig, 1)._final(root) == "x"  # the margin alone
    assert MCTSBot(koenig, 1, spread=1.0)._final(root) == "h"  # 0.2 - MARGIN is within one standard error
    assert MCTSBot(koenig, 1, spread=0.3)._final(root) == "x"  # 0.15 > 0.3 * 0.46


def test_the_progress_term_rewards_a_move_toward_the_objectives():
    """With `progress` above 0 the leaf score of a family without VPs counts the mean distance of a side's
    counting units to the objectives: a move toward them raises the mover's lead by exactly what the term
    adds, and with `progress` 0 (the default) the term is absent."""
    from hexwright.engine.rules.target_arnhem.actions import Move

    sc = _scenario(TARGET)
    state = _large_decision(sc, 1, side="allied")
    plain, keen = MCTSBot(sc, 1, leaf="hand-made"), MCTSBot(sc, 1, progress=0.1, leaf="hand-made")
    assert plain.progress == 0.0
    objectives = plain._lead.objectives
    pos = state.position
    toward = next(a for a in state.legal_actions() if isinstance(a, Move) and pos.hex_of(a.unit) is not None
                  and sc.map.hex_at(a.dest) is not None
                  and objectives.distance(sc.map.hex_at(a.dest)) < objectives.distance(pos.hex_of(a.unit)))
    after = state.clone()
    after.apply(toward)

    def term(s):  # what the progress term adds to the Allied lead
        return keen.score(s)["allied"] - plain.score(s)["allied"]

    assert term(after) > term(state)


def test_a_large_decision_never_reads_the_other_sides_secret_hand(fm):
    """F&M 7.2 at a movement decision: two positions that differ only in the German secret hand give the
    Allied bot the very same search and choice."""
    me, other = "allied", "german"
    state = _large_decision(fm, 4, side=me, want=lambda s: _secret_hand(s, me))
    alt = _other_hand(state, other)
    a, b = MCTSBot(fm, 8, **MOVES), MCTSBot(fm, 8, **MOVES)
    assert a.choose(state) == b.choose(alt)
    assert a.last_search and a.last_search == b.last_search


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
        redeal(det, me, random.Random(seed))
        assert len(det.available[other]) == before
        assert sum(sum(c.values()) for c in det.gt_pool[other].values()) + before == total
        assert det.available[me] == state.available[me]  # the bot's own hand is never dealt again
        dealt.add(tuple(sorted(m.token() for m in det.available[other])))
    assert len(dealt) > 1


@pytest.mark.parametrize(("path", "turns"), [(FM_1, 1), (FM_2, 1), (KOENIG, 4), (TARGET, 1)],
                         ids=["fm-1", "fm-2", "koenig-arnhem-bridge", "target-arnhem"])
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
