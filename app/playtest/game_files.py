"""The playtest window's File menu: a game saved as a game log (engine/rules/log.py) and loaded again (the
scenario it names, every action replayed and checked), a new game of the same scenario (seats, seed,
pace), "start from here" (the position saved as a scenario that starts there, engine/rules/kit/start.py)
and the question before a game in progress is discarded.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from hexwright.engine.formats import load_scenario, save_scenario
from hexwright.engine.pbem.record import SUFFIX
from hexwright.engine.rules.kit.start import start_from_here
from hexwright.engine.rules.log import LogError
from hexwright.engine.rules.protocol import make_game
from PySide6.QtWidgets import QFileDialog, QMessageBox

from .boards import make_board
from .session import GameSession
from .start_dialog import StartDialog

if TYPE_CHECKING:
    from .window import PlaytestWindow

LOG_FILTER = "Hexwright game logs (*.hwlog.yaml *.yaml);;All files (*)"
SCENARIO_FILTER = "Hexwright scenarios (*.yaml);;All files (*)"
# what Open Game reads: a game log, or a play-by-e-mail game (pbem.py)
OPEN_FILTER = f"Hexwright games (*.hwlog.yaml *.yaml *{SUFFIX});;{LOG_FILTER}"


class GameFiles:
    """Saving, loading and starting games in a playtest window."""

    def __init__(self, win: PlaytestWindow) -> None:
        self.win = win
        self.saved_len = -1  # actions in the game when it was last saved

    def save_game(self, path: str | Path) -> bool:
        win = self.win
        try:
            win.session.save(path)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(win, "Save game", f"Cannot save the game: {exc}")
            return False
        self.saved_len = len(win.session.state.history())
        win.status(f"Game saved to {path} ({self.saved_len} actions)")
        return True

    def save_game_dialog(self) -> None:
        win = self.win
        if win.pbem.session() is not None:  # a play-by-e-mail game is saved as its game file
            win.pbem.save_and_send_dialog()
            return
        if not win.session.scenario_path:
            QMessageBox.information(win, "Save game", "Save the scenario in the editor first: a game log names "
                                                      "its scenario file.")
            return
        start = str(Path(win.session.scenario_path).with_suffix(".hwlog.yaml"))
        path, _ = QFileDialog.getSaveFileName(win, "Save game", start, LOG_FILTER)
        if path:
            self.save_game(path)

    def load_game(self, path: str | Path, seats: dict[str, str] | None = None) -> bool:
        """Load a saved game: the scenario it names, every action replayed and checked; a play-by-e-mail
        game file opens as such."""
        win = self.win
        if str(path).endswith(SUFFIX):
            return bool(win.pbem.open_game(path))
        try:
            session = GameSession.load(path, seats if seats is not None else dict(win.session.seats))
        except (OSError, ValueError, LogError) as exc:
            QMessageBox.warning(win, "Open game", f"Cannot load {path}: {exc}")
            return False
        if session.scenario.map is not win.session.scenario.map:
            base = Path(session.scenario_path).parent if session.scenario_path else win.base_dir
            win.replace_board(make_board(session.scenario, base, win))
        win.set_session(session, f"(loaded {path}: {len(session.state.history())} actions replayed)")
        win.status(f"Loaded {path}: {len(session.state.history())} actions replayed exactly")
        return True

    def open_game_dialog(self) -> None:
        win = self.win
        if not self.confirm_discard("open another game"):
            return
        start = str(Path(win.session.scenario_path).parent) if win.session.scenario_path else ""
        path, _ = QFileDialog.getOpenFileName(win, "Open game", start, OPEN_FILTER)
        if path:
            self.load_game(path)

    def game_in_progress(self) -> bool:
        """Decisions made and the game not over: starting again would lose them."""
        st = self.win.session.state
        return bool(st.history()) and not st.is_terminal()

    def confirm_discard(self, what: str = "start a new game") -> bool:
        """Ask before a game in progress is discarded; Save keeps it as a game log first."""
        if not self.game_in_progress():
            return True
        n = len(self.win.session.state.history())
        if self.saved_len == n:
            return True  # saved as it stands
        B = QMessageBox.StandardButton  # a Qt enum
        answer = QMessageBox.question(
            self.win, "Game in progress",
            f"The game in progress ({n} actions, {self.win.turn_track.text() or 'under way'}) will be lost if you "
            f"{what}.\n\nSave it as a game log first?", B.Save | B.Discard | B.Cancel, B.Save)
        if answer == B.Save:
            self.save_game_dialog()
            return self.saved_len == n  # saved: go on; the save dialog cancelled: keep the game
        return answer == B.Discard

    def start_from_here(self, path: str | Path, play: bool = True) -> bool:
        """Save the game as a scenario that starts where it stands: at the opening of its current phase
        (or turn), as the game stood then (engine/rules/kit/start.py); with `play`, play that scenario
        from there in this window."""
        win = self.win
        s = win.session
        try:
            sc = start_from_here(s.state)
        except ValueError as exc:
            QMessageBox.information(win, "Start from here", f"Cannot save a scenario from here: {exc}")
            return False
        try:  # where the new scenario starts: its own game's first phase (the opening captured)
            phase = make_game(sc, dict(s.options)).new_initial_state(seed=s.seed).phase
        except (ValueError, KeyError) as exc:
            QMessageBox.warning(win, "Start from here", f"Cannot start a game from here: {exc}")
            return False
        sc.title = f"{s.scenario.title} (from {phase.turn_text()}, {phase.name})"
        p = Path(path)
        old_dir = Path(s.scenario_path).parent if s.scenario_path else None
        try:  # the map file stays the scenario's own when saved beside it, else a copy goes beside it
            save_scenario(sc, p, save_map_file=old_dir is None or p.parent.resolve() != old_dir.resolve())
        except (OSError, ValueError) as exc:
            QMessageBox.warning(win, "Start from here", f"Cannot save {p}: {exc}")
            return False
        win.status(f"Saved {p.name}: the scenario starts at {phase.turn_text()}, {phase.name}")
        if play:
            loaded = load_scenario(p)
            if loaded.scenario is None or not loaded.ok:
                first = next((str(d) for d in loaded.diagnostics), "")
                QMessageBox.warning(win, "Start from here", f"{p} was saved but does not load: {first}")
                return False
            win.set_session(GameSession(loaded.scenario, s.seed, dict(s.seats), str(p), dict(s.options)),
                            f"(started from {p.name})")
        return True

    def start_from_here_dialog(self) -> None:
        win = self.win
        s = win.session
        folder = Path(s.scenario_path).parent if s.scenario_path else (win.base_dir or Path.home())
        stem = Path(s.scenario_path).stem if s.scenario_path else "scenario"
        turn = s.state.phase.turn_text().lower().replace(" ", "-")
        path, _ = QFileDialog.getSaveFileName(win, "Start from here: save the position as a scenario",
                                              str(Path(folder) / f"{stem}-from-{turn}.yaml"), SCENARIO_FILTER)
        if path:
            self.start_from_here(path)

    def new_game_dialog(self) -> None:
        if not self.confirm_discard():
            return
        win = self.win
        s = win.session
        dlg = StartDialog(s.scenario, win, s.seed, s.seats)
        dlg.pace.setValue(win.pace_ms)
        if dlg.exec() != StartDialog.DialogCode.Accepted:
            return
        self.new_game(dlg.seats(), dlg.seed.value(), dlg.pace.value())

    def new_game(self, seats: dict[str, str], seed: int, pace_ms: int | None = None) -> None:
        win = self.win
        s = win.session
        if pace_ms is not None:
            win.pace_ms = pace_ms
            win.pace_box.setValue(pace_ms)
        win.set_session(GameSession(s.scenario, seed, seats, s.scenario_path, dict(s.options)))


__all__ = ["LOG_FILTER", "GameFiles"]
