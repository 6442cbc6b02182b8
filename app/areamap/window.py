"""The area-map editor window: the editor opens it for File > New > Area Map… and for an area-map file or
a scenario on an area map (app/editor/mainwindow.py). The view in the middle (app/areamap/view.py), the
tools on the left (Select S, Draw area A, Split K; Merge M merges the two selected areas), the Area,
Borders, Problems, Units and Undo history panels around it. Save, Save As, Validate (F7), Export PNG
and Playtest (F5) work as for hex maps.

For scripts and tests (offscreen)::

    win = AreaMapWindow(AreaMapDocument(AreaMap(name="x")))
    win.set_tool("draw"); tool = win.tools["draw"]
    for p in points: tool.press(QPointF(*p), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    tool.key(Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier)
"""

from __future__ import annotations

from pathlib import Path

from hexwright.engine.model.hexmap import Underlay
from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QImage, QKeySequence, QPainter
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QToolBar,
    QUndoView,
    QWidget,
)

from .commands import SetMapUnderlay
from .document import AreaChange, AreaMapDocument
from .geometry import AreaGeometryError
from .panels import AreaInspector, BorderPanel, ProblemsPanel, UnitsPanel
from .tools import TOOL_CLASSES, AreaTool
from .view import AreaLayers, AreaView, geometry_path

FILE_FILTER = "Hexwright area maps and scenarios (*.yaml *.yml);;All files (*)"
SCAN_FILTER = "Scanned maps (*.png *.jpg *.jpeg *.tif *.tiff);;All files (*)"


