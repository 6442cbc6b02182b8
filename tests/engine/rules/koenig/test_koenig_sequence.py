"""Sequence of play (Koenig 4.0), Paratroop Landings (5.0, exclusive 4.0), Support (6.x), the Command Cup
(7.0) and German night Redeployment (4.0, exclusive 8.5) on the Arnhem Bridge scenario
(002_fe1216aa5df94854.txt)."""

from __future__ import annotations

from fractions import Fraction

from hexwright.engine.rules.koenig import KoenigGame
from hexwright.engine.rules.koenig.actions import act, roll
from hexwright.engine.rules.koenig.landing import LandingRoll
from hexwright.engine.rules.koenig.night import Redeployment
from hexwright.engine.rules.koenig.operations import CupDrawing
from hexwright.engine.rules.koenig.support import SupportRoll
from hexwright.engine.rules.protocol import CHANCE


def texts(state) -> list[str]:
    return [a.text() for a in state.legal_actions()]


def pass_until(s, turn: int, decision: type | None = None):
    """Play "done" (or the first action) at every decision and sample chance, until `turn` (and `decision`)."""
    while not s.is_terminal() and (s.turn < turn or (decision is not None and s.turn == turn
                                                     and not isinstance(s.pending_decision(), decision))):
        if s.current_player == CHANCE:
            s.apply(s.sample_chance())
        else:
            la = texts(s)
            s.apply(s.parse_action("done" if "done" in la else la[0]))
    return s


def test_turn_1_support_then_cup_with_the_formations_on_or_entering_the_map(scenario):
    s = KoenigGame(scenario).new_initial_state(1)
    # no landing roll on GT1
    assert s.turn == 1 and isinstance(s.pending_decision(), SupportRoll) and s.current_player == CHANCE
    assert s.chance_outcomes() == [(roll(f), Fraction(1, 6)) for f in range(1, 7)]
    s.apply(roll(5))
    s.apply(roll(2))
    assert s.points == {"german": 3, "allied": 1}  # 6.1, 6.2
    assert s.cup == ["HQ-1PB"]  # the 16th is independent: no HQ (exclusive 7.0)
    assert s.chance_outcomes() == [(act("draw", "HQ-1PB"), Fraction(1))]
    s.apply(act("draw", "HQ-1PB"))
    assert s.current_player == "allied" and s.phase.player == "allied"
    assert "done" in texts(s) and "move B-2Para 0104" in texts(s)
    assert not any(t.startswith("fire") for t in texts(s))  # no fire from off the map (8.3.1)


def test_night_turn_3_is_german_redeployment_at_half_ma(scenario):
    s = pass_until(KoenigGame(scenario).new_initial_state(2), 3)
    assert s.is_night() and isinstance(s.pending_decision(), Redeployment) and s.current_player == "german"
    moves = [t for t in texts(s) if t.startswith("redeploy G-21/10-1 ")]
    assert moves and all(t.split()[2][:2] in ("16", "15", "14", "13") for t in moves)  # MA 8 halved: 4
    assert not any(t.startswith(("move", "fire", "cmove")) for t in texts(s))  # no Operations at night
    assert s.points == {"allied": 0, "german": 0}  # no Support Phase at night
    s.apply(act("done"))
    assert s.turn == 4 and isinstance(s.pending_decision(), SupportRoll)


def test_redeployment_excludes_units_adjacent_to_the_enemy(make_position):
    s = make_position({"G-16": "0408", "B-1Para": "0409", "G-19/9-1": "0208"}, step="redeploy", turn=3)
    t = texts(s)
    assert not any(x.startswith("redeploy G-16 ") for x in t)
    assert any(x.startswith("redeploy G-19/9-1 ") for x in t)
    assert "redeploy G-19/9-1 0409" not in t  # no Close Combat at night


def test_turn_6_paratroop_landing_table(scenario):
    s = pass_until(KoenigGame(scenario).new_initial_state(3), 6)
    assert isinstance(s.pending_decision(), LandingRoll) and s.current_player == CHANCE
    order = s.landings_due()
    assert len(order) == 8
    for face in (1, 3, 5, 6, 2, 4, 1, 2):
        s.apply(roll(face))
    hits = [s.hits(u) for u in order]
    status = [s.status(u) for u in order]
    assert hits[:3] == [0, 1, 2] and status[3] == "lost"
    assert status.count("pending") == 7
    s.apply(roll(1))
    s.apply(roll(1))
    assert {"HQ-4PB", "HQ-1AL"} <= set(s.cup)  # arriving formations' HQs join the cup (exclusive 8.5)


def test_cup_holds_every_formation_with_units_on_or_arriving(scenario):
    s = pass_until(KoenigGame(scenario).new_initial_state(4), 4, CupDrawing)
    assert s.cup == ["HQ-19/9", "HQ-1PB", "HQ-21/10", "HQ-Recon/9"]
    probs = dict((a.text(), p) for a, p in s.chance_outcomes())
    assert probs == {f"draw {h}": Fraction(1, 4) for h in s.cup}


def test_game_ends_after_turn_10_with_the_vp_outcome(scenario):
    s = pass_until(KoenigGame(scenario).new_initial_state(5), 11)
    assert s.is_terminal() and s.legal_actions() == []
    out = s.outcome()
    vp = s.victory_points()
    assert vp["allied"] >= 10  # the Recon/9th never exited
    assert (out.winner == "allied") == (vp["allied"] > vp["german"])
