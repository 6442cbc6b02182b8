"""Undo commands for the start state (Scenario.start: a scenario that starts mid-game): steps lost,
hexside states and markers' hexes when play begins, one entry at a time and in the file's order."""

from __future__ import annotations

from typing import Any

from hexwright.engine.model import Scenario
from PySide6.QtGui import QUndoCommand

from .command_base import ScenarioDocumentLike, emit_parts, insert_at

_STEPS_LOST_ID = 4203  # mergeWith id (commands.py has 4201 and 4202)


class _StartEntryEdit(QUndoCommand):
    """Set (value given) or clear (None) one entry of a part of the start state, keeping the order of
    the others: the file lists the entries in that order (formats/scenariofile.py dump_start)."""

    part = ""

    def __init__(self, doc: ScenarioDocumentLike, key: str, value: Any | None, text: str) -> None:
        super().__init__(text)
        entries = self._entries(doc.scenario)
        self.doc, self.key = doc, key
        self.old = entries.get(key)
        self.new = value
        keys = list(entries)
        self.index = keys.index(key) if key in keys else len(keys)

    def _entries(self, sc: Scenario) -> dict[str, Any]:
        return getattr(sc.start, self.part)

    def _apply(self, value: Any | None) -> None:
        entries = self._entries(self.doc.scenario)
        if value is None:
            entries.pop(self.key, None)
        else:
            insert_at(entries, self.key, value, self.index)
        emit_parts(self.doc, "start")

    def redo(self) -> None:
        self._apply(self.new)

    def undo(self) -> None:
        self._apply(self.old)


class SetStepsLost(_StartEntryEdit):
    """The steps (Koenig: Hits) a unit has lost when play begins (F&M 8.2.4 depleted, Koenig 9.2);
    0 clears the entry. Successive changes to one unit (a spin box's arrows) merge into one undo step."""

    part = "steps_lost"

    def __init__(self, doc: ScenarioDocumentLike, unit_id: str, steps: int) -> None:
        if unit_id not in doc.scenario.units and not (steps == 0 and unit_id in doc.scenario.start.steps_lost):
            raise KeyError(f"no unit has id {unit_id!r}")
        if isinstance(steps, bool) or not isinstance(steps, int) or steps < 0:
            raise ValueError("steps lost must be a whole number, 0 or more")
        super().__init__(doc, unit_id, steps or None, f"Set steps lost of {unit_id} to {steps}")

    def id(self) -> int:
        return _STEPS_LOST_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetStepsLost) or other.key != self.key:
            return False
        self.new = other.new
        self.setText(other.text())
        if self.new == self.old:
            self.setObsolete(True)  # back where it began: the stack drops the step
        return True


class SetHexsideState(_StartEntryEdit):
    """A hexside's state when play begins: "demolished" (a bridge blown, F&M 10.6.3) or "ferry" (an
    engineer ferry in operation, F&M 10.6.5); None clears it. The label names two adjacent hexes."""

    part = "hexsides"

    def __init__(self, doc: ScenarioDocumentLike, label: str, state: str | None) -> None:
        from hexwright.engine.model.scenario import HEXSIDE_START_STATES

        if not label.strip():
            raise ValueError("a hexside needs a label such as 1422/1423")
        if state is not None and state not in HEXSIDE_START_STATES:
            raise ValueError(f"a hexside starts {' or '.join(HEXSIDE_START_STATES)}, not {state!r}")
        if state is None and label not in doc.scenario.start.hexsides:
            raise KeyError(f"no start state for hexside {label}")
        text = f"Clear the start state of hexside {label}" if state is None else f"Start hexside {label} {state}"
        super().__init__(doc, label, state, text)


class SetStartMarker(_StartEntryEdit):
    """The hex a marker stands in when play begins (a drop zone already moved, F&M 12.0), overriding
    its own hex; None clears it."""

    part = "markers"

    def __init__(self, doc: ScenarioDocumentLike, marker_id: str, hex_label: str | None) -> None:
        known = marker_id in doc.scenario.markers or (hex_label is None and marker_id in doc.scenario.start.markers)
        if not known:
            raise KeyError(f"no marker {marker_id!r}")
        if hex_label is not None and not hex_label.strip():
            raise ValueError("a marker needs a hex label")
        text = f"Start marker {marker_id} at {hex_label}" if hex_label else f"Clear the start hex of {marker_id}"
        super().__init__(doc, marker_id, hex_label, text)


class SetStartValue(QUndoCommand):
    """Where a mid-game start begins and the family's own start state: `key` is "turn", "phase" or a
    field of the family's registry entry (`start_fields`: Tactical Advantage, VP, supply points...); the
    value None clears it (the turn: play starts on the first turn as printed)."""

    def __init__(self, doc: ScenarioDocumentLike, key: str, value: Any | None) -> None:
        start = doc.scenario.start
        shown = "" if value is None else f" to {value}"
        super().__init__(f"Set the start {key.replace('_', ' ')}{shown}" if value is not None
                         else f"Clear the start {key.replace('_', ' ')}")
        self.doc, self.key, self.new = doc, key, value
        if key == "turn":
            self.old: Any = start.turn
        elif key == "phase":
            self.old = start.phase or None
        else:
            self.old = start.family.get(key)

    def _apply(self, value: Any | None) -> None:
        start = self.doc.scenario.start
        if self.key == "turn":
            start.turn = value
        elif self.key == "phase":
            start.phase = value or ""
        elif value is None:
            start.family.pop(self.key, None)
        else:
            start.family[self.key] = value
        emit_parts(self.doc, "start")

    def redo(self) -> None:
        self._apply(self.new)

    def undo(self) -> None:
        self._apply(self.old)


class SetUnitStart(QUndoCommand):
    """Where a unit not on the map is when play begins: out of play ("eliminated", "exited" or a state
    of the family's own, `out_of_play`) or in an off-board area (`offboard`); None: neither (it is set
    up or arrives as the scenario says). One command moves the unit between the two parts."""

    def __init__(self, doc: ScenarioDocumentLike, unit_id: str, part: str | None, value: str | None) -> None:
        if unit_id not in doc.scenario.units and part is not None:
            raise KeyError(f"no unit has id {unit_id!r}")
        if part not in (None, "out_of_play", "offboard"):
            raise ValueError(f"a unit starts out_of_play or offboard, not {part!r}")
        start = doc.scenario.start
        self.doc, self.unit = doc, unit_id
        self.old = {p: dict(getattr(start, p)) for p in ("out_of_play", "offboard")}
        self.new = {p: dict(d) for p, d in self.old.items()}
        for d in self.new.values():
            d.pop(unit_id, None)
        if part is not None and value:
            self.new[part][unit_id] = value
        text = (f"Start {unit_id} {value}" if part == "out_of_play" else f"Start {unit_id} in off-board area {value}"
                if part else f"Clear where {unit_id} starts")
        super().__init__(text)

    def _apply(self, parts: dict[str, dict[str, str]]) -> None:
        start = self.doc.scenario.start
        for p, d in parts.items():
            setattr(start, p, dict(d))
        emit_parts(self.doc, "start")

    def redo(self) -> None:
        self._apply(self.new)

    def undo(self) -> None:
        self._apply(self.old)
