"""The Koenig presenter (rules/koenig/view.py): what a playtest window shows of a game of Paul Koenig's
Market-Garden, checked against the state it reads (002_fe1216aa5df94854.txt)."""

from __future__ import annotations

import copy
import random

import pytest
from hexwright.engine.hexgrid import hex_distance, hexside_between
from hexwright.engine.model import HexsideInfo
from hexwright.engine.rules.koenig import KoenigGame
from hexwright.engine.rules.koenig.actions import OFF, FireAttack, Support, UnitMove, act
from hexwright.engine.rules.koenig.battle import FireRoll, SupportChoice
from hexwright.engine.rules.koenig.moves import move_allowance
from hexwright.engine.rules.koenig.view import PHASES, KoenigPresenter
from hexwright.engine.rules.presentation import ATTACK, MOVE, PASS, presenter_for
from hexwright.engine.rules.protocol import CHANCE, new_game

from tests.engine.rules.koenig.conftest import position

OPTIONS = [{}, {"leadership": True, "interdiction": True, "overruns": True, "indirect_fire": True}]


def fire_odds_by_cloning(st, a):
    """Declare the fire on a copy, commit no support (9.0), read the battle's odds."""
    trial = st.clone()
    trial.apply(a)
    while trial.current_player != CHANCE:
        trial.apply(Support(0))
    return trial.result_distribution(), trial


def check_state(pr, st, seen):
    legal = st.legal_actions()
    views = pr.action_views(st)
    assert [v.action for v in views] == legal
    assert all(v.label for v in views)
    prompt = pr.prompt(st)
    assert "(Koenig " in prompt and ".txt" not in prompt  # the rule by system and section, never a file
    who = "Dice" if st.current_player == CHANCE else pr.side_name(st, st.current_player)
    assert prompt.startswith(who + ":")
    seen.setdefault("steps", set()).add(type(st.pending_decision()).__name__)
    if st.current_player == CHANCE:
        probs = dict(st.chance_outcomes())
        assert [v.probability for v in views] == [probs[a] for a in legal]
        if st.battle is not None:  # the roll about to be made: the odds of the battle in progress
            cp = pr.combat_preview(st, st.chance_outcomes()[0][0])
            assert cp.distribution == st.result_distribution() and cp.column == f"AF {st.current_af()}"
    fires = 0
    for v in views:
        a = v.action
        assert v.rule and ".txt" not in v.rule + v.label
        if isinstance(a, UnitMove) and a.dest != OFF:
            uid, dest = a.unit, a.dest
            options = st.move_options(uid, move_allowance(st, uid, type(a), a.march), a.verb != "redeploy")
            h = st.map.hex_at(dest)
            assert v.cost == options[h]  # the MP the state's own movement rules charge (8.0-8.3, 14.2)
            assert v.hexes[-1] == dest
            for x, y in zip(v.hexes, v.hexes[1:], strict=False):
                assert hex_distance(st.map.hex_at(x), st.map.hex_at(y)) == 1
            if st.hex_label(uid) is not None:
                assert v.hexes[0] == st.hex_label(uid)
            if v.verb == "close-combat":
                cp = pr.combat_preview(st, a)
                assert sum(cp.distribution.values()) == 1 and set(cp.distribution) <= set(pr.result_legend(st))
                seen["close"] = seen.get("close", 0) + 1
        elif isinstance(a, FireAttack):
            assert v.kind == ATTACK and v.hexes[-1] == a.target and v.units == a.units
            if fires < 4:
                cp = pr.combat_preview(st, a)
                dist, trial = fire_odds_by_cloning(st, a)
                assert cp.distribution == dist and cp.column == f"AF {trial.current_af()}"
                assert set(cp.distribution) <= set(pr.result_legend(st))  # 9.0
                fires += 1
                seen["fire"] = seen.get("fire", 0) + 1
        elif a.text() == "done":
            assert v.kind == PASS
    if legal and isinstance(legal[0], Support):
        cp = pr.combat_preview(st, legal[-1])
        assert cp is not None and sum(cp.distribution.values()) == 1
    assert pr.zoc_hexes(st, "allied") == set() == pr.zoc_hexes(st, "german")  # 8.3
    units = pr.units(st)
    assert [u.id for u in units] == list(st.unit_ids())
    for u in units:
        assert u.hex == (st.hex_label(u.id) if st.status(u.id) == "on map" else None)
        hits = st.hits(u.id)
        assert (f"{hits} Hit" in " ".join(u.flags)) == bool(hits)
    pr.markers(st)
    track = pr.turn_track(st)
    assert track.phases == PHASES and track.turn == st.turn


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_every_view_at_every_state(scenario, options, seed):
    """Seeded games that mostly keep operating (rarely 'done'), with and without the optional rules:
    every presenter method at every state agrees with the state; the log only grows."""
    st = new_game(scenario, seed, {"max_turns": 4, **options})
    pr = presenter_for(st)
    assert isinstance(pr, KoenigPresenter)
    rng = random.Random(seed)
    seen: dict = {}
    log = pr.events(st, 0)
    assert log and log[0].startswith("Game Turn 1")
    while not st.is_terminal():
        check_state(pr, st, seen)
        n = len(st.history())
        legal = st.legal_actions()
        if st.current_player == CHANCE:
            a = st.sample_chance()
        else:
            busy = [x for x in legal if x.text() != "done" and not x.text().startswith("end ")]
            a = rng.choice(busy) if busy and rng.random() < 0.85 else rng.choice(legal)
        st.apply(a)
        after = pr.events(st, 0)
        assert after[:len(log)] == log
        if n:
            assert after[len(log):] == pr.events(st, n)  # the lines the last action caused
        log = after
    assert pr.prompt(st).startswith("Game over")
    assert log[-1].startswith("Game over") and "Allied" in log[-1] and "VP" in log[-1]
    assert not any(".txt" in line for line in log)
    assert "Activation" in seen["steps"] and seen.get("fire", 0) + seen.get("close", 0) > 0
    if "FireRoll" in seen["steps"]:  # a battle was rolled: its line names the AF and the die
        assert any(" AF " in line and ", roll " in line for line in log)


