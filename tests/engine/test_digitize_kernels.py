"""The linework reader's measuring kernels, each against its plain version, on a painted scan.

The kernels of the linework reader (engine/digitize/membership.py, paths.py, rings.py, windows.py
and paper.py) were rewritten for speed (whole arrays at once, work on the paper done once per paper
colour, lookups in place of arithmetic repeated per sample). Their plain versions are kept here as
they were written first, the figures they give are pinned equal bit for bit, and the whole reading
with every plain version put back gives the very same proposals. The painted map has rivers, a
stream, roads (one across a bridge), a dashed trail and a railroad, read with a colour cast, a blur,
noise and the fit a few pixels off."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest
from hexwright.engine.digitize import linework, membership, paper, paths, rings, sides, windows
from hexwright.engine.digitize.linework import propose_linework
from hexwright.engine.digitize.membership import INK_APART, INKS, LINE_CONTRAST, MIX_SIGMA, NEAREST_TOL
from hexwright.engine.digitize.paths import BEND, PATH_CROSS, PATH_S
from hexwright.engine.digitize.rings import RING_DEG, RING_TURN_DEG
from hexwright.engine.digitize.scan import Scan
from hexwright.engine.digitize.sides import BOX_SHARE
from hexwright.engine.hexgrid import hexside_between
from hexwright.engine.model.hexmap import GridSpec, HexMap

from tests.engine.test_digitize_linework import Painter, transform_off

# ---- the plain versions ---------------------------------------------------------------------------


def plain_membership(obs: np.ndarray, paper_rgb: np.ndarray, refs: np.ndarray) -> np.ndarray:
    r = len(refs)
    inks = INKS[np.linalg.norm(INKS[:, None, :] - refs[None], axis=2).min(axis=1) >= INK_APART]
    refs = np.concatenate([refs, inks])
    paper_rgb = np.broadcast_to(paper_rgb, obs.shape)
    towards = refs - paper_rgb[..., None, :]
    span = np.maximum((towards ** 2).sum(-1), 1.0)
    diff = obs - paper_rgb
    share = (diff[..., None, :] * towards).sum(-1) / span
    resid = np.linalg.norm(diff[..., None, :] - share[..., None] * towards, axis=-1)
    visible = np.sqrt(span) > LINE_CONTRAST
    m = np.clip(share, 0.0, 1.0) * np.exp(-(resid / MIX_SIGMA) ** 2) * visible
    near = resid <= resid.min(axis=-1, keepdims=True) + NEAREST_TOL
    return np.where(near & (share > 0.15), m, 0.0)[..., :r]


def plain_track(band: np.ndarray, v: np.ndarray, step: float) -> tuple[np.ndarray, np.ndarray]:
    n, ns, nv = band.shape
    mid = ns // 2
    starts = np.flatnonzero(np.abs(v) <= PATH_CROSS)
    w = int(np.ceil((BEND * (PATH_S[1] - PATH_S[0])) / step)) + 1
    offs = np.arange(-w, w + 1)
    rows = np.arange(n)[:, None, None]
    pos = np.empty((n, len(starts), ns), dtype=int)
    pos[:, :, mid] = starts[None, :]
    for k_range in (range(mid + 1, ns), range(mid - 1, -1, -1)):
        last = mid
        for k in k_range:
            cand = np.clip(pos[:, :, last][..., None] + offs, 0, nv - 1)
            vals = band[rows, k, cand] - 1e-4 * np.abs(offs)
            pos[:, :, k] = np.take_along_axis(cand, np.argmax(vals, axis=2)[..., None], axis=2)[..., 0]
            last = k
    vals = np.take_along_axis(band[:, None, :, :], pos[..., None], axis=3)[..., 0]
    best = np.argmax(vals.sum(axis=2), axis=1)
    idx = np.arange(n)
    return vals[idx, best], pos[idx, best]


def plain_follow(band: np.ndarray, w: int) -> np.ndarray:
    n, nk, nt = band.shape
    offs = np.arange(-w, w + 1)
    rows = np.arange(n)[:, None, None]
    pos = np.tile(np.arange(nt)[None, :], (n, 1))
    total = band[:, 0, :].copy()
    vals = [band[:, 0, :]]
    for k in range(1, nk):
        cand = np.clip(pos[..., None] + offs, 0, nt - 1)
        v = band[rows, k, cand] - 1e-4 * np.abs(offs)
        pick = np.argmax(v, axis=2)
        pos = np.take_along_axis(cand, pick[..., None], axis=2)[..., 0]
        got = np.take_along_axis(band[:, k, :], pos, axis=1)
        vals.append(got)
        total += got
    best = np.argmax(total, axis=1)
    return np.stack([v[np.arange(n), best] for v in vals], axis=1)


def plain_ring_tracks(g: Any, paper_rgb: np.ndarray, read: Any, size: float, looks: list, step: float,
                      radii: np.ndarray) -> np.ndarray:
    """Each side and each look on its own, every link read."""
    theta = np.radians(np.linspace(-RING_DEG, RING_DEG, 61))
    dtheta = float(theta[1] - theta[0])
    refs = np.array([lk.rgb for lk in looks])
    n, r = len(g.sides), len(looks)
    tracks = []
    for sign, pap in ((-1.0, paper_rgb[g.a_idx]), (1.0, paper_rgb[g.b_idx])):
        u = sign * g.unit
        d = (np.cos(theta)[None, :, None] * u[:, None, :]
             + np.sin(theta)[None, :, None] * np.stack([-u[:, 1], u[:, 0]], 1)[:, None, :])
        pts = g.mid[:, None, None, :] + d[:, None, :, :] * size * radii[None, :, None, None]
        obs = read(pts)
        mem = plain_membership(obs, np.broadcast_to(pap[:, None, None, :], obs.shape), refs)
        side = np.zeros((n, r, len(radii)))
        for j, lk in enumerate(looks):
            band = np.stack([windows.box(mem[:, k, :, j], max(1, int(round(BOX_SHARE * lk.width / (rad * dtheta)))),
                                           axis=1) for k, rad in enumerate(radii)], axis=1)
            side[:, j] = plain_follow(band, int(np.ceil(np.radians(RING_TURN_DEG) / dtheta)))
        tracks.append(side)
    return np.stack(tracks)


class PlainReader(paper.Reader):
    """Every sample scaled by the gains and clipped; the median of the colours so made."""

    def raw(self, pts: np.ndarray) -> np.ndarray:
        a, b, c, d, e, f = self.inv
        x = a * pts[..., 0] + b * pts[..., 1] + e
        y = c * pts[..., 0] + d * pts[..., 1] + f
        xi, yi = np.rint(x.ravel()).astype(np.int64), np.rint(y.ravel()).astype(np.int64)
        inside = (xi >= 0) & (yi >= 0) & (xi < self.scan.width) & (yi < self.scan.height)
        rgb = np.full((xi.size, 3), 255, dtype=np.uint8)
        rgb[inside] = self.scan.array()[yi[inside], xi[inside]]
        return rgb.reshape(pts.shape[:-1] + (3,))

    def colours(self, raw: np.ndarray) -> np.ndarray:
        return np.clip(raw.astype(float) * self.gains, 0, 255)

    def median(self, raw: np.ndarray, axis: int) -> np.ndarray:
        return np.median(self.colours(raw), axis=axis, keepdims=True)


def plain_distances(lab: np.ndarray) -> np.ndarray:
    return np.linalg.norm(lab[:, None, :] - lab[None, :, :], axis=2)


# each kernel by its name: the module that defines it, the modules that call it by that name (each
# holds its own reference, so each is patched), and its plain version
KERNELS: dict[str, tuple[Any, tuple[Any, ...], Callable[..., Any]]] = {
    "membership": (membership, (sides, paths, rings), plain_membership),
    "_track": (paths, (paths,), plain_track),
    "_follow": (rings, (rings,), plain_follow),
    "ring_tracks": (rings, (paths,), plain_ring_tracks),
    "_Reader": (linework, (linework,), PlainReader),
    "_distances": (paper, (paper,), plain_distances),
}

# ---- the painted case -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def painted() -> tuple[HexMap, np.ndarray]:
    m = HexMap(GridSpec(8, 6), name="kernels")
    at = m.grid.offset.to_hex
    p = Painter(m)
    for r in range(1, 5):
        p.hexside(hexside_between(at(2, r), at(3, r)), "river")
    p.hexside(hexside_between(at(5, 1), at(5, 2)), "stream")
    for c in range(0, 5):
        p.link(hexside_between(at(c, 3), at(c + 1, 3)), "road")
    for r in range(2, 5):
        p.link(hexside_between(at(6, r), at(6, r + 1)), "trail")
    for r in range(0, 2):
        p.link(hexside_between(at(1, r), at(1, r + 1)), "railroad")
    # a bridge: a dark box over the road where it crosses the hexside between (2, 3) and (3, 3)
    lay = m.layout()
    side = hexside_between(at(2, 3), at(3, 3))
    a, b = (np.array(q) for q in lay.hexside_corners(side.hex, side.direction))
    mid, along = (a + b) / 2, (b - a) / np.linalg.norm(b - a)
    p.segment(mid - along * 0.25 * p.size, mid + along * 0.25 * p.size, 0.55 * p.size, np.array([40.0, 35.0, 30.0]))
    return m, p.scan()


OFF = transform_off(2.4, -1.8)


@pytest.fixture
def calls(painted: tuple[HexMap, np.ndarray], monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, list]]:
    """The arguments each kernel is called with while the painted scan is read."""
    got: dict[str, list] = {"membership": [], "_track": [], "_follow": [], "ring_tracks": [], "_distances": []}

    def spy(mod: Any, name: str) -> None:
        f = getattr(mod, name)

        def wrapped(*args: Any) -> Any:
            got[name].append(args)
            return f(*args)

        monkeypatch.setattr(mod, name, wrapped)

    for name in got:
        for user in KERNELS[name][1]:
            spy(user, name)
    m, scan = painted
    propose_linework(m, Scan(scan), OFF)
    monkeypatch.undo()
    yield got


def same(a: Any, b: Any) -> bool:
    if isinstance(a, tuple):
        return all(same(x, y) for x, y in zip(a, b, strict=True))
    return a.shape == b.shape and a.dtype == b.dtype and bool(np.array_equal(a, b))


@pytest.mark.parametrize("name", ["membership", "_track", "_follow", "_distances"])
def test_each_kernel_gives_its_plain_versions_figures_bit_for_bit(calls: dict[str, list], name: str) -> None:
    mod, _users, plain = KERNELS[name]
    assert calls[name], f"{name} was not called"
    for args in calls[name]:
        assert same(getattr(mod, name)(*args), plain(*args))


def test_the_ring_tracks_read_at_once_are_each_side_and_look_read_alone(calls: dict[str, list]) -> None:
    seen_bridge = False
    for g, paper_rgb, read, size, looks, step, radii in calls["ring_tracks"]:
        seen_bridge |= radii is rings.RING_R_BRIDGED
        assert same(rings.ring_tracks(g, paper_rgb, read, size, looks, step, radii),
                    plain_ring_tracks(g, paper_rgb, read, size, looks, step, radii))
    assert seen_bridge, "the painted bridge was not read as one"


def test_the_reader_looks_up_what_scaling_each_sample_gives(painted: tuple[HexMap, np.ndarray]) -> None:
    m, scan = painted
    s = Scan(scan)
    gains = np.array([1.03, 1.08, 1.19])  # clips the lightest paper at 255
    pts = np.random.default_rng(2).uniform(-30, 700, size=(40, 50, 2))  # some off the scan
    fast, plain = paper.Reader(s, OFF, gains), PlainReader(s, OFF, gains)
    assert same(fast(pts), plain(pts))
    # the median along an axis of an even and an odd number of samples, ties and clipped values among them
    for n in (50, 49, 2, 1):
        raw = plain.raw(pts[:, :n])
        assert same(fast.median(raw, axis=1), plain.median(raw, axis=1))


def test_the_reading_with_every_plain_kernel_gives_the_very_same_proposals(
        painted: tuple[HexMap, np.ndarray], monkeypatch: pytest.MonkeyPatch) -> None:
    m, scan = painted
    now = propose_linework(m, Scan(scan), OFF)
    for name, (_mod, users, plain) in KERNELS.items():
        for user in users:
            monkeypatch.setattr(user, name, plain)
    before = propose_linework(m, Scan(scan), OFF)
    assert now == before
    assert any(p.proposed and p.feature == "road" for p in now) and any(p.feature == "river" for p in now)


@pytest.mark.parametrize("seed", range(6))
def test_the_next_crossing_is_the_first_best_candidate_with_ties(seed: int) -> None:
    # values on a coarse grid, many of them equal (zeros where no line is), so ties are common
    rng = np.random.default_rng(seed)
    band = np.round(rng.uniform(0, 1, size=(9, 5, 23)), 1) * (rng.uniform(size=(9, 5, 23)) < 0.4)
    w = int(rng.integers(1, 14))
    got = windows.window_best(band, w)
    offs = np.arange(-w, w + 1)
    for idx in np.ndindex(band.shape):
        cand = np.clip(idx[-1] + offs, 0, band.shape[-1] - 1)
        vals = band[idx[:-1]][cand] - 1e-4 * np.abs(offs)
        assert got[idx] == cand[np.argmax(vals)]


def test_boxes_of_many_widths_are_each_box_alone() -> None:
    rng = np.random.default_rng(4)
    prof = rng.uniform(size=(2, 7, 5, 61, 3)) * (rng.uniform(size=(2, 7, 5, 61, 3)) < 0.5)
    widths = rng.integers(0, 40, size=(5, 3))
    got = windows.boxes(prof, widths)
    for k in range(5):
        for j in range(3):
            assert same(got[..., k, :, j], windows.box(prof[..., k, :, j], max(1, int(widths[k, j])), axis=-1))
