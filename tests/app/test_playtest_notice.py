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
