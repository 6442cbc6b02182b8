"""Place-name placement, smooth roads and the geometry that follows a map's edits (app/render)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hexwright.app.render import mapdraw, placenames
from hexwright.app.render.fonts import metrics
from hexwright.app.render.geometry import MapGeometry
from hexwright.app.render.labels import LabelBox, place_labels
from hexwright.app.render.paths import smooth_chains
from hexwright.engine.formats import load_scenario

ROOT = Path(__file__).resolve().parents[2]
FM1 = ROOT / "scenarios" / "fm-arnhem" / "scenario-1-historical.yaml"


def _boxes(m, g, arrange: bool, scale: float) -> dict[str, tuple[float, float, float, float]]:
    out = {}
    for place, x, y, k in placenames.placed_names(m, g, arrange, scale):
        key, _size, _color, _yoff = placenames.place_style(place)
        fm = metrics(key)
        out[place.text] = (x, y - fm.ascent() * k, fm.horizontalAdvance(place.text) * k,
                           (fm.ascent() + fm.descent()) * k)
    return out


def _overlaps(a, b) -> bool:
    return min(a[0] + a[2], b[0] + b[2]) > max(a[0], b[0]) and min(a[1] + a[3], b[1] + b[3]) > max(a[1], b[1])


def _inside(a, extent) -> bool:
    return a[0] >= extent.left() and a[1] >= extent.top() and a[0] + a[2] <= extent.right() \
        and a[1] + a[3] <= extent.bottom()


def test_fm_names_collide_unarranged_and_not_once_placed(qapp) -> None:
    """The issue's cases on the F&M map with names enlarged as the editor shows them zoomed out:
    Veghel under "Hell's Highway", Gennep under "Maas", Valkenswaard clipped at the edge."""
    m = load_scenario(FM1).scenario.map
    g = MapGeometry.of(m)
    raw = _boxes(m, g, False, 2.5)
    assert _overlaps(raw["Veghel"], raw["Hell's Highway"])
    assert _overlaps(raw["Gennep"], raw["Maas"])
    assert not _inside(raw["Valkenswaard"], g.extent)
    for scale in (1.0, 1.5, 2.5, 3.0):
        placed = _boxes(m, g, True, scale)
        names = list(placed)
        for i, a in enumerate(names):
            assert _inside(placed[a], g.extent), (scale, a)
            for b in names[i + 1:]:
                assert not _overlaps(placed[a], placed[b]), (scale, a, b)
    placed = _boxes(m, g, True, 2.5)
    # the more important name stays where the designer put it; the other moves
    assert placed["Veghel"] == raw["Veghel"] and placed["Hell's Highway"] != raw["Hell's Highway"]
    assert placed["Gennep"] == raw["Gennep"] and placed["Maas"] != raw["Maas"]


def test_place_labels_keeps_free_names_and_moves_the_lesser() -> None:
    city = LabelBox(10, 10, 40, 10, "city")
    label = LabelBox(20, 12, 30, 8, "label")
    far = LabelBox(200, 200, 20, 8, "village")
    moves = place_labels([label, city, far], (0, 0, 400, 400), 20.0)
    assert moves[1] == (0.0, 0.0) and moves[2] == (0.0, 0.0)
    dx, dy = moves[0]
    moved = (20 + dx, 12 + dy, 30, 8)
    assert not _overlaps(moved, (10, 10, 40, 10))
    # a name over the left edge is pulled inside
    (edge_move,) = place_labels([LabelBox(-15, 50, 40, 10, "town")], (0, 0, 400, 400), 20.0)
    assert -15 + edge_move[0] >= 0


def test_smooth_chain_of_a_zigzag_is_the_straight_line_through_hexside_midpoints() -> None:
    zig = np.array([(0.0, 0.0), (1.0, 1.0), (2.0, 0.0), (3.0, 1.0), (4.0, 0.0)])
    (curve,) = smooth_chains([zig])
    inner = curve[(curve[:, 0] >= 1.5) & (curve[:, 0] <= 2.5)]  # between the first and last link midpoints
    assert np.allclose(inner[:, 1], 0.5)  # every link midpoint is at y 0.5: a straight road
    assert np.allclose(curve[0], zig[0]) and np.allclose(curve[-1], zig[-1])
    # a real turn is rounded but still passes through the hexside midpoints
    turn = np.array([(0.0, 0.0), (2.0, 0.0), (2.0, 2.0)])
    (c2,) = smooth_chains([turn])
    for mid in ((1.0, 0.0), (2.0, 1.0)):
        assert np.min(np.hypot(*(c2 - mid).T)) < 1e-9


def test_geometry_follows_terrain_edits_without_rebuilding(qapp) -> None:
    m = load_scenario(FM1).scenario.map
    g = MapGeometry.of(m)
    h = m.hexes[5]
    new = next(c for c in m.terrain_table.terrain if c != m.terrain[h])
    m.set_terrain({h: new})
    assert MapGeometry.of(m) is g
    assert g.terrain_codes[g.terrain_index[g.index[h]]] == new


@pytest.mark.parametrize("kind,tinted", [("objective", False), ("zone", True)])
def test_objective_regions_are_marked_not_filled(qapp, kind: str, tinted: bool) -> None:
    from hexwright.engine.model import Region
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter

    m = load_scenario(FM1).scenario.map
    h = m.hex_at("1510")
    m.set_region(Region("obj", kind, {h}, color="#d02020"))
    g = MapGeometry.of(m)
    img = QImage(400, 400, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(QColor("white"))
    p = QPainter(img)
    cx, cy = g.centers[g.index[h]]
    p.translate(200 - cx * 4, 200 - cy * 4)
    p.scale(4, 4)
    mapdraw.paint_regions(p, m, g, QRectF(cx - 50, cy - 50, 100, 100), names={"obj"})
    p.end()
    centre = img.pixelColor(200, 200)
    assert (centre != QColor("white")) is tinted
    # the objective's star sits at the hex's lower right
    star = img.pixelColor(round(200 + 0.42 * g.size * 4), round(200 + 0.36 * g.size * 4))
    assert (star.red() > 150 and star.green() < 90) is (not tinted)


def test_render_scenario_draws_its_setup(tmp_path, qapp) -> None:
    """`hexwright render SCENARIO` draws the set-up (a unit's counter on its hex); --map-only leaves it out."""
    from hexwright.app.cli import main
    from PySide6.QtGui import QImage

    sc = load_scenario(FM1).scenario
    uid, lab = next(iter(sc.placements.items()))
    g = MapGeometry.of(sc.map)
    cx, cy = g.centers[g.index[sc.map.hex_at(lab)]]
    with_setup, map_only = tmp_path / "setup.png", tmp_path / "map.png"
    assert main(["render", str(FM1), "-o", str(with_setup)]) == 0
    assert main(["render", str(FM1), "-o", str(map_only), "--map-only"]) == 0
    a, b = QImage(str(with_setup)), QImage(str(map_only))
    # the counter covers its hex: most pixels of the hex's middle differ
    diff = sum(a.pixelColor(round(cx) + dx, round(cy) + dy) != b.pixelColor(round(cx) + dx, round(cy) + dy)
               for dx in range(-8, 9, 2) for dy in range(-8, 9, 2))
    assert diff > 60, (uid, lab, diff)
    # a hex with no unit, marker or set-up region is drawn the same with and without the set-up
    from hexwright.app.render.setup import SETUP_REGION_KINDS, zone_hexes

    busy = {sc.map.hex_at(v) for v in sc.placements.values()} | {sc.map.hex_at(mk.hex) for mk in
                                                                  sc.markers.values() if mk.hex}
    busy |= {h for r in sc.map.regions.values() if r.kind in SETUP_REGION_KINDS for h in r.hexes}
    busy |= {h for hexes in zone_hexes(sc).values() for h in hexes}
    quiet = [h for h in sc.map.hexes if not any(n in busy for n in [h, *sc.map.neighbors_on_map(h)])]
    assert quiet
    for far in quiet[:20]:
        fx, fy = g.centers[g.index[far]]
        assert a.pixelColor(round(fx), round(fy)) == b.pixelColor(round(fx), round(fy)), sc.map.label(far)


def test_setup_zones_cover_the_hexes_that_pass_their_rules(qapp) -> None:
    from hexwright.app.render.setup import zone_hexes
    from hexwright.engine.model.placement import zone_rule_holds

    sc = load_scenario(ROOT / "scenarios" / "fm-arnhem" / "scenario-2-free-deployment.yaml").scenario
    zones = zone_hexes(sc)
    assert zones and all(zones.values())
    z = next(z for z in sc.setup_zones if z.rules)
    for h in list(zones[z.name])[:20]:
        assert all(zone_rule_holds(sc, r, h) for r in z.rules)
