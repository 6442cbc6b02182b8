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


def _pixels(img: QImage):
    """(height, width, 3) B, G, R of an image, as ints (a copy: the image may go)."""
    import numpy as np
    from hexwright.app.render.pngwrite import bgra_rows

    rgb32 = img.convertToFormat(QImage.Format.Format_RGB32)
    return np.array(bgra_rows(rgb32)[..., :3], dtype=int)


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


def test_png_pieces_deflated_apart_form_one_valid_zlib_stream(qapp, tmp_path, monkeypatch):
    """Rows handed over in bands from two images, cut into pieces compressed on worker threads: the
    IDAT data is one zlib stream whose Adler-32 zlib itself accepts, and the rows come back in order."""
    import struct
    import zlib

    import numpy as np
    from hexwright.app.render import pngwrite

    monkeypatch.setattr(pngwrite, "ROWS_PER_PIECE", 7)
    rng = np.random.default_rng(3)
    top, bottom = (QImage(53, h, QImage.Format.Format_ARGB32_Premultiplied) for h in (40, 25))
    for img in (top, bottom):
        img.fill(QColor("#000000"))
        stride = img.bytesPerLine()
        view = np.frombuffer(img.bits(), dtype=np.uint8).reshape(img.height(), stride)[:, :4 * 53].reshape(-1, 53, 4)
        view[..., :3] = rng.integers(0, 4, size=view[..., :3].shape) * 60  # runs and noise
        view[..., 3] = 255
    out = tmp_path / "bands.png"
    with open(out, "wb") as f, pngwrite.PngBandWriter(f, 53, 22 + 25, workers=3, max_pending=2) as writer:
        writer.add_rows(top, 0, 10)
        writer.add_rows(top, 10, 22)
        writer.add_rows(bottom, 0, 25)
    data = out.read_bytes()
    idat, pos = b"", 8
    while pos < len(data):
        (length,), kind = struct.unpack(">I", data[pos:pos + 4]), data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        assert struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])[0] == zlib.crc32(kind + body)
        if kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = np.frombuffer(zlib.decompress(idat), dtype=np.uint8).reshape(47, 1 + 3 * 53)  # checks the Adler-32
    assert not raw[:, 0].any()  # filter type 0 on every row
    expected = np.concatenate([_pixels(top)[:22], _pixels(bottom)])[..., ::-1]  # B, G, R -> R, G, B
    assert np.array_equal(raw[:, 1:].reshape(47, 53, 3), expected)
    assert np.array_equal(_pixels(QImage(str(out))), expected[..., ::-1])


def test_adler32_combine_matches_zlib():
    import zlib

    from hexwright.app.render.pngwrite import adler32_combine, zlib_header

    a, b = bytes(range(256)) * 300, b"hexwright" * 70_001
    assert adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)
    assert adler32_combine(zlib.adler32(a), zlib.adler32(b""), 0) == zlib.adler32(a)
    for level in range(10):
        assert zlib_header(level) == zlib.compress(b"x", level)[:2]


def test_exported_png_is_the_banded_render_and_looks_like_one_pass(qapp, tmp_path, arnhem):
    """The PNG, drawn in bands and compressed piece by piece on several threads, holds exactly the
    pixels of `render_to_image`; and those look like the whole map painted in one pass: the banded
    drawing only moves antialiased edges a little (clipping), never a line or a label."""
    import numpy as np
    from hexwright.app.render import export

    assert arnhem.grid.pixel_size()[1] * 0.8 > 2 * export.BAND_PIXELS  # three bands
    out = tmp_path / "map.png"
    export_map(arnhem, out, scale=0.8)
    banded = _pixels(QImage(str(out)))
    assert np.array_equal(banded, _pixels(render_to_image(arnhem, 0.8)))
    w, h = arnhem.grid.pixel_size()
    one_pass = QImage(banded.shape[1], banded.shape[0], QImage.Format.Format_ARGB32_Premultiplied)
    one_pass.fill(QColor("white"))
    p = QPainter(one_pass)
    p.scale(0.8, 0.8)
    paint_map(p, arnhem, RenderOptions())
    p.end()
    diff = np.abs(banded - _pixels(one_pass)).max(axis=2)
    assert diff.mean() < 1.0
    assert np.count_nonzero(diff > 16) < 0.002 * diff.size
    assert np.count_nonzero(diff > 96) < 0.0002 * diff.size


def test_frame_is_drawn_band_by_band_as_one_ring(qapp, arnhem):
    """Each band strokes only the part of the map's outline near it, cut far from the band, and the
    ring's closing corner is joined, not capped, in every band that shows it."""
    import numpy as np

    g = MapGeometry.of(arnhem)
    ring = g.outline_chains()[0]
    assert np.array_equal(ring[0], ring[-1])
    w, h = arnhem.grid.pixel_size()
    band = QRectF(0.0, h - 200.0, w, 100.0)
    parts = g.outline_chains_near(band, 10.0)
    assert 0 < sum(len(c) for c in parts) < len(ring)
    for c in parts:  # every cut point lies beyond the margin
        for end in (c[0], c[-1]):
            if not np.array_equal(end, ring[0]):
                assert end[1] < band.top() - 10.0 or end[1] > band.bottom() + 10.0 or \
                    end[0] < band.left() - 10.0 or end[0] > band.right() + 10.0
    assert g.outline_chains_near(None, 10.0) == g.outline_chains()
    only = RenderOptions(terrain=False, grid=False, hexsides=False, paths=False, hex_numbers=False,
                         places=False, features=False)
    whole = render_to_image(arnhem, 1.0, only)
    tile = QImage(whole.width(), 100, QImage.Format.Format_ARGB32_Premultiplied)
    tile.fill(QColor(only.background))
    p = QPainter(tile)
    p.translate(0, -round(h - 200.0))
    paint_map(p, arnhem, only, QRectF(0.0, round(h - 200.0), w, 100.0))
    p.end()
    assert np.array_equal(_pixels(tile), _pixels(whole)[round(h - 200.0):round(h - 100.0)])
