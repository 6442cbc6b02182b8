"""The playtest window's panels, each fed from the presenter's plain views (engine/rules/presentation.py):

* `TurnTrackWidget`: the game turn of the last, and the steps of a turn with the current one lit;
* `DecisionPanel`: the current decision's actions by their labels (a filter, "Do it", and the
  "Pass / End phase" button); hovering or selecting one shows on the board what it is about;
* `CombatPreviewPanel`: an attack's participants, strengths or differential, column, line, every
  modifier and the exact probability of each result as a table with bars;
* `GameLogPanel`: the game's account (each action with its phase, dice and results in the rules' words).
"""

from __future__ import annotations

from fractions import Fraction

from hexwright.engine.rules.presentation import (
    ATTACK,
    MOVE,
    PASS,
    ActionView,
    BatchAnswer,
    CombatPreview,
    TurnTrack,
)
from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QToolTip,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)


def is_map_move(view: ActionView) -> bool:
    """A unit's movement (a MOVE with its MP cost): made on the map by selecting the unit and clicking a hex,
    so not listed. Retreats, displacements and advances are MOVE views without a cost: they are listed."""
    return view.kind == MOVE and view.cost is not None


# words of the sequence of play written short on the turn track (the full names are in its tooltips)
SHORT_WORDS = (("Support Fire Marker", "SFM"), ("Mobile Movement", "Mobile Move"), ("Movement", "Move"),
               ("Bombardment", "Bombard"), ("Game Turn End", "GT End"), ("Redeployment", "Redeploy"),
               ("Paratroop Landing", "Landing"), ("Operations", "Ops"), ("Housekeeping", "Housekeep"))


def short_phase_names(phases: tuple[str, ...] | list[str], sides: tuple[str, ...] = ()) -> list[str]:
    """Short labels for the steps of a turn: " Phase" dropped, long words shortened, and a side's name
    written only on the first of its consecutive steps ("Allied Move", "Bombard", "Combat", ...)."""
    out = []
    prev_side = None
    for name in phases:
        short = name[:-len(" Phase")] if name.endswith(" Phase") else name
        for long, brief in SHORT_WORDS:
            short = short.replace(long, brief)
        side = next((s for s in sides if s and short.startswith(s + " ")), None)
        if side is not None and side == prev_side:
            short = short[len(side) + 1:]
        prev_side = side
        out.append(short)
    return out


