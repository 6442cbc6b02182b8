"""The playtest's Start from Here (File menu; app/playtest/game_files.py): a game played some steps is
saved as a scenario that starts at its current phase's opening, the window plays that scenario, and the
new game offers the same decisions from the same position as the first did when the phase opened."""

from __future__ import annotations

import random

from hexwright.app.playtest.session import GameSession, load_playable
from hexwright.app.playtest.window import PlaytestWindow
from hexwright.engine.formats import load_scenario
from hexwright.engine.rules.protocol import make_game

from tests.conftest import SCENARIOS

TA = SCENARIOS / "target-arnhem" / "target-arnhem.yaml"


def test_start_from_here_saves_and_plays_the_position(qtbot, tmp_path) -> None:
    sc = load_playable(TA)
    seats = {s.id: "human" for s in sc.sides}
    win = PlaytestWindow(GameSession(sc, 4, seats, str(TA)), pace_ms=0)
    qtbot.addWidget(win)
    s = win.session
    rng = random.Random(4)
    while s.state.opening[1].phase != "german-impulse-1" or s.state.turn < 2:  # on to an impulse's opening
        st = s.state
        s.apply(st.sample_chance() if st.is_chance_node() else rng.choice(list(st.legal_actions())))
    first = s.state
    assert "Start from &Here…" in [a.text() for a in win.menuBar().actions()[0].menu().actions()]
    out = tmp_path / "later.yaml"
    assert win.files.start_from_here(out)
    assert (tmp_path / "target-arnhem-map.yaml").exists()  # saved away from the scenario: the map goes too
    saved = load_scenario(out)
    assert saved.ok and saved.scenario.start.turn == 2 and saved.scenario.start.phase == "german-impulse-1"
    new = win.session.state
    assert new is not first and win.session.scenario_path == str(out)
    assert (new.turn, new.phase.name, new.phase.player) == (first.turn, first.phase.name, first.phase.player)
    assert sorted(a.text() for a in new.legal_actions()) == sorted(a.text() for a in first.legal_actions())
    assert "(from GT 2, Impulse 1)" in win.windowTitle()


def test_the_title_names_where_the_new_scenario_starts(qtbot, tmp_path) -> None:
    """Koenig starts at a turn's opening: a game saved during its Operations Phase starts at that turn's
    first decision (the Support Phase's roll when nobody lands), and the title says so, not the phase the
    game was in when saved."""
    path = SCENARIOS / "koenig-arnhem-bridge" / "arnhem-bridge.yaml"
    sc = load_playable(path)
    win = PlaytestWindow(GameSession(sc, 2, {s.id: "human" for s in sc.sides}, str(path)), pace_ms=0)
    qtbot.addWidget(win)
    s = win.session
    rng = random.Random(2)
    while "Operations" not in s.state.phase.name or s.state.turn < 2:
        st = s.state
        s.apply(st.sample_chance() if st.is_chance_node() else rng.choice(list(st.legal_actions())))
    assert win.files.start_from_here(tmp_path / "later.yaml")
    turn = s.state.phase.turn_text()
    first = make_game(win.session.scenario).new_initial_state(seed=2).phase  # before the window rolls dice
    assert win.session.scenario.title.endswith(f"(from {turn}, {first.name})")
    assert "Operations" not in first.name
