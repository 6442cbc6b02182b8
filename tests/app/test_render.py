"""The map renderer and `hexwright render`: PNG, SVG and PDF files, what the pixels show (terrain
colours, rivers), the PDF page tiling, drawing one exposed rectangle, and the CLI on a broken file."""

from __future__ import annotations

import re

import pytest
from hexwright.app.cli import main
from hexwright.app.render.export import ExportError, export_map, plan_pages, render_to_image
from hexwright.app.render.geometry import MapGeometry
from hexwright.app.render.mapdraw import RenderOptions, paint_map
from hexwright.engine.formats import read_map_file
from hexwright.engine.model import HexMap
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from tests.conftest import SCENARIOS

ARNHEM = SCENARIOS / "fm-arnhem"
MAP_FILE = ARNHEM / "arnhem-corridor.map.yaml"
SCENARIO_1 = ARNHEM / "scenario-1-historical.yaml"


@pytest.fixture(scope="module")
def arnhem() -> HexMap:
    m = read_map_file(MAP_FILE)
    assert m is not None
    return m


def _pdf_pages(data: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))


def _blue_ish(c: QColor) -> bool:
    return c.blue() > c.red() + 60 and c.blue() > c.green() + 20


def _distance(a: QColor, b: QColor) -> int:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue())


def test_png_has_the_map_size_and_is_not_blank(qapp, tmp_path, arnhem):
    out = tmp_path / "map.png"
    assert export_map(arnhem, out, scale=0.5) == [out]
    img = QImage(str(out))
    w, h = arnhem.grid.pixel_size()
    assert (img.width(), img.height()) == (round(w * 0.5 + 0.499), round(h * 0.5 + 0.499))
    colours = {img.pixel(x, y) for x in range(0, img.width(), 7) for y in range(0, img.height(), 7)}
    assert len(colours) > 200  # terrain, water, roads, text: a picture, not a blank page


def test_woods_hex_centre_has_the_woods_colour(qapp, arnhem):
    g = MapGeometry.of(arnhem)
    woods = QColor(arnhem.terrain_table.terrain["woods"].color)
    mixed = QColor(arnhem.terrain_table.terrain["mixed"].color)
    # a woods hex with no road, trail or water on any of its sides
    quiet = next(h for h in arnhem.hexes if arnhem.terrain[h] == "woods"
                 and not any(arnhem.hexside_between(h, n) for n in arnhem.neighbors_on_map(h)))
    x, y = g.centers[g.index[quiet]]
    plain = render_to_image(arnhem, 1.0, RenderOptions(patterns=False, hex_numbers=False, places=False))
    assert _distance(plain.pixelColor(round(x), round(y)), woods) <= 6
    # with the tree pattern the hex still reads as woods: its mean colour is nearest the woods colour
    img = render_to_image(arnhem, 1.0, RenderOptions(hex_numbers=False, places=False))
    r = int(g.size * 0.5)
    samples = [img.pixelColor(round(x) + dx, round(y) + dy) for dx in range(-r, r + 1, 2) for dy in range(-r, r + 1, 2)]
    mean = QColor(*(round(sum(getattr(c, k)() for c in samples) / len(samples)) for k in ("red", "green", "blue")))
    others = [QColor(t.color) for code, t in arnhem.terrain_table.terrain.items() if code != "woods"]
    assert _distance(mean, woods) < min(_distance(mean, o) for o in others)
    assert _distance(mean, woods) < _distance(mean, mixed)


def test_river_hexside_midpoint_is_blue(qapp, arnhem):
    g = MapGeometry.of(arnhem)
    sides = g.sides
    river = [i for i, key in enumerate(sides.keys)
             if arnhem.hexsides[key].features == ("river",) and not arnhem.hexsides[key].paths
             and arnhem.hexsides[key].bridge is None]
    assert len(river) > 50
    img = render_to_image(arnhem, 1.0, RenderOptions(hex_numbers=False, places=False))
    blue = 0
    for i in river:
        x, y = sides.mid[i]
        blue += _blue_ish(img.pixelColor(round(x), round(y)))
    assert blue >= 0.95 * len(river)
    # and a hex centre far from water is not blue
    x, y = g.centers[g.index[arnhem.hex_at("0102")]]
    assert not _blue_ish(img.pixelColor(round(x), round(y)))