class TurnTrackWidget(QWidget):
    """Game turn N of M and the steps of one game turn, the current one highlighted."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.track: TurnTrack | None = None
        self.sides: tuple[str, ...] = ()
        self.rule = ""
        self.labels: list[str] = []
        self.chips: list[QRectF] = []
        self.setMinimumHeight(34)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_track(self, track: TurnTrack | None, sides: tuple[str, ...] = (), rule: str = "") -> None:
        """The track to show; `sides` are the side names (to shorten "German Movement Phase" and the like),
        `rule` the current step's citation (in its tooltip)."""
        self.track = track
        self.sides = tuple(sides)
        self.rule = rule
        self.labels = short_phase_names(track.phases, self.sides) if track is not None else []
        self.update()

    def event(self, ev) -> bool:
        if ev.type() == QEvent.Type.ToolTip and self.track is not None:
            pos = ev.position() if hasattr(ev, "position") else ev.pos()
            for i, r in enumerate(self.chips):
                if r.contains(QPointF(pos)):
                    t = self.track
                    tip = t.phases[i] + (f" ({self.rule})" if i == t.current and self.rule else "")
                    QToolTip.showText(ev.globalPos(), tip, self)
                    return True
            QToolTip.showText(ev.globalPos(), " > ".join(self.track.phases), self)
            return True
        return super().event(ev)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(600, 34)

    def text(self) -> str:
        t = self.track
        if t is None:
            return ""
        cur = t.phases[t.current] if 0 <= t.current < len(t.phases) else "-"
        if t.turn_label:
            return f"Turn {t.turn_label} (last turn {t.last_label or t.last_turn}): {cur}"
        return f"Turn {t.turn} of {t.last_turn}: {cur}"

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt API
        t = self.track
        if t is None:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        h = self.height() - 6
        bold = QFont(self.font())
        bold.setBold(True)
        p.setFont(bold)
        turn_text = t.turn_text()
        x = 4.0
        w = p.fontMetrics().horizontalAdvance(turn_text) + 16
        p.setPen(QPen(QColor("#303030"), 1))
        p.setBrush(QColor("#f3e4b0"))
        p.drawRoundedRect(QRectF(x, 3, w, h), 5, 5)
        p.drawText(QRectF(x, 3, w, h), Qt.AlignmentFlag.AlignCenter, turn_text)
        x += w + 8
        avail = max(40.0, self.width() - x - 4)
        # each step as wide as its short name needs, the spare width shared out
        widths = [p.fontMetrics().horizontalAdvance(name) + 14.0 for name in self.labels]
        spare = (avail - sum(widths)) / max(1, len(widths))
        widths = [w + spare for w in widths] if spare > 0 else [avail / max(1, len(widths))] * len(widths)
        self.chips = []
        left = x
        for i, name in enumerate(self.labels):
            current = i == t.current
            r = QRectF(left + 1, 3, widths[i] - 4, h)
            left += widths[i]
            self.chips.append(r)
            p.setBrush(QColor("#2f6fb5") if current else QColor("#e4e7eb"))
            p.setPen(QPen(QColor("#1b3f66") if current else QColor("#a0a6ad"), 1.5 if current else 1))
            p.drawRoundedRect(r, 4, 4)
            p.setPen(QColor("white") if current else QColor("#303030"))
            p.setFont(bold if current else self.font())
            text = p.fontMetrics().elidedText(name, Qt.TextElideMode.ElideRight, int(r.width()) - 6)
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, text)
        p.end()


class ActionList(QListWidget):
    """The decision's actions. A double-click makes exactly the row under the pointer, and only if the
    first click of it pressed that same row (were the rows to move between the two clicks, nothing is
    made: the list never makes a row the person did not point at both times)."""

    activated = Signal(object)  # the item double-clicked

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._pressed: QListWidgetItem | None = None

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt API
        self._pressed = self.itemAt(event.position().toPoint())
        super().mousePressEvent(event)

    def mouseDoubleClickEvent(self, event) -> None:  # noqa: N802 - Qt API
        item = self.itemAt(event.position().toPoint())
        first, self._pressed = self._pressed, None
        if item is not None and event.button() == Qt.MouseButton.LeftButton and first in (None, item):
            self.setCurrentItem(item)
            self.activated.emit(item)
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt API
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentItem() is not None:
            self.activated.emit(self.currentItem())
            event.accept()
            return
        super().keyPressEvent(event)


