"""Grid fit accuracy (`--only digitize-grid`): how far off the fitted grid is at the worst hex of the
board, from 4 clicked hex centres, before (the clicks alone, `fit_grid`) and after the refinement from
the printed hex lines (`engine/digitize/gridfit.py`), and what the error estimate said.

Clicks are the true hex centres each moved 3 px in a random direction (a hand on a mouse), 4 of them
either spread over the board (near its corners) or all in one corner (a 3 x 3 hex block). Each case is
run with several click draws; the rows give the worst over the draws. Errors are in hex sizes (centre
to corner), the unit of the dialog and of `hexwright digitize`'s JSON; the issue's target is 0.1.

Boards:
* the F&M Arnhem corridor map printed by Hexwright's renderer and scanned (benchmarks/digitize.py:
  1.6x, turned 2.5 degrees, blurred, noised), white and yellowed; the truth is the scan's transform;
* real published boards when present in tests/data/real/vasl/ (VASL geomorphic boards, 1800 x 645 GIFs,
  fetched and kept out of the repository, see tests/data/README.md): their grid is known exactly
  (flat hexes, columns 56.25 px apart, rows 64.5 px; A1 half a row above B1, B0 on the top edge).
"""

from __future__ import annotations

import math
import time
from pathlib import Path

import numpy as np

from .core import Row, Settings, register

CLICK_ERROR_PX = 3.0
VASL_DIR = Path(__file__).resolve().parents[1] / "tests" / "data" / "real" / "vasl"


def _clicks(m, truth: np.ndarray, cells: list[tuple[int, int]], seed: int):
    rng = np.random.default_rng(seed)
    index = {h: i for i, h in enumerate(m.hexes)}
    out = []
    for col, row in cells:
        h = m.grid.offset.to_hex(col, row)
        x, y = truth[index[h]]
        a = rng.uniform(0, 2 * math.pi)
        out.append((h, (float(x + CLICK_ERROR_PX * math.cos(a)), float(y + CLICK_ERROR_PX * math.sin(a)))))
    return out


def _worst(m, fit, truth: np.ndarray, on: np.ndarray) -> float:
    scene = m.layout().hexes_to_pixels(np.array(m.hexes, dtype=float))
    err = np.hypot(*(fit.scene_to_image(scene) - truth).T)[on]
    return float(err.max() / fit.hex_size_px)


def measure_case(m, scan, truth: np.ndarray, cells, seeds: int) -> dict[str, float | list[str]]:
    """Worst hex before and after refinement (max over click draws), the largest estimate and whether
    every draw whose refined fit missed 0.1 hex was warned about."""
    from hexwright.engine.digitize.gridfit import TARGET_HEX, fit_quality, refine_fit
    from hexwright.engine.hexgrid.fit import fit_grid

    on = (truth[:, 0] >= 0) & (truth[:, 1] >= 0) & (truth[:, 0] < scan.width) & (truth[:, 1] < scan.height)
    before, after, est_before, est_after, secs = [], [], [], [], []
    silent_misses = 0
    warnings: list[str] = []
    for seed in range(seeds):
        fit = fit_grid(_clicks(m, truth, cells, seed), m.layout())
        before.append(_worst(m, fit, truth, on))
        est_before.append(fit_quality(m, fit, (scan.width, scan.height)).max_error_estimate_hex)
        t = time.perf_counter()
        refined = refine_fit(scan, m, fit)
        secs.append(time.perf_counter() - t)
        q = fit_quality(m, refined, (scan.width, scan.height))
        after.append(_worst(m, refined, truth, on))
        est_after.append(q.max_error_estimate_hex)
        if after[-1] > TARGET_HEX and not q.warnings:
            silent_misses += 1
        warnings += q.warnings
    return {"before": max(before), "after": max(after), "est_before": max(est_before), "est_after": max(est_after),
            "seconds": float(np.median(secs)), "silent": silent_misses, "warnings": sorted(set(warnings))}


