"""Every kind of illegal move click in an F&M movement phase is refused with the one rule that forbids it,
the hex that was clicked and the MP figures the unit really has (000_e5c3deafb2cea4af.txt 5.2 a-f, 5.3, 5.5,
6.1, 4.1 / 8.2), the way the playtest makes the move from a click: the presenter's `move_action` along the
unit's cheapest path to the clicked hex (a straight line from the unit's hex otherwise)."""

from __future__ import annotations

import pytest
from hexwright.engine.hexgrid import hex_line
from hexwright.engine.rules.fm.actions import Attack, Move
from hexwright.engine.rules.fm.reach import unit_reach
from hexwright.engine.rules.presentation import presenter_for
from hexwright.engine.rules.protocol import IllegalAction

from ..synthetic import H, blank_map, line_of, road, unit
from .test_fm_movement import one_unit


def clicked(st, uid: str, dest: str) -> str:
    """What the playtest says when `uid` is pointed at `dest`: the presenter's move there, refused."""
    m = st.game.map
    line = [m.label(h) for h in hex_line(st.unit_hex(uid), H(m, dest))]
    action = presenter_for(st).move_action(st, uid, line)
    assert action is not None and not st.is_legal(action)
    with pytest.raises(IllegalAction) as refused:
        st.apply_checked(action)
    return str(refused.value)


def test_too_far_names_the_clicked_hex_and_the_cheapest_paths_cost():
    """5.2 a, c: the hex clicked and the cost of the unit's cheapest path there, not a hex on the straight line
    nor the cost of the straight line: a road (1/2 MP, 5.4.1) bends round rough ground (4 MP a hex)."""
    m = blank_map()
    row = line_of(m, "0206", 0, 8)
    for lab in row[1:-1]:
        m.set_terrain({H(m, lab): "rough"})
    st, _ = one_unit(ma=3, m=m)
    text = clicked(st, "A", row[-1])
    # the cheapest path goes round the rough ground (8 mixed hexes at 2 MP), not along it (6 x 4 + 2 = 26 MP)
    assert text == f"A cannot reach {row[-1]}: this path costs 16 MP, more than its MA of 3 (F&M 5.2 a, c)"
    road(m, "0206", "0405", row[-1])
    st, _ = one_unit(ma=3, m=m)
    text = clicked(st, "A", row[-1])
    assert text.startswith(f"A cannot reach {row[-1]}: this path costs ")
    cost = float(text.split("costs ")[1].split(" MP")[0])
    assert 3 < cost < 16  # along the road, cheaper than round the rough ground


def test_mp_spent_before_count_as_the_log_counts_them():
    """A unit that has spent MP this phase (a landing hex's terrain, 11.4 b): the refusal gives what is spent,
    the path's cost and their sum against the printed MA, as the move's log line counts ("7 of 7 MP")."""
    st, m = one_unit(ma=7)
    st.set_mp_spent("A", 2.0)
    st.invalidate()
    reach = unit_reach(st, "A")
    beyond = next(lab for lab in line_of(m, "0206", 0, 6) if H(m, lab) not in reach.spent)
    assert clicked(st, "A", beyond) == (f"A cannot reach {beyond}: it has spent 2 of its 7 MP this phase and this path "
                                        f"costs 6 more (8 of 7 MP) (F&M 5.2 a, c)")


def test_an_enemy_hex_the_map_edge_and_a_friends_hex():
    """5.2 d, 5.2 f, 5.3."""
    m = blank_map()
    a, b, c = line_of(m, "0206", 0, 3)
    st, _ = one_unit(m=m, extra_units=[unit("G", "germans", 2, 2, 7), unit("B", "allies", 1, 1, 7)],
                     placements={"G": c, "B": b})
    assert clicked(st, "A", c) == f"A cannot enter {c}: enemy-occupied (F&M 5.2 d)"
    assert clicked(st, "A", b) == f"A cannot end its move in {b}: units cannot stack (F&M 5.3)"
    with pytest.raises(IllegalAction, match=r"A cannot leave the map: 0006 is not a hex of this map \(F&M 5.2 f\)"):
        st.apply_checked(Move("A", ("0206", "0006")))


def test_an_enemy_zone_of_control_stops_a_leg_unit():
    """6.1: a leg unit entering an enemy zone of control stops there; the hex beyond is refused for it."""
    m = blank_map()
    row = line_of(m, "0206", 0, 5)
    st, _ = one_unit(ma=10, m=m, extra_units=[unit("G", "germans", 2, 2, 7)], placements={"G": row[4]})
    with pytest.raises(IllegalAction, match=fr"A must stop in {row[3]}: a leg unit entering an enemy zone of "
                                            r"control stops \(F&M 6.1\)"):
        st.apply_checked(Move("A", (*row[:4], m.label(hex_line(H(m, row[3]), H(m, "0310"))[1]))))


