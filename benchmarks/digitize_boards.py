"""Real printed boards for the digitize benchmark: published ASL geomorphic board images of the VASL
module, whose per-hex terrain is known from their pixels (tests/data/README.md says where they come
from and how to get them; they are not part of the repository).

A VASL board image is drawn in a fixed palette: every colour stands for one terrain at one level
(its shared board metadata names them: "GrainL0 255,240,111 Grain, level 0"). The truth of a hex is
read from the pixels inside it (within 0.8 of the inner radius):

* hex outlines, hex numbers and centre dots, roads, paths, walls, hedges, bocage, cliffs, railroads
  and bridges are left out: they are drawn across or along hexes, not terrain of
  the hex;
* the furrows drawn across grain fields are grain (VASL's metadata counts them as open ground);
* a hex with 4 % or more building pixels is a building (a small house in a field is a building hex),
  of the kind with most pixels: ASL's terrain chart has stone and wooden buildings (and their
  rubble, and lumberyards) as terrains of their own, with different cover, and the palette colours
  them apart, so the board's table has them apart too;
* a hex with 10 % or more of a stream, gully or wadi is that terrain (ASL's chart makes them
  depressions, the terrain of the hexes they run through), otherwise they are left out as above;
* a hex with 5 % or more of a terrain ASL draws as symbols on the ground (orchard trees, shellhole
  craters, scrub, hammada, crags) is that terrain: the symbols never fill the hex, yet the whole hex
  is orchard (or crags ...) in the game;
* otherwise the terrain with the most pixels; open ground is split by its level: clear (level 0),
  hill (level 1), hill 2 (level 2), hill 3 (level 3 and up), depression (below 0);
* hexes cut by the board's edge (the half hexes of columns A and GG, rows 0 and 10) and hexes with
  fewer than 30 % of their pixels in terrain colours are not scored.

The board's terrain table has one terrain per truth class that occurs on it, coloured with the
palette colour most used by that class on the board (what a designer picking colours off the board
would choose). `load_board(path, lumped=True)` gives the table used before 2026-12-05 (one
"building" for every kind, symbol terrains only where their pixels outnumber the ground's), kept
for the before/after in docs/benchmarks.md.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from hexwright.engine.model.hexmap import HexMap

REAL_DIR = Path(__file__).resolve().parents[1] / "tests" / "data" / "real" / "vasl"
# the terrain reading was tuned looking at these; the others are held out (not looked at while tuning)
TUNING_BOARDS = ("bd01", "bd02", "bd03", "bd10", "bd16", "bd20", "bd21", "bd22", "bd25", "bd26", "bd27", "bd31",
                 "bd40", "bd45", "bd51", "bd59", "bd65", "bd66")
# 01, 20, 22 and 45 (boards with many buildings) added 2026-12-05; 51, 59, 65 and 66 (of boards 13-68 not
# used before, the four with the most building hexes covering half their hex or more) the same day
IGNORED = {"UNKNOWN", "Dirt Road", "Paved Road", "Path", "Sunken Road", "Wall", "Hedge", "Bocage", "Cliff",
           "Shallow Stream", "Dry Stream", "Gully", "Railroad, Ground Level", "Single Hex Stone Bridge",
           "Rowhouse Wall, 1 Level", "Wadi"}
BUILDINGS = {"Stone Building", "Wooden Building", "Stone Rubble", "Wooden Rubble", "Lumberyard"}
BUILDING_SHARE = 0.04
# Terrains ASL draws as symbols scattered over the ground of a hex (an orchard's rows of trees,
# shellhole craters, scrub speckles): the symbols never fill the hex, yet the whole hex is that
# terrain. A hex with SYMBOL_SHARE or more of them is that terrain (on the 18 boards their share is
# 20-72 % where drawn and under 1 % elsewhere, so any share from 2 to 19 % gives the same truth).
SYMBOLS = {"Orchard", "Shellholes", "Scrub", "Hammada", "Crags"}
SYMBOL_SHARE = 0.05
# Streams, gullies and wadis: ASL's terrain chart makes the hexes they run through depressions of
# their own (not a line along hexsides), so a hex with DEPRESSION_SHARE or more of the depiction is
# that terrain (on the 18 boards: 12-69 % where one runs through, under 7 % where it clips an edge).
DEPRESSIONS = {"Shallow Stream": "stream", "Dry Stream": "stream", "Gully": "gully", "Wadi": "wadi"}
DEPRESSION_SHARE = 0.10
# VASL board geometry: 33 flat-topped columns 56.25 px apart, hexes 64.5 px high; column A's
# centres at x = 0, its first hex centre at y = 32.25.
COL_PX, ROW_PX = 56.25, 64.5


@dataclass
class Board:
    name: str
    path: Path
    rgb: np.ndarray
    hexmap: HexMap  # with the truth as its terrain
    transform: tuple[float, float, float, float, float, float]  # image -> scene
    truth: dict  # Hex -> code, the scored hexes
    cover: dict  # Hex -> the share of its inner disc in building colours (any kind), the scored hexes


def palette(path: Path) -> dict[tuple[int, int, int], tuple[str, str]]:
    """(r, g, b) -> (terrain, elevation) from VASL's shared board metadata."""
    out: dict[tuple[int, int, int], tuple[str, str]] = {}
    for el in ET.parse(path).getroot().iter("color"):
        if el.get("red") is None or el.get("terrain") is None:
            continue
        rgb = (int(el.get("red", 0)), int(el.get("green", 0)), int(el.get("blue", 0)))
        terrain = el.get("terrain", "UNKNOWN")
        if el.get("name", "").startswith("Furrows"):
            terrain = "Grain"  # the stripes of a grain field (VASL counts them open ground for its LOS)
        out.setdefault(rgb, (terrain, el.get("elevation", "UNKNOWN")))
    return out


