"""What a player interface shows of a game state, read through the protocol.

A playtest window (app/playtest) draws the board and asks for decisions; it never reads a family's
internals. Each rules family supplies a `Presenter` that turns its state into plain views:

* `units(state, viewer)`: every unit with its printed label hex (or None off the map), side, status
  and current values as the viewer may see them (a secret set-up of the other side is hidden, F&M 12.0).
* `action_views(state)`: one `ActionView` per legal action, in `legal_actions()` order, saying what the
  action is on the map (a unit moving along a path, an attack on a hex, a placement, a choice) so a
  person can make it by clicking and dragging instead of reading action texts.
* `move_costs(state, unit)`: the MP the unit has spent on arriving in each hex it may reach now, and
  `zoc_hexes(state, side)`: the hexes in the zone of control of `side`'s enemies that stop a move.
* `combat_preview(state, action)`: for an attack (or bombardment, fire), the participants, the
  strength sums or modifiers, the table column and line, and the exact probability of each result.
* `prompt(state)`: what the current decision is, in the rules' words, with its citation.
* `events(state, since)`: the log lines (dice, results, losses) in the rules' words caused by history
  entries `since`, `since + 1`, ... (`events(state, 0)` is the whole log, with the lines of the game's
  start); every line is public: a hidden choice appears as the other player sees it. Lines already
  given never change as the game goes on. `turn_track(state)`: game turn, last turn and the phases of
  a turn with the current one.
* `markers(state, viewer)`: what is not a unit but shows on the board or beside it (drop zones, support
  fire markers face down or face up, demolished bridges, HQs in a command cup, support points).
* `result_legend(state)`: what each combat result code means, in the rules' words.
* `move_action(state, unit, path)`: the family's move action for any path, legal or not, so an
  interface can ask `explain_illegal` why a person's move is refused.

`GenericPresenter` works for any family from the protocol alone (every action a "choice"); families
override what they can show better. `presenter_for(state)` returns the family's presenter, named by its
`presenter` entry in the one registry (registry.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .protocol import CHANCE, Action, GameState, Outcome, Phase
from .registry import RULES_FAMILIES, load

# UnitView.status of every unit on the map (other statuses are the family's: "reinforcement", "eliminated",
# "hidden", "set up (secret)", ...)
ON_MAP = "on map"

# ActionView.kind values
MOVE = "move"  # a unit moves along `hexes` (path from its hex), `cost` MP
ENTER = "enter"  # a unit enters the map / lands / is set up at hexes[-1]
ATTACK = "attack"  # units attack hexes[-1]; `units` are the participants (or their hexes in `hexes[:-1]`)
CHOICE = "choice"  # anything else (pass, a marker, a step loss, ...); shown as a button or a list entry
PASS = "pass"  # end this step of the sequence of play


@dataclass(frozen=True)
class UnitView:
    id: str
    side: str
    name: str
    hex: str | None  # printed label, None when not on the map
    status: str = ON_MAP  # ON_MAP for every unit on the map; "reinforcement", "eliminated", "hidden", ...
    values: str = ""  # the current printed values, e.g. "4-4-10" or "2-3-8 (depleted)"
    flags: tuple[str, ...] = ()  # "moved", "reduced", "out of command", ... as the rules name them


@dataclass(frozen=True)
class ActionView:
    action: Action
    kind: str = CHOICE
    label: str = ""  # one line a person reads in a list or a menu: "move 2/406 to 2226 (3 MP)"
    units: tuple[str, ...] = ()  # unit ids the action is about
    hexes: tuple[str, ...] = ()  # printed labels: a path, or the participants' hexes then the target
    cost: float | None = None  # MP spent at the end of a move, if a move
    verb: str = ""  # the family's name of the decision: "move", "retreat", "advance", "sfm", "deplete", ...
    markers: tuple[str, ...] = ()  # support fire markers or other markers the action uses or places
    rule: str = ""  # the rule the action is made under, as a player reads it: "F&M 8.3"
    probability: Fraction | None = None  # a chance outcome's exact probability


@dataclass(frozen=True)
class CombatPreview:
    action: Action
    attackers: tuple[str, ...]  # unit ids (or markers, for a bombardment)
    target: str  # printed label of the defender's hex
    summary: str  # "attack 12 vs defense 9: differential +3 (F&M 8.2.1)"
    column: str  # the table column after every modifier
    line: str  # the table line (terrain row) used, if the table has lines
    modifiers: tuple[str, ...] = ()  # every modifier that changed the column or the roll, cited
    distribution: dict[str, Fraction] = field(default_factory=dict)  # result -> exact probability
    defenders: tuple[str, ...] = ()  # unit ids in the target hex
    reconstructed: bool = False  # the table read is not printed in full in the source (marked as such)


@dataclass(frozen=True)
class MarkerView:
    """A marker as the viewer may see it: on a hex (`hex`), on a hexside (`hexside`, "1422/1423") or off
    the map (both empty), e.g. a drop zone, a side's support fire markers, a demolished bridge."""

    id: str
    kind: str  # "drop zone", "support fire markers", "committed markers", "demolished bridge", "HQ", ...
    side: str = ""
    text: str = ""  # what the viewer reads: "+3:us, +6:british" to the owner, "2 markers face down" to the other
    hex: str | None = None
    hexside: str = ""
    hidden: bool = False  # the viewer does not see its value or place


