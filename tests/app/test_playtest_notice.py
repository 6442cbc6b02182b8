"""A refusal too long for the status bar is shown whole, wrapped, in the decision panel under the prompt
(app/playtest/decision.py DecisionPanel.notice); a decision made clears it."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from tests.app.test_playtest import open_window, wait_for_person


def test_a_long_refusal_is_shown_whole_in_the_decision_panel(qtbot):
    win = open_window(qtbot)
    win.resize(900, 700)  # a window narrower than the refusal's line
    wait_for_person(qtbot, win)
    s = win.session
    fp = s.state.fingerprint()
    assert not win.apply_action("move 101-7 3722 3723")  # a move while the landings are asked: refused, with why
    assert s.state.fingerprint() == fp
    text = win.last_message
    bar = win.statusBar()
    QApplication.processEvents()
    assert bar.fontMetrics().horizontalAdvance(text) > bar.width(), text  # the status bar cuts it
    notice = win.decision.notice
    qtbot.waitUntil(notice.isVisible)
    QApplication.processEvents()
    assert notice.text() == text and notice.wordWrap()
    # every line of it fits: the label is as tall as its wrapped text needs at its width, and no wider
    # than the panel
    qtbot.waitUntil(lambda: notice.height() >= notice.heightForWidth(notice.width()) - 1, timeout=3000)
    assert notice.width() <= win.decision.width()
    view = next(v for v in win.views())
    assert win.apply_action(view.action)
    assert not notice.isVisible() and notice.text() == ""


def test_clicking_a_hex_that_is_not_one_of_the_choices_says_the_rules_reason(qtbot):
    """Koenig 14.2: in the Interdiction step a hex already interdicted is refused with its rule, not with
    'Nothing to do'."""
    from hexwright.app.playtest.session import GameSession, load_playable
    from hexwright.app.playtest.window import PlaytestWindow

    from tests.app.test_playtest import KOENIG

    sc = load_playable(KOENIG)
    s = GameSession(sc, 4, {"allied": "human", "german": "random"}, str(KOENIG), {"interdiction": True})
    win = PlaytestWindow(s, pace_ms=0)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    wait_for_person(qtbot, win)
    views = win.views()
    assert any(v.verb == "interdict" for v in views), [v.action.text() for v in views]  # seed 4: points to trade
    first = next(v for v in views if v.verb == "interdict" and v.action.text().count(" ") == 1)
    hex_ = first.hexes[0]
    win.click_hex(hex_)  # the marker placed
    assert hex_ in {win.session.scenario.map.label(h) for h in win.session.state.interdicted}
    wait_for_person(qtbot, win)
    assert any(v.verb == "interdict" for v in win.views())  # points left to trade: the step goes on
    fp = win.session.state.fingerprint()
    win.click_hex(hex_)  # the same hex again
    assert win.session.state.fingerprint() == fp
    assert win.last_message == (f"interdict {hex_}: {hex_} already has an Interdiction marker: no more than one per "
                                "hex (Koenig 14.2)"), win.last_message
