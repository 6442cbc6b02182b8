"""The Target Arnhem designer's data as validation reads it (engine/rules/target_arnhem/design.py through
engine/validation/checks.py): supply stripes (Supply Points), para supply markers (Re-Supply, German Overrun
of Paratroop Supply Marker) and off-board areas (Movement); a scenario edited within what validates plays
to the end without the engine raising."""

from __future__ import annotations

import copy
import random

import pytest
from hexwright.engine.model import MarkerDef, Region
from hexwright.engine.rules.protocol import new_game
from hexwright.engine.rules.target_arnhem.design import STRIPES, design_problems
from hexwright.engine.validation import Severity, validate_scenario


def codes(sc, severity: Severity = Severity.ERROR) -> list[tuple[str, str]]:
    return [(d.code, d.message) for d in validate_scenario(sc) if d.severity is severity]


def has(sc, code: str, text: str, severity: Severity = Severity.ERROR) -> bool:
    return any(c == code and text in m for c, m in codes(sc, severity))


@pytest.fixture
def sc(scenario):
    return copy.deepcopy(scenario)


def test_the_shipped_scenario_has_no_design_problem(scenario):
    assert design_problems(scenario) == []


def test_a_unit_s_stripe_must_be_a_known_one(sc):
    sc.units["G-FJ6"].supply = "blue"
    assert has(sc, "unknown-stripe", "unit G-FJ6: supply stripe 'blue'")
    assert has(sc, "unknown-stripe", "(Target Arnhem: Supply Points)")


@pytest.mark.parametrize("uid, stripe, why", [
    ("G-FJ6", "maroon", "stripe 'maroon' is for allied units, not german"),
    ("A-GrenGds", "red", "stripe 'red' is for german units, not allied"),
    ("G-59-1", "", "no stripe is for allied units, not german"),
])
def test_a_stripe_of_the_other_side_is_a_warning(sc, uid, stripe, why):
    sc.units[uid].supply = stripe
    assert has(sc, "stripe-side", why, Severity.WARNING)
    assert not codes(sc)


def test_an_airborne_division_without_a_para_supply_marker_is_warned(sc):
    del sc.markers["para-82"]
    assert has(sc, "no-para-marker", "unit A-504PIR: no para supply marker has stripe 'light_green'", Severity.WARNING)


def test_para_supply_markers_need_an_airborne_stripe_one_each_and_a_hex_on_the_map(sc):
    sc.markers["para-x"] = MarkerDef("para-x", "para_supply", "allied", "x", "0704", {"stripe": "gold"})
    sc.markers["para-y"] = MarkerDef("para-y", "para_supply", "allied", "y", "0705", {"stripe": "yellow"})
    sc.markers["para-z"] = MarkerDef("para-z", "para_supply", "allied", "z", None, {"stripe": "maroon"})
    sc.markers["para-w"] = MarkerDef("para-w", "para_supply", "allied", "w", "2020", {})
    assert has(sc, "unknown-stripe", "para supply marker para-x: stripe 'gold' is not an airborne division's")
    assert has(sc, "duplicate-marker", "para supply marker para-y: stripe 'yellow' already has marker para-101")
    assert has(sc, "marker-not-placed", "para supply marker para-z is on no hex")
    assert has(sc, "unknown-stripe", "para supply marker para-w: stripe ''")
    assert has(sc, "hex-off-map", "marker para-w: hex 2020 is not on the map")


def test_off_board_areas_are_named_in_one_word_not_a_hex_label_and_adjoin_the_edge(sc):
    m = sc.map
    m.set_region(Region("0105", "offboard", {m.hex_at("0101")}))
    m.set_region(Region("Area X", "offboard", {m.hex_at("0101")}))
    m.set_region(Region("Q", "offboard", {m.hex_at("0504"), m.hex_at("0101")}, adjacent=["Z", "A"]))
    assert has(sc, "area-name", "off-board area '0105': the name '0105' is a hex label of the map")
    assert has(sc, "area-name", "the name 'Area X' has a space")
    assert has(sc, "area-not-on-edge", "off-board area Q: 0504 not on the map's edge")
    assert has(sc, "unknown-reference", "off-board area Q: adjacent area 'Z' is not an off-board area")
    assert has(sc, "area-adjacent", "off-board area Q is next to A, but A does not list Q", Severity.WARNING)


def test_an_area_with_no_hexes_and_a_map_with_no_area_are_warned(sc):
    sc.map.regions["C"].hexes.clear()
    assert has(sc, "area-no-hexes", "off-board area C adjoins no hex", Severity.WARNING)
    for name in [n for n, r in sc.map.regions.items() if r.kind == "offboard"]:
        sc.map.set_region(None, name)
    assert has(sc, "no-offboard-area", "the map has no off-board area", Severity.WARNING)


def test_a_reinforcement_into_a_region_that_is_not_off_board_is_refused(sc):
    sc.map.regions["E"].kind = "zone"
    assert has(sc, "not-offboard", "region 'E' is not an off-board area")


def test_every_stripe_names_its_side_and_pools():
    assert {s.id for s in STRIPES.values() if s.airborne} == {"maroon", "yellow", "light_green"}
    assert STRIPES["red"].pools == ("SS", "German") and STRIPES[""].side == "allied"


def _play(sc, seed: int, turns: int = 4) -> None:
    state = new_game(sc, seed, {"max_turns": turns})
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert state.outcome() is not None


def test_a_scenario_edited_within_what_validates_plays_to_the_end(sc):
    """Areas renamed, moved and cut down, a marker moved, stripes changed: no error, and random games end."""
    m = sc.map
    e = m.regions["E"]
    m.set_region(None, "E")
    m.set_region(Region("Emmerich", "offboard", set(list(sorted(e.hexes))[:3]), adjacent=["D"]))
    m.regions["D"].adjacent = ["C", "Emmerich"]
    for rf in sc.reinforcements:
        if rf.entry.offboard == "E":
            rf.entry.offboard = "Emmerich"
    m.set_region(None, "P")
    m.regions["A"].adjacent = ["B"]
    for rf in sc.reinforcements:
        if rf.entry.offboard == "P":
            rf.entry.offboard = "A"
    sc.markers["para-82"].hex = "1103"
    sc.markers["para-1"].hex = None
    sc.markers["para-1"].hex = "1604"
    sc.units["A-1AL"].supply = "yellow"
    sc.units["G-59-1"].supply = "red"
    assert not codes(sc), codes(sc)
    for seed in (1, 2):
        _play(sc, seed)