class DecisionPanel(QWidget):
    """The current decision: its prompt, the actions not made on the map (attacks, choices, entries,
    retreats, ...) by label, and the pass button."""

    chosen = Signal(object)  # ActionView to apply
    batchChosen = Signal(object)  # noqa: N815 - a BatchAnswer to make
    highlighted = Signal(object)  # ActionView under the mouse or selected, or None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.prompt.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        f = self.prompt.font()
        f.setBold(True)
        self.prompt.setFont(f)
        lay.addWidget(self.prompt)
        row = QHBoxLayout()
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter actions (text or hex)")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self._refill)
        row.addWidget(self.filter)
        lay.addLayout(row)
        self.list = ActionList()
        self.list.setMinimumWidth(200)
        self.list.setMouseTracking(True)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.itemEntered.connect(lambda item: self.highlighted.emit(item.data(Qt.ItemDataRole.UserRole)))
        self.list.currentItemChanged.connect(
            lambda cur, _old: self.highlighted.emit(cur.data(Qt.ItemDataRole.UserRole) if cur else None))
        self.list.activated.connect(lambda item: self.chosen.emit(item.data(Qt.ItemDataRole.UserRole)))
        self.list.currentItemChanged.connect(lambda _cur, _old: self._update_do())
        lay.addWidget(self.list, 1)
        self.batch_button = QPushButton()  # a batch answer the rules allow ("Land all"); keeps its room hidden
        sp = self.batch_button.sizePolicy()
        sp.setRetainSizeWhenHidden(True)
        self.batch_button.setSizePolicy(sp)
        self.batch_button.clicked.connect(lambda: self.batches and self.batchChosen.emit(self.batches[0]))
        self.batch_button.hide()
        lay.addWidget(self.batch_button)
        row = QHBoxLayout()
        self.do_button = QPushButton("Do it")
        self.do_button.clicked.connect(self._do)
        self.pass_button = QPushButton("Pass / End phase")
        self.pass_button.setToolTip("End this step of the sequence of play")
        self.pass_button.clicked.connect(self._pass)
        row.addWidget(self.do_button)
        row.addWidget(self.pass_button)
        lay.addLayout(row)
        self.views: list[ActionView] = []
        self.pass_view: ActionView | None = None
        self.only_hex: str | None = None
        self.enabled = True
        self.batches: list[BatchAnswer] = []
        # the prompt keeps room for three lines: a longer or shorter prompt does not move the list
        self.prompt.setMinimumHeight(self.prompt.fontMetrics().lineSpacing() * 3 + 4)
        self.prompt.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self._update_do()

    def set_batches(self, batches: list[BatchAnswer]) -> None:
        """The batch answers of this decision (the first is offered as a button)."""
        self.batches = list(batches) if self.enabled else []
        if self.batches:
            self.batch_button.setText(self.batches[0].label)
            self.batch_button.setToolTip(self.batches[0].tip)
        self.batch_button.setVisible(bool(self.batches))

    def set_decision(self, prompt: str, views: list[ActionView], enabled: bool) -> None:
        self.prompt.setText(prompt)
        self.views = [v for v in views if not is_map_move(v)]
        self.pass_view = next((v for v in views if v.kind == PASS), None)
        self.enabled = enabled
        self.only_hex = None
        self._refill()

    def show_only(self, hex_label: str | None, kind: str | None = None) -> None:
        """List only the actions about one hex (e.g. the attacks on a clicked enemy hex)."""
        self.only_hex = hex_label
        self._kind = kind
        self._refill()

    def shown_views(self) -> list[ActionView]:
        return [self.list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.list.count())]

    def _refill(self) -> None:
        text = self.filter.text().strip().lower()
        kind = getattr(self, "_kind", None) if self.only_hex else None
        self.list.blockSignals(True)
        self.list.clear()
        for v in self.views:
            if self.only_hex is not None and (self.only_hex not in v.hexes or (kind and v.kind != kind)):
                continue
            label = v.label or v.action.text()
            if text and text not in label.lower() and text not in " ".join(v.hexes).lower():
                continue
            item = QListWidgetItem(label)
            item.setData(Qt.ItemDataRole.UserRole, v)
            item.setToolTip(v.action.text())
            if v.kind == ATTACK:
                item.setForeground(QColor("#a03000"))
            self.list.addItem(item)
        self.list.blockSignals(False)
        self.list.setEnabled(self.enabled)
        self._update_do()
        self.pass_button.setEnabled(self.enabled and self.pass_view is not None)
        meaning = self.pass_view.label or self.pass_view.action.text() if self.pass_view is not None else ""
        self.pass_button.setToolTip(f"End this step of the sequence of play: {meaning} (Ctrl+E)" if meaning else
                                    "Nothing to pass in this decision")

    def _update_do(self) -> None:
        """ "Do it" makes the selected row (or the only one); disabled otherwise, its tooltip says why."""
        n = self.list.count()
        ready = self.enabled and (self.list.currentItem() is not None or n == 1)
        self.do_button.setEnabled(ready)
        if ready:
            self.do_button.setToolTip("Make the selected action (Enter, or double-click its row)")
        elif not self.enabled:
            self.do_button.setToolTip("Not your decision now: wait for the bot or the dice, or leave the replay")
        elif n == 0:
            self.do_button.setToolTip("No action to pick in the list: make your move on the map, or pass")
        else:
            self.do_button.setToolTip("Select an action in the list first (or double-click its row)")

    def select_view(self, view: ActionView) -> None:
        for i in range(self.list.count()):
            if self.list.item(i).data(Qt.ItemDataRole.UserRole) == view:
                self.list.setCurrentRow(i)
                return

    def _do(self) -> None:
        item = self.list.currentItem() or (self.list.item(0) if self.list.count() == 1 else None)
        if item is not None:
            self.chosen.emit(item.data(Qt.ItemDataRole.UserRole))

    def _pass(self) -> None:
        if self.pass_view is not None:
            self.chosen.emit(self.pass_view)


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

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        return QSize(260, self._height())

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt API
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
        self.attack_button.clicked.connect(lambda: self.view is not None and self.confirmed.emit(self.view))
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
        self.setMinimumHeight(self.layout().sizeHint().height())


