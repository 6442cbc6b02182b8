"""The hex kind's dockable panels (terrain palette, properties, diagnostics), status bar and layout (window
geometry, dock state and the zoom and centre kept per file)."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QPointF, Qt
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QWidget,
)

from .commands import SetUnderlay, new_stroke
from .hex_base import HexKindBase
from .panels import (
    DiagnosticsPanel,
    HexEditor,
    PalettePanel,
    PropertiesPanel,
)


class DockLayout(HexKindBase):
    def _build_docks(self) -> None:
        R, L = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.LeftDockWidgetArea
        self.palette_panel = PalettePanel()
        self.palette_panel.chosen.connect(self.choose)
        self.palette_panel.radius.valueChanged.connect(self._radius_changed)
        self.palette_panel.new_region.clicked.connect(self.new_region)
        self.palette_panel.rename_region.clicked.connect(self.rename_region)
        self.palette_panel.delete_region.clicked.connect(self.delete_region)
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
        dock = self.win._dock
        self.dock_palette = dock("Terrain palette", "paletteDock", self.palette_panel, R)
        self.dock_properties = dock("Properties", "propertiesDock", properties_box, L)
        self.dock_diagnostics = dock("Diagnostics", "diagnosticsDock", self.diagnostics,
                                     Qt.DockWidgetArea.BottomDockWidgetArea)

    def arrange_docks(self) -> None:
        win = self.win
        win.tabifyDockWidget(win.dock_layers, win.dock_overview)
        win.tabifyDockWidget(self.dock_properties, win.dock_history)
        win.dock_layers.raise_()
        self.dock_properties.raise_()

    def _build_status(self) -> None:
        sb = self.win.statusBar()
        self.hex_label = QLabel("")
        self.hex_label.setMinimumWidth(360)
        self.tool_label = QLabel("")
        sb.addWidget(self.hex_label, 1)
        sb.addPermanentWidget(self.tool_label)

    def set_underlay_opacity(self, opacity: float) -> None:
        m = self.document.map if self.document else None
        if m is None or m.underlay is None:
            return
        from dataclasses import replace

        if self._opacity_stroke is None:
            self._opacity_stroke = new_stroke()
        self.document.push(SetUnderlay(m, replace(m.underlay, opacity=opacity), "Change underlay opacity",
                                       self._opacity_stroke))

    def end_opacity_stroke(self) -> None:
        self._opacity_stroke = None

    def restore_layout(self) -> None:
        win = self.win
        geo = self.settings.value("window/geometry")
        state = self.settings.value("window/state")
        if isinstance(geo, QByteArray):
            win.restoreGeometry(geo)
        else:  # first run: 1280 x 800, or the whole of a larger screen (up to 1600 x 1000)
            screen = QApplication.primaryScreen()
            avail = screen.availableGeometry() if screen is not None else None
            w, h = 1280, 800
            if avail is not None and avail.width() >= w and avail.height() >= h:
                w, h = min(avail.width(), 1600), min(avail.height(), 1000)
            win.resize(w, h)
        if isinstance(state, QByteArray):
            win.restoreState(state)
        else:  # first run: give the map most of the window
            win.resizeDocks([self.dock_diagnostics], [110], Qt.Orientation.Vertical)
            win.resizeDocks([self.dock_properties, self.dock_palette], [210, 250], Qt.Orientation.Horizontal)
            win.resizeDocks([self.dock_palette, win.dock_layers], [330, 260], Qt.Orientation.Vertical)

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
        self.settings.setValue("window/geometry", self.win.saveGeometry())
        self.settings.setValue("window/state", self.win.saveState())
        self.settings.sync()
