"""Fire combat as pure functions (Koenig 2.2, 9.0, 9.1, 9.2.1, exclusive 8.5, 14.3; 002_fe1216aa5df94854.txt)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hexwright.engine.hexgrid import hexside_between
from hexwright.engine.model import HexsideInfo
from hexwright.engine.rules.koenig.combat import (
    EXCHANGE,
    FULL,
    HIT,
    INDIRECT,
    MISS,
    MOBILE,
    Firer,
    attack_factor,
    fire_distribution,
    fire_line,
    fire_result,
    fire_strength,
    halve,
    terrain_modifier,
)


@pytest.mark.parametrize("value,half", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (0, 0)])
def test_rule_of_halves_rounds_up(value, half):
    assert halve(value) == half


@pytest.mark.parametrize("strength,hits,halved,expected", [
    (3, 0, False, 3), (3, 1, False, 3),  # 9.2.1: no penalty with 1 Hit
    (3, 2, False, 2),  # 2 Hits: -1 CS
    (3, 2, True, 1),  # halved first (3 -> 2), then -1
    (5, 2, True, 2), (4, 0, True, 2), (1, 2, True, 0),
])
def test_hit_effects_are_applied_after_halving(strength, hits, halved, expected):
    assert fire_strength(strength, hits, halved) == expected


@pytest.mark.parametrize("af,die,result", [
    (3, 1, HIT), (3, 2, HIT), (3, 3, EXCHANGE), (3, 4, MISS), (1, 1, EXCHANGE), (0, 1, MISS), (7, 6, HIT),
])
def test_die_below_af_hits_equal_exchanges_above_misses(af, die, result):
    assert fire_result(af, die) == result


def test_result_distribution_is_exact():
    assert fire_distribution(4) == {HIT: Fraction(1, 2), EXCHANGE: Fraction(1, 6), MISS: Fraction(1, 3)}
    assert fire_distribution(7)[HIT] == 1  # the "automatic Hit" of the designer's notes
    assert fire_distribution(0)[MISS] == 1
    for af in range(-2, 9):
        assert sum(fire_distribution(af).values()) == 1


def test_support_only_the_net_applies():
    # 9.0: two Allied offensive points against one German defensive point: +1 net
    assert attack_factor([3, 2], offensive_support=2, defensive_support=1) == 6
    assert attack_factor([2, 2], 0, 0, terrain=-2) == 2


def _pair(m, a="0303", b="0403"):
    return m.hex_at(a), m.hex_at(b)


@pytest.mark.parametrize("terrain,modifier", [("clear", 1), ("woods", -1), ("town", -1), ("rough", -2),
                                              ("city", -2), ("hilltop", -3)])
def test_target_terrain_modifiers_of_9_1(tec_map, terrain, modifier):
    m = tec_map()
    src, tgt = _pair(m)
    m.set_terrain({tgt: terrain})
    assert terrain_modifier(m, tgt, [Firer(src, 3)]) == modifier


def test_woods_plus_stream_example_of_9_1(tec_map):
    """9.1 example: a defender in Woods with every attacker across Stream hexsides: AF -2."""
    m = tec_map()
    tgt = m.hex_at("0404")
    m.set_terrain({tgt: "woods"})
    firers = []
    for n in m.neighbors_on_map(tgt)[:2]:
        m.set_hexsides({hexside_between(n, tgt): HexsideInfo(features=("stream",))})
        firers.append(Firer(n, 3))
    assert terrain_modifier(m, tgt, firers) == -2
    # one attacker not across a stream: only the woods count
    other = m.neighbors_on_map(tgt)[3]
    assert terrain_modifier(m, tgt, firers + [Firer(other, 2)]) == -1
    # 9.1: terrain modifies the battle's total AF, not each unit
    assert attack_factor([3, 3], terrain=terrain_modifier(m, tgt, firers)) == 4


def test_slope_penalty_and_hilltop_exception(tec_map):
    m = tec_map()
    src, tgt = _pair(m)
    m.set_hexsides({hexside_between(src, tgt): HexsideInfo(features=("slope",))})
    assert terrain_modifier(m, tgt, [Firer(src, 3)]) == 1 - 1
    m.set_terrain({src: "hilltop"})  # a unit on a Hilltop fires across a Slope without penalty
    assert terrain_modifier(m, tgt, [Firer(src, 3)]) == 1


def test_no_fire_across_rivers_and_arnhem_bridge_full_fire_at_half(tec_map):
    m = tec_map()
    src, tgt = _pair(m)
    side = hexside_between(src, tgt)
    m.set_hexsides({side: HexsideInfo(features=("river",))})
    assert not fire_line(m, src, tgt, FULL).allowed
    assert "9.1" in fire_line(m, src, tgt, MOBILE).reason
    m.set_hexsides({side: HexsideInfo(features=("river",), bridge="road_bridge")})
    line = fire_line(m, src, tgt, FULL)
    assert line.allowed and line.halved  # exclusive 8.5
    assert not fire_line(m, src, tgt, MOBILE).allowed
    assert fire_strength(3, 0, line.halved) == 2


def test_fire_needs_adjacency_and_indirect_fire_reaches_two_hexes(tec_map):
    m = tec_map()
    a, far = m.hex_at("0303"), m.hex_at("0503")
    assert not fire_line(m, a, far, FULL).allowed
    assert not fire_line(m, a, far, INDIRECT, indirect_fire=False, heavy_weapons=True).allowed
    assert not fire_line(m, a, far, INDIRECT, indirect_fire=True, heavy_weapons=False).allowed
    line = fire_line(m, a, far, INDIRECT, indirect_fire=True, heavy_weapons=True)
    assert line.allowed and line.halved
    assert not fire_line(m, a, m.hex_at("0603"), INDIRECT, True, True).allowed


def test_indirect_fire_ignores_the_stream_penalty(tec_map):
    m = tec_map()
    src, tgt = _pair(m)
    m.set_hexsides({hexside_between(src, tgt): HexsideInfo(features=("stream",))})
    assert terrain_modifier(m, tgt, [Firer(src, 2)]) == 0
    assert terrain_modifier(m, tgt, [Firer(src, 2, indirect=True)]) == 1
