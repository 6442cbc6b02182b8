"""Painting counters with QPainter, at any size: map scale in the editor, 1/2 inch or 5/8 inch on a
printed sheet.

The counter is laid out on a 100 x 100 grid and scaled to the target rectangle; text is drawn as
outline paths, so what is on screen is what prints. What each family prints comes from its registry
entry (`unit_values` and `counters`, a CounterLook: the values' layout, formation colours in the box,
an arrival back, a track of a value); the shipped families:

- F&M (000_e5c3deafb2cea4af.txt 2.3): background by side (or the unit's colour); unit type symbol in
  a box with the size mark above it; unit id and parent formation at the sides; attack-defense-
  movement along the bottom with the movement allowance boxed: a red box for a mobile unit, black for
  a leg unit. The back is the reduced side: the same symbol with the counter's background colour
  inside the box (2.3 note) and the reduced values; a one-step unit has a blank back.
- Koenig (002_fe1216aa5df94854.txt 2.2, 7.0): the formation's colour inside the symbol box; combat
  strength-movement along the bottom; the back shows where the unit sets up or the turn it arrives.
- Target Arnhem (001_69d92a61f68ed4f9.txt "Supply Points"): the supply stripe across the top (gold
  Wehrmacht, red SS, maroon 1st Para and Polish, yellow 101st, light green 82nd, none for XXX Corps);
  strength-endurance along the bottom and the endurance as a hit track down the right edge.

Formation colours, when a scenario gives them, are read from `scenario.options["formation_colors"]`
(formation id -> colour); nationality colours from `scenario.options["nationality_colors"]` over the
usual printed ones (schemes.py); a unit's own `color` wins over formation, nationality and side colours.
"""

from __future__ import annotations

from dataclasses import dataclass

from hexwright.engine.model import MarkerDef, Scenario, SupportMarker, UnitDef
from hexwright.engine.model.oob import ARRIVING, SET_UP, unit_status
from hexwright.engine.rules.registry import RULES_FAMILIES, CounterLook
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPixmap

from .pixmap_cache import CACHE as _CACHE
from .pixmap_cache import CACHE_LIMIT as _CACHE_LIMIT
from .schemes import nationality_color
from .symbols import paint_size_mark, paint_type_symbol

FONT_FAMILY = "DejaVu Sans Condensed"
MOBILE_RED = QColor("#d01818")
DEFAULT_SIDE_COLOR = "#b8b8a8"

# Target Arnhem supply stripes ("Supply Points", 001_69d92a61f68ed4f9.txt)
SUPPLY_STRIPES = {
    "gold": "#d6a419", "red": "#cc2222", "maroon": "#7a1f35", "yellow": "#f4d81c", "light_green": "#93d16a",
    "green": "#3c8c3c", "blue": "#2f5fb0", "white": "#ffffff", "black": "#111111",
}


def counter_look(rules: str) -> CounterLook:
    """How the family `rules` prints its counters (its registry entry's `counters`); the plain look for
    a family the registry does not know."""
    family = RULES_FAMILIES.get(rules)
    return family.counters if family is not None else CounterLook()


def _qcolor(text: str, fallback: str = DEFAULT_SIDE_COLOR) -> QColor:
    text = (text or "").strip()
    named = SUPPLY_STRIPES.get(text.lower().replace(" ", "_"))
    c = QColor(named or text)
    return c if text and c.isValid() else QColor(fallback)


def contrast_color(bg: QColor) -> QColor:
    """Black or white, whichever reads better on `bg` (relative luminance)."""
    lum = 0.2126 * bg.redF() + 0.7152 * bg.greenF() + 0.0722 * bg.blueF()
    return QColor("#111111") if lum > 0.45 else QColor("#fafafa")


@dataclass(frozen=True)
class CounterColors:
    background: QColor
    ink: QColor  # text and symbol lines
    box: QColor  # inside of the symbol box, front side
    stripe: QColor | None  # supply stripe (Target Arnhem)


