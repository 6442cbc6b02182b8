"""What the parts of the editor window share (app/editor/mainwindow.py puts them together): the window's
state, declared once so that each part (menus, docks, file operations, Map menu, scenario) is checked
against it. The attributes are set by MainWindow.__init__ and the parts' build methods."""

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
    from PySide6.QtWidgets import QMenu

    from .autosave import Autosaver
    from .kinds import MapKind
    from .preferences import Preferences


class ShellBase(QMainWindow):
    """What every editor window has, whatever its map kind (app/editor/kinds.py)."""

    kind: MapKind
    ask_to_save = True  # closing or replacing a modified document asks to save it (scripts turn it off)

    if TYPE_CHECKING:
        settings: QSettings
        prefs: Preferences
        document: Any
        autosaver: Autosaver | None
        opened_windows: list[Any]  # the windows this one opened for documents of another kind
        recent_menu: QMenu
        panels_menu: QMenu
        act_undo: QAction
        act_redo: QAction
        last_load_errors: list[str]

        def set_document(self, doc: Any) -> None: ...
        def document_saved(self) -> None: ...
        def restore_view(self) -> None: ...
        def save_layout(self) -> None: ...
        def show_status(self, text: str) -> None: ...

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
