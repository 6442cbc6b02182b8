"""The rules kit: the one shape every rules family is built on.

* `position.Position`: where every unit is, its steps lost and its status, the markers and the
  hexside states (demolished bridges, ferries) of a game, with typed queries and a revision counter
  that the families' caches key on. `Position.from_scenario` applies a scenario's start state
  (`Scenario.start`: a game that starts mid-way).
* `steps`: a step of the sequence of play is a typed object (`Step`) with its legal actions, its apply
  and its explanation of a refusal; the decision it waits for is a typed dataclass (`Decision`); the
  rule steps that need no decision are typed `Task`s; a family assembles its steps in a `StepTable`
  (dispatch by the decision's class, never by building names from strings).
* `actions`: the readers a family's `parse_action` table maps each verb to (`one(Move)`, `two(Place)`, `none(Pass)`).
* `machine.SequenceState`: the game-state protocol over a step table: the pending decision, the task
  queue, the automatic pass where a decision has only one empty choice (logged, not silent).

The protocol itself stays in `rules/protocol.py`; the one registry of families (rules, presenter, bots)
in `rules/registry.py`.
"""

from .machine import SequenceState, SkippedDecision
from .position import Position, UnitStatus
from .steps import ChanceStep, Decision, Step, StepTable, Task

__all__ = ["ChanceStep", "Decision", "Position", "SequenceState", "SkippedDecision", "Step", "StepTable",
           "Task", "UnitStatus"]
