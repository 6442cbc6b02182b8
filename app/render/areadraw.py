"""Drawing an area map (Storm over Arnhem): areas filled by terrain, perimeter zones hatched, area
numbers at each area's pole of inaccessibility, set-up zone letters, victory-point badges, and the
borders by kind (open, river, bridge, ramp, perimeter; 'none' dotted), with a legend; the scanned
underlay under it all when asked. `export_area_map` writes PNG, SVG or PDF (one page) atomically,
as app/render/export.py does for hex maps.

The playtest board and the editor draw areas with `paint_area_map` too, so a rendered map and the
screen agree.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hexwright.engine.model.areamap import NOT_ADJACENT, AreaMap
from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPainterPath,
    QPdfWriter,
    QPen,
    QPolygonF,
)
from PySide6.QtSvg import QSvgGenerator

from .export import PAGE_SIZES, ExportError
from .mapdraw import RenderOptions, _paint_underlay

FORMATS = ("png", "svg", "pdf")
MAX_PIXELS = 20_000 * 20_000

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
    legend: bool = True
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
        _paint_underlay(painter, m, RenderOptions(underlay=True, underlay_dir=o.underlay_dir))  # type: ignore[arg-type]
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
            color, width, style, inner = BORDER_STYLES.get(br.kind, ("#000000", 3.0, Qt.PenStyle.SolidLine, ""))
            line = m.shared_border(br.a, br.b)
            path = _line_paths(line)
            if path.isEmpty():  # set by hand between areas that do not touch: a connector between them
                (ax, ay), (bx, by) = m.centroid(br.a), m.centroid(br.b)
                path.moveTo(ax, ay)
                path.lineTo(bx, by)
                style = Qt.PenStyle.DashDotLine
            painter.setPen(_pen(color, width, style))
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
            painter.setFont(_font(s * 0.42))
            painter.setPen(QColor("#3a3630"))
            painter.drawText(QRectF(cx - 5 * s, below, 10 * s, 0.6 * s), Qt.AlignmentFlag.AlignCenter, a.name)
            below += 0.6 * s
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
    if o.legend:
        _paint_legend(painter, m, o)
    painter.restore()


def _paint_legend(painter: QPainter, m: AreaMap, o: AreaRenderOptions) -> None:
    kinds = [k for k in BORDER_STYLES if any(b.kind == k for b in m.borders.values()) and k != "open"]
    zones = sorted({a.zone for a in m.areas.values() if a.zone})
    rows = len(kinds) + (1 if zones else 0) + (1 if m.vp_areas() else 0)
    if not rows:
        return
    s = max(12.0, o.number_size * 0.55)
    w, h = 14 * s, (rows + 0.6) * 1.4 * s
    x0, y0 = m.width - w - 0.5 * s, m.height - h - 0.5 * s
    painter.setPen(_pen("#5b5546", 1.0))
    painter.setBrush(QColor(255, 255, 255, 220))
    painter.drawRect(QRectF(x0, y0, w, h))
    painter.setFont(_font(s * 0.8))
    y = y0 + 0.9 * s
    for k in kinds:
        color, width, style, inner = BORDER_STYLES[k]
        painter.setPen(_pen(color, width, style))
        painter.drawLine(QPointF(x0 + 0.5 * s, y), QPointF(x0 + 3 * s, y))
        if inner:
            painter.setPen(_pen(inner, width * 0.45, style))
            painter.drawLine(QPointF(x0 + 0.5 * s, y), QPointF(x0 + 3 * s, y))
        painter.setPen(QColor("#1d1a16"))
        painter.drawText(QPointF(x0 + 3.6 * s, y + 0.3 * s), f"{k} border" if k != NOT_ADJACENT else "not adjacent")
        y += 1.4 * s
    if m.vp_areas():
        painter.setPen(_pen("#6a4a00", 1.5))
        painter.setBrush(QColor("#f2c230"))
        painter.drawEllipse(QPointF(x0 + 1.75 * s, y), 0.45 * s, 0.45 * s)
        painter.setPen(QColor("#1d1a16"))
        painter.drawText(QPointF(x0 + 3.6 * s, y + 0.3 * s), "victory points")
        y += 1.4 * s
    if zones:
        painter.setPen(QColor("#1d1a16"))
        painter.drawText(QPointF(x0 + 0.5 * s, y + 0.3 * s), "set-up zones: " + ", ".join(zones))


def _size(m: AreaMap, scale: float) -> tuple[int, int]:
    w, h = max(1, math.ceil(m.width * scale)), max(1, math.ceil(m.height * scale))
    if w * h > MAX_PIXELS:
        raise ExportError(f"{w} x {h} pixels is too large; use a smaller --scale")
    return w, h


def render_area_image(m: AreaMap, scale: float = 1.0, options: AreaRenderOptions | None = None) -> QImage:
    w, h = _size(m, scale)
    img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    if img.isNull():
        raise ExportError(f"cannot allocate a {w} x {h} image")
    img.fill(QColor((options or AreaRenderOptions()).background or "#ffffff"))
    p = QPainter(img)
    try:
        p.scale(scale, scale)
        paint_area_map(p, m, options)
    finally:
        p.end()
    return img


def export_area_map(m: AreaMap, path: str | Path, *, scale: float = 1.0, options: AreaRenderOptions | None = None,
                    page_size: str = "A4") -> list[Path]:
    """Write the area map as PNG, SVG or PDF (the whole map on one page), atomically."""
    target = Path(path)
    kind = target.suffix.lstrip(".").lower()
    if kind not in FORMATS:
        raise ExportError(f"cannot tell the format of {target.name!r}: use a .png, .svg or .pdf name")
    if scale <= 0:
        raise ExportError("the scale must be positive")
    if not target.parent.exists():
        raise ExportError(f"the folder {target.parent} does not exist")
    tmp = target.with_name(f".{target.name}.tmp")
    try:
        if kind == "png":
            if not render_area_image(m, scale, options).save(str(tmp), "PNG"):  # type: ignore[call-overload]
                raise ExportError(f"cannot write {target}")
        elif kind == "svg":
            gen = QSvgGenerator()
            gen.setFileName(str(tmp))
            w, h = _size(m, scale)
            gen.setSize(QSize(w, h))
            gen.setViewBox(QRectF(0, 0, w, h))
            gen.setTitle(m.name or "Hexwright area map")
            p = QPainter()
            if not p.begin(gen):
                raise ExportError(f"cannot write {target}")
            p.scale(scale, scale)
            paint_area_map(p, m, options)
            p.end()
        else:
            writer = QPdfWriter(str(tmp))
            writer.setResolution(300)
            writer.setTitle(m.name or "Hexwright area map")
            landscape = m.width > m.height
            writer.setPageLayout(QPageLayout(QPageSize(PAGE_SIZES[page_size]),
                                             QPageLayout.Orientation.Landscape if landscape
                                             else QPageLayout.Orientation.Portrait,
                                             QPageLayout().margins(), QPageLayout.Unit.Millimeter))
            p = QPainter()
            if not p.begin(writer):
                raise ExportError(f"cannot write {target}")
            k = min(writer.width() / m.width, writer.height() / m.height)
            p.scale(k, k)
            paint_area_map(p, m, options)
            p.end()
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise ExportError(f"cannot write {target}: {exc}") from exc
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    tmp.replace(target)
    return [target]
