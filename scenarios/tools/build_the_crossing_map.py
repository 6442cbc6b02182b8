"""Build the area map of "Storm over Arnhem: The Crossing" (003_6afad32bba8815b2.txt) with the engine
API and save it as scenarios/storm-arnhem/the-crossing-map.yaml.

The source is the variant's rulebook only: it names areas 4, 5, 17, 18, 22, 23 and 28, the bridge
dividing lines between 4/5, 18/17 and 22/23 (3.42-3.45), the perimeter zones (3.2), and set-up zones
A-E (2.1-2.3); it does not print the map. This map is an APPROXIMATION of the Arnhem bridge area
built to satisfy those relations, not a tracing of the printed Storm over Arnhem map:

* the Lower Rhine runs along the south edge; the bridge's north ramp runs north from it at x = 600,
  and its three dividing lines are the borders 4/5 (at the river), 18/17 and 22/23; area 28 lies at
  the ramp's north end, next to 22 and 23 (3.45: units leaving the ramp enter 22, 23 and/or 28);
* the areas west of the ramp (zones D and E) are where the British set up (2.1, 2.2); the German
  zones A, B and C (2.2: the 10th SS Recon, eleven units a zone at most) lie east and north;
* four perimeter zones P1-P4 ring the north, west and east edges (3.2);
* every other area number, every shape, the terrain and the victory points are invented for this
  approximation (one VP for each of the seven areas at the ramp) and say so in the map's notes.

Run: .venv/bin/python scenarios/tools/build_the_crossing_map.py
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from hexwright.engine.formats.areamapfile import save_area_map
from hexwright.engine.model.areamap import Area, AreaBorder, AreaMap

OUT = Path(__file__).resolve().parents[1] / "storm-arnhem" / "the-crossing-map.yaml"
WIDTH, HEIGHT = 1200.0, 840.0
EDGE = 80.0  # width of the perimeter bands
XS = [EDGE, 250.0, 420.0, 600.0, 780.0, 950.0, WIDTH - EDGE]  # column lines; x = 600 is the ramp
YS = [EDGE, 240.0, 400.0, 520.0, 640.0, 760.0]  # row lines; y = 760 is the river bank
RAMP_COLUMN = 3

# area id per cell (row, column), north to south and west to east; "28" covers two cells
CELLS = [
    ["6", "7", "8", "9", "10", "11"],
    ["12", "13", "28", "28", "14", "15"],
    ["16", "19", "22", "23", "20", "21"],
    ["24", "25", "18", "17", "26", "27"],
    ["1", "2", "4", "5", "3", "29"],
]
NAMES = {"4": "North ramp, west (pillbox)", "5": "North ramp, east", "18": "Ramp, west houses",
         "17": "Ramp, east houses", "22": "Ramp end, west", "23": "Ramp end, east (Arnhem Garrison)",
         "28": "North of the ramp", "2": "River bank, west of the ramp"}
ZONES = {"A": ["21", "27", "29", "3"], "B": ["10", "11", "14", "15"], "C": ["7", "8", "9"],
         "D": ["1", "2", "24", "25"], "E": ["6", "12", "13", "16", "19"]}
VP = {"4": 1, "5": 1, "17": 1, "18": 1, "22": 1, "23": 1, "28": 1}
TERRAIN = {"28": "open", "8": "park", "9": "park", "13": "park"}
BRIDGE_BORDERS = [("4", "5"), ("18", "17"), ("22", "23")]
NOTES = (
    "An APPROXIMATION of the Arnhem road bridge area for Storm over Arnhem: The Crossing, built from the "
    "variant's rules (areas 4, 5, 17, 18, 22, 23 and 28, the bridge dividing lines 4/5, 18/17 and 22/23, "
    "the perimeter zones and set-up zones A-E). It is not a tracing of the printed map: every other area "
    "number, all shapes, the terrain and the victory points (one for each area at the ramp) are invented "
    "for this approximation. Trace the real map over a scan to replace it."
)


def vertices() -> dict[tuple[int, int], tuple[float, float]]:
    """Grid vertices, jittered where no straight line must be kept (the map's outer lines, the ramp)."""
    rng = random.Random(1944)
    out = {}
    for i, x in enumerate(XS):
        for j, y in enumerate(YS):
            fixed = i in (0, len(XS) - 1) or j in (0, len(YS) - 1) or (i == RAMP_COLUMN and j >= 2)
            dx, dy = (0.0, 0.0) if fixed else (rng.uniform(-35, 35), rng.uniform(-25, 25))
            out[(i, j)] = (round(x + dx), round(y + dy))
    return out


def cell_outline(v, cells: list[tuple[int, int]]) -> list[tuple[float, float]]:
    """The outline of one cell or of a row of adjacent cells, with every grid vertex on it."""
    rows = {r for r, _ in cells}
    assert len(rows) == 1
    r = rows.pop()
    c0, c1 = min(c for _, c in cells), max(c for _, c in cells) + 1
    top = [v[(i, r)] for i in range(c0, c1 + 1)]
    bottom = [v[(i, r + 1)] for i in range(c1, c0 - 1, -1)]
    return top + bottom


def build() -> AreaMap:
    m = AreaMap("Storm over Arnhem: The Crossing (approximated map)", WIDTH, HEIGHT)
    m.notes = NOTES
    v = vertices()
    nrows, ncols = len(YS) - 1, len(XS) - 1
    cells_of: dict[str, list[tuple[int, int]]] = {}
    for r in range(nrows):
        for c in range(ncols):
            cells_of.setdefault(CELLS[r][c], []).append((r, c))
    zone_of = {aid: z for z, ids in ZONES.items() for aid in ids}
    order = sorted(cells_of, key=lambda a: int(a))
    for aid in order:
        m.areas[aid] = Area(aid, NAMES.get(aid, ""), tuple(cell_outline(v, cells_of[aid])),
                            TERRAIN.get(aid, "buildings"), VP.get(aid, 0), zone_of.get(aid))
    # perimeter zones: bands along the north, west and east edges, with every grid vertex on their inner side
    top_w = [v[(i, 0)] for i in range(RAMP_COLUMN, -1, -1)]
    top_e = [v[(i, 0)] for i in range(ncols, RAMP_COLUMN - 1, -1)]
    west = [v[(0, j)] for j in range(nrows + 1)]
    east = [v[(ncols, j)] for j in range(nrows, -1, -1)]
    perimeter = {
        "P1": [(0.0, 0.0), (600.0, 0.0), *top_w, (0.0, EDGE)],
        "P2": [(600.0, 0.0), (WIDTH, 0.0), (WIDTH, EDGE), *top_e],
        "P3": [(0.0, EDGE), *west, (0.0, YS[-1])],
        "P4": [(WIDTH, EDGE), (WIDTH, YS[-1]), *east],
    }
    names = {"P1": "Perimeter north-west", "P2": "Perimeter north-east", "P3": "Perimeter west",
             "P4": "Perimeter east"}
    for pid, pts in perimeter.items():
        m.areas[pid] = Area(pid, names[pid], tuple((float(x), float(y)) for x, y in pts), "open",
                            tags=frozenset({"perimeter"}))
    for a, b in BRIDGE_BORDERS:
        m.borders[AreaBorder.between(a, b).key] = AreaBorder.between(a, b, "bridge", edited=True)
    m.derive_borders()
    return m


def main() -> int:
    m = build()
    problems = m.problems()
    for p in problems:
        print(f"{p.severity}: {p.message}", file=sys.stderr)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    save_area_map(m, OUT)
    print(f"wrote {OUT} ({len(m.areas)} areas, {len(m.borders)} borders, {len(problems)} problems)")
    return 1 if any(p.severity == "error" for p in problems) else 0


if __name__ == "__main__":
    sys.exit(main())
