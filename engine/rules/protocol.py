"""The game-state protocol every rules family implements (after OpenSpiel's game vs state,
python-chess's actions and two tiers of legality).

* A `Game` is made once from an immutable `Scenario` and holds what never changes during play (the
  scenario, compiled movement graphs, tables, options).
* A `GameState` is one position: whose decision it is (`current_player`, a side id or `CHANCE`), the
  `phase` with its rule citation, `legal_actions()` in a deterministic order, `apply` (fast, trusted)
  and `apply_checked` (raises `IllegalAction` naming the rule), `clone`, `is_terminal`, `outcome`,
  `history` and `serialize`.
* Dice, cup draws and random pool draws are chance nodes: `current_player == CHANCE`, the outcomes
  and their exact probabilities come from `chance_outcomes()`, and `sample_chance()` draws one from the
  state's injected seeded sampler. The drawn outcome is applied like any action and recorded, so a log
  of action texts replays exactly.

`legal_actions()` lists one action of each class of equivalent actions: F&M lists a unit's move to each
hex it can reach by the cheapest path (F&M 5.1), while `apply_checked` accepts a move there by any other
legal path too. `listed_equivalent(action)` names the listed action an accepted one stands for; every
action `is_legal` accepts has one (the conformance test checks it).

The protocol knows nothing of a family's sequence of play: F&M phases, Koenig's command-cup draws
(a chance node whose outcomes are the HQs left in the cup) and Target Arnhem's impulses are each a
family's own sequencing over this same interface.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from ..model.scenario import Scenario
from .chance import Sampler, SeededSampler

CHANCE = "chance"  # current_player at a chance node


class IllegalAction(ValueError):
    """An action the rules forbid; the message names the rule, e.g.
    "2/406 cannot enter 2025: enemy-occupied (F&M 5.2 d, 000_e5c3deafb2cea4af.txt)"."""


@dataclass(frozen=True)
class Phase:
    """The step of the sequence of play a state is in, with the rule that defines it."""

    name: str
    rule: str = ""
    turn: int = 0
    player: str = ""  # the active (phasing) player, if the phase has one
    turn_label: str = ""  # the turn as the game prints it ("A", "B", "1") when not the number `turn`

    def turn_text(self) -> str:
        """The turn as a player reads it: "Turn A" when the game names its turns, else "GT 3"."""
        return f"Turn {self.turn_label}" if self.turn_label else f"GT {self.turn}"

    def __str__(self) -> str:
        who = f" {self.player}" if self.player else ""
        return f"{self.turn_text()}{who} {self.name}" + (f" ({self.rule})" if self.rule else "")


class Action(ABC):
    """A player decision or a chance outcome. Concrete actions are frozen dataclasses with a text
    notation: `text()` writes it, starting with the action's `verb`, and the class method `read` reads
    the words after the verb back (like python-chess's Move.uci() and Move.from_uci()). A family's
    `parse_action` is the rules kit's `ActionReader` over its action classes (kit/actions.py)."""

    verb: ClassVar[str] = ""  # the first word of the notation

    @abstractmethod
    def text(self) -> str: ...

    @classmethod
    def read(cls, words: list[str]) -> Action:
        """The action written `verb words...`; ValueError says what is wrong with the words."""
        raise ValueError(f"{cls.__name__} has no text notation to read")

    def public_text(self) -> str:
        """The text the other player sees (hidden commitments are masked)."""
        return self.text()

    def is_hidden(self) -> bool:
        """Whether the other player may not read this decision in full when it is made (a marker committed
        face down, a secret set-up): its public text is not its text. A play-by-e-mail file seals it."""
        return self.public_text() != self.text()

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Roll(Action):
    """A chance outcome: the face of a die (`roll 4`)."""

    verb: ClassVar[str] = "roll"
    value: int

    def text(self) -> str:
        return f"roll {self.value}"

    @classmethod
    def read(cls, words: list[str]) -> Action:
        (face,) = words
        return cls(int(face))


@dataclass(frozen=True)
class Draw(Action):
    """A chance outcome: an item drawn at random from a pool or a cup (`draw +3:us`, `draw HQ 9SS`)."""

    verb: ClassVar[str] = "draw"
    item: str

    def text(self) -> str:
        return f"draw {self.item}"

    @classmethod
    def read(cls, words: list[str]) -> Action:
        if not words:
            raise ValueError("a draw names what is drawn")
        return cls(" ".join(words))


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game: a winner (a side id) or a draw, and the reason in the rules' words."""

    winner: str | None
    draw: bool = False
    reason: str = ""

    def __str__(self) -> str:
        if self.draw:
            return f"draw: {self.reason}"
        return f"{self.winner} wins: {self.reason}"


@dataclass(frozen=True)
class HistoryEntry:
    player: str  # side id or CHANCE
    action: Action
    phase: Phase
    owner: str = ""  # a chance outcome only this side may see (a secret draw from his pool); "" if public

    def visible_to(self, player: str) -> bool:
        """Whether `player` may read this entry in full: his own decisions, public chance outcomes and his
        own secret draws; the other players' hidden choices and secret draws are masked."""
        if self.player == CHANCE:
            return not self.owner or self.owner == player
        return self.player == player


class GameState(ABC):
    """One position of a game. Subclasses implement the family's rules; this base keeps the history,
    the sampler and the checked path."""

    game: Game
    sampler: Sampler

    def __init__(self, game: Game, sampler: Sampler) -> None:
        self.game = game
        self.sampler = sampler
        self._history: list[HistoryEntry] = []

    # -- the protocol ------------------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> str: ...

    @property
    @abstractmethod
    def phase(self) -> Phase: ...

    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """The legal actions in a deterministic order: a read-only sequence (a list, or the rules kit's
        `Listing`, whose actions are made when read); copy it with list() to change it."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply a legal action (no checks)."""

    @abstractmethod
    def explain_illegal(self, action: Action) -> str:
        """Why `action` is not legal here, naming the rule."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def outcome(self) -> Outcome | None: ...

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """At a chance node: every outcome with its exact probability (they sum to 1)."""

    def parse_action(self, text: str) -> Action:
        return self.game.parse_action(text)

    def side_name(self, side: str) -> str:
        """A side as a player reads it: the scenario's name for it ("Allied"), never its id."""
        return self.game.side_name(side)

    def outcome_words(self) -> str:
        """The outcome as a player reads it: "German wins: ...", "Draw: ..." (the side by its name)."""
        o = self.outcome()
        if o is None:
            return ""
        return f"Draw: {o.reason}" if o.draw or o.winner is None else f"{self.side_name(o.winner)} wins: {o.reason}"

    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def apply(self, action: Action) -> None:
        """Apply a legal action (bots and replays of checked logs). What is refused changes nothing:
        TypeError for what is not an action at all (None, a number, an action's text: give text to
        `apply_checked`), IllegalAction naming the rule for an action not legal here (another family's
        included), raised before the history records anything."""
        if not isinstance(action, Action):
            raise TypeError(f"{action!r} is not an action: apply takes an Action"
                            + (" (apply_checked reads an action's text)" if isinstance(action, str) else ""))
        if self.is_terminal():
            raise IllegalAction(f"the game is over ({self.outcome_words()})")
        if not self.is_legal(action):
            raise IllegalAction(self.explain_illegal(action))
        self._record_and_apply(action)

    def _record_and_apply(self, action: Action) -> None:
        """Record a checked action in the history, then apply it."""
        player = self.current_player
        owner = self.chance_owner() if player == CHANCE else ""
        self._history.append(HistoryEntry(player, action, self.phase, owner))
        self._apply(action)

    def chance_owner(self) -> str:
        """At a chance node whose outcome is one side's secret (F&M 7.2: a player draws his support fire
        markers and the other knows only their number), that side; "" when the outcome is public."""
        return ""

    def masked_text(self, entry: HistoryEntry) -> str:
        """The text of a history entry for a player who may not read it in full (`visible_to`)."""
        if entry.player == CHANCE:
            return f"{entry.action.text().split(' ', 1)[0]} (hidden)"
        return entry.action.public_text()

    def still_hidden(self, index: int) -> bool:
        """Whether history entry `index`, a hidden decision (`Action.is_hidden`), is still hidden by the rules
        in this state; False once the rules reveal it (F&M 8.2.1 b: the markers are flipped before the combat
        roll). A family that says nothing keeps hidden decisions hidden until the game is over."""
        return not self.is_terminal()

    def hidden_until(self, index: int) -> str:
        """When the rules reveal hidden history entry `index`, as a player reads it ("until the combat at 1012
        is resolved (F&M 8.2.1 b)")."""
        return "until the game is over"

    # -- secret draws on a machine that may not see them (play by e-mail, engine/pbem/referee.py) ------------
    def secret_draws_ahead(self) -> int:
        """At a chance node whose outcome is one side's secret (`chance_owner`): how many such draws of the same
        side follow one another from here, whatever their outcomes (F&M 10.7: the markers a side draws in its
        Support Fire Marker Phase), so that the drawer can commit to all of them at once. At least 1."""
        return 1

    def stand_in_outcome(self) -> Action:
        """At a secret chance node: what a machine that may not know the outcome replays instead (applied with
        `apply_stand_in`). A family with secret draws gives an outcome that stands for any of them (F&M: a
        marker not yet revealed) and fits it later (`fit_stand_ins`); by default the first outcome."""
        return self.chance_outcomes()[0][0]

    def apply_stand_in(self, action: Action) -> None:
        """Record and apply `stand_in_outcome()` at a secret chance node: it need not be one of the outcomes."""
        if not self.is_chance_node() or not self.chance_owner():
            raise IllegalAction("a stand-in replaces only the outcome of a secret draw")
        self._record_and_apply(action)

    def apply_replayed(self, action: Action) -> None:
        """Apply an action of a history already checked (a play-by-e-mail replay's, which may hold stand-ins for
        the other side's secret draws): a stand-in outcome by `apply_stand_in`, any other action after fitting
        the stand-ins to it (`fit_stand_ins`); the same as `apply` for a history without stand-ins."""
        if self.is_chance_node() and self.chance_owner() and not self.is_legal(action):
            self.apply_stand_in(action)
            return
        self.fit_stand_ins(action)
        self.apply(action)

    def fit_stand_ins(self, action: Action) -> None:
        """Before `action` is checked on a state that holds stand-ins for the other side's secret draws: make
        the stand-ins what the action reveals of them (F&M: a marker flipped or bombarding is one of the
        markers not yet revealed), so that the game goes on; IllegalAction when none of them can be (a marker
        the side could not have drawn). The true draws are checked when they are opened. By default nothing."""
        return None

    def apply_checked(self, action: Action | str) -> None:
        """Apply an action after checking it; IllegalAction names the rule it breaks."""
        if isinstance(action, str):
            try:
                action = self.parse_action(action)
            except ValueError as exc:
                raise IllegalAction(str(exc)) from exc
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action: give an action or its text")
        if self.is_terminal():
            raise IllegalAction(f"the game is over ({self.outcome_words()})")
        if not self.is_legal(action):
            raise IllegalAction(self.explain_illegal(action))
        self._record_and_apply(action)

    def is_legal(self, action: Action) -> bool:
        return isinstance(action, Action) and action in self.legal_actions()

    def listed_equivalent(self, action: Action) -> Action | None:
        """The action of `legal_actions()` that `action` is equivalent to (itself when it is listed): a
        family whose legal list holds one representative per class (one path per destination) names it;
        None when `action` is not legal here."""
        return action if isinstance(action, Action) and action in self.legal_actions() else None

    def foreign_action(self, action: object) -> str:
        """Why `action` cannot be one of this game's actions (not an action at all, or an action of
        another rules family: its text does not read back as itself here); "" when it can be."""
        if not isinstance(action, Action):
            return f"{action!r} is not an action"
        try:
            text = action.text()
            same = self.game.parse_action(text) == action
        except Exception:  # another family's action may not even have a text this game reads
            same = False
            text = repr(action)
        if same:
            return ""
        return f"{text} is not an action of {self.game.scenario.rules!r} games ({type(action).__name__})"

    def sample_chance(self) -> Action:
        """Draw this chance node's outcome from the injected sampler."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalAction("not a chance node")
        return self.sampler.choose(outcomes)

    def history(self) -> list[HistoryEntry]:
        return list(self._history)

    def action_texts(self) -> list[str]:
        return [e.action.text() for e in self._history]

    def public_history(self, player: str) -> list[str]:
        """The history as `player` may see it: his own actions, the dice and his own secret draws in full;
        the other players' hidden choices (a support fire marker committed face down, a secret set-up) and
        secret draws (the markers drawn from the other side's pool) masked (`HistoryEntry.visible_to`)."""
        return [e.action.text() if e.visible_to(player) else self.masked_text(e) for e in self._history]

    def clone(self, sampler: Sampler | None = None) -> GameState:
        """A copy of the position that plays on by itself; with `sampler`, the copy draws its chance
        outcomes from that one instead of a copy of this state's (a search's determinization: the
        state's own sampler is then not copied at all)."""
        import copy

        memo: dict[int, Any] = {id(self.game): self.game}
        if sampler is not None:
            memo[id(self.sampler)] = sampler
        return copy.deepcopy(self, memo)

    def serialize(self) -> str:
        """The state as its game log (seed, options and every action text): replaying it rebuilds the
        state exactly (see log.py)."""
        return json.dumps({"rules": self.game.scenario.rules, "seed": self.game_seed,
                           "options": self.game.options, "actions": self.action_texts()})

    game_seed: int = 0

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.fingerprint() == other.fingerprint()

    __hash__ = None  # type: ignore[assignment]

    @abstractmethod
    def fingerprint(self) -> Any:
        """A comparable summary of the whole position (units, markers, phase, pending decisions)."""


class Game(ABC):
    """A game made from a scenario: static data shared by every state of it."""

    def __init__(self, scenario: Scenario, options: dict[str, Any] | None = None) -> None:
        self.scenario = scenario
        self.options: dict[str, Any] = {**scenario.options, **(options or {})}

    def side_name(self, side: str) -> str:
        """The scenario's name for a side ("Allied", "German"); the id, capitalised, if it has none."""
        if side == CHANCE:
            return "Chance"
        found = self.scenario.side(side)
        return found.name if found is not None and found.name else side.replace("_", " ").capitalize()

    @abstractmethod
    def new_initial_state(self, seed: int = 0, sampler: Sampler | None = None) -> GameState: ...

    @abstractmethod
    def parse_action(self, text: str) -> Action: ...

    def deserialize(self, text: str) -> GameState:
        data = json.loads(text)
        state = self.new_initial_state(int(data.get("seed", 0)))
        for t in data["actions"]:
            state.apply(self.parse_action(t))
        return state


def make_game(scenario: Scenario, options: dict[str, Any] | None = None) -> Game:
    """The `Game` of a scenario's rules family (registry.RULES_FAMILIES[...].game)."""
    from .registry import RULES_FAMILIES, load, playable_families

    family = RULES_FAMILIES.get(scenario.rules)
    if family is None or not family.plays:
        known = ", ".join(f.id for f in playable_families())
        raise ValueError(f"no rules engine for rules family {scenario.rules!r} (engines exist for: {known})")
    factory = load(family.game)
    game: Game = factory(scenario, options)
    return game


def new_game(scenario: Scenario, seed: int = 0, options: dict[str, Any] | None = None,
             sampler: Sampler | None = None) -> GameState:
    """A new game of `scenario` from `seed`: the initial state, its chance draws made by a sampler
    seeded with `seed` unless one is injected."""
    return make_game(scenario, options).new_initial_state(seed, sampler or SeededSampler(seed))
