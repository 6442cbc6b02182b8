"""The playtest decision panel driven with the mouse: picking an action keeps the layout fixed, a
double-click makes exactly the row under the pointer, "Do it" is disabled (and says why) with nothing
selected, "Land all" lands every airborne unit with each roll in the log (Arnhem: The Farthest Bridge 11.4),
New Game asks before a game in progress is discarded, and what the player reads is worded for a player."""

from __future__ import annotations

import re

from hexwright.app.playtest.start_dialog import StartDialog
from hexwright.engine.rules.fm.decisions import LandingChoice
from hexwright.engine.rules.presentation import ATTACK, PASS
from hexwright.engine.rules.protocol import CHANCE
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QMessageBox

from tests.app.test_playtest import open_window, wait_for_person


def pos_in(win, w) -> QPoint:
    return w.mapTo(win, QPoint(0, 0))


def row_centre(lst, row: int) -> QPoint:
    return lst.visualItemRect(lst.item(row)).center()


def test_land_all_lands_every_airborne_unit_and_logs_each_roll(qtbot):
    win = open_window(qtbot)  # Allied person: the game starts with the airborne landings (11.4)
    s = win.session
    wait_for_person(qtbot, win)
    assert isinstance(s.state.pending_decision(), LandingChoice)
    button = win.decision.batch_button
    assert button.isVisible() and button.text().startswith("Land all")
    assert "11.4" in button.toolTip()
    n0 = len(s.state.history())
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert not isinstance(s.state.pending_decision(), LandingChoice)
    new = s.state.history()[n0:]
    lands = [i for i, e in enumerate(new) if e.action.text().startswith("land ")]
    assert len(lands) > 5
    assert all(new[i + 1].player == CHANCE and new[i + 1].action.text().startswith("roll ") for i in lands)
    log = "\n".join(ln.text for ln in s.lines)
    for i in lands:  # each landing's roll on the Airborne Drop Table, in the log
        unit = new[i].action.unit
        assert re.search(rf"{re.escape(unit)} lands in \d+ \(.*\): roll \d", log), unit
    assert not button.isVisible()
    assert "Land all" in win.last_message


def to_attack(qtbot, win):
    s = win.session
    for _ in range(600):
        wait_for_person(qtbot, win)
        views = win.views()
        attacks = [v for v in views if v.kind == ATTACK]
        if len(attacks) >= 3:
            return attacks
        win.choose_view(next((v for v in views if v.kind == PASS), views[0]))
    raise AssertionError(f"no decision with several attacks ({s.presenter.prompt(s.state)})")


def test_picking_an_action_keeps_the_layout_and_a_double_click_makes_that_row(qtbot):
    win = open_window(qtbot, seats={"allied": "heuristic", "german": "human"}, seed=3)
    to_attack(qtbot, win)
    # what the player reads: markers by nationality and value, never the notation ("+4:german")
    assert not [v.label for v in win.views() if re.search(r"\+\d:[a-z]", v.label)]
    panel = win.decision
    lst = panel.list
    assert lst.count() >= 3
    assert lst.currentItem() is None
    assert not panel.do_button.isEnabled() and "Select an action" in panel.do_button.toolTip()
    qtbot.wait(50)
    do_at, list_h, rows_seen = pos_in(win, panel.do_button), lst.height(), lst.viewport().height()
    qtbot.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=row_centre(lst, 0))
    qtbot.wait(50)
    assert win.preview.preview is not None  # the attack is previewed ...
    assert pos_in(win, panel.do_button) == do_at  # ... and nothing in the decision panel moved
    assert lst.height() == list_h and lst.viewport().height() == rows_seen
    assert panel.do_button.isEnabled()
    view = lst.item(2).data(Qt.ItemDataRole.UserRole)
    n = len(win.session.state.history())
    # a first click on one row and a second on another (as if the rows had moved): nothing is made
    qtbot.mousePress(lst.viewport(), Qt.MouseButton.LeftButton, pos=row_centre(lst, 1))
    qtbot.mouseRelease(lst.viewport(), Qt.MouseButton.LeftButton, pos=row_centre(lst, 1))
    qtbot.mouseDClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=row_centre(lst, 2))
    assert len(win.session.state.history()) == n
    # both clicks on the third row: that row's action is made
    qtbot.mousePress(lst.viewport(), Qt.MouseButton.LeftButton, pos=row_centre(lst, 2))
    qtbot.mouseRelease(lst.viewport(), Qt.MouseButton.LeftButton, pos=row_centre(lst, 2))
    assert pos_in(win, panel.do_button) == do_at and lst.height() == list_h
    qtbot.mouseDClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=row_centre(lst, 2))
    assert len(win.session.state.history()) > n
    assert win.session.state.history()[n].action == view.action


def test_do_it_with_a_single_action_or_none(qtbot):
    win = open_window(qtbot)
    wait_for_person(qtbot, win)
    panel = win.decision
    panel.set_decision("nothing to list", [], True)
    assert not panel.do_button.isEnabled() and "on the map" in panel.do_button.toolTip()
    panel.set_decision("not yours", win.views(), False)
    assert not panel.do_button.isEnabled() and "Not your decision" in panel.do_button.toolTip()


def test_new_game_asks_before_discarding_a_game_in_progress(qtbot, monkeypatch):
    win = open_window(qtbot)
    wait_for_person(qtbot, win)
    win.run_batch(win.session.presenter.batch_answers(win.session.state)[0])
    s = win.session
    assert win.game_in_progress()
    asked = []
    opened = []
    monkeypatch.setattr(StartDialog, "exec", lambda self: opened.append(1) or 0)

    def answer(button):
        def fake(*args, **kwargs):
            asked.append(args[2])
            return button
        return fake

    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Cancel))
    win.new_game_dialog()
    assert asked and "will be lost" in asked[0] and not opened and win.session is s
    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Discard))
    win.new_game_dialog()
    assert opened  # the start dialog, after the person said to discard
    saved = []
    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Save))
    monkeypatch.setattr(win.files, "save_game_dialog", lambda: saved.append(1))  # the save dialog cancelled
    assert not win.confirm_discard() and saved


def test_player_text_names_rulebooks_and_capitalises_sides(qtbot):
    win = open_window(qtbot)
    wait_for_person(qtbot, win)
    win.run_batch(win.session.presenter.batch_answers(win.session.state)[0])
    s = win.session
    text = "\n".join([ln.text for ln in s.lines] + [win.prompt.text(), win.markers_label.text(),
                                                     win.decision.prompt.text()])
    assert ".txt" not in text and "000_" not in text
    assert "Arnhem: The Farthest Bridge 11.4" in text
    assert not re.search(r"\bdice:", text) and not re.search(r"draw \+\d:", text)
    pools = win.markers_label.text()
    assert pools.startswith("Support fire markers"), pools
    assert re.search(r"(British|US) \+\d( \w+)? x\d", pools), pools
