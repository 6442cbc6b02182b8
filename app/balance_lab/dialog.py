"""The balance lab in the app: the CLI's `hexwright balance` in a non-modal dialog. Pick the scenario,
the number of games, a bot per side, the seed, the worker processes, a turn limit and an optional
what-if sweep or a comparison with other bots (the verdict says whether it depends on them); Run shows
games done, games per second and the time left, Cancel stops the workers at once, and the results
(win/draw/loss per side with 95% intervals, the turns games were decided, losses, victory conditions,
heat maps, the designer's metrics, the sweep's table and plot, shown by results.py) are the reports the
CLI writes (engine/balance/report.py). The study runs beside the GUI thread (study.py): the window stays
usable."""

from __future__ import annotations

import html
import os
from pathlib import Path

from hexwright.engine.balance import SweepError, parse_sweep, scenario_for
from hexwright.engine.balance.compare import write_comparison_report
from hexwright.engine.balance.progress import ProgressMeter
from hexwright.engine.balance.report import write_report, write_sweep_report
from hexwright.engine.bots import BOT_NAMES
from hexwright.engine.model import Scenario
from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from .results import ResultsView
from .study import (
    ESTIMATE_ABOVE,
    SAMPLE_GAMES,
    SampleThread,
    StudyRequest,
    StudyResult,
    StudyThread,
    estimate_seconds,
)

DEFAULT_GAMES = 1000
SWEEP_EXAMPLES = ["turns", "reinforcement[0].turn", "unit[ID].values.attack", "turn[2].allotments.SIDE"]


