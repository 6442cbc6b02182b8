"""The export dialog: sizes and page counts shown before exporting, and real exports through its
accept path to PNG, SVG and PDF."""

from __future__ import annotations

import math

import pytest
from hexwright.app.editor.dialogs.export_dialog import ExportDialog, plan_export
from hexwright.engine.hexgrid import Hex
from hexwright.engine.model.hexmap import GridSpec, HexMap
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QDialog, QDialogButtonBox


def small_map(columns: int = 8, rows: int = 6) -> HexMap:
    m = HexMap(GridSpec(columns=columns, rows=rows, hex_size=30.0), name="export test")
    m.set_terrain({h: "woods" for h in m.hexes[:10]})
    m.link_path(Hex(1, 0), Hex(2, 0), "road")
    return m


def test_png_plan_scales_the_map():
    m = small_map()
    w, h = m.grid.pixel_size()
    assert plan_export(m, "png", scale=2.0).pixel_size == (math.ceil(2 * w), math.ceil(2 * h))


def test_pdf_plan_pages_for_real_hex_width():
    m = small_map(60, 40)  # flat hexes 16 mm across flats: about 840 x 660 mm
    tiled = plan_export(m, "pdf", hex_width_mm=16.0, page_size="A4", tile_pages=True, margin_mm=10.0)
    k = 16.0 / (math.sqrt(3) * 30.0)
    mw, mh = (v * k for v in m.grid.pixel_size())
    assert tiled.map_mm == pytest.approx((mw, mh))
    # Enough A4 pages (less margins) to hold the map; "auto" takes the orientation with fewer.
    lower = min(math.ceil(mw / aw) * math.ceil(mh / ah) for aw, ah in ((190, 277), (277, 190)))
    assert tiled.page_count >= lower
    portrait = plan_export(m, "pdf", hex_width_mm=16.0, page_size="A4", orientation="portrait", tile_pages=True)
    landscape = plan_export(m, "pdf", hex_width_mm=16.0, page_size="A4", orientation="landscape", tile_pages=True)
    assert tiled.page_count == min(portrait.page_count, landscape.page_count) > 1
    assert portrait.orientation == "portrait" and landscape.orientation == "landscape"
    bigger = plan_export(m, "pdf", hex_width_mm=16.0, page_size="A3", tile_pages=True)
    assert bigger.page_count < tiled.page_count
    fit = plan_export(m, "pdf", hex_width_mm=None, page_size="A3")
    assert fit.page_count == 1
    assert max(fit.map_mm) <= 420 - 20 + 1e-6 and min(fit.map_mm) <= 297 - 20 + 1e-6
    with pytest.raises(ValueError, match="margin"):
        plan_export(m, "pdf", page_size="A4", margin_mm=120)


def test_dialog_shows_size_before_exporting(qtbot, tmp_path):
    m = small_map()
    dlg = ExportDialog(m, path=tmp_path / "map.png")
    qtbot.addWidget(dlg)
    dlg.scale.setValue(2.0)
    w, h = plan_export(m, "png", scale=2.0).pixel_size
    assert f"{w} x {h} px" in dlg.result_label.text()
    dlg.set_format("pdf")
    assert dlg.path_edit.text().endswith("map.pdf")
    big = ExportDialog(small_map(60, 40), path=tmp_path / "big.pdf")
    qtbot.addWidget(big)
    big.set_format("pdf")
    big.fit_page.setChecked(True)
    assert "on 1 A4" in big.result_label.text()
    big.real_size.setChecked(True)
    big.hex_mm.setValue(16.0)
    n = big.plan().page_count
    assert n > 1 and f"on {n} A4" in big.result_label.text()
    big.page_size.setCurrentText("A3")
    assert big.plan().page_count < n and "A3" in big.result_label.text()
    assert big.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    # Without a file name there is nothing to export to.
    big.path_edit.setText("")
    assert not big.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()


