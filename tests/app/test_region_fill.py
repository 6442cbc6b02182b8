"""A region's tint is filled as the rings of its hexes' outward sides (app/render/regions.py `region_paths`,
app/render/geometry.py `closed_rings`): a few edges for the rasterizer instead of six a hex. It must cover
exactly what the hexes cover, holes, pinches and separate pieces included: drawn both ways, the pixels are
the same."""

from __future__ import annotations

import numpy as np
from hexwright.app.render.geometry import MapGeometry
from hexwright.app.render.paths import closed_rings, polygons_path
from hexwright.app.render.regions import region_paths
from hexwright.engine.formats import load_scenario
from hexwright.engine.model import GridSpec, HexMap
from hexwright.engine.model.terrain import default_terrain_table
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QColor, QImage, QPainter, QTransform

from tests.conftest import SCENARIOS

GRID = (9, 8)


def _pixels(path, size=(640, 560), scale=1.0) -> np.ndarray:
    img = QImage(*size, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(0)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setTransform(QTransform.fromScale(scale, scale))
    p.fillPath(path, QColor(200, 30, 30, 45))
    p.end()
    return np.frombuffer(img.constBits(), np.uint8).copy()


def _as_hexagons(g: MapGeometry, centres: np.ndarray):
    return polygons_path(centres[:, None, :] + g.corner_offsets[None, :, :])


_MAP = HexMap(GridSpec(*GRID), default_terrain_table(), "clear")
_GEOM = MapGeometry(_MAP)
_HEXES = sorted(_GEOM.index)


@settings(max_examples=60, deadline=None)
@given(st.sets(st.sampled_from(_HEXES), min_size=1, max_size=40))
def test_the_rings_fill_the_hexes_and_nothing_else(qapp, chosen):
    hexes = frozenset(chosen)
    fill, _outline, centres = region_paths(_GEOM, hexes)
    scale = 560 / max(_GEOM.extent.width(), _GEOM.extent.height())
    assert np.array_equal(_pixels(fill, scale=scale), _pixels(_as_hexagons(_GEOM, centres), scale=scale))


def test_a_ring_round_a_hole_and_a_pinch_are_closed_rings(qapp):
    """A ring of six hexes round an empty one: two rings (outside and hole), each closed; the hexes of a
    region that meet the rest at one corner only make no open chain."""
    around = [h for h in _HEXES if max(abs(h.q - 4), abs(h.r - 2), abs(-(h.q - 4) - (h.r - 2))) == 1]
    assert len(around) == 6
    qr = np.array(sorted(around), dtype=float)
    centres = _GEOM.layout.hexes_to_pixels(qr)
    fill, _outline, _c = region_paths(_GEOM, frozenset(around))
    assert fill.toSubpathPolygons() and len(fill.toSubpathPolygons()) == 2
    assert np.array_equal(_pixels(fill), _pixels(_as_hexagons(_GEOM, centres)))
    sides = np.array([[[0.0, 0.0], [1.0, 0.0]], [[1.0, 0.0], [0.0, 1.0]], [[0.0, 1.0], [0.0, 0.0]]])
    rings = closed_rings(sides)
    assert len(rings) == 1 and np.allclose(rings[0][0], rings[0][-1])


def test_the_shipped_regions_fill_as_their_hexes(qapp):
    m = load_scenario(SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml").scenario.map
    g = MapGeometry(m)
    scale = 900 / max(g.extent.width(), g.extent.height())
    for name, r in sorted(m.regions.items()):
        hexes = frozenset(h for h in r.hexes if h in g.index)
        fill, _outline, centres = region_paths(g, hexes)
        drawn = _pixels(fill, (900, 900), scale)
        assert np.array_equal(drawn, _pixels(_as_hexagons(g, centres), (900, 900), scale)), name
