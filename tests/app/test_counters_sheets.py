"""Counter sheets: layout, PDF pages and sizes, backs mirrored for long-edge duplex printing."""

import copy
import math
import re
import shutil
import subprocess

import pytest
from hexwright.app.counters.sheets import (
    POINTS_PER_INCH,
    render_sheet_page,
    sheet_grid,
    sheet_groups,
    sheet_pages,
    write_counter_sheets,
)
from hexwright.app.scenario.demo import demo_scenario
from hexwright.engine.model import HexMap, Scenario, Side, UnitDef
from hexwright.engine.rules.fm.family import FAMILY as FM_FAMILY
from PySide6.QtGui import QColor, QImage


def rgb_scenario() -> Scenario:
    sc = Scenario("RGB", FM_FAMILY.id, HexMap(), sides=[Side("a", "Side A", "#888888"), Side("b", "Side B", "#444444")])
    for uid, color in (("r", "#ff0000"), ("g", "#00ff00"), ("bl", "#0000ff")):
        sc.units[uid] = UnitDef(uid, uid, "a", values={"attack": 1, "defense": 1, "movement": 4},
                                reduced={"attack": 0, "defense": 1, "movement": 4}, steps=2, color=color)
    sc.units["z"] = UnitDef("z", "z", "b", values={"attack": 1, "defense": 1, "movement": 4})
    return sc


def near(a: QColor, b: QColor, tol: int = 40) -> bool:
    return abs(a.red() - b.red()) <= tol and abs(a.green() - b.green()) <= tol and abs(a.blue() - b.blue()) <= tol


def test_grid_fits_real_counter_sizes_on_the_paper():
    a4 = sheet_grid("A4", 0.5)
    assert a4.cell == 36 and (a4.columns, a4.rows) == (14, 20)  # 595 x 842 pt less margins and header
    letter = sheet_grid("Letter", 0.625)
    assert letter.cell == 45 and letter.page_width == 612 and letter.columns == 12  # (612 - 72) / 45
    with pytest.raises(ValueError):
        sheet_grid("A3", 0.5)


@pytest.mark.parametrize("paper,size", [("A4", 0.5), ("Letter", 0.625)])
def test_back_positions_mirror_the_front(paper, size):
    g = sheet_grid(paper, size)
    for i in range(g.per_page):
        f, b = g.cell_rect(i), g.cell_rect(i, back=True)
        assert f.top() == b.top()
        assert math.isclose(f.left() + b.right(), g.page_width)  # mirrored about the page centre
        assert f.left() >= 36 and f.right() <= g.page_width - 36


def test_pages_alternate_front_and_back_per_side():
    sc = demo_scenario()
    pages = sheet_pages(sc, 0.5, "A4", separate_sides=True)
    per_page = sheet_grid("A4", 0.5).per_page
    expected = sum(2 * math.ceil(len(p) / per_page) for _, p in sheet_groups(sc))
    assert len(pages) == expected == 4
    assert [pg.back for pg in pages] == [False, True, False, True]
    assert pages[0].pieces == pages[1].pieces and pages[0].group == "Allied"
    british_support = sum(m.count for m in sc.side("allied").support_pools["british"])
    assert sum(p.support is not None and p.support.nationality == "british" for p in pages[0].pieces) == british_support


def test_rendered_back_page_puts_each_back_behind_its_front(qapp):
    sc = rgb_scenario()
    front, back = sheet_pages(sc, 0.5, "A4")[:2]
    dpi = 144
    k = dpi / POINTS_PER_INCH
    f_img, b_img = render_sheet_page(front, sc, dpi), render_sheet_page(back, sc, dpi)
    g = front.grid
    for i, color in enumerate(("#ff0000", "#00ff00", "#0000ff")):
        fr, br = g.cell_rect(i), g.cell_rect(i, back=True)
        spot = (0.06 * g.cell, 0.5 * g.cell)  # left rim, beside the symbol box
        assert near(f_img.pixelColor(round((fr.left() + spot[0]) * k), round((fr.top() + spot[1]) * k)), QColor(color))
        assert near(b_img.pixelColor(round((br.left() + spot[0]) * k), round((br.top() + spot[1]) * k)), QColor(color))
    # where the red front is, the back page has paper, not a counter: the back is not just a copy
    fr = g.cell_rect(0)
    assert b_img.pixelColor(round((fr.left() + 5) * k), round((fr.top() + 18) * k)) == QColor("white")


