"""File > Import > Tiled Map…: the designer confirms which terrain each tile of a hexagonal TMX map is.

Each tile used by the map is a row: its picture (cut from its tileset image, or its own picture in a
collection of images), its tileset and id, how many cells show it, a terrain choice (a terrain or an
in-hex feature of the terrain table, or "ignore") and what that choice was proposed from: the tile's
terrain property, class, name, class-typed properties or picture, matched through the words map makers
use (Forest -> Woods, Ocean -> Water; engine/formats/tmx_terrain.py). A tile left without a terrain
does not stop the import: its cells take the layers below, as the line under the table says. The
numbering of the new map is chosen below (XXYY or letter-number, first column and row). The mapping can
be saved as a small YAML file and loaded again, the same file `hexwright import --tiles` reads.
"""

from __future__ import annotations

from pathlib import Path

from hexwright.engine.formats.tmx import (
    IGNORE,
    TmxDocument,
    hex_size_of,
    labels_of,
    mapping_problems,
    propose_with_reasons,
    read_tile_mapping,
    save_tile_mapping,
    unmapped_tiles,
)
from hexwright.engine.formats.tmx_read import TmxError
from hexwright.engine.hexgrid import LabelScheme
from hexwright.engine.hexgrid.labels import ASL_LETTERS
from hexwright.engine.model.terrain import TerrainTable
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QIcon, QImage, QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

ICON = 48
UNSET = ""  # the combo's "choose a terrain" entry


def tile_picture(tile, size: int = ICON) -> QPixmap:
    """The tile's picture cut from its image, scaled to `size`; a swatch of its colour property, or an
    empty frame, when the image is missing."""
    pm = QPixmap()
    if tile.image and Path(tile.image).exists():
        img = QImage(tile.image)
        if not img.isNull():
            if tile.rect is not None:
                img = img.copy(*tile.rect)
            pm = QPixmap.fromImage(img)
    if pm.isNull():
        pm = QPixmap(size, size)
        pm.fill(QColor(tile.color) if tile.color else QColor("#e0e0e0"))
    return pm.scaled(size, size, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation)


