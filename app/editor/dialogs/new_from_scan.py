"""File > New Hex Map from Scan…: a new hex map started from a scanned printed map. The scan first; then how
its hexes are laid out and numbered (flat or pointy, stagger, XXYY or letter-number, the first column
and row: sane defaults); then the grid is fitted by clicking hex centres (the fit dialog of
app/editor/digitize.py, refined from the printed hex lines), and the columns and rows are counted from
the fitted grid: the hexes whose centres fall on the scan. The result is a new map document whose
underlay is the scan, set by an undoable edit.

While fitting, the map is a provisional grid large enough for any label the designer types
(PROVISIONAL columns and rows from the first ones); the final map keeps the printed numbering and
is fitted again from the same clicks by their labels."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from hexwright.engine.digitize.gridfit import refine_fit
from hexwright.engine.digitize.scan import Scan
from hexwright.engine.hexgrid import LabelScheme
from hexwright.engine.hexgrid.fit import GridFit, fit_grid
from hexwright.engine.model.hexmap import GridSpec, HexMap, Underlay
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

PROVISIONAL = 70  # columns and rows of the grid clicked on before the map's size is known
PRINTED_SIDES = 4  # a hex with this many of its 6 sides found on the scan is part of the printed board


@dataclass(frozen=True)
class GridChoice:
    orientation: str = "flat"
    stagger: str = "odd"
    labels: str = "xxyy"  # or "letter_number"
    first_column: int = 1
    first_row: int = 1

    def provisional_map(self) -> HexMap:
        """A grid larger than any board, numbered as chosen, to click the scan's hexes on."""
        scheme = LabelScheme(kind=self.labels, first_column=self.first_column, first_row=self.first_row)
        cols = min(PROVISIONAL, 100 - self.first_column) if self.labels == "xxyy" else PROVISIONAL
        rows = min(PROVISIONAL, 100 - self.first_row) if self.labels == "xxyy" else PROVISIONAL
        return HexMap(GridSpec(columns=max(cols, 1), rows=max(rows, 1), orientation=self.orientation,
                               stagger=self.stagger, labels=scheme), name="provisional")


def count_grid(hexmap: HexMap, fit: GridFit, width: int, height: int) -> tuple[int, int, int, int]:
    """(first column offset, first row offset, columns, rows) of the hexes of `hexmap` whose centres
    `fit` puts on a scan of `width` x `height` pixels, and, when the fit was refined from the printed
    hex lines, that are printed (most of their sides found: the paper around a board is not counted).
    ValueError when none is."""
    lay = hexmap.layout()
    centres = fit.scene_to_image(lay.hexes_to_pixels(np.array(hexmap.hexes, dtype=float)))
    inside = (centres[:, 0] >= 0) & (centres[:, 1] >= 0) & (centres[:, 0] < width) & (centres[:, 1] < height)
    if fit.sides_found is not None and len(fit.sides_found) == len(hexmap.hexes):
        printed = inside & (np.array(fit.sides_found) >= PRINTED_SIDES)
        if printed.sum() >= 3:
            inside = printed
    if not inside.any():
        raise ValueError("no hex of the fitted grid has its centre on the scan")
    off = hexmap.grid.offset
    cr = np.array([off.from_hex(h) for h, ok in zip(hexmap.hexes, inside, strict=True) if ok])
    c0, r0 = (int(v) for v in cr.min(axis=0))
    c1, r1 = (int(v) for v in cr.max(axis=0))
    return c0, r0, c1 - c0 + 1, r1 - r0 + 1


