"""Play by e-mail in the playtest window (engine/pbem): a game file opened is replayed through the rules
and its moves shown in the log and on the replay slider; the person makes only their own side's
decisions; a roll waits for the other player's machine; Take Back undoes one's own decisions made
since the file was opened; Save and Send writes the file and shows the plain-text summary to paste in
an e-mail. The other player's sealed decisions (F&M's markers face down, the secret set-up) are replayed
by stand-ins and shown masked, "(sealed)", until the rules reveal them, and so are the markers the other
player draws in secret (F&M 7.2); each opening is a line of the log.

`PbemSession` is the playtest's `GameSession` on a `Table` (engine/pbem/table.py): the session's state
is the table's, so the window, the board and the replay read the same position the referee checked.
"""

from __future__ import annotations

from pathlib import Path

from hexwright.engine.pbem.keyring import Keyring, KeyringError, default_path
from hexwright.engine.pbem.record import ANSWER, DO, DREW, OPEN, REVEAL, SEAL, SUFFIX, Entry, PbemError
from hexwright.engine.pbem.table import Table
from hexwright.engine.rules.presentation import outcome_text, phase_text
from hexwright.engine.rules.protocol import CHANCE, Action, HistoryEntry
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from .boards import make_board
from .session import HUMAN, GameSession, LogLine, copy_scenario

GAME_FILTER = f"Hexwright play-by-e-mail games (*{SUFFIX});;All files (*)"
REMOTE = "remote"


class PbemSession(GameSession):
    """A game session whose moves are a play-by-e-mail table's: the person plays `table.side`; the other
    side is the other player's, on another machine."""

    def __init__(self, table: Table, path: str | Path | None = None) -> None:
        self.table = table
        self.path = str(path) if path else None
        live = table.replay.state
        sides = [s.id for s in live.game.scenario.sides]
        seats = {s: HUMAN if s == table.side else REMOTE for s in sides}
        super().__init__(live.game.scenario, 0, {s: HUMAN for s in sides}, None, dict(table.record.options))
        self.seats = seats
        veiled = table.replay.veiled()
        history = live.history()
        for e in history[:table.replay.veiled_at] if veiled else history:  # the game's moves into the log, one
            self.apply(e.action, checked=False)                              # by one, as the rules gave them
        if veiled:  # the position after the reveal is the stand-ins': the one before it is shown
            self._veil_lines(table.replay.veiled_at)
        else:
            if self.state.fingerprint() != live.fingerprint():  # pragma: no cover - one engine, one replay
                raise PbemError("the game does not replay the same way twice", table.record.file)
            table.replay.state = self.state
        self._open_lines(0)

    def _veil_lines(self, n: int) -> None:
        """The actions from history entry `n` on, after which the rules reveal sealed moves of the other player
        this machine replayed by stand-ins: their lines, and why the position shown stops before them."""
        live = self.table.replay.state
        history = live.history()
        for i in range(n, len(history)):
            e = history[i]
            who = "Dice" if e.player == CHANCE else self.side_name(e.player)
            self.lines.append(LogLine(n, f"{phase_text(self.state, e.phase)}: {who}: {self._text_at(i, e)}", "action"))
        owners = sorted({self.side_name(self.table.record.entries[j].side) for j in self.table.replay.due()
                         if j in self.table.replay.stand_ins})
        self.lines.append(LogLine(n, f"  The rules reveal the {' and '.join(owners)} player's sealed moves now: the "
                                     f"position after them is shown when the file comes back with them opened",
                                  "event"))

    def _open_lines(self, start: int) -> None:
        """A log line for each sealed move opened among the record's entries from `start`, after the action
        that revealed it."""
        count, lines = 0, self.lines
        entries = self.table.record.entries
        for k, e in enumerate(entries):
            if e.kind in (DO, SEAL, ANSWER) or (e.kind == REVEAL and e.outcome):
                count += 1
            if e.kind not in (OPEN, DREW) or k < start:
                continue
            at = next((n for n, ln in enumerate(lines) if ln.index > count), len(lines))
            what = "sealed move" if e.kind == OPEN else "secret draw"
            lines.insert(at, LogLine(count, f"  {self.side_name(e.side)} opens {what} {e.opens}: "
                                            f"{self._opened_text(e)}", "event"))

    def _opened_text(self, e: Entry) -> str:
        text = e.outcome if e.kind == DREW else e.text
        try:
            return self.presenter.action_text(self.state, self.state.parse_action(text))
        except ValueError:
            return text

    def _shown_text(self, entry: HistoryEntry) -> str:
        return self._text_at(len(self.state.history()) - 1, entry)  # the session logs its last action

    def _text_at(self, i: int, entry: HistoryEntry) -> str:
        """An action as the person may see it; the other player's sealed move, which this machine replays
        by a stand-in, masked."""
        if i in self.table.replay.stand_in_history():
            return f"{self.state.masked_text(entry)} (sealed)"
        return super()._shown_text(entry)

    # -- who acts --------------------------------------------------------------------------------
    def humans(self) -> list[str]:
        return [self.table.side] if self.table.seat is not None else []

    def actor(self) -> str | None:
        return self.table.side if self.table.my_turn() else None

    def human_to_act(self) -> bool:
        return self.table.my_turn()

    def bot_to_act(self) -> bool:
        return False

    def remote_wait(self) -> str:
        if self.state.is_terminal() or self.table.my_turn():
            return ""
        return f"Waiting for {self.table.waiting_words()}: save the file and send it (Play by E-mail > Save and Send)"

    # -- playing ---------------------------------------------------------------------------------
    def apply(self, action: Action | str, checked: bool = True) -> Action:
        if not checked:  # building the log from the checked game
            return super().apply(action, checked=False)
        n, k = len(self.state.history()), len(self.table.record.entries)
        before = self.state.clone() if self.table.replay.stand_ins else None  # a reveal of stand-ins may follow
        self.table.act(action)  # IllegalAction names the rule; then this side's dice values are revealed
        if before is not None and self.table.replay.veiled():
            self.state = before  # the game's state stays the table's; the position before the reveal is shown
            self._veil_lines(n)
            self._open_lines(k)
            return self.table.replay.state.history()[n].action
        self._log_from(n)
        self._open_lines(k)
        return self.state.history()[n].action

    def _log_from(self, n: int) -> None:
        history = self.state.history()
        for i in range(n, len(history)):
            e = history[i]
            who = "Dice" if e.player == CHANCE else self.side_name(e.player)
            self.lines.append(LogLine(i + 1, f"{phase_text(self.state, e.phase)}: {who}: {self._text_at(i, e)}",
                                      "action"))
        self._collect_events()
        if self.state.is_terminal():
            self.lines.append(LogLine(len(history), f"Game over: {outcome_text(self.state)}", "result"))

    def save(self, path: str | Path) -> None:
        self.table.save(path)
        self.path = str(path)


