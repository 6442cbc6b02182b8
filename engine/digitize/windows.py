"""Means and maxima over sliding windows along an axis of an array (no Qt): the band a line is looked
for in (`box`, `boxes`), and a track's next crossing (`window_best`). Used by the linework reader
(linework.py); each gives the very figures of the plain loop it stands for
(tests/engine/test_digitize_kernels.py pins them)."""

from __future__ import annotations

import numpy as np


def box(profile: np.ndarray, width: int, axis: int) -> np.ndarray:
    """The mean over a window of `width` samples centred on each sample, along `axis` (edges padded 0)."""
    width = max(1, width)
    p = np.moveaxis(profile, axis, -1)
    pad = [(0, 0)] * (p.ndim - 1) + [(width // 2 + 1, width - width // 2)]
    c = np.cumsum(np.pad(p, pad), axis=-1)
    out = (c[..., width:width + p.shape[-1]] - c[..., :p.shape[-1]]) / width
    return np.moveaxis(out, -1, axis)


def boxes(profile: np.ndarray, widths: np.ndarray) -> np.ndarray:
    """`box` along axis -2 of profile (…, k, t, j) with window widths[k, j] (k, j) each: one running
    sum for them all (zeros padded before and after add nothing to it), each window's mean taken from
    it as `box` takes it, so every figure is the same as `box`'s."""
    widths = np.maximum(1, widths)
    nt = profile.shape[-2]
    left, right = widths // 2 + 1, widths - widths // 2
    lo_pad, hi_pad = int(left.max()), int(right.max())
    pad = [(0, 0)] * (profile.ndim - 2) + [(lo_pad, hi_pad), (0, 0)]
    c = np.cumsum(np.pad(profile, pad), axis=-2)
    at = np.arange(nt)[None, :, None] + (lo_pad - left)[:, None, :]  # (k, t, j) where box's sum starts
    k = np.arange(widths.shape[0])[:, None, None]
    j = np.arange(widths.shape[1])[None, None, :]
    return (c[..., k, at + widths[:, None, :], j] - c[..., k, at, j]) / widths[:, None, :]


def window_max(band: np.ndarray, w: int) -> np.ndarray:
    """The highest value within `w` samples of each sample along the last axis (…, m), the ends
    repeated: a window of 2w + 1 samples as maxima of windows doubling in length."""
    pad = [(0, 0)] * (band.ndim - 1) + [(w, w)]
    run = np.pad(band, pad, mode="edge")  # run[..., i] is the max of the padded samples i .. i + span - 1
    span, want = 1, 2 * w + 1
    while span * 2 <= want:
        run = np.maximum(run[..., :-span], run[..., span:])
        span *= 2
    if span < want:
        run = np.maximum(run[..., :-(want - span)], run[..., want - span:])
    return run[..., :band.shape[-1]]


def window_best(band: np.ndarray, w: int) -> np.ndarray:
    """For every sample p of the last axis of band (…, m), the sample within `w` of p (clipped to the
    ends) whose value less 1e-4 per sample moved is the highest, the first of equals in the order
    p - w ... p + w (as `np.argmax` over those candidates picks): (…, m) sample indices. A track's next
    crossing from p is this, whatever track reached p, so it is worked out once per sample. Where p
    holds its window's highest value, p itself wins (every other candidate is no higher and loses
    1e-4 at least); elsewhere the candidates are compared one by one."""
    m = band.shape[-1]
    flat = band.reshape(-1, m)
    rows, cols = np.nonzero(flat < window_max(flat, w))
    out = np.tile(np.arange(m), (len(flat), 1))
    if len(rows):
        offs = np.arange(-w, w + 1)
        cand = cols[:, None] + offs  # (k, 2w + 1)
        np.clip(cand, 0, m - 1, out=cand)
        vals = np.take(flat, (rows * m)[:, None] + cand)
        vals -= 1e-4 * np.abs(offs)  # ties: straight on
        out[rows, cols] = np.take_along_axis(cand, np.argmax(vals, axis=1)[:, None], axis=1)[:, 0]
    return out.reshape(band.shape)
