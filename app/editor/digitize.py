"""Digitizing a printed map: load its scan as the underlay and fit the grid to it.

The designer clicks the centre of a hex on the scan and names it (its printed label, with
completion; after three points the current fit proposes the label of the hex under the click).
Each point's residual shows in the table; a point more than half a hex off is probably mislabelled
and shown in red. The fitted grid is drawn over the scan live. The fit itself is
`hexwright.engine.hexgrid.fit.fit_grid` (least squares, similarity or affine), refined from the scan's
printed hex lines (`hexwright.engine.digitize.gridfit.refine_fit`, on the Qt-free `Scan`; the QImage is
for display only). The dialog shows the estimated error of the worst hex of the board and shades the
hexes that may be more than a tenth of a hex off; OK with such a fit first shows the warnings and asks
for a second press ("Apply anyway").
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Literal

import numpy as np
from hexwright.engine.digitize.gridfit import TARGET_HEX, FitQuality, fit_quality, refine_fit
from hexwright.engine.digitize.scan import Scan
from hexwright.engine.digitize.scan import ScanError as EngineScanError
from hexwright.engine.hexgrid import Hex, LabelError
from hexwright.engine.hexgrid.fit import GridFit, fit_grid
from hexwright.engine.model.hexmap import HexMap, Underlay
from PySide6.QtCore import QPoint, QPointF, QRectF, QStringListModel, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QImage, QImageReader, QPainterPath, QPen, QPixmap, QTransform
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QGraphicsEllipseItem,
    QGraphicsPathItem,
    QGraphicsPixmapItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSlider,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

# Scans of a whole map sheet at 300-600 dpi run to 100+ megapixels; Qt refuses images over 256 MB
# by default. Allow up to 2 GB (a 22,000 x 22,000 RGBA image).
SCAN_ALLOCATION_LIMIT_MB = 2048
SCAN_FORMATS = ("png", "jpeg", "jpg", "gif", "tif", "tiff", "bmp")
SCAN_FILTER = "Scanned maps (*.png *.jpg *.jpeg *.gif *.tif *.tiff *.bmp);;All files (*)"
GOOD_RESIDUAL_HEX = 0.5  # a click further than half a hex from its fitted centre is suspect
MIN_POINTS = 3


class ScanError(ValueError):
    """A scan that cannot be read; the message says why."""


def supported_scan_formats() -> list[str]:
    """Which of PNG/JPEG/GIF/TIFF/BMP this Qt build can read."""
    have = {bytes(f.data()).decode().lower() for f in QImageReader.supportedImageFormats()}
    return [f for f in SCAN_FORMATS if f in have]


def load_scan(path: str | Path) -> QImage:
    """Read a scanned map, large ones included; ScanError with a clear message otherwise."""
    p = Path(path)
    if not p.is_file():
        raise ScanError(f"the scan {p} does not exist or is not a file")
    if QImageReader.allocationLimit() < SCAN_ALLOCATION_LIMIT_MB:
        QImageReader.setAllocationLimit(SCAN_ALLOCATION_LIMIT_MB)
    reader = QImageReader(str(p))
    reader.setAutoTransform(True)
    fmt = bytes(reader.format().data()).decode().lower()
    if not fmt:
        raise ScanError(
            f"{p.name} is not an image this build can read ({reader.errorString()}); "
            f"supported scan formats: {', '.join(supported_scan_formats())}"
        )
    image = reader.read()
    if image.isNull():
        raise ScanError(f"could not read the scan {p.name} ({fmt}): {reader.errorString()}")
    return image


def _resolve_hex(hexmap: HexMap, h: Hex | str) -> Hex:
    if isinstance(h, str):
        found = hexmap.hex_at(h.strip())
        if found is None:
            raise ValueError(f"{h!r} is not a hex label of this map")
        return found
    return Hex(int(h[0]), int(h[1]))


def underlay_from_points(
    hexmap: HexMap,
    image_path: str | Path,
    pairs: Sequence[tuple[Hex | str, tuple[float, float]]],
    opacity: float = 0.5,
    model: str = "auto",
) -> Underlay:
    """The underlay for a scan given clicked hex centres: (hex or label, (image_x, image_y))."""
    resolved = [(_resolve_hex(hexmap, h), (float(p[0]), float(p[1]))) for h, p in pairs]
    fit = fit_grid(resolved, hexmap.layout(), model=model)  # type: ignore[arg-type]
    return Underlay(str(Path(image_path).resolve()), fit.transform, float(opacity), True)


def grid_outline_path(hexmap: HexMap, fit: GridFit) -> QPainterPath:
    """The map's hex outlines in image pixels under a fit (for the live preview), built in one go
    with the renderer's vectorised path builder (a 40,000-hex map in tens of milliseconds)."""
    return hexes_path(hexmap, fit, hexmap.hexes)


