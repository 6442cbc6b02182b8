"""Every kind of illegal move click in a Koenig activation is refused with the one rule that forbids it, the
hex that was clicked and the MP the move really has (002_fe1216aa5df94854.txt 7.0-7.1, 8.1, 8.1.1, 8.2, 8.3,
8.4, 8.4.1, 10.0; 4.0 night Redeployment; Arnhem Bridge exclusive 12.0), never every possible reason at once;
so are support (9.0, 6.1-6.2, 14.1) and Interdiction markers (14.2)."""

from __future__ import annotations

import pytest
from hexwright.engine.rules.koenig import KoenigGame
from hexwright.engine.rules.koenig.actions import CombinedMove, Interdict, Move, Redeploy, Support
from hexwright.engine.rules.koenig.board import Doing
from hexwright.engine.rules.koenig.operations import OperationInProgress
from hexwright.engine.rules.presentation import presenter_for
from hexwright.engine.rules.protocol import IllegalAction

from tests.engine.rules.koenig.conftest import refresh

UNITS = {"B-1Para": "0307", "B-2Para": "0408", "B-10Para": "0407", "G-19/9-1": "0308", "G-19/9-2": "0309",
         "G-16": "0310"}


def refusal(state, action) -> str:
    assert action not in state.legal_actions()
    with pytest.raises(IllegalAction) as refused:
        state.apply_checked(action)
    text = str(refused.value)
    assert "MA, terrain, rivers, stacking" not in text  # never every reason at once
    return text


def test_a_unit_of_the_other_side_or_formation_is_refused_by_7_1(make_position):
    s = make_position(UNITS, "1PB", "allied")
    assert refusal(s, Move("G-19/9-1", "0208")) == ("move G-19/9-1 0208: G-19/9-1 is a German unit: only units of the "
                                                    "Active formation 1PB may perform an Operation (Koenig 7.1)")
    assert refusal(s, Move("B-10Para", "0406")) == (
        "move B-10Para 0406: B-10Para belongs to formation 4PB, whose HQ is not the one drawn: only units of the "
        "Active formation 1PB may perform an Operation (Koenig 7.1)")


def test_a_unit_that_has_operated_or_waits_for_another_is_refused_by_7_0_and_7_1(make_position):
    s = make_position(UNITS, "1PB", "allied")
    s.done.add("B-2Para")
    refresh(s)
    assert refusal(s, Move("B-2Para", "0508")).endswith(
        "B-2Para has already conducted its Operation this turn (Koenig 7.0)")
    s = make_position(UNITS, "1PB", "allied")
    s.in_progress["B-1Para"] = Doing.MOVED
    s.ask(OperationInProgress("allied", "B-1Para"))
    assert refusal(s, Move("B-2Para", "0508")).endswith(
        "B-1Para must complete its Operation before B-2Para undertakes its own (Koenig 7.1)")
    assert refusal(s, CombinedMove("B-1Para", "0206")).endswith(
        "B-1Para has made the move of its Combined Operation; it may fire (Mobile Fire) but not move again "
        "(Koenig 8.4.1)")


def test_a_full_hex_is_refused_by_8_2_naming_its_units(make_position):
    s = make_position(UNITS, "1PB", "allied")
    s.position.place("G-19/9-2", s.map.hex_at("0308"))
    refresh(s)
    assert refusal(s, Move("B-1Para", "0308")) == (
        "move B-1Para 0308: 0308 already holds G-19/9-1 and G-19/9-2: at most 2 units per hex, both players' "
        "counted together, at all times (Koenig 8.2)")


def test_too_far_names_the_clicked_hex_the_cheapest_cost_and_the_units_own_allowance(make_position):
    s = make_position({"B-1Para": "0307", "G-19/9-1": "1508"}, "1PB", "allied")
    text = refusal(s, Move("B-1Para", "1508"))
    assert text.startswith("move B-1Para 1508: B-1Para cannot reach 1508: the cheapest path costs ")
    assert "MP with the +2 MP to enter an enemy hex for Close Combat (Koenig 10.0)" in text
    assert text.endswith("and this move may spend 6 MP (MA 6) (Koenig 8.1)")
    cost = float(text.split("costs ")[1].split(" MP")[0])
    assert cost > 6
    # the same unit's Combined move: half its MA (8.4)
    text = refusal(s, CombinedMove("B-1Para", "0907"))
    assert "B-1Para cannot reach 0907" in text and "this move may spend 3 MP (half of MA 6 in a Combined " \
                                                  "Operation (Koenig 8.4)) (Koenig 8.1)" in text


