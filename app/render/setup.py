"""A scenario's set-up drawn over its map, for a printable set-up chart (`hexwright render SCENARIO`):
the set-up zones of free deployment (F&M 12.0) tinted in their side's colour with a dashed boundary and
their name, the map's regions of kind `setup_zone` and `drop_zone` in their colours, the markers that
have a hex (drop zones, supply sources) and every set-up unit's counter on
its hex, stacks fanned out as in the editor.

`setup_overlay(scenario)` returns the function `RenderOptions.overlay` calls after the map is drawn
(app/render/mapdraw.py), so PNG, SVG and PDF (tiled pages too) all carry the set-up.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from hexwright.engine.hexgrid import Hex
from hexwright.engine.model import Scenario
from hexwright.engine.model.placement import zone_rule_holds
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen

from .geometry import MapGeometry
from .mapdraw import paint_regions, region_paths

COUNTER_SIDE = 1.05  # a counter's side in hex sizes (a printed 1/2" counter on a 5/8" hex is about this)
STACK_STEP = 0.08  # offset between the counters of a stack, in hex sizes
SETUP_REGION_KINDS = ("setup_zone", "drop_zone")


def zone_hexes(sc: Scenario) -> dict[str, set[Hex]]:
    """Set-up zone name -> the hexes that pass all its tests."""
    m = sc.map
    out: dict[str, set[Hex]] = {}
    for z in sc.setup_zones:
        if not z.rules:
            continue
        out[z.name] = {h for h in m.hexes if all(zone_rule_holds(sc, r, h) for r in z.rules)}
    return out


def side_color(sc: Scenario, side_id: str) -> QColor:
    side = sc.side(side_id)
    c = QColor(side.color if side is not None else "#506070")
    return c if c.isValid() else QColor("#506070")


def setup_overlay(sc: Scenario) -> Callable[[QPainter, QRectF | None], None]:
    """The function that draws the scenario's set-up over its map (scene coordinates)."""
    zones = zone_hexes(sc)

    def paint(p: QPainter, exposed: QRectF | None) -> None:
        paint_setup(p, sc, exposed, zones)

    return paint


def paint_setup(p: QPainter, sc: Scenario, exposed: QRectF | None = None,
                zones: dict[str, set[Hex]] | None = None) -> None:
    m = sc.map
    g = MapGeometry.of(m)
    s = g.size
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    zones = zone_hexes(sc) if zones is None else zones
    # the map's own set-up and drop zone regions, in their colours
    named = {n for n, r in m.regions.items() if r.kind in SETUP_REGION_KINDS}
    if named:
        paint_regions(p, m, g, exposed, names=named)
    for z in sc.setup_zones:
        hexes = frozenset(h for h in zones.get(z.name, ()) if h in g.index)
        if not hexes:
            continue
        fill, outline, centres = region_paths(g, hexes)
        if exposed is not None and not fill.controlPointRect().adjusted(-s, -s, s, s).intersects(exposed):
            continue
        color = side_color(sc, z.side)
        tint = QColor(color)
        tint.setAlpha(40)
        p.fillPath(fill, tint)
        pen = QPen(color, 0.08 * s)
        pen.setDashPattern([2.0, 1.2])
        p.strokePath(outline, pen)
        _zone_name(p, z.name.replace("_", " "), centres, s, color)
    _paint_markers(p, sc, g, exposed)
    _paint_units(p, sc, g, exposed)


def _zone_name(p: QPainter, text: str, centres: np.ndarray, s: float, color: QColor) -> None:
    """The zone's name in a tab at its top-most hex."""
    top = centres[np.lexsort((centres[:, 0], centres[:, 1]))[0]]
    font = QFont("DejaVu Sans")
    font.setPixelSize(100)
    font.setBold(True)
    path = QPainterPath()
    path.addText(QPointF(0, 0), font, text)
    k = 0.22 * s / 100
    br = path.boundingRect()
    x = top[0] - br.width() * k / 2
    y = top[1] - 0.55 * s
    box = QRectF(x - 0.08 * s, y + br.top() * k - 0.06 * s, br.width() * k + 0.16 * s, br.height() * k + 0.12 * s)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(color)
    p.drawRoundedRect(box, 0.08 * s, 0.08 * s)
    p.save()
    p.translate(x, y)
    p.scale(k, k)
    p.fillPath(path, QColor("white"))
    p.restore()


def _visible(exposed: QRectF | None, c: QPointF, r: float) -> bool:
    return exposed is None or QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r).intersects(exposed)


def _paint_markers(p: QPainter, sc: Scenario, g: MapGeometry, exposed: QRectF | None) -> None:
    from hexwright.app.counters.draw import paint_marker

    s = g.size
    side = COUNTER_SIDE * s * 0.85
    for marker in sc.markers.values():
        h = sc.map.hex_at(marker.hex) if marker.hex else None
        if h is None or h not in g.index:
            continue
        cx, cy = g.centers[g.index[h]]
        c = QPointF(cx, cy)
        if not _visible(exposed, c, side):
            continue
        paint_marker(p, QRectF(cx - side / 2, cy - side / 2, side, side), marker, sc)


def _paint_units(p: QPainter, sc: Scenario, g: MapGeometry, exposed: QRectF | None) -> None:
    from hexwright.app.counters.draw import paint_counter

    s = g.size
    side = COUNTER_SIDE * s * 0.9
    stacks: dict[Hex, list[str]] = {}
    for uid, lab in sc.placements.items():
        h = sc.map.hex_at(lab)
        if uid in sc.units and h is not None and h in g.index:
            stacks.setdefault(h, []).append(uid)
    step = STACK_STEP * s
    for h, uids in stacks.items():
        cx, cy = g.centers[g.index[h]]
        n = len(uids)
        if not _visible(exposed, QPointF(cx, cy), side + n * step):
            continue
        for i, uid in enumerate(uids):
            depth = n - 1 - i  # 0 for the top counter
            off = depth * step - (n - 1) * step / 2
            rect = QRectF(cx - side / 2 + off, cy - side / 2 + off, side, side)
            p.save()
            shadow = QColor(0, 0, 0, 70)
            p.fillRect(rect.translated(0.04 * s, 0.04 * s), shadow)
            paint_counter(p, rect, sc.units[uid], sc)
            p.restore()
