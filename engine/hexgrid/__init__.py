"""Hex grid geometry after Red Blob Games' conventions: cube/axial coordinates inside,
offset coordinates and printed labels only at the edges (files and the screen)."""

from .coords import (
    DIRECTIONS,
    Hex,
    hex_add,
    hex_direction,
    hex_distance,
    hex_line,
    hex_neighbor,
    hex_neighbors,
    hex_ring,
    hex_rotate_left,
    hex_rotate_right,
    hex_round,
    hex_spiral,
    hex_subtract,
    hexes_within,
    opposite,
)
from .hexsides import Hexside, hexside_between, hexside_of, hexsides_of
from .labels import LabelError, LabelScheme
from .layout import FLAT, POINTY, Layout, Orientation
from .offset import OffsetGrid

__all__ = [
    "DIRECTIONS", "FLAT", "POINTY", "Hex", "Hexside", "LabelError", "LabelScheme", "Layout", "OffsetGrid",
    "Orientation", "hex_add", "hex_direction", "hex_distance", "hex_line", "hex_neighbor", "hex_neighbors",
    "hex_ring", "hex_rotate_left", "hex_rotate_right", "hex_round", "hex_spiral", "hex_subtract",
    "hexes_within", "hexside_between", "hexside_of", "hexsides_of", "opposite",
]
