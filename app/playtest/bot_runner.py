"""Bots think off the GUI thread (Anki `aqt/operations`): the window hands a clone of the state to a
worker living in a QThread and gets the chosen action back by a queued signal, so the window stays
responsive while a bot searches. A ticket number tells a stale answer (the game was reloaded or closed
meanwhile) from the one awaited."""

from __future__ import annotations

import traceback

from hexwright.engine.bots import Bot
from hexwright.engine.rules.protocol import GameState
from PySide6.QtCore import QObject, QThread, Signal, Slot


class _BotWorker(QObject):
    chosen = Signal(int, object)  # ticket, Action
    failed = Signal(int, str)

    @Slot(int, object, object)
    def choose(self, ticket: int, bot: Bot, state: GameState) -> None:
        try:
            action = bot.choose(state)
        except Exception as exc:  # a bot's failure is reported in the window, not a crash
            self.failed.emit(ticket, f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=4)}")
            return
        self.chosen.emit(ticket, action)


class BotRunner(QObject):
    """Asks bots for decisions in a worker thread; `chosen(ticket, action)` arrives on the GUI thread."""

    chosen = Signal(int, object)
    failed = Signal(int, str)
    _request = Signal(int, object, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread = QThread(self)
        self._thread.setObjectName("playtest-bots")
        self._worker = _BotWorker()
        self._worker.moveToThread(self._thread)
        self._request.connect(self._worker.choose)
        self._worker.chosen.connect(self.chosen)
        self._worker.failed.connect(self.failed)
        self._thread.start()
        self.ticket = 0
        self.busy = False

    def ask(self, bot: Bot, state: GameState) -> int:
        """Start a bot on a clone of `state`; returns the ticket its answer will carry."""
        self.ticket += 1
        self.busy = True
        self._request.emit(self.ticket, bot, state.clone())
        return self.ticket

    def cancel(self) -> None:
        """Forget any answer on its way (it will arrive with an old ticket and be ignored)."""
        self.ticket += 1
        self.busy = False

    def stop(self) -> None:
        self.cancel()
        self._thread.quit()
        self._thread.wait(5000)
