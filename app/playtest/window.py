"""The playtest window: a scenario played by its rules, each side a person or a bot.

Everything goes through the rules protocol and the family's presenter (engine/rules/presentation.py):
the board shows `units`, a selected unit's `move_costs` and the enemy `zoc_hexes`, hovering a hex it can
reach draws the path of that MOVE action, clicking makes it (`apply_checked`). Attacks, entries, retreats,
advances, step losses, support markers and every other decision are listed in the decision panel by
their labels and shown on the board while hovered; an attack shows its `combat_preview` before it is
made. Chance nodes are drawn from the state's seeded sampler and logged. A click or a drag the rules do
not allow does nothing but say, in the status bar, which rule forbids it (`explain_illegal` of the move
the person tried, or the `IllegalAction` message).

File > Save Game / Open Game write and read a game log (engine/rules/log.py); Game > Replay steps
through the game from its first action. Game moves cannot be taken back (no undo): the rules forbid it
and a log records decisions as made.
"""

from __future__ import annotations

from pathlib import Path

from hexwright.engine.hexgrid.coords import hex_line, hex_neighbors
from hexwright.engine.rules.log import LogError
from hexwright.engine.rules.presentation import ATTACK, ENTER, PASS, ActionView, BatchAnswer, outcome_text
from hexwright.engine.rules.protocol import CHANCE, Action, GameState, IllegalAction
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
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

from .board import Board
from .bot_runner import BotRunner
from .panels import CombatPreviewPanel, DecisionPanel, GameLogPanel, TurnTrackWidget, UnitsPanel, is_map_move
from .session import HUMAN, GameSession
from .start_dialog import DEFAULT_PACE_MS, StartDialog


def make_board(scenario, base_dir: Path | None, parent):
    """The hex board, or the area board for a scenario on an area map (app/playtest/area_board.py)."""
    if getattr(scenario, "area_map", None) is not None:
        from .area_board import AreaBoard

        return AreaBoard(scenario, base_dir, parent)
    return Board(scenario, base_dir, parent)


MAX_CHANCE_CHAIN = 10000  # chance nodes drawn in a row before the window looks again (a guard, never reached)
LOG_FILTER = "Hexwright game logs (*.hwlog.yaml *.yaml);;All files (*)"


