"""The F&M presenter (rules/fm/view.py): what a playtest window shows of an F&M game, checked against the
state it reads (000_e5c3deafb2cea4af.txt)."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest
from hexwright.engine.formats import load_scenario
from hexwright.engine.hexgrid import hexside_between
from hexwright.engine.model import (
    FeatureType,
    GridSpec,
    HexMap,
    HexsideFeatureType,
    HexsideInfo,
    SupportMarker,
    TerrainTable,
    TerrainType,
)
from hexwright.engine.rules.fm.actions import Attack, Bombard, Commit, Enter, Move, Pass, Retreat, Setup
from hexwright.engine.rules.fm.decisions import (
    AdvanceChoice,
    BombardChoice,
    CombatRoll,
    LandingRoll,
    MoveChoice,
    RetreatChoice,
    SetupChoice,
    StepLossChoice,
)
from hexwright.engine.rules.fm.reach import path_cost_of
from hexwright.engine.rules.fm.state import STEPS, FMState
from hexwright.engine.rules.fm.view import PROMPTS, FMPresenter
from hexwright.engine.rules.presentation import ATTACK, ENTER, MOVE, PASS, presenter_for
from hexwright.engine.rules.protocol import CHANCE, Roll, new_game

from ..synthetic import H, blank_map, corridor, line_of, pass_until, road, scenario, unit, water_between_columns
from .test_fm_combat import D, battle_state, ring, to_combat
from .test_fm_movement import canal_crossing_map, ezoc_setup, one_unit
from .test_fm_retreat import d2_state

ROOT = Path(__file__).resolve().parents[4]
SCENARIOS = ["scenarios/fm-arnhem/scenario-1-historical.yaml", "scenarios/fm-arnhem/scenario-2-free-deployment.yaml"]


def load(rel: str):
    result = load_scenario(ROOT / rel)
    assert result.ok, result.diagnostics
    return result.scenario


def test_the_registry_gives_the_fm_presenter():
    assert isinstance(presenter_for(new_game(corridor(), 0)), FMPresenter)


def test_every_pending_decision_of_the_state_has_a_prompt():
    """Every decision of the step table (the decisions and chance nodes the state can pend) is worded."""
    kinds = set(STEPS.decisions())
    assert len(kinds) == len(STEPS) and kinds <= set(PROMPTS), kinds - set(PROMPTS)


# -- random games over the shipped scenarios ---------------------------------------------------------

def check_state(pr: FMPresenter, st: FMState, seen: dict) -> None:
    g = st.game
    legal = st.legal_actions()
    views = pr.action_views(st)
    assert [v.action for v in views] == legal  # same order as legal_actions()
    assert all(v.label for v in views)
    prompt = pr.prompt(st)
    assert "000_e5c3deafb2cea4af.txt" not in prompt and st.pending_decision() is not None
    assert "(F&M " in prompt or "(Arnhem: The Farthest Bridge " in prompt
    who = "Dice" if st.current_player == CHANCE else pr.side_name(st, st.current_player)
    assert prompt.startswith(who + ":")
    seen.setdefault("kinds", set()).add(type(st.pending_decision()))
    if st.current_player == CHANCE:
        probs = dict(st.chance_outcomes())
        assert [v.probability for v in views] == [probs[a] for a in legal]
    reaches_checked = 0
    for v in views:
        a = v.action
        if isinstance(a, Move):
            assert v.kind == MOVE and v.hexes == a.path and v.units == (a.unit,)
            hexes = [g.hex(x) for x in a.path]
            if reaches_checked < 25:  # the cost on arrival is the kernel's cost of that very path (5.x, 6.1)
                assert v.cost == pytest.approx(st.mp_spent(a.unit) + path_cost_of(st, a.unit, hexes))
                reaches_checked += 1
        elif isinstance(a, Enter):
            assert v.kind == ENTER and v.hexes == (a.hex,) and v.cost is not None
            if a.unit not in seen.setdefault("entered", set()):  # 11.1: what the state charges on entry
                seen["entered"].add(a.unit)
                trial = st.clone()
                trial.apply(a)
                assert trial.mp_spent(a.unit) == v.cost
        elif isinstance(a, Attack):
            assert v.kind == ATTACK and v.hexes[-1] == a.target and len(v.units) == len(a.attackers)
            cp = pr.combat_preview(st, a)
            assert cp is not None and sum(cp.distribution.values()) == 1
            assert cp.distribution == st.result_distribution(a)
            assert set(cp.distribution) <= set(pr.result_legend(st))  # every result is explained (8.2.4)
            seen["attack"] = seen.get("attack", 0) + 1
        elif isinstance(a, Bombard):
            cp = pr.combat_preview(st, a)
            trial = st.clone()
            trial.apply(a)
            assert isinstance(trial.pending_decision(), CombatRoll)
            assert cp.distribution == trial.result_distribution() and cp.column == trial.combat_in_progress().column
            assert cp.line == trial.combat_in_progress().line
            seen["bombard"] = seen.get("bombard", 0) + 1
        elif isinstance(a, Retreat) and len(a.path) > 1:
            assert v.kind == MOVE and v.hexes == a.path
        elif isinstance(a, Pass):
            assert v.kind == PASS
    if isinstance(st.pending_decision(), CombatRoll):
        cp = pr.combat_preview(st, legal[0])
        assert cp.distribution == st.result_distribution() and cp.column == st.combat_in_progress().column
        assert f"differential {st.combat_in_progress().differential:+d}" in cp.summary
    if isinstance(st.pending_decision(), MoveChoice):
        mover = next((v.units[0] for v in views if v.kind == MOVE), None)
        if mover is not None:
            costs = pr.move_costs(st, mover)
            moves = [a for a in legal if isinstance(a, Move) and a.unit == mover]
            assert set(costs) == {a.path[-1] for a in moves}
    for side in g.side_ids:
        zoc = pr.zoc_hexes(st, side)
        assert zoc == {g.label(h) for h in st.enemy_zoc(side)}
    everyone = pr.units(st)
    assert [u.id for u in everyone] == g.unit_ids
    for u in everyone:
        if st.unit_hex(u.id) is not None:
            assert u.status == "on map" and u.hex == g.label(st.unit_hex(u.id))
            assert ("depleted" in u.flags) == (st.is_depleted(u.id))
        elif st.is_eliminated(u.id):
            assert u.status == "eliminated"
    for side in g.side_ids:
        pr.markers(st, side)
    track = pr.turn_track(st)
    assert track.turn == st.turn
    if st.player_phase is not None:
        assert track.phases[track.current].endswith(st.phase.name)


@pytest.mark.parametrize("rel", SCENARIOS)
@pytest.mark.parametrize("seed", [3, 4])
def test_random_games_every_view_at_every_state(rel, seed):
    """Seeded random games of the shipped scenarios, every presenter method called at every state: the
    views agree with the state, and the log only grows (lines once given never change)."""
    sc = load(rel)
    st = new_game(sc, seed, {"max_turns": 2})
    pr = presenter_for(st)
    rng = random.Random(seed)
    seen: dict = {}
    log: list[str] = []
    steps = 0
    while not st.is_terminal():
        check_state(pr, st, seen)
        lines = pr.events(st, 0)
        assert lines[:len(log)] == log
        n = len(st.history())
        if n:
            assert pr.events(st, n) == []  # nothing is caused by an entry not made yet
        log = lines
        a = st.sample_chance() if st.current_player == CHANCE else rng.choice(st.legal_actions())
        st.apply(a)
        after = pr.events(st, 0)
        assert after[:len(log)] == log
        if n:
            assert after[len(log):] == pr.events(st, n)  # the lines the last action caused
        log = after
        steps += 1
    assert pr.prompt(st).startswith("Game over")
    assert pr.action_views(st) == []
    assert {MoveChoice, CombatRoll, LandingRoll} <= seen["kinds"]
    assert any("roll" in line for line in log)


# -- hidden information ------------------------------------------------------------------------------

def test_secret_set_up_is_hidden_from_the_other_player_until_revealed():
    """12.0: 'each player secretly records his initial set up' and both place at the same time."""
    sc = load(SCENARIOS[1])
    st = new_game(sc, 5)
    pr = presenter_for(st)
    g = st.game
    assert isinstance(st.pending_decision(), SetupChoice)
    first = st.pending_decision().player
    other = next(s for s in g.side_ids if s != first)
    recorded = {}
    while isinstance(st.pending_decision(), SetupChoice) and st.pending_decision().player == first:
        a = st.legal_actions()[len(recorded) % len(st.legal_actions())]
        if isinstance(a, Setup):
            recorded[a.unit] = a.hex
        st.apply(a)
    assert recorded
    own = {u.id: u for u in pr.units(st, first)}
    theirs = {u.id: u for u in pr.units(st, other)}
    for uid, lab in recorded.items():
        if uid in g.units:
            assert own[uid].hex == lab and own[uid].status == "set up (secret)"
            assert theirs[uid].hex is None and theirs[uid].status == "hidden" and theirs[uid].values == ""
    assert all(u.hex is None for u in theirs.values() if u.side == first)
    # the other side's drop zones are hidden the same way (12.0: the Allied drop zone markers)
    for mk in pr.markers(st, first):
        if mk.kind == "drop zone" and mk.side == other:
            assert mk.hex is None
    # the log tells only that a placement was recorded
    assert not any(lab in line for line in pr.events(st, 0) for lab in recorded.values())
    while st.setting_up():
        st.apply(st.sample_chance() if st.current_player == CHANCE else st.legal_actions()[0])
    revealed = {u.id: u for u in pr.units(st, other)}
    for uid, lab in recorded.items():
        if uid in g.units:
            assert revealed[uid].hex == lab and revealed[uid].status == "on map"


def test_committed_markers_are_face_down_to_the_other_player_until_revealed():
    """8.2.1 b: markers are committed face down; c: then revealed. 7.2: the owner knows his own."""
    pools = {"allies": {"british": [SupportMarker(2, 2, "british")]},
             "germans": {"german": [SupportMarker(3, 2, "german")]}}
    st, m = battle_state(pools=pools, allot={"allies": 2, "germans": 2})
    pr = presenter_for(st)
    to_combat(st)
    st.apply_checked(Attack((ring(m)[0],), D))
    st.apply_checked(Commit("+2:british"))

    def committed(viewer):
        return next(mk for mk in pr.markers(st, viewer) if mk.kind == "committed markers" and mk.side == "allies")

    assert committed("allies").text == "British +2" and committed("allies").hex == D
    assert committed("germans").hidden and committed("germans").text == "1 marker face down"
    assert next(mk for mk in pr.markers(st, "germans") if mk.id == "sfm-allies").text == "1 marker"
    assert "face down" in pr.events(st, 0)[-1] and "+2" not in pr.events(st, 0)[-1]
    # the German's preview of his own commitment counts his marker, not the Allied one he cannot see
    german = next(a for a in st.legal_actions() if a.marker)
    cp = pr.combat_preview(st, german)
    assert "attack 4 vs defense 6" in cp.summary and any("face down" in x for x in cp.modifiers)
    while st.current_player != CHANCE:
        st.apply_checked(Commit(None))
    assert not committed("germans").hidden and committed("germans").text == "British +2"
    cp = pr.combat_preview(st, Roll(1))
    assert "attack 6 vs defense 3" in cp.summary and cp.distribution == st.result_distribution()


# -- movement costs against the rulebook examples -------------------------------------------------

@pytest.mark.parametrize("terrain,leg,mobile", [("mixed", 2, 2), ("woods", 2, 3), ("broken", 3, 3),
                                                ("rough", 4, 5), ("marsh", 4, None), ("town", 1, 1)])
def test_move_costs_follow_the_terrain_effects_chart(terrain, leg, mobile):
    """5.4 and the TEC: the MP to enter each terrain, leg and mobile; marsh only along roads for mobile
    units (10.5)."""
    for cls, cost in (("leg", leg), ("mobile", mobile)):
        st, m = one_unit(flags=(cls,), ma=10, terrain={"0306": terrain})
        costs = presenter_for(st).move_costs(st, "A")
        if cost is None:
            assert "0306" not in costs
        else:
            assert costs["0306"] == cost


def test_move_costs_road_and_trail():
    """5.4.1, 5.4.2: road 1/2 MP and trail 1 MP whatever the terrain."""
    m = blank_map()
    hexes = line_of(m, "0106", 0, 12)
    for lab in hexes[1:]:
        m.set_terrain({H(m, lab): "rough"})
    road(m, *hexes[:8])
    road(m, hexes[7], hexes[11], kind="trail")
    st, _ = one_unit(ma=7, m=m, placements={"A": hexes[0]})
    costs = presenter_for(st).move_costs(st, "A")
    assert costs[hexes[7]] == 3.5 and costs[hexes[10]] == 6.5 and hexes[11] not in costs


@pytest.mark.parametrize("flags,cost", [((), 4), (("mobile",), 5)])
def test_move_costs_canal_trail_crossing_example(flags, cost):
    """10.6.1 example: a leg unit spends four MP from 0507 to 0606, a mobile unit five."""
    st, _ = one_unit(flags=flags, ma=10, m=canal_crossing_map(), placements={"A": "0507"})
    assert presenter_for(st).move_costs(st, "A")["0606"] == cost


def test_move_costs_mobile_unit_pays_half_its_ma_into_an_ezoc_and_zoc_hexes_are_shown():
    """6.1: 'a unit with MA of 7 would expend three movement points to enter an EZOC' (plus terrain)."""
    st, m, g = ezoc_setup(flags=("mobile",), ma=7)
    pr = presenter_for(st)
    zoc = pr.zoc_hexes(st, "allies")
    assert zoc == {m.label(h) for h in m.neighbors_on_map(g)}
    costs = pr.move_costs(st, "A")
    nearest = min((lab for lab in zoc if lab in costs), key=costs.get)
    steps = len(next(v for v in pr.action_views(st) if v.hexes and v.hexes[-1] == nearest).hexes) - 1
    assert costs[nearest] == 2 * steps + 3
    assert pr.zoc_hexes(st, "germans") == {m.label(h) for h in m.neighbors_on_map(st.unit_hex("A"))}


def test_leg_unit_stops_in_an_ezoc_so_no_hex_beyond_is_offered_through_one():
    st, m, g = ezoc_setup(ma=12)
    pr = presenter_for(st)
    zoc = pr.zoc_hexes(st, "allies")
    for v in pr.action_views(st):
        if v.kind == MOVE:
            assert not any(h in zoc for h in v.hexes[1:-1])


def test_reinforcement_entry_cost_is_the_hex_or_the_road_leaving_the_map():
    """11.1: a reinforcement pays the map-edge hex, or the road rate where a road leaves the map; the
    views' entry costs are what the state charges."""
    st = new_game(corridor(), 1)
    pr = presenter_for(st)
    st = pass_until(st, MoveChoice, "allies")
    enters = [v for v in pr.action_views(st) if v.kind == ENTER]
    assert enters
    for v in enters:
        trial = st.clone()
        trial.apply(v.action)
        assert trial.mp_spent(v.units[0]) == v.cost
    assert {v.hexes[-1]: v.cost for v in enters if v.units[0] == "1CG"}["0104"] == 2  # mixed; no road leaves here
    assert pr.move_costs(st, "1CG") == {v.hexes[-1]: v.cost for v in enters if v.units[0] == "1CG"}
    waiting = {u.id: u for u in pr.units(st)}["2GG"]
    assert waiting.status == "reinforcement" and "GT 2" in waiting.flags


