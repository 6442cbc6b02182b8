"""Screenshots of the editor's canvas for docs/screenshots (run under Xvfb for the real window look):

    xvfb-run -a -s "-screen 0 1600x1000x24" env QT_QPA_PLATFORM=xcb \\
        python -m hexwright.app.editor.screenshots docs/screenshots

canvas-fit.png: F&M Scenario 1 open, the whole map fitted to the view, names placed clear of one another;
canvas-100.png: the same at 100 % around Veghel (woods and marsh textures, town blocks, label halos,
roads through the hexside midpoints, counters);
canvas-map-only.png: the map-only layout (Tab), every dock hidden;
canvas-koenig.png: the Koenig Arnhem Bridge scenario at 200 % (objective markers, smooth roads).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from hexwright.app.render.settle import settle
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from .mainwindow import MainWindow

ROOT = Path(__file__).resolve().parents[2]
FM1 = ROOT / "scenarios" / "fm-arnhem" / "scenario-1-historical.yaml"
KOENIG = ROOT / "scenarios" / "koenig-arnhem-bridge" / "arnhem-bridge.yaml"


def _shoot(win: MainWindow, app: QApplication, path: Path) -> None:
    settle(app, 1.5)
    screen = win.screen()
    pix = screen.grabWindow(0, win.x(), win.y(), win.width(), win.height()) if screen is not None else None
    if pix is None or pix.isNull() or pix.toImage().allGray():  # offscreen: grab the widget itself
        pix = win.grab()
    pix.save(str(path))
    print(path)


def shot_window(settings_dir: str) -> tuple[QApplication, MainWindow]:
    """The application and a 1600 x 1000 editor window at the screen's corner, its settings in `settings_dir`."""
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([])
    settings = QSettings(str(Path(settings_dir) / "editor.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings=settings, offer_recovery=False)
    win.move(0, 0)
    win.resize(1600, 1000)
    win.show()
    return app, win


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else "docs/screenshots")
    with tempfile.TemporaryDirectory() as tmp:
        app, win = shot_window(tmp)
        win.open_path(FM1, ask_save=False)
        win.wait_shown()
        win.view.fit_map()
        _shoot(win, app, out / "canvas-fit.png")
        win.view.set_zoom(1.0)
        win.jump_to_label("1312")
        _shoot(win, app, out / "canvas-100.png")
        win.view.fit_map()
        win.workspace.set_map_only(True)
        settle(app, 0.5)
        win.view.fit_map()
        _shoot(win, app, out / "canvas-map-only.png")
        win.workspace.set_map_only(False)
        win.open_path(KOENIG, ask_save=False)
        win.wait_shown()
        win.view.set_zoom(2.0)
        win.jump_to_label("1004")
        _shoot(win, app, out / "canvas-koenig.png")
        win.document.undo_stack.setClean() if hasattr(win.document, "undo_stack") else None
        win.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
