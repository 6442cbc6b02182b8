"""An exported TMX as Tiled itself draws it: `tmxrasterizer` (Debian's `tiled` package; .ci/run and
packaging/bootstrap.sh install it) renders the export, and the colour at every hex centre matches
`hexwright render` of the same map."""

from __future__ import annotations

import random
import shutil
import subprocess

import pytest
from hexwright.app.cli import main
from hexwright.engine.formats.mapfile import save_map
from hexwright.engine.formats.tiled_grid import geometry_for_grid
from hexwright.engine.hexgrid import LabelScheme
from hexwright.engine.model import HexMap
from hexwright.engine.model.hexmap import GridSpec
from hexwright.engine.model.terrain import default_terrain_table
from PySide6.QtGui import QColor, QImage

TMXRASTERIZER = shutil.which("tmxrasterizer")
OBJECT_LAYERS = ("hex numbers", "places", "regions", "hexsides and paths")


def _near(a: QColor, b: QColor, tolerance: int = 6) -> bool:
    return all(abs(x - y) <= tolerance for x, y in ((a.red(), b.red()), (a.green(), b.green()), (a.blue(), b.blue())))


@pytest.mark.skipif(TMXRASTERIZER is None, reason="tmxrasterizer is not installed (apt-get install tiled); "
                    ".ci/run installs it")
@pytest.mark.parametrize("orientation,stagger", [("flat", "odd"), ("flat", "even"), ("pointy", "odd"),
                                                 ("pointy", "even")])
def test_tiled_draws_every_hex_in_the_colour_hexwright_draws_it(qapp, tmp_path, orientation, stagger):
    rng = random.Random(7)
    m = HexMap(GridSpec(12, 9, orientation, stagger, LabelScheme(), 32.0), default_terrain_table())
    codes = list(m.terrain_table.terrain)
    m.set_terrain({h: rng.choice(codes) for h in m.hexes})
    save_map(m, tmp_path / "m.map.yaml")
    assert main(["export", str(tmp_path / "m.map.yaml"), "-o", str(tmp_path / "m.tmx")]) == 0
    assert main(["render", str(tmp_path / "m.map.yaml"), "-o", str(tmp_path / "hexwright.png"),
                 "--no-numbers", "--no-grid"]) == 0
    hide = [arg for layer in OBJECT_LAYERS for arg in ("--hide-layer", layer)]
    subprocess.run([TMXRASTERIZER, *hide, str(tmp_path / "m.tmx"), str(tmp_path / "tiled.png")], check=True,
                   env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"}, capture_output=True, timeout=120)
    tiled, ours = QImage(str(tmp_path / "tiled.png")), QImage(str(tmp_path / "hexwright.png"))
    assert not tiled.isNull() and not ours.isNull()
    geom = geometry_for_grid(m.grid)
    assert (tiled.width(), tiled.height()) == geom.pixel_size()
    layout = m.layout()
    mismatched = []
    for c in range(m.grid.columns):
        for r in range(m.grid.rows):
            h = m.grid.offset.to_hex(c, r)
            tx, ty = geom.cell_center(c, r)
            hx, hy = layout.hex_to_pixel(h)
            want = QColor(m.terrain_table.terrain[m.terrain[h]].color)
            got_tiled, got_ours = tiled.pixelColor(int(tx), int(ty)), ours.pixelColor(int(hx), int(hy))
            if not (_near(got_tiled, got_ours) and _near(got_tiled, want)):
                mismatched.append((m.label(h), got_tiled.name(), got_ours.name(), want.name()))
    assert mismatched == []
    assert len(m.hexes) == 108