# -- combat previews ---------------------------------------------------------------------------------

def test_attack_preview_of_the_seven_two_example():
    """7.2: two 4-4-10 against a 2-3-8: attack 8 vs defense 3, differential +5, Clear line."""
    st, m = battle_state()
    pr = presenter_for(st)
    to_combat(st)
    r = ring(m)
    a = Attack((r[0], r[1]), D)
    cp = pr.combat_preview(st, a)
    assert cp.attackers == ("A1", "A2") and cp.defenders == ("G",) and cp.target == D
    assert "attack 8 vs defense 3: differential +5, Clear line" in cp.summary
    assert cp.line == "Clear" and cp.column == "7" and cp.reconstructed and "reconstructed" in cp.summary
    legend = pr.result_legend(st)
    assert legend["•"] == "no effect (F&M 8.2.4)" and "three hexes" in legend["D3"]
    assert set(cp.distribution) <= set(legend)
    assert cp.distribution == st.result_distribution(a) and sum(cp.distribution.values()) == 1
    view = next(v for v in pr.action_views(st) if v.action == a)
    assert view.hexes == (r[0], r[1], D) and "differential +5" in view.label


def test_preview_names_the_fortification_and_the_river_line():
    """8.2.3: a fortification doubles the printed defense; 8.2.2: every attacker across a river uses the
    River line."""
    m = blank_map()
    m.terrain_table.features["fortification"] = FeatureType("fortification", "Fortification", mode="add",
                                                            move={"leg": 0, "mobile": 0},
                                                            combat={"fortification": True})
    m.set_features({H(m, D): ("fortification",)})
    water_between_columns(m, 4, "river")
    west = [lab for lab in ring(m) if lab.startswith("04")]
    st, _ = battle_state(attackers=2, m=m, placements={"A1": west[0], "A2": west[1]})
    to_combat(st)
    cp = presenter_for(st).combat_preview(st, Attack((west[0], west[1]), D))
    assert "vs defense 6" in cp.summary and cp.line == "City, Rough, River"
    assert any("8.2.3" in x and "doubled" in x for x in cp.modifiers)
    assert any("river" in x and "8.2.2" in x for x in cp.modifiers)
    assert cp.distribution == st.result_distribution(Attack((west[0], west[1]), D))


