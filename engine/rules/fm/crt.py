"""The Combat Results Table of bombardment (F&M 8.1.2) and ground combat (8.2.1 d): the CRT line from
the defender's terrain and hexsides (8.2.2, 10.6), the column (CRT notes), fortifications (8.2.3), and
the CRT lookup. The steps of a combat are in combat.py. Every number comes from the scenario's tables
(tables.py names them); nothing here depends on their values. 000_e5c3deafb2cea4af.txt.
"""

from __future__ import annotations

from collections.abc import Collection
from fractions import Fraction

from ...hexgrid import Hex, Hexside, hexside_between
from ...model.scenario import Table
from .game import FMGameBase, is_fortification
from .tables import differentials

RETREATS = {"D2": 2, "D3": 3, "A1": 1, "A2": 2, "A3": 3}
BOMBARDMENT_NO_RESULT = ("Ae", "A1", "A2", "A3", "Ex")  # 8.1.3


def line_order(g: FMGameBase) -> list[str]:
    return list(g.table("crt_terrain").rows)


def crt_line_of(g: FMGameBase, code: str) -> str | None:
    """The CRT line a terrain, feature or hexside code uses: the type's own `combat: {crt_line}` (or
    `crt_row`) first,
    then the scenario's `crt_lines` table (by code, then by name)."""
    tt = g.map.terrain_table
    for group in (tt.terrain, tt.features, tt.hexside_features, tt.bridges):
        t = group.get(code)
        if t is not None and (t.combat.get("crt_line") or t.combat.get("crt_row")):
            return str(t.combat.get("crt_line") or t.combat["crt_row"])
    lines = g.tables.get("crt_lines")
    if lines is None:
        return None
    if code in lines.rows:
        return str(lines.rows[code][0])
    for group in (tt.terrain, tt.features, tt.hexside_features):
        t = group.get(code)
        if t is not None and t.name.lower() in lines.rows:
            return str(lines.rows[t.name.lower()][0])
    return None


def attack_crossing(g: FMGameBase, a: Hex, target: Hex, demolished: Collection[Hexside]) -> tuple[bool, list[str]]:
    """An attack from `a` into `target` across their hexside (8.2.2, 10.6): whether it is across a bridged
    river or canal, and the unbridged river, canal and ditch features it crosses (none when bridged)."""
    side = hexside_between(a, target)
    info = g.map.hexsides.get(side)
    if info is None:
        return False, []
    if info.bridge is not None and side not in demolished:
        return any(g.water_code(f) for f in info.features), []
    return False, [f for f in info.features if g.water_code(f) or g.ditch_code(f)]


def barrier_line(g: FMGameBase, code: str) -> str | None:
    """The CRT line of a river, canal or ditch hexside feature: its own (`crt_line_of`); a ditch the scenario's
    tables give no line uses the River line (8.2.2 names river and ditch hexsides together)."""
    line = crt_line_of(g, code)
    if line is None and g.ditch_code(code):
        line = crt_line_of(g, "river")
    return line


def defender_line(g: FMGameBase, target: Hex, attacker_hexes: list[Hex], demolished: Collection[Hexside],
                  bombardment: bool = False) -> str:
    """The CRT line for an attack on `target` (8.2.2): the most favourable to the defender among the
    terrain in the hex (8.1.2: bombardment ignores hexsides); the River line when every attacker attacks
    across an unbridged river, canal or ditch hexside (8.2.2: "Defending units do not benefit from river or
    ditch hexsides unless all the attacking units are attacking that defending unit across a non-bridged
    river or ditch hexside"; of several such features, the most favourable to the defender); the Bridge
    line when at least one attacks across a bridged river or canal (10.6, which the exclusive rules state
    without 8.2.2's 'all across the river'), 'unless a higher line is called for due to the terrain in the
    defender's hex'. A bridged ditch is not "non-bridged": an attack across it is not across the ditch.
    It depends on the map and the tables alone, which do not change during play: kept per game."""
    key = (target, tuple(attacker_hexes), demolished if type(demolished) is frozenset else frozenset(demolished),
           bombardment)
    memo = g.line_memo
    got = memo.get(key)
    if got is None:
        if len(memo) > 4096:
            memo.clear()
        got = memo[key] = _defender_line(g, target, attacker_hexes, demolished, bombardment)
    return got


