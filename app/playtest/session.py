"""A game being playtested: the scenario copy, the seats (a person or a bot for each side), the live
state and its log, driven only through the rules protocol (engine/rules/protocol.py) and read through
the family's presenter (engine/rules/presentation.py). No Qt here: the window (window.py) drives it.

* Decisions of a person come through `apply` (the checked path: `IllegalAction` names the rule).
* Chance nodes are drawn from the state's own seeded sampler (`roll_chance`), so a saved log replays
  bit for bit (engine/rules/log.py).
* Bots get a clone of the state (bot_runner.py runs them off the GUI thread) and their choice is applied
  with the same checked path.
* `log_lines` keeps the game's account: each action with the phase it was taken in, then the rules'
  own lines for what it did (`presenter.events`).
* Replays rebuild earlier positions by re-applying the recorded actions from the initial state
  (`state_at`), with a checkpoint every `CHECKPOINT_EVERY` actions so stepping back is quick.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path

from hexwright.engine.bots import BOT_NAMES, Bot, make_bot
from hexwright.engine.formats import load_scenario
from hexwright.engine.model import Scenario
from hexwright.engine.rules.chance import SeededSampler
from hexwright.engine.rules.log import GameLog, LogError, replay
from hexwright.engine.rules.presentation import Presenter, outcome_text, phase_text, presenter_for
from hexwright.engine.rules.protocol import CHANCE, Action, GameState, HistoryEntry, Phase, make_game

HUMAN = "human"
SEAT_KINDS = (HUMAN, *BOT_NAMES)  # a person, or a bot by its engine/bots name (random, heuristic, mcts)
CHECKPOINT_EVERY = 64


def copy_scenario(scenario: Scenario) -> Scenario:
    """A deep copy of a scenario the game can own: the editor's map keeps its listeners (the canvas), the
    copy has none, and nothing the game does reaches the editor's document."""
    listeners = getattr(scenario.map, "_listeners", None)
    memo: dict[int, object] = {}
    if listeners is not None:
        memo[id(listeners)] = []
    return copy.deepcopy(scenario, memo)


def load_playable(path: str | Path) -> Scenario:
    """Read a scenario file for play; ValueError lists its errors."""
    result = load_scenario(path)
    errors = [d for d in result.diagnostics if d.severity.name == "ERROR"]
    if result.scenario is None or errors:
        raise ValueError(f"{path}: cannot play: " + "; ".join(d.format() for d in errors[:5]))
    return result.scenario


@dataclass
class LogLine:
    index: int  # number of history entries when the line was written (0: before the first action)
    text: str
    kind: str = "event"  # "action" (a decision or a roll with its phase), "event" (the rules' account), "result"


