"""Digitizing accuracy (`--only digitize`): how many of the proposals made from a scan are right.

The scan is the F&M Arnhem corridor map printed by Hexwright's own renderer (terrain colours and
patterns, town and city building blocks, rivers and canals, roads, trails and railroads, hex numbers
and place names) and then "scanned": enlarged 1.6x, turned 2.5 degrees, blurred and given pixel
noise. The map the scan was printed from is the truth. Measured:

Two scans: as printed (white paper), and the same yellowed like old paper (each channel scaled).

* hex terrain: the share of hexes whose proposed terrain is right, over all hexes and over the town
  and city hexes alone, before (one median colour per hex against the terrain table's colours, the
  method up to issue 18) and after (app/editor/sampling.py now);
* hexside features and path links (proposed since issue 18, app/editor/linework_scan.py): precision
  (the share of proposals that are right) and recall (the share of the map's rivers, canals, roads
  and railroads proposed).

No designer examples are taught in either run: these are the figures of a first proposal.

Terrain taught by example (issue 27, engine/digitize/terrain.py): on the yellowed F&M scan and on
real published boards (ASL geomorphic boards of the VASL module, read by benchmarks/digitize_boards.py
from tests/data/real/ when present; tests/data/README.md), each untaught, with 2 taught hexes per
terrain (the first two by label) and after 5 more answers to "Teach next" (the five it names at
once, and one at a time as the editor asks, the map read again after each: a row counts the answers
that left more hexes wrong than before them, target 0), beside a plain
nearest-mean-colour classifier: the share of hexes right, the share of `proposed` ones right and the
untaught confident-wrong rate. Every real board is read twice: as published, and "printed, yellowed
and scanned" (`aged`: an old print's cast, a 3x3 blur and pixel noise). On boards with buildings,
also 2 taught per terrain with each kind of building taught by its two biggest hexes (roofs filling
most of the hex, as on some boards the first two by label are). `HEXWRIGHT_DIGITIZE_BOARDS=tuning`
reads the tuning boards only (while choosing a rule, the held-out boards stay unseen);
`HEXWRIGHT_DIGITIZE_BOARDS=held-out` the held-out boards alone, without the F&M render (the rest of
a whole run split over two processes). `HEXWRIGHT_VASL_BOARDS=20,25,40` reads only the boards named
(within those the first setting leaves), to split a run further or look at a few boards.
"""

from __future__ import annotations

import math
import os
from itertools import pairwise

import numpy as np

from .core import Row, Settings, register

ANGLE_DEG = 2.5
ENLARGE = 1.6


def scan_transform(angle_deg: float = ANGLE_DEG, enlarge: float = ENLARGE, dx: float = 40.0,
                   dy: float = 25.0) -> tuple[float, ...]:
    """The scene -> image transform of the synthetic scan (a, b, c, d, e, f: x' = a x + b y + e)."""
    t = math.radians(angle_deg)
    c, s = math.cos(t), math.sin(t)
    return (enlarge * c, -enlarge * s, enlarge * s, enlarge * c, dx, dy)


def printed_scan(m, seed: int = 7, noise: float = 5.0, cast=(0.98, 0.95, 0.86)):
    """(scan as an (h, w, 3) uint8 array, the underlay transform image -> scene) for the map `m`
    printed by the renderer and scanned as the module docstring says."""
    from hexwright.app.editor.sampling import image_to_array
    from hexwright.app.render.export import render_to_image
    from hexwright.engine.hexgrid.fit import invert_transform
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QColor, QImage, QPainter, QTransform

    printed = render_to_image(m, 1.0)
    a, b, c, d, e, f = scan_transform()
    w, h = printed.width(), printed.height()
    out = QImage(int(w * ENLARGE * 1.06) + 120, int(h * ENLARGE * 1.06) + 120, QImage.Format.Format_RGB32)
    out.fill(QColor("white"))
    p = QPainter(out)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    p.setTransform(QTransform(a, c, b, d, e, f))
    p.drawImage(QPointF(0, 0), printed)
    p.end()
    arr = image_to_array(out).astype(np.float32)
    arr *= np.array(cast, dtype=np.float32)  # old paper
    # a slight blur (3x3 box) and noise, as a flatbed scan of a print gives
    pad = np.pad(arr, ((1, 1), (1, 1), (0, 0)), mode="edge")
    blurred = np.zeros_like(arr)
    for i in range(3):
        for j in range(3):
            blurred += pad[i:i + arr.shape[0], j:j + arr.shape[1]]
    arr = blurred / np.float32(9.0)
    arr += np.random.default_rng(seed).normal(0.0, noise, arr.shape).astype(np.float32)
    scan = np.clip(arr, 0, 255).astype(np.uint8)
    return scan, invert_transform((a, b, c, d, e, f))


