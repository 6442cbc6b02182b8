"""Where place names go: each name at its designer's position when that is free, otherwise at the
nearest free candidate position around its hex, so names neither overlap one another nor run off the
map's edge (a cartographer's point-feature label placement, greedy by importance).

Names are placed in order of importance (cities, then towns, villages, areas, rivers and free labels;
bigger names first within a kind); each tries a fixed list of candidate offsets around its preferred
position, nearest first, and takes the first that overlaps no name placed before it and lies inside the
map. When every candidate collides, the one with the least overlap wins. The same placement serves the
editor's canvas and every export (app/render/mapdraw.py), so what the editor shows is what prints.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

KIND_RANK = {"city": 0, "town": 1, "village": 2, "region": 3, "river": 4, "label": 5}


@dataclass(frozen=True)
class LabelBox:
    """A name to place: its preferred box (x, y of the top left, width, height, in scene units), the
    hex size that scales the candidate offsets, its kind and relative size."""

    x: float
    y: float
    w: float
    h: float
    kind: str = "label"
    size: float = 1.0


def _candidates(b: LabelBox, s: float) -> list[tuple[float, float]]:
    """Offsets to try, nearest first: the designer's position, then a little below or above (keeping
    clear of the hex's own symbol), then right and left of the hex, then further away."""
    out = [(0.0, 0.0)]
    for dy in (0.55, -0.55, 0.9, -0.9):
        out.append((0.0, dy * s))
    half = b.w / 2 + 0.55 * s
    for dx in (half, -half):
        for dy in (0.0, 0.45 * s, -0.45 * s):
            out.append((dx, dy))
    for dy in (1.3, -1.3, 1.75, -1.75):
        for dx in (0.0, 0.6 * s, -0.6 * s):
            out.append((dx, dy * s))
    return out


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _outside(r: tuple[float, float, float, float], extent: tuple[float, float, float, float]) -> float:
    """How much of the box lies outside the map's extent (an area)."""
    return r[2] * r[3] - _overlap(r, extent)


def place_labels(boxes: list[LabelBox], extent: tuple[float, float, float, float],
                 hex_size: float, pad: float = 0.0,
                 obstacles: Sequence[tuple[float, float, float, float]] = ()) -> list[tuple[float, float]]:
    """For each box (in the given order), the (dx, dy) to move it by. `extent` is the map's (x, y, w, h);
    `pad` is kept free around each placed box; `obstacles` are map symbols names should not cover
    (objective markers), as (x, y, w, h) boxes."""
    order = sorted(range(len(boxes)), key=lambda i: (KIND_RANK.get(boxes[i].kind, 9), -boxes[i].size, i))
    placed: list[tuple[float, float, float, float]] = list(obstacles)
    moves: list[tuple[float, float]] = [(0.0, 0.0)] * len(boxes)
    for i in order:
        b = boxes[i]
        best: tuple[float, tuple[float, float]] | None = None
        for dx, dy in _candidates(b, hex_size):
            r = (b.x + dx, b.y + dy, b.w, b.h)
            # a box wider than the map cannot fit: count only what it could avoid
            cost = max(0.0, _outside(r, extent) - max(0.0, b.w - extent[2]) * b.h)
            grown = (r[0] - pad, r[1] - pad, r[2] + 2 * pad, r[3] + 2 * pad)
            cost += sum(_overlap(grown, q) for q in placed)
            if cost <= 1e-9:
                best = (0.0, (dx, dy))
                break
            if best is None or cost < best[0] - 1e-9:
                best = (cost, (dx, dy))
        assert best is not None
        moves[i] = best[1]
        dx, dy = best[1]
        placed.append((b.x + dx, b.y + dy, b.w, b.h))
    return moves


def boxes_overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return _overlap(a, b) > 0.0