class BalanceLabDialog(QDialog):
    """States: "idle" (nothing run yet), "running", "done", "cancelled", "failed"."""

    def __init__(self, parent: QWidget | None = None, scenario_path: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Balance lab")
        self.setModal(False)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.state = "idle"
        self.scenario: Scenario | None = None
        self.study_thread: StudyThread | None = None
        self.study_result: StudyResult | None = None
        self.meter: ProgressMeter | None = None
        self.message = ""  # the last error or status shown
        self._sampled: StudyRequest | None = None  # the study being timed

        # -- the study --------------------------------------------------------------------------
        self.path_edit = QLineEdit(scenario_path or "")
        self.path_edit.setPlaceholderText("a scenario file (.yaml)")
        self.path_edit.editingFinished.connect(self.load_scenario)
        self.browse_button = QPushButton("Browse…")
        self.browse_button.clicked.connect(self._browse)
        path_row = QHBoxLayout()
        path_row.addWidget(self.path_edit, 1)
        path_row.addWidget(self.browse_button)
        self.title_label = QLabel()
        self.games_spin = QSpinBox()
        self.games_spin.setRange(1, 10_000_000)
        self.games_spin.setGroupSeparatorShown(True)
        self.games_spin.setValue(DEFAULT_GAMES)
        self.bots_box = QWidget()
        self.bots_layout = QFormLayout(self.bots_box)
        self.bots_layout.setContentsMargins(0, 0, 0, 0)
        self.bot_combos: dict[str, QComboBox] = {}
        # the same study again with other bots (the same seeds): does the verdict depend on the bots?
        self.compare_check = QCheckBox("Compare with other bots")
        self.compare_check.setToolTip("Play the study again with these bots, the same seeds, and say whether the "
                                      "win rates differ beyond their 95% intervals")
        self.compare_box = QWidget()
        self.compare_layout = QFormLayout(self.compare_box)
        self.compare_layout.setContentsMargins(0, 0, 0, 0)
        self.compare_combos: dict[str, QComboBox] = {}
        self.compare_box.setEnabled(False)
        self.compare_check.toggled.connect(self.compare_box.setEnabled)
        self.seed_spin = QSpinBox()
        self.seed_spin.setRange(0, 2**31 - 1)
        self.seed_spin.setToolTip("Each game's seed and its bots' seeds come from this and the game's number: "
                                  "the same seed gives the same study whatever number of workers")
        self.workers_spin = QSpinBox()
        self.workers_spin.setRange(1, max(64, 4 * (os.cpu_count() or 1)))
        self.workers_spin.setValue(os.cpu_count() or 1)
        self.workers_spin.setToolTip("Worker processes on this machine")
        self.turns_spin = QSpinBox()
        self.turns_spin.setRange(0, 999)
        self.turns_spin.setSpecialValueText("to the end")
        self.turns_spin.setToolTip("Judge each game after this many game turns (0: play to the end)")
        self.sweep_check = QCheckBox("What-if sweep")
        self.sweep_path = QComboBox()
        self.sweep_path.setEditable(True)
        self.sweep_path.addItems(SWEEP_EXAMPLES)
        self.sweep_path.setToolTip("reinforcement[I].turn, unit[ID].values.KEY, turns, turn[N].allotments.SIDE")
        self.sweep_values = QLineEdit()
        self.sweep_values.setPlaceholderText("values, e.g. 2,3,4")
        for w in (self.sweep_path, self.sweep_values):
            w.setEnabled(False)
        self.sweep_check.toggled.connect(self.sweep_path.setEnabled)
        self.sweep_check.toggled.connect(self.sweep_values.setEnabled)
        sweep_row = QHBoxLayout()
        sweep_row.addWidget(self.sweep_path, 3)
        sweep_row.addWidget(QLabel("="))
        sweep_row.addWidget(self.sweep_values, 2)
        self.title_label.setWordWrap(True)

        form = QFormLayout()
        form.addRow("Scenario:", path_row)
        form.addRow(self.title_label)
        form.addRow("Games:", self.games_spin)
        form.addRow("Seed:", self.seed_spin)
        form.addRow("Workers:", self.workers_spin)
        form.addRow("Max turns:", self.turns_spin)
        form.addRow("Bots:", self.bots_box)
        form.addRow(self.compare_check)
        form.addRow(self.compare_box)
        form.addRow(self.sweep_check)
        form.addRow(sweep_row)
        setup = QGroupBox("Study")
        setup.setLayout(form)

        # -- running ----------------------------------------------------------------------------
        self.run_button = QPushButton("Run")
        self.run_button.setDefault(True)
        self.run_button.clicked.connect(self.start)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.export_button = QPushButton("Export report…")
        self.export_button.setEnabled(False)
        self.export_button.clicked.connect(self._ask_export)
        self.close_button = QPushButton("Close")
        self.close_button.clicked.connect(self.close)
        self.progress_bar = QProgressBar()
        self.progress_bar.setFormat("%v / %m games")
        self.progress_bar.setRange(0, DEFAULT_GAMES)  # the form's number of games, before and during a run
        self.progress_bar.setValue(0)
        self.estimate_label = QLabel()
        self.estimate_label.setWordWrap(True)
        self.estimate_label.setToolTip(f"Studies of more than {ESTIMATE_ABOVE} games are timed on {SAMPLE_GAMES} "
                                       "sample games on one worker before they start")
        self.sampler: SampleThread | None = None
        self.estimate: float | None = None  # seconds, for the last study timed
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.status_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        run_row = QHBoxLayout()
        run_row.addWidget(self.run_button)
        run_row.addWidget(self.cancel_button)

        # -- results ----------------------------------------------------------------------------
        self.results = ResultsView()
        # the result widgets, by the names the dialog has always had
        self.sides_table, self.report_text, self.plot_label = (self.results.sides_table, self.results.report_text,
                                                              self.results.plot_label)
        self.sweep_table, self.sweep_plot, self.tabs = (self.results.sweep_table, self.results.sweep_plot,
                                                       self.results.tabs)

        buttons = QHBoxLayout()
        buttons.addWidget(self.export_button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        left = QVBoxLayout()
        left.addWidget(setup)
        left.addLayout(run_row)
        left.addWidget(self.progress_bar)
        left.addWidget(self.estimate_label)
        left.addWidget(self.status_label)
        left.addStretch(1)
        left.addLayout(buttons)
        left_box = QWidget()
        left_box.setLayout(left)
        left_box.setFixedWidth(370)
        layout = QHBoxLayout(self)
        layout.addWidget(left_box)
        layout.addWidget(self.results, 1)
        self.compare_check.toggled.connect(self._compare_or_sweep)
        self.sweep_check.toggled.connect(self._compare_or_sweep)
        for sig in (self.games_spin.valueChanged, self.sweep_check.toggled, self.sweep_values.textChanged,
                    self.compare_check.toggled):
            sig.connect(self._sync_progress)
        self.resize(1280, 860)
        if scenario_path:
            self.load_scenario()
        else:
            self._set_status("Choose a scenario file.")
            self.run_button.setEnabled(False)

    # -- the form ---------------------------------------------------------------------------------
    def _browse(self) -> None:
        start = str(Path(self.path_edit.text()).parent) if self.path_edit.text() else ""
        path, _ = QFileDialog.getOpenFileName(self, "Scenario for the balance lab", start,
                                              "Scenarios (*.yaml *.yml);;All files (*)")
        if path:
            self.path_edit.setText(path)
            self.load_scenario()

    def load_scenario(self) -> bool:
        """Read the scenario named in the form: its sides get a bot each; errors are shown, Run disabled."""
        path = self.path_edit.text().strip()
        self.scenario = None
        try:
            if not path:
                raise ValueError("choose a scenario file")
            sc = scenario_for(path)
            from hexwright.engine.rules.registry import RULES_FAMILIES

            family = RULES_FAMILIES.get(sc.rules)
            if family is None or not family.game:
                raise ValueError(f"{path}: no rules engine plays the rules family {sc.rules!r}")
        except ValueError as exc:
            self.title_label.setText("")
            self._set_bots([])
            self._set_status(str(exc), error=True)
            self.run_button.setEnabled(False)
            return False
        self.scenario = sc  # read by _set_bots for the sides' names
        self.title_label.setText(f"<b>{html.escape(sc.title)}</b> ({html.escape(sc.rules)}), "
                                 f"{len(sc.turns)} game turns, sides "
                                 + ", ".join(html.escape(s.name or s.id) for s in sc.sides))
        self._set_bots([s.id for s in sc.sides])
        self._set_status("Ready.")
        self.run_button.setEnabled(self.state != "running")
        return True

    def _compare_or_sweep(self, on: bool) -> None:
        """A comparison of bots and a what-if sweep are run one at a time (as on the command line)."""
        other = self.sweep_check if self.sender() is self.compare_check else self.compare_check
        if on:
            other.setChecked(False)

    def _set_bots(self, sides: list[str]) -> None:
        if sides == list(self.bot_combos):
            return
        for combos, layout, default in ((self.bot_combos, self.bots_layout, "heuristic"),
                                        (self.compare_combos, self.compare_layout, "mcts")):
            old = {side: box.currentData() for side, box in combos.items()}
            while layout.rowCount():
                layout.removeRow(0)
            combos.clear()
            for side in sides:
                box = QComboBox()
                for name in BOT_NAMES:
                    box.addItem(name, name)
                box.setCurrentIndex(max(0, box.findData(old.get(side, default))))
                combos[side] = box
                found = self.scenario.side(side) if self.scenario is not None else None
                layout.addRow(f"{found.name if found is not None and found.name else side}:", box)

    def set_bots(self, bots: dict[str, str]) -> None:
        for side, name in bots.items():
            box = self.bot_combos[side]
            box.setCurrentIndex(box.findData(name))

    def request(self) -> StudyRequest:
        """The study the form describes; ValueError (SweepError) says what is wrong with it."""
        if self.scenario is None and not self.load_scenario():
            raise ValueError(self.message)
        sweep = None
        if self.sweep_check.isChecked():
            path, values = parse_sweep(f"{self.sweep_path.currentText()}={self.sweep_values.text()}")
            if not values:
                raise SweepError("give the sweep at least one value")
            sweep = (path, values)
        compare = [box.currentData() for box in self.compare_combos.values()] if self.compare_check.isChecked() \
            and sweep is None else None
        return StudyRequest(self.path_edit.text().strip(), self.games_spin.value(),
                            [box.currentData() for box in self.bot_combos.values()], self.seed_spin.value(),
                            self.workers_spin.value(), self.turns_spin.value() or None, sweep, compare)

    def _set_status(self, text: str, error: bool = False) -> None:
        self.message = text
        self.status_label.setStyleSheet("color: #b00020;" if error else "")
        self.status_label.setText(text)

    def _set_running(self, running: bool) -> None:
        for w in (self.path_edit, self.browse_button, self.games_spin, self.seed_spin, self.workers_spin,
                  self.turns_spin, self.sweep_check, self.bots_box, self.compare_check):
            w.setEnabled(not running)
        self.compare_box.setEnabled(self.compare_check.isChecked() and not running)
        sweeping = self.sweep_check.isChecked() and not running
        self.sweep_path.setEnabled(sweeping)
        self.sweep_values.setEnabled(sweeping)
        self.run_button.setEnabled(not running and self.scenario is not None)
        self.cancel_button.setEnabled(running)

    def _sync_progress(self, *_args) -> None:
        """Before a run the bar reads 0 of the games the form asks for (a sweep: games x values)."""
        if self.state in ("running", "estimating"):
            return
        total = self.games_spin.value() * (2 if self.compare_check.isChecked() else 1)
        if self.sweep_check.isChecked():
            try:
                _, values = parse_sweep(f"{self.sweep_path.currentText()}={self.sweep_values.text()}")
                total *= max(1, len(values))
            except ValueError:
                pass
        self.progress_bar.setRange(0, total)
        self.progress_bar.setValue(0)
        self.estimate_label.setText("")

    # -- running ----------------------------------------------------------------------------------
    def start(self) -> bool:
        """Run the study the form describes; False (and the reason shown) when it cannot start. A study of
        more than ESTIMATE_ABOVE games is first timed on a sample, and its estimated time shown, then run."""
        if self.state in ("running", "estimating"):
            return False
        if self.sampler is not None:  # a cancelled sample still stopping
            self._set_status("Wait: the sample games are stopping.")
            return False
        if not self.load_scenario():  # again: the file may have changed since (loaded once per version)
            self.state = "failed"
            return False
        try:
            req = self.request()
            if req.sweep:
                for v in req.sweep[1]:
                    scenario_for(req.scenario, (req.sweep[0], v))  # a bad path or value: refused before any game
        except ValueError as exc:
            self._set_status(str(exc), error=True)
            self.state = "failed"
            return False
        self.study_result = None
        self.export_button.setEnabled(False)
        self.progress_bar.setRange(0, req.total_games)
        self.progress_bar.setValue(0)
        if req.total_games > ESTIMATE_ABOVE:  # time a sample first: the estimate is shown before the run
            self.state = "estimating"
            self._set_running(True)
            self.estimate_label.setText("")
            self._set_status(f"Timing {min(SAMPLE_GAMES, req.total_games)} sample games to estimate the study's "
                             "time…")
            self._sampled = req
            self.sampler = SampleThread(req, self)
            self.sampler.timed.connect(self._on_timed)
            self.sampler.failed.connect(self._on_sample_failed)
            self.sampler.start()
            return True
        self.estimate = None
        self.estimate_label.setText("")
        self._launch(req)
        return True

    def _finish_sampler(self) -> None:
        if self.sampler is not None:
            self.sampler.wait()
            self.sampler.deleteLater()
            self.sampler = None

    def _on_sample_failed(self, message: str) -> None:
        self._finish_sampler()
        self._set_running(False)
        self.state = "failed"
        self._set_status(message, error=True)

    def _on_timed(self, games: int, seconds: float) -> None:
        self._finish_sampler()
        req = self._sampled
        if self.state != "estimating" or req is None:  # cancelled while timing
            return
        from hexwright.engine.balance.progress import duration

        self.estimate = estimate_seconds(games, seconds, req.total_games, req.workers, os.cpu_count() or 1)
        lanes = max(1, min(req.workers, os.cpu_count() or 1))
        sample = (f"{games} sample game{'s' if games != 1 else ''} took {duration(seconds / games)} each" if games
                  else f"no sample game finished in {duration(seconds)}: at least")
        self.estimate_label.setText(f"Estimated time: {'at least ' if not games else 'about '}"
                                    f"{duration(self.estimate)} for {req.total_games:,} games on {lanes} worker"
                                    f"{'s' if lanes > 1 else ''} ({sample})")
        self._launch(req)

    def _launch(self, req: StudyRequest) -> None:
        self.state = "running"
        self.progress_bar.setRange(0, req.total_games)
        self.progress_bar.setValue(0)
        self.meter = ProgressMeter(req.total_games, interval=0.0)
        self._set_status(self.meter.reading(0).text() + f" on {req.workers} worker"
                         + ("s" if req.workers > 1 else ""))
        self._set_running(True)
        self.study_thread = StudyThread(req, self)
        self.study_thread.progress.connect(self._on_progress)
        self.study_thread.succeeded.connect(self._on_done)
        self.study_thread.failed.connect(self._on_failed)
        self.study_thread.start()

    def cancel(self) -> None:
        if self.sampler is not None and self.state == "estimating":
            self.sampler.cancel()
            self.state = "idle"
            self._set_running(False)
            self._set_status("Cancelled before the run started.")
            return
        if self.study_thread is not None and self.state == "running":
            self.study_thread.cancel()
            self.cancel_button.setEnabled(False)
            self._set_status("Stopping the workers…")

    def _on_progress(self, done: int, total: int) -> None:
        if self.state != "running":
            return
        self.progress_bar.setMaximum(total)
        self.progress_bar.setValue(done)
        if self.meter is not None and not (self.study_thread and self.study_thread.cancelling):
            self._set_status(self.meter.reading(done).text())

    def _finish_thread(self) -> None:
        if self.study_thread is not None:
            self.study_thread.wait()
            self.study_thread.deleteLater()
            self.study_thread = None
        self._set_running(False)

    def _on_failed(self, message: str) -> None:
        self._finish_thread()
        self.state = "failed"
        self._set_status(message, error=True)

    def _on_done(self, result: StudyResult) -> None:
        self._finish_thread()
        self.study_result = result
        req = result.request
        total = req.total_games
        self.state = "cancelled" if result.cancelled else "done"
        self.progress_bar.setMaximum(total)
        self.progress_bar.setValue(result.played)
        from hexwright.engine.balance.progress import duration

        if result.cancelled:
            kept = (f"; the results are of the {sum(s.games for s in result.summaries)} games of the values "
                    "that finished" if req.sweep else "; the results are of those games")
            self._set_status(f"Cancelled after {result.played} of {total} games ({duration(result.seconds)})"
                             + (kept if result.summaries and result.played else ""))
        else:
            self._set_status(f"{total} games in {duration(result.seconds)} ({total / max(result.seconds, 1e-9):.2f} "
                             f"games/s on {req.workers} worker{'s' if req.workers > 1 else ''}).")
        self.show_results(result)

    # -- results ----------------------------------------------------------------------------------
    def show_results(self, result: StudyResult) -> None:
        s = result.summary
        self.export_button.setEnabled(bool(result.summaries) and (s is not None and s.games > 0))
        self.results.show_result(result)

    # -- export -----------------------------------------------------------------------------------
    def _ask_export(self) -> None:
        if self.study_result is None:
            return
        stem = Path(self.study_result.request.scenario).stem
        path, _ = QFileDialog.getSaveFileName(self, "Export the balance report", f"{stem}-balance.html",
                                              "HTML report (*.html);;JSON (*.json);;PNG plots (*.png)")
        if path:
            self.export_report(path)

    def export_report(self, path: str) -> bool:
        """Write the report as the CLI's --report / --json would: .html, .json or .png."""
        res = self.study_result
        if res is None or not res.summaries:
            return False
        try:
            if res.request.compare:
                write_comparison_report(res.summaries, path)
            elif res.request.sweep:
                write_sweep_report(res.request.sweep[0], res.values, res.summaries, path)
            else:
                write_report(res.summaries[0], path)
        except (ValueError, OSError) as exc:
            self._set_status(f"cannot export the report: {exc}", error=True)
            return False
        self._set_status(f"Report written to {path}")
        return True

    # -- closing ----------------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        if self.sampler is not None:
            self.sampler.cancel()
            self.sampler.wait()
        if self.study_thread is not None:
            self.study_thread.cancel()
            self.study_thread.wait()
        super().closeEvent(event)


def open_balance_lab(parent: QWidget | None, scenario_path: str | None) -> BalanceLabDialog:
    """Open the balance lab (non-modal) for a scenario file, e.g. the editor's current one; the dialog
    is returned, already shown."""
    dialog = BalanceLabDialog(parent, scenario_path)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog


__all__ = ["BalanceLabDialog", "open_balance_lab"]