def map_from_fit(provisional: HexMap, fit: GridFit, scan: Scan, name: str = "",
                 refine: bool = True) -> tuple[HexMap, GridFit]:
    """The new map: the provisional grid cut to the hexes on the scan, numbered as printed, and its fit
    (from the same clicks, by label; refined again when asked). The underlay is left to the caller."""
    if refine and not fit.refined:
        fit = refine_fit(scan, provisional, fit)
    c0, r0, columns, rows = count_grid(provisional, fit, scan.width, scan.height)
    g = provisional.grid
    stagger = g.stagger
    shift = c0 if g.orientation == "flat" else r0
    if shift % 2:  # the first hex of the new grid is a shifted one: keep the printed layout
        stagger = "even" if stagger == "odd" else "odd"
    labels = LabelScheme(kind=g.labels.kind, first_column=g.labels.first_column + c0,
                         first_row=g.labels.first_row + r0, digits=g.labels.digits, letters=g.labels.letters)
    new = HexMap(GridSpec(columns=columns, rows=rows, orientation=g.orientation, stagger=stagger, labels=labels,
                          hex_size=g.hex_size), provisional.terrain_table, name=name)
    pairs = []
    for h, xy in zip(fit.hexes, fit.points_px, strict=True):
        found = new.hex_at(provisional.label(h))
        if found is not None:
            pairs.append((found, xy))
    if len(pairs) < 3:
        raise ValueError("fewer than 3 of the clicked hexes are on the scan; click hexes inside the board")
    new_fit = fit_grid(pairs, new.layout())
    if refine:
        new_fit = refine_fit(scan, new, new_fit)
    return new, new_fit


class GridChoiceDialog(QDialog):
    """How the scan's hexes are laid out and numbered."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New map from scan: the grid")
        form = QFormLayout(self)
        form.addRow(QLabel("How are the hexes of the printed map laid out and numbered? Next you click a few "
                           "hex centres; the columns and rows are counted from the fitted grid."))
        self.orientation = QComboBox()
        self.orientation.addItems(["flat", "pointy"])
        self.stagger = QComboBox()
        self.stagger.addItems(["odd", "even"])
        self.stagger.setToolTip("which columns (rows for pointy hexes) sit half a hex lower, counted from 0")
        self.labels = QComboBox()
        self.labels.addItem("XXYY (0101, 0102, ...)", "xxyy")
        self.labels.addItem("letter-number (A1, A2, ... as ASL)", "letter_number")
        self.first_column = QSpinBox()
        self.first_column.setRange(0, 99)
        self.first_column.setValue(1)
        self.first_row = QSpinBox()
        self.first_row.setRange(0, 99)
        self.first_row.setValue(1)
        form.addRow("Hexes", self.orientation)
        form.addRow("Stagger", self.stagger)
        form.addRow("Numbering", self.labels)
        form.addRow("First column", self.first_column)
        form.addRow("First row", self.first_row)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def choice(self) -> GridChoice:
        return GridChoice(self.orientation.currentText(), self.stagger.currentText(), str(self.labels.currentData()),
                          self.first_column.value(), self.first_row.value())


def document_from_scan(parent: QWidget, last_dir: str, scan_path: str | None = None) -> Any | None:
    """File > New Hex Map from Scan…: the dialogs (the scan, the grid's layout, the fit), then the new
    map's document (a MapDocument) with the scan underlaid by an undoable edit; None when cancelled.
    Which window shows it is the caller's (app/editor/window_files.py)."""
    from PySide6.QtWidgets import QMessageBox

    from ..commands import SetUnderlay
    from ..digitize import SCAN_FILTER, FitGridDialog
    from ..document import MapDocument

    if not scan_path:
        scan_path, _ = QFileDialog.getOpenFileName(parent, "New map from a scan", last_dir, SCAN_FILTER)
        if not scan_path:
            return None
    choice_dlg = GridChoiceDialog(parent)
    if choice_dlg.exec() != QDialog.DialogCode.Accepted:
        return None
    provisional = choice_dlg.choice().provisional_map()
    fit_dlg = FitGridDialog(provisional, scan_path, parent)
    if fit_dlg.exec() != QDialog.DialogCode.Accepted or fit_dlg.fit is None or fit_dlg.scan is None:
        return None
    try:
        hexmap, fit = map_from_fit(provisional, fit_dlg.fit, fit_dlg.scan, Path(scan_path).stem,
                                   refine=fit_dlg.refine_box.isChecked())
    except ValueError as exc:
        QMessageBox.warning(parent, "New map from scan", str(exc))
        return None
    doc = MapDocument(hexmap)
    underlay = Underlay(str(Path(scan_path).resolve()), fit.transform, fit_dlg.opacity.value() / 100.0, True)
    doc.push(SetUnderlay(hexmap, underlay, "Underlay the scan"))
    return doc
