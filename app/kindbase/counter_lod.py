"""Counters that stay readable zoomed out: a counter is drawn by its size on the screen, as a map
viewer's level of detail does:

* at least `FULL_PX` pixels across: the printed counter (its cached picture);
* from `VALUES_PX`: a chip in the counter's colours with only its values ("2-2-7"), as large as fit;
* smaller: a chip in the counter's colours with its unit-type symbol, the colour telling the side and
  the formation apart.

`lod_paint(painter, item, unit, scenario, rect)` is what a counter item's `paint` calls
(app/editor/counter_layer.py); `detail_level(px)` says which of the three a size gets.
"""

from __future__ import annotations

from hexwright.app.counters.draw import counter_colors, value_parts
from hexwright.app.counters.symbols import paint_type_symbol
from hexwright.engine.model import Scenario
from hexwright.engine.model.counters import UnitDef
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen

FULL_PX = 44.0  # below this many device pixels the printed counter's small print is unreadable
VALUES_PX = 20.0  # below this the values are unreadable too: a coloured chip with the unit type


def detail_level(px: float) -> str:
    """'full', 'values' or 'chip' for a counter `px` device pixels across."""
    if px >= FULL_PX:
        return "full"
    if px >= VALUES_PX:
        return "values"
    return "chip"


def values_text(unit: UnitDef, scenario: Scenario | None) -> str:
    return "-".join(value_parts(scenario.rules if scenario else "", unit.values))


def _chip(p: QPainter, rect: QRectF, bg: QColor) -> None:
    p.setPen(QPen(bg.darker(170), rect.width() * 0.05))
    p.setBrush(bg)
    r = rect.width() * 0.1
    p.drawRoundedRect(rect, r, r)


def paint_values_chip(p: QPainter, rect: QRectF, unit: UnitDef, scenario: Scenario | None) -> None:
    """The counter's colours and its values only, as large as fit the chip."""
    colors = counter_colors(unit, scenario)
    _chip(p, rect, colors.background)
    text = values_text(unit, scenario)
    if not text:
        return
    font = QFont("DejaVu Sans Condensed")
    font.setBold(True)
    font.setPixelSize(100)
    fm = QFontMetricsF(font)
    width = fm.horizontalAdvance(text)
    k = min(rect.width() * 0.88 / max(width, 1.0), rect.height() * 0.62 / max(fm.capHeight(), 1.0))
    path = QPainterPath()
    path.addText(QPointF(0, 0), font, text)
    p.save()
    p.translate(rect.center().x() - width * k / 2, rect.center().y() + fm.capHeight() * k / 2)
    p.scale(k, k)
    p.fillPath(path, colors.ink)
    p.restore()


def paint_type_chip(p: QPainter, rect: QRectF, unit: UnitDef, scenario: Scenario | None) -> None:
    """The counter's colours and its unit-type symbol (infantry's cross, armour's oval...)."""
    colors = counter_colors(unit, scenario)
    _chip(p, rect, colors.background)
    w = rect.width()
    box = QRectF(rect.left() + w * 0.14, rect.top() + w * 0.24, w * 0.72, w * 0.52)
    paint_type_symbol(p, box, unit.unit_type, colors.ink, colors.box, w * 0.05)


def lod_paint(p: QPainter, rect: QRectF, unit: UnitDef, scenario: Scenario | None) -> bool:
    """Draw the counter's reduced form when it is small on the screen; False when the full counter
    should be drawn instead."""
    px = p.worldTransform().mapRect(rect).width()
    level = detail_level(px)
    if level == "full":
        return False
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    if level == "values":
        paint_values_chip(p, rect, unit, scenario)
    else:
        paint_type_chip(p, rect, unit, scenario)
    p.restore()
    return True


__all__ = ["FULL_PX", "VALUES_PX", "detail_level", "lod_paint", "paint_type_chip", "paint_values_chip",
           "values_text"]
