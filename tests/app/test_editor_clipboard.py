"""Cut, copy and paste of hexes in the editor window through the system clipboard, the stamp brush
made from a selection, and the palette's highlight following the active tool."""

from __future__ import annotations

from hexwright.app.editor.clipboard import HEXES_MIME
from hexwright.engine.hexgrid import Hex, hexside_between
from hexwright.engine.model.hexmap import HexsideInfo
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.app.test_editor_support import click, drag, hex_point, make_window, small_map, viewport_point


def _h(win, c, r):
    return win.document.map.grid.offset.to_hex(c, r)


def _shift(h: Hex, dq: int, dr: int) -> Hex:
    return Hex(h.q + dq, h.r + dr)


def _block(win):
    """Select columns 2-3, rows 2-3 by a drag of the Select tool (the woods at 2,2 and 3,2)."""
    win.set_tool("select")
    drag(win, [_h(win, 2, 2), _h(win, 3, 3)])
    return [_h(win, c, r) for c in (2, 3) for r in (2, 3)]


def test_drag_selects_a_rectangle_and_copy_puts_hexes_on_the_system_clipboard(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map())
    block = _block(win)
    assert sorted(win.selected_hexes) == sorted(block)
    win.clipboard.act_copy.trigger()
    mime = QApplication.clipboard().mimeData()
    assert mime.hasFormat(HEXES_MIME) and mime.text() == "4 hexes from test map"
    assert win.document.undo_stack.count() == 0  # copying changes nothing


def test_paste_previews_at_the_cursor_and_a_click_is_one_undo_step(qtbot, tmp_path):
    m = small_map()
    a, b = m.grid.offset.to_hex(2, 2), m.grid.offset.to_hex(2, 3)
    m.set_hexsides({hexside_between(a, b): HexsideInfo(("river",))})
    m.set_features({b: ("village",)})
    win = make_window(qtbot, tmp_path, m)
    block = _block(win)
    win.clipboard.act_copy.trigger()
    win.clipboard.act_paste.trigger()
    assert win.view.tool.name == "stamp"
    preview = win.clipboard.preview
    target = _h(win, 7, 6)
    vp = win.view.viewport()
    QTest.mouseMove(vp, hex_point(win, target))
    assert preview.isVisible()
    assert win.canvas.geometry.hex_at(preview.pos() + preview.base_centre) == target
    QTest.mouseClick(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, viewport_point(win, target))
    stack = win.document.undo_stack
    assert stack.count() == 1 and stack.text(0) == "Paste 4 hexes"
    from hexwright.engine.model.hex_patch import origin_of

    o = origin_of(block)
    d = (target.q - o.q, target.r - o.r)
    assert m.terrain[_shift(_h(win, 2, 2), *d)] == "woods" and m.terrain[_shift(_h(win, 3, 2), *d)] == "woods"
    assert m.features_at(_shift(b, *d)) == ("village",)
    assert m.hexside(hexside_between(_shift(a, *d), _shift(b, *d))) == HexsideInfo(("river",))
    stack.undo()
    assert m.terrain[_shift(_h(win, 2, 2), *d)] == "clear" and not m.features_at(_shift(b, *d))
    assert m.hexside(hexside_between(_shift(a, *d), _shift(b, *d))) is None
    QTest.keyClick(win.view, Qt.Key.Key_Escape)
    assert win.view.tool.name == "select" and not preview.isVisible()


def test_cut_clears_the_selection_in_one_step_and_pastes_in_another_window(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map())
    m = win.document.map
    _block(win)
    win.clipboard.act_cut.trigger()
    assert m.terrain[_h(win, 2, 2)] == "clear" and win.document.undo_stack.count() == 1
    assert win.document.undo_stack.text(0) == "Cut 4 hexes"
    other = make_window(qtbot, tmp_path / "other", small_map(14, 12))
    assert other.clipboard.paste()
    other.tools["stamp"].put_down(_h(other, 9, 9))
    assert sum(t == "woods" for t in other.document.map.terrain.values()) == 4  # 2 of its own + 2 pasted
    win.document.undo_stack.undo()
    assert m.terrain[_h(win, 2, 2)] == "woods"


def test_stamp_from_selection_drag_is_one_undo_step(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map())
    m = win.document.map
    win.set_tool("select")
    click(win, _h(win, 2, 2))  # one woods hex
    assert win.clipboard.act_stamp.isEnabled()
    win.clipboard.act_stamp.trigger()
    assert win.view.tool.name == "stamp"
    row = [_h(win, c, 7) for c in range(1, 6)]
    drag(win, row)
    assert all(m.terrain[h] == "woods" for h in row)
    assert win.document.undo_stack.count() == 1
    win.document.undo_stack.undo()
    assert all(m.terrain[h] == "clear" for h in row)


def test_paste_with_an_empty_clipboard_says_why(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map())
    QApplication.clipboard().setText("not hexes")
    assert not win.clipboard.paste()
    assert "holds no hexes" in win.clipboard.last_message
    win.select_hex(None)
    assert win.clipboard.copy() is None and "no hexes of the map are selected" in win.clipboard.last_message


def test_palette_highlight_follows_the_active_tool(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path, small_map())
    win.choose("terrain", "woods")
    assert win.palette_panel.marked() == ("terrain", "woods")
    win.choose("path", "road")
    assert win.view.tool.name == "path" and win.palette_panel.marked() == ("path", "road")
    win.set_tool("brush")
    assert win.palette_panel.marked() == ("terrain", "woods")
    win.set_tool("path")
    assert win.palette_panel.marked() == ("path", "road")
    win.set_tool("eraser")
    assert win.palette_panel.marked() is None
    QTest.keyClick(win.view, Qt.Key.Key_O)  # the overlay brush by its key, before any feature is chosen
    assert win.view.tool.name == "overlay" and win.palette_panel.marked() is None
    win.choose("feature", "village")
    win.set_tool("brush")
    win.set_tool("overlay")
    assert win.palette_panel.marked() == ("feature", "village")