def terrain_accuracy(m, proposals) -> tuple[float, float, int, int]:
    """(share right over all hexes, share right over town and city hexes, hexes, town/city hexes)."""
    built = {c for c, t in m.terrain_table.terrain.items() if t.pattern in ("town", "city")}
    right = [p.terrain == m.terrain[p.hex] for p in proposals]
    towns = [p.terrain == m.terrain[p.hex] for p in proposals if m.terrain[p.hex] in built]
    return (sum(right) / max(1, len(right)), sum(towns) / max(1, len(towns)), len(right), len(towns))


def linework_scores(m, proposals) -> dict[str, tuple[float, float, int, int]]:
    """Per hexside feature or path code: (precision, recall, proposed, on the map)."""
    out: dict[str, tuple[float, float, int, int]] = {}
    truth: dict[str, set] = {}
    for side, info in m.hexsides.items():
        for code in info.features:
            truth.setdefault(code, set()).add(side)
        for code in info.paths:
            truth.setdefault(code, set()).add(side)
    proposed: dict[str, set] = {}
    for p in proposals:
        proposed.setdefault(p.code, set()).add(p.hexside)
    for code in sorted(set(truth) | set(proposed)):
        t, q = truth.get(code, set()), proposed.get(code, set())
        hit = len(t & q)
        out[code] = (hit / len(q) if q else float("nan"), hit / len(t) if t else float("nan"), len(q), len(t))
    return out


def old_method(m, scan, transform):
    """Issue 17's proposal: the median of 19 points per hex against the terrain table's colours."""
    from hexwright.app.editor.sampling import Proposal, hex_colors, srgb_to_lab
    from PySide6.QtGui import QColor

    hexes = list(m.hexes)
    colours = hex_colors(m, scan, transform, hexes)
    codes = list(m.terrain_table.terrain)
    refs = np.array([[QColor(m.terrain_table.terrain[c].color).red(), QColor(m.terrain_table.terrain[c].color).green(),
                      QColor(m.terrain_table.terrain[c].color).blue()] for c in codes], dtype=float)
    lab, rlab = srgb_to_lab(np.nan_to_num(colours)), srgb_to_lab(refs)
    best = np.argmin(np.linalg.norm(lab[:, None, :] - rlab[None, :, :], axis=2), axis=1)
    return [Proposal(h, codes[best[i]], 1.0, m.terrain[h]) for i, h in enumerate(hexes)
            if not np.isnan(colours[i]).any()]


@register("digitize")
def digitize_benchmark(settings: Settings) -> list[Row]:
    from pathlib import Path

    from hexwright.app.editor.linework_scan import propose_linework
    from hexwright.app.editor.sampling import propose_terrain
    from hexwright.engine.formats import read_map_file

    from .editor import qapp

    _app = qapp()  # offscreen unless QT_QPA_PLATFORM says otherwise: the benchmarks need no display
    m = read_map_file(Path(__file__).resolve().parents[1] / "scenarios" / "fm-arnhem" / "arnhem-corridor.map.yaml")
    assert m is not None
    rows: list[Row] = []
    held_out_only = os.environ.get("HEXWRIGHT_DIGITIZE_BOARDS") == "held-out"
    for case, cast in (("F&M Arnhem corridor, printed and scanned", (1.0, 1.0, 1.0)),
                       ("the same scan yellowed (x 0.98, 0.95, 0.86)", (0.98, 0.95, 0.86)))[:0 if held_out_only else 2]:
        scan, transform = printed_scan(m, cast=cast)
        old_all, old_towns, n_old, nt = terrain_accuracy(m, old_method(m, scan, transform))
        new_all, new_towns, n, _ = terrain_accuracy(m, propose_terrain(m, scan, transform))
        rows += [
            Row("digitize", case, f"terrain right, all {n} hexes", round(100 * new_all, 1), "before issue 18",
                round(100 * old_all, 1), unit="%",
                notes=[f"before issue 18: {n_old} hexes had enough points on the scan to be proposed"]),
            Row("digitize", case, f"terrain right, {nt} town and city hexes", round(100 * new_towns, 1),
                "before issue 18", round(100 * old_towns, 1), unit="%"),
        ]
        for code, (prec, rec, q, t) in linework_scores(m, propose_linework(m, scan, transform)).items():
            rows.append(Row("digitize", case, f"{code}: precision ({q} proposed)", round(100 * prec, 1), unit="%",
                            notes=[f"{code}: recall {100 * rec:.1f} % of {t} on the map (none proposed before "
                                   "issue 18)"]))
        if cast != (1.0, 1.0, 1.0):
            rows += synthetic_taught_rows(m, scan, transform)
    rows += real_board_rows()
    return rows


