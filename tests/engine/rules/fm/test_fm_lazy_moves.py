"""The legal list's moves spell their paths out when first read (F&M 5.1, movement.reach_moves): they
read, compare, hash, copy and pickle exactly like a move written out in full, and their paths are the
kernel's cheapest paths."""

from __future__ import annotations

import copy
import pickle
import random
from pathlib import Path

from hexwright.engine.formats import load_scenario
from hexwright.engine.rules.fm.actions import Move
from hexwright.engine.rules.fm.movement import route_labels
from hexwright.engine.rules.protocol import new_game

SCENARIO = Path(__file__).resolve().parents[4] / "scenarios" / "fm-arnhem" / "scenario-1-historical.yaml"


def _first_moves() -> tuple[object, list[Move]]:
    state = new_game(load_scenario(SCENARIO).scenario, seed=1)
    while not any(isinstance(a, Move) for a in state.legal_actions()):
        state.apply(state.sample_chance() if state.is_chance_node() else state.legal_actions()[0])
    return state, [a for a in state.legal_actions() if isinstance(a, Move)]


def test_a_listed_move_equals_its_text_read_back_and_survives_copy_and_pickle() -> None:
    state, moves = _first_moves()
    assert len(moves) > 50
    for mv in moves[:40]:
        assert "_route" in mv.__dict__  # not spelled out yet
        again = pickle.loads(pickle.dumps(mv))
        copied = copy.deepcopy(mv)
        parsed = state.parse_action(mv.text())
        assert "_route" not in mv.__dict__ and mv.__dict__["path"] == mv.path
        assert parsed == mv and mv == parsed and hash(parsed) == hash(mv)
        assert again == mv and copied == mv and again.path == mv.path
        assert mv.path[0] == state.game.label(state.unit_hex(mv.unit)) and len(mv.path) >= 2


def test_listed_paths_are_the_kernels_cheapest_paths_and_legal() -> None:
    state, moves = _first_moves()
    for mv in moves[::7]:
        route = mv.__dict__.get("_route")
        if route is not None:
            i = mv.__dict__["_to"]  # the graph index of the move's hex
            reach, labels = route[1], route[2]
            assert route_labels(route, i) == tuple(labels[x] for x in reach.path(reach.graph_hexes[i]))
        assert state.is_legal(Move(mv.unit, mv.path))  # the same move written out in full is legal
        assert state.listed_equivalent(Move(mv.unit, mv.path)) == mv


def test_a_listed_moves_span_is_its_paths_ends_and_length():
    """movement.move_span (and part_spans, for a unit's lazily listed moves not yet made): the first and last
    labels and the number of hexes of a listed move's path, read without spelling the path out, are those of
    the path spelled out (F&M 5.1)."""
    from hexwright.engine.rules.fm.movement import move_span, part_spans
    from hexwright.engine.rules.kit.listing import Lazy

    state = new_game(load_scenario(SCENARIO).scenario, seed=5)
    rng = random.Random(5)
    checked = 0
    while not state.is_terminal() and checked < 2000:
        if state.is_chance_node():
            state.apply(state.sample_chance())
            continue
        legal = state.legal_actions()
        parts = [p for p in getattr(legal, "parts", ()) if isinstance(p, Lazy)]
        lazy_spans = [s for p in parts for s in part_spans(p)]  # before any move is made
        moves = [a for a in legal if isinstance(a, Move)]
        spans = [move_span(m) for m in moves]  # first, with the paths not yet spelled out
        assert lazy_spans == spans[:len(lazy_spans)] and (not parts or len(lazy_spans) == len(spans))
        for m, span in zip(moves, spans, strict=True):
            assert span == (m.path[0], m.path[-1], len(m.path))
            assert move_span(m) == span  # and again once spelled out
        checked += len(moves)
        state.apply(legal[rng.randrange(len(legal))])
    assert checked >= 2000
