"""The document base of every map kind: the undo stack (every edit is one QUndoCommand on it), the
modified state that follows it, the file path and the scenario on the map, if any. A kind's document
(app/editor/document.py for hex maps, app/areamap/document.py for area maps) adds its model, opening,
saving and validation, and `dump_inline`, the whole document as one file's text (what autosave writes)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack


class DocumentBase(QObject):
    path: Path | None
    scenario: Any

    modifiedChanged = Signal(bool)
    pathChanged = Signal(object)
    saved = Signal(object)

    def __init__(self, scenario: Any = None, path: Path | str | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scenario = scenario
        self.path = Path(path) if path is not None else None
        # the folder of the file an untitled document was made from (New Scenario from this Map): its
        # file dialogs start there (`folder`)
        self.origin_dir: Path | None = None
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._clean_changed)

    def _clean_changed(self, clean: bool) -> None:
        self.modifiedChanged.emit(not clean)

    @property
    def folder(self) -> Path | None:
        """The document's own folder: its file's, or for an untitled document the folder of the file it
        was made from; None for a document from nowhere (File > New)."""
        return self.path.parent if self.path is not None else self.origin_dir

    @property
    def modified(self) -> bool:
        return not self.undo_stack.isClean()

    @property
    def is_scenario(self) -> bool:
        return self.scenario is not None

    @property
    def display_name(self) -> str:
        return self.path.name if self.path is not None else "Untitled"

    @property
    def base_dir(self) -> Path | None:
        return self.path.parent if self.path is not None else None

    def push(self, command: QUndoCommand) -> None:
        self.undo_stack.push(command)

    def save_target(self, path: str | Path | None) -> Path:
        """Where Save writes: `path`, else the document's own file; ValueError for an untitled one."""
        target = Path(path) if path is not None else self.path
        if target is None:
            raise ValueError("the document has no file name yet; use save as")
        return target

    def written(self, target: Path) -> None:
        """The document was saved to `target`: it is its file now, and clean."""
        changed = target != self.path
        self.path = target
        self.undo_stack.setClean()
        if changed:
            self.pathChanged.emit(target)
        self.saved.emit(target)

    def dump_inline(self) -> str:
        """The document as the text of one file (a scenario with its map inline): what autosave writes."""
        raise NotImplementedError
