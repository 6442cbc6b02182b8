"""Target Arnhem's off-board areas (P, A-E) are drawn on the playtest board, outside the map edge each one
adjoins, with their names and the number of units waiting in them (Target Arnhem: Movement)."""

from __future__ import annotations

from hexwright.app.playtest.offboard import OFFBOARD

from tests.app.test_playtest import TARGET_ARNHEM, open_window


def test_the_off_board_areas_are_drawn_outside_the_edge_they_adjoin(qtbot):
    win = open_window(qtbot, TARGET_ARNHEM, seats={"allied": "human", "german": "human"}, seed=3)
    board = win.board
    regions = {n: r for n, r in board.map.regions.items() if r.kind == OFFBOARD}
    assert set(regions) >= {"P", "E"} and set(board.offboard.bands) == set(regions)
    g = board.canvas.geometry
    for name, band in board.offboard.bands.items():
        path = band.path()
        assert not path.isEmpty()
        ghosts = board.offboard.ghost_hexes(regions[name].hexes)
        assert ghosts and not any(board.map.contains(h) for h in ghosts)  # outside the map
        for h in ghosts:  # each next to a hex of the area, and drawn
            assert any(max(abs(h.q - x.q), abs(h.r - x.r), abs(h.q + h.r - x.q - x.r)) == 1
                       for x in regions[name].hexes)
            assert path.boundingRect().contains(g.centre(h))
        label = board.offboard.labels[name]
        centre = label.sceneBoundingRect().center()
        assert not board.map.contains(g.hex_at(centre)), name  # the name stands outside the map
    st = win.session.state
    german = next(u for u in st.unit_ids() if st.side_of(u) == "german" and st.on_map(u))
    st.put_offboard(german, "E")  # a German unit waiting in area E
    st.invalidate()
    win.refresh()
    markers = win.session.presenter.markers(win.session.state, None)
    waiting = {m.kind.removeprefix("off-board area "): m.text for m in markers if m.kind.startswith("off-board area ")}
    assert "E" in waiting
    for name, units in waiting.items():
        n = len(units.split(","))
        assert board.offboard.labels[name].text() == f"{name} ({n})"