def test_bombardment_preview_and_prompt_name_their_rules():
    pools = {"allies": {"british": [SupportMarker(3, 2, "british")]}}
    st, m = battle_state(attackers=1, pools=pools, allot={"allies": 2})
    pr = presenter_for(st)
    pass_until(st, BombardChoice, "allies")
    assert pr.prompt(st) == "Allies: declare a bombardment with support fire markers, or pass " \
                            "(F&M 8.1)"
    two = next(a for a in st.legal_actions() if isinstance(a, Bombard) and len(a.markers) == 2)
    cp = pr.combat_preview(st, two)
    assert "bombardment 6 vs defense 3: differential +3" in cp.summary and cp.attackers == ("British +3", "British +3")
    assert any("8.1.3" in x for x in cp.modifiers)
    assert sum(cp.distribution.values()) == Fraction(1)


def test_step_loss_prompt_and_views():
    """8.2.4: on an Exchange the attacker chooses which of his units takes the step loss."""
    st, m = battle_state(crt="Ex", rolls=[1])
    pr = presenter_for(st)
    to_combat(st)
    r = ring(m)
    st.apply_checked(Attack((r[0], r[1]), D))
    st.apply(st.sample_chance())
    assert isinstance(st.pending_decision(), StepLossChoice)
    assert pr.prompt(st) == "Allies: choose the unit that takes the step loss (F&M 8.2.4)"
    views = pr.action_views(st)
    assert [v.units for v in views] == [("A1",), ("A2",)] and all("step loss" in v.label for v in views)
    st.apply(views[0].action)
    assert "Allies: A1 takes the step loss (F&M 8.2.4)" in pr.events(st, 0)
    assert "depleted" in {u.id: u for u in pr.units(st)}["A1"].flags
    assert {u.id: u for u in pr.units(st)}["A1"].values == "2-2-10 (depleted)"


