"""The playtest window driven through the GUI: a shipped F&M scenario against a bot (selecting a unit shows
the presenter's reach and ZOC, hovering draws the path, clicking moves, an illegal click is refused with
its rule), several phases with the bot on the other side, save and load, replay stepping, a Koenig game,
and the editor's Playtest action on a copy of the document."""

from __future__ import annotations

import pytest
from hexwright.app.playtest.session import GameSession, load_playable
from hexwright.app.playtest.window import PlaytestWindow
from hexwright.engine.rules.presentation import ATTACK, ENTER, MOVE, PASS
from hexwright.engine.rules.protocol import CHANCE
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.conftest import SCENARIOS

FM1 = SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml"
KOENIG = SCENARIOS / "koenig-arnhem-bridge" / "arnhem-bridge.yaml"
WAIT_MS = 120000  # bots think in a worker thread; generous for a loaded machine


def open_window(qtbot, path=FM1, seats=None, seed=1) -> PlaytestWindow:
    sc = load_playable(path)
    if seats is None:
        seats = {sc.sides[0].id: "human", sc.sides[1].id: "heuristic"}
    win = PlaytestWindow(GameSession(sc, seed, seats, str(path)), pace_ms=0)
    qtbot.addWidget(win)
    win.resize(1300, 850)
    win.show()
    qtbot.waitExposed(win)
    return win


def wait_for_person(qtbot, win: PlaytestWindow) -> None:
    s = win.session
    qtbot.waitUntil(lambda: s.human_to_act() or s.state.is_terminal(), timeout=WAIT_MS)


def land_all(qtbot, win: PlaytestWindow) -> None:
    """Make the person's decisions until a movement decision: each landing by clicking its hex."""
    for _ in range(200):
        wait_for_person(qtbot, win)
        views = win.views()
        if any(v.kind == MOVE for v in views):
            return
        entry = next((v for v in views if v.kind == ENTER and v.hexes), None)
        n = len(win.session.state.history())
        if entry is not None and len([v for v in views if v.kind == ENTER and v.hexes[-1] == entry.hexes[-1]]) == 1:
            win.click_hex(entry.hexes[-1])
        else:
            win.choose_view(views[0])
        assert len(win.session.state.history()) > n
    raise AssertionError("no movement decision reached")


def test_select_hover_click_moves_a_unit_by_the_presenters_views(qtbot):
    win = open_window(qtbot)
    land_all(qtbot, win)
    s = win.session
    pres = s.presenter
    mv = next(v for v in win.views() if v.kind == MOVE and v.cost is not None and len(v.hexes) > 2)
    uid = mv.units[0]
    start = win.board.units[uid].hex
    assert start == mv.hexes[0]
    # a real mouse click on the unit's hex selects it
    QTest.mouseClick(win.board.view.viewport(), Qt.MouseButton.LeftButton, pos=win.board.view_pos(start))
    assert win.board.selected == uid
    assert win.board.reach == pres.move_costs(s.state, uid)
    assert win.board.reach and set(win.board.cost_items) == set(win.board.reach)
    assert win.board.zoc == pres.zoc_hexes(s.state, "allied")
    # hovering a reachable hex draws the path of its MOVE action
    dest = mv.hexes[-1]
    win.hover_hex(dest)
    assert win.board.path == win.move_to(uid, dest).hexes
    win.hover_hex(None)
    # clicking it makes the move
    chosen = win.move_to(uid, dest)
    before = len(s.state.history())
    QTest.mouseClick(win.board.view.viewport(), Qt.MouseButton.LeftButton, pos=win.board.view_pos(dest))
    assert len(s.state.history()) == before + 1
    assert s.state.history()[before].action == chosen.action
    unit = next(u for u in pres.units(s.state) if u.id == uid)
    # the unit went along the path (to its end, or to a bridge where the German may attempt a demolition,
    # F&M 10.6.3) and the board shows it where the presenter says
    assert unit.hex in chosen.hexes[1:] and unit.hex != start
    assert win.board.units[uid].hex == unit.hex
    assert uid in win.board.items


