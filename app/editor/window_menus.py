"""The editor window's actions, menus and toolbars (File, Edit, View, Map, Scenario, Play, Tools,
Help); the slots they call live in the other parts of the window (app/editor/mainwindow.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (
    QMenu,
    QToolBar,
)

from .window_hexbase import EditorWindowBase


class MenuBuilder(EditorWindowBase):
    def _build_actions(self) -> None:
        K = QKeySequence.StandardKey
        self.build_file_actions()
        self.act_export = self._action("Map &Picture (PNG, SVG, PDF)…", self.export, "Ctrl+E",
                                       "Export the map as PNG, SVG or PDF")
        self.act_import_tiled = self._action("&Tiled Map…", self.import_tiled, "Ctrl+Shift+I",
                                             "Import a hexagonal Tiled map (TMX) as a new map")
        self.act_import_vassal = self._action("&VASSAL Module…", self.import_vassal, tip="Import a VASSAL module's "
                                              "hex board as a new map on its board image, and its pieces and "
                                              "set-up as a scenario")
        self.act_export_tiled = self._action("&Tiled Map…", self.export_tiled, tip="Export the map as a Tiled map "
                                             "(TMX) with a tileset of its terrain")
        self.act_export_vassal = self._action("&VASSAL Module…", self.export_vassal, tip="Export the scenario as "
                                              "a VASSAL module: map, counters, set-up, reinforcements, turns")
        self.act_undo = self.undo_group.createUndoAction(self, "&Undo")
        self.act_undo.setShortcut(QKeySequence(K.Undo))
        self.act_redo = self.undo_group.createRedoAction(self, "&Redo")
        self.act_redo.setShortcuts([QKeySequence(K.Redo), QKeySequence("Ctrl+Y")])
        self.act_prefs = self._action("&Preferences…", self.preferences)
        self.act_zoom_in = self._action("Zoom &In", self.view.zoom_in, "Ctrl+=")
        self.act_zoom_in.setShortcuts([QKeySequence("Ctrl+="), QKeySequence("Ctrl++")])
        self.act_zoom_out = self._action("Zoom &Out", self.view.zoom_out, "Ctrl+-")
        self.act_zoom_fit = self._action("&Fit to Window", self.view.fit_map, "Ctrl+0")
        self.act_zoom_100 = self._action("Actual &Size", self.view.zoom_actual, "Ctrl+1")
        self.act_load_scan = self._action("Load Scan &Underlay…", self.load_scan_underlay)
        self.act_fit_grid = self._action("&Fit Grid to Scan…", self.fit_grid_to_scan)
        self.act_propose = self._action("&Propose Terrain from Scan…", self.propose_terrain)
        self.act_remove_scan = self._action("&Remove Scan Underlay", self.remove_underlay)
        self.act_properties = self._action("&Resize / Properties…", self.map_properties)
        self.act_validate = self._action("&Validate", self.revalidate, "F7")
        self.act_about = self._action("&About Hexwright", self.about)
        self.act_help = self._action("Hexwright &Help", lambda: self.help(), "F1",
                                     "The guides shipped with Hexwright")
        self.act_new_scenario = self._action("&New Scenario from this Map…", self.new_scenario_dialog,
                                             tip="Make this map a scenario: two sides and a rules family")
        self.act_sheets = self._action("&Print Counter Sheets…", self.print_counter_sheets,
                                       tip="Export the counters as PDF sheets for double-sided printing")
        self.act_playtest = self._action("&Playtest…", self.playtest, "F5",
                                         "Play this scenario by its rules against a bot or hot-seat (the file is "
                                         "untouched)")
        self.act_playtest.setShortcuts([QKeySequence("F5"), QKeySequence("Ctrl+T")])
        self.act_balance_lab = self._action("&Balance Lab…", self.balance_lab, "Ctrl+Shift+B",
                                            "Play many games of this scenario with bots and report the balance")
        self.tool_actions: dict[str, QAction] = {}
        group = QActionGroup(self)
        for name, tool in self.tools.items():
            a = QAction(f"{tool.title} ({tool.shortcut})", self)
            a.setCheckable(True)
            a.setShortcut(QKeySequence(tool.shortcut))
            a.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            a.setStatusTip(tool.status_text() if name not in ("brush",) else tool.title)
            a.triggered.connect(lambda _=False, n=name: self.set_tool(n))
            group.addAction(a)
            self.tool_actions[name] = a

    def _build_menus(self) -> None:
        mb = self.menuBar()
        m = self.build_file_menu()
        import_menu = QMenu("&Import", m)
        import_menu.addActions([self.act_import_tiled, self.act_import_vassal])
        self.export_menu = QMenu("&Export", m)
        self.export_menu.addActions([self.act_export, self.act_export_tiled, self.act_export_vassal])
        m.insertMenu(self.file_menu_tail, import_menu)
        m.insertMenu(self.file_menu_tail, self.export_menu)
        m.insertSeparator(self.file_menu_tail)
        m = self.build_edit_menu(self.clipboard.actions())
        m.addAction(self.act_prefs)
        self.view_menu = mb.addMenu("&View")
        self.view_menu.addActions([self.act_zoom_in, self.act_zoom_out, self.act_zoom_fit, self.act_zoom_100])
        self.layers_menu = self.view_menu.addMenu("&Layers")
        self.panels_menu = self.view_menu.addMenu("&Panels")
        m = mb.addMenu("&Map")
        m.addActions([self.act_load_scan, self.act_fit_grid, self.act_propose, self.act_remove_scan])
        m.addSeparator()
        m.addActions([self.act_properties, self.act_validate])
        self.scenario_menu = mb.addMenu("&Scenario")
        self.play_menu = mb.addMenu("&Play")
        self.play_menu.addActions([self.act_playtest, self.act_balance_lab])
        m = mb.addMenu("&Tools")
        m.addActions(list(self.tool_actions.values()))
        m = mb.addMenu("&Help")
        m.addAction(self.act_help)
        from .guides import guides

        for title, path in guides():
            m.addAction(self._action(title, lambda _=False, n=path.name: self.help(n)))
        m.addSeparator()
        m.addAction(self.act_about)

    def _build_toolbars(self) -> None:
        tb = QToolBar("Tools", self)
        tb.setObjectName("toolsToolbar")
        for a in self.tool_actions.values():
            tb.addAction(a)
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.addToolBar(Qt.ToolBarArea.LeftToolBarArea, tb)
        tb.setOrientation(Qt.Orientation.Vertical)
        short_names = {"brush": "Brush", "fill": "Fill", "overlay": "Overlay", "hexside": "Hexside",
                       "path": "Path", "region": "Region", "label": "Label", "elevation": "Elevation",
                       "eraser": "Eraser", "eyedropper": "Pick", "select": "Select", "location": "Levels",
                       "los": "LOS", "stamp": "Stamp"}
        for name, tool in self.tools.items():
            self.tool_actions[name].setIconText(f"{short_names.get(name, tool.title)} ({tool.shortcut})")
        zb = QToolBar("Zoom", self)
        zb.setObjectName("zoomToolbar")
        zb.addActions([self.act_undo, self.act_redo])
        zb.addSeparator()
        zb.addActions([self.act_zoom_out, self.act_zoom_fit, self.act_zoom_in])
        zb.addSeparator()
        zb.addAction(self.act_playtest)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, zb)
        self.toolbars = [tb, zb]
