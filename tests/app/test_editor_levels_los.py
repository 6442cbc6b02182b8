"""The editor's line-of-sight tool (drag from hex to hex: the line, what blocks or hinders it, the answer
in the status bar) and the painting of levels: locations, stairwells and hexside features at a level
(ASL Arnhem Bridge 1.1, 1.4, 1.12), each edit one undo step."""

from __future__ import annotations

from hexwright.engine.formats import dump_map, read_map_file
from hexwright.engine.hexgrid import hexside_between
from hexwright.engine.model.hexmap import Location
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.app.test_editor_support import click, drag, make_window
from tests.conftest import SCENARIOS

MAP = SCENARIOS / "asl-arnhem-bridge" / "arnhem-bridge-fragment.map.yaml"


def asl_window(qtbot, tmp_path):
    return make_window(qtbot, tmp_path, read_map_file(MAP))


def test_los_tool_drag_shows_the_rowhouse_hexside_blocking_r18_to_q17(qtbot, tmp_path):
    win = asl_window(qtbot, tmp_path)
    m = win.document.map
    QTest.keyClick(win.view, Qt.Key.Key_L)
    assert win.view.tool.name == "los"
    drag(win, [m.hex_at("R18"), m.hex_at("Q18"), m.hex_at("Q17")])
    tool = win.view.tool
    assert tool.answer is not None and not tool.answer.clear
    assert "rowhouse hexside R17/R18" in win.tool_label.text()
    assert "ASL Arnhem Bridge SSR 1.12" in win.tool_label.text()
    assert not tool.items["block_side"].path().isEmpty()  # the hexside is highlighted
    assert not tool.items["line"].path().isEmpty()
    assert win.document.undo_stack.count() == 0  # looking edits nothing
    QTest.keyClick(win.view, Qt.Key.Key_Escape)
    assert tool.answer is None and not tool.items


def test_los_tool_shift_views_from_the_bridge_and_shows_hindrances(qtbot, tmp_path):
    win = asl_window(qtbot, tmp_path)
    m = win.document.map
    win.set_tool("los")
    drag(win, [m.hex_at("R18"), m.hex_at("R17")], modifiers=Qt.KeyboardModifier.ShiftModifier)
    tool = win.view.tool
    # Shift at the press and at the release: R18:1 to R17:1 along the bridge, clear
    assert tool.start.level == 1 and tool.end.level == 1 and tool.answer.clear
    drag(win, [m.hex_at("Q17"), m.hex_at("S18")])
    assert tool.answer.clear and [h.hex for h in tool.answer.hindrances] == ["R17"]
    assert not tool.items["hinder_hex"].path().isEmpty()
    assert "hindered +1" in win.tool_label.text()


def test_location_tool_adds_repaints_and_removes_a_location_as_undo_steps(qtbot, tmp_path):
    win = asl_window(qtbot, tmp_path)
    m = win.document.map
    original = dump_map(m)
    h = m.hex_at("P16")
    QTest.keyClick(win.view, Qt.Key.Key_K)
    assert win.view.tool.name == "location"
    win.brush.terrain = "building_upper"
    click(win, h)
    assert m.locations[h] == (Location(1, "building_upper"),)
    click(win, h, modifiers=Qt.KeyboardModifier.ShiftModifier)  # a stairwell in it
    assert m.locations[h] == (Location(1, "building_upper", ("stairwell",)),)
    QTest.keyClick(win.view, Qt.Key.Key_BracketRight)
    assert win.brush.location_level == 2 and "Level 2" in win.tool_label.text()
    win.brush.terrain = "bridge_deck"
    click(win, h)
    assert [x.level for x in m.locations[h]] == [1, 2]
    click(win, h, Qt.MouseButton.RightButton)
    assert [x.level for x in m.locations[h]] == [1]
    stack = win.document.undo_stack
    assert stack.count() == 4 and stack.text(0) == "Set locations of 1 hex"
    while stack.canUndo():
        stack.undo()
    assert dump_map(m) == original


def test_location_tool_drag_is_one_step_and_refuses_the_ground_level(qtbot, tmp_path):
    win = asl_window(qtbot, tmp_path)
    m = win.document.map
    win.set_tool("location")
    win.brush.terrain = "bridge_deck"
    row = [m.hex_at(x) for x in ("O18", "O19", "O20")]
    win.brush.location_level = 1
    drag(win, row)
    assert all(any(x.level == 1 for x in m.locations[h]) for h in row)
    assert win.document.undo_stack.count() == 1
    win.brush.location_level = 1
    click(win, m.hex_at("R13"))  # the ramp is at Level 1: its ground level
    assert m.hex_at("R13") not in m.locations
    assert "ground level of R13" in win.statusBar().currentMessage()


def test_hexside_tool_puts_a_rowhouse_wall_at_level_0(qtbot, tmp_path):
    win = asl_window(qtbot, tmp_path)
    m = win.document.map
    side = hexside_between(m.hex_at("R21"), m.hex_at("R22"))
    win.choose("hexside_feature", "rowhouse")
    QTest.keyClick(win.view, Qt.Key.Key_BracketRight)
    assert win.brush.hexside_level == 0 and "at Level 0" in win.tool_label.text()
    mid = win.canvas.geometry.side_midpoint(side)
    win.view.centerOn(mid)
    p = win.view.mapFromScene(mid)
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, p)
    info = m.hexside(side)
    assert info.features == ("rowhouse",) and info.level == 0
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, p)
    assert m.hexside(side) is None
    win.document.undo_stack.undo()
    assert m.hexside(side).level == 0
