"""Linework on real printed boards (`--only digitize_lines_real`): roads and trails of the VASL boards.

The boards are the terrain benchmark's (benchmarks/digitize_boards.py: ASL geomorphic boards as VASL
draws them, git-ignored under tests/data/real/vasl/, tests/data/README.md says where they come from).
VASL draws each board in a fixed palette whose colours its shared board metadata names, so where
each road and path runs is known pixel by pixel.

What is linework on these boards (decided from what VASL draws, looked at on the tuning boards):

* **Roads** (the metadata's "Dirt Road" and "Paved Road", and the "Single Hex Stone Bridge" that
  carries a road over a stream) and **trails** (its "Path": a thin solid brown line) are drawn as
  smooth curves that enter and leave each hex through its hexsides. They do not run straight from
  hex centre to hex centre (a dirt road often cuts across a hex well away from its centre), so a
  link A-B is a road (a trail) where the road (the path) crosses the hexside between A and B: its
  colour shows across the hexside's middle part (away from the corners) and on both sides of it. A
  road or path that meets the hexside only near a corner, runs along it, or only touches it, is
  unclear and left out of the scores (a proposal there is neither right nor wrong).
* **Rivers** are hexes of water ("Water"), and **streams, gullies and wadis** are depressions drawn
  as a meandering channel through the hexes they run through (ASL makes them the terrain of those
  hexes): none is drawn along hexsides or between hex centres, so none is linework here. They are
  scored as terrain by the terrain benchmark.
* **Railroads** and **canals**: no board of the set has a pixel of VASL's railroad colours, and ASL
  has no canal; neither is scored.
* **Sunken roads** (a road in a cut, drawn brown) occur on board 40 only; their links are left out.

The board's terrain table is the terrain benchmark's (one terrain per class on the board) with the
paths a designer of an ASL map would add: `road` (dirt road), `paved_road` and `trail`, coloured
with the metadata's colours (DirtRdL0, PavedRdL0, PathBrown2) and widths measured on the tuning
boards (12, 13 and 4 px of a 37.5 px hex size). A proposal of `road` or `paved_road` counts as a
road. Each board is read four ways: as printed and "printed, yellowed and scanned" (the terrain
benchmark's `aged`), each with the exact fit and with the fit shifted (2.4, -1.8) px (3 px off),
by engine/digitize/linework.py (after) and by the reader before this work (commit 3eb2245's
linework.py, taken from git by `baseline_reader`: before), in the same run. Precision counts the
proposals marked `proposed`; for trails, recall and precision are also given for every link read as a
trail, proposed or left for review. Held-out boards (04-09, 11, 12) are reported apart and were not looked at while the
reader was tuned.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import numpy as np

from .core import Row, Settings, register

if TYPE_CHECKING:
    from .digitize_boards import Board

BOARDS_ENV = "HEXWRIGHT_VASL_BOARDS"  # "02,10,21": read only these boards (a run split over processes)
HELD_OUT = ("bd04", "bd05", "bd06", "bd07", "bd08", "bd09", "bd11", "bd12")
ROAD_TERRAINS = ("Dirt Road", "Paved Road", "Single Hex Stone Bridge")
TRAIL_TERRAINS = ("Path",)
SUNKEN_TERRAINS = ("Sunken Road",)
PATHS = {  # code: (name, colour, width in hex sizes, the metadata's colour name)
    "road": ("Road", "#dccd7b", 0.32, "DirtRdL0"),
    "paved_road": ("Paved road", "#c0c0cf", 0.35, "PavedRdL0"),
    "trail": ("Trail", "#746432", 0.11, "PathBrown2"),
}
FIT_OFF_PX = (2.4, -1.8)
END = 0.1  # the share of a hexside, at each corner, where a crossing is unclear
ACROSS_PX = 2  # half-width (image px) of the band along a hexside in which the line's colour is looked for
MIN_RUN = 3  # samples (about 1 px each) of a line's colour across the hexside that make a crossing
SIDE_CHECK = 0.22  # how far (hex sizes) on each side of the hexside the line must show too ...
SIDE_R_PX = 5  # ... within this many pixels
ALONG = 0.75  # a line's colour on more of the hexside than this runs along it: unclear


@dataclass
class LineTruth:
    road: set  # Hexside links a road crosses
    trail: set
    unclear: set  # links left out of the scores (a corner, along the hexside, a sunken road)
    centre_rule: set  # links whose centre-to-centre segment is mostly road (the rule not used; compared)


def _masks(board: Board) -> dict[str, np.ndarray]:
    from .digitize_boards import REAL_DIR, palette

    pal = palette(REAL_DIR / "SharedBoardMetadata.xml")
    rgb = board.rgb
    keys, inverse = np.unique(rgb.reshape(-1, 3), axis=0, return_inverse=True)
    terr = [pal.get((int(k[0]), int(k[1]), int(k[2])), ("", ""))[0] for k in keys]
    out = {}
    for name, group in (("road", ROAD_TERRAINS), ("trail", TRAIL_TERRAINS), ("sunken", SUNKEN_TERRAINS)):
        sel = np.array([t in group for t in terr])
        out[name] = sel[inverse.ravel()].reshape(rgb.shape[:2])
    return out


def line_truth(board: Board) -> LineTruth:
    """Which links of the board a road or a trail crosses, read from VASL's palette (module docstring)."""
    from hexwright.engine.digitize.linework import inner_sides
    from hexwright.engine.hexgrid.fit import invert_transform

    m = board.hexmap
    lay = m.layout()
    size_px = 56.25 / 1.5
    a, b, c, d, e, f = invert_transform(board.transform)
    h, w = board.rgb.shape[:2]
    masks = _masks(board)

    def img(p: np.ndarray) -> np.ndarray:
        return np.stack([a * p[..., 0] + b * p[..., 1] + e, c * p[..., 0] + d * p[..., 1] + f], -1)

    def at(mask: np.ndarray, p: np.ndarray) -> np.ndarray:
        x = np.clip(np.round(p[..., 0]).astype(int), 0, w - 1)
        y = np.clip(np.round(p[..., 1]).astype(int), 0, h - 1)
        return mask[y, x]

    disc = np.array([(i, j) for i in range(-SIDE_R_PX, SIDE_R_PX + 1) for j in range(-SIDE_R_PX, SIDE_R_PX + 1)
                     if i * i + j * j <= SIDE_R_PX ** 2], dtype=float)
    truth = LineTruth(set(), set(), set(), set())
    t_all = np.linspace(0.0, 1.0, 41)
    for side in inner_sides(m):
        p0, p1 = (np.array(img(np.array(q, dtype=float))) for q in lay.hexside_corners(side.hex, side.direction))
        ca = img(np.array(lay.hex_to_pixel(side.hex)))
        cb = img(np.array(lay.hex_to_pixel(side.other)))
        normal = (cb - ca) / np.linalg.norm(cb - ca)
        across = np.arange(-ACROSS_PX, ACROSS_PX + 1)
        pts = p0 + (p1 - p0) * t_all[:, None, None] + normal * across[None, :, None]  # (t, a, 2)
        mid = (t_all >= END) & (t_all <= 1 - END)
        seg = ca + (cb - ca) * np.linspace(0.0, 1.0, 41)[:, None]
        for name in ("road", "trail", "sunken"):
            on = np.asarray(at(masks[name], pts).any(axis=1))
            if name == "road" and at(masks[name], seg).mean() >= 0.5:
                truth.centre_rule.add(side)
            if not on.any():
                continue
            if name == "sunken":
                truth.unclear.add(side)
                continue
            crossing = False
            if on[mid].sum() >= MIN_RUN and on[mid].mean() <= ALONG:
                where = p0 + (p1 - p0) * float(np.mean(t_all[mid][on[mid]]))
                both = [at(masks[name], where + sgn * normal * SIDE_CHECK * size_px + disc).any() for sgn in (-1, 1)]
                crossing = all(both)
            if crossing:
                (truth.road if name == "road" else truth.trail).add(side)
            else:
                truth.unclear.add(side)
    truth.unclear -= truth.road | truth.trail
    return truth


