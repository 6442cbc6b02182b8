"""Opening a playtest from the editor: the start dialog, then a PlaytestWindow on a copy of the editor's
scenario (the document, its undo stack and its file are untouched)."""

from __future__ import annotations

from pathlib import Path

import shiboken6
from hexwright.engine.pbem.record import PbemError
from PySide6.QtWidgets import QDialog, QMessageBox, QWidget

from .pbem import PbemSession, open_table, opened_note
from .session import GameSession, copy_scenario
from .start_dialog import DEFAULT_PACE_MS, StartDialog
from .window import PlaytestWindow

_OPEN: list[PlaytestWindow] = []  # top-level windows stay alive while shown


def _alive(w: PlaytestWindow) -> bool:
    """Shown and not deleted (a window closed and deleted by its owner leaves only its Python wrapper)."""
    return shiboken6.isValid(w) and w.isVisible()


def open_windows() -> list[PlaytestWindow]:
    return [w for w in _OPEN if _alive(w)]


def open_playtest(editor: QWidget, seats: dict[str, str] | None = None, seed: int | None = None,
                  pace_ms: int | None = None) -> PlaytestWindow | None:
    """Ask for the seats and seed (unless given) and open the editor's scenario as a game."""
    doc = getattr(editor, "document", None)
    if doc is None or doc.scenario is None:
        QMessageBox.information(editor, "Playtest", "Open a scenario first: a playtest plays a scenario "
                                                    "(File > Open, or Scenario > New Scenario from this Map).")
        return None
    scenario = doc.scenario
    if seats is None or seed is None:
        dlg = StartDialog(scenario, editor, seed or 0, seats)
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return None
        seats, seed, pace_ms = dlg.seats(), dlg.seed.value(), dlg.pace.value()
    copy = copy_scenario(scenario)
    path = str(doc.path) if doc.path is not None else None
    try:
        session = GameSession(copy, seed, seats, path)
    except (ValueError, KeyError, TypeError) as exc:  # a scenario the rules engine cannot start from
        QMessageBox.warning(editor, "Playtest", f"Cannot play this scenario: {exc}")
        return None
    note = ""
    if doc.modified and path:
        note = (f"(The scenario has unsaved edits: this game plays them, but a saved game log names {path}, "
                "which does not have them until you save it.)")
    win = PlaytestWindow(session, doc.base_dir, DEFAULT_PACE_MS if pace_ms is None else pace_ms, note=note)
    keep_open(win)
    win.show()
    return win


def keep_open(win: PlaytestWindow) -> None:
    """Keep a top-level playtest window alive while it is shown."""
    _OPEN[:] = [w for w in _OPEN if _alive(w)]
    _OPEN.append(win)


def open_pbem_game(parent: QWidget | None, path: str | Path) -> PlaytestWindow | None:
    """A play-by-e-mail game file in a playtest window of its own (the editor's File > Open, a drop, a
    double-click through the desktop entry)."""
    table = open_table(path, parent)
    if table is None:
        return None
    try:
        session = PbemSession(table, path)
    except PbemError as exc:
        QMessageBox.warning(parent, "Open play-by-e-mail game", str(exc))
        return None
    win = PlaytestWindow(session, Path(path).parent, 0, note=opened_note(session, path))
    keep_open(win)
    win.show()
    win.pbem.show_new_moves()
    return win