def test_an_illegal_click_is_refused_with_its_rule(qtbot):
    win = open_window(qtbot)
    land_all(qtbot, win)
    s = win.session
    mv = next(v for v in win.views() if v.kind == MOVE)
    uid = mv.units[0]
    win.click_hex(win.board.units[uid].hex)
    assert win.board.selected == uid
    far = next(lab for lab in (s.scenario.map.label(h) for h in s.scenario.map.hexes)
               if lab not in win.board.reach and not win.board.units_at(lab)
               and lab != win.board.units[uid].hex)
    fp = s.state.fingerprint()
    win.click_hex(far)
    assert s.state.fingerprint() == fp  # nothing happened
    assert ".txt" not in win.last_message and "F&M" in win.last_message, win.last_message  # by title, not file
    # clicking an enemy unit's hex with an Allied unit selected: the rule that forbids entering it
    enemy_hex = next(u.hex for u in win.board.units.values() if u.side == "german" and u.hex)
    win.click_hex(win.board.units[uid].hex)
    win.click_hex(enemy_hex)
    assert s.state.fingerprint() == fp
    assert ".txt" not in win.last_message and "F&M" in win.last_message, win.last_message  # by title, not file
    # dragging a German counter in the Allied Movement Phase: the rule that only the active player moves
    german = next(u for u in win.board.units.values() if u.side == "german" and u.hex)
    win.drag_unit(german.id, german.hex, far)
    assert s.state.fingerprint() == fp
    assert "F&M 5.2" in win.last_message and ".txt" not in win.last_message, win.last_message


def test_several_phases_against_the_bot(qtbot):
    win = open_window(qtbot)
    s = win.session
    land_all(qtbot, win)
    phases = set()
    for _ in range(400):
        wait_for_person(qtbot, win)
        if s.state.is_terminal() or s.state.phase.turn >= 2:
            break
        phases.add(s.state.phase.name)
        views = win.views()
        passes = [v for v in views if v.kind == PASS]
        n = len(s.state.history())
        if passes:
            win.pass_phase()
        else:
            win.choose_view(views[0])
        assert len(s.state.history()) > n
    players = {e.player for e in s.state.history()}
    assert {"allied", "german", CHANCE} <= players
    assert s.state.phase.turn >= 2 or s.state.is_terminal()
    assert len(phases) >= 3
    # the log holds the bot's actions with their phase and the rules' lines
    text = win.log_panel.toPlainText()
    assert "German:" in text and "GT 1" in text
    assert win.turn_track.track is not None and win.turn_track.track.turn == s.state.phase.turn


def test_attack_preview_then_attack(qtbot):
    win = open_window(qtbot, seats={"allied": "heuristic", "german": "human"}, seed=3)
    s = win.session
    for _ in range(600):
        wait_for_person(qtbot, win)
        assert not s.state.is_terminal()
        views = win.views()
        attacks = [v for v in views if v.kind == ATTACK]
        if attacks:
            break
        win.choose_view(next((v for v in views if v.kind == PASS), views[0]))
    else:
        raise AssertionError("no attack offered")
    target = attacks[0].hexes[-1]
    win.click_hex(target)
    assert win.preview.preview is not None
    prev = s.presenter.combat_preview(s.state, win.preview.view.action)
    assert win.preview.preview == prev
    assert win.preview.bars.rows and sum(p for _, _, p in win.preview.bars.rows) == 1
    assert [r for r, _, _ in win.preview.bars.rows] == list(prev.distribution)
    assert target in win.board.targets
    assert all(v.kind == ATTACK and v.hexes[-1] == target for v in win.decision.shown_views())
    n = len(s.state.history())
    win.preview.attack_button.click()
    assert len(s.state.history()) > n
    assert s.state.history()[n].action == prev.action


def test_save_and_load_a_game_in_progress(qtbot, tmp_path):
    win = open_window(qtbot)
    land_all(qtbot, win)
    win.pass_phase()
    wait_for_person(qtbot, win)
    log = tmp_path / "game.hwlog.yaml"
    assert win.save_game(log)
    other = open_window(qtbot, seed=9)
    assert other.load_game(log, seats={"allied": "human", "german": "heuristic"})
    assert other.session.state == win.session.state
    assert other.session.state.fingerprint() == win.session.state.fingerprint()
    assert other.session.seed == 1
    # the loaded game goes on: the person to act can act
    assert other.session.human_to_act()
    assert [ln.text for ln in other.session.lines] == [ln.text for ln in win.session.lines]