def test_retreat_paths_carry_their_hexes():
    """8.3: the owner chooses the path; each view is the whole path from the unit's hex."""
    st, m = battle_state(crt="D2", rolls=[1])
    pr = presenter_for(st)
    to_combat(st)
    st.apply_checked(Attack((ring(m)[0],), D))
    st.apply(st.sample_chance())
    assert isinstance(st.pending_decision(), RetreatChoice)
    assert pr.prompt(st).startswith("Germans: retreat G 2 hexes, or offer stiff resistance (F&M 8.3, 8.4")
    for v in pr.action_views(st):
        if isinstance(v.action, Retreat):
            assert v.kind == MOVE and v.hexes[0] == D and len(v.hexes) == 3 and v.verb == "retreat"
        else:
            assert v.verb == "stiff" and "8.4" in v.rule


def test_turn_track_is_the_sequence_outline():
    """4.1: SFM phase, the first player's five phases, the second player's, the Game Turn End Phase."""
    st = new_game(corridor(), 0)
    pr = presenter_for(st)
    track = pr.turn_track(st)
    assert track.phases[0] == "Support Fire Marker Phase" and track.phases[-1] == "Game Turn End Phase"
    assert track.phases[1:6] == ("Allies Movement Phase", "Allies Bombardment Phase", "Allies Combat Phase",
                                 "Allies Mobile Movement Phase", "Allies Mobile Combat Phase")
    assert track.phases[6] == "Germans Movement Phase" and track.last_turn == 5
    assert track.current == st.stage


