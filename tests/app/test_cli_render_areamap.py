"""`hexwright render` on an area map (app/render/areadraw.py): a PNG of the whole map with its area
numbers, victory-point badges, set-up zones and borders by kind; SVG and one-page PDF too."""

from __future__ import annotations

import math

import pytest
from hexwright.app.cli import main
from hexwright.app.render.areadraw import legend_height
from hexwright.engine.formats.areamapfile import read_area_map_file
from PySide6.QtGui import QColor, QImage

from tests.conftest import SCENARIOS

CROSSING_MAP = SCENARIOS / "storm-arnhem" / "the-crossing-map.yaml"


def test_render_draws_the_area_map_to_png(tmp_path, capsys, qapp):
    out = tmp_path / "crossing.png"
    assert main(["render", str(CROSSING_MAP), "-o", str(out), "--scale", "0.5"]) == 0
    img = QImage(str(out))
    band = legend_height(read_area_map_file(CROSSING_MAP))
    assert band > 0
    assert (img.width(), img.height()) == (600, math.ceil((840 + band) * 0.5))  # the map is 1200 x 840 units
    # the legend band under the map is white, the map's background above it is not
    assert QColor(img.pixel(590, img.height() - 2)).name() == "#ffffff"
    assert QColor(img.pixel(590, 400)).name() != "#ffffff"
    # the bridge border 4/5 runs along x = 600 from y = 640 to 760: a dark double line on the light fill
    across = [QColor(img.pixel(x, 350)).lightness() for x in range(294, 307)]
    assert min(across) < 80 and sum(v < 80 for v in across) >= 2
    # an open border (area 4/2 at x of about 205) is a thin line, not a bridge
    assert sum(QColor(img.pixel(x, 370)).lightness() < 80 for x in range(195, 215)) <= 1
    # area 4's fill (buildings) is light a little way off the border
    assert QColor(img.pixel(280, 350)).lightness() > 150
    # a victory-point badge is gold; area 23's sits up and to the right of its number
    golds = [(x, y) for x in range(300, 420) for y in range(180, 260)
             if QColor(img.pixel(x, y)).name() in ("#f2c230",)]
    assert golds


@pytest.mark.parametrize("suffix", ["svg", "pdf"])
def test_render_writes_svg_and_pdf(tmp_path, capsys, qapp, suffix):
    out = tmp_path / f"crossing.{suffix}"
    assert main(["render", str(CROSSING_MAP), "-o", str(out)]) == 0
    data = out.read_bytes()
    assert data.startswith(b"%PDF") if suffix == "pdf" else b"<svg" in data[:2000]


def test_render_refuses_tiling_an_area_map(tmp_path, capsys, qapp):
    out = tmp_path / "crossing.pdf"
    assert main(["render", str(CROSSING_MAP), "-o", str(out), "--tile"]) == 2
    assert "area map prints on one page" in capsys.readouterr().err
    assert not out.exists()


def test_render_draws_a_scenarios_area_map(tmp_path, capsys, qapp):
    out = tmp_path / "scenario.png"
    scenario = SCENARIOS / "storm-arnhem" / "the-crossing.yaml"
    assert main(["render", str(scenario), "-o", str(out), "--scale", "0.25"]) == 0
    band = legend_height(read_area_map_file(CROSSING_MAP))
    assert (QImage(str(out)).width(), QImage(str(out)).height()) == (300, math.ceil((840 + band) * 0.25))
