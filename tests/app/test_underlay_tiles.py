"""A very large scanned underlay (8000 x 6000 here, over the tiled threshold) opens through the tiled
pyramid path, draws the tiles the view exposes at the zoom's level, and shows the scan's pixels."""

from __future__ import annotations

import numpy as np
import pytest
from hexwright.engine.model.hexmap import GridSpec, HexMap, Underlay
from PIL import Image
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from tests.app.test_editor_support import make_window

pytest.importorskip("pyvips")


@pytest.fixture()
def big_scan(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXWRIGHT_SCAN_CACHE", str(tmp_path / "cache"))
    w, h = 8000, 6000
    rgb = np.empty((h, w, 3), dtype=np.uint8)
    rgb[...] = (230, 220, 180)  # paper
    rgb[:, w // 2:] = (60, 120, 200)  # the right half blue
    path = tmp_path / "big.png"
    Image.fromarray(rgb).save(path, compress_level=1)
    return path


def test_a_large_scan_opens_through_the_tiles_and_draws(qtbot, tmp_path, big_scan):
    from hexwright.app.kindbase.underlay_tiles import TiledScanItem

    m = HexMap(GridSpec(10, 8), name="big")
    # one scan pixel is 0.02 scene units: the whole scan is 160 x 120 scene units, right of the map
    m.set_underlay(Underlay(str(big_scan), (0.02, 0.0, 0.0, 0.02, 1000.0, 0.0), 1.0))
    win = make_window(qtbot, tmp_path, m)
    tiles = win.canvas.underlay.tiles
    assert isinstance(tiles, TiledScanItem)
    assert win.canvas.underlay.pixmap().isNull()  # nothing decoded whole
    assert tiles.scan.tiled and tiles.scan.levels[0] == (8000, 6000) and len(tiles.scan.levels) >= 5
    rect = win.canvas.underlay.image_scene_rect()
    assert rect.width() == pytest.approx(160.0) and rect.height() == pytest.approx(120.0)
    # the whole scan in view: a coarse level, few tiles
    win.view.fitInView(rect)
    win.view.viewport().grab()
    coarse = tiles.tiles_read
    assert 0 < coarse < 40
    # zoomed in on the paper's half: the full-size level's tiles there, and the paper's colour shows
    win.view.resetTransform()
    win.view.scale(50.0, 50.0)  # 1 scan pixel = 1 screen pixel
    win.view.centerOn(QPointF(1020.0, 60.0))
    img = win.view.viewport().grab().toImage()
    assert tiles.level_for(1.0) == 0 and tiles.tiles_read > coarse
    centre = QColor(img.pixel(img.width() // 2, img.height() // 2))
    assert abs(centre.red() - 230) <= 12 and abs(centre.blue() - 180) <= 12
    win.view.centerOn(QPointF(1140.0, 60.0))  # the blue half
    img = win.view.viewport().grab().toImage()
    centre = QColor(img.pixel(img.width() // 2, img.height() // 2))
    assert centre.blue() > centre.red() + 80
