"""F&M words a player reads (engine/rules/fm/wording.py): support fire marker pools as counts, pool names
as printed, marker draws, and the "land all" choice of Arnhem: The Farthest Bridge 11.4 checked against the
printed Airborne Drop Table (000_e5c3deafb2cea4af.txt 11.4)."""

from __future__ import annotations

from fractions import Fraction

from hexwright.engine.formats import load_scenario
from hexwright.engine.rules.fm.actions import DrawSplit, Land, MarkerId
from hexwright.engine.rules.fm.decisions import LandingChoice
from hexwright.engine.rules.fm.landings import drop_row
from hexwright.engine.rules.fm.wording import (
    action_text,
    land_all_action,
    landing_drm,
    landing_risk,
    pool_counts,
    pool_name,
)
from hexwright.engine.rules.presentation import outcome_text, presenter_for
from hexwright.engine.rules.protocol import CHANCE, Draw, Outcome, make_game

from tests.conftest import SCENARIOS

FM1 = SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml"


def test_pools_read_as_counts_by_nationality_and_value():
    ms = [MarkerId(3, "british")] * 3 + [MarkerId(2, "us")] * 2
    assert pool_counts(ms) == "British +3 x3, US +2 x2"
    assert pool_counts([MarkerId(2, "us"), MarkerId(6, "us"), MarkerId(6, "british", "airpower")]) == \
        "British +6 airpower, US +6, US +2"
    assert pool_name("us") == "US" and pool_name("german") == "German"


def test_draws_are_worded_for_the_player():
    assert action_text(Draw("+3:german")) == "draw German +3"
    assert action_text(DrawSplit((("british", 3), ("us", 3)))) == "draw 3 from the British pool and 3 from the US pool"


def test_a_draw_is_capitalised():
    class S:
        def outcome(self):
            return Outcome(None, True, "one Allied non-airborne unit in Arnhem")

    assert outcome_text(S()).startswith("Draw: ")


def first_landing():
    sc = load_scenario(FM1).scenario
    st = make_game(sc).new_initial_state(1)
    for _ in range(500):
        d = st.pending_decision()
        if isinstance(d, LandingChoice):
            return st
        st.apply(st.sample_chance() if st.current_player == CHANCE else st.legal_actions()[0])
    raise AssertionError("no landing")


def test_landing_risk_follows_the_printed_table():
    """11.4 Airborne Drop Table, Woods: 1-4 no effect, 5-6 depleted, 7-8 eliminated; Mixed: 1-6, 7-8, N/A."""
    st = first_landing()
    lands = [a for a in st.legal_actions() if isinstance(a, Land)]
    rows = {a.hex: drop_row(st, st.game.hex(a.hex)) for a in lands}
    checked = 0
    for a in lands:
        drm = landing_drm(st, a.unit, a.hex)
        elim, bad = landing_risk(st, a.unit, a.hex)
        if rows[a.hex] == "Woods":
            assert bad == Fraction(2 + drm, 6) and elim == Fraction(drm, 6)
            checked += 1
        if rows[a.hex] == "Mixed":
            assert bad == Fraction(drm, 6) and elim == 0
            checked += 1
    assert checked


def test_land_all_picks_the_safest_legal_hex_and_every_roll_is_recorded():
    st = first_landing()
    pres = presenter_for(st)
    (batch,) = pres.batch_answers(st)
    assert batch.label.startswith("Land all") and "Arnhem: The Farthest Bridge 11.4" in batch.tip
    landed = 0
    while isinstance(st.pending_decision(), LandingChoice) and st.current_player != CHANCE:
        a = pres.batch_action(st, batch.name)
        assert a in st.legal_actions()
        risks = [landing_risk(st, x.unit, x.hex) for x in st.legal_actions() if isinstance(x, Land)]
        assert landing_risk(st, a.unit, a.hex) == min(risks)
        st.apply_checked(a)
        assert st.current_player == CHANCE  # its roll on the Airborne Drop Table
        st.apply(st.sample_chance())
        landed += 1
    assert landed > 1
    texts = [e.action.text() for e in st.history()]
    lands = [i for i, t in enumerate(texts) if t.startswith("land ")]
    assert len(lands) == landed and all(texts[i + 1].startswith("roll ") for i in lands)
    assert pres.batch_answers(st) == [] and land_all_action(st) is None


def test_the_log_words_support_fire_markers_and_bombardments():
    """8.2.1 b, 8.1: the log reads "commit a British +6 priest support fire marker face down", not the notation
    `sfm +6:british:priest`, which stays the action's text."""
    from hexwright.engine.rules.fm.actions import Bombard, Commit
    from hexwright.engine.rules.fm.wording import action_text

    commit = Commit("+6:british:priest")
    assert commit.text() == "sfm +6:british:priest"
    assert action_text(commit) == "commit a British +6 priest support fire marker face down"
    assert action_text(Commit(None)) == "commit no support fire marker"
    assert action_text(Bombard("0702", ("+6:british:airpower",))) == "bombard 0702 with British +6 airpower"


def test_the_log_words_moves_landings_attacks_and_retreats():
    """5.1, 11.4, 8.2, 8.3: the log's action lines say what was done; the notation (a path of hexes, the
    attackers' hexes) stays the action's text."""
    from hexwright.engine.rules.fm.actions import Attack, Land, Move, Retreat
    from hexwright.engine.rules.fm.wording import action_text

    move = Move("101-2", ("0805", "0705", "0605"))
    assert move.text() == "move 101-2 0805-0705-0605" and action_text(move) == "move 101-2 to 0605"
    assert action_text(Land("101-1", "0706")) == "land 101-1 in 0706"
    assert action_text(Attack(("3913", "3914"), "3813")) == "attack 3813 from 3913, 3914"
    assert action_text(Retreat("BrDf", ("2621", "2620", "2520"))) == "retreat BrDf to 2520"