def test_pdf_has_the_pages_at_the_paper_size(qapp, tmp_path):
    sc = rgb_scenario()
    out = tmp_path / "counters.pdf"
    report = write_counter_sheets(sc, out, 0.625, "Letter", resolution=300, separate_sides=True)
    assert report.pages == 4 and report.counters == 4
    data = out.read_bytes()
    assert data.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page(?!s)", data)) == 4
    if shutil.which("pdfinfo") is None:
        pytest.skip("pdfinfo is not installed")
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True).stdout
    assert "Pages:           4" in info and "612 x 792 pts" in info


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm is not installed")
def test_pdf_back_page_pixels_mirror_the_front(qapp, tmp_path):
    sc = rgb_scenario()
    out = tmp_path / "c.pdf"
    write_counter_sheets(sc, out, 0.5, "A4", resolution=300)
    subprocess.run(["pdftoppm", "-png", "-r", "72", "-f", "1", "-l", "2", str(out), str(tmp_path / "p")], check=True)
    pngs = sorted(tmp_path.glob("p-*.png"))
    f_img, b_img = QImage(str(pngs[0])), QImage(str(pngs[1]))
    g = sheet_grid("A4", 0.5)
    fr, br = g.cell_rect(2), g.cell_rect(2, back=True)
    assert near(f_img.pixelColor(round(fr.left() + 2), round(fr.center().y())), QColor("#0000ff"))
    assert near(b_img.pixelColor(round(br.left() + 2), round(br.center().y())), QColor("#0000ff"))
    assert near(b_img.pixelColor(round(fr.left() + 2), round(fr.center().y())), QColor("white"), 10)


def test_sheets_command_writes_a_pdf(qapp, tmp_path):
    from hexwright.app.subcommands import sheets
    from hexwright.engine.formats import save_scenario

    sc = rgb_scenario()
    sc.map_file = "m.map.yaml"
    save_scenario(sc, tmp_path / "s.scenario.yaml")
    import argparse

    from hexwright.app.cli import main

    assert main(["sheets", str(tmp_path / "s.scenario.yaml"), "-o", str(tmp_path / "c.pdf"), "--size", "0.625"]) == 0
    assert (tmp_path / "c.pdf").stat().st_size > 1000
    parser = argparse.ArgumentParser()
    sheets.add_arguments(parser)
    bad = tmp_path / "bad.scenario.yaml"
    bad.write_text("kind: hexwright-scenario\nformat_version: 1\ntitle: [\n", encoding="utf-8")
    assert sheets.run(parser.parse_args([str(bad), "-o", str(tmp_path / "x.pdf")])) == 1
    assert not (tmp_path / "x.pdf").exists()


def test_both_sides_are_packed_on_the_same_sheets_each_side_on_fresh_rows():
    """Packed (the default), the demo's two sides share one sheet instead of one each: the page fill
    doubles; the second side starts at the first cell of a new row."""
    from hexwright.app.counters.sheets import page_fill

    sc = demo_scenario()
    separate = sheet_pages(sc, 0.5, "A4", separate_sides=True)
    packed = sheet_pages(sc, 0.5, "A4")
    assert len(packed) == 2 and [pg.back for pg in packed] == [False, True]
    assert packed[0].group == "Allied, German"
    assert page_fill(packed) == 2 * page_fill(separate)
    (first, n_allied), (_, _) = [(g, len(p)) for g, p in sheet_groups(sc)]
    cols = packed[0].grid.columns
    german_first = packed[0].slot(n_allied)
    assert german_first % cols == 0 and german_first == -(-n_allied // cols) * cols
    assert sorted(set(packed[0].slots)) == packed[0].slots  # no two counters in one cell


def test_a_long_order_of_battle_fills_every_sheet_but_the_last(qapp):
    from hexwright.app.counters.sheets import page_fill

    sc = demo_scenario()
    base = next(iter(sc.units.values()))
    for i in range(700):
        u = copy.deepcopy(base)
        u.id = f"x{i}"
        sc.units[u.id] = u
    pages = sheet_pages(sc, 0.5, "A4")
    fronts = [p for p in pages if not p.back]
    # every sheet is full but where a side ends (the next starts on a fresh row) and the last
    assert all(len(p.pieces) == p.grid.per_page for p in fronts[:-1] if "," not in p.group)
    assert all(len(p.pieces) > p.grid.per_page - p.grid.columns for p in fronts[:-1])
    assert page_fill(pages) > 0.7
