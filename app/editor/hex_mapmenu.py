"""The hex kind's File > Import and Export (Tiled, VASSAL, map picture), its Map menu (scan
underlay, fit grid, terrain from a scan, properties) and the region buttons of the terrain palette."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QFileDialog,
    QMessageBox,
)

from .commands import ResizeGrid, SetMapProperties, SetUnderlay
from .hex_base import HexKindBase

SCAN_FILTER = "Scanned maps (*.png *.jpg *.jpeg *.gif *.tif *.tiff *.bmp);;All files (*)"


class MapMenuActions(HexKindBase):
    def load_scan_underlay(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self.win, "Load a scanned map", self.win._last_dir(), SCAN_FILTER)
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
                QMessageBox.information(self.win, "Fit grid", f"The scanned underlay {m.underlay.image} is missing; "
                                        "load it again.")
                self.load_scan_underlay()
                return
            image_path = str(found)
        try:
            from .digitize import FitGridDialog
        except ImportError as exc:
            QMessageBox.information(self.win, "Fit grid", f"Digitizing is not available in this build ({exc}).")
            return
        dlg = FitGridDialog(m, image_path, self.win)
        if dlg.exec() == FitGridDialog.DialogCode.Accepted:
            self.document.push(SetUnderlay(m, dlg.underlay(), "Fit grid to scan"))
            self.win.sync_layers_panel()

    def propose_terrain(self) -> None:
        m = self.document.map
        if m.underlay is None:
            QMessageBox.information(self.win, "Terrain from scan", "Load a scan underlay and fit the grid first.")
            return
        try:
            from .sampling import TerrainProposalDialog
        except ImportError as exc:
            QMessageBox.information(self.win, "Terrain from scan", f"Not available in this build ({exc}).")
            return
        try:
            dlg = TerrainProposalDialog(m, self.win, base_dir=self.document.map_dir)
        except TypeError:
            dlg = TerrainProposalDialog(m, self.win)
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
        dlg = MapPropertiesDialog(m, self.win)
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

    def new_region(self) -> None:
        from .tools.annotate import RegionTool

        tool = self.tools["region"]
        assert isinstance(tool, RegionTool)
        tool.create_region()

    def rename_region(self) -> None:
        import copy

        from .commands import ChangeRegion
        from .tools.annotate import _ask_text

        m = self.document.map
        name = self.brush.region
        if name not in m.regions:
            self.show_status("Choose a region in the palette first")
            return
        new = _ask_text(self.win, "Rename region", "New name:", name)
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

    def import_tiled(self, _checked: bool = False, path: str | None = None) -> bool:
        from .interchange_actions import import_tiled

        return import_tiled(self.win, path)

    def import_vassal(self, _checked: bool = False, path: str | None = None) -> bool:
        from .interchange_actions import import_vassal

        return import_vassal(self.win, path) is not None

    def export_tiled(self) -> None:
        from .interchange_actions import export_tiled

        export_tiled(self.win)

    def export_vassal(self) -> None:
        from .interchange_actions import export_vassal

        export_vassal(self.win)

    def export(self) -> None:
        try:
            from .dialogs.export_dialog import ExportDialog
        except ImportError as exc:
            QMessageBox.information(self.win, "Export", f"Export is not available in this build ({exc}).")
            return
        dlg = ExportDialog(self.document.map, self.win)
        dlg.set_units(self.prefs.units)  # Preferences: printed sizes in mm or inches
        dlg.exec()