@dataclass(frozen=True)
class BatchAnswer:
    """One answer to a run of decisions of the same kind that the rules let a player make at once, each
    still made and recorded one by one (e.g. F&M "land all", Arnhem: The Farthest Bridge 11.4)."""

    name: str  # what `Presenter.batch_action` is asked with: "land-all"
    label: str  # a button's text: "Land all (9)"
    tip: str  # what it does and the rule, as a player reads it


@dataclass(frozen=True)
class TurnTrack:
    turn: int
    last_turn: int
    phases: tuple[str, ...]  # the steps of one game turn, in order
    current: int  # index into phases, -1 when the current step is not one of them (set-up, game end)
    turn_label: str = ""  # the turn as the game prints it ("A", "B", "1") when its turns are not numbered 1..N
    last_label: str = ""  # the last turn played, likewise ("5")

    def turn_text(self) -> str:
        """The turn box: "Turn 3 / 7", or "Turn A / 5" in a game that names its turns."""
        if self.turn_label:
            return f"Turn {self.turn_label} / {self.last_label or self.last_turn}"
        return f"Turn {self.turn} / {self.last_turn}"


class Presenter:
    """A family's views of its states. This base derives what it can from the protocol alone."""

    # whether an interface asks before a pass that leaves units able to move: a pass that ends the units' turn
    # (an F&M Movement Phase, a Koenig activation) is worth a question; a family whose pass is ordinary play
    # (an impulse passed while the other side goes on) sets it False
    ask_before_pass: bool = True

    def units(self, state: GameState, viewer: str | None = None) -> list[UnitView]:
        return []

    def action_views(self, state: GameState) -> list[ActionView]:
        return [ActionView(a, PASS if a.text() == "pass" else CHOICE, a.text()) for a in state.legal_actions()]

    def move_costs(self, state: GameState, unit: str) -> dict[str, float]:
        return {}

    def zoc_hexes(self, state: GameState, side: str) -> set[str]:
        return set()

    def combat_preview(self, state: GameState, action: Action) -> CombatPreview | None:
        return None

    def prompt(self, state: GameState) -> str:
        if state.is_terminal():
            return f"Game over: {outcome_text(state)}"
        who = "Dice" if state.current_player == CHANCE else state.side_name(state.current_player)
        return f"{state.phase}: {who} to act"

    def events(self, state: GameState, since: int = 0) -> list[str]:
        return []

    def turn_track(self, state: GameState) -> TurnTrack:
        return TurnTrack(state.phase.turn, state.game.scenario.turn_count, (state.phase.name,), 0)

    def markers(self, state: GameState, viewer: str | None = None) -> list[MarkerView]:
        return []

    def result_legend(self, state: GameState) -> dict[str, str]:
        """Each combat result code of the family's tables with its meaning in the rules' words and rule."""
        return {}

    def move_action(self, state: GameState, unit: str, path: list[str]) -> Action | None:
        """The family's move of `unit` along `path` (printed labels, its hex first), legal or not; None if
        the family has no such action."""
        return None

    def batch_answers(self, state: GameState) -> list[BatchAnswer]:
        """The batch answers the rules allow for the current decision (none by default)."""
        return []

    def batch_action(self, state: GameState, name: str) -> Action | None:
        """The next action the batch answer `name` makes, or None when the batch is done."""
        return None

    def declared_attack(self, state: GameState) -> ActionView | None:
        """The attack being formed now (declared, its participants still to add or its resolution to make),
        whose `combat_preview` an interface shows before any row of the decision is picked; None if none."""
        return None

    def action_text(self, state: GameState, action: Action) -> str:
        """An action as a player reads it in the game's log (the notation unless the family words it)."""
        return action.text()

    def side_name(self, state: GameState, side: str) -> str:
        """A side's name as the scenario prints it ("German"), never its id (GameState.side_name)."""
        return state.side_name(side)


GenericPresenter = Presenter


def phase_text(state: GameState, phase: Phase | None = None) -> str:
    """A step of the sequence of play as a player reads it, the phasing side by its scenario name:
    "GT 1 Allied Movement Phase (F&M 4.1, 5.0)", or "Turn A British set-up (Storm over Arnhem 2.1)" in a game
    that names its turns (`Phase.turn_label`; `Phase.__str__` writes the side's id)."""
    phase = state.phase if phase is None else phase
    who = f" {state.side_name(phase.player)}" if phase.player else ""
    return f"{phase.turn_text()}{who} {phase.name}" + (f" ({phase.rule})" if phase.rule else "")


def outcome_text(state: GameState, outcome: Outcome | None = None) -> str:
    """The result of a game as a player reads it, the winner by its scenario name: "German wins: ..."
    (`Outcome.__str__` writes the side's id); "" while the game goes on."""
    outcome = state.outcome() if outcome is None else outcome
    if outcome is None:
        return ""
    if outcome.draw or outcome.winner is None:
        return f"Draw: {outcome.reason}"
    return f"{state.side_name(outcome.winner)} wins: {outcome.reason}"


def presenter_for(state: GameState) -> Presenter:
    """The presenter of the state's rules family (its `presenter` entry in the one registry,
    registry.py), or the generic one."""
    family = RULES_FAMILIES.get(state.game.scenario.rules)
    if family is None or not family.presenter:
        return GenericPresenter()
    presenter: Presenter = load(family.presenter)()
    return presenter


__all__ = ["ATTACK", "BatchAnswer", "CHOICE", "ENTER", "MOVE", "ON_MAP", "PASS", "ActionView", "CombatPreview",
           "GenericPresenter", "MarkerView", "Presenter", "TurnTrack", "UnitView", "outcome_text", "phase_text",
           "presenter_for"]
