"""Optional rules 14.1 Leadership, 14.2 Interdiction, 14.3 Indirect Fire and 14.5 Overruns, each with the
option on and off (002_fe1216aa5df94854.txt)."""

from __future__ import annotations

import pytest
from hexwright.engine.rules.koenig import KoenigGame
from hexwright.engine.rules.koenig.operations import CupDrawing
from hexwright.engine.rules.koenig.support import Interdiction, LeadershipRollOff, SupportRoll
from hexwright.engine.rules.protocol import CHANCE

from tests.engine.rules.koenig.conftest import refresh

LEAD = {"leadership": True}


def texts(state) -> list[str]:
    return [a.text() for a in state.legal_actions()]


def do(s, *actions: str) -> None:
    for a in actions:
        s.apply_checked(a)


# -- 14.1 Leadership --------------------------------------------------------------------------------
@pytest.mark.parametrize("german,allied,leader", [(5, 2, "german"), (2, 4, "allied"), (3, 2, ""), (4, 4, "")])
def test_leadership_roll_off(scenario, german, allied, leader):
    s = KoenigGame(scenario, LEAD).new_initial_state(0)
    assert isinstance(s.pending_decision(), LeadershipRollOff) and s.current_player == CHANCE
    do(s, f"roll {german}", f"roll {allied}")
    assert s.leader == leader and isinstance(s.pending_decision(), SupportRoll)


def test_leadership_off_has_no_roll_off_and_no_feats(scenario, make_position):
    assert isinstance(KoenigGame(scenario).new_initial_state(0).pending_decision(), SupportRoll)
    s = make_position({"B-1Para": "0307", "G-19/9-1": "0308"}, "1PB", "allied")
    s.leader = "allied"  # even holding the marker, the option is off
    assert not any("+march" in t or t.startswith(("attach", "recover")) for t in texts(s))
    do(s, "fire B-1Para 0308", "roll 6")
    assert s.battle is None  # no re-roll decision


def test_marker_stays_on_a_tie_or_one_point_difference(scenario):
    s = KoenigGame(scenario, LEAD).new_initial_state(0)
    s.leader = "allied"
    do(s, "roll 4", "roll 3")
    assert s.leader == "allied"


def test_automatic_activation(make_position):
    s = make_position({"B-1Para": "0307", "G-19/9-1": "0308"}, step="next_draw", options=LEAD)
    s.cup, s.leader = ["HQ-19/9", "HQ-1PB"], "allied"
    s.advance()
    assert s.current_player == "allied" and texts(s) == ["pass", "lead-activate HQ-1PB"]
    do(s, "lead-activate HQ-1PB")
    assert s.active == "1PB" and s.cup == ["HQ-19/9"] and s.leader == ""


def test_battlefield_leadership_reroll(make_position):
    s = make_position({"B-1Para": "0307", "G-19/9-1": "0308"}, "1PB", "allied", options=LEAD)
    s.leader = "german"
    do(s, "fire B-1Para 0308", "support 0", "roll 1")  # the holder could also use it as Corps Artillery
    assert s.current_player == "german" and texts(s) == ["accept", "lead-reroll"]
    do(s, "lead-reroll")
    assert s.current_player == CHANCE and s.leader == ""
    do(s, "roll 6")
    assert s.hits("G-19/9-1") == 0 and s.battle is None


def test_battlefield_leadership_ignores_a_close_combat_retreat(make_position):
    s = make_position({"B-2Para": "0307", "G-19/9-1": "0308"}, "1PB", "allied", options=LEAD)
    s.leader = "german"
    do(s, "move B-2Para 0308", "support 0", "roll 6", "accept", "roll 1", "accept")  # offensive Hit on the defender
    assert "lead-hold G-19/9-1" in texts(s)
    do(s, "lead-hold G-19/9-1")
    assert s.battle is not None and s.battle.defensive_round and s.current_player == CHANCE


def test_force_march_doubles_ma(make_position):
    s = make_position({"B-1Para": "0307"}, "1PB", "allied", options=LEAD)
    normal = set(texts(s))
    assert not any("+march" in t for t in normal)
    s.leader = "allied"
    refresh(s)
    marches = [t for t in texts(s) if t.endswith(" +march")]
    assert marches and all(t.removesuffix(" +march") not in normal for t in marches)  # only beyond the MA
    assert max(s.move_options("B-1Para", 12).values()) > 6
    assert "move B-1Para 1207 +march" in marches and "move B-1Para 0407 +march" not in marches
    assert "cmove B-1Para 0707 +march" in marches and "cmove B-1Para 0707" not in normal  # full MA, still fires
    do(s, "cmove B-1Para 0707 +march")
    assert s.leader == "" and s.in_progress == {"B-1Para": "moved"}


def test_receive_corps_artillery(make_position):
    s = make_position({"B-1Para": "0307", "G-19/9-1": "0308"}, "1PB", "allied", options=LEAD)
    s.leader = "allied"
    do(s, "fire B-1Para 0308")
    assert texts(s) == ["support 0", "support 0 +lead"]
    do(s, "support 0 +lead")
    assert s.current_af() == 3 + 1 + 1 and s.leader == ""


def test_temporary_attachment(make_position):
    s = make_position({"B-1Para": "0307", "B-10Para": "0207"}, "1PB", "allied", options=LEAD)
    s.cup, s.leader = ["HQ-4PB"], "allied"
    assert "attach B-10Para" in texts(s) and not any(t.startswith("move B-10Para") for t in texts(s))
    do(s, "attach B-10Para")
    assert any(t.startswith("move B-10Para") for t in texts(s))


