"""The grid fit refined from the printed hex lines of a synthetic scan (numpy-painted, rotated, stretched,
blurred, colour-cast, noised), and its error estimate over the whole board."""

from __future__ import annotations

import numpy as np
import pytest
from hexwright.engine.digitize.gridfit import TARGET_HEX, fit_quality, refine_fit
from hexwright.engine.digitize.scan import Scan
from hexwright.engine.hexgrid.fit import fit_grid
from hexwright.engine.model.hexmap import GridSpec, HexMap

from .scan_synth import PALETTE, clicks, paint_hex_scan, scene_to_image, true_centres

CORNER = [(0, 0), (3, 0), (0, 3), (3, 3)]


def board(grid: GridSpec) -> HexMap:
    m = HexMap(grid)
    rng = np.random.default_rng(3)
    codes = list(PALETTE)
    m.set_terrain({h: codes[int(rng.integers(len(codes)))] for h in m.hexes})
    return m


def worst_error_hex(m: HexMap, fit, fwd: np.ndarray) -> float:
    scene = m.layout().hexes_to_pixels(np.array(m.hexes, dtype=float))
    return float(np.hypot(*(fit.scene_to_image(scene) - true_centres(m, fwd)).T).max() / fit.hex_size_px)


@pytest.mark.parametrize(
    ("grid", "fwd", "cells", "click_error", "paint"),
    [
        # four clicks in one corner, 3 px off, a 3 degree turn, a 1 % stretch, old-paper cast
        (GridSpec(columns=24, rows=18, hex_size=20.0), scene_to_image(1.6, 3.0, 1.01), CORNER, 3.0,
         {"cast": (0.98, 0.92, 0.8)}),
        # four clicks in the middle, 5 px off, -6 degrees, a heavier blur and noise
        (GridSpec(columns=24, rows=18, hex_size=20.0), scene_to_image(1.4, -6.0, 1.02),
         [(10, 10), (13, 10), (10, 13), (13, 13)], 5.0, {"blur": 2, "noise": 8.0}),
        # pointy hexes, a yellow cast, three clicks only
        (GridSpec(columns=20, rows=24, orientation="pointy", stagger="even", hex_size=20.0),
         scene_to_image(2.0, 2.0, 0.99), CORNER[:3], 3.0, {"cast": (0.9, 0.85, 0.6)}),
    ],
)
def test_refinement_pins_the_whole_board(grid, fwd, cells, click_error, paint):
    m = board(grid)
    scan = Scan(paint_hex_scan(m, fwd, **paint))
    fit = fit_grid(clicks(m, fwd, cells, click_error), m.layout())
    before = worst_error_hex(m, fit, fwd)
    assert before > 0.3  # the clicks alone leave the far end well off
    quality_before = fit_quality(m, fit)
    assert quality_before.max_error_estimate_hex > before * 0.7  # the estimate sees it
    assert quality_before.warnings and "add a point near" in quality_before.warnings[-1]

    refined = refine_fit(scan, m, fit)
    after = worst_error_hex(m, refined, fwd)
    quality = fit_quality(m, refined)
    assert refined.refined and refined.refined_edges > 200
    assert after < TARGET_HEX / 2
    assert quality.max_error_estimate_hex >= after  # the estimate is not optimistic
    assert quality.max_error_estimate_hex < TARGET_HEX and quality.warnings == [] and quality.good
    assert quality.per_hex_error.shape == (len(m.hexes),)
    # the clicks stay with their hexes, within their error
    assert max(refined.residuals_px) < click_error + 1.0
    assert refined.hexes == fit.hexes and len(refined.points_px) == len(cells)


def test_without_printed_lines_the_far_end_is_warned_about():
    grid = GridSpec(columns=24, rows=18, hex_size=20.0)
    m = board(grid)
    fwd = scene_to_image(1.6, 3.0, 1.01)
    scan = Scan(paint_hex_scan(m, fwd, lines=False))
    fit = fit_grid(clicks(m, fwd, CORNER, 3.0), m.layout())
    refined = refine_fit(scan, m, fit)
    assert not refined.refined
    assert refined.transform == fit.transform
    quality = fit_quality(m, refined)
    truth = worst_error_hex(m, refined, fwd)
    assert truth > TARGET_HEX
    assert quality.max_error_estimate_hex > truth * 0.7
    text = " ".join(quality.warnings)
    assert "no printed hex lines" in text and "do not pin the far end" in text
    assert quality.worst_hex is not None and m.label(quality.worst_hex) in text


