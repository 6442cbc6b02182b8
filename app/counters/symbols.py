"""NATO unit-type symbols and unit size marks, drawn as vector paths so they are crisp at any size:
on screen at map scale and on a counter sheet at print resolution.

The symbols are the ones the rulebooks' counter keys show: F&M Arnhem 10.2 (parachute and glider
infantry, infantry, mechanized, tank, armored recon, engineer; 000_e5c3deafb2cea4af.txt) and the
Koenig sample pieces (headquarters, infantry, heavy weapons, armor, armored infantry, armored
reconnaissance, anti-tank, glider, parachute; 002_fe1216aa5df94854.txt 2.2). Size marks follow
F&M 2.3.1 (••• platoon, I company, II battalion, III regiment, X brigade, XX division, XXX corps).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen

# Unit types drawn with the same symbol as another.
SYMBOL_ALIASES = {"headquarters": "hq", "cavalry": "recon"}

SYMBOL_NAMES = {
    "infantry": "Infantry", "parachute": "Parachute infantry", "glider": "Glider infantry",
    "mechanized": "Mechanized / armoured infantry", "armor": "Armour (tank, panzer)",
    "armored_recon": "Armoured reconnaissance", "recon": "Reconnaissance", "engineer": "Engineer",
    "hq": "Headquarters", "heavy_weapons": "Heavy weapons", "anti_tank": "Anti-tank", "artillery": "Artillery",
    "anti_aircraft": "Anti-aircraft", "commando": "Commando", "marine": "Marine", "cavalry": "Cavalry",
    "headquarters": "Headquarters",
}


def _line(p: QPainter, x1: float, y1: float, x2: float, y2: float) -> None:
    p.drawLine(QPointF(x1, y1), QPointF(x2, y2))


def paint_type_symbol(p: QPainter, box: QRectF, unit_type: str, line: QColor, fill: QColor | None,
                      width: float) -> None:
    """The symbol box (filled with `fill`, or left open when None) with the type's marks in `line`."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    pen = QPen(line, width)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    p.setPen(pen)
    p.setBrush(QBrush(fill) if fill is not None else Qt.BrushStyle.NoBrush)
    p.drawRect(box)
    p.setBrush(Qt.BrushStyle.NoBrush)
    x0, y0, w, h = box.x(), box.y(), box.width(), box.height()
    x1, y1 = x0 + w, y0 + h
    cx, cy = box.center().x(), box.center().y()
    kind = SYMBOL_ALIASES.get(unit_type, unit_type)
    # marks meet the box at its corners; clip so thick lines stay inside the frame
    p.setClipRect(box.adjusted(width / 2, width / 2, -width / 2, -width / 2), Qt.ClipOperation.IntersectClip)

    def cross() -> None:
        _line(p, x0, y0, x1, y1)
        _line(p, x0, y1, x1, y0)

    def track() -> None:
        oval = QRectF(x0 + w * 0.2, y0 + h * 0.25, w * 0.6, h * 0.5)
        p.drawRoundedRect(oval, oval.height() / 2, oval.height() / 2)

    if kind == "infantry":
        cross()
    elif kind == "parachute":
        cross()
        # the canopy: an arc opening downwards, low in the box
        canopy = QRectF(cx - w * 0.2, y1 - h * 0.36, w * 0.4, h * 0.44)
        path = QPainterPath(QPointF(canopy.left(), canopy.center().y()))
        path.arcTo(canopy, 180, -180)
        if fill is not None:
            p.fillPath(path, QBrush(fill))
        p.drawPath(path)
    elif kind == "glider":
        cross()
        # the glider mark: a flat wing, upswept at the tips, along the bottom
        path = QPainterPath(QPointF(cx - w * 0.32, y1 - h * 0.3))
        path.quadTo(QPointF(cx, y1 - h * 0.02), QPointF(cx + w * 0.32, y1 - h * 0.3))
        path.quadTo(QPointF(cx, y1 - h * 0.16), QPointF(cx - w * 0.32, y1 - h * 0.3))
        p.setBrush(QBrush(line))
        p.drawPath(path)
    elif kind == "armor":
        track()
    elif kind == "mechanized":
        cross()
        p.setBrush(QBrush(fill) if fill is not None else Qt.BrushStyle.NoBrush)
        track()
    elif kind == "armored_recon":
        _line(p, x0, y1, x1, y0)
        p.setBrush(QBrush(fill) if fill is not None else Qt.BrushStyle.NoBrush)
        track()
    elif kind == "recon":
        _line(p, x0, y1, x1, y0)
    elif kind == "engineer":
        # the bridge "E" on its back: a bar with three legs
        top, foot = cy - h * 0.16, cy + h * 0.16
        left, right = cx - w * 0.24, cx + w * 0.24
        path = QPainterPath(QPointF(left, foot))
        path.lineTo(left, top)
        path.lineTo(right, top)
        path.lineTo(right, foot)
        path.moveTo(cx, top)
        path.lineTo(cx, foot)
        p.drawPath(path)
    elif kind == "hq":
        # a staff with a pennant
        staff_x = x0 + w * 0.3
        _line(p, staff_x, y1, staff_x, y0 + h * 0.15)
        flag = QPainterPath(QPointF(staff_x, y0 + h * 0.15))
        flag.lineTo(x0 + w * 0.72, y0 + h * 0.15)
        flag.lineTo(x0 + w * 0.62, y0 + h * 0.33)
        flag.lineTo(x0 + w * 0.72, y0 + h * 0.51)
        flag.lineTo(staff_x, y0 + h * 0.51)
        flag.closeSubpath()
        p.setBrush(QBrush(line))
        p.drawPath(flag)
    elif kind == "heavy_weapons":
        cross()
        # a machine gun: an upright arrow with a foot
        p.setBrush(QBrush(line))
        _line(p, cx, y1 - h * 0.12, cx, y0 + h * 0.28)
        head = QPainterPath(QPointF(cx, y0 + h * 0.08))
        head.lineTo(cx - w * 0.08, y0 + h * 0.32)
        head.lineTo(cx + w * 0.08, y0 + h * 0.32)
        head.closeSubpath()
        p.drawPath(head)
        _line(p, cx - w * 0.1, y1 - h * 0.12, cx + w * 0.1, y1 - h * 0.12)
    elif kind == "anti_tank":
        path = QPainterPath(QPointF(x0, y1))
        path.lineTo(cx, y0)
        path.lineTo(x1, y1)
        p.drawPath(path)
    elif kind == "artillery":
        p.setBrush(QBrush(line))
        r = min(w, h) * 0.15
        p.drawEllipse(QPointF(cx, cy), r, r)
    elif kind == "anti_aircraft":
        dome = QRectF(x0 + w * 0.12, y1 - h * 0.62, w * 0.76, h * 1.24)
        p.drawArc(dome, 0, 180 * 16)
    elif kind == "commando":
        cross()
        # a dagger, point down
        p.setBrush(QBrush(line))
        blade = QPainterPath(QPointF(cx, y1 - h * 0.06))
        blade.lineTo(cx - w * 0.035, y0 + h * 0.4)
        blade.lineTo(cx + w * 0.035, y0 + h * 0.4)
        blade.closeSubpath()
        p.drawPath(blade)
        _line(p, cx - w * 0.09, y0 + h * 0.38, cx + w * 0.09, y0 + h * 0.38)
        _line(p, cx, y0 + h * 0.38, cx, y0 + h * 0.14)
    elif kind == "marine":
        cross()
        # an anchor
        _line(p, cx, y0 + h * 0.18, cx, y1 - h * 0.14)
        _line(p, cx - w * 0.08, y0 + h * 0.3, cx + w * 0.08, y0 + h * 0.3)
        p.drawArc(QRectF(cx - w * 0.14, y1 - h * 0.5, w * 0.28, h * 0.36), 180 * 16, 180 * 16)
    else:
        # an unknown type: a question mark keeps it visibly undefined
        p.setClipping(False)
        p.setPen(QPen(line, width * 0.8))
        f = p.font()
        f.setPixelSize(max(1, int(h * 0.7)))
        p.setFont(f)
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, "?")
    p.restore()


