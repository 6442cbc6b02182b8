"""Place names on a hex map: a style per kind of place, their positions (moved clear of each other, of
the map's edge and of objective markers by app/render/labels.py) and their drawing over a halo."""

from __future__ import annotations

from hexwright.engine.model.hexmap import HexMap, Place
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QTransform

from .fonts import FONT_PX, font, metrics
from .geometry import MapGeometry
from .labels import LabelBox, place_labels
from .regions import is_objective

_PLACE_STYLE = {  # kind -> (family, size in hex sizes, bold, italic, letter spacing %, colour, y offset)
    "city": ("DejaVu Serif", 0.48, True, False, 0.0, None, 0.72),
    "town": ("DejaVu Serif", 0.34, True, False, 0.0, None, 0.56),
    "village": ("DejaVu Serif", 0.28, False, False, 0.0, None, 0.5),
    "river": ("DejaVu Serif", 0.34, False, True, 8.0, "#1f4f9a", 0.0),
    "region": ("DejaVu Serif", 0.42, True, False, 30.0, "#5a4a32", 0.0),
    "label": ("DejaVu Serif", 0.34, True, True, 0.0, "#6a1f14", 0.0),
}


def place_style(place) -> tuple[tuple, float, str | None, float]:
    family, size, bold, italic, spacing, color, yoff = _PLACE_STYLE.get(place.kind, _PLACE_STYLE["label"])
    return (family, bold, italic, spacing), size, color, yoff


def placed_names(m: HexMap, g: MapGeometry, arrange: bool = True,
                 scale: float = 1.0) -> list[tuple[Place, float, float, float]]:
    """Every place name on the map as (place, x, y of its baseline start, scale of FONT_PX), moved clear
    of the other names and of the map's edge when `arrange` (app/render/labels.py); kept on the
    geometry until the places, the map or the grid change."""
    if not isinstance(g.placed, dict):
        g.placed = {}
    cached = g.placed.get((arrange, scale))
    if cached is not None:
        return cached
    s = g.size
    base: list[tuple[Place, float, float, float]] = []
    boxes: list[LabelBox] = []
    for place in m.places:
        if place.hex is None or place.hex not in g.index:
            continue
        key, size, _color, yoff = place_style(place)
        fm = metrics(key)
        k = s * size * place.size * scale / FONT_PX
        cx, cy = g.centers[g.index[place.hex]]
        w = fm.horizontalAdvance(place.text) * k
        x = cx + place.dx * s - w / 2
        y = cy + (place.dy + yoff) * s + (fm.ascent() - fm.descent()) * k / 2
        base.append((place, x, y, k))
        halo = s * 0.09 * place.size * scale / 2
        boxes.append(LabelBox(x - halo, y - fm.ascent() * k - halo, w + 2 * halo,
                              (fm.ascent() + fm.descent()) * k + 2 * halo, place.kind, place.size))
    if arrange and boxes:
        inset = 0.3 * s  # the map's edge hexes are cut by the frame's zigzag: keep names inside it
        e = g.extent.adjusted(inset, inset, -inset, -inset)
        obstacles = []  # the objective markers (paint_objective_marks: a ring of radius 0.2 at +0.42, +0.36)
        for r in m.regions.values():
            if is_objective(r):
                for h in r.hexes:
                    i = g.index.get(h)
                    if i is not None:
                        cx, cy = g.centers[i]
                        obstacles.append((cx + 0.2 * s, cy + 0.14 * s, 0.44 * s, 0.44 * s))
        moves = place_labels(boxes, (e.left(), e.top(), e.width(), e.height()), s * max(1.0, scale ** 0.5),
                             pad=0.04 * s, obstacles=obstacles)
        base = [(pl, x + dx, y + dy, k) for (pl, x, y, k), (dx, dy) in zip(base, moves, strict=True)]
    if len(g.placed) > 8:
        g.placed.clear()
    g.placed[(arrange, scale)] = base
    return base


def paint_places(painter: QPainter, m: HexMap, g: MapGeometry, exposed: QRectF | None, arrange: bool,
                 label_scale: float, default_color: str) -> None:
    """The place names, each over a light halo; only those that reach `exposed` when given."""
    s = g.size
    for place, x, y, k in placed_names(m, g, arrange, label_scale):
        key, _size, color, _yoff = place_style(place)
        fm = metrics(key)
        w = fm.horizontalAdvance(place.text) * k
        if exposed is not None and not QRectF(x - s * 0.1, y - fm.ascent() * k - s * 0.1, w + s * 0.2,
                                              fm.height() * k + s * 0.2).intersects(exposed):
            continue
        text = QPainterPath()
        text.addText(QPointF(0, 0), font(*key), place.text)
        path = QTransform(k, 0, 0, k, x, y).map(text)
        halo = QPen(QColor(255, 253, 245, 215), s * 0.09 * place.size * label_scale)
        halo.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.strokePath(path, halo)
        painter.fillPath(path, QColor(color or default_color))
