"""The balance lab's results: the win/draw/loss table per side, the text reports, the plots and the
what-if sweep's table and plot (the reports engine/balance/report.py writes), shown by the dialog."""

from __future__ import annotations

from hexwright.engine.balance.compare import bots_text, verdict
from hexwright.engine.balance.metrics import StudyMetrics
from hexwright.engine.balance.report import sweep_text, text_report
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QPixmap, QResizeEvent
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from .study import StudyResult

SIDE_COLUMNS = ["side", "bot", "wins", "draws", "losses", "win rate", "95% interval", "units lost", "mean VP"]


def metric_rows(m: StudyMetrics, side_name: dict[str, str]) -> list[tuple[str, str]]:
    """(metric, value) rows of a study's metrics (engine/balance/metrics.py), as the Metrics tab shows them."""
    rows = [("balance (1: the sides win alike)", f"{m.balance:.2f}"),
            ("drawishness (games drawn)", _pct(m.drawishness)),
            ("decisiveness (share of turns the winner led for good)",
             "-" if m.decisiveness is None else f"{m.decisiveness:.2f}"),
            ("duration (turns; actions)", f"{m.mean_turns:.1f}; {m.mean_actions:.0f}"),
            ("lead changes a game (a turn)", f"{m.lead_changes:.2f} ({m.lead_changes_per_turn:.2f})"),
            ("first-player advantage (a draw counts half)",
             "-" if m.first_advantage is None else f"{side_name.get(m.first_side, m.first_side)} "
                                                   f"{_pct(m.first_advantage)}"),
            ("game diversity (distinct games)", f"{m.distinct} of {m.games}"
             + (f": {len(m.repeats)} REPEATED" if m.repeats else "")),
            ("distinct endings (who won, where units were lost)",
             "-" if not m.endings else f"{m.endings} of {m.games}" + (": NEAR-IDENTICAL" if 2 * m.endings < m.games
                                                                      else ""))]
    return rows


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


