"""Hexsides as first-class keys: one canonical key per shared edge, so a river is stored once.

A hexside is owned by one of its two hexes through directions 0, 1 or 2; the other hex sees it
through the opposite direction 3, 4 or 5 and maps to the same key.
"""

from __future__ import annotations

from typing import NamedTuple

from .coords import DIRECTIONS, Hex


class Hexside(NamedTuple):
    """The canonical key of the edge between `hex` and its neighbour in `direction` (0, 1 or 2)."""

    q: int
    r: int
    direction: int

    @property
    def hex(self) -> Hex:
        return Hex(self.q, self.r)

    @property
    def other(self) -> Hex:
        d = DIRECTIONS[self.direction]
        return Hex(self.q + d.q, self.r + d.r)

    def hexes(self) -> tuple[Hex, Hex]:
        return self.hex, self.other


def hexside_of(h: Hex, direction: int) -> Hexside:
    """The canonical key of side `direction` (0..5) of hex `h`."""
    direction %= 6
    if direction < 3:
        return Hexside(h.q, h.r, direction)
    d = DIRECTIONS[direction]
    return Hexside(h.q + d.q, h.r + d.r, direction - 3)


def hexside_between(a: Hex, b: Hex) -> Hexside:
    """The hexside shared by two adjacent hexes; ValueError if they are not adjacent."""
    dq, dr = b.q - a.q, b.r - a.r
    for i, d in enumerate(DIRECTIONS):
        if d.q == dq and d.r == dr:
            return hexside_of(a, i)
    raise ValueError(f"hexes {a} and {b} are not adjacent")


def hexsides_of(h: Hex) -> list[Hexside]:
    return [hexside_of(h, i) for i in range(6)]