class AreaMapWindow(QMainWindow):
    def __init__(self, document: AreaMapDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.selected: list[str] = []
        self.ask_to_save = True  # closing asks to save a modified document (scripts and tests turn it off)
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
        self.inspector.message.connect(self.show_status)
        self.borders.highlighted.connect(self._highlight_border)
        self.problems.activated_areas.connect(self.select_areas)
        self.units.place_requested.connect(lambda uids: self.place_units(uids, self.selected[-1] if self.selected
                                                                         else None))
        self.units.remove_requested.connect(lambda uids: self.place_units(uids, None))
        self.units.unit_selected.connect(self.select_unit)
        self._problem_timer = QTimer(self)
        self._problem_timer.setSingleShot(True)
        self._problem_timer.setInterval(250)
        self._problem_timer.timeout.connect(self.refresh_problems)
        self.document: AreaMapDocument | None = None
        self.layers: AreaLayers | None = None
        self.undo_view = QUndoView()
        self._build_actions()
        self._build_docks()
        self.zoom_label = QLabel()
        self.statusBar().addPermanentWidget(self.zoom_label)
        self.view.zoomChanged.connect(lambda z: self.zoom_label.setText(f"{z * 100:.0f}%"))
        self.view.hovered.connect(self._hovered)
        self.resize(1400, 900)
        self.set_document(document)
        self.set_tool("select")

    # -- construction -----------------------------------------------------------------------------
    def _action(self, text: str, slot, shortcut=None, tip: str = "") -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            a.setShortcut(QKeySequence(shortcut))
        if tip:
            a.setStatusTip(tip)
        a.triggered.connect(slot)
        self.addAction(a)
        return a

    def _build_actions(self) -> None:
        K = QKeySequence.StandardKey  # noqa: N806
        self.act_open = self._action("&Open…", self.open_dialog, K.Open)
        self.act_save = self._action("&Save", self.save, K.Save)
        self.act_save_as = self._action("Save &As…", self.save_as, K.SaveAs)
        self.act_export = self._action("&Export…", self.export_dialog, "Ctrl+E",
                                       "Export the map as PNG, SVG or PDF (as hexwright render draws it)")
        self.act_export_view = self._action("Export &View as PNG…", self.export_view_dialog,
                                            tip="The map as the editor shows it, scan and counters included")
        self.act_close = self._action("&Close", self.close, K.Close)
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
        mb = self.menuBar()
        m = mb.addMenu("&File")
        m.addActions([self.act_open, self.act_save, self.act_save_as, self.act_export, self.act_export_view])
        m.addSeparator()
        m.addAction(self.act_close)
        m = mb.addMenu("&Edit")
        m.addActions([self.act_undo, self.act_redo])
        m.addSeparator()
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
        tb.addActions([self.act_undo, self.act_redo, self.act_fit])
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, tb)

    def _dock(self, title: str, name: str, widget: QWidget, area) -> QDockWidget:
        d = QDockWidget(title, self)
        d.setObjectName(name)
        d.setWidget(widget)
        self.addDockWidget(area, d)
        self.panels_menu.addAction(d.toggleViewAction())
        return d

    def _build_docks(self) -> None:
        R, B = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.BottomDockWidgetArea  # noqa: N806
        self.dock_area = self._dock("Area", "areaDock", self.inspector, R)
        self.dock_borders = self._dock("Borders", "bordersDock", self.borders, R)
        self.dock_units = self._dock("Units", "areaUnitsDock", self.units, R)
        self.dock_problems = self._dock("Problems", "areaProblemsDock", self.problems, B)
        self.dock_undo = self._dock("Undo history", "areaUndoDock", self.undo_view, B)
        self.tabifyDockWidget(self.dock_problems, self.dock_undo)
        self.dock_problems.raise_()
        # the map gets the height; the Units list more room than the Area and Borders panels above it
        self.resizeDocks([self.dock_problems], [110], Qt.Orientation.Vertical)
        self.resizeDocks([self.dock_area, self.dock_borders, self.dock_units], [270, 150, 380],
                         Qt.Orientation.Vertical)
        self.resizeDocks([self.dock_area], [340], Qt.Orientation.Horizontal)

    # -- document -----------------------------------------------------------------------------------
    def set_document(self, doc: AreaMapDocument) -> None:
        old = self.document
        if old is not None:
            old.changed.disconnect(self._changed)
            self._stop_autosave()
            old.deleteLater()
        self.document = doc
        doc.setParent(self)
        scene = self.view.scene()
        for item in list(scene.items()):
            if item.parentItem() is None:
                scene.removeItem(item)
        self.layers = AreaLayers(scene, doc.area_map, doc.scenario, doc.base_dir)
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
        self._update_panels()
        self.refresh_problems()
        self.view.scene_rect = self.layers.map_rect()
        self.view.fit_map()
        self._update_title()
        self._start_autosave()

    # -- autosave -----------------------------------------------------------------------------------
    def _start_autosave(self) -> None:
        from .autosave import INTERVAL_MS, AreaAutosaver

        try:
            self.autosaver = AreaAutosaver(self.document, interval_ms=INTERVAL_MS, parent=self)
        except Exception as exc:  # noqa: BLE001 - autosave must never stop editing
            self.show_status(f"Autosave is off: {exc}")
            self.autosaver = None

    def _stop_autosave(self, discard: bool = False) -> None:
        saver, self.autosaver = getattr(self, "autosaver", None), None
        if saver is None:
            return
        if discard:
            try:
                saver.discard()
            except OSError:
                pass
        saver.stop()

    def _update_title(self) -> None:
        doc = self.document
        kind = "scenario on an area map" if doc.scenario is not None else "area map"
        self.setWindowTitle(f"{doc.display_name}[*] ({kind}) — Hexwright")
        self.setWindowModified(doc.modified)

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

    # -- files --------------------------------------------------------------------------------------
    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open an area map or scenario", "", FILE_FILTER)
        if path and self.maybe_save():
            self.open_path(path)

    def open_path(self, path) -> bool:
        doc, diags = AreaMapDocument.open(path)
        if doc is None:
            lines = [d.format() for d in diags] or [f"{path}: not an area map"]
            self.last_load_errors = lines
            QMessageBox.critical(self, "Cannot open the file", "\n".join(lines[:8]))
            return False
        self.set_document(doc)
        return True

    def save(self) -> bool:
        if self.document.path is None:
            return self.save_as()
        return self._save_to(self.document.path)

    def save_as(self) -> bool:
        start = str(self.document.path or "untitled-area-map.yaml")
        path, _ = QFileDialog.getSaveFileName(self, "Save as", start, FILE_FILTER)
        return self._save_to(Path(path)) if path else False

    def _save_to(self, path: Path) -> bool:
        try:
            self.document.save(path)
        except (OSError, ValueError) as exc:
            QMessageBox.critical(self, "Save failed",
                                 f"Could not save {path}:\n{exc}\n\nThe file on disk is unchanged.")
            return False
        self.layers.base_dir = self.document.base_dir
        if getattr(self, "autosaver", None) is not None:
            try:
                self.autosaver.discard()
            except OSError:
                pass
        self.show_status(f"Saved {path}")
        return True

    def maybe_save(self) -> bool:
        if not self.document.modified or not self.ask_to_save:
            return True
        answer = QMessageBox.question(
            self, "Unsaved changes", f"Save the changes to {self.document.display_name}?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

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
        from hexwright.app.editor.launchers import PLAYTEST, launch

        try:
            self.playtest_window = launch(PLAYTEST, self)
        except LookupError as exc:
            QMessageBox.information(self, "Playtest", str(exc).capitalize() + ".")

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt API
        if self.maybe_save():
            self._stop_autosave(discard=True)
            event.accept()
        else:
            event.ignore()
