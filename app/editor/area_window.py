"""The editor window of the area kind (app/editor/kinds.py): an area-map file or a scenario on an area map
opens here, from File > Open in any editor window, File > New Area Map… or the command line. The view in
the middle (app/areamap/view.py), the tools on the left (Select S, Draw area A, Split K, Paint terrain B;
Merge M merges the two selected areas), the Area, Borders, Units, Layers, Overview, Problems and Undo
history panels around it. The File menu, recent files, dropped files, autosave and the recovery of
autosaved copies (untitled documents too) are the shell's, shared with the hex kind's window
(app/editor/window_files.py); Validate (F7), Export and Playtest (F5) work as for hex maps.

For scripts and tests (offscreen)::

    win = AreaMapWindow(AreaMapDocument(AreaMap(name="x")))
    win.set_tool("draw"); tool = win.tools["draw"]
    for p in points: tool.press(QPointF(*p), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    tool.key(Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from hexwright.app.areamap.commands import SetMapUnderlay
from hexwright.app.areamap.document import AreaChange, AreaMapDocument
from hexwright.app.areamap.geometry import AreaGeometryError
from hexwright.app.areamap.panels import AreaInspector, BorderPanel, ProblemsPanel, UnitsPanel
from hexwright.app.areamap.tools import TOOL_CLASSES, AreaTool
from hexwright.app.areamap.view import AREA_LAYERS, AreaLayers, AreaView, geometry_path
from hexwright.engine.model.hexmap import Underlay
from PySide6.QtCore import QRectF, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QImage, QKeySequence, QPainter
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QLabel,
    QMessageBox,
    QToolBar,
    QUndoView,
    QWidget,
)

from .area_clipboard import AreaClipboard
from .autosave import Autosaver
from .kinds import AREA
from .panels import LayersPanel, OverviewWidget
from .preferences import Preferences
from .window_base import editor_settings
from .window_files import FileOperations

SCAN_FILTER = "Scanned maps (*.png *.jpg *.jpeg *.gif *.tif *.tiff *.bmp);;All files (*)"


class AreaMapWindow(FileOperations):
    kind = AREA
    view: AreaView

    def __init__(self, document: AreaMapDocument | None = None, parent: QWidget | None = None,
                 settings: QSettings | None = None, offer_recovery: bool = False) -> None:
        """`settings`: the editor's (recent files, preferences) unless given; `offer_recovery`: once
        shown, offer the untitled documents of editors that crashed."""
        super().__init__(parent)
        self.settings = settings if settings is not None else editor_settings()
        self.prefs = Preferences.load(self.settings)
        self.autosaver: Autosaver | None = None
        self.opened_windows: list = []
        self.selected: list[str] = []
        self.selected_unit: str | None = None
        self.view = AreaView(self)
        self.setCentralWidget(self.view)
        self.tools: dict[str, AreaTool] = {cls.name: cls(self) for cls in TOOL_CLASSES}
        for t in self.tools.values():
            t.statusChanged.connect(self.show_status)
        self.tool: AreaTool | None = None
        self.inspector = AreaInspector()
        self.borders = BorderPanel()
        self.problems = ProblemsPanel()
        self.units = UnitsPanel()
        self.layers_panel = LayersPanel(layers=AREA_LAYERS)
        self.overview = OverviewWidget()
        self.inspector.message.connect(self.show_status)
        self.borders.highlighted.connect(self._highlight_border)
        self.problems.activated_areas.connect(self.select_areas)
        self.units.place_requested.connect(lambda uids: self.place_units(uids, self.selected[-1] if self.selected
                                                                         else None))
        self.units.remove_requested.connect(lambda uids: self.place_units(uids, None))
        self.units.unit_selected.connect(self.select_unit)
        self.layers_panel.visibilityChanged.connect(self.set_layer_visible)
        self.layers_panel.lockChanged.connect(self.set_layer_locked)
        self.layers_panel.opacityChanged.connect(self.set_underlay_opacity)
        self.layers_panel.opacityReleased.connect(lambda: setattr(self, "_opacity_stroke", None))
        self._opacity_stroke: int | None = None
        self.overview.navigate.connect(self.view.centerOn)
        self._problem_timer = QTimer(self)
        self._problem_timer.setSingleShot(True)
        self._problem_timer.setInterval(250)
        self._problem_timer.timeout.connect(self.refresh_problems)
        self._has_document = False
        self.undo_view = QUndoView()
        self.clipboard = AreaClipboard(self)
        self._build_actions()
        self._build_docks()
        self.zoom_label = QLabel()
        self.statusBar().addPermanentWidget(self.zoom_label)
        self.view.zoomChanged.connect(lambda z: self.zoom_label.setText(f"{z * 100:.0f}%"))
        self.view.zoomChanged.connect(lambda _z: self._viewport_moved())
        self.view.viewportMoved.connect(self._viewport_moved)
        self.view.hovered.connect(self._hovered)
        self.setAcceptDrops(True)
        self.resize(1400, 900)
        self.set_document(document if document is not None else AREA.empty_document())
        self.set_tool("select")
        if offer_recovery:
            QTimer.singleShot(0, self.offer_untitled_recovery)

    # -- construction -----------------------------------------------------------------------------
    def _action(self, text: str, slot, shortcut=None, tip: str = "") -> QAction:
        a = super()._action(text, slot, shortcut, tip)
        self.addAction(a)  # its shortcut works with the menu bar hidden too
        return a

    def _build_actions(self) -> None:
        K = QKeySequence.StandardKey
        self.build_file_actions()
        self.act_export = self._action("&Export…", self.export_dialog, "Ctrl+E",
                                       "Export the map as PNG, SVG or PDF (as hexwright render draws it)")
        self.act_export_view = self._action("Export &View as PNG…", self.export_view_dialog,
                                            tip="The map as the editor shows it, scan and counters included")
        self.act_export_vassal = self._action("Export VASSAL &Module…", self.export_vassal,
                                              tip="Export the scenario as a VASSAL module: the area map as its "
                                              "board, each area a zone, counters, set-up, reinforcements, turns")
        self.act_undo = self._action("&Undo", lambda: self.document.undo_stack.undo(), K.Undo)
        self.act_redo = self._action("&Redo", lambda: self.document.undo_stack.redo())
        self.act_redo.setShortcuts([QKeySequence(K.Redo), QKeySequence("Ctrl+Y")])
        self.act_merge = self._action("&Merge Selected Areas", self.merge_selected, "M",
                                      "Merge the two selected areas (Shift+click selects a second)")
        self.act_delete = self._action("&Delete Area", self.delete_selected)
        self.act_scan = self._action("Load Scan &Underlay…", self.load_scan_dialog)
        self.act_remove_scan = self._action("&Remove Scan Underlay", lambda: self.set_underlay(None))
        self.act_validate = self._action("&Validate", self.refresh_problems, "F7")
        self.act_fit = self._action("&Fit to Window", self.view.fit_map, "Ctrl+0")
        self.act_zoom_in = self._action("Zoom &In", self.view.zoom_in, "Ctrl+=")
        self.act_zoom_out = self._action("Zoom &Out", self.view.zoom_out, "Ctrl+-")
        self.act_playtest = self._action("&Playtest…", self.playtest, "F5", "Play the scenario on its area map")
        self.tool_actions: dict[str, QAction] = {}
        group = QActionGroup(self)
        for name, tool in self.tools.items():
            a = self._action(f"{tool.title} ({tool.shortcut})", lambda _=False, n=name: self.set_tool(n),
                             tool.shortcut, tool.help)
            a.setCheckable(True)
            group.addAction(a)
            self.tool_actions[name] = a
        for a in (self.act_new, self.act_new_area, self.act_open, self.act_save, self.act_save_as, self.act_close,
                  self.act_quit):
            self.addAction(a)
        mb = self.menuBar()
        m = self.build_file_menu()
        m.insertActions(self.file_menu_tail, [self.act_export, self.act_export_view, self.act_export_vassal])
        m.insertSeparator(self.file_menu_tail)
        m = self.build_edit_menu(self.clipboard.actions())
        m.addActions([self.act_merge, self.act_delete])
        m = mb.addMenu("&View")
        m.addActions([self.act_zoom_in, self.act_zoom_out, self.act_fit])
        self.panels_menu = m.addMenu("&Panels")
        m = mb.addMenu("&Map")
        m.addActions([self.act_scan, self.act_remove_scan])
        m.addSeparator()
        m.addAction(self.act_validate)
        m = mb.addMenu("&Tools")
        m.addActions(list(self.tool_actions.values()) + [self.act_merge])
        m = mb.addMenu("&Play")
        m.addAction(self.act_playtest)
        tb = QToolBar("Tools", self)
        tb.setObjectName("areaToolsToolbar")
        tb.addActions(list(self.tool_actions.values()) + [self.act_merge])
        tb.addSeparator()
        self.terrain_box = QComboBox()
        self.terrain_box.setToolTip("The terrain the Paint terrain tool (B) gives the areas it touches")
        self.terrain_box.activated.connect(lambda _i: self.choose_terrain(self.terrain_box.currentData()))
        tb.addWidget(self.terrain_box)
        tb.addSeparator()
        tb.addActions([self.act_undo, self.act_redo, self.act_fit])
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, tb)

    def _build_docks(self) -> None:
        R, B = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.BottomDockWidgetArea
        self.dock_area = self._dock("Area", "areaDock", self.inspector, R)
        self.dock_borders = self._dock("Borders", "bordersDock", self.borders, R)
        self.dock_units = self._dock("Units", "areaUnitsDock", self.units, R)
        self.dock_layers = self._dock("Layers", "areaLayersDock", self.layers_panel, R)
        self.dock_overview = self._dock("Overview", "areaOverviewDock", self.overview, R)
        self.dock_problems = self._dock("Problems", "areaProblemsDock", self.problems, B)
        self.dock_undo = self._dock("Undo history", "areaUndoDock", self.undo_view, B)
        self.tabifyDockWidget(self.dock_problems, self.dock_undo)
        self.tabifyDockWidget(self.dock_borders, self.dock_layers)
        self.tabifyDockWidget(self.dock_layers, self.dock_overview)
        self.dock_problems.raise_()
        self.dock_borders.raise_()
        # the map gets the height; the Units list more room than the Area and Borders panels above it
        self.resizeDocks([self.dock_problems], [110], Qt.Orientation.Vertical)
        self.resizeDocks([self.dock_area, self.dock_borders, self.dock_units], [270, 170, 360],
                         Qt.Orientation.Vertical)
        self.resizeDocks([self.dock_area], [340], Qt.Orientation.Horizontal)

    # -- layers and overview ------------------------------------------------------------------------
    def map_layers(self) -> AreaLayers | None:
        return self.layers

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
        if getattr(self, "brush_terrain", None) not in table:
            self.brush_terrain = next(iter(table), "open")
        self.terrain_box.setCurrentIndex(max(0, self.terrain_box.findData(self.brush_terrain)))

    # -- document -----------------------------------------------------------------------------------
    def set_document(self, doc: AreaMapDocument) -> None:
        old = self.document if self._has_document else None
        self._has_document = True
        if old is not None:
            old.changed.disconnect(self._changed)
            self._stop_autosave()
            old.deleteLater()
        self.document: AreaMapDocument = doc
        doc.setParent(self)
        scene = self.view.scene()
        for item in list(scene.items()):
            if item.parentItem() is None:
                scene.removeItem(item)
        self.layers: AreaLayers = AreaLayers(scene, doc.area_map, doc.scenario, doc.base_dir)
        for layer, box in self.layers_panel.visible_boxes.items():
            self.layers.set_visible(layer, box.isChecked())
            self.layers.set_locked(layer, self.layers_panel.lock_boxes[layer].isChecked())
        doc.changed.connect(self._changed)
        doc.modifiedChanged.connect(lambda _m: self._update_title())
        doc.pathChanged.connect(lambda _p: self._update_title())
        self.undo_view.setStack(doc.undo_stack)
        self.dock_units.setVisible(doc.scenario is not None)
        self.selected = []
        self.layers.rebuild()
        if self.tool is not None:
            self.tool.activate()
        self.units.set_scenario(doc.scenario)
        self._fill_terrain_box()
        self._update_panels()
        self.refresh_problems()
        self.layers_panel.sync(self.layers)
        self.view.scene_rect = self.layers.map_rect()
        self.overview.set_scene(scene, self.view.scene_rect)
        self.view.fit_map()
        self._update_title()
        self._start_autosave()

    def document_saved(self) -> None:
        if self.layers is not None and self.document is not None:
            self.layers.base_dir = self.document.base_dir  # the scan's path is relative to the new folder

    def restore_view(self) -> None:
        """An area map opens fitted to the window."""
        self.view.fit_map()

    def save_layout(self) -> None:
        """The area window keeps no layout of its own between sessions."""

    def _changed(self, change: AreaChange) -> None:
        assert self.layers is not None
        if change.underlay:
            self.layers.rebuild()
            self.view.scene_rect = self.layers.map_rect()
        elif change.geometry or change.borders or not change.placements:
            self.layers.rebuild()
        else:
            self.layers.layout_counters()
        if change.placements:
            self.units.set_scenario(self.document.scenario)
        if change.underlay:
            self.layers_panel.sync(self.layers)
        self.overview.schedule()
        self.selected = [a for a in self.selected if a in self.document.area_map.areas]
        self.layers.set_selected(self.selected)
        self._update_panels()
        self._problem_timer.start()

    def _update_panels(self) -> None:
        aid = self.selected[-1] if self.selected else None
        self.inspector.show_area(self.document, aid)
        self.borders.show_area(self.document, aid)
        self.act_merge.setEnabled(len(self.selected) == 2)

    def refresh_problems(self) -> None:
        """List the drawing's problems and highlight them (and a scenario's validation)."""
        probs = self.document.area_map.problems()
        diags = []
        if self.document.scenario is not None:
            diags = [d for d in self.document.validate() if d.severity.name in ("ERROR", "WARNING")]
        self.problems.set_problems(probs, diags)
        self.layers.set_problems(probs)
        n = len(probs)
        self.dock_problems.setWindowTitle(f"Problems ({n})" if n else "Problems")

    # -- selection ----------------------------------------------------------------------------------
    def select_areas(self, ids) -> None:
        self.selected = [a for a in ids if a in self.document.area_map.areas]
        self.layers.set_selected(self.selected)
        self.layers.set_highlight(None)
        self._update_panels()

    def select_unit(self, uid: str | None) -> None:
        self.selected_unit = uid
        if uid is not None:
            self.units.select(uid)
            where = self.document.scenario.placements.get(uid) if self.document.scenario else None
            if where in self.document.area_map.areas:
                self.select_areas([where])

    def _highlight_border(self, a: str, b: str) -> None:
        self.layers.set_highlight(geometry_path(self.document.area_map.shared_border(a, b)))

    def _hovered(self, pos) -> None:
        """The status bar describes the area under the cursor (with the Select tool; the drawing tools
        keep their own instructions there)."""
        if pos is None or self.layers is None or self.tool is None or self.tool.name != "select":
            return
        aid = self.document.area_map.area_at(pos.x(), pos.y())
        self.statusBar().showMessage(self.layers.describe(aid) if aid else f"{pos.x():.0f}, {pos.y():.0f}", 4000)

    def show_status(self, text: str) -> None:
        self.last_status = text
        self.statusBar().showMessage(text, 10000)

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
        if self.layers.underlay.error:
            self.show_status(self.layers.underlay.error)

    def load_scan_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Load a scan", "", SCAN_FILTER)
        if path:
            self.set_underlay(path)

    # -- export -------------------------------------------------------------------------------------
    def export_png(self, path: str | Path, scale: float = 1.0) -> None:
        """The map (scan, areas, borders, numbers, counters; no problems or selection) as a PNG."""
        layers = self.layers
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
        path, _ = QFileDialog.getSaveFileName(self, "Export", "area-map.png",
                                              "PNG (*.png);;SVG (*.svg);;PDF (*.pdf)")
        if path:
            from hexwright.app.render.export import ExportError

            try:
                self.export(path)
            except (OSError, ValueError, ExportError) as exc:
                QMessageBox.critical(self, "Export", str(exc))
                return
            self.show_status(f"Exported {path}")

    def export_vassal(self) -> None:
        from .interchange_actions import export_vassal

        export_vassal(cast(Any, self))

    def export_view_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export view as PNG", "area-map-view.png", "PNG (*.png)")
        if path:
            try:
                self.export_png(path)
            except OSError as exc:
                QMessageBox.critical(self, "Export", str(exc))

    def playtest(self) -> None:
        sc = self.document.scenario
        if sc is None:
            QMessageBox.information(self, "Playtest", "A playtest needs a scenario on this map (units, sides, "
                                    "rules family).")
            return
        from hexwright.engine.validation.diagnostics import has_errors

        diags = self.document.validate()
        if has_errors(diags):
            self.refresh_problems()
            QMessageBox.warning(self, "Playtest", "The scenario has errors; fix them first (Problems panel):\n\n"
                                + "\n".join(d.format() for d in diags[:5]))
            return
        from .launchers import PLAYTEST, launch

        try:
            self.playtest_window = launch(PLAYTEST, self)
        except LookupError as exc:
            QMessageBox.information(self, "Playtest", str(exc).capitalize() + ".")