def test_a_finished_game_is_announced_and_replays_step_by_step(qtbot):
    sc = load_playable(FM1)
    session = GameSession(sc, 2, {"allied": "random", "german": "random"}, str(FM1), {"max_turns": 1})
    win = PlaytestWindow(session, pace_ms=0)
    qtbot.addWidget(win)
    win.show()
    s = win.session
    qtbot.waitUntil(lambda: s.state.is_terminal(), timeout=WAIT_MS * 3)
    out = s.state.outcome()
    assert out is not None and out.reason
    assert win.victory_box is not None and win.victory_box.isVisible()
    assert out.reason in win.victory_box.text()
    assert f"Game over: {win.session.side_name(out.winner or '')} wins: {out.reason}" in win.log_panel.toPlainText()
    total = len(s.state.history())
    win.toggle_replay(True)
    assert win.replay_n == 0
    initial = s.game.new_initial_state(s.seed)
    assert win.state == initial
    for n in range(1, 6):
        win.replay_step(1)
        assert win.replay_n == n
        assert win.state == s.state_at(n)
    win.replay_step(-1)
    assert win.state == s.state_at(4)
    win.replay_slider.setValue(total // 2)
    assert win.replay_n == total // 2 and win.state == s.state_at(total // 2)
    assert win.log_panel.toPlainText().count("\n") < len(s.lines)
    win.act_last.trigger()
    assert win.replay_n == total and win.state == s.state
    fp = s.state.fingerprint()
    win.click_hex(next(iter(win.board.stacks)))
    assert "Replay" in win.last_message and s.state.fingerprint() == fp
    win.toggle_replay(False)
    assert win.live()


def test_hot_seat_shows_each_player_his_own_decisions(qtbot):
    from hexwright.engine.bots import make_bot

    win = open_window(qtbot, seats={"allied": "human", "german": "human"}, seed=6)
    s = win.session
    helper = make_bot("random", 3, s.scenario)
    seen = set()
    for _ in range(2000):
        assert s.human_to_act()
        seen.add(s.actor())
        assert s.viewer() == s.actor()
        assert "hot-seat" in win.prompt.text()
        if seen == {"allied", "german"}:
            break
        assert win.apply_action(helper.choose(s.state.clone()))
    assert seen == {"allied", "german"}
    assert not win.runner.busy


def test_koenig_scenario_plays_in_the_window(qtbot):
    win = open_window(qtbot, KOENIG, seats={"allied": "human", "german": "random"}, seed=4)
    s = win.session
    for _ in range(30):
        wait_for_person(qtbot, win)
        if s.state.is_terminal():
            break
        views = win.views()
        assert views
        n = len(s.state.history())
        win.choose_view(views[0])
        assert len(s.state.history()) > n
    assert {"allied", CHANCE} <= {e.player for e in s.state.history()}
    assert win.log_panel.toPlainText().strip()
    assert win.turn_track.track is not None


def test_editor_playtest_action_opens_a_copy(qtbot, tmp_path, monkeypatch):
    from hexwright.app.playtest import launch
    from hexwright.app.playtest.start_dialog import StartDialog
    from hexwright.engine.formats import dump_scenario

    from tests.app.test_editor_support import make_window

    ed = make_window(qtbot, tmp_path)
    assert ed.open_path(FM1)
    doc = ed.document
    before = dump_scenario(doc.scenario)
    monkeypatch.setattr(StartDialog, "exec", lambda self: StartDialog.DialogCode.Accepted)
    ed.act_playtest.trigger()
    win = ed.playtest_window
    assert win is not None and win in launch.open_windows()
    qtbot.addWidget(win)
    assert win.session.scenario is not doc.scenario
    assert win.session.scenario.map is not doc.map
    assert win.session.scenario_path == str(doc.path)
    land_all(qtbot, win)
    assert len(win.session.state.history()) > 10
    assert dump_scenario(doc.scenario) == before
    assert doc.undo_stack.count() == 0 and not doc.modified
    win.close()


def test_editor_playtest_refuses_a_scenario_with_errors(qtbot, tmp_path, monkeypatch):
    """A scenario that does not validate is not played: the errors are listed (file:line) and no game opens."""
    from hexwright.app.playtest.start_dialog import StartDialog
    from PySide6.QtWidgets import QMessageBox

    from tests.app.test_editor_support import make_window

    ed = make_window(qtbot, tmp_path)
    assert ed.open_path(FM1)
    uid = next(iter(ed.document.scenario.placements))
    ed.document.scenario.placements[uid] = "9999"  # no such hex on the map
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: warned.append(a[2]))
    monkeypatch.setattr(StartDialog, "exec", lambda self: pytest.fail("the start dialog must not open"))
    ed.act_playtest.trigger()
    assert ed.playtest_window is None
    assert warned and "error" in warned[0] and "9999" in warned[0]
    listed = [ed.diagnostics.list.item(i).text() for i in range(ed.diagnostics.list.count())]
    assert any("9999" in t for t in listed)