def test_units_flags_after_a_move():
    st, m = one_unit(ma=7, extra_units=[unit("G", "germans", 2, 2, 7)], placements={"G": "0906"})
    pr = presenter_for(st)
    st.apply_checked(Move("A", ("0206", "0306")))
    a = {u.id: u for u in pr.units(st)}["A"]
    assert a.hex == "0306" and "moved" in a.flags and a.values == "4-4-7"
    assert presenter_for(st).move_action(st, "A", ["0306", "0406"]) == Move("A", ("0306", "0406"))
    assert "A moves to 0306: 2 of 7 MP" in pr.events(st, 0)


def test_mobile_movement_phase_prompt_and_movers():
    """4.1, 5.5: only mobile units that did not move in the Movement Phase move in the Mobile Movement
    Phase; the prompt says so and only they have moves."""
    m = blank_map()
    units = [unit("M1", "allies", 4, 3, 10, "mobile"), unit("M2", "allies", 4, 3, 10, "mobile"),
             unit("L", "allies", 3, 3, 7)]
    st = new_game(scenario(m, units, {"M1": "0206", "M2": "0208", "L": "0210"}), 0)
    pr = presenter_for(st)
    st.apply_checked(Move("M1", ("0206", "0306")))
    st.apply_checked(Pass())
    assert st.phase.name == "Mobile Movement Phase"
    assert pr.prompt(st) == ("Allies: move mobile units that did not move in the Movement Phase, or pass "
                             "(F&M 4.1, 5.5)")
    assert {v.units[0] for v in pr.action_views(st) if v.kind == MOVE} == {"M2"}
    m1 = {u.id: u for u in pr.units(st)}["M1"]
    assert "moved in the Movement Phase" in m1.flags and "mobile" in m1.flags
    assert pr.turn_track(st).phases[pr.turn_track(st).current] == "Allies Mobile Movement Phase"