# Koenig formations are told apart by the colour in the symbol box (002_fe1216aa5df94854.txt 7.0);
# formations without a colour of their own get these, in order of first appearance.
FORMATION_PALETTE = ("#f0d64a", "#86b8ea", "#ec8f7c", "#a3d98c", "#cda6e3", "#f4b760", "#83d5cb", "#e9a7cb",
                     "#c2cb80", "#b0b0e8")


def formation_color(scenario: Scenario | None, formation: str) -> str:
    """The formation's colour: from `scenario.options["formation_colors"]`; where the family tells
    formations apart by colour (its CounterLook's `formation_box`, the Koenig system) a formation without
    one gets a palette colour so formations still differ at a glance."""
    if scenario is None or not formation:
        return ""
    colors = scenario.options.get("formation_colors") if isinstance(scenario.options, dict) else None
    given = str(colors.get(formation, "")) if isinstance(colors, dict) else ""
    if given or not counter_look(scenario.rules).formation_box:
        return given
    k = _formation_order(scenario).get(formation)
    return "" if k is None else FORMATION_PALETTE[k % len(FORMATION_PALETTE)]


# the formations' order of first appearance, per scenario, with the units it was read from
_FORMATION_ORDERS: dict[int, tuple[tuple[UnitDef, ...], dict[str, int]]] = {}


def _formation_order(scenario: Scenario) -> dict[str, int]:
    """Each formation's place in the order the units first name it. Kept while the scenario holds the same
    units: a sheet or a VASSAL module of thousands of counters asks for every counter, and reading every
    unit again for each made them quadratic (a unit edited is a new UnitDef, or one equal to the old)."""
    units = tuple(scenario.units.values())
    got = _FORMATION_ORDERS.get(id(scenario))
    if got is not None and got[0] == units:
        return got[1]
    order = {f: k for k, f in enumerate(dict.fromkeys(u.formation for u in units if u.formation))}
    if len(_FORMATION_ORDERS) >= 16:
        _FORMATION_ORDERS.clear()
    _FORMATION_ORDERS[id(scenario)] = (units, order)
    return order


def counter_colors(unit: UnitDef, scenario: Scenario | None) -> CounterColors:
    rules = scenario.rules if scenario else ""
    side = scenario.side(unit.side) if scenario else None
    side_color = side.color if side else DEFAULT_SIDE_COLOR
    fcolor = formation_color(scenario, unit.formation)
    ncolor = nationality_color(scenario, unit)  # schemes.py: US, British, Polish, Heer, SS ... differ
    if counter_look(rules).formation_box:
        # the nationality's (or side's) colour around the box, the formation's colour inside it (Koenig 7.0)
        bg = _qcolor(ncolor or side_color)
        box = _qcolor(unit.color or fcolor, bg.lighter(135).name())
    else:
        bg = _qcolor(unit.color or fcolor or ncolor or side_color)
        box = bg.lighter(150) if bg.lightnessF() < 0.8 else QColor("#fbfaf3")
    stripe = None
    if unit.supply and unit.supply.lower() not in ("none", "no"):
        s = _qcolor(unit.supply, "")
        stripe = s if s.isValid() else None
    return CounterColors(bg, contrast_color(bg), box, stripe)


# -- text as paths ---------------------------------------------------------------------------------
def _font(size: float, bold: bool = True) -> QFont:
    f = QFont(FONT_FAMILY)
    f.setPixelSize(max(1, round(size)))
    f.setBold(bold)
    f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return f


_TEXT_PATHS: dict[tuple[str, float, bool], QPainterPath] = {}
_TEXT_PATHS_LIMIT = 512  # emptied when full: the ids, new on every counter, would fill it with outlines used once


def text_path(text: str, size: float, bold: bool = True) -> QPainterPath:
    """The outline of `text` at `size` pixels, its baseline at y = 0. The outlines are kept: a sheet of
    thousands of counters prints the same values ("4-4-", "10") on most of them, and taking a text's
    outline from the font costs more than filling it. (A QPainterPath is a value: callers get a copy.)"""
    key = (text, size, bold)
    path = _TEXT_PATHS.get(key)
    if path is None:
        if len(_TEXT_PATHS) >= _TEXT_PATHS_LIMIT:
            _TEXT_PATHS.clear()
        path = _TEXT_PATHS[key] = QPainterPath()
        path.addText(0, 0, _font(size, bold), text)
    return QPainterPath(path)