def opened_note(session: PbemSession, path: str | Path) -> str:
    """The log's first line for a game file opened: how much was replayed and checked, and what is sealed."""
    sealed = "".join(f"; {w}" for w in session.table.replay.sealed_words())
    return f"(opened {path}: {len(session.state.history())} actions replayed through the rules and checked{sealed})"


def open_table(path: str | Path, parent: QWidget | None, name: str = "") -> Table | None:
    """The game file at `path` opened on this machine, or None after telling the person why not."""
    try:
        return Table.open(path, Keyring(default_path()), name)
    except (PbemError, KeyringError) as exc:
        QMessageBox.warning(parent, "Open play-by-e-mail game", f"Cannot open this game, nothing was changed:\n\n{exc}")
        return None


class NewPbemDialog(QDialog):
    """The side one plays and one's name, for a new play-by-e-mail game of a scenario."""

    def __init__(self, sides: list[tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New Play-by-E-mail Game")
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.side = QComboBox()
        for sid, name in sides:
            self.side.addItem(name, sid)
        self.name = QLineEdit()
        self.name.setPlaceholderText("as the other player reads it")
        form.addRow("You play", self.side)
        form.addRow("Your name", self.name)
        lay.addLayout(form)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)


class SummaryDialog(QDialog):
    """The last moves as plain text, to paste in an e-mail, with a Copy button."""

    def __init__(self, text: str, parent: QWidget | None = None, title: str = "E-mail Summary") -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.resize(640, 420)
        lay = QVBoxLayout(self)
        self.text = QPlainTextEdit(text)
        self.text.setReadOnly(True)
        lay.addWidget(self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        copy = buttons.addButton("Copy", QDialogButtonBox.ButtonRole.ActionRole)
        copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.text.toPlainText()))
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)


