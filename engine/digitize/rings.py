"""A path followed around the hexside's middle on arcs (no Qt), for the linework reader's paths
(paths.py): a path that turns sharply in the hex beyond (a smooth road rounding a corner) leaves the
lines parallel to the hexside but still crosses every arc."""

from __future__ import annotations

import numpy as np

from .looks import LineLook
from .membership import membership
from .paper import Reader
from .sides import BOX_SHARE, SideGeometry
from .windows import boxes, window_best

RING_R = np.array([0.14, 0.2, 0.26, 0.32, 0.38])  # radii of the arcs around the hexside's middle (hex sizes)
RING_R_BRIDGED = np.array([0.44, 0.5, 0.56, 0.62])  # ... on a bridged link, beyond the bridge's box
RING_DEG = 60.0  # each arc spans +-this from the course to the hex centre (short of the hexside itself)
RING_TURN_DEG = 25.0  # a path's crossing moves at most this much from one arc to the next


def ring_tracks(g: SideGeometry, paper: np.ndarray, read: Reader, size: float, looks: list[LineLook],
                step: float, radii: np.ndarray) -> np.ndarray:
    """(2, n, r, k) a path's band membership on each of the k arcs around the hexside's middle, on A's
    side then B's, followed from arc to arc: a path that turns sharply in the hex beyond (a smooth road
    rounding a corner) leaves the parallel lines but still crosses every arc. Both sides and every look
    are read at once (each hexside, side and look on its own all the same)."""
    theta = np.radians(np.linspace(-RING_DEG, RING_DEG, 61))
    dtheta = float(theta[1] - theta[0])
    refs = np.array([lk.rgb for lk in looks])
    n, r = len(g.sides), len(looks)
    sign = np.array([-1.0, 1.0])[:, None, None]
    u = sign * g.unit[None]  # (2, n, 2)
    d = (np.cos(theta)[None, None, :, None] * u[:, :, None, :]
         + np.sin(theta)[None, None, :, None] * np.stack([-u[..., 1], u[..., 0]], -1)[:, :, None, :])  # (2, n, th, 2)
    pts = g.mid[None, :, None, None, :] + d[:, :, None, :, :] * size * radii[None, None, :, None, None]
    obs = read(pts)  # (2, n, R, th, 3)
    pap = np.stack([paper[g.a_idx], paper[g.b_idx]])[:, :, None, None, :]
    mem = membership(obs, pap, refs)  # (2, n, R, th, r)
    widths = np.array([[int(round(BOX_SHARE * lk.width / (rad * dtheta))) for lk in looks] for rad in radii])
    band = np.moveaxis(boxes(mem, widths), -1, 2)  # (2, n, r, R, th)
    b = _follow(band.reshape(2 * n * r, len(radii), len(theta)), int(np.ceil(np.radians(RING_TURN_DEG) / dtheta)))
    return b.reshape(2, n, r, len(radii))


def _follow(band: np.ndarray, w: int) -> np.ndarray:
    """Band values (n, k) along the best track from the first arc outwards, each step moving at most
    `w` samples."""
    n, nk, nt = band.shape
    nxt = window_best(band[:, 1:, :], w)  # (n, k - 1, t): the crossing on arc k from each sample t
    pos = np.tile(np.arange(nt)[None, :], (n, 1))  # every start on the first arc
    total = band[:, 0, :].copy()
    vals = [band[:, 0, :]]
    for k in range(1, nk):
        pos = np.take_along_axis(nxt[:, k - 1, :], pos, axis=1)
        got = np.take_along_axis(band[:, k, :], pos, axis=1)
        vals.append(got)
        total += got
    best = np.argmax(total, axis=1)
    return np.stack([v[np.arange(n), best] for v in vals], axis=1)

