"""The game-state protocol (rules/protocol.py) as the F&M family implements it: phases with citations,
deterministic legal actions, checked apply naming the rule, chance nodes, clone, serialize, logs."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hexwright.engine.rules.asl.family import FAMILY as ASL_FAMILY
from hexwright.engine.rules.chance import ScriptedSampler, SeededSampler
from hexwright.engine.rules.fm import FMGame
from hexwright.engine.rules.fm.actions import (
    Advance,
    Attack,
    Bombard,
    Commit,
    Demolish,
    Deplete,
    Displace,
    DrawSplit,
    Enter,
    Ferry,
    Halt,
    Land,
    Move,
    Pass,
    Repair,
    Retreat,
    Setup,
    ShiftDropZone,
    Stiff,
    parse_action,
)
from hexwright.engine.rules.fm.decisions import AttackChoice, MoveChoice
from hexwright.engine.rules.log import GameLog, LogError, replay
from hexwright.engine.rules.protocol import CHANCE, Draw, HistoryEntry, IllegalAction, Roll, make_game, new_game

from ..synthetic import corridor, pass_until, scenario, unit


def test_new_game_dispatches_on_the_rules_family():
    sc = corridor()
    assert isinstance(make_game(sc), FMGame)
    st = new_game(sc, 1)
    assert st.current_player in ("allies", "germans", CHANCE)
    assert "F&M" in st.phase.rule


def test_unknown_family_is_refused():
    sc = corridor()
    sc.rules = ASL_FAMILY.id
    with pytest.raises(ValueError, match="no rules engine"):
        new_game(sc, 1)


@pytest.mark.parametrize("action", [
    Pass(), Setup("2/406", "2025"), ShiftDropZone("82nd", "2324"), DrawSplit((("british", 5), ("us", 3))),
    Land("1/501", "1008"), Repair("1422/1423"), Ferry("0507/0606"), Enter("1CG", "0104"),
    Move("2/406", ("2025", "2125", "2226")), Halt("2/406"), Demolish("1422/1423"),
    Bombard("3623", ("+3:british", "+6:british")), Attack(("3722", "3724"), "3623"), Commit("+3:us"), Commit(None),
    Deplete("2/406"), Retreat("2/406", ("2025", "2026")), Stiff("2/406"), Displace("1/406", ("2026", "2027")),
    Advance("2/9SS", ("3724", "3623")), Roll(4), Draw("+3:us"),
])
def test_action_text_round_trips(action):
    assert parse_action(action.text()) == action


def test_action_notation_reads_like_the_rulebook():
    assert Move("2/406", ("2025", "2125", "2226")).text() == "move 2/406 2025-2125-2226"
    assert Attack(("3722", "3724"), "3623").text() == "attack 3722,3724 -> 3623"
    assert Commit("+3:us").public_text() == "sfm (face down)"
    with pytest.raises(ValueError):
        parse_action("fly 2/406 2025")


def test_legal_actions_are_deterministic_and_never_empty_before_the_end():
    a, b = new_game(corridor(), 5), new_game(corridor(), 5)
    for _ in range(60):
        la, lb = a.legal_actions(), b.legal_actions()
        assert la == lb and la
        act = a.sample_chance() if a.current_player == CHANCE else la[len(la) // 2]
        a.apply(act)
        b.apply(act)


def test_chance_nodes_list_outcomes_with_exact_probabilities():
    st = new_game(corridor(), 2)
    while st.current_player != CHANCE:
        st.apply(st.legal_actions()[0])
    outcomes = st.chance_outcomes()
    assert sum(p for _, p in outcomes) == Fraction(1)
    assert st.sample_chance() in [a for a, _ in outcomes]


def test_checked_apply_names_the_rule():
    sc = scenario(units=[unit("A", "allies", 2, 2, 7), unit("G", "germans", 2, 2, 7)],
                  placements={"A": "0505", "G": "0605"})
    st = new_game(sc, 0)
    assert isinstance(st.pending_decision(), MoveChoice)
    with pytest.raises(IllegalAction, match=r"enemy-occupied \(F&M 5.2 d"):
        st.apply_checked("move A 0505-0605")
    with pytest.raises(IllegalAction, match="belongs to the Germans player"):
        st.apply_checked("move G 0605-0705")
    with pytest.raises(IllegalAction, match="unknown action"):
        st.apply_checked("teleport A 0909")


def test_clone_is_equal_and_independent():
    st = new_game(corridor(), 3)
    for _ in range(30):
        st.apply(st.sample_chance() if st.current_player == CHANCE else st.legal_actions()[-1])
    twin = st.clone()
    assert twin == st
    twin.apply(twin.sample_chance() if twin.current_player == CHANCE else twin.legal_actions()[0])
    assert twin != st
    assert len(st.history()) + 1 == len(twin.history())


def test_serialize_and_deserialize_rebuild_the_state():
    st = new_game(corridor(), 4)
    for _ in range(80):
        st.apply(st.sample_chance() if st.current_player == CHANCE else st.legal_actions()[0])
    again = st.game.deserialize(st.serialize())
    assert again == st


def test_game_log_replays_exactly_and_detects_a_changed_roll(tmp_path):
    sc = corridor()
    st = new_game(sc, 9)
    for _ in range(120):
        if st.is_terminal():
            break
        st.apply(st.sample_chance() if st.current_player == CHANCE else st.legal_actions()[-1])
    log = GameLog.of(st, "corridor.yaml")
    log.save(tmp_path / "g.log")
    back = GameLog.load(tmp_path / "g.log")
    assert back.actions == st.action_texts() and back.seed == 9
    assert replay(sc, back) == st
    i = next(i for i, t in enumerate(back.actions) if t.startswith("roll "))
    v = int(back.actions[i].split()[1])
    back.actions[i] = f"roll {v % 6 + 1}"
    with pytest.raises(LogError, match="the seed draws"):
        replay(sc, back)


def test_injected_sampler_decides_the_dice():
    sc = corridor()
    st = make_game(sc).new_initial_state(0, ScriptedSampler(["+3:us"] * 10 + [1, 2, 3, 4, 5, 6] * 20))
    assert isinstance(st.sampler, ScriptedSampler)
    st2 = make_game(sc).new_initial_state(0, SeededSampler(0))
    assert st2.sampler.seed == 0


def test_public_history_masks_the_other_players_hidden_choices():
    from hexwright.engine.model import SupportMarker

    from .test_fm_combat import D, battle_state, ring

    pools = {"allies": {"british": [SupportMarker(2, 1, "british")]}}
    st, m = battle_state(attackers=1, pools=pools, allot={"allies": 1})
    pass_until(st, AttackChoice, "allies")
    st.apply_checked(f"attack {ring(m)[0]} -> {D}")
    st.apply_checked("sfm +2:british")
    assert st.public_history("germans")[-1] == "sfm (face down)"
    assert st.public_history("allies")[-1] == "sfm +2:british"


def test_sfm_shorthand_names_the_only_marker_of_that_value():
    """`sfm +2` as the issue writes it: the one kind of +2 marker the player may commit."""
    from hexwright.engine.model import SupportMarker

    from .test_fm_combat import D, battle_state, ring

    pools = {"allies": {"british": [SupportMarker(2, 1, "british")]}}
    st, m = battle_state(attackers=1, pools=pools, allot={"allies": 1})
    pass_until(st, AttackChoice, "allies")
    st.apply_checked(f"attack {ring(m)[0]} -> {D}")
    st.apply_checked("sfm +2")
    assert st.history()[-1].action.text() == "sfm +2:british"


def test_public_history_masks_the_other_sides_marker_draws():
    """7.2, 10.7: each side draws its support fire markers at random; the other player knows only their
    number, so the draws are shown in full to their owner and masked for the other side; dice stay public."""
    from hexwright.engine.model import SupportMarker

    from .test_fm_combat import battle_state

    pools = {"germans": {"german": [SupportMarker(2, 3, "german"), SupportMarker(4, 1, "german")]}}
    st, _ = battle_state(pools=pools, allot={"germans": 2})
    while st.current_player == CHANCE:
        st.apply(st.sample_chance())
    draws = [i for i, e in enumerate(st.history()) if e.action.text().startswith("draw ")]
    assert len(draws) == 2 and all(st.history()[i].owner == "germans" for i in draws)
    german, allied = st.public_history("germans"), st.public_history("allies")
    for i in draws:
        assert german[i] == st.history()[i].action.text()
        assert allied[i] == "draw (one Germans support fire marker, hidden (F&M 7.2))"
        assert "+2" not in allied[i] and "+4" not in allied[i]
    dice = HistoryEntry(CHANCE, Roll(4), st.phase)  # a die roll is public
    assert dice.visible_to("allies") and dice.visible_to("germans")
    assert st.action_texts()[draws[0]].startswith("draw +")  # the game log keeps every outcome