# -- terrain on real printed boards (issue 27) ------------------------------------------------------

ASKED = 5  # hexes the designer answers after the first taught proposal ("Teach next")


def first_two_per_terrain(m, truth: dict) -> dict:
    """The taught hexes: per terrain, the first two of its hexes by label (deterministic)."""
    taught = {}
    for code in m.terrain_table.terrain:
        for h in sorted((h for h, c in truth.items() if c == code), key=m.label)[:2]:
            taught[h] = code
    return taught


BUILT = ("stone_building", "wooden_building", "stone_rubble", "wooden_rubble", "lumberyard")


def biggest_buildings_taught(m, truth: dict, cover: dict) -> dict:
    """The taught hexes as `first_two_per_terrain`, but each kind of building taught by its two hexes
    whose buildings cover most of them (`cover`: hex -> building share; ties by label): examples whose
    signature covers most of the hex, as a designer picking the clearest houses would teach."""
    taught = {h: c for h, c in first_two_per_terrain(m, truth).items() if c not in BUILT}
    for code in BUILT:
        for h in sorted((h for h, c in truth.items() if c == code), key=lambda h: (-cover[h], m.label(h)))[:2]:
            taught[h] = code
    return taught


def nearest_mean_colour(m, scan, transform, hexes, taught=None) -> dict:
    """The baseline: each hex's median colour to the nearest terrain colour in Lab; the terrain's
    colour is the table's, or with `taught` the mean of its taught hexes' colours."""
    from hexwright.engine.digitize.terrain import hex_colors, hex_rgb, srgb_to_lab

    cols = hex_colors(m, scan, transform, hexes)
    codes = list(m.terrain_table.terrain)
    refs = np.array([hex_rgb(m.terrain_table.terrain[c].color) for c in codes], dtype=float)
    if taught:
        at = {h: i for i, h in enumerate(hexes)}
        for j, c in enumerate(codes):
            mine = [cols[at[h]] for h, t in taught.items() if t == c and h in at]
            if mine:
                refs[j] = np.mean(mine, axis=0)
    best = np.argmin(np.linalg.norm(srgb_to_lab(np.nan_to_num(cols))[:, None, :] - srgb_to_lab(refs)[None, :, :],
                                    axis=2), axis=1)
    return {h: codes[best[i]] for i, h in enumerate(hexes)}


def aged(rgb: np.ndarray, seed: int = 7) -> np.ndarray:
    """A board printed and scanned: yellowed (x 0.98, 0.95, 0.86), a 3x3 blur and pixel noise."""
    arr = rgb.astype(np.float32) * np.array((0.98, 0.95, 0.86), dtype=np.float32)
    pad = np.pad(arr, ((1, 1), (1, 1), (0, 0)), mode="edge")
    blurred = np.zeros_like(arr)
    for i in range(3):
        for j in range(3):
            blurred += pad[i:i + arr.shape[0], j:j + arr.shape[1]] / 9.0
    blurred += np.random.default_rng(seed).normal(0.0, 5.0, arr.shape).astype(np.float32)
    return np.clip(blurred, 0, 255).astype(np.uint8)


