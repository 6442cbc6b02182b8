"""Proposing each hex's terrain from the colours of the scanned map under it.

For every hex, points inside it (away from the printed hex outline) are mapped through the inverse
of the underlay transform into the scan and the scan's colours there are read at once with numpy.
Each hex is described by two things: its background colour (the median of its points, leaving out
points in the colour of the map's linework, roads, railroads, rivers, when they differ from the
bulk) and its "ink", the share of points clearly darker than that background (town and city
building blocks, woods symbols). Colours are compared in CIE Lab, where distance follows what the
eye sees. Each terrain's reference is what the map's terrain table says it looks like: the
terrain's `color` and the ink of its pattern as Hexwright prints it (a town's blocks), or better,
the hexes the designer names as examples ("this hex is woods"), which teach the printed look.

Before comparing, the scan's colour cast (yellowed paper, a scanner's white balance) is taken out:
one gain per colour channel, the one that brings the hexes' backgrounds nearest the references
(searched coarse then fine). Without it a yellowed scan reads every clear hex as the next browner
terrain (docs/benchmarks.md, "Digitizing"). The nearest terrain is proposed with a confidence from
how much nearer it is than the runner-up and how near it is at all. The designer confirms in
`TerrainProposalDialog`, where rivers and roads proposed from the same scan
(app/editor/linework_scan.py) join the same queue.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from hexwright.engine.hexgrid import Hex
from hexwright.engine.hexgrid.fit import invert_transform
from hexwright.engine.model.hexmap import HexMap
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QImage
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSlider,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

# Sample points in hex sizes from the centre: the centre and rings of 6, 12 and 18 (37 points), all
# within 0.62 of the centre-to-corner distance, clear of the printed outline.
_RINGS = ((0.0, 1, 0.0), (0.22, 6, 0.0), (0.42, 12, 15.0), (0.62, 18, 10.0))
DISTANCE_SCALE = 25.0  # Lab distance at which the confidence has fallen to 1/e
DEFAULT_THRESHOLD = 0.5
INK_DELTA_L = 14.0  # a point is ink when it is this much darker (L*) than the hex's background ...
INK_DELTA_E = 20.0  # ... and this far from it in colour
INK_WEIGHT = 20.0  # Lab units per unit of ink share difference (chosen on the digitize benchmark)
LINEWORK_DELTA_E = 22.0  # a point this near a road/river/railroad colour is linework, not terrain


@dataclass(frozen=True)
class Proposal:
    hex: Hex
    terrain: str
    confidence: float  # 0..1
    color: tuple[int, int, int]  # the hex's median colour on the scan
    current: str  # the terrain the hex has now

    @property
    def changes(self) -> bool:
        return self.terrain != self.current


def sample_offsets() -> np.ndarray:
    pts = []
    for radius, count, start in _RINGS:
        for i in range(count):
            a = np.radians(start + 360.0 * i / count)
            pts.append((radius * np.cos(a), radius * np.sin(a)))
    return np.array(pts)


def image_to_array(image: QImage) -> np.ndarray:
    """An (h, w, 3) uint8 RGB copy of a QImage."""
    img = image.convertToFormat(QImage.Format.Format_RGB888)
    h, w, bpl = img.height(), img.width(), img.bytesPerLine()
    buf = np.frombuffer(img.constBits(), dtype=np.uint8, count=bpl * h).reshape(h, bpl)
    return buf[:, : w * 3].reshape(h, w, 3).copy()


def srgb_to_lab(rgb: np.ndarray) -> np.ndarray:
    """CIE L*a*b* (D65) of sRGB colours given as 0..255 in the last axis."""
    c = np.asarray(rgb, dtype=float) / 255.0
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = lin @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16.0 / 116.0)
    return np.stack([116.0 * f[..., 1] - 16.0, 500.0 * (f[..., 0] - f[..., 1]), 200.0 * (f[..., 1] - f[..., 2])],
                    axis=-1)


def _scan_points(hexmap: HexMap, scan: np.ndarray, transform, hexes: list[Hex]) -> tuple[np.ndarray, np.ndarray]:
    """The scan colours at each hex's sample points, (n, k, 3) float, and which were on the scan."""
    lay = hexmap.layout()
    size = np.sqrt(lay.size_x * lay.size_y)
    centres = lay.hexes_to_pixels(np.array(hexes, dtype=float).reshape(-1, 2))
    pts = centres[:, None, :] + size * sample_offsets()[None, :, :]  # (n, k, 2) scene
    a, b, c, d, e, f = invert_transform(tuple(transform))
    ix = np.rint(a * pts[..., 0] + b * pts[..., 1] + e).astype(np.int64)
    iy = np.rint(c * pts[..., 0] + d * pts[..., 1] + f).astype(np.int64)
    h, w = scan.shape[:2]
    inside = (ix >= 0) & (ix < w) & (iy >= 0) & (iy < h)
    colours = scan[np.clip(iy, 0, h - 1), np.clip(ix, 0, w - 1)].astype(float)  # (n, k, 3)
    colours[~inside] = np.nan
    return colours, inside