def test_log_lines_of_each_entry_are_those_it_caused(scenario):
    st = new_game(scenario, 3, {"max_turns": 2})
    pr = presenter_for(st)
    rng = random.Random(3)
    total = pr.events(st, 0)
    while not st.is_terminal():
        n = len(st.history())
        legal = st.legal_actions()
        st.apply(st.sample_chance() if st.current_player == CHANCE else rng.choice(legal))
        new = pr.events(st, n) if n else pr.events(st, 0)[len(total):]
        assert pr.events(st, 0) == total + new
        total = total + new
    assert any("rolls" in line and "Artillery Points" in line for line in total)
    assert any("drawn from the Command Cup" in line for line in total)


# -- positions on the shipped map -----------------------------------------------------------------

def test_close_combat_cost_example_of_8_1(scenario):
    """8.1: Close Combat (+2 MP) in a hilltop hex (3 MP) across a slope hexside (+1 MP) costs 6 MP. The
    shipped map has the hilltop 0305 and the slope 0304/0305; its other hexsides are made rivers here so
    that the example's route is the only one (8.1.1)."""
    sc = copy.deepcopy(scenario)
    m = sc.map
    hill, start = m.hex_at("0305"), m.hex_at("0304")
    m.set_hexsides({hexside_between(hill, n): HexsideInfo(features=("river",))
                    for n in m.neighbors_on_map(hill) if n != start})
    game = KoenigGame(sc)
    st = position(game, {"B-1Para": "0304", "G-16": "0305"}, active="1PB", side="allied")
    pr = presenter_for(st)
    costs = pr.move_costs(st, "B-1Para")
    assert costs["0305"] == 6
    cc = [v for v in pr.action_views(st) if v.verb == "close-combat"]
    assert [v.action.text() for v in cc] == ["move B-1Para 0305"] and cc[0].kind == MOVE
    assert cc[0].hexes == ("0304", "0305") and "Close Combat with G-16" in cc[0].label
    cp = pr.combat_preview(st, cc[0].action)
    assert cp.defenders == ("G-16",) and sum(cp.distribution.values()) == 1
    # 10.0: the defender fires first; only if it misses does the attacker fire
    trial = st.clone()
    trial.apply(cc[0].action)
    while trial.current_player != CHANCE:
        trial.apply(Support(0))
    first = trial.result_distribution()
    assert cp.distribution["Defensive Close Fire: Hit (the attacker retreats)"] == first["hit"]
    assert cp.distribution["Defensive Close Fire: Exchange"] == first["exchange"]
    assert pr.zoc_hexes(st, "allied") == set()