def terrain_case_rows(case: str, m, scan, transform, truth: dict, cover: dict | None = None) -> list[Row]:
    """Untaught, taught (2 per terrain) and taught + ASKED answers: ours against the baseline; with
    `cover` (a real board's building share per hex), also the buildings taught by their biggest hexes."""
    from hexwright.engine.digitize.terrain import next_to_ask, propose_terrain

    hexes = list(truth)
    n = len(hexes)
    rows: list[Row] = []
    base = nearest_mean_colour(m, scan, transform, hexes)
    ours = {p.hex: p for p in propose_terrain(m, scan, transform) if p.hex in truth}
    right = sum(ours[h].terrain == truth[h] for h in hexes if h in ours)
    sure_wrong = sum(1 for h in hexes if h in ours and ours[h].proposed and ours[h].terrain != truth[h])
    sure = sum(1 for h in hexes if h in ours and ours[h].proposed)
    rows.append(Row("digitize", case, f"untaught: terrain right, all {n} hexes", round(100 * right / n, 1),
                    "nearest mean colour", round(100 * sum(base[h] == truth[h] for h in hexes) / n, 1), unit="%",
                    notes=[f"untaught, {sure} proposed, {sure_wrong} of them wrong "
                           f"({100 * sure_wrong / n:.1f} % of all hexes confident-wrong; target <= 2 %)"]))
    taught = first_two_per_terrain(m, truth)
    rest = [h for h in hexes if h not in taught]
    base_t = nearest_mean_colour(m, scan, transform, hexes, taught)
    got = {p.hex: p for p in propose_terrain(m, scan, transform, taught) if p.hex in truth}
    right_t = sum(got[h].terrain == truth[h] for h in rest if h in got)
    prop = [h for h in rest if h in got and got[h].proposed]
    prop_right = sum(got[h].terrain == truth[h] for h in prop)
    rows.append(Row("digitize", case, f"2 taught per terrain: right, {len(rest)} other hexes",
                    round(100 * right_t / max(1, len(rest)), 1), "nearest mean colour",
                    round(100 * sum(base_t[h] == truth[h] for h in rest) / max(1, len(rest)), 1), unit="%",
                    target=">= 95 %"))
    rows.append(Row("digitize", case, f"2 taught per terrain: proposed right ({len(prop)} proposed)",
                    round(100 * prop_right / max(1, len(prop)), 1), unit="%", target=">= 98 %"))
    if cover is not None and any(c in BUILT for c in truth.values()):
        rows.append(big_buildings_row(case, m, scan, transform, truth, cover))
    asked = dict(taught)
    for h in next_to_ask(list(got.values()), ASKED):
        asked[h] = truth[h]  # the designer answers
    rest2 = [h for h in hexes if h not in asked]
    got2 = {p.hex: p for p in propose_terrain(m, scan, transform, asked)}
    right2 = sum(got2[h].terrain == truth[h] for h in rest2 if h in got2)
    prop2 = [h for h in rest2 if h in got2 and got2[h].proposed]
    rows.append(Row("digitize", case, f"+ {ASKED} answers asked by Teach next: right, {len(rest2)} other hexes",
                    round(100 * right2 / max(1, len(rest2)), 1), unit="%",
                    notes=[f"after {ASKED} answers, {len(prop2)} proposed, "
                           f"{sum(got2[h].terrain == truth[h] for h in prop2)} of them right"]))
    rows.append(one_at_a_time_row(case, m, scan, transform, truth, taught, got))
    return rows


def one_at_a_time_row(case: str, m, scan, transform, truth: dict, taught: dict, got: dict) -> Row:
    """Teach next as the editor runs it: the first hex it names is answered with its truth, the map
    read again, ASKED times. The value is how many answers left more of the hexes not taught read
    wrong than before them (target 0: no answer makes the reading worse); the notes give the share
    right, the hexes wrong and the proposals (and how many of them right) after 0 .. ASKED answers."""
    from hexwright.engine.digitize.terrain import next_to_ask, propose_terrain

    asked = dict(taught)
    steps = []
    for k in range(ASKED + 1):
        if k:
            named = next_to_ask([p for p in got.values() if p.hex not in asked], 1)
            if not named:
                break
            asked[named[0]] = truth[named[0]]  # the designer answers
            got = {p.hex: p for p in propose_terrain(m, scan, transform, asked) if p.hex in truth}
        rest = [h for h in truth if h not in asked and h in got]
        wrong = sum(got[h].terrain != truth[h] for h in rest)
        prop = [h for h in rest if got[h].proposed]
        steps.append((100 * (len(rest) - wrong) / max(1, len(rest)), wrong, len(prop),
                      sum(got[h].terrain == truth[h] for h in prop)))
    worse = sum(b[1] > a[1] for a, b in pairwise(steps))
    return Row("digitize", case, f"Teach next one answer at a time: answers that made it worse (of {len(steps) - 1})",
               worse, unit="answers", target="0",
               notes=["one answer at a time, after 0 .. {} answers: right {}; wrong {}; proposed (right) {}".format(
                   len(steps) - 1, ", ".join(f"{s[0]:.1f} %" for s in steps), ", ".join(str(s[1]) for s in steps),
                   ", ".join(f"{s[2]} ({s[3]})" for s in steps))])


