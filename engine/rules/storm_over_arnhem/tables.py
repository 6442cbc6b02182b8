"""The basic game's fire table and terrain fire modifiers, as designer-editable data (Storm over Arnhem:
The Crossing, 003_6afad32bba8815b2.txt, refers to the basic game's Fire Table and Terrain Effects Chart but
prints neither).

RECONSTRUCTED, not the printed original: the scenario's `fire_table` (columns: ranges of the firing group's
total attack strength, "1-2" ... "17+"; rows: the modified die roll "1" ... "7", a roll below the first row
reads the first, above the last the last; cells: casualty points) and `fire_terrain` (rows: the target
area's terrain key; column `drm`: the die roll modifier, negative for cover). A scenario without them plays
with the defaults below, which are the same numbers and equally reconstructed.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...model.scenario import Scenario, Table

FIRE_TABLE = "fire_table"
FIRE_TERRAIN = "fire_terrain"

DEFAULT_FIRE_COLUMNS = ["1-2", "3-4", "5-6", "7-9", "10-12", "13-16", "17+"]
DEFAULT_FIRE_ROWS: dict[str, list[int]] = {
    "1": [0, 0, 0, 1, 1, 2, 2],
    "2": [0, 0, 1, 1, 2, 2, 3],
    "3": [0, 1, 1, 2, 2, 3, 4],
    "4": [1, 1, 2, 2, 3, 4, 5],
    "5": [1, 2, 2, 3, 4, 5, 6],
    "6": [1, 2, 3, 4, 5, 6, 7],
    "7": [2, 3, 4, 5, 6, 7, 8],
}
DEFAULT_TERRAIN_DRM = {"open": 0, "park": 0, "buildings": -1}


def default_fire_table() -> Table:
    return Table(FIRE_TABLE, list(DEFAULT_FIRE_COLUMNS), {k: list(v) for k, v in DEFAULT_FIRE_ROWS.items()},
                 "Fire Table (reconstructed)", reconstructed=True, source="Storm over Arnhem: The Crossing",
                 notes="The basic game's Fire Table is not in the source; these values are a designer's.")


def _range(heading: str) -> tuple[int, int]:
    h = heading.strip()
    if h.endswith("+"):
        return int(h[:-1]), 10**6
    lo, _, hi = h.partition("-")
    return int(lo), int(hi or lo)


@dataclass(frozen=True)
class FireTable:
    """The fire table a game reads: column ranges, the rows in order, and the terrain modifiers."""

    columns: tuple[tuple[int, int], ...]
    headings: tuple[str, ...]
    rows: tuple[tuple[int, tuple[int, ...]], ...]  # (modified roll, casualty points by column)
    terrain_drm: tuple[tuple[str, int], ...]
    reconstructed: bool = True

    @classmethod
    def of(cls, sc: Scenario) -> FireTable:
        t = sc.tables.get(FIRE_TABLE) or default_fire_table()
        rows = tuple(sorted((int(k), tuple(int(x) for x in v)) for k, v in t.rows.items()))
        terrain = dict(DEFAULT_TERRAIN_DRM)
        tt = sc.tables.get(FIRE_TERRAIN)
        if tt is not None and "drm" in tt.columns:
            for key in tt.rows:
                terrain[key] = int(tt.cell(key, "drm"))
        return cls(tuple(_range(c) for c in t.columns), tuple(t.columns), rows, tuple(sorted(terrain.items())),
                   t.reconstructed or (tt is not None and tt.reconstructed))

    def column(self, strength: int) -> int:
        """The column of a total attack strength (-1 below the first column: no fire)."""
        for i, (lo, hi) in enumerate(self.columns):
            if lo <= strength <= hi:
                return i
        return len(self.columns) - 1 if self.columns and strength > self.columns[-1][1] else -1

    def casualties(self, strength: int, modified_roll: int) -> int:
        col = self.column(strength)
        if col < 0 or not self.rows:
            return 0
        lo, hi = self.rows[0][0], self.rows[-1][0]
        roll = min(max(modified_roll, lo), hi)
        for r, cells in self.rows:
            if r == roll:
                return cells[col] if col < len(cells) else 0
        return 0

    def drm_of(self, terrain: str) -> int:
        return dict(self.terrain_drm).get(terrain, 0)
