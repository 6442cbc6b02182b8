"""File > New Area Map…: the map's name and size, and optionally the scan to draw over (the size is then
the scan's, in pixels at 100 %). The terrain table is the area map's default (engine/model/areamap.py)."""

from __future__ import annotations

from pathlib import Path

from hexwright.engine.model.areamap import AreaMap
from hexwright.engine.model.hexmap import Underlay
from PySide6.QtGui import QImageReader
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)


class NewAreaMapDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, start_dir: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle("New area map")
        self.start_dir = start_dir
        form = QFormLayout(self)
        self.name = QLineEdit("Untitled area map")
        self.width_box = QSpinBox()
        self.height_box = QSpinBox()
        for box, v in ((self.width_box, 1200), (self.height_box, 900)):
            box.setRange(50, 100000)
            box.setValue(v)
            box.setSuffix(" px")
        self.scan = QLineEdit()
        self.scan.setPlaceholderText("optional: a PNG, JPEG or TIFF scan of the printed map")
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.scan, 1)
        row.addWidget(browse)
        form.addRow("Name", self.name)
        form.addRow("Width", self.width_box)
        form.addRow("Height", self.height_box)
        form.addRow("Scan underlay", row)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Scan", self.start_dir,
                                              "Scanned maps (*.png *.jpg *.jpeg *.tif *.tiff);;All files (*)")
        if path:
            self.set_scan(path)

    def set_scan(self, path: str) -> None:
        """Use a scan: the map takes its size."""
        self.scan.setText(path)
        size = QImageReader(path).size()
        if size.isValid():
            self.width_box.setValue(size.width())
            self.height_box.setValue(size.height())

    def build_map(self) -> AreaMap:
        m = AreaMap(name=self.name.text().strip(), width=float(self.width_box.value()),
                    height=float(self.height_box.value()))
        scan = self.scan.text().strip()
        if scan:
            m.underlay = Underlay(str(Path(scan)), opacity=0.85)
        return m