class PlotView(QLabel):
    """A report's PNG scaled to fit the space it has (keeping its proportions); Export writes it full size."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        self.setMinimumSize(200, 150)
        self.original = QPixmap()

    def set_png(self, data: bytes | None, text: str = "") -> None:
        self.original = QPixmap()
        if data:
            self.original.loadFromData(data, "PNG")
        self.setText(text if self.original.isNull() else "")
        self._fit()

    def has_image(self) -> bool:
        return not self.original.isNull()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        if self.original.isNull():
            self.setPixmap(QPixmap())
            return
        self.setPixmap(self.original.scaled(self.size(), Qt.AspectRatioMode.KeepAspectRatio,
                                            Qt.TransformationMode.SmoothTransformation))


class ResultsView(QWidget):
    """The results side of the balance lab; empty until `show_result`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sides_table = QTableWidget(0, len(SIDE_COLUMNS))
        self.sides_table.setHorizontalHeaderLabels(SIDE_COLUMNS)
        self.sides_table.verticalHeader().setVisible(False)
        self.sides_table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.sides_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.sides_table.horizontalHeader().setSectionResizeMode(SIDE_COLUMNS.index("95% interval"),
                                                                 QHeaderView.ResizeMode.ResizeToContents)
        self.sides_table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.sides_table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.fit_table_height(2)
        self.report_text = QPlainTextEdit()
        self.report_text.setReadOnly(True)
        mono = QFont("Monospace")
        mono.setStyleHint(QFont.StyleHint.TypeWriter)
        self.report_text.setFont(mono)
        self.report_text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.plot_label = PlotView("The plots appear here when a study has finished.")
        self.sweep_table = QTableWidget(0, 0)
        self.sweep_table.verticalHeader().setVisible(False)
        self.sweep_table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.sweep_table.setMaximumHeight(160)
        self.sweep_plot = PlotView("")
        self.verdict_label = QLabel()
        self.verdict_label.setWordWrap(True)
        self.verdict_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.verdict_label.setVisible(False)
        self.verdict_label.setStyleSheet("font-weight: bold;")
        self.metrics_table = QTableWidget(0, 2)
        self.metrics_table.verticalHeader().setVisible(False)
        self.metrics_table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        sweep_tab = QWidget()
        wl = QVBoxLayout(sweep_tab)
        wl.addWidget(self.sweep_table)
        wl.addWidget(self.sweep_plot, 1)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.plot_label, "Plots")
        self.tabs.addTab(self.report_text, "Report")
        self.tabs.addTab(sweep_tab, "What-if")
        self.tabs.setTabEnabled(2, False)
        self.tabs.addTab(self.metrics_table, "Metrics")
        rl = QVBoxLayout(self)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.addWidget(self.verdict_label)
        rl.addWidget(self.sides_table)
        rl.addWidget(self.tabs, 1)

    def show_result(self, result: StudyResult) -> None:
        """The study's per-side table, its text reports, its plots and (for a sweep) the what-if table."""
        s = result.summary
        self.sides_table.setRowCount(0)
        self.report_text.setPlainText("")
        if s is None or not s.games:
            self.plot_label.set_png(None, "No game finished.")
            return
        compared = result.summaries if result.request.compare else [s]
        rows = [r for x in compared for r in x.sides]
        self.sides_table.setRowCount(len(rows))
        for row, r in enumerate(rows):
            lo, hi = r.win_interval
            cells = [r.label, r.bot, str(r.wins), str(r.draws), str(r.losses), _pct(r.win_rate),
                     f"{_pct(lo)} to {_pct(hi)}", f"{r.mean_units_lost:.2f}",
                     "-" if r.mean_vp is None else f"{r.mean_vp:.1f}"]
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if col >= 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.sides_table.setItem(row, col, item)
        self.fit_table_height(len(rows))
        lines = verdict(result.summaries) if result.request.compare else []
        self.verdict_label.setText("\n".join(lines))
        self.verdict_label.setVisible(bool(lines))
        self._show_metrics(compared)
        texts = [text_report(x) for x in result.summaries]
        if result.request.sweep:
            texts.insert(0, sweep_text(result.request.sweep[0], result.values, result.summaries))
        self.report_text.setPlainText("\n\n".join(texts))
        self.plot_label.set_png(result.study_png)
        sweeping = bool(result.request.sweep and result.summaries)
        self.tabs.setTabEnabled(2, sweeping)
        if sweeping:
            self._show_sweep(result)
        self.tabs.setCurrentIndex(2 if sweeping else 0)

    def _show_metrics(self, studies: list) -> None:
        """One column per study (per pair of bots compared), one row per metric."""
        measured = [x for x in studies if x.metrics is not None]
        self.metrics_table.setColumnCount(1 + len(measured))
        self.metrics_table.setHorizontalHeaderLabels(["metric"] + [bots_text(x) for x in measured])
        self.metrics_table.setRowCount(0)
        for col, x in enumerate(measured, 1):
            names = {r.side: r.label for r in x.sides}
            for row, (name, value) in enumerate(metric_rows(x.metrics, names)):
                if self.metrics_table.rowCount() <= row:
                    self.metrics_table.setRowCount(row + 1)
                    self.metrics_table.setItem(row, 0, QTableWidgetItem(name))
                self.metrics_table.setItem(row, col, QTableWidgetItem(value))
        self.metrics_table.resizeColumnsToContents()

    def fit_table_height(self, rows: int) -> None:
        t = self.sides_table
        t.setFixedHeight(t.horizontalHeader().sizeHint().height() + rows * t.verticalHeader().defaultSectionSize()
                         + 2 * t.frameWidth())

    def _show_sweep(self, result: StudyResult) -> None:
        path = result.request.sweep[0] if result.request.sweep else ""
        sides = [r.label for r in result.summaries[0].sides]
        cols = [path] + [f"{side} wins (95% interval)" for side in sides] + ["draws"]
        self.sweep_table.setColumnCount(len(cols))
        self.sweep_table.setHorizontalHeaderLabels(cols)
        self.sweep_table.setRowCount(len(result.summaries))
        for row, (v, s) in enumerate(zip(result.values, result.summaries, strict=True)):
            cells = [str(v)] + [f"{_pct(r.win_rate)}  ({_pct(r.win_interval[0])} to {_pct(r.win_interval[1])})"
                                for r in s.sides] + [str(s.sides[0].draws)]
            for col, text in enumerate(cells):
                self.sweep_table.setItem(row, col, QTableWidgetItem(text))
        self.sweep_table.resizeColumnsToContents()
        self.sweep_plot.set_png(result.sweep_png)
