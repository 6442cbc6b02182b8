"""The Combat Ratio Table (Target Arnhem: Combat Ratio Equations, Modifiers, Concentrated Bombardment;
001_69d92a61f68ed4f9.txt) as pure functions.

The source gives the table's ratios and how a strength comparison is rounded to one of them, but not its
damage values: the scenario ships the table (`Scenario.tables["combat_ratio"]`, marked reconstructed) with a
column per ratio ("1:3", "1:2", "1:1", "1.5:1", "2:1", ...) and a row of damage points per side
("defender", "attacker"). The ratio and the column shifts below read only the column headings, never the
values, so a designer may change the values (or add columns) without touching the rules.

* `ratio_column`: "If the attacker has higher strength, divide the attacker's strength value by the
  defender's strength value; the resulting value is rounded down to the nearest CRT ratio value to 1
  (being mindful there is a special 1.5-to-1 ratio). Equal strength values are obviously a 1-to-1 ratio.
  If the attacker has lower strength, divide the defender's strength value by the attacker's strength
  value; the resulting value is rounded up so the CRT ratio can only be 1-to-2 or 1-to-3. Any resulting
  ratio beyond the limits of the CRT reverts to the nearest CRT ratio."
* `shifted`: the forest/city shift one column left (Modifiers) and Concentrated Bombardment's one column
  right, kept within the table's end columns.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from ...model.scenario import Scenario, Table

TABLE = "combat_ratio"
DEFENDER, ATTACKER = "defender", "attacker"


_RATIOS: dict[str, Fraction] = {}  # column_ratio's answers: a table has a dozen headings, read at every attack


def column_ratio(heading: str) -> Fraction:
    """The ratio a column heading names: "1.5:1" -> 3/2, "1:3" -> 1/3."""
    got = _RATIOS.get(heading)
    if got is not None:
        return got
    a, sep, b = heading.partition(":")
    if not sep:
        raise ValueError(f"a Combat Ratio Table column is a ratio such as 2:1, not {heading!r}")
    got = Fraction(a.strip()) / Fraction(b.strip())
    if len(_RATIOS) < 256:
        _RATIOS[heading] = got
    return got


def ratio_column(attack: Fraction, defense: Fraction, columns: list[str]) -> int:
    """The index of the column a strength comparison falls in (Combat Ratio Equations)."""
    if attack <= 0:
        raise ValueError("an attack needs a positive strength")
    ratios = [column_ratio(c) for c in columns]
    order = sorted(range(len(columns)), key=lambda i: ratios[i])
    if defense <= 0:
        return order[-1]
    if attack >= defense:  # rounded down to a ratio of the table; 1:1 when equal
        r = attack / defense
        below = [i for i in order if ratios[i] <= r and ratios[i] >= 1]
        return below[-1] if below else min(order, key=lambda i: abs(ratios[i] - 1))
    q = math.ceil(defense / attack)  # rounded up: 1-to-2 or 1-to-3
    want = Fraction(1, q)
    weaker = [i for i in order if ratios[i] < 1]
    if not weaker:
        return order[0]
    exact = [i for i in weaker if ratios[i] == want]
    if exact:
        return exact[0]
    return min(weaker, key=lambda i: (abs(ratios[i] - want), ratios[i]))  # beyond the table: its nearest ratio


def shifted(index: int, shift: int, columns: list[str]) -> int:
    """A column shifted `shift` columns right (negative: left) in ratio order, within the table's ends."""
    order = sorted(range(len(columns)), key=lambda i: column_ratio(columns[i]))
    pos = order.index(index) + shift
    return order[max(0, min(len(order) - 1, pos))]


@dataclass(frozen=True)
class CombatResult:
    column: str
    defender: int  # damage points to the defending units
    attacker: int  # damage points to the attacking units


def combat_table(sc: Scenario) -> Table:
    table = sc.tables.get(TABLE)
    if table is None:
        raise ValueError(f"the scenario has no {TABLE!r} table (Target Arnhem: Combat Ratio Table)")
    return table


def damage_at(table: Table, column: str) -> CombatResult:
    """The damage points a column deals (reconstructed values: the source does not print them)."""
    def points(row: str) -> int:
        if row not in table.rows:
            return 0
        v = table.cell(row, column)
        return int(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else 0
    return CombatResult(column, points(DEFENDER), points(ATTACKER))


def resolve(table: Table, attack: Fraction, defense: Fraction, shift: int) -> CombatResult:
    """The table's result for the strengths and the net column shift."""
    cols = table.columns
    i = shifted(ratio_column(attack, defense, cols), shift, cols)
    return damage_at(table, cols[i])
