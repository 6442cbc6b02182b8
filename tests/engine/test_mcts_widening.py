"""The search bot's progressive widening of large decisions and its fitted leaf evaluation (engine/bots/mcts.py,
engine/bots/value.py): the options tried are the heuristic's ranked ones in their order, as many as the
visits allow; the scenario's fitted weights score the leaves where they exist, the hand-made score elsewhere;
the weights file; a fit never lets units lost help a side; the search names no rules family."""

from __future__ import annotations

import ast
import copy
import json
import math
from pathlib import Path

import numpy as np
import pytest
from hexwright.engine.bots import heuristic_for
from hexwright.engine.bots.lead import Lead
from hexwright.engine.bots.mcts import MCTSBot
from hexwright.engine.bots.value import (
    NAMES,
    LeafValue,
    features,
    fit_signed,
    load_weights,
    save_weights,
    scenario_key,
)
from hexwright.engine.formats import load_scenario
from hexwright.engine.rules.protocol import new_game

from tests.conftest import SCENARIOS
from tests.engine.test_mcts import CROSSING, FM_1, KOENIG, SMALL, TARGET, _large_decision

FM_2 = SCENARIOS / "fm-arnhem" / "scenario-2-free-deployment.yaml"
ALL = [FM_1, FM_2, KOENIG, TARGET, CROSSING]
IDS = ["fm-1", "fm-2", "koenig-arnhem-bridge", "target-arnhem", "the-crossing"]
BOTS = Path(__file__).resolve().parents[2] / "engine" / "bots"


def _scenario(path):
    return load_scenario(path).scenario


@pytest.mark.parametrize("path", [FM_1, KOENIG, TARGET, CROSSING],
                         ids=["fm-1", "koenig-arnhem-bridge", "target-arnhem", "the-crossing"])
def test_a_large_decision_widens_over_the_heuristics_ranked_options_in_their_order(path):
    """9 simulations at a decision of more than 8 actions: the options tried are the first of the ranked list
    (the heuristic's choice, then its candidates best first), no more than ceil(sqrt(9)) = 3 of them (the
    last simulation saw 8 visits), the same seed gives the same search, and the action played is legal."""
    sc = _scenario(path)
    probe = heuristic_for(sc, 0)
    state = _large_decision(sc, 3, want=lambda s: len(probe.candidates(s, 6)) >= 3)  # options to widen over
    kw = {**SMALL, "move_simulations": 9}
    a, b = MCTSBot(sc, 11, **kw), MCTSBot(sc, 11, **kw)
    assert a.widening > 0
    choice = a.choose(state.clone())
    assert choice == b.choose(state.clone()) and a.last_search == b.last_search
    assert sum(v for v, _ in a.last_search.values()) == 9
    fresh = MCTSBot(sc, 11, **kw)  # its heuristic's first choice is the one the search started from
    own = fresh._own.choose(state.clone()).text()
    ranked = [x.text() for x in fresh.options(state, state.legal_actions(), own) or []]
    assert ranked[0] == own and len(ranked) <= a.ranked + 1
    assert 2 <= len(a.last_search) <= math.ceil(9 ** 0.5)
    assert set(a.last_search) == set(ranked[:len(a.last_search)])  # a prefix of the ranked options
    assert choice in state.legal_actions()
    wide = MCTSBot(sc, 11, **{**SMALL, "move_simulations": 30})
    wide.choose(state.clone())
    assert len(wide.last_search) > len(a.last_search)  # more visits, more options tried


@pytest.mark.parametrize("path", ALL, ids=IDS)
def test_the_leaves_are_scored_by_the_fitted_weights_where_they_exist(path):
    """Every shipped scenario has fitted weights: the score is half the fitted logit for the first side and
    the opposite for the second; with `leaf="hand-made"`, or for a scenario the weights were not fitted for
    (another order of battle), the hand-made score."""
    sc = _scenario(path)
    entry = load_weights(sc)
    assert entry is not None and entry.test_log_loss < entry.hand_made_log_loss
    state = new_game(sc, 2)
    bot = MCTSBot(sc, 1, **SMALL)
    first, second = (s.id for s in sc.sides)
    z = float(np.dot(entry.weights, features(Lead(sc), state, len(sc.turns) or 1)))
    got = bot.score(state)
    assert got[first] == pytest.approx(z / 2) and got[second] == pytest.approx(-z / 2)
    hand = MCTSBot(sc, 1, leaf="hand-made", **SMALL)
    assert hand.score(state) == Lead(sc).score(state)
    other = copy.copy(sc)
    other.units = dict(list(sc.units.items())[:-1])
    assert load_weights(other) is None and MCTSBot(other, 1, **SMALL)._fitted is None
    with pytest.raises(ValueError, match="leaf evaluation"):
        MCTSBot(sc, 1, leaf="learned")