def with_paths(board: Board) -> None:
    """Give the board's terrain table the paths of PATHS (in place)."""
    from hexwright.engine.model.terrain import PathType

    for code, (name, colour, width, _src) in PATHS.items():
        board.hexmap.terrain_table.paths[code] = PathType(code, name, color=colour, width=width)


def found_sets(m, proposals) -> dict[str, set]:
    """{'road': links proposed as a road of either kind, 'trail': ...} of the proposals marked proposed,
    and 'trail_all': every link read as a trail, proposed or left for review."""
    from hexwright.engine.digitize.linework import parse_side_key

    out: dict[str, set] = {"road": set(), "trail": set(), "trail_all": set()}
    for p in proposals:
        if p.kind == "path" and p.feature == "trail":
            out["trail_all"].add(parse_side_key(m, p.key))
        if p.proposed and p.kind == "path":
            out["trail" if p.feature == "trail" else "road"].add(parse_side_key(m, p.key))
    return out


def score(truth: LineTruth, found: dict[str, set]) -> dict[str, tuple[int, int, int]]:
    """Per code (right, proposed, on the board), unclear links left out of the proposed; 'trail_all':
    the trails read, proposed or not."""
    out = {}
    for code in ("road", "trail", "trail_all"):
        t = getattr(truth, code.removesuffix("_all"))
        q = found[code] - truth.unclear
        out[code] = (len(t & q), len(q), len(t))
    return out


