"""Drawing a hex map the way a printed wargame map looks: terrain colours and patterns, a thin hex
grid, rivers and canals along hexsides, bridges and ferries across them, roads, trails and
railroads from hex centre to hex centre, towns and cities as building blocks, place names and hex
numbers.

`paint_map` draws in the scene coordinates of `HexMap.layout()` with whatever transform the painter
has, so the same code serves the editor's view (per exposed rectangle), PNG, SVG and PDF export
(app/render/export.py). Everything of one kind is drawn as one QPainterPath built with numpy
(app/render/geometry.py): one fill per terrain type, one stroke for the grid, one per hexside
feature and path type, so a 200 x 200 map costs a few dozen paint calls, not 40,000. The terrain
patterns are in textures.py, the fonts in fonts.py, the place names in placenames.py.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
from hexwright.engine.model.hexmap import HexMap, Underlay
from hexwright.engine.model.terrain import BridgeType
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QImage,
    QPainter,
    QPen,
    QStaticText,
    QTransform,
)

from .fonts import FONT_PX, font, label_widths, metrics
from .geometry import MapGeometry
from .paths import Group, chains_path, groups_near, polygons_path, polylines_path
from .placenames import paint_places
from .regions import is_objective, paint_objective_marks, paint_regions, region_paths  # noqa: F401 - re-exported
from .textures import texture_brush

CHUNK = 64  # hexes per filled path: Qt fills many small paths faster than one huge one
BLOCK_CHUNK = 16  # hexes of town and city blocks per path (each hex draws 4 or 12 blocks)


@dataclass
class RenderOptions:
    """What to draw. Sizes are fractions of the hex size (centre to corner)."""

    terrain: bool = True
    patterns: bool = True  # woods, marsh, broken, rough textures over the terrain colour
    grid: bool = True
    hexsides: bool = True  # rivers, canals, streams, bridges, ferries
    paths: bool = True  # roads, trails, railroads
    hex_numbers: bool = True
    places: bool = True
    regions: bool = False  # set-up zones, drop zones, areas (a scenario's set-up chart draws them)
    objectives: bool = True  # objective regions' markers (map symbols, drawn with the features)
    features: bool = True  # villages, towns, cities (building blocks), fortifications
    underlay: bool = False
    underlay_dir: str | None = None  # where a relative underlay image path is looked up
    frame: bool = True
    background: str = "#f3efe0"
    grid_color: str = "#5b5546"
    grid_width: float = 0.028
    number_color: str = "#3a3630"
    number_size: float = 0.2
    place_color: str = "#1d1a16"
    smooth_paths: bool = True  # roads, trails, rail as curves through the hexside midpoints
    place_labels: bool = True  # move names clear of one another and of the map's edge
    label_scale: float = 1.0  # place names this many times their printed size (the editor, zoomed out)
    min_line_width: float = 0.0  # rivers, roads and rail at least this wide (scene units: the editor, zoomed out)
    grid_blocks: bool = False  # stroke the grid by cached blocks (the editor's many small repaints)
    static_numbers: bool = False  # hex numbers laid out once and kept (the editor)
    # drawn last, over the map, in scene coordinates (a scenario's set-up: app/render/setup.py)
    overlay: Callable[[QPainter, QRectF | None], None] | None = None


# -- textures ----------------------------------------------------------------------------------------
# -- building blocks for towns and cities ------------------------------------------------------------
_CITY_BLOCKS = np.array([(-0.42, -0.3), (-0.12, -0.42), (0.2, -0.34), (0.46, -0.12), (-0.5, 0.02), (-0.2, -0.08),
                         (0.12, -0.02), (0.4, 0.2), (-0.34, 0.32), (-0.02, 0.26), (0.26, 0.44), (-0.6, -0.2)])
_TOWN_BLOCKS = np.array([(-0.16, -0.08), (0.12, -0.16), (0.04, 0.14), (-0.2, 0.2)])


def _blocks(centers: np.ndarray, offsets: np.ndarray, half: float, s: float) -> np.ndarray:
    square = np.array([(-1, -1), (1, -1), (1, 1), (-1, 1)], dtype=float) * half * s
    pos = centers[:, None, :] + offsets[None, :, :] * s  # (n, k, 2)
    return (pos[:, :, None, :] + square[None, None, :, :]).reshape(-1, 4, 2)


# -- the painter ------------------------------------------------------------------------------------
def paint_map(painter: QPainter, m: HexMap, options: RenderOptions | None = None,
              exposed: QRectF | None = None) -> None:
    """Draw `m` in the scene coordinates of `m.layout()`; only what intersects `exposed` when given."""
    o = options or RenderOptions()
    g = MapGeometry.of(m)
    painter.save()
    try:
        _paint(painter, m, g, o, exposed)
    finally:
        painter.restore()


def _paint(painter: QPainter, m: HexMap, g: MapGeometry, o: RenderOptions, exposed: QRectF | None) -> None:
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    area = g.extent if exposed is None else exposed.intersected(g.extent.adjusted(-4, -4, 4, 4))
    if exposed is not None:
        painter.setClipRect(exposed, Qt.ClipOperation.IntersectClip)
    if o.background:
        painter.fillRect(exposed if exposed is not None else g.extent, QColor(o.background))
    if area.isEmpty():
        return
    idx = g.visible(exposed)
    if o.terrain:
        _paint_terrain(painter, m, g, idx, o)
    if o.underlay:  # over the terrain at the underlay's opacity, as when digitizing over a scan
        paint_underlay(painter, m.underlay, o.underlay_dir)
    if o.regions:
        _paint_regions(painter, m, g, idx, exposed)
    if o.grid:
        _paint_grid(painter, g, exposed, o)
    side_idx = g.sides_visible(exposed)
    if o.hexsides:
        _paint_water(painter, m, g, exposed, o)
    if o.paths:
        _paint_paths(painter, m, g, exposed, o)
    if o.hexsides:
        _paint_crossings(painter, m, g, side_idx)
    if o.features:
        _paint_features(painter, m, g, idx)
    if o.objectives:
        _paint_objectives(painter, m, g, exposed)
    if o.frame:
        _paint_frame(painter, g, exposed)
    if o.hex_numbers:
        _paint_numbers(painter, m, g, idx, o)
    if o.places:
        paint_places(painter, m, g, exposed, o.place_labels, o.label_scale, o.place_color)
    if o.overlay is not None:
        painter.save()
        o.overlay(painter, exposed)
        painter.restore()


def _paint_frame(painter: QPainter, g: MapGeometry, exposed: QRectF | None) -> None:
    if exposed is not None and g.extent.adjusted(2 * g.size, 2 * g.size, -2 * g.size, -2 * g.size).contains(exposed):
        return  # well inside the map: no part of its outline is near
    pen = QPen(QColor("#3b362c"), g.size * 0.06)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    # only the outline near what is drawn; cut beyond the reach of the pen's miter joins and caps
    painter.drawPath(chains_path(g.outline_chains_near(exposed, 3 * pen.widthF() + g.size)))


LAYER_PARTS = ("terrain", "regions", "grid", "frame", "hexsides", "paths", "crossings", "features", "numbers",
               "places")


def paint_layer(painter: QPainter, m: HexMap, part: str, exposed: QRectF | None,
                options: RenderOptions | None = None) -> None:
    """One part of `paint_map` (LAYER_PARTS), drawn exactly as the export draws it: the editor's canvas
    draws each of its layers with this (app/hexmap/canvas.py), so what it shows is what prints."""
    o = options or RenderOptions()
    g = MapGeometry.of(m)
    painter.save()
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        if part == "terrain":
            _paint_terrain(painter, m, g, g.visible(exposed), o)
        elif part == "regions":
            _paint_regions(painter, m, g, g.visible(exposed), exposed, o.min_line_width)
        elif part == "grid":
            _paint_grid(painter, g, exposed, o)
        elif part == "frame":
            _paint_frame(painter, g, exposed)
        elif part == "hexsides":
            _paint_water(painter, m, g, exposed, o)
        elif part == "crossings":
            _paint_crossings(painter, m, g, g.sides_visible(exposed))
        elif part == "paths":
            _paint_paths(painter, m, g, exposed, o)
        elif part == "features":
            _paint_features(painter, m, g, g.visible(exposed))
            if o.objectives:
                _paint_objectives(painter, m, g, exposed)
        elif part == "numbers":
            _paint_numbers(painter, m, g, g.visible(exposed), o)
        elif part == "places":
            paint_places(painter, m, g, exposed, o.place_labels, o.label_scale, o.place_color)
        else:
            raise ValueError(f"unknown map part {part!r}")
    finally:
        painter.restore()


@lru_cache(maxsize=4)
def _scan(path: str, mtime: float) -> QImage:
    """A scanned underlay image, loaded once per file version (scans are large)."""
    return QImage(path)


def paint_underlay(painter: QPainter, u: Underlay | None, underlay_dir: str | None) -> None:
    """A map's scanned underlay (a hex map's or an area map's), its relative path read from `underlay_dir`."""
    if u is None or not u.visible:
        return
    path = Path(u.image)
    if not path.is_absolute() and underlay_dir:
        path = Path(underlay_dir) / path
    try:
        img = _scan(str(path), path.stat().st_mtime)
    except OSError:
        return
    if img.isNull():
        return
    a, b, c, d, e, f = u.transform
    painter.save()
    painter.setOpacity(u.opacity)
    painter.setTransform(QTransform(a, c, b, d, e, f), True)
    painter.drawImage(QPointF(0, 0), img)
    painter.restore()