class UnitsPanel(QTreeWidget):
    """Every unit as the viewer may see it, by side and status (on the map, reinforcements with their
    turn, eliminated...): hex, printed values and the rules' flags. Clicking a unit on the map selects it."""

    unitActivated = Signal(str)  # noqa: N815

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setColumnCount(4)
        self.setHeaderLabels(["Unit", "Hex", "Values", "Status and flags"])
        self.setRootIsDecorated(True)
        self.setUniformRowHeights(True)
        self.itemClicked.connect(self._clicked)
        self._key: tuple = ()

    def set_units(self, units, side_name) -> None:
        key = tuple(units)
        if key == self._key:
            return
        self._key = key
        expanded = {self.topLevelItem(i).text(0): self.topLevelItem(i).isExpanded()
                    for i in range(self.topLevelItemCount())}
        self.clear()
        groups: dict[str, QTreeWidgetItem] = {}
        for u in units:
            title = f"{side_name(u.side)}: {u.status}"
            group = groups.get(title)
            if group is None:
                group = QTreeWidgetItem([title])
                groups[title] = group
                self.addTopLevelItem(group)
            flags = ", ".join(u.flags)
            item = QTreeWidgetItem([u.name or u.id, u.hex or "", u.values, flags])
            item.setData(0, Qt.ItemDataRole.UserRole, u.id)
            item.setToolTip(0, u.id)
            item.setToolTip(3, flags)
            group.addChild(item)
        for title, group in groups.items():
            group.setText(0, f"{title} ({group.childCount()})")
            group.setExpanded(expanded.get(group.text(0), title.endswith("on map")))
        for c in range(3):
            self.resizeColumnToContents(c)

    def _clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        uid = item.data(0, Qt.ItemDataRole.UserRole)
        if uid and item.text(1):
            self.unitActivated.emit(uid)


class GameLogPanel(QPlainTextEdit):
    """The game's account, one line each; actions with their phase, the rules' lines indented."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setMaximumBlockCount(200000)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        f = QFont("monospace")
        f.setStyleHint(QFont.StyleHint.TypeWriter)
        f.setPointSizeF(max(7.0, self.font().pointSizeF() - 1))
        self.setFont(f)
        self.count = 0

    def set_lines(self, lines) -> None:
        self.clear()
        self.count = 0
        self.add_lines(lines)

    def add_lines(self, lines) -> None:
        for ln in lines:
            prefix = "" if ln.kind in ("action", "result") else "    "
            self.appendPlainText(prefix + ln.text)
            self.count += 1
        self.verticalScrollBar().setValue(self.verticalScrollBar().maximum())


__all__ = ["ActionList", "CombatPreviewPanel", "DecisionPanel", "DistributionBars", "GameLogPanel", "TurnTrackWidget",
           "UnitsPanel", "is_map_move", "short_phase_names"]