def test_svg_holds_the_hex_numbers(qapp, tmp_path, arnhem):
    out = tmp_path / "map.svg"
    export_map(arnhem, out)
    text = out.read_text(encoding="utf-8")
    assert text.lstrip().startswith("<?xml") and "<svg" in text
    assert ">3423<" in text.replace("\n", "") or "3423" in text
    assert out.stat().st_size > 50_000


def test_pdf_fitted_to_one_page(qapp, tmp_path, arnhem):
    out = tmp_path / "map.pdf"
    export_map(arnhem, out, page_size="A3")
    data = out.read_bytes()
    assert data.startswith(b"%PDF") and _pdf_pages(data) == 1
    plan = plan_pages(arnhem, page_size="A3")
    assert plan.count == 1 and plan.landscape  # the map is wider than tall


def test_pdf_tiled_at_a_real_hex_size(qapp, tmp_path, arnhem):
    plan = plan_pages(arnhem, hex_width_mm=19.0, page_size="A4")
    assert plan.count == plan.columns * plan.rows > 2
    assert plan.tiles[1].label.startswith(f"page 2/{plan.count}, columns ")
    # the tiles cover the map and overlap their neighbours
    w, h = arnhem.grid.pixel_size()
    assert plan.tiles[0].scene.left() == 0 and plan.tiles[-1].scene.right() == pytest.approx(w)
    assert plan.tiles[-1].scene.bottom() == pytest.approx(h)
    if plan.columns > 1:
        assert plan.tiles[1].scene.left() < plan.tiles[0].scene.right()
    # 19 mm across the flats
    assert plan.mm_per_unit * 3**0.5 * arnhem.grid.hex_size == pytest.approx(19.0)
    seen = []
    out = tmp_path / "tiled.pdf"
    export_map(arnhem, out, hex_width_mm=19.0, page_size="A4", progress=lambda d, t: seen.append((d, t)))
    assert _pdf_pages(out.read_bytes()) == plan.count
    assert seen[-1] == (plan.count, plan.count)
    bigger = plan_pages(arnhem, hex_width_mm=19.0, page_size="A3")
    assert bigger.count < plan.count


