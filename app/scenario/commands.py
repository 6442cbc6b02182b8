"""Undo commands for scenario edits: one class per kind of edit (Tiled `changevalue.h`,
`addremovelayer.*`). Each works on a `document` with `.scenario`, `.undo_stack` and a
`scenario_changed(str)` signal (app/scenario/document.py) and changes the model through plain data:
redo then undo leaves the scenario exactly as it was, down to the order of units and placements,
so the saved file is unchanged too. The start state's commands are in start_commands.py, the
shared document protocol and helpers in command_base.py.
"""

from __future__ import annotations

import copy
from typing import Any

from hexwright.engine.model import MarkerDef, Reinforcement, Scenario, SupportMarker, Table, TurnInfo, UnitDef
from hexwright.engine.model.counters import UNIT_SIZES, UNIT_TYPES
from PySide6.QtGui import QUndoCommand

from .command_base import ScenarioDocumentLike, emit_parts, insert_at

UNIT_FIELDS = ("id", "name", "side", "nationality", "formation", "unit_type", "size", "values", "reduced", "steps",
               "flags", "supply", "color", "notes")

_CHANGE_UNIT_ID = 4201  # mergeWith ids
_EDIT_CELL_ID = 4202


class _Snapshot:
    """Every place a unit id appears besides the unit list: placements, steps lost at the start,
    reinforcements, set-up zones."""

    def __init__(self, sc: Scenario) -> None:
        self.placements = dict(sc.placements)
        self.placement_levels = dict(sc.placement_levels)
        self.steps_lost = dict(sc.start.steps_lost)
        self.reinforcement_units = [list(r.units) for r in sc.reinforcements]
        self.zone_units = [list(z.units) for z in sc.setup_zones]

    def restore(self, sc: Scenario) -> None:
        sc.placements.clear()
        sc.placements.update(self.placements)
        sc.placement_levels.clear()
        sc.placement_levels.update(self.placement_levels)
        sc.start.steps_lost.clear()
        sc.start.steps_lost.update(self.steps_lost)
        for r, units in zip(sc.reinforcements, self.reinforcement_units, strict=False):
            r.units[:] = units
        for z, units in zip(sc.setup_zones, self.zone_units, strict=False):
            z.units[:] = units


# -- units -----------------------------------------------------------------------------------------
class AddUnit(QUndoCommand):
    def __init__(self, doc: ScenarioDocumentLike, unit: UnitDef, index: int | None = None,
                 placement: str | None = None) -> None:
        super().__init__(f"Add unit {unit.id}")
        if not unit.id:
            raise ValueError("a unit needs an id")
        if unit.id in doc.scenario.units or unit.id in doc.scenario.markers:
            raise ValueError(f"id {unit.id!r} is already used")
        self.doc, self.unit = doc, copy.deepcopy(unit)
        self.index = len(doc.scenario.units) if index is None else index
        self.placement = placement

    def redo(self) -> None:
        sc = self.doc.scenario
        insert_at(sc.units, self.unit.id, copy.deepcopy(self.unit), self.index)
        if self.placement:
            sc.placements[self.unit.id] = self.placement
        emit_parts(self.doc, "units", "placements")

    def undo(self) -> None:
        sc = self.doc.scenario
        del sc.units[self.unit.id]
        sc.placements.pop(self.unit.id, None)
        emit_parts(self.doc, "units", "placements")


class ReplaceUnit(QUndoCommand):
    """Replace a unit's definition by another of the same id (a re-imported table's row, update mode):
    its set-up, reinforcements and start state stay, only what the counter prints and says changes."""

    def __init__(self, doc: ScenarioDocumentLike, unit: UnitDef) -> None:
        super().__init__(f"Update unit {unit.id}")
        if unit.id not in doc.scenario.units:
            raise KeyError(f"no unit has id {unit.id!r}")
        self.doc = doc
        self.old, self.new = copy.deepcopy(doc.scenario.units[unit.id]), copy.deepcopy(unit)

    def redo(self) -> None:
        self.doc.scenario.units[self.new.id] = copy.deepcopy(self.new)
        emit_parts(self.doc, "units")

    def undo(self) -> None:
        self.doc.scenario.units[self.old.id] = copy.deepcopy(self.old)
        emit_parts(self.doc, "units")


