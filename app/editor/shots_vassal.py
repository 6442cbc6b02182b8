"""Screenshots of File > Import > VASSAL Module… (run under Xvfb for the real window look):

    xvfb-run -a -s "-screen 0 1600x1000x24" env QT_QPA_PLATFORM=xcb \\
        python -m hexwright.app.editor.shots_vassal docs/screenshots [MODULE.vmod[::BOARD] ...]

import-vassal-roundtrip.png: the Koenig Arnhem Bridge scenario exported as a VASSAL module and imported back:
the module's board as the scan underlay, the grid on its hexes, the units set up from its at-start stacks.
Each MODULE.vmod given is imported and shot as import-vassal-NAME.png in the same folder: published modules'
art is not ours to ship, so shoot those into a folder outside the repository.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication

from .interchange_actions import export_vassal, import_vassal
from .screenshots import KOENIG, _shoot, _window


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else "docs/screenshots")
    modules = [(Path(a.split("::")[0]), a.split("::")[1] if "::" in a else None) for a in args[1:]]
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([])
    with tempfile.TemporaryDirectory() as tmp:
        win = _window(tmp, 1600, 1000)
        win.wait_shown()
        shots: list[tuple[Path, str | None, Path]] = []
        if not modules:
            win.open_path(KOENIG, ask_save=False)
            vmod = Path(tmp) / "arnhem-bridge.vmod"
            export_vassal(win, str(vmod), quiet=True)
            shots.append((vmod, None, out / "import-vassal-roundtrip.png"))
        shots += [(m, board, out / f"import-vassal-{m.stem}.png") for m, board in modules]
        for i, (vmod, board, target) in enumerate(shots):
            opened = import_vassal(win, str(vmod), str(Path(tmp) / f"imported-{i}"), board, quiet=True)
            if opened is None:
                print(f"{vmod}: not imported", file=sys.stderr)
                continue
            win.view.fit_map()
            _shoot(win, app, target)
        win.document.undo_stack.setClean()
        win.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
