"""Retreat (F&M 8.3), displacement (8.3.1), stiff resistance (8.4) and advance after combat (8.5), with
the river rule of 10.6 / TEC note (c) and marsh (10.5). 000_e5c3deafb2cea4af.txt."""

from __future__ import annotations

import pytest
from hexwright.engine.hexgrid import hex_distance
from hexwright.engine.rules.fm.actions import Advance, Attack, Displace, Pass, Retreat, Stiff
from hexwright.engine.rules.fm.decisions import AdvanceChoice, DisplaceChoice, RetreatChoice

from ..synthetic import H, blank_map, line_of, unit, water_between_columns
from .test_fm_combat import D, battle_state, ring, to_combat


def d2_state(m=None, extra=(), placements=None, attackers=1, result="D2"):
    m = m or blank_map()
    st, _ = battle_state(attackers=attackers, crt=result, m=m, extra=extra, placements=placements)
    to_combat(st)
    labs = sorted(m.label(st.unit_hex(f"A{i + 1}")) for i in range(attackers))
    st.apply_checked(Attack(tuple(labs), D))
    st.apply(st.sample_chance())
    return st, m


def test_retreat_paths_go_the_full_distance_away_from_the_combat_hex():
    """8.3: the unit moves the indicated number of hexes away from its hex."""
    st, m = d2_state()
    paths = [a.path for a in st.legal_actions() if isinstance(a, Retreat)]
    assert paths
    for p in paths:
        assert len(p) == 3
        assert [hex_distance(H(m, D), H(m, x)) for x in p] == [0, 1, 2]


def test_retreat_never_into_enemy_zoc_or_enemy_units():
    """8.3, 6.2: never into or through an enemy unit or a hex in an EZOC (friendly ZOC does not negate it)."""
    st, m = d2_state()
    ezoc = st.enemy_zoc("germans")
    for a in st.legal_actions():
        if isinstance(a, Retreat):
            assert not any(H(m, x) in ezoc for x in a.path[1:])


def test_retreat_not_across_an_unbridged_river():
    """10.6 and TEC note (c): no retreat over an unbridged river or canal hexside."""
    m = blank_map()
    water_between_columns(m, 5, "river")  # the defender (column 05) has the river on its east sides
    east = [lab for lab in ring(m) if lab.startswith("06")]
    west = [lab for lab in ring(m) if lab.startswith("04")]
    st, _ = d2_state(m=m, placements={"A1": west[0]})
    for a in st.legal_actions():
        if isinstance(a, Retreat):
            assert a.path[1] not in east


def test_retreat_and_advance_across_a_ditch():
    """8.2.2, 10.6: a ditch is no river: a unit may retreat across it, and the attacker advance after it."""
    m = blank_map()
    water_between_columns(m, 5, "ditch")  # the defender (column 05) has the ditch on its east sides
    east = [lab for lab in ring(m) if lab.startswith("06")]
    west = [lab for lab in ring(m) if lab.startswith("04")]
    st, _ = d2_state(m=m, placements={"A1": west[0]})
    across = [a for a in st.legal_actions() if isinstance(a, Retreat) and a.path[1] in east]
    assert across
    st.apply_checked(across[0])
    assert isinstance(st.pending_decision(), AdvanceChoice)
    advances = [a for a in st.legal_actions() if isinstance(a, Advance)]
    assert any(a.path[-1] == across[0].path[1] for a in advances)


def test_a_unit_that_cannot_retreat_is_eliminated():
    """8.3: a unit that cannot retreat at least one hex is eliminated."""
    m = blank_map()
    r = ring(m)
    extra = [unit(f"A{i + 2}", "allies", 1, 1, 7) for i in range(len(r) - 1)]
    st, _ = d2_state(m=m, extra=extra, placements={f"A{i + 2}": r[i + 1] for i in range(len(r) - 1)})
    assert st.legal_actions() == [Retreat("G", (D,)), Stiff("G")]
    st.apply_checked(Retreat("G", (D,)))
    assert st.is_eliminated("G")


