"""The combat preview of the playtest window: what an attack (a bombardment, a fire) will be before it is
made, from the family's presenter (`combat_preview`, and `result_legend` when it gives one): participants,
strengths or differential, column, line, every modifier and the exact probability of each result as bars.
"Attack" (or "Do it") makes it.
"""

from __future__ import annotations

from fractions import Fraction

from hexwright.engine.rules.presentation import ATTACK, ActionView, CombatPreview, Presenter
from hexwright.engine.rules.protocol import GameState
from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)


class DistributionBars(QWidget):
    """Each result with its exact probability as a percentage, a fraction and a bar; under it, in grey, what
    the result means when the rules family gives its legend (Presenter.result_legend)."""

    ROW = 18
    NOTE = 14

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: list[tuple[str, str, Fraction]] = []  # result, meaning, probability
        self.setMinimumHeight(20)

    def set_distribution(self, dist: dict[str, Fraction], legend: dict[str, str] | None = None) -> None:
        legend = legend or {}
        self.rows = [(r, legend.get(r) or ("no effect" if r.strip() == "•" else ""), p) for r, p in dist.items()]
        self.setMinimumHeight(self._height())
        self.setToolTip("\n".join(f"{r}: {m}" for r, m, _ in self.rows if m))
        self.updateGeometry()
        self.update()

    def _height(self) -> int:
        return sum(self.ROW + (self.NOTE if m else 0) for _, m, _ in self.rows) + 4

    def sizeHint(self) -> QSize:  # Qt API
        return QSize(260, self._height())

    def paintEvent(self, event: QPaintEvent) -> None:  # Qt API
        if not self.rows:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        fm = p.fontMetrics()
        name_w = max(fm.horizontalAdvance(r) for r, _, _ in self.rows) + 8
        num_w = fm.horizontalAdvance("100.0 %  (35/36)") + 8
        bar_w = max(20, self.width() - name_w - num_w - 8)
        small = QFont(self.font())
        small.setPointSizeF(max(6.0, self.font().pointSizeF() - 1.5))
        y = 2.0
        for result, meaning, prob in self.rows:
            p.setFont(self.font())
            p.setPen(QColor("#202020"))
            p.drawText(QRectF(2, y, name_w, 16), Qt.AlignmentFlag.AlignVCenter, result)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor("#e4e7eb"))
            p.drawRect(QRectF(name_w, y + 2, bar_w, 12))
            p.setBrush(QColor("#2f6fb5"))
            p.drawRect(QRectF(name_w, y + 2, bar_w * float(prob), 12))
            p.setPen(QColor("#202020"))
            p.drawText(QRectF(name_w + bar_w + 6, y, num_w, 16), Qt.AlignmentFlag.AlignVCenter,
                       f"{float(prob) * 100:5.1f} %  ({prob})")
            y += self.ROW
            if meaning:
                p.setFont(small)
                p.setPen(QColor("#606060"))
                text = p.fontMetrics().elidedText(meaning, Qt.TextElideMode.ElideRight, int(self.width() - name_w - 4))
                p.drawText(QRectF(name_w, y - 3, self.width() - name_w, self.NOTE), Qt.AlignmentFlag.AlignVCenter,
                           text)
                y += self.NOTE
        p.end()


class CombatPreviewPanel(QWidget):
    """What an attack will be, before it is made: participants, totals or hit chance, column, line,
    modifiers, and the exact probability of each result; "Attack" makes it."""

    confirmed = Signal(object)  # ActionView

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        self.title = QLabel("No attack selected. Click an enemy unit you can attack, or an attack in the list.")
        self.title.setWordWrap(True)
        f = self.title.font()
        f.setBold(True)
        self.title.setFont(f)
        lay.addWidget(self.title)
        self.attack_button = QPushButton("Attack")  # at the top: always in sight, however long the details
        self.attack_button.setEnabled(False)
        self.attack_button.clicked.connect(self._confirm)
        lay.addWidget(self.attack_button)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        lay.addWidget(self.summary)
        self.table = QTableWidget(0, 2)
        self.table.horizontalHeader().setVisible(False)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(True)
        lay.addWidget(self.table)
        self.results_label = QLabel("Result probabilities (exact):")
        lay.addWidget(self.results_label)
        self.bars = DistributionBars()
        lay.addWidget(self.bars)
        lay.addStretch(1)
        self.setMinimumHeight(self.sizeHint().height())
        self.view: ActionView | None = None
        self.preview: CombatPreview | None = None

    def _confirm(self) -> None:
        if self.view is not None:
            self.confirmed.emit(self.view)

    def preview_action(self, view: ActionView, presenter: Presenter, state: GameState, enabled: bool) -> bool:
        """The preview of `view` in `state` (nothing when the family gives none); True if one is shown."""
        prev = presenter.combat_preview(state, view.action)
        legend = getattr(presenter, "result_legend", None)
        self.show_preview(view, prev, enabled, legend(state) if legend is not None and prev is not None else {})
        return prev is not None

    def clear(self) -> None:
        self.show_preview(None, None)

    def show_preview(self, view: ActionView | None, preview: CombatPreview | None, enabled: bool = True,
                     legend: dict[str, str] | None = None) -> None:
        self.view = view if preview is not None else None
        self.preview = preview
        if preview is None:
            self.title.setText("No attack selected. Click an enemy unit you can attack, or an attack in the list.")
            self.summary.setText("")
            self.table.setRowCount(0)
            self.bars.set_distribution({})
            self.attack_button.setEnabled(False)
            for w in (self.table, self.results_label, self.bars):
                w.setVisible(False)
            return
        for w in (self.table, self.results_label, self.bars):
            w.setVisible(True)
        self.title.setText(view.label if view is not None and view.label else preview.action.text())
        self.summary.setText(preview.summary)
        rows = [("Attackers", ", ".join(preview.attackers)), ("Target", preview.target),
                ("Column", preview.column), ("Line", preview.line or "-")]
        rows += [("Modifier", m) for m in preview.modifiers]
        self.table.setRowCount(len(rows))
        for i, (k, v) in enumerate(rows):
            self.table.setItem(i, 0, QTableWidgetItem(k))
            self.table.setItem(i, 1, QTableWidgetItem(v))
        self.table.resizeRowsToContents()
        rows_h = sum(self.table.rowHeight(i) for i in range(self.table.rowCount())) + 4
        self.table.setFixedHeight(min(rows_h, 210))
        self.bars.set_distribution(preview.distribution, legend)
        self.attack_button.setEnabled(enabled)
        self.attack_button.setText("Attack" if view is None or view.kind == ATTACK else "Do it")
        layout = self.layout()
        if layout is not None:
            self.setMinimumHeight(layout.sizeHint().height())


__all__ = ["CombatPreviewPanel", "DistributionBars"]
