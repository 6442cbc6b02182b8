"""The hex kind's part of the editor window: its state, declared once so that each of its parts (menus,
docks, Map menu, scenario: hex_*.py) is checked against it; app/editor/hex_kind.py puts the parts
together. The attributes are set by HexKindEditor.__init__ and the parts' build methods; what the window
owns (document, undo, Layers and Overview panels, File menu) is `self.win`'s (app/editor/window.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .kind_editor import KindEditor

if TYPE_CHECKING:
    from hexwright.app.hexmap.canvas import MapCanvas
    from hexwright.engine.hexgrid import Hex, Hexside
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QDockWidget, QLabel, QMenu, QToolBar

    from .clipboard import HexClipboard
    from .counter_layer import CounterLayer
    from .document import MapDocument
    from .mapview import MapView
    from .panels import DiagnosticsPanel, HexEditor, PalettePanel, PropertiesPanel
    from .scenario_panels import ScenarioPanels
    from .tools import BrushState, Tool


class HexKindBase(KindEditor):
    """The hex kind's state (no behaviour: see the parts and HexKindEditor)."""

    if TYPE_CHECKING:
        brush: BrushState
        canvas: MapCanvas

        selected_hex: Hex | None
        selected_side: Hexside | None
        selected_hexes: list[Hex]
        selected_unit: str | None
        _opacity_stroke: int | None
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

        @property
        def document(self) -> MapDocument: ...

        # menus and actions (hex_menus.py)
        export_menu: QMenu
        scenario_menu: QMenu
        act_export: QAction
        act_import_tiled: QAction
        act_import_vassal: QAction
        act_export_tiled: QAction
        act_export_vassal: QAction
        act_load_scan: QAction
        act_fit_grid: QAction
        act_propose: QAction
        act_remove_scan: QAction
        act_properties: QAction
        act_validate: QAction
        act_new_scenario: QAction
        # docks and status bar (hex_docks.py)
        palette_panel: PalettePanel
        properties: PropertiesPanel
        hex_editor: HexEditor
        diagnostics: DiagnosticsPanel
        dock_palette: QDockWidget
        dock_properties: QDockWidget
        dock_diagnostics: QDockWidget
        hex_label: QLabel
        tool_label: QLabel
        # what one part calls in another (hex_kind.py and the hex_*.py parts define them)
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
        _set_selected_terrain: Callable[..., Any]
        _set_selected_elevation: Callable[..., Any]
        jump_to_label: Callable[..., Any]
        revalidate: Callable[..., Any]
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
        _sync_scenario_ui: Callable[..., Any]
        _scenario_changed: Callable[..., Any]
