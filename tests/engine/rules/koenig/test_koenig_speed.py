"""What the Koenig engine keeps so that a decision's legal actions cost less (issue 12: random playouts of
Arnhem Bridge) must give the very same answers as the rules worked out afresh (Paul Koenig's
Market-Garden, 002_fe1216aa5df94854.txt: 8.2 stacking, 10.0 Close Combat, 14.2 Interdiction, 7.1.1 and 9.0
Fire Attacks in concert, 14.3 Indirect Fire)."""

from __future__ import annotations

import hashlib
import random
from itertools import combinations

from hexwright.engine.rules.chance import SeededSampler
from hexwright.engine.rules.koenig import KoenigGame
from hexwright.engine.rules.koenig.actions import CombinedMove, Move
from hexwright.engine.rules.koenig.board import FireKind
from hexwright.engine.rules.koenig.combat import FULL, INDIRECT, fire_line, halve
from hexwright.engine.rules.koenig.movement import movement_hooks
from hexwright.engine.rules.koenig.moves import activation_moves, move_actions
from hexwright.engine.rules.koenig.operations import Activation, OperationInProgress, eligible, fire_groups
from hexwright.engine.rules.protocol import CHANCE

ALL = {"leadership": True, "interdiction": True, "overruns": True, "indirect_fire": True}


def random_states(game: KoenigGame, seed: int, every: int = 7):
    """Every `every`-th state of a random game (uniform choice among the legal actions)."""
    st = game.new_initial_state(seed, SeededSampler(seed))
    rng = random.Random(seed)
    n = 0
    while not st.is_terminal():
        if n % every == 0:
            yield st
        n += 1
        if st.current_player == CHANCE:
            st.apply(st.sample_chance())
        else:
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])


def test_hooks_follow_interdiction_markers_that_change_without_a_move(scenario):
    """14.2: an interdicted hex costs +2 MP to enter. The markers of the next turn may be as many as the last
    turn's with no unit moved in between: the hooks must be those of the markers now on the map."""
    s = KoenigGame(scenario, {"interdiction": True}).new_initial_state(0)
    a, b = scenario.map.hex_at("0904"), scenario.map.hex_at("0201")
    s.interdicted = [a]
    assert s.hooks("allied").enter_extra.get(a) == 2 and b not in s.hooks("allied").enter_extra
    s.interdicted = [b]  # the same number of markers, the same position
    assert s.hooks("allied").enter_extra.get(b) == 2 and a not in s.hooks("allied").enter_extra


def test_interdiction_games_are_the_games_of_the_engine_before_the_hooks_were_kept(scenario):
    """Seed 19 with 14.2 and 14.3 (uniform random choices, the state's own sampler): the game the engine of
    commit 947ba10 plays, which worked the hooks out afresh for every move, but for one rule since made right:
    its entering G-Recon9, forced back from its entry Close Combat at action 28, is offered only "off" (8.3.1,
    11.1), not four on-map hexes that became "off" anyway; the uniform choice among fewer actions changes the
    game from there (291 actions, c8376714b3f2b3a5744e, before)."""
    game = KoenigGame(scenario, {"interdiction": True, "indirect_fire": True})
    st = game.new_initial_state(19, SeededSampler(19))
    rng = random.Random(19)
    while not st.is_terminal():
        if st.current_player == CHANCE:
            st.apply(st.sample_chance())
        else:
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
    texts = st.action_texts()
    assert (len(texts), hashlib.sha256("\n".join(texts).encode()).hexdigest()[:20]) == (300, "dec212e9de3d7c87f2d0")


def test_kept_hooks_are_the_hooks_worked_out_afresh(scenario):
    for options in ({}, ALL):
        game = KoenigGame(scenario, options)
        for seed in (1, 2):
            for st in random_states(game, seed):
                for side in ("allied", "german"):
                    for close_combat in (True, False):
                        kept = st.hooks(side, close_combat)
                        fresh = movement_hooks(game.graph, st.occupants(), game.side_of, side, st.interdicted,
                                               close_combat, scenario.stacking_limit or 2)
                        assert set(kept.blocked) == fresh.blocked and set(kept.stop) == fresh.stop
                        assert dict(kept.enter_extra) == fresh.enter_extra
                        assert dict(kept.edge_override) == fresh.edge_override


