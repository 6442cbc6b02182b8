"""Every kind of illegal move click in a Storm over Arnhem impulse is refused with the one rule that forbids it,
the area clicked and the MF figures (003_6afad32bba8815b2.txt 1.1, 3.1, 3.2, 3.6; the basic game's movement as
reconstructed), never "beyond its MF, or past an area with enemy units" at once."""

from __future__ import annotations

import pytest
from hexwright.engine.rules.protocol import IllegalAction
from hexwright.engine.rules.storm_over_arnhem.actions import Move

from tests.engine.rules.storm_over_arnhem.board_fixtures import Board


def refused(st, action) -> str:
    assert action not in st.legal_actions()
    with pytest.raises(IllegalAction) as why:
        st.apply_checked(action)
    text = str(why.value)
    assert ", or past an area" not in text
    return text


def test_too_far_gives_the_cheapest_way_and_the_units_mf():
    b = Board("1")
    b.put("B-A1", "17")
    b.start("british")
    assert refused(b.state, Move("B-A1", "1")) == (
        "move B-A1 1: area 1 costs 8 MF by the cheapest way (17 > 18 > 25 > 2 > 1) and B-A1 has 5 MF this turn "
        "(Storm over Arnhem 3.1)")


def test_every_way_through_an_enemy_area_says_the_move_ends_there():
    b = Board("1")
    for uid, area in (("B-A1", "1"), ("G-Gar1", "2"), ("G-Gar2", "24"), ("G-RInf1", "P3")):
        b.put(uid, area)
    b.start("british")
    assert refused(b.state, Move("B-A1", "25")) == (
        "move B-A1 25: every way from area 1 to area 25 enters an area with enemy units first, where the move ends "
        "(the basic game's rule as 3.44 and 3.45 apply it) (Storm over Arnhem 3.6)")


def test_the_other_sides_unit_a_committed_unit_and_another_area_in_the_same_impulse():
    b = Board("1")
    for uid, area in (("B-A1", "17"), ("B-A2", "17"), ("B-A3", "18"), ("G-Gar1", "22")):
        b.put(uid, area)
    b.start("british")
    st = b.state
    assert refused(st, Move("G-Gar1", "23")) == ("move G-Gar1 23: G-Gar1 is a German unit: in the British impulse "
                                                 "only British units move (Storm over Arnhem 3.6)")
    st.apply_checked(Move("B-A1", "18"))
    assert refused(st, Move("B-A3", "25")) == ("move B-A3 25: this impulse moves units out of area 17 only; B-A3 is "
                                               "in area 18 (Storm over Arnhem 3.6)")
    assert refused(st, Move("B-A1", "17")) == ("move B-A1 17: B-A1 is committed until the end of the turn "
                                               "(Storm over Arnhem 3.6)")


def test_a_refused_fire_names_its_one_reason():
    """1.1: fire at enemy units in the firing area or an adjacent one; 3.6: committed units wait."""
    from hexwright.engine.rules.storm_over_arnhem.actions import Fire

    b = Board("1")
    for uid, area in (("B-A1", "17"), ("G-Gar1", "22"), ("G-Gar2", "18")):
        b.put(uid, area)
    b.start("british")
    st = b.state
    assert refused(st, Fire("17", "22")) == ("fire 17 22: area 22 is not adjacent to area 17: fire reaches enemy units "
                                             "in the firing area or an adjacent one (Storm over Arnhem 1.1)")
    assert refused(st, Fire("17", "5")) == ("fire 17 5: area 5 holds no enemy unit to fire at (the pillbox is attacked "
                                            "only in Close Combat) (Storm over Arnhem 1.1)")
    assert refused(st, Fire("19", "18")) == "fire 19 18: no British unit in area 19 can fire (Storm over Arnhem 3.6)"



def test_a_refused_set_up_names_the_area_and_its_one_reason():
    """2.1: a unit sets up in an area of its zones; 3.2: no perimeter zone on turn A."""
    from hexwright.engine.rules.storm_over_arnhem.actions import Place
    from hexwright.engine.rules.storm_over_arnhem.decisions import PlaceUnit

    from tests.engine.rules.storm_over_arnhem.board_fixtures import fresh

    st = fresh()
    d = st.pending_decision()
    assert isinstance(d, PlaceUnit)
    legal = {a.dest for a in st.legal_actions() if isinstance(a, Place)}
    areas = st.game.areas
    other = next(a for a in sorted(areas.areas, key=lambda a: (len(a), a))
                 if areas.areas[a].zone not in d.zones and "perimeter" not in areas.areas[a].tags)
    assert other not in legal
    assert refused(st, Place(d.unit, other)) == (
        f"place {d.unit} {other}: area {other} is in zone {areas.areas[other].zone or 'none'}; {d.unit} sets up in "
        f"zone {' or '.join(d.zones)} (Storm over Arnhem {d.section})")