def _place(path: QPainterPath, box: QRectF, align: str = "center") -> QPainterPath:
    """`path` scaled down to fit `box` if needed and aligned in it (left, center, right)."""
    br = path.boundingRect()
    if br.isEmpty():
        return path
    k = min(1.0, box.width() / br.width(), box.height() / br.height())
    from PySide6.QtGui import QTransform

    t = QTransform()
    t.scale(k, k)
    scaled = t.map(path)
    br = scaled.boundingRect()
    if align == "left":
        dx = box.left() - br.left()
    elif align == "right":
        dx = box.right() - br.right()
    else:
        dx = box.center().x() - br.center().x()
    dy = box.center().y() - br.center().y()
    return scaled.translated(dx, dy)


def placed_text(box: QRectF, text: str, size: float, bold: bool = True, align: str = "center",
                rotate: float = 0.0) -> QPainterPath:
    """The outline of `text` fitted into `box` (rotated by -90 or 90 degrees when asked), as `draw_text` fills it."""
    path = text_path(text, size, bold)
    if rotate:
        from PySide6.QtGui import QTransform

        path = QTransform().rotate(rotate).map(path)
    return _place(path, box, align)


def draw_text(p: QPainter, box: QRectF, text: str, size: float, color: QColor, bold: bool = True,
              align: str = "center", rotate: float = 0.0) -> QRectF:
    """Text fitted into `box` (rotated by -90 or 90 degrees when asked); returns the area it covers."""
    if not text:
        return QRectF()
    placed = placed_text(box, text, size, bold, align, rotate)
    p.fillPath(placed, QBrush(color))
    return placed.boundingRect()


# -- values as the family prints them --------------------------------------------------------------
def is_mobile(unit: UnitDef) -> bool:
    """F&M 2.3.2: a mobile unit is one that is not a leg unit; the flag says which."""
    return unit.has("mobile") or (not unit.has("leg") and unit.unit_type in ("armor", "mechanized", "armored_recon"))


def _fmt(v: object) -> str:
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return "?" if v is None else str(v)


def value_parts(rules: str, values: dict) -> list[str]:
    """The printed numbers in the family's order (registry unit_values), then any others."""
    family = RULES_FAMILIES.get(rules)
    keys = list(family.unit_values) if family and family.unit_values else []
    keys += [k for k in values if k not in keys]
    return [_fmt(values.get(k)) for k in keys if k in values or (family and k in family.unit_values)]


def _draw_values(p: QPainter, unit: UnitDef, rules: str, values: dict, area: QRectF, ink: QColor,
                 bg: QColor) -> None:
    parts = value_parts(rules, values)
    if not parts:
        return
    size = 30.0
    if counter_look(rules).values_layout == "attack-defense-movement" and len(parts) == 3:
        # attack-defense and the movement allowance in its leg/mobile box (F&M 2.3)
        head = text_path(f"{parts[0]}-{parts[1]}-", size)
        ma = text_path(parts[2], size)
        hb, mb = head.boundingRect(), ma.boundingRect()
        pad_x, pad_y = 4.0, 3.0
        total_w = hb.width() + 2.0 + mb.width() + 2 * pad_x
        total_h = max(hb.height(), mb.height()) + 2 * pad_y
        k = min(1.0, area.width() / total_w, area.height() / total_h)
        x = area.center().x() - total_w * k / 2
        from PySide6.QtGui import QTransform

        t = QTransform()
        t.scale(k, k)
        head_s, ma_s = t.map(head), t.map(ma)
        cy = area.center().y()
        hb = head_s.boundingRect()
        p.fillPath(head_s.translated(x - hb.left(), cy - hb.center().y() + 0.0), QBrush(ink))
        x += hb.width() + 2.0 * k
        mb = ma_s.boundingRect()
        box = QRectF(x, cy - total_h * k / 2, mb.width() + 2 * pad_x * k, total_h * k)
        p.save()
        mobile = is_mobile(unit)
        if mobile:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QBrush(MOBILE_RED))
            p.drawRect(box)
            text_color = QColor("#ffffff")
        else:
            pen = QPen(ink, 2.2)
            pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(box)
            text_color = ink
        p.restore()
        p.fillPath(ma_s.translated(box.center().x() - mb.center().x(), cy - mb.center().y()), QBrush(text_color))
        return
    draw_text(p, area, "-".join(parts), size, ink)


