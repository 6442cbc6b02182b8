"""The copy/paste screenshot for docs/screenshots (run under Xvfb for the real window look):

    xvfb-run -a -s "-screen 0 1600x1000x24" env QT_QPA_PLATFORM=xcb \\
        python -m hexwright.app.editor.shots_copy_paste docs/screenshots

copy-paste.png: the F&M Arnhem corridor map at 100 %; Son and the Wilhelmina canal selected with the
Select tool (yellow outline) and copied; Paste shows the copied hexes (terrain, the canal, the roads)
under the cursor a few hexes east, before the click that puts them down.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from hexwright.app.render.settle import settle
from hexwright.engine.hexgrid import Hex
from hexwright.engine.model.hexmap import HexMap
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from .hex_kind import HexKindEditor
from .window import EditorWindow

ROOT = Path(__file__).resolve().parents[2]
FM_MAP = ROOT / "scenarios" / "fm-arnhem" / "arnhem-corridor.map.yaml"


def _hex(m: HexMap, label: str) -> Hex:
    h = m.hex_at(label)
    assert h is not None, label
    return h


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else "docs/screenshots")
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([])
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "settings.ini"), QSettings.Format.IniFormat)
    win = EditorWindow(settings=settings, offer_recovery=False)
    win.move(0, 0)
    win.resize(1600, 1000)
    win.show()
    assert win.open_path(FM_MAP, ask_save=False)
    settle(app)
    m = win.document.map
    hexes = win.kind_editor
    assert isinstance(hexes, HexKindEditor)
    win.set_tool("select")
    tool = win.tools["select"]
    tool.mouse_press(hexes.view.tool_event_at_hex(_hex(m, "0407")))
    ev = hexes.view.tool_event_at_hex(_hex(m, "0710"))
    tool.mouse_move(ev)
    tool.mouse_release(ev)
    win.clipboard.act_copy.trigger()
    win.clipboard.act_paste.trigger()
    target = m.hex_at("1109")
    hexes.view.zoom_actual()
    hexes.view.centre_on_hex(_hex(m, "0809"))
    win.clipboard.move_preview(target)
    win.show_status("Pasting 16 hexes: click where they go (Esc stops)")
    settle(app, 2.0)
    out.mkdir(parents=True, exist_ok=True)
    win.grab().save(str(out / "copy-paste.png"))
    win.document.undo_stack.setClean()
    win.close()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
