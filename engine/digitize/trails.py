"""Telling a printed trail from lines that only look like one (no Qt): a decision of the linework
reader (linework.py) about thin solid paths, a few scan pixels wide (VASL's "Path": a brown line 4
scan pixels wide on a 37.5 px hex size).

Looked at on the tuning boards of the real-board benchmark (benchmarks/digitize_lines_real.py), most
lines that show a trail's brown along their band but are not trails are edges or areas, not lines:

* a stream's bank (the bank's brown between the water's blue and the vegetation's green), a wood's
  edge on a hill (its dark olive against the hill's tan): the ground differs on the two sides;
* a wooden building's roof and a wadi's or gully's banks: the brown is an area, and shows beside the
  line followed too;
* a hex outline or a hex label's letters, blurred into a yellow or tan ground on a yellowed scan: a
  mix of black and the ground, whose centre is not the trail's own colour but the ground darkened;
* the hex outlines at a corner of the hexside, blurred into a yellow grain field or a hill's tan on a
  yellowed scan read with the fit a few pixels off: there the ground darkened is the trail's brown
  (5-20 RGB from it), one ground shows on both sides, and the followed line, searched for near the
  predicted link, bends from the hexside's own outline into the two outlines leaving its corner. A
  printed trail crosses its hexside away from the corners, where no outline but the hexside's own runs.

These are confused with a trail because its colour is near the map's own grounds (VASL's path brown is
13-15 Lab from its woods, orchard or wooden building colours); a line in a colour no ground has (the F&M
map's red roads, 55 Lab from any) is not, and is not judged this way (`among_grounds`).

A printed trail is a line over its hex's ground: the same ground shows on both sides of it, neither
side is the trail's colour, its centre is the trail's colour itself, and it keeps away from the
hexside's corners. `flanks` measures these where the line was followed, and `a_line` judges them.
"""

from __future__ import annotations

import numpy as np

from .paper import srgb_to_lab

FLANK_GAP = 1  # samples (about a scan pixel each) left between the line's edge and its flank
FLANK_SPAN = 3  # samples of each flank averaged
FLANK_APART = 50.0  # RGB: flanks further apart than this are two grounds (an edge), not one
FLANK_LIKE = 20.0  # RGB: a flank this near the line's colour shows the colour as an area, not a line
CENTRE_RGB = 30.0  # RGB: the line's centre is within this of the line's colour (not the ground darkened)
CENTRE_EACH = 35.0  # RGB: ... and so it is on most profiles (the median), not only on average
GROUND_LAB = 30.0  # Lab: a line colour this near a terrain colour of the table is among the grounds
CORNER = 0.48  # hex sizes along the hexside from its middle: a line followed out to here runs into its corner
# (at 0.5). On the tuning boards, trails reached 0.41 at most and corner outlines 0.55 at least
MEASURES = 5  # the measures `flanks` gives per link


def among_grounds(rgb: tuple[float, float, float], grounds: list[tuple[float, float, float]]) -> bool:
    """Whether a line colour lies within GROUND_LAB of one of the terrain colours `grounds` (RGB)."""
    if not grounds:
        return False
    d = np.linalg.norm(srgb_to_lab(np.array(grounds)) - srgb_to_lab(np.array(rgb)), axis=1)
    return bool(d.min() <= GROUND_LAB)


def flanks(obs: np.ndarray, pos: np.ndarray, lines: np.ndarray, half: int, rgb: np.ndarray, along: np.ndarray
           ) -> np.ndarray:
    """(n, MEASURES) for links whose line was followed at `pos` (n, s) across the profiles obs (n, s, v,
    3), `along` (n, s) hex sizes along the hexside from its middle, over the profiles `lines` (n, s)
    where it shows: from the mean colours of its two flanks (FLANK_SPAN samples each, from `half` +
    FLANK_GAP samples off the line's centre; a flank stays on its side of the line as the line bends)
    and of its centre, (0) the RGB distance between the two flanks, (1) the lesser RGB distance from a
    flank to the line's colour `rgb`, (2) the RGB distance from the centre to `rgb`; (3) the furthest
    the line runs along the hexside from its middle (hex sizes); (4) the median over those profiles of
    the RGB distance from the centre to `rgb` (a mean colour can be the trail's brown where the profiles
    show different things: a roof's grain, a label's letters, a bank's brown beside water). NaN where no
    profile shows it."""
    n, _ns, nv, _ = obs.shape
    offs = np.arange(half + FLANK_GAP, half + FLANK_GAP + FLANK_SPAN)
    take = np.take_along_axis
    fa = take(obs, np.clip(pos[..., None] - offs, 0, nv - 1)[..., None], axis=2).mean(axis=2)  # (n, s, 3)
    fb = take(obs, np.clip(pos[..., None] + offs, 0, nv - 1)[..., None], axis=2).mean(axis=2)
    centre = take(obs, np.clip(pos, 0, nv - 1)[..., None, None], axis=2)[:, :, 0]
    w = lines.astype(float)[..., None]
    cnt = np.maximum(w.sum(axis=1), 1.0)
    a, b, c = ((x * w).sum(axis=1) / cnt for x in (fa, fb, centre))  # (n, 3) means over the lines
    out = np.stack([np.linalg.norm(a - b, axis=1),
                    np.minimum(np.linalg.norm(a - rgb, axis=1), np.linalg.norm(b - rgb, axis=1)),
                    np.linalg.norm(c - rgb, axis=1),
                    np.where(lines, np.abs(along), 0.0).max(axis=1),
                    np.full(n, np.nan)], axis=1)
    shown = np.asarray(lines.any(axis=1))
    centre_off = np.where(lines, np.linalg.norm(centre - rgb, axis=2), np.nan)
    out[shown, 4] = np.nanmedian(centre_off[shown], axis=1)  # (the rows shown: no all-NaN row)
    return np.where(shown[:, None], out, np.nan)


def a_line(flank: np.ndarray) -> np.ndarray:
    """(…) whether the measures (…, MEASURES) of `flanks` show a line over one ground in its own colour,
    clear of the hexside's corners (False where NaN: not measured)."""
    with np.errstate(invalid="ignore"):
        return np.asarray((flank[..., 0] <= FLANK_APART) & (flank[..., 1] >= FLANK_LIKE)
                          & (flank[..., 2] <= CENTRE_RGB) & (flank[..., 3] < CORNER)
                          & (flank[..., 4] <= CENTRE_EACH))
