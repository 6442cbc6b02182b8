"""Movement and supply tracing (Target Arnhem: Movement, Re-Supply, German Overrun of Paratroop Supply
Marker, Supply Points; 001_69d92a61f68ed4f9.txt), on the shipped map: Hell's Highway 0103-1504, the
Wilhelmina canal between columns 04 and 05 (bridged 0403/0503), the Maas between 08 and 09 (bridged
0803/0904), forest at 0206, off-board area P along the top edge of columns 01-04."""

from __future__ import annotations

from hexwright.engine.hexgrid import hex_distance
from hexwright.engine.rules.target_arnhem.adjustment import AdjustmentPhase
from hexwright.engine.rules.target_arnhem.board import ELIMINATED
from hexwright.engine.rules.target_arnhem.movement import destinations
from hexwright.engine.rules.target_arnhem.supply import in_supply, overrun_markers


def test_units_move_two_hexes_over_open_ground(board):
    board.put("A-GrenGds", "0105")
    dests = destinations(board.state, "A-GrenGds")
    start = board.hex("0105")
    assert dests and all(hex_distance(start, board.hex(d)) <= 2 for d in dests)
    assert "0305" in dests and "0405" not in dests


def test_a_move_stops_on_entering_rough_terrain(board):
    board.put("A-GrenGds", "0106")
    for path in destinations(board.state, "A-GrenGds").values():
        assert "0206" not in path[:-1]  # forest 0206: "Stop when you enter rough terrain"
    assert "0206" in destinations(board.state, "A-GrenGds")


def test_never_across_a_river_without_a_bridge(board):
    board.put("A-GrenGds", "0804")
    dests = destinations(board.state, "A-GrenGds")
    assert "0905" not in dests  # only across the unbridged Maas
    assert dests["0904"] == ("0804", "0803", "0904")  # over the Grave bridge


def test_an_unbridged_canal_is_crossed_as_a_move_of_one_hex(board):
    board.put("A-GrenGds", "0404")
    dests = destinations(board.state, "A-GrenGds")
    assert dests["0504"] == ("0404", "0504")
    assert "0604" not in dests and "0605" not in dests


def test_road_movement_is_unlimited_only_for_units_ready_at_the_start_of_the_impulse(board):
    st = board.state
    board.put("A-GrenGds", "0103")
    assert "0403" not in destinations(st, "A-GrenGds")
    st.road_ready = frozenset({"A-GrenGds"})
    assert "1504" in destinations(st, "A-GrenGds")


def test_a_road_move_stops_on_entering_a_hex_next_to_an_enemy(board):
    st = board.state
    board.put("A-GrenGds", "0103")
    board.put("G-59-1", "0704")
    st.road_ready = frozenset({"A-GrenGds"})
    dests = destinations(st, "A-GrenGds")
    assert "0603" in dests and "0703" not in dests and "1504" not in dests


def test_an_unbridged_river_hexside_separates_a_unit_from_the_enemy(board):
    st = board.state
    board.put("G-59-1", "0904")
    assert not st.enemy_adjacent(board.hex("0804"), "allied")  # across the unbridged Maas
    assert st.enemy_adjacent(board.hex("0803"), "allied")  # across the Grave bridge


def test_a_unit_next_to_the_enemy_may_still_move_one_hex(board):
    board.put("A-GrenGds", "0105")
    board.put("G-59-1", "0106")
    dests = destinations(board.state, "A-GrenGds")
    assert "0104" in dests  # the FAQ's first hex
    assert "0106" not in dests  # never into an enemy hex


def test_only_german_units_enter_an_off_board_area(board):
    board.put("G-59-1", "0401")
    board.put("A-GrenGds", "0301")
    assert "P" in destinations(board.state, "G-59-1")
    assert "P" not in destinations(board.state, "A-GrenGds")


def test_an_off_board_unit_moves_to_one_adjoining_area_or_one_adjoining_hex(board):
    board.put("G-59-1", "A")
    dests = destinations(board.state, "G-59-1")
    assert set(dests) == {"P", "B", "0501", "0601", "0701", "0801", "0901"}


def test_area_p_closes_on_turn_4_and_eliminates_its_units(board):
    st = board.state
    board.put("G-59-1", "P")
    board.put("G-59-2", "0401")
    st.turn = 4
    assert "P" not in destinations(st, "G-59-2")
    AdjustmentPhase().run(st)
    assert st.status("G-59-1") == ELIMINATED


def test_german_supply_traces_to_an_off_board_area_not_through_the_enemy(board):
    st = board.state
    board.put("G-59-1", "0503")
    assert in_supply(st, "G-59-1")
    ring = ["0402", "0403", "0502", "0504", "0602", "0603"]
    allies = ["A-GrenGds", "A-IrishGds", "A-CldmGds", "A-129", "A-130", "A-214"]
    for uid, lab in zip(allies, ring, strict=True):
        board.put(uid, lab)
    assert not in_supply(st, "G-59-1")


def test_allied_supply_is_within_two_hexes_of_the_clear_road_to_0103(board):
    st = board.state
    board.put("A-GrenGds", "0105")  # two hexes from the road at 0103
    board.put("A-IrishGds", "0107")
    board.put("A-129", "0604")
    assert in_supply(st, "A-GrenGds") and not in_supply(st, "A-IrishGds") and in_supply(st, "A-129")
    board.put("G-59-1", "0203")  # the road is opposed at 0203
    assert not in_supply(st, "A-129")


def test_airborne_units_trace_to_their_para_supply_marker_until_it_is_overrun(board):
    st = board.state
    board.put("G-59-1", "0203")  # the road is cut
    board.put("A-502PIR", "0506")  # two hexes from the 101st marker at 0504
    assert in_supply(st, "A-502PIR")
    before = st.points.get("German", 0)
    board.put("G-59-2", "0504")
    overrun_markers(st, "G-59-2", board.hex("0504"))
    assert st.position.marker_hex("para-101") is None and "yellow" in st.overrun
    assert st.points["German"] == before + 1
    assert not in_supply(st, "A-502PIR")


def test_units_in_an_off_board_area_are_in_supply(board):
    board.put("G-59-1", "D")
    assert in_supply(board.state, "G-59-1")


def test_the_kept_enemy_hexes_and_the_unspelled_destinations_read_as_the_rules_do(scenario):
    """The hexes held by and next to the enemy are kept per position (board.enemy_hexes) and the impulse lists
    only the places of a move (movement.destination_names): along random games, at every impulse, both give
    what the rules read directly (every unit's side at each hex; `destinations` with its paths)."""
    import random

    from hexwright.engine.rules.protocol import CHANCE, new_game
    from hexwright.engine.rules.target_arnhem.board import ALLIED, GERMAN
    from hexwright.engine.rules.target_arnhem.decisions import Act
    from hexwright.engine.rules.target_arnhem.movement import destination_names

    checked = 0
    for seed in (3, 4):
        st = new_game(scenario, seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            if st.current_player == CHANCE:
                st.apply(st.sample_chance())
                continue
            if isinstance(st.pending_decision(), Act) and rng.random() < 0.3:
                for side in (ALLIED, GERMAN):
                    held, near = st.enemy_hexes(side)
                    assert held == {h for h in st.map.hexes if st.enemy_at(h, side)}
                    assert near & set(st.map.hexes) == {h for h in st.map.hexes
                                    if any(st.enemy_at(n, side) and not st.river_blocks(h, n)
                                           for n in st.game.around(h))}
                for uid in st.units_of(st.current_player):
                    assert destination_names(st, uid) == list(destinations(st, uid))
                checked += 1
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
    assert checked > 10
