"""The sixth-family proof (issue 28): a rules family written here, in its own folder, registered at run
time, is validated, played by the bots, checked by the conformance test and studied by the balance lab
through their ordinary paths, with no other file naming it (its counters and the balance lab's dialog:
tests/app/test_tiny_family_app.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hexwright.app import cli
from hexwright.engine.balance.runner import make_tasks, run_tasks
from hexwright.engine.bots import make_bot, play
from hexwright.engine.formats import load_scenario
from hexwright.engine.rules.presentation import presenter_for
from hexwright.engine.rules.protocol import new_game
from hexwright.engine.rules.registry import RULES_FAMILIES, playable_families, register_family
from hexwright.engine.validation import validate_scenario

from tests.engine.rules.test_conformance import default_run, failures

from .family import FAMILY
from .game import TinyGame
from .scenario import OBJECTIVE, registered, save, tiny_scenario
from .view import TinyPresenter


@pytest.fixture
def tiny() -> Iterator[None]:
    with registered():
        yield


def test_registering_adds_the_family_and_unregistering_takes_it_out():
    assert FAMILY.id not in RULES_FAMILIES
    with registered():
        assert RULES_FAMILIES[FAMILY.id] is FAMILY
        assert FAMILY in playable_families()
        with pytest.raises(ValueError, match="already registered"):
            register_family(FAMILY)
    assert FAMILY.id not in RULES_FAMILIES


def test_it_validates_through_hexwright_validate(tiny, tmp_path, capsys):
    path = save(tiny_scenario(), tmp_path)
    assert cli.main(["validate", str(path)]) == 0
    got = capsys.readouterr()
    assert "ok (0 errors" in got.out + got.err
    loaded = load_scenario(path)
    assert loaded.scenario is not None and loaded.scenario.rules == FAMILY.id
    assert validate_scenario(loaded.scenario) == []


def test_its_own_checks_side_ids_and_table_schema_come_from_its_entry(tiny, tmp_path, capsys):
    codes = {d.code for d in validate_scenario(tiny_scenario(objective="0909", sides=("north", "south")))}
    assert {"tiny-objective", "sides"} <= codes  # the family's checks.py; its side_ids
    bad = tiny_scenario()
    bad.tables["hill_bonus"].rows["hill"] = ["lots"]
    path = save(bad, tmp_path)
    assert cli.main(["validate", str(path)]) != 0
    assert "column 'bonus' must be a whole number from 0 to 9" in capsys.readouterr().out  # its TableSchema


def test_an_unregistered_family_is_refused_by_name(tmp_path, capsys):
    path = save(tiny_scenario(), tmp_path)
    assert cli.main(["validate", str(path)]) != 0
    assert f"unknown rules family {FAMILY.id!r}" in capsys.readouterr().out


@pytest.mark.parametrize("red, blue", [("random", "random"), ("heuristic", "random"), ("heuristic", "heuristic"),
                                       ("mcts", "random")])
def test_the_bots_play_it_to_the_end(tiny, red, blue):
    sc = tiny_scenario()
    for seed in range(4):
        state = new_game(sc, seed)
        assert isinstance(state.game, TinyGame) and isinstance(presenter_for(state), TinyPresenter)
        play(state, {"red": make_bot(red, seed, sc), "blue": make_bot(blue, seed + 100, sc)})
        assert state.is_terminal() and state.outcome() is not None
        if red == "heuristic":  # two steps from the objective, blue four: the heuristic takes it
            assert state.outcome().winner == "red", state.action_texts()
            assert presenter_for(state).units(state)[0].hex == OBJECTIVE


def test_the_conformance_checks_hold_for_it(tiny, tmp_path):
    """The conformance test's own game loop (tests/engine/rules/test_conformance.py) on the family's
    scenario: every action legal and stable, refusals change nothing, clone, serialize and the game log
    replay to the same end."""
    path = save(tiny_scenario(), tmp_path)
    results = default_run(str(path))
    assert not failures(results), failures(results)
    assert len(results) >= 2 and all(r["outcome"] for r in results)


def test_the_balance_lab_runner_studies_it(tiny, tmp_path):
    path = save(tiny_scenario(), tmp_path)
    records = run_tasks(make_tasks(str(path), ("heuristic", "random"), 6, seed=5))
    assert len(records) == 6
    assert all(r.finished and r.winner == "red" for r in records)
