"""Typed steps of a sequence of play.

A `Decision` is what a state waits for: a frozen dataclass naming the player (a side id, or CHANCE)
and whatever the step needs to know (the unit retreating and how far, the markers still to draw).
Each kind of decision has one `Step`: an object with the decision's legal actions, its apply, its
chance outcomes (for a chance step) and its explanation of a refused action, written in the module of
the rulebook section it implements. A family assembles its steps in a `StepTable`, which finds a
decision's step by the decision's class, so "who handles a retreat?" is answered by reading the table.

A `Task` is a rule step that needs no decision (start a phase, reveal a set-up, resolve a combat): a
frozen dataclass with a `run(state)` method, queued on the state (`SequenceState.queue`).

Decisions are immutable: a step that asks the same player again (the next unit to set up, the next
marker to commit) sets a new decision.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from ..protocol import Action
from .actions import verb_of

if TYPE_CHECKING:
    from .machine import SequenceState


@dataclass(frozen=True)
class Decision:
    """What the state waits for; subclasses add the step's own typed fields."""

    player: str  # a side id, or protocol.CHANCE

    # the action taken for the player when it is the only legal one and means "nothing to do"
    # (a Movement Phase with nothing to move): the state takes it without asking and logs it
    skip_when_only: ClassVar[Action | None] = None


D = TypeVar("D", bound=Decision)
S = TypeVar("S", bound="SequenceState")


class Step(Generic[S, D]):
    """One kind of decision of a sequence of play: legal actions, apply and refusal text.

    `decision` is the Decision class this step answers; `rule` the section cited in refusals and
    prompts ("F&M 8.3"); `name` what a player is asked to do, in the rules' words."""

    decision: ClassVar[type[Decision]]
    rule: ClassVar[str] = ""
    name: ClassVar[str] = ""

    def legal(self, state: S, d: D) -> Sequence[Action]:
        raise NotImplementedError

    def apply(self, state: S, d: D, action: Action) -> None:
        raise NotImplementedError

    def is_legal(self, state: S, d: D, action: Action) -> bool:
        """Whether `action` is legal; a step whose legal list is large (every path of every unit) may
        check one action directly."""
        return action in state.legal_actions()

    def listed_as(self, state: S, d: D, action: Action) -> Action | None:
        """The listed legal action that `action` is equivalent to (protocol.listed_equivalent); a step
        that accepts more than it lists (`is_legal`) names the representative."""
        return action if action in state.legal_actions() else None

    def explain(self, state: S, d: D, action: Action) -> str:
        """Why `action` is refused here, naming the rule; the default lists what is legal."""
        legal = state.legal_actions()
        sample = ", ".join(a.text() for a in legal[:5]) + (" ..." if len(legal) > 5 else "")
        what = self.name or type(d).__name__
        return f"{action.text()} is not legal now: {state.side_name(d.player)} must decide: {what} " \
               f"({self.rule}); legal here: {sample}"

    def outcomes(self, state: S, d: D) -> list[tuple[Action, Fraction]]:
        """A chance step's outcomes with their exact probabilities; [] for a player's decision."""
        return []

    def owner(self, state: S, d: D) -> str:
        """A chance step whose outcome is one side's secret names that side (protocol.chance_owner)."""
        return ""


class VerbStep(Step[S, D]):
    """A step that refuses by verb: an action of a kind (verb) the step does not take now is refused with
    the kinds it does take (`refuse_verb`); an action of a kind it takes but not in this form is refused
    with `why[verb]`, the rule that forbids it (`why_default` when the step names none). `takes` lists
    verbs refused with their own reason even when no action of theirs is legal now."""

    why: ClassVar[dict[str, str]] = {}  # verb -> why such an action is refused here, with its rule
    takes: ClassVar[tuple[str, ...]] = ()

    def explain(self, state: S, d: D, action: Action) -> str:
        verbs = sorted({verb_of(a) for a in state.legal_actions()})
        verb = verb_of(action)
        if verb not in verbs and verb not in self.takes:
            return self.refuse_verb(state, d, action, verbs)
        return f"{action.text()}: {self.why[verb] if verb in self.why else self.why_default(state, d)}"

    def refuse_verb(self, state: S, d: D, action: Action, verbs: list[str]) -> str:
        """The refusal of an action of a kind not taken now, listing the kinds that are."""
        return (f"{action.text()} is not legal now: {state.side_name(d.player)} must decide: {self.name} "
                f"({self.rule}); legal here: {', '.join(verbs)}")

    def why_default(self, state: S, d: D) -> str:
        return f"not allowed here ({self.rule})"


class ChanceStep(Step[S, D]):
    """A chance node: its legal actions are its outcomes; a refusal says it is not one of them."""

    def legal(self, state: S, d: D) -> Sequence[Action]:
        return [a for a, _ in self.outcomes(state, d)]

    def outcomes(self, state: S, d: D) -> list[tuple[Action, Fraction]]:
        raise NotImplementedError

    def explain(self, state: S, d: D, action: Action) -> str:
        return f"{action.text()} is not an outcome of this chance node ({self.name or type(d).__name__}, " \
               f"{self.rule})"


@dataclass(frozen=True)
class Task:
    """A rule step that needs no decision; `run` may set a decision or queue more tasks."""

    def run(self, state: Any) -> None:
        raise NotImplementedError


@dataclass(frozen=True)
class Ask(Task):
    """A queued decision: when the tasks before it are done, the state asks it."""

    decision: Decision

    def run(self, state: Any) -> None:
        state.ask(self.decision)


class StepTable:
    """The steps of one family, found by the class of the decision they answer."""

    def __init__(self, steps: Iterable[Step[Any, Any]]) -> None:
        self._steps: dict[type[Decision], Step[Any, Any]] = {}
        for step in steps:
            kind = step.decision
            if kind in self._steps:
                raise ValueError(f"two steps answer {kind.__name__}: {type(self._steps[kind]).__name__} and "
                                 f"{type(step).__name__}")
            self._steps[kind] = step

    def step_for(self, decision: Decision) -> Step[Any, Any]:
        try:
            return self._steps[type(decision)]
        except KeyError:
            raise LookupError(f"no step answers {type(decision).__name__}") from None

    def __iter__(self) -> Iterator[Step[Any, Any]]:
        return iter(self._steps.values())

    def __len__(self) -> int:
        return len(self._steps)

    def decisions(self) -> list[type[Decision]]:
        return list(self._steps)