def _draw_track(p: QPainter, count: int, area: QRectF, ink: QColor) -> None:
    """A column of empty boxes to mark steps lost or hits taken (Target Arnhem endurance)."""
    if count <= 0:
        return
    count = min(count, 10)
    cell = min(area.width(), area.height() / count)
    gap = cell * 0.22
    side = cell - gap
    y = area.top() + (area.height() - count * cell) / 2
    p.save()
    p.setPen(QPen(ink, max(0.8, side * 0.14)))
    p.setBrush(Qt.BrushStyle.NoBrush)
    for i in range(count):
        p.drawRect(QRectF(area.center().x() - side / 2, y + i * cell + gap / 2, side, side))
    p.restore()


def _no_zoc_mark(p: QPainter, center: QPointF, r: float) -> None:
    """F&M 6.0: a black hexagon marks a unit that exerts no zone of control."""
    path = QPainterPath()
    for i in range(6):
        from math import cos, pi, sin

        a = pi / 3 * i
        pt = QPointF(center.x() + r * cos(a), center.y() + r * sin(a))
        path.moveTo(pt) if i == 0 else path.lineTo(pt)
    path.closeSubpath()
    p.fillPath(path, QBrush(QColor("#000000")))


def _frame(p: QPainter, bg: QColor) -> None:
    p.fillRect(QRectF(0, 0, 100, 100), bg)
    # a thin darker rim, as on die-cut counters
    p.setPen(QPen(bg.darker(160), 1.2))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(QRectF(0.6, 0.6, 98.8, 98.8))


def _begin(p: QPainter, rect: QRectF) -> None:
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.translate(rect.topLeft())
    p.scale(rect.width() / 100.0, rect.height() / 100.0)
    # intersect: a counter drawn on a map band or a tiled page stays inside that band's or page's clip
    p.setClipRect(QRectF(0, 0, 100, 100), Qt.ClipOperation.IntersectClip)


SMALL_COUNTER_PX = 60  # a counter narrower than this on the device shows only its symbol and values


def counter_top(colors: CounterColors) -> float:
    """Where a counter's size mark begins: below the supply stripe when it has one."""
    return 13.0 if colors.stripe is not None else 4.0


def id_box(top: float) -> QRectF:
    """Where the unit's id is printed, up the left side of the symbol box (100 x 100 counter units)."""
    return QRectF(2.5, top + 15 - 6, 19, 34 + 12)


def fill_on_counter(p: QPainter, rect: QRectF, path: QPainterPath, color: QColor) -> None:
    """Fill `path`, in counter units, on the counter painted into `rect`, as `paint_counter` fills its texts."""
    _begin(p, rect)
    p.fillPath(path, QBrush(color))
    p.restore()


