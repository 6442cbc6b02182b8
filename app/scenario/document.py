"""The scenario being designed, with its undo stack (Tiled `document.h`): the smallest document the
scenario panels need.

Shape (the editor's MapDocument may adopt it or wrap it with the same three members):

- `scenario`: the engine Scenario being edited;
- `undo_stack`: a QUndoStack; every edit is a command from app/scenario/commands.py pushed on it;
- `scenario_changed(str)`: a signal emitted after each change (redo or undo) with the part that
  changed: "units", "placements", "reinforcements", "turns", "victory", "tables", "markers",
  "sides", "start" (the start state of a scenario that starts mid-game), "areas" (off-board areas, map
  regions of kind offboard: app/scenario/offboard.py) or "" for anything.
  Panels refresh on it; the model itself never knows the widgets.
"""

from __future__ import annotations

from hexwright.engine.model import Scenario
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

PARTS = ("units", "placements", "reinforcements", "turns", "victory", "tables", "markers", "sides", "start",
         "areas")


class ScenarioDocument(QObject):
    scenario_changed = Signal(str)

    def __init__(self, scenario: Scenario, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scenario = scenario
        self.undo_stack = QUndoStack(self)

    def push(self, command: QUndoCommand) -> None:
        self.undo_stack.push(command)

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()
