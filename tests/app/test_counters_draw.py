"""Painting counters (app/counters/draw.py, symbols.py)."""

from hexwright.app.counters.draw import MOBILE_RED, counter_colors, counter_pixmap, paint_counter
from hexwright.app.counters.symbols import SYMBOL_ALIASES, paint_type_symbol
from hexwright.app.scenario.demo import demo_scenario
from hexwright.engine.model import HexMap, Scenario, Side, UnitDef
from hexwright.engine.model.counters import UNIT_TYPES as TYPES
from hexwright.engine.rules.koenig.family import FAMILY as KOENIG_FAMILY
from hexwright.engine.rules.target_arnhem.family import FAMILY as TA_FAMILY
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from ..conftest import SCENARIOS


def render(unit, sc, size=200, back=False) -> QImage:
    img = QImage(size, size, QImage.Format.Format_RGB32)
    img.fill(QColor("white"))
    p = QPainter(img)
    paint_counter(p, QRectF(0, 0, size, size), unit, sc, back)
    p.end()
    return img


def near(a: QColor, b: QColor, tol: int = 12) -> bool:
    return abs(a.red() - b.red()) <= tol and abs(a.green() - b.green()) <= tol and abs(a.blue() - b.blue()) <= tol


def count_near(img: QImage, color: QColor, y0: int, y1: int) -> int:
    return sum(near(img.pixelColor(x, y), color, 30) for x in range(0, img.width(), 2) for y in range(y0, y1, 2))


def test_every_unit_type_has_its_own_symbol(qapp):
    seen = {}
    for t in TYPES:
        img = QImage(60, 40, QImage.Format.Format_RGB32)
        img.fill(QColor("white"))
        p = QPainter(img)
        paint_type_symbol(p, QRectF(2, 2, 56, 36), t, QColor("black"), QColor("white"), 2)
        p.end()
        key = bytes(img.constBits())
        kind = SYMBOL_ALIASES.get(t, t)
        assert seen.setdefault(key, kind) == kind, f"{t} is drawn like {seen[key]}"
    assert len(set(seen.values())) == len({SYMBOL_ALIASES.get(t, t) for t in TYPES})


def test_mobile_unit_has_a_red_movement_box_and_a_leg_unit_none(qapp):
    sc = demo_scenario()
    mobile, leg = sc.units["2/9SS"], sc.units["2/406"]
    assert count_near(render(mobile, sc), MOBILE_RED, 136, 190) > 50
    assert count_near(render(leg, sc), MOBILE_RED, 136, 190) == 0


def test_reduced_side_box_has_the_counter_background(qapp):
    """F&M 2.3 note: the reduced side shows the type symbol on the counter's background colour."""
    sc = demo_scenario()
    u = sc.units["2107/107"]  # armour: the box corners are free of marks
    bg = counter_colors(u, sc).background
    inside_box = (56, 46)
    assert not near(render(u, sc).pixelColor(*inside_box), bg)
    assert near(render(u, sc, back=True).pixelColor(*inside_box), bg)


def test_one_step_unit_back_is_blank_of_values(qapp):
    sc = demo_scenario()
    u = sc.units["2/406"]
    back = render(u, sc, back=True)
    ink = counter_colors(u, sc).ink
    assert count_near(back, ink, 136, 190) == 0
    assert count_near(render(u, sc), ink, 136, 190) > 50


def test_target_arnhem_supply_stripe_and_koenig_formation_colour(qapp):
    sc = Scenario("t", TA_FAMILY.id, HexMap(), sides=[Side("allied", "Allied", "#c8c0a0")])
    u = UnitDef("1/1", side="allied", unit_type="parachute", values={"strength": 3, "endurance": 4}, supply="maroon")
    assert near(render(u, sc).pixelColor(100, 8), QColor("#7a1f35"))
    sc.rules = KOENIG_FAMILY.id
    sc.options = {"formation_colors": {"1Para": "#3366cc"}}
    k = UnitDef("2Bn", side="allied", formation="1Para", unit_type="armor", values={"strength": 5, "movement": 8})
    assert near(render(k, sc).pixelColor(56, 46), QColor("#3366cc"))
    assert near(render(k, sc).pixelColor(4, 100), QColor("#c8c0a0"))