def paint_counter(p: QPainter, rect: QRectF, unit: UnitDef, scenario: Scenario | None = None,
                  back: bool = False, with_id: bool = True) -> None:
    """Paint one side of a unit's counter into `rect` (normally a square); without its id when `with_id` is
    false (faces.py paints a design once and each id over a copy of it)."""
    rules = scenario.rules if scenario else ""
    colors = counter_colors(unit, scenario)
    bg, ink = colors.background, colors.ink
    # at map scale only the symbol and values stay legible: judge by the size on the device
    small = p.worldTransform().mapRect(rect).width() < SMALL_COUNTER_PX
    _begin(p, rect)
    _frame(p, bg)
    top = counter_top(colors)
    if colors.stripe is not None:
        p.fillRect(QRectF(0, 0, 100, 11), colors.stripe)
        p.fillRect(QRectF(0, 11, 100, 1.2), colors.stripe.darker(150))
    values = unit.values
    if back:
        if unit.reduced is None:
            _paint_plain_back(p, unit, scenario, rules, ink, top, small, with_id)
            p.restore()
            return
        values = unit.reduced
    # size mark, symbol box, id and formation at the sides
    box = QRectF(24, top + 15, 52, 34)
    paint_size_mark(p, QPointF(50, top + 7.5), 9.0, unit.size, ink)
    look = counter_look(rules)
    fill = bg if back and not look.formation_box else colors.box
    paint_type_symbol(p, box, unit.unit_type, ink, fill, 2.6)
    if not small:
        side_h = box.height() + 12
        if with_id:
            draw_text(p, id_box(top), unit.id, 15, ink, rotate=-90)
        track = unit.values.get(look.track_value) if look.track_value else (unit.steps if unit.steps > 2 else 0)
        right = QRectF(79, box.top() - 6, 18.5, side_h)
        if isinstance(track, int) and track > 0:
            _draw_track(p, track, right, ink)
        elif unit.formation and unit.formation not in unit.id:
            draw_text(p, right, unit.formation, 13, ink, bold=False, rotate=90)
        if unit.has("no_zoc"):
            _no_zoc_mark(p, QPointF(91, top + 5), 4.5)
    _draw_values(p, unit, rules, values, QRectF(9, 69, 82, 25), ink, bg)
    if back:
        # a thin band says at a glance that this is the reduced side
        p.fillRect(QRectF(0, 63.5, 100, 1.6), ink)
    p.restore()


def plain_back_id_box(top: float) -> QRectF:
    """Where a one-step unit's back prints its id (100 x 100 counter units)."""
    return QRectF(8, top + 6, 84, 20)


def _paint_plain_back(p: QPainter, unit: UnitDef, scenario: Scenario | None, rules: str, ink: QColor, top: float,
                      small: bool, with_id: bool = True) -> None:
    """The back of a one-step unit: blank but for its id; in the Koenig system the back says where
    the unit sets up or the turn it enters (002_fe1216aa5df94854.txt 2.2)."""
    if small:
        return
    if with_id:
        draw_text(p, plain_back_id_box(top), unit.id, 16, ink)
    if counter_look(rules).back_shows_arrival and scenario is not None:
        st = unit_status(scenario, unit.id)
        if st.kind == SET_UP:
            lines = ("Set up", st.hex or "")
        elif st.kind == ARRIVING:
            lines = ("Enters", f"GT {st.turn}")
        else:
            lines = ("", "")
        draw_text(p, QRectF(8, 45, 84, 16), lines[0], 14, ink, bold=False)
        draw_text(p, QRectF(8, 62, 84, 26), lines[1], 24, ink)


# -- markers ---------------------------------------------------------------------------------------
def _parachute_icon(p: QPainter, c: QPointF, r: float, ink: QColor) -> None:
    canopy = QPainterPath(QPointF(c.x() - r, c.y()))
    canopy.arcTo(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), 180, -180)
    canopy.closeSubpath()
    p.fillPath(canopy, QBrush(ink))
    p.setPen(QPen(ink, r * 0.09))
    tip = QPointF(c.x(), c.y() + r * 1.05)
    for dx in (-r, -r / 3, r / 3, r):
        p.drawLine(QPointF(c.x() + dx, c.y()), tip)
    p.setBrush(QBrush(ink))
    p.drawEllipse(QPointF(tip.x(), tip.y() + r * 0.18), r * 0.16, r * 0.16)


