"""The hex canvas's layers, their order and level-of-detail limits, and its geometry (hex centres,
outlines and hexside lines in scene coordinates, the hex under a point): app/hexmap/canvas.py."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import numpy as np
from hexwright.app.kindbase.underlay import UNDERLAY_Z
from hexwright.app.render.mapdraw import RenderOptions
from hexwright.engine.hexgrid import Hex, Hexside, hexside_of
from hexwright.engine.model.hexmap import HexMap
from PySide6.QtCore import QLineF, QPointF, QRectF
from PySide6.QtGui import (
    QColor,
    QPolygonF,
)

CHUNK = 16  # hexes per chunk side in the hexside index

# what the canvas draws with the export's painter (app/render/mapdraw.py): each layer draws its part;
# the background is the scene's and the frame is drawn with the grid
EDITOR_OPTIONS = RenderOptions(background="", frame=False, grid_blocks=True, static_numbers=True)

# layer id -> (title, z value); drawn bottom to top in this order
# The scan lies over the terrain fill (under everything else) so its opacity slider blends the two
# while digitizing: at 100 % the printed map shows, lower it to compare with the painted terrain.
LAYERS: dict[str, tuple[str, float]] = {
    "terrain": ("Terrain", 0.0),
    "underlay": ("Scanned underlay", UNDERLAY_Z),
    "regions": ("Regions", 1.0),
    "grid": ("Grid", 1.5),
    "hexsides": ("Hexside features", 2.0),
    "paths": ("Roads, trails, rail", 3.0),
    "labels": ("Labels and hex numbers", 5.0),
    "counters": ("Counters", 10.0),
}
FEATURES_Z = 3.5  # in-hex features (towns, villages, forts) over the roads, as the export draws them

# below these on-screen hex radii (device pixels) a layer leaves out detail
MIN_RADIUS_GRID = 5.0
MIN_RADIUS_NUMBERS = 16.0
MIN_RADIUS_FEATURES = 2.5
MIN_RADIUS_SMOOTH = 4.0
VECTOR_TERRAIN_MAX_HEXES = 3000


@dataclass
class LayerState:
    visible: bool = True
    locked: bool = False


class MapGeometry:
    """The grid's geometry for drawing: layout, the hex outline and the offset <-> axial maths."""

    def __init__(self, m: HexMap) -> None:
        g = m.grid
        self.grid = g
        self.layout = m.layout()
        self.size = g.hex_size
        self.columns, self.rows = g.columns, g.rows
        self.offset = g.offset
        self.hex_polygon = QPolygonF([QPointF(*self.layout.corner_offset(i)) for i in range(6)])
        w, h = g.pixel_size()
        self.map_rect = QRectF(0.0, 0.0, w, h)
        self.flat = g.orientation == "flat"
        self.odd = g.stagger == "odd"
        cen = self.layout.hex_to_pixel(Hex(0, 0))
        self._side_offsets = []
        for d in range(6):
            a, b = self.layout.hexside_corners(Hex(0, 0), d)
            self._side_offsets.append(((a[0] - cen[0], a[1] - cen[1]), (b[0] - cen[0], b[1] - cen[1])))

    def centre(self, h: Hex) -> QPointF:
        return QPointF(*self.layout.hex_to_pixel(h))

    def polygon(self, h: Hex) -> QPolygonF:
        x, y = self.layout.hex_to_pixel(h)
        return self.hex_polygon.translated(x, y)

    def hex_at(self, p: QPointF) -> Hex:
        return self.layout.pixel_to_hex(p.x(), p.y())

    def hex_rect(self, hexes: Iterable[Hex], margin: float = 1.1) -> QRectF:
        """The scene rectangle covering these hexes (with `margin` hex sizes around their centres)."""
        arr = np.array(list(hexes), dtype=float).reshape(-1, 2)
        if not len(arr):
            return QRectF()
        xy = self.layout.hexes_to_pixels(arr)
        m = margin * self.size
        x0, y0 = xy.min(axis=0)
        x1, y1 = xy.max(axis=0)
        return QRectF(x0 - m, y0 - m, x1 - x0 + 2 * m, y1 - y0 + 2 * m)

    def side_rect(self, sides: Iterable[Hexside]) -> QRectF:
        hexes = [h for s in sides for h in s.hexes()]
        return self.hex_rect(hexes, 0.8)

    def to_offset_arrays(self, q: np.ndarray, r: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Vectorised OffsetGrid.from_hex."""
        if self.flat:
            par = q & 1
            row = r + ((q - par) // 2 if self.odd else (q + par) // 2)
            return q, row
        par = r & 1
        col = q + ((r - par) // 2 if self.odd else (r + par) // 2)
        return col, r

    def offset_range(self, rect: QRectF, pad: int = 1) -> tuple[int, int, int, int]:
        """Columns c0..c1 and rows r0..r1 (inclusive, clamped to the map) of hexes that may touch rect."""
        to_hex, from_hex = self.layout.pixel_to_hex, self.offset.from_hex  # 4 points: plain Python is quicker
        x0, x1, y0, y1 = rect.left(), rect.right(), rect.top(), rect.bottom()
        corners = [from_hex(to_hex(x, y)) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
        cols = [c for c, _ in corners]
        rows = [r for _, r in corners]
        c0 = max(0, min(cols) - pad)
        c1 = min(self.columns - 1, max(cols) + pad)
        r0 = max(0, min(rows) - pad)
        r1 = min(self.rows - 1, max(rows) + pad)
        return c0, c1, r0, r1

    def hexes_in_rect(self, rect: QRectF, pad: int = 1) -> Iterator[Hex]:
        c0, c1, r0, r1 = self.offset_range(rect, pad)
        to_hex = self.offset.to_hex
        for c in range(c0, c1 + 1):
            for r in range(r0, r1 + 1):
                yield to_hex(c, r)

    def count_in_rect(self, rect: QRectF) -> int:
        c0, c1, r0, r1 = self.offset_range(rect)
        return max(0, c1 - c0 + 1) * max(0, r1 - r0 + 1)

    def chunk_of(self, h: Hex) -> tuple[int, int]:
        c, r = self.offset.from_hex(h)
        return c // CHUNK, r // CHUNK

    def side_midpoint(self, side: Hexside) -> QPointF:
        a, b = side.hexes()
        (ax, ay), (bx, by) = self.layout.hex_to_pixel(a), self.layout.hex_to_pixel(b)
        return QPointF((ax + bx) / 2, (ay + by) / 2)

    def side_line(self, side: Hexside) -> QLineF:
        x, y = self.layout.hex_to_pixel(side.hex)
        (px, py), (qx, qy) = self._side_offsets[side.direction]
        return QLineF(x + px, y + py, x + qx, y + qy)

    def nearest_side(self, p: QPointF) -> tuple[Hexside, float]:
        """The hexside nearest a scene point, and the distance to its midpoint in hex sizes."""
        h = self.hex_at(p)
        best: tuple[Hexside, float] | None = None
        for d in range(6):
            side = hexside_of(h, d)
            mid = self.side_midpoint(side)
            dist = math.hypot(mid.x() - p.x(), mid.y() - p.y()) / self.size
            if best is None or dist < best[1]:
                best = (side, dist)
        assert best is not None
        return best


def qcolor(text: str, fallback: str = "#ff00ff") -> QColor:
    c = QColor(text)
    return c if c.isValid() else QColor(fallback)


def screen_radius(geometry: MapGeometry, lod: float) -> float:
    return geometry.size * lod