def _rows(case: str, r: dict, seeds: int) -> list[Row]:
    notes = [f"estimate before {r['est_before']:.3f} hex, after {r['est_after']:.3f} hex; refinement "
             f"{r['seconds']:.2f} s (median); worst of {seeds} click draws; {r['silent']} draws over 0.1 hex "
             "without a warning"]
    notes += [f"warning: {w}" for w in r["warnings"][:2]]
    return [
        Row("digitize-grid", case, "worst hex after refinement", round(float(r["after"]), 4), "clicks alone",
            round(float(r["before"]), 4), unit="hex", notes=notes),
        Row("digitize-grid", case, "worst hex after refinement vs the target", round(float(r["after"]), 4),
            "target", 0.1, max_ratio=1.0, target="within 0.1 hex, or a warning", unit="hex"),
    ]


def vasl_board(path: Path):
    """(map, scan, true centres) of a VASL geomorphic board image."""
    from hexwright.engine.digitize.scan import Scan
    from hexwright.engine.hexgrid import LabelScheme
    from hexwright.engine.hexgrid.labels import ASL_LETTERS
    from hexwright.engine.model.hexmap import GridSpec, HexMap

    grid = GridSpec(columns=33, rows=11, orientation="flat", stagger="odd",
                    labels=LabelScheme(kind="letter_number", first_column=1, first_row=0, letters=ASL_LETTERS))
    m = HexMap(grid, name=path.stem)
    cr = np.array([m.grid.offset.from_hex(h) for h in m.hexes], dtype=float)
    truth = np.stack([cr[:, 0] * 56.25, cr[:, 1] * 64.5 - np.where(cr[:, 0] % 2 == 0, 32.25, 0.0)], axis=1)
    return m, Scan.open(path), truth


@register("digitize-grid")
def digitize_grid_benchmark(settings: Settings) -> list[Row]:
    from hexwright.engine.digitize.scan import Scan
    from hexwright.engine.formats import read_map_file

    from .digitize import printed_scan, scan_transform
    from .editor import qapp

    seeds = 2 if settings.quick else 5
    rows: list[Row] = []
    _app = qapp()
    m = read_map_file(Path(__file__).resolve().parents[1] / "scenarios" / "fm-arnhem" / "arnhem-corridor.map.yaml")
    assert m is not None
    a, b, c, d, e, f = scan_transform()
    scene = m.layout().hexes_to_pixels(np.array(m.hexes, dtype=float))
    truth = scene @ np.array([[a, c], [b, d]]) + np.array([e, f])
    cols, nrows = m.grid.columns, m.grid.rows
    spread = [(1, 1), (cols - 2, 1), (1, nrows - 2), (cols - 2, nrows - 2)]
    corner = [(1, 1), (3, 1), (1, 3), (3, 3)]
    for label, cast in (("white", (1.0, 1.0, 1.0)), ("yellowed", (0.98, 0.95, 0.86))):
        arr, _ = printed_scan(m, cast=cast)
        scan = Scan(arr)
        for where, cells in (("4 clicks spread", spread), ("4 clicks in one corner", corner)):
            rows += _rows(f"F&M Arnhem render, {label}, turned 2.5 deg: {where}", measure_case(m, scan, truth, cells,
                                                                                                seeds), seeds)
    boards = sorted(VASL_DIR.glob("bd*.gif")) if VASL_DIR.is_dir() else []
    if settings.quick:
        boards = boards[:2]
    for path in boards:
        vm, vscan, vtruth = vasl_board(path)
        for where, cells in (("4 clicks spread", [(1, 2), (31, 2), (1, 9), (31, 9)]),
                             ("4 clicks in one corner", [(1, 2), (3, 2), (1, 4), (3, 4)])):
            rows += _rows(f"VASL board {path.stem}: {where}", measure_case(vm, vscan, vtruth, cells, seeds), seeds)
    if not boards:
        rows.append(Row("digitize-grid", "real boards", "not measured", float("nan"), unit="hex",
                        notes=[f"no real boards in {VASL_DIR.relative_to(VASL_DIR.parents[3])}"]))
    return rows
