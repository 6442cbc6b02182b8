"""Bots over the protocol: deterministic from their seed, the family's heuristic picked by rules id,
objectives read from the victory conditions, and the heuristic's moves heading for them."""

from __future__ import annotations

import pytest
from hexwright.engine.bots import RandomBot, make_bot, play
from hexwright.engine.bots.heuristic_fm import FMHeuristicBot
from hexwright.engine.bots.heuristic_koenig import KoenigHeuristicBot
from hexwright.engine.bots.objectives import Objectives
from hexwright.engine.formats import load_scenario
from hexwright.engine.rules.protocol import new_game

from tests.conftest import SCENARIOS

FM_1 = SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml"
KOENIG = SCENARIOS / "koenig-arnhem-bridge" / "arnhem-bridge.yaml"


@pytest.fixture(scope="module")
def fm():
    return load_scenario(FM_1).scenario


@pytest.fixture(scope="module")
def koenig():
    return load_scenario(KOENIG).scenario


def test_make_bot_by_name_and_family(fm, koenig):
    assert isinstance(make_bot("heuristic", 1, fm), FMHeuristicBot)
    assert isinstance(make_bot("heuristic", 1, koenig), KoenigHeuristicBot)
    assert isinstance(make_bot("random", 1, fm), RandomBot)
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        make_bot("clever", 1, fm)


def test_objectives_come_from_the_victory_conditions(fm, koenig):
    obj = Objectives.of(fm)
    assert sorted(fm.map.label(h) for h in obj.hexes) == ["3423", "3523", "3524"]
    assert obj.distance(fm.map.hex_at("3423")) == 0
    assert not obj.counts_for("allied", {"airborne"})  # 11.5: non-airborne units only
    assert obj.counts_for("allied", set())
    kobj = Objectives.of(koenig)
    assert {koenig.map.label(h) for h in kobj.hexes} == {"1005", "1004", "0904", "1105", "1104", "0404"}
    assert kobj.weight[koenig.map.hex_at("1005")] > kobj.weight[koenig.map.hex_at("0404")]


def _texts(sc, names, seed, max_turns):
    state = new_game(sc, seed, {"max_turns": max_turns})
    bots = {s.id: make_bot(n, seed + i, sc) for i, (s, n) in enumerate(zip(sc.sides, names, strict=True))}
    play(state, bots)
    return state.action_texts()


def test_heuristic_bots_are_deterministic_from_their_seed(fm, koenig):
    assert _texts(koenig, ["heuristic", "heuristic"], 5, 2) == _texts(koenig, ["heuristic", "heuristic"], 5, 2)
    assert _texts(fm, ["heuristic", "random"], 5, 1) == _texts(fm, ["heuristic", "random"], 5, 1)


def _allied_ground_distance(sc, names, seed):
    """The mean distance to the Arnhem hexes of the Allied units that count for 11.5, after GT 1."""
    state = new_game(sc, seed, {"max_turns": 1})
    bots = {s.id: make_bot(n, seed + i, sc) for i, (s, n) in enumerate(zip(sc.sides, names, strict=True))}
    play(state, bots)
    obj = Objectives.of(sc)
    ds = [obj.distance(h) for u, h in state.position.hexes.items()
          if sc.units[u].side == "allied" and not state.game.is_airborne(u)]
    return sum(ds) / len(ds)


def test_fm_heuristic_moves_toward_the_objectives(fm):
    heuristic = _allied_ground_distance(fm, ["heuristic", "random"], 2)
    random_ = _allied_ground_distance(fm, ["random", "random"], 2)
    assert heuristic < random_


def test_fm_heuristic_attacks_only_at_favourable_odds(fm):
    """Every attack the heuristic declares has a positive expected value over the exact CRT odds."""
    sc = fm
    state = new_game(sc, 11, {"max_turns": 2})
    bot = FMHeuristicBot(sc, 3)
    rnd = RandomBot(4)
    declared = 0
    while not state.is_terminal():
        if state.current_player == "chance":
            state.apply(state.sample_chance())
            continue
        if state.current_player == "allied":
            a = bot.choose(state)
            if a.text().startswith("attack"):
                declared += 1
                assert bot._attack_value(state, a) > 0
            elif any(x.text().startswith("attack") for x in state.legal_actions()):
                assert all(bot._attack_value(state, x) <= 0.1 for x in state.legal_actions()
                           if x.text().startswith("attack"))
        else:
            a = rnd.choose(state)
        state.apply(a)
    assert state.is_terminal()


class _Snap:
    def __init__(self, side, hits, status="map", hex=None):
        self.side, self.hits, self.status, self.hex = side, hits, status, hex


def test_koenig_heuristic_hits_its_freshest_unit_and_the_enemy_s_most_damaged(koenig):
    from hexwright.engine.rules.koenig.actions import act

    class Fake:
        current_player = "allied"

        def __init__(self, acts, snap):
            self._acts, self._snap = acts, snap

        def legal_actions(self):
            return self._acts

        def snapshot(self):
            return self._snap

    bot = KoenigHeuristicBot(koenig, 0)
    own = Fake([act("hit", "A"), act("hit", "B")], {"A": _Snap("allied", 1), "B": _Snap("allied", 0)})
    assert bot.choose(own).text() == "hit B"
    enemy = Fake([act("hit", "A"), act("hit", "B")], {"A": _Snap("german", 1), "B": _Snap("german", 0)})
    assert bot.choose(enemy).text() == "hit A"
    support = Fake([act("support", "0"), act("support", "1"), act("support", "2")], {})
    assert bot.choose(support).text() == "support 2"


def test_fm_heuristic_weighs_lazily_listed_moves_as_it_weighs_every_move_made(fm):
    """The F&M heuristic values a unit's lazily listed moves by their paths' ends and lengths without making
    them (kit.listing.Lazy, movement.part_spans); a twin bot of the same seed that is handed the same legal
    actions as a plain list (every move made and valued one by one) makes the same choice at every
    decision of two game turns."""
    from hexwright.engine.rules.kit.listing import Listing
    from hexwright.engine.rules.protocol import CHANCE

    state = new_game(fm, 3, {"max_turns": 2})
    lazy = {s.id: FMHeuristicBot(fm, 10 + i) for i, s in enumerate(fm.sides)}
    plain = {s.id: FMHeuristicBot(fm, 10 + i) for i, s in enumerate(fm.sides)}
    compared = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
            continue
        listed = state.legal_actions()
        chosen = lazy[state.current_player].choose(state)
        twin = state.clone()
        made = list(twin.legal_actions())
        twin.legal_actions = lambda made=made: made  # type: ignore[method-assign]
        assert plain[state.current_player].choose(twin).text() == chosen.text()
        compared += isinstance(listed, Listing)
        state.apply(chosen)
    assert compared > 50
