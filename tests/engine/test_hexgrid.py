"""Hex geometry (Red Blob Games conventions): property-based checks of coordinates, neighbours,
distance, lines, rings, rotation, hex <-> pixel layouts, offset grids and canonical hexside keys."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hexwright.engine.hexgrid import (
    DIRECTIONS,
    FLAT,
    POINTY,
    Hex,
    Layout,
    OffsetGrid,
    hex_distance,
    hex_line,
    hex_neighbor,
    hex_neighbors,
    hex_ring,
    hex_rotate_left,
    hex_rotate_right,
    hex_spiral,
    hexes_within,
    hexside_between,
    hexside_of,
    hexsides_of,
    opposite,
)
from hexwright.engine.model import GridSpec, HexMap
from hypothesis import given, settings
from hypothesis import strategies as st

FAST = settings(max_examples=80, deadline=None)

coord = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coord, coord)
radii = st.integers(min_value=0, max_value=8)
orientations = st.sampled_from([FLAT, POINTY])
layouts = st.builds(
    Layout,
    orientations,
    st.floats(min_value=4.0, max_value=80.0),
    st.floats(min_value=4.0, max_value=80.0),
    st.floats(min_value=-500.0, max_value=500.0),
    st.floats(min_value=-500.0, max_value=500.0),
    st.floats(min_value=-180.0, max_value=180.0),
)


# -- coordinates ----------------------------------------------------------------------------------
@FAST
@given(hexes)
def test_cube_invariant(h):
    assert h.q + h.r + h.s == 0


@FAST
@given(hexes)
def test_neighbours_are_six_distinct_hexes_at_distance_one(h):
    ns = hex_neighbors(h)
    assert len(set(ns)) == 6
    assert all(hex_distance(h, n) == 1 for n in ns)
    assert ns == [hex_neighbor(h, d) for d in range(6)]
    for d in range(6):
        assert hex_neighbor(hex_neighbor(h, d), opposite(d)) == h


@FAST
@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a, b, c):
    assert hex_distance(a, a) == 0
    assert hex_distance(a, b) == hex_distance(b, a)
    assert (hex_distance(a, b) == 0) == (a == b)
    assert hex_distance(a, c) <= hex_distance(a, b) + hex_distance(b, c)


@FAST
@given(hexes, hexes)
def test_line_has_distance_plus_one_adjacent_hexes(a, b):
    line = hex_line(a, b)
    assert len(line) == hex_distance(a, b) + 1
    assert line[0] == a and line[-1] == b
    for x, y in zip(line, line[1:], strict=False):
        assert hex_distance(x, y) == 1


@FAST
@given(hexes, st.integers(min_value=1, max_value=10))
def test_ring_has_6k_distinct_hexes_at_distance_k(center, k):
    ring = hex_ring(center, k)
    assert len(ring) == 6 * k
    assert len(set(ring)) == 6 * k
    assert all(hex_distance(center, h) == k for h in ring)
    # walking the ring steps from neighbour to neighbour, closing the loop
    for x, y in zip(ring, ring[1:] + ring[:1], strict=False):
        assert hex_distance(x, y) == 1


def test_ring_zero_is_the_centre_and_negative_radius_is_refused():
    assert hex_ring(Hex(3, -1), 0) == [Hex(3, -1)]
    with pytest.raises(ValueError):
        hex_ring(Hex(0, 0), -1)


@FAST
@given(hexes, radii)
def test_spiral_and_hexes_within_agree_and_count_1_plus_3k_k_plus_1(center, k):
    spiral = list(hex_spiral(center, k))
    within = hexes_within(center, k)
    expected = 1 + 3 * k * (k + 1)
    assert len(spiral) == len(set(spiral)) == expected
    assert len(within) == len(set(within)) == expected
    assert set(spiral) == set(within)
    assert all(hex_distance(center, h) <= k for h in within)
    assert spiral[0] == center


@FAST
@given(hexes)
def test_six_rotations_are_the_identity(h):
    x = h
    y = h
    for _ in range(6):
        x = hex_rotate_left(x)
        y = hex_rotate_right(y)
        assert hex_distance(Hex(0, 0), x) == hex_distance(Hex(0, 0), h)
    assert x == h and y == h
    assert hex_rotate_right(hex_rotate_left(h)) == h


def test_rotation_turns_the_directions_in_order():
    for d in range(6):
        assert hex_rotate_left(DIRECTIONS[d]) == DIRECTIONS[(d + 1) % 6]
        assert hex_rotate_right(DIRECTIONS[d]) == DIRECTIONS[(d - 1) % 6]


# -- layouts ------------------------------------------------------------------------------------
@FAST
@given(layouts, hexes)
def test_hex_to_pixel_to_hex_round_trip(layout, h):
    x, y = layout.hex_to_pixel(h)
    assert layout.pixel_to_hex(x, y) == h
    fq, fr = layout.pixel_to_fractional(x, y)
    assert fq == pytest.approx(h.q, abs=1e-6) and fr == pytest.approx(h.r, abs=1e-6)


def _inradius(layout: Layout) -> float:
    return min(layout.size_x, layout.size_y) * math.sqrt(3) / 2


@FAST
@given(layouts, hexes, st.floats(min_value=0.0, max_value=0.8), st.floats(min_value=0.0, max_value=2 * math.pi))
def test_points_near_the_centre_map_back_to_the_hex(layout, h, frac, angle):
    cx, cy = layout.hex_to_pixel(h)
    radius = frac * _inradius(layout)
    x, y = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
    assert layout.pixel_to_hex(x, y) == h


@FAST
@given(layouts, st.lists(st.tuples(st.floats(-3000, 3000), st.floats(-3000, 3000)), min_size=1, max_size=40))
def test_vectorised_pixels_to_hexes_equals_scalar(layout, points):
    xy = np.array(points, dtype=float)
    got = layout.pixels_to_hexes(xy)
    want = [tuple(layout.pixel_to_hex(x, y)) for x, y in points]
    assert [tuple(int(v) for v in row) for row in got] == want


@FAST
@given(layouts, st.lists(hexes, min_size=1, max_size=20))
def test_vectorised_hexes_to_pixels_equals_scalar(layout, hs):
    got = layout.hexes_to_pixels(np.array(hs, dtype=float))
    for (x, y), h in zip(got, hs, strict=False):
        ex, ey = layout.hex_to_pixel(h)
        assert x == pytest.approx(ex) and y == pytest.approx(ey)


@FAST
@given(orientations, st.floats(min_value=4.0, max_value=80.0), st.floats(-180.0, 180.0), hexes)
def test_corners_lie_at_size_from_the_centre(orientation, size, rotation, h):
    layout = Layout(orientation, size, size, 10.0, -20.0, rotation)
    cx, cy = layout.hex_to_pixel(h)
    corners = layout.corners(h)
    assert len(corners) == 6
    for x, y in corners:
        assert math.hypot(x - cx, y - cy) == pytest.approx(size)


@FAST
@given(layouts, hexes)
def test_corners_of_unequal_sizes_lie_on_the_scaled_ellipse(layout, h):
    cx, cy = layout.hex_to_pixel(h)
    c, s = math.cos(math.radians(layout.rotation)), math.sin(math.radians(layout.rotation))
    for x, y in layout.corners(h):
        dx, dy = x - cx, y - cy
        ux, uy = c * dx + s * dy, -s * dx + c * dy  # undo the rotation
        assert (ux / layout.size_x) ** 2 + (uy / layout.size_y) ** 2 == pytest.approx(1.0)


@FAST
@given(layouts, hexes, st.integers(min_value=0, max_value=5))
def test_hexside_corners_are_shared_by_both_hexes(layout, h, d):
    n = hex_neighbor(h, d)
    mine = layout.hexside_corners(h, d)
    theirs = layout.hexside_corners(n, opposite(d))
    tol = 1e-6 * max(1.0, layout.size_x, layout.size_y)
    (a, b), (c, d2) = mine, theirs

    def close(p, q):
        return math.hypot(p[0] - q[0], p[1] - q[1]) <= tol

    assert (close(a, c) and close(b, d2)) or (close(a, d2) and close(b, c))
    assert not close(a, b)
    # and the side faces the neighbour: its midpoint is halfway between the two centres
    (ax, ay), (bx, by) = mine
    hx, hy = layout.hex_to_pixel(h)
    nx, ny = layout.hex_to_pixel(n)
    assert close(((ax + bx) / 2, (ay + by) / 2), ((hx + nx) / 2, (hy + ny) / 2))


# -- offset grids ------------------------------------------------------------------------------
grids = st.builds(OffsetGrid, st.sampled_from(["flat", "pointy"]), st.sampled_from(["odd", "even"]))
cells = st.tuples(st.integers(-50, 50), st.integers(-50, 50))


@FAST
@given(grids, cells)
def test_offset_round_trip(grid, cell):
    col, row = cell
    assert grid.from_hex(grid.to_hex(col, row)) == (col, row)


@FAST
@given(grids, hexes)
def test_hex_round_trip_through_offset(grid, h):
    assert grid.to_hex(*grid.from_hex(h)) == h


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("stagger", ["odd", "even"])
def test_neighbouring_offset_cells_are_axial_neighbours(orientation, stagger):
    """Each cell of a printed grid has six neighbours; in offset terms they depend on the parity
    of the column (flat) or row (pointy), in axial terms they are always the six directions."""
    grid = OffsetGrid(orientation, stagger)
    for col in range(6):
        for row in range(6):
            h = grid.to_hex(col, row)
            shifted = (col % 2 if orientation == "flat" else row % 2) == (1 if stagger == "odd" else 0)
            if orientation == "flat":
                dr = 0 if shifted else -1
                cells_ = [(col, row - 1), (col, row + 1), (col - 1, row + dr), (col - 1, row + dr + 1),
                          (col + 1, row + dr), (col + 1, row + dr + 1)]
            else:
                dc = 0 if shifted else -1
                cells_ = [(col - 1, row), (col + 1, row), (col + dc, row - 1), (col + dc + 1, row - 1),
                          (col + dc, row + 1), (col + dc + 1, row + 1)]
            assert {grid.to_hex(c, r) for c, r in cells_} == set(hex_neighbors(h))


def test_flat_odd_columns_sit_half_a_hex_lower_on_screen():
    spec = GridSpec(4, 3, "flat", "odd")
    layout = spec.layout()
    off = spec.offset
    y0 = layout.hex_to_pixel(off.to_hex(0, 0))[1]
    y1 = layout.hex_to_pixel(off.to_hex(1, 0))[1]
    assert y1 - y0 == pytest.approx(math.sqrt(3) * spec.hex_size / 2)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("stagger", ["odd", "even"])
@pytest.mark.parametrize("columns,rows", [(1, 1), (1, 4), (4, 1), (2, 2), (7, 5), (6, 6)])
def test_grid_layout_fits_the_picture_exactly(orientation, stagger, columns, rows):
    """The grid's layout puts the hexes' outer corners exactly on the edges of its pixel size."""
    spec = GridSpec(columns, rows, orientation, stagger)
    m = HexMap(spec)
    layout = spec.layout()
    w, h = spec.pixel_size()
    xs = [x for hx in m.hexes for x, _ in layout.corners(hx)]
    ys = [y for hx in m.hexes for _, y in layout.corners(hx)]
    assert min(xs) == pytest.approx(0, abs=1e-6) and min(ys) == pytest.approx(0, abs=1e-6)
    assert max(xs) == pytest.approx(w) and max(ys) == pytest.approx(h)


# -- hexsides -----------------------------------------------------------------------------------
@FAST
@given(hexes, st.integers(min_value=0, max_value=5))
def test_both_hexes_give_the_same_hexside_key(h, d):
    n = hex_neighbor(h, d)
    key = hexside_of(h, d)
    assert key == hexside_of(n, opposite(d))
    assert key == hexside_between(h, n) == hexside_between(n, h)
    assert key.direction in (0, 1, 2)
    assert set(key.hexes()) == {h, n}


@FAST
@given(hexes)
def test_every_hex_has_six_distinct_hexside_keys(h):
    keys = hexsides_of(h)
    assert len(set(keys)) == 6
    # hexes that are not adjacent share no hexside
    far = Hex(h.q + 2, h.r)
    assert not set(keys) & set(hexsides_of(far))


def test_hexside_between_refuses_hexes_that_are_not_adjacent():
    with pytest.raises(ValueError):
        hexside_between(Hex(0, 0), Hex(2, 0))
    with pytest.raises(ValueError):
        hexside_between(Hex(0, 0), Hex(0, 0))


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("columns,rows", [(1, 1), (2, 3), (5, 4), (39, 26)])
def test_a_rectangular_grid_has_the_expected_number_of_hexsides(orientation, columns, rows):
    """Counting edges of the hex grid graph: interior keys are the adjacent pairs of map hexes; every
    key of every hex is either interior or on the map edge. For a C x R staggered grid there are
    3CR - 2C - 2R + 1 interior hexsides in a flat grid of C columns (and symmetrically for pointy)."""
    m = HexMap(GridSpec(columns, rows, orientation, "odd"))
    keys = {k for h in m.hexes for k in hexsides_of(h)}
    interior = {k for k in keys if m.contains(k.hex) and m.contains(k.other)}
    pairs = {frozenset((h, n)) for h in m.hexes for n in m.neighbors_on_map(h)}
    assert len(interior) == len(pairs)
    n = len(m.hexes)
    # each hex has six keys; an interior key is counted by both of its hexes, an edge key by one
    assert len(keys) == 6 * n - len(interior)
    c, r = (columns, rows) if orientation == "flat" else (rows, columns)
    assert len(interior) == 3 * c * r - 2 * c - 2 * r + 1


_COMPASS = {"E": 0, "NE": 45, "N": 90, "NW": 135, "W": 180, "SW": 225, "S": 270, "SE": 315}


@pytest.mark.parametrize("orientation", [FLAT, POINTY])
def test_direction_names_point_where_they_say_on_screen(orientation):
    """Hexside labels such as '0103:S' use these names, so they must match the picture (y grows down)."""
    layout = Layout(orientation, 10.0, 10.0)
    for d, name in enumerate(orientation.direction_names):
        x, y = layout.hex_to_pixel(DIRECTIONS[d])
        angle = math.degrees(math.atan2(-y, x)) % 360
        want = _COMPASS[name]
        assert min(abs(angle - want), 360 - abs(angle - want)) <= 30, (name, angle)
