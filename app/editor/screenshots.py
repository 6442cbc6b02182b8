"""Screenshots of the editor's canvas for docs/screenshots (run under Xvfb for the real window look):

    xvfb-run -a -s "-screen 0 1600x1000x24" env QT_QPA_PLATFORM=xcb \\
        python -m hexwright.app.editor.screenshots docs/screenshots

    python -m hexwright.app.editor.screenshots docs/screenshots editor     # only editor.png

editor.png: the F&M Arnhem corridor map in the editor window at 1280 x 800 (the hex kind's tools, palette
and panels around the window's own Layers, Overview and Undo history; docs/editor.md);
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

from .window import EditorWindow

ROOT = Path(__file__).resolve().parents[2]
FM1 = ROOT / "scenarios" / "fm-arnhem" / "scenario-1-historical.yaml"
KOENIG = ROOT / "scenarios" / "koenig-arnhem-bridge" / "arnhem-bridge.yaml"
CORRIDOR = ROOT / "scenarios" / "fm-arnhem" / "arnhem-corridor.map.yaml"


def _shoot(win: EditorWindow, app: QApplication, path: Path) -> None:
    settle(app, 1.5)
    screen = win.screen()
    pix = screen.grabWindow(0, win.x(), win.y(), win.width(), win.height()) if screen is not None else None
    if pix is None or pix.isNull() or pix.toImage().allGray():  # offscreen: grab the widget itself
        pix = win.grab()
    pix.save(str(path))
    print(path)


def _window(folder: str, width: int, height: int) -> EditorWindow:
    """A shown editor window at the screen's corner, with settings of its own (a first run's layout)."""
    settings = QSettings(str(Path(folder) / "editor.ini"), QSettings.Format.IniFormat)
    win = EditorWindow(settings=settings, offer_recovery=False)
    win.move(0, 0)
    win.resize(width, height)
    win.show()
    return win


def editor_shot(app: QApplication, out: Path) -> None:
    """editor.png: the corridor map in a first-run window of 1280 x 800, at 85 % around Elst."""
    with tempfile.TemporaryDirectory() as tmp:
        win = _window(tmp, 1280, 800)
        win.open_path(CORRIDOR, ask_save=False)
        win.wait_shown()
        win.view.set_zoom(0.85)
        win.jump_to_label("3019")
        win.select_hex(None)
        win.set_tool("brush")
        _shoot(win, app, out / "editor.png")
        win.close()


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else "docs/screenshots")
    only = set(args[1:])
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([])
    if not only or "editor" in only:
        editor_shot(app, out)
    if only and "canvas" not in only:
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        win = _window(tmp, 1600, 1000)
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
