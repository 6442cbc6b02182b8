"""Offset coordinates (column, row) of a rectangular printed grid and their axial equivalents
(Red Blob Games, "Offset coordinates"): flat-top grids stagger columns (odd-q / even-q), pointy-top
grids stagger rows (odd-r / even-r). `stagger="odd"` means the odd 0-based columns (the 2nd, 4th,
...) sit half a hex lower (flat) or the odd rows sit half a hex to the right (pointy)."""

from __future__ import annotations

from dataclasses import dataclass

from .coords import Hex


@dataclass(frozen=True)
class OffsetGrid:
    orientation: str = "flat"  # "flat" or "pointy"
    stagger: str = "odd"  # "odd" or "even"

    def __post_init__(self) -> None:
        if self.orientation not in ("flat", "pointy"):
            raise ValueError(f"orientation must be 'flat' or 'pointy', not {self.orientation!r}")
        if self.stagger not in ("odd", "even"):
            raise ValueError(f"stagger must be 'odd' or 'even', not {self.stagger!r}")

    def to_hex(self, col: int, row: int) -> Hex:
        if self.orientation == "flat":
            if self.stagger == "odd":
                return Hex(col, row - (col - (col & 1)) // 2)
            return Hex(col, row - (col + (col & 1)) // 2)
        if self.stagger == "odd":
            return Hex(col - (row - (row & 1)) // 2, row)
        return Hex(col - (row + (row & 1)) // 2, row)

    def from_hex(self, h: Hex) -> tuple[int, int]:
        q, r = h
        if self.orientation == "flat":
            if self.stagger == "odd":
                return q, r + (q - (q & 1)) // 2
            return q, r + (q + (q & 1)) // 2
        if self.stagger == "odd":
            return q + (r - (r & 1)) // 2, r
        return q + (r + (r & 1)) // 2, r