def test_terrain_example_of_9_1_woods_and_streams(scenario):
    """9.1: a defender in Woods with every attacker across Stream hexsides: the AF is reduced by two."""
    sc = copy.deepcopy(scenario)
    m = sc.map
    target = m.hex_at("0503")
    m.set_terrain({target: "woods"})
    a1, a2 = m.hex_at("0403"), m.hex_at("0504")
    for h in (a1, a2):
        m.set_hexsides({hexside_between(h, target): HexsideInfo(features=("stream",))})
    game = KoenigGame(sc)
    st = position(game, {"B-1Para": "0403", "B-3Para": "0504", "G-16": "0503"}, active="1PB", side="allied")
    pr = presenter_for(st)
    fire = act("fire", "B-1Para,B-3Para", "0503")
    view = next(v for v in pr.action_views(st) if v.action == fire)
    assert view.hexes == ("0403", "0504", "0503") and "AF 4" in view.label
    cp = pr.combat_preview(st, fire)
    assert cp.column == "AF 4" and any("terrain -2" in x for x in cp.modifiers)
    assert cp.distribution == fire_odds_by_cloning(st, fire)[0]
    mobile = act("mfire", "B-1Para,B-3Para", "0503")
    cpm = pr.combat_preview(st, mobile)
    assert cpm.column == "AF 2" and any("Mobile Fire at half strength (8.4)" in x for x in cpm.modifiers)


def test_prompts_of_a_fire_attack_in_order(scenario):
    """9.0: Defensive Support, Offensive Support, the roll; 9.2.2: the Active Player gives the Hit."""
    game = KoenigGame(scenario)
    st = position(game, {"B-1Para": "0403", "B-3Para": "0504", "G-16": "0503"}, active="1PB", side="allied",
                  points={"allied": 2, "german": 1})
    pr = presenter_for(st)
    assert pr.prompt(st).startswith("Allied: formation 1PB is active")
    st.apply(act("fire", "B-1Para,B-3Para", "0503"))
    assert pr.prompt(st) == "German: assign Defensive Support to the Full Fire at 0503 (up to 1) (Koenig 9.0)"
    assert [v.label for v in pr.action_views(st)] == ["Defensive Support: 0 Artillery Points",
                                                      "Defensive Support: 1 Artillery Point"]
    st.apply(act("support", "1"))
    assert pr.prompt(st).startswith("Allied: assign Offensive Support to the Full Fire at 0503 (up to 2)")
    cp = pr.combat_preview(st, act("support", "2"))
    assert "Attack Factor" in cp.summary
    st.apply(act("support", "2"))
    assert pr.prompt(st).startswith(f"Dice: roll the Full Fire at 0503: AF {st.current_af()}")
    st.apply(act("roll", "1"))
    assert "1 Hit" in {u.id: u for u in pr.units(st)}["G-16"].flags
    # the log is the state's own account, in the rules' words, the sides by their names
    n = len(st.history())
    assert pr.events(st, n - 1) == ["Full Fire by B-1Para, B-3Para at 0503: AF 8, roll 1: hit (Koenig 9.0)",
                                    "G-16 takes a Hit: 1 Hit (Koenig 9.2)"]
    assert pr.events(st, n - 2) == ["Offensive Support: Allied assigns 2 Allied Support Points (Koenig 9.0)"] + \
        pr.events(st, n - 1)


def test_units_show_hits_and_operations(scenario):
    game = KoenigGame(scenario)
    st = position(game, {"B-1Para": "0403", "G-16": "0503"}, active="1PB", side="allied")
    st.position.set_steps_lost("B-1Para", 2)
    pr = presenter_for(st)
    b = {u.id: u for u in pr.units(st)}["B-1Para"]
    assert b.values == "3-6 (2 Hits: fires at 2)" and "2 Hits" in b.flags and "active" in b.flags
    st.apply(act("move", "B-1Para", "0402"))
    b = {u.id: u for u in pr.units(st)}["B-1Para"]
    assert "operated" in b.flags and b.hex == "0402"
    assert pr.move_action(st, "B-1Para", ["0402", "0401"]) == act("move", "B-1Para", "0401")


def test_turn_track_of_a_night_turn(scenario):
    """4.0: a night turn has the German Redeployment Phase instead of Support and Operations."""
    game = KoenigGame(scenario)
    st = position(game, {"G-16": "0503"}, step="redeploy", turn=3)
    pr = presenter_for(st)
    track = pr.turn_track(st)
    assert track.phases[track.current] == "German Redeployment Phase" and track.turn == 3
    assert pr.prompt(st).startswith("German: redeploy units not adjacent to enemy units")
    moves = [v for v in pr.action_views(st) if v.verb == "redeploy"]
    assert moves and max(v.cost for v in moves) <= (st.allowance("G-16") + 1) // 2


