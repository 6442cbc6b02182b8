"""Print and play from the app: choose the counter size (1/2 or 5/8 inch) and the paper, see the
first sheet, and write the PDF (the same code as `hexwright sheets`, app/counters/sheets.py)."""

from __future__ import annotations

from pathlib import Path

from hexwright.engine.model import Scenario
from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from .sheets import COUNTER_SIZES, PAPERS, SheetReport, render_sheet_page, sheet_pages, write_counter_sheets


class SheetsDialog(QDialog):
    def __init__(self, scenario: Scenario, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export counter sheets")
        self.scenario = scenario
        self.size_combo = QComboBox()
        for inch in COUNTER_SIZES:
            self.size_combo.addItem("1/2 inch" if inch == 0.5 else "5/8 inch", inch)
        self.paper_combo = QComboBox()
        self.paper_combo.addItems(list(PAPERS))
        self.page_spin = QSpinBox()
        self.page_spin.setMinimum(1)
        self.info = QLabel()
        self.preview = QLabel()
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview.setMinimumSize(420, 560)
        self.export_button = QPushButton("Export PDF…")
        self.close_button = QPushButton("Close")
        self.export_button.clicked.connect(self._ask_export)
        self.close_button.clicked.connect(self.reject)
        for combo in (self.size_combo, self.paper_combo):
            combo.currentIndexChanged.connect(lambda _i: self.refresh())
        self.page_spin.valueChanged.connect(lambda _v: self._show_page())
        form = QFormLayout()
        form.addRow("Counter size", self.size_combo)
        form.addRow("Paper", self.paper_combo)
        form.addRow("Preview page", self.page_spin)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.export_button)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.info)
        layout.addWidget(self.preview, 1)
        layout.addLayout(buttons)
        self.last_report: SheetReport | None = None
        self.refresh()

    @property
    def counter_inch(self) -> float:
        return float(self.size_combo.currentData())

    @property
    def paper(self) -> str:
        return self.paper_combo.currentText()

    def refresh(self) -> None:
        self.pages = sheet_pages(self.scenario, self.counter_inch, self.paper)
        fronts = [p for p in self.pages if not p.back]
        self.info.setText(f"{len(self.pages)} pages: {len(fronts)} sheets, each printed front and back "
                          "(backs are mirrored: print double-sided, flipping on the long edge), "
                          f"{sum(len(p.pieces) for p in fronts)} counters")
        self.page_spin.setMaximum(max(1, len(self.pages)))
        self.export_button.setEnabled(bool(self.pages))
        self._show_page()

    def _show_page(self) -> None:
        i = self.page_spin.value() - 1
        if not 0 <= i < len(self.pages):
            self.preview.clear()
            return
        img = render_sheet_page(self.pages[i], self.scenario, 72)
        self.preview.setPixmap(QPixmap.fromImage(img).scaled(
            self.preview.size(), Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation))

    def _ask_export(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export counter sheets", "counters.pdf", "PDF (*.pdf)")
        if path:
            self.export(path)

    def export(self, path: str | Path) -> SheetReport | None:
        try:
            self.last_report = write_counter_sheets(self.scenario, path, self.counter_inch, self.paper)
        except (OSError, ValueError) as exc:
            self.info.setText(f"Cannot write {path}: {exc}")
            return None
        self.info.setText(f"Wrote {self.last_report.pages} pages to {Path(path).name}")
        return self.last_report