def test_retreat_and_advance_are_asked_in_place(qtbot):
    """A retreat, displacement or advance path (MOVE views without an MP cost) is listed in the decision
    panel, drawn on the board while hovered, and made by clicking the hex it ends in."""
    from hexwright.engine.bots import make_bot

    win = open_window(qtbot, seats={"allied": "human", "german": "heuristic"}, seed=5)
    s = win.session
    helper = make_bot("heuristic", 11, s.scenario)  # decides for the person until a path decision comes up
    for _ in range(3000):
        wait_for_person(qtbot, win)
        assert not s.state.is_terminal()
        paths = [v for v in win.views() if v.kind == MOVE and v.cost is None and len(v.hexes) > 1]
        if paths:
            break
        assert win.apply_action(helper.choose(s.state.clone()))
    else:
        raise AssertionError("no retreat, displacement or advance decision came up")
    listed = win.decision.shown_views()
    assert all(v in listed for v in paths)
    view = paths[-1]
    win.decision.select_view(view)
    assert win.board.path == view.hexes
    assert view.hexes[-1] in win.board.targets
    win.select_unit(None)
    win.hover_hex(view.hexes[-1])
    assert win.board.path[-1] == view.hexes[-1]
    n = len(s.state.history())
    ends_here = [v for v in win.views() if v.hexes and v.hexes[-1] == view.hexes[-1] and not
                 (v.kind == MOVE and v.cost is not None)]
    win.click_hex(view.hexes[-1])
    if len(ends_here) == 1:
        assert s.state.history()[n].action == view.action
    else:  # several decisions end there: the list shows just those to pick from
        assert set(map(id, win.decision.shown_views())) <= set(map(id, win.views()))
        win.decision.select_view(view)
        win.decision.do_button.click()
        assert s.state.history()[n].action == view.action


def test_an_entry_picked_in_the_list_is_made_by_clicking_its_hex(qtbot):
    """Koenig: several units may enter the map at the same hex; the one picked in the Decision list enters
    where the person clicks."""
    win = open_window(qtbot, KOENIG, seats={"allied": "human", "german": "heuristic"}, seed=4)
    s = win.session
    for _ in range(50):
        wait_for_person(qtbot, win)
        entries = [v for v in win.views() if v.kind == ENTER and v.units and v.hexes]
        if entries:
            break
        win.choose_view(win.views()[0])
    else:
        raise AssertionError("no entry decision")
    last_unit = entries[-1].units
    view = next(v for v in reversed(entries) if v.units == last_unit)
    assert any(v.units != last_unit and v.hexes[-1] == view.hexes[-1] for v in entries), "want a shared hex"
    win.decision.select_view(view)
    n = len(s.state.history())
    win.click_hex(view.hexes[-1])
    assert len(s.state.history()) > n, (win.last_message, win.board.units_at(view.hexes[-1]))
    assert s.state.history()[n].action == view.action


def test_editor_balance_lab_action_opens_the_lab_on_the_scenario_file(qtbot, tmp_path):
    from tests.app.test_editor_support import make_window

    ed = make_window(qtbot, tmp_path)
    assert ed.open_path(FM1)
    ed.act_balance_lab.trigger()
    dlg = ed.balance_lab_dialog
    qtbot.addWidget(dlg)
    assert dlg.isVisible() and not dlg.isModal()
    assert dlg.path_edit.text() == str(ed.document.path)
    dlg.close()