def test_prompts_of_the_decisions_random_games_rarely_reach(scenario):
    """Paratroop Landing (5.0), the Active Player's choice of the Hit (9.2.2), the Leadership re-roll
    (14.1) and the move after the Mobile Fire of a Combined Operation (8.4, 8.4.1)."""
    game = KoenigGame(scenario, {"leadership": True})
    st = position(game, {"B-1Para": "0403", "G-16": "0503", "G-19/9-1": "0503"}, active="1PB", side="allied")
    pr = presenter_for(st)
    st.leader = "allied"
    st.apply(act("fire", "B-1Para", "0503"))
    while isinstance(st.pending_decision(), SupportChoice):
        st.apply(Support(0))
    st.apply(act("roll", "1"))
    assert pr.prompt(st) == "Allied: accept the roll of 1 at 0503 or re-roll with the Leadership marker (Koenig 14.1)"
    assert [v.label for v in pr.action_views(st)] == ["accept the roll: hit", "re-roll with the Leadership marker"]
    st.apply(act("accept"))
    assert pr.prompt(st) == "Allied: choose the defending unit that takes the Hit at 0503 (Koenig 9.2.2)"
    assert [v.units for v in pr.action_views(st)] == [("G-16",), ("G-19/9-1",)]

    st2 = position(KoenigGame(scenario), {"B-1Para": "0403", "G-16": "0503"}, active="1PB", side="allied")
    st2.apply(act("mfire", "B-1Para", "0503"))
    while st2.battle is not None:
        st2.apply(st2.chance_outcomes()[-1][0] if isinstance(st2.pending_decision(), FireRoll)
                  else st2.legal_actions()[0])
    assert pr.prompt(st2).startswith("Allied: B-1Para may make the move of its Combined Operation at half MA")
    costs = pr.move_costs(st2, "B-1Para")
    assert costs and max(costs.values()) <= 3  # half of MA 6 (8.4)
    assert "fired: may move half MA" in {u.id: u for u in pr.units(st2)}["B-1Para"].flags

    st3 = position(KoenigGame(scenario), {}, step="landing", turn=6, landing=("B-10Para",))
    assert pr.prompt(st3) == "Dice: Paratroop Landing roll for B-10Para (Koenig 5.0; Arnhem Bridge exclusive 4.0)"
    assert pr.turn_track(st3).current == 0


def test_exit_of_the_recon_9th_shows_its_way_to_an_exit_road(scenario):
    """Exclusive 12.0: the Recon/9th exits off the bottom edge from a road hex that leaves the map."""
    game = KoenigGame(scenario)
    probe = position(game, {})
    exits = [h for h in probe.map.edge_side_hexes("bottom") if probe.road_off_map(h)]
    assert exits
    target = exits[0]
    near = next(n for n in probe.map.neighbors_on_map(target) if not probe.road_off_map(n)
                and n not in probe.map.edge_side_hexes("bottom"))
    st = position(game, {"G-Recon9": probe.map.label(near)}, active="Recon/9", side="german")
    pr = presenter_for(st)
    off = [v for v in pr.action_views(st) if v.verb == "exit"]
    assert off and all(v.action.dest == OFF for v in off)
    for v in off:
        assert v.hexes[0] == probe.map.label(near) and st.map.hex_at(v.hexes[-1]) in exits
    assert "exits off the map" in off[0].label


def test_log_of_a_saved_game_and_of_an_earlier_copy(scenario):
    """A game loaded from its log reads the same lines; a copy taken earlier reads the first lines only."""
    st = new_game(scenario, 5, {"max_turns": 2})
    pr = presenter_for(st)
    rng = random.Random(5)
    early = None
    while not st.is_terminal():
        if len(st.history()) == 12:
            early = st.clone()
        legal = st.legal_actions()
        st.apply(st.sample_chance() if st.current_player == CHANCE else rng.choice(legal))
    lines = pr.events(st, 0)
    assert early is not None and pr.events(early, 0) == lines[:len(pr.events(early, 0))]
    assert pr.events(st, 0) == lines  # the earlier copy did not disturb the game's log
    loaded = st.game.deserialize(st.serialize())
    assert pr.events(loaded, 0) == lines
    other = KoenigGame(scenario, {"max_turns": 2}).deserialize(st.serialize())
    assert pr.events(other, 0) == lines
