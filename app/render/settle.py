"""Let Qt finish its pending work before a window is photographed (the screenshot scripts of the editor,
the area editor and the playtest)."""

from __future__ import annotations

import time

from PySide6.QtCore import QCoreApplication


def settle(app: QCoreApplication, seconds: float = 1.0) -> None:
    """Process `app`'s events for `seconds` (layouts, first paints, queued timers)."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < seconds:
        app.processEvents()
        time.sleep(0.01)
