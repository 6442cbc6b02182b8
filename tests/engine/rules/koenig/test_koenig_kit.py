"""The Koenig family on the rules kit (002_fe1216aa5df94854.txt): typed actions that read back from their text,
a scenario that starts with Hits (Scenario.start), one step per decision in the step table, typed queries,
and refusals and log lines that cite the rules by system and section and name the sides."""

from __future__ import annotations

import copy
import random

import pytest
from hexwright.engine.rules.koenig import KoenigGame, parse_action
from hexwright.engine.rules.koenig.actions import (
    CombinedMove,
    CupDraw,
    Fire,
    Interdict,
    Move,
    Redeploy,
    Retreat,
    Support,
)
from hexwright.engine.rules.koenig.state import STEPS
from hexwright.engine.rules.protocol import CHANCE, IllegalAction, Roll

NOTATION = [
    (Roll(4), "roll 4"), (CupDraw("HQ-19/9"), "draw HQ-19/9"), (Move("B-2Para", "1005"), "move B-2Para 1005"),
    (CombinedMove("B-2Para", "0904"), "cmove B-2Para 0904"), (Move("G-Recon9", "off"), "move G-Recon9 off"),
    (Move("B-1Para", "1207", True), "move B-1Para 1207 +march"),
    (Fire(("B-1Para", "B-2Para"), "1004"), "fire B-1Para,B-2Para 1004"), (Support(1, True), "support 1 +lead"),
    (Retreat("B-2Para", "off"), "retreat B-2Para off"), (Redeploy("G-16", "0702"), "redeploy G-16 0702"),
    (Interdict("0904", True), "interdict 0904 +lead"),
]


@pytest.mark.parametrize(("action", "text"), NOTATION, ids=[t for _, t in NOTATION])
def test_typed_actions_keep_the_notation_and_read_back(action, text):
    assert action.text() == text and parse_action(text) == action


def test_every_text_of_a_game_reads_back_to_its_action(scenario):
    st = KoenigGame(scenario, {"leadership": True, "interdiction": True, "overruns": True,
                               "indirect_fire": True}).new_initial_state(3)
    rng = random.Random(3)
    while not st.is_terminal():
        legal = st.legal_actions()
        for a in legal:
            assert parse_action(a.text()) == a
        st.apply(st.sample_chance() if st.current_player == CHANCE else rng.choice(legal))
    with pytest.raises(ValueError, match="unknown action"):
        parse_action("charge B-2Para")
    with pytest.raises(ValueError, match="move B-2Para"):
        parse_action("move B-2Para")


def test_a_cup_draw_matches_a_scripted_hq():
    assert CupDraw("HQ-1PB").value == "HQ-1PB" and CupDraw("HQ-1PB").text() == "draw HQ-1PB"


def test_each_decision_has_one_step_citing_its_rule():
    assert len(STEPS) == 14
    for step in STEPS:
        assert step.rule.startswith("Koenig ") and step.name


def test_a_scenario_may_start_with_hits(scenario):
    """Scenario.start.steps_lost: units already hit when play begins (9.2); the third Hit still eliminates."""
    sc = copy.deepcopy(scenario)
    sc.start.steps_lost = {"G-16": 2, "B-1Para": 1}
    st = KoenigGame(sc).new_initial_state(0)
    assert st.hits("G-16") == 2 and st.hits("B-1Para") == 1 and st.hits("G-19/9-1") == 0
    assert st.snapshot()["G-16"].hits == 2
    fresh = KoenigGame(scenario).new_initial_state(0)
    assert fresh.hits("G-16") == 0


def test_typed_queries_of_a_position(make_position):
    s = make_position({"B-1Para": "0307", "G-19/9-1": "0308"}, "1PB", "allied")
    assert s.hex_label("B-1Para") == "0307" and s.unit_hex("B-1Para") == s.map.hex_at("0307")
    assert s.hex_label("B-2Para") is None and s.status("B-2Para") == "waiting"
    assert type(s.pending_decision()).__name__ == "Activation" and s.pending_decision().player == "allied"
    s.apply_checked("fire B-1Para 0308")
    assert type(s.pending_decision()).__name__ == "FireRoll" and s.current_af() == 4
    s.apply_checked("roll 1")
    assert s.hits("G-19/9-1") == s.steps_lost("G-19/9-1") == 1
    assert s.retreat_hexes("G-19/9-1") == ["0208", "0209", "0309", "0408", "0409"]


def test_refusals_and_log_lines_cite_the_rules_and_name_the_sides(make_position, scenario):
    s = make_position({"B-1Para": "0307", "G-19/9-1": "0308"}, "1PB", "allied")
    for bad in ("move B-1Para 1010", "fire B-1Para 0505", "hit B-1Para", "redeploy B-1Para 0306"):
        with pytest.raises(IllegalAction) as err:
            s.apply_checked(bad)
        assert "(Koenig " in str(err.value) and ".txt" not in str(err.value)
    st = KoenigGame(scenario, {"max_turns": 2}).new_initial_state(4)
    rng = random.Random(4)
    while not st.is_terminal():
        st.apply(st.sample_chance() if st.current_player == CHANCE else rng.choice(st.legal_actions()))
    lines = [t for _, t in st.events]
    assert not any(".txt" in t or " allied " in t or " german " in t for t in lines)
    assert any(t.startswith("German rolls") for t in lines) and "Arnhem Bridge exclusive 12.0" in lines[-1]
    assert ".txt" not in str(st.outcome()) and lines[-1] == f"Game over: {st.result_text()}"
    assert st.result_text().startswith(("Allied wins", "German wins", "a draw"))