@dataclass
class GameSession:
    scenario: Scenario
    seed: int
    seats: dict[str, str]  # side id -> HUMAN or a bot name
    scenario_path: str | None = None
    options: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.game = make_game(self.scenario, self.options)
        self.state: GameState = self.game.new_initial_state(self.seed, SeededSampler(self.seed))
        self.presenter: Presenter = presenter_for(self.state)
        self.bots: dict[str, Bot] = {}
        for i, side in enumerate(s.id for s in self.scenario.sides):
            kind = self.seats.get(side, HUMAN)
            if kind != HUMAN:
                self.bots[side] = make_bot(kind, self.seed * 7919 + i, self.scenario)
        self.lines: list[LogLine] = []
        self._events_from = -1  # history entries whose log lines are shown (-1: not even the game's start)
        self._start_lines = 0  # how many lines the game's start gave
        self._checkpoints: dict[int, GameState] = {0: self.state.clone()}
        self._collect_events()

    def set_seat(self, side: str, kind: str) -> None:
        """Hand `side` to a person (HUMAN) or a bot by its engine/bots name from the next decision on: the
        game, its history and its dice are untouched (a bot gets the seed the start would have given it)."""
        if kind != HUMAN and kind not in SEAT_KINDS:
            raise ValueError(f"unknown seat {kind!r}; seats are: {', '.join(SEAT_KINDS)}")
        self.seats[side] = kind
        self.bots.pop(side, None)
        if kind != HUMAN:
            i = self.sides.index(side)
            self.bots[side] = make_bot(kind, self.seed * 7919 + i, self.scenario)

    # -- who acts ---------------------------------------------------------------------------------
    @property
    def sides(self) -> list[str]:
        return [s.id for s in self.scenario.sides]

    def side_name(self, side: str) -> str:
        """A side as a player reads it: the scenario's name for it ("Allied"), never its id."""
        return self.state.side_name(side)

    def actor(self) -> str | None:
        """The side to decide now, CHANCE at a chance node, None when the game is over."""
        return None if self.state.is_terminal() else self.state.current_player

    def human_to_act(self) -> bool:
        a = self.actor()
        return a is not None and a != CHANCE and a not in self.bots

    def bot_to_act(self) -> bool:
        a = self.actor()
        return a is not None and a in self.bots

    def humans(self) -> list[str]:
        return [s for s in self.sides if s not in self.bots]

    def remote_wait(self) -> str:
        """What the game waits for from a player at another machine (play by e-mail, pbem.py); "" when
        every decision is made here."""
        return ""

    def viewer(self) -> str | None:
        """Whose eyes the board uses: the person to act (hot-seat), else the only person; None when every
        side is a bot (everything shown)."""
        humans = self.humans()
        a = self.actor()
        if a in humans:
            return a
        if len(humans) == 1:
            return humans[0]
        if humans and self.state.history():  # hot-seat, a bot or the dice to act: the last person who acted
            for e in reversed(self.state.history()):
                if e.player in humans:
                    return e.player
        return humans[0] if humans else None

    # -- playing ----------------------------------------------------------------------------------
    def apply(self, action: Action | str, checked: bool = True) -> Action:
        """Apply a decision by the checked path (IllegalAction names the rule it breaks); log it.
        `checked=False` is for actions already checked (a log that `replay` accepted)."""
        player = self.state.current_player
        phase = self.state.phase
        if isinstance(action, str):
            action = self.state.parse_action(action)
        if checked:
            self.state.apply_checked(action)
        else:
            self.state.apply_replayed(action)  # a play-by-e-mail game's may hold stand-ins (engine/pbem)
        self._after(player, phase, action)
        return action

    def roll_chance(self) -> Action:
        """Draw the chance node's outcome from the state's seeded sampler and apply it."""
        assert self.state.current_player == CHANCE
        return self.apply(self.state.sample_chance())

    def bot_for(self, side: str) -> Bot | None:
        return self.bots.get(side)

    def _after(self, player: str, phase: Phase, action: Action) -> None:
        n = len(self.state.history())
        who = "Dice" if player == CHANCE else self.side_name(player)
        shown = self._shown_text(self.state.history()[-1])
        self.lines.append(LogLine(n, f"{phase_text(self.state, phase)}: {who}: {shown}", "action"))
        self._collect_events()
        if n % CHECKPOINT_EVERY == 0:
            self._checkpoints[n] = self.state.clone()
        if self.state.is_terminal():
            self.lines.append(LogLine(n, f"Game over: {outcome_text(self.state)}", "result"))

    def _shown_text(self, entry: HistoryEntry) -> str:
        """An action as the people at the screen may see it (protocol: HistoryEntry.visible_to,
        GameState.masked_text): a bot's hidden choices (a marker committed face down, a secret set-up) and
        its secret draws (F&M 7.2: the other player knows only how many support fire markers were drawn)
        are masked from the person playing against it; in a hot-seat game whatever one player may not see
        is masked (both read the log); with bots on every side the log shows everything."""
        humans = self.humans()
        if not humans or all(entry.visible_to(h) for h in humans):
            return self.presenter.action_text(self.state, entry.action)
        masked = self.state.masked_text(entry)
        if entry.player != CHANCE and masked == entry.action.text():  # nothing of it is hidden: in words
            return self.presenter.action_text(self.state, entry.action)
        return masked

    def _collect_events(self) -> None:
        """Add the log lines of the history entries not shown yet: Presenter.events(state, since) gives the
        lines of entries `since`, `since + 1`, ..., preceded by the game's start lines when since is 0, so
        the start lines are skipped after the first call (the whole log is not rebuilt after each action)."""
        n = len(self.state.history())
        if self._events_from < 0:  # the new game (no history yet): its start lines
            lines = self.presenter.events(self.state, 0)
            self._start_lines = len(lines)
        elif n > self._events_from:
            lines = self.presenter.events(self.state, self._events_from)
            if self._events_from == 0:
                lines = lines[self._start_lines:]
        else:
            lines = []
        for text in lines:
            self.lines.append(LogLine(n, text))
        self._events_from = n

    # -- saving, loading, replaying -----------------------------------------------------------------
    def game_log(self) -> GameLog:
        return GameLog.of(self.state, self.scenario_path or "")

    def save(self, path: str | Path) -> None:
        if not self.scenario_path:
            raise ValueError("the scenario has no file yet: save it in the editor first, so the game log can "
                             "name it")
        self.game_log().save(path)

    @classmethod
    def load(cls, path: str | Path, seats: dict[str, str] | None = None,
             scenario: Scenario | None = None) -> GameSession:
        """A session rebuilt from a saved game log: every action checked, every roll re-drawn from the seed
        (engine/rules/log.py replay). The scenario is read from the log's path (relative to the log's
        folder, then as given, then the absolute path it was saved with: `GameLog.scenario_file`) unless one
        is passed."""
        log = GameLog.load(path)
        scenario_path = log.scenario
        if scenario is None:
            p = log.scenario_file(path)
            scenario = load_playable(p)
            scenario_path = str(p)
        replay(scenario, log)  # raises LogError where the log does not replay
        session = cls(scenario, log.seed, dict(seats or {}), scenario_path, dict(log.options))
        for text in log.actions:
            session.apply(text, checked=False)
        return session

    def state_at(self, n: int) -> GameState:
        """The position after the first `n` actions of this game (a new state; the live one is untouched)."""
        actions = self.state.history()
        n = max(0, min(n, len(actions)))
        if n == len(actions):
            return self.state.clone()
        start = max((k for k in self._checkpoints if k <= n), default=0)
        st = self._checkpoints[start].clone()
        for e in actions[start:n]:
            st.apply_replayed(e.action)
        return st

    def lines_until(self, n: int) -> list[LogLine]:
        """The log as it stood after `n` actions."""
        return [ln for ln in self.lines if ln.index <= n]


__all__ = ["CHECKPOINT_EVERY", "GameSession", "HUMAN", "LogError", "LogLine", "SEAT_KINDS", "copy_scenario",
           "load_playable"]
