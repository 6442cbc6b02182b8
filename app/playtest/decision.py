"""The decision panel of the playtest window: the current decision's prompt, the actions not made on the
map (attacks, choices, entries, retreats, ...) by their labels with a filter, "Do it", the first batch
answer the rules allow ("Land all") and the "Pass / End phase" button. Hovering or selecting an action
says so (`highlighted`) and the window shows on the board what it is about.
"""

from __future__ import annotations

from hexwright.engine.rules.presentation import ATTACK, PASS, ActionView, BatchAnswer
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from .panels import is_map_move

REPLAY_NOTE = "Replay: decisions are made in the live game (Game > Replay to go back)."


class ActionList(QListWidget):
    """The decision's actions. A double-click makes exactly the row under the pointer, and only if the
    first click of it pressed that same row (were the rows to move between the two clicks, nothing is
    made: the list never makes a row the person did not point at both times)."""

    activated = Signal(object)  # the item double-clicked

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._pressed: QListWidgetItem | None = None

    def mousePressEvent(self, event: QMouseEvent) -> None:  # Qt API
        self._pressed = self.itemAt(event.position().toPoint())
        super().mousePressEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # Qt API
        item = self.itemAt(event.position().toPoint())
        first, self._pressed = self._pressed, None
        if item is not None and event.button() == Qt.MouseButton.LeftButton and first in (None, item):
            self.setCurrentItem(item)
            self.activated.emit(item)
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # Qt API
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentItem() is not None:
            self.activated.emit(self.currentItem())
            event.accept()
            return
        super().keyPressEvent(event)


class DecisionPanel(QWidget):
    """The current decision: its prompt, the actions not made on the map (attacks, choices, entries,
    retreats, ...) by label, and the pass button."""

    chosen = Signal(object)  # ActionView to apply
    batchChosen = Signal(object)  # a BatchAnswer to make
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
        # the last refusal or notice, whole and wrapped (the status bar cuts a long one at the window's edge)
        self.notice = QLabel()
        self.notice.setObjectName("decisionNotice")
        self.notice.setWordWrap(True)
        self.notice.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.notice.setFrameShape(QFrame.Shape.StyledPanel)
        self.notice.setMargin(3)
        self.notice.hide()
        lay.addWidget(self.notice)
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
        self.batch_button.clicked.connect(self._batch)
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

    def set_notice(self, text: str) -> None:
        """Show `text` (a refusal naming its rule, a hint) in full under the prompt; none when empty."""
        self.notice.setText(text)
        self.notice.setToolTip(text)
        self.notice.setVisible(bool(text))
        self._fit_notice()

    def _fit_notice(self) -> None:
        """The notice as tall as its wrapped text at the panel's width (a dock's layout does not ask a
        word-wrapped label for its height at its width; the list gives up the room)."""
        if self.notice.isVisible():
            lay = self.layout()
            m = lay.contentsMargins() if lay is not None else None
            width = max(50, self.width() - (m.left() + m.right() if m is not None else 0))
            self.notice.setMinimumHeight(self.notice.heightForWidth(width))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_notice()

    def set_batches(self, batches: list[BatchAnswer]) -> None:
        """The batch answers of this decision (the first is offered as a button)."""
        self.batches = list(batches) if self.enabled else []
        if self.batches:
            self.batch_button.setText(self.batches[0].label)
            self.batch_button.setToolTip(self.batches[0].tip)
        self.batch_button.setVisible(bool(self.batches))

    def show_decision(self, prompt: str, views: list[ActionView], enabled: bool,
                      batches: list[BatchAnswer] | None = None) -> None:
        """The live game's decision: its actions, offered only when `enabled` (a person's decision)."""
        self.set_decision(prompt, views, enabled)
        self.set_batches(batches if enabled and batches is not None else [])

    def show_replay(self) -> None:
        """In replay nothing is decided: an empty, disabled list that says where decisions are made."""
        self.set_decision(REPLAY_NOTE, [], False)
        self.set_batches([])

    def picked(self) -> ActionView | None:
        """The action selected in the list, if any."""
        cur = self.list.currentItem()
        return cur.data(Qt.ItemDataRole.UserRole) if cur is not None else None

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

    def _batch(self) -> None:
        if self.batches:
            self.batchChosen.emit(self.batches[0])

    def _do(self) -> None:
        item = self.list.currentItem() or (self.list.item(0) if self.list.count() == 1 else None)
        if item is not None:
            self.chosen.emit(item.data(Qt.ItemDataRole.UserRole))

    def _pass(self) -> None:
        if self.pass_view is not None:
            self.chosen.emit(self.pass_view)


__all__ = ["REPLAY_NOTE", "ActionList", "DecisionPanel"]
