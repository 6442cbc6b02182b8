"""Linework proposals in the editor: the Qt glue around engine/digitize/linework.py.

The engine reads rivers, canals and other hexside features, and roads, trails and railroads (path
links between adjacent hexes) from the scan under the grid, with the colour cast taken out, searched
across the predicted line, told apart by colour, width and dash. Here its `LineProposal`s (hexsides
named by printed labels) become `LineworkProposal`s on the map's hexsides for the one review queue
(`TerrainProposalDialog`), the work runs under a progress dialog with Cancel, and `linework_edit`
turns the accepted ones into the hexsides' new infos (proposals only add: what the map has is kept).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
from hexwright.engine.digitize import linework as engine_linework
from hexwright.engine.digitize.progress import Cancelled
from hexwright.engine.digitize.scan import Scan
from hexwright.engine.hexgrid import Hexside
from hexwright.engine.model.hexmap import HexMap, HexsideInfo
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget


@dataclass(frozen=True)
class LineworkProposal:
    hexside: Hexside
    kind: str  # "feature" (hexside feature) or "path"
    code: str
    cover: float  # the engine's confidence, 0..1
    present: bool  # the map already has it

    @property
    def changes(self) -> bool:
        return not self.present


def _progress_dialog(parent: QWidget | None, text: str) -> QProgressDialog | None:
    if not isinstance(QApplication.instance(), QApplication):
        return None
    dlg = QProgressDialog(text, "Cancel", 0, 100, parent)
    dlg.setWindowTitle("Linework from scan")
    dlg.setWindowModality(Qt.WindowModality.WindowModal)
    dlg.setMinimumDuration(400)
    return dlg


def propose_linework(hexmap: HexMap, scan: Scan | np.ndarray, transform=None, gains: np.ndarray | None = None, *,
                     taught: Mapping[str, str] | None = None, parent: QWidget | None = None
                     ) -> list[LineworkProposal]:
    """Hexside features and path links the scan shows (those the map has are marked `present`), read
    under a progress dialog; [] when the user cancels. `gains` is not used any more (the engine finds
    the cast itself) and is kept for callers that pass it."""
    del gains
    dlg = _progress_dialog(parent, "Reading rivers, roads and railroads from the scan…")

    def progress(done: int, total: int) -> bool:
        if dlg is None:
            return True
        dlg.setMaximum(max(total, 1))
        dlg.setValue(done)
        QApplication.processEvents()
        return not dlg.wasCanceled()

    try:
        found = engine_linework.propose_linework(hexmap, scan, transform, taught, progress=progress)
    except Cancelled:
        return []
    finally:
        if dlg is not None:
            dlg.close()
    out = []
    for p in found:
        side = engine_linework.parse_side_key(hexmap, p.key)
        info = hexmap.hexsides.get(side)
        if p.kind == "path":
            out.append(LineworkProposal(side, "path", p.feature, p.confidence,
                                        info is not None and p.feature in info.paths))
        else:
            out.append(LineworkProposal(side, "feature", p.feature, p.confidence,
                                        info is not None and p.feature in info.features))
    return out


def linework_edit(hexmap: HexMap, proposals: list[LineworkProposal]) -> dict[Hexside, HexsideInfo]:
    """The hexsides' new infos with the proposals added (features and paths only ever added)."""
    new: dict[Hexside, HexsideInfo] = {}
    for p in proposals:
        if p.present:
            continue
        info = new.get(p.hexside) or hexmap.hexsides.get(p.hexside) or HexsideInfo()
        if p.kind == "path":
            if p.code not in info.paths:
                info = HexsideInfo(info.features, info.bridge, tuple(sorted((*info.paths, p.code))), info.level)
        elif p.code not in info.features:
            info = HexsideInfo((*info.features, p.code), info.bridge, info.paths, info.level)
        new[p.hexside] = info
    return new