def test_the_cheapest_cost_is_the_one_the_legal_moves_use(make_position):
    """The refusal's figure and the MP of the legal moves come from the same costs: a hex whose cost is within
    the MA is a legal move; one beyond it is refused with a cost above the MA."""
    s = make_position({"B-1Para": "0307"}, "1PB", "allied")
    legal = {a.dest for a in s.legal_actions() if isinstance(a, Move)}
    costs = presenter_for(s).move_costs(s, "B-1Para")
    assert legal and set(costs) >= legal
    beyond = next(lab for lab in ("0312", "0712", "0812", "1001") if lab not in legal and s.map.hex_at(lab))
    text = refusal(s, Move("B-1Para", beyond))
    assert f"cannot reach {beyond}: the cheapest path costs " in text


def test_off_the_map_and_exits_are_refused_by_8_1_1_and_exclusive_12_0(make_position):
    s = make_position(UNITS, "1PB", "allied")
    assert refusal(s, Move("B-1Para", "9999")).endswith(
        "9999 is not a hex of the map: units do not move off the map (Koenig 8.1.1)")
    assert refusal(s, Move("B-1Para", "off")).endswith(
        "B-1Para may not leave the map: only the Recon/9th exits, off the bottom edge (Arnhem Bridge exclusive 12.0)")


def test_night_redeployment_refuses_an_enemy_hex_and_units_next_to_the_enemy(make_position):
    s = make_position({"G-19/9-1": "1208", "G-19/9-2": "0309", "B-1Para": "0308", "B-2Para": "1206"},
                      step="redeploy", turn=3)
    assert refusal(s, Redeploy("G-19/9-2", "0408")).endswith(
        "G-19/9-2 is adjacent to an enemy unit: only units not adjacent to enemy units redeploy (Koenig 4.0)")
    assert refusal(s, Redeploy("G-19/9-1", "1206")).endswith(
        "1206 holds B-2Para: a night Redeployment never enters an enemy hex (Koenig 4.0)")



def test_the_log_says_a_combined_move_in_words(make_position):
    """The game log's line for `cmove B-1Para 0904` reads as the rules name it (8.4); the text stays."""
    from hexwright.engine.rules.koenig.actions import Fire

    s = make_position(UNITS, "1PB", "allied")
    p = presenter_for(s)
    assert CombinedMove("B-1Para", "0904").text() == "cmove B-1Para 0904"
    assert p.action_text(s, CombinedMove("B-1Para", "0904")) == "Combined move at half MA: B-1Para to 0904"
    assert p.action_text(s, Fire(("B-1Para", "B-2Para"), "0308")) == "Full Fire by B-1Para, B-2Para at 0308"


def test_a_refused_fire_names_its_one_reason(make_position):
    """9.0 an adjacent enemy, 9.1 not across a River, 7.1 the active formation, 8.3.1 not from off the map."""
    from hexwright.engine.rules.koenig.actions import Fire, MobileFire

    s = make_position({**UNITS, "G-16": "0310"}, "1PB", "allied")
    assert refusal(s, Fire(("B-1Para",), "0407")).endswith("0407 holds no enemy unit to fire at (Koenig 9.0)")
    assert refusal(s, Fire(("B-2Para",), "0310")).endswith(
        "B-2Para in 0408 cannot fire at 0310: Fire Attacks need an adjacent target (Koenig 9.0)")
    assert refusal(s, MobileFire(("B-10Para",), "0308")).endswith(
        "B-10Para belongs to formation 4PB, whose HQ is not the one drawn: only units of the Active formation 1PB "
        "may perform an Operation (Koenig 7.1)")
    s.position.remove("B-2Para", "pending")
    refresh(s)
    assert refusal(s, Fire(("B-2Para",), "0308")).endswith(
        "B-2Para is still off the map: a reinforcement cannot conduct a Full or Mobile Fire Attack from off the map "
        "(Koenig 8.3.1)")