def hex_colors(hexmap: HexMap, scan: np.ndarray, transform, hexes: list[Hex] | None = None) -> np.ndarray:
    """The median scan colour of each hex, (n, 3) float; NaN for hexes off the scan.
    `transform` maps image pixels to scene coordinates (`Underlay.transform`)."""
    hexes = hexmap.hexes if hexes is None else hexes
    colours, inside = _scan_points(hexmap, scan, transform, hexes)
    enough = inside.sum(axis=1) >= max(3, inside.shape[1] // 2)
    out = np.full((len(hexes), 3), np.nan)
    if enough.any():
        out[enough] = np.nanmedian(colours[enough], axis=1)
    return out


def linework_colors(hexmap: HexMap) -> np.ndarray:
    """The table's colours of what is printed across hexes: paths, hexside features and bridges (RGB)."""
    t = hexmap.terrain_table
    cols = [_hex_rgb(x.color) for x in (*t.paths.values(), *t.hexside_features.values(), *t.bridges.values())]
    return np.array(cols, dtype=float).reshape(-1, 3)


def describe_points(colours: np.ndarray, linework_lab: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Per hex from its points' colours (n, k, 3 RGB, NaN off the scan): the background colour (RGB,
    the median of the points that are not linework) and the ink share (points clearly darker than
    the background). Hexes with too few points on the scan get NaN."""
    n, k = colours.shape[:2]
    valid = ~np.isnan(colours).any(axis=2)
    lab = srgb_to_lab(np.nan_to_num(colours))
    raw_median = np.nanmedian(np.where(valid[..., None], lab, np.nan), axis=1) if n else np.zeros((0, 3))
    keep = valid.copy()
    if linework_lab is not None and len(linework_lab):
        near_line = np.min(np.linalg.norm(lab[:, :, None, :] - linework_lab[None, None, :, :], axis=3), axis=2)
        off_bulk = np.linalg.norm(lab - raw_median[:, None, :], axis=2) > LINEWORK_DELTA_E
        keep &= ~((near_line < LINEWORK_DELTA_E) & off_bulk)
    enough = keep.sum(axis=1) >= max(3, k // 3)
    bg = np.full((n, 3), np.nan)
    ink = np.full(n, np.nan)
    if enough.any():
        masked = np.where(keep[..., None], colours, np.nan)[enough]
        bg[enough] = np.nanmedian(masked, axis=1)
        bg_lab = srgb_to_lab(bg[enough])
        pl = lab[enough]
        dark = (pl[..., 0] < bg_lab[:, None, 0] - INK_DELTA_L) & (
            np.linalg.norm(pl - bg_lab[:, None, :], axis=2) > INK_DELTA_E) & keep[enough]
        ink[enough] = dark.sum(axis=1) / np.maximum(1, keep[enough].sum(axis=1))
        # the background without the ink: a city's blocks must not darken its paper colour
        light = keep[enough] & ~dark
        ok = light.sum(axis=1) >= 3
        rows = np.flatnonzero(enough)[ok]
        bg[rows] = np.nanmedian(np.where(light[ok][..., None], colours[enough][ok], np.nan), axis=1)
    return bg, ink


def hex_descriptors(hexmap: HexMap, scan: np.ndarray, transform, hexes: list[Hex] | None = None
                    ) -> tuple[np.ndarray, np.ndarray]:
    """Each hex's background colour (n, 3 RGB) and ink share (n,) on the scan; NaN off the scan."""
    hexes = hexmap.hexes if hexes is None else hexes
    colours, _inside = _scan_points(hexmap, scan, transform, hexes)
    return describe_points(colours, srgb_to_lab(linework_colors(hexmap)))


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
            colours, _ = _scan_points(swatch, arr, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), [centre])
            _bg, ink = describe_points(colours)
            _PRINTED_INK[key] = float(np.nan_to_num(ink[0]))
    return _PRINTED_INK[key]


