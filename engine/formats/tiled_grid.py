"""Tiled's hexagonal map geometry (Tiled's `HexagonalRenderer`, mapeditor/tiled src/libtiled/
hexagonalrenderer.cpp) and its correspondence with a Hexwright grid.

A hexagonal TMX map staggers along one axis: `staggeraxis="x"` staggers columns (flat-top hexes, as
Hexwright's "flat" orientation), `"y"` staggers rows (pointy-top). `staggerindex="odd"` shifts the odd
0-based columns (rows) by half a hex, as Hexwright's `stagger: odd`. Tiled works in whole pixels: the
tile size is rounded down to even numbers and the half sizes are integer divisions, exactly as here, so
the cell centres computed here are the ones Tiled draws.

Both grids are lattices with the same stagger, so one scale and shift per axis carries a point of the
Tiled map to the Hexwright map's scene coordinates (cell centre to hex centre, exactly).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..model.hexmap import GridSpec


@dataclass(frozen=True)
class TiledHexGeometry:
    stagger_x: bool  # True: staggeraxis x (flat-top hexes)
    stagger_even: bool  # True: staggerindex even
    tile_width: int
    tile_height: int
    side: int  # hexsidelength
    columns: int
    rows: int

    # Tiled's RenderParams: even tile sizes and integer halves
    @property
    def tw(self) -> int:
        return self.tile_width & ~1

    @property
    def th(self) -> int:
        return self.tile_height & ~1

    @property
    def side_x(self) -> int:
        return self.side if self.stagger_x else 0

    @property
    def side_y(self) -> int:
        return 0 if self.stagger_x else self.side

    @property
    def column_width(self) -> int:
        return (self.tw - self.side_x) // 2 + self.side_x

    @property
    def row_height(self) -> int:
        return (self.th - self.side_y) // 2 + self.side_y

    def staggered(self, index: int) -> bool:
        return bool((index & 1) ^ int(self.stagger_even))

    def cell_origin(self, col: int, row: int) -> tuple[int, int]:
        """Top-left of a cell's tile box (Tiled's tileToScreenCoords)."""
        if self.stagger_x:
            y = row * (self.th + self.side_y) + (self.row_height if self.staggered(col) else 0)
            return col * self.column_width, y
        x = col * (self.tw + self.side_x) + (self.column_width if self.staggered(row) else 0)
        return x, row * self.row_height

    def cell_center(self, col: int, row: int) -> tuple[float, float]:
        x, y = self.cell_origin(col, row)
        return x + self.tw / 2.0, y + self.th / 2.0

    def corners(self, col: int, row: int) -> list[tuple[float, float]]:
        """The hexagon of a cell, as Tiled outlines it."""
        x, y = self.cell_origin(col, row)
        tw, th = self.tw, self.th
        if self.stagger_x:
            off = (tw - self.side) // 2
            pts: list[tuple[float, float]] = [(0, th / 2), (off, 0), (tw - off, 0), (tw, th / 2), (tw - off, th),
                                              (off, th)]
        else:
            off = (th - self.side) // 2
            pts = [(tw / 2, 0), (tw, off), (tw, th - off), (tw / 2, th), (0, th - off), (0, off)]
        return [(x + px, y + py) for px, py in pts]

    def pixel_size(self) -> tuple[int, int]:
        """The map's size in pixels (Tiled's mapBoundingRect)."""
        if self.stagger_x:
            w = self.column_width * self.columns + (self.tw - self.side) // 2
            h = (self.th + self.side_y) * self.rows + (self.row_height if self.columns > 1 else 0)
        else:
            w = (self.tw + self.side_x) * self.columns + (self.column_width if self.rows > 1 else 0)
            h = self.row_height * self.rows + (self.th - self.side) // 2
        return w, h


def geometry_for_grid(grid: GridSpec) -> TiledHexGeometry:
    """The Tiled geometry closest to a Hexwright grid's hexes: a hex side of the grid's hex size rounded to whole
    pixels, and the other tile dimension the even number nearest sqrt(3) times it (times the grid's aspect)."""
    flat = grid.orientation == "flat"
    side = max(2, round(grid.hex_size * (1.0 if flat else grid.hex_aspect)))
    if flat:
        across = 2 * max(2, round(math.sqrt(3.0) * grid.hex_size * grid.hex_aspect / 2.0))
        return TiledHexGeometry(True, grid.stagger == "even", 2 * side, across, side, grid.columns, grid.rows)
    across = 2 * max(2, round(math.sqrt(3.0) * grid.hex_size / 2.0))
    return TiledHexGeometry(False, grid.stagger == "even", across, 2 * side, side, grid.columns, grid.rows)


def hex_shape(geom: TiledHexGeometry) -> tuple[float, float]:
    """The hex size and aspect (GridSpec.hex_size, hex_aspect) whose hex centres fall as Tiled's cell centres do:
    the column and row pitches of the Tiled map are those of the Hexwright grid. A regular Tiled hex gives
    aspect 1 (within half a pixel); Tiled's hexagonal-mini example (14 x 12 px, side 6, pointy) gives hexes
    14 px across and 9 px from row to row, as Tiled draws them."""
    if geom.stagger_x:
        size = geom.column_width / 1.5
        size_y = (geom.th + geom.side_y) / math.sqrt(3.0)
    else:
        size = (geom.tw + geom.side_x) / math.sqrt(3.0)
        size_y = geom.row_height / 1.5
    size = max(1.0, size)
    aspect = size_y / size
    if abs(aspect - 1.0) * min(geom.tw, geom.th) < 1.0:  # Tiled's whole pixels: a regular hex to the pixel
        aspect = 1.0
    return round(size, 6), round(min(4.0, max(0.25, aspect)), 6)


@dataclass(frozen=True)
class AxisMap:
    """x' = ax * x + bx, y' = ay * y + by: Tiled pixels to Hexwright scene units."""

    ax: float
    bx: float
    ay: float
    by: float

    def forward(self, x: float, y: float) -> tuple[float, float]:
        return self.ax * x + self.bx, self.ay * y + self.by

    def inverse(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.bx) / self.ax, (y - self.by) / self.ay


def tiled_to_scene(geom: TiledHexGeometry, grid: GridSpec) -> AxisMap:
    """The per-axis map taking every Tiled cell centre to its Hexwright hex centre."""
    s, sy = grid.hex_size, grid.hex_size * grid.hex_aspect
    if geom.stagger_x:
        ax = 1.5 * s / geom.column_width
        ay = math.sqrt(3.0) * sy / (geom.th + geom.side_y)
    else:
        ax = math.sqrt(3.0) * s / (geom.tw + geom.side_x)
        ay = 1.5 * sy / geom.row_height
    tx, ty = geom.cell_center(0, 0)
    hx, hy = grid.layout().hex_to_pixel(grid.offset.to_hex(0, 0))
    return AxisMap(ax, hx - ax * tx, ay, hy - ay * ty)
