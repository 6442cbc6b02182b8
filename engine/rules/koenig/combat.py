"""Fire combat of Paul Koenig's Market-Garden (Koenig 9.0-9.2, 10.1-10.2, 002_fe1216aa5df94854.txt) as pure
functions: unit fire strengths, the terrain modifiers of 9.1, which hexsides fire may cross, the die
result and its exact distribution.

* Attack Factor (9.0 Preparation): the sum of the firing units' Combat Strengths; Mobile Fire halves
  each unit's strength before totalling (8.4), and every halving rounds up (the Rule of Halves, 2.2).
* A unit with 2 Hits fires at -1 CS, taken after any halving (9.2.1).
* Support (9.0 Defensive / Offensive Support): only the net of the two sides' points applies.
* Terrain (9.1): read from the terrain table's combat data: `af` of the target hex's terrain (+1 clear,
  -1 woods/town, -2 rough/city, -3 hilltop), `af_all_across` of hexside features (-1 stream, -1 slope)
  when every attacking unit is across such a hexside, `hilltop_exempt` (a unit on a hilltop fires
  across a slope without penalty); river hexsides (`fire: prohibited`) stop fire; a bridge marked
  `fire: full_fire_half` lets Full Fire cross at half strength (Arnhem Bridge exclusive 8.5).
* Close Fire ignores terrain (10.1); Indirect Fire (14.3) ignores the stream penalty when every
  attacker fires indirectly and may cross rivers.
* Resolution (9.0 Combat Resolution): a die roll below the AF is a Hit, equal an Exchange, above a Miss.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ...hexgrid import Hex, hex_distance, hex_neighbor, hexes_within, hexside_between
from ...model.hexmap import HexMap

HIT, EXCHANGE, MISS = "hit", "exchange", "miss"
FULL, MOBILE, CLOSE, INDIRECT = "full", "mobile", "close", "indirect"


def halve(value: int) -> int:
    """The Rule of Halves (Koenig 2.2): whenever a value is halved, fractions round up."""
    return (value + 1) // 2


def fire_strength(strength: int, hits: int, halved: bool = False) -> int:
    """One unit's contribution to an Attack Factor: halved first if it fires at half strength (Mobile
    Fire 8.4, Arnhem Bridge exclusive 8.5, Indirect Fire 14.3), then -1 CS with 2 Hits (9.2.1)."""
    value = halve(strength) if halved else strength
    if hits >= 2:
        value -= 1
    return max(0, value)


@dataclass(frozen=True)
class Firer:
    """One unit taking part in a Fire Attack: where it fires from, its printed strength and hits."""

    hex: Hex
    strength: int
    hits: int = 0
    indirect: bool = False  # firing indirectly (14.3)


@dataclass(frozen=True)
class FireLine:
    """Whether a unit may fire from one hex at another and whether at half strength, with the rule."""

    allowed: bool
    halved: bool = False
    reason: str = ""


def fire_line(m: HexMap, source: Hex, target: Hex, kind: str, indirect_fire: bool = False,
              heavy_weapons: bool = False) -> FireLine:
    """May a unit in `source` fire at `target` with a Fire Attack of `kind` (Koenig 9.0: adjacent or in
    the same hex; 9.1: not across a River; exclusive 8.5: Full Fire across Arnhem Bridge at half
    strength; 14.3: a Heavy Weapons unit fires indirectly up to two hexes away, across rivers too, at
    half strength, Full Fire only)?"""
    distance = hex_distance(source, target)
    if kind == CLOSE:
        why = "" if distance == 0 else "Close Fire is in the same hex (Koenig 10.0)"
        return FireLine(distance == 0, False, why)
    if kind == INDIRECT:
        if not (indirect_fire and heavy_weapons):
            return FireLine(False, reason="only Heavy Weapons units fire indirectly (Koenig 14.3)")
        if not 1 <= distance <= 2:
            return FireLine(False, reason="Indirect Fire reaches up to two hexes (Koenig 14.3)")
        return FireLine(True, True)
    if distance != 1:
        return FireLine(False, reason="Fire Attacks need an adjacent target (Koenig 9.0)")
    side = m.hexside_between(source, target)
    if side is None:
        return FireLine(True)
    table = m.terrain_table
    blocks = any(table.hexside_features[f].combat.get("fire") == "prohibited"
                 for f in side.features if f in table.hexside_features)
    if not blocks:
        return FireLine(True)
    if side.bridge is not None:
        bt = table.bridges.get(side.bridge)
        if bt is not None and bt.combat.get("fire") == "full_fire_half":
            if kind == FULL:
                return FireLine(True, True)
            return FireLine(False, reason="only Full Fire crosses Arnhem Bridge (Arnhem Bridge exclusive 8.5)")
    return FireLine(False, reason="Fire Combat is prohibited across River hexsides (Koenig 9.1)")


def fire_reach(m: HexMap, source: Hex, full: bool, heavy_indirect: bool = False) -> tuple[Hex, ...]:
    """The hexes a unit in `source` may fire at with a Full Fire Attack (`full`) or a Mobile Fire (9.0
    adjacent, 9.1 not across a River, exclusive 8.5 the bridge); with `heavy_indirect` a Heavy Weapons
    unit's Full Fire may also be Indirect Fire up to two hexes away (14.3)."""
    kind = FULL if full else MOBILE
    # a Fire Attack needs an adjacent target (9.0), Indirect Fire reaches two hexes (14.3)
    near = hexes_within(source, 2) if heavy_indirect else [hex_neighbor(source, d) for d in range(6)]
    return tuple(t for t in near if t != source and (fire_line(m, source, t, kind).allowed or (
        heavy_indirect and fire_line(m, source, t, INDIRECT, True, True).allowed)))


