"""The sixth-family proof in the app (issue 28): the tiny rules family of tests/engine/rules/tiny_family,
registered at run time, has its counters drawn as its registry entry says and is studied through the
balance lab's dialog, with no app file naming it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hexwright.app.balance_lab import BalanceLabDialog
from hexwright.app.counters.draw import counter_look, counter_pixmap, value_parts
from hexwright.app.counters.images import has_back
from hexwright.engine.balance import run_study
from hexwright.engine.rules.registry import CounterLook

from tests.engine.rules.tiny_family.family import FAMILY
from tests.engine.rules.tiny_family.scenario import registered, save, tiny_scenario


@pytest.fixture
def tiny() -> Iterator[None]:
    with registered():
        yield


def test_its_counters_are_drawn_from_its_entry(tiny, qtbot):
    sc = tiny_scenario()
    unit = sc.units["R1"]
    assert counter_look(sc.rules) == FAMILY.counters
    assert value_parts(sc.rules, {"movement": 1, "strength": 2}) == ["2", "1"]  # its unit_values' order
    assert has_back(unit, sc)  # a one-step unit with an arrival back (its CounterLook)
    front, back = counter_pixmap(unit, sc, 96), counter_pixmap(unit, sc, 96, back=True)
    assert not front.isNull() and not back.isNull()
    assert front.toImage() != back.toImage()


def test_without_its_entry_the_counter_is_plain(qtbot):
    sc = tiny_scenario()
    assert counter_look(sc.rules) == CounterLook()
    assert not has_back(sc.units["R1"], sc)


def test_the_balance_lab_dialog_runs_a_study_of_it(tiny, qtbot, tmp_path):
    path = str(save(tiny_scenario(), tmp_path))
    dlg = BalanceLabDialog(None, path)
    qtbot.addWidget(dlg)
    assert dlg.run_button.isEnabled(), dlg.message
    assert list(dlg.bot_combos) == list(FAMILY.side_ids)
    dlg.games_spin.setValue(4)
    dlg.workers_spin.setValue(1)  # a family registered at run time lives in this process
    dlg.seed_spin.setValue(3)
    dlg.set_bots({"red": "heuristic", "blue": "random"})
    assert dlg.start()
    qtbot.waitUntil(lambda: dlg.state in ("done", "cancelled", "failed"), timeout=120_000)
    assert dlg.state == "done", dlg.message
    expected = run_study(path, 4, ["heuristic", "random"], seed=3)
    assert {r.side: r.wins for r in expected.sides} == {"red": 4, "blue": 0}
    table = dlg.sides_table  # what the dialog shows: each side by its name, with its wins
    assert table.rowCount() == 2
    for row, r in enumerate(expected.sides):
        assert table.item(row, 0).text() == r.label and table.item(row, 2).text() == str(r.wins)
