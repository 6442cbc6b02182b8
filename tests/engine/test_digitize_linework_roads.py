"""Wide roads near hexsides they do not cross, read from scans painted with numpy (no Qt): a road's
colour must show fully on each side of a hexside for the arcs around its middle to carry the road
across it (engine/digitize/paths.py, rings.py)."""

from __future__ import annotations

import numpy as np
from hexwright.engine.digitize.linework import propose_linework
from hexwright.engine.digitize.paths import PATH_S
from hexwright.engine.digitize.scan import Scan
from hexwright.engine.hexgrid import hex_neighbor, hexside_between

from tests.engine.test_digitize_linework import SCALE, Painter, _rgb, _wide_road_map, found, transform_off


def test_a_road_turning_beside_a_hexside_over_a_ground_half_its_tan_does_not_cross_it():
    # hex B's road comes in from E, turns 0.3 hex sizes from the middle of the hexside A/B and leaves
    # for F (E and F: B's neighbours beyond the ends of its hexside opposite A/B), so it crosses B/E
    # and B/F but not A/B.
    # Beside A/B, in A, the ground is 40 % of the way from the paper to the road's tan (a lighter field,
    # or a scan's yellowing): every arc around the hexside's middle on A's side reads it at about 0.4,
    # over the 0.3 that counts an arc, though the road's colour shows fully nowhere on that side. The
    # rule before proposed A/B as a road from those arcs (as yellowed VASL board 66 read 3 px off)
    m = _wide_road_map("road beside a hexside")
    m.terrain_table.terrain["clear"].color = "#9aa85a"  # 82 RGB from the road's tan
    at = m.grid.offset.to_hex
    a, b = at(3, 2), at(4, 2)
    side = hexside_between(a, b)
    beyond = hex_neighbor(b, next(k for k in range(6) if hex_neighbor(b, (k + 3) % 6) == a))
    e, f = ({hex_neighbor(beyond, k) for k in range(6)} & {hex_neighbor(b, k) for k in range(6)}) - {b, beyond}
    lay = m.layout()
    p = Painter(m)
    ca, cb = np.array(lay.hex_to_pixel(a)), np.array(lay.hex_to_pixel(b))
    mid, unit = (ca + cb) / 2, (cb - ca) / np.linalg.norm(cb - ca)
    clear, tan = _rgb(m.terrain_table.terrain["clear"].color), _rgb(m.terrain_table.paths["road"].color)
    # the lighter ground: in A, within 0.4 hex sizes of the hexside (its hexside's length and no more)
    s = ((p.xx / SCALE - mid[0]) * unit[0] + (p.yy / SCALE - mid[1]) * unit[1]) / p.size
    v = ((p.yy / SCALE - mid[1]) * unit[0] - (p.xx / SCALE - mid[0]) * unit[1]) / p.size
    p.img[(s > -0.4) & (s < 0) & (np.abs(v) < 0.55)] = clear + 0.4 * (tan - clear)
    turn = mid + 0.3 * p.size * unit
    width = m.terrain_table.paths["road"].width * p.size
    for end in (e, f):
        p.segment(np.array(lay.hex_to_pixel(end)), turn, width, tan)
    got = found(m, propose_linework(m, Scan(p.scan()), transform_off(2.4, -1.8))).get("road", set())
    assert side not in got
    assert {hexside_between(b, e), hexside_between(b, f)} <= got


def test_a_road_printed_a_little_off_its_table_colour_is_read_in_the_colour_its_sure_links_show():
    # dirt roads down three columns of a desert, printed in VASL board 25's road colour (229, 201, 126),
    # 4 % redder and bluer than the table's (220, 205, 123); the middle column's hexes are a deeper
    # yellow and carry their labels over the road in a faded ink, where a road in the table's colour is
    # not read (none of its five links under the rule before). The links read surely elsewhere show the
    # road's colour as printed, and the map read again in it finds the middle column's road too
    m = _wide_road_map("road off its colour")
    m.terrain_table.terrain["clear"].color = "#e4bb28"
    at = m.grid.offset.to_hex
    lay = m.layout()
    p = Painter(m)
    hexes = list(m.hexes)
    centres = lay.hexes_to_pixels(np.array(hexes, dtype=float))
    nearest = np.argmin(np.hypot(p.xx[..., None] / SCALE - centres[:, 0], p.yy[..., None] / SCALE - centres[:, 1]),
                        axis=-1)
    in_middle = np.array([m.grid.offset.from_hex(h)[0] == 3 for h in hexes])
    p.img[in_middle[nearest]] = _rgb("#d4a418")
    roads = {c: [hexside_between(at(c, r), at(c, r + 1)) for r in range(0, 5)] for c in (1, 3, 5)}
    for side in (s for column in roads.values() for s in column):
        a, b = np.array(lay.hex_to_pixel(side.hex)), np.array(lay.hex_to_pixel(side.other))
        p.segment(a, b, m.terrain_table.paths["road"].width * p.size, np.array([229.0, 201.0, 126.0]))
    half, tall = int(0.2 * p.size * SCALE), int(0.3 * p.size * SCALE)
    for r in range(1, 6):  # the middle column's labels over its road, in a faded ink (as on board 25)
        x, y = (np.array(lay.hex_to_pixel(at(3, r))) * SCALE).astype(int)
        top = int(y - 0.8 * p.size * SCALE)
        for x0 in range(x - half, x + half, 5):
            p.img[top:top + tall, x0:x0 + 2] = (175, 150, 80)
    got = found(m, propose_linework(m, Scan(p.scan(blur=False)), transform_off(2.4, -1.8))).get("road", set())
    every = {s for column in roads.values() for s in column}
    assert not got - every
    assert set(roads[1]) | set(roads[5]) <= got
    assert len(got & set(roads[3])) >= 4


def test_a_dark_line_along_a_link_is_no_bridge_across_it():
    # the lines read along a link (PATH_S across it, v along the hexside), painted: a bridge is a dark
    # box across the hexside's middle, ending short of the hexes' centres; a wall, a row of buildings
    # or a board's edge running along the link is dark beyond the box too, and is no bridge (the rule
    # before took it for one, and read the link only beyond it: a road beside a town's buildings was lost
    # on VASL board 51, and a board's edge was read as a road on board 25)
    from hexwright.engine.digitize.paths import _bridged

    v = np.linspace(-0.6, 0.6, 49)
    paper = np.array([175.0, 188.0, 106.0])
    across_middle = np.abs(v) <= 0.1
    obs = np.broadcast_to(paper, (2, len(PATH_S), len(v), 3)).copy()
    obs[0][np.ix_(np.abs(PATH_S) <= 0.36, across_middle)] = 40.0  # a bridge: its box
    obs[1][:, across_middle] = 40.0  # a wall along the whole link
    assert _bridged(obs, paper, v, np.array([[220.0, 205.0, 123.0]])).tolist() == [True, False]