def big_buildings_row(case: str, m, scan, transform, truth: dict, cover: dict) -> Row:
    """2 taught per terrain, each kind of building by its two biggest hexes (`biggest_buildings_taught`)."""
    from hexwright.engine.digitize.terrain import propose_terrain

    taught = biggest_buildings_taught(m, truth, cover)
    rest = [h for h in truth if h not in taught]
    got = {p.hex: p for p in propose_terrain(m, scan, transform, taught) if p.hex in truth}
    prop = [h for h in rest if h in got and got[h].proposed]
    share = ", ".join(f"{c} {min(cover[h] for h, t in taught.items() if t == c):.2f}"
                      for c in BUILT if c in taught.values())
    return Row("digitize", case, f"2 taught, buildings by their biggest hexes: right, {len(rest)} other hexes",
               round(100 * sum(got[h].terrain == truth[h] for h in rest if h in got) / max(1, len(rest)), 1),
               unit="%", notes=[f"biggest buildings taught (the lesser example's building share: {share}): "
                                f"{len(prop)} proposed, {sum(got[h].terrain == truth[h] for h in prop)} of them right"])


def real_board_rows() -> list[Row]:
    from .digitize_boards import REAL_DIR, TUNING_BOARDS, available, load_board

    found = available()
    if not found:
        print(f"digitize: no real boards in {REAL_DIR.relative_to(REAL_DIR.parents[3])} (tests/data/README.md says "
              "how to get them); only the synthetic render is measured")
        return []
    if os.environ.get("HEXWRIGHT_DIGITIZE_BOARDS") == "tuning":  # while choosing a rule: the held-out boards unseen
        found = [p for p in found if p.stem in TUNING_BOARDS]
    elif os.environ.get("HEXWRIGHT_DIGITIZE_BOARDS") == "held-out":  # the rest of a run split in two processes
        found = [p for p in found if p.stem not in TUNING_BOARDS]
    only = os.environ.get("HEXWRIGHT_VASL_BOARDS")  # "20,25,40": these boards alone (a run split over processes)
    if only:
        found = [p for p in found if p.stem[2:] in {b.strip() for b in only.split(",")}]
    print(f"digitize: real boards found: {', '.join(p.stem for p in found)}")
    rows: list[Row] = []
    for path in found:
        b = load_board(path)
        split = "tuning" if b.name in TUNING_BOARDS else "held out"
        rows += terrain_case_rows(f"VASL board {b.name[2:]} ({split})", b.hexmap, b.rgb, b.transform, b.truth,
                                  b.cover)
        rows.append(lumped_row(f"VASL board {b.name[2:]} ({split})", path))
        # every board also as an old print: yellowed, blurred and noisy (`aged`), as the linework
        # benchmark reads them (boards 2, 10 and 4 alone before 2026-12-05 (8))
        rows += terrain_case_rows(f"VASL board {b.name[2:]} ({split}) printed, yellowed and scanned",
                                  b.hexmap, aged(b.rgb), b.transform, b.truth)
    return rows


def lumped_row(case: str, path) -> Row:
    """The 2-taught reading against the board's old table (before 2026-12-05: every kind of building
    one "building", symbol terrains only where they cover most of the hex), for the before/after."""
    from hexwright.engine.digitize.terrain import propose_terrain

    from .digitize_boards import load_board

    b = load_board(path, lumped=True)
    taught = first_two_per_terrain(b.hexmap, b.truth)
    rest = [h for h in b.truth if h not in taught]
    got = {p.hex: p for p in propose_terrain(b.hexmap, b.rgb, b.transform, taught) if p.hex in b.truth}
    base = nearest_mean_colour(b.hexmap, b.rgb, b.transform, list(b.truth), taught)
    prop = [h for h in rest if h in got and got[h].proposed]
    return Row("digitize", case, f"old lumped table, 2 taught per terrain: right, {len(rest)} other hexes",
               round(100 * sum(got[h].terrain == b.truth[h] for h in rest if h in got) / max(1, len(rest)), 1),
               "nearest mean colour", round(100 * sum(base[h] == b.truth[h] for h in rest) / max(1, len(rest)), 1),
               unit="%", notes=[f"old lumped table: {len(prop)} proposed, "
                                f"{sum(got[h].terrain == b.truth[h] for h in prop)} of them right"])


def synthetic_taught_rows(m, scan, transform) -> list[Row]:
    """The F&M render, yellowed: the same three readings, the map as printed being the truth."""
    truth = {h: m.terrain[h] for h in m.hexes}
    return terrain_case_rows("F&M Arnhem corridor, yellowed scan (terrain)", m, scan, transform, truth)