def test_turn_track_labels_are_short_and_readable(qtbot):
    from hexwright.app.playtest.panels import short_phase_names

    win = open_window(qtbot)
    track = win.turn_track
    assert track.track is not None and len(track.labels) == len(track.track.phases)
    assert short_phase_names(["Support Fire Marker Phase", "Allied Movement Phase", "Allied Bombardment Phase",
                              "Allied Mobile Movement Phase", "German Movement Phase", "German Combat Phase",
                              "Game Turn End Phase"], ("Allied", "German")) == [
        "SFM", "Allied Move", "Bombard", "Mobile Move", "German Move", "Combat", "GT End"]
    win.resize(1600, 1000)
    qtbot.wait(50)
    track.repaint()
    fm = track.fontMetrics()
    bold = track.font()
    bold.setBold(True)
    from PySide6.QtGui import QFontMetrics

    bfm = QFontMetrics(bold)
    for label, chip in zip(track.labels, track.chips, strict=True):  # every label fits its chip unelided
        assert max(fm.horizontalAdvance(label), bfm.horizontalAdvance(label)) <= chip.width() - 4, label


def test_koenig_units_move_on_the_map_by_drag(qtbot):
    win = open_window(qtbot, KOENIG, seats={"allied": "human", "german": "heuristic"}, seed=4)
    s = win.session
    pres = s.presenter
    for _ in range(60):
        wait_for_person(qtbot, win)
        moves = [v for v in win.views() if v.kind == MOVE and v.cost is not None and v.units
                 and win.board.units.get(v.units[0]) and win.board.units[v.units[0]].hex == v.hexes[0]
                 and not win.board.units_at(v.hexes[-1]) and win.board.units_at(v.hexes[0])[-1] == v.units[0]]
        if moves:  # a unit on top of its hex (a drag takes the top counter) that can move to an empty hex
            break
        assert not s.state.is_terminal()
        views = win.views()
        win.choose_view(next((v for v in views if v.kind == ENTER), views[0]))  # bring units onto the map
    else:
        raise AssertionError("no unit on the map could move")
    mv = moves[0]
    uid = mv.units[0]
    win.click_hex(mv.hexes[0], uid)
    assert win.board.selected == uid
    assert win.board.reach == pres.move_costs(s.state, uid)
    assert mv.hexes[-1] in win.board.reach
    assert win.board.zoc == pres.zoc_hexes(s.state, "allied")
    # a drag with the mouse from the counter to the destination
    vp = win.board.view.viewport()
    n = len(s.state.history())
    expected = win.move_to(uid, mv.hexes[-1])
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, pos=win.board.view_pos(mv.hexes[0]))
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=win.board.view_pos(mv.hexes[-1]))
    assert len(s.state.history()) == n + 1
    assert s.state.history()[n].action == expected.action
    assert next(u for u in pres.units(s.state) if u.id == uid).hex == mv.hexes[-1]


def test_a_bots_move_is_shown_on_the_board_at_a_followable_pace(qtbot):
    from hexwright.engine.rules.fm.actions import Move

    sc = load_playable(FM1)
    win = PlaytestWindow(GameSession(sc, 7, {"allied": "random", "german": "random"}, str(FM1)), pace_ms=1)
    qtbot.addWidget(win)
    win.show()
    s = win.session

    def last_move_drawn() -> bool:
        last = s.state.history()[-1].action if s.state.history() else None
        return isinstance(last, Move) and win.board.path == last.path and last.path[-1] in win.board.targets

    qtbot.waitUntil(last_move_drawn, timeout=WAIT_MS)
    assert s.side_name(s.state.history()[-1].player) in win.last_message


def test_units_panel_lists_every_unit_and_selects_one_on_the_map(qtbot):
    win = open_window(qtbot)
    land_all(qtbot, win)
    s = win.session
    panel = win.units_panel
    units = s.presenter.units(s.state, s.viewer())
    listed = []
    for i in range(panel.topLevelItemCount()):
        group = panel.topLevelItem(i)
        listed += [group.child(j) for j in range(group.childCount())]
    assert sorted(it.data(0, Qt.ItemDataRole.UserRole) for it in listed) == sorted(u.id for u in units)
    mv = next(v for v in win.views() if v.kind == MOVE and v.cost is not None)
    item = next(it for it in listed if it.data(0, Qt.ItemDataRole.UserRole) == mv.units[0])
    assert item.text(1) == mv.hexes[0]
    panel.itemClicked.emit(item, 0)
    assert win.board.selected == mv.units[0]
    assert win.board.reach == s.presenter.move_costs(s.state, mv.units[0])


