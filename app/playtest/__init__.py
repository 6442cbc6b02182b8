"""Playtest mode: a scenario played by its rules in a window, each side a person or a bot
(docs/playtest.md). `open_playtest(editor_window)` asks for the seats and opens the current scenario
of the editor as a game on a copy of its model (the editor's document is untouched)."""

from __future__ import annotations

from .launch import open_pbem_game, open_playtest, open_windows
from .session import GameSession
from .window import PlaytestWindow

__all__ = ["GameSession", "PlaytestWindow", "open_pbem_game", "open_playtest", "open_windows"]
