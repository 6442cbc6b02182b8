"""What every editor window has, whatever its map kind: its state, declared once so that the file
operations (app/editor/window_files.py) are checked against it, the Layers panel's questions and the
title. The attributes are set by EditorWindow.__init__ (app/editor/window.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

ORGANIZATION = "Hexwright"
APPLICATION = "Hexwright"


def editor_settings() -> QSettings:
    """The editor's settings (window layout, recent files) in an INI file in the user's config folder;
    tests redirect it with QSettings.setPath(IniFormat, UserScope, tmp_path)."""
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION)

if TYPE_CHECKING:
    from hexwright.app.render.view import ZoomView
    from PySide6.QtWidgets import QMenu

    from .autosave import Autosaver
    from .kind_editor import KindEditor
    from .kinds import MapKind
    from .panels import OverviewWidget
    from .preferences import Preferences


class ShellBase(QMainWindow):
    """What every editor window has, whatever its map kind (app/editor/kinds.py)."""

    kind: MapKind
    ask_to_save = True  # closing or replacing a modified document asks to save it (scripts turn it off)

    if TYPE_CHECKING:
        settings: QSettings
        prefs: Preferences
        kind_editor: KindEditor  # the kind's part of the window: view, tools, panels, menus
        document: Any
        autosaver: Autosaver | None
        opened_windows: list[Any]  # the windows this one opened for documents of another kind
        recent_menu: QMenu
        panels_menu: QMenu
        act_undo: QAction
        act_redo: QAction
        last_load_errors: list[str]
        view: ZoomView
        overview: OverviewWidget

        def set_document(self, doc: Any) -> None: ...
        def document_saved(self) -> None: ...
        def restore_view(self) -> None: ...
        def save_layout(self) -> None: ...
        def show_status(self, text: str) -> None: ...

    def map_layers(self) -> Any | None:
        """What draws the document's layers in the kind's view (set_visible, set_locked, is_locked): the
        hex canvas, the area layers; None before a document is shown."""
        raise NotImplementedError

    # -- the Layers panel's and the tools' questions, the same for every kind --------------------------
    def set_layer_visible(self, layer: str, visible: bool) -> None:
        layers = self.map_layers()
        if layers is not None:
            layers.set_visible(layer, visible)

    def set_layer_locked(self, layer: str, locked: bool) -> None:
        layers = self.map_layers()
        if layers is not None:
            layers.set_locked(layer, locked)

    def is_locked(self, layer: str) -> bool:
        """The layer is locked in the Layers panel (the tools refuse to edit it)."""
        layers = self.map_layers()
        return layers is not None and bool(layers.is_locked(layer))

    def _update_title(self) -> None:
        """The document's name, what it is (its kind says) and whether it has unsaved changes."""
        doc = self.document
        if doc is None:
            return
        self.setWindowTitle(f"{doc.display_name}[*] ({self.kind.noun(doc)}) — Hexwright")
        self.setWindowModified(doc.modified)

    def _viewport_moved(self) -> None:
        """The Overview panel follows the part of the map the view shows."""
        self.overview.set_visible_rect(self.view.visible_scene_rect())

    def _dock(self, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        """A dockable panel, listed in View > Panels (`panels_menu`)."""
        d = QDockWidget(title, self)
        d.setObjectName(name)
        d.setWidget(widget)
        self.addDockWidget(area, d)
        self.panels_menu.addAction(d.toggleViewAction())
        return d

    def _action(self, text: str, slot: Any, shortcut: Any = None, tip: str = "") -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            a.setShortcut(QKeySequence(shortcut))
        if tip:
            a.setStatusTip(tip)
        a.triggered.connect(slot)
        return a
