"""Where an area's number and name are printed, inside its outline (the area editor, the playtest's area board
and `hexwright render` of an area map).

`fit_label` tries the label at the area's label point (shapely's polylabel: the pole of inaccessibility, or
a point above it when counters stand there), then slid along its row and a few rows up and down; at the
full size first, then smaller down to a readable size (11.5); the name wrapped onto up to four lines; the
extra line (VP, zone) and the name dropped when they do not fit; the number alone, smaller, last. A block
lies inside its own outline, so the labels of areas that do not overlap never collide. Text widths come from the caller
(`measure(text, px)`: Qt's font metrics), so this module holds no Qt.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Polygon, box
from shapely.prepared import prep

Pt = tuple[float, float]
Measure = Callable[[str, float], float]
LINE = 1.2  # line height as a multiple of the pixel size
MARGIN = 4.0  # map units kept clear of the outline


@dataclass(frozen=True)
class LabelLayout:
    """The lines to print (the first holds the number), their pixel size, the block's centre and size, and
    whether the block lies inside the area (False only for a number too big for a tiny area)."""

    lines: tuple[str, ...]
    px: float
    centre: Pt
    width: float
    height: float
    fits: bool

    def line_centres(self) -> list[Pt]:
        """The centre of each line, top to bottom."""
        x, y = self.centre
        h = self.px * LINE
        top = y - self.height / 2
        return [(x, top + h * (i + 0.5)) for i in range(len(self.lines))]


def wrap(text: str, n: int) -> list[str]:
    """`text` in `n` lines (or fewer) of about equal length, broken at spaces."""
    words = text.split()
    if n <= 1 or len(words) <= 1:
        return [" ".join(words)]
    target = len(text) / n
    lines: list[str] = []
    cur = ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > target * 1.15 and len(lines) < n - 1:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    lines.append(cur)
    return lines


def _variants(number: str, name: str, extra: str) -> list[list[list[str]]]:
    """The texts to try, in groups, most complete first (`number` "" for a name alone): number and name
    (1-4 lines) with the extra line, without it, the number with the extra line, the number alone. Within a
    group a larger size wins over fewer lines."""
    out: list[list[list[str]]] = []
    head = " ".join(x for x in (number, name if name != number else "") if x)
    tails = [[extra], []] if extra else [[]]
    if head != number:
        for tail in tails:
            group: list[list[str]] = []
            for n in range(1, 5):
                lines = wrap(head, n) + tail
                if lines not in group:
                    group.append(lines)
            out.append(group)
    if number:
        for tail in tails:
            out.append([[number, *tail]])
    return out


def _stretch(poly: Polygon, y0: float, y1: float, cache: dict) -> tuple[float, float] | None:
    """The x extent of the widest piece of the area between heights y0 and y1 (cached per band)."""
    key = (round(y0, 2), round(y1, 2))
    if key not in cache:
        minx, _, maxx, _ = poly.bounds
        band = poly.intersection(box(minx, y0, maxx, y1))
        pieces = getattr(band, "geoms", [band])
        best = max((p for p in pieces if not p.is_empty), key=lambda p: p.area, default=None)
        cache[key] = None if best is None else (best.bounds[0], best.bounds[2])
    return cache[key]


def _positions(poly: Polygon, anchor: Pt, w: float, h: float, cache: dict) -> list[Pt]:
    """Centres to try for a w x h block after the anchor: slid along its row and rows above and below to the
    middle of the widest stretch of the area there."""
    ax, ay = anchor
    out = []
    _, miny, _, maxy = poly.bounds
    for dy in (0.0, -0.5 * h, 0.5 * h, -h, h, -1.5 * h, 1.5 * h):
        y = ay + dy
        if y - h / 2 < miny or y + h / 2 > maxy:
            continue
        span = _stretch(poly, y - h / 2, y + h / 2, cache)
        if span is None or span[1] - span[0] < w:
            continue
        bx0, bx1 = span
        out.append((min(max(ax, bx0 + w / 2), bx1 - w / 2), y))
        out.append(((bx0 + bx1) / 2, y))
    return out


def fit_label(ring, number: str, name: str, extra: str, anchor: Pt, measure: Measure, px: float = 14.0,
              min_px: float = 8.0, min_name_px: float = 11.5, avoid=None) -> LabelLayout:
    """The label of one area: see the module docstring. `anchor` is where it would go in an area with room;
    `avoid` (a shapely geometry) is kept clear, e.g. where the area's counters and markers stand."""
    poly = Polygon(ring)
    if not poly.is_valid:
        poly = poly.buffer(0)
    inner = poly.buffer(-MARGIN) if poly.area > 4 * MARGIN * MARGIN else poly
    if inner.is_empty:
        inner = poly
    if avoid is not None and not inner.difference(avoid).is_empty:
        inner = inner.difference(avoid)
    fits = prep(inner)
    shapely.prepare(inner)
    sizes = []
    s = px
    while s >= min_px - 1e-9:
        sizes.append(s)
        s *= 0.85
    variants = _variants(number, name, extra)
    readable = [z for z in sizes if z >= min_name_px - 1e-9]
    small = [z for z in sizes if z < min_name_px - 1e-9]
    tries = [(lines, z) for group in variants for z in readable for lines in group]
    tries += [([number], z) for z in small if number]
    ix0, iy0, ix1, iy1 = inner.bounds
    bands: dict = {}
    for lines, size in tries:
        w = max(measure(t, size) for t in lines)
        h = size * LINE * len(lines)
        if w > ix1 - ix0 or h > iy1 - iy0 or w * h > inner.area:
            continue
        ax, ay = anchor
        if fits.contains(box(ax - w / 2, ay - h / 2, ax + w / 2, ay + h / 2)):
            return LabelLayout(tuple(lines), size, anchor, w, h, True)
        pts = _positions(inner, anchor, w, h, bands)
        if not pts:
            continue
        xs, ys = np.array([p[0] for p in pts]), np.array([p[1] for p in pts])
        ok = shapely.contains(inner, shapely.box(xs - w / 2, ys - h / 2, xs + w / 2, ys + h / 2))
        hits = np.flatnonzero(ok)
        if hits.size:
            x, y = pts[int(hits[0])]
            return LabelLayout(tuple(lines), size, (x, y), w, h, True)
    if not number:  # a name alone (the renderer's, under its own number): nothing when it does not fit
        return LabelLayout((), min_px, anchor, 0.0, 0.0, False)
    size = min_px
    w = measure(number, size)
    return LabelLayout((number,), size, anchor, w, size * LINE, False)


__all__ = ["LabelLayout", "fit_label", "wrap"]
