"""Wide roads near hexsides they do not cross, read from scans painted with numpy (no Qt): a road's
colour must show fully on each side of a hexside for the arcs around its middle to carry the road
across it (engine/digitize/paths.py, rings.py)."""

from __future__ import annotations

import numpy as np
from hexwright.engine.digitize.linework import propose_linework
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