def test_spread_clicks_on_a_lineless_scan_estimate_the_error_honestly():
    grid = GridSpec(columns=24, rows=18, hex_size=20.0)
    m = board(grid)
    fwd = scene_to_image(1.6, 3.0, 1.0)
    fit = fit_grid(clicks(m, fwd, [(1, 1), (22, 1), (1, 16), (22, 16), (12, 8)], 1.0), m.layout())
    quality = fit_quality(m, fit)
    assert worst_error_hex(m, fit, fwd) <= quality.max_error_estimate_hex
    # errors grow away from the clicks: a clicked hex is better known than the worst one
    i = m.hexes.index(fit.hexes[-1])
    assert quality.per_hex_error[i] < quality.max_error_estimate_hex


def test_a_mislabelled_click_is_not_refined_silently():
    grid = GridSpec(columns=24, rows=18, hex_size=20.0)
    m = board(grid)
    fwd = scene_to_image(1.6, 3.0, 1.0)
    scan = Scan(paint_hex_scan(m, fwd))
    pts = clicks(m, fwd, [(1, 1), (20, 2), (3, 15), (18, 14)], 1.0)
    # the last click names the hex next to the one clicked
    wrong = m.grid.offset.to_hex(18, 13)
    fit = fit_grid(pts[:3] + [(wrong, pts[3][1])], m.layout())
    refined = refine_fit(scan, m, fit)
    quality = fit_quality(m, refined)
    assert not quality.good
    assert any(m.label(wrong) in w for w in quality.warnings)


def test_a_scan_read_through_sample_refines_alike(monkeypatch):
    """A tiled (very large) scan is read point by point through Scan.sample instead of a luminance copy:
    the refined fit is the same to a hundredth of a pixel."""
    import hexwright.engine.digitize.gridfit as gridfit

    grid = GridSpec(columns=12, rows=10, hex_size=20.0)
    m = board(grid)
    fwd = scene_to_image(1.6, 2.0, 1.0)
    scan = Scan(paint_hex_scan(m, fwd))
    fit = fit_grid(clicks(m, fwd, CORNER, 2.0), m.layout())
    cached = refine_fit(scan, m, fit)
    monkeypatch.setattr(gridfit, "LUMA_CACHE_PX", 0)
    sampled = refine_fit(scan, m, fit)
    scene = m.layout().hexes_to_pixels(np.array(m.hexes, dtype=float))
    assert sampled.refined and np.abs(sampled.scene_to_image(scene) - cached.scene_to_image(scene)).max() < 0.01


def test_pipeline_applies_line_proposals_and_splits_examples():
    from hexwright.engine.digitize.pipeline import DigitizeError, _apply_line, split_taught

    m = HexMap(GridSpec(columns=6, rows=5))
    _apply_line(m, "hexside", "0101/0102", "river")
    _apply_line(m, "path", "0202/0203", "road")
    _apply_line(m, "hexside", "0101/0505", "river")  # not adjacent: ignored
    assert m.hexside(m.hexside_at("0101/0102")).features == ("river",)
    assert m.hexside(m.hexside_at("0202/0203")).paths == ("road",)
    terrain, lines = split_taught(m, {"woods": ["0303", "0304"], "river": ["0401/0402"]})
    assert terrain == {m.hex_at("0303"): "woods", m.hex_at("0304"): "woods"} and lines == {"0401/0402": "river"}
    with pytest.raises(DigitizeError, match="not a terrain"):
        split_taught(m, {"lava": ["0101"]})
    with pytest.raises(DigitizeError, match="not a hexside"):
        split_taught(m, {"river": ["0101/0505"]})
    with pytest.raises(DigitizeError, match="not a hex label"):
        split_taught(m, {"woods": ["9999"]})
