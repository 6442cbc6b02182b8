"""Putting data on the system clipboard so that quitting stays clean.

QClipboard takes ownership of the QMimeData it is given. A QMimeData made in Python keeps its Python
wrapper, and Qt deletes the clipboard's data in one of its own exit handlers, after the interpreter has
finished: the wrapper's destructor then calls into a Python that is gone and the process ends in a
segmentation fault after every copy. So before the interpreter finishes, data of ours still on the
clipboard is swapped for a copy of its text made by Qt itself (what other programs could paste stays on
the clipboard), and the clipboard is emptied when there is no text."""

from __future__ import annotations

import atexit

import shiboken6
from PySide6.QtCore import QMimeData
from PySide6.QtGui import QGuiApplication

_last: QMimeData | None = None  # the data we put on the clipboard last (the clipboard owns it)


def put_on_clipboard(mime: QMimeData) -> None:
    """`mime` on the system clipboard (which owns it from now on)."""
    global _last
    if _last is None:
        atexit.register(release_clipboard)
    QGuiApplication.clipboard().setMimeData(mime)
    _last = mime


def release_clipboard() -> None:
    """Replace data of ours still on the clipboard by Qt's own copy of its text (module docstring).
    Data another program put there since, or data Qt has deleted already, is left alone."""
    mime = _last
    if mime is None or not shiboken6.isValid(mime) or QGuiApplication.instance() is None:
        return
    clipboard = QGuiApplication.clipboard()
    if clipboard.mimeData() is not mime:
        return
    text = mime.text() if mime.hasText() else ""
    if text:
        clipboard.setText(text)
    else:
        clipboard.clear()