class TilesMappingDialog(QDialog):
    """Confirm the tile mapping and the numbering; `mapping()` and `labels()` give the choices."""

    def __init__(self, doc: TmxDocument, table: TerrainTable, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc, self.table = doc, table
        self.setWindowTitle(f"Import Tiled Map: {doc.path.name}")
        g = doc.geometry
        read_notes = "".join(f" Note: {n[0].upper() + n[1:]}." for n in doc.notes)
        if hex_size_of(doc)[1] != 1.0:
            read_notes += (f" Tiled's tiles are not regular hexes ({g.tile_width} x {g.tile_height} px, side "
                           f"{g.side}): the map keeps their proportions.")
        intro = QLabel(f"{g.columns} x {g.rows} {'flat-top' if g.stagger_x else 'pointy-top'} hexes, stagger "
                       f"{'even' if g.stagger_even else 'odd'}. Review the terrain proposed for each tile; tiles "
                       "mapped to a feature add it to the hex; an ignored tile leaves the hex to the layers below."
                       + read_notes)
        intro.setWordWrap(True)
        self.table_widget = QTableWidget(len(doc.tiles), 5, self)
        self.table_widget.setHorizontalHeaderLabels(["Tile", "Tileset / id", "Cells", "Terrain", "Proposed from"])
        self.table_widget.verticalHeader().setVisible(False)
        self.table_widget.setIconSize(QSize(ICON, ICON))
        self.combos: dict[str, QComboBox] = {}
        proposal = propose_with_reasons(doc, table)
        self.proposal = proposal
        for row, (key, tile) in enumerate(sorted(doc.tiles.items(), key=lambda kv: (kv[1].tileset, kv[1].local_id))):
            picture = QTableWidgetItem()
            picture.setIcon(QIcon(tile_picture(tile)))
            picture.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.table_widget.setItem(row, 0, picture)
            name = QTableWidgetItem(f"{tile.tileset} / {tile.local_id}" + (f"  ({tile.hint})" if tile.hint else ""))
            name.setToolTip("\n".join(f"{where}: {text}" for where, text in tile.hints) or "no name, class or property")
            name.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.table_widget.setItem(row, 1, name)
            count = QTableWidgetItem(str(tile.count))
            count.setFlags(Qt.ItemFlag.ItemIsEnabled)
            count.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.table_widget.setItem(row, 2, count)
            combo = QComboBox(self)
            combo.addItem("(choose)", UNSET)
            for code, t in table.terrain.items():
                combo.addItem(_swatch(t.color), t.name, code)
            for code, f in table.features.items():
                combo.addItem(_swatch(f.color), f"{f.name} (feature)", code)
            combo.addItem("(ignore)", IGNORE)
            proposed, why = proposal.get(key, (None, ""))
            self._choose(combo, proposed)
            combo.currentIndexChanged.connect(self._update)
            self.combos[key] = combo
            self.table_widget.setCellWidget(row, 3, combo)
            reason = QTableWidgetItem(why or "nothing it says names a terrain")
            reason.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.table_widget.setItem(row, 4, reason)
            self.table_widget.setRowHeight(row, ICON + 6)
        self.table_widget.setColumnWidth(0, ICON + 12)
        self.table_widget.setColumnWidth(1, 220)
        self.table_widget.setColumnWidth(2, 60)
        self.table_widget.setColumnWidth(3, 170)
        self.table_widget.horizontalHeader().setStretchLastSection(True)

        self.scheme = QComboBox(self)
        self.scheme.addItem("XXYY (0101, 0102, …)", "xxyy")
        self.scheme.addItem("Letter-number (A1, A2, …)", "letter_number")
        self.first_column, self.first_row, self.digits = QSpinBox(self), QSpinBox(self), QSpinBox(self)
        for box, lo, hi, value in ((self.first_column, 0, 9999, 1), (self.first_row, 0, 9999, 1),
                                   (self.digits, 1, 6, max(2, len(str(max(g.columns, g.rows)))))):
            box.setRange(lo, hi)
            box.setValue(value)
        kept = labels_of(doc)  # a Hexwright export keeps its numbering: its hex number objects say it
        self.letters = kept.letters if kept else ASL_LETTERS
        if kept is not None:
            self.scheme.setCurrentIndex(max(0, self.scheme.findData(kept.kind)))
            self.first_column.setValue(kept.first_column)
            self.first_row.setValue(kept.first_row)
            self.digits.setValue(kept.digits)
        self.scheme.currentIndexChanged.connect(self._update)
        self.digits.valueChanged.connect(self._update)
        self.first_column.valueChanged.connect(self._update)
        self.first_row.valueChanged.connect(self._update)
        form = QFormLayout()
        form.addRow("Hex numbering", self.scheme)
        form.addRow("First column", self.first_column)
        form.addRow("First row", self.first_row)
        form.addRow("Digits per part", self.digits)
        self.preview = QLabel(self)

        load, save = QPushButton("Load Mapping…", self), QPushButton("Save Mapping…", self)
        load.clicked.connect(self.load_mapping)
        save.clicked.connect(self.save_mapping)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Import")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        files = QHBoxLayout()
        files.addWidget(load)
        files.addWidget(save)
        files.addStretch(1)
        lay = QVBoxLayout(self)
        lay.addWidget(intro)
        lay.addWidget(self.table_widget, 1)
        lay.addLayout(files)
        lay.addLayout(form)
        lay.addWidget(self.preview)
        lay.addWidget(self.status)
        lay.addWidget(self.buttons)
        self.resize(820, 600)
        self._update()

    @staticmethod
    def _choose(combo: QComboBox, code: str | None) -> None:
        i = combo.findData(code if code else UNSET)
        combo.setCurrentIndex(i if i >= 0 else 0)

    def mapping(self) -> dict[str, str | None]:
        return {k: (c.currentData() or None) for k, c in self.combos.items()}

    def labels(self) -> LabelScheme:
        return LabelScheme(self.scheme.currentData(), self.first_column.value(), self.first_row.value(),
                           self.digits.value(), self.letters)

    def problems(self) -> list[str]:
        out = mapping_problems(self.doc, self.mapping(), self.table)
        try:
            lab = self.labels()
            g = self.doc.geometry
            lab.label(g.columns - 1, g.rows - 1)
        except ValueError as exc:
            out.append(f"numbering: {exc}")
        return out

    def _update(self) -> None:
        problems = self.problems()
        ok = not problems
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)
        if problems:
            self.status.setText(f"{len(problems)} to fix: " + "; ".join(problems[:3]) + ("; …" if len(problems) > 3
                                                                                        else ""))
            self.status.setStyleSheet("color: #a02020")
        else:
            left = unmapped_tiles(self.doc, self.mapping())
            cells = sum(self.doc.tiles[k].count for k in left)
            self.status.setText(f"{len(left)} tile{'s' if len(left) != 1 else ''} without a terrain ("
                                f"{', '.join(left[:4])}{', …' if len(left) > 4 else ''}): {cells} cells will take the "
                                "layers below or the default terrain." if left else "Every tile has a terrain.")
            self.status.setStyleSheet("color: #8a5a00" if left else "")
        self.digits.setEnabled(self.scheme.currentData() == "xxyy")
        try:
            lab = self.labels()
            g = self.doc.geometry
            self.preview.setText(f"First hex {lab.label(0, 0)}, last hex {lab.label(g.columns - 1, g.rows - 1)}")
        except ValueError:
            self.preview.setText("")

    def load_mapping(self, path: str | None = None) -> bool:
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, "Load Tile Mapping", str(self.doc.path.parent),
                                                  "Tile mappings (*.yaml *.yml)")
            if not path:
                return False
        try:
            given = read_tile_mapping(path)
        except TmxError as exc:
            QMessageBox.warning(self, "Load Tile Mapping", str(exc))
            return False
        unknown = []
        for key, code in given.items():
            if key in self.combos:
                if code not in (IGNORE, "?") and self.combos[key].findData(code) < 0:
                    unknown.append(f"tile {key}: {code!r} is neither a terrain nor a feature of the terrain table "
                                   f"{self.table.name!r}")
                    continue
                self._choose(self.combos[key], None if code == "?" else code)
        self._update()
        if unknown:
            QMessageBox.warning(self, "Load Tile Mapping", "These tiles keep their choice:\n" + "\n".join(unknown))
        return True

    def save_mapping(self, path: str | None = None) -> bool:
        if path is None:
            default = self.doc.path.with_suffix(".tiles.yaml")
            path, _ = QFileDialog.getSaveFileName(self, "Save Tile Mapping", str(default),
                                                  "Tile mappings (*.yaml *.yml)")
            if not path:
                return False
        chosen = self.mapping()
        why = {k: "proposed from the " + reason for k, (code, reason) in self.proposal.items()
               if reason and chosen.get(k) == code}
        save_tile_mapping(path, {k: v if v else "?" for k, v in chosen.items()}, why)
        return True


def _swatch(color: str) -> QIcon:
    pm = QPixmap(14, 14)
    pm.fill(QColor(color))
    return QIcon(pm)