def test_the_weights_file_round_trip_and_what_it_refuses(tmp_path):
    sc = _scenario(KOENIG)
    path = str(tmp_path / "w.json")
    assert load_weights(sc, path) is None  # no file: no weights
    entry = LeafValue(weights=[0.1 * i for i in range(2 * len(NAMES) + 2)], games=8, seed=3,
                      bots=["heuristic,heuristic"], test_log_loss=0.5, hand_made_log_loss=0.6)
    save_weights(sc, entry, path)
    assert load_weights(sc, path) == entry
    Path(path).write_text("{not json", encoding="utf-8")
    assert load_weights(sc, path) is None
    key = scenario_key(sc)
    Path(path).write_text(json.dumps({key: {"weights": [1.0, 2.0]}}), encoding="utf-8")
    assert load_weights(sc, path) is None  # the wrong number of weights
    Path(path).write_text(json.dumps({key: {"weights": [], "colour": 1}}), encoding="utf-8")
    assert load_weights(sc, path) is None  # an unknown field


def test_a_fit_never_lets_units_lost_help_a_side():
    """Self-play where the side that loses more units wins more often: the plain fit weighs units lost
    positively, the signed fit leaves them out (weight 0 at every point of the game) and still fits the rest."""
    from hexwright.engine.bots.value import fit

    rng = np.random.default_rng(7)
    n = 3000
    lost = rng.normal(size=n)
    obj = rng.normal(size=n)
    t = rng.random(n)
    y = (rng.random(n) < 1 / (1 + np.exp(-(1.5 * obj + 0.8 * lost)))).astype(float)
    zero = np.zeros(n)
    x = np.column_stack([zero, obj, lost, zero, zero, t * obj, t * lost, zero, t, np.ones(n)])
    i = NAMES.index("lost")
    assert fit(x, y)[i] > 0
    w = fit_signed(x, y)
    assert w[i] == 0 and w[i + len(NAMES)] == 0
    assert w[NAMES.index("objectives")] > 1.0
    # units lost that hurt early and help late: kept where they hurt, never positive at any t
    y2 = (rng.random(n) < 1 / (1 + np.exp(-(1.5 * obj - 2.0 * lost * (1 - t) + 1.0 * lost * t)))).astype(float)
    w2 = fit_signed(x, y2)
    assert w2[i] < -1.0
    for tt in (0.0, 0.5, 1.0):
        assert w2[i] + tt * w2[i + len(NAMES)] <= 1e-12


def test_the_search_names_no_rules_family():
    """mcts.py, value.py and lead.py reach a family only through the protocol, the kit and the registry
    (its `information_set` entry): they import no family's package and test no family's class."""
    allowed = {"rules.chance", "rules.protocol", "rules.registry", "rules.kit", "rules.kit.listing"}
    for name in ("mcts.py", "value.py", "lead.py", "objectives.py"):
        tree = ast.parse((BOTS / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("rules"):
                assert node.module in allowed, f"{name} imports {node.module}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance":
                target = ast.unparse(node.args[1])
                assert target in {"SequenceState", "dict"}, f"{name}: isinstance(..., {target})"


def test_ranked_candidates_of_the_crossing_draw_nothing_from_the_heuristics_generator():
    sc = _scenario(CROSSING)
    state = _large_decision(sc, 2)
    asked, fresh = heuristic_for(sc, 5), heuristic_for(sc, 5)
    asked.candidates(state, 6)
    assert asked.choose(state.clone()) == fresh.choose(state.clone())