def test_counter_pixmap_is_cached_until_the_unit_changes(qapp):
    sc = demo_scenario()
    u = sc.units["Krft"]
    a = counter_pixmap(u, sc, 48)
    assert a.width() == 48 and counter_pixmap(u, sc, 48) is a
    u.values["attack"] = 9
    b = counter_pixmap(u, sc, 48)
    assert b is not a and b.toImage() != a.toImage()
    sc.side("german").color = "#ff0000"
    assert counter_pixmap(u, sc, 48) is not b


def test_a_kept_text_outline_is_the_fonts_and_callers_get_their_own_copy(qapp):
    """text_path keeps each outline (a sheet prints the same values on most counters): what it returns is
    the outline the font gives, and moving the returned path leaves the kept one where it was."""
    from hexwright.app.counters.draw import _font, text_path
    from PySide6.QtGui import QPainterPath

    fresh = QPainterPath()
    fresh.addText(0, 0, _font(30.0, True), "4-4-")
    first = text_path("4-4-", 30.0)
    assert first == fresh
    first.translate(100, 50)
    again = text_path("4-4-", 30.0)
    assert again == fresh and again.boundingRect() == fresh.boundingRect()
    assert text_path("4-4-", 30.0, bold=False) != fresh


def test_counter_images_are_painted_opaque_and_written_as_before(qapp, tmp_path):
    """The PNG faces are painted premultiplied and written as plain ARGB32: every pixel the same as
    painting on plain ARGB32 (the counter's frame covers the whole square, so no pixel is see-through)."""
    from hexwright.app.counters.images import export_counter_images

    sc = demo_scenario()
    uid = next(iter(sc.units))
    report = export_counter_images(sc, tmp_path, size_px=120, units=[uid])
    img = QImage(120, 120, QImage.Format.Format_ARGB32)
    from PySide6.QtCore import Qt

    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    paint_counter(p, QRectF(0, 0, 120, 120), sc.units[uid], sc, False)
    p.end()
    written = QImage(str(report.files[0])).convertToFormat(QImage.Format.Format_ARGB32)
    assert written == img


def test_palette_formation_colours_follow_the_units_as_they_are_edited(qapp):
    """Koenig 7.0: a formation without a colour of its own gets the palette's colour for its place in the
    order the units first name it. The order is kept per scenario for speed, and read again once the units
    change: a unit given another formation, a unit added ahead of the rest."""
    import dataclasses

    from hexwright.app.counters.draw import FORMATION_PALETTE, formation_color
    from hexwright.engine.formats import load_scenario

    sc = load_scenario(SCENARIOS / "koenig-arnhem-bridge" / "arnhem-bridge.yaml").scenario
    sc.options.pop("formation_colors", None)
    order = list(dict.fromkeys(u.formation for u in sc.units.values() if u.formation))
    assert len(order) >= 2
    assert [formation_color(sc, f) for f in order] == [FORMATION_PALETTE[k % 10] for k in range(len(order))]
    assert formation_color(sc, "no such formation") == ""
    # every unit of the first formation moved to a new one: the new one takes the first place
    sc.units = {uid: dataclasses.replace(u, formation="Fresh") if u.formation == order[0] else u
                for uid, u in sc.units.items()}
    assert formation_color(sc, "Fresh") == FORMATION_PALETTE[0]
    assert formation_color(sc, order[0]) == ""
    first, unit = next(iter(sc.units.items()))
    sc.units[first] = dataclasses.replace(unit, formation=order[1])  # edited in place in the dict
    expected = list(dict.fromkeys(u.formation for u in sc.units.values() if u.formation))
    assert [formation_color(sc, f) for f in expected] == [FORMATION_PALETTE[k % 10] for k in range(len(expected))]