def _paint_terrain(painter: QPainter, m: HexMap, g: MapGeometry, idx: np.ndarray, o: RenderOptions) -> None:
    table = m.terrain_table.terrain
    painter.setPen(Qt.PenStyle.NoPen)
    codes = g.terrain_index[idx]
    # Under a grid, hex edges are hidden by its lines: fill without antialiasing (five times faster).
    # Without one, slightly enlarged hexes overlap so antialiased edges leave no seams.
    grow = 1.0 if o.grid else 1.012
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, not o.grid)
    # the terrain codes present, ascending (as np.unique gives them, without its import of numpy.ma)
    for i in np.flatnonzero(np.bincount(codes)):
        code = g.terrain_codes[i]
        sel = idx[codes == i]
        tt = table.get(code)
        color = QColor(tt.color if tt else "#ff00ff")
        brush = texture_brush(tt.pattern, tt.color, g.size) if o.patterns and tt is not None and tt.pattern else None
        for k in range(0, len(sel), CHUNK):
            path = polygons_path(g.polygons(sel[k:k + CHUNK], grow))
            painter.fillPath(path, color)
            if brush is not None:
                painter.fillPath(path, brush)
        if o.features and tt is not None and tt.pattern in ("city", "town"):
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            _paint_blocks(painter, g.centers[sel], g.size, tt.pattern, tt.color)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, not o.grid)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)