def test_a_unit_that_cannot_retreat_the_whole_way_is_depleted_where_it_stops():
    """8.3: if it can retreat at least one hex but not the required number, it is depleted in the last hex."""
    m = blank_map()
    corner = "0101"
    a = next(m.label(h) for h in m.neighbors_on_map(H(m, corner)))
    st, _ = battle_state(attackers=1, crt="D3", m=m, placements={"G": corner, "A1": a})
    to_combat(st)
    st.apply_checked(Attack((a,), corner))
    st.apply(st.sample_chance())
    paths = [x for x in st.legal_actions() if isinstance(x, Retreat)]
    assert paths and all(len(p.path) < 4 for p in paths)
    st.apply_checked(paths[0])
    assert st.is_depleted("G") or st.is_eliminated("G")


def test_stiff_resistance_depletes_instead_of_retreating_and_prevents_advance():
    """8.4: no retreat; the unit is depleted; no advance after combat into its hex."""
    st, m = d2_state()
    st.apply_checked(Stiff("G"))
    assert st.unit_hex("G") == H(m, D) and st.is_depleted("G")
    assert not isinstance(st.pending_decision(), AdvanceChoice)


def test_advance_after_combat_along_the_path_of_retreat():
    """8.5: participating units may advance along the path of retreat, ignoring EZOC, one per hex, and
    may then do nothing else this player turn."""
    st, m = d2_state(attackers=2)
    st.apply_checked(next(a for a in st.legal_actions() if isinstance(a, Retreat)))
    retreat = st.history()[-1].action.path
    assert isinstance(st.pending_decision(), AdvanceChoice) and st.current_player == "allies"
    adv = [a for a in st.legal_actions() if isinstance(a, Advance)]
    assert adv and all(list(a.path[1:]) == list(retreat[: len(a.path) - 1]) for a in adv)
    first = next(a for a in adv if a.unit == "A1" and len(a.path) == 2)
    st.apply_checked(first)
    second = [a for a in st.legal_actions() if isinstance(a, Advance)]
    assert all(a.path[-1] != first.path[-1] for a in second)  # one unit per hex
    assert st.activity("A1").exhausted and st.activity("A1").may_not_attack


def test_no_advance_after_an_exchange_or_elimination():
    st, m = d2_state(result="De")
    assert not isinstance(st.pending_decision(), AdvanceChoice)


def test_displacement_when_the_only_final_hex_holds_a_friend():
    """8.3.1: the friend moves one hex as if retreating; the retreating unit takes its hex; a displaced
    unit of the attacker may not attack again this turn."""
    from hexwright.engine.model import TerrainType

    m = blank_map()
    m.terrain_table.terrain["lake"] = TerrainType("lake", "Lake", move={"leg": None, "mobile": None})
    x = ring(m)[0]
    near = set(m.neighbors_on_map(H(m, D)))
    free = [h for h in m.neighbors_on_map(H(m, x)) if h != H(m, D) and h not in near]
    m.set_terrain({free[0]: "lake", free[1]: "lake"})
    y = m.label(free[2])
    st, _ = battle_state(attackers=1, crt="A1", m=m, extra=[unit("F", "allies", 1, 1, 7)],
                         placements={"A1": x, "F": y})
    to_combat(st)
    st.apply_checked(Attack((x,), D))
    st.apply(st.sample_chance())
    assert st.legal_actions() == [Retreat("A1", (x, y)), Stiff("A1")]
    st.apply_checked(Retreat("A1", (x, y)))
    assert isinstance(st.pending_decision(), DisplaceChoice)
    disp = st.legal_actions()
    assert disp and all(isinstance(d, Displace) and d.path[0] == y for d in disp)
    st.apply_checked(disp[0])
    assert st.unit_hex("A1") == H(m, y) and st.unit_hex("F") == H(m, disp[0].path[1])
    assert st.activity("F").may_not_attack


def test_displacement_not_allowed_while_a_vacant_final_hex_exists():
    st, m = d2_state(extra=[unit("F", "germans", 1, 1, 7)], placements={"F": line_of(blank_map(), D, 0, 3)[2]})
    for a in st.legal_actions():
        if isinstance(a, Retreat) and len(a.path) == 3:
            assert st.occupant(H(m, a.path[-1])) is None


def test_attackers_retreat_on_attacker_results_and_may_offer_stiff_resistance():
    """8.2.4 A1-A3, 8.4: each attacking unit retreats or is depleted instead."""
    st, m = d2_state(attackers=2, result="A2")
    assert isinstance(st.pending_decision(), RetreatChoice) and st.current_player == "allies"
    st.apply_checked(Stiff("A1"))
    assert st.is_depleted("A1")
    st.apply_checked(next(a for a in st.legal_actions() if isinstance(a, Retreat)))
    assert hex_distance(st.unit_hex("A2"), H(m, D)) == 3
    assert not isinstance(st.pending_decision(), AdvanceChoice) or Pass() in st.legal_actions()


