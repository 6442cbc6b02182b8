"""Area labels fitted inside their outlines (app/render/arealabels.py): wrapped, smaller, or the number alone;
no two labels of The Crossing's map overlap in the area view."""

from __future__ import annotations

from pathlib import Path

from hexwright.app.render.arealabels import fit_label, wrap
from shapely.geometry import Polygon, box


def measure(text: str, px: float) -> float:
    return 0.6 * px * len(text)  # a monospaced stand-in for the font metrics


def block(lay):
    (x, y), w, h = lay.centre, lay.width, lay.height
    return box(x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def test_wrap_breaks_at_spaces_into_lines_of_about_equal_length():
    assert wrap("2 River bank, west of the ramp", 1) == ["2 River bank, west of the ramp"]
    two = wrap("2 River bank, west of the ramp", 2)
    assert len(two) == 2 and " ".join(two) == "2 River bank, west of the ramp"
    assert wrap("17", 3) == ["17"]


def test_a_wide_area_takes_the_whole_name_on_one_line_at_full_size():
    ring = [(0, 0), (600, 0), (600, 80), (0, 80)]
    lay = fit_label(ring, "2", "River bank, west of the ramp", "zone D", (300, 40), measure)
    assert lay.fits and lay.px == 14 and lay.lines == ("2 River bank, west of the ramp", "zone D")
    assert block(lay).within(Polygon(ring))


def test_a_narrow_area_wraps_the_name_then_drops_it_and_keeps_the_number():
    ring = [(0, 0), (110, 0), (110, 120), (0, 120)]
    lay = fit_label(ring, "23", "Ramp end, east (Arnhem Garrison)", "1 VP", (55, 60), measure)
    assert lay.fits and len(lay.lines) >= 3 and lay.lines[0].startswith("23") and lay.lines[-1] == "1 VP"
    assert block(lay).within(Polygon(ring))
    tiny = [(0, 0), (30, 0), (30, 20), (0, 20)]
    lay = fit_label(tiny, "23", "Ramp end, east (Arnhem Garrison)", "1 VP", (15, 10), measure)
    assert lay.lines == ("23",) and lay.px < 14


def test_a_label_slides_along_its_row_away_from_a_narrow_corner_and_keeps_clear_of_counters():
    ring = [(0, 0), (400, 0), (400, 40), (60, 40), (60, 200), (0, 200)]  # an L: the pole is in the tall leg
    lay = fit_label(ring, "9", "Long name of an L-shaped area", "", (30, 120), measure)
    assert lay.fits and block(lay).within(Polygon(ring))
    square = [(0, 0), (200, 0), (200, 200), (0, 200)]
    counters = box(60, 60, 140, 140)
    lay = fit_label(square, "5", "North ramp", "1 VP", (100, 100), measure, avoid=counters)
    assert lay.fits and block(lay).intersection(counters).area == 0


def test_no_two_labels_of_the_crossing_overlap_in_the_area_view(qapp):
    from hexwright.app.areamap.view import AreaLayers
    from hexwright.engine.formats.areamapfile import read_area_map_file
    from PySide6.QtWidgets import QGraphicsScene

    m = read_area_map_file(Path("scenarios/storm-arnhem/the-crossing-map.yaml"), [])
    assert m is not None
    view = AreaLayers(QGraphicsScene(), m)
    view.rebuild()
    rects = {aid: item.sceneBoundingRect().adjusted(1, 1, -1, -1) for aid, item in view.label_items.items()}
    assert len(rects) == len(m.areas)
    ids = sorted(rects)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            assert not rects[a].intersects(rects[b]), (a, b)
    lay = view._number_points["2"][1]
    assert lay.fits and "River" in " ".join(lay.lines)  # its name is printed


def test_a_name_alone_is_left_out_where_the_area_has_no_room():
    tiny = [(0, 0), (30, 0), (30, 20), (0, 20)]
    assert fit_label(tiny, "", "Ramp end, east (Arnhem Garrison)", "", (15, 10), measure).lines == ()
    wide = [(0, 0), (400, 0), (400, 100), (0, 100)]
    lay = fit_label(wide, "", "Ramp end, east", "", (200, 50), measure, px=12)
    assert lay.lines == ("Ramp end, east",)


def test_hexwright_render_prints_area_names_inside_their_areas(tmp_path, qapp):
    from hexwright.app.cli import main

    out = tmp_path / "crossing.png"
    assert main(["render", "scenarios/storm-arnhem/the-crossing-map.yaml", "-o", str(out), "--area-names"]) == 0
    assert out.stat().st_size > 0