def paint_size_mark(p: QPainter, center: QPointF, height: float, size: str, color: QColor) -> float:
    """The size mark centred at `center`, `height` tall; returns its width. Dots for squads to platoons,
    bars for companies to regiments, crosses for brigades upwards (F&M 2.3.1)."""
    marks = {"team": "o", "squad": ".", "section": "..", "platoon": "...", "company": "|", "battalion": "||",
             "regiment": "|||", "brigade": "x", "division": "xx", "corps": "xxx", "army": "xxxx"}.get(size, "")
    if not marks:
        return 0.0
    gap = height * 0.28
    cell = {"o": height * 0.7, ".": height * 0.5, "|": height * 0.16, "x": height * 0.62}[marks[0]]
    total = len(marks) * cell + (len(marks) - 1) * gap
    x = center.x() - total / 2
    top, bottom = center.y() - height / 2, center.y() + height / 2
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    stroke = height * 0.17
    pen = QPen(color, stroke)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    for m in marks:
        if m == ".":
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QBrush(color))
            r = cell * 0.42
            p.drawEllipse(QPointF(x + cell / 2, center.y()), r, r)
        elif m == "|":
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QBrush(color))
            p.drawRect(QRectF(x, top, cell, height))
        elif m == "x":
            p.setPen(pen)
            _line(p, x, top + stroke / 2, x + cell, bottom - stroke / 2)
            _line(p, x, bottom - stroke / 2, x + cell, top + stroke / 2)
        elif m == "o":
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(QPointF(x + cell / 2, center.y()), cell * 0.38, cell * 0.38)
            _line(p, x, bottom, x + cell, top)
        x += cell + gap
    p.restore()
    return total