class RemoveUnit(QUndoCommand):
    """Removes the unit and every mention of it: its set-up hex, its place in reinforcements and
    set-up zones. Undo puts all of them back where they were."""

    def __init__(self, doc: ScenarioDocumentLike, unit_id: str) -> None:
        super().__init__(f"Remove unit {unit_id}")
        sc = doc.scenario
        if unit_id not in sc.units:
            raise KeyError(f"no unit has id {unit_id!r}")
        self.doc, self.unit_id = doc, unit_id
        self.unit = copy.deepcopy(sc.units[unit_id])
        self.index = list(sc.units).index(unit_id)
        self.before = _Snapshot(sc)

    def redo(self) -> None:
        sc = self.doc.scenario
        del sc.units[self.unit_id]
        sc.placements.pop(self.unit_id, None)
        sc.placement_levels.pop(self.unit_id, None)
        sc.start.steps_lost.pop(self.unit_id, None)
        for r in sc.reinforcements:
            r.units[:] = [u for u in r.units if u != self.unit_id]
        for z in sc.setup_zones:
            z.units[:] = [u for u in z.units if u != self.unit_id]
        emit_parts(self.doc, "units", "placements", "reinforcements", "start")

    def undo(self) -> None:
        sc = self.doc.scenario
        insert_at(sc.units, self.unit_id, copy.deepcopy(self.unit), self.index)
        self.before.restore(sc)
        emit_parts(self.doc, "units", "placements", "reinforcements", "start")


def _check_unit_field(sc: Scenario, unit_id: str, field: str, value: Any) -> None:
    name, _, key = field.partition(".")
    if name not in UNIT_FIELDS or (key and name not in ("values", "reduced")):
        raise ValueError(f"a unit has no field {field!r}")
    if name == "id":
        if not value:
            raise ValueError("a unit needs an id")
        if value != unit_id and (value in sc.units or value in sc.markers):
            raise ValueError(f"id {value!r} is already used")
    if name == "unit_type" and value not in UNIT_TYPES:
        raise ValueError(f"unknown unit type {value!r}")
    if name == "size" and value not in UNIT_SIZES:
        raise ValueError(f"unknown unit size {value!r}")
    if name == "steps" and (not isinstance(value, int) or value < 1):
        raise ValueError("steps must be a whole number of 1 or more")


class ChangeUnit(QUndoCommand):
    """One field of a unit: "name", "side", "unit_type", "flags", ... ; "values.attack" or
    "reduced.movement" for one printed value (None removes it); "id" renames the unit everywhere it
    is used. Successive edits of the same field of the same unit merge into one undo step, so typing
    a name is one step."""

    def __init__(self, doc: ScenarioDocumentLike, unit_id: str, field: str, value: Any) -> None:
        super().__init__(f"Change {field.replace('unit_type', 'type')} of {unit_id}")
        sc = doc.scenario
        if unit_id not in sc.units:
            raise KeyError(f"no unit has id {unit_id!r}")
        _check_unit_field(sc, unit_id, field, value)
        self.doc, self.unit_id, self.field = doc, unit_id, field
        self.new = copy.deepcopy(value)
        self.old = copy.deepcopy(self._get(sc.units[unit_id]))
        self.before = _Snapshot(sc) if field == "id" else None
        self.index = list(sc.units).index(unit_id)

    def id(self) -> int:
        return _CHANGE_UNIT_ID

    def _get(self, u: UnitDef) -> Any:
        name, _, key = self.field.partition(".")
        if not key:
            return getattr(u, name)
        part = getattr(u, name)
        return None if part is None else part.get(key)

    def _set(self, u: UnitDef, value: Any) -> None:
        name, _, key = self.field.partition(".")
        if not key:
            setattr(u, name, copy.deepcopy(value))
            return
        part = getattr(u, name)
        if part is None:
            if value is None:
                return
            part = {}
            setattr(u, name, part)
        if value is None:
            part.pop(key, None)
            if name == "reduced" and not part:
                setattr(u, name, None)
        else:
            part[key] = value

    def _rename(self, old: str, new: str) -> None:
        sc = self.doc.scenario
        unit = sc.units.pop(old)
        insert_at(sc.units, new, unit, self.index)
        sc.placements = {(new if k == old else k): v for k, v in sc.placements.items()}
        sc.placement_levels = {(new if k == old else k): v for k, v in sc.placement_levels.items()}
        sc.start.steps_lost = {(new if k == old else k): v for k, v in sc.start.steps_lost.items()}
        for r in sc.reinforcements:
            r.units[:] = [new if u == old else u for u in r.units]
        for z in sc.setup_zones:
            z.units[:] = [new if u == old else u for u in z.units]

    def redo(self) -> None:
        sc = self.doc.scenario
        if self.field == "id":
            unit = sc.units[self.unit_id]
            self.old_name = unit.name
            unit.id = self.new
            if unit.name == self.unit_id:
                unit.name = self.new
            self._rename(self.unit_id, self.new)
            emit_parts(self.doc, "units", "placements", "reinforcements", "start")
            return
        self._set(sc.units[self.unit_id], self.new)
        emit_parts(self.doc, "units")

    def undo(self) -> None:
        sc = self.doc.scenario
        if self.field == "id":
            unit = sc.units[self.new]
            unit.id = self.unit_id
            unit.name = self.old_name
            self._rename(self.new, self.unit_id)
            assert self.before is not None
            self.before.restore(sc)
            emit_parts(self.doc, "units", "placements", "reinforcements", "start")
            return
        self._set(sc.units[self.unit_id], self.old)
        emit_parts(self.doc, "units")

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, ChangeUnit) or self.field == "id":
            return False
        if other.unit_id != self.unit_id or other.field != self.field:
            return False
        self.new = other.new
        return True


