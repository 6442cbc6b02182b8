"""Reading scans (no Qt): every format the issue names, the tiled pyramid path for large scans giving
the same pixels as the whole decode, progress and cancel while the pyramid is made, clear errors."""

from __future__ import annotations

import numpy as np
import pytest
from hexwright.engine.digitize.progress import Cancelled
from hexwright.engine.digitize.scan import Scan, ScanError, image_size
from PIL import Image


@pytest.fixture()
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("HEXWRIGHT_SCAN_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def _noise(h: int, w: int, seed: int = 1) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 256, (h, w, 3), dtype=np.uint8)


@pytest.mark.parametrize("suffix", [".png", ".jpg", ".gif", ".tif", ".bmp"])
def test_every_format_opens_as_rgb(tmp_path, suffix):
    rgb = np.zeros((40, 60, 3), dtype=np.uint8)
    rgb[:, 30:] = (200, 40, 30)
    path = tmp_path / f"scan{suffix}"
    Image.fromarray(rgb).save(path)
    s = Scan.open(path)
    assert (s.width, s.height) == (60, 40) and not s.tiled
    assert np.allclose(s.sample(np.array([45.0]), np.array([20.0]))[0], (200, 40, 30), atol=12)


def test_the_tiled_path_reads_the_same_pixels(tmp_path, cache):
    pytest.importorskip("pyvips")
    rgb = _noise(700, 900)
    path = tmp_path / "scan.png"
    Image.fromarray(rgb).save(path)
    whole, tiled = Scan.open(path), Scan.open(path, tiled=True)
    assert tiled.tiled and (tiled.width, tiled.height) == (900, 700)
    assert tiled.levels[0] == (900, 700) and tiled.levels[1] == (450, 350)
    rng = np.random.default_rng(2)
    xs, ys = rng.uniform(-20, 920, 5000), rng.uniform(-20, 720, 5000)
    assert np.array_equal(tiled.sample(xs, ys), whole.sample(xs, ys))  # off the scan: white in both
    for box in ((0, 0, 900, 700), (-15, 690, 300, 40), (250, 250, 300, 300), (880, -5, 50, 50)):
        assert np.array_equal(tiled.read_region(*box), whole.read_region(*box))
    assert np.array_equal(tiled.array(), rgb)
    small = tiled.read_level_region(2, 0, 0, 225, 175)
    assert small.shape == (175, 225, 3)
    # a coarser level is the scan shrunk: its mean colour is the scan's
    assert np.allclose(small.reshape(-1, 3).mean(0), rgb.reshape(-1, 3).mean(0), atol=3)
    assert any(cache.iterdir())  # the pyramid is kept for the next opening


def test_a_palette_gif_and_an_rgba_png_come_out_as_rgb_through_the_tiles(tmp_path, cache):
    pytest.importorskip("pyvips")
    rgb = np.zeros((300, 400, 3), dtype=np.uint8)
    rgb[:, 200:] = (0, 0, 255)
    gif = tmp_path / "board.gif"
    Image.fromarray(rgb).convert("P").save(gif)
    rgba = np.dstack([rgb, np.full((300, 400), 255, np.uint8)])
    rgba[:, :100, 3] = 0  # transparent: paper white
    png = tmp_path / "board.png"
    Image.fromarray(rgba, "RGBA").save(png)
    g = Scan.open(gif, tiled=True)
    assert np.array_equal(g.sample(np.array([300.0, 50.0]), np.array([10.0, 10.0])), [[0, 0, 255], [0, 0, 0]])
    p = Scan.open(png, tiled=True)
    assert np.array_equal(p.sample(np.array([50.0, 150.0, 300.0]), np.array([10.0] * 3)),
                          [[255, 255, 255], [0, 0, 0], [0, 0, 255]])


def test_making_the_pyramid_reports_progress_and_can_be_cancelled(tmp_path, cache):
    pytest.importorskip("pyvips")
    path = tmp_path / "scan.png"
    Image.fromarray(_noise(1500, 1500)).save(path)
    with pytest.raises(Cancelled):
        Scan.open(path, tiled=True, progress=lambda done, total: False)
    assert not list(cache.glob("*.tif"))  # nothing half made is kept
    seen: list[int] = []
    s = Scan.open(path, tiled=True, progress=lambda done, total: seen.append(done) is None)
    assert s.tiled and seen and seen[-1] == 100


def test_unreadable_scans_are_clear_errors(tmp_path):
    with pytest.raises(ScanError, match="does not exist"):
        Scan.open(tmp_path / "missing.png")
    bad = tmp_path / "notes.png"
    bad.write_text("not an image")
    with pytest.raises(ScanError, match="notes.png"):
        Scan.open(bad)
    with pytest.raises(ScanError, match="notes.png"):
        image_size(bad)
    with pytest.raises(ScanError, match="RGB"):
        Scan(np.zeros((4, 4)))
