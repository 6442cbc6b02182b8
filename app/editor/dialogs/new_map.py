"""New map: size, flat or pointy hexes, stagger, hex size, numbering (XXYY with its first column and
row and digits, or letter-number with ASL or spreadsheet letters) and the terrain table (the
generic default, or copied from an existing map or scenario file)."""

from __future__ import annotations

import copy
from pathlib import Path

from hexwright.engine.hexgrid import LabelError, LabelScheme
from hexwright.engine.hexgrid.labels import ASL_LETTERS, SPREADSHEET_LETTERS
from hexwright.engine.model.bounds import MAX_HEXES
from hexwright.engine.model.hexmap import GridSpec, HexMap
from hexwright.engine.model.terrain import TerrainTable, default_terrain_table
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QWidget,
)


def shipped_maps() -> list[Path]:
    """The map files of the scenarios shipped with Hexwright (their terrain tables are the games')."""
    root = Path(__file__).resolve().parents[3] / "scenarios"
    if not root.is_dir():
        return []
    out = []
    for p in sorted(root.glob("*/*.yaml")):
        try:
            head = p.read_text(encoding="utf-8")[:400]
        except (OSError, UnicodeDecodeError):
            continue
        if "kind: hexwright-map" in head:
            out.append(p)
    return out


def terrain_table_from_file(path: str | Path) -> tuple[TerrainTable | None, str]:
    """The terrain table of a map or scenario file, or None and why not."""
    from ..document import MapDocument

    doc, diags = MapDocument.open(path)
    if doc is None:
        first = next((d.format() for d in diags), "unknown error")
        return None, f"cannot read {path}: {first}"
    return copy.deepcopy(doc.map.terrain_table), ""


class NewMapDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, start_dir: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle("New map")
        self.start_dir = start_dir
        self.hex_aspect = 1.0  # regular hexes; Map properties keeps a map's own (a Tiled map's proportions)
        self.table: TerrainTable | None = None
        form = QFormLayout(self)
        self.name = QLineEdit("New map")
        form.addRow("Name", self.name)
        self.columns = QSpinBox()
        self.columns.setRange(1, 999)
        self.columns.setValue(30)
        self.rows = QSpinBox()
        self.rows.setRange(1, 999)
        self.rows.setValue(20)
        size = QHBoxLayout()
        size.addWidget(self.columns)
        size.addWidget(QLabel("columns ×"))
        size.addWidget(self.rows)
        size.addWidget(QLabel("rows"))
        form.addRow("Size", size)
        self.orientation = QComboBox()
        self.orientation.addItem("Flat-topped hexes (columns staggered)", "flat")
        self.orientation.addItem("Pointy-topped hexes (rows staggered)", "pointy")
        form.addRow("Hexes", self.orientation)
        self.stagger = QComboBox()
        self.stagger.addItem("Odd columns/rows shifted", "odd")
        self.stagger.addItem("Even columns/rows shifted", "even")
        form.addRow("Stagger", self.stagger)
        self.hex_size = QDoubleSpinBox()
        self.hex_size.setRange(4.0, 512.0)
        self.hex_size.setValue(32.0)
        self.hex_size.setSuffix(" px (centre to corner)")
        form.addRow("Hex size", self.hex_size)
        self.scheme = QComboBox()
        self.scheme.addItem("XXYY (column then row: 0103)", "xxyy")
        self.scheme.addItem("Letter-number (ASL style: R15)", "letter_number")
        form.addRow("Numbering", self.scheme)
        self.first_column = QSpinBox()
        self.first_column.setRange(0, 99)
        self.first_column.setValue(1)
        self.first_row = QSpinBox()
        self.first_row.setRange(0, 99)
        self.first_row.setValue(1)
        firsts = QHBoxLayout()
        firsts.addWidget(QLabel("first column"))
        firsts.addWidget(self.first_column)
        firsts.addWidget(QLabel("first row"))
        firsts.addWidget(self.first_row)
        form.addRow("", firsts)
        self.digits = QSpinBox()
        self.digits.setRange(1, 4)
        self.digits.setValue(2)
        form.addRow("Digits per part (XXYY)", self.digits)
        self.letters = QComboBox()
        self.letters.addItem("ASL: A..Z, AA, BB, ...", ASL_LETTERS)
        self.letters.addItem("Spreadsheet: A..Z, AA, AB, ...", SPREADSHEET_LETTERS)
        form.addRow("Letters", self.letters)
        self.table_label = QLabel("Generic default table")
        choose = QPushButton("Copy from a map or scenario…")
        choose.clicked.connect(self.choose_table)
        default = QPushButton("Default")
        default.clicked.connect(self.use_default_table)
        trow = QHBoxLayout()
        trow.addWidget(self.table_label, 1)
        trow.addWidget(choose)
        trow.addWidget(default)
        form.addRow("Terrain table", trow)
        self.shipped = QComboBox()
        self.shipped.addItem("(a game's table)", None)
        for p in shipped_maps():
            self.shipped.addItem(f"{p.parent.name}: {p.name}", str(p))
        self.shipped.activated.connect(self._shipped_chosen)
        self.shipped.setEnabled(self.shipped.count() > 1)
        form.addRow("", self.shipped)
        self.scheme.currentIndexChanged.connect(self._scheme_changed)
        self.columns.valueChanged.connect(self._auto_digits)
        self.rows.valueChanged.connect(self._auto_digits)
        self._scheme_changed()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def _scheme_changed(self) -> None:
        xxyy = self.scheme.currentData() == "xxyy"
        self.digits.setEnabled(xxyy)
        self.letters.setEnabled(not xxyy)

    def _auto_digits(self) -> None:
        need = len(str(max(self.columns.value(), self.rows.value()) + max(self.first_column.value(),
                                                                           self.first_row.value())))
        if need > self.digits.value():
            self.digits.setValue(need)

    def choose_table(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Copy the terrain table from", self.start_dir,
                                              "Hexwright files (*.yaml *.yml);;All files (*)")
        if path:
            self.load_table(path)

    def load_table(self, path: str | Path) -> bool:
        table, why = terrain_table_from_file(path)
        if table is None:
            QMessageBox.warning(self, "Terrain table", why)
            return False
        self.table = table
        self.table_label.setText(f"{table.name} (from {Path(path).name})")
        return True

    def _shipped_chosen(self, index: int) -> None:
        path = self.shipped.itemData(index)
        if path:
            self.load_table(path)

    def use_default_table(self) -> None:
        self.table = None
        self.table_label.setText("Generic default table")

    def grid(self) -> GridSpec:
        labels = LabelScheme(self.scheme.currentData(), self.first_column.value(), self.first_row.value(),
                             self.digits.value(), self.letters.currentData())
        return GridSpec(self.columns.value(), self.rows.value(), self.orientation.currentData(),
                        self.stagger.currentData(), labels, self.hex_size.value(), self.hex_aspect)

    def accept(self) -> None:
        g = self.grid()
        if g.columns * g.rows > MAX_HEXES:  # the file could not be opened again
            QMessageBox.warning(self, "Size", f"{g.columns} x {g.rows} = {g.columns * g.rows:,} hexes is more than a "
                                f"map may have ({MAX_HEXES:,}).")
            return
        try:  # the last hex must have a label in this numbering
            g.labels.label(g.columns - 1, g.rows - 1)
        except LabelError as exc:
            QMessageBox.warning(self, "Numbering", f"{exc}. Use more digits or another numbering.")
            return
        super().accept()

    def build_map(self) -> HexMap:
        table = copy.deepcopy(self.table) if self.table is not None else default_terrain_table()
        return HexMap(self.grid(), table, name=self.name.text().strip())


class MapPropertiesDialog(NewMapDialog):
    """Resize / properties of an existing map: the new-map form filled in from the map, without the
    terrain table (it stays the map's own)."""

    def __init__(self, hexmap: HexMap, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Map properties")
        g = hexmap.grid
        self.name.setText(hexmap.name)
        self.columns.setValue(g.columns)
        self.rows.setValue(g.rows)
        self.orientation.setCurrentIndex(self.orientation.findData(g.orientation))
        self.stagger.setCurrentIndex(self.stagger.findData(g.stagger))
        self.hex_size.setValue(g.hex_size)
        self.hex_aspect = g.hex_aspect
        self.scheme.setCurrentIndex(self.scheme.findData(g.labels.kind))
        self.first_column.setValue(g.labels.first_column)
        self.first_row.setValue(g.labels.first_row)
        self.digits.setValue(g.labels.digits)
        self.letters.setCurrentIndex(self.letters.findData(g.labels.letters))
        self.table_label.setText(f"{hexmap.terrain_table.name} (the map's own)")
        for w in self.findChildren(QPushButton):
            w.setEnabled(False)
        # changing orientation or stagger would move every hex: only size and numbering change here
        self.orientation.setEnabled(False)
        self.stagger.setEnabled(False)
