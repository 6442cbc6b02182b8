"""Turns are named as The Crossing names them (003_6afad32bba8815b2.txt: turns A and B before turn 1) in
everything a player reads: the phase, the log, the prompt, the turn track and `hexwright play`; the other
families keep "GT n"."""

from __future__ import annotations

import random

from hexwright.engine.rules.presentation import phase_text, presenter_for
from hexwright.engine.rules.protocol import CHANCE, Phase, new_game

from tests.engine.rules.storm_over_arnhem.board_fixtures import scenario


def play_until(st, label: str, rng: random.Random) -> None:
    while not st.is_terminal() and st.label() != label:
        legal = st.legal_actions()
        st.apply(st.sample_chance() if st.current_player == CHANCE else legal[rng.randrange(len(legal))])


def test_turn_a_reads_turn_a_everywhere():
    st = new_game(scenario(), 1)
    assert st.label() == "A"
    p = presenter_for(st)
    text = phase_text(st)
    assert text.startswith("Turn A British set-up (Storm over Arnhem 2.1)"), text
    assert "GT" not in text and "Turn 1" not in text
    assert p.prompt(st).startswith("Turn A: British:")
    track = p.turn_track(st)
    assert (track.turn_label, track.last_label) == ("A", "5")
    assert track.turn_text() == "Turn A / 5"
    assert any(e.startswith("Turn A begins") for e in p.events(st))


def test_turn_b_and_turn_1_by_name_and_the_bocholt_phase_cites_2_3():
    st = new_game(scenario(), 2)
    rng = random.Random(2)
    play_until(st, "B", rng)
    assert phase_text(st).startswith("Turn B ")
    assert presenter_for(st).turn_track(st).turn_text() == "Turn B / 5"
    play_until(st, "1", rng)
    text = phase_text(st)
    assert text.startswith("Turn 1 German set-up (Storm over Arnhem 2.3)"), text
    assert st.phase.turn == 3 and st.phase.turn_label == "1"  # its place on the track stays 3


def test_game_over_names_the_last_turn():
    st = new_game(scenario(), 3, {"max_turns": 3})  # A, B and turn 1
    play_until(st, "never", random.Random(3))
    assert st.is_terminal()
    assert phase_text(st).startswith("Turn 1 Game over")
    assert any(e.startswith("Game over after turn 1:") for e in st.events_since(0))


def test_other_families_keep_game_turn_numbers():
    assert str(Phase("Movement Phase", "F&M 4.1", 2, "allied")) == "GT 2 allied Movement Phase (F&M 4.1)"
    assert Phase("x", turn=2).turn_text() == "GT 2"



def test_the_set_up_is_the_current_step_of_the_track_and_the_prompt_cites_the_arrivals_rule():
    st = new_game(scenario(), 2)
    p = presenter_for(st)
    assert p.turn_track(st).current == 0  # turn A's set-up (2.1), not the impulses
    play_until(st, "1", random.Random(2))
    assert p.turn_track(st).current == 0
    assert p.prompt(st).startswith("Turn 1: German: set up the unit") and "(Storm over Arnhem 2.3)" in p.prompt(st)


def test_the_sides_are_named_as_soldiers_after_the():
    st = new_game(scenario(), 1)
    assert (st.side_people("british"), st.side_people("german")) == ("British", "Germans")
    assert any(e == "Turn A begins; the British hold the Tactical Advantage" for e in st.events_since(0))
    texts = [m.text for m in presenter_for(st).markers(st)]
    assert "held by the British (Storm over Arnhem 3.41)" in texts and "controlled by the Germans" in texts