def test_exposed_rectangle_draws_what_the_full_render_draws(qapp, arnhem):
    """The editor paints one exposed rectangle at a time: it must show what the whole map shows there.
    Antialiased diagonals may land a pixel apart under different transforms, so a pixel matches
    when the other image has a close colour within one pixel of it."""
    full = render_to_image(arnhem, 1.0)
    x0, y0, w, h = 700, 500, 240, 180
    tile = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    tile.fill(QColor("white"))
    p = QPainter(tile)
    p.translate(-x0, -y0)
    paint_map(p, arnhem, RenderOptions(), QRectF(x0, y0, w, h))
    p.end()
    differ = 0
    checked = 0
    for x in range(2, w - 2, 2):
        for y in range(2, h - 2, 2):
            checked += 1
            c = tile.pixelColor(x, y)
            if all(_distance(c, full.pixelColor(x0 + x + dx, y0 + y + dy)) > 30
                   for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                differ += 1
    assert differ <= 0.005 * checked
    # and outside the exposed rectangle nothing was drawn
    outside = QImage(50, 50, QImage.Format.Format_ARGB32_Premultiplied)
    outside.fill(QColor("white"))
    p = QPainter(outside)
    paint_map(p, arnhem, RenderOptions(), QRectF(100, 100, 10, 10))
    p.end()
    assert outside.pixelColor(5, 5) == QColor("white") and outside.pixelColor(45, 45) == QColor("white")


def test_unknown_format_and_bad_settings_are_errors(qapp, tmp_path, arnhem):
    with pytest.raises(ExportError, match="format"):
        export_map(arnhem, tmp_path / "map.bmpx")
    with pytest.raises(ExportError, match="page size"):
        export_map(arnhem, tmp_path / "map.pdf", page_size="B99")
    with pytest.raises(ExportError, match="margin"):
        plan_pages(arnhem, page_size="A4", margin_mm=150)
    with pytest.raises(ExportError, match="does not exist"):
        export_map(arnhem, tmp_path / "missing" / "map.png")


def test_cli_renders_a_scenario(qapp, tmp_path, capsys):
    out = tmp_path / "arnhem.png"
    assert main(["render", str(SCENARIO_1), "-o", str(out), "--scale", "0.4", "--no-numbers"]) == 0
    assert QImage(str(out)).width() > 100
    pdf = tmp_path / "arnhem.pdf"
    assert main(["render", str(MAP_FILE), "-o", str(pdf), "--tile", "--page", "A3"]) == 0
    assert _pdf_pages(pdf.read_bytes()) == plan_pages(read_map_file(MAP_FILE), tile_pages=True, page_size="A3").count


def test_cli_exits_1_on_a_broken_file(qapp, tmp_path, capsys):
    bad = tmp_path / "broken.yaml"
    bad.write_text("format_version: 1\nkind: hexwright-scenario\ntitle: [unclosed\n", encoding="utf-8")
    out = tmp_path / "never.png"
    assert main(["render", str(bad), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert re.search(r"broken\.yaml:\d+:\d+: error\[yaml-syntax\]", err)
    assert not out.exists()
    bad_map = tmp_path / "broken.map.yaml"
    bad_map.write_text("format_version: 1\nkind: hexwright-map\ngrid: {columns: 3, rows: 3}\n"
                       "terrain_table: {terrain: {clear: {move: {leg: 1}}}}\nhexes: {'0101': lava}\n",
                       encoding="utf-8")
    assert main(["render", str(bad_map), "-o", str(out)]) == 1
    assert "lava" in capsys.readouterr().err
    assert not out.exists()


def test_pointy_map_with_letter_labels_features_regions_and_underlay(qapp, tmp_path):
    from hexwright.engine.hexgrid import LabelScheme
    from hexwright.engine.model import GridSpec, Region, Underlay

    m = HexMap(GridSpec(12, 10, "pointy", "even", LabelScheme("letter_number"), 40.0))
    hs = m.hexes
    m.set_features({hs[5]: ("village",), hs[20]: ("fortification",)})
    m.set_region(Region("zone", "setup_zone", set(hs[50:60]), color="#ff0000"))
    scan = QImage(100, 80, QImage.Format.Format_RGB32)
    scan.fill(QColor("#0000ff"))
    scan.save(str(tmp_path / "scan.png"))
    m.set_underlay(Underlay("scan.png", (2, 0, 0, 2, 0, 0), 0.5, True))
    g = MapGeometry.of(m)
    plain = render_to_image(m, 1.0, RenderOptions(hex_numbers=False))
    shown = render_to_image(m, 1.0, RenderOptions(hex_numbers=False, regions=True, underlay=True,
                                                  underlay_dir=str(tmp_path)))
    x, y = g.centers[g.index[hs[55]]]
    tinted, bare = shown.pixelColor(round(x), round(y)), plain.pixelColor(round(x), round(y))
    assert tinted.green() < bare.green() - 30 and tinted.red() >= bare.red()  # a red tint
    assert _blue_ish(shown.pixelColor(20, 20)) and not _blue_ish(plain.pixelColor(20, 20))
    x, y = g.centers[g.index[hs[5]]]  # the village's building blocks are dark
    assert min(_distance(plain.pixelColor(round(x) + dx, round(y) + dy), QColor("#2d211a"))
               for dx in range(-12, 13) for dy in range(-12, 13)) < 120


def test_streamed_png_writer_reads_back_pixel_for_pixel(qapp, tmp_path):
    from hexwright.app.render.pngwrite import write_png_rgb
    from PySide6.QtGui import QColor, QImage

    img = QImage(131, 77, QImage.Format.Format_ARGB32_Premultiplied)  # odd sizes: row padding, partial chunks
    img.fill(QColor("#204080"))
    for x in range(131):
        for y in range(0, 77, 3):
            img.setPixelColor(x, y, QColor((x * 7) % 256, (y * 13) % 256, (x + y) % 256))
    out = tmp_path / "m.png"
    write_png_rgb(img, out)
    back = QImage(str(out))
    assert not back.isNull() and (back.width(), back.height()) == (131, 77)
    for x, y in [(0, 0), (130, 76), (65, 33), (12, 3), (99, 75)]:
        assert back.pixelColor(x, y).rgb() == img.pixelColor(x, y).rgb()
