"""Small pieces shared by the scenario editors: the panel base class, a table widget that is refilled
from the scenario without echoing edits back, per-row validation diagnostics, and text <-> data
conversions."""

from __future__ import annotations

from typing import Any

import yaml
from hexwright.engine.formats.emit import flow
from hexwright.engine.model import Scenario
from hexwright.engine.validation import Diagnostic, Severity, SourceMap, validate_scenario
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

ERROR_BG = QColor("#fde2e1")
WARNING_BG = QColor("#fff4d6")


class ScenarioPanel(QWidget):
    """A scenario editor panel: it edits `document.scenario` through the document's undo stack and
    refreshes itself when one of the parts it shows changes (`refresh_on`; "" means everything).
    A subclass builds its widgets, then calls `watch()`."""

    refresh_on: tuple[str, ...] = ()

    def __init__(self, document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document

    @property
    def scenario(self) -> Scenario:
        return self.document.scenario

    def watch(self) -> None:
        self.document.scenario_changed.connect(self._on_scenario_changed)
        self.refresh()

    def refresh(self) -> None:  # pragma: no cover - every panel defines it
        raise NotImplementedError

    def _on_scenario_changed(self, part: str) -> None:
        if part == "" or part in self.refresh_on:
            self.refresh()


def grid_with_buttons(panel: QWidget, grid: QTableWidget, add_text: str, remove_text: str,
                      on_add, on_remove) -> tuple[QPushButton, QPushButton, QLabel]:
    """Lay out `panel` as a grid, a line for error messages and an Add / Remove button row."""
    add_button = QPushButton(add_text)
    remove_button = QPushButton(remove_text)
    add_button.clicked.connect(lambda: on_add())
    remove_button.clicked.connect(on_remove)
    message = QLabel()
    message.setStyleSheet("color: #b00020;")
    buttons = QHBoxLayout()
    buttons.addWidget(add_button)
    buttons.addWidget(remove_button)
    buttons.addStretch(1)
    layout = QVBoxLayout(panel)
    layout.addWidget(grid)
    layout.addWidget(message)
    layout.addLayout(buttons)
    return add_button, remove_button, message


class EditGrid(QTableWidget):
    """A QTableWidget whose `loading` flag is set while the editor refills it."""

    def __init__(self, columns: list[str], parent=None) -> None:
        super().__init__(0, len(columns), parent)
        self.setHorizontalHeaderLabels(columns)
        self.loading = False
        self.verticalHeader().setDefaultSectionSize(24)

    def set_text(self, row: int, col: int, text: str, editable: bool = True, tip: str = "") -> QTableWidgetItem:
        item = QTableWidgetItem(text)
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if editable:
            flags |= Qt.ItemFlag.ItemIsEditable
        item.setFlags(flags)
        if tip:
            item.setToolTip(tip)
        self.setItem(row, col, item)
        return item

    def set_check(self, row: int, col: int, on: bool) -> QTableWidgetItem:
        item = QTableWidgetItem()
        item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        self.setItem(row, col, item)
        return item

    def text(self, row: int, col: int) -> str:
        item = self.item(row, col)
        return item.text().strip() if item is not None else ""

    def checked(self, row: int, col: int) -> bool:
        item = self.item(row, col)
        return item is not None and item.checkState() == Qt.CheckState.Checked

    def mark_row(self, row: int, problems: list[Diagnostic], col: int) -> None:
        """Write the row's problems into column `col` and tint the row by the worst severity."""
        text = "; ".join(d.message for d in problems)
        item = self.set_text(row, col, text, editable=False, tip="\n".join(d.format() for d in problems))
        worst = ERROR_BG if any(d.severity is Severity.ERROR for d in problems) else WARNING_BG
        item.setForeground(QBrush(QColor("#a00000" if problems else "#000000")))
        for c in range(self.columnCount()):
            it = self.item(row, c)
            if it is not None:
                it.setBackground(QBrush(worst) if problems else QBrush())


def row_diagnostics(sc: Scenario, kind: str, count: int) -> list[list[Diagnostic]]:
    """Validation diagnostics of each item of a scenario list (kind "reinforcement" or "victory"),
    found through the same checks `hexwright validate` runs: each item is anchored to its own line of a
    pseudo-file, so a diagnostic's line says which row it is about."""
    sm = SourceMap()
    marker = f"<{kind}>"
    for i in range(count):
        sm.set((kind, i), marker, i + 1)
    rows: list[list[Diagnostic]] = [[] for _ in range(count)]
    for d in validate_scenario(sc, sm):
        if d.file == marker and 1 <= d.line <= count and d.severity is not Severity.INFO:
            rows[d.line - 1].append(d)
    return rows


def parse_scalar(text: str) -> Any:
    """A cell's text as data: integers and decimals as numbers, anything else as text."""
    t = text.strip()
    try:
        return int(t)
    except ValueError:
        pass
    try:
        return float(t)
    except ValueError:
        return t


def mapping_text(d: dict) -> str:
    return flow(d)[1:-1].strip() if d else ""


def parse_mapping(text: str) -> dict:
    """`flags_not: [airborne], side: allied` -> a dict; ValueError with a readable message."""
    t = text.strip()
    if not t:
        return {}
    try:
        data = yaml.safe_load("{" + t + "}")
    except yaml.YAMLError as exc:
        raise ValueError(f"cannot read {t!r} as 'key: value, ...' ({str(exc).splitlines()[0]})") from None
    if not isinstance(data, dict):
        raise ValueError(f"cannot read {t!r} as 'key: value, ...'")
    return {str(k): v for k, v in data.items()}


def split_list(text: str, spaces: bool = False) -> list[str]:
    """Items separated by commas or semicolons (and spaces too, for hex labels)."""
    t = text.replace(";", ",")
    if spaces:
        t = t.replace(" ", ",")
    return [x for x in (p.strip() for p in t.split(",")) if x]
