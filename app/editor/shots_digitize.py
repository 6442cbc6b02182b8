"""The digitizing screenshots for docs/screenshots (run from the repository root, under Xvfb for the
real window look):

    xvfb-run -a -s "-screen 0 1600x1000x24" env QT_QPA_PLATFORM=xcb \\
        python -m hexwright.app.editor.shots_digitize docs/screenshots

The scan is the one of `python -m benchmarks --only digitize` (the F&M Arnhem corridor map printed
and scanned, yellowed), under a blank map with the F&M terrain table and the scan's grid.
digitize-review.png: the review queue, terrain and linework rows, as it opens;
digitize-accepted.png: the editor after OK, the proposals laid over the scan (underlay at 40 %).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from hexwright.app.render.settle import settle
from PySide6.QtCore import QSettings
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from .hex_kind import HexKindEditor
from .window import EditorWindow

ROOT = Path(__file__).resolve().parents[2]
FM_MAP = ROOT / "scenarios" / "fm-arnhem" / "arnhem-corridor.map.yaml"


def main(argv: list[str] | None = None) -> int:
    sys.path.insert(0, str(ROOT))
    from hexwright.engine.formats import read_map_file
    from hexwright.engine.model.hexmap import HexMap, Underlay

    from benchmarks.digitize import printed_scan

    from .document import MapDocument
    from .sampling import TerrainProposalDialog, apply_scan_proposals

    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else "docs/screenshots")
    app = QApplication.instance() or QApplication([])
    tmp = Path(tempfile.mkdtemp())
    truth = read_map_file(FM_MAP)
    assert truth is not None
    scan, transform = printed_scan(truth, cast=(0.98, 0.95, 0.86))
    image = QImage(scan.data, scan.shape[1], scan.shape[0], scan.shape[1] * 3, QImage.Format.Format_RGB888).copy()
    image.save(str(tmp / "corridor-scan.png"))
    blank = HexMap(truth.grid, truth.terrain_table, "mixed", name="Arnhem corridor (digitizing)")
    blank.set_underlay(Underlay(str(tmp / "corridor-scan.png"), transform, 0.4))
    settings = QSettings(str(tmp / "settings.ini"), QSettings.Format.IniFormat)
    win = EditorWindow(settings=settings, offer_recovery=False)
    win.move(0, 0)
    win.resize(1600, 1000)
    win.show()
    win.set_document(MapDocument(blank))
    settle(app)
    dlg = TerrainProposalDialog(win.document.map, win, image=image)
    dlg.resize(640, 520)
    dlg.show()
    settle(app)
    out.mkdir(parents=True, exist_ok=True)
    dlg.grab().save(str(out / "digitize-review.png"))
    apply_scan_proposals(win.document, dlg)
    dlg.close()
    hexes = win.kind_editor
    assert isinstance(hexes, HexKindEditor)
    hexes.view.zoom_actual()
    centre = blank.hex_at("0609")
    assert centre is not None
    hexes.view.centre_on_hex(centre)
    settle(app, 2.0)
    win.grab().save(str(out / "digitize-accepted.png"))
    win.document.undo_stack.setClean()
    win.close()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