def hexes_path(hexmap: HexMap, fit: GridFit, hexes: Sequence[Hex]) -> QPainterPath:
    """The outlines of `hexes` in image pixels under a fit."""
    from hexwright.app.render.geometry import polygons_path

    lay = hexmap.layout()
    centres = lay.hexes_to_pixels(np.array(list(hexes), dtype=float).reshape(-1, 2))
    offsets = np.array([lay.corner_offset(i) for i in range(6)])
    corners = (centres[:, None, :] + offsets[None, :, :]).reshape(-1, 2)
    return polygons_path(fit.scene_to_image(corners).reshape(-1, 6, 2))


class ScanView(QGraphicsView):
    """The scan, zoomable with the wheel, pannable by dragging; a click (no drag) emits `clicked`."""

    clicked = Signal(QPointF)

    def __init__(self, scene: QGraphicsScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setRenderHints(self.renderHints())
        self._press: QPoint | None = None

    def wheelEvent(self, event) -> None:
        factor = 1.25 ** (event.angleDelta().y() / 120.0)
        self.zoom_by(factor)

    def zoom_by(self, factor: float) -> None:
        current = self.transform().m11()
        if 0.01 < current * factor < 64:
            self.scale(factor, factor)

    def fit_all(self) -> None:
        self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def mousePressEvent(self, event) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self._press = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event) -> None:
        super().mouseReleaseEvent(event)
        if event.button() == Qt.MouseButton.LeftButton and self._press is not None:
            moved = (event.position().toPoint() - self._press).manhattanLength()
            self._press = None
            if moved <= 4:
                self.clicked.emit(self.mapToScene(event.position().toPoint()))


