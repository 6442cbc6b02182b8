"""The counter designer's tables (app/scenario/counter_designer.py): every unit exported as a CSV table
that Import CSV reads back, and Import CSV itself: the table's new units added and, in update mode, the
rows of units the scenario has replacing them (engine/formats/csv_units.py), in one undo step, or
nothing when the table has an error (as `hexwright counters import` does). Its file dialogs start in the
document's folder. Each function takes the designer (`self`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hexwright.engine.formats.atomic import atomic_write_text
from hexwright.engine.formats.csv_units import CsvImport, read_units_csv_file, write_units_csv
from PySide6.QtWidgets import QFileDialog

from .commands import AddUnit, ReplaceUnit


def folder(self: Any) -> str:
    """Where the designer's file dialogs start: the scenario document's folder ("" when it has none)."""
    folder = getattr(self.document, "folder", None)
    return str(folder) if folder is not None else ""

def ask_import_csv(self: Any) -> None:
    path, _ = QFileDialog.getOpenFileName(self, "Import counters from a table", folder(self),
                                          "CSV tables (*.csv)")
    if path:
        self.import_csv(path)

def ask_export_csv(self: Any) -> None:
    start = str(Path(folder(self)) / "units.csv")
    path, _ = QFileDialog.getSaveFileName(self, "Export counters as a table", start, "CSV tables (*.csv)")
    if path:
        self.export_csv(path)

def export_csv(self: Any, path: str | Path) -> None:
    """Every unit of the scenario as a table that Import CSV reads back (saved atomically)."""
    try:
        atomic_write_text(path, write_units_csv(self.scenario.units.values(), self.scenario.rules))
    except OSError as exc:
        self.message.setText(f"Cannot write {path}: {exc}")
        return
    self.message.setText(f"Exported {len(self.scenario.units)} units to {Path(path).name}.")

def import_csv(self: Any, path: str | Path, update: bool | None = None) -> CsvImport:
    """Import the table as one undo step, or nothing when it has an error (as `hexwright counters
    import` does): its new units are added and, in update mode (`update`, default the Update existing
    box), the rows whose id the scenario has replace those units. A summary and the problems with
    their file:line are shown below the form."""
    sc = self.scenario
    if update is None:
        update = self.update_check.isChecked()
    result = read_units_csv_file(str(path), sc.rules, set(sc.units) | set(sc.markers),
                                 update=set(sc.units) if update else ())
    self.last_import = result
    name = Path(path).name
    lines = [d.format() for d in result.diagnostics]
    if not result.ok:
        summary = f"{name} was not imported: fix the errors below (nothing was changed)."
    else:
        unchanged = [u.id for u in result.units if u.id in result.updated and sc.units[u.id] == u]
        changed = [u for u in result.units if u.id not in unchanged]
        if changed:
            stack = self.document.undo_stack
            stack.beginMacro(f"Import {result.summary(len(unchanged))} from {name}")
            for u in changed:
                if u.id in sc.units:
                    self._push(ReplaceUnit(self.document, u))
                else:
                    self._push(AddUnit(self.document, u))
            stack.endMacro()
            self.select_unit(changed[0].id)
        summary = f"Imported {name}: {result.summary(len(unchanged))}."
    self.message.setText("\n".join([summary] + lines[:12] + (["…"] if len(lines) > 12 else [])))
    return result
