"""The hex kind's dockable panels (terrain palette, properties, diagnostics), its status bar, their first
run's sizes (the window keeps its geometry, dock state, task layouts and each file's view)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

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

    def first_run_docks(self) -> None:
        """Give the map most of the window."""
        win = self.win
        win.resizeDocks([self.dock_diagnostics], [110], Qt.Orientation.Vertical)
        win.resizeDocks([self.dock_properties, self.dock_palette], [210, 250], Qt.Orientation.Horizontal)
        win.resizeDocks([self.dock_palette, win.dock_layers], [330, 260], Qt.Orientation.Vertical)
