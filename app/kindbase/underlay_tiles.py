"""A very large scanned underlay drawn from tiles of an image pyramid (engine/digitize/scan.py).

A printed map scanned at 300-600 dpi runs to hundreds of megapixels: decoded whole into a pixmap it
takes a gigabyte and pans slowly. `TiledScanItem` instead draws only the tiles the view exposes, from
the pyramid level nearest the zoom (each level half the last), and keeps a bounded number of them as
pixmaps. Opening such a scan the first time makes its pyramid (streaming, in bounded memory), with a
progress dialog that can be cancelled.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from pathlib import Path

from hexwright.engine.digitize.progress import Cancelled
from hexwright.engine.digitize.scan import TILED_PIXELS, Scan, ScanError, _vips, image_size
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QPixmap
from PySide6.QtWidgets import QApplication, QGraphicsItem, QProgressDialog, QStyleOptionGraphicsItem, QWidget

TILE = 256  # pixels of a level per tile drawn
CACHED_TILES = 192  # pixmaps kept (256 x 256 x 4 bytes each: 48 MB at most)


def wants_tiles(path: Path) -> bool:
    """Whether a scan is large enough to be shown from tiles (and the tiled reader is installed)."""
    try:
        w, h = image_size(path)
    except ScanError:
        return False
    return w * h > TILED_PIXELS and _vips() is not None


def open_tiled_scan(path: Path, parent: QWidget | None = None) -> Scan | None:
    """The scan read through its tiled pyramid, with a progress dialog (Cancel) while the pyramid is
    made the first time; None when cancelled or unreadable."""
    dialog = None
    if QApplication.instance() is not None:
        dialog = QProgressDialog(f"Preparing the scan {path.name} for viewing…", "Cancel", 0, 100, parent)
        dialog.setWindowTitle("Opening scan")
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(500)

    def progress(done: int, total: int) -> bool:
        if dialog is None:
            return True
        dialog.setMaximum(total)
        dialog.setValue(done)
        QApplication.processEvents()
        return not dialog.wasCanceled()

    try:
        return Scan.open(path, progress=progress, tiled=True)
    except (Cancelled, ScanError):
        return None
    finally:
        if dialog is not None:
            dialog.close()


def set_scan_image(item, path: Path | None, load_pixmap) -> None:
    """Show a scan in the underlay item (underlay.py `UnderlayItem`): a very large one as a child
    `TiledScanItem` (so it follows the item's transform, opacity and visibility), any other as the
    item's pixmap (`load_pixmap(path)`); None clears it."""
    if item.tiles is not None:
        if item.tiles.scene() is not None:
            item.tiles.scene().removeItem(item.tiles)
        item.tiles = None
    scan = open_tiled_scan(path) if path is not None and wants_tiles(path) else None
    if scan is not None:
        item.setPixmap(QPixmap())
        item.tiles = TiledScanItem(scan, item)
    else:
        item.setPixmap(load_pixmap(path) if path is not None else QPixmap())


class TiledScanItem(QGraphicsItem):
    """A scan drawn from its pyramid's tiles, in image pixels (as a pixmap item of the full scan would)."""

    def __init__(self, scan: Scan, parent: QGraphicsItem | None = None) -> None:
        super().__init__(parent)
        self.scan = scan
        self._tiles: OrderedDict[tuple[int, int, int], QPixmap] = OrderedDict()
        self.tiles_read = 0  # tiles decoded from the pyramid (for the benchmark and tests)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self.scan.width, self.scan.height)

    def level_for(self, scale: float) -> int:
        """The pyramid level to draw at a view scale (screen pixels per scan pixel): the smallest one
        still at least as detailed as the screen."""
        if scale <= 0:
            return 0
        level = int(math.floor(math.log2(1.0 / scale))) if scale < 1 else 0
        return max(0, min(level, len(self.scan.levels) - 1))

    def _tile(self, level: int, tx: int, ty: int) -> QPixmap:
        key = (level, tx, ty)
        pix = self._tiles.get(key)
        if pix is not None:
            self._tiles.move_to_end(key)
            return pix
        lw, lh = self.scan.levels[level]
        w, h = min(TILE, lw - tx * TILE), min(TILE, lh - ty * TILE)
        rgb = self.scan.read_level_region(level, tx * TILE, ty * TILE, w, h)
        img = QImage(rgb.data, w, h, 3 * w, QImage.Format.Format_RGB888)
        pix = QPixmap.fromImage(img.copy())  # the copy owns its pixels (rgb is freed after this)
        self.tiles_read += 1
        self._tiles[key] = pix
        while len(self._tiles) > CACHED_TILES:
            self._tiles.popitem(last=False)
        return pix

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        level = self.level_for(scale)
        lw, lh = self.scan.levels[level]
        fx, fy = self.scan.width / lw, self.scan.height / lh
        exposed = option.exposedRect.intersected(self.boundingRect())
        if exposed.isEmpty():
            return
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        tx0 = max(0, int(exposed.left() / fx) // TILE)
        ty0 = max(0, int(exposed.top() / fy) // TILE)
        tx1 = min((lw - 1) // TILE, int(math.ceil(exposed.right() / fx)) // TILE)
        ty1 = min((lh - 1) // TILE, int(math.ceil(exposed.bottom() / fy)) // TILE)
        for ty in range(ty0, ty1 + 1):
            for tx in range(tx0, tx1 + 1):
                pix = self._tile(level, tx, ty)
                target = QRectF(tx * TILE * fx, ty * TILE * fy, pix.width() * fx, pix.height() * fy)
                painter.drawPixmap(target, pix, QRectF(0, 0, pix.width(), pix.height()))
