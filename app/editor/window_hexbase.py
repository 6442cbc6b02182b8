"""The hex editor window's state, declared once so that each part of the window (menus, docks, Map menu,
scenario: window_*.py) is checked against it; app/editor/mainwindow.py puts the parts together. The
attributes are set by MainWindow.__init__ and the parts' build methods."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .window_files import FileOperations

if TYPE_CHECKING:
    from hexwright.app.hexmap.canvas import MapCanvas
    from hexwright.engine.hexgrid import Hex, Hexside
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QAction, QUndoGroup
    from PySide6.QtWidgets import QDockWidget, QLabel, QMenu, QToolBar, QUndoView, QWidget

    from .clipboard import HexClipboard
    from .counter_layer import CounterLayer
    from .document import MapDocument
    from .mapview import MapView
    from .panels import DiagnosticsPanel, HexEditor, LayersPanel, OverviewWidget, PalettePanel, PropertiesPanel
    from .preferences import PreferencesDialog
    from .scenario_panels import ScenarioPanels
    from .tools import BrushState, Tool
    from .workspace import Workspace


class EditorWindowBase(FileOperations):
    """The hex editor window's state (no behaviour: see the parts and MainWindow)."""

    if TYPE_CHECKING:
        _prefs_dialog: PreferencesDialog | None
        _help: QWidget | None
        brush: BrushState
        canvas: MapCanvas
        document: MapDocument
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
        act_new_from_scan: QAction
        act_open: QAction
        act_save: QAction
        act_save_as: QAction
        act_export: QAction
        act_import_tiled: QAction
        act_import_vassal: QAction
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
        palette_panel: PalettePanel
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
        # what one part calls in another (mainwindow.py and the window_*.py parts define them)
        choose: Callable[..., Any]
        _radius_changed: Callable[..., Any]
        new_region: Callable[..., Any]
        rename_region: Callable[..., Any]
        delete_region: Callable[..., Any]
        set_tool: Callable[..., Any]
        select_hex: Callable[..., Any]
        select_hexside: Callable[..., Any]
        select_unit: Callable[..., Any]
        palette_changed: Callable[..., Any]
        _update_title: Callable[..., Any]
        _set_selected_terrain: Callable[..., Any]
        _set_selected_elevation: Callable[..., Any]
        jump_to_label: Callable[..., Any]
        revalidate: Callable[..., Any]
        help: Callable[..., Any]
        about: Callable[..., Any]
        preferences: Callable[..., Any]
        playtest: Callable[..., Any]
        balance_lab: Callable[..., Any]
        print_counter_sheets: Callable[..., Any]
        new_scenario_dialog: Callable[..., Any]
        load_scan_underlay: Callable[..., Any]
        fit_grid_to_scan: Callable[..., Any]
        propose_terrain: Callable[..., Any]
        remove_underlay: Callable[..., Any]
        map_properties: Callable[..., Any]
        export: Callable[..., Any]
        import_tiled: Callable[..., Any]
        import_vassal: Callable[..., Any]
        export_tiled: Callable[..., Any]
        export_vassal: Callable[..., Any]
        set_layer_visible: Callable[..., Any]
        set_layer_locked: Callable[..., Any]
        set_underlay_opacity: Callable[..., Any]
        _sync_scenario_ui: Callable[..., Any]
        _scenario_changed: Callable[..., Any]
        view_painted: Callable[..., Any]
        describe_hex: Callable[..., Any]
