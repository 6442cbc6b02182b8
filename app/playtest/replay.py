"""The replay of the playtest window: Game > Replay steps through the game from its first action (the
set-up, one action back or on, the latest position, or a slider), each position rebuilt from the game
log's actions (`GameSession.state_at`) and a step forward made by applying the next action. Decisions are
made in the live game only; leaving the replay goes back to it.
"""

from __future__ import annotations

from collections.abc import Callable

from hexwright.engine.rules.protocol import GameState
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QLabel, QSlider, QWidget

from .session import GameSession


class ReplayController(QObject):
    """The replayed position (`n` actions into the game, or None for the live game) and its controls."""

    entered = Signal()  # the replay began: the bots stop
    left = Signal()  # back to the live game
    moved = Signal()  # the replayed position changed

    def __init__(self, parent: QWidget, session: GameSession) -> None:
        super().__init__(parent)
        self.session = session
        self.n: int | None = None
        self.state: GameState | None = None

        def act(text: str, slot: Callable[[], object], shortcut: str, tip: str) -> QAction:
            a = QAction(text, parent)
            a.setShortcut(QKeySequence(shortcut))
            a.setStatusTip(tip)
            a.setToolTip(f"{tip} ({a.shortcut().toString()})")
            a.triggered.connect(lambda _checked=False: slot())
            return a

        self.act_replay = act("&Replay", self.toggle, "Ctrl+R", "Step through the game from its first action")
        self.act_replay.setCheckable(True)
        self.act_first = act("|◀ First", lambda: self.go_to(0), "Ctrl+Home", "Replay: the set-up")
        self.act_back = act("◀ Back", lambda: self.step(-1), "Ctrl+Left", "Replay: one action back")
        self.act_forward = act("Forward ▶", lambda: self.step(1), "Ctrl+Right", "Replay: one action on")
        self.act_last = act("Last ▶|", lambda: self.go_to(self.total()), "Ctrl+End", "Replay: the latest position")
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setMinimumWidth(160)
        self.slider.valueChanged.connect(self._slider_moved)
        self.label = QLabel()

    def actions(self) -> list[QAction]:
        return [self.act_replay, self.act_first, self.act_back, self.act_forward, self.act_last]

    def live(self) -> bool:
        return self.n is None

    def total(self) -> int:
        return len(self.session.state.history())

    def reset(self, session: GameSession) -> None:
        """A new game on the board: live, not replaying."""
        self.session = session
        self.n = None
        self.state = None
        self.act_replay.setChecked(False)

    def toggle(self) -> None:
        """Enter the replay at the set-up, or leave it for the live game."""
        self.set_replaying(self.live())

    def set_replaying(self, on: bool) -> None:
        if not on:
            if self.live():
                self.act_replay.setChecked(False)
                return
            self.n = None
            self.state = None
            self.act_replay.setChecked(False)
            self.left.emit()
        else:
            self.go_to(0)

    def go_to(self, n: int) -> None:
        """Show the position after `n` actions."""
        n = max(0, min(n, self.total()))
        if self.live():
            self.act_replay.setChecked(True)
            self.entered.emit()
        if self.state is not None and self.n is not None and n == self.n + 1:
            self.state.apply_replayed(self.session.state.history()[self.n].action)
        elif self.state is None or n != self.n:
            self.state = self.session.state_at(n)
        self.n = n
        self.moved.emit()

    def step(self, delta: int) -> None:
        self.go_to((self.n if self.n is not None else self.total()) + delta)

    def _slider_moved(self, value: int) -> None:
        if self.n is not None and value != self.n:
            self.go_to(value)

    def refresh_controls(self) -> None:
        total = self.total()
        n = self.n
        self.slider.blockSignals(True)
        self.slider.setRange(0, total)
        self.slider.setValue(n if n is not None else total)
        self.slider.setEnabled(n is not None)
        self.slider.blockSignals(False)
        self.label.setText(f" {n} / {total} " if n is not None else f" {total} actions ")
        self.act_back.setEnabled(total > 0 and (n is None or n > 0))
        self.act_first.setEnabled(total > 0 and (n is None or n > 0))
        self.act_forward.setEnabled(n is not None and n < total)
        self.act_last.setEnabled(n is not None and n < total)


__all__ = ["ReplayController"]
