"""The grid fitting dialog driven through its widgets (QTest keys and clicks) on numpy-painted scans:
Enter adds a point and never closes the dialog, the first click on Add point works, the refined fit
and its worst hex are shown, a fit that cannot be trusted is applied only on a second press; and
File > New Hex Map from Scan… (the grid counted from the fitted hexes on the scan, the underlay undoable)."""

from __future__ import annotations

import numpy as np
import pytest
from hexwright.app.editor.dialogs.new_from_scan import GridChoice, count_grid, map_from_fit
from hexwright.app.editor.digitize import SCAN_FILTER, FitGridDialog, supported_scan_formats
from hexwright.engine.digitize.gridfit import refine_fit
from hexwright.engine.digitize.scan import Scan
from hexwright.engine.hexgrid.fit import fit_grid
from hexwright.engine.model.hexmap import GridSpec
from PIL import Image
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox

from tests.engine.scan_synth import clicks, paint_hex_scan, scene_to_image, true_centres
from tests.engine.test_digitize_grid import board

GRID = GridSpec(columns=16, rows=12, hex_size=20.0)
FWD = scene_to_image(1.6, 3.0, 1.0)
CORNER = [(0, 0), (2, 0), (0, 2), (2, 2)]


def save_scan(tmp_path, name="board.png", lines=True, m=None):
    m = m or board(GRID)
    path = tmp_path / name
    Image.fromarray(paint_hex_scan(m, FWD, lines=lines, cast=(0.97, 0.93, 0.82))).save(path)
    return m, path


def open_dialog(qtbot, m, path) -> FitGridDialog:
    dlg = FitGridDialog(m, str(path))
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    dlg.view.resetTransform()  # 1:1 so a click lands on the image pixel
    return dlg


