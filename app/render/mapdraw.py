"""Drawing a hex map the way a printed wargame map looks: terrain colours and patterns, a thin hex
grid, rivers and canals along hexsides, bridges and ferries across them, roads, trails and
railroads from hex centre to hex centre, towns and cities as building blocks, place names and hex
numbers.

`paint_map` draws in the scene coordinates of `HexMap.layout()` with whatever transform the painter
has, so the same code serves the editor's view (per exposed rectangle), PNG, SVG and PDF export
(app/render/export.py). Everything of one kind is drawn as one QPainterPath built with numpy
(app/render/geometry.py): one fill per terrain type, one stroke for the grid, one per hexside
feature and path type, so a 200 x 200 map costs a few dozen paint calls, not 40,000.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np
from hexwright.engine.model.hexmap import HexMap, Place
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QStaticText,
    QTransform,
)

from .geometry import (
    Group,
    MapGeometry,
    chains_path,
    groups_near,
    polygons_path,
    polylines_path,
)
from .labels import LabelBox, place_labels
from .regions import is_objective, paint_objective_marks, paint_regions, region_paths  # noqa: F401 - re-exported

CHUNK = 64  # hexes per filled path: Qt fills many small paths faster than one huge one


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
_TEXTURE_PX = 96  # texture tile in pixels; its brush transform maps it onto `_TEXTURE_HEXES` hex sizes
_TEXTURE_HEXES = 1.5


def _rng_points(seed: int, n: int) -> np.ndarray:
    """Fixed pseudo-random points in [0, 1)^2 (a Halton sequence: even, never clumped)."""
    def halton(i: int, base: int) -> float:
        f, r = 1.0, 0.0
        while i > 0:
            f /= base
            r += f * (i % base)
            i //= base
        return r

    return np.array([(halton(i + seed, 2), halton(i + seed, 3)) for i in range(1, n + 1)])


@lru_cache(maxsize=32)
def _texture(pattern: str, color: str) -> QImage | None:
    """A seamless tile for a terrain pattern, drawn in a darker tone of the terrain colour."""
    n = _TEXTURE_PX
    img = QImage(n, n, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    base = QColor(color)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)

    def wrap_draw(draw, x: float, y: float, margin: float) -> None:
        for ox in (-n, 0, n):
            for oy in (-n, 0, n):
                if -margin <= x + ox <= n + margin and -margin <= y + oy <= n + margin:
                    draw(x + ox, y + oy)

    if pattern == "woods":
        dark = base.darker(150)
        dark.setAlpha(170)
        light = base.lighter(118)
        pts = _rng_points(3, 14) * n
        for x, y in pts:
            r = n * 0.075

            def tree(cx: float, cy: float, r: float = r) -> None:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(dark)
                p.drawEllipse(QPointF(cx, cy), r, r)
                p.setBrush(light)
                p.drawEllipse(QPointF(cx - r * 0.3, cy - r * 0.3), r * 0.45, r * 0.45)

            wrap_draw(tree, x, y, r)
    elif pattern == "marsh":
        pen = QPen(QColor("#3f7f86"), n * 0.018)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pts = _rng_points(5, 9) * n
        for x, y in pts:
            def tuft(cx: float, cy: float) -> None:
                p.setPen(pen)
                w = n * 0.07
                p.drawLine(QPointF(cx - w, cy), QPointF(cx + w, cy))
                p.drawLine(QPointF(cx, cy), QPointF(cx, cy - w * 0.9))
                p.drawLine(QPointF(cx, cy), QPointF(cx - w * 0.6, cy - w * 0.7))
                p.drawLine(QPointF(cx, cy), QPointF(cx + w * 0.6, cy - w * 0.7))

            wrap_draw(tuft, x, y, n * 0.1)
    elif pattern == "broken":
        dark = base.darker(160)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(dark)
        pts = _rng_points(7, 30) * n
        for x, y in pts:
            wrap_draw(lambda cx, cy: p.drawEllipse(QPointF(cx, cy), n * 0.012, n * 0.012), x, y, 2)
    elif pattern == "rough":
        pen = QPen(base.darker(170), n * 0.016)
        pts = _rng_points(11, 10) * n
        for x, y in pts:
            def hill(cx: float, cy: float) -> None:
                p.setPen(pen)
                w = n * 0.06
                p.drawLine(QPointF(cx - w, cy + w * 0.5), QPointF(cx, cy - w * 0.5))
                p.drawLine(QPointF(cx, cy - w * 0.5), QPointF(cx + w, cy + w * 0.5))

            wrap_draw(hill, x, y, n * 0.08)
    else:
        p.end()
        return None
    p.end()
    return img


def _texture_brush(pattern: str, color: str, hex_size: float) -> QBrush | None:
    img = _texture(pattern, color)
    if img is None:
        return None
    brush = QBrush(img)
    k = hex_size * _TEXTURE_HEXES / _TEXTURE_PX
    brush.setTransform(QTransform.fromScale(k, k))
    return brush


# -- building blocks for towns and cities ------------------------------------------------------------
_CITY_BLOCKS = np.array([(-0.42, -0.3), (-0.12, -0.42), (0.2, -0.34), (0.46, -0.12), (-0.5, 0.02), (-0.2, -0.08),
                         (0.12, -0.02), (0.4, 0.2), (-0.34, 0.32), (-0.02, 0.26), (0.26, 0.44), (-0.6, -0.2)])
_TOWN_BLOCKS = np.array([(-0.16, -0.08), (0.12, -0.16), (0.04, 0.14), (-0.2, 0.2)])


def _blocks(centers: np.ndarray, offsets: np.ndarray, half: float, s: float) -> np.ndarray:
    square = np.array([(-1, -1), (1, -1), (1, 1), (-1, 1)], dtype=float) * half * s
    pos = centers[:, None, :] + offsets[None, :, :] * s  # (n, k, 2)
    return (pos[:, :, None, :] + square[None, None, :, :]).reshape(-1, 4, 2)


# -- fonts -------------------------------------------------------------------------------------------
# Fonts are made at one large pixel size and scaled by the painter: pixel sizes are whole numbers and
# point sizes depend on the device's resolution (a 600 dpi PDF), so this is the one way text comes out
# the same size, to the fraction, on every device.
FONT_PX = 100


@lru_cache(maxsize=64)
def _font(family: str, bold: bool = False, italic: bool = False, spacing: float = 0.0) -> QFont:
    f = QFont(family)
    f.setPixelSize(FONT_PX)
    f.setBold(bold)
    f.setItalic(italic)
    f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    if spacing:
        f.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 100 + spacing)
    return f


@lru_cache(maxsize=64)
def _metrics(font_key: tuple) -> QFontMetricsF:
    return QFontMetricsF(_font(*font_key))


@lru_cache(maxsize=8)
def _label_widths(font_key: tuple, labels: tuple[str, ...]) -> np.ndarray:
    """Advance widths (at FONT_PX) of the labels, summed from cached per-character advances."""
    fm = _metrics(font_key)
    advance = {ch: fm.horizontalAdvance(ch) for ch in set().union(*labels)}
    width = advance.__getitem__
    return np.fromiter((sum(map(width, text)) for text in labels), dtype=float, count=len(labels))


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
        _paint_underlay(painter, m, o)
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
        _paint_places(painter, m, g, exposed, o)
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
            _paint_places(painter, m, g, exposed, o)
        else:
            raise ValueError(f"unknown map part {part!r}")
    finally:
        painter.restore()


@lru_cache(maxsize=4)
def _scan(path: str, mtime: float) -> QImage:
    """A scanned underlay image, loaded once per file version (scans are large)."""
    return QImage(path)


def _paint_underlay(painter: QPainter, m: HexMap, o: RenderOptions) -> None:
    u = m.underlay
    if u is None or not u.visible:
        return
    path = Path(u.image)
    if not path.is_absolute() and o.underlay_dir:
        path = Path(o.underlay_dir) / path
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
        brush = _texture_brush(tt.pattern, tt.color, g.size) if o.patterns and tt is not None and tt.pattern else None
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
    path = polygons_path(polys)
    painter.setPen(QPen(QColor("#2d211a"), s * 0.018))
    painter.setBrush(fill)
    painter.drawPath(path)
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
    """Bridges drawn across their hexside, and ferries (hexside features that permit crossing)."""
    bridges = m.terrain_table.bridges
    features = m.terrain_table.hexside_features
    sides = g.sides
    s = g.size
    for i in side_idx.tolist():
        info = m.hexsides[sides.keys[i]]
        ferry = [f for f in info.features if f in features and features[f].permits_crossing]
        if info.bridge is None and not ferry:
            continue
        mid = sides.mid[i]
        along = sides.b[i] - sides.a[i]
        along = along / (np.hypot(*along) or 1.0)
        across = np.array([-along[1], along[0]])
        if info.bridge is not None:
            bt = bridges.get(info.bridge)
            color = QColor(bt.color if bt else "#505050")
            half_len, half_w = 0.36 * s, (0.1 if info.bridge != "railroad" else 0.075) * s
            corners = np.array([mid - across * half_len - along * half_w, mid + across * half_len - along * half_w,
                                mid + across * half_len + along * half_w, mid - across * half_len + along * half_w])
            painter.setPen(QPen(QColor("#151515"), s * 0.025))
            painter.setBrush(color)
            painter.drawPath(polygons_path(corners[None]))
            # the wings at each end, as printed bridge symbols have
            wing = QPen(QColor("#151515"), s * 0.03)
            wing.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(wing)
            for sign in (-1, 1):
                end = mid + across * half_len * sign
                for side_sign in (-1, 1):
                    p0 = end + along * half_w * side_sign
                    p1 = p0 + across * sign * 0.09 * s + along * side_sign * 0.09 * s
                    painter.drawLine(QPointF(*p0), QPointF(*p1))
        elif ferry:
            pen = QPen(QColor("#151515"), s * 0.04)
            pen.setDashPattern([1.2, 1.0])
            pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            painter.setPen(pen)
            p0, p1 = mid - across * 0.42 * s, mid + across * 0.42 * s
            painter.drawLine(QPointF(*p0), QPointF(*p1))
            painter.setPen(QPen(QColor("#151515"), s * 0.02))
            painter.setBrush(QColor("#f7f3e8"))
            painter.drawEllipse(QPointF(*mid), 0.07 * s, 0.07 * s)


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
        widths = cache[font_key] = _label_widths(font_key, labels)
    fm = _metrics(font_key)
    flat = m.grid.orientation == "flat"
    top = (-math.sqrt(3) / 2 * s if flat else -s * 0.62) + fm.ascent() * k + s * 0.05
    painter.save()
    painter.setFont(_font(*font_key))
    painter.setPen(QColor(o.number_color))
    painter.scale(k, k)
    xs = (g.centers[idx, 0] - widths[idx] * k / 2) / k
    ys = (g.centers[idx, 1] + top) / k
    if o.static_numbers:  # laid out once per hex and kept (the editor repaints the same hexes often)
        texts = g.__dict__.setdefault("_number_texts", {})
        asc = fm.ascent()
        font = _font(*font_key)
        for i, x, y in zip(idx.tolist(), xs.tolist(), ys.tolist(), strict=True):
            st = texts.get(i)
            if st is None:
                st = texts[i] = QStaticText(labels[i])
                st.setTextFormat(Qt.TextFormat.PlainText)
                st.prepare(QTransform(), font)
            painter.drawStaticText(QPointF(x, y - asc), st)
    else:
        for i, x, y in zip(idx.tolist(), xs.tolist(), ys.tolist(), strict=True):
            painter.drawText(QPointF(x, y), labels[i])
    painter.restore()


_PLACE_STYLE = {  # kind -> (family, size in hex sizes, bold, italic, letter spacing %, colour, y offset)
    "city": ("DejaVu Serif", 0.48, True, False, 0.0, None, 0.72),
    "town": ("DejaVu Serif", 0.34, True, False, 0.0, None, 0.56),
    "village": ("DejaVu Serif", 0.28, False, False, 0.0, None, 0.5),
    "river": ("DejaVu Serif", 0.34, False, True, 8.0, "#1f4f9a", 0.0),
    "region": ("DejaVu Serif", 0.42, True, False, 30.0, "#5a4a32", 0.0),
    "label": ("DejaVu Serif", 0.34, True, True, 0.0, "#6a1f14", 0.0),
}


def _place_style(place) -> tuple[tuple, float, str | None, float]:
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
        key, size, _color, yoff = _place_style(place)
        fm = _metrics(key)
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


def _paint_places(painter: QPainter, m: HexMap, g: MapGeometry, exposed: QRectF | None, o: RenderOptions) -> None:
    s = g.size
    for place, x, y, k in placed_names(m, g, o.place_labels, o.label_scale):
        key, _size, color, _yoff = _place_style(place)
        fm = _metrics(key)
        w = fm.horizontalAdvance(place.text) * k
        if exposed is not None and not QRectF(x - s * 0.1, y - fm.ascent() * k - s * 0.1, w + s * 0.2,
                                              fm.height() * k + s * 0.2).intersects(exposed):
            continue
        text = QPainterPath()
        text.addText(QPointF(0, 0), _font(*key), place.text)
        path = QTransform(k, 0, 0, k, x, y).map(text)
        halo = QPen(QColor(255, 253, 245, 215), s * 0.09 * place.size * o.label_scale)
        halo.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.strokePath(path, halo)
        painter.fillPath(path, QColor(color or o.place_color))
