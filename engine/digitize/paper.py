"""The paper of a scanned printed map, with the colour cast taken out (no Qt): each hex's paper colour,
and the per-channel gain (white balance) that brings the paper's colours to the map's terrain
colours, fitted to all of them at once. Used by the linework reader (linework.py)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..hexgrid import Hex
from ..hexgrid.fit import invert_transform
from ..model.hexmap import HexMap
from .scan import Scan


def hex_rgb(colour: str) -> tuple[float, float, float]:
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    return (float(int(c[0:2], 16)), float(int(c[2:4], 16)), float(int(c[4:6], 16)))


def srgb_to_lab(rgb: np.ndarray) -> np.ndarray:
    """CIE L*a*b* (D65) of sRGB colours given as 0..255 in the last axis."""
    c = np.asarray(rgb, dtype=float) / 255.0
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = lin @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16.0 / 116.0)
    return np.stack([116.0 * f[..., 1] - 16.0, 500.0 * (f[..., 0] - f[..., 1]), 200.0 * (f[..., 1] - f[..., 2])],
                    axis=-1)


class Reader:
    """Reads scan colours at scene points, with the cast taken out."""

    def __init__(self, scan: Scan, transform: Sequence[float], gains: np.ndarray) -> None:
        self.scan = scan
        a, b, c, d, e, f = (float(x) for x in transform)
        self.inv = invert_transform((a, b, c, d, e, f))  # scene -> image
        self.gains = gains
        # each stored value (0..255) of each channel with the cast taken out: a pixel's colour is looked up
        self._table = np.clip(np.arange(256.0)[:, None] * np.asarray(gains, dtype=float), 0, 255).ravel()

    def __call__(self, pts: np.ndarray) -> np.ndarray:
        return self.colours(self.raw(pts))

    def raw(self, pts: np.ndarray) -> np.ndarray:
        """The pixels at scene points (…, 2) as stored, (…, 3) uint8 (white off the scan)."""
        a, b, c, d, e, f = self.inv
        x = a * pts[..., 0] + b * pts[..., 1] + e
        y = c * pts[..., 0] + d * pts[..., 1] + f
        return self.scan.sample_raw(x.ravel(), y.ravel()).reshape(pts.shape[:-1] + (3,))

    def colours(self, raw: np.ndarray) -> np.ndarray:
        """Stored pixels (…, 3) with the cast taken out, float."""
        at = raw.astype(np.intp)
        at *= 3
        at += np.arange(3)
        return np.take(self._table, at)

    def median(self, raw: np.ndarray, axis: int) -> np.ndarray:
        """`np.median(self.colours(raw), axis, keepdims=True)` from the stored values: the cast scales
        each channel by a positive gain (clipped at 255), which keeps the values' order, so the middle
        values are those of the middle stored values."""
        n = raw.shape[axis]
        ranked = np.sort(np.moveaxis(raw, axis, -1), axis=-1, kind="stable")  # a radix sort of bytes

        def at(i: int) -> np.ndarray:
            return self.colours(np.moveaxis(ranked[..., i:i + 1], -1, axis))

        return at(n // 2) if n % 2 else (at(n // 2 - 1) + at(n // 2)) / 2

    def px_per_scene(self) -> float:
        a, b, c, d, _e, _f = self.inv
        return float(np.sqrt(abs(a * d - b * c)))


def _paper_points(size: float) -> np.ndarray:
    """Offsets (k, 2) of the points a hex's paper colour is read at: two rings inside it."""
    ang = np.radians(np.arange(0, 360, 30) + 15)
    ring = np.concatenate([np.stack([np.cos(ang), np.sin(ang)], 1) * r for r in (0.3, 0.55)])
    return ring * size