def _class_of(terrain: str, elevation: str, lumped: bool = False) -> str | None:
    if terrain in DEPRESSIONS and not lumped:
        return DEPRESSIONS[terrain]
    if terrain in IGNORED:
        return None
    if terrain in BUILDINGS:
        return "building" if lumped else terrain.lower()
    if terrain == "Open Ground":
        try:
            e = int(elevation)
        except ValueError:
            return "clear"
        return {0: "clear", 1: "hill", 2: "hill 2"}.get(e, "hill 3" if e > 2 else "depression")
    return terrain.lower()


def hex_class(n: np.ndarray, classes: list[str], total: int, lumped: bool = False) -> str:
    """A hex's truth class from its pixel counts per class (`n`, in the order of `classes`) out of
    `total` pixels: a building of the kind with most pixels from BUILDING_SHARE; else a stream,
    gully or wadi from DEPRESSION_SHARE; else a symbol terrain from SYMBOL_SHARE; else the class with
    most pixels. `lumped`: the older table (symbol terrains by most pixels only)."""
    built = [j for j, c in enumerate(classes) if c == "building" or c.title() in BUILDINGS]
    symbols = [j for j, c in enumerate(classes) if c.title() in SYMBOLS and not lumped]
    dips = [j for j, c in enumerate(classes) if c in DEPRESSIONS.values()]
    if built and n[built].sum() >= BUILDING_SHARE * total:
        return classes[max(built, key=lambda j: n[j])]  # the kind of building with most pixels
    if dips and n[dips].max() >= DEPRESSION_SHARE * total:
        return classes[max(dips, key=lambda j: n[j])]
    if symbols and n[symbols].max() >= SYMBOL_SHARE * total:
        return classes[max(symbols, key=lambda j: n[j])]
    return classes[int(np.argmax(n))]


def available() -> list[Path]:
    if not (REAL_DIR / "SharedBoardMetadata.xml").is_file():
        return []
    return sorted(REAL_DIR.glob("bd*.gif"))