def _burst_icon(p: QPainter, c: QPointF, r: float, ink: QColor) -> None:
    """An artillery burst: an eight-pointed star."""
    from math import cos, pi, sin

    path = QPainterPath()
    for i in range(16):
        rr = r if i % 2 == 0 else r * 0.45
        a = pi / 8 * i - pi / 2
        pt = QPointF(c.x() + rr * cos(a), c.y() + rr * sin(a))
        path.moveTo(pt) if i == 0 else path.lineTo(pt)
    path.closeSubpath()
    p.fillPath(path, QBrush(ink))


def _plane_icon(p: QPainter, c: QPointF, r: float, ink: QColor) -> None:
    """Airpower: an aircraft seen from above."""
    x, y = c.x(), c.y()
    path = QPainterPath(QPointF(x, y - r))
    for dx, dy in ((0.12, -0.8), (0.12, -0.2), (1.0, 0.1), (1.0, 0.3), (0.12, 0.15), (0.1, 0.65),
                   (0.42, 0.85), (0.42, 1.0), (0.0, 0.9)):
        path.lineTo(x + dx * r, y + dy * r)
    for dx, dy in reversed(((0.12, -0.8), (0.12, -0.2), (1.0, 0.1), (1.0, 0.3), (0.12, 0.15), (0.1, 0.65),
                            (0.42, 0.85), (0.42, 1.0))):
        path.lineTo(x - dx * r, y + dy * r)
    path.closeSubpath()
    p.fillPath(path, QBrush(ink))


def _ship_icon(p: QPainter, c: QPointF, r: float, ink: QColor) -> None:
    """Naval gunfire: a warship in profile."""
    x, y = c.x(), c.y()
    hull = QPainterPath(QPointF(x - r, y))
    hull.lineTo(x + r, y)
    hull.lineTo(x + r * 0.75, y + r * 0.4)
    hull.lineTo(x - r * 0.8, y + r * 0.4)
    hull.closeSubpath()
    hull.addRect(QRectF(x - r * 0.35, y - r * 0.4, r * 0.6, r * 0.4))
    hull.addRect(QRectF(x - r * 0.1, y - r * 0.75, r * 0.14, r * 0.35))
    p.fillPath(hull, QBrush(ink))
    p.setPen(QPen(ink, r * 0.12))
    p.drawLine(QPointF(x + r * 0.25, y - r * 0.22), QPointF(x + r * 0.8, y - r * 0.42))


def support_icon(p: QPainter, kind: str, c: QPointF, r: float, ink: QColor) -> None:
    if kind in ("airpower", "air"):
        _plane_icon(p, c, r, ink)
    elif kind == "naval":
        _ship_icon(p, c, r, ink)
    else:
        _burst_icon(p, c, r, ink)


def paint_support_marker(p: QPainter, rect: QRectF, marker: SupportMarker, color: str = "#d8d0b0",
                         back: bool = False) -> None:
    """A support fire marker (F&M 2.3, 7.0): its type symbol and its "+" support strength on the front;
    the back shows the type symbol only, since markers are picked and placed face down (7.2)."""
    bg = _qcolor(color)
    ink = contrast_color(bg)
    _begin(p, rect)
    _frame(p, bg)
    p.setPen(QPen(ink, 1.6))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRoundedRect(QRectF(6, 6, 88, 88), 10, 10)
    if back:
        support_icon(p, marker.kind, QPointF(50, 44), 24, ink)
        draw_text(p, QRectF(10, 74, 80, 14), (marker.nationality or "").upper(), 12, ink)
    else:
        support_icon(p, marker.kind, QPointF(50, 30), 16, ink)
        draw_text(p, QRectF(12, 47, 76, 32), f"+{marker.value}", 36, ink)
        label = marker.kind.upper() + (f" {marker.nationality.upper()}" if marker.nationality else "")
        draw_text(p, QRectF(16, 81, 68, 9), label, 10, ink, bold=False)
    p.restore()


