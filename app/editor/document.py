"""The editor's document (Tiled `mapdocument.h`): it owns the map (and the scenario when the file is
one), the file path and the QUndoStack. Every edit is a command pushed on that stack; "modified" is
simply "the undo stack is not clean".

A scenario document is also the document the scenario panels and commands work on
(app/scenario/document.py): it has `scenario`, `undo_stack` and the `scenario_changed(str)` signal the
scenario commands emit after each change, so map and scenario edits share one undo stack.
`ConvertToScenario` turns a plain map document into a scenario document (undoable).

Loading never raises for bad input: `MapDocument.open(path)` returns the document or None and the
diagnostics (file:line) saying where the file is broken. Saves are atomic (engine/formats/atomic.py).
"""

from __future__ import annotations

from pathlib import Path

from hexwright.app.kindbase.document import DocumentBase
from hexwright.app.subcommands.loading import map_dir, sniff_kind
from hexwright.engine.formats import (
    dump_map,
    dump_scenario,
    load_document,
    load_map,
    read_source,
    save_map,
    save_scenario,
)
from hexwright.engine.formats.mapfile import MAP_KIND
from hexwright.engine.model import HexMap, Scenario
from hexwright.engine.model.scan_path import scan_path_for
from hexwright.engine.validation import Diagnostic, SourceMap, has_errors, validate_scenario
from hexwright.engine.validation.underlay import check_underlay
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand


class MapDocument(DocumentBase):
    """A hex map or a scenario on one open in the editor."""

    scenario_changed = Signal(str)  # the part that changed (app/scenario/document.py PARTS) or ""
    kindChanged = Signal()  # a map became a scenario (or back, on undo)

    def __init__(self, hexmap: HexMap, scenario: Scenario | None = None, path: Path | None = None,
                 source_map: SourceMap | None = None, parent: QObject | None = None) -> None:
        super().__init__(scenario, path, parent)
        self.map = hexmap
        self.source_map = source_map or SourceMap()
        self.load_diagnostics: list[Diagnostic] = []

    def dump_inline(self) -> str:
        if self.scenario is not None:
            return dump_scenario(self.scenario, inline_map=True)
        return dump_map(self.map)

    @property
    def map_dir(self) -> Path | None:
        """The folder of the file the map is saved in (a scenario's separate map file may lie in a
        sub-folder): the map's scan path is relative to it."""
        return map_dir(self.path, self.scenario) if self.path is not None else None

    # -- loading ------------------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | Path) -> tuple[MapDocument | None, list[Diagnostic]]:
        """Open a map or scenario file. A file with errors opens nothing: (None, diagnostics)."""
        p = Path(path)
        read: list[Diagnostic] = []
        text = read_source(p, read)  # not UTF-8, too large or unreadable: said at its line where it has one
        if text is None:
            return None, read
        sm = SourceMap()
        if sniff_kind(text) == MAP_KIND:
            diags: list[Diagnostic] = []
            m = load_map(text, str(p), diags, sm)
            if m is None or has_errors(diags):
                return None, diags
            doc = cls(m, None, p, sm)
            doc.load_diagnostics = diags
            return doc, diags
        result = load_document(text, str(p), p.parent)
        diags = list(result.diagnostics)
        if result.scenario is None or has_errors(diags):
            return None, diags
        doc = cls(result.scenario.map, result.scenario, p, result.source_map)
        doc.load_diagnostics = diags
        return doc, diags

    def validate(self) -> list[Diagnostic]:
        """Load diagnostics plus, for a scenario, what validation finds now."""
        diags = [d for d in self.load_diagnostics if d.code != "missing-underlay"]
        if self.scenario is not None:
            diags += validate_scenario(self.scenario, self.source_map)
        diags += check_underlay(self.map, self.map_dir, self.source_map)
        return diags

    # -- saving -------------------------------------------------------------------------------
    def save(self, path: str | Path | None = None) -> None:
        """Write the file atomically (a scenario with a separate map file writes both); raises OSError."""
        target = self.save_target(path)
        u = self.map.underlay
        old_image = u.image if u is not None else None
        if u is not None:  # the scan is stored relative to the file the map is written to
            new_dir = map_dir(target, self.scenario)
            u.image = scan_path_for(u.image, self.map_dir, new_dir)
        try:
            if self.scenario is not None:
                save_scenario(self.scenario, target)
            else:
                save_map(self.map, target)
        except BaseException:
            if u is not None and old_image is not None:
                u.image = old_image
            raise
        self.written(target)


class ConvertToScenario(QUndoCommand):
    """Make a plain map document a scenario document around the same map (the map is written inline in
    the scenario file: `map_file` is None). The document loses its file name, so the next save asks
    for one and never writes a scenario over the map file; undo gives the map document back."""

    def __init__(self, doc: MapDocument, scenario: Scenario) -> None:
        super().__init__(f"New scenario {scenario.title!r}")
        if doc.scenario is not None:
            raise ValueError("the document is already a scenario")
        if scenario.map is not doc.map:
            raise ValueError("the scenario must be built on the document's map")
        self.doc, self.new, self.old_path = doc, scenario, doc.path

    def _set(self, scenario: Scenario | None, path: Path | None) -> None:
        self.doc.scenario = scenario
        changed = path != self.doc.path
        self.doc.path = path
        self.doc.kindChanged.emit()
        if changed:
            self.doc.pathChanged.emit(path)
        if scenario is not None:
            self.doc.scenario_changed.emit("")

    def redo(self) -> None:
        if self.old_path is not None:
            self.doc.origin_dir = self.old_path.parent  # Save As and Open start in the map's folder
        self._set(self.new, None)

    def undo(self) -> None:
        self._set(None, self.old_path)
