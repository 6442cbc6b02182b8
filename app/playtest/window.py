"""The playtest window: a scenario played by its rules, each side a person or a bot.

Everything goes through the rules protocol and the family's presenter (engine/rules/presentation.py):
the board (boardview.py: a hex or an area board behind one protocol) shows `units`, a selected unit's
`move_costs` and the enemy `zoc_hexes`, hovering a location it can reach draws the path of that MOVE
action, clicking makes it (`apply_checked`). Attacks, entries, retreats, advances, step losses, support
markers and every other decision are listed in the decision panel (decision.py) by their labels and
shown on the board while hovered; an attack shows its `combat_preview` (combat.py) before it is made.
Chance nodes are drawn from the state's seeded sampler and logged (gamelog.py). A click or a drag the
rules do not allow does nothing but say, in the status bar, which rule forbids it (moves.py, or the
`IllegalAction` message).

File > Save Game / Open Game write and read a game log (game_files.py); Game > Replay steps through the
game from its first action (replay.py). Game moves cannot be taken back (no undo): the rules forbid it
and a log records decisions as made.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from hexwright.engine.rules.presentation import PASS, ActionView, BatchAnswer, outcome_text
from hexwright.engine.rules.protocol import CHANCE, Action, GameState, IllegalAction
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QSlider,
    QSpinBox,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from .board_play import BoardPlay
from .boards import make_board
from .boardview import PlaytestBoard
from .bot_runner import BotRunner
from .combat import CombatPreviewPanel
from .decision import DecisionPanel
from .game_files import GameFiles
from .gamelog import GameLogPanel
from .panels import TurnTrackWidget, UnitsPanel
from .pbem import PbemMenu
from .replay import ReplayController
from .seats import confirm_pass, seats_dialog
from .session import HUMAN, GameSession
from .start_dialog import DEFAULT_PACE_MS

MAX_CHANCE_CHAIN = 10000  # chance nodes drawn in a row before the window looks again (a guard, never reached)

__all__ = ["PlaytestWindow"]


class PlaytestWindow(QMainWindow):
    """The window wires the board, the decision panel, the combat preview, the game log, the units panel
    and the replay to one game session, steps the dice and the bots, and makes a person's decisions by
    the checked path; what a click on the board means is BoardPlay's (board_play.py)."""

    def __init__(self, session: GameSession, base_dir: Path | None = None, pace_ms: int = DEFAULT_PACE_MS,
                 parent: QWidget | None = None, note: str = "") -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.session = session
        self.base_dir = base_dir
        self.pace_ms = pace_ms
        self.paused = False
        self._views: list[ActionView] = []
        self._views_key: tuple[int, int] | None = None
        self._announced = False
        self._last_human: str | None = None
        self._shown_markers: list[object] = []
        self._last_bot_view: ActionView | None = None
        self._log_sized = False
        self.last_message = ""
        self.victory_box: QMessageBox | None = None
        self.runner = BotRunner(self)
        self.runner.chosen.connect(self._bot_chosen)
        self.runner.failed.connect(self._bot_failed)
        self._bot_timer = QTimer(self)
        self._bot_timer.setSingleShot(True)
        self._bot_timer.timeout.connect(self._ask_bot)
        self.board: PlaytestBoard = make_board(session.scenario, base_dir, self)
        self.play = BoardPlay(self)
        self.files = GameFiles(self)
        self._build()
        self._connect_board()
        self.replay.entered.connect(self._stop_bots)
        self.replay.left.connect(self._back_to_live)
        self.replay.moved.connect(self.refresh)
        self.resize(1400, 900)
        self.set_session(session, note)

    # -- construction ------------------------------------------------------------------------------
    def _build(self) -> None:
        central = QWidget()
        lay = QVBoxLayout(central)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        self.turn_track = TurnTrackWidget()
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.prompt.setStyleSheet("QLabel { background: #fff8dc; padding: 4px; border-bottom: 1px solid #c8b878; }")
        lay.addWidget(self.prompt)
        self.markers_label = QLabel()
        self.markers_label.setWordWrap(True)
        self.markers_label.setStyleSheet("QLabel { color: #404040; padding: 0 4px; }")
        self.markers_label.setToolTip("Markers off the map, as you may see them")
        lay.addWidget(self.markers_label)
        lay.addWidget(self.board.view, 1)
        self.setCentralWidget(central)

        self.decision = DecisionPanel()
        self.decision.chosen.connect(self.choose_view)
        self.decision.highlighted.connect(self.play.highlight_view)
        self.decision.batchChosen.connect(self.run_batch)
        self.preview = CombatPreviewPanel()
        self.preview.confirmed.connect(self.choose_view)
        self.log_panel = GameLogPanel()
        R = Qt.DockWidgetArea.RightDockWidgetArea  # a Qt enum
        self.dock_decision = self._dock("Decision", "decisionDock", self.decision, R)
        scroll = QScrollArea()  # the preview keeps its natural height; the dock scrolls when short
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(self.preview)
        self.dock_preview = self._dock("Combat preview", "combatDock", scroll, R)
        self.dock_log = self._dock("Game log", "logDock", self.log_panel, Qt.DockWidgetArea.BottomDockWidgetArea)
        self.units_panel = UnitsPanel()
        self.units_panel.unitActivated.connect(self.play.unit_from_list)
        self.dock_units = self._dock("Units", "unitsDock", self.units_panel, Qt.DockWidgetArea.BottomDockWidgetArea)
        self.tabifyDockWidget(self.dock_log, self.dock_units)
        self.dock_log.raise_()
        self.resizeDocks([self.dock_decision, self.dock_preview], [320, 320], Qt.Orientation.Horizontal)
        self.resizeDocks([self.dock_log], [self.log_panel.sizeHint().height()], Qt.Orientation.Vertical)
        self.resizeDocks([self.dock_decision, self.dock_preview], [420, 380], Qt.Orientation.Vertical)

        def act(text: str, slot: Callable[[], object], shortcut: str | QKeySequence.StandardKey | None = None,
                tip: str = "") -> QAction:
            a = QAction(text, self)
            if shortcut is not None:
                a.setShortcut(QKeySequence(shortcut))
            if tip:
                a.setStatusTip(tip)
                a.setToolTip(f"{tip} ({a.shortcut().toString()})" if shortcut is not None else tip)
            a.triggered.connect(lambda _checked=False: slot())
            return a

        K = QKeySequence.StandardKey  # a Qt enum
        self.act_new = act("&New Game…", self.files.new_game_dialog, K.New, "Start the scenario again (seats, seed)")
        self.act_open = act("&Open Game…", self.files.open_game_dialog, K.Open, "Load a saved game log")
        self.act_save = act("&Save Game…", self.files.save_game_dialog, K.Save, "Save this game as a game log")
        self.act_from_here = act("Start from &Here…", self.files.start_from_here_dialog, None,
                                 "Save this position as a scenario that starts at this phase's opening, and play it")
        self.act_close = act("&Close", self.close, K.Close)
        self.act_pass = act("&Pass / End Phase", self.pass_phase, "Ctrl+E", "End this step of the sequence of play")
        self.act_pause = act("Pause &Bots", self.toggle_pause, "Ctrl+B", "Pause or resume the bots")
        self.act_seats = act("&Seats…", lambda: seats_dialog(self), "Ctrl+Shift+H",
                             "Hand a side to a bot or back to a person, mid-game")
        self.act_pause.setCheckable(True)
        self.replay = ReplayController(self, self.session)
        self.act_replay, self.act_first, self.act_back, self.act_forward, self.act_last = self.replay.actions()
        self.act_fit = act("&Fit to Window", self.board.view.fit_map, "Ctrl+0")
        self.act_zoom_in = act("Zoom &In", self.board.view.zoom_in, "Ctrl+=")
        self.act_zoom_out = act("Zoom &Out", self.board.view.zoom_out, "Ctrl+-")
        self.act_deselect = act("Deselect", lambda: self.play.select_unit(None), "Esc")
        self.addAction(self.act_deselect)
        mb = self.menuBar()
        m = mb.addMenu("&File")
        m.addActions([self.act_new, self.act_open, self.act_save, self.act_from_here])
        m.addSeparator()
        m.addAction(self.act_close)
        m = mb.addMenu("&Game")
        m.addActions([self.act_pass, self.act_pause, self.act_seats])
        m.addSeparator()
        m.addActions(self.replay.actions())
        m = mb.addMenu("&View")
        m.addActions([self.act_zoom_in, self.act_zoom_out, self.act_fit])
        m.addSeparator()
        for d in (self.dock_decision, self.dock_preview, self.dock_log, self.dock_units):
            m.addAction(d.toggleViewAction())
        tb = QToolBar("Game", self)
        tb.setObjectName("playtestToolbar")
        tb.addActions([self.act_pass, self.act_pause])
        tb.addWidget(QLabel(" Pace "))
        self.pace_box = QSpinBox()
        self.pace_box.setRange(0, 5000)
        self.pace_box.setSingleStep(100)
        self.pace_box.setSuffix(" ms")
        self.pace_box.setToolTip("Pause after each bot decision")
        self.pace_box.setValue(self.pace_ms)
        self.pace_box.valueChanged.connect(lambda v: setattr(self, "pace_ms", v))
        tb.addWidget(self.pace_box)
        tb.addSeparator()
        tb.addActions(self.replay.actions())
        tb.addWidget(self.replay.slider)
        tb.addWidget(self.replay.label)
        self.addToolBar(tb)
        self.addToolBarBreak()
        track_bar = QToolBar("Turn track", self)  # the whole width of the window, above the docks
        track_bar.setObjectName("turnTrackToolbar")
        track_bar.setMovable(False)
        track_bar.addWidget(self.turn_track)
        self.addToolBar(track_bar)
        self.status_mode = QLabel()
        self.statusBar().addPermanentWidget(self.status_mode)
        self.pbem = PbemMenu(self)

    def _dock(self, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        d = QDockWidget(title, self)
        d.setObjectName(name)
        d.setWidget(widget)
        d.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable |
                      QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        self.addDockWidget(area, d)
        return d

    def _connect_board(self) -> None:
        self.board.locationClicked.connect(self.play.click_hex)
        self.board.unitDragged.connect(self.play.drag_unit)
        self.board.locationHovered.connect(self.play.hover_hex)
        self.board.rightClicked.connect(lambda: self.play.select_unit(None))

    def replace_board(self, board: PlaytestBoard) -> None:
        """Show another board (a game loaded on another map) in place of this one."""
        old = self.board
        self.board = board
        self._connect_board()
        self._shown_markers = []
        central = self.centralWidget()
        layout = central.layout() if central is not None else None
        if layout is not None:
            layout.replaceWidget(old.view, board.view)
        old.view.hide()
        old.detach()
        old.view.deleteLater()
        self.act_fit.triggered.disconnect()
        self.act_fit.triggered.connect(self.board.view.fit_map)
        self.act_zoom_in.triggered.disconnect()
        self.act_zoom_in.triggered.connect(self.board.view.zoom_in)
        self.act_zoom_out.triggered.disconnect()
        self.act_zoom_out.triggered.connect(self.board.view.zoom_out)

    # -- the game ----------------------------------------------------------------------------------
    def set_session(self, session: GameSession, note: str = "") -> None:
        """Play `session` in this window (a new game or a loaded one)."""
        self._stop_bots()
        self.session = session
        self._last_bot_view = None
        self.board.select(None)
        self.replay.reset(session)
        self._announced = session.state.is_terminal()
        self._views_key = None
        seats = ", ".join(f"{session.side_name(s)}: {'person' if k == HUMAN else k + ' bot'}"
                          for s, k in ((s, session.seats.get(s, HUMAN)) for s in session.sides))
        self.setWindowTitle(f"Playtest: {session.scenario.title} (seed {session.seed}; {seats})")
        self.log_panel.set_lines(session.lines)
        if note:
            self.log_panel.appendPlainText(note)
        self.refresh()
        self.board.view.fit_map()
        self._step()

    @property
    def state(self) -> GameState:
        """The position on the board: the live game, or the replayed position in replay mode."""
        if self.replay.state is not None and not self.replay.live():
            return self.replay.state
        return self.session.state

    def live(self) -> bool:
        return self.replay.live()

    def can_act(self) -> bool:
        """A person may decide now (live game, a person's decision)."""
        return self.live() and self.session.human_to_act()

    def views(self) -> list[ActionView]:
        """The current decision's action views (cached per position)."""
        st = self.session.state
        key = (id(st), len(st.history()))
        if self._views_key != key:
            self._views = self.session.presenter.action_views(st) if self.session.human_to_act() else []
            self._views_key = key
        return self._views

    def status(self, text: str, timeout: int = 15000) -> None:
        self.last_message = text
        self.statusBar().showMessage(text, timeout)
        self.decision.set_notice(text)  # whole and wrapped: a long refusal is cut in the status bar

    def refresh(self) -> None:
        s = self.session
        st = self.state
        pres = s.presenter
        viewer = s.viewer() if self.live() else None
        actor = None if st.is_terminal() else st.current_player
        units = pres.units(st, viewer)
        self.board.set_units(units, actor)
        self.units_panel.set_units(units, s.side_name)
        markers = pres.markers(st, viewer)
        # markers are placed beside or under the counters: drawn again when the stacks change too
        shown: list[object] = [(m.id, m.hex, m.hexside, m.text) for m in markers]
        shown.append(self.board.markers_key())
        if shown != self._shown_markers:
            self.board.set_markers(markers)
            self._shown_markers = shown
        off_map = [f"{m.kind[:1].upper()}{m.kind[1:]}{f' ({s.side_name(m.side)})' if m.side else ''}: {m.text}"
                   for m in markers if not m.hex and not m.hexside and m.text]
        self.markers_label.setText("; ".join(off_map))
        self.markers_label.setVisible(bool(off_map))
        self.turn_track.set_track(pres.turn_track(st), tuple(s.side_name(x) for x in s.sides), st.phase.rule)
        prompt = pres.prompt(st)
        if self.live():
            who = self._who_text()
            self.prompt.setText(f"{prompt}    <i>{who}</i>" if who else prompt)
            self.decision.show_decision(prompt, self.views(), self.can_act(),
                                        pres.batch_answers(st) if self.can_act() else [])
            self.log_panel.show_live(s.lines)
        else:
            self.prompt.setText(f"Replay: after action {self.replay.n} of {self.replay.total()}. {prompt}")
            self.decision.show_replay()
            self.log_panel.show_until(s.lines_until(self.replay.n or 0))
        self.preview.clear()
        if self.board.selected is not None and not self.play.reselect(self.board.selected):
            self.board.select(None)
        if self.board.selected is None:
            self.play.default_overlays()
        if self.live():
            self.play.show_declared()
        self.replay.refresh_controls()
        mode = "replay" if not self.live() else ("game over" if s.state.is_terminal() else
                                                 "paused" if self.paused and s.bot_to_act() else
                                                 "bot thinking" if s.bot_to_act() else
                                                 "your decision" if s.human_to_act() else "")
        self.status_mode.setText(mode)
        self.act_pass.setEnabled(self.can_act() and self.decision.pass_view is not None)
        self.pbem.update()

    def _who_text(self) -> str:
        s = self.session
        if s.remote_wait():
            return s.remote_wait()
        a = s.actor()
        if a is None:
            return ""
        if a == CHANCE:
            return "Dice"
        if a in s.bots:
            return f"{s.side_name(a)} ({s.seats[a]} bot) is deciding"
        hot_seat = len(s.humans()) > 1
        return f"{s.side_name(a)} to decide" + (" (hot-seat: pass the screen)" if hot_seat else "")

    # -- replay -----------------------------------------------------------------------------------------
    @property
    def replay_n(self) -> int | None:
        """Actions into the game of the replayed position; None in the live game."""
        return self.replay.n

    @property
    def replay_slider(self) -> QSlider:
        return self.replay.slider

    def toggle_replay(self, checked: bool | None = None) -> None:
        self.replay.set_replaying(self.live() if checked is None else bool(checked))

    def replay_to(self, n: int) -> None:
        self.replay.go_to(n)

    def replay_step(self, delta: int) -> None:
        self.replay.step(delta)

    def _back_to_live(self) -> None:
        self.refresh()
        self._step()

    # -- stepping the game: chance and bots ----------------------------------------------------------
    def _stop_bots(self) -> None:
        self.runner.cancel()
        self._bot_timer.stop()
        self.board.select(None)

    def _step(self) -> None:
        """Draw chance outcomes, then wait for a person or start the bot whose decision it is."""
        s = self.session
        if not self.live():
            return
        n = 0
        while s.actor() == CHANCE and n < MAX_CHANCE_CHAIN:
            s.roll_chance()
            n += 1
        if n:
            self.refresh()
        if s.state.is_terminal():
            self.announce()
            return
        if s.bot_to_act():
            if not self.paused and not self.runner.busy and not self._bot_timer.isActive():
                self._bot_timer.start(self.pace_ms)
            return
        a = s.actor()
        if a is not None and a != self._last_human and len(s.humans()) > 1:
            self.status(f"Hot-seat: {s.side_name(a)} to play. {s.presenter.prompt(s.state)}")
        self._last_human = a

    def _ask_bot(self) -> None:
        s = self.session
        actor = s.actor()
        if self.live() and not self.paused and s.bot_to_act() and not self.runner.busy and actor is not None:
            self.runner.ask(s.bots[actor], s.state)
            self.status_mode.setText("bot thinking")

    def _bot_chosen(self, ticket: int, action: Action) -> None:
        if ticket != self.runner.ticket:
            return  # an answer for a game no longer on the board
        self.runner.busy = False
        if not self.live() or not self.session.bot_to_act():
            return
        shown = None
        if self.pace_ms > 0:  # at a pace a person follows: show where the bot's decision is on the board
            shown = next((v for v in self.session.presenter.action_views(self.session.state)
                          if v.action == action and v.hexes), None)
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            self.paused = True
            self.act_pause.setChecked(True)
            self.status(f"the bot chose an illegal action {action.text()!r}: {exc}")
            return
        self._last_bot_view = shown
        self.refresh()
        if shown is not None:
            self.status(f"{self.session.side_name(self.session.state.history()[-1].player)}: "
                        f"{shown.label or action.text()}", max(2000, 4 * self.pace_ms))
        self._step()

    def _bot_failed(self, ticket: int, message: str) -> None:
        if ticket != self.runner.ticket:
            return
        self.runner.busy = False
        self.paused = True
        self.act_pause.setChecked(True)
        self.status(f"the bot failed: {message.splitlines()[0]}")
        self.log_panel.appendPlainText(f"bot error: {message}")

    def toggle_pause(self, checked: bool | None = None) -> None:
        self.paused = bool(checked) if checked is not None else not self.paused
        self.act_pause.setChecked(self.paused)
        if not self.paused:
            self._step()
        self.refresh()

    def announce(self) -> None:
        """Victory (or a draw) with its reason: a dialog, the log, the status bar."""
        if self._announced:
            return
        self._announced = True
        text = outcome_text(self.session.state) or "the game is over"
        self.status(f"Game over: {text}", 0)
        self.victory_box = QMessageBox(QMessageBox.Icon.Information, "Game over", f"Game over.\n\n{text}",
                                       QMessageBox.StandardButton.Ok, self)
        self.victory_box.setWindowModality(Qt.WindowModality.NonModal)
        self.victory_box.show()

    # -- a person's decisions ------------------------------------------------------------------------
    def apply_action(self, action: Action | str) -> bool:
        """Make a person's decision by the checked path; an illegal one is refused with its rule."""
        if not self.can_act():
            self.status(self._why_not_now())
            return False
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            self.status(str(exc))
            return False
        self._last_bot_view = None
        self.status("")
        self.refresh()
        self._step()
        return True

    def _why_not_now(self) -> str:
        s = self.session
        if not self.live():
            return "Replay: decisions are made in the live game (Game > Replay to go back)."
        if s.state.is_terminal():
            return f"Game over: {outcome_text(s.state)}"
        if s.remote_wait():
            return s.remote_wait()
        a = s.actor()
        if s.bot_to_act() and a is not None:
            return f"Wait: the {s.seats[a]} bot is deciding for {s.side_name(a)}" + (
                " (bots paused: Game > Pause Bots)" if self.paused else "")
        return "Wait: the dice are being rolled"

    def run_batch(self, answer: BatchAnswer) -> int:
        """Make a batch answer (e.g. "land all"): the presenter's next action for it, applied by the checked
        path like any decision, the dice rolled after each (every roll in the log), until the batch is done
        or the decision is no longer the person's. Returns the number of decisions made."""
        made = 0
        while self.can_act() and made < MAX_CHANCE_CHAIN:
            action = self.session.presenter.batch_action(self.session.state, answer.name)
            if action is None or not self.apply_action(action):
                break
            made += 1
        self.status(f"{answer.label}: {made} decision{'s' if made != 1 else ''} made, each in the game log")
        return made

    def choose_view(self, view: ActionView | None) -> None:
        if view is not None and (view.kind != PASS or not self.can_act() or confirm_pass(self, view)):
            self.apply_action(view.action)

    def pass_phase(self) -> None:
        pv = self.decision.pass_view if self.can_act() else None
        if pv is None:
            self.status("There is no pass or end-of-phase action in this decision: " +
                        self.session.presenter.prompt(self.session.state))
            return
        if confirm_pass(self, pv):
            self.apply_action(pv.action)

    # -- what a person does, as scripts and tests call it -----------------------------------------------
    def click_hex(self, label: str, top_unit: str | None = None) -> None:
        self.play.click_hex(label, top_unit)

    def hover_hex(self, label: str | None) -> None:
        self.play.hover_hex(label)

    def drag_unit(self, uid: str, start: str, end: str) -> None:
        self.play.drag_unit(uid, start, end)

    def select_unit(self, uid: str | None) -> None:
        self.play.select_unit(uid)

    def unit_moves(self, uid: str) -> list[ActionView]:
        return self.play.unit_moves(uid)

    def move_to(self, uid: str, label: str) -> ActionView | None:
        return self.play.move_to(uid, label)

    def save_game(self, path: str | Path) -> bool:
        return self.files.save_game(path)

    def load_game(self, path: str | Path, seats: dict[str, str] | None = None) -> bool:
        return self.files.load_game(path, seats)

    def game_in_progress(self) -> bool:
        return self.files.game_in_progress()

    def confirm_discard(self, what: str = "start a new game") -> bool:
        return self.files.confirm_discard(what)

    def new_game_dialog(self) -> None:
        self.files.new_game_dialog()

    def new_game(self, seats: dict[str, str], seed: int, pace_ms: int | None = None) -> None:
        self.files.new_game(seats, seed, pace_ms)

    def showEvent(self, event: QShowEvent) -> None:  # Qt API
        super().showEvent(event)
        if not self._log_sized:  # the docks' sizes hold once the window is laid out: the log tall enough to read
            self._log_sized = True
            QTimer.singleShot(0, lambda: self.resizeDocks([self.dock_log], [self.log_panel.sizeHint().height()],
                                                          Qt.Orientation.Vertical))

    # -- closing ------------------------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:  # Qt API
        self._bot_timer.stop()
        self.runner.stop()
        super().closeEvent(event)
