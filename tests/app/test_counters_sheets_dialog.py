"""Exporting counter sheets from the app."""

from hexwright.app.counters.sheets_dialog import SheetsDialog
from hexwright.app.scenario.demo import demo_scenario


def test_dialog_options_change_the_layout_and_export_writes_the_pdf(qtbot, tmp_path):
    d = SheetsDialog(demo_scenario())
    qtbot.addWidget(d)
    assert d.counter_inch == 0.5 and d.paper == "A4" and len(d.pages) == 2  # both sides packed on one sheet
    assert d.preview.pixmap() is not None and not d.preview.pixmap().isNull()
    d.size_combo.setCurrentIndex(d.size_combo.findData(0.625))
    d.paper_combo.setCurrentText("Letter")
    assert d.pages[0].grid.cell == 45 and d.pages[0].grid.page_width == 612
    report = d.export(tmp_path / "c.pdf")
    assert report is not None and report.pages == len(d.pages)
    assert (tmp_path / "c.pdf").read_bytes().startswith(b"%PDF")
    assert d.export(tmp_path / "missing-dir" / "c.pdf") is None and "Cannot write" in d.info.text()
