"""The editor's main window: menus, toolbars, dockable panels, the map view and the status bar.

Entry points for scripts and benchmarks (all work offscreen, QT_QPA_PLATFORM=offscreen)::

    from PySide6.QtWidgets import QApplication
    from hexwright.app.editor.mainwindow import MainWindow, stamp_brush
    from hexwright.app.editor.document import MapDocument

    app = QApplication.instance() or QApplication([])
    win = MainWindow(settings=QSettings(ini_path, QSettings.Format.IniFormat))  # or MainWindow()
    win.resize(1280, 800)
    win.show()
    win.open_path("big.yaml")                 # a map or scenario file; False (and a dialog) if broken
    # or, for a HexMap already in memory:
    win.set_document(MapDocument(hexmap))
    win.wait_shown()                           # processes events and paints the view once
    win.brush.terrain = "woods"; win.brush.radius = 1
    stamp_brush(win, hex_)                     # press + release of the real terrain brush at a hex
    win.view.viewport().repaint()              # or app.processEvents(): paints the changed area

The counters layer is `win.canvas.counters` (a QGraphicsObject above the map): counter items added
as its children are shown, hidden and locked with it from the Layers panel.

Scenarios: `win.counter_layer` (app/editor/counter_layer.py) draws the set-up counters and handles
drops (`win.counter_layer.drop(mime, scene_pos)`, what a drop from the order of battle calls), counter
drags and removal; `win.scenario_panels` holds the scenario docks (`.oob`, `.designer`,
`.reinforcements`, `.turn_track`, `.victory`, `.tables`, `.markers`) while a scenario is open;
`win.select_unit(uid)` selects a unit everywhere; `win.new_scenario_from_map(scenario)` converts a
map document (undoable).

`stamp_brush` goes through TerrainBrushTool.mouse_press/mouse_release with the ToolEvent a click at
the hex centre gives (MapView.tool_event_at_hex), so it measures the real tool, command, model
notification and view invalidation. A map numbered XXYY needs enough `digits` for its size (a
200 x 200 map needs 3); the view shows "col,row" for hexes the numbering cannot name.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from hexwright.engine.hexgrid import Hex, Hexside, hexside_of
from hexwright.engine.model.hexmap import GridSpec, HexMap, MapChange
from hexwright.engine.validation import Diagnostic
from PySide6.QtCore import QByteArray, QPointF, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QColor, QKeySequence, QUndoGroup
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QToolBar,
    QUndoView,
    QWidget,
)

from .canvas import MapCanvas
from .commands import PaintTerrain, ResizeGrid, SetElevation, SetMapProperties, SetUnderlay, new_stroke
from .counter_layer import CounterLayer
from .document import ConvertToScenario, MapDocument
from .mapview import MapView
from .panels import (
    DiagnosticsPanel,
    HexEditor,
    LayersPanel,
    OverviewWidget,
    PalettePanel,
    PropertiesPanel,
    describe_hexside,
)
from .preferences import Preferences, PreferencesDialog
from .tools import TOOL_CLASSES, BrushState, Tool
from .workspace import Workspace, remember_layout

if TYPE_CHECKING:  # imported when the first scenario is opened (its panels take a while to import)
    from .scenario_panels import ScenarioPanels

ORGANIZATION = "Hexwright"
APPLICATION = "Hexwright"
MAX_RECENT = 10
FILE_FILTER = "Hexwright maps and scenarios (*.yaml *.yml);;All files (*)"
SCAN_FILTER = "Scanned maps (*.png *.jpg *.jpeg *.gif *.tif *.tiff *.bmp);;All files (*)"


def editor_settings() -> QSettings:
    """The editor's settings (window layout, recent files) in an INI file in the user's config folder;
    tests redirect it with QSettings.setPath(IniFormat, UserScope, tmp_path)."""
    return QSettings(QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANIZATION, APPLICATION)


def stamp_brush(win: MainWindow, h: Hex) -> None:
    """One stamp of the terrain brush at a hex, through the tool's own mouse handlers."""
    win.set_tool("brush")
    tool = win.tools["brush"]
    ev = win.view.tool_event_at_hex(h)
    tool.mouse_press(ev)
    tool.mouse_release(ev)