def _defender_line(g: FMGameBase, target: Hex, attacker_hexes: list[Hex], demolished: Collection[Hexside],
                   bombardment: bool) -> str:
    m = g.map
    order = line_order(g)
    candidates: list[str] = []
    for code in (m.terrain[target], *m.features.get(target, ())):
        line = crt_line_of(g, code)
        if line in order:
            candidates.append(line)
    if not bombardment and attacker_hexes:
        crossings = [attack_crossing(g, a, target, demolished) for a in attacker_hexes]
        lines: list[str | None] = []
        if any(bridged for bridged, _ in crossings):
            # 10.6: one attacker across a bridged river/canal hexside is enough for the Bridge line
            lines.append(crt_line_of(g, "bridge") or ("Bridge" if "Bridge" in order else None))
        elif all(codes for _, codes in crossings):
            # 8.2.2: every attacker across an unbridged river, canal or ditch
            lines.extend(barrier_line(g, code) for _, codes in crossings for code in codes)
        candidates.extend(line for line in lines if line is not None and line in order)
    if not candidates:
        candidates.append("Clear" if "Clear" in order else order[-1])
    return min(candidates, key=order.index)


def column_for(t: Table, line: str, differential: int) -> str:
    """The CRT column of a differential on a line (CRT notes: below the lowest differential use the
    lowest; above +10 use +10)."""
    cells = t.rows[line]
    spans = [(t.columns[i], differentials(c)) for i, c in enumerate(cells)]
    spans = [(col, ds) for col, ds in spans if ds]
    if not spans:
        raise ValueError(f"CRT line {line!r} has no differentials")
    for col, ds in spans:
        if differential in ds:
            return col
    lowest = min(spans, key=lambda cs: min(cs[1]))
    highest = max(spans, key=lambda cs: max(cs[1]))
    if differential < min(lowest[1]):
        return lowest[0]
    if differential > max(highest[1]):
        return highest[0]
    # a gap inside a line (a designer's edit): the column of the next lower differential
    below = [cs for cs in spans if max(cs[1]) < differential]
    return max(below, key=lambda cs: max(cs[1]))[0]


def crt_result(g: FMGameBase, column: str, die: int) -> str:
    return str(g.table("crt").cell(str(die), column))


def result_distribution(g: FMGameBase, column: str) -> dict[str, Fraction]:
    """The exact probability of each result in a CRT column: one die, six faces (kept per game and
    column: the game's tables do not change during play; a copy is returned)."""
    memo = g.crt_memo
    got = memo.get(column)
    if got is None:
        got = {}
        for die in range(1, 7):
            r = crt_result(g, column, die)
            got[r] = got.get(r, Fraction(0)) + Fraction(1, 6)
        memo[column] = got
    return dict(got)


def halved_for_fortification(g: FMGameBase, target: Hex, value: int) -> int:
    """8.2.3: an attacker's support fire marker is halved (round down) against a fortification hex."""
    return value // 2 if is_fortification(g.map, target) else value


def defense_strength(g: FMGameBase, target: Hex, printed: int) -> int:
    """8.2.3: a unit in a fortification hex doubles its printed defense strength."""
    return printed * 2 if is_fortification(g.map, target) else printed


__all__ = ["BOMBARDMENT_NO_RESULT", "RETREATS", "attack_crossing", "barrier_line", "column_for", "crt_line_of",
           "crt_result", "defender_line", "defense_strength", "halved_for_fortification", "result_distribution"]