class PbemMenu:
    """The playtest window's Play by E-mail menu."""

    def __init__(self, win) -> None:  # a PlaytestWindow (window.py imports this module)
        self.win = win
        self.last_summary: SummaryDialog | None = None
        self.act_new = QAction("&New Play-by-E-mail Game…", win)
        self.act_new.setStatusTip("Start a game of this scenario to play by e-mail: the file holds the scenario, "
                                  "every move and the dice")
        self.act_new.triggered.connect(lambda _c=False: self.new_game_dialog())
        self.act_open = QAction("&Open Play-by-E-mail Game…", win)
        self.act_open.triggered.connect(lambda _c=False: self.open_dialog())
        self.act_take_back = QAction("&Take Back", win)
        self.act_take_back.setShortcut(QKeySequence(QKeySequence.StandardKey.Undo))
        self.act_take_back.setStatusTip("Undo your last decision made since you opened the file")
        self.act_take_back.triggered.connect(lambda _c=False: self.take_back())
        self.act_send = QAction("&Save and Send…", win)
        self.act_send.setShortcut(QKeySequence("Ctrl+Shift+S"))
        self.act_send.setStatusTip("Write the game file to send to the other player, and its e-mail summary")
        self.act_send.triggered.connect(lambda _c=False: self.save_and_send_dialog())
        self.act_summary = QAction("E-mail &Summary…", win)
        self.act_summary.triggered.connect(lambda _c=False: self.show_summary())
        m = win.menuBar().addMenu("Play by &E-mail")
        m.addActions([self.act_new, self.act_open])
        m.addSeparator()
        m.addActions([self.act_take_back, self.act_send, self.act_summary])
        self.update()

    def session(self) -> PbemSession | None:
        s = self.win.session
        return s if isinstance(s, PbemSession) else None

    def update(self) -> None:
        s = self.session()
        self.act_take_back.setEnabled(s is not None and s.table.can_take_back())
        self.act_send.setEnabled(s is not None)
        self.act_summary.setEnabled(s is not None)
        if s is not None:
            t = s.table
            players = ", ".join(f"{s.side_name(side)}: {name}" for side, name in t.record.players().items())
            you = f"you play {s.side_name(t.side)}" if t.seat is not None else "you are watching"
            self.win.setWindowTitle(f"Play by e-mail: {t.record.title} ({you}; {players})")

    # -- starting and opening ------------------------------------------------------------------------
    def new_game(self, side: str, name: str, path: str | Path) -> bool:
        win = self.win
        if not str(path).endswith(SUFFIX):
            path = f"{path}{SUFFIX}"
        try:
            table = Table.new(copy_scenario(win.session.scenario), side, Keyring(default_path()), name,
                              dict(win.session.options))
            session = PbemSession(table)
            session.save(path)
        except (PbemError, KeyringError, OSError) as exc:
            QMessageBox.warning(win, "New play-by-e-mail game", f"Cannot start the game: {exc}")
            return False
        win.set_session(session, f"(a new play-by-e-mail game, saved to {path}: send it to the other player)")
        self.update()
        win.status(f"New play-by-e-mail game saved to {path}. {table.waiting_words().capitalize()}.", 0)
        return True

    def new_game_dialog(self) -> None:
        win = self.win
        if not win.files.confirm_discard("start a play-by-e-mail game"):
            return
        sides = [(s.id, win.session.side_name(s.id)) for s in win.session.scenario.sides]
        dlg = NewPbemDialog(sides, win)
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return
        start = str(Path(win.session.scenario_path).with_suffix(SUFFIX)) if win.session.scenario_path else ""
        path, _ = QFileDialog.getSaveFileName(win, "New play-by-e-mail game", start, GAME_FILTER)
        if path:
            self.new_game(dlg.side.currentData(), dlg.name.text().strip(), path)

    def open_game(self, path: str | Path) -> bool:
        table = open_table(path, self.win)
        if table is None:
            return False
        try:
            session = PbemSession(table, path)
        except PbemError as exc:
            QMessageBox.warning(self.win, "Open play-by-e-mail game", str(exc))
            return False
        win = self.win
        win.replace_board(make_board(session.scenario, Path(path).parent, win))
        win.set_session(session, opened_note(session, path))
        self.update()
        self.show_new_moves()
        return True

    def show_new_moves(self) -> None:
        """The replay at the other player's first new action, to step through (Game > Replay)."""
        s = self.session()
        if s is None:
            return
        n, start = len(s.state.history()), self.new_moves_start(s.table)
        if 0 < start < n:
            self.win.replay.go_to(start)
            self.win.status(f"The other player's {n - start} new actions: step through them with the replay "
                            f"controls, then leave the replay to play", 0)

    def new_moves_start(self, table: Table) -> int:
        """The first action the other player made since this machine last sent the file: the actions of the
        entries it sent (a decision is one, and so is a roll completed by its second value)."""
        seat = table.seat
        if seat is None or not seat.sent_count:
            return 0
        sent = table.record.entries[:seat.sent_count]
        return sum(1 for e in sent if e.kind in (DO, SEAL) or (e.kind == REVEAL and e.outcome))

    def open_dialog(self) -> None:
        if not self.win.files.confirm_discard("open a play-by-e-mail game"):
            return
        path, _ = QFileDialog.getOpenFileName(self.win, "Open play-by-e-mail game", "", GAME_FILTER)
        if path:
            self.open_game(path)

    # -- during the turn ---------------------------------------------------------------------------
    def take_back(self) -> bool:
        s = self.session()
        if s is None or not s.table.take_back():
            self.win.status("Nothing to take back: only your own decisions since you opened the file")
            return False
        self.win.set_session(PbemSession(s.table, s.path), "(your last decision taken back)")
        self.update()
        return True

    def save_and_send(self, path: str | Path) -> bool:
        s = self.session()
        if s is None:
            return False
        try:
            s.save(path)
        except (OSError, KeyringError) as exc:
            QMessageBox.warning(self.win, "Save and send", f"Cannot save the game: {exc}")
            return False
        self.win.files.saved_len = len(s.state.history())
        self.win.status(f"Saved to {path}: send this file to the other player. Waiting for "
                        f"{s.table.waiting_words()}.", 0)
        self.update()
        return True

    def save_and_send_dialog(self) -> None:
        s = self.session()
        if s is None:
            return
        path, _ = QFileDialog.getSaveFileName(self.win, "Save and send", s.path or "", GAME_FILTER)
        if path and self.save_and_send(path):
            self.show_summary()

    def show_summary(self) -> None:
        s = self.session()
        if s is None:
            return
        self.last_summary = SummaryDialog(s.table.summary(), self.win)
        self.last_summary.show()