def reference_colors(hexmap: HexMap, colours_by_hex: Mapping[Hex, np.ndarray],
                     examples: Mapping[Hex, str] | None = None) -> dict[str, np.ndarray]:
    """Each terrain's reference colours (RGB rows): the designer's example hexes where given,
    else the terrain table's colour."""
    refs: dict[str, list[np.ndarray]] = {}
    for h, code in (examples or {}).items():
        col = colours_by_hex.get(h)
        if col is not None and not np.any(np.isnan(col)):
            refs.setdefault(code, []).append(np.asarray(col, dtype=float))
    out = {code: np.array(v) for code, v in refs.items()}
    for code, t in hexmap.terrain_table.terrain.items():
        if code not in out:
            out[code] = np.array([_hex_rgb(t.color)], dtype=float)
    return out


def colour_cast(observed: np.ndarray, references: np.ndarray) -> np.ndarray:
    """The per-channel gain (3,) that brings the observed colours (n, 3 RGB) nearest to their nearest
    references (m, 3 RGB): the scan's cast taken out. Searched over gains 0.75..1.30, coarse then fine;
    the sum of distances is capped per hex so a few odd hexes do not steer it. No gain (ones) when
    none fits better, or when the best one would tell fewer terrains apart than the scan as it is."""
    obs = observed[~np.isnan(observed).any(axis=1)]
    if len(obs) < 8 or len(references) < 2:
        return np.ones(3)
    if len(obs) > 600:
        obs = obs[np.linspace(0, len(obs) - 1, 600).astype(int)]
    ref_lab = srgb_to_lab(references)

    def cost(gains: np.ndarray) -> np.ndarray:  # gains (g, 3) -> (g,)
        lab = srgb_to_lab(np.clip(obs[None, :, :] * gains[:, None, :], 0, 255))  # (g, n, 3)
        d = np.min(np.linalg.norm(lab[:, :, None, :] - ref_lab[None, None, :, :], axis=3), axis=2)
        return np.minimum(d, 30.0).sum(axis=1)

    def around(centre: np.ndarray, span: float, steps: int) -> tuple[np.ndarray, np.ndarray]:
        axis = np.linspace(-span, span, steps)
        grid = centre[None, :] + np.stack(np.meshgrid(axis, axis, axis, indexing="ij"), axis=-1).reshape(-1, 3)
        grid = np.clip(grid, 0.75, 1.30)
        return grid, np.concatenate([cost(grid[i:i + 128]) for i in range(0, len(grid), 128)])

    # a coarse grid, then the best few of it refined: the constellation of terrain colours can fit in
    # two ways (clear read as town) that the coarse grid cannot tell apart
    grid, costs = around(np.ones(3), 0.275, 12)
    results = []
    for start in grid[np.argsort(costs)[:6]]:
        best = start
        for span, steps in ((0.04, 9), (0.008, 5)):
            g, c = around(best, span, steps)
            best = g[int(np.argmin(c))]
        results.append((float(cost(best[None, :])[0]), tuple(best)))
    value, found = min(results)
    if value >= cost(np.ones((1, 3)))[0]:
        return np.ones(3)

    def terrains_seen(gains: np.ndarray) -> int:
        """How many references are the nearest of a fair number of hexes under these gains."""
        lab = srgb_to_lab(np.clip(obs * gains, 0, 255))
        nearest = np.argmin(np.linalg.norm(lab[:, None, :] - ref_lab[None, :, :], axis=2), axis=1)
        counts = np.bincount(nearest, minlength=len(ref_lab))
        return int((counts >= max(2, len(obs) // 100)).sum())

    # a washed-out print (every colour pulled towards the paper) is no cast: gains cannot undo it, and
    # the best of them then reads the map as two or three terrains. A fit that tells fewer terrains
    # apart than the scan as it is, is refused.
    if terrains_seen(np.array(found)) < terrains_seen(np.ones(3)):
        return np.ones(3)
    return np.array(found)


def propose_terrain(hexmap: HexMap, scan: np.ndarray | QImage, transform=None,
                    examples: Mapping[Hex, str] | None = None, gains: np.ndarray | None = None) -> list[Proposal]:
    """A terrain proposal for every hex the scan covers. `gains`: the colour cast to take out (the
    one `colour_cast` finds when not given)."""
    if isinstance(scan, QImage):
        scan = image_to_array(scan)
    if transform is None:
        if hexmap.underlay is None:
            raise ValueError("the map has no underlay to sample; load a scan and fit the grid first")
        transform = hexmap.underlay.transform
    hexes = list(hexmap.hexes)
    bg, ink = hex_descriptors(hexmap, scan, transform, hexes)
    valid = ~np.isnan(bg).any(axis=1)
    codes = list(hexmap.terrain_table.terrain)
    taught = {h: c for h, c in (examples or {}).items() if c in hexmap.terrain_table.terrain}
    index = {h: i for i, h in enumerate(hexes)}
    if gains is None:
        # examples are already in the scan's own colours: the cast only matters for untaught terrain
        table_refs = np.array([_hex_rgb(hexmap.terrain_table.terrain[c].color) for c in codes], dtype=float)
        gains = colour_cast(bg[valid], table_refs) if set(taught.values()) != set(codes) else np.ones(3)
    corrected = np.clip(bg * gains[None, :], 0, 255)
    lab = srgb_to_lab(np.nan_to_num(corrected))
    # references: (terrain index, Lab, ink) rows; examples in the scan's colours, corrected alike
    rows: list[tuple[int, np.ndarray, float]] = []
    for h, code in taught.items():
        i = index.get(h)
        if i is not None and valid[i]:
            rows.append((codes.index(code), lab[i], float(ink[i])))
    have = {r[0] for r in rows}
    for j, code in enumerate(codes):
        if j not in have:
            rgb = np.array(_hex_rgb(hexmap.terrain_table.terrain[code].color), dtype=float)
            rows.append((j, srgb_to_lab(rgb), printed_ink(hexmap, code)))
    ref_lab = np.array([r[1] for r in rows])
    ref_ink = np.array([r[2] for r in rows])
    ref_code = np.array([r[0] for r in rows])
    per_row = (np.linalg.norm(lab[:, None, :] - ref_lab[None, :, :], axis=2)
               + INK_WEIGHT * np.abs(np.nan_to_num(ink)[:, None] - ref_ink[None, :]))
    # distance to each terrain: to its nearest reference
    dist = np.full((len(hexes), len(codes)), np.inf)
    for j in range(len(codes)):
        cols = ref_code == j
        if cols.any():
            dist[:, j] = per_row[:, cols].min(axis=1)
    order = np.argsort(dist, axis=1)
    best = order[:, 0]
    d1 = dist[np.arange(len(hexes)), best]
    d2 = dist[np.arange(len(hexes)), order[:, 1]] if len(codes) > 1 else d1 + 2 * DISTANCE_SCALE
    margin = np.clip((d2 - d1) / np.maximum(d2, 1e-9), 0.0, 1.0)
    confidence = margin * np.exp(-d1 / DISTANCE_SCALE) ** 0.5
    proposals = []
    for i, h in enumerate(hexes):
        if not valid[i]:
            continue
        rgb = tuple(int(round(v)) for v in bg[i])
        proposals.append(Proposal(h, codes[best[i]], float(confidence[i]), rgb, hexmap.terrain_at(h)))  # type: ignore[arg-type]
    return proposals


def load_underlay_image(hexmap: HexMap, base_dir: Path | None = None) -> QImage:
    from .digitize import load_scan

    if hexmap.underlay is None:
        raise ValueError("the map has no underlay to sample; load a scan and fit the grid first")
    from hexwright.engine.model.scan_path import resolve_scan

    p = resolve_scan(hexmap.underlay.image, base_dir)
    if p is None:
        raise ValueError(f"the scanned underlay {hexmap.underlay.image!r} is missing; load it again "
                         "(Map > Load Scan Underlay)")
    return load_scan(p)


class TerrainProposalDialog(QDialog):
    """The review queue of what the scan proposes: terrain per hex, and rivers, canals, roads,
    railroads and trails (app/editor/linework_scan.py). Per terrain or per line code accept or
    reject, a confidence filter, example hexes that teach the printed colours, and how many hexes
    and hexsides would change. Accepting is one undo step (the window pushes it)."""

    def __init__(self, hexmap: HexMap, parent: QWidget | None = None, image: QImage | None = None,
                 base_dir: Path | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Terrain from scan")
        self.hexmap = hexmap
        self.examples: dict[Hex, str] = {}
        self.error: str | None = None
        self.scan: np.ndarray | None = None
        try:
            self.scan = image_to_array(image if image is not None else load_underlay_image(hexmap, base_dir))
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
        lay.addLayout(row)
        lay.addWidget(self.table)
        row2 = QHBoxLayout()
        row2.addWidget(QLabel("Teach:"))
        row2.addWidget(self.example_label)
        row2.addWidget(teach)
        row2.addWidget(self.example_terrain)
        lay.addLayout(row2)
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
        if self.scan is not None and self.hexmap.underlay is not None:
            try:
                self.proposals = propose_terrain(self.hexmap, self.scan, self.hexmap.underlay.transform,
                                                 self.examples)
            except ValueError as exc:
                self.error = str(exc)
                self.message.setText(self.error)
                self.proposals = []
        elif self.error is None:
            self.error = "the map has no underlay to sample"
            self.message.setText(self.error)
        self._fill()

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
        return {p.hex: p.terrain for p in self.proposals
                if p.changes and p.confidence >= t and p.terrain in self.accepted_terrain}

    # -- view ----------------------------------------------------------------------------------
    def _fill(self) -> None:
        t = self.threshold.value() / 100.0
        self.threshold_label.setText(f"{t:.2f}")
        codes = list(self.hexmap.terrain_table.terrain)
        self.table.blockSignals(True)
        self.table.setRowCount(len(codes) + len(self.line_codes))
        for row, code in enumerate(codes):
            confident = [p for p in self.proposals if p.terrain == code and p.confidence >= t]
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
        self.summary.setText(f"{len(changes)} hexes and {len(sides)} hexsides will change; {low} of "
                             f"{len(self.proposals)} hexes are below the confidence threshold and stay as they are.")

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
