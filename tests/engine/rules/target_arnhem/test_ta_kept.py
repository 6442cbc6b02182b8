"""What a Target Arnhem game keeps between positions (a unit's Move actions, the paradrop places, the odds of an
attack, the units that may join one, the attack targets of an impulse) against the rules read directly, at
the decisions of random and heuristic games and of clones of their positions (001_69d92a61f68ed4f9.txt:
Movement, Attack, Combat, Reinforcements)."""

from __future__ import annotations

import random

from hexwright.engine.bots import make_bot
from hexwright.engine.hexgrid import hex_distance
from hexwright.engine.rules.chance import SeededSampler
from hexwright.engine.rules.protocol import CHANCE, new_game
from hexwright.engine.rules.target_arnhem.actions import Move
from hexwright.engine.rules.target_arnhem.board import ALLIED, STACKING_LIMIT, TABoard
from hexwright.engine.rules.target_arnhem.combat import fresh_odds, joiners, odds
from hexwright.engine.rules.target_arnhem.decisions import Act, AttackWith
from hexwright.engine.rules.target_arnhem.impulse import attack_targets, drop_hexes, due_airborne, may_act
from hexwright.engine.rules.target_arnhem.movement import _moves, move_actions
from hexwright.engine.rules.target_arnhem.supply import marker_hexes, spread


def _direct_targets(st: TABoard, side: str, impulse: int) -> list:
    """Attack: the enemy hexes next to a unit that may act, not across an unbridged river, read hex by hex."""
    out = set()
    for uid in st.units_of(side):
        h = st.position.hex_of(uid)
        if h is None or not may_act(st, uid, impulse):
            continue
        out |= {n for n in st.game.around(h) if st.enemy_at(n, side) and not st.river_blocks(h, n)}
    return sorted(out - st.cancelled, key=st.map.label)


def _direct_drops(st: TABoard, uid: str) -> list:
    """Reinforcements: within 2 hexes of the marker (any hex for Polish Para), or 0103; not enemy-held, under
    three units."""
    side = st.side_of(uid)
    stripe = st.stripe(uid)
    cands = set(st.map.hexes) if st.polish(uid) and stripe not in st.overrun else spread(
        st, marker_hexes(st, stripe), side, 2)
    if st.game.entry_hex is not None:
        cands.add(st.game.entry_hex)
    ok = [h for h in cands if not st.enemy_at(h, side) and len(st.units_at(h)) < STACKING_LIMIT]
    return sorted(ok, key=st.map.label)


def _check(st: TABoard) -> int:
    """Every kept answer at this decision against the rules read directly; the number of comparisons."""
    d = st.pending_decision()
    n = 0
    if isinstance(d, Act):
        side = d.player
        for uid in st.units_of(side):
            assert move_actions(st, uid) == tuple(Move(uid, dest) for dest in _moves(st, uid, False))
            n += 1
        assert attack_targets(st, side, d.impulse) == _direct_targets(st, side, d.impulse)
        for uid in due_airborne(st, side):
            assert drop_hexes(st, uid) == _direct_drops(st, uid)
            n += 1
        for target in attack_targets(st, side, d.impulse):
            units = tuple(u for u in st.units_of(side) if (h := st.position.hex_of(u)) is not None
                          and hex_distance(h, target) == 1 and not st.river_blocks(h, target))
            assert list(units) == joiners(st, side, target)
            if units:
                for bomb in (False, True):
                    assert odds(st, units, target, bomb) == fresh_odds(st, units, target, bomb)
                    n += 1
    elif isinstance(d, AttackWith) and st.combat is not None and st.combat.units:
        c = st.combat
        assert odds(st, c.units, c.target, False) == fresh_odds(st, c.units, c.target, False)
        n += 1
    return n


def test_kept_moves_drops_odds_and_targets_read_as_the_rules_do(scenario):
    """Along random games and heuristic games (which attack and drop more), and at clones of their positions
    (a search's simulations), each kept answer is the one the rules give read afresh."""
    compared = 0
    for bots, seed in ((("random", "random"), 3), (("heuristic", "heuristic"), 4), (("heuristic", "random"), 5)):
        st = new_game(scenario, seed)
        assert isinstance(st, TABoard)
        sides = zip(scenario.sides, bots, strict=True)
        players = {s.id: make_bot(b, seed + i, scenario) for i, (s, b) in enumerate(sides)}
        rng = random.Random(seed)
        while not st.is_terminal():
            if st.current_player == CHANCE:
                st.apply(st.sample_chance())
                continue
            if rng.random() < 0.4:
                compared += _check(st)
                if rng.random() < 0.2:  # a clone, played on a few decisions, keeps reading the same store
                    twin = st.clone(SeededSampler(seed))
                    assert isinstance(twin, TABoard)
                    for _ in range(6):
                        if twin.is_terminal():
                            break
                        if twin.current_player == CHANCE:
                            twin.apply(twin.sample_chance())
                            continue
                        compared += _check(twin)
                        legal = twin.legal_actions()
                        twin.apply(legal[rng.randrange(len(legal))])
            st.apply(players[st.current_player].choose(st))
    assert compared > 1000


def _fresh_move_score(bot, st: TABoard, a: Move, targets: tuple) -> float:
    """The heuristic's move score before jitter worked out from the position alone (no kept table)."""
    here = st.position.hex_of(a.unit)
    dest = st.map.hex_at(a.dest)
    if dest is None:
        return 0.0
    if here is None:
        return 40.0 - min(hex_distance(dest, t) for t in targets)
    if here in bot.objectives and (st.side_of(a.unit) != ALLIED or here in bot.arnhem):
        return 0.0
    gain = min(hex_distance(here, t) for t in targets) - min(hex_distance(dest, t) for t in targets)
    return 0.0 if gain <= 0 else 10.0 + gain + (5.0 if dest in bot.objectives else 0.0)


def test_the_heuristics_kept_move_scores_are_those_of_the_position(scenario):
    """The Target Arnhem heuristic keeps a move's score before its jitter by the unit's side, the side's target
    hexes, the hex moved from and the destination; along heuristic games (the table warm from all earlier
    decisions) each move's kept score is the one worked out from the position afresh."""
    compared = 0
    for seed in (4, 8):
        st = new_game(scenario, seed)
        assert isinstance(st, TABoard)
        players = {s.id: make_bot("heuristic", seed + i, scenario) for i, s in enumerate(scenario.sides)}
        while not st.is_terminal():
            if st.current_player == CHANCE:
                st.apply(st.sample_chance())
                continue
            bot = players[st.current_player]
            if isinstance(st.pending_decision(), Act):
                targets = bot._targets(st, st.current_player)
                for a in st.legal_actions():
                    if isinstance(a, Move):
                        assert bot._move_score(st, a, targets, jitter=False) == _fresh_move_score(bot, st, a, targets)
                        compared += 1
            st.apply(bot.choose(st))
    assert compared > 500