# -- set-up ----------------------------------------------------------------------------------------
class PlaceUnit(QUndoCommand):
    """Set a unit up in a hex at the start (F&M 11.0 set-up lists), or move it; a hex of None takes it
    off the map (see RemovePlacement). `level` puts it in the location at that level of the hex (ASL
    Arnhem Bridge 1.1: `R18:1`, on the bridge); without one it goes to the hex's ground location, so a
    unit moved to another hex leaves its old location's level behind (undo gives it back)."""

    def __init__(self, doc: ScenarioDocumentLike, unit_id: str, hex_label: str | None,
                 level: int | None = None) -> None:
        where = hex_label if level is None else f"{hex_label}:{level}"
        super().__init__(f"Set up {unit_id} at {where}" if hex_label else f"Remove {unit_id} from the map")
        sc = doc.scenario
        if unit_id not in sc.units:
            raise KeyError(f"no unit has id {unit_id!r}")
        self.doc, self.unit_id, self.new = doc, unit_id, hex_label
        self.new_level = level if hex_label is not None else None
        self.old = sc.placements.get(unit_id)
        self.old_level = sc.placement_levels.get(unit_id)
        keys = list(sc.placements)
        self.index = keys.index(unit_id) if unit_id in keys else len(keys)

    def _apply(self, lab: str | None, level: int | None) -> None:
        sc = self.doc.scenario
        if lab is None:
            sc.placements.pop(self.unit_id, None)
        else:
            insert_at(sc.placements, self.unit_id, lab, self.index)
        if level is None:
            sc.placement_levels.pop(self.unit_id, None)
        else:
            sc.placement_levels[self.unit_id] = level
        emit_parts(self.doc, "placements")

    def redo(self) -> None:
        self._apply(self.new, self.new_level)

    def undo(self) -> None:
        self._apply(self.old, self.old_level)


class RemovePlacement(PlaceUnit):
    def __init__(self, doc: ScenarioDocumentLike, unit_id: str) -> None:
        super().__init__(doc, unit_id, None)


# -- list edits: add, change or remove one item ----------------------------------------------------
class _ListItemEdit(QUndoCommand):
    """Add (insert=True), change (new given) or remove (new None) item `index` of a scenario list."""

    part = ""
    what = "item"

    def __init__(self, doc: ScenarioDocumentLike, index: int, new: Any | None, insert: bool = False) -> None:
        items = self._items(doc.scenario)
        if insert:
            index = len(items) if index < 0 or index > len(items) else index
        elif not 0 <= index < len(items):
            raise IndexError(f"there is no {self.what} {index + 1}")
        if insert and new is None:
            raise ValueError(f"nothing to add as {self.what}")
        verb = "Add" if insert else ("Remove" if new is None else "Change")
        super().__init__(f"{verb} {self.what} {index + 1}")
        self.doc, self.index, self.insert = doc, index, insert
        self.new = copy.deepcopy(new)
        self.old = None if insert else copy.deepcopy(items[index])

    def _items(self, sc: Scenario) -> list:
        raise NotImplementedError

    def redo(self) -> None:
        items = self._items(self.doc.scenario)
        if self.insert:
            items.insert(self.index, copy.deepcopy(self.new))
        elif self.new is None:
            del items[self.index]
        else:
            items[self.index] = copy.deepcopy(self.new)
        emit_parts(self.doc, self.part)

    def undo(self) -> None:
        items = self._items(self.doc.scenario)
        if self.insert:
            del items[self.index]
        elif self.new is None:
            items.insert(self.index, copy.deepcopy(self.old))
        else:
            items[self.index] = copy.deepcopy(self.old)
        emit_parts(self.doc, self.part)


