"""The balance lab's results: the win/draw/loss table per side, the text reports, the plots and the
what-if sweep's table and plot (the reports engine/balance/report.py writes), shown by the dialog."""

from __future__ import annotations

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
        sweep_tab = QWidget()
        wl = QVBoxLayout(sweep_tab)
        wl.addWidget(self.sweep_table)
        wl.addWidget(self.sweep_plot, 1)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.plot_label, "Plots")
        self.tabs.addTab(self.report_text, "Report")
        self.tabs.addTab(sweep_tab, "What-if")
        self.tabs.setTabEnabled(2, False)
        rl = QVBoxLayout(self)
        rl.setContentsMargins(0, 0, 0, 0)
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
        shown = s
        self.sides_table.setRowCount(len(shown.sides))
        for row, r in enumerate(shown.sides):
            lo, hi = r.win_interval
            cells = [r.label, r.bot, str(r.wins), str(r.draws), str(r.losses), _pct(r.win_rate),
                     f"{_pct(lo)} to {_pct(hi)}", f"{r.mean_units_lost:.2f}",
                     "-" if r.mean_vp is None else f"{r.mean_vp:.1f}"]
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if col >= 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.sides_table.setItem(row, col, item)
        self.fit_table_height(len(shown.sides))
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
