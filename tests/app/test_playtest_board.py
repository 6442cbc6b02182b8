"""The playtest board behind one protocol: the hex board (Koenig's Arnhem Bridge) and the area board (The
Crossing) each implement everything the window asks of a board, answer the same calls the same way
(reach with its costs, a path, targets, the path a pointing person means), turn presses, drags, hovers
and right clicks into the same signals, and the playtest code reaches neither the editor's map view nor
the board's kind."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest
from hexwright.app.playtest.area_board import AreaBoardView
from hexwright.app.playtest.boards import make_board
from hexwright.app.playtest.boardview import BoardView, PlaytestBoard
from hexwright.app.playtest.hex_board import HexBoardView
from hexwright.app.playtest.session import GameSession, load_playable
from hexwright.app.render.view import ZoomView
from PySide6.QtCore import QPointF, Qt

from tests.conftest import SCENARIOS

KOENIG = SCENARIOS / "koenig-arnhem-bridge" / "arnhem-bridge.yaml"
CROSSING = SCENARIOS / "storm-arnhem" / "the-crossing.yaml"
PLAYTEST = Path(__file__).resolve().parents[2] / "app" / "playtest"
NO_BUTTON = Qt.KeyboardModifier.NoModifier


def protocol_members() -> set[str]:
    """The names PlaytestBoard declares (methods, properties and attributes)."""
    names = {n for n in vars(PlaytestBoard) if not n.startswith("_")}
    return names | set(PlaytestBoard.__annotations__)


@pytest.mark.parametrize("kind", [HexBoardView, AreaBoardView])
def test_each_kind_implements_every_method_the_base_leaves_to_it(kind):
    left = [name for name, fn in vars(BoardView).items()
            if inspect.isfunction(fn) and "NotImplementedError" in inspect.getsource(fn)]
    assert {"has_location", "centre", "outline", "line_path", "set_units", "set_markers"} <= set(left)
    for name in left:
        assert name in vars(kind), f"{kind.__name__} does not implement {name}"
    for name in protocol_members():
        assert hasattr(kind, name) or name in PlaytestBoard.__annotations__, name


@pytest.fixture(params=["hex", "area"])
def board(request, qtbot):
    path = KOENIG if request.param == "hex" else CROSSING
    sc = load_playable(path)
    session = GameSession(sc, 1, {s.id: "human" for s in sc.sides}, str(path))
    b = make_board(sc, path.parent, None)
    qtbot.addWidget(b.view)
    b.view.resize(900, 700)
    b.view.show()
    qtbot.waitExposed(b.view)
    b.view.fit_map()
    b.set_units(session.presenter.units(session.state), session.state.current_player)
    assert isinstance(b, HexBoardView if request.param == "hex" else AreaBoardView)
    assert isinstance(b.view, ZoomView) and b.view.handler is b
    return b


def locations(board: BoardView) -> list[str]:
    if isinstance(board, AreaBoardView):
        return sorted(board.map.areas)
    return [board.map.label(h) for h in board.map.hexes]


def test_both_kinds_draw_reach_paths_and_targets_alike(board):
    locs = locations(board)
    a = locs[len(locs) // 2]
    near = board.neighbour_path(a)
    assert near[0] == a and len(near) == 2 and board.has_location(near[1])
    b = near[1]
    board.show_reach({a: 1.0, b: 2.5, "no such place": 1.0})
    assert board.reach == {a: 1.0, b: 2.5, "no such place": 1.0}
    assert set(board.cost_items) == {a, b}  # a cost drawn in each location on the map
    assert not board.reach_item.path().isEmpty()
    assert "2.5" in board.cost_items[b].text()
    board.show_path((a,))
    ring = board.path_item.path()
    assert not ring.isEmpty() and ring.contains(board.centre(a))
    board.show_path((a, b))
    assert board.path == (a, b) and board.path_item.path().boundingRect().height() > 0
    board.show_targets({b}, {a})
    assert board.targets == {b} and board.participants == {a}
    assert board.target_item.path().contains(board.centre(b))
    board.show_zoc({a})
    assert board.zoc == {a}
    board.clear_overlays()
    assert not board.reach and not board.cost_items and not board.path and not board.targets and not board.zoc
    assert board.line_path(a, a) == [a]
    line = board.line_path(a, b)
    assert line[0] == a and line[-1] == b
    assert not board.has_location("no such place") and not board.has_location(None)
    assert "within reach" in board.reach_text(3)


def test_both_kinds_turn_the_mouse_into_the_same_signals(board, qtbot):
    got: list[tuple] = []
    board.locationClicked.connect(lambda lab, uid: got.append(("click", lab, uid)))
    board.unitDragged.connect(lambda uid, a, b: got.append(("drag", uid, a, b)))
    board.locationHovered.connect(lambda lab: got.append(("hover", lab)))
    board.rightClicked.connect(lambda: got.append(("right",)))
    stacked = next(lab for lab in locations(board) if board.units_at(lab))
    top = board.units_at(stacked)[-1]
    empty = next(lab for lab in locations(board) if not board.units_at(lab) and lab != stacked)
    c, far = board.centre(stacked), board.centre(empty)
    left = Qt.MouseButton.LeftButton
    assert board.label_at(c) == stacked
    assert board.move(c, Qt.MouseButton.NoButton, NO_BUTTON) is False  # hovering never eats the event
    assert board.press(c, left, NO_BUTTON) and board.release(c, left, NO_BUTTON)
    assert board.press(c, left, NO_BUTTON) and board.release(far, left, NO_BUTTON)
    assert board.press(QPointF(-1e6, -1e6), left, NO_BUTTON)  # off the map: used, nothing said
    assert board.press(c, Qt.MouseButton.RightButton, NO_BUTTON)
    board.leave()
    assert got == [("hover", stacked), ("click", stacked, top), ("drag", top, stacked, empty), ("right",),
                   ("hover", None)]
    board.select(top)
    assert board.selected == top
    board.select(None)
    assert board.selected is None


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


def test_playtest_uses_no_editor_map_view_and_never_asks_a_board_its_kind():
    for path in PLAYTEST.glob("*.py"):
        assert "hexwright.app.editor.mapview" not in _imports(path), path.name
    for name in ("window.py", "board_play.py", "game_files.py"):
        text = (PLAYTEST / name).read_text(encoding="utf-8")
        tree = ast.parse(text)
        probes = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                  and n.func.id in ("hasattr", "isinstance") and "board" in ast.unparse(n)]
        assert not probes, (name, [ast.unparse(p) for p in probes])
        assert "AreaBoardView" not in text and "HexBoardView" not in text, name
