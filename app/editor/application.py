"""`hexwright [FILE]`: start the editor, open FILE (a map or a scenario) if given."""

from __future__ import annotations

import gc
import os
import sys
from pathlib import Path


def application_icon():
    """The application icon (resources/hexwright.png), or None when the file is missing."""
    from importlib.util import find_spec

    from PySide6.QtGui import QIcon

    spec = find_spec("hexwright.resources")
    if spec is None or spec.origin is None:
        return None
    png = Path(spec.origin).parent / "hexwright.png"
    return QIcon(str(png)) if png.exists() else None


# the collector comes back this long after the event loop starts if the view has not painted by then
# (a window started minimized)
RESUME_GC_MS = 3000


def main(path: str | None = None, resume_gc: bool = False) -> int:
    """The editor window, on `path` if given. `resume_gc`: the caller paused Python's garbage
    collector for the start (editor_main.run_editor); it is enabled again at the map view's first
    paint."""
    from PySide6.QtWidgets import QApplication

    from .window_base import APPLICATION, ORGANIZATION

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName("Hexwright")
    app.setDesktopFileName("hexwright")  # resources/hexwright.desktop
    icon = application_icon()
    if icon is not None:
        app.setWindowIcon(icon)
    from .kinds import HEX, kind_of, make_window

    # a window of the file's map kind (a scenario on an area map opens in one window alone)
    kind = kind_of(Path(path)) if path and Path(path).exists() else HEX
    win = make_window(kind, None, offer_recovery=True)
    if resume_gc:
        from PySide6.QtCore import QTimer

        win.view.firstPainted.connect(gc.enable)
        QTimer.singleShot(RESUME_GC_MS, gc.enable)
    win.show()
    if path:
        if not Path(path).exists():
            print(f"hexwright: no such file: {path}", file=sys.stderr)
            return 2
        win.open_path(path, ask_save=False)
    quit_after = os.environ.get("HEXWRIGHT_QUIT_AFTER_MS", "")
    if quit_after.isdigit():  # a smoke test of an installed copy: start, show the file, quit
        from PySide6.QtCore import QTimer

        def report_and_quit() -> None:
            what = "hexes" if kind is HEX else "areas"
            print(f"hexwright: editor shown: {win.windowTitle()} ({len(win.document.map)} {what})")
            win.document.undo_stack.setClean()
            app.quit()

        QTimer.singleShot(int(quit_after), report_and_quit)
    return app.exec()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else None))
