"""The game-state protocol over a family's step table (kit/steps.py).

`SequenceState` keeps the pending decision, the queue of tasks and the log of events; it finds the
pending decision's step in the family's `StepTable` for the legal actions, the apply, the chance
outcomes and the explanation of a refusal. A family supplies the table, `next_stage` (what comes when
the queue is empty: the next phase of its sequence of play) and `check_victory` (the rules' "at any
time" victory, if any).

Where the only legal action of a decision is its "nothing to do" action (`Decision.skip_when_only`:
a Movement Phase with no unit that can move), the state takes it without asking and records that it
did (`skipped`, and a line of the event log), so a tool or a test sees every decision that was made.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import repeat
from operator import is_
from typing import Any, ClassVar

from ..chance import Sampler
from ..protocol import CHANCE, Action, Game, GameState, Outcome
from .listing import Listing
from .position import Position
from .steps import Decision, Step, StepTable, Task

# the state's lists that only grow, of frozen entries (the history, the event log, the decisions skipped):
# clone() copies the lists, not their entries, which is most of a late position's copying otherwise
APPEND_ONLY = frozenset({"_history", "events", "skipped"})
# what a clone shares with its original: the game, and the phase's opening (kit/start.py `mark_opening`: a
# copy of the position made as the phase opened, replaced, never changed, at the next opening)
SHARED = frozenset({"game", "opening"})


@dataclass(frozen=True)
class SkippedDecision:
    """A decision the state took for a player because it had one empty choice."""

    index: int  # len(history) when it was taken
    decision: Decision
    action: Action


class SequenceState(GameState):
    """A position of a family whose sequence of play is a table of typed steps."""

    steps: ClassVar[StepTable]
    position: Position

    MEMOS: tuple[str, ...] = ()  # attributes a family caches derived facts in: not copied by clone()
    # caches keyed by all they depend on, whose entries are never changed once made: a clone starts with the
    # same entries, in a dict of its own (a search's many clones of one position need not work them out again)
    KEYED_MEMOS: tuple[str, ...] = ()
    # sets and dicts whose items cannot change (unit ids, area or hex labels, numbers, tuples of them): a
    # clone copies them one level deep, much cheaper than copy.deepcopy item by item
    FLAT: tuple[str, ...] = ()

    def __init__(self, game: Game, sampler: Sampler) -> None:
        super().__init__(game, sampler)
        self._pending: Decision | None = None
        self.queue: list[Task] = []
        self.events: list[tuple[int, str]] = []
        self.skipped: list[SkippedDecision] = []
        self._outcome: Outcome | None = None
        # the pending decision's legal actions: (len(history), the decision, the actions)
        self._legal_memo: tuple[int, Decision | None, Sequence[Action]] | None = None

    # -- hooks a family supplies ------------------------------------------------------------------
    def next_stage(self) -> None:
        """The queue is empty and nothing is pending: start the next part of the sequence of play (or
        end the game)."""
        raise NotImplementedError

    def check_victory(self) -> Outcome | None:
        """A victory the rules check at any time (after every action); None if the game goes on."""
        return None

    def skip_note(self, skipped: SkippedDecision) -> str:
        """The event-log line for a decision taken without asking."""
        step = self.steps.step_for(skipped.decision)
        what = step.name or type(skipped.decision).__name__
        return f"{self.side_name(skipped.decision.player)}: {what}: nothing to decide ({step.rule})"

    # -- typed queries ------------------------------------------------------------------------------
    def pending_decision(self) -> Decision | None:
        """The decision the state waits for (None once the game is over)."""
        return self._pending

    def ask(self, decision: Decision | None) -> None:
        """Wait for `decision` next (a step asking the same player again, or the next player); None: no
        decision is pending (the queue's tasks, or the next stage, come next)."""
        self._pending = decision

    def pending_step(self) -> Step[Any, Any] | None:
        return self.steps.step_for(self._pending) if self._pending is not None else None

    def unit_hex(self, uid: str) -> Any:
        """The hex a unit is in, or None when it is not on the map."""
        return self.position.hex_of(uid)

    def steps_lost(self, uid: str) -> int:
        return self.position.steps_lost(uid)

    def mp_spent(self, uid: str) -> float:
        """Movement points the unit has spent in the current phase (0 where a family has none)."""
        return 0.0

    def invalidate(self) -> None:
        """Forget what was worked out for the pending decision (its legal actions): for a family's edits
        of the position outside the rules (a test or a tool setting up a position)."""
        self._legal_memo = None

    def note(self, text: str) -> None:
        """A line of the event log, after the history entry that caused it."""
        self.events.append((len(self._history), text))

    def events_since(self, index: int) -> list[str]:
        return [t for i, t in self.events if i >= index]

    # -- the protocol -------------------------------------------------------------------------------
    @property
    def current_player(self) -> str:
        if self._outcome is not None or self._pending is None:
            return ""
        return self._pending.player

    def is_terminal(self) -> bool:
        return self._outcome is not None

    def outcome(self) -> Outcome | None:
        return self._outcome

    def legal_actions(self) -> Sequence[Action]:
        d = self._pending
        if self._outcome is not None or d is None:
            return []
        n = len(self._history)
        memo = self._legal_memo
        if memo is not None and memo[0] == n and memo[1] is d:
            got = memo[2]
        else:
            got = self.steps.step_for(d).legal(self, d)
            self._legal_memo = (n, d, got)
        # a Listing is read-only and given as it is; a step's list is copied (a caller may change its own)
        return got if type(got) is Listing else list(got)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        d = self._pending
        if d is None or d.player != CHANCE or self._outcome is not None:
            return []
        return self.steps.step_for(d).outcomes(self, d)

    def chance_owner(self) -> str:
        d = self._pending
        if d is None or d.player != CHANCE:
            return ""
        return self.steps.step_for(d).owner(self, d)

    def is_legal(self, action: Action) -> bool:
        d = self._pending
        if d is None or self._outcome is not None or not isinstance(action, Action):
            return False
        memo = self._legal_memo
        if memo is not None and memo[0] == len(self._history) and memo[1] is d and (
                memo[2].holds(action) if type(memo[2]) is Listing else any(map(is_, memo[2], repeat(action)))):
            return True  # one of the legal actions listed for this decision (what a bot chose from): the
            # very object, found by identity (a scan in C, cheaper than a set of ids of every list)
        return self.steps.step_for(d).is_legal(self, d, action)

    def listed_equivalent(self, action: Action) -> Action | None:
        d = self._pending
        if d is None or self._outcome is not None or not isinstance(action, Action):
            return None
        return self.steps.step_for(d).listed_as(self, d, action)

    def explain_illegal(self, action: Action) -> str:
        if self._outcome is not None:
            return f"the game is over ({self._outcome})"
        d = self._pending
        if d is None:
            return "no decision is pending"
        foreign = self.foreign_action(action)  # a step explains its own family's actions only
        if foreign:
            return foreign
        return self.steps.step_for(d).explain(self, d, action)

    def _apply(self, action: Action) -> None:
        d = self._pending
        if d is None:
            raise ValueError("no decision is pending")
        self._pending = None
        self._legal_memo = None
        self.steps.step_for(d).apply(self, d, action)
        out = self.check_victory()
        if out is not None:
            self.end_game(out)
            return
        self.advance()

    # -- the machine --------------------------------------------------------------------------------
    def advance(self) -> None:
        """Run tasks (and the next stages) until a decision is pending or the game is over."""
        while self._pending is None and self._outcome is None:
            out = self.check_victory()
            if out is not None:
                self.end_game(out)
                return
            if self.queue:
                self.queue.pop(0).run(self)
                self._skip_empty_decision()
                continue
            self.next_stage()

    def _skip_empty_decision(self) -> None:
        d = self._pending
        if d is None or d.player == CHANCE:
            return
        skip = type(d).skip_when_only
        if skip is None:
            return
        legal = self.legal_actions()
        if len(legal) == 1 and legal[0] == skip:
            self._pending = None
            self._legal_memo = None
            taken = SkippedDecision(len(self._history), d, skip)
            self.skipped.append(taken)
            self.note(self.skip_note(taken))
            self.steps.step_for(d).apply(self, d, skip)

    def end_game(self, out: Outcome) -> None:
        """The game is over with outcome `out` (the rules' end of the game, or a victory at any time): no
        decision is pending, no task is left, and the event log's last line says so (`game_over_line`)."""
        self._outcome = out
        self._pending = None
        self.queue = []
        self._legal_memo = None
        self.note(self.game_over_line(out))

    def game_over_line(self, out: Outcome) -> str:
        """The event-log line of the end of the game; a family may word it its own way."""
        if out.draw or out.winner is None:
            return f"game over: draw: {out.reason}"
        # the winner by its scenario name (presentation.outcome_text's words)
        return f"game over: {self.side_name(out.winner)} wins: {out.reason}"

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        import copy

        new = object.__new__(type(self))
        memo[id(self)] = new
        for k, v in self.__dict__.items():
            if k in SHARED:
                new.__dict__[k] = v
            elif k in self.FLAT:
                new.__dict__[k] = v.copy()
            elif k == "_legal_memo" or k in self.MEMOS:
                new.__dict__[k] = None  # caches of derived facts: a copy builds its own
            elif k in APPEND_ONLY:
                new.__dict__[k] = list(v)  # lists of immutable entries: a copy needs its own list only
            elif k in self.KEYED_MEMOS:
                new.__dict__[k] = dict(v)
            else:
                new.__dict__[k] = copy.deepcopy(v, memo)
        legal = self._legal_memo
        if legal is not None and legal[1] is self._pending:  # the same position has the same legal actions
            new._legal_memo = (legal[0], new._pending, legal[2])
        return new