def fire_reach_table(m: HexMap, indirect_fire: bool) -> dict[tuple[Hex, bool, bool], tuple[Hex, ...]]:
    """`fire_reach` from every hex of the map: (source, Full Fire, a Heavy Weapons unit's Indirect Fire)
    -> the hexes it may fire at; the Indirect Fire entries only when the game plays optional rule 14.3.
    The map does not change during a game: made once with it."""
    out = {}
    for h in m.hexes:
        out[(h, True, False)] = fire_reach(m, h, True)
        out[(h, False, False)] = fire_reach(m, h, False)
        if indirect_fire:
            out[(h, True, True)] = fire_reach(m, h, True, True)
    return out


def _on_hilltop(m: HexMap, h: Hex) -> bool:
    tt = m.terrain_table.terrain.get(m.terrain_at(h))
    return bool(tt and tt.combat.get("hilltop"))


def terrain_modifier(m: HexMap, target: Hex, firers: Sequence[Firer]) -> int:
    """The 9.1 Attack Factor modifier of one Full or Mobile Fire attack on `target` (Koenig 9.1): the
    target hex's terrain, plus each hexside feature's penalty when every attacking unit is across
    such a hexside (a unit on a hilltop firing across a slope is not; 14.3: indirect fire is never
    "across a stream"). It modifies the battle's total AF, not each unit (9.1)."""
    table = m.terrain_table
    tt = table.terrain.get(m.terrain_at(target))
    total = int(tt.combat.get("af", 0)) if tt else 0
    if not firers:
        return total
    for code, ft in table.hexside_features.items():
        penalty = ft.combat.get("af_all_across")
        if not penalty:
            continue
        every = True
        for f in firers:
            if f.indirect or hex_distance(f.hex, target) != 1:
                every = False
                break
            side = m.hexside(hexside_between(f.hex, target))
            if side is None or code not in side.features:
                every = False
                break
            if ft.combat.get("hilltop_exempt") and _on_hilltop(m, f.hex):
                every = False
                break
        if every:
            total += int(penalty)
    return total


def attack_factor(strengths: Sequence[int], offensive_support: int = 0, defensive_support: int = 0,
                  terrain: int = 0) -> int:
    """The net Attack Factor (Koenig 9.0): the total of the firing units' strengths, plus offensive and
    minus defensive support points (only the net applies), plus the 9.1 terrain modifier."""
    return sum(strengths) + offensive_support - defensive_support + terrain


def fire_result(af: int, die: int) -> str:
    """Combat Resolution (Koenig 9.0): below the AF a Hit on the target, equal an Exchange (both sides
    take one Hit), above a Miss."""
    if die < af:
        return HIT
    if die == af:
        return EXCHANGE
    return MISS


def fire_distribution(af: int, sides: int = 6) -> dict[str, Fraction]:
    """The exact probability of each result for a net Attack Factor: a sum over the die's faces."""
    out = {HIT: Fraction(0), EXCHANGE: Fraction(0), MISS: Fraction(0)}
    for face in range(1, sides + 1):
        out[fire_result(af, face)] += Fraction(1, sides)
    return out