def test_a_quick_second_click_is_a_click_on_the_board(qtbot):
    """Two clicks in quick succession arrive as a double click; on the board the second is a click too."""
    win = open_window(qtbot)
    land_all(qtbot, win)
    mv = next(v for v in win.views() if v.kind == MOVE and v.cost is not None)
    uid = mv.units[0]
    vp = win.board.view.viewport()
    pos = win.board.view_pos(mv.hexes[0])
    QTest.mouseClick(vp, Qt.MouseButton.LeftButton, pos=pos)
    assert win.board.selected == uid
    win.board.select(None)
    QTest.mouseDClick(vp, Qt.MouseButton.LeftButton, pos=pos)  # the second press of a quick pair, as Qt sends it
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=pos)
    assert win.board.selected == uid


def test_the_log_hides_the_bots_secret_marker_draws(qtbot):
    """F&M 7.2: the other player knows only how many support fire markers were drawn. Playing the Allies
    against a German bot, the log masks the German draws and shows the public dice in full; the session's
    game log (which must replay) keeps every draw."""
    win = open_window(qtbot)
    land_all(qtbot, win)
    s = win.session
    entries = s.state.history()
    german = [e for e in entries if e.player == CHANCE and e.owner == "german"]
    public = [e for e in entries if e.player == CHANCE and not e.owner]
    assert german and public
    text = "\n".join(ln.text for ln in s.lines)
    for e in german:
        assert f"Dice: {s.presenter.action_text(s.state, e.action)}" not in text
        assert e.action.text() not in text
    assert f"Dice: {s.state.masked_text(german[0])}" in text
    assert f"Dice: {s.presenter.action_text(s.state, public[0].action)}" in text
    assert [e.action.text() for e in german] == [t for t in s.game_log().actions if t.startswith("draw ")][:len(german)]


TARGET_ARNHEM = SCENARIOS / "target-arnhem" / "target-arnhem.yaml"


def test_target_arnhem_scenario_plays_in_the_window(qtbot):
    """Target Arnhem against the random bot: the Adjustment's reinforcements and the impulses' moves, drops
    and attacks are made through the window's views; the log, turn track and markers (para supply markers,
    supply points) show."""
    win = open_window(qtbot, TARGET_ARNHEM, seats={"allied": "human", "german": "random"}, seed=3)
    s = win.session
    kinds: set[str] = set()
    for _ in range(40):
        wait_for_person(qtbot, win)
        if s.state.is_terminal():
            break
        views = win.views()
        assert views
        kinds |= {v.kind for v in views}
        n = len(s.state.history())
        pick = next((v for v in views if v.kind == ENTER and v.hexes), None) or \
            next((v for v in views if v.kind == MOVE), views[0])
        if pick.hexes and pick.kind in (ENTER, MOVE) and pick.units:
            win.choose_view(pick)
        else:
            win.choose_view(pick)
        assert len(s.state.history()) > n
    assert {"allied", "german", CHANCE} <= {e.player for e in s.state.history()}
    assert {ENTER, MOVE, PASS} <= kinds
    assert "Target Arnhem" in win.log_panel.toPlainText()
    assert win.turn_track.track is not None
    markers = s.presenter.markers(s.state, "allied")
    assert any(m.kind == "para supply marker" and m.hex for m in markers)


def test_target_arnhem_unit_moves_on_the_map_by_click(qtbot):
    """An Allied unit on the map is selected by a click, its reach is the presenter's, and a click on a hex
    it may reach moves it there (Target Arnhem: Movement)."""
    win = open_window(qtbot, TARGET_ARNHEM, seats={"allied": "human", "german": "heuristic"}, seed=5)
    s = win.session
    pres = s.presenter
    for _ in range(60):
        wait_for_person(qtbot, win)
        moves = [v for v in win.views() if v.kind == MOVE and v.units and v.hexes
                 and win.board.units.get(v.units[0]) and win.board.units[v.units[0]].hex == v.hexes[0]
                 and not win.board.units_at(v.hexes[-1])]
        if moves:
            break
        assert not s.state.is_terminal()
        views = win.views()
        win.choose_view(next((v for v in views if v.kind == ENTER), views[0]))
    else:
        raise AssertionError("no unit on the map could move")
    mv = moves[0]
    uid = mv.units[0]
    win.click_hex(mv.hexes[0], uid)
    assert win.board.selected == uid
    assert win.board.reach == pres.move_costs(s.state, uid)
    assert mv.hexes[-1] in win.board.reach
    n = len(s.state.history())
    win.click_hex(mv.hexes[-1])
    assert len(s.state.history()) > n
    assert next(u for u in pres.units(s.state) if u.id == uid).hex == mv.hexes[-1]