class EditReinforcement(_ListItemEdit):
    """A row of the reinforcement schedule (F&M 11.2, 11.3): units, turn, side and entry."""

    part, what = "reinforcements", "reinforcement"

    def __init__(self, doc: ScenarioDocumentLike, index: int, new: Reinforcement | None,
                 insert: bool = False) -> None:
        super().__init__(doc, index, new, insert)

    def _items(self, sc: Scenario) -> list:
        return sc.reinforcements


class EditVictory(_ListItemEdit):
    """A victory condition as data (occupy, vp, exit, eliminate, default)."""

    part, what = "victory", "victory condition"

    def _items(self, sc: Scenario) -> list:
        return sc.victory


class EditTurnTrack(QUndoCommand):
    """The whole turn track at once: the turns (day/night, allotments per side such as F&M's "8/9",
    F&M 7.1; events) and the first player. Numbers are renumbered 1..n as the file requires."""

    def __init__(self, doc: ScenarioDocumentLike, turns: list[TurnInfo], first_player: str | None = None,
                 text: str = "Edit turn track") -> None:
        super().__init__(text)
        sc = doc.scenario
        self.doc = doc
        self.old = (copy.deepcopy(sc.turns), sc.first_player)
        new_turns = copy.deepcopy(turns)
        for i, t in enumerate(new_turns):
            t.number = i + 1
        self.new = (new_turns, sc.first_player if first_player is None else first_player)

    def _apply(self, state: tuple[list[TurnInfo], str]) -> None:
        sc = self.doc.scenario
        sc.turns = copy.deepcopy(state[0])
        sc.first_player = state[1]
        emit_parts(self.doc, "turns")

    def redo(self) -> None:
        self._apply(self.new)

    def undo(self) -> None:
        self._apply(self.old)


# -- tables ----------------------------------------------------------------------------------------
class EditTable(QUndoCommand):
    """One cell of a rules table (TEC, CRT, ...); typing in the same cell merges into one step."""

    def __init__(self, doc: ScenarioDocumentLike, table: str, row: str, column: int, value: Any) -> None:
        t = doc.scenario.tables.get(table)
        if t is None:
            raise KeyError(f"no table {table!r}")
        if row not in t.rows:
            raise KeyError(f"table {table!r} has no row {row!r}")
        if not 0 <= column < len(t.columns):
            raise IndexError(f"table {table!r} has no column {column + 1}")
        super().__init__(f"Edit {table} {row}/{t.columns[column]}")
        self.doc, self.table, self.row, self.column = doc, table, row, column
        cells = t.rows[row]
        self.old = cells[column] if column < len(cells) else None
        self.new = value
        self.old_len = len(cells)

    def id(self) -> int:
        return _EDIT_CELL_ID

    def redo(self) -> None:
        cells = self.doc.scenario.tables[self.table].rows[self.row]
        while len(cells) <= self.column:
            cells.append(None)
        cells[self.column] = self.new
        emit_parts(self.doc, "tables")

    def undo(self) -> None:
        cells = self.doc.scenario.tables[self.table].rows[self.row]
        cells[self.column] = self.old
        del cells[self.old_len:]
        emit_parts(self.doc, "tables")

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, EditTable):
            return False
        if (other.table, other.row, other.column) != (self.table, self.row, self.column):
            return False
        self.new = other.new
        return True


