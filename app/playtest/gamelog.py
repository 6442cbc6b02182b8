"""The game log of the playtest window: the game's account, one line each, actions with their phase and
the rules' lines (dice, results) indented; in replay, the account up to the replayed action.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QSize
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from .session import LogLine

MIN_LINES = 6  # the game log dock is never shorter (three lines could not be read)
READ_LINES = 12  # its height when the window opens


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
        self.replaying = False
        # tall enough to read: never fewer than MIN_LINES lines, READ_LINES when the window gives the room
        self.setMinimumHeight(self.lines_height(MIN_LINES))

    def lines_height(self, n: int) -> int:
        """The height that shows `n` lines of the log (frame, margins and the horizontal scroll bar)."""
        return (self.fontMetrics().lineSpacing() * n + 2 * self.frameWidth() + int(self.document().documentMargin() * 2)
                + self.horizontalScrollBar().sizeHint().height())

    def sizeHint(self) -> QSize:  # Qt API
        return QSize(super().sizeHint().width(), self.lines_height(READ_LINES))

    def show_live(self, lines: Sequence[LogLine]) -> None:
        """The live game's account: only the new lines are added, unless a replay was shown."""
        if self.count > len(lines) or self.replaying:
            self.set_lines(lines)
        else:
            self.add_lines(lines[self.count:])
        self.replaying = False

    def show_until(self, lines: Sequence[LogLine]) -> None:
        """The account up to a replayed action."""
        self.set_lines(lines)
        self.replaying = True

    def set_lines(self, lines: Iterable[LogLine]) -> None:
        self.clear()
        self.count = 0
        self.add_lines(lines)

    def add_lines(self, lines: Iterable[LogLine]) -> None:
        for ln in lines:
            prefix = "" if ln.kind in ("action", "result") else "    "
            self.appendPlainText(prefix + ln.text)
            self.count += 1
        self.verticalScrollBar().setValue(self.verticalScrollBar().maximum())


__all__ = ["GameLogPanel"]
