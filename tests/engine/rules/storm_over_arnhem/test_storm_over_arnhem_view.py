"""The Storm over Arnhem presenter (engine/rules/storm_over_arnhem/view.py) as the playtest window reads it, the
heuristic bot, and the conformance test's area-map checks (Storm over Arnhem: The Crossing,
003_6afad32bba8815b2.txt): areas stand where hexes stand in the other families' views."""

from __future__ import annotations

import random
from fractions import Fraction

from hexwright.engine.bots import make_bot, play
from hexwright.engine.rules.presentation import ATTACK, MOVE, ON_MAP, UnitView, presenter_for
from hexwright.engine.rules.protocol import CHANCE, new_game
from hexwright.engine.rules.storm_over_arnhem.actions import Resolve
from hexwright.engine.rules.storm_over_arnhem.decisions import FireGroup
from hexwright.engine.rules.storm_over_arnhem.view import NOT_STACKED, SoAPresenter

from tests.engine.rules.storm_over_arnhem.board_fixtures import Board, scenario
from tests.engine.rules.test_conformance import Board as CheckBoard
from tests.engine.rules.test_conformance import position_problems


def test_every_presenter_method_answers_along_a_random_game():
    sc = scenario()
    st = new_game(sc, 5)
    p = presenter_for(st)
    assert isinstance(p, SoAPresenter)
    rng = random.Random(5)
    areas = set(sc.area_map.areas)
    seen_bridge = False
    n = 0
    while not st.is_terminal():
        if n % 7 == 0:
            units = p.units(st, None)
            assert all(u.hex in areas for u in units if u.status == ON_MAP)
            seen_bridge |= any(u.status.startswith("on the bridge (areas") for u in units)
            views = p.action_views(st)
            assert [v.action for v in views] == st.legal_actions()
            for v in views:
                if v.kind == MOVE:
                    assert v.hexes[-1] == v.action.dest and set(v.hexes) <= areas and v.cost is not None
                if v.kind == ATTACK:
                    assert v.hexes == (v.action.origin, v.action.target)
            for u in units[:5]:
                assert set(p.move_costs(st, u.id)) <= areas
            assert p.prompt(st) and p.turn_track(st).phases
            assert {m.kind for m in p.markers(st)} >= {"Tactical Advantage", "victory points"}
        legal = st.legal_actions()
        st.apply(st.sample_chance() if st.current_player == CHANCE else legal[rng.randrange(len(legal))])
        n += 1
    assert seen_bridge, "the 9th SS Recon is shown on the bridge during its entry"
    assert p.events(st, 0)[-1].startswith("Game over after turn 5")


def test_the_fire_preview_gives_the_fire_table_s_casualty_points_by_die_face_and_says_it_is_reconstructed():
    b = Board("1")
    for uid in ("G-Gar1", "G-Gar2", "G-GarHQ"):
        b.put(uid, "23")
    b.put("B-A1", "22")
    b.start("german")
    b.do("fire 23 22", "with G-Gar1", "with G-Gar2", "with G-GarHQ")
    st = b.state
    assert isinstance(st.pending_decision(), FireGroup)
    pv = SoAPresenter().combat_preview(st, Resolve())
    assert pv is not None and pv.reconstructed and pv.column == "7-9" and pv.target == "22"
    # strength 8, die -1 (buildings) +1 (platoon integrity): faces 1-6 read rows 1-6 of column 7-9
    # (1, 1, 2, 2, 3, 4 casualty points)
    assert pv.distribution == {"1 CP": Fraction(1, 3), "2 CP": Fraction(1, 3), "3 CP": Fraction(1, 6),
                               "4 CP": Fraction(1, 6)}


def test_the_heuristic_bot_plays_whole_games_in_both_seats_and_is_deterministic():
    sc = scenario()
    ends = []
    for _ in range(2):
        st = new_game(sc, 11)
        play(st, {"british": make_bot("heuristic", 1, sc), "german": make_bot("random", 2, sc)})
        ends.append((st.action_texts(), str(st.outcome())))
    assert ends[0] == ends[1] and ends[0][1]
    st = new_game(sc, 12)
    play(st, {"british": make_bot("random", 1, sc), "german": make_bot("heuristic", 2, sc)})
    assert st.is_terminal()


def test_the_conformance_checks_catch_a_unit_in_no_area_and_a_side_over_an_area_s_limit():
    board = CheckBoard.of(scenario())
    limit = scenario().stacking_limit
    crowd = [UnitView(f"u{i}", "british", "", "22") for i in range(limit + 1)]
    assert position_problems(board, crowd, False) == []
    assert any("the limit is" in p for p in position_problems(board, crowd, True))
    mixed = crowd[:limit] + [UnitView("g", "german", "", "22")]
    assert position_problems(board, mixed, True) == [], "both sides may share an area; each has its own limit"
    pillbox = [*crowd[:limit], UnitView("p", "british", "", "22", flags=(NOT_STACKED,))]
    assert position_problems(board, pillbox, True) == []
    assert any("no area" in p for p in position_problems(board, [UnitView("x", "german", "", "99")], False))


def test_seeded_random_games_are_pinned():
    """Two seeded random games of The Crossing, pinned (actions, final German VP, winner, a digest of the
    action texts) so a change to the rules' play shows here; re-pin only for a change meant to alter play."""
    import hashlib

    sc = scenario()
    got = []
    for seed in (1, 2):
        st = new_game(sc, seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            st.apply(st.sample_chance() if st.current_player == CHANCE else legal[rng.randrange(len(legal))])
        digest = hashlib.sha256("\n".join(st.action_texts()).encode()).hexdigest()[:16]
        got.append((len(st.action_texts()), st.vp, st.outcome().winner, digest))
    assert got == [(590, 25, "british", "eabc323d0d60703a"), (554, 31, "german", "169f7ca7c356616a")]