def test_mobile_units_do_not_retreat_into_marsh_off_road():
    """10.5: mobile units cannot retreat into a marsh hex unless along a road or trail; with no other
    way they are eliminated."""
    from hexwright.engine.hexgrid import hexes_within

    m = blank_map()
    for h in hexes_within(H(m, D), 2):
        if h != H(m, D) and m.contains(h):
            m.set_terrain({h: "marsh"})
    a = ring(m)[0]
    m.set_terrain({H(m, a): "mixed"})
    st, _ = battle_state(attackers=1, crt="D2", m=m, defender=(2, 3, 10), placements={"A1": a})
    st.game.units["G"].flags = ("mobile",)
    to_combat(st)
    st.apply_checked(Attack((a,), D))
    st.apply(st.sample_chance())
    assert st.legal_actions() == [Retreat("G", (D,)), Stiff("G")]


STEPS = [  # (what the hexside or the hexes are, retreat or advance allowed, attack allowed): 5.2 e, 8.2, 10.5, 10.6
    ("plain", True, True),
    ("unbridged river", False, True),  # 10.6: attack across, never retreat or advance across
    ("bridged river", True, True),
    ("demolished bridge", False, True),  # 10.6.3: a river again
    ("ditch", True, True),  # 8.2.2: not water
    ("prohibited hexside", False, False),  # 5.2 e, 8.2
    ("prohibited terrain", False, False),
    ("mobile out of marsh off road", False, True),  # 10.5; 8.2: the attacker's own hex has no effect
    ("mobile into marsh off road", False, False),
    ("mobile into marsh along a road", True, True),
]


@pytest.mark.parametrize("case,retreat,attack", STEPS)
def test_one_terrain_step_rule_for_retreat_advance_and_attack(case, retreat, attack):
    """reach.terrain_step_allowed: the one test of a step's terrain that retreat, advance, displacement and
    attack share; only unbridged water (10.6) and the marsh a unit stands in (10.5, 8.2) differ."""
    from hexwright.engine.model import HexsideFeatureType
    from hexwright.engine.rules.fm.reach import terrain_step_allowed
    from hexwright.engine.rules.protocol import new_game

    from ..synthetic import road, scenario, side_of

    m = blank_map()
    a, b = "0505", "0605"
    mobile = case.startswith("mobile")
    if case == "unbridged river":
        side_of(m, a, b, "river")
    elif case in ("bridged river", "demolished bridge"):
        side_of(m, a, b, "river", bridge="highway")
    elif case == "ditch":
        side_of(m, a, b, "ditch")
    elif case == "prohibited hexside":
        m.terrain_table.hexside_features["cliff"] = HexsideFeatureType("cliff", "Cliff", move={"leg": None,
                                                                                            "mobile": None})
        side_of(m, a, b, "cliff")
    elif case == "prohibited terrain":
        from hexwright.engine.model import TerrainType

        m.terrain_table.terrain["sea"] = TerrainType("sea", "Sea", move={"leg": None, "mobile": None})
        m.set_terrain({H(m, b): "sea"})
    elif case == "mobile out of marsh off road":
        m.set_terrain({H(m, a): "marsh"})
    elif case == "mobile into marsh off road":
        m.set_terrain({H(m, b): "marsh"})
    elif case == "mobile into marsh along a road":
        m.set_terrain({H(m, b): "marsh"})
        road(m, a, b)
    sc = scenario(m, [unit("U", "allies", 3, 3, 7, *(("mobile",) if mobile else ())), unit("G", "germans", 1, 1, 7)],
                  {"U": a, "G": "1410"})
    if case == "demolished bridge":
        sc.start.hexsides[f"{a}/{b}"] = "demolished"
    st = new_game(sc, 0)
    assert terrain_step_allowed(st, "U", H(m, a), H(m, b)) is retreat
    assert terrain_step_allowed(st, "U", H(m, a), H(m, b), attack=True) is attack


