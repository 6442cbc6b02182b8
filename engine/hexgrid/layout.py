"""Hex <-> pixel conversion (Red Blob Games, "Layout"): an orientation's forward and inverse matrices,
a hex size (x and y may differ, for scans that are not square), an origin and a rotation.

The rotation and unequal sizes let a grid be fitted to a scanned printed map (see `fit.py`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .coords import Hex, hex_round

if TYPE_CHECKING:  # numpy is imported by the vectorised methods that use it: validation never needs it
    import numpy as np

SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True)
class Orientation:
    name: str
    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float  # in multiples of 60 degrees
    direction_names: tuple[str, ...]


POINTY = Orientation(
    "pointy", SQRT3, SQRT3 / 2.0, 0.0, 3.0 / 2.0, SQRT3 / 3.0, -1.0 / 3.0, 0.0, 2.0 / 3.0, 0.5,
    ("E", "NE", "NW", "W", "SW", "SE"),
)
FLAT = Orientation(
    "flat", 3.0 / 2.0, 0.0, SQRT3 / 2.0, SQRT3, 2.0 / 3.0, 0.0, -1.0 / 3.0, SQRT3 / 3.0, 0.0,
    ("SE", "NE", "N", "NW", "SW", "S"),
)
ORIENTATIONS = {"flat": FLAT, "pointy": POINTY}


@dataclass(frozen=True)
class Layout:
    """Maps hexes to screen/scan pixels. `size` is the distance from a hex centre to a corner."""

    orientation: Orientation = FLAT
    size_x: float = 32.0
    size_y: float = 32.0
    origin_x: float = 0.0
    origin_y: float = 0.0
    rotation: float = 0.0  # degrees, counter-clockwise on screen is negative because y points down
    _m: tuple[float, float, float, float] = field(init=False, repr=False, compare=False)
    _inv: tuple[float, float, float, float] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        o = self.orientation
        c, s = math.cos(math.radians(self.rotation)), math.sin(math.radians(self.rotation))
        # pixel = R @ S @ F @ (q, r) + origin
        a = o.f0 * self.size_x
        b = o.f1 * self.size_x
        cc = o.f2 * self.size_y
        d = o.f3 * self.size_y
        m = (c * a - s * cc, c * b - s * d, s * a + c * cc, s * b + c * d)
        det = m[0] * m[3] - m[1] * m[2]
        object.__setattr__(self, "_m", m)
        object.__setattr__(self, "_inv", (m[3] / det, -m[1] / det, -m[2] / det, m[0] / det))

    @property
    def matrix(self) -> tuple[float, float, float, float]:
        """The 2x2 matrix taking axial (q, r) to pixel offsets from the origin (row-major)."""
        return self._m

    def hex_to_pixel(self, h: Hex) -> tuple[float, float]:
        m = self._m
        return (m[0] * h[0] + m[1] * h[1] + self.origin_x, m[2] * h[0] + m[3] * h[1] + self.origin_y)

    def pixel_to_fractional(self, x: float, y: float) -> tuple[float, float]:
        i = self._inv
        px, py = x - self.origin_x, y - self.origin_y
        return (i[0] * px + i[1] * py, i[2] * px + i[3] * py)

    def pixel_to_hex(self, x: float, y: float) -> Hex:
        return hex_round(*self.pixel_to_fractional(x, y))

    def corner_offset(self, corner: int) -> tuple[float, float]:
        angle = 2.0 * math.pi * (self.orientation.start_angle + corner) / 6.0
        ux, uy = self.size_x * math.cos(angle), self.size_y * math.sin(angle)
        c, s = math.cos(math.radians(self.rotation)), math.sin(math.radians(self.rotation))
        return (c * ux - s * uy, s * ux + c * uy)

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        cx, cy = self.hex_to_pixel(h)
        return [(cx + dx, cy + dy) for dx, dy in (self.corner_offset(i) for i in range(6))]

    def hexside_corner_indices(self, direction: int) -> tuple[int, int]:
        """Which two corners (as numbered by `corner_offset`) bound side `direction` of every hex."""
        return _SIDE_CORNERS[self.orientation.name][direction % 6]

    def hexside_corners(self, h: Hex, direction: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two corners of side `direction` of hex `h` (the edge facing that neighbour)."""
        first, second = self.hexside_corner_indices(direction)
        cs = self.corners(h)
        return cs[first], cs[second]

    # Vectorised forms for many points at once (scene building, colour sampling, rendering).
    def hexes_to_pixels(self, qr: np.ndarray) -> np.ndarray:
        import numpy as np

        m = np.array(self._m).reshape(2, 2)
        pixels: np.ndarray = qr @ m.T + np.array([self.origin_x, self.origin_y])
        return pixels

    def pixels_to_hexes(self, xy: np.ndarray) -> np.ndarray:
        """Round many pixel positions to hexes at once; returns an (n, 2) int array of (q, r)."""
        import numpy as np

        inv = np.array(self._inv).reshape(2, 2)
        frac = (xy - np.array([self.origin_x, self.origin_y])) @ inv.T
        q, r = frac[:, 0], frac[:, 1]
        s = -q - r
        rq, rr, rs = np.round(q), np.round(r), np.round(s)
        dq, dr, ds = np.abs(rq - q), np.abs(rr - r), np.abs(rs - s)
        fix_q = (dq > dr) & (dq > ds)
        fix_r = ~fix_q & (dr > ds)
        rq = np.where(fix_q, -rr - rs, rq)
        rr = np.where(fix_r, -rq - rs, rr)
        return np.stack([rq, rr], axis=1).astype(np.int64)


def _side_corner_table() -> dict[str, list[tuple[int, int]]]:
    """Which two corners bound each side direction, found from geometry once at import."""
    table: dict[str, list[tuple[int, int]]] = {}
    for name, o in ORIENTATIONS.items():
        lay = Layout(o, 1.0, 1.0)
        cs = lay.corners(Hex(0, 0))
        sides = []
        for d in range(6):
            from .coords import DIRECTIONS

            nx, ny = lay.hex_to_pixel(DIRECTIONS[d])
            mx, my = nx / 2.0, ny / 2.0
            best = min(
                ((i, (i + 1) % 6) for i in range(6)),
                key=lambda p: math.hypot((cs[p[0]][0] + cs[p[1]][0]) / 2 - mx, (cs[p[0]][1] + cs[p[1]][1]) / 2 - my),
            )
            sides.append(best)
        table[name] = sides
    return table


_SIDE_CORNERS = _side_corner_table()
