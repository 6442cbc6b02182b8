"""The hex kind's part of the editor window (app/editor/kind_editor.py): the map view (app/editor/mapview.py
on the hex canvas, app/hexmap), the tools on the left, the terrain palette, the Properties and Diagnostics
panels, the Map, Scenario, Play and Tools menus, the hex clipboard and the scenario's panels. The window
(app/editor/window.py) owns the File menu, undo, the Layers and Overview panels, autosave and the title.

Entry points for scripts and benchmarks (all work offscreen, QT_QPA_PLATFORM=offscreen)::

    from PySide6.QtWidgets import QApplication
    from hexwright.app.editor.window import EditorWindow
    from hexwright.app.editor.hex_kind import stamp_brush
    from hexwright.app.editor.document import MapDocument

    app = QApplication.instance() or QApplication([])
    win = EditorWindow(settings=QSettings(ini_path, QSettings.Format.IniFormat))  # or EditorWindow()
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

from typing import TYPE_CHECKING

from hexwright.app.hexmap.canvas import MapCanvas
from hexwright.engine.hexgrid import Hex, Hexside, hexside_of
from hexwright.engine.model.hexmap import MapChange
from PySide6.QtCore import QPointF, QRectF, QTimer
from PySide6.QtGui import QColor

from .commands import PaintTerrain, SetElevation
from .counter_layer import CounterLayer
from .document import MapDocument
from .hex_docks import DockLayout
from .hex_mapmenu import MapMenuActions
from .hex_menus import MenuBuilder
from .hex_scenario import ScenarioActions
from .kinds import HEX
from .mapview import MapView
from .panels import (
    describe_hexside,
)
from .preferences import Preferences
from .tools import TOOL_CLASSES, BrushState, Tool

if TYPE_CHECKING:  # imported when the first scenario is opened (its panels take a while to import)
    from .scenario_panels import ScenarioPanels
    from .window import EditorWindow


def stamp_brush(win: EditorWindow, h: Hex) -> None:
    """One stamp of the terrain brush at a hex, through the tool's own mouse handlers."""
    win.set_tool("brush")
    tool = win.tools["brush"]
    hexes = win.kind_editor
    assert isinstance(hexes, HexKindEditor), "the brush paints on hex maps"
    ev = hexes.view.tool_event_at_hex(h)
    tool.mouse_press(ev)
    tool.mouse_release(ev)


class HexKindEditor(MenuBuilder, DockLayout, MapMenuActions, ScenarioActions):
    """A hex map's view, tools, panels, menus and clipboard in the editor window `win`: the parts
    (hex_*.py) hold the actions and menus, docks and layout, the Map menu and the scenario's parts;
    this class builds them and holds the selection, tools and palette."""

    kind = HEX

    def __init__(self, win: EditorWindow) -> None:
        super().__init__(win)
        self.brush = BrushState()
        self.canvas: MapCanvas = None  # type: ignore[assignment]  # None only until the first document
        self.selected_hex: Hex | None = None
        self.selected_side: Hexside | None = None
        self.selected_hexes: list[Hex] = []  # the hexes cut, copy and Make Stamp work on
        self.selected_unit: str | None = None
        self._opacity_stroke: int | None = None
        self._scenario_panels: ScenarioPanels | None = None
        self._panels_pending = False  # scenario docks wanted but not built yet (see _sync_scenario_ui)
        self._painted = False  # the map view has been painted once

    @property
    def document(self) -> MapDocument:
        return self.win.document

    def make_view(self) -> MapView:
        self.view = MapView(self.win)
        self.view.file_drop_handler = self.win  # maps and scenarios dropped on the view open
        return self.view

    def build(self) -> None:
        win = self.win
        self.tools: dict[str, Tool] = {cls.name: cls(self) for cls in TOOL_CLASSES}
        for tool in self.tools.values():
            tool.statusChanged.connect(self._tool_status)
        self._validate_timer = QTimer(win)
        self._validate_timer.setSingleShot(True)
        self._validate_timer.setInterval(1200)
        self._validate_timer.timeout.connect(self.revalidate)
        self._scenario_timer = QTimer(win)  # scenario edits re-validate sooner (debounced)
        self._scenario_timer.setSingleShot(True)
        self._scenario_timer.setInterval(300)
        self._scenario_timer.timeout.connect(self.revalidate)
        self.counter_layer = CounterLayer(win)
        self.counter_layer.unit_selected.connect(lambda uid: self.select_unit(uid, source="map"))
        self.view.counter_handler = self.counter_layer
        from .clipboard import HexClipboard

        self.clipboard = HexClipboard(win)
        self._build_actions()
        self._build_toolbars()
        self._build_docks()
        self._build_status()
        self.view.hexHovered.connect(self._hovered)
        self.view.firstPainted.connect(self.view_painted)

    def started(self) -> None:
        self.set_tool("brush")

    # -- EditorContext for the tools -------------------------------------------------------------
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
        self.palette_panel.radius.blockSignals(True)
        self.palette_panel.radius.setValue(self.brush.radius)
        self.palette_panel.radius.blockSignals(False)
        if self.document is not None:
            self.palette_panel.set_map(self.document.map)
        self.mark_palette()
        if self.view.tool is not None:
            self._tool_status(self.view.tool.status_text())

    def mark_palette(self) -> None:
        """Highlight in the palette what the active tool paints with (nothing for tools that use none)."""
        self.palette_panel.follow_tool(self.view.tool.name if self.view.tool is not None else "", self.brush)

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

    # -- document ----------------------------------------------------------------------------------
    def leave_document(self, old: MapDocument | None) -> None:
        if self.canvas is not None:
            self.canvas.detach()
        if old is not None:
            old.map.unsubscribe(self._map_changed)
            old.kindChanged.disconnect(self._sync_scenario_ui)
            old.scenario_changed.disconnect(self._scenario_changed)

    def show_document(self, doc: MapDocument) -> None:
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
        self.diagnostics.set_diagnostics(doc.load_diagnostics)
        self._validate_timer.start()

    def map_layers(self) -> MapCanvas | None:
        return self.canvas

    def map_rect(self) -> QRectF:
        return self.canvas.geometry.map_rect

    def apply_preferences(self, prefs: Preferences) -> None:
        pen = self.view.selection.pen()
        pen.setColor(QColor(prefs.selection))
        self.view.selection.setPen(pen)

    def document_saved(self) -> None:
        if self.canvas is not None and self.document is not None:
            self.canvas.base_dir = self.document.map_dir  # the scan's path is relative to the new folder

    def _map_changed(self, change: MapChange) -> None:
        if change.kind in ("regions",) and not change.hexes:
            self.palette_changed()
        if change.kind == "grid":
            self.win.overview.set_scene(self.view.scene(), self.canvas.geometry.map_rect)
            self.counter_layer.rebuild()  # new geometry: counters go to their hexes' new centres
        if change.kind == "underlay":
            self.win.sync_layers_panel()
        if self.selected_hex is not None and (not change.hexes or self.selected_hex in change.hexes):
            self.properties.show_hex(self.document.map, self.canvas.label, self.selected_hex)
            self.hex_editor.show_hex(self.document.map, self.selected_hex)
        elif self.selected_side is not None and change.kind == "hexside" and self.selected_side in change.hexsides:
            self.properties.show_hexside(self.document.map, self.selected_side)
        self.win.overview.schedule()
        if self.document is not None and self.document.scenario is not None:
            self._validate_timer.start()

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

    def centre_on(self, p: QPointF) -> None:
        self.view.centerOn(p)
