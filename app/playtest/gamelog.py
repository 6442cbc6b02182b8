"""The game log of the playtest window: the game's account, one line each, actions with their phase and
the rules' lines (dice, results) indented; in replay, the account up to the replayed action.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from .session import LogLine


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