def test_a_refused_retreat_names_the_hex_and_its_one_reason(make_position):
    """11.0: into an adjacent hex free of enemy units, within the stacking limit; 11.1: off the map from an edge."""
    from tests.engine.rules.koenig.test_koenig_operations import do

    s = make_position({"B-1Para": "0307", "B-2Para": "0408", "G-19/9-1": "0308", "G-19/9-2": "0308"},
                      "1PB", "allied")
    do(s, "fire B-1Para,B-2Para 0308", "roll 6", "hit G-19/9-1")
    assert refusal(s, act_retreat("G-19/9-1", "0307")).endswith(
        "0307 holds B-1Para: a retreat goes into a hex not occupied by enemy units (Koenig 11.0)")
    assert refusal(s, act_retreat("G-19/9-1", "0310")).endswith(
        "0310 is not adjacent to 0308: a retreat goes into an adjacent hex (Koenig 11.0)")
    assert refusal(s, act_retreat("G-19/9-1", "off")).endswith(
        "G-19/9-1 is not on a map edge: only a unit on the edge retreats off the map (Koenig 11.1)")


def act_retreat(uid: str, dest: str):
    from hexwright.engine.rules.koenig.actions import Retreat

    return Retreat(uid, dest)


def test_a_refused_support_names_its_one_reason(make_position):
    """9.0: at most one Artillery point or two Allied Support points to one battle; 6.1 / 6.2: the points
    rolled this turn; 14.1: Corps Artillery with the Leadership marker only."""
    s = make_position({"B-1Para": "0307", "G-19/9-1": "0308"}, "1PB", "allied", options={"leadership": True},
                      points={"allied": 3, "german": 1})
    s.apply_checked("fire B-1Para 0308")  # the defender's support first
    assert refusal(s, Support(2)) == "support 2: the German player may commit at most 1 Artillery Point to each " \
                                     "battle (Koenig 9.0)"
    assert refusal(s, Support(1, True)) == ("support 1 +lead: Corps Artillery needs the Leadership marker, and "
                                            "nobody holds it this turn (Koenig 14.1)")
    s.leader = "german"
    s.apply_checked("support 1")
    assert refusal(s, Support(3)).endswith("at most 2 Allied Support Points to each battle (Koenig 9.0)")
    assert refusal(s, Support(0, True)).endswith("Corps Artillery needs the Leadership marker, and German holds "
                                                 "it (Koenig 14.1)")
    s.points["allied"] = 1
    refresh(s)
    assert refusal(s, Support(2)) == "support 2: the Allied player has 1 Allied Support Point left this turn " \
                                     "(Koenig 6.2)"


def test_a_refused_interdiction_names_the_hex_and_its_one_reason(scenario):
    """14.2: a marker per Allied Support point (or the Leadership marker), no more than one per hex."""
    s = KoenigGame(scenario, {"interdiction": True}).new_initial_state(0)
    s.apply_checked("roll 3")
    s.apply_checked("roll 2")  # the Allied roll: points to trade
    s.apply_checked("interdict 0904")
    assert refusal(s, Interdict("0904")) == ("interdict 0904: 0904 already has an Interdiction marker: no more "
                                             "than one per hex (Koenig 14.2)")
    assert refusal(s, Interdict("9999")) == "interdict 9999: there is no hex 9999 on the map (Koenig 14.2)"
    assert refusal(s, Interdict("0201", True)).endswith(
        "trading the Leadership marker needs it in the Allied player's possession; nobody holds it this turn "
        "(Koenig 14.2)")
    s.points["allied"] = 0
    refresh(s)
    assert refusal(s, Interdict("0201")) == ("interdict 0201: the Allied player has no Allied Support Point left "
                                             "to trade (Koenig 14.2)")