def test_the_other_sides_unit_a_moved_unit_and_an_attack_now():
    """5.2: only the active player moves his units, once a phase; 4.1, 8.2: attacks in the combat phases only."""
    m = blank_map()
    row = line_of(m, "0206", 0, 6)
    st, _ = one_unit(m=m, extra_units=[unit("G", "germans", 2, 2, 7)], placements={"G": row[5]})
    with pytest.raises(IllegalAction, match=r"G belongs to the Germans player; only the active player moves his "
                                            r"units \(F&M 5.2\)"):
        st.apply_checked(Move("G", (row[5], row[4])))
    with pytest.raises(IllegalAction, match=r"attacks are declared only in the Combat and Mobile Combat Phases "
                                            r"\(F&M 4.1, 8.2\)"):
        st.apply_checked(Attack((row[0],), row[5]))
    st.apply_checked(Move("A", tuple(row[:2])))
    with pytest.raises(IllegalAction, match=r"A has completed its movement this phase \(F&M 5.2\)"):
        st.apply_checked(Move("A", tuple(row[1:3])))


def test_a_refused_retreat_names_the_hex_and_its_one_reason():
    """8.3 (6.2, 10.6): into an EZOC, across an unbridged river, the wrong distance, off the map."""
    from hexwright.engine.rules.fm.actions import Retreat

    from .test_fm_retreat import d2_state, ring, water_between_columns

    m = blank_map()
    water_between_columns(m, 5, "river")  # the defender (column 05) has the river on its east sides
    west = [lab for lab in ring(m) if lab.startswith("04")]
    east = [lab for lab in ring(m) if lab.startswith("06")]
    st, _ = d2_state(m=m, placements={"A1": west[0]})
    d = st.pending_decision()
    here = m.label(st.unit_hex(d.unit))
    ezoc = st.enemy_zoc(st.game.units[d.unit].side)
    into_zoc = next(lab for lab in ring(m) if H(m, lab) in ezoc and lab not in west[:1])
    with pytest.raises(IllegalAction, match=fr"{d.unit} may never retreat into or through {into_zoc}, in an enemy "
                                            r"zone of control \(F&M 8.3, 6.2\)"):
        st.apply_checked(Retreat(d.unit, (here, into_zoc)))
    across = next(lab for lab in east if H(m, lab) not in ezoc)
    with pytest.raises(IllegalAction, match=fr"{d.unit} may not retreat from {here} into {across}: prohibited terrain, "
                                            r"a marsh off the road or an unbridged river or canal"):
        st.apply_checked(Retreat(d.unit, (here, across)))
    legal = next(a for a in st.legal_actions() if isinstance(a, Retreat))
    with pytest.raises(IllegalAction, match=fr"{d.unit} retreats 2 hexes, not 3 \(F&M 8.3\)"):
        st.apply_checked(Retreat(d.unit, (*legal.path, legal.path[-1])))


def test_a_landing_hex_out_of_range_names_the_distance_and_the_drop_zone():
    """11.4: a unit lands within three hexes of its drop zone marker (Scenario 1's first landing)."""
    from hexwright.engine.formats import load_scenario
    from hexwright.engine.hexgrid import hex_distance
    from hexwright.engine.rules.fm.actions import Land
    from hexwright.engine.rules.fm.decisions import LandingChoice
    from hexwright.engine.rules.protocol import CHANCE, new_game

    from tests.conftest import SCENARIOS

    st = new_game(load_scenario(SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml").scenario, 1)
    for _ in range(200):
        if isinstance(st.pending_decision(), LandingChoice):
            break
        st.apply(st.sample_chance() if st.current_player == CHANCE else st.legal_actions()[-1])
    d = st.pending_decision()
    assert isinstance(d, LandingChoice)
    arr = st.arrival(d.unit)
    centre = st.drop_zone(arr.marker)
    far = next(h for h in sorted(st.game.map.hexes) if hex_distance(centre, h) == arr.within + 2)
    lab = st.game.label(far)
    with pytest.raises(IllegalAction, match=fr"land {d.unit} {lab}: {lab} is {arr.within + 2} hexes from the drop "
                                            fr"zone marker in {st.game.label(centre)}: a unit lands within "
                                            fr"{arr.within} hexes of it \(Arnhem: The Farthest Bridge 11.4\)"):
        st.apply_checked(Land(d.unit, lab))


def test_a_reinforcement_at_a_hex_it_does_not_enter_at_names_its_entry_hexes():
    """11.1: a reinforcement enters at its arrival hexes (Scenario 1's XXX Corps at the south edge)."""
    from hexwright.engine.formats import load_scenario
    from hexwright.engine.rules.fm.actions import Enter
    from hexwright.engine.rules.protocol import CHANCE, new_game

    from tests.conftest import SCENARIOS

    st = new_game(load_scenario(SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml").scenario, 1)
    p = presenter_for(st)
    for _ in range(400):
        if any(isinstance(a, Enter) for a in st.legal_actions()):
            break
        if st.current_player == CHANCE:
            st.apply(st.sample_chance())
            continue
        batch = p.batch_answers(st)
        st.apply((p.batch_action(st, batch[0].name) if batch else None) or st.legal_actions()[0])
    entries = [a for a in st.legal_actions() if isinstance(a, Enter)]
    uid = entries[0].unit
    hexes = sorted({a.hex for a in entries if a.unit == uid})
    with pytest.raises(IllegalAction) as refused:
        st.apply_checked(Enter(uid, "2020"))
    text = str(refused.value)
    assert text.startswith(f"enter {uid} 2020: {uid} enters at ") and text.endswith(", not 2020 (Arnhem: The Farthest "
                                                                                     "Bridge 11.1)")
    assert all(h in text for h in hexes)