def reference_fire_groups(st, kind: FireKind, candidates: list[str], required: list[str]) -> list[str]:
    """7.1.1, 9.0, 9.1, 14.3 read directly: for each enemy-held hex in hex order, every group of the candidates
    able to fire at it (with the required units)."""
    side = st.active_side
    out = []
    for t in sorted({h for u, h in st.position.hexes.items() if st.side_of(u) != side}):
        able = []
        for uid in candidates:
            h = st.position.hex_of(uid)
            if h is None:
                continue
            ok = fire_line(st.map, h, t, kind).allowed
            if not ok and kind == FULL and st.option("indirect_fire") and st.heavy_weapons(uid):
                ok = fire_line(st.map, h, t, INDIRECT, True, True).allowed
            if ok:
                able.append(uid)
        if any(r not in able for r in required):
            continue
        free = [x for x in able if x not in required]
        for n in range(len(free) + 1):
            for combo in combinations(free, n):
                group = sorted(required + list(combo))
                if group:
                    verb = "fire" if kind == FireKind.FULL else "mfire"
                    out.append(f"{verb} {','.join(group)} {st.map.label(t)}")
    return out


def test_fire_groups_are_the_fire_attacks_the_rules_allow(scenario):
    checked = 0
    for options in ({}, ALL):
        game = KoenigGame(scenario, options)
        for seed in (3, 4):
            for st in random_states(game, seed, every=3):
                d = st.pending_decision()
                if isinstance(d, Activation):
                    on_map = [x for x in eligible(st) if st.on_map(x)]
                    for kind in (FireKind.FULL, FireKind.MOBILE):
                        got = [a.text() for a in fire_groups(st, kind, on_map, [])]
                        assert got == reference_fire_groups(st, kind, on_map, [])
                        checked += bool(got)
                elif isinstance(d, OperationInProgress) and d.unit in st.in_progress:
                    others = [x for x in eligible(st) if x not in st.in_progress and st.on_map(x)]
                    cands = [d.unit] + others
                    got = [a.text() for a in fire_groups(st, FireKind.MOBILE, cands, [d.unit])]
                    assert got == reference_fire_groups(st, FireKind.MOBILE, cands, [d.unit])
    assert checked > 20


def test_activation_moves_are_the_moves_of_both_kinds(scenario):
    """8.0 Movement within the MA, then 8.4 Combined moves within half the MA, each in label order."""
    game = KoenigGame(scenario)
    checked = 0
    for seed in (5, 6):
        for st in random_states(game, seed, every=2):
            if not isinstance(st.pending_decision(), Activation):
                continue
            for uid in eligible(st):
                if uid in st.exit_units():
                    continue
                ma = st.allowance(uid)
                options = st.move_options(uid, ma)
                want = move_actions(st, uid, Move, ma, False, options=options) + move_actions(
                    st, uid, CombinedMove, halve(ma), False, options=options)
                assert activation_moves(st, uid, ma, options) == want
                checked += 1
    assert checked > 50


def reference_moves(st, uid, kind, allowance, march, base, options) -> list[str]:
    """8.0-8.4, 14.1 read directly: every destination within `allowance` (under Force March only those
    beyond `base`) in label order, then off the map where the unit may exit (exclusive 12.0)."""
    hexes = [h for h, c in options.items() if c <= allowance and not (march and base is not None and c <= base)]
    out = [kind(uid, st.map.label(h), march).text() for h in sorted(hexes, key=st.map.label)]
    opts = {h: c for h, c in options.items() if c <= allowance}
    normal = {h: c for h, c in options.items() if base is not None and c <= base}
    if st.can_exit(uid, allowance, opts) and not (march and base is not None and st.can_exit(uid, base, normal)):
        out.append(kind(uid, "off", march).text())
    return out


def test_listed_moves_are_the_moves_the_rules_allow(scenario):
    checked = 0
    for options in ({}, ALL):
        game = KoenigGame(scenario, options)
        for seed in (7, 8):
            for st in random_states(game, seed, every=2):
                if not isinstance(st.pending_decision(), Activation):
                    continue
                for uid in eligible(st):
                    ma = st.allowance(uid)
                    found = st.move_options(uid, 2 * ma)
                    kinds = ((Move, ma, False, None), (CombinedMove, halve(ma), False, None),
                             (Move, 2 * ma, True, ma), (CombinedMove, ma, True, halve(ma)))
                    for kind, allowance, march, base in kinds:
                        got = [a.text() for a in move_actions(st, uid, kind, allowance, march, base=base,
                                                              options=found)]
                        assert got == reference_moves(st, uid, kind, allowance, march, base, found)
                        checked += 1
    assert checked > 200
