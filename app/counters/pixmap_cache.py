"""The cache of drawn counter pixmaps for the map views, apart from the drawing so that a colour scheme
edit (schemes.py) can empty it without importing the drawing code that reads the schemes."""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtGui import QPixmap

CACHE: OrderedDict[tuple, QPixmap] = OrderedDict()
CACHE_LIMIT = 4096


def clear_pixmap_cache() -> None:
    CACHE.clear()
