"""Export the map as PNG, SVG or PDF (Tiled's "Export As Image", with print sizes).

PNG and SVG take a scale; PDF takes a page size, an orientation, a margin and either a real hex
width in millimetres (as printed wargame maps are specified: "16 mm hexes"), tiled over as many
pages as the map needs, or fit-to-page. The dialog shows the resulting pixel size or page count before
exporting, lets the designer choose the layers drawn, and calls
`hexwright.app.render.export.export_map`. A large export shows progress; errors show in a message
box and leave the dialog open.
"""

from __future__ import annotations

import dataclasses
import inspect
import math
from dataclasses import dataclass
from pathlib import Path

from hexwright.engine.model.hexmap import HexMap
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressDialog,
    QPushButton,
    QRadioButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from ..preferences import LengthSpinBox

FORMATS = ("png", "svg", "pdf")
PAGE_SIZES = ("A4", "A3", "Letter", "Legal", "Tabloid")
ORIENTATIONS = ("auto", "portrait", "landscape")
LARGE_EXPORT_HEXES = 5_000  # show a progress dialog from this size
LAYER_TITLES = {
    "underlay": "Scanned underlay", "terrain": "Terrain", "features": "Features (villages, cities ...)",
    "regions": "Regions and zones", "hexsides": "Hexsides (rivers, bridges ...)", "paths": "Roads, trails, rail",
    "grid": "Grid", "hex_numbers": "Hex numbers", "places": "Place names", "elevation": "Elevation",
    "counters": "Counters",
}
FALLBACK_LAYERS = ("terrain", "features", "hexsides", "paths", "grid", "hex_numbers", "places")


@dataclass(frozen=True)
class ExportPlan:
    """What an export will produce, shown before exporting."""

    fmt: str
    pixel_size: tuple[int, int] | None = None  # PNG/SVG
    map_mm: tuple[float, float] | None = None  # PDF
    page: str = ""
    orientation: str = ""
    pages: tuple[int, int] = (1, 1)  # columns x rows of pages

    @property
    def page_count(self) -> int:
        return self.pages[0] * self.pages[1]

    def describe(self) -> str:
        if self.fmt in ("png", "svg"):
            pw, ph = self.pixel_size or (0, 0)
            mp = f" ({pw * ph / 1e6:.1f} megapixels)" if self.fmt == "png" else ""
            return f"{pw} x {ph} px{mp}"
        w, h = self.map_mm or (0.0, 0.0)
        text = f"map {w:.0f} x {h:.0f} mm on {self.page_count} {self.page} {self.orientation} page"
        text += "s" if self.page_count != 1 else ""
        if self.page_count > 1:
            text += f" ({self.pages[0]} across x {self.pages[1]} down)"
        return text


def hex_width_units(hexmap: HexMap) -> float:
    """A hex's width across flats in scene units (what a printed "16 mm hex" measures)."""
    return math.sqrt(3.0) * hexmap.grid.hex_size


def plan_export(hexmap: HexMap, fmt: str, scale: float = 1.0, hex_width_mm: float | None = None,
                page_size: str = "A4", orientation: str = "auto", tile_pages: bool = False,
                margin_mm: float = 10.0) -> ExportPlan:
    """The size (PNG/SVG) or pages (PDF) an export gives; PDF pages are planned by the renderer's
    own `plan_pages`, so the preview is what the export does. ValueError for impossible settings."""
    w, h = hexmap.grid.pixel_size()
    if fmt in ("png", "svg"):
        return ExportPlan(fmt, (max(1, math.ceil(w * scale)), max(1, math.ceil(h * scale))))
    if fmt != "pdf":
        raise ValueError(f"unknown export format {fmt!r}; expected one of {', '.join(FORMATS)}")
    from hexwright.app.render.export import ExportError, plan_pages

    try:
        plan = plan_pages(hexmap, hex_width_mm=hex_width_mm, page_size=page_size, orientation=orientation,
                          tile_pages=tile_pages, margin_mm=margin_mm)
    except ExportError as exc:
        raise ValueError(str(exc)) from exc
    k = plan.mm_per_unit
    return ExportPlan("pdf", map_mm=(w * k, h * k), page=page_size,
                      orientation="landscape" if plan.landscape else "portrait", pages=(plan.columns, plan.rows))


def _render_api():
    """export_map and RenderOptions of the renderer."""
    from hexwright.app.render.export import export_map
    from hexwright.app.render.mapdraw import RenderOptions

    return export_map, RenderOptions