def told(truth: LineTruth, found: dict[str, set]) -> tuple[int, int]:
    """(proposed as a trail, proposed as some path) of the trail links that are not roads too."""
    t = truth.trail - truth.road
    seen = {s for s in t if s in found["road"] or s in found["trail"]}
    return len(seen & found["trail"]), len(seen)


def boards(names: tuple[str, ...] | None = None) -> list[Board]:
    """The VASL boards of tests/data/real/vasl/ (those named, or those BOARDS_ENV names, or all), each
    with its paths."""
    import os

    from .digitize_boards import available, load_board

    paths = {p.stem: p for p in available()}
    if names is None and os.environ.get(BOARDS_ENV):
        names = tuple(f"bd{x.strip().removeprefix('bd')}" for x in os.environ[BOARDS_ENV].split(","))
    out = []
    for stem in sorted(paths):
        if names is not None and stem not in names:
            continue
        b = load_board(paths[stem])
        with_paths(b)
        out.append(b)
    return out


def shifted(transform, dx: float, dy: float) -> tuple[float, ...]:
    a, b, c, d, e, f = transform
    return (a, b, c, d, e - (a * dx + b * dy), f - (c * dx + d * dy))


def read_board(board: Board, reader, aged_scan: bool, off: bool):
    from .digitize import aged

    scan = aged(board.rgb) if aged_scan else board.rgb
    tr = shifted(board.transform, *FIT_OFF_PX) if off else board.transform
    return reader(board.hexmap, scan, tr)


CASES = (("as printed, exact fit", False, False), ("as printed, fit 3 px off", False, True),
         ("printed, yellowed and scanned, exact fit", True, False),
         ("printed, yellowed and scanned, fit 3 px off", True, True))


def _pct(a: int, b: int) -> float:
    return round(100.0 * a / b, 1) if b else float("nan")


BASELINE = "3eb2245"  # the reader before the real-board work of issue 27: "before" in every row


