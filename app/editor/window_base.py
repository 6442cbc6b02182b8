"""What the parts of the editor window share (app/editor/mainwindow.py puts them together): the window's
state, declared once so that each part (menus, docks, file operations, Map menu, scenario) is checked
against it. The attributes are set by MainWindow.__init__ and the parts' build methods."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow

ORGANIZATION = "Hexwright"
APPLICATION = "Hexwright"


def editor_settings() -> QSettings:
    """The editor's settings (window layout, recent files) in an INI file in the user's config folder;
    tests redirect it with QSettings.setPath(IniFormat, UserScope, tmp_path)."""
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION)

if TYPE_CHECKING:
    from hexwright.engine.hexgrid import Hex, Hexside
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QUndoGroup
    from PySide6.QtWidgets import QDockWidget, QLabel, QMenu, QToolBar, QUndoView, QWidget

    from .autosave import Autosaver
    from .canvas import MapCanvas
    from .clipboard import HexClipboard
    from .counter_layer import CounterLayer
    from .kinds import MapKind
    from .mapview import MapView
    from .panels import DiagnosticsPanel, HexEditor, LayersPanel, OverviewWidget, PalettePanel, PropertiesPanel
    from .preferences import Preferences, PreferencesDialog
    from .scenario_panels import ScenarioPanels
    from .tools import BrushState, Tool
    from .workspace import Workspace


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
        last_load_errors: list[str]

        def set_document(self, doc: Any) -> None: ...
        def document_saved(self) -> None: ...
        def restore_view(self) -> None: ...
        def save_layout(self) -> None: ...
        def show_status(self, text: str) -> None: ...

    def _action(self, text: str, slot: Any, shortcut: Any = None, tip: str = "") -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            a.setShortcut(QKeySequence(shortcut))
        if tip:
            a.setStatusTip(tip)
        a.triggered.connect(slot)
        return a


class EditorWindowBase(ShellBase):
    """The hex editor window's state (no behaviour: see the parts and MainWindow)."""

    if TYPE_CHECKING:
        _prefs_dialog: PreferencesDialog | None
        _help: QWidget | None
        brush: BrushState
        canvas: MapCanvas | None
        selected_hex: Hex | None
        selected_side: Hexside | None
        selected_hexes: list[Hex]
        selected_unit: str | None
        _opacity_stroke: int | None
        undo_group: QUndoGroup
        view: MapView
        tools: dict[str, Tool]
        tool_actions: dict[str, QAction]
        toolbars: list[QToolBar]
        _validate_timer: QTimer
        _scenario_timer: QTimer
        _scenario_panels: ScenarioPanels | None
        _panels_pending: bool
        _painted: bool
        counter_layer: CounterLayer
        clipboard: HexClipboard
        workspace: Workspace
        # menus and actions (window_menus.py)
        export_menu: QMenu
        view_menu: QMenu
        layers_menu: QMenu
        panels_menu: QMenu
        scenario_menu: QMenu
        play_menu: QMenu
        act_new: QAction
        act_new_area: QAction
        act_open: QAction
        act_save: QAction
        act_save_as: QAction
        act_export: QAction
        act_import_tiled: QAction
        act_export_tiled: QAction
        act_export_vassal: QAction
        act_close: QAction
        act_quit: QAction
        act_undo: QAction
        act_redo: QAction
        act_prefs: QAction
        act_zoom_in: QAction
        act_zoom_out: QAction
        act_zoom_fit: QAction
        act_zoom_100: QAction
        act_load_scan: QAction
        act_fit_grid: QAction
        act_propose: QAction
        act_remove_scan: QAction
        act_properties: QAction
        act_validate: QAction
        act_about: QAction
        act_help: QAction
        act_new_scenario: QAction
        act_sheets: QAction
        act_playtest: QAction
        act_balance_lab: QAction
        # docks and status bar (window_docks.py)
        palette: PalettePanel
        layers: LayersPanel
        properties: PropertiesPanel
        hex_editor: HexEditor
        diagnostics: DiagnosticsPanel
        history: QUndoView
        overview: OverviewWidget
        dock_palette: QDockWidget
        dock_layers: QDockWidget
        dock_overview: QDockWidget
        dock_properties: QDockWidget
        dock_history: QDockWidget
        dock_diagnostics: QDockWidget
        hex_label: QLabel
        tool_label: QLabel
        zoom_label: QLabel
        playtest_window: Any
        balance_lab_dialog: Any
        sheets_dialog: Any
