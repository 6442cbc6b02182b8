"""Drawing an area map (Storm over Arnhem): areas filled by terrain, perimeter zones hatched, area
numbers at each area's pole of inaccessibility, set-up zone letters, victory-point badges, and the
borders by kind (open, river, bridge, ramp, perimeter; 'none' dotted), with a legend band under the map; the scanned
underlay under it all when asked. `export_area_map` writes PNG, SVG or PDF (one page) atomically,
with the writers app/render/export.py uses for hex maps (app/render/output.py).

The playtest board and the editor draw areas with `paint_area_map` too, so a rendered map and the
screen agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hexwright.engine.model.areamap import NOT_ADJACENT, AreaMap
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
    QPolygonF,
)

from .mapdraw import paint_underlay
from .output import (
    Drawing,
    ExportError,
    export_target,
    pixel_size,
    save_png,
    write_atomically,
    write_pdf_page,
    write_svg,
)

# border kind -> (colour, width in map units, Qt pen style, inner line colour or "")
BORDER_STYLES: dict[str, tuple[str, float, Qt.PenStyle, str]] = {
    "open": ("#5b5546", 1.4, Qt.PenStyle.SolidLine, ""),
    "river": ("#3a78c8", 7.0, Qt.PenStyle.SolidLine, ""),
    "bridge": ("#222222", 9.0, Qt.PenStyle.SolidLine, "#d8d2c0"),
    "ramp": ("#222222", 5.0, Qt.PenStyle.DashLine, ""),
    "perimeter": ("#b02020", 3.0, Qt.PenStyle.DashLine, ""),
    NOT_ADJACENT: ("#888888", 2.0, Qt.PenStyle.DotLine, ""),
}
ZONE_COLORS = {"A": "#c0504d", "B": "#d07a30", "C": "#a0407a", "D": "#3a6ab0", "E": "#2f8f6f"}


@dataclass
class AreaRenderOptions:
    """What to draw on an area map."""

    numbers: bool = True
    names: bool = False
    zones: bool = True
    vp: bool = True
    borders: bool = True
    legend: bool = True  # a band under the map (export and render; the screen leaves it out)
    underlay: bool = False
    underlay_dir: str | None = None
    background: str = "#f3efe0"
    number_size: float = 26.0  # map units
    highlight: tuple[str, ...] = ()  # areas outlined (problems, selection)


def _pen(color: str, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(QColor(color), width, style)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    pen.setCosmetic(False)
    return pen


def _line_paths(geom: Any) -> QPainterPath:
    """A QPainterPath for a shapely (multi)line."""
    path = QPainterPath()
    if geom is None or geom.is_empty:
        return path
    parts = list(geom.geoms) if hasattr(geom, "geoms") else [geom]
    for part in parts:
        if part.geom_type not in ("LineString", "LinearRing"):
            continue
        coords = list(part.coords)
        if len(coords) < 2:
            continue
        path.moveTo(QPointF(*coords[0]))
        for x, y in coords[1:]:
            path.lineTo(QPointF(x, y))
    return path


def _font(px: float, bold: bool = False) -> QFont:
    f = QFont("DejaVu Sans")
    f.setPixelSize(max(1, round(px)))
    f.setBold(bold)
    return f


def paint_area_map(painter: QPainter, m: AreaMap, o: AreaRenderOptions | None = None) -> None:
    """Draw the whole area map in map units (the painter's transform gives the scale)."""
    o = o or AreaRenderOptions()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    if o.background:
        painter.fillRect(QRectF(0, 0, m.width, m.height), QColor(o.background))
    if o.underlay and m.underlay is not None:
        paint_underlay(painter, m.underlay, o.underlay_dir)
    terrain = m.terrain_table.terrain
    polys = {aid: QPolygonF([QPointF(x, y) for x, y in a.polygon]) for aid, a in m.areas.items()}
    # fills
    painter.setPen(Qt.PenStyle.NoPen)
    for aid, a in m.areas.items():
        t = terrain.get(a.terrain)
        color = QColor(t.color if t is not None else "#dddddd")
        if o.underlay and m.underlay is not None:
            color.setAlpha(110)
        painter.setBrush(QBrush(color))
        painter.drawPolygon(polys[aid])
        if "perimeter" in a.tags:
            painter.setBrush(QBrush(QColor("#b02020"), Qt.BrushStyle.BDiagPattern))
            painter.drawPolygon(polys[aid])
        if o.zones and a.zone:
            zc = QColor(ZONE_COLORS.get(a.zone, "#606060"))
            zc.setAlpha(55)
            painter.setBrush(QBrush(zc))
            painter.drawPolygon(polys[aid])
    # borders by kind
    painter.setBrush(Qt.BrushStyle.NoBrush)
    if o.borders:
        for aid in m.areas:
            painter.setPen(_pen("#5b5546", 1.0))
            painter.drawPolygon(polys[aid])
        for br in sorted(m.borders.values(), key=lambda b: (b.kind != "open", b.a, b.b)):
            if br.a not in m.areas or br.b not in m.areas or br.kind == "open":
                continue
            ink, width, style, inner = BORDER_STYLES.get(br.kind, ("#000000", 3.0, Qt.PenStyle.SolidLine, ""))
            line = m.shared_border(br.a, br.b)
            path = _line_paths(line)
            if path.isEmpty():  # set by hand between areas that do not touch: a connector between them
                (ax, ay), (bx, by) = m.centroid(br.a), m.centroid(br.b)
                path.moveTo(ax, ay)
                path.lineTo(bx, by)
                style = Qt.PenStyle.DashDotLine
            painter.setPen(_pen(ink, width, style))
            painter.drawPath(path)
            if inner:
                painter.setPen(_pen(inner, width * 0.45, style))
                painter.drawPath(path)
    for aid in o.highlight:
        if aid in polys:
            painter.setPen(_pen("#ff00a0", 5.0))
            painter.drawPolygon(polys[aid])
    # numbers, zones and victory points
    for aid, a in m.areas.items():
        cx, cy = m.centroid(aid)
        s = o.number_size
        if o.numbers:
            painter.setFont(_font(s, bold=True))
            painter.setPen(QColor("#1d1a16"))
            painter.drawText(QRectF(cx - 3 * s, cy - 0.65 * s, 6 * s, 1.3 * s), Qt.AlignmentFlag.AlignCenter, aid)
        below = cy + 0.75 * s
        if o.names and a.name:
            _paint_name(painter, m, aid, (cx, cy), s, o)
        if o.zones and a.zone:
            painter.setFont(_font(s * 0.5, bold=True))
            painter.setPen(QColor(ZONE_COLORS.get(a.zone, "#404040")))
            painter.drawText(QRectF(cx - 3 * s, below, 6 * s, 0.7 * s), Qt.AlignmentFlag.AlignCenter,
                             f"zone {a.zone}")
        if o.vp and a.vp:
            r = 0.42 * s
            bx, by = cx + 1.15 * s, cy - 0.75 * s
            painter.setPen(_pen("#6a4a00", 1.5))
            painter.setBrush(QColor("#f2c230"))
            painter.drawEllipse(QPointF(bx, by), r, r)
            painter.setFont(_font(r * 1.1, bold=True))
            painter.setPen(QColor("#3a2a00"))
            painter.drawText(QRectF(bx - r, by - r, 2 * r, 2 * r), Qt.AlignmentFlag.AlignCenter, str(a.vp))
            painter.setBrush(Qt.BrushStyle.NoBrush)
        if a.stacking is not None and o.numbers:
            painter.setFont(_font(s * 0.38))
            painter.setPen(QColor("#3a3630"))
            painter.drawText(QRectF(cx - 3 * s, cy - 1.2 * s, 6 * s, 0.5 * s), Qt.AlignmentFlag.AlignCenter,
                             f"stack {a.stacking}")
    painter.restore()


def _measure(text: str, px: float) -> float:
    return QFontMetricsF(_font(px)).horizontalAdvance(text)


def _paint_name(painter: QPainter, m: AreaMap, aid: str, centre: tuple[float, float], s: float,
                o: AreaRenderOptions) -> None:
    """The area's name inside its outline and clear of its number, zone and VP badge (app/render/arealabels.py:
    wrapped, smaller, or left out when the area has no room for it)."""
    from hexwright.app.render.arealabels import fit_label
    from shapely.geometry import Point, box
    from shapely.ops import unary_union

    a = m.areas[aid]
    cx, cy = centre
    nw = QFontMetricsF(_font(s, bold=True)).horizontalAdvance(aid) / 2 + 0.1 * s
    marks = [box(cx - nw, cy - 0.65 * s, cx + nw, cy + 0.65 * s)]
    if o.zones and a.zone:
        marks.append(box(cx - 1.6 * s, cy + 0.75 * s, cx + 1.6 * s, cy + 1.45 * s))
    if o.vp and a.vp:
        marks.append(Point(cx + 1.15 * s, cy - 0.75 * s).buffer(0.5 * s))
    lay = fit_label(a.polygon, "", a.name, "", (cx, cy + 1.0 * s), _measure, px=s * 0.42, min_px=s * 0.3,
                    min_name_px=s * 0.3, avoid=unary_union(marks))
    if not lay.lines:
        return
    painter.setFont(_font(lay.px))
    painter.setPen(QColor("#3a3630"))
    h = lay.px * 1.2
    for text, (x, y) in zip(lay.lines, lay.line_centres(), strict=True):
        painter.drawText(QRectF(x - lay.width / 2 - 2, y - h / 2, lay.width + 4, h), Qt.AlignmentFlag.AlignCenter, text)


LEGEND_ITEM = 10.0  # a legend item's width, in legend text heights


def _legend_items(m: AreaMap) -> list[tuple[str, str, object]]:
    """(kind, text, style) of each legend entry: terrain swatches, the perimeter hatch, border kinds,
    victory points, set-up zones; only what the map has."""
    items: list[tuple[str, str, object]] = []
    for code, t in m.terrain_table.terrain.items():
        if any(a.terrain == code for a in m.areas.values()):
            items.append(("swatch", t.name, t.color))
    if m.tagged("perimeter"):
        items.append(("hatch", "perimeter zone", "#b02020"))
    for k in BORDER_STYLES:
        if k != "open" and any(b.kind == k for b in m.borders.values()):
            items.append(("border", f"{k} border" if k != NOT_ADJACENT else "not adjacent", k))
    if m.vp_areas():
        items.append(("vp", "victory points", None))
    for z in sorted({a.zone for a in m.areas.values() if a.zone}):
        items.append(("zone", f"set-up zone {z}", ZONE_COLORS.get(z, "#606060")))
    return items


def _legend_metrics(m: AreaMap, o: AreaRenderOptions) -> tuple[float, int, int]:
    """Text height, items per row and rows of the legend band under the map."""
    s = max(12.0, o.number_size * 0.55)
    n = len(_legend_items(m)) if o.legend else 0
    per_row = max(1, int(m.width // (LEGEND_ITEM * s)))
    rows = -(-n // per_row) if n else 0
    return s, per_row, rows


def legend_height(m: AreaMap, o: AreaRenderOptions | None = None) -> float:
    """The height of the legend band drawn under the map (0 without a legend), in map units."""
    s, _, rows = _legend_metrics(m, o or AreaRenderOptions())
    return rows * 1.4 * s + 0.6 * s if rows else 0.0


def paint_legend(painter: QPainter, m: AreaMap, o: AreaRenderOptions | None = None) -> None:
    """The legend band under the map (from y = m.height), items left to right."""
    o = o or AreaRenderOptions()
    s, per_row, rows = _legend_metrics(m, o)
    if not rows:
        return
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.fillRect(QRectF(0, m.height, m.width, legend_height(m, o)), QColor("#ffffff"))
    painter.setFont(_font(s * 0.8))
    for k, (kind, text, style) in enumerate(_legend_items(m)):
        x = (k % per_row) * LEGEND_ITEM * s + 0.5 * s
        y = m.height + 0.3 * s + (k // per_row) * 1.4 * s + 0.7 * s
        box = QRectF(x, y - 0.45 * s, 2.2 * s, 0.9 * s)
        if kind in ("swatch", "hatch", "zone"):
            painter.setPen(_pen("#5b5546", 1.0))
            color = QColor(str(style))
            if kind == "zone":
                color.setAlpha(90)
            brush = QBrush(color, Qt.BrushStyle.BDiagPattern) if kind == "hatch" else QBrush(color)
            painter.setBrush(brush)
            painter.drawRect(box)
        elif kind == "border":
            ink, width, pen_style, inner = BORDER_STYLES[str(style)]
            painter.setPen(_pen(ink, width, pen_style))
            painter.drawLine(QPointF(x, y), QPointF(x + 2.2 * s, y))
            if inner:
                painter.setPen(_pen(inner, width * 0.45, pen_style))
                painter.drawLine(QPointF(x, y), QPointF(x + 2.2 * s, y))
        else:
            painter.setPen(_pen("#6a4a00", 1.5))
            painter.setBrush(QColor("#f2c230"))
            painter.drawEllipse(QPointF(x + 1.1 * s, y), 0.45 * s, 0.45 * s)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QColor("#1d1a16"))
        painter.drawText(QPointF(x + 2.7 * s, y + 0.3 * s), text)
    painter.restore()


def _size(m: AreaMap, scale: float, o: AreaRenderOptions | None = None) -> tuple[int, int]:
    return pixel_size(m.width, m.height + legend_height(m, o), scale)


def _paint_all(p: QPainter, m: AreaMap, options: AreaRenderOptions | None) -> None:
    paint_area_map(p, m, options)
    if (options or AreaRenderOptions()).legend:
        paint_legend(p, m, options)


def render_area_image(m: AreaMap, scale: float = 1.0, options: AreaRenderOptions | None = None) -> QImage:
    """The map (and its legend band under it) as an image, `scale` pixels per map unit."""
    w, h = _size(m, scale, options)
    img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    if img.isNull():
        raise ExportError(f"cannot allocate a {w} x {h} image")
    img.fill(QColor((options or AreaRenderOptions()).background or "#ffffff"))
    p = QPainter(img)
    try:
        p.scale(scale, scale)
        _paint_all(p, m, options)
    finally:
        p.end()
    return img


def area_drawing(m: AreaMap, options: AreaRenderOptions | None = None) -> Drawing:
    """The area map and its legend band as the file writers (output.py) take any kind of map."""
    return Drawing(m.width, m.height + legend_height(m, options), m.name or "Hexwright area map",
                   lambda p: _paint_all(p, m, options))


def export_area_map(m: AreaMap, path: str | Path, *, scale: float = 1.0, options: AreaRenderOptions | None = None,
                    page_size: str = "A4") -> list[Path]:
    """Write the area map as PNG, SVG or PDF (the whole map on one page), atomically, by the writers
    hex maps use (output.py)."""
    target, kind = export_target(path, None, scale)
    drawing = area_drawing(m, options)
    if kind == "png":
        write_atomically(target, lambda tmp: save_png(render_area_image(m, scale, options), tmp, target))
    elif kind == "svg":
        _size(m, scale, options)  # too large for the pixels it stands for: refused as PNG would be
        write_atomically(target, lambda tmp: write_svg(drawing, tmp, target, scale))
    else:
        write_atomically(target, lambda tmp: write_pdf_page(drawing, tmp, target, page_size))
    return [target]