class MainWindow(QMainWindow):
    def __init__(self, settings: QSettings | None = None, parent: QWidget | None = None,
                 offer_recovery: bool | None = None) -> None:
        """`offer_recovery`: once shown, offer the untitled documents of editors that crashed
        (`offer_untitled_recovery`); by default the editor's own window (no `settings` given) does."""
        super().__init__(parent)
        self.settings = settings if settings is not None else editor_settings()
        self.prefs = Preferences.load(self.settings)
        self._prefs_dialog: PreferencesDialog | None = None
        self._help: QWidget | None = None
        self.window_widget = self
        self.brush = BrushState()
        self.document: MapDocument | None = None
        self.canvas: MapCanvas | None = None
        self.autosaver = None
        self.selected_hex: Hex | None = None
        self.selected_side: Hexside | None = None
        self.selected_hexes: list[Hex] = []  # the hexes cut, copy and Make Stamp work on
        self._opacity_stroke: int | None = None
        self.undo_group = QUndoGroup(self)
        self.view = MapView(self)
        self.setCentralWidget(self.view)
        self.tools: dict[str, Tool] = {cls.name: cls(self) for cls in TOOL_CLASSES}
        for tool in self.tools.values():
            tool.statusChanged.connect(self._tool_status)
        self._validate_timer = QTimer(self)
        self._validate_timer.setSingleShot(True)
        self._validate_timer.setInterval(1200)
        self._validate_timer.timeout.connect(self.revalidate)
        self._scenario_timer = QTimer(self)  # scenario edits re-validate sooner (debounced)
        self._scenario_timer.setSingleShot(True)
        self._scenario_timer.setInterval(300)
        self._scenario_timer.timeout.connect(self.revalidate)
        self._scenario_panels: ScenarioPanels | None = None
        self._panels_pending = False  # scenario docks wanted but not built yet (see _sync_scenario_ui)
        self._painted = False  # the map view has been painted once
        self.selected_unit: str | None = None
        self.counter_layer = CounterLayer(self)
        self.counter_layer.unit_selected.connect(lambda uid: self.select_unit(uid, source="map"))
        self.view.counter_handler = self.counter_layer
        from .clipboard import HexClipboard

        self.clipboard = HexClipboard(self)
        self.view.file_drop_handler = self
        self.setAcceptDrops(True)
        self._build_actions()
        self._build_menus()
        self._build_toolbars()
        self._build_docks()
        self._build_status()
        self.workspace = Workspace(self, self.settings, self.view)  # map-only (Tab), layouts per task
        self.workspace.fill_menu(self.view_menu)
        self.view.hexHovered.connect(self._hovered)
        self.view.zoomChanged.connect(lambda z: self.zoom_label.setText(f"{z * 100:.0f}%"))
        self.view.viewportMoved.connect(self._viewport_moved)
        self.view.firstPainted.connect(self.view_painted)
        self.restore_layout()
        self.apply_preferences(self.prefs, save=False)
        self.set_document(MapDocument(HexMap(name="Untitled")))
        self.set_tool("brush")
        if offer_recovery is None:
            offer_recovery = settings is None
        if offer_recovery:
            QTimer.singleShot(0, self.offer_untitled_recovery)

    # -- construction ------------------------------------------------------------------------------
    def _action(self, text: str, slot, shortcut=None, tip: str = "") -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            a.setShortcut(QKeySequence(shortcut))
        if tip:
            a.setStatusTip(tip)
        a.triggered.connect(slot)
        return a

    def _build_actions(self) -> None:
        K = QKeySequence.StandardKey  # noqa: N806
        self.act_new = self._action("&New…", self.new_map, K.New, "Create a new map")
        self.act_new_area = self._action("New &Area Map…", self.new_area_map, "Ctrl+Shift+N",
                                         "Create a map of areas drawn as polygons over a scan (Storm over Arnhem)")
        self.act_new_from_scan = self._action("New from &Scan…", self.new_from_scan, tip="A new map from a scanned "
                                              "printed map: the grid fitted to it, columns and rows counted")
        self.act_open = self._action("&Open…", self.open_dialog, K.Open, "Open a map or scenario")
        self.act_save = self._action("&Save", self.save, K.Save, "Save the file")
        self.act_save_as = self._action("Save &As…", self.save_as, K.SaveAs)
        self.act_export = self._action("Map &Picture (PNG, SVG, PDF)…", self.export, "Ctrl+E",
                                       "Export the map as PNG, SVG or PDF")
        self.act_import_tiled = self._action("&Tiled Map…", self.import_tiled, "Ctrl+Shift+I",
                                             "Import a hexagonal Tiled map (TMX) as a new map")
        self.act_export_tiled = self._action("&Tiled Map…", self.export_tiled, tip="Export the map as a Tiled map "
                                             "(TMX) with a tileset of its terrain")
        self.act_export_vassal = self._action("&VASSAL Module…", self.export_vassal, tip="Export the scenario as "
                                              "a VASSAL module: map, counters, set-up, reinforcements, turns")
        self.act_close = self._action("&Close", self.close_document, K.Close)
        self.act_quit = self._action("&Quit", self.close, K.Quit)
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
        m = mb.addMenu("&File")
        m.addActions([self.act_new, self.act_new_from_scan, self.act_new_area, self.act_open])
        self.recent_menu = m.addMenu("Open &Recent")
        m.addSeparator()
        m.addActions([self.act_save, self.act_save_as])
        m.addSeparator()
        m.addMenu("&Import").addAction(self.act_import_tiled)
        self.export_menu = m.addMenu("&Export")
        self.export_menu.addActions([self.act_export, self.act_export_tiled, self.act_export_vassal])
        m.addSeparator()
        m.addActions([self.act_close, self.act_quit])
        self._rebuild_recent_menu()
        m = mb.addMenu("&Edit")
        m.addActions([self.act_undo, self.act_redo])
        m.addSeparator()
        m.addActions(self.clipboard.actions())
        m.addSeparator()
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

    def _dock(self, title: str, name: str, widget: QWidget, area) -> QDockWidget:
        d = QDockWidget(title, self)
        d.setObjectName(name)
        d.setWidget(widget)
        self.addDockWidget(area, d)
        self.panels_menu.addAction(d.toggleViewAction())
        return d

    def _build_docks(self) -> None:
        R, L = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.LeftDockWidgetArea  # noqa: N806
        self.palette = PalettePanel()
        self.palette.chosen.connect(self.choose)
        self.palette.radius.valueChanged.connect(self._radius_changed)
        self.palette.new_region.clicked.connect(self.new_region)
        self.palette.rename_region.clicked.connect(self.rename_region)
        self.palette.delete_region.clicked.connect(self.delete_region)
        self.layers = LayersPanel()
        self.layers.visibilityChanged.connect(self.set_layer_visible)
        self.layers.lockChanged.connect(self.set_layer_locked)
        self.layers.opacityChanged.connect(self.set_underlay_opacity)
        self.layers.opacityReleased.connect(lambda: setattr(self, "_opacity_stroke", None))
        self.properties = PropertiesPanel()
        self.hex_editor = HexEditor()
        self.hex_editor.terrainChosen.connect(self._set_selected_terrain)
        self.hex_editor.elevationChosen.connect(self._set_selected_elevation)
        from PySide6.QtWidgets import QVBoxLayout

        properties_box = QWidget()
        box = QVBoxLayout(properties_box)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.properties, 1)
        box.addWidget(self.hex_editor)
        self.diagnostics = DiagnosticsPanel()
        self.diagnostics.jumpToHex.connect(self.jump_to_label)
        self.diagnostics.unitActivated.connect(lambda uid: self.select_unit(uid, source="diagnostics"))
        self.diagnostics.revalidate.connect(self.revalidate)
        self.history = QUndoView(self.undo_group)
        self.history.setEmptyLabel("<opened>")
        self.overview = OverviewWidget()
        self.overview.navigate.connect(self.view.centerOn)
        self.dock_palette = self._dock("Terrain palette", "paletteDock", self.palette, R)
        self.dock_layers = self._dock("Layers", "layersDock", self.layers, R)
        self.dock_overview = self._dock("Overview", "overviewDock", self.overview, R)
        self.dock_properties = self._dock("Properties", "propertiesDock", properties_box, L)
        self.dock_history = self._dock("Undo history", "historyDock", self.history, L)
        self.dock_diagnostics = self._dock("Diagnostics", "diagnosticsDock", self.diagnostics,
                                           Qt.DockWidgetArea.BottomDockWidgetArea)
        self.tabifyDockWidget(self.dock_layers, self.dock_overview)
        self.tabifyDockWidget(self.dock_properties, self.dock_history)
        self.dock_layers.raise_()
        self.dock_properties.raise_()
        for layer in self.layers.visible_boxes:
            a = QAction(self.layers.visible_boxes[layer].toolTip().replace("Show the ", "").capitalize(), self)
            a.setCheckable(True)
            a.setChecked(True)
            a.toggled.connect(self.layers.visible_boxes[layer].setChecked)
            self.layers.visible_boxes[layer].toggled.connect(a.setChecked)
            self.layers_menu.addAction(a)

    def _build_status(self) -> None:
        sb = self.statusBar()
        self.hex_label = QLabel("")
        self.hex_label.setMinimumWidth(360)
        self.tool_label = QLabel("")
        self.zoom_label = QLabel("100%")
        sb.addWidget(self.hex_label, 1)
        sb.addPermanentWidget(self.tool_label)
        sb.addPermanentWidget(self.zoom_label)

    # -- EditorContext for the tools -------------------------------------------------------------
    def show_status(self, text: str) -> None:
        self.statusBar().showMessage(text, 4000)

    def set_preview(self, hexes) -> None:
        self.view.show_preview(hexes)

    def select_hex(self, h: Hex | None) -> None:
        self.selected_hex, self.selected_side = h, None
        self.selected_hexes = [h] if h is not None else []
        self.view.show_selection([h] if h is not None else [])
        assert self.document is not None and self.canvas is not None
        self.properties.show_hex(self.document.map, self.canvas.label, h)
        self.hex_editor.show_hex(self.document.map, h)
        if h is not None:
            self.dock_properties.raise_()

    def select_hexes(self, hexes: list[Hex]) -> None:
        """Select several hexes (a drag of the Select tool, Select All): what cut, copy and Make Stamp
        take; one hex also shows its properties."""
        if len(hexes) <= 1:
            self.select_hex(hexes[0] if hexes else None)
            return
        self.selected_hex, self.selected_side = None, None
        self.selected_hexes = list(hexes)
        self.view.show_selection(hexes)
        self.properties.show_hex(self.document.map, self.canvas.label, None)
        self.hex_editor.show_hex(self.document.map, None)
        self.show_status(f"{len(hexes)} hexes selected: Ctrl+C copies, Ctrl+X cuts, Ctrl+Shift+C makes a stamp")

    def select_hexside(self, side: Hexside) -> None:
        from PySide6.QtGui import QPainterPath

        self.selected_hex, self.selected_side = None, side
        self.selected_hexes = []
        assert self.canvas is not None and self.document is not None
        line = self.canvas.geometry.side_line(side)
        path = QPainterPath(line.p1())
        path.lineTo(line.p2())
        self.view.show_selection(path=path)
        self.properties.show_hexside(self.document.map, side)
        self.hex_editor.show_hex(self.document.map, None)
        self.dock_properties.raise_()

    def palette_changed(self) -> None:
        self.palette.radius.blockSignals(True)
        self.palette.radius.setValue(self.brush.radius)
        self.palette.radius.blockSignals(False)
        if self.document is not None:
            self.palette.set_map(self.document.map)
        self.mark_palette()
        if self.view.tool is not None:
            self._tool_status(self.view.tool.status_text())

    def mark_palette(self) -> None:
        """Highlight in the palette what the active tool paints with (nothing for tools that use none)."""
        self.palette.follow_tool(self.view.tool.name if self.view.tool is not None else "", self.brush)

    # -- tools and palette -----------------------------------------------------------------------
    def set_tool(self, name: str) -> None:
        tool = self.tools[name]
        self.tool_actions[name].setChecked(True)
        self.view.set_tool(tool)
        self._tool_status(tool.status_text())
        self.mark_palette()

    def _tool_status(self, text: str) -> None:
        self.tool_label.setText(text)

    def _radius_changed(self, r: int) -> None:
        self.brush.radius = r
        if self.view.tool is not None:
            self._tool_status(self.view.tool.status_text())

    def choose(self, group: str, code: str) -> None:
        """A palette choice: remember it for its tool and switch to that tool."""
        b = self.brush
        if group == "terrain":
            b.terrain = code
            if self.view.tool is None or self.view.tool.name not in ("brush", "fill"):
                self.set_tool("brush")
        elif group == "feature":
            b.feature = code
            self.set_tool("overlay")
        elif group in ("hexside_feature", "bridge"):
            b.hexside_kind = "bridge" if group == "bridge" else "feature"
            b.hexside_code = code
            self.set_tool("hexside")
        elif group == "path":
            b.path = code
            self.set_tool("path")
        elif group == "region":
            b.region = code
            self.set_tool("region")
        self.mark_palette()
        if self.view.tool is not None:
            self._tool_status(self.view.tool.status_text())

    def _set_selected_terrain(self, code: str) -> None:
        h, m = self.selected_hex, self.document.map
        if h is not None and m.contains(h) and m.terrain[h] != code and not self.canvas.is_locked("terrain"):
            self.document.push(PaintTerrain(m, {h: code}))

    def _set_selected_elevation(self, level: int) -> None:
        h, m = self.selected_hex, self.document.map
        if h is not None and m.contains(h) and m.elevation_at(h) != level and not self.canvas.is_locked("terrain"):
            self.document.push(SetElevation(m, {h: level}))

    # -- layers ------------------------------------------------------------------------------------
    def set_layer_visible(self, layer: str, visible: bool) -> None:
        if self.canvas is not None:
            self.canvas.set_visible(layer, visible)

    def set_layer_locked(self, layer: str, locked: bool) -> None:
        if self.canvas is not None:
            self.canvas.set_locked(layer, locked)

    def set_underlay_opacity(self, opacity: float) -> None:
        m = self.document.map if self.document else None
        if m is None or m.underlay is None:
            return
        from dataclasses import replace

        if self._opacity_stroke is None:
            self._opacity_stroke = new_stroke()
        self.document.push(SetUnderlay(m, replace(m.underlay, opacity=opacity), "Change underlay opacity",
                                       self._opacity_stroke))

    # -- document ----------------------------------------------------------------------------------
    def set_document(self, doc: MapDocument) -> None:
        old = self.document
        self.remember_view()
        if self.canvas is not None:
            self.canvas.detach()
        if old is not None:
            old.map.unsubscribe(self._map_changed)
            old.kindChanged.disconnect(self._sync_scenario_ui)
            old.scenario_changed.disconnect(self._scenario_changed)
            self.undo_group.removeStack(old.undo_stack)
            if self.autosaver is not None:
                self.autosaver.stop()
                self.autosaver = None
            old.deleteLater()
        self.document = doc
        doc.setParent(self)
        self.undo_group.addStack(doc.undo_stack)
        self.undo_group.setActiveStack(doc.undo_stack)
        doc.modifiedChanged.connect(self._update_title)
        doc.pathChanged.connect(lambda _p: self._update_title())
        self.canvas = MapCanvas(self.view.scene(), doc.map, doc.map_dir)
        self.view.set_canvas(self.canvas)
        doc.kindChanged.connect(self._sync_scenario_ui)
        doc.scenario_changed.connect(self._scenario_changed)
        self.selected_unit = None
        self.counter_layer.selected = None
        self.counter_layer.zone_problems = {}
        self._sync_scenario_ui()
        doc.map.subscribe(self._map_changed)
        if doc.map.terrain_table.terrain and self.brush.terrain not in doc.map.terrain_table.terrain:
            self.brush.terrain = next(iter(doc.map.terrain_table.terrain))
        self.selected_hex = self.selected_side = None
        self.selected_hexes = []
        self.properties.show_hex(doc.map, self.canvas.label, None)
        self.hex_editor.show_hex(doc.map, None)
        self.palette_changed()
        self.layers.sync(self.canvas)
        for layer, box in self.layers.visible_boxes.items():
            self.canvas.set_visible(layer, box.isChecked())
            self.canvas.set_locked(layer, self.layers.lock_boxes[layer].isChecked())
        self.diagnostics.set_diagnostics(doc.load_diagnostics)
        self._validate_timer.start()
        self.overview.set_scene(self.view.scene(), self.canvas.geometry.map_rect)
        self.view.fit_map()  # and again on every resize until the person zooms or pans
        self._update_title()
        self._start_autosave()

    def _start_autosave(self) -> None:
        try:
            from .autosave import Autosaver
        except ImportError:
            return
        if self.prefs.autosave_minutes <= 0:  # Preferences: autosave off
            self.autosaver = None
            return
        try:
            self.autosaver = Autosaver(self.document, interval_ms=self.prefs.autosave_ms, parent=self)
        except Exception as exc:  # noqa: BLE001 - autosave must never stop editing
            self.show_status(f"Autosave is off: {exc}")
            self.autosaver = None

    def _update_title(self) -> None:
        doc = self.document
        if doc is None:
            return
        kind = "scenario" if doc.scenario is not None else "map"
        self.setWindowTitle(f"{doc.display_name}[*] ({kind}) — Hexwright")
        self.setWindowModified(doc.modified)

    def _map_changed(self, change: MapChange) -> None:
        if change.kind in ("regions",) and not change.hexes:
            self.palette_changed()
        if change.kind == "grid":
            self.overview.set_scene(self.view.scene(), self.canvas.geometry.map_rect)
            self.counter_layer.rebuild()  # new geometry: counters go to their hexes' new centres
        if change.kind == "underlay":
            self.layers.sync(self.canvas)
        if self.selected_hex is not None and (not change.hexes or self.selected_hex in change.hexes):
            self.properties.show_hex(self.document.map, self.canvas.label, self.selected_hex)
            self.hex_editor.show_hex(self.document.map, self.selected_hex)
        elif self.selected_side is not None and change.kind == "hexside" and self.selected_side in change.hexsides:
            self.properties.show_hexside(self.document.map, self.selected_side)
        self.overview.schedule()
        if self.document is not None and self.document.scenario is not None:
            self._validate_timer.start()

    def _viewport_moved(self) -> None:
        self.overview.set_visible_rect(self.view.visible_scene_rect())

    def wait_shown(self) -> None:
        """Process pending events and paint the map view once (scripts and benchmarks)."""
        QApplication.processEvents()
        self.view.viewport().repaint()

    # -- hover -------------------------------------------------------------------------------------
    def _hovered(self, h: Hex | None) -> None:
        self.hex_label.setText(self.describe_hex(h) if h is not None else "")

    def describe_hex(self, h: Hex) -> str:
        """'0312 · Woods · village · elevation 1 · N: river, SE: road': what the status bar shows."""
        assert self.document is not None and self.canvas is not None
        m = self.document.map
        t = m.terrain_table
        code = m.terrain[h]
        parts = [self.canvas.label(h), t.terrain[code].name if code in t.terrain else code]
        if m.features_at(h):
            parts.append(", ".join(m.features_at(h)))
        if m.elevation_at(h):
            parts.append(f"elevation {m.elevation_at(h)}")
        names = m.direction_names()
        sides = []
        for d in range(6):
            info = m.hexside(hexside_of(h, d))
            if info is not None:
                sides.append(f"{names[d]}: {describe_hexside(info)}")
        if sides:
            parts.append("; ".join(sides))
        return " · ".join(parts)

    # -- files -------------------------------------------------------------------------------------
    def maybe_save(self) -> bool:
        """Ask to save unsaved changes; False if the person cancels."""
        doc = self.document
        if doc is None or not doc.modified:
            return True
        answer = QMessageBox.question(
            self, "Unsaved changes", f"Save the changes to {doc.display_name} before closing it?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def _discard_autosave(self) -> None:
        if self.autosaver is not None:
            try:
                self.autosaver.discard()
            except OSError:
                pass

    def new_map(self) -> bool:
        from .dialogs.new_map import NewMapDialog

        if not self.maybe_save():
            return False
        self._discard_autosave()
        dlg = NewMapDialog(self, self._last_dir())
        dlg.hex_size.setValue(self.prefs.hex_size)  # Preferences: the default hex size
        if dlg.exec() != NewMapDialog.DialogCode.Accepted:
            return False
        self.set_document(MapDocument(dlg.build_map()))
        return True

    def new_from_scan(self, scan_path: str | None = None) -> bool:
        from .dialogs.new_from_scan import new_map_from_scan

        return new_map_from_scan(self, scan_path)

    def new_area_map(self) -> bool:
        """File > New Area Map…: an area-map editor window on a new map (app/areamap)."""
        from hexwright.app.areamap.new_dialog import NewAreaMapDialog

        dlg = NewAreaMapDialog(self, self._last_dir())
        if dlg.exec() != NewAreaMapDialog.DialogCode.Accepted:
            return False
        from hexwright.app.areamap.document import AreaMapDocument

        self._show_area_window(AreaMapDocument(dlg.build_map()))
        return True

    def open_area_window(self, path: Path) -> bool:
        """Open an area-map file or a scenario on an area map in the area-map editor; False for any other
        file (a broken area map shows its errors and returns True: it is handled)."""
        from hexwright.app.areamap.files import file_is_area_document

        if not path.exists() or not file_is_area_document(path):
            return False
        from hexwright.app.areamap.document import AreaMapDocument

        choice, side = self._offer_recovery(path)  # a newer autosave: recover, discard or keep for later
        if choice == "later":
            return True
        recovered = side if choice == "recover" else None
        doc, diags = AreaMapDocument.open(recovered or path)
        if doc is None:
            self.show_load_errors(path, diags)
            return True
        if choice == "discard" and side is not None:
            _remove(side)
        if recovered is not None:
            doc.path = path
            doc.undo_stack.resetClean()  # recovered edits are not in the file yet
            if doc.scenario is not None:  # the side file holds the map inline; keep the file's layout
                original, _ = AreaMapDocument.open(path)
                if original is not None and original.scenario is not None:
                    doc.scenario.map_file = original.scenario.map_file
                    original.deleteLater()
        win = self._show_area_window(doc)
        if recovered is not None and win.autosaver is not None:
            win.autosaver.adopt(recovered)  # saving (or discarding) the document removes it
        return True

    def _show_area_window(self, doc):
        from hexwright.app.areamap.window import AreaMapWindow

        win = AreaMapWindow(doc)
        import shiboken6

        self.area_windows = [w for w in getattr(self, "area_windows", []) if shiboken6.isValid(w) and w.isVisible()]
        self.area_windows.append(win)
        win.show()
        return win

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a map or scenario", self._last_dir(), FILE_FILTER)
        if path:
            self.open_path(path)

    def open_path(self, path: str | Path, ask_save: bool = True) -> bool:
        """Open a map or scenario file. A malformed file opens nothing and a dialog lists where it is
        broken (file:line). A newer autosave of the file is offered first: recover it, discard it,
        or open nothing and keep it for later."""
        if ask_save and not self.maybe_save():
            return False
        p = Path(path)
        if self.open_area_window(p):  # an area map, or a scenario on one: the area-map editor
            self.add_recent(p)
            return True
        choice, side = self._offer_recovery(p)
        if choice == "later":
            return False
        recovered = side if choice == "recover" else None
        doc, diags = MapDocument.open(recovered or p)
        if doc is None:
            self.show_load_errors(p, diags)
            return False
        if choice == "discard" and side is not None:
            _remove(side)
        if recovered is not None:
            doc.path = p
            doc.undo_stack.resetClean()  # recovered edits are not in the file yet
            if doc.scenario is not None:  # the side file holds the map inline; keep the file's layout
                original, _ = MapDocument.open(p)
                if original is not None and original.scenario is not None:
                    doc.scenario.map_file = original.scenario.map_file
                    original.deleteLater()
        else:
            self._discard_autosave()
        self.set_document(doc)
        if recovered is not None and self.autosaver is not None:
            self.autosaver.adopt(recovered)  # saving (or discarding) the document removes it
        self.restore_view()
        self.add_recent(p)
        return True

    def _offer_recovery(self, path: Path) -> tuple[str, Path | None]:
        """("recover" | "discard" | "later", the side file), or ("open", None) when there is none."""
        try:
            from .autosave import find_recovery
        except ImportError:
            return "open", None
        try:
            side = find_recovery(path)
        except Exception:  # noqa: BLE001 - recovery is a courtesy, never a reason not to open
            return "open", None
        if side is None:
            return "open", None
        answer = _ask_recovery(self, f"{path.name} has an autosaved copy newer than the file ({side}).",
                               "Discard deletes the copy and opens the file; Cancel opens nothing and keeps "
                               "the copy for later.")
        return answer, side

    def offer_untitled_recovery(self) -> bool:
        """Offer the untitled documents autosaved by editors that crashed, newest first: recover one
        (the window takes it over), discard it (and offer the next), or keep them for later. Only a
        shown window with an empty untitled document asks. True if one was recovered."""
        doc = self.document
        if not self.isVisible() or doc is None or doc.path is not None or doc.modified:
            return False
        try:
            from .autosave import claim, untitled_recoveries
        except ImportError:
            return False
        try:
            found = untitled_recoveries()
        except Exception:  # noqa: BLE001 - recovery is a courtesy
            return False
        for side in found:
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(side.stat().st_mtime)) if side.exists() else "?"
            answer = _ask_recovery(self, f"An untitled document was autosaved at {when} but not saved before "
                                   f"Hexwright closed ({side}).", "Discard deletes it; Cancel keeps it for "
                                   "later.")
            if answer == "discard":
                _remove(side)
                continue
            if answer != "recover":
                return False
            mine = claim(side)
            if mine is None:  # another window took it
                continue
            recovered, diags = MapDocument.open(mine)
            if recovered is None:
                self.show_load_errors(mine, diags)
                return False
            recovered.path = None
            recovered.undo_stack.resetClean()  # its edits are in no file yet
            self.set_document(recovered)
            if self.autosaver is not None:
                self.autosaver.adopt(mine)
                self.autosaver.autosave_now(force=True)  # this window's now
            return True
        return False

    def show_load_errors(self, path: Path, diags: list[Diagnostic]) -> None:
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Critical)
        box.setWindowTitle("Cannot open the file")
        lines = [d.format() for d in diags] or [f"{path}: the file could not be read"]
        box.setText(f"{path.name} was not opened: it has {len(lines)} problem(s).\n\n" + "\n".join(lines[:8]))
        box.setDetailedText("\n".join(lines))
        self.last_load_errors = lines
        box.exec()

    def save(self) -> bool:
        doc = self.document
        if doc is None:
            return False
        if doc.path is None:
            return self.save_as()
        return self._save_to(doc.path)

    def save_as(self) -> bool:
        doc = self.document
        if doc is None:
            return False
        start = str(self.save_as_start())
        path, _ = QFileDialog.getSaveFileName(self, "Save as", start, FILE_FILTER)
        if not path:
            return False
        return self._save_to(Path(path))

    def save_as_start(self) -> Path:
        """Where Save As starts (app/editor/save_location.py): the documents folder and the title."""
        from .save_location import default_save_path

        doc = self.document
        assert doc is not None
        title = doc.scenario.title if doc.scenario is not None else doc.map.name
        last = self.settings.value("lastSaveDir")
        return default_save_path(title or "", doc.path, str(last) if last else None)

    def _save_to(self, path: Path) -> bool:
        doc = self.document
        assert doc is not None
        try:
            doc.save(path)
        except (OSError, ValueError) as exc:
            QMessageBox.critical(self, "Save failed", f"Could not save {path}:\n{exc}\n\nNothing was lost: "
                                 "the file on disk is unchanged.")
            return False
        self._discard_autosave()
        if self.canvas is not None:
            self.canvas.base_dir = doc.map_dir
        self.add_recent(path)
        self.settings.setValue("lastSaveDir", str(path.parent))
        self.show_status(f"Saved {path}")
        return True

    def close_document(self) -> None:
        if self.maybe_save():
            self._discard_autosave()
            self.set_document(MapDocument(HexMap(name="Untitled")))

    def import_tiled(self, _checked: bool = False, path: str | None = None) -> bool:
        from .interchange_actions import import_tiled

        return import_tiled(self, path)

    def export_tiled(self) -> None:
        from .interchange_actions import export_tiled

        export_tiled(self)

    def export_vassal(self) -> None:
        from .interchange_actions import export_vassal

        export_vassal(self)

    # files dropped on the window: maps and scenarios open, Tiled maps are imported
    def dragEnterEvent(self, event) -> None:  # noqa: N802 - Qt API
        from .interchange_actions import dropped_files

        if dropped_files(event.mimeData()):
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dropEvent(self, event) -> None:  # noqa: N802 - Qt API
        from .interchange_actions import open_dropped

        if open_dropped(self, event.mimeData()):
            event.acceptProposedAction()
        else:
            super().dropEvent(event)

    def export(self) -> None:
        try:
            from .dialogs.export_dialog import ExportDialog
        except ImportError as exc:
            QMessageBox.information(self, "Export", f"Export is not available in this build ({exc}).")
            return
        dlg = ExportDialog(self.document.map, self)
        dlg.set_units(self.prefs.units)  # Preferences: printed sizes in mm or inches
        dlg.exec()

    # -- recent files and layout -------------------------------------------------------------------
    def recent_files(self) -> list[str]:
        value = self.settings.value("recentFiles", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def add_recent(self, path: Path) -> None:
        p = str(Path(path).resolve())
        files = [p] + [f for f in self.recent_files() if f != p]
        self.settings.setValue("recentFiles", files[:MAX_RECENT])
        self.settings.setValue("lastDir", str(Path(p).parent))
        self._rebuild_recent_menu()

    def _rebuild_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for f in files:
            a = self.recent_menu.addAction(Path(f).name)
            a.setStatusTip(f)
            a.triggered.connect(lambda _=False, f=f: self.open_path(f))
        self.recent_menu.setEnabled(bool(files))

    def _last_dir(self) -> str:
        return str(self.settings.value("lastDir", str(Path.home())))

    def restore_layout(self) -> None:
        geo = self.settings.value("window/geometry")
        state = self.settings.value("window/state")
        if isinstance(geo, QByteArray):
            self.restoreGeometry(geo)
        else:  # first run: 1280 x 800, or the whole of a larger screen (up to 1600 x 1000)
            screen = QApplication.primaryScreen()
            avail = screen.availableGeometry() if screen is not None else None
            w, h = 1280, 800
            if avail is not None and avail.width() >= w and avail.height() >= h:
                w, h = min(avail.width(), 1600), min(avail.height(), 1000)
            self.resize(w, h)
        if isinstance(state, QByteArray):
            self.restoreState(state)
        else:  # first run: give the map most of the window
            self.resizeDocks([self.dock_diagnostics], [110], Qt.Orientation.Vertical)
            self.resizeDocks([self.dock_properties, self.dock_palette], [210, 250], Qt.Orientation.Horizontal)
            self.resizeDocks([self.dock_palette, self.dock_layers], [330, 260], Qt.Orientation.Vertical)

    def _view_key(self) -> str | None:
        doc = self.document
        if doc is None or doc.path is None:
            return None
        import hashlib

        return "views/" + hashlib.sha1(str(doc.path.resolve()).encode("utf-8")).hexdigest()[:16]

    def remember_view(self) -> None:
        """Keep the zoom and centre of the file's view, to show it the same way next time (Tiled does)."""
        key = self._view_key()
        if key is None or self.view.auto_fit:
            if key is not None:
                self.settings.remove(key)
            return
        c = self.view.mapToScene(self.view.viewport().rect().center())
        self.settings.setValue(key, [self.view.zoom(), c.x(), c.y()])

    def restore_view(self) -> None:
        key = self._view_key()
        value = self.settings.value(key) if key is not None else None
        if isinstance(value, list) and len(value) == 3:
            try:
                z, x, y = (float(v) for v in value)
            except (TypeError, ValueError):
                return
            self.view.show_view(z, QPointF(x, y))

    def save_layout(self) -> None:
        self.remember_view()
        self.workspace.save_current()
        if self.workspace.map_only:  # the layout kept is the one with the panels shown
            self.workspace.set_map_only(False)
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if not self.maybe_save():
            event.ignore()
            return
        self._discard_autosave()
        if self.autosaver is not None:
            self.autosaver.stop()
        self.save_layout()
        event.accept()

    # -- map menu ------------------------------------------------------------------------------------
    def load_scan_underlay(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Load a scanned map", self._last_dir(), SCAN_FILTER)
        if path:
            self.fit_grid_to_scan(path)

    def fit_grid_to_scan(self, image_path: str | None = None) -> None:
        m = self.document.map
        if not image_path:
            if m.underlay is None:
                self.load_scan_underlay()
                return
            from hexwright.engine.model.scan_path import resolve_scan

            found = resolve_scan(m.underlay.image, self.document.map_dir)
            if found is None:
                QMessageBox.information(self, "Fit grid", f"The scanned underlay {m.underlay.image} is missing; "
                                        "load it again.")
                self.load_scan_underlay()
                return
            image_path = str(found)
        try:
            from .digitize import FitGridDialog
        except ImportError as exc:
            QMessageBox.information(self, "Fit grid", f"Digitizing is not available in this build ({exc}).")
            return
        dlg = FitGridDialog(m, image_path, self)
        if dlg.exec() == FitGridDialog.DialogCode.Accepted:
            self.document.push(SetUnderlay(m, dlg.underlay(), "Fit grid to scan"))
            self.layers.sync(self.canvas)

    def propose_terrain(self) -> None:
        m = self.document.map
        if m.underlay is None:
            QMessageBox.information(self, "Terrain from scan", "Load a scan underlay and fit the grid first.")
            return
        try:
            from .sampling import TerrainProposalDialog
        except ImportError as exc:
            QMessageBox.information(self, "Terrain from scan", f"Not available in this build ({exc}).")
            return
        try:
            dlg = TerrainProposalDialog(m, self, base_dir=self.document.map_dir)
        except TypeError:
            dlg = TerrainProposalDialog(m, self)
        if dlg.exec() == TerrainProposalDialog.DialogCode.Accepted:
            from .sampling import apply_scan_proposals

            apply_scan_proposals(self.document, dlg)

    def remove_underlay(self) -> None:
        m = self.document.map
        if m.underlay is not None:
            self.document.push(SetUnderlay(m, None, "Remove scan underlay"))

    def map_properties(self) -> None:
        from .dialogs.new_map import MapPropertiesDialog

        m = self.document.map
        dlg = MapPropertiesDialog(m, self)
        if dlg.exec() != MapPropertiesDialog.DialogCode.Accepted:
            return
        grid, name = dlg.grid(), dlg.name.text().strip()
        stack = self.document.undo_stack
        stack.beginMacro("Map properties")
        if name != m.name:
            stack.push(SetMapProperties(m, name, m.notes, m.default_terrain))
        if grid != m.grid:
            stack.push(ResizeGrid(m, grid))
        stack.endMacro()

    # -- regions -------------------------------------------------------------------------------------
    def new_region(self) -> None:
        self.tools["region"].create_region()

    def rename_region(self) -> None:
        import copy

        from .commands import ChangeRegion
        from .tools.annotate import _ask_text

        m = self.document.map
        name = self.brush.region
        if name not in m.regions:
            self.show_status("Choose a region in the palette first")
            return
        new = _ask_text(self, "Rename region", "New name:", name)
        if not new or new == name or new in m.regions:
            return
        region = copy.deepcopy(m.regions[name])
        region.name = new
        self.document.push(ChangeRegion(m, region, name))
        self.brush.region = new
        self.palette_changed()

    def delete_region(self) -> None:
        from .commands import ChangeRegion

        m = self.document.map
        if self.brush.region in m.regions:
            self.document.push(ChangeRegion(m, None, self.brush.region))
            self.brush.region = ""
            self.palette_changed()

    # -- scenario ----------------------------------------------------------------------------------
    @property
    def scenario_panels(self) -> ScenarioPanels | None:
        """The scenario docks while a scenario is open. Opening a scenario before the window has been
        painted builds them just after its first paint (the map shows about half a second sooner);
        asking for them before that builds them at once."""
        if self._panels_pending:
            self._build_scenario_panels()
        return self._scenario_panels

    def _sync_scenario_ui(self) -> None:
        """Scenario docks and menu for the document's kind (called on open and on conversion)."""
        doc = self.document
        want = doc is not None and doc.scenario is not None
        panels = self._scenario_panels
        if panels is not None and (not want or panels.document is not doc):
            panels.close()
            self._scenario_panels = None
        self._panels_pending = False
        if want and self._scenario_panels is None:
            if self._painted or not self.isVisible():
                self._build_scenario_panels()
            else:  # the first paint comes first; the map view tells when it has painted
                self._panels_pending = True
        self._fill_scenario_menu()
        self.act_sheets.setEnabled(want)
        self.workspace.document_opened(want)
        self.counter_layer.rebuild()
        self._update_title()

    def _build_scenario_panels(self) -> None:
        from .scenario_panels import ScenarioPanels

        self._panels_pending = False
        doc = self.document
        if doc is None or doc.scenario is None or self._scenario_panels is not None:
            return
        panels = ScenarioPanels(self, doc)
        panels.document = doc
        panels.oob.unit_selected.connect(lambda uid: self.select_unit(uid, source="oob"))
        panels.designer.unit_selected.connect(lambda uid: self.select_unit(uid, source="designer"))
        self._scenario_panels = panels
        self._fill_scenario_menu()
        if self.selected_unit is not None:
            panels.oob.select_unit(self.selected_unit)
            panels.designer.select_unit(self.selected_unit)
        self.workspace.panels_added()

    def _fill_scenario_menu(self) -> None:
        doc = self.document
        want = doc is not None and doc.scenario is not None
        m = self.scenario_menu
        m.clear()
        self.act_new_scenario.setEnabled(not want)
        m.addAction(self.act_new_scenario)
        m.addSeparator()
        if self._scenario_panels is not None:
            m.addActions(self._scenario_panels.toggle_actions())
            m.addSeparator()
        m.addAction(self.act_sheets)

    def view_painted(self) -> None:
        """The map view has painted for the first time: build what waited for the first paint."""
        if self._painted:
            return
        self._painted = True
        if self._panels_pending:
            QTimer.singleShot(0, self._build_pending_panels)

    def _build_pending_panels(self) -> None:
        if self._panels_pending:
            self._build_scenario_panels()

    def _scenario_changed(self, part: str) -> None:
        self.counter_layer.on_scenario_changed(part)
        self._scenario_timer.start()

    def select_unit(self, unit_id: str | None, source: str = "") -> None:
        """Select a unit in the order of battle, the designer and on the map (centred there)."""
        if self.document is None or self.document.scenario is None:
            return
        if unit_id is not None and unit_id not in self.document.scenario.units:
            self.show_status(f"No unit {unit_id} in this scenario")
            return
        if unit_id == self.selected_unit and source != "diagnostics":
            return
        self.selected_unit = unit_id
        self.counter_layer.select(unit_id, centre=source != "map")
        panels = self.scenario_panels
        if panels is not None:
            if source != "oob":
                panels.oob.select_unit(unit_id)
            if source != "designer":
                panels.designer.select_unit(unit_id)
            if source == "map":
                panels.docks["oobDock"].raise_()
        if unit_id is not None:
            where = self.document.scenario.placements.get(unit_id)
            self.show_status(f"{unit_id}" + (f" set up at {where}" if where else " not on the map"))

    def new_scenario_dialog(self) -> None:
        from .scenario_panels import NewScenarioDialog

        if self.document is None or self.document.scenario is not None:
            return
        dlg = NewScenarioDialog(self.document.map.name, self)
        if dlg.exec() != NewScenarioDialog.DialogCode.Accepted:
            return
        try:
            sc = dlg.build(self.document.map)
        except ValueError as exc:
            QMessageBox.warning(self, "New scenario", str(exc))
            return
        self.new_scenario_from_map(sc)

    def new_scenario_from_map(self, scenario) -> None:
        """Turn the open map into a scenario document (one undo step). The map is saved inline in the
        scenario file; the document has no file name until saved, so the map file is never overwritten."""
        self.document.push(ConvertToScenario(self.document, scenario))

    def playtest(self) -> None:
        """Open the scenario as a game in the playtest window, on a copy of its model (app/playtest)."""
        from hexwright.app.playtest import open_playtest
        from hexwright.engine.validation.diagnostics import has_errors

        doc = self.document
        if doc is not None and doc.scenario is not None:
            diags = doc.validate()  # the engine plays only what validates (the rules need a sound scenario)
            self.diagnostics.set_diagnostics(diags)
            self.counter_layer.set_diagnostics(diags)
            if has_errors(diags):
                errors = [d for d in diags if d.severity.name == "ERROR"]
                self.dock_diagnostics.show()
                self.dock_diagnostics.raise_()
                first = "\n".join(d.format() for d in errors[:5])
                more = f"\n... and {len(errors) - 5} more" if len(errors) > 5 else ""
                self.show_status(f"Playtest needs a scenario without errors: {len(errors)} error(s), see Diagnostics")
                QMessageBox.warning(self, "Playtest",
                                    f"The scenario has {len(errors)} error(s); fix them before a playtest "
                                    f"(the Diagnostics panel lists them, double-click one to go there):\n\n"
                                    f"{first}{more}")
                self.playtest_window = None
                return
        self.playtest_window = open_playtest(self)
        if self.playtest_window is not None:  # the playtest keeps a layout of its own
            remember_layout(self.playtest_window, self.settings, "playtest")

    def balance_lab(self) -> None:
        """The balance lab (app/balance_lab) on the scenario's file, a non-modal dialog kept by the window."""
        from hexwright.app.balance_lab.dialog import open_balance_lab

        doc = self.document
        path = str(doc.path) if doc is not None and doc.scenario is not None and doc.path is not None else None
        self.balance_lab_dialog = open_balance_lab(self, path)

    def print_counter_sheets(self) -> None:
        if self.document is None or self.document.scenario is None:
            return
        from hexwright.app.counters.sheets_dialog import SheetsDialog

        self.sheets_dialog = SheetsDialog(self.document.scenario, self)
        self.sheets_dialog.show()

    # -- diagnostics -------------------------------------------------------------------------------
    def revalidate(self) -> None:
        if self.document is not None:
            diags = self.document.validate()
            self.diagnostics.set_diagnostics(diags)
            self.counter_layer.set_diagnostics(diags)

    def jump_to_label(self, label: str) -> None:
        """Centre on and select what a diagnostic names: a hex ('0605') or a hexside ('0605/0606')."""
        m = self.document.map
        h = m.hex_at(label)
        if h is not None:
            self.view.centre_on_hex(h)
            self.select_hex(h)
            return
        side = m.hexside_at(label) if "/" in label else None
        if side is not None and self.canvas is not None:
            self.view.centerOn(self.canvas.geometry.side_line(side).center())
            self.select_hexside(side)
            return
        what = "hexside" if "/" in label else "hex"
        self.show_status(f"No {what} {label} on this map")

    # -- misc ------------------------------------------------------------------------------------------
    def preferences(self) -> PreferencesDialog:
        """Edit > Preferences: applied at once (Apply or OK) and kept in the settings."""
        if self._prefs_dialog is None:
            self._prefs_dialog = PreferencesDialog(self.prefs, self, self.settings.fileName())
            self._prefs_dialog.applied.connect(self.apply_preferences)
        self._prefs_dialog.set_values(self.prefs)
        self._prefs_dialog.show()
        self._prefs_dialog.raise_()
        return self._prefs_dialog

    def apply_preferences(self, prefs: Preferences, save: bool = True) -> None:
        """Use `prefs` now: canvas colours, the autosave interval (or none); the default hex size and the
        units of measure are read by the next New Map and Export."""
        self.prefs = prefs
        if save:
            prefs.save(self.settings)
        self.view.setBackgroundBrush(QColor(prefs.background))
        pen = self.view.selection.pen()
        pen.setColor(QColor(prefs.selection))
        self.view.selection.setPen(pen)
        if self.document is None:
            return
        if prefs.autosave_minutes <= 0 and self.autosaver is not None:
            self.autosaver.stop()
            self.autosaver = None
        elif prefs.autosave_minutes > 0 and self.autosaver is None:
            self._start_autosave()
        elif self.autosaver is not None:
            self.autosaver.timer.setInterval(prefs.autosave_ms)
        if save:
            self.show_status("Preferences applied")

    def help(self, guide: str = "editor.md") -> QWidget:
        """Help > Hexwright Help: the guides shipped with the application."""
        from .help import open_help

        self._help = open_help(self, guide)
        return self._help

    def about(self) -> None:
        from .help import show_about

        show_about(self)

    def centre_on(self, p: QPointF) -> None:
        self.view.centerOn(p)


__all__ = ["MainWindow", "editor_settings", "stamp_brush", "GridSpec"]


def _ask_recovery(parent: QWidget, what: str, choices: str) -> str:
    """'recover', 'discard' or 'later' (keep the autosaved copy, open nothing)."""
    answer = QMessageBox.question(
        parent, "Recover unsaved work", f"{what}\nOpen the autosaved copy?\n\n{choices}",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Yes)
    if answer == QMessageBox.StandardButton.Yes:
        return "recover"
    if answer == QMessageBox.StandardButton.Discard:
        return "discard"
    return "later"


def _remove(side: Path) -> None:
    try:
        side.unlink()
    except OSError:
        pass  # already gone, or not ours to remove
