"""The victory conditions editor: conditions as data the engine evaluates, not code
(engine/model/scenario.py VictoryCondition). Kinds: `occupy` (a side holds `count` of the hexes with
units passing the filter, e.g. F&M 11.5: a non-airborne Allied unit in the Arnhem bridge hexes),
`vp` (points per hex held, per unit eliminated, per unit exited: the Koenig VP schedule,
002_fe1216aa5df94854.txt), `exit`, `eliminate`, and `default` (the result when nothing else applies);
`when` immediate or at the end; `result` win or draw. Each row shows its validation problems inline.
"""

from __future__ import annotations

from hexwright.engine.formats.scenariofile import VICTORY_KINDS
from hexwright.engine.model import VictoryCondition
from PySide6.QtWidgets import QComboBox, QHeaderView, QWidget

from .commands import EditVictory
from .grid import EditGrid, ScenarioPanel, grid_with_buttons, mapping_text, parse_mapping, row_diagnostics, split_list

COLUMNS = ["Kind", "Side", "Result", "When", "Hexes", "Count", "Unit filter", "Points", "Description", "Problems"]
KIND, SIDE, RESULT, WHEN, HEXES, COUNT, UNITS, POINTS, DESCRIPTION, PROBLEMS = range(len(COLUMNS))
RESULTS = ("win", "draw")
WHENS = ("immediate", "end")


class VictoryEditor(ScenarioPanel):
    refresh_on = ('victory', 'sides')

    def __init__(self, document, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.grid = EditGrid(COLUMNS)
        self.grid.itemChanged.connect(lambda item: self._on_edit(item.row()))
        header = self.grid.horizontalHeader()
        header.setSectionResizeMode(DESCRIPTION, QHeaderView.ResizeMode.Stretch)
        self.add_button, self.remove_button, self.message = grid_with_buttons(
            self, self.grid, "Add condition", "Remove condition", self.add_condition, self.remove_current)
        self.watch()

    def _combo(self, row: int, col: int, options: list[tuple[str, str]], current: str) -> QComboBox:
        combo = QComboBox()
        for text, data in options:
            combo.addItem(text, data)
        i = combo.findData(current)
        if i < 0:
            combo.addItem(current, current)
            i = combo.count() - 1
        combo.setCurrentIndex(i)
        combo.activated.connect(lambda _i, r=row: self._on_edit(r))
        self.grid.setCellWidget(row, col, combo)
        return combo

    def refresh(self) -> None:
        sc = self.scenario
        g = self.grid
        g.loading = True
        try:
            g.setRowCount(len(sc.victory))
            problems = row_diagnostics(sc, "victory", len(sc.victory))
            sides = [("(any)", "")] + [(s.name or s.id, s.id) for s in sc.sides]
            for i, v in enumerate(sc.victory):
                self._combo(i, KIND, [(k, k) for k in VICTORY_KINDS], v.kind)
                self._combo(i, SIDE, sides, v.side)
                self._combo(i, RESULT, [(r, r) for r in RESULTS], v.result)
                self._combo(i, WHEN, [(w, w) for w in WHENS], v.when)
                g.set_text(i, HEXES, " ".join(v.hexes))
                g.set_text(i, COUNT, str(v.count))
                g.set_text(i, UNITS, mapping_text(v.units), tip="e.g. flags_not: [airborne]")
                g.set_text(i, POINTS, mapping_text(v.points), tip="e.g. per_hex: 2, per_unit_eliminated: 1")
                g.set_text(i, DESCRIPTION, v.description)
                g.mark_row(i, problems[i], PROBLEMS)
        finally:
            g.loading = False

    def combo(self, row: int, col: int) -> QComboBox:
        w = self.grid.cellWidget(row, col)
        assert isinstance(w, QComboBox)
        return w

    def row_problems(self, row: int) -> str:
        return self.grid.text(row, PROBLEMS)

    def _row(self, row: int) -> VictoryCondition:
        g = self.grid
        try:
            count = int(g.text(row, COUNT) or 1)
        except ValueError:
            raise ValueError(f"count must be a whole number, not {g.text(row, COUNT)!r}") from None
        return VictoryCondition(self.combo(row, KIND).currentData(), self.combo(row, SIDE).currentData(),
                                self.combo(row, RESULT).currentData(), self.combo(row, WHEN).currentData(),
                                split_list(g.text(row, HEXES), spaces=True), count,
                                parse_mapping(g.text(row, UNITS)), parse_mapping(g.text(row, POINTS)),
                                g.text(row, DESCRIPTION))

    def _on_edit(self, row: int) -> None:
        if self.grid.loading or not 0 <= row < len(self.scenario.victory):
            return
        try:
            new = self._row(row)
        except ValueError as exc:
            self.message.setText(f"Condition {row + 1}: {exc}")
            return
        self.message.clear()
        if new != self.scenario.victory[row]:
            self.document.undo_stack.push(EditVictory(self.document, row, new))

    def add_condition(self, condition: VictoryCondition | None = None) -> None:
        sc = self.scenario
        if condition is None:
            condition = VictoryCondition("occupy", sc.sides[0].id if sc.sides else "", "win", "end")
        self.document.undo_stack.push(EditVictory(self.document, len(sc.victory), condition, insert=True))

    def remove_current(self) -> None:
        row = self.grid.currentRow()
        if 0 <= row < len(self.scenario.victory):
            self.document.undo_stack.push(EditVictory(self.document, row, None))