def render_layers() -> list[str]:
    """The boolean fields of RenderOptions (the layers an export may include)."""
    try:
        _, options_cls = _render_api()
    except ImportError:
        return list(FALLBACK_LAYERS)
    defaults = options_cls()
    return [f.name for f in dataclasses.fields(options_cls) if isinstance(getattr(defaults, f.name), bool)]


class ExportDialog(QDialog):
    """Choose format, size, pages and layers, see the result's size, export."""

    def __init__(self, hexmap: HexMap, parent: QWidget | None = None, path: str | Path | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export map")
        self.hexmap = hexmap
        self.written: list[Path] = []
        self.last_error: str | None = None
        self._build(path)
        self._update()

    # -- construction --------------------------------------------------------------------------
    def _build(self, path: str | Path | None) -> None:
        self.format_box = QComboBox()
        for f in FORMATS:
            self.format_box.addItem(f.upper(), f)
        self.path_edit = QLineEdit(str(path) if path else "")
        browse = QPushButton("Browse...")
        browse.clicked.connect(self._browse)

        # PNG
        self.scale = QDoubleSpinBox()
        self.scale.setRange(0.05, 16.0)
        self.scale.setSingleStep(0.25)
        self.scale.setValue(1.0)
        self.scale.setSuffix(" x")
        self.svg_scale = QDoubleSpinBox()
        self.svg_scale.setRange(0.05, 16.0)
        self.svg_scale.setSingleStep(0.25)
        self.svg_scale.setValue(1.0)
        self.svg_scale.setSuffix(" x")
        png_page = QWidget()
        pf = QFormLayout(png_page)
        pf.addRow("Scale", self.scale)

        # PDF
        self.page_size = QComboBox()
        self.page_size.addItems(list(PAGE_SIZES))
        self.orientation = QComboBox()
        self.orientation.addItems(list(ORIENTATIONS))
        self.fit_page = QRadioButton("Fit to one page")
        self.real_size = QRadioButton("Real size: hexes (across flats)")
        self.real_size.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.fit_page)
        group.addButton(self.real_size)
        self.hex_mm = LengthSpinBox()  # held in mm, shown in the Preferences' unit
        self.hex_mm.setRange(3.0, 100.0)
        self.hex_mm.setValue(16.0)
        self.tile_note = QLabel("At a real size the map is tiled over as many pages as it needs, "
                                "each page overlapping its neighbours a little and labelled with its place.")
        self.tile_note.setWordWrap(True)
        self.margin = LengthSpinBox()
        self.margin.setRange(0.0, 50.0)
        self.margin.setValue(10.0)
        pdf_page = QWidget()
        df = QFormLayout(pdf_page)
        df.addRow("Page size", self.page_size)
        df.addRow("Orientation", self.orientation)
        size_row = QHBoxLayout()
        size_row.addWidget(self.real_size)
        size_row.addWidget(self.hex_mm)
        df.addRow(size_row)
        df.addRow(self.tile_note)
        df.addRow(self.fit_page)
        df.addRow("Margin", self.margin)
        self.options_stack = QStackedWidget()
        self.options_stack.addWidget(png_page)
        svg_page = QWidget()
        sf = QFormLayout(svg_page)
        sf.addRow("Scale", self.svg_scale)
        self.options_stack.addWidget(svg_page)
        self.options_stack.addWidget(pdf_page)

        # Layers
        layers_box = QGroupBox("Include")
        grid = QGridLayout(layers_box)
        self.layer_checks: dict[str, QCheckBox] = {}
        try:
            _, options_cls = _render_api()
            defaults = options_cls()
        except ImportError:
            defaults = None
        for i, name in enumerate(render_layers()):
            cb = QCheckBox(LAYER_TITLES.get(name, name.replace("_", " ").capitalize()))
            cb.setChecked(bool(getattr(defaults, name, True)))
            self.layer_checks[name] = cb
            grid.addWidget(cb, i // 2, i % 2)

        self.result_label = QLabel()
        self.result_label.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Export")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow("Format", self.format_box)
        prow = QHBoxLayout()
        prow.addWidget(self.path_edit)
        prow.addWidget(browse)
        form.addRow("File", prow)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(self.options_stack)
        lay.addWidget(layers_box)
        lay.addWidget(self.result_label)
        lay.addWidget(self.buttons)

        for w in (self.format_box, self.page_size, self.orientation):
            w.currentIndexChanged.connect(self._update)
        for s in (self.scale, self.svg_scale, self.hex_mm, self.margin):
            s.valueChanged.connect(self._update)
        for b in (self.fit_page, self.real_size):
            b.toggled.connect(self._update)
        self.path_edit.textChanged.connect(self._update)

    # -- state ---------------------------------------------------------------------------------
    @property
    def fmt(self) -> str:
        return self.format_box.currentData()

    def set_units(self, units: str) -> None:
        """Show the printed sizes (hex width, margin) in "mm" or "in"; their values stay in mm."""
        for spin in (self.hex_mm, self.margin):
            spin.set_units(units)

    def set_format(self, fmt: str) -> None:
        self.format_box.setCurrentIndex(FORMATS.index(fmt.lower()))

    def plan(self) -> ExportPlan:
        return plan_export(self.hexmap, self.fmt, **self._size_kwargs())

    def _size_kwargs(self) -> dict:
        real = self.real_size.isChecked()
        return {
            "scale": self.svg_scale.value() if self.fmt == "svg" else self.scale.value(),
            "hex_width_mm": self.hex_mm.value() if real else None,
            "page_size": self.page_size.currentText(),
            "orientation": self.orientation.currentText(),
            "tile_pages": real,
            "margin_mm": self.margin.value(),
        }

    def _update(self) -> None:
        fmt = self.fmt
        self.options_stack.setCurrentIndex(FORMATS.index(fmt))
        self.hex_mm.setEnabled(self.real_size.isChecked())
        path = self.path_edit.text().strip()
        if path and Path(path).suffix.lower().lstrip(".") in FORMATS and Path(path).suffix.lower() != f".{fmt}":
            self.path_edit.blockSignals(True)
            self.path_edit.setText(str(Path(path).with_suffix(f".{fmt}")))
            self.path_edit.blockSignals(False)
        try:
            plan = self.plan()
        except ValueError as exc:
            self.result_label.setText(str(exc))
            self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
            return
        self.result_label.setText(f"Result: {plan.describe()}")
        ok = bool(self.path_edit.text().strip())
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)

    def _browse(self) -> None:
        fmt = self.fmt
        name, _ = QFileDialog.getSaveFileName(self, "Export map", self.path_edit.text(),
                                              f"{fmt.upper()} (*.{fmt})")
        if name:
            if not name.lower().endswith(f".{fmt}"):
                name += f".{fmt}"
            self.path_edit.setText(name)

    def render_options(self):
        _, options_cls = _render_api()
        names = {f.name for f in dataclasses.fields(options_cls)}
        return options_cls(**{k: cb.isChecked() for k, cb in self.layer_checks.items() if k in names})

    # -- export --------------------------------------------------------------------------------
    def export(self) -> list[Path]:
        """Run the export with the chosen settings; raises on failure."""
        path = Path(self.path_edit.text().strip())
        if not path.name:
            raise ValueError("choose a file to export to")
        if not path.parent.is_dir():
            raise ValueError(f"the folder {path.parent} does not exist")
        export_map, _ = _render_api()
        kw = self._size_kwargs()
        kwargs: dict = {"fmt": self.fmt, "scale": kw["scale"] if self.fmt != "pdf" else 1.0,
                        "options": self.render_options()}
        if self.fmt == "pdf":
            kwargs.update(hex_width_mm=kw["hex_width_mm"], page_size=kw["page_size"],
                          orientation=kw["orientation"], tile_pages=kw["tile_pages"], margin_mm=kw["margin_mm"])
        accepted = inspect.signature(export_map).parameters
        progress = None
        if len(self.hexmap) >= LARGE_EXPORT_HEXES or self.plan().page_count > 1:
            progress = QProgressDialog(f"Exporting {path.name}...", "", 0, 0, self)
            progress.setCancelButton(None)
            progress.setWindowModality(Qt.WindowModality.WindowModal)
            progress.setMinimumDuration(0)
            progress.show()
            QApplication.processEvents()
            if "progress" in accepted:
                def report(done: int, total: int) -> None:
                    progress.setMaximum(total)
                    progress.setValue(done)
                    QApplication.processEvents()

                kwargs["progress"] = report
        try:
            result = export_map(self.hexmap, path, **{k: v for k, v in kwargs.items() if k in accepted})
        finally:
            if progress is not None:
                progress.close()
        written = [Path(p) for p in (result or [path])]
        return written

    def accept(self) -> None:
        try:
            self.written = self.export()
        except Exception as exc:  # the export's own error text is what the designer needs to see
            self.show_error(f"Could not export the map: {exc}")
            return
        self.last_error = None
        super().accept()

    def show_error(self, message: str) -> None:
        """A message box (window-modal, non-blocking); the dialog stays open to fix the settings."""
        self.last_error = message
        box = QMessageBox(QMessageBox.Icon.Critical, "Export failed", message, QMessageBox.StandardButton.Ok, self)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.open()
        self._error_box = box