class ReplaceTable(QUndoCommand):
    """Add, replace (new rows or columns, a changed title, notes or reconstructed flag) or remove a
    whole table."""

    def __init__(self, doc: ScenarioDocumentLike, name: str, table: Table | None) -> None:
        tables = doc.scenario.tables
        if table is None and name not in tables:
            raise KeyError(f"no table {name!r}")
        verb = "Remove" if table is None else ("Change" if name in tables else "Add")
        super().__init__(f"{verb} table {name}")
        self.doc, self.name = doc, name
        self.old = copy.deepcopy(tables.get(name))
        self.new = copy.deepcopy(table)
        self.index = list(tables).index(name) if name in tables else len(tables)

    def _apply(self, t: Table | None) -> None:
        tables = self.doc.scenario.tables
        if t is None:
            tables.pop(self.name, None)
        else:
            insert_at(tables, self.name, copy.deepcopy(t), self.index)
        emit_parts(self.doc, "tables")

    def redo(self) -> None:
        self._apply(self.new)

    def undo(self) -> None:
        self._apply(self.old)


# -- markers and support fire pools ----------------------------------------------------------------
class EditMarker(QUndoCommand):
    """Add, change (including placing it in a hex) or remove a map marker: drop zone (F&M 11.0),
    supply (Target Arnhem para supply marker), ..."""

    def __init__(self, doc: ScenarioDocumentLike, marker_id: str, new: MarkerDef | None) -> None:
        sc = doc.scenario
        if new is None and marker_id not in sc.markers:
            raise KeyError(f"no marker {marker_id!r}")
        if new is not None:
            if not new.id:
                raise ValueError("a marker needs an id")
            if new.id in sc.units or (new.id != marker_id and new.id in sc.markers):
                raise ValueError(f"id {new.id!r} is already used")
        verb = "Remove" if new is None else ("Change" if marker_id in sc.markers else "Add")
        super().__init__(f"{verb} marker {marker_id}")
        self.doc, self.marker_id = doc, marker_id
        self.old = copy.deepcopy(sc.markers.get(marker_id))
        self.new = copy.deepcopy(new)
        self.index = list(sc.markers).index(marker_id) if marker_id in sc.markers else len(sc.markers)
        self.start_markers = dict(sc.start.markers)  # its start hex follows a rename, goes with a removal

    def _apply(self, remove: str, put: MarkerDef | None) -> None:
        markers = self.doc.scenario.markers
        markers.pop(remove, None)
        if put is not None:
            insert_at(markers, put.id, copy.deepcopy(put), self.index)
        emit_parts(self.doc, "markers")

    def redo(self) -> None:
        start = self.doc.scenario.start
        if self.new is None:
            start.markers.pop(self.marker_id, None)
        elif self.new.id != self.marker_id and self.marker_id in start.markers:
            start.markers = {(self.new.id if k == self.marker_id else k): v for k, v in start.markers.items()}
        self._apply(self.marker_id, self.new)
        emit_parts(self.doc, "start")

    def undo(self) -> None:
        self.doc.scenario.start.markers = dict(self.start_markers)
        self._apply(self.new.id if self.new is not None else self.marker_id, self.old)
        emit_parts(self.doc, "start")


class EditSupportPool(QUndoCommand):
    """A side's support fire marker pool (F&M 7.1, 10.7): its markers with value, count, nationality
    and kind; None removes the pool."""

    def __init__(self, doc: ScenarioDocumentLike, side_id: str, pool: str, markers: list[SupportMarker] | None) -> None:
        side = doc.scenario.side(side_id)
        if side is None:
            raise KeyError(f"no side {side_id!r}")
        if not pool:
            raise ValueError("a pool needs a name")
        super().__init__(f"Edit support pool {pool} of {side_id}")
        self.doc, self.side_id, self.pool = doc, side_id, pool
        self.old = copy.deepcopy(side.support_pools.get(pool))
        self.new = copy.deepcopy(markers)
        pools = list(side.support_pools)
        self.index = pools.index(pool) if pool in pools else len(pools)

    def _apply(self, markers: list[SupportMarker] | None) -> None:
        side = self.doc.scenario.side(self.side_id)
        assert side is not None
        if markers is None:
            side.support_pools.pop(self.pool, None)
        else:
            insert_at(side.support_pools, self.pool, copy.deepcopy(markers), self.index)
        emit_parts(self.doc, "markers")

    def redo(self) -> None:
        self._apply(self.new)

    def undo(self) -> None:
        self._apply(self.old)
