"""Target Arnhem in the playtest: the off-board areas (P, A-E) are drawn on the board, outside the map edge
each one adjoins, with their names and the number of units waiting in them (Target Arnhem: Movement); a
declared attack is previewed at once and can be cancelled (Attack, Combat)."""

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


def test_a_declared_attack_is_previewed_before_a_row_is_picked_and_can_be_cancelled(qtbot):
    """Target Arnhem (Attack, Combat): after "declare an attack" the Combat preview shows the attack in hand at
    once, not "No attack selected"; "cancel" takes it back."""
    from hexwright.engine.rules.presentation import ATTACK

    win = open_window(qtbot, TARGET_ARNHEM, seats={"allied": "human", "german": "human"}, seed=3)
    s = win.session
    for _ in range(40):
        if any(v.kind == ATTACK for v in win.views()):
            break
        views = win.views()
        win.apply_action(next((v for v in views if v.kind == "enter" or v.verb in ("done", "pass")), views[0]).action)
    attack = next(v for v in win.views() if v.kind == ATTACK)
    win.choose_view(attack)
    target = attack.hexes[-1]
    assert win.preview.preview is not None and win.preview.preview.target == target
    assert win.preview.title.text() == f"Attack declared on {target}: no attacking unit yet"
    assert not win.preview.attack_button.isEnabled()  # nothing to resolve yet
    joins = [v for v in win.views() if v.verb == "with"]
    win.choose_view(joins[0])
    assert win.preview.preview is not None and win.preview.preview.attackers == joins[0].units
    assert win.preview.attack_button.isEnabled()
    n = len(s.state.history())
    win.choose_view(next(v for v in win.views() if v.verb == "cancel"))
    assert len(s.state.history()) == n + 1 and win.preview.preview is None
