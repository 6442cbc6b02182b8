"""The playtest's game log (app/playtest/session.py) puts each action's result under that action, once, in
every family: the lines the session collects after each action are the family's whole log
(`Presenter.events(state, 0)`) in order, and each rules line follows the action line that caused it. A
Storm over Arnhem action's lines used to appear again under the next action."""

from __future__ import annotations

import random

import pytest
from hexwright.app.playtest.session import GameSession, load_playable
from hexwright.engine.rules.protocol import CHANCE

from tests.conftest import SCENARIOS

GAMES = ["fm-arnhem/scenario-1-historical.yaml", "koenig-arnhem-bridge/arnhem-bridge.yaml",
         "storm-arnhem/the-crossing.yaml", "target-arnhem/target-arnhem.yaml"]


@pytest.mark.parametrize("name", GAMES)
def test_each_result_appears_once_under_its_own_action(name):
    path = SCENARIOS / name
    s = GameSession(load_playable(path), 3, {}, str(path))
    rng = random.Random(3)
    for _ in range(80):
        st = s.state
        if st.is_terminal():
            break
        s.apply(st.sample_chance() if st.current_player == CHANCE else rng.choice(list(st.legal_actions())))
    events = [ln for ln in s.lines if ln.kind == "event"]
    assert [ln.text for ln in events] == s.presenter.events(s.state, 0)
    last_action = 0
    for ln in s.lines:
        if ln.kind == "action":
            last_action = ln.index
        elif ln.kind == "event":
            assert ln.index == last_action, ln.text  # under the action that caused it (0: the game's start)


def test_a_hot_seat_log_words_what_nothing_hides():
    """Hot-seat: a decision the other player may see in full (a Storm over Arnhem set-up) is logged in the
    players' words, not its notation; a hidden one stays masked (protocol: HistoryEntry.visible_to)."""
    path = SCENARIOS / "storm-arnhem/the-crossing.yaml"
    s = GameSession(load_playable(path), 3, {}, str(path))
    rng = random.Random(3)
    for _ in range(12):
        st = s.state
        s.apply(st.sample_chance() if st.current_player == CHANCE else rng.choice(list(st.legal_actions())))
    actions = [ln.text for ln in s.lines if ln.kind == "action" and ": British: " in ln.text]
    assert actions and all(" is set up in area " in t for t in actions), actions
