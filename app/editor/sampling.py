"""Terrain from the scan, in the editor: the review dialog over `hexwright.engine.digitize.terrain`.

The proposal itself (colour and texture figures per hex, teaching by example, calibrated confidence,
the untaught reading against the terrain table with the colour cast taken out) is Qt-free and lives
in engine/digitize/terrain.py, shared with the headless `hexwright digitize`. This module adds what
needs Qt: reading a QImage, measuring the ink of Hexwright's own printed patterns on a rendered hex,
and `TerrainProposalDialog`, the review queue where the designer teaches hexes ("Teach next: 1203,
0807 ..." names the hexes whose answer helps most), filters by confidence and accepts per terrain;
rivers and roads proposed from the same scan (app/editor/linework_scan.py) join the same queue.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from hexwright.engine.digitize import terrain as engine_terrain
from hexwright.engine.digitize.scan import Scan
from hexwright.engine.digitize.terrain import (
    Cancelled,
    HexProposal,
    colour_cast,
    describe_points,
    hex_colors,
    hex_descriptors,
    linework_colors,
    next_to_ask,
    sample_offsets,
    srgb_to_lab,
)
from hexwright.engine.hexgrid import Hex
from hexwright.engine.model.hexmap import HexMap
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QImage
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressDialog,
    QPushButton,
    QSlider,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

__all__ = [  # the engine's names the linework proposal, the benchmarks and the tests reach through here
    "Cancelled", "HexProposal", "Proposal", "TerrainProposalDialog", "apply_scan_proposals", "colour_cast",
    "describe_points", "hex_colors", "hex_descriptors", "image_to_array", "linework_colors", "next_to_ask",
    "printed_ink", "propose_terrain", "sample_offsets", "srgb_to_lab",
]

DEFAULT_THRESHOLD = 0.5
TEACH_NEXT = 5  # how many hexes "Teach next" names


@dataclass(frozen=True)
class Proposal:
    hex: Hex
    terrain: str
    confidence: float  # 0..1
    current: str  # the terrain the hex has now
    proposed: bool = False  # sure enough to apply without review (calibrated on the taught hexes)

    @property
    def changes(self) -> bool:
        return self.terrain != self.current


def image_to_array(image: QImage) -> np.ndarray:
    """An (h, w, 3) uint8 RGB copy of a QImage."""
    img = image.convertToFormat(QImage.Format.Format_RGB888)
    h, w, bpl = img.height(), img.width(), img.bytesPerLine()
    buf = np.frombuffer(img.constBits(), dtype=np.uint8, count=bpl * h).reshape(h, bpl)
    return buf[:, : w * 3].reshape(h, w, 3).copy()


def _hex_rgb(color: str) -> tuple[int, int, int]:
    q = QColor(color)
    return (q.red(), q.green(), q.blue())


_PRINTED_INK: dict[tuple[str, str | None], float] = {}


def printed_ink(hexmap: HexMap, code: str) -> float:
    """The ink share of a hex of terrain `code` as Hexwright prints it (its pattern: woods symbols,
    town and city building blocks), measured on a rendered hex with the same sample points."""
    tt = hexmap.terrain_table.terrain[code]
    key = (tt.color, tt.pattern)
    if key not in _PRINTED_INK:
        if not tt.pattern:
            _PRINTED_INK[key] = 0.0
        else:
            from hexwright.app.render.export import render_to_image
            from hexwright.app.render.mapdraw import RenderOptions
            from hexwright.engine.model.hexmap import GridSpec

            swatch = HexMap(GridSpec(3, 3, hexmap.grid.orientation, hexmap.grid.stagger, hex_size=32.0),
                            hexmap.terrain_table, code)
            opts = RenderOptions(grid=False, hex_numbers=False, places=False, frame=False, hexsides=False,
                                 paths=False)
            arr = image_to_array(render_to_image(swatch, 1.0, opts))
            centre = swatch.grid.offset.to_hex(1, 1)
            colours, _ = engine_terrain.scan_points(swatch, arr, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), [centre])
            _bg, ink = describe_points(colours)
            _PRINTED_INK[key] = float(np.nan_to_num(ink[0]))
    return _PRINTED_INK[key]


def propose_terrain(hexmap: HexMap, scan: Scan | np.ndarray | QImage, transform=None,
                    examples: Mapping[Hex, str] | None = None, gains: np.ndarray | None = None,
                    progress: Callable[[int, int], bool] | None = None) -> list[Proposal]:
    """A terrain proposal for every hex the scan covers (engine/digitize/terrain.py), with each hex's
    current terrain for the review. `gains`: the colour cast to take out (found when not given)."""
    if isinstance(scan, QImage):
        scan = image_to_array(scan)
    found = engine_terrain.propose_terrain(hexmap, scan, transform, examples, progress=progress,
                                           ink_of=lambda code: printed_ink(hexmap, code), gains=gains)
    return [Proposal(p.hex, p.terrain, p.confidence, hexmap.terrain_at(p.hex), p.proposed) for p in found]


def _underlay_path(hexmap: HexMap, base_dir: Path | None) -> Path:
    if hexmap.underlay is None:
        raise ValueError("the map has no underlay to sample; load a scan and fit the grid first")
    from hexwright.engine.model.scan_path import resolve_scan

    p = resolve_scan(hexmap.underlay.image, base_dir)
    if p is None:
        raise ValueError(f"the scanned underlay {hexmap.underlay.image!r} is missing; load it again "
                         "(Map > Load Scan Underlay)")
    return p


def open_underlay_scan(hexmap: HexMap, base_dir: Path | None = None) -> Scan:
    """The underlay's pixels for proposing: a large scan is read through its tiled pyramid
    (engine/digitize/scan.py), so memory stays bounded well below the decoded image."""
    return Scan.open(_underlay_path(hexmap, base_dir))


class TerrainProposalDialog(QDialog):
    """The review queue of what the scan proposes: terrain per hex, and rivers, canals, roads,
    railroads and trails (app/editor/linework_scan.py). Per terrain or per line code accept or
    reject, a confidence filter ("Only sure proposals": the calibrated ones), example hexes that
    teach the map's look with "Teach next" naming the hexes whose answer helps most, and how many
    hexes and hexsides would change. Proposing runs under a cancellable progress bar. Accepting is
    one undo step (the window pushes it)."""

    def __init__(self, hexmap: HexMap, parent: QWidget | None = None, image: QImage | None = None,
                 base_dir: Path | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Terrain from scan")
        self.hexmap = hexmap
        self.examples: dict[Hex, str] = {}
        self.error: str | None = None
        self.scan: Scan | None = None
        try:
            self.scan = Scan(image_to_array(image)) if image is not None else open_underlay_scan(hexmap, base_dir)
        except ValueError as exc:
            self.error = str(exc)
        self.proposals: list[Proposal] = []
        self.accepted_terrain: set[str] = set(hexmap.terrain_table.terrain)
        self.linework: list = []  # LineworkProposal
        t = hexmap.terrain_table
        self.line_codes: list[tuple[str, str]] = [("feature", c) for c in t.hexside_features] + [
            ("path", c) for c in t.paths]
        self.accepted_lines: set[tuple[str, str]] = set(self.line_codes)
        self._build()
        self.recompute()
        if self.scan is not None and hexmap.underlay is not None:
            from .linework_scan import propose_linework

            self.linework = propose_linework(hexmap, self.scan, hexmap.underlay.transform)
            self._fill()

    def _build(self) -> None:
        self.threshold = QSlider(Qt.Orientation.Horizontal)
        self.threshold.setRange(0, 100)
        self.threshold.setValue(int(DEFAULT_THRESHOLD * 100))
        self.threshold.valueChanged.connect(self._fill)
        self.threshold_label = QLabel()
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(["Terrain, hexside or path", "Proposed", "Would change", "Examples"])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.itemChanged.connect(self._check_changed)
        self.example_label = QLineEdit()
        self.example_label.setPlaceholderText("hex label")
        self.example_terrain = QComboBox()
        self.example_terrain.addItems(list(self.hexmap.terrain_table.terrain))
        teach = QPushButton("This hex is ...")
        teach.clicked.connect(self._teach_from_fields)
        self.teach_next = QLabel()
        self.teach_next.setTextFormat(Qt.TextFormat.RichText)
        self.teach_next.setToolTip("The hexes Hexwright is least sure of: click one, pick its terrain, "
                                   "press \"This hex is ...\"")
        self.teach_next.linkActivated.connect(self._pick_next)
        self.sure_only = QCheckBox("Only sure proposals")
        self.sure_only.setToolTip("Apply only the proposals whose confidence is calibrated as sure on the "
                                  "taught hexes; the rest stay for review")
        self.sure_only.toggled.connect(self._fill)
        self.summary = QLabel()
        self.message = QLabel(self.error or "")
        self.message.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(QLabel("Minimum confidence"))
        row.addWidget(self.threshold)
        row.addWidget(self.threshold_label)
        row.addWidget(self.sure_only)
        lay.addLayout(row)
        lay.addWidget(self.table)
        row2 = QHBoxLayout()
        row2.addWidget(QLabel("Teach:"))
        row2.addWidget(self.example_label)
        row2.addWidget(teach)
        row2.addWidget(self.example_terrain)
        lay.addLayout(row2)
        lay.addWidget(self.teach_next)
        lay.addWidget(self.summary)
        lay.addWidget(self.message)
        lay.addWidget(self.buttons)
        self.resize(560, 480)

    # -- model ---------------------------------------------------------------------------------
    def teach(self, h: Hex | str, terrain: str) -> None:
        """Name an example hex: its scan colour becomes a reference for `terrain`."""
        if isinstance(h, str):
            found = self.hexmap.hex_at(h.strip())
            if found is None:
                raise ValueError(f"{h!r} is not a hex label of this map")
            h = found
        if terrain not in self.hexmap.terrain_table.terrain:
            raise ValueError(f"{terrain!r} is not a terrain of this map's table")
        self.examples[h] = terrain
        self.recompute()

    def _teach_from_fields(self) -> None:
        try:
            self.teach(self.example_label.text(), self.example_terrain.currentText())
        except ValueError as exc:
            self.message.setText(str(exc))

    def recompute(self) -> None:
        """Propose every hex's terrain again (after teaching), with a progress bar that can cancel;
        a cancelled run keeps the proposals there were."""
        if self.scan is not None and self.hexmap.underlay is not None:
            progress = QProgressDialog("Reading the scan under each hex ...", "Cancel", 0, 100, self)
            progress.setWindowTitle("Terrain from scan")
            progress.setWindowModality(Qt.WindowModality.WindowModal)
            progress.setMinimumDuration(400)

            def step(done: int, total: int) -> bool:
                progress.setMaximum(max(1, total))
                progress.setValue(done)
                QApplication.processEvents()
                return not progress.wasCanceled()

            try:
                self.proposals = propose_terrain(self.hexmap, self.scan, self.hexmap.underlay.transform,
                                                 self.examples, progress=step)
                self.message.setText("")
            except Cancelled:
                self.message.setText("Cancelled: the proposals shown are the previous ones.")
            except ValueError as exc:
                self.error = str(exc)
                self.message.setText(self.error)
                self.proposals = []
            finally:
                progress.close()
        elif self.error is None:
            self.error = "the map has no underlay to sample"
            self.message.setText(self.error)
        self._fill()

    def next_hexes(self) -> list[Hex]:
        """The hexes whose answer would help most (engine `next_to_ask`)."""
        found = [HexProposal(p.hex, p.terrain, p.confidence, p.proposed) for p in self.proposals
                 if p.hex not in self.examples]
        return next_to_ask(found, TEACH_NEXT)

    def _pick_next(self, label: str) -> None:
        self.example_label.setText(label)
        p = next((p for p in self.proposals if self.hexmap.label(p.hex) == label), None)
        if p is not None:
            self.example_terrain.setCurrentText(p.terrain)
        self.example_label.setFocus()

    def set_threshold(self, value: float) -> None:
        self.threshold.setValue(int(round(value * 100)))

    def set_terrain_accepted(self, code: str, accepted: bool) -> None:
        if accepted:
            self.accepted_terrain.add(code)
        else:
            self.accepted_terrain.discard(code)
        self._fill()

    def set_line_accepted(self, kind: str, code: str, accepted: bool) -> None:
        if accepted:
            self.accepted_lines.add((kind, code))
        else:
            self.accepted_lines.discard((kind, code))
        self._fill()

    def accepted_linework(self) -> dict:
        """Hexsides with the features and path links the designer accepts added: {Hexside: HexsideInfo}."""
        from .linework_scan import linework_edit

        t = self.threshold.value() / 100.0
        return linework_edit(self.hexmap, [p for p in self.linework if p.changes and p.cover >= t
                                           and (p.kind, p.code) in self.accepted_lines])

    def accepted_changes(self) -> dict[Hex, str]:
        """Hexes whose terrain the designer accepts changing, with the new terrain."""
        t = self.threshold.value() / 100.0
        sure = self.sure_only.isChecked()
        return {p.hex: p.terrain for p in self.proposals
                if p.changes and p.confidence >= t and p.terrain in self.accepted_terrain
                and (p.proposed or not sure)}

    # -- view ----------------------------------------------------------------------------------
    def _fill(self) -> None:
        t = self.threshold.value() / 100.0
        self.threshold_label.setText(f"{t:.2f}")
        codes = list(self.hexmap.terrain_table.terrain)
        self.table.blockSignals(True)
        self.table.setRowCount(len(codes) + len(self.line_codes))
        for row, code in enumerate(codes):
            confident = [p for p in self.proposals if p.terrain == code and p.confidence >= t
                         and (p.proposed or not self.sure_only.isChecked())]
            name = QTableWidgetItem(self.hexmap.terrain_table.terrain[code].name)
            name.setData(Qt.ItemDataRole.UserRole, code)
            name.setFlags(name.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            checked = code in self.accepted_terrain
            name.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
            name.setBackground(QBrush(QColor(self.hexmap.terrain_table.terrain[code].color)))
            self.table.setItem(row, 0, name)
            self.table.setItem(row, 1, QTableWidgetItem(str(len(confident))))
            self.table.setItem(row, 2, QTableWidgetItem(str(sum(1 for p in confident if p.changes))))
            self.table.setItem(row, 3, QTableWidgetItem(str(sum(1 for v in self.examples.values() if v == code))))
        table = self.hexmap.terrain_table
        for i, (kind, code) in enumerate(self.line_codes):
            row = len(codes) + i
            kind_type = table.hexside_features[code] if kind == "feature" else table.paths[code]
            where = "hexsides" if kind == "feature" else "links"
            name = QTableWidgetItem(f"{kind_type.name} ({where})")
            name.setData(Qt.ItemDataRole.UserRole, f"{kind}:{code}")
            name.setFlags(name.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            on = (kind, code) in self.accepted_lines
            name.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
            name.setForeground(QBrush(QColor(kind_type.color)))
            confident = [p for p in self.linework if p.kind == kind and p.code == code and p.cover >= t]
            self.table.setItem(row, 0, name)
            self.table.setItem(row, 1, QTableWidgetItem(str(len(confident))))
            self.table.setItem(row, 2, QTableWidgetItem(str(sum(1 for p in confident if p.changes))))
            self.table.setItem(row, 3, QTableWidgetItem(""))
        self.table.blockSignals(False)
        changes = self.accepted_changes()
        sides = self.accepted_linework()
        low = sum(1 for p in self.proposals if p.confidence < t)
        sure = sum(1 for p in self.proposals if p.proposed)
        self.summary.setText(f"{len(changes)} hexes and {len(sides)} hexsides will change; {low} of "
                             f"{len(self.proposals)} hexes are below the confidence threshold and stay as they are; "
                             f"{sure} are sure.")
        nxt = self.next_hexes() if self.proposals else []
        links = ", ".join(f'<a href="{self.hexmap.label(h)}">{self.hexmap.label(h)}</a>' for h in nxt)
        self.teach_next.setText(f"Teach next: {links}" if links else "")

    def _check_changed(self, item: QTableWidgetItem) -> None:
        if item.column() == 0:
            code = item.data(Qt.ItemDataRole.UserRole)
            on = item.checkState() == Qt.CheckState.Checked
            if ":" in code:
                kind, _, line = code.partition(":")
                self.set_line_accepted(kind, line, on)
            else:
                self.set_terrain_accepted(code, on)


def apply_scan_proposals(document, dlg) -> None:
    """Push what the review queue accepts, terrain and linework, as one undo step."""
    from hexwright.engine.model.hex_patch import HexEdit

    from .clipboard import ApplyHexEdit

    m = document.map
    changes = {h: c for h, c in dlg.accepted_changes().items() if m.terrain.get(h) != c}
    sides = dlg.accepted_linework()
    if changes or sides:
        text = f"Terrain from scan ({len(changes)} hexes" + (f", {len(sides)} hexsides)" if sides else ")")
        document.push(ApplyHexEdit(m, HexEdit(terrain=changes, hexsides=dict(sides)), text))
