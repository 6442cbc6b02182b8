"""The playtest window on an area map: The Crossing (Storm over Arnhem) drawn as areas, units laid out
inside their areas, set-up and moves made by clicking areas, legal moves offered by the engine through the
presenter (the board only shows and reports)."""

from __future__ import annotations

import pytest
from hexwright.app.playtest.area_board import AreaBoardView
from hexwright.app.playtest.panels import is_map_move
from hexwright.app.playtest.session import HUMAN, GameSession, load_playable
from hexwright.app.playtest.window import PlaytestWindow
from PySide6.QtCore import QPointF, Qt
from shapely.geometry import Point

from tests.conftest import SCENARIOS

CROSSING = SCENARIOS / "storm-arnhem" / "the-crossing.yaml"


@pytest.fixture
def win(qtbot):
    sc = load_playable(CROSSING)
    session = GameSession(sc, 3, {s.id: HUMAN for s in sc.sides}, str(CROSSING))
    w = PlaytestWindow(session, CROSSING.parent)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def click_area(qtbot, win, area: str) -> None:
    qtbot.mouseClick(win.board.view.viewport(), Qt.MouseButton.LeftButton, pos=win.board.view_pos(area))


def counters_inside_their_areas(board: AreaBoardView) -> int:
    n = 0
    for uid, item in board.layers.counter_items.items():
        uv = board.units[uid]
        if uv.hex is None:
            continue
        assert board.map.geometry(uv.hex).contains(Point(item.pos().x(), item.pos().y())), (uid, uv.hex)
        n += 1
    return n


def test_the_crossing_plays_on_an_area_board(win):
    board = win.board
    assert isinstance(board, AreaBoardView)
    assert set(board.layers.area_items) == set(win.session.scenario.area_map.areas)
    assert counters_inside_their_areas(board) >= 1


def test_set_up_by_clicking_an_area(qtbot, win):
    views = win.views()
    setups = [v for v in views if v.hexes and not is_map_move(v)]
    assert setups, "The Crossing starts with the British set-up (Storm over Arnhem 2.1)"
    target = setups[-1]
    uid, area = target.units[0], target.hexes[-1]
    n = len(win.session.state.history())
    click_area(qtbot, win, area)
    assert len(win.session.state.history()) == n + 1
    assert win.board.units[uid].hex == area
    assert counters_inside_their_areas(win.board) >= 2


def _play_until_a_move(win, limit: int = 400):
    for _ in range(limit):
        moves = [v for v in win.views() if is_map_move(v) and len(v.hexes) > 1]
        if moves:
            return moves
        views = win.views()
        if not views:
            return []
        pick = next((v for v in views if v.kind == "enter"), None) or next(
            (v for v in views if v.verb in ("pass", "done", "end")), views[0])
        win.apply_action(pick.action)
    return []


def test_select_a_unit_shows_its_reach_and_a_click_moves_it(qtbot, win):
    moves = _play_until_a_move(win)
    assert moves, "no move offered after the set-up"
    mv = moves[0]
    uid, dest = mv.units[0], mv.hexes[-1]
    start = win.board.units[uid].hex
    win.select_unit(uid)
    assert dest in win.board.reach and win.board.reach[dest] == mv.cost
    assert not win.board.reach_item.path().isEmpty()
    win.hover_hex(dest)
    assert win.board.path[-1] == dest and win.board.path[0] == start
    click_area(qtbot, win, dest)
    assert win.board.units[uid].hex == dest
    assert counters_inside_their_areas(win.board) >= 1


def test_a_click_on_an_area_the_rules_forbid_says_why(qtbot, win):
    moves = _play_until_a_move(win)
    assert moves
    uid = moves[0].units[0]
    reach = {v.hexes[-1] for v in win.unit_moves(uid)}
    far = next(a for a in win.session.scenario.area_map.areas if a not in reach and a != win.board.units[uid].hex)
    win.select_unit(uid)
    n = len(win.session.state.history())
    win.click_hex(far)
    assert len(win.session.state.history()) == n
    assert win.last_message  # the rule that forbids it, or what else the click means


def test_area_board_press_and_drag_emit_the_board_signals(qtbot, win):
    board = win.board
    got = []
    board.locationClicked.connect(lambda lab, uid: got.append(("click", lab)))
    a = next(iter(board.map.areas))
    c = board.centre(a)
    board.press(c, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    board.release(c, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    assert got == [("click", a)]
    assert board.label_at(QPointF(-1e6, -1e6)) is None
    assert board.line_path(a, a) == [a]


def test_a_unit_crossing_a_bridge_is_drawn_on_that_border(win):
    from hexwright.engine.rules.presentation import UnitView

    board = win.board
    units = list(board.units.values())
    uid = next(iter(win.session.scenario.units))
    units = [u for u in units if u.id != uid] + [
        UnitView(uid, "german", "recon", None, status="on the bridge (areas 4/5)")]
    board.set_units(units)
    item = board.layers.counter_items[uid]
    line = board.map.shared_border("4", "5")
    assert line.distance(Point(item.pos().x(), item.pos().y())) < board.layers.counter_side


def test_six_units_on_a_bridge_border_stand_side_by_side_on_it(win):
    from hexwright.engine.rules.presentation import UnitView

    board = win.board
    recon = ["G-PSW1", "G-PSW2", "G-SPW1", "G-SPW2", "G-SPW3", "G-SPW4"]
    units = [u for u in board.units.values() if u.id not in recon] + [
        UnitView(uid, "german", "recon", None, status="on the bridge (areas 17/18)") for uid in recon]
    board.set_units(units)
    line = board.map.shared_border("17", "18")
    rects = [board.layers.counter_items[uid].sceneBoundingRect() for uid in recon]
    for i, r in enumerate(rects):
        assert line.distance(Point(r.center().x(), r.center().y())) < board.layers.counter_side
        assert r.width() >= board.layers.counter_side * 0.5 - 0.01
        for other in rects[i + 1:]:
            inter = r.intersected(other)
            assert inter.width() * inter.height() < 0.01 * r.width() * r.height()  # at most touching




def test_the_mf_of_each_area_in_reach_is_never_printed_over_a_counter(win):
    """The MF an area costs is drawn beside its counters (the counters stay readable): one unit moves, and
    the next unit of its area, selected, sees the first one's area in its reach."""
    moves = _play_until_a_move(win)
    assert moves
    first = moves[0]
    win.apply_action(first.action)
    board = win.board
    dest = first.hexes[-1]
    nxt = next(v for v in win.views() if is_map_move(v) and v.hexes[-1] == dest and v.units[0] != first.units[0])
    win.select_unit(nxt.units[0])
    text = board.cost_items[dest]
    counters = [board.layers.counter_items[u] for u in board.units_at(dest) if u in board.layers.counter_items]
    assert counters
    for item in counters:
        assert not text.sceneBoundingRect().intersects(item.sceneBoundingRect())