def paper_pixels(hexmap: HexMap, hexes: list[Hex], read: Reader, size: float, most: int = 1500) -> np.ndarray:
    """Up to `most` single scan pixels (k, 3) at the paper points of hexes spread over the map."""
    lay = hexmap.layout()
    offs = _paper_points(size)
    pick = np.linspace(0, len(hexes) - 1, min(len(hexes), max(1, most // len(offs)))).astype(int)
    centres = lay.hexes_to_pixels(np.array([hexes[i] for i in pick], dtype=float).reshape(-1, 2))
    return read(centres[:, None, :] + offs[None, :, :]).reshape(-1, 3)


def hex_paper(hexmap: HexMap, hexes: list[Hex], read: Reader, size: float) -> np.ndarray:
    """Each hex's paper colour (n, 3): the median of points inside it, read in chunks."""
    lay = hexmap.layout()
    centres = lay.hexes_to_pixels(np.array(hexes, dtype=float).reshape(-1, 2))
    offs = _paper_points(size)
    out = np.empty((len(hexes), 3))
    for i in range(0, len(hexes), 2048):
        pts = centres[i:i + 2048, None, :] + offs[None, :, :]
        out[i:i + 2048] = np.median(read(pts), axis=1)
    return out


def paper_gains(paper: np.ndarray, references: np.ndarray,
                anchor: np.ndarray | tuple[float, float, float] | None = None,
                pixels: np.ndarray | None = None) -> np.ndarray:
    """The per-channel gain (3,) that brings the hexes' paper colours (n, 3) nearest to their nearest
    terrain colours (m, 3). With `anchor` (the colour of the map's default terrain, most of a printed
    map's paper), the gain is fitted to all the table colours the paper shows at once
    (`_palette_gain`), the default terrain deciding between gains that match about as well (a map of
    one terrain cannot otherwise tell a cast from another terrain: yellowed clear from marsh).
    `pixels` (k, 3): single scan pixels on the hexes' paper, whose colours (a flat print's grounds)
    are found more surely than among hexes' medians mixed with roads and towns. Without `anchor`, a
    search coarse to fine from no cast, each hex's Lab distance capped so a few odd hexes (a town's
    name, a road) do not steer it."""
    obs = paper[~np.isnan(paper).any(axis=1)]
    if len(obs) < 4 or len(references) < 1:
        return np.ones(3)
    if anchor is not None:
        return _palette_gain(obs if pixels is None else pixels, np.asarray(references, dtype=float),
                             np.asarray(anchor, dtype=float))
    if len(obs) > 500:
        obs = obs[np.linspace(0, len(obs) - 1, 500).astype(int)]
    ref_lab = srgb_to_lab(references)

    def cost(g: np.ndarray) -> np.ndarray:
        lab = srgb_to_lab(np.clip(obs[None] * g[:, None, :], 0, 255))
        d = np.min(np.linalg.norm(lab[:, :, None, :] - ref_lab[None, None], axis=3), axis=2)
        return np.minimum(d, 25.0).sum(axis=1)

    best = np.ones(3)
    best_cost = float(cost(best[None])[0])
    for span, steps in ((0.3, 9), (0.06, 7), (0.012, 5)):
        axis = np.linspace(-span, span, steps)
        grid = np.clip(best[None] + np.stack(np.meshgrid(axis, axis, axis, indexing="ij"), -1).reshape(-1, 3),
                       0.7, 1.4)
        costs = np.concatenate([cost(grid[i:i + 96]) for i in range(0, len(grid), 96)])
        if costs.min() < best_cost:
            best, best_cost = grid[int(np.argmin(costs))], float(costs.min())
    return best


CLUSTER_LAB = 8.0  # pixels whose paper lies within this (Lab) of one another are one look of paper
CAST_MAX = 1.25  # a scan's cast changes no channel by more than this factor (or 1/this)
MATCH_LAB = 10.0  # a paper pixel this near (Lab) a table colour, under a gain, is that colour
FIT_LAB = 6.0  # ... and counts towards fitting the gain, the more the nearer (a scan's noise: 2-4)
MODES = 5  # the commonest looks of paper tried as each table colour
MODE_SHARE = 0.03  # ... each at least this share of the pixels
FIT_ROUNDS = 4  # rounds of the least-squares fit (assign each pixel its table colour, fit the gain)
ANCHOR_LAB = 2.0  # the default terrain's share of the paper under a gain is worth this much palette match (Lab)


def _plausible(g: np.ndarray) -> bool:
    return bool((g <= CAST_MAX + 1e-9).all() and (g >= 1.0 / CAST_MAX - 1e-9).all())


def _distances(lab: np.ndarray) -> np.ndarray:
    """(k, k) distances between the colours lab (k, 3), the squares summed in the channels' order (the
    same figures as `np.linalg.norm` of the (k, k, 3) differences, without making them)."""
    d = lab[:, None, 0] - lab[None, :, 0]
    sq = d * d
    for c in (1, 2):
        np.subtract(lab[:, None, c], lab[None, :, c], out=d)
        d *= d
        sq += d
    return np.sqrt(sq, out=sq)


def _modes(obs: np.ndarray) -> list[np.ndarray]:
    """The commonest looks of paper (RGB), commonest first: the median of the pixels within CLUSTER_LAB
    (Lab) of the pixel with most such neighbours, those pixels taken out, again (up to MODES, each at
    least MODE_SHARE of the pixels). A cast scales every pixel alike, so the same pixels form them under
    any cast."""
    lab = srgb_to_lab(obs)
    near = _distances(lab) <= CLUSTER_LAB
    left = np.ones(len(obs), dtype=bool)
    out: list[np.ndarray] = []
    while len(out) < MODES:
        counts = (near & left[None, :]).sum(axis=1) * left
        best = int(np.argmax(counts))
        if counts[best] < max(2, MODE_SHARE * len(obs)):
            break
        members = near[best] & left
        out.append(np.asarray(np.median(obs[members], axis=0)))
        left &= ~members
    return out


def _palette_fit(obs: np.ndarray, ref_lab: np.ndarray, references: np.ndarray, g: np.ndarray
                 ) -> tuple[np.ndarray, float, np.ndarray]:
    """From gain g, the least-squares gain that brings the paper pixels (k, 3) to the table colours
    they then lie nearest (each pixel weighed down with its distance, nothing from FIT_LAB on),
    refitted up to FIT_ROUNDS times while the palette match improves (the mean over the pixels of the
    Lab distance to the nearest table colour, capped at MATCH_LAB: 0 is every pixel exactly a table
    colour; a paper colour the table lacks, near one of its colours, must not pull the gain to it);
    with that match and each pixel's table colour index."""

    def dist(g: np.ndarray) -> np.ndarray:
        return np.linalg.norm(srgb_to_lab(np.clip(obs * g, 0, 255))[:, None, :] - ref_lab[None], axis=2)

    d = dist(g)
    score = float(np.minimum(d.min(axis=1), MATCH_LAB).mean())
    for _ in range(FIT_ROUNDS):
        near = np.argmin(d, axis=1)
        w = np.clip(1.0 - (d[np.arange(len(obs)), near] / FIT_LAB) ** 2, 0.0, None) ** 2
        if w.sum() <= 0:
            break
        target = references[near]
        new = np.clip((w[:, None] * obs * target).sum(axis=0) / np.maximum((w[:, None] * obs * obs).sum(axis=0), 1e-9),
                      1.0 / CAST_MAX, CAST_MAX)
        d_new = dist(new)
        s_new = float(np.minimum(d_new.min(axis=1), MATCH_LAB).mean())
        if s_new >= score:
            break
        g, d, score = new, d_new, s_new
    return g, score, np.argmin(d, axis=1)


def _palette_gain(obs: np.ndarray, references: np.ndarray, anchor: np.ndarray) -> np.ndarray:
    """The cast (per-channel gain) that makes the paper pixels (k, 3) the table's colours best: each of
    the commonest looks of paper made each table colour a cast can reach (and no cast) is a start, each
    start fitted to all the table colours present at once (`_palette_fit`), and the best palette
    match wins, a gain under which more of the pixels are the default terrain's colour (`anchor`, most
    of a printed map's paper) counted a little better (ANCHOR_LAB): a map of one terrain matches as
    well yellowed clear as marsh. A board whose two commonest papers (hill and clear) are about
    equally common reads the same whichever is commoner in the pixels sampled, as the gain must fit
    both."""
    ref_lab = srgb_to_lab(references)
    starts = [np.ones(3)]
    for mode in _modes(obs):
        m = np.maximum(mode, 1.0)
        starts += [g for g in (references / m[None]) if _plausible(g)]
    anchor_idx = int(np.argmin(np.linalg.norm(references - anchor[None], axis=1)))
    best, best_cost = np.ones(3), np.inf
    for g0 in starts:
        g, match, near = _palette_fit(obs, ref_lab, references, g0)
        cost = match - ANCHOR_LAB * float((near == anchor_idx).mean())
        if cost < best_cost:
            best, best_cost = g, cost
    return best