def test_move_costs_of_the_5_4_examples():
    """5.4 examples, on a terrain table that has their terrain: 'a jungle terrain hex costs 3 MPs to
    enter'; 'a unit crosses a river (+1 MP) and enters a clear terrain hex (1 MP) ... 2 MP'; 'a clear hex
    (1 MP) that contains a village (+1 MP) ... crossed a river hexside (+1 MP) ... 3 MP'."""
    t = TerrainTable(name="5.4", movement_classes=["leg", "mobile"])
    t.terrain["clear"] = TerrainType("clear", "Clear", move={"leg": 1, "mobile": 1})
    t.terrain["jungle"] = TerrainType("jungle", "Jungle", move={"leg": 3, "mobile": 3})
    t.features["village"] = FeatureType("village", "Village", mode="add", move={"leg": 1, "mobile": 1})
    t.hexside_features["river"] = HexsideFeatureType("river", "River", move={"leg": 1, "mobile": 1})
    m = HexMap(GridSpec(8, 8), t, "clear")
    start = "0404"
    ring = [m.label(h) for h in sorted(m.neighbors_on_map(H(m, start)))]
    jungle, river_clear, river_village = ring[0], ring[1], ring[2]
    m.set_terrain({H(m, jungle): "jungle"})
    for lab in (river_clear, river_village):
        m.set_hexsides({hexside_between(H(m, start), H(m, lab)): HexsideInfo(("river",))})
    m.set_features({H(m, river_village): ("village",)})
    st = new_game(scenario(m, [unit("A", "allies", 4, 4, 7)], {"A": start}), 0)
    costs = presenter_for(st).move_costs(st, "A")
    assert (costs[jungle], costs[river_clear], costs[river_village]) == (3, 2, 3)
    assert costs[ring[3]] == 1  # clear, no hexside


