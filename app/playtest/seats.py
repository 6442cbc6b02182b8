"""Mid-game changes and questions of the playtest window: a seat handed to a bot or back to a person while
the game goes on (Game > Seats…), and the question before a pass that would leave units unmoved (an F&M
Movement Phase passed with thirty units still in place is a decision worth a second look).

Seats change nothing in the game: the position, its history and the dice stay as they are (a saved log
replays the same), only who decides for a side from now on; a bot is made with the seed the start dialog
would give it (`GameSession.set_seat`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexwright.engine.bots import BOT_NAMES
from hexwright.engine.rules.presentation import MOVE, ActionView
from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QMessageBox, QWidget

from .session import HUMAN, GameSession
from .start_dialog import SEAT_TITLES

if TYPE_CHECKING:
    from .window import PlaytestWindow

NAMES_SHOWN = 8  # units named in the question before a pass; the rest are counted


class SeatsDialog(QDialog):
    """Who decides for each side from now on: a person or a bot."""

    def __init__(self, session: GameSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Seats")
        form = QFormLayout(self)
        form.addRow(QLabel("Hand a side to a bot, or take it back, from the next decision on. The game, its log "
                           "and its dice stay as they are."))
        self.combos: dict[str, QComboBox] = {}
        for side in session.sides:
            box = QComboBox()
            for kind in (HUMAN, *BOT_NAMES):
                box.addItem(SEAT_TITLES.get(kind, f"Bot: {kind}"), kind)
            box.setCurrentIndex(max(0, box.findData(session.seats.get(side, HUMAN))))
            self.combos[side] = box
            form.addRow(f"{session.side_name(side)}:", box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def seats(self) -> dict[str, str]:
        return {side: box.currentData() for side, box in self.combos.items()}


def change_seats(win: PlaytestWindow, seats: dict[str, str]) -> None:
    """Hand each side to its new seat mid-game: the bot thinking for a side handed back is stopped, the
    window title and the prompt say who decides, and play goes on."""
    s = win.session
    changed = [side for side, kind in seats.items() if s.seats.get(side, HUMAN) != kind]
    if not changed:
        return
    win.runner.cancel()
    win._bot_timer.stop()
    for side in changed:
        s.set_seat(side, seats[side])
    who = ", ".join(f"{s.side_name(x)}: {'person' if k == HUMAN else k + ' bot'}"
                    for x, k in ((x, s.seats.get(x, HUMAN)) for x in s.sides))
    win.setWindowTitle(f"Playtest: {s.scenario.title} (seed {s.seed}; {who})")
    win._views_key = None
    note = "; ".join(f"{s.side_name(x)} now played by {'a person' if seats[x] == HUMAN else 'the ' + seats[x] + ' bot'}"
                     for x in changed)
    win.log_panel.appendPlainText(f"(seats changed after {len(s.state.history())} actions: {note})")
    win.status(f"Seats changed: {note}")
    win.refresh()
    win._step()


def seats_dialog(win: PlaytestWindow) -> None:
    if type(win.session) is not GameSession:  # a play-by-e-mail game: each player holds his own side
        win.status("Seats are fixed in a play-by-e-mail game: each player plays his own side")
        return
    dlg = SeatsDialog(win.session, win)
    if dlg.exec() == QDialog.DialogCode.Accepted:
        change_seats(win, dlg.seats())


def unmoved_units(views: list[ActionView]) -> list[str]:
    """The units that could still move in this decision (those with a move on the map), in listed order."""
    out: list[str] = []
    for v in views:
        if v.kind == MOVE and v.units and v.units[0] not in out:
            out.append(v.units[0])
    return out


def confirm_pass(win: PlaytestWindow, view: ActionView) -> bool:
    """Before a pass that leaves units able to move: ask, naming them (Yes ends the step), where the family's
    pass ends the units' turn (`Presenter.ask_before_pass`)."""
    if not win.session.presenter.ask_before_pass:
        return True
    units = unmoved_units(win.views())
    if not units:
        return True
    names = ", ".join(units[:NAMES_SHOWN]) + (f" and {len(units) - NAMES_SHOWN} more" if len(units) > NAMES_SHOWN
                                                else "")
    what = view.label or view.action.text()
    if not ask(win, "Units not moved", f"{len(units)} unit{'s' if len(units) != 1 else ''} can still move in this "
                                       f"step: {names}.\n\n{what[:1].upper()}{what[1:]} anyway?"):
        win.status(f"Not passed: {len(units)} unit(s) can still move ({names})")
        return False
    return True


def ask(parent: QWidget, title: str, text: str) -> bool:
    """A Yes/No question (No by default); True for Yes."""
    B = QMessageBox.StandardButton  # a Qt enum
    return QMessageBox.question(parent, title, text, B.Yes | B.No, B.No) == B.Yes


__all__ = ["SeatsDialog", "ask", "change_seats", "confirm_pass", "seats_dialog", "unmoved_units"]