def baseline_reader(commit: str = BASELINE) -> ModuleType:
    """engine/digitize/linework.py as it was at `commit`, taken from the repository with `git show` and
    loaded beside today's package (its relative imports made absolute, so it reads scans with today's
    `Scan`, grid and progress helpers). Raises RuntimeError when git or the commit is missing."""
    import importlib.util
    import re
    import subprocess
    import tempfile

    from .engine_speed import ROOT

    out = subprocess.run(["git", "-C", str(ROOT), "show", f"{commit}:engine/digitize/linework.py"],
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"git show {commit}:engine/digitize/linework.py failed: {out.stderr.strip()}")
    src = re.sub(r"^(\s*)from \.\.(\w)", r"\1from hexwright.engine.\2", out.stdout, flags=re.M)
    src = re.sub(r"^(\s*)from \.(\w)", r"\1from hexwright.engine.digitize.\2", src, flags=re.M)
    path = Path(tempfile.mkdtemp(prefix="hexwright-linework-")) / f"linework_{commit}.py"
    path.write_text(src, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(f"linework_{commit}", path)
    if spec is None or spec.loader is None:
        raise RuntimeError(f"cannot load the reader of {commit} from {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up while being made
    spec.loader.exec_module(module)
    return module


@register("digitize_lines_real")
def digitize_lines_real_benchmark(settings: Settings) -> list[Row]:
    import time

    from hexwright.engine.digitize.linework import propose_linework

    from .digitize_boards import TUNING_BOARDS

    before = baseline_reader().propose_linework

    found = boards()
    if not found:
        return [Row("digitize_lines_real", "VASL boards", "skipped: no boards in tests/data/real/vasl/ "
                    "(tests/data/README.md says how to get them)", float("nan"), unit="")]
    rows: list[Row] = []
    pooled: dict[tuple[str, str, str, str], list[int]] = {}
    t0 = time.perf_counter()
    for b in found:
        split = "tuning" if b.name in TUNING_BOARDS else "held out" if b.name in HELD_OUT else "other"
        truth = line_truth(b)
        if not (truth.road or truth.trail):
            continue
        for case, aged_scan, off in CASES:
            got = {who: found_sets(b.hexmap, read_board(b, reader, aged_scan, off))
                   for who, reader in (("after", propose_linework), ("before", before))}
            s = {who: score(truth, f) for who, f in got.items()}
            label = f"VASL board {b.name[2:]} ({split}), {case}"
            for code in ("road", "trail", "trail_all"):
                (h1, q1, n), (h0, q0, _) = s["after"][code], s["before"][code]
                for who in s:
                    h, q, _n = s[who][code]
                    acc = pooled.setdefault((split, case, who, code), [0, 0, 0])
                    acc[0] += h
                    acc[1] += q
                    acc[2] += n
                if (n == 0 and q1 == 0 and q0 == 0) or code == "trail_all":
                    continue
                rows.append(Row("digitize_lines_real", label, f"{code}: recall ({n} on the board)", _pct(h1, n),
                                "before", _pct(h0, n), unit="%"))
                rows.append(Row("digitize_lines_real", label, f"{code}: precision ({q1} proposed; before {q0})",
                                _pct(h1, q1), "before", _pct(h0, q0), unit="%"))
            for who, f in got.items():
                right, seen = told(truth, f)
                acc = pooled.setdefault((split, case, who, "told"), [0, 0, 0])
                acc[0] += right
                acc[1] += seen
    for (split, case, who, code), (h, q, n) in sorted(pooled.items()):
        if who != "after":
            continue
        hb, qb, nb = pooled[(split, case, "before", code)]
        label = f"pooled {split} boards, {case}"
        if code == "told":
            rows.append(Row("digitize_lines_real", label, f"trails told from roads ({q} trail links found)",
                            _pct(h, q), "before", _pct(hb, qb), unit="%", target=">= 90 %"))
            continue
        if code == "trail_all":
            rows.append(Row("digitize_lines_real", label, f"trail: recall of all read, proposed or not ({n} on the "
                            "boards)", _pct(h, n), "before", _pct(hb, nb), unit="%"))
            rows.append(Row("digitize_lines_real", label, f"trail: precision of all read, proposed or not ({q} read; "
                            f"before {qb})", _pct(h, q), "before", _pct(hb, qb), unit="%"))
            continue
        rows.append(Row("digitize_lines_real", label, f"{code}: recall ({n} on the boards)", _pct(h, n),
                        "before", _pct(hb, nb), unit="%",
                        target=">= 90 % at >= 95 % precision" if code == "road" else ""))
        rows.append(Row("digitize_lines_real", label, f"{code}: precision ({q} proposed; before {qb})", _pct(h, q),
                        "before", _pct(hb, qb), unit="%"))
    rows.append(Row("digitize_lines_real", "all boards and cases", "time to read (both readers)",
                    time.perf_counter() - t0))
    return rows