def test_unit_recovery_and_its_placement(make_position):
    s = make_position({"B-1Para": "0307", "G-19/9-1": "0309"}, "1PB", "allied", options=LEAD)
    s.position.set_status("B-2Para", "eliminated")
    s.leader = "allied"
    places = [t.split()[2] for t in texts(s) if t.startswith("recover B-2Para")]
    assert "0307" in places and "0308" not in places  # never next to an enemy unit
    s2 = make_position({"B-1Para": "0303", "G-19/9-1": "0109"}, "1PB", "allied", options=LEAD)
    s2.position.set_status("B-2Para", "eliminated")
    s2.leader = "allied"
    places = {t.split()[2] for t in texts(s2) if t.startswith("recover B-2Para")}
    assert "0303" in places  # (a) with a single unit of its formation
    assert {"0302", "0304", "0203"} <= places  # (b) empty and next to its formation
    assert "0606" not in places
    do(s2, "recover B-2Para 0302")
    assert s2.status("B-2Para") == "on map" and s2.hits("B-2Para") == 2
    assert not any("B-2Para" in t for t in texts(s2))


def test_recovery_in_a_town_three_hexes_from_the_enemy(make_position):
    s = make_position({"G-16": "0804", "B-1Para": "0101"}, "19/9", "german", options=LEAD)
    s.position.set_status("G-19/9-2", "eliminated")
    s.leader = "german"
    places = {t.split()[2] for t in texts(s) if t.startswith("recover G-19/9-2")}
    assert "0804" in places  # (c): a Town with one friendly unit, at least three hexes from the enemy


# -- 14.2 Interdiction -----------------------------------------------------------------------------
def test_interdiction_on_and_off(scenario):
    off = KoenigGame(scenario).new_initial_state(0)
    do(off, "roll 3", "roll 6")
    assert isinstance(off.pending_decision(), CupDrawing)
    on = KoenigGame(scenario, {"interdiction": True}).new_initial_state(0)
    do(on, "roll 3", "roll 6")
    assert isinstance(on.pending_decision(), Interdiction) and on.current_player == "allied"
    assert "interdict 0904" in texts(on)
    do(on, "interdict 0904", "interdict 0201", "interdict 0104")
    assert on.points["allied"] == 0 and isinstance(on.pending_decision(), CupDrawing)
    do(on, "draw HQ-1PB")
    assert on.move_options("B-1Para", 6)[on.map.hex_at("0104")] == 3


def test_interdiction_markers_are_removed_at_the_end_of_the_turn(scenario):
    s = KoenigGame(scenario, {"interdiction": True}).new_initial_state(0)
    do(s, "roll 3", "roll 6", "interdict 0904", "done", "draw HQ-1PB", "done")
    assert s.turn == 2 and s.interdicted == []


# -- 14.3 Indirect Fire ----------------------------------------------------------------------------
def test_indirect_fire_on_and_off(make_position):
    placed = {"B-1PBHvy": "0306", "G-19/9-1": "0308"}
    off = make_position(placed, "1PB", "allied")
    assert "fire B-1PBHvy 0308" not in texts(off)
    on = make_position(placed, "1PB", "allied", options={"indirect_fire": True})
    assert "fire B-1PBHvy 0308" in texts(on) and "mfire B-1PBHvy 0308" not in texts(on)
    do(on, "fire B-1PBHvy 0308")
    assert on.current_af() == 1 + 1  # half of 2, clear +1
    do(on, "roll 2")  # Exchange: no Hit on the indirect firer (no Heavy Weapons or support in defence)
    assert on.hits("B-1PBHvy") == 0 and on.hits("G-19/9-1") == 1


def test_indirect_fire_across_the_river_and_return_hit_from_heavy_weapons(make_position):
    on = make_position({"B-1PBHvy": "1005", "G-19/9-Hvy": "1006"}, "1PB", "allied", options={"indirect_fire": True})
    assert "fire B-1PBHvy 1006" in texts(on)  # across the Lower Rhine (14.3)
    do(on, "fire B-1PBHvy 1006")
    assert on.current_af() == 1 + 1
    do(on, "roll 2")
    assert on.hits("B-1PBHvy") == 1  # the defenders include a Heavy Weapons unit


# -- 14.5 Overruns ---------------------------------------------------------------------------------
@pytest.mark.parametrize("overruns", [False, True])
def test_overrun_continues_after_a_won_close_combat(make_position, overruns):
    s = make_position({"B-Recce": "0307", "G-19/9-1": "0308"}, "1PB", "allied", options={"overruns": overruns})
    do(s, "move B-Recce 0308", "roll 6", "roll 1", "retreat G-19/9-1 0309")
    if overruns:
        assert s.in_progress == {"B-Recce": "overrun"} and s.overrun_mp["B-Recce"] == 10 - 3
        assert "move B-Recce 0309" in texts(s) and "end B-Recce" in texts(s)  # another Close Combat
    else:
        assert s.in_progress == {} and not any("B-Recce" in t for t in texts(s))


def test_overrun_stops_after_a_hit(make_position):
    s = make_position({"B-Recce": "0307", "G-19/9-1": "0308"}, "1PB", "allied", options={"overruns": True})
    do(s, "move B-Recce 0308", "roll 6", "roll 2", "retreat G-19/9-1 0309", "capture B-Recce")
    assert s.in_progress == {}


def test_overrun_needs_ma_10(make_position):
    s = make_position({"B-2Para": "0307", "G-19/9-1": "0308"}, "1PB", "allied", options={"overruns": True})
    do(s, "move B-2Para 0308", "roll 6", "roll 1", "retreat G-19/9-1 0309")
    assert s.in_progress == {}
