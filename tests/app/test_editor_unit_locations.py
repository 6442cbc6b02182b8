"""Set-up counters in a location of their hex (ASL Arnhem Bridge SSR 1.1): the unit on the bridge at R18:1 is
drawn offset up and right of its hex's ground stack with an `L1` tag, moving it to another hex is one undo
step that leaves the level behind, undo gives the level back, and saving writes `R18:1` again."""

from __future__ import annotations

import shutil
from pathlib import Path

from hexwright.engine.formats import load_scenario

from tests.app.test_editor_support import make_window

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "scenarios" / "asl-arnhem-bridge"
EXAMPLE = ROOT / "docs" / "examples" / "asl-bridge-locations.yaml"


def copy_example(tmp_path: Path) -> Path:
    """The example scenario and its map side by side in `tmp_path`."""
    shutil.copy(FOLDER / "arnhem-bridge-fragment.map.yaml", tmp_path / "arnhem-bridge-fragment.map.yaml")
    text = EXAMPLE.read_text().replace("map: ../../scenarios/asl-arnhem-bridge/", "map: ")
    (tmp_path / "bridge-locations.yaml").write_text(text)
    return tmp_path / "bridge-locations.yaml"


def _open(qtbot, tmp_path):
    copy_example(tmp_path)
    win = make_window(qtbot, tmp_path)
    assert win.open_path(tmp_path / "bridge-locations.yaml")
    return win


def test_a_unit_on_the_bridge_is_drawn_at_its_location_with_its_level(qtbot, tmp_path):
    win = _open(qtbot, tmp_path)
    layer, g, m = win.counter_layer, win.canvas.geometry, win.document.map
    top, below = layer.items["B-648"], layer.items["G-467"]
    assert top.level_badge is not None and below.level_badge is None
    assert top.toolTip() == "B-648 at R18:1" and below.toolTip() == "G-467"
    c18, c19 = g.centre(m.hex_at("R18")), g.centre(m.hex_at("R19"))
    assert below.scenePos() == c19
    shift = top.scenePos() - c18
    assert shift.x() > 0 and shift.y() < 0  # up and right of the hex's ground location
    assert g.hex_at(top.scenePos()) == m.hex_at("R18")  # still inside its own hex


def test_ground_and_bridge_units_in_one_hex_are_both_visible(qtbot, tmp_path):
    win = _open(qtbot, tmp_path)
    layer = win.counter_layer
    assert layer.move_unit("G-467", "R18")
    top, below = layer.items["B-648"], layer.items["G-467"]
    assert top.scenePos() != below.scenePos() and top.zValue() > below.zValue()
    assert "R18" in layer.badges  # two units in the hex


def test_moving_a_unit_off_its_level_is_one_undo_step(qtbot, tmp_path):
    win = _open(qtbot, tmp_path)
    sc, layer, stack = win.document.scenario, win.counter_layer, win.document.undo_stack
    assert layer.move_unit("B-648", "R20")
    assert sc.placements["B-648"] == "R20" and "B-648" not in sc.placement_levels
    assert layer.items["B-648"].level_badge is None
    stack.undo()
    assert sc.placements["B-648"] == "R18" and sc.placement_levels == {"B-648": 1}
    assert layer.items["B-648"].level_badge is not None
    stack.redo()
    assert "B-648" not in sc.placement_levels
    stack.undo()
    assert win.save()
    again = load_scenario(tmp_path / "bridge-locations.yaml")
    assert again.ok and again.scenario.placement_levels == {"B-648": 1}
    assert "B-648: 'R18:1'" in (tmp_path / "bridge-locations.yaml").read_text()


def test_a_line_of_sight_drag_from_a_units_hex_does_not_move_the_unit(qtbot, tmp_path):
    """The LOS tool (L) dragged from R18, where a counter stands, draws the line (the rowhouse hexside
    R17/R18 blocks it, ASL Arnhem Bridge SSR 1.12) and leaves the unit where it is: no undo step."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from tests.app.test_editor_support import drag

    win = _open(qtbot, tmp_path)
    m, sc = win.document.map, win.document.scenario
    QTest.keyClick(win.view, Qt.Key.Key_L)
    drag(win, [m.hex_at("R18"), m.hex_at("Q18"), m.hex_at("Q17")])
    assert sc.placements["B-648"] == "R18" and sc.placement_levels == {"B-648": 1}
    assert win.document.undo_stack.count() == 0
    assert "rowhouse hexside R17/R18" in win.tool_label.text()
    # the eyedropper reads the terrain under a counter too
    win.set_tool("eyedropper")
    drag(win, [m.hex_at("R19"), m.hex_at("S19")])
    assert sc.placements["G-467"] == "R19" and win.document.undo_stack.count() == 0


def test_the_order_of_battle_says_where_in_the_hex(qtbot, tmp_path):
    from hexwright.engine.model.oob import unit_status

    win = _open(qtbot, tmp_path)
    sc = win.document.scenario
    assert unit_status(sc, "B-648").text() == "set up at R18:1"
    assert unit_status(sc, "G-467").text() == "set up at R19"
    oob = win.scenario_panels.oob
    assert oob.unit_items["B-648"].text(2) == "set up at R18:1"
