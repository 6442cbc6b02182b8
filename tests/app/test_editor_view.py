"""What the map view shows: the zoomed-out pictures follow edits and undo, hidden layers are not
drawn, and the digitizing/export dialogs plug into the Map and File menus."""

from __future__ import annotations

import pytest
from hexwright.app.editor.commands import SetHexside
from hexwright.engine.hexgrid import hexside_between
from hexwright.engine.model.hexmap import HexsideInfo, Underlay
from PySide6.QtGui import QColor, QImage

from tests.app.test_editor_support import make_window, small_map


def _h(win, c, r):
    return win.document.map.grid.offset.to_hex(c, r)


def _pixel_at(win, scene_point) -> QColor:
    win.view.viewport().repaint()
    img = win.view.viewport().grab().toImage()
    p = win.view.mapFromScene(scene_point)
    return QColor(img.pixel(p.x(), p.y()))


def _bluish(c: QColor) -> bool:
    return c.blue() > c.red() + 40


@pytest.mark.parametrize("radius", [4.0, 32.0])  # zoomed out: whole-map pictures; zoomed in: direct drawing
def test_pictures_follow_an_edit_and_its_undo(qtbot, tmp_path, radius):
    win = make_window(qtbot, tmp_path, small_map(60, 50))
    win.view.set_zoom(radius / win.canvas.geometry.size)
    m = win.document.map
    side = hexside_between(_h(win, 30, 25), _h(win, 30, 26))
    mid = win.canvas.geometry.side_midpoint(side)
    win.view.centerOn(mid)
    assert not _bluish(_pixel_at(win, mid))
    if radius < 6:  # the pictures are built once the zoom has lasted a moment
        qtbot.waitUntil(lambda: bool(win.canvas.items["hexsides"].__dict__.get("_picture_cache")))
        qtbot.waitUntil(lambda: bool(win.canvas.terrain._cache))
    win.document.push(SetHexside(m, {side: HexsideInfo(("river",))}))
    assert _bluish(_pixel_at(win, mid))
    win.document.undo_stack.undo()
    assert not _bluish(_pixel_at(win, mid))


def test_terrain_raster_follows_a_brush_stamp_when_zoomed_out(qtbot, tmp_path):
    from hexwright.app.editor.hex_kind import stamp_brush

    win = make_window(qtbot, tmp_path, small_map(60, 50))
    win.view.set_zoom(5.0 / win.canvas.geometry.size)
    h = _h(win, 20, 20)
    c = win.canvas.geometry.centre(h)
    win.view.centerOn(c)
    assert not _bluish(_pixel_at(win, c))
    win.brush.terrain = "water"
    stamp_brush(win, h)
    assert _bluish(_pixel_at(win, c))
    win.document.undo_stack.undo()
    assert not _bluish(_pixel_at(win, c))


def test_hidden_terrain_layer_is_not_drawn(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map())
    h = _h(win, 5, 5)
    c = win.canvas.geometry.centre(h)
    win.view.centerOn(c)
    shown = _pixel_at(win, c)
    win.layers_panel.visible_boxes["terrain"].setChecked(False)
    hidden = _pixel_at(win, c)
    assert shown != hidden
    assert hidden == win.view.backgroundBrush().color()


def test_fit_grid_dialog_result_becomes_one_undoable_underlay(qtbot, tmp_path, monkeypatch):
    from hexwright.app.editor import digitize

    img = QImage(300, 200, QImage.Format.Format_RGB32)
    img.fill(QColor("#d0c090"))
    scan = tmp_path / "scan.png"
    img.save(str(scan))
    fitted = Underlay(str(scan), (1.5, 0.0, 0.0, 1.5, -10.0, -5.0), 0.6)
    monkeypatch.setattr(digitize.FitGridDialog, "exec", lambda self: digitize.FitGridDialog.DialogCode.Accepted)
    monkeypatch.setattr(digitize.FitGridDialog, "underlay", lambda self: fitted)
    win = make_window(qtbot, tmp_path, small_map())
    win.fit_grid_to_scan(str(scan))
    m = win.document.map
    assert m.underlay is not None and m.underlay.transform == fitted.transform
    assert win.document.undo_stack.count() == 1
    assert not win.canvas.underlay.pixmap().isNull()
    assert win.layers_panel.opacity.value() == 60
    win.document.undo_stack.undo()
    assert m.underlay is None


def test_terrain_proposal_is_one_paint_step(qtbot, tmp_path, monkeypatch):
    from hexwright.app.editor import sampling

    win = make_window(qtbot, tmp_path, small_map())
    m = win.document.map
    m.underlay = Underlay(str(tmp_path / "scan.png"))
    proposal = {_h(win, 0, 0): "woods", _h(win, 1, 0): "marsh", _h(win, 2, 2): "woods"}  # the last is no change

    class FakeDialog:
        DialogCode = sampling.TerrainProposalDialog.DialogCode

        def __init__(self, hexmap, parent=None, **kw):
            pass

        def exec(self):
            return self.DialogCode.Accepted

        def accepted_changes(self):
            return proposal

        def accepted_linework(self):  # no rivers or roads proposed here
            return {}

    monkeypatch.setattr(sampling, "TerrainProposalDialog", FakeDialog)
    win.propose_terrain()
    assert m.terrain[_h(win, 0, 0)] == "woods" and m.terrain[_h(win, 1, 0)] == "marsh"
    stack = win.document.undo_stack
    assert stack.count() == 1 and "2 hexes" in stack.text(0)


def test_export_opens_the_export_dialog_on_the_map(qtbot, tmp_path, monkeypatch):
    from hexwright.app.editor.dialogs import export_dialog

    seen = []
    monkeypatch.setattr(export_dialog.ExportDialog, "exec", lambda self: seen.append(self.hexmap) or 0)
    win = make_window(qtbot, tmp_path, small_map())
    win.act_export.trigger()
    assert seen == [win.document.map]


def test_scan_underlay_shows_over_the_terrain_fill_by_its_opacity(qtbot, tmp_path):
    from hexwright.app.editor.commands import SetUnderlay

    img = QImage(400, 400, QImage.Format.Format_RGB32)
    img.fill(QColor("#ff0000"))
    img.save(str(tmp_path / "scan.png"))
    win = make_window(qtbot, tmp_path, small_map())
    m = win.document.map
    c = win.canvas.geometry.centre(_h(win, 3, 3))
    win.view.centerOn(c)
    terrain = _pixel_at(win, c)
    win.document.push(SetUnderlay(m, Underlay(str(tmp_path / "scan.png"), (1, 0, 0, 1, 0, 0), 1.0)))
    assert _pixel_at(win, c) == QColor("#ff0000")
    win.layers_panel.opacity.setValue(0)
    assert _pixel_at(win, c) == terrain
