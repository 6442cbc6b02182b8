"""Axial hex coordinates (q, r) with the cube coordinate s = -q - r (Red Blob Games, "Hexagonal Grids").

All geometry inside the engine is in these coordinates; offset coordinates and printed labels
(`0103`, `R15`) exist only in files and on screen (see `offset.py` and `labels.py`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple


class Hex(NamedTuple):
    """A hex in axial coordinates; the cube coordinate `s` is derived so `q + r + s == 0` always holds."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __str__(self) -> str:
        return f"({self.q},{self.r})"


# Direction i and direction (i + 3) % 6 are opposite. The screen names of the directions depend on
# the orientation (see Layout.direction_names): for flat-top hexes they are SE, NE, N, NW, SW, S.
DIRECTIONS: tuple[Hex, ...] = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))


def opposite(direction: int) -> int:
    return (direction + 3) % 6


def hex_add(a: Hex, b: Hex) -> Hex:
    return Hex(a.q + b.q, a.r + b.r)


def hex_subtract(a: Hex, b: Hex) -> Hex:
    return Hex(a.q - b.q, a.r - b.r)


def hex_direction(direction: int) -> Hex:
    return DIRECTIONS[direction % 6]


def hex_neighbor(h: Hex, direction: int) -> Hex:
    d = DIRECTIONS[direction % 6]
    return Hex(h.q + d.q, h.r + d.r)


def hex_neighbors(h: Hex) -> list[Hex]:
    q, r = h
    return [Hex(q + 1, r), Hex(q + 1, r - 1), Hex(q, r - 1), Hex(q - 1, r), Hex(q - 1, r + 1), Hex(q, r + 1)]


def hex_distance(a: Hex, b: Hex) -> int:
    dq = a.q - b.q
    dr = a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def hex_round(q: float, r: float) -> Hex:
    """Round fractional axial coordinates to the nearest hex: the component with the largest
    rounding error is recomputed from the other two (Red Blob Games, "Rounding to nearest hex")."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def hex_line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a straight line from the centre of `a` to the centre of `b` passes through, both ends
    included. The end points are nudged by a tiny epsilon so a line along a hexside picks one side
    consistently."""
    n = hex_distance(a, b)
    if n == 0:
        return [a]
    eps_q, eps_r = 1e-6, 2e-6
    aq, ar = a.q + eps_q, a.r + eps_r
    bq, br = b.q + eps_q, b.r + eps_r
    step = 1.0 / n
    return [hex_round(aq + (bq - aq) * i * step, ar + (br - ar) * i * step) for i in range(n + 1)]


def hex_ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes exactly `radius` away from `center`, walking the ring in direction order."""
    if radius < 0:
        raise ValueError("radius must be >= 0")
    if radius == 0:
        return [center]
    results = []
    h = Hex(center.q + DIRECTIONS[4].q * radius, center.r + DIRECTIONS[4].r * radius)
    for side in range(6):
        for _ in range(radius):
            results.append(h)
            h = hex_neighbor(h, side)
    return results


def hex_spiral(center: Hex, radius: int) -> Iterator[Hex]:
    """All hexes within `radius` of `center`, ring by ring, starting with the centre."""
    for k in range(radius + 1):
        yield from hex_ring(center, k)


def hexes_within(center: Hex, radius: int) -> list[Hex]:
    """All hexes at distance <= radius, in (q, r) order."""
    out = []
    for dq in range(-radius, radius + 1):
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            out.append(Hex(center.q + dq, center.r + dr))
    return out


def hex_rotate_left(h: Hex) -> Hex:
    """Rotate 60 degrees about the origin forward in direction order (direction i becomes i + 1):
    cube (q, r, s) -> (-s, -q, -r) as Red Blob Games writes it."""
    return Hex(-h.s, -h.q)


def hex_rotate_right(h: Hex) -> Hex:
    """Rotate 60 degrees about the origin backward in direction order (direction i becomes i - 1):
    cube (q, r, s) -> (-r, -s, -q)."""
    return Hex(-h.r, -h.s)
