"""Mid-game in the playtest window: a pass that leaves units unmoved asks first (an F&M Movement Phase after
"Land all"), a seat is handed to a bot and back while the game goes on, and the game log dock is tall enough
to read."""

from __future__ import annotations

from hexwright.app.playtest import seats
from hexwright.app.playtest.gamelog import MIN_LINES
from hexwright.engine.rules.presentation import MOVE, PASS

from tests.app.test_playtest import KOENIG, land_all, open_window, wait_for_person


def test_passing_with_units_unmoved_asks_first_and_no_keeps_the_phase(qtbot, monkeypatch, pass_questions):
    win = open_window(qtbot)
    land_all(qtbot, win)
    s = win.session
    movers = {v.units[0] for v in win.views() if v.kind == MOVE}
    assert len(movers) > 1
    n = len(s.state.history())
    monkeypatch.setattr(seats, "ask", lambda parent, title, text: pass_questions.append((title, text)) or False)
    win.pass_phase()
    assert len(s.state.history()) == n  # No: the Movement Phase goes on
    title, text = pass_questions[-1]
    assert title == "Units not moved" and text.startswith(f"{len(movers)} units can still move in this step: ")
    assert "Not passed" in win.last_message
    win.choose_view(win.decision.pass_view)  # the Pass button of the Decision panel asks too
    assert len(s.state.history()) == n and len(pass_questions) == 2
    monkeypatch.setattr(seats, "ask", lambda parent, title, text: True)
    win.pass_phase()
    assert len(s.state.history()) == n + 1


def test_a_seat_is_handed_to_a_bot_and_back_mid_game(qtbot):
    win = open_window(qtbot, KOENIG, seats={"allied": "human", "german": "human"}, seed=4)
    s = win.session
    wait_for_person(qtbot, win)
    n = len(s.state.history())
    fp = s.state.fingerprint()
    seats.change_seats(win, {"allied": "random", "german": "random"})
    assert set(s.bots) == {"allied", "german"} and s.state.fingerprint() == fp  # the game is untouched
    assert "random bot" in win.windowTitle()
    qtbot.waitUntil(lambda: len(s.state.history()) >= n + 5 or s.state.is_terminal(), timeout=120000)
    seats.change_seats(win, {"allied": "human", "german": "human"})
    wait_for_person(qtbot, win)
    assert not s.bots and s.human_to_act()
    assert "seats changed after" in win.log_panel.toPlainText()
    m = len(s.state.history())
    qtbot.wait(300)
    assert len(s.state.history()) == m  # no bot plays on for a side handed back


def test_the_game_log_dock_shows_lines_enough_to_read(qtbot):
    win = open_window(qtbot)
    qtbot.waitUntil(lambda: win.log_panel.height() > 0)
    lines = win.log_panel.height() // win.log_panel.fontMetrics().lineSpacing()
    assert lines >= MIN_LINES, lines
    assert win.dock_log.isVisible()
    assert win.decision.pass_view is None or win.decision.pass_view.kind == PASS


def test_passing_an_impulse_asks_nothing(qtbot, pass_questions):
    """Storm over Arnhem: a pass is ordinary play (the units act in the impulses to come): no question."""
    from hexwright.app.playtest.session import GameSession, load_playable
    from hexwright.app.playtest.window import PlaytestWindow

    from tests.conftest import SCENARIOS

    path = SCENARIOS / "storm-arnhem" / "the-crossing.yaml"
    sc = load_playable(path)
    win = PlaytestWindow(GameSession(sc, 3, {s.id: "human" for s in sc.sides}, str(path)), path.parent, pace_ms=0)
    qtbot.addWidget(win)
    s = win.session
    for _ in range(200):
        views = win.views()
        if win.decision.pass_view is not None and any(v.kind == MOVE for v in views):
            break
        win.apply_action(next((v for v in views if v.kind == "enter"), views[0]).action)
    n = len(s.state.history())
    win.pass_phase()
    assert len(s.state.history()) == n + 1 and not pass_questions
