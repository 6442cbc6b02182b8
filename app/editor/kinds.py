"""The kinds of map the editor shell edits: a hex map and an area map are two kinds of one document
(Tiled's one MapDocument for every orientation). A kind says which files are its own, opens them, makes
a new document with its New dialog and makes its part of the one editor window (app/editor/window.py):
the view, tools, panels, menus and clipboard (app/editor/hex_kind.py for hexes, app/editor/area_kind.py
for areas).

Like the engine's registry of rules families, a kind's part and the window are named by strings and
imported when first needed: the window imports this module, and this module imports neither the window
nor the kinds' parts (no import loop inside the editor)."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from hexwright.engine.validation import Diagnostic
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QWidget

    from .kind_editor import KindEditor
    from .window import EditorWindow


class MapKind(Protocol):
    """One kind of map: its files, its documents and its part of the editor window."""

    name: str  # "hex", "area"
    title: str  # "Hex Map", "Area Map": File > New > …
    editor: str  # "module:Class" of its KindEditor: view, tools, panels, menus, clipboard

    def holds(self, doc: Any) -> bool:
        """`doc` is a document of this kind."""
        ...

    def noun(self, doc: Any) -> str:
        """What a document of this kind is, for the window title ("map", "scenario on an area map")."""
        ...

    def accepts(self, path: Path) -> bool:
        """The file is a map (or a scenario on a map) of this kind."""
        ...

    def open(self, path: Path) -> tuple[Any | None, list[Diagnostic]]:
        """The document read from `path`, or None and what is wrong with the file."""
        ...

    def empty_document(self) -> Any:
        """An empty untitled document (File > Close leaves one)."""
        ...

    def new_document(self, parent: QWidget, start_dir: str, prefs: Any) -> Any | None:
        """A new document from the kind's New dialog, or None if the person cancels."""
        ...


def _named(spec: str) -> Any:
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


WINDOW = "hexwright.app.editor.window:EditorWindow"


def make_editor(kind: MapKind, win: EditorWindow) -> KindEditor:
    """The kind's part of the editor window `win`."""
    part: KindEditor = _named(kind.editor)(win)
    return part


def make_window(kind: MapKind, settings: QSettings | None, document: Any | None = None,
                offer_recovery: bool = False) -> EditorWindow:
    """A new editor window for `kind` (on `document`, else on an empty untitled one), as the editor makes
    its own: deleted when it closes, with its widgets, menus, scene and document (Tiled and Qt Creator
    delete theirs). Kept hidden, as a window made directly with EditorWindow(...) is until its owner
    drops it, each closed window held some 170 widgets and its document for the rest of the session
    (issue 29, benchmarks/editor_soak.py)."""
    from PySide6.QtCore import Qt

    win: EditorWindow = _named(WINDOW)(document, kind=kind, settings=settings, offer_recovery=offer_recovery)
    win.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    return win


class HexKind:
    name = "hex"
    title = "Hex Map"
    editor = "hexwright.app.editor.hex_kind:HexKindEditor"

    def holds(self, doc: Any) -> bool:
        from .document import MapDocument

        return isinstance(doc, MapDocument)

    def noun(self, doc: Any) -> str:
        return "scenario" if doc.scenario is not None else "map"

    def accepts(self, path: Path) -> bool:
        return not AREA.accepts(path)

    def open(self, path: Path) -> tuple[Any | None, list[Diagnostic]]:
        from .document import MapDocument

        return MapDocument.open(path)

    def empty_document(self) -> Any:
        from hexwright.engine.model.hexmap import HexMap

        from .document import MapDocument

        return MapDocument(HexMap(name="Untitled"))

    def new_document(self, parent: QWidget, start_dir: str, prefs: Any) -> Any | None:
        from .dialogs.new_map import NewMapDialog
        from .document import MapDocument

        dlg = NewMapDialog(parent, start_dir)
        dlg.hex_size.setValue(prefs.hex_size)  # Preferences: the default hex size
        if dlg.exec() != NewMapDialog.DialogCode.Accepted:
            return None
        return MapDocument(dlg.build_map())


class AreaKind:
    name = "area"
    title = "Area Map"
    editor = "hexwright.app.editor.area_kind:AreaKindEditor"

    def holds(self, doc: Any) -> bool:
        from hexwright.app.areamap.document import AreaMapDocument

        return isinstance(doc, AreaMapDocument)

    def noun(self, doc: Any) -> str:
        return "scenario on an area map" if doc.scenario is not None else "area map"

    def accepts(self, path: Path) -> bool:
        from hexwright.app.areamap.files import file_is_area_document

        return path.exists() and file_is_area_document(path)

    def open(self, path: Path) -> tuple[Any | None, list[Diagnostic]]:
        from hexwright.app.areamap.document import AreaMapDocument

        return AreaMapDocument.open(path)

    def empty_document(self) -> Any:
        from hexwright.app.areamap.document import AreaMapDocument
        from hexwright.engine.model.areamap import AreaMap

        return AreaMapDocument(AreaMap(name="Untitled"))

    def new_document(self, parent: QWidget, start_dir: str, prefs: Any) -> Any | None:
        from hexwright.app.areamap.document import AreaMapDocument

        from .dialogs.new_area_map import NewAreaMapDialog

        dlg = NewAreaMapDialog(parent, start_dir)
        if dlg.exec() != NewAreaMapDialog.DialogCode.Accepted:
            return None
        return AreaMapDocument(dlg.build_map())


HEX = HexKind()
AREA = AreaKind()
KINDS: tuple[MapKind, ...] = (HEX, AREA)


def kind_of(path: Path) -> MapKind:
    """The kind of map a file holds (a hex map unless it is an area map or a scenario on one)."""
    return AREA if AREA.accepts(path) else HEX


def kind_of_document(doc: Any) -> MapKind:
    """The kind of map a document is of."""
    for kind in KINDS:
        if kind.holds(doc):
            return kind
    raise TypeError(f"{type(doc).__name__} is not a document of any map kind")
