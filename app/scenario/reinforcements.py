"""The reinforcement schedule editor: a turn-by-turn table in the words of the F&M reinforcement
charts (000_e5c3deafb2cea4af.txt 11.1-11.3): the turn, the side, the units, and where they enter:
a hex ("3925"), a range of map-edge hexes ("0103 to 0106"), "within 3 hexes of <marker>", or an
off-board area ("from Nijmegen box"). Each row shows the validation problems the engine finds with
it (off-map or off-edge entry hexes, units of the wrong side, turns beyond the track) inline.
Units dropped on the table (from the order of battle) are added to the row under the drop.
"""

from __future__ import annotations

import re

from hexwright.engine.model import Entry, Reinforcement
from hexwright.engine.model.oob import describe_entry
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHeaderView, QWidget

from .commands import EditReinforcement
from .grid import EditGrid, ScenarioPanel, grid_with_buttons, row_diagnostics, split_list

COLUMNS = ["Turn", "Side", "Units", "Entry", "Airborne", "Note", "Problems"]
TURN, SIDE, UNITS, ENTRY, AIRBORNE, NOTE, PROBLEMS = range(len(COLUMNS))

_RANGE = re.compile(r"^(\S+)\s*(?:to|-|–|\.\.)\s*(\S+)$", re.IGNORECASE)
_NEAR = re.compile(r"^within\s+(\d+)\s+(?:hex(?:es)?\s+)?(?:of\s+)?(\S+)$", re.IGNORECASE)
_FROM = re.compile(r"^from\s+(.+)$", re.IGNORECASE)
_HEX = re.compile(r"^(?:hex\s+)?(\S+)$", re.IGNORECASE)


def parse_entry(text: str) -> Entry:
    """An entry from the chart's words; the inverse of engine describe_entry. ValueError if unreadable."""
    t = text.strip()
    if m := _NEAR.match(t):
        return Entry(marker=m.group(2), within=int(m.group(1)))
    if m := _FROM.match(t):
        return Entry(offboard=m.group(1).strip())
    if m := _RANGE.match(t):
        return Entry(edge_range=(m.group(1), m.group(2)))
    if (m := _HEX.match(t)) and t:
        return Entry(hex=m.group(1))
    raise ValueError(f"cannot read the entry {text!r}: write a hex (3925), a range (0103 to 0106), "
                     "'within 3 hexes of MARKER' or 'from AREA'")


class _DropGrid(EditGrid):
    units_dropped = Signal(int, list)

    def __init__(self, columns: list[str]) -> None:
        super().__init__(columns)
        self.setAcceptDrops(True)
        self.viewport().setAcceptDrops(True)
        self.setDragDropMode(EditGrid.DragDropMode.DropOnly)

    def _ids(self, event) -> list[str]:
        from .oob_panel import UNIT_MIME

        md = event.mimeData()
        if md.hasFormat(UNIT_MIME):
            return bytes(md.data(UNIT_MIME).data()).decode("utf-8").split("\n")
        return []

    def dragEnterEvent(self, event) -> None:
        event.acceptProposedAction() if self._ids(event) else event.ignore()

    def dragMoveEvent(self, event) -> None:
        event.acceptProposedAction() if self._ids(event) else event.ignore()

    def dropEvent(self, event) -> None:
        ids = self._ids(event)
        if ids:
            row = self.rowAt(event.position().toPoint().y())
            self.units_dropped.emit(row, ids)
            event.acceptProposedAction()