def _paint_blocks(painter: QPainter, centers: np.ndarray, s: float, kind: str, color: str) -> None:
    if kind == "city":
        polys = _blocks(centers, _CITY_BLOCKS, 0.11, s)
        fill = QColor("#6e4a3c")
    else:
        polys = _blocks(centers, _TOWN_BLOCKS, 0.085, s)
        fill = QColor("#7a4b38")
    painter.setPen(QPen(QColor("#2d211a"), s * 0.018))
    painter.setBrush(fill)
    # a path a few hexes' blocks at a time: Qt fills one path of a whole band's 17,000 blocks four times
    # slower than the same blocks in paths of 16 hexes (a hex's blocks stay in one path: they overlap)
    per = max(1, len(polys) // max(1, len(centers))) * BLOCK_CHUNK
    for k in range(0, len(polys), per):
        painter.drawPath(polygons_path(polys[k:k + per]))
    painter.setPen(Qt.PenStyle.NoPen)


def _paint_regions(painter: QPainter, m: HexMap, g: MapGeometry, idx: np.ndarray, exposed: QRectF | None,
                   min_width: float = 0.0) -> None:
    """The regions that are tinted (objectives are map symbols, drawn with the features)."""
    names = {n for n, r in m.regions.items() if not is_objective(r)}
    if names:
        paint_regions(painter, m, g, exposed, min_width, names)


def _paint_objectives(painter: QPainter, m: HexMap, g: MapGeometry, exposed: QRectF | None) -> None:
    names = {n for n, r in m.regions.items() if is_objective(r)}
    if names:
        paint_regions(painter, m, g, exposed, names=names)


def _paint_grid(painter: QPainter, g: MapGeometry, exposed: QRectF | None, o: RenderOptions) -> None:
    pen = QPen(QColor(o.grid_color), g.size * o.grid_width)
    pen.setCapStyle(Qt.PenCapStyle.SquareCap)  # round caps cost ten times as much to stroke
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    if exposed is not None and not o.grid_blocks:
        # one path of just the edges that reach the exposed area: blocks of the grid would stroke each
        # edge in every band it reaches, and twice where blocks meet
        painter.drawPath(polylines_path(g.grid_segments_near(exposed, 2 * pen.widthF())))
        return
    for group in groups_near(g.grid_groups(), exposed, 2 * pen.widthF()):
        painter.drawPath(group.path("segments"))


def _stroke_groups(painter: QPainter, groups: list[Group], exposed: QRectF | None, pens: list[QPen],
                   smooth: bool = False) -> None:
    margin = max(p.widthF() for p in pens)
    kind = "smooth" if smooth else "chains"
    paths = [gr.path(kind) for gr in groups_near(groups, exposed, margin)]
    for pen in pens:
        for path in paths:
            painter.strokePath(path, pen)


def _paint_water(painter: QPainter, m: HexMap, g: MapGeometry, exposed: QRectF | None, o: RenderOptions) -> None:
    """Hexside features drawn along the hexside: rivers, canals, streams, slopes... (not ferries)."""
    table = m.terrain_table.hexside_features
    present = g.present()[0]
    s = g.size
    for f in sorted((f for f in present if f in table and not table[f].permits_crossing),
                    key=lambda f: (-table[f].width, f)):
        ft = table[f]
        width = max(ft.width * s, 0.5, o.min_line_width)
        color = QColor(ft.color)
        pens = [QPen(QColor(color).darker(140), width * 1.3), QPen(color, width)]
        for pen in pens:
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        _stroke_groups(painter, g.feature_groups(f), exposed, pens)


def _paint_paths(painter: QPainter, m: HexMap, g: MapGeometry, exposed: QRectF | None, o: RenderOptions) -> None:
    """Roads, trails and railroads: railroads under trails under roads."""
    table = m.terrain_table.paths
    present = {p for p in g.present()[1] if p in table}
    s = g.size

    def rank(code: str) -> tuple[int, str]:
        pt = table[code]
        return (0 if not pt.move else (1 if pt.dash else 2), code)

    for code in sorted(present, key=rank):
        pt = table[code]
        width = max(pt.width * s, 0.5, o.min_line_width)
        color = QColor(pt.color)
        if not pt.move:  # a railroad: a thin line with ties across it
            rail = QPen(color, width * 0.5)
            rail.setCapStyle(Qt.PenCapStyle.FlatCap)
            ties = QPen(color, width * 3.0)
            ties.setCapStyle(Qt.PenCapStyle.FlatCap)
            ties.setDashPattern([0.1, 0.5])
            pens = [rail, ties]
        elif pt.dash:  # a trail
            pen = QPen(color, width)
            pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            pen.setDashPattern([3.0, 2.0])
            pens = [pen]
        else:  # a road: a dark casing and the road colour over it
            pens = [QPen(QColor(color).darker(200), width * 1.55), QPen(color, width)]
            for pen in pens:
                pen.setCapStyle(Qt.PenCapStyle.RoundCap)
                pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        _stroke_groups(painter, g.path_groups(code), exposed, pens, o.smooth_paths)


def _paint_crossings(painter: QPainter, m: HexMap, g: MapGeometry, side_idx: np.ndarray) -> None:
    """Bridges drawn across their hexside, and ferries (hexside features that permit crossing).

    The bridges are drawn by kind, all of a kind in one path for their decks and one for their wings
    (the symbols of two bridges never share a pixel, so this gives the pixels of drawing them one by
    one: 17,700 bridges took 1.4 s of CPU one by one, docs/reliability.md)."""
    bridges = m.terrain_table.bridges
    sides = g.sides
    s = g.size
    mids = sides.mid  # computed once: `mid` builds the whole array (once a bridge made drawing quadratic)
    shown = np.zeros(len(sides.keys), dtype=bool)
    shown[side_idx] = True
    by_kind, every_ferry = g.crossings()
    for kind, every in by_kind.items():
        sel = every[shown[every]]
        if len(sel):
            _paint_bridges(painter, sel, mids, sides.a, sides.b, s, kind, bridges.get(kind))
    ferries = every_ferry[shown[every_ferry]].tolist()
    for i in ferries:
        mid = mids[i]
        along = sides.b[i] - sides.a[i]
        along = along / (np.hypot(*along) or 1.0)
        across = np.array([-along[1], along[0]])
        pen = QPen(QColor("#151515"), s * 0.04)
        pen.setDashPattern([1.2, 1.0])
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        painter.setPen(pen)
        p0, p1 = mid - across * 0.42 * s, mid + across * 0.42 * s
        painter.drawLine(QPointF(*p0), QPointF(*p1))
        painter.setPen(QPen(QColor("#151515"), s * 0.02))
        painter.setBrush(QColor("#f7f3e8"))
        painter.drawEllipse(QPointF(*mid), 0.07 * s, 0.07 * s)


def _paint_bridges(painter: QPainter, sel: np.ndarray, mids: np.ndarray, a: np.ndarray, b: np.ndarray, s: float,
                   kind: str, bt: BridgeType | None) -> None:
    """The bridges of one kind on the hexsides `sel`: a deck across each hexside and a wing at each corner
    of the deck, as printed bridge symbols have."""
    mid = mids[sel]
    along = b[sel] - a[sel]
    length = np.hypot(along[:, 0], along[:, 1])
    along = along / np.where(length == 0.0, 1.0, length)[:, None]
    across = np.stack([-along[:, 1], along[:, 0]], axis=1)
    half_len, half_w = 0.36 * s, (0.1 if kind != "railroad" else 0.075) * s
    corners = np.stack([mid - across * half_len - along * half_w, mid + across * half_len - along * half_w,
                        mid + across * half_len + along * half_w, mid - across * half_len + along * half_w], axis=1)
    painter.setPen(QPen(QColor("#151515"), s * 0.025))
    painter.setBrush(QColor(bt.color if bt else "#505050"))
    for k in range(0, len(corners), CHUNK):
        painter.drawPath(polygons_path(corners[k:k + CHUNK]))
    wing = QPen(QColor("#151515"), s * 0.03)
    wing.setCapStyle(Qt.PenCapStyle.RoundCap)
    painter.setPen(wing)
    wings = []
    for sign in (-1, 1):
        end = mid + across * half_len * sign
        for side_sign in (-1, 1):
            p0 = end + along * half_w * side_sign
            p1 = p0 + across * sign * 0.09 * s + along * side_sign * 0.09 * s
            wings.append(np.stack([p0, p1], axis=1))
    segments = np.stack(wings, axis=1).reshape(-1, 2, 2)
    for k in range(0, len(segments), 4 * CHUNK):
        painter.drawPath(polylines_path(segments[k:k + 4 * CHUNK]))


def _paint_features(painter: QPainter, m: HexMap, g: MapGeometry, idx: np.ndarray) -> None:
    """In-hex features (village, town, city, fortification...) by their symbol."""
    if not m.features:
        return
    shown = np.zeros(len(g.hexes), dtype=bool)
    shown[idx] = True
    s = g.size
    for (symbol, color), every in g.feature_symbols().items():
        sel = every[shown[every]]
        if len(sel) == 0:
            continue
        centers = g.centers[sel]
        if symbol in ("town", "city"):
            _paint_blocks(painter, centers, s, symbol, color)
        elif symbol == "fort":
            pen = QPen(QColor(color), s * 0.07)
            pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(polygons_path(g.polygons(sel, 0.62)))
        else:
            painter.setPen(QPen(QColor("#1b1b1b"), s * 0.02))
            painter.setBrush(QColor(color))
            r = 0.13 * s
            circle = np.array([(math.cos(a) * r, math.sin(a) * r) for a in np.linspace(0, 2 * math.pi, 16,
                                                                                     endpoint=False)])
            painter.drawPath(polygons_path(centers[:, None, :] + circle[None, :, :]))


def _paint_numbers(painter: QPainter, m: HexMap, g: MapGeometry, idx: np.ndarray, o: RenderOptions) -> None:
    s = g.size
    px = s * o.number_size
    device_px = px * math.sqrt(abs(painter.worldTransform().determinant()) or 1.0)
    if device_px < 2.5:  # unreadable at this zoom
        return
    font_key = ("DejaVu Sans Condensed", False, False, 0.0)
    labels = g.labels()
    if labels is None:  # a numbering that cannot label every hex (validation reports it)
        return
    k = px / FONT_PX
    cache = g.__dict__.setdefault("_number_widths", {})
    widths = cache.get(font_key)
    if widths is None:  # hashing 40,000 labels for the lru_cache on every repaint costs more than drawing
        widths = cache[font_key] = label_widths(font_key, labels)
    fm = metrics(font_key)
    flat = m.grid.orientation == "flat"
    top = (-math.sqrt(3) / 2 * s if flat else -s * 0.62) + fm.ascent() * k + s * 0.05
    painter.save()
    painter.setFont(font(*font_key))
    painter.setPen(QColor(o.number_color))
    painter.scale(k, k)
    xs = (g.centers[idx, 0] - widths[idx] * k / 2) / k
    ys = (g.centers[idx, 1] + top) / k
    if o.static_numbers:  # laid out once per hex and kept (the editor repaints the same hexes often)
        texts = g.__dict__.setdefault("_number_texts", {})
        asc = fm.ascent()
        number_font = font(*font_key)
        for i, x, y in zip(idx.tolist(), xs.tolist(), ys.tolist(), strict=True):
            st = texts.get(i)
            if st is None:
                st = texts[i] = QStaticText(labels[i])
                st.setTextFormat(Qt.TextFormat.PlainText)
                st.prepare(QTransform(), number_font)
            painter.drawStaticText(QPointF(x, y - asc), st)
    else:
        for i, x, y in zip(idx.tolist(), xs.tolist(), ys.tolist(), strict=True):
            painter.drawText(QPointF(x, y), labels[i])
    painter.restore()
