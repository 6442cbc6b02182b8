"""The fonts of map text (hex numbers, place names), made once and cached with their metrics."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from PySide6.QtGui import QFont, QFontMetricsF

# Fonts are made at one large pixel size and scaled by the painter: pixel sizes are whole numbers and
# point sizes depend on the device's resolution (a 600 dpi PDF), so this is the one way text comes out
# the same size, to the fraction, on every device.
FONT_PX = 100


@lru_cache(maxsize=64)
def font(family: str, bold: bool = False, italic: bool = False, spacing: float = 0.0) -> QFont:
    f = QFont(family)
    f.setPixelSize(FONT_PX)
    f.setBold(bold)
    f.setItalic(italic)
    f.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    if spacing:
        f.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 100 + spacing)
    return f


@lru_cache(maxsize=64)
def metrics(font_key: tuple) -> QFontMetricsF:
    return QFontMetricsF(font(*font_key))


@lru_cache(maxsize=8)
def label_widths(font_key: tuple, labels: tuple[str, ...]) -> np.ndarray:
    """Advance widths (at FONT_PX) of the labels, summed from cached per-character advances."""
    fm = metrics(font_key)
    advance = {ch: fm.horizontalAdvance(ch) for ch in set().union(*labels)}
    width = advance.__getitem__
    return np.fromiter((sum(map(width, text)) for text in labels), dtype=float, count=len(labels))
