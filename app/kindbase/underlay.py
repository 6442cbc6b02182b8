"""The scanned printed map under a map of any kind, placed by the underlay's affine transform."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImageReader, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPixmapItem

UNDERLAY_Z = 0.7  # over the terrain, under everything else (the "underlay" layer of app/hexmap/canvas.py)


class UnderlayItem(QGraphicsPixmapItem):
    """The scanned printed map under the grid, placed by the underlay's affine transform."""

    layer_id = "underlay"

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(UNDERLAY_Z)
        self.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self._loaded: str | None = None
        self.error: str | None = None
        self.tiles: QGraphicsItem | None = None  # a very large scan: drawn from tiles (underlay_tiles.py)

    def has_image(self) -> bool:
        return self.tiles is not None or not self.pixmap().isNull()

    def image_scene_rect(self) -> QRectF:
        return self.tiles.sceneBoundingRect() if self.tiles is not None else self.sceneBoundingRect()

    def _set_image(self, path: Path | None) -> None:
        from .underlay_tiles import set_scan_image

        set_scan_image(self, path, load_large_pixmap)

    def show_underlay(self, underlay, base_dir: Path | None) -> None:
        if underlay is None:
            self._set_image(None)
            self._loaded = None
            return
        from hexwright.engine.model.scan_path import resolve_scan

        found = resolve_scan(underlay.image, base_dir)
        path = found if found is not None else Path(underlay.image)
        if self._loaded != str(path):
            self._set_image(found)
            self.error = None if self.has_image() else (
                f"cannot read the scan {path}" if found is not None else f"the scan {underlay.image} is missing")
            self._loaded = str(path)
        a, b, c, d, e, f = underlay.transform
        self.setTransform(QTransform(a, c, b, d, e, f))
        self.setOpacity(underlay.opacity)


def load_large_pixmap(path: Path) -> QPixmap:
    """Read a scan of any size (Qt refuses images over 256 MB by default)."""
    QImageReader.setAllocationLimit(0)
    reader = QImageReader(str(path))
    reader.setAutoTransform(True)
    img = reader.read()
    return QPixmap.fromImage(img) if not img.isNull() else QPixmap()