def _every_chain(st, uid, busy, depth=0):
    """8.3.1 read literally, the reference for `can_be_displaced`: try every chain of displacements (a unit
    into a vacant hex it could retreat into, else into a friend's hex if that friend can be displaced in
    turn), at most 5 units, none twice, none of `busy`."""
    from hexwright.engine.rules.fm.retreat import step_allowed

    if uid is None or depth > 4:
        return False
    busy = busy | {uid}
    here = st.unit_hex(uid)
    steps = [b for b in st.game.adjacent(here) if step_allowed(st, uid, here, b)]
    taken = {st.unit_hex(u) for u in busy if u in st.position.hexes}
    if any(st.occupant(b) is None and b not in taken for b in steps):
        return True
    return any(st.occupant(b) is not None and st.occupant(b) not in busy
               and _every_chain(st, st.occupant(b), busy, depth + 1) for b in steps)


def test_a_chain_of_displacements_is_found_as_trying_every_chain_finds_it():
    """8.3.1: `can_be_displaced` (breadth first, each unit looked at once) answers as trying every chain of
    displacements does, for every unit and assorted busy sets and depths, in positions of random games of
    the shipped Scenario 1, crowded ones included (the Arnhem and Oosterbeek pockets late in a game)."""
    import random
    from pathlib import Path

    from hexwright.engine.formats import load_scenario
    from hexwright.engine.rules.fm.retreat import can_be_displaced
    from hexwright.engine.rules.protocol import CHANCE, make_game

    path = Path(__file__).resolve().parents[4] / "scenarios" / "fm-arnhem" / "scenario-1-historical.yaml"
    game = make_game(load_scenario(path).scenario)
    checked = found = 0
    for seed in range(3):
        rng = random.Random(seed)
        st = game.new_initial_state(seed, None)
        n = 0
        while not st.is_terminal() and n < 900:
            if n % 23 == 0:
                units = sorted(st.position.hexes)
                for uid in units:
                    side = st.game.units[uid].side
                    friends = [u for u in units if u != uid and st.game.units[u].side == side]
                    busy = set(rng.sample(friends, min(len(friends), rng.randrange(3))))
                    depth = rng.randrange(4)
                    want = _every_chain(st, uid, busy, depth)
                    assert can_be_displaced(st, uid, busy, depth) == want, (seed, n, uid, busy, depth)
                    checked += 1
                    found += want
            st.apply(st.sample_chance() if st.current_player == CHANCE else rng.choice(list(st.legal_actions())))
            n += 1
    assert checked > 1000 and 0 < found < checked


def test_chains_of_displacement_in_a_packed_band_stop_at_five_units():
    """8.3.1 in a crowded position: a band two hexes wide between lakes, packed with friendly units but for
    one hex at its end. A unit next to the hole can be displaced; one further in only through a chain, and
    none beyond a chain of five units; `can_be_displaced` answers as trying every chain does, for every
    unit, busy set and depth."""
    import random

    from hexwright.engine.model import TerrainType
    from hexwright.engine.rules.fm.retreat import can_be_displaced
    from hexwright.engine.rules.protocol import new_game

    from ..synthetic import scenario

    m = blank_map()
    m.terrain_table.terrain["lake"] = TerrainType("lake", "Lake", move={"leg": None, "mobile": None})
    every = m.hexes_with_terrain("mixed")
    band = sorted((h for h in every if 1 <= h.q <= 12 and m.label(h)[2:] in ("05", "06")),
                  key=lambda h: (h.q, m.label(h)))
    m.set_terrain({h: "lake" for h in every if h not in band})
    hole = band[0]
    units = [unit(f"F{i}", "allies", 1, 1, 7) for i in range(len(band) - 1)]
    st = new_game(scenario(m, units, {u.id: m.label(h) for u, h in zip(units, band[1:], strict=True)}), 0)
    rng = random.Random(3)
    answers = {}
    for uid in sorted(st.position.hexes):
        for depth in range(4):
            for _ in range(3):
                busy = set(rng.sample(sorted(set(st.position.hexes) - {uid}), rng.randrange(3)))
                want = _every_chain(st, uid, busy, depth)
                assert can_be_displaced(st, uid, busy, depth) == want, (uid, busy, depth)
            answers[uid, depth] = can_be_displaced(st, uid, set(), depth)
    far = {uid: hex_distance(st.unit_hex(uid), hole) for uid in st.position.hexes}
    assert {far[u] for u, d in answers if d == 0 and answers[u, d]} == {1, 2, 3, 4, 5}
    assert not any(answers[u, 0] for u in st.position.hexes if far[u] > 5)
