"""The tables editor: the game's TEC, CRT and other tables as editable grids.

A table the rulebook does not print in full (the F&M CRT body, truncated in
000_e5c3deafb2cea4af.txt; the Target Arnhem Combat Ratio Table's damage values, absent from
001_69d92a61f68ed4f9.txt) is data the designer supplies: such a table carries `reconstructed`, and
the editor shows it under a banner "Reconstructed — not the printed original" with its notes, so it
is never mistaken for the printed one. Empty cells are holes validation reports; the table's
`blank` text (default "-") means "no entry".
"""

from __future__ import annotations

import copy

from hexwright.engine.model import Table
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from .commands import EditTable, ReplaceTable
from .grid import ERROR_BG, EditGrid, ScenarioPanel, parse_scalar

RECONSTRUCTED_BANNER = "Reconstructed — not the printed original"


class TablesEditor(ScenarioPanel):
    refresh_on = ('tables',)

    def __init__(self, document, parent: QWidget | None = None) -> None:
        super().__init__(document, parent)
        self.table_combo = QComboBox()
        self.table_combo.currentIndexChanged.connect(lambda _i: self.refresh_grid())
        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet("background: #fff1c4; color: #6b4a00; border: 1px solid #d9b44a; "
                                  "padding: 6px; font-weight: bold;")
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.source = QLabel()
        self.reconstructed_check = QCheckBox("Reconstructed (the rulebook does not print this table in full)")
        self.reconstructed_check.toggled.connect(self._on_reconstructed)
        self.grid = EditGrid([])
        self.grid.itemChanged.connect(self._on_item_changed)
        self.add_row_button = QPushButton("Add row…")
        self.add_column_button = QPushButton("Add column…")
        self.add_row_button.clicked.connect(self._ask_row)
        self.add_column_button.clicked.connect(self._ask_column)
        top = QHBoxLayout()
        top.addWidget(QLabel("Table"))
        top.addWidget(self.table_combo, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_row_button)
        buttons.addWidget(self.add_column_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.banner)
        layout.addWidget(self.notes)
        layout.addWidget(self.source)
        layout.addWidget(self.reconstructed_check)
        layout.addWidget(self.grid, 1)
        layout.addLayout(buttons)
        self._loading = False
        self.watch()

    @property
    def table_name(self) -> str | None:
        return self.table_combo.currentData()

    def refresh(self) -> None:
        current = self.table_name
        self._loading = True
        self.table_combo.clear()
        for name, t in self.scenario.tables.items():
            self.table_combo.addItem(f"{t.title or name}" + ("  [reconstructed]" if t.reconstructed else ""), name)
        i = self.table_combo.findData(current)
        self.table_combo.setCurrentIndex(i if i >= 0 else 0)
        self._loading = False
        self.refresh_grid()

    def show_table(self, name: str) -> None:
        i = self.table_combo.findData(name)
        if i >= 0:
            self.table_combo.setCurrentIndex(i)

    def refresh_grid(self) -> None:
        if self._loading:
            return
        t = self.scenario.tables.get(self.table_name or "")
        g = self.grid
        g.loading = True
        self._loading = True
        try:
            for w in (self.reconstructed_check, self.add_row_button, self.add_column_button):
                w.setEnabled(t is not None)
            if t is None:
                g.setRowCount(0)
                g.setColumnCount(0)
                self.banner.hide()
                self.notes.setText("This scenario has no tables." if not self.scenario.tables else "")
                self.source.clear()
                return
            self.banner.setText(f"⚠ {RECONSTRUCTED_BANNER}")
            self.banner.setVisible(t.reconstructed)
            self.notes.setText(t.notes)
            self.notes.setVisible(bool(t.notes))
            self.source.setText(f"Source: {t.source}" if t.source else "")
            self.reconstructed_check.setChecked(t.reconstructed)
            g.setColumnCount(len(t.columns))
            g.setHorizontalHeaderLabels(t.columns)
            rows = list(t.rows)
            g.setRowCount(len(rows))
            g.setVerticalHeaderLabels(rows)
            for r, name in enumerate(rows):
                cells = t.rows[name]
                for c in range(len(t.columns)):
                    v = cells[c] if c < len(cells) else None
                    item = g.set_text(r, c, "" if v is None else str(v))
                    if v is None or v == "":
                        item.setBackground(ERROR_BG)
                        item.setToolTip(f"empty: write {t.blank!r} for no entry")
        finally:
            g.loading = False
            self._loading = False

    # -- edits --------------------------------------------------------------------------------
    def _on_item_changed(self, item) -> None:
        if self.grid.loading or self.table_name is None:
            return
        t = self.scenario.tables[self.table_name]
        row = list(t.rows)[item.row()]
        text = item.text().strip()
        value = parse_scalar(text) if text else None
        cells = t.rows[row]
        if item.column() < len(cells) and cells[item.column()] == value:
            return
        self.document.undo_stack.push(EditTable(self.document, self.table_name, row, item.column(), value))

    def _on_reconstructed(self, on: bool) -> None:
        if self._loading or self.table_name is None:
            return
        t = copy.deepcopy(self.scenario.tables[self.table_name])
        if t.reconstructed == on:
            return
        t.reconstructed = on
        self.document.undo_stack.push(ReplaceTable(self.document, t.name, t))

    def _copy_of_shown_table(self) -> Table:
        if self.table_name is None:
            raise ValueError("the scenario has no table to add to")
        return copy.deepcopy(self.scenario.tables[self.table_name])

    def add_row(self, name: str) -> None:
        t = self._copy_of_shown_table()
        if not name or name in t.rows:
            raise ValueError(f"row {name!r} exists already" if name else "a row needs a name")
        t.rows[name] = [t.blank] * len(t.columns)
        self.document.undo_stack.push(ReplaceTable(self.document, t.name, t))

    def add_column(self, name: str) -> None:
        t = self._copy_of_shown_table()
        if not name or name in t.columns:
            raise ValueError(f"column {name!r} exists already" if name else "a column needs a name")
        t.columns.append(name)
        for cells in t.rows.values():
            cells.append(t.blank)
        self.document.undo_stack.push(ReplaceTable(self.document, t.name, t))

    def _ask_row(self) -> None:
        name, ok = QInputDialog.getText(self, "Add row", "Row name (e.g. a die roll or a terrain type):")
        if ok:
            try:
                self.add_row(name.strip())
            except ValueError as exc:
                self.notes.setText(str(exc))

    def _ask_column(self) -> None:
        name, ok = QInputDialog.getText(self, "Add column", "Column name (e.g. a differential such as +3):")
        if ok:
            try:
                self.add_column(name.strip())
            except ValueError as exc:
                self.notes.setText(str(exc))
