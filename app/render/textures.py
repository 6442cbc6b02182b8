"""The terrain patterns drawn over the terrain colour (woods, marsh, broken, rough): seamless tiles made
once per pattern and colour, and a brush that maps a tile onto the map's hex size."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPen, QTransform

_TEXTURE_PX = 96  # texture tile in pixels; its brush transform maps it onto `_TEXTURE_HEXES` hex sizes
_TEXTURE_HEXES = 1.5


def _rng_points(seed: int, n: int) -> np.ndarray:
    """Fixed pseudo-random points in [0, 1)^2 (a Halton sequence: even, never clumped)."""
    def halton(i: int, base: int) -> float:
        f, r = 1.0, 0.0
        while i > 0:
            f /= base
            r += f * (i % base)
            i //= base
        return r

    return np.array([(halton(i + seed, 2), halton(i + seed, 3)) for i in range(1, n + 1)])


@lru_cache(maxsize=32)
def _texture(pattern: str, color: str) -> QImage | None:
    """A seamless tile for a terrain pattern, drawn in a darker tone of the terrain colour."""
    n = _TEXTURE_PX
    img = QImage(n, n, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    base = QColor(color)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)

    def wrap_draw(draw, x: float, y: float, margin: float) -> None:
        for ox in (-n, 0, n):
            for oy in (-n, 0, n):
                if -margin <= x + ox <= n + margin and -margin <= y + oy <= n + margin:
                    draw(x + ox, y + oy)

    if pattern == "woods":
        dark = base.darker(150)
        dark.setAlpha(170)
        light = base.lighter(118)
        pts = _rng_points(3, 14) * n
        for x, y in pts:
            r = n * 0.075

            def tree(cx: float, cy: float, r: float = r) -> None:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(dark)
                p.drawEllipse(QPointF(cx, cy), r, r)
                p.setBrush(light)
                p.drawEllipse(QPointF(cx - r * 0.3, cy - r * 0.3), r * 0.45, r * 0.45)

            wrap_draw(tree, x, y, r)
    elif pattern == "marsh":
        pen = QPen(QColor("#3f7f86"), n * 0.018)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        pts = _rng_points(5, 9) * n
        for x, y in pts:
            def tuft(cx: float, cy: float) -> None:
                p.setPen(pen)
                w = n * 0.07
                p.drawLine(QPointF(cx - w, cy), QPointF(cx + w, cy))
                p.drawLine(QPointF(cx, cy), QPointF(cx, cy - w * 0.9))
                p.drawLine(QPointF(cx, cy), QPointF(cx - w * 0.6, cy - w * 0.7))
                p.drawLine(QPointF(cx, cy), QPointF(cx + w * 0.6, cy - w * 0.7))

            wrap_draw(tuft, x, y, n * 0.1)
    elif pattern == "broken":
        dark = base.darker(160)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(dark)
        pts = _rng_points(7, 30) * n
        for x, y in pts:
            wrap_draw(lambda cx, cy: p.drawEllipse(QPointF(cx, cy), n * 0.012, n * 0.012), x, y, 2)
    elif pattern == "rough":
        pen = QPen(base.darker(170), n * 0.016)
        pts = _rng_points(11, 10) * n
        for x, y in pts:
            def hill(cx: float, cy: float) -> None:
                p.setPen(pen)
                w = n * 0.06
                p.drawLine(QPointF(cx - w, cy + w * 0.5), QPointF(cx, cy - w * 0.5))
                p.drawLine(QPointF(cx, cy - w * 0.5), QPointF(cx + w, cy + w * 0.5))

            wrap_draw(hill, x, y, n * 0.08)
    else:
        p.end()
        return None
    p.end()
    return img


def texture_brush(pattern: str, color: str, hex_size: float) -> QBrush | None:
    """A brush that tiles the pattern over the terrain, one tile every `_TEXTURE_HEXES` hex sizes."""
    img = _texture(pattern, color)
    if img is None:
        return None
    brush = QBrush(img)
    k = hex_size * _TEXTURE_HEXES / _TEXTURE_PX
    brush.setTransform(QTransform.fromScale(k, k))
    return brush
