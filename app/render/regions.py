"""Regions on the drawn map: set-up zones, drop zones and areas as a light tint with a line along their
boundary, and objective regions (kind `objective`) as a star marker in each hex. Shared by the export,
the editor's canvas (app/render/mapdraw.py `paint_layer`) and the set-up chart (app/render/setup.py).
"""

from __future__ import annotations

import math

import numpy as np
from hexwright.engine.hexgrid import DIRECTIONS
from hexwright.engine.model import HexMap
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from .geometry import MapGeometry
from .paths import chain_segments, chains_path, closed_rings, polygons_path


def region_paths(g: MapGeometry, hexes: frozenset) -> tuple[QPainterPath, QPainterPath, np.ndarray]:
    """A region's fill (its hexes, as the rings of their outward sides: a few edges to fill rather than six
    a hex), its boundary (the sides whose neighbour is not in it) and its hex centres, built with numpy and
    kept on the geometry per set of hexes."""
    cache = g.__dict__.setdefault("_region_paths", {})
    hit = cache.get(hexes)
    if hit is not None:
        return hit
    qr = np.array(sorted(hexes), dtype=np.int64).reshape(-1, 2)
    if len(qr) == 0:
        out = (QPainterPath(), QPainterPath(), np.zeros((0, 2)))
    else:
        centres = g.layout.hexes_to_pixels(qr.astype(float))
        lo = qr.min(axis=0) - 1
        width = int(qr[:, 1].max() - lo[1] + 2)
        steps = np.array([DIRECTIONS[d] for d in range(6)], dtype=np.int64)
        keys = (qr[:, 0] - lo[0]) * width + (qr[:, 1] - lo[1])
        nb = qr[:, None, :] + steps[None, :, :]
        outside = ~np.isin((nb[..., 0] - lo[0]) * width + (nb[..., 1] - lo[1]), keys)
        ends = centres[:, None, None, :] + g.side_offsets[None, :, :, :]  # (n, 6, 2, 2)
        sides = ends[outside]
        # the fill: the outward sides, each turned the same way round its own hex, joined into rings
        c = np.broadcast_to(centres[:, None, :], (len(qr), 6, 2))[outside]
        a, b = sides[:, 0] - c, sides[:, 1] - c
        turned = np.where((a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0] < 0)[:, None, None], sides[:, ::-1], sides)
        fill = chains_path(closed_rings(turned))
        fill.setFillRule(Qt.FillRule.WindingFill)
        out = (fill, chains_path(chain_segments(sides)), centres)
    if len(cache) > 256:
        cache.clear()
    cache[hexes] = out
    return out


def is_objective(region) -> bool:
    """Objective hexes (region kind `objective`) are marked, not tinted: they are usually towns and
    cities whose own symbols must stay readable."""
    return region.kind == "objective"


def paint_objective_marks(painter: QPainter, centres: np.ndarray, s: float, color: str) -> None:
    """A victory-objective marker in each hex: a star in a ring at the hex's lower right, as printed
    maps mark objective hexes, clear of the hex number and the town's name."""
    c = QColor(color)
    r = 0.2 * s
    star = []
    for i in range(10):
        rad = (0.78 if i % 2 == 0 else 0.33) * r
        a = math.radians(-90 + 36 * i)
        star.append((rad * math.cos(a), rad * math.sin(a)))
    star_arr = np.array(star)
    circle = np.array([(math.cos(a) * r, math.sin(a) * r) for a in np.linspace(0, 2 * math.pi, 24, endpoint=False)])
    at = centres + np.array([0.42 * s, 0.36 * s])
    painter.setPen(QPen(c, 0.05 * s))
    painter.setBrush(QColor("#fffdf3"))
    painter.drawPath(polygons_path(at[:, None, :] + circle[None, :, :]))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(c)
    painter.drawPath(polygons_path(at[:, None, :] + star_arr[None, :, :]))


def paint_regions(painter: QPainter, m: HexMap, g: MapGeometry, exposed: QRectF | None,
                  min_width: float = 0.0, names: set[str] | None = None) -> None:
    """Named regions (set-up zones, drop zones, areas) as a light tint of their colour with a line
    along their boundary; objective regions as a marker in each hex. `min_width` keeps the boundary
    visible zoomed out (scene units); `names` draws only those regions."""
    s = g.size
    for name in sorted(m.regions):
        if names is not None and name not in names:
            continue
        r = m.regions[name]
        hexes = frozenset(h for h in r.hexes if h in g.index)
        if not hexes:
            continue
        fill, outline, centres = region_paths(g, hexes)
        if exposed is not None and not fill.controlPointRect().adjusted(-s, -s, s, s).intersects(exposed):
            continue
        color = QColor(r.color) if QColor(r.color).isValid() else QColor("#c04040")
        if is_objective(r):
            paint_objective_marks(painter, centres, s, r.color)
            continue
        tint = QColor(color)
        tint.setAlpha(45)
        painter.fillPath(fill, tint)
        pen = QPen(color, max(0.06 * s, min_width))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.strokePath(outline, pen)
