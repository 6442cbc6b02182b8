"""Telling a printed trail from lines that only look like one (engine/digitize/trails.py), on small
synthetic scans painted with numpy (no Qt): a thin solid brown path among the map's grounds, hex
outlines blurred into a yellow ground, the fit a few pixels off."""

from __future__ import annotations

import numpy as np
from hexwright.engine.digitize.linework import parse_side_key, propose_linework
from hexwright.engine.digitize.scan import Scan
from hexwright.engine.digitize.trails import CORNER, MEASURES, a_line, flanks
from hexwright.engine.hexgrid import hexside_between
from hexwright.engine.model.hexmap import GridSpec, HexMap
from hexwright.engine.model.terrain import PathType, TerrainType

from tests.engine.test_digitize_linework import SCALE, Painter, _rgb, found, transform_off

GRAIN = "#ffef70"  # a grain field's yellow, as VASL prints it
TRAIL = "#746432"  # VASL's path brown (PathBrown2), near its woods' olive


def _grain_map(name: str) -> tuple[HexMap, Painter, list]:
    """A map of grain hexes 37.5 scan px in size (a VASL board's) with a trail (4 scan px wide, as VASL's)
    across the middle of four hexsides of row 2: the map, its painter and the trail's hexsides."""
    m = HexMap(GridSpec(8, 6, hex_size=37.5 / SCALE), name=name)
    t = m.terrain_table
    t.terrain.clear()
    t.terrain["clear"] = TerrainType("clear", "Grain", color=GRAIN)
    t.terrain["woods"] = TerrainType("woods", "Woods", color="#555f2d")
    t.hexside_features.clear()
    t.paths.clear()
    t.paths["trail"] = PathType("trail", "Trail", color=TRAIL, width=0.11)
    m.default_terrain = "clear"
    at = m.grid.offset.to_hex
    trail = [hexside_between(at(c, 2), at(c + 1, 2)) for c in range(1, 5)]
    p = Painter(m)
    for s in trail:
        p.link(s, "trail")
    return m, p, trail


def _outlined_grain_map() -> tuple[HexMap, Painter, list]:
    """`_grain_map` with every hex outlined in black 1.5 scan px wide."""
    m, p, trail = _grain_map("outlined grain")
    lay = m.layout()
    for h in m.hexes:
        for d in range(6):
            a, b = lay.hexside_corners(h, d)
            p.segment(np.array(a), np.array(b), 1.5 / SCALE, _rgb("#000000"))
    for s in trail:  # the trail printed over the outlines
        p.link(s, "trail")
    return m, p, trail


def test_hex_outlines_meeting_at_a_corner_are_not_proposed_as_a_trail():
    # black outlines 1.5 scan px wide blurred into a yellow field read as the ground darkened, about
    # the trail's brown, over one ground on both sides; with the fit 4 px off along the hexsides between
    # a column's hexes, the line followed across such a hexside runs from its own outline into the two
    # outlines leaving its corner. The rule before proposed 31 such links as trails; the trail crossing
    # the middle of its hexsides is proposed either way
    m, p, trail = _outlined_grain_map()
    props = propose_linework(m, Scan(p.scan()), transform_off(-4.0, 0.0))
    assert found(m, props).get("trail", set()) == set(trail)
    read = {parse_side_key(m, q.key) for q in props if q.feature == "trail" and not q.proposed}
    assert len(read - set(trail)) >= 10  # the outlines are read as a trail's brown: left for review


def test_the_reach_along_the_hexside_is_measured_where_the_line_shows():
    # a line of the trail's colour over a grain ground on every profile, followed at the middle sample
    # of each; it shows on two profiles only, 0.2 and 0.55 hex sizes along the hexside: the reach is
    # the furthest of those two, not of the profiles where it does not show (0.6)
    ground, colour = _rgb(GRAIN), _rgb(TRAIL)
    obs = np.broadcast_to(ground, (1, 4, 21, 3)).copy()
    obs[:, :, 9:12] = colour
    pos = np.full((1, 4), 10)
    lines = np.array([[False, True, True, False]])
    along = np.array([[0.6, 0.2, -0.55, 0.6]])
    got = flanks(obs, pos, lines, 2, colour, along)
    assert got.shape == (1, MEASURES)
    assert np.isclose(got[0, 3], 0.55)
    assert got[0, 0] < 1 and got[0, 2] < 1 and got[0, 4] < 1  # one ground on both sides, the centre the line's colour
    assert not a_line(got)[0]  # ... but run into the corner
    near = flanks(obs, pos, lines, 2, colour, along * (CORNER - 0.1) / 0.55)
    assert a_line(near)[0]


def test_a_line_in_the_trails_brown_only_on_average_is_read_but_left_for_review():
    # beside a trail, a line as wide whose course alternates a dark and a light brown every 0.15 hex
    # sizes, each 81 RGB from the trail's colour and averaging to it exactly (as a wooden roof's grain, a
    # label's letters over a roof, or a bank's brown beside water show along a link): its centre is the
    # trail's brown on average, not on most profiles. The rule before proposed 4 of its 4 links
    m, p, trail = _grain_map("mixed")
    at = m.grid.offset.to_hex
    mixed = [hexside_between(at(c, 4), at(c + 1, 4)) for c in range(1, 5)]
    lay = m.layout()
    dark, light = np.array([60.0, 48.0, 22.0]), np.array([172.0, 152.0, 78.0])
    assert np.allclose((dark + light) / 2, _rgb(TRAIL))
    for s in mixed:
        a, b = np.array(lay.hex_to_pixel(s.hex)), np.array(lay.hex_to_pixel(s.other))
        n = int(round(np.linalg.norm(b - a) / (0.15 * p.size)))
        for i in range(n):
            p.segment(a + (b - a) * i / n, a + (b - a) * (i + 1) / n, 0.11 * p.size, dark if i % 2 == 0 else light)
    props = propose_linework(m, Scan(p.scan()), transform_off(2.4, -1.8))
    assert found(m, props).get("trail", set()) == set(trail)
    read = {parse_side_key(m, q.key) for q in props if q.feature == "trail" and not q.proposed}
    assert read == set(mixed)
