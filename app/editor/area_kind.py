"""The area kind's part of the editor window (app/editor/kind_editor.py): an area-map file or a scenario
on an area map opens in an editor window with this part, from File > Open, File > New Area Map… or the
command line. The view in the middle (app/areamap/view.py), the tools on the toolbar (Select S, Draw area
A, Split K, Paint terrain B; Merge M merges the two selected areas), the Area, Borders, Units and Problems
panels; the File menu, undo and its history, the Layers and Overview panels, autosave and recovery are the
window's (app/editor/window.py), the same as for hex maps. Validate (F7), Export and Playtest (F5) work as
for hex maps.

For scripts and tests (offscreen)::

    win = EditorWindow(AreaMapDocument(AreaMap(name="x")))
    win.set_tool("draw"); tool = win.tools["draw"]
    for p in points: tool.press(QPointF(*p), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    tool.key(Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier)
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from hexwright.app.areamap.commands import SetMapUnderlay
from hexwright.app.areamap.document import AreaChange, AreaMapDocument
from hexwright.app.areamap.geometry import AreaGeometryError
from hexwright.app.areamap.panels import AreaInspector, BorderPanel, ProblemsPanel, UnitsPanel
from hexwright.app.areamap.tools import TOOL_CLASSES, AreaTool
from hexwright.app.areamap.view import AREA_LAYERS, AreaLayers, AreaView, geometry_path
from hexwright.engine.model.hexmap import Underlay
from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QImage, QPainter
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFileDialog,
    QMenu,
    QMessageBox,
    QToolBar,
)

from .area_clipboard import AreaClipboard
from .kind_editor import KindEditor
from .kinds import AREA

if TYPE_CHECKING:
    from hexwright.engine.validation import Diagnostic

    from .window import EditorWindow

SCAN_FILTER = "Scanned maps (*.png *.jpg *.jpeg *.gif *.tif *.tiff *.bmp);;All files (*)"


class AreaKindEditor(KindEditor):
    """An area map's view, tools, panels, menus and clipboard in the editor window `win`."""

    kind = AREA
    layout_key, layouts_key = "areaWindow", "areaLayouts"
    task_docks = {
        "editing": {"areaDock", "bordersDock", "layersDock", "overviewDock", "historyDock", "areaProblemsDock"},
        "setup": {"areaDock", "areaUnitsDock", "bordersDock", "layersDock", "areaProblemsDock"},
    }
    front_docks = ("bordersDock", "areaDock", "areaUnitsDock")  # raised in this order: the last shown is in front
    layer_titles = AREA_LAYERS

    def __init__(self, win: EditorWindow) -> None:
        super().__init__(win)
        self.selected: list[str] = []
        self.selected_unit: str | None = None
        self.tool: AreaTool | None = None
        self.area_layers: AreaLayers = None  # type: ignore[assignment]  # None only until the first document
        self.brush_terrain = "open"
        self._opacity_stroke: int | None = None

    @property
    def document(self) -> AreaMapDocument:
        return self.win.document

    # -- construction -----------------------------------------------------------------------------
    def make_view(self) -> AreaView:
        self.view = AreaView(self.win)
        self.view.hovered.connect(self._hovered)
        return self.view

    def build(self) -> None:
        self.tools: dict[str, AreaTool] = {cls.name: cls(self) for cls in TOOL_CLASSES}
        for t in self.tools.values():
            t.statusChanged.connect(self.show_status)
        self.inspector = AreaInspector()
        self.borders = BorderPanel()
        self.problems = ProblemsPanel()
        self.units = UnitsPanel()
        self.inspector.message.connect(self.show_status)
        self.borders.highlighted.connect(self._highlight_border)
        self.problems.activated_areas.connect(self.select_areas)
        self.units.place_requested.connect(lambda uids: self.place_units(uids, self.selected[-1] if self.selected
                                                                         else None))
        self.units.remove_requested.connect(lambda uids: self.place_units(uids, None))
        self.units.unit_selected.connect(self.select_unit)
        self._problem_timer = QTimer(self.win)
        self._problem_timer.setSingleShot(True)
        self._problem_timer.setInterval(250)
        self._problem_timer.timeout.connect(self.refresh_problems)
        self.clipboard = AreaClipboard(self.win)
        self._build_actions()
        self._build_docks()

    def _build_actions(self) -> None:
        action = self.win._action
        self.act_export = action("&Export…", self.export_dialog, "Ctrl+E",
                                 "Export the map as PNG, SVG or PDF (as hexwright render draws it)")
        self.act_export_view = action("Export &View as PNG…", self.export_view_dialog,
                                      tip="The map as the editor shows it, scan and counters included")
        self.act_export_vassal = action("Export VASSAL &Module…", self.export_vassal,
                                        tip="Export the scenario as a VASSAL module: the area map as its board, "
                                        "each area a zone, counters, set-up, reinforcements, turns")
        self.act_merge = action("&Merge Selected Areas", self.merge_selected, "M",
                                "Merge the two selected areas (Shift+click selects a second)")
        self.act_delete = action("&Delete Area", self.delete_selected)
        self.act_scan = action("Load Scan &Underlay…", self.load_scan_dialog)
        self.act_remove_scan = action("&Remove Scan Underlay", lambda: self.set_underlay(None))
        self.act_validate = action("&Validate", self.refresh_problems, "F7")
        self.tool_actions: dict[str, QAction] = {}
        group = QActionGroup(self.win)
        for name, tool in self.tools.items():
            a = action(f"{tool.title} ({tool.shortcut})", lambda _=False, n=name: self.set_tool(n),
                       tool.shortcut, tool.help)
            a.setCheckable(True)
            group.addAction(a)
            self.tool_actions[name] = a
        tb = QToolBar("Tools", self.win)
        tb.setObjectName("areaToolsToolbar")
        tb.addActions(list(self.tool_actions.values()) + [self.act_merge])
        tb.addSeparator()
        self.terrain_box = QComboBox()
        self.terrain_box.setToolTip("The terrain the Paint terrain tool (B) gives the areas it touches")
        self.terrain_box.activated.connect(lambda _i: self.choose_terrain(self.terrain_box.currentData()))
        tb.addWidget(self.terrain_box)
        tb.addSeparator()
        tb.addActions([self.win.act_undo, self.win.act_redo, self.win.act_zoom_fit])
        self.win.addToolBar(Qt.ToolBarArea.TopToolBarArea, tb)

    def file_actions(self) -> list[QAction | QMenu]:
        return [self.act_export, self.act_export_view, self.act_export_vassal]

    def clipboard_actions(self) -> list[QAction]:
        return self.clipboard.actions()

    def edit_actions(self) -> list[QAction]:
        return [self.act_merge, self.act_delete]

    def build_menus(self) -> None:
        mb = self.win.menuBar()
        m = mb.addMenu("&Map")
        m.addActions([self.act_scan, self.act_remove_scan])
        m.addSeparator()
        m.addAction(self.act_validate)
        m = mb.addMenu("&Scenario")
        m.addAction(self.dock_units.toggleViewAction())
        m.addSeparator()
        m.addAction(self.win.act_sheets)
        mb.addMenu(self.win.play_menu)
        m = mb.addMenu("&Tools")
        m.addActions(list(self.tool_actions.values()) + [self.act_merge])

    def _build_docks(self) -> None:
        R, B = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.BottomDockWidgetArea
        dock = self.win._dock
        self.dock_area = dock("Area", "areaDock", self.inspector, R)
        self.dock_borders = dock("Borders", "bordersDock", self.borders, R)
        self.dock_units = dock("Units", "areaUnitsDock", self.units, R)
        self.dock_problems = dock("Problems", "areaProblemsDock", self.problems, B)

    def arrange_docks(self) -> None:
        win = self.win
        win.tabifyDockWidget(self.dock_problems, win.dock_history)
        win.tabifyDockWidget(self.dock_borders, win.dock_layers)
        win.tabifyDockWidget(win.dock_layers, win.dock_overview)
        self.dock_problems.raise_()
        self.dock_borders.raise_()

    def first_run_docks(self) -> None:
        """The Units panel is the set-up layout's (a scenario opens in it: app/editor/workspace.py)."""
        win = self.win
        self.dock_units.hide()
        # the map gets the height; the Units list more room than the Area and Borders panels above it
        win.resizeDocks([self.dock_problems], [110], Qt.Orientation.Vertical)
        win.resizeDocks([self.dock_area, self.dock_borders, self.dock_units], [270, 170, 360],
                        Qt.Orientation.Vertical)
        win.resizeDocks([self.dock_area], [340], Qt.Orientation.Horizontal)

    def started(self) -> None:
        self.set_tool("select")

    # -- layers and overview ------------------------------------------------------------------------
    def map_layers(self) -> AreaLayers | None:
        return self.area_layers

    def map_rect(self) -> QRectF:
        return self.area_layers.map_rect()

    def end_opacity_stroke(self) -> None:
        self._opacity_stroke = None

    def set_underlay_opacity(self, opacity: float) -> None:
        doc = self.document
        if doc is None or doc.area_map.underlay is None:
            return
        from dataclasses import replace

        from hexwright.app.areamap.commands import new_stroke

        if self._opacity_stroke is None:
            self._opacity_stroke = new_stroke()
        doc.push(SetMapUnderlay(doc, replace(doc.area_map.underlay, opacity=opacity), "Change underlay opacity",
                                self._opacity_stroke))

    # -- terrain painting ---------------------------------------------------------------------------
    def choose_terrain(self, code: str | None) -> None:
        """The terrain the Paint terrain tool gives; choosing one selects that tool."""
        if code:
            self.brush_terrain = code
            i = self.terrain_box.findData(code)
            if i >= 0:
                self.terrain_box.setCurrentIndex(i)
            self.set_tool("paint")

    def _fill_terrain_box(self) -> None:
        table = self.document.area_map.terrain_table.terrain
        self.terrain_box.clear()
        for code, tt in table.items():
            self.terrain_box.addItem(tt.name or code, code)
        if self.brush_terrain not in table:
            self.brush_terrain = next(iter(table), "open")
        self.terrain_box.setCurrentIndex(max(0, self.terrain_box.findData(self.brush_terrain)))

    # -- document -----------------------------------------------------------------------------------
    def leave_document(self, old: AreaMapDocument | None) -> None:
        if old is not None:
            old.changed.disconnect(self._changed)

    def show_document(self, doc: AreaMapDocument) -> None:
        scene = self.view.scene()
        for item in list(scene.items()):
            if item.parentItem() is None:
                scene.removeItem(item)
        self.area_layers = AreaLayers(scene, doc.area_map, doc.scenario, doc.base_dir)
        doc.changed.connect(self._changed)
        self.selected = []
        self.area_layers.rebuild()
        if self.tool is not None:
            self.tool.activate()
        self.units.set_scenario(doc.scenario)
        self._fill_terrain_box()
        self._update_panels()
        self.refresh_problems()
        self.view.scene_rect = self.area_layers.map_rect()

    def document_saved(self) -> None:
        if self.area_layers is not None and self.document is not None:
            self.area_layers.base_dir = self.document.base_dir  # the scan's path is relative to the new folder

    def _changed(self, change: AreaChange) -> None:
        assert self.area_layers is not None
        if change.underlay:
            self.area_layers.rebuild()
            self.view.scene_rect = self.area_layers.map_rect()
        elif change.geometry or change.borders or not change.placements:
            self.area_layers.rebuild()
        else:
            self.area_layers.layout_counters()
        if change.placements:
            self.units.set_scenario(self.document.scenario)
        if change.underlay:
            self.win.sync_layers_panel()
        self.win.overview.schedule()
        self.selected = [a for a in self.selected if a in self.document.area_map.areas]
        self.area_layers.set_selected(self.selected)
        self._update_panels()
        self._problem_timer.start()

    def _update_panels(self) -> None:
        aid = self.selected[-1] if self.selected else None
        self.inspector.show_area(self.document, aid)
        self.borders.show_area(self.document, aid)
        self.act_merge.setEnabled(len(self.selected) == 2)

    def refresh_problems(self) -> None:
        """List the drawing's problems and highlight them (and a scenario's validation)."""
        self.show_validation(self.document.validate() if self.document.scenario is not None else [])

    def show_validation(self, diags: list[Diagnostic]) -> QDockWidget:
        """The drawing's problems and the scenario's errors and warnings `diags` in the Problems panel."""
        probs = self.document.area_map.problems()
        self.problems.set_problems(probs, [d for d in diags if d.severity.name in ("ERROR", "WARNING")])
        self.area_layers.set_problems(probs)
        n = len(probs)
        self.dock_problems.setWindowTitle(f"Problems ({n})" if n else "Problems")
        return self.dock_problems

    # -- selection ----------------------------------------------------------------------------------
    def select_areas(self, ids) -> None:
        self.selected = [a for a in ids if a in self.document.area_map.areas]
        self.area_layers.set_selected(self.selected)
        self.area_layers.set_highlight(None)
        self._update_panels()

    def select_unit(self, uid: str | None) -> None:
        self.selected_unit = uid
        if uid is not None:
            self.units.select(uid)
            where = self.document.scenario.placements.get(uid) if self.document.scenario else None
            if where in self.document.area_map.areas:
                self.select_areas([where])

    def _highlight_border(self, a: str, b: str) -> None:
        self.area_layers.set_highlight(geometry_path(self.document.area_map.shared_border(a, b)))

    def _hovered(self, pos) -> None:
        """The status bar describes the area under the cursor (with the Select tool; the drawing tools
        keep their own instructions there)."""
        if pos is None or self.area_layers is None or self.tool is None or self.tool.name != "select":
            return
        aid = self.document.area_map.area_at(pos.x(), pos.y())
        self.win.statusBar().showMessage(self.area_layers.describe(aid) if aid else f"{pos.x():.0f}, {pos.y():.0f}",
                                         4000)

    # -- tools and edits ----------------------------------------------------------------------------
    def set_tool(self, name: str) -> None:
        if self.tool is not None:
            self.tool.deactivate()
        self.tool = self.tools[name]
        self.view.handler = self.tool
        self.tool.activate()
        self.tool_actions[name].setChecked(True)
        self.view.viewport().setCursor(Qt.CursorShape.ArrowCursor if name == "select" else
                                       Qt.CursorShape.CrossCursor)

    def merge_selected(self) -> None:
        if len(self.selected) != 2:
            self.show_status("Select two neighbouring areas to merge (click one, Shift+click the other)")
            return
        keep, other = self.selected
        try:
            self.document.merge_areas(keep, other)
        except AreaGeometryError as exc:
            self.show_status(str(exc))
            return
        self.select_areas([keep])
        self.show_status(f"Area {other} merged into {keep}")

    def delete_selected(self) -> None:
        for aid in list(self.selected):
            self.document.delete_area(aid)
        self.select_areas([])

    def place_units(self, uids, area_id: str | None) -> None:
        if self.document.scenario is None:
            return
        if area_id is None and not uids:
            return
        if not uids:
            self.show_status("Select units in the Units panel first")
            return
        try:
            self.document.place_units({uid: area_id for uid in uids})
        except AreaGeometryError as exc:
            self.show_status(str(exc))
            return
        cmd = self.document.undo_stack.command(self.document.undo_stack.index() - 1)
        if cmd is not None:
            self.show_status(cmd.text())

    def set_underlay(self, path: str | None) -> None:
        if path is None:
            if self.document.area_map.underlay is not None:
                self.document.push(SetMapUnderlay(self.document, None, "Remove the scan underlay"))
            return
        p = Path(path)
        base = self.document.base_dir
        image = str(p.relative_to(base)) if base is not None and p.is_relative_to(base) else str(p)
        self.document.push(SetMapUnderlay(self.document, Underlay(image, opacity=0.85), f"Load the scan {p.name}"))
        if self.area_layers.underlay.error:
            self.show_status(self.area_layers.underlay.error)

    def load_scan_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self.win, "Load a scan", self.win._last_dir(), SCAN_FILTER)
        if path:
            self.set_underlay(path)

    # -- export -------------------------------------------------------------------------------------
    def export_png(self, path: str | Path, scale: float = 1.0) -> None:
        """The map (scan, areas, borders, numbers, counters; no problems or selection) as a PNG."""
        layers = self.area_layers
        hidden = [layers.problem_item, layers.selection_item, layers.highlight_item]
        for item in hidden:
            item.setVisible(False)
        try:
            rect = layers.map_rect()
            img = QImage(int(rect.width() * scale), int(rect.height() * scale), QImage.Format.Format_ARGB32)
            img.fill(Qt.GlobalColor.white)
            p = QPainter(img)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            self.view.scene().render(p, QRectF(img.rect()), rect)
            p.end()
            if not img.save(str(path)):
                raise OSError(f"cannot write {path}")
        finally:
            for item in hidden:
                item.setVisible(True)

    def export(self, path: str | Path) -> list[Path]:
        """The map as PNG, SVG or PDF by the file's suffix, drawn as `hexwright render` draws it (area
        numbers, VP, zones, borders by kind, the legend), written atomically."""
        from hexwright.app.render.areadraw import AreaRenderOptions, export_area_map

        base = self.document.base_dir
        options = AreaRenderOptions(underlay=self.document.area_map.underlay is not None,
                                    underlay_dir=str(base) if base is not None else None)
        return export_area_map(self.document.area_map, path, options=options)

    def export_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self.win, "Export", "area-map.png",
                                              "PNG (*.png);;SVG (*.svg);;PDF (*.pdf)")
        if path:
            from hexwright.app.render.export import ExportError

            try:
                self.export(path)
            except (OSError, ValueError, ExportError) as exc:
                QMessageBox.critical(self.win, "Export", str(exc))
                return
            self.show_status(f"Exported {path}")

    def export_vassal(self) -> None:
        from .interchange_actions import export_vassal

        export_vassal(self.win)

    def export_view_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self.win, "Export view as PNG", "area-map-view.png", "PNG (*.png)")
        if path:
            try:
                self.export_png(path)
            except OSError as exc:
                QMessageBox.critical(self.win, "Export", str(exc))