class FitGridDialog(QDialog):
    """Fit the map's grid to a scanned printed map by clicking hex centres."""

    COLUMNS = ("Hex", "Image x", "Image y", "Residual (px)", "Residual (hexes)")

    def __init__(self, hexmap: HexMap, image_path: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Fit grid to scan")
        self.hexmap = hexmap
        self.image_path = str(Path(image_path).resolve())
        self.points: list[tuple[Hex, tuple[float, float]]] = []
        self.fit: GridFit | None = None
        self.fit_error: str | None = None
        self.pending: QPointF | None = None
        self.error: str | None = None
        self.image: QImage | None = None
        self.scan: Scan | None = None
        self.quality: FitQuality | None = None
        self.warned = False  # OK was pressed once on a fit with warnings: the next press applies it
        try:
            self.image = load_scan(image_path)
            self.scan = Scan.open(image_path)  # the pixels the refinement reads (no Qt)
        except (ScanError, EngineScanError) as exc:
            self.error = str(exc)
        self._build()
        self._refresh()

    # -- construction --------------------------------------------------------------------------
    def _build(self) -> None:
        self.scene = QGraphicsScene(self)
        self.view = ScanView(self.scene)
        self.view.clicked.connect(self.set_pending)
        self.scan_item: QGraphicsPixmapItem | None = None
        if self.image is not None:
            self.scan_item = self.scene.addPixmap(QPixmap.fromImage(self.image))
            self.scan_item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
            self.scene.setSceneRect(QRectF(self.image.rect()))
        self.grid_item = QGraphicsPathItem()
        self.grid_item.setZValue(1)
        self.scene.addItem(self.grid_item)
        self.marker_items: list[QGraphicsEllipseItem] = []
        self.pending_item = QGraphicsEllipseItem(-6, -6, 12, 12)
        self.pending_item.setPen(QPen(QColor("#ff00ff"), 2))
        self.pending_item.setFlag(QGraphicsEllipseItem.GraphicsItemFlag.ItemIgnoresTransformations)
        self.pending_item.setZValue(3)
        self.pending_item.hide()
        self.scene.addItem(self.pending_item)

        self.message = QLabel()
        self.message.setWordWrap(True)
        self.label_edit = QLineEdit()
        self.label_edit.setPlaceholderText("hex label of the clicked centre, e.g. 0105")
        labels = [self.hexmap.label(h) for h in self.hexmap.hexes]
        completer = QCompleter(QStringListModel(labels, self), self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchStartsWith)
        # Inline completion: a popup would swallow the next click (on "Add point", on the scan).
        completer.setCompletionMode(QCompleter.CompletionMode.InlineCompletion)
        self.label_edit.setCompleter(completer)
        self.label_edit.returnPressed.connect(self.commit_pending)
        self.add_button = QPushButton("Add point")
        self.add_button.setAutoDefault(False)
        self.add_button.clicked.connect(self.commit_pending)
        self.refine_box = QCheckBox("Refine from the printed hex lines")
        self.refine_box.setChecked(True)
        self.refine_box.setToolTip("Measure the scan's printed hex outlines along every hexside and fit the grid "
                                   "to them (sub-pixel), starting from the clicked points")
        self.refine_box.toggled.connect(self._refresh)
        self.quality_label = QLabel()
        self.quality_label.setWordWrap(True)
        self.heat_item = QGraphicsPathItem()
        self.heat_item.setZValue(0.5)
        self.heat_item.setPen(QPen(Qt.PenStyle.NoPen))
        self.heat_item.setBrush(QBrush(QColor(230, 0, 0, 90)))
        self.heat_item.setToolTip(f"hexes the fit may put more than {TARGET_HEX} hex off")
        self.scene.addItem(self.heat_item)
        self.remove_button = QPushButton("Remove point")
        self.remove_button.clicked.connect(self.remove_selected)
        self.model_box = QComboBox()
        self.model_box.addItems(["auto", "similarity", "affine"])
        self.model_box.setToolTip("auto: affine (stretch and skew) only when 4+ points show it fits clearly better")
        self.model_box.currentIndexChanged.connect(self._refresh)
        self.opacity = QSlider(Qt.Orientation.Horizontal)
        self.opacity.setRange(0, 100)
        self.opacity.setValue(int(round(100 * (self.hexmap.underlay.opacity if self.hexmap.underlay else 0.5))))
        self.opacity.valueChanged.connect(self._apply_opacity)
        zoom_in, zoom_out, fit_btn = QPushButton("Zoom in"), QPushButton("Zoom out"), QPushButton("Fit")
        zoom_in.clicked.connect(lambda: self.view.zoom_by(1.25))
        zoom_out.clicked.connect(lambda: self.view.zoom_by(0.8))
        fit_btn.clicked.connect(self.view.fit_all)

        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setHorizontalHeaderLabels(list(self.COLUMNS))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.summary = QLabel()
        self.summary.setWordWrap(True)

        side = QWidget()
        sl = QVBoxLayout(side)
        sl.addWidget(QLabel("Click a hex centre on the scan, then name the hex:"))
        row = QHBoxLayout()
        row.addWidget(self.label_edit)
        row.addWidget(self.add_button)
        sl.addLayout(row)
        sl.addWidget(self.table)
        row2 = QHBoxLayout()
        row2.addWidget(self.remove_button)
        row2.addStretch(1)
        row2.addWidget(QLabel("Fit:"))
        row2.addWidget(self.model_box)
        sl.addLayout(row2)
        sl.addWidget(self.refine_box)
        sl.addWidget(self.summary)
        sl.addWidget(self.quality_label)
        self.how_good = QLabel(f"A good fit puts every hex centre within {TARGET_HEX} hex of the printed one: "
                               "place 3 or more points spread over the board (the far corners pin it best).")
        self.how_good.setWordWrap(True)
        sl.addWidget(self.how_good)
        row3 = QHBoxLayout()
        row3.addWidget(QLabel("Scan opacity"))
        row3.addWidget(self.opacity)
        sl.addLayout(row3)
        row4 = QHBoxLayout()
        for b in (zoom_in, zoom_out, fit_btn):
            row4.addWidget(b)
        sl.addLayout(row4)
        sl.addWidget(self.message)

        splitter = QSplitter()
        splitter.addWidget(self.view)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([760, 420])
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        for btn in self.buttons.buttons():
            if isinstance(btn, QPushButton):
                btn.setAutoDefault(False)  # Enter in the label field adds the point; it never applies the fit
                btn.setDefault(False)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.buttons)
        self.resize(1100, 750)
        if self.error:
            self.message.setText(f"<b>Cannot load the scan.</b> {self.error}")
            self.message.setStyleSheet("color: #b00020")
            for w in (self.label_edit, self.add_button, self.view):
                w.setEnabled(False)
        self._apply_opacity()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self.image is not None:
            self.view.fit_all()

    # -- points --------------------------------------------------------------------------------
    def set_pending(self, pos: QPointF) -> None:
        """A click on the scan: mark it and propose the label of the hex there under the fit."""
        if self.image is None:
            return
        self.pending = QPointF(pos)
        self.pending_item.setPos(pos)
        self.pending_item.show()
        guess = self.guess_label(pos.x(), pos.y())
        if guess:
            self.label_edit.completer().setCompletionPrefix(guess)  # else Enter restores the last completion
            self.label_edit.setText(guess)
            self.label_edit.selectAll()
        self.label_edit.setFocus()

    def guess_label(self, x: float, y: float) -> str | None:
        """The label of the hex the current fit puts at image (x, y), if on the map."""
        if self.fit is None:
            return None
        h = self.fit.hex_at(self.hexmap.layout(), x, y)
        return self.hexmap.label(h) if self.hexmap.contains(h) else None

    def commit_pending(self) -> None:
        if self.pending is None:
            self.message.setText("Click a hex centre on the scan first.")
            return
        try:
            self.add_point((self.pending.x(), self.pending.y()), self.label_edit.text())
        except ValueError as exc:
            self.message.setText(str(exc))
            return
        self.pending = None
        self.pending_item.hide()
        self.label_edit.completer().setCompletionPrefix("")
        self.label_edit.clear()

    def add_point(self, image_xy: tuple[float, float], label: str | Hex) -> None:
        """Add (or move) the point of a hex; ValueError for a label not on this map."""
        try:
            h = _resolve_hex(self.hexmap, label)
        except LabelError as exc:
            raise ValueError(f"{label!r} is not a hex label of this map: {exc}") from exc
        if not self.hexmap.contains(h):
            raise ValueError(f"hex {label} is not on this map")
        self.points = [p for p in self.points if p[0] != h]
        self.points.append((h, (float(image_xy[0]), float(image_xy[1]))))
        self._refresh()

    def remove_point(self, index: int) -> None:
        del self.points[index]
        self._refresh()

    def remove_selected(self) -> None:
        rows = sorted({i.row() for i in self.table.selectedIndexes()}, reverse=True)
        for r in rows:
            del self.points[r]
        self._refresh()

    # -- fit and preview -----------------------------------------------------------------------
    def good_points(self) -> int:
        if self.fit is None:
            return 0
        return sum(1 for r in self.fit.residuals_hex if r < GOOD_RESIDUAL_HEX)

    def _refresh(self) -> None:
        self.fit, self.fit_error, self.quality = None, None, None
        self.warned = False
        if len(self.points) >= MIN_POINTS:
            try:
                text = self.model_box.currentText()
                model: Literal["auto", "similarity", "affine"] = (
                    "similarity" if text == "similarity" else "affine" if text == "affine" else "auto")
                self.fit = fit_grid(self.points, self.hexmap.layout(), model=model)
            except ValueError as exc:
                self.fit_error = str(exc)
        if self.fit is not None and self.scan is not None and self.refine_box.isChecked():
            self.fit = self._refined(self.fit)
        if self.fit is not None:
            bounds = (self.scan.width, self.scan.height) if self.scan is not None else None
            self.quality = fit_quality(self.hexmap, self.fit, bounds)
        self._fill_table()
        self._draw()
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(self.error is None and self.fit is not None and self.good_points() >= MIN_POINTS)
        ok.setText("OK")
        if self.fit is not None:
            f = self.fit
            skew = f" skew {f.skew:.3f}" if f.model == "affine" else ""
            refined = (f", refined on {f.refined_edges} printed hexsides (line RMS {f.edge_rms_px:.2f} px)"
                       if f.refined and f.edge_rms_px is not None else "")
            self.summary.setText(
                f"{f.model} fit of {len(self.points)} points: hex size {f.hex_size_px:.1f} px, rotation "
                f"{f.rotation:.2f}°{skew}, RMS {f.rms_px:.2f} px ({f.rms_hex:.3f} hex){refined}"
            )
        elif self.fit_error:
            self.summary.setText(self.fit_error)
        else:
            self.summary.setText(f"{len(self.points)} of at least {MIN_POINTS} points")
        self._show_quality()

    def _refined(self, fit: GridFit) -> GridFit:
        """The fit refined from the printed hex lines, with a progress dialog that can cancel it (the
        click fit is kept then)."""
        from hexwright.engine.digitize.gridfit import MAX_ROUNDS
        from PySide6.QtWidgets import QApplication, QProgressDialog

        bar = QProgressDialog("Fitting the grid to the printed hex lines…", "Cancel", 0, MAX_ROUNDS + 1, self)
        bar.setWindowTitle("Refine the grid")
        bar.setWindowModality(Qt.WindowModality.WindowModal)
        bar.setMinimumDuration(400)

        def progress(done: int, total: int) -> bool:
            bar.setValue(done)
            QApplication.processEvents()
            return not bar.wasCanceled()

        refined = refine_fit(self.scan, self.hexmap, fit, progress=progress)  # type: ignore[arg-type]
        cancelled = bar.wasCanceled()
        bar.reset()
        bar.deleteLater()
        if cancelled:
            self.message.setText("Refinement cancelled: the fit rests on the clicks alone.")
            return fit
        return refined

    def _show_quality(self) -> None:
        q = self.quality
        if q is None or q.worst_hex is None:
            self.quality_label.setText("")
            return
        worst = self.hexmap.label(q.worst_hex)
        verdict = "good" if q.good else "not good enough"
        text = (f"<b>Worst hex: within {q.max_error_estimate_hex:.3f} hex</b> (estimated, at {worst}): {verdict}")
        if q.warnings:
            text += "<br><span style='color:#b00020'>" + "<br>".join(q.warnings) + "</span>"
        self.quality_label.setText(text)

    def accept(self) -> None:
        """OK: a fit with warnings is applied only on a second press, after they were shown."""
        if self.quality is not None and self.quality.warnings and not self.warned:
            self.warned = True
            self.message.setText("<b>Check the fit before applying it:</b> " + " ".join(self.quality.warnings)
                                 + " Press <i>Apply anyway</i> to use it as it is.")
            self.message.setStyleSheet("color: #b00020")
            self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Apply anyway")
            return
        super().accept()

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if self.label_edit.hasFocus():
                self.commit_pending()
            event.accept()  # Enter never closes the dialog: OK is a click (or Alt+O)
            return
        super().keyPressEvent(event)

    def _fill_table(self) -> None:
        self.table.setRowCount(len(self.points))
        for row, (h, (x, y)) in enumerate(self.points):
            res_px = self.fit.residuals_px[row] if self.fit else None
            res_hex = self.fit.residuals_hex[row] if self.fit else None
            cells = [self.hexmap.label(h), f"{x:.1f}", f"{y:.1f}",
                     "" if res_px is None else f"{res_px:.2f}", "" if res_hex is None else f"{res_hex:.3f}"]
            bad = res_hex is not None and res_hex >= GOOD_RESIDUAL_HEX
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if bad:
                    item.setForeground(QBrush(QColor("#c00000")))
                    item.setToolTip("more than half a hex from the fitted centre: is the label right?")
                self.table.setItem(row, col, item)

    def _draw(self) -> None:
        for item in self.marker_items:
            self.scene.removeItem(item)
        self.marker_items = []
        for i, (h, (x, y)) in enumerate(self.points):
            bad = self.fit is not None and self.fit.residuals_hex[i] >= GOOD_RESIDUAL_HEX
            dot = QGraphicsEllipseItem(-5, -5, 10, 10)
            dot.setPen(QPen(QColor("#c00000" if bad else "#00a000"), 2))
            dot.setFlag(QGraphicsEllipseItem.GraphicsItemFlag.ItemIgnoresTransformations)
            dot.setPos(x, y)
            dot.setZValue(2)
            text = QGraphicsSimpleTextItem(self.hexmap.label(h), dot)
            text.setPos(7, -7)
            text.setBrush(QBrush(QColor("#c00000" if bad else "#006000")))
            self.scene.addItem(dot)
            self.marker_items.append(dot)
        heat = QPainterPath()
        if self.fit is not None and self.quality is not None:
            off = [h for h, e in zip(self.quality.hexes, self.quality.per_hex_error, strict=True) if e > TARGET_HEX]
            if off and self.scan is not None:  # shade the board, not the paper beyond the scan
                xy = self.fit.scene_to_image(self.hexmap.layout().hexes_to_pixels(np.array(off, dtype=float)))
                keep = (xy[:, 0] >= 0) & (xy[:, 1] >= 0) & (xy[:, 0] < self.scan.width) & (xy[:, 1] < self.scan.height)
                off = [h for h, k in zip(off, keep, strict=True) if k]
            if off:
                heat = hexes_path(self.hexmap, self.fit, off)
        self.heat_item.setPath(heat)
        if self.fit is not None:
            self.grid_item.setPath(grid_outline_path(self.hexmap, self.fit))
            pen = QPen(QColor(200, 0, 200, 200), 0)
            pen.setCosmetic(True)
            self.grid_item.setPen(pen)
            self.grid_item.show()
        else:
            self.grid_item.hide()

    def _apply_opacity(self) -> None:
        if self.scan_item is not None:
            self.scan_item.setOpacity(max(0.05, self.opacity.value() / 100.0))

    # -- result --------------------------------------------------------------------------------
    def underlay(self) -> Underlay:
        """The fitted underlay (absolute image path; making it relative to the map is the caller's)."""
        if self.fit is None:
            raise ValueError(self.fit_error or f"the grid needs at least {MIN_POINTS} points to fit")
        return Underlay(self.image_path, self.fit.transform, self.opacity.value() / 100.0, True)

    def scene_transform(self) -> QTransform:
        """The underlay transform as a QTransform (image pixels -> scene)."""
        a, b, c, d, e, f = self.underlay().transform
        return QTransform(a, c, b, d, e, f)