def click_scan(qtbot, dlg: FitGridDialog, x: float, y: float) -> None:
    dlg.view.centerOn(x, y)
    pos = dlg.view.mapFromScene(QPointF(x, y))
    qtbot.mouseClick(dlg.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def place_with_enter(qtbot, dlg, m, points) -> None:
    for h, (x, y) in points:
        click_scan(qtbot, dlg, x, y)
        dlg.label_edit.selectAll()
        qtbot.keyClicks(dlg.label_edit, m.label(h))
        qtbot.keyClick(dlg.label_edit, Qt.Key.Key_Return)


def test_enter_adds_the_fourth_point_and_keeps_the_dialog_open(qtbot, tmp_path):
    m, path = save_scan(tmp_path)
    dlg = open_dialog(qtbot, m, path)
    pts = clicks(m, FWD, [(0, 0), (15, 0), (0, 11), (15, 11)], 1.0)
    place_with_enter(qtbot, dlg, m, pts[:3])
    assert len(dlg.points) == 3 and dlg.fit is not None
    place_with_enter(qtbot, dlg, m, pts[3:])
    assert len(dlg.points) == 4
    assert dlg.isVisible() and dlg.result() != QDialog.DialogCode.Accepted
    assert [m.label(h) for h, _ in dlg.points] == [m.label(h) for h, _ in pts]
    # Enter with nothing pending says so and still does not close
    qtbot.keyClick(dlg.label_edit, Qt.Key.Key_Return)
    assert dlg.isVisible() and "Click a hex centre" in dlg.message.text()


def test_first_click_on_add_point_after_typing_adds_it(qtbot, tmp_path):
    m, path = save_scan(tmp_path)
    dlg = open_dialog(qtbot, m, path)
    (h, (x, y)), = clicks(m, FWD, [(4, 5)], 0.0)
    click_scan(qtbot, dlg, x, y)
    qtbot.keyClicks(dlg.label_edit, m.label(h)[:3])  # part of a label: completion may fill it in
    dlg.label_edit.setFocus()
    qtbot.keyClicks(dlg.label_edit, "")
    dlg.label_edit.selectAll()
    qtbot.keyClicks(dlg.label_edit, m.label(h))
    qtbot.mouseClick(dlg.add_button, Qt.MouseButton.LeftButton)
    assert [(m.label(p), xy) for p, xy in dlg.points] == [(m.label(h), (dlg.points[0][1]))]
    assert dlg.label_edit.text() == ""


def test_refined_fit_and_worst_hex_are_shown(qtbot, tmp_path):
    m, path = save_scan(tmp_path)
    dlg = open_dialog(qtbot, m, path)
    place_with_enter(qtbot, dlg, m, clicks(m, FWD, CORNER, 2.5))
    assert dlg.fit is not None and dlg.fit.refined
    assert dlg.quality is not None and dlg.quality.good
    text = dlg.quality_label.text()
    assert "Worst hex" in text and "good" in text
    assert "refined on" in dlg.summary.text()
    assert dlg.heat_item.path().isEmpty()  # no hex is suspect
    truth = true_centres(m, FWD)
    scene = m.layout().hexes_to_pixels(np.array(m.hexes, dtype=float))
    assert np.hypot(*(dlg.fit.scene_to_image(scene) - truth).T).max() < 0.1 * dlg.fit.hex_size_px
    # the dialog says how good a fit must be
    assert "within 0.1 hex" in dlg.how_good.text()
    ok = dlg.buttons.button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert dlg.result() == QDialog.DialogCode.Accepted


def test_an_unpinned_far_end_is_warned_about_before_applying(qtbot, tmp_path):
    m, path = save_scan(tmp_path, lines=False)
    dlg = open_dialog(qtbot, m, path)
    place_with_enter(qtbot, dlg, m, clicks(m, FWD, CORNER, 2.0))
    assert dlg.quality is not None and not dlg.quality.good
    assert "do not pin the far end" in dlg.quality_label.text()
    assert not dlg.heat_item.path().isEmpty()  # the suspect hexes are shaded
    ok = dlg.buttons.button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert dlg.isVisible() and dlg.result() != QDialog.DialogCode.Accepted
    assert "Check the fit" in dlg.message.text() and ok.text() == "Apply anyway"
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert dlg.result() == QDialog.DialogCode.Accepted


def test_gif_and_bmp_scans(qtbot, tmp_path):
    assert {"gif", "bmp"} <= set(supported_scan_formats())
    assert "*.gif" in SCAN_FILTER and "*.bmp" in SCAN_FILTER
    m, path = save_scan(tmp_path, "board.gif")
    dlg = open_dialog(qtbot, m, path)
    assert dlg.error is None and dlg.scan is not None and dlg.scan.width == dlg.image.width()


@pytest.mark.parametrize("crop_columns", [0, 3])
def test_new_map_counts_the_hexes_on_the_scan(tmp_path, crop_columns):
    """A scan of the whole board, and one whose first 3 columns are cut off (an odd shift: the stagger
    flips so the printed layout is kept); either way the labels stay the printed ones."""
    m = board(GRID)
    arr = paint_hex_scan(m, FWD)
    truth = dict(zip((m.label(h) for h in m.hexes), true_centres(m, FWD), strict=True))
    x_cut = 0
    if crop_columns:
        x_cut = int(truth[m.label(m.grid.offset.to_hex(crop_columns, 0))][0] - 0.75 * 32.0)
        arr = arr[:, x_cut:]
    scan = Scan(arr)
    provisional = GridChoice().provisional_map()
    cells = [(crop_columns + 1, 1), (crop_columns + 4, 1), (crop_columns + 1, 4), (crop_columns + 4, 4)]
    pts = [(provisional.hex_at(m.label(h)), (x - x_cut, y)) for h, (x, y) in clicks(m, FWD, cells, 1.5)]
    fit = refine_fit(scan, provisional, fit_grid(pts, provisional.layout()))  # as the fit dialog does
    c0, r0, columns, rows = count_grid(provisional, fit, scan.width, scan.height)
    assert (c0, r0) == (crop_columns, 0)
    new, new_fit = map_from_fit(provisional, fit, scan, "board")
    assert (new.grid.columns, new.grid.rows) == (GRID.columns - crop_columns, GRID.rows)
    assert new.label(new.hexes[0]) == m.label(m.grid.offset.to_hex(crop_columns, 0))
    assert new.grid.stagger == ("even" if crop_columns % 2 else "odd")
    assert new_fit.refined
    scene = new.layout().hexes_to_pixels(np.array(new.hexes, dtype=float))
    got = new_fit.scene_to_image(scene)
    for h, (x, y) in zip(new.hexes, got, strict=True):
        tx, ty = truth[new.label(h)]
        assert np.hypot(x - (tx - x_cut), y - ty) < 0.1 * new_fit.hex_size_px


def test_file_new_from_scan_makes_an_undoable_underlaid_map(qtbot, tmp_path, monkeypatch):
    from hexwright.app.editor.dialogs import new_from_scan as module

    from tests.app.test_editor_support import make_window

    m, path = save_scan(tmp_path)
    win = make_window(qtbot, tmp_path)
    assert win.act_new_from_scan in win.menuBar().actions()[0].menu().actions()
    monkeypatch.setattr(module.GridChoiceDialog, "exec", lambda self: QDialog.DialogCode.Accepted)

    def fit_by_hand(dlg):
        for h, xy in clicks(m, FWD, [(0, 0), (15, 0), (0, 11), (15, 11)], 1.0):
            dlg.add_point(xy, m.label(h))
        dlg.accept()
        return dlg.result()

    monkeypatch.setattr(FitGridDialog, "exec", fit_by_hand)
    assert win.new_from_scan(str(path))
    new = win.document.map
    assert (new.grid.columns, new.grid.rows) == (16, 12)
    assert new.underlay is not None and new.underlay.image == str(path.resolve())
    assert win.document.undo_stack.canUndo()
    win.document.undo_stack.undo()
    assert new.underlay is None
    win.document.undo_stack.redo()
    assert new.underlay is not None


def test_refinement_can_be_cancelled(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QProgressDialog

    m, path = save_scan(tmp_path)
    dlg = open_dialog(qtbot, m, path)
    monkeypatch.setattr(QProgressDialog, "wasCanceled", lambda self: True)
    for h, xy in clicks(m, FWD, CORNER, 2.0):
        dlg.add_point(xy, m.label(h))
    assert dlg.fit is not None and not dlg.fit.refined
    assert "cancelled" in dlg.message.text()
    assert dlg.quality is not None and not dlg.quality.good  # the click fit alone is warned about
