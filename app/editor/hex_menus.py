"""The hex kind's actions, menus and toolbars (File > Import and Export, View > Actual Size, Map,
Scenario, Play, Tools); the window (app/editor/window.py) has made File, Edit, View and Help, and the
slots the actions call live in the other parts of the hex kind (app/editor/hex_kind.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QMenu,
    QToolBar,
)

from .hex_base import HexKindBase


class MenuBuilder(HexKindBase):
    def _build_actions(self) -> None:
        action = self.win._action
        self.act_export = action("Map &Picture (PNG, SVG, PDF)…", self.export, "Ctrl+E",
                                 "Export the map as PNG, SVG or PDF")
        self.act_import_tiled = action("&Tiled Map…", self.import_tiled, "Ctrl+Shift+I",
                                       "Import a hexagonal Tiled map (TMX) as a new map")
        self.act_import_vassal = action("&VASSAL Module…", self.import_vassal, tip="Import a VASSAL module's hex "
                                        "board as a new map on its board image, and its pieces and set-up as a "
                                        "scenario")
        self.act_export_tiled = action("&Tiled Map…", self.export_tiled, tip="Export the map as a Tiled map "
                                       "(TMX) with a tileset of its terrain")
        self.act_export_vassal = action("&VASSAL Module…", self.export_vassal, tip="Export the scenario as "
                                        "a VASSAL module: map, counters, set-up, reinforcements, turns")
        self.act_load_scan = action("Load Scan &Underlay…", self.load_scan_underlay)
        self.act_fit_grid = action("&Fit Grid to Scan…", self.fit_grid_to_scan)
        self.act_propose = action("&Propose Terrain from Scan…", self.propose_terrain)
        self.act_remove_scan = action("&Remove Scan Underlay", self.remove_underlay)
        self.act_properties = action("&Resize / Properties…", self.map_properties)
        self.act_validate = action("&Validate", self.revalidate, "F7")
        self.act_new_scenario = action("&New Scenario from this Map…", self.new_scenario_dialog,
                                       tip="Make this map a scenario: two sides and a rules family")
        self.tool_actions: dict[str, QAction] = {}
        group = QActionGroup(self.win)
        for name, tool in self.tools.items():
            a = QAction(f"{tool.title} ({tool.shortcut})", self.win)
            a.setCheckable(True)
            a.setShortcut(QKeySequence(tool.shortcut))
            a.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            a.setStatusTip(tool.status_text() if name not in ("brush",) else tool.title)
            a.triggered.connect(lambda _=False, n=name: self.set_tool(n))
            group.addAction(a)
            self.tool_actions[name] = a

    def file_actions(self) -> list[QAction | QMenu]:
        import_menu = QMenu("&Import", self.win)
        import_menu.addActions([self.act_import_tiled, self.act_import_vassal])
        self.export_menu = QMenu("&Export", self.win)
        self.export_menu.addActions([self.act_export, self.act_export_tiled, self.act_export_vassal])
        return [import_menu, self.export_menu]

    def clipboard_actions(self) -> list[QAction]:
        return self.clipboard.actions()

    def build_menus(self) -> None:
        mb = self.win.menuBar()
        m = mb.addMenu("&Map")
        m.addActions([self.act_load_scan, self.act_fit_grid, self.act_propose, self.act_remove_scan])
        m.addSeparator()
        m.addActions([self.act_properties, self.act_validate])
        self.scenario_menu = mb.addMenu("&Scenario")
        mb.addMenu(self.win.play_menu)
        m = mb.addMenu("&Tools")
        m.addActions(list(self.tool_actions.values()))

    def _build_toolbars(self) -> None:
        win = self.win
        tb = QToolBar("Tools", win)
        tb.setObjectName("toolsToolbar")
        for a in self.tool_actions.values():
            tb.addAction(a)
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        win.addToolBar(Qt.ToolBarArea.LeftToolBarArea, tb)
        tb.setOrientation(Qt.Orientation.Vertical)
        short_names = {"brush": "Brush", "fill": "Fill", "overlay": "Overlay", "hexside": "Hexside",
                       "path": "Path", "region": "Region", "label": "Label", "elevation": "Elevation",
                       "eraser": "Eraser", "eyedropper": "Pick", "select": "Select", "location": "Levels",
                       "los": "LOS", "stamp": "Stamp"}
        for name, tool in self.tools.items():
            self.tool_actions[name].setIconText(f"{short_names.get(name, tool.title)} ({tool.shortcut})")
        zb = QToolBar("Zoom", win)
        zb.setObjectName("zoomToolbar")
        zb.addActions([win.act_undo, win.act_redo])
        zb.addSeparator()
        zb.addActions([win.act_zoom_out, win.act_zoom_fit, win.act_zoom_in])
        zb.addSeparator()
        zb.addAction(win.act_playtest)
        win.addToolBar(Qt.ToolBarArea.TopToolBarArea, zb)
        self.toolbars = [tb, zb]
