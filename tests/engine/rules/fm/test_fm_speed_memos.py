"""What the F&M engine keeps across actions for speed answers what the rules read afresh answer.

Along seeded random games of Scenario 1, after every action: the queries a position change carried over
(`FMBoard._carried`: a side's enemy hexes and zones of control, F&M 6.0; the ferry in force, 10.6.5; the
demolition ranges of 10.6.3 in the German side's memo) equal those of a copy of the state, which starts
with no memo at all; each unit's kept movement hooks give the very reach of hooks made afresh; a compiled
search's reach makes the same `spent` dict lazily; the moves sorted by label ranks are in label order. The
kit's position logs the units each change was made to."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest
from hexwright.engine.formats import load_scenario
from hexwright.engine.movement import fastdial
from hexwright.engine.movement.kernel import KeptHooks, MovementHooks, reachable
from hexwright.engine.rules.fm import engineers, reach
from hexwright.engine.rules.fm.board import FMBoard
from hexwright.engine.rules.fm.movement import reach_moves
from hexwright.engine.rules.kit import Position
from hexwright.engine.rules.protocol import CHANCE, new_game

SCENARIO = Path(__file__).resolve().parents[4] / "scenarios" / "fm-arnhem" / "scenario-1-historical.yaml"


def _queries(state) -> tuple:
    g = state.game
    bridges = tuple(engineers._german_in_range(state, s) for s in g.bridges)
    return (tuple(state.enemy_hexes(s) for s in g.side_ids), tuple(state.enemy_zoc(s) for s in g.side_ids),
            state.active_ferry(), state.demolished(), bridges)


@pytest.mark.parametrize("seed", [3, 4])
def test_carried_queries_equal_those_of_a_copy_without_memo(seed, monkeypatch):
    if not SCENARIO.exists():
        pytest.skip("F&M Scenario 1 is not shipped")
    kept: list[int] = []
    real = FMBoard._carried

    def counted(self):
        got = real(self)
        kept.append(len(got))
        return got

    monkeypatch.setattr(FMBoard, "_carried", counted)
    state = new_game(load_scenario(SCENARIO).scenario, seed=seed)
    rng = random.Random(seed)
    n = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        n += 1
        twin = copy.deepcopy(state)
        assert not twin._cache  # a copy starts with no memo (FMBoard.__deepcopy__)
        assert _queries(state) == _queries(twin), f"action {n}"
    assert sum(1 for k in kept if k) > 50, kept  # the memo was carried over many changes, not only made afresh


def test_kept_hooks_and_lazy_reaches_search_as_fresh_hooks_do():
    if not SCENARIO.exists():
        pytest.skip("F&M Scenario 1 is not shipped")
    fastdial.prepare()
    state = new_game(load_scenario(SCENARIO).scenario, seed=5)
    rng = random.Random(5)
    g = state.game
    searched = 0
    while not state.is_terminal() and searched < 400:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
            continue
        for uid in list(state.position.hexes)[:6]:
            start = state.unit_hex(uid)
            spent = state.mp_spent(uid)
            hooks = reach.movement_hooks(state, uid, start, spent)
            assert type(hooks) is KeptHooks
            assert reach.movement_hooks(state, uid, start, spent) is hooks  # kept
            with pytest.raises(TypeError):
                hooks.blocked = frozenset()
            fresh = MovementHooks(blocked=set(hooks.blocked), stop=set(hooks.stop), enter_extra=dict(hooks.enter_extra),
                                  first_step=hooks.first_step, edge_override=dict(hooks.edge_override))
            ma = float(state.current_values(uid).get("movement", 0))
            graph = g.graph(g.movement_class(uid))
            kept = reachable(graph, start, max(0.0, ma - spent), hooks)
            made = reachable(graph, start, max(0.0, ma - spent), fresh)
            if kept.touched() is not None:  # a compiled search's reach (another test may have left the Python one)
                assert "spent" not in kept.__dict__  # made when first read
            assert kept.spent == made.spent and kept.predecessors == made.predecessors
            assert copy.deepcopy(hooks) == hooks
            for in_order in (False, g.in_label_order(kept.graph_hexes)):
                moves = reach_moves(kept, uid, g.labels, g.hex, g.label_ranks(kept.graph_hexes), in_order)
                assert [kept.graph_hexes[i] for i in moves[0]] == sorted(set(kept.spent) - {start},
                                                                         key=g.labels.__getitem__)
            searched += 1
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert searched >= 400


def test_the_position_logs_the_unit_each_change_was_made_to():
    pos = Position()
    pos.place("a", (0, 0))  # type: ignore[arg-type]
    rev = pos.revision
    pos.place("b", (1, 0))  # type: ignore[arg-type]
    pos.lose_steps("a")
    pos.set_marker("m", None)
    assert pos.units_changed_since(rev) == ["b", "a", None]
    assert pos.units_changed_since(pos.revision) == []
    for i in range(200):
        pos.place("c", (i, 0))  # type: ignore[arg-type]
    assert pos.units_changed_since(rev) is None  # too far back: not known
    assert pos.units_changed_since(pos.revision - 3) == ["c", "c", "c"]
    twin = copy.deepcopy(pos)
    twin.remove("c")
    assert twin.units_changed_since(pos.revision) == ["c"] and pos.units_changed_since(pos.revision) == []


def test_a_game_with_kept_hooks_pickles_and_plays_on_the_same():
    """The kept hooks of a leg unit starting in an EZOC hold a function made for that move (F&M 6.1), which
    pickle cannot carry: a balance study whose game had been played in the process (the lab after a
    playtest, with workers from a fork server) failed with "Can't pickle local object". The game leaves
    those memos behind when pickled, and a game played from the copy is the same game."""
    import pickle

    sc = load_scenario(SCENARIO).scenario
    state = new_game(sc, 5)
    rng = random.Random(5)
    local = False
    while not state.is_terminal() and not local:
        legal = state.legal_actions()
        state.apply(state.sample_chance() if state.current_player == CHANCE else legal[rng.randrange(len(legal))])
        local = any(getattr(h, "first_step", None) is not None for h in state.game.hooks_memo.values())
    assert local, "no leg unit started a move in an enemy zone of control in this game"
    game = pickle.loads(pickle.dumps(state.game))
    ours, theirs = state.game.new_initial_state(9), game.new_initial_state(9)
    rng = random.Random(9)
    for _ in range(300):
        if ours.is_terminal():
            break
        legal = ours.legal_actions()
        assert theirs.legal_actions() == legal
        action = ours.sample_chance() if ours.current_player == CHANCE else legal[rng.randrange(len(legal))]
        assert theirs.current_player != CHANCE or theirs.sample_chance() == action
        ours.apply(action)
        theirs.apply(action)
    assert theirs == ours
