"""Fitting a grid to synthetic scans: a known image transform, projected hex centres, a little noise."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hexwright.engine.hexgrid.coords import Hex
from hexwright.engine.hexgrid.fit import fit_grid, invert_transform
from hexwright.engine.model.hexmap import GridSpec
from hypothesis import given, settings
from hypothesis import strategies as st


def scene_to_image_matrix(scale: float, rotation_deg: float, shear: float = 0.0, stretch: float = 1.0):
    """Scene -> image linear part: rotate, scale, then shear x by y and stretch y."""
    c, s = math.cos(math.radians(rotation_deg)), math.sin(math.radians(rotation_deg))
    rot = np.array([[c, -s], [s, c]])
    skew = np.array([[1.0, shear], [0.0, stretch]])
    return scale * skew @ rot


def synthetic_clicks(layout, hexes, lin, offset, noise=0.0, seed=0):
    rng = np.random.default_rng(seed)
    scene = layout.hexes_to_pixels(np.array(hexes, dtype=float))
    img = scene @ lin.T + np.asarray(offset)
    img = img + rng.normal(0.0, noise, img.shape)
    return [(h, (float(x), float(y))) for h, (x, y) in zip(hexes, img, strict=True)]


def grid_hexes(grid: GridSpec, count: int, seed: int = 1) -> list[Hex]:
    rng = np.random.default_rng(seed)
    off = grid.offset
    cells = rng.choice(grid.columns * grid.rows, size=count, replace=False)
    return [off.to_hex(int(i) // grid.rows, int(i) % grid.rows) for i in cells]


GRID = GridSpec(columns=30, rows=20, orientation="flat", hex_size=32.0)


def test_exact_similarity_is_recovered():
    lay = GRID.layout()
    lin = scene_to_image_matrix(1.7, 3.0)
    pairs = synthetic_clicks(lay, [Hex(0, 0), Hex(10, -2), Hex(4, 8), Hex(20, 0)], lin, (120.0, 80.0))
    fit = fit_grid(pairs, lay)
    assert fit.model == "similarity"
    assert fit.hex_size_px == pytest.approx(32.0 * 1.7, rel=1e-9)
    assert fit.rotation == pytest.approx(3.0, abs=1e-9)
    assert fit.rms_px < 1e-9
    # The transform maps the image back to the scene.
    inv = invert_transform(fit.transform)
    a, b, c, d, e, f = inv
    assert np.allclose([[a, b], [c, d]], lin)
    assert np.allclose([e, f], [120.0, 80.0])


def test_noisy_scan_recovers_transform_and_maps_clicks_to_their_hexes():
    lay = GRID.layout()
    lin = scene_to_image_matrix(2.2, -7.5, shear=0.03, stretch=1.02)
    hexes = grid_hexes(GRID, 12)
    pairs = synthetic_clicks(lay, hexes, lin, (300.0, -40.0), noise=0.8)
    fit = fit_grid(pairs, lay)
    assert fit.model == "affine"
    inv = invert_transform(fit.transform)
    assert np.allclose(np.array(inv[:4]).reshape(2, 2), lin, rtol=0, atol=0.01)
    # The rotation nearest to the sheared linear part (the grid's mean angle on the scan).
    expected = math.degrees(math.atan2(lin[1, 0] - lin[0, 1], lin[0, 0] + lin[1, 1]))
    assert expected < -7.5
    assert fit.rotation == pytest.approx(expected, abs=0.2)
    assert fit.rms_px < 2.0
    assert fit.rms_hex == pytest.approx(fit.rms_px / fit.hex_size_px)
    for h, (x, y) in pairs:
        assert fit.hex_at(lay, x, y) == h
    # Round trip image -> scene -> image.
    pts = np.array([p for _, p in pairs])
    assert np.allclose(fit.scene_to_image(fit.image_to_scene(pts)), pts)


def test_affine_beats_similarity_on_a_sheared_scan():
    lay = GRID.layout()
    lin = scene_to_image_matrix(1.5, 1.0, shear=0.06, stretch=0.96)
    pairs = synthetic_clicks(lay, grid_hexes(GRID, 8), lin, (50.0, 60.0), noise=0.5)
    auto = fit_grid(pairs, lay)
    sim = fit_grid(pairs, lay, model="similarity")
    assert auto.model == "affine"
    assert auto.rms_px < sim.rms_px / 3
    assert auto.skew > 0.05 and sim.skew < 1e-9


def test_square_scan_stays_a_similarity():
    lay = GRID.layout()
    lin = scene_to_image_matrix(1.5, 12.0)
    pairs = synthetic_clicks(lay, grid_hexes(GRID, 10), lin, (50.0, 60.0), noise=0.5, seed=4)
    assert fit_grid(pairs, lay).model == "similarity"


def test_more_points_fit_a_skewed_scan_better():
    """The error of the fitted grid against the true one falls as points are added."""
    lay = GRID.layout()
    lin = scene_to_image_matrix(1.8, -2.0, shear=0.04, stretch=1.03)
    offset = (10.0, 20.0)
    all_hexes = [off for off in grid_hexes(GRID, GRID.columns * GRID.rows, seed=9)]
    probe = np.array([[x, y] for x in np.linspace(0, 1400, 8) for y in np.linspace(0, 1000, 6)])
    truth = probe @ lin.T + np.asarray(offset)

    def true_error(n: int) -> float:
        errs = []
        for seed in range(20):
            hexes = all_hexes[seed * 30 : seed * 30 + n]
            fit = fit_grid(synthetic_clicks(lay, hexes, lin, offset, noise=1.5, seed=seed), lay)
            errs.append(float(np.sqrt(np.mean(np.sum((fit.scene_to_image(probe) - truth) ** 2, axis=1)))))
        return float(np.mean(errs))

    e4, e8, e24 = true_error(4), true_error(8), true_error(24)
    assert e4 > e8 > e24


def test_pointy_grid_fit():
    grid = GridSpec(columns=12, rows=10, orientation="pointy", stagger="even", hex_size=20.0)
    lay = grid.layout()
    lin = scene_to_image_matrix(3.0, 30.0)
    pairs = synthetic_clicks(lay, grid_hexes(grid, 5), lin, (0.0, 500.0), noise=0.3)
    fit = fit_grid(pairs, lay)
    assert fit.hex_size_px == pytest.approx(60.0, rel=0.01)
    assert fit.rotation == pytest.approx(30.0, abs=0.5)


@settings(max_examples=40, deadline=None)
@given(
    scale=st.floats(0.3, 6.0),
    rotation=st.floats(-45.0, 45.0),
    ox=st.floats(-5000, 5000),
    oy=st.floats(-5000, 5000),
    seed=st.integers(0, 10_000),
)
def test_fit_recovers_any_similarity(scale, rotation, ox, oy, seed):
    lay = GRID.layout()
    lin = scene_to_image_matrix(scale, rotation)
    pairs = synthetic_clicks(lay, grid_hexes(GRID, 6, seed=seed), lin, (ox, oy), noise=0.0)
    fit = fit_grid(pairs, lay, model="similarity")
    assert fit.hex_size_px == pytest.approx(32.0 * scale, rel=1e-6)
    assert fit.rotation == pytest.approx(rotation, abs=1e-6)
    assert fit.rms_hex < 1e-6


def test_rejects_too_few_points():
    lay = GRID.layout()
    with pytest.raises(ValueError, match="at least 3"):
        fit_grid([(Hex(0, 0), (0.0, 0.0)), (Hex(1, 0), (50.0, 0.0))], lay)


def test_rejects_duplicate_hexes():
    lay = GRID.layout()
    pairs = [(Hex(0, 0), (0.0, 0.0)), (Hex(3, 1), (50.0, 5.0)), (Hex(0, 0), (1.0, 1.0)), (Hex(0, 4), (2, 99))]
    with pytest.raises(ValueError, match="twice"):
        fit_grid(pairs, lay)


def test_rejects_collinear_hexes():
    lay = GRID.layout()
    pairs = [(Hex(q, 0), (10.0 * q, 3.0 * q + (q % 2))) for q in range(5)]
    with pytest.raises(ValueError, match="straight line"):
        fit_grid(pairs, lay)


def test_rejects_collinear_clicks():
    lay = GRID.layout()
    pairs = [(Hex(0, 0), (0.0, 0.0)), (Hex(4, 0), (40.0, 0.0)), (Hex(0, 4), (80.0, 0.0))]
    with pytest.raises(ValueError, match="one point or line"):
        fit_grid(pairs, lay)


def test_invert_transform_rejects_singular():
    with pytest.raises(ValueError, match="singular"):
        invert_transform((1.0, 2.0, 2.0, 4.0, 0.0, 0.0))