class ReinforcementsEditor(ScenarioPanel):
    refresh_on = ('reinforcements', 'units', 'placements', 'turns', 'markers', 'sides')

    def __init__(self, document, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.grid = _DropGrid(COLUMNS)
        self.grid.itemChanged.connect(self._on_item_changed)
        self.grid.units_dropped.connect(self.add_units)
        header = self.grid.horizontalHeader()
        header.setSectionResizeMode(UNITS, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(PROBLEMS, QHeaderView.ResizeMode.Stretch)
        self.add_button, self.remove_button, self.message = grid_with_buttons(
            self, self.grid, "Add entry", "Remove entry", self.add_entry, self.remove_selected)
        self.watch()

    def refresh(self) -> None:
        sc = self.scenario
        g = self.grid
        g.loading = True
        try:
            g.setRowCount(len(sc.reinforcements))
            problems = row_diagnostics(sc, "reinforcement", len(sc.reinforcements))
            for i, r in enumerate(sc.reinforcements):
                g.set_text(i, TURN, str(r.turn))
                g.set_text(i, SIDE, r.side)
                g.set_text(i, UNITS, ", ".join(r.units))
                g.set_text(i, ENTRY, _entry_text(r.entry), tip=r.entry.description)
                g.set_check(i, AIRBORNE, r.airborne)
                g.set_text(i, NOTE, r.note)
                g.mark_row(i, problems[i], PROBLEMS)
        finally:
            g.loading = False

    def row_problems(self, row: int) -> str:
        return self.grid.text(row, PROBLEMS)

    # -- edits ----------------------------------------------------------------------------------
    def _row_to_reinforcement(self, row: int) -> Reinforcement:
        g = self.grid
        try:
            turn = int(g.text(row, TURN))
        except ValueError:
            raise ValueError(f"turn must be a whole number, not {g.text(row, TURN)!r}") from None
        old = self.scenario.reinforcements[row]
        entry = parse_entry(g.text(row, ENTRY))
        entry.description = old.entry.description
        return Reinforcement(turn, g.text(row, SIDE), split_list(g.text(row, UNITS)), entry,
                             g.checked(row, AIRBORNE), g.text(row, NOTE))

    def _on_item_changed(self, item) -> None:
        if self.grid.loading or item.column() == PROBLEMS:
            return
        row = item.row()
        try:
            new = self._row_to_reinforcement(row)
        except ValueError as exc:
            # shown on the row itself; the scenario is unchanged until the text reads
            self.grid.loading = True
            self.grid.set_text(row, PROBLEMS, str(exc), editable=False).setForeground(Qt.GlobalColor.red)
            self.grid.loading = False
            self.message.setText(f"Entry {row + 1}: {exc}")
            return
        self.message.clear()
        if new != self.scenario.reinforcements[row]:
            self.document.undo_stack.push(EditReinforcement(self.document, row, new))

    def add_entry(self, reinforcement: Reinforcement | None = None) -> int:
        sc = self.scenario
        if reinforcement is None:
            side = sc.sides[0].id if sc.sides else ""
            reinforcement = Reinforcement(1, side, [], Entry())  # the entry is typed next
        index = len(sc.reinforcements)
        self.document.undo_stack.push(EditReinforcement(self.document, index, reinforcement, insert=True))
        return index

    def remove_selected(self) -> None:
        rows = sorted({i.row() for i in self.grid.selectedIndexes()}, reverse=True)
        if not rows and self.grid.currentRow() >= 0:
            rows = [self.grid.currentRow()]
        if not rows:
            return
        stack = self.document.undo_stack
        stack.beginMacro(f"Remove {len(rows)} reinforcement entries")
        for r in rows:
            stack.push(EditReinforcement(self.document, r, None))
        stack.endMacro()

    def add_units(self, row: int, unit_ids: list[str]) -> None:
        """Units dropped on a row join it; dropped below the rows they make a new entry for their
        side, arriving on turn 1 (edit the turn and entry next)."""
        sc = self.scenario
        ids = [u for u in unit_ids if u in sc.units]
        if not ids:
            return
        if 0 <= row < len(sc.reinforcements):
            old = sc.reinforcements[row]
            new = Reinforcement(old.turn, old.side, old.units + [u for u in ids if u not in old.units], old.entry,
                                old.airborne, old.note)
            self.document.undo_stack.push(EditReinforcement(self.document, row, new))
        else:
            side = sc.units[ids[0]].side
            self.add_entry(Reinforcement(1, side, ids, Entry()))  # where they enter is chosen next


def _entry_text(e: Entry) -> str:
    text = describe_entry(e)
    return text[4:] if text.startswith("hex ") else text