def test_advance_after_combat_views_follow_the_path_of_retreat():
    """8.5: the attacker may advance along the defender's path of retreat; each view is that path."""
    st, m = d2_state(attackers=2)
    pr = presenter_for(st)
    st.apply_checked(next(a for a in st.legal_actions() if isinstance(a, Retreat)))
    retreat = st.history()[-1].action.path
    assert isinstance(st.pending_decision(), AdvanceChoice)
    assert pr.prompt(st) == ("Allies: advance a unit along the path of retreat, or pass "
                             "(F&M 8.5)")
    views = pr.action_views(st)
    adv = [v for v in views if v.verb == "advance"]
    assert adv and all(v.kind == MOVE and v.hexes[1:] == retreat[:len(v.hexes) - 1] for v in adv)
    assert views[-1].kind == PASS and views[-1].label == "do not advance after combat"
    st.apply(adv[0].action)
    assert "exhausted" in {u.id: u for u in pr.units(st)}[adv[0].units[0]].flags
    assert any("advances to" in line and "8.5" in line for line in pr.events(st, 0))


def test_displacement_views_and_prompt():
    """8.3.1: a friend in the only final hex is displaced one hex, as if retreating."""
    m = blank_map()
    m.terrain_table.terrain["lake"] = TerrainType("lake", "Lake", move={"leg": None, "mobile": None})
    x = ring(m)[0]
    near = set(m.neighbors_on_map(H(m, D)))
    free = [h for h in m.neighbors_on_map(H(m, x)) if h != H(m, D) and h not in near]
    m.set_terrain({free[0]: "lake", free[1]: "lake"})
    y = m.label(free[2])
    st, _ = battle_state(attackers=1, crt="A1", m=m, extra=[unit("F", "allies", 1, 1, 7)],
                         placements={"A1": x, "F": y})
    pr = presenter_for(st)
    to_combat(st)
    st.apply_checked(Attack((x,), D))
    st.apply(st.sample_chance())
    retreat = next(v for v in pr.action_views(st) if v.verb == "retreat")
    assert retreat.hexes == (x, y) and "displacing F" in retreat.label
    st.apply(retreat.action)
    assert pr.prompt(st) == ("Allies: displace F one hex so that A1 can end its retreat "
                             "(F&M 8.3.1)")
    views = pr.action_views(st)
    assert views and all(v.kind == MOVE and v.verb == "displace" and v.hexes[0] == y for v in views)
    st.apply(views[0].action)
    assert {u.id: u for u in pr.units(st)}["F"].hex == views[0].hexes[1]
