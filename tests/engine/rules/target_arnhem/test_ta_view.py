"""The Target Arnhem presenter (engine/rules/target_arnhem/view.py) as the playtest window reads it: moves on
the map carry their length in hexes (made by selecting the unit and clicking the hex), moves into or out of
an off-board area are listed, and the markers say each side's supply points and who waits in which off-board
area (Target Arnhem: Movement, Supply Points)."""

from __future__ import annotations

from hexwright.engine.rules.presentation import MOVE
from hexwright.engine.rules.target_arnhem.decisions import Act
from hexwright.engine.rules.target_arnhem.view import TAPresenter


def test_move_views_on_the_map_cost_their_hexes_and_off_board_moves_are_listed(board):
    b = board
    st = b.state
    b.put("G-9SS-1", "1606")
    b.put("G-9SS-2", "E")
    st.ask(Act("german", 1))
    st.road_ready = frozenset()
    st.invalidate()
    views = [v for v in TAPresenter().action_views(st) if v.kind == MOVE]
    on_map = [v for v in views if v.units == ("G-9SS-1",) and v.cost is not None]
    assert on_map and all(v.hexes[0] == "1606" and v.cost == len(v.hexes) - 1 for v in on_map)
    assert all(v.hexes[-1] == v.action.dest for v in on_map)
    into = [v for v in views if v.units == ("G-9SS-1",) and v.cost is None]
    assert into and all(v.hexes == () and "off-board area" in v.label for v in into)
    onto = [v for v in views if v.units == ("G-9SS-2",)]
    assert onto and all(v.cost is None for v in onto)
    assert {v.hexes for v in onto if v.hexes} == {(v.action.dest,) for v in onto if st.map.hex_at(v.action.dest)}


def test_markers_give_supply_points_by_side_and_units_off_board(board):
    b = board
    st = b.state
    b.put("G-10SS-1", "E")
    st.points = {"German": 3, "SS": 1, "101st": 2, "82nd": 1, "1st Para": 1}
    marks = {m.id: m for m in TAPresenter().markers(st, None)}
    assert marks["points-allied"].text == "1st Para 1, 101st 2, 82nd 1, XXX Corps unlimited"
    assert marks["points-german"].text == "German 3, SS 1"
    assert marks["area-E"].kind == "off-board area E" and marks["area-E"].text == "G-10SS-1"
    assert {m.id for m in marks.values() if m.kind == "para supply marker" and m.hex} == {"para-101", "para-82",
                                                                                         "para-1"}