def load_board(path: Path, lumped: bool = False) -> Board:
    from hexwright.engine.hexgrid.fit import invert_transform
    from hexwright.engine.model.hexmap import GridSpec, HexMap
    from hexwright.engine.model.terrain import TerrainTable, TerrainType
    from PIL import Image

    pal = palette(REAL_DIR / "SharedBoardMetadata.xml")
    with Image.open(path) as im:
        rgb = np.asarray(im.convert("RGB"))
    h, w = rgb.shape[:2]
    size = COL_PX / 1.5
    grid = GridSpec(columns=33, rows=10, orientation="flat", stagger="odd", hex_size=size)
    probe = HexMap(grid)
    lay = probe.layout()
    x0, y0 = lay.hex_to_pixel(grid.offset.to_hex(0, 0))
    sy = (3 ** 0.5) * size / ROW_PX
    transform = (1.0, 0.0, 0.0, sy, x0, y0 - 32.25 * sy)  # image -> scene
    inv = invert_transform(transform)
    # every pixel's class index
    classes: list[str] = []
    flat = rgb.reshape(-1, 3)
    keys, inverse = np.unique(flat, axis=0, return_inverse=True)
    key_class = np.full(len(keys), -1)
    for i, k in enumerate(keys):
        t = pal.get((int(k[0]), int(k[1]), int(k[2])))
        c = _class_of(*t, lumped=lumped) if t else None
        if c is not None:
            if c not in classes:
                classes.append(c)
            key_class[i] = classes.index(c)
    pix_class = key_class[inverse.ravel()].reshape(h, w)
    inner = 0.8 * (3 ** 0.5) / 2 * size  # scene units
    counts: dict = {}
    most_rgb: dict[str, dict[tuple[int, int, int], int]] = {}
    truth: dict = {}
    cover: dict = {}
    built = [j for j, c in enumerate(classes) if c == "building" or c.title() in BUILDINGS]
    ta, tb, tc, td, te, tf = inv
    for hx in probe.hexes:
        cx, cy = lay.hex_to_pixel(hx)
        # the hex's inner disc in image pixels (the transform only scales y)
        ix, iy = ta * cx + tb * cy + te, tc * cx + td * cy + tf
        ry = inner / sy
        if ix - inner < 0 or ix + inner > w - 1 or iy - ry < 0 or iy + ry > h - 1:
            continue
        ys, xs = np.mgrid[int(iy - ry):int(iy + ry) + 1, int(ix - inner):int(ix + inner) + 1]
        disc = ((xs - ix) / inner) ** 2 + ((ys - iy) / ry) ** 2 <= 1.0
        cls = pix_class[ys[disc], xs[disc]]
        known = cls[cls >= 0]
        if len(known) < 0.3 * len(cls):
            continue
        code = hex_class(np.bincount(known, minlength=len(classes)), classes, len(cls), lumped)
        truth[hx] = code
        cover[hx] = float(np.isin(cls, built).mean())
        counts[code] = counts.get(code, 0) + 1
        sel = (pix_class[ys[disc], xs[disc]] == classes.index(code))
        for col in map(tuple, rgb[ys[disc], xs[disc]][sel]):
            m = most_rgb.setdefault(code, {})
            m[col] = m.get(col, 0) + 1
    codes = sorted(counts, key=lambda k: (-counts[k], k))
    table = TerrainTable()
    for code in codes:
        r, g, bl = max(most_rgb[code].items(), key=lambda kv: kv[1])[0]
        key = code.replace(" ", "_")
        table.terrain[key] = TerrainType(key, code, color=f"#{r:02x}{g:02x}{bl:02x}")
    board_map = HexMap(grid, table, codes[0].replace(" ", "_"), name=f"VASL board {path.stem[2:]}")
    truth = {hx: code.replace(" ", "_") for hx, code in truth.items()}
    board_map.set_terrain(dict(truth))
    return Board(path.stem, path, rgb, board_map, transform, truth, {hx: cover[hx] for hx in truth})
