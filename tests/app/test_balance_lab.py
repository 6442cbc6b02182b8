"""The balance lab dialog: a small study run through the dialog gives the engine's figures for the same
seed, the GUI thread keeps running meanwhile, Cancel stops the workers and reports the partial count,
a scenario with errors or a bad what-if path is refused with a clear message, sweeps show their table,
and the report is exported as the CLI writes it."""

from __future__ import annotations

import json
import multiprocessing

import pytest
from hexwright.app.balance_lab import BalanceLabDialog, open_balance_lab
from hexwright.engine.balance import run_study, run_sweep
from hexwright.engine.balance.report import json_report
from PySide6.QtCore import QTimer

from tests.conftest import FIXTURES, SCENARIOS

FM_1 = str(SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml")
KOENIG = str(SCENARIOS / "koenig-arnhem-bridge" / "arnhem-bridge.yaml")
WAIT_MS = 120_000


def _dialog(qtbot, path: str | None = FM_1, games: int = 6, workers: int = 2, max_turns: int = 1,
            seed: int = 9) -> BalanceLabDialog:
    dlg = BalanceLabDialog(None, path)
    qtbot.addWidget(dlg)
    dlg.games_spin.setValue(games)
    dlg.workers_spin.setValue(workers)
    dlg.turns_spin.setValue(max_turns)
    dlg.seed_spin.setValue(seed)
    return dlg


def _finished(dlg: BalanceLabDialog) -> bool:
    return dlg.state in ("done", "cancelled", "failed")


def test_open_balance_lab_shows_a_non_modal_dialog_for_the_editors_file(qtbot):
    dlg = open_balance_lab(None, FM_1)
    qtbot.addWidget(dlg)
    assert dlg.isVisible() and not dlg.isModal()
    assert dlg.path_edit.text() == FM_1 and dlg.games_spin.value() == 1000
    assert list(dlg.bot_combos) == ["allied", "german"]
    assert dlg.run_button.isEnabled() and dlg.state == "idle"


def test_a_study_through_the_dialog_gives_the_engines_figures(qtbot):
    dlg = _dialog(qtbot)
    dlg.set_bots({"allied": "random", "german": "random"})
    seen: list[int] = []
    dlg.progress_bar.valueChanged.connect(seen.append)
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(5)
    assert dlg.start()
    assert dlg.state == "running" and not dlg.run_button.isEnabled() and dlg.cancel_button.isEnabled()
    assert not dlg.games_spin.isEnabled()
    qtbot.waitUntil(lambda: _finished(dlg), timeout=WAIT_MS)
    timer.stop()
    assert dlg.state == "done", dlg.message
    assert len(ticks) > 3  # the GUI thread's timers kept firing while the games were played
    expected = run_study(FM_1, 6, ["random", "random"], seed=9, options={"max_turns": 1})
    got = dlg.study_result.summary
    assert got.to_dict() == expected.to_dict()
    assert seen[-1] == 6 and dlg.progress_bar.maximum() == 6
    assert dlg.message.startswith("6 games in ") and "games/s on 2 workers" in dlg.message
    table = dlg.sides_table
    assert table.rowCount() == 2
    for row, r in enumerate(expected.sides):
        assert table.item(row, 0).text() == r.label and table.item(row, 2).text() == str(r.wins)
        assert r.label == {"allied": "Allied", "german": "German"}[r.side]  # the side by its name
        lo, hi = r.win_interval
        assert table.item(row, 6).text() == f"{100 * lo:.1f}% to {100 * hi:.1f}%"
    assert "95% interval" in dlg.report_text.toPlainText() and "decided on: GT 1: 6" in dlg.report_text.toPlainText()
    assert dlg.plot_label.has_image() and not dlg.plot_label.pixmap().isNull()
    assert dlg.export_button.isEnabled() and dlg.run_button.isEnabled() and not dlg.cancel_button.isEnabled()
    assert not dlg.tabs.isTabEnabled(2)  # no sweep


def test_export_writes_the_clis_reports(qtbot, tmp_path):
    dlg = _dialog(qtbot, KOENIG, games=3, workers=1, max_turns=2)
    dlg.set_bots({"allied": "random", "german": "random"})
    assert dlg.start()
    qtbot.waitUntil(lambda: _finished(dlg), timeout=WAIT_MS)
    assert dlg.state == "done", dlg.message
    assert dlg.export_report(str(tmp_path / "r.json")) and dlg.export_report(str(tmp_path / "r.html"))
    assert json.loads((tmp_path / "r.json").read_text()) == json.loads(json_report(dlg.study_result.summary))
    assert "data:image/png;base64," in (tmp_path / "r.html").read_text()
    assert not dlg.export_report(str(tmp_path / "r.txt")) and ".html, .png or .json" in dlg.message


@pytest.mark.parametrize("workers", [1, 2])
def test_cancel_stops_the_study_and_reports_the_partial_count(qtbot, workers):
    dlg = _dialog(qtbot, games=400, workers=workers, max_turns=0)
    dlg.set_bots({"allied": "random", "german": "random"})
    assert dlg.start()
    qtbot.waitUntil(lambda: dlg.progress_bar.value() >= 1, timeout=WAIT_MS)
    dlg.cancel_button.click()
    qtbot.waitUntil(lambda: _finished(dlg), timeout=WAIT_MS)
    assert dlg.state == "cancelled", dlg.message
    played = dlg.study_result.played
    assert 1 <= played < 400 and dlg.study_result.summary.games == played
    assert dlg.message.startswith(f"Cancelled after {played} of 400 games")
    assert dlg.progress_bar.value() == played
    assert multiprocessing.active_children() == []  # no worker left playing
    assert dlg.run_button.isEnabled() and dlg.games_spin.isEnabled()


def test_a_scenario_with_errors_is_refused_with_a_clear_message(qtbot):
    bad = str(FIXTURES / "broken" / "duplicate_unit_id.yaml")
    dlg = _dialog(qtbot, bad)
    assert "the scenario has errors" in dlg.message and "duplicate-id" in dlg.message
    assert "KG Krafft" in dlg.status_label.text()
    assert not dlg.run_button.isEnabled() and not dlg.start() and dlg.state == "failed"
    dlg.path_edit.setText(str(FIXTURES / "nowhere.yaml"))
    assert not dlg.load_scenario() and "cannot read the scenario" in dlg.message
    dlg.path_edit.setText(KOENIG)
    assert dlg.load_scenario() and dlg.run_button.isEnabled() and "Arnhem Bridge" in dlg.title_label.text()


def test_a_bad_what_if_path_is_refused_before_any_game(qtbot):
    dlg = _dialog(qtbot, KOENIG)
    dlg.sweep_check.setChecked(True)
    dlg.sweep_path.setCurrentText("unit[nobody].values.attack")
    dlg.sweep_values.setText("3,4")
    assert not dlg.start()
    assert dlg.state == "failed" and "no unit 'nobody'" in dlg.message and dlg.study_thread is None
    dlg.sweep_path.setCurrentText("turns")
    dlg.sweep_values.setText("")
    assert not dlg.start() and "PATH=V1,V2" in dlg.message


def test_a_sweep_through_the_dialog(qtbot):
    dlg = _dialog(qtbot, KOENIG, games=2, workers=2, max_turns=0, seed=3)
    dlg.set_bots({"allied": "random", "german": "random"})
    dlg.sweep_check.setChecked(True)
    dlg.sweep_path.setCurrentText("turns")
    dlg.sweep_values.setText("1,2")
    assert dlg.start()
    qtbot.waitUntil(lambda: _finished(dlg), timeout=WAIT_MS)
    assert dlg.state == "done", dlg.message
    expected = run_sweep(KOENIG, "turns", [1, 2], 2, ["random"], seed=3)
    assert [s.to_dict() for s in dlg.study_result.summaries] == [s.to_dict() for s in expected]
    assert dlg.progress_bar.maximum() == 4 and dlg.progress_bar.value() == 4
    assert dlg.tabs.isTabEnabled(2) and dlg.sweep_table.rowCount() == 2
    assert [dlg.sweep_table.item(r, 0).text() for r in range(2)] == ["1", "2"]
    assert dlg.sweep_plot.has_image() and dlg.tabs.currentIndex() == 2
    assert "what-if turns" in dlg.report_text.toPlainText()


TARGET_ARNHEM = str(SCENARIOS / "target-arnhem" / "target-arnhem.yaml")


def test_a_target_arnhem_study_through_the_dialog_gives_the_engines_figures(qtbot):
    dlg = _dialog(qtbot, TARGET_ARNHEM, games=4, workers=2, max_turns=2, seed=5)
    assert list(dlg.bot_combos) == ["allied", "german"]
    dlg.set_bots({"allied": "heuristic", "german": "random"})
    assert dlg.start()
    qtbot.waitUntil(lambda: _finished(dlg), timeout=WAIT_MS)
    assert dlg.state == "done", dlg.message
    expected = run_study(TARGET_ARNHEM, 4, ["heuristic", "random"], seed=5, options={"max_turns": 2})
    assert dlg.study_result.summary.to_dict() == expected.to_dict()
    assert [dlg.sides_table.item(r, 0).text() for r in range(2)] == ["Allied", "German"]
    assert dlg.plot_label.has_image()


def test_the_progress_bar_reads_the_forms_games_before_a_run(qtbot):
    dlg = BalanceLabDialog(None, KOENIG)
    qtbot.addWidget(dlg)
    assert dlg.games_spin.value() == 1000 and dlg.progress_bar.maximum() == 1000 and dlg.progress_bar.value() == 0
    assert dlg.progress_bar.text() == "0 / 1000 games"
    dlg.games_spin.setValue(250)
    assert dlg.progress_bar.maximum() == 250
    dlg.sweep_check.setChecked(True)
    dlg.sweep_path.setCurrentText("turns")
    dlg.sweep_values.setText("8,9,10")
    assert dlg.progress_bar.maximum() == 750  # 250 games for each of the 3 values


def test_estimate_shares_the_sampled_games_among_the_workers():
    from hexwright.app.balance_lab.study import estimate_seconds

    assert estimate_seconds(3, 6.0, 100, 2, 2) == 2.0 * 50
    assert estimate_seconds(3, 6.0, 101, 4, 2) == 2.0 * 51  # no more at once than the machine's cores
    assert estimate_seconds(0, 10.0, 10, 1, 4) == 100.0  # no sample game finished: a lower bound


def test_a_large_study_is_timed_on_a_sample_and_the_estimate_shown_before_it_runs(qtbot):
    dlg = _dialog(qtbot, KOENIG, games=40, workers=1, max_turns=1)
    dlg.set_bots({"allied": "random", "german": "random"})
    states = []
    dlg.progress_bar.valueChanged.connect(lambda v: states.append((dlg.state, dlg.estimate_label.text(), v)))
    assert dlg.start()
    assert dlg.state == "estimating" and "sample games" in dlg.message and dlg.cancel_button.isEnabled()
    qtbot.waitUntil(lambda: _finished(dlg), timeout=WAIT_MS)
    assert dlg.state == "done", dlg.message
    assert dlg.estimate is not None and dlg.estimate > 0
    first_game = next(s for s in states if s[2] >= 1)
    assert first_game[0] == "running" and first_game[1].startswith("Estimated time: about ")  # shown before
    assert "for 40 games on 1 worker (3 sample games took" in dlg.estimate_label.text()
    assert dlg.study_result.summary.games == 40


def test_cancel_while_timing_the_sample(qtbot):
    dlg = _dialog(qtbot, KOENIG, games=40, workers=1, max_turns=0)
    dlg.set_bots({"allied": "random", "german": "random"})
    assert dlg.start() and dlg.state == "estimating"
    dlg.cancel_button.click()
    assert dlg.state == "idle" and "before the run started" in dlg.message
    qtbot.waitUntil(lambda: dlg.sampler is None, timeout=WAIT_MS)
    assert dlg.study_thread is None and dlg.run_button.isEnabled()


def test_a_comparison_of_bots_through_the_dialog_gives_the_verdict_and_the_metrics(qtbot, tmp_path):
    from hexwright.engine.balance import run_comparison, verdict

    dlg = _dialog(qtbot, KOENIG, games=2, workers=1, max_turns=1, seed=3)
    dlg.set_bots({"allied": "random", "german": "random"})
    dlg.sweep_check.setChecked(True)
    dlg.compare_check.setChecked(True)  # one at a time: the sweep is unticked
    assert not dlg.sweep_check.isChecked()
    assert dlg.compare_box.isEnabled() and list(dlg.compare_combos) == ["allied", "german"]
    dlg.compare_combos["allied"].setCurrentIndex(dlg.compare_combos["allied"].findData("heuristic"))
    dlg.compare_combos["german"].setCurrentIndex(dlg.compare_combos["german"].findData("random"))
    assert dlg.progress_bar.maximum() == 4  # two studies of 2 games
    assert dlg.start()
    qtbot.waitUntil(lambda: _finished(dlg), timeout=WAIT_MS)
    assert dlg.state == "done", dlg.message
    expected = run_comparison(KOENIG, 2, [["random", "random"], ["heuristic", "random"]], seed=3,
                              options={"max_turns": 1})
    assert dlg.results.verdict_label.isVisible() or not dlg.isVisible()
    assert dlg.results.verdict_label.text() == "\n".join(verdict(expected))
    assert dlg.sides_table.rowCount() == 4
    assert [dlg.sides_table.item(r, 1).text() for r in range(4)] == ["random", "random", "heuristic", "random"]
    metrics = dlg.results.metrics_table
    assert metrics.columnCount() == 3 and metrics.rowCount() == 8
    assert metrics.item(6, 0).text().startswith("game diversity")
    assert metrics.item(6, 1).text().startswith(f"{expected[0].metrics.distinct} of 2")
    assert dlg.export_report(str(tmp_path / "c.html"))
    assert "Balance with different bots" in (tmp_path / "c.html").read_text(encoding="utf-8")
