"""The rules kit: the one shape every rules family is built on.

* `position.Position`: where every unit is, its steps lost and its status, the markers and the
  hexside states (demolished bridges, ferries) of a game, with typed queries and a revision counter
  that the families' caches key on. `Position.from_scenario` applies a scenario's start state
  (`Scenario.start`: a game that starts mid-way).
* `steps`: a step of the sequence of play is a typed object (`Step`) with its legal actions, its apply
  and its explanation of a refusal; the decision it waits for is a typed dataclass (`Decision`); the
  rule steps that need no decision are typed `Task`s (`Ask(decision)` asks one in its turn); a family
  assembles its steps in a `StepTable` (dispatch by the decision's class, never by building names from
  strings).
* `actions`: the text notation of actions: each action class names its verb, writes its text and reads
  it back (`read`); a family's `parse_action` is an `ActionReader` over its classes. The common shapes:
  `OfUnit` (`hit B-2Para`), `UnitTo` (`move B-A1 17`), `Word` (`pass`).
* `steps.VerbStep`: a step that refuses by verb (an action of a kind it does not take, with the kinds it
  does take; one it takes but not in this form, with the rule that forbids it).
* `machine.SequenceState`: the game-state protocol over a step table: the pending decision (asked with
  `ask`, read with `pending_decision`), the task queue, the automatic pass where a decision has only one
  empty choice (logged, not silent), and the end of the game (`end_game(outcome)`).

The protocol itself stays in `rules/protocol.py`; the one registry of families (rules, presenter, bots)
in `rules/registry.py`.
"""

from .actions import ActionReader, OfUnit, UnitTo, Word, verb_of
from .machine import SequenceState, SkippedDecision
from .position import Position, UnitStatus
from .steps import Ask, ChanceStep, Decision, Step, StepTable, Task, VerbStep

__all__ = ["ActionReader", "Ask", "ChanceStep", "Decision", "OfUnit", "Position", "SequenceState", "SkippedDecision",
           "Step", "StepTable", "Task", "UnitStatus", "UnitTo", "VerbStep", "Word", "verb_of"]
