"""Hexsides as the linework reader (linework.py) reads them (no Qt): where each hexside lies on the scan
(`SideGeometry`), and the hexside features (rivers, canals, streams) read on profiles across it,
searched within SEARCH of the predicted hexside so a fit a few pixels off still finds them."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..hexgrid import Hex, Hexside, hex_neighbor, hexside_of
from ..model.hexmap import HexMap
from .looks import LineLook
from .membership import membership
from .paper import Reader
from .windows import box

SEARCH = 0.15  # how far across the predicted line a line is searched for, in hex sizes (a fit a few px off)
BOX_SHARE = 0.6  # the band a line is looked for in: this share of its width (its core, not its soft edges)
SIDE_T = np.linspace(-0.35, 0.35, 11)  # positions along a hexside (from its middle, hex sizes)
SIDE_U = 0.4  # the across profile spans +-this (hex sizes)
HIT = 0.3  # a profile shows a line where the band's mean membership reaches this
SIDE_MIN_ALONG = 0.6  # share of a hexside's profiles that must show the feature
WIDTH_WEIGHT = 1.5  # how much a width mismatch (|log ratio|) costs against the band score


@dataclass
class SideGeometry:
    sides: list[Hexside]
    mid: np.ndarray  # (n, 2) scene
    unit: np.ndarray  # (n, 2) from A's centre to B's
    along: np.ndarray  # (n, 2) along the hexside
    a_idx: np.ndarray  # index of A and B in the hex list
    b_idx: np.ndarray


def geometry(hexmap: HexMap, sides: list[Hexside], index: dict[Hex, int]) -> SideGeometry:
    lay = hexmap.layout()
    ca = lay.hexes_to_pixels(np.array([s.hex for s in sides], dtype=float).reshape(-1, 2))
    cb = lay.hexes_to_pixels(np.array([s.other for s in sides], dtype=float).reshape(-1, 2))
    unit = (cb - ca) / np.linalg.norm(cb - ca, axis=1, keepdims=True)
    along = np.stack([-unit[:, 1], unit[:, 0]], axis=1)
    return SideGeometry(sides, (ca + cb) / 2, unit, along, np.array([index[s.hex] for s in sides], dtype=int),
                        np.array([index[s.other] for s in sides], dtype=int))


def subset(g: SideGeometry, sel: np.ndarray) -> SideGeometry:
    """The hexsides of `g` that `sel` (n,) picks."""
    return SideGeometry([side for side, keep in zip(g.sides, sel, strict=True) if keep], g.mid[sel], g.unit[sel],
                        g.along[sel], g.a_idx[sel], g.b_idx[sel])


def inner_sides(hexmap: HexMap) -> list[Hexside]:
    """Every hexside between two hexes of the map, once."""
    return [hexside_of(h, d) for h in hexmap.hexes for d in range(3) if hexmap.contains(hex_neighbor(h, d))]


def u_step(px_per_size: float) -> float:
    """The step of the profiles across a line: about one scan pixel, in hex sizes (at least 1/120)."""
    return max(1.0 / max(px_per_size, 1.0), 1.0 / 120)


@dataclass
class SideReading:
    score: np.ndarray  # (n, r) the best band's mean membership
    along: np.ndarray  # (n, r) share of profiles along the hexside showing it at that offset
    width: np.ndarray  # (n, r) membership integral across the line (hex sizes)


def read_hexside_features(g: SideGeometry, paper: np.ndarray, read: Reader, size: float, looks: list[LineLook],
                          step: float) -> SideReading:
    u = np.arange(-SIDE_U, SIDE_U + step / 2, step)
    refs = np.array([lk.rgb for lk in looks])
    pts = (g.mid[:, None, None, :] + g.along[:, None, None, :] * size * SIDE_T[None, :, None, None]
           + g.unit[:, None, None, :] * size * u[None, None, :, None])
    obs = read(pts)  # (n, t, u, 3)
    under = np.where((u < 0)[None, None, :, None], paper[g.a_idx][:, None, None, :], paper[g.b_idx][:, None, None, :])
    mem = membership(obs, under, refs)  # (n, t, u, r)
    prof = mem.mean(axis=1)  # (n, u, r)
    # the width is measured in any of the features' colours, so near colours (river, canal) are told
    # apart by it alone
    any_colour = prof.max(axis=2)
    n, r = len(g.sides), len(looks)
    score, along, width = np.zeros((n, r)), np.zeros((n, r)), np.zeros((n, r))
    window = np.abs(u) <= SEARCH
    for j, lk in enumerate(looks):
        w = max(1, int(round(BOX_SHARE * lk.width / step)))
        band = box(prof[:, :, j], w, axis=1)
        band[:, ~window] = -1.0
        best = np.argmax(band, axis=1)
        score[:, j] = band[np.arange(n), best]
        per_t = box(mem[:, :, :, j], w, axis=2)[np.arange(n), :, best]  # (n, t)
        along[:, j] = (per_t >= HIT).mean(axis=1)
        near = np.abs(u[None, :] - u[best][:, None]) <= max(2.0 * lk.width, 0.12)
        width[:, j] = (any_colour * near).sum(axis=1) * step
    return SideReading(score, along, width)



def choose_hexside(rd: SideReading, looks: list[LineLook]) -> tuple[np.ndarray, np.ndarray]:
    """Per hexside the code index chosen (-1: none) and its confidence."""
    ok = (rd.along >= SIDE_MIN_ALONG) & (rd.score >= HIT)
    exp_w = np.array([lk.width for lk in looks])
    mismatch = np.abs(np.log(np.maximum(rd.width, 1e-3) / exp_w[None, :]))
    value = np.where(ok, rd.score - WIDTH_WEIGHT * mismatch, -np.inf)
    best = np.argmax(value, axis=1)
    idx = np.arange(len(best))
    chosen = np.where(np.isfinite(value[idx, best]), best, -1)
    conf = np.clip(np.minimum(rd.score[idx, best] / 0.5, rd.along[idx, best]), 0, 1)
    conf = conf * np.clip(1.0 - mismatch[idx, best] / 1.5, 0.3, 1.0)
    return chosen, np.where(chosen >= 0, conf, 0.0)