class PlaytestWindow(QMainWindow):
    def __init__(self, session: GameSession, base_dir: Path | None = None, pace_ms: int = DEFAULT_PACE_MS,
                 parent: QWidget | None = None, note: str = "") -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.base_dir = base_dir
        self.pace_ms = pace_ms
        self.paused = False
        self.replay_n: int | None = None
        self._replay_state: GameState | None = None
        self._views: list[ActionView] = []
        self._views_key: tuple | None = None
        self._announced = False
        self._last_human: str | None = None
        self._shown_markers: list = []
        self._last_bot_view: ActionView | None = None
        self.last_message = ""
        self._saved_len = -1  # actions in the game when it was last saved
        self.victory_box: QMessageBox | None = None
        self.runner = BotRunner(self)
        self.runner.chosen.connect(self._bot_chosen)
        self.runner.failed.connect(self._bot_failed)
        self._bot_timer = QTimer(self)
        self._bot_timer.setSingleShot(True)
        self._bot_timer.timeout.connect(self._ask_bot)
        self._build(session, base_dir)
        self.resize(1400, 900)
        self.set_session(session, note)

    # -- construction ------------------------------------------------------------------------------
    def _build(self, session: GameSession, base_dir: Path | None) -> None:
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
        self.board = make_board(session.scenario, base_dir, self)
        lay.addWidget(self.board.view, 1)
        self.setCentralWidget(central)
        self.board.hexClicked.connect(self.click_hex)
        self.board.unitDragged.connect(self.drag_unit)
        self.board.hexHovered.connect(self.hover_hex)
        self.board.rightClicked.connect(lambda: self.select_unit(None))

        self.decision = DecisionPanel()
        self.decision.chosen.connect(self.choose_view)
        self.decision.highlighted.connect(self._highlight_view)
        self.decision.batchChosen.connect(self.run_batch)
        self.preview = CombatPreviewPanel()
        self.preview.confirmed.connect(self.choose_view)
        self.log_panel = GameLogPanel()
        R = Qt.DockWidgetArea.RightDockWidgetArea  # noqa: N806
        self.dock_decision = self._dock("Decision", "decisionDock", self.decision, R)
        scroll = QScrollArea()  # the preview keeps its natural height; the dock scrolls when short
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(self.preview)
        self.dock_preview = self._dock("Combat preview", "combatDock", scroll, R)
        self.dock_log = self._dock("Game log", "logDock", self.log_panel, Qt.DockWidgetArea.BottomDockWidgetArea)
        self.units_panel = UnitsPanel()
        self.units_panel.unitActivated.connect(self._unit_from_list)
        self.dock_units = self._dock("Units", "unitsDock", self.units_panel, Qt.DockWidgetArea.BottomDockWidgetArea)
        self.tabifyDockWidget(self.dock_log, self.dock_units)
        self.dock_log.raise_()
        self.resizeDocks([self.dock_decision, self.dock_preview], [320, 320], Qt.Orientation.Horizontal)
        self.resizeDocks([self.dock_log], [190], Qt.Orientation.Vertical)
        self.resizeDocks([self.dock_decision, self.dock_preview], [420, 380], Qt.Orientation.Vertical)

        def act(text: str, slot, shortcut: str | QKeySequence.StandardKey | None = None, tip: str = "") -> QAction:
            a = QAction(text, self)
            if shortcut is not None:
                a.setShortcut(QKeySequence(shortcut))
            if tip:
                a.setStatusTip(tip)
                a.setToolTip(f"{tip} ({a.shortcut().toString()})" if shortcut is not None else tip)
            a.triggered.connect(slot)
            return a

        K = QKeySequence.StandardKey  # noqa: N806
        self.act_new = act("&New Game…", self.new_game_dialog, K.New, "Start the scenario again (seats, seed)")
        self.act_open = act("&Open Game…", self.open_game_dialog, K.Open, "Load a saved game log")
        self.act_save = act("&Save Game…", self.save_game_dialog, K.Save, "Save this game as a game log")
        self.act_close = act("&Close", self.close, K.Close)
        self.act_pass = act("&Pass / End Phase", self.pass_phase, "Ctrl+E", "End this step of the sequence of play")
        self.act_pause = act("Pause &Bots", self.toggle_pause, "Ctrl+B", "Pause or resume the bots")
        self.act_pause.setCheckable(True)
        self.act_replay = act("&Replay", self.toggle_replay, "Ctrl+R", "Step through the game from its first action")
        self.act_replay.setCheckable(True)
        self.act_first = act("|◀ First", lambda: self.replay_to(0), "Ctrl+Home", "Replay: the set-up")
        self.act_back = act("◀ Back", lambda: self.replay_step(-1), "Ctrl+Left", "Replay: one action back")
        self.act_forward = act("Forward ▶", lambda: self.replay_step(1), "Ctrl+Right", "Replay: one action on")
        self.act_last = act("Last ▶|", lambda: self.replay_to(len(self.session.state.history())), "Ctrl+End",
                            "Replay: the latest position")
        self.act_fit = act("&Fit to Window", self.board.view.fit_map, "Ctrl+0")
        self.act_zoom_in = act("Zoom &In", self.board.view.zoom_in, "Ctrl+=")
        self.act_zoom_out = act("Zoom &Out", self.board.view.zoom_out, "Ctrl+-")
        self.act_deselect = act("Deselect", lambda: self.select_unit(None), "Esc")
        self.addAction(self.act_deselect)
        mb = self.menuBar()
        m = mb.addMenu("&File")
        m.addActions([self.act_new, self.act_open, self.act_save])
        m.addSeparator()
        m.addAction(self.act_close)
        m = mb.addMenu("&Game")
        m.addActions([self.act_pass, self.act_pause])
        m.addSeparator()
        m.addActions([self.act_replay, self.act_first, self.act_back, self.act_forward, self.act_last])
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
        tb.addActions([self.act_replay, self.act_first, self.act_back, self.act_forward, self.act_last])
        self.replay_slider = QSlider(Qt.Orientation.Horizontal)
        self.replay_slider.setMinimumWidth(160)
        self.replay_slider.valueChanged.connect(self._slider_moved)
        tb.addWidget(self.replay_slider)
        self.replay_label = QLabel()
        tb.addWidget(self.replay_label)
        self.addToolBar(tb)
        self.addToolBarBreak()
        track_bar = QToolBar("Turn track", self)  # the whole width of the window, above the docks
        track_bar.setObjectName("turnTrackToolbar")
        track_bar.setMovable(False)
        track_bar.addWidget(self.turn_track)
        self.addToolBar(track_bar)
        self.status_mode = QLabel()
        self.statusBar().addPermanentWidget(self.status_mode)

    def _dock(self, title: str, name: str, widget: QWidget, area) -> QDockWidget:
        d = QDockWidget(title, self)
        d.setObjectName(name)
        d.setWidget(widget)
        d.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable |
                      QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        self.addDockWidget(area, d)
        return d

    # -- the game ----------------------------------------------------------------------------------
    def set_session(self, session: GameSession, note: str = "") -> None:
        """Play `session` in this window (a new game or a loaded one)."""
        self.runner.cancel()
        self._bot_timer.stop()
        self.session = session
        self._last_bot_view = None
        self.board.selected = None
        self.replay_n = None
        self._replay_state = None
        self._announced = session.state.is_terminal()
        self._views_key = None
        self.act_replay.setChecked(False)
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
        if self.replay_n is not None and self._replay_state is not None:
            return self._replay_state
        return self.session.state

    def live(self) -> bool:
        return self.replay_n is None

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

    def refresh(self) -> None:
        s = self.session
        st = self.state
        pres = s.presenter
        pres_side = s.side_name
        viewer = s.viewer() if self.live() else None
        actor = None if st.is_terminal() else st.current_player
        units = pres.units(st, viewer)
        self.board.set_units(units, actor)
        self.units_panel.set_units(units, s.side_name)
        markers = pres.markers(st, viewer) if hasattr(pres, "markers") else []
        # an area board puts markers under the area's counters: redrawn when the stacks change too
        stacks = getattr(self.board, "stacks", None)
        shown = [(m.id, m.hex, m.hexside, m.text) for m in markers]
        if isinstance(stacks, dict):
            shown.append(tuple(sorted((a, len(u)) for a, u in stacks.items())))
        if shown != self._shown_markers:
            self.board.set_markers(markers)
            self._shown_markers = shown
        off_map = [f"{m.kind[:1].upper()}{m.kind[1:]}{f' ({pres_side(m.side)})' if m.side else ''}: {m.text}"
                   for m in markers
                   if not m.hex and not m.hexside and m.text]
        self.markers_label.setText("; ".join(off_map))
        self.markers_label.setVisible(bool(off_map))
        self.turn_track.set_track(pres.turn_track(st), tuple(s.side_name(x) for x in s.sides), st.phase.rule)
        prompt = pres.prompt(st)
        if self.live():
            who = self._who_text()
            self.prompt.setText(f"{prompt}    <i>{who}</i>" if who else prompt)
            self.decision.set_decision(prompt, self.views(), self.can_act())
            self.decision.set_batches(pres.batch_answers(st) if self.can_act() else [])
        else:
            n = len(s.state.history())
            self.prompt.setText(f"Replay: after action {self.replay_n} of {n}. {prompt}")
            self.decision.set_decision("Replay: decisions are made in the live game (Game > Replay to go back).",
                                       [], False)
            self.decision.set_batches([])
        self.preview.show_preview(None, None)
        self._room_for_preview(False)
        if self.board.selected is not None and not self._reselect(self.board.selected):
            self.board.select(None)
        if self.board.selected is None:
            self._default_overlays()
        self._refresh_log()
        self._refresh_replay_controls()
        mode = "replay" if not self.live() else ("game over" if s.state.is_terminal() else
                                                 "paused" if self.paused and s.bot_to_act() else
                                                 "bot thinking" if s.bot_to_act() else
                                                 "your decision" if s.human_to_act() else "")
        self.status_mode.setText(mode)
        self.act_pass.setEnabled(self.can_act() and self.decision.pass_view is not None)

    def _who_text(self) -> str:
        s = self.session
        a = s.actor()
        if a is None:
            return ""
        if a == CHANCE:
            return "Dice"
        if a in s.bots:
            return f"{s.side_name(a)} ({s.seats[a]} bot) is deciding"
        hot_seat = len(s.humans()) > 1
        return f"{s.side_name(a)} to decide" + (" (hot-seat: pass the screen)" if hot_seat else "")

    def _refresh_log(self) -> None:
        s = self.session
        if self.live():
            if self.log_panel.count > len(s.lines) or getattr(self, "_log_mode", "live") != "live":
                self.log_panel.set_lines(s.lines)
            else:
                self.log_panel.add_lines(s.lines[self.log_panel.count:])
            self._log_mode = "live"
        else:
            self.log_panel.set_lines(s.lines_until(self.replay_n or 0))
            self._log_mode = "replay"

    def _default_overlays(self) -> None:
        """With no unit selected: the hexes the current decision is about (attack targets, entry and
        landing hexes, the ends of retreat and advance paths)."""
        self.board.show_reach({})
        self.board.show_zoc(())
        last = self._last_bot_view if self.live() else None
        self.board.show_path(last.hexes if last is not None else ())  # the bot's last move stays in sight
        if not self.can_act():
            self.board.show_targets(last.hexes[-1:] if last is not None else ())
            return
        ends = {v.hexes[-1] for v in self.views() if not is_map_move(v) and v.hexes}
        self.board.show_targets(ends)

    # -- stepping the game: chance and bots ----------------------------------------------------------
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
        if a != self._last_human and len(s.humans()) > 1:
            self.status(f"Hot-seat: {s.side_name(a)} to play. {s.presenter.prompt(s.state)}")
        self._last_human = a

    def _ask_bot(self) -> None:
        s = self.session
        if self.live() and not self.paused and s.bot_to_act() and not self.runner.busy:
            self.runner.ask(s.bots[s.actor()], s.state)
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
        if s.bot_to_act():
            return f"Wait: the {s.seats[s.actor()]} bot is deciding for {s.side_name(s.actor())}" + (
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
        if view is not None:
            self.apply_action(view.action)

    def pass_phase(self) -> None:
        pv = self.decision.pass_view if self.can_act() else None
        if pv is None:
            self.status("There is no pass or end-of-phase action in this decision: " +
                        self.session.presenter.prompt(self.session.state))
            return
        self.apply_action(pv.action)

    def _side_of(self, uid: str) -> str | None:
        uv = self.board.units.get(uid)
        return uv.side if uv is not None else None

    def unit_moves(self, uid: str) -> list[ActionView]:
        return [v for v in self.views() if is_map_move(v) and uid in v.units]

    def move_to(self, uid: str, label: str) -> ActionView | None:
        """The move of `uid` that ends in `label` (the cheapest if several paths are offered)."""
        ends = [v for v in self.unit_moves(uid) if v.hexes and v.hexes[-1] == label]
        return min(ends, key=lambda v: v.cost if v.cost is not None else 0.0) if ends else None

    def _reselect(self, uid: str) -> bool:
        """Show a selected unit's reach again after the position changed; False if it is gone."""
        if uid not in self.board.units or self.board.units[uid].hex is None:
            return False
        self._show_unit(uid)
        return True

    def select_unit(self, uid: str | None) -> None:
        self.board.select(uid)
        if uid is None:
            self._default_overlays()
            self.preview.show_preview(None, None)
            return
        self._show_unit(uid)
        uv = self.board.units[uid]
        n = len(self.board.reach)
        if self.can_act() and uv.side == self.session.actor():
            within = (f"{n} areas within reach (the MF each costs)" if hasattr(self.board, "line_path") else
                      f"{n} hexes within reach; enemy zones of control hatched red")
            self.status(f"{uv.name or uid} ({uv.values}): {within}" if n else self._why_no_move(uid))
        elif self.can_act():
            self.status(self._explain_move(uid, self._neighbour_path(uid)) or
                        f"{uv.name or uid} belongs to {self.session.side_name(uv.side)}")

    def _unit_from_list(self, uid: str) -> None:
        """A unit clicked in the Units panel: centre the board on it and select it."""
        uv = self.board.units.get(uid)
        if uv is None or uv.hex is None or self.board.hex_of(uv.hex) is None:
            return
        self.board.view.centerOn(self.board.centre(uv.hex))
        self.select_unit(uid)

    def _show_unit(self, uid: str) -> None:
        s = self.session
        st = self.state
        side = self._side_of(uid)
        costs = s.presenter.move_costs(st, uid) if self.live() and self.can_act() else {}
        self.board.show_reach(costs)
        self.board.show_zoc(s.presenter.zoc_hexes(st, side) if side else ())
        self.board.show_path(())
        hexes = self.board.units[uid].hex
        attacks = [v for v in self.views() if v.kind == ATTACK and (uid in v.units or hexes in v.hexes[:-1])]
        self.board.show_targets({v.hexes[-1] for v in attacks if v.hexes})

    def hover_hex(self, label: str | None) -> None:
        if not self.can_act():
            return
        uid = self.board.selected
        if uid is None:  # a retreat, advance, displacement or entry ending here: its path
            ends = [v for v in self.views() if not is_map_move(v) and len(v.hexes) > 1 and v.hexes[-1] == label]
            self.board.show_path(ends[0].hexes if ends else ())
            return
        if label is None:
            self.board.show_path(())
            return
        mv = self.move_to(uid, label)
        self.board.show_path(mv.hexes if mv is not None else ())

    def click_hex(self, label: str, top_unit: str | None = None) -> None:
        """A left click on a hex: make the move there, select a unit, pick an attack, an entry, a retreat
        or advance destination, or say which rule forbids what was tried."""
        if not self.can_act():
            self.status(self._why_not_now())
            return
        s = self.session
        actor = s.actor()
        sel = self.board.selected
        if sel is not None:
            mv = self.move_to(sel, label)
            if mv is not None:
                if self._confirm_close_combat(mv, label):
                    return
                self.apply_action(mv.action)
                return
        views = [v for v in self.views() if not is_map_move(v) and v.hexes and v.hexes[-1] == label]
        here = self.board.units_at(label)
        own = [u for u in here if self._side_of(u) == actor]
        enemy = [u for u in here if self._side_of(u) != actor]
        attacks = [v for v in views if v.kind == ATTACK]
        if enemy and attacks:
            if sel is not None:  # the selected unit's attacks first
                sel_hex = self.board.units[sel].hex
                attacks.sort(key=lambda v: not (sel in v.units or sel_hex in v.hexes[:-1]))
            self.decision.show_only(label, ATTACK)
            self.decision.select_view(attacks[0])
            self.show_attack(attacks[0])
            self.status(f"{len(attacks)} possible attack(s) on {label}: pick the participants in the Decision list; "
                        "the Combat preview shows the odds; press Attack to make it")
            return
        others = [v for v in views if v.kind != ATTACK]
        if others and not (own and sel != own[-1] and self.unit_moves(own[-1])):
            cur = self.decision.list.currentItem()
            picked = cur.data(Qt.ItemDataRole.UserRole) if cur is not None else None
            if picked is not None and len(others) > 1:  # the decision picked in the list, made here
                same = [v for v in others if v == picked] or [
                    v for v in others if picked.units and v.units == picked.units and v.verb == picked.verb]
                others = same or others
            if len(others) == 1:
                self.apply_action(others[0].action)
            else:
                self.decision.show_only(label)
                self.status(f"{len(others)} actions end in {label}: pick one in the Decision list")
            return
        if own:
            pick = top_unit if top_unit in own else own[-1]
            if sel in own and len(own) > 1:  # clicking a stack again picks the next unit in it
                pick = own[(own.index(sel) + 1) % len(own)]
            self.select_unit(pick)
            return
        if sel is not None:
            start = self.board.units[sel].hex
            self.status(self._explain_move(sel, self._line_path(start, label)) if start else
                        f"{sel} is not on the map")
            return
        if enemy:
            uid = enemy[-1]
            self.select_unit(uid)
            return
        self.status(f"Nothing to do in {label}. {s.presenter.prompt(s.state)}")

    def _confirm_close_combat(self, mv: ActionView, label: str) -> bool:
        """A move into an enemy-occupied hex is an attack (Koenig's close combat): show its preview and let
        the Attack button make it, as for any attack. True if the preview is now waiting."""
        enemy = [u for u in self.board.units_at(label) if self._side_of(u) != self.session.actor()]
        if not enemy:
            return False
        prev = self.session.presenter.combat_preview(self.session.state, mv.action)
        if prev is None:
            return False
        self.preview.show_preview(mv, prev, self.can_act(), self._legend())
        self._room_for_preview(True)
        self.dock_preview.raise_()
        self.board.show_path(mv.hexes)
        self.board.show_targets((label,), (mv.hexes[0],))
        self.status(f"{mv.label or mv.action.text()}: the Combat preview shows the odds; press Attack to make it")
        return True

    def drag_unit(self, uid: str, start: str, end: str) -> None:
        """A counter dragged from one hex to another: the move there, or the rule that forbids it."""
        if not self.can_act():
            self.click_hex(end)
            return
        if self._side_of(uid) == self.session.actor():
            mv = self.move_to(uid, end)
            if mv is not None:
                self.board.select(uid)
                if not self._confirm_close_combat(mv, end):
                    self.apply_action(mv.action)
                return
        self.status(self._explain_move(uid, self._line_path(start, end)))

    def _line_path(self, start: str, end: str) -> list[str]:
        """The straight line of hexes from `start` to `end`: the move a person means by pointing at a hex,
        so the rules name the first thing on the way that forbids it (an enemy unit, a zone of control,
        prohibited terrain, too few MP)."""
        if hasattr(self.board, "line_path"):  # an area map: the areas by fewest borders
            return self.board.line_path(start, end)
        a, b = self.board.hex_of(start), self.board.hex_of(end)
        if a is None or b is None:
            return [start, end]
        return [self.board.canvas.label(h) for h in hex_line(a, b)]

    def _neighbour_path(self, uid: str) -> list[str]:
        start = self.board.units[uid].hex
        if start and hasattr(self.board, "neighbour_path"):
            return self.board.neighbour_path(start)
        h = self.board.hex_of(start) if start else None
        if h is None:
            return []
        for n in hex_neighbors(h):
            if self.session.scenario.map.contains(n):
                return [start, self.board.canvas.label(n)]
        return [start, start]

    def _why_no_move(self, uid: str) -> str:
        path = self._neighbour_path(uid)
        return self._explain_move(uid, path) if path else f"{uid} cannot move now"

    def _explain_move(self, uid: str, path: list[str]) -> str:
        """Which rule forbids moving `uid` along `path`: the family's explanation of that move."""
        s = self.session
        st = s.state
        if not path:
            return f"{uid} is not on the map"
        action = self._construct_move(uid, path)
        if action is None:
            return f"No unit moves in this step of the sequence of play: {s.presenter.prompt(st)}"
        if action in st.legal_actions():
            return f"{action.text()} is legal"
        try:
            return st.explain_illegal(action)
        except Exception as exc:  # noqa: BLE001 - an explanation must never break the window
            return f"{action.text()} is not legal here ({exc})"

    def _construct_move(self, uid: str, path: list[str]) -> Action | None:
        """The family's move action of `uid` along `path` (for its explanation), made from the presenter's
        `move_action` if it has one, or from the text of a MOVE action of this decision."""
        s = self.session
        make = getattr(s.presenter, "move_action", None)
        if make is not None:
            try:
                a = make(s.state, uid, tuple(path))
            except (ValueError, KeyError):
                a = None
            if a is not None:
                return a
        template = next((v for v in self.views() if is_map_move(v) and v.units and v.hexes), None)
        if template is None:
            return None
        text = template.action.text()
        joined = "-".join(template.hexes)
        if text.endswith(joined) and len(template.hexes) > 1:
            new = text[: -len(joined)] + "-".join(path)
        elif text.endswith(template.hexes[-1]):
            new = text[: -len(template.hexes[-1])] + path[-1]
        else:
            return None
        tu = template.units[0]
        if f" {tu} " not in new:
            return None
        new = new.replace(f" {tu} ", f" {uid} ", 1)
        try:
            return s.state.parse_action(new)
        except ValueError:
            return None

    # -- attacks and other decisions on the board ------------------------------------------------------
    def _room_for_preview(self, on: bool) -> None:
        """Nothing moves when an action is picked: the docks keep their sizes (the preview scrolls in its
        own dock), so "Do it" stays where it was and the list keeps its rows. Raising the preview's dock
        is all a preview does to the layout."""
        if on:
            self.dock_preview.raise_()

    def show_attack(self, view: ActionView) -> None:
        s = self.session
        prev = s.presenter.combat_preview(s.state, view.action)
        self.preview.show_preview(view, prev, self.can_act(), self._legend())
        self._room_for_preview(prev is not None)
        self.dock_preview.raise_()
        parts = set(view.hexes[:-1])
        for uid in view.units:
            lab = self.board.units.get(uid).hex if uid in self.board.units else None
            if lab:
                parts.add(lab)
        self.board.show_targets(view.hexes[-1:], parts)

    def _legend(self) -> dict[str, str]:
        """The meaning of each combat result, if the family's presenter gives it (`result_legend`)."""
        legend = getattr(self.session.presenter, "result_legend", None)
        return legend(self.session.state) if legend is not None else {}

    def _highlight_view(self, view: ActionView | None) -> None:
        if view is None or not self.can_act():
            return
        if view.kind == ATTACK:
            self.show_attack(view)
            return
        # an entry or landing hex (a ring), a retreat, advance or displacement path (a line)
        self.board.show_path(view.hexes)
        self.board.show_targets(view.hexes[-1:])
        if view.kind not in (ENTER, PASS):  # a bombardment or a fire is previewed like an attack
            prev = self.session.presenter.combat_preview(self.session.state, view.action)
            if prev is not None:
                self.preview.show_preview(view, prev, self.can_act(), self._legend())
                self._room_for_preview(True)

    # -- saving, loading, starting again --------------------------------------------------------------
    def save_game(self, path: str | Path) -> bool:
        try:
            self.session.save(path)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, "Save game", f"Cannot save the game: {exc}")
            return False
        self._saved_len = len(self.session.state.history())
        self.status(f"Game saved to {path} ({self._saved_len} actions)")
        return True

    def save_game_dialog(self) -> None:
        if not self.session.scenario_path:
            QMessageBox.information(self, "Save game", "Save the scenario in the editor first: a game log names "
                                                       "its scenario file.")
            return
        path, _ = QFileDialog.getSaveFileName(self, "Save game", str(Path(self.session.scenario_path).with_suffix(
            ".hwlog.yaml")), LOG_FILTER)
        if path:
            self.save_game(path)

    def load_game(self, path: str | Path, seats: dict[str, str] | None = None) -> bool:
        """Load a saved game: the scenario it names, every action replayed and checked."""
        try:
            session = GameSession.load(path, seats if seats is not None else self._seats_like())
        except (OSError, ValueError, LogError) as exc:
            QMessageBox.warning(self, "Open game", f"Cannot load {path}: {exc}")
            return False
        if session.scenario.map is not self.session.scenario.map:
            self._rebuild_board(session)
        self.set_session(session, f"(loaded {path}: {len(session.state.history())} actions replayed)")
        self.status(f"Loaded {path}: {len(session.state.history())} actions replayed exactly")
        return True

    def _seats_like(self) -> dict[str, str]:
        return dict(self.session.seats)

    def open_game_dialog(self) -> None:
        if not self.confirm_discard("open another game"):
            return
        start = str(Path(self.session.scenario_path).parent) if self.session.scenario_path else ""
        path, _ = QFileDialog.getOpenFileName(self, "Open game", start, LOG_FILTER)
        if path:
            self.load_game(path)

    def _rebuild_board(self, session: GameSession) -> None:
        old = self.board
        base = Path(session.scenario_path).parent if session.scenario_path else self.base_dir
        self.board = make_board(session.scenario, base, self)
        self.board.hexClicked.connect(self.click_hex)
        self.board.unitDragged.connect(self.drag_unit)
        self.board.hexHovered.connect(self.hover_hex)
        self.board.rightClicked.connect(lambda: self.select_unit(None))
        self._shown_markers = []
        lay = self.centralWidget().layout()
        lay.replaceWidget(old.view, self.board.view)
        old.view.hide()
        if hasattr(old, "canvas"):
            old.canvas.detach()
        else:
            old.detach()
        old.view.deleteLater()
        old.deleteLater()
        self.act_fit.triggered.disconnect()
        self.act_fit.triggered.connect(self.board.view.fit_map)

    def game_in_progress(self) -> bool:
        """Decisions made and the game not over: starting again would lose them."""
        st = self.session.state
        return bool(st.history()) and not st.is_terminal()

    def confirm_discard(self, what: str = "start a new game") -> bool:
        """Ask before a game in progress is discarded; Save keeps it as a game log first."""
        if not self.game_in_progress():
            return True
        n = len(self.session.state.history())
        if self._saved_len == n:
            return True  # saved as it stands
        B = QMessageBox.StandardButton  # noqa: N806
        answer = QMessageBox.question(
            self, "Game in progress",
            f"The game in progress ({n} actions, {self.turn_track.text() or 'under way'}) will be lost if you "
            f"{what}.\n\nSave it as a game log first?", B.Save | B.Discard | B.Cancel, B.Save)
        if answer == B.Save:
            self.save_game_dialog()
            return self._saved_len == n  # saved: go on; the save dialog cancelled: keep the game
        return answer == B.Discard

    def new_game_dialog(self) -> None:
        if not self.confirm_discard():
            return
        s = self.session
        dlg = StartDialog(s.scenario, self, s.seed, s.seats)
        dlg.pace.setValue(self.pace_ms)
        if dlg.exec() != StartDialog.DialogCode.Accepted:
            return
        self.new_game(dlg.seats(), dlg.seed.value(), dlg.pace.value())

    def new_game(self, seats: dict[str, str], seed: int, pace_ms: int | None = None) -> None:
        s = self.session
        if pace_ms is not None:
            self.pace_ms = pace_ms
            self.pace_box.setValue(pace_ms)
        self.set_session(GameSession(s.scenario, seed, seats, s.scenario_path, dict(s.options)))

    # -- replay -----------------------------------------------------------------------------------------
    def toggle_replay(self, checked: bool | None = None) -> None:
        on = (not self.live()) if checked is None else not bool(checked)
        if on:  # leave replay: back to the live game
            self.replay_n = None
            self._replay_state = None
            self.act_replay.setChecked(False)
            self.refresh()
            self._step()
        else:
            self.runner.cancel()
            self._bot_timer.stop()
            self.act_replay.setChecked(True)
            self.board.select(None)
            self.replay_to(0)

    def replay_to(self, n: int) -> None:
        total = len(self.session.state.history())
        n = max(0, min(n, total))
        if self.live():
            self.runner.cancel()
            self._bot_timer.stop()
            self.act_replay.setChecked(True)
        if self._replay_state is not None and self.replay_n is not None and n == self.replay_n + 1:
            self._replay_state.apply(self.session.state.history()[self.replay_n].action)
        elif self._replay_state is None or n != self.replay_n:
            self._replay_state = self.session.state_at(n)
        self.replay_n = n
        self.refresh()

    def replay_step(self, delta: int) -> None:
        base = self.replay_n if self.replay_n is not None else len(self.session.state.history())
        self.replay_to(base + delta)

    def _slider_moved(self, value: int) -> None:
        if self.replay_n is not None and value != self.replay_n:
            self.replay_to(value)

    def _refresh_replay_controls(self) -> None:
        total = len(self.session.state.history())
        self.replay_slider.blockSignals(True)
        self.replay_slider.setRange(0, total)
        self.replay_slider.setValue(self.replay_n if self.replay_n is not None else total)
        self.replay_slider.setEnabled(not self.live())
        self.replay_slider.blockSignals(False)
        n = self.replay_n
        self.replay_label.setText(f" {n} / {total} " if n is not None else f" {total} actions ")
        self.act_back.setEnabled(total > 0 and (n is None or n > 0))
        self.act_first.setEnabled(total > 0 and (n is None or n > 0))
        self.act_forward.setEnabled(n is not None and n < total)
        self.act_last.setEnabled(n is not None and n < total)

    # -- closing ------------------------------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        self._bot_timer.stop()
        self.runner.stop()
        super().closeEvent(event)


__all__ = ["PlaytestWindow"]