def test_export_png_through_accept(qtbot, tmp_path):
    m = small_map()
    out = tmp_path / "map.png"
    dlg = ExportDialog(m, path=out)
    qtbot.addWidget(dlg)
    dlg.set_format("png")
    dlg.scale.setValue(1.5)
    dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert dlg.last_error is None
    assert dlg.result() == QDialog.DialogCode.Accepted
    assert out in dlg.written
    img = QImage(str(out))
    w, h = plan_export(m, "png", scale=1.5).pixel_size
    assert abs(img.width() - w) <= 2 and abs(img.height() - h) <= 2
    # The woods hexes are drawn: some pixel has the woods colour.
    woods = m.terrain_table.terrain["woods"].color.lower()
    cx, cy = m.layout().hex_to_pixel(m.hexes[0])
    assert img.pixelColor(int(cx * 1.5), int(cy * 1.5)).name() == woods


def test_export_pdf_tiled_through_accept(qtbot, tmp_path):
    m = small_map(30, 20)
    out = tmp_path / "map.pdf"
    dlg = ExportDialog(m, path=out)
    qtbot.addWidget(dlg)
    dlg.set_format("pdf")
    dlg.real_size.setChecked(True)
    dlg.hex_mm.setValue(16.0)
    dlg.page_size.setCurrentText("A4")
    expected_pages = dlg.plan().page_count
    assert expected_pages > 1
    dlg.accept()
    assert dlg.last_error is None, dlg.last_error
    assert dlg.written and all(p.exists() and p.stat().st_size > 0 for p in dlg.written)
    data = b"".join(p.read_bytes() for p in dlg.written)
    assert data.startswith(b"%PDF")
    assert data.count(b"/Type /Page\n") + data.count(b"/Type /Page>") + data.count(b"/Type /Page ") \
        + data.count(b"/Type/Page") >= expected_pages or len(dlg.written) == expected_pages


def test_export_svg_without_hex_numbers(qtbot, tmp_path):
    m = small_map()
    out = tmp_path / "map.svg"
    dlg = ExportDialog(m, path=out)
    qtbot.addWidget(dlg)
    dlg.set_format("svg")
    if "hex_numbers" in dlg.layer_checks:
        dlg.layer_checks["hex_numbers"].setChecked(True)
    dlg.accept()
    assert dlg.last_error is None, dlg.last_error
    with_numbers = out.read_text()
    assert "<svg" in with_numbers
    if "hex_numbers" in dlg.layer_checks:
        dlg2 = ExportDialog(m, path=tmp_path / "plain.svg")
        qtbot.addWidget(dlg2)
        dlg2.set_format("svg")
        dlg2.layer_checks["hex_numbers"].setChecked(False)
        dlg2.accept()
        assert len((tmp_path / "plain.svg").read_text()) < len(with_numbers)


def test_export_error_is_shown_and_dialog_stays_open(qtbot, tmp_path):
    m = small_map()
    dlg = ExportDialog(m, path=tmp_path / "missing-folder" / "map.png")
    qtbot.addWidget(dlg)
    dlg.show()
    dlg.accept()
    assert dlg.last_error and "does not exist" in dlg.last_error
    assert dlg.isVisible() and dlg.result() != QDialog.DialogCode.Accepted
    assert not (tmp_path / "missing-folder").exists()


def test_benchmark_tiled_map_matches_the_grid(qtbot, tmp_path):
    """The .tmx the export benchmark gives tmxrasterizer: the same grid and terrain as ours (a tiny
    run of the benchmark's core, no timing)."""
    import os
    import shutil
    import subprocess
    import xml.etree.ElementTree as ET

    from benchmarks.editor import png_size, tiled_geometry, write_map, write_tmx

    m, path = write_map(7, 5, tmp_path)
    tmx = write_tmx(m, tmp_path)
    root = ET.parse(tmx).getroot()
    assert root.get("orientation") == "hexagonal" and root.get("staggeraxis") == "x"
    assert root.get("staggerindex") == m.grid.stagger
    codes = list(m.terrain_table.terrain)
    cells = [int(v) for v in root.find("layer/data").text.replace("\n", "").split(",")]
    off = m.grid.offset
    assert cells == [codes.index(m.terrain[off.to_hex(c, r)]) + 1 for r in range(5) for c in range(7)]
    assert (tmp_path / "hexes.png").exists()
    tile_h, side, width = tiled_geometry(7, 5)
    assert width == 7 * 48 + 16 and tile_h == 55
    if shutil.which("tmxrasterizer"):
        out = tmp_path / "tiled.png"
        subprocess.run(["tmxrasterizer", str(tmx), str(out)], check=True, capture_output=True,
                       env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
        assert png_size(out)[0] == width