def paint_marker(p: QPainter, rect: QRectF, marker: MarkerDef, scenario: Scenario | None = None,
                 back: bool = False) -> None:
    """A map marker: drop zone (F&M 11.0, 10.7.2), supply (Target Arnhem para supply marker), or any
    other kind shown by its label."""
    side = scenario.side(marker.side) if (scenario and marker.side) else None
    if marker.kind == "drop_zone":
        bg = QColor("#f0e6c8")
    elif marker.kind == "supply":
        stripe = str(marker.values.get("stripe", "")) if marker.values else ""
        bg = _qcolor(stripe, "#e8e8e0") if stripe else QColor("#e8e8e0")
    else:
        bg = _qcolor(side.color if side else "#e0e0d8")
    ink = contrast_color(bg)
    _begin(p, rect)
    _frame(p, bg)
    if side is not None:
        p.fillRect(QRectF(0, 0, 100, 9), _qcolor(side.color))
    if marker.kind == "drop_zone":
        _parachute_icon(p, QPointF(50, 38), 20, ink)
        draw_text(p, QRectF(6, 66, 88, 13), marker.label or marker.id, 14, ink)
        draw_text(p, QRectF(6, 82, 88, 12), "DROP ZONE", 11, ink, bold=False)
    elif marker.kind == "supply":
        p.setPen(QPen(ink, 2.5))
        p.setBrush(Qt.BrushStyle.NoBrush)
        # the NATO supply symbol: a box with a bar across its foot
        p.drawRect(QRectF(28, 16, 44, 30))
        p.drawLine(QPointF(28, 38), QPointF(72, 38))
        draw_text(p, QRectF(6, 56, 88, 14), "SUPPLY", 16, ink)
        draw_text(p, QRectF(6, 74, 88, 14), marker.label or marker.id, 12, ink, bold=False)
    elif marker.kind == "hq":
        # a formation's HQ (Koenig 7.0): the HQ symbol on the formation's colour
        formation = str(marker.values.get("formation", "")) if marker.values else ""
        fill = _qcolor(formation_color(scenario, formation), bg.lighter(140).name())
        paint_type_symbol(p, QRectF(24, 18, 52, 34), "hq", ink, fill, 2.6)
        draw_text(p, QRectF(6, 60, 88, 22), formation or marker.id, 22, ink)
        draw_text(p, QRectF(6, 84, 88, 11), "HQ", 11, ink, bold=False)
    else:
        label = marker.label or marker.id
        draw_text(p, QRectF(6, 22, 88, 26), label if len(label) <= 14 else marker.id, 18, ink)
        draw_text(p, QRectF(6, 60, 88, 14), marker.kind.replace("_", " ").upper(), 12, ink, bold=False)
    p.restore()


# -- cached pixmaps for the map view ---------------------------------------------------------------


def _cache_key(unit: UnitDef, scenario: Scenario | None, size_px: int, back: bool, dpr: float) -> tuple:
    side = scenario.side(unit.side) if scenario else None
    extra: tuple = ()
    if scenario is not None and back and unit.reduced is None and counter_look(scenario.rules).back_shows_arrival:
        extra = (unit_status(scenario, unit.id),)
    return (repr(unit), scenario.rules if scenario else "", side.color if side else "",
            formation_color(scenario, unit.formation), nationality_color(scenario, unit), size_px, back, dpr, extra)


def counter_pixmap(unit: UnitDef, scenario: Scenario | None, size_px: int, back: bool = False,
                   device_pixel_ratio: float = 1.0) -> QPixmap:
    """The counter as a square pixmap, cached by everything that changes its look (the unit's fields,
    its side's and formation's colours, the size), so an edit to the unit draws afresh."""
    key = _cache_key(unit, scenario, size_px, back, device_pixel_ratio)
    pm = _CACHE.get(key)
    if pm is not None:
        _CACHE.move_to_end(key)
        return pm
    n = max(1, round(size_px * device_pixel_ratio))
    pm = QPixmap(n, n)
    pm.setDevicePixelRatio(device_pixel_ratio)
    pm.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pm)
    paint_counter(painter, QRectF(0, 0, size_px, size_px), unit, scenario, back)
    painter.end()
    _CACHE[key] = pm
    if len(_CACHE) > _CACHE_LIMIT:
        _CACHE.popitem(last=False)
    return pm

