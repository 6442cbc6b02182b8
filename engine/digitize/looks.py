"""How a code of the terrain table is printed, as the linework reader (linework.py) looks for it: its
colour, its width across the line and its dash, from the table or taught from an example (no Qt)."""

from __future__ import annotations

from dataclasses import dataclass

from ..model.hexmap import HexMap
from .paper import hex_rgb
from .trails import among_grounds


@dataclass(frozen=True)
class LineLook:
    """How a code is printed: its colour (RGB, cast removed), width across the line (in hex sizes, as
    the membership integral measures it), and whether it is dashed."""

    code: str
    kind: str  # 'hexside' or 'path'
    rgb: tuple[float, float, float]
    width: float
    dashed: bool
    taught: bool = False
    among_grounds: bool = False  # its colour is near a terrain colour of the table (trails.among_grounds)


def table_looks(hexmap: HexMap) -> list[LineLook]:
    """The looks the terrain table gives: its colours and widths (a road's dark casing widens it a
    little; the width measured is the table's width times `WIDTH_SEEN`)."""
    t = hexmap.terrain_table
    looks = [LineLook(c, "hexside", hex_rgb(f.color), f.width * WIDTH_SEEN_SIDE, False)
             for c, f in t.hexside_features.items() if not f.permits_crossing]
    grounds = [hex_rgb(x.color) for x in t.terrain.values()]
    looks += [LineLook(c, "path", hex_rgb(p.color), p.width * WIDTH_SEEN, bool(p.dash),
                       among_grounds=among_grounds(hex_rgb(p.color), grounds)) for c, p in t.paths.items()]
    return looks


WIDTH_SEEN = 0.85  # the membership integral of a path, against its printed width (measured on the benchmark)
WIDTH_SEEN_SIDE = 0.95  # ... of a hexside feature (its darker outline counts too)

