"""The Combat Ratio Equations and column shifts (Target Arnhem: Combat Ratio Equations, Modifiers,
Concentrated Bombardment; 001_69d92a61f68ed4f9.txt), with the source's wording as the oracle."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hexwright.engine.model.scenario import Table
from hexwright.engine.rules.target_arnhem.tables import column_ratio, ratio_column, resolve, shifted

COLUMNS = ["1:3", "1:2", "1:1", "1.5:1", "2:1", "3:1", "4:1", "5:1"]


@pytest.mark.parametrize("attack, defense, column", [
    (7, 4, "1.5:1"),  # 1.75 "rounded down to the nearest CRT ratio value to 1 (... a special 1.5-to-1 ratio)"
    (9, 4, "2:1"),  # 2.25 rounded down
    (3, 4, "1:2"),  # 4/3 "rounded up so the CRT ratio can only be 1-to-2 or 1-to-3"
    (2, 7, "1:3"),  # 3.5 rounded up to 4: "beyond the limits of the CRT reverts to the nearest CRT ratio"
    (4, 4, "1:1"),  # "Equal strength values are obviously a 1-to-1 ratio"
    (6, 4, "1.5:1"),
    (5, 4, "1:1"),  # 1.25 rounded down to 1-to-1
    (12, 4, "3:1"),
    (40, 4, "5:1"),  # beyond the table's end: its end column
    (1, 2, "1:2"),
    (1, 3, "1:3"),
    (1, 9, "1:3"),
    (Fraction(7, 2), 4, "1:2"),  # a halved strength: 4 / 3.5 rounded up to 2
])
def test_ratio_column_follows_the_combat_ratio_equations(attack, defense, column):
    assert COLUMNS[ratio_column(Fraction(attack), Fraction(defense), COLUMNS)] == column


def test_column_headings_are_ratios():
    assert column_ratio("1.5:1") == Fraction(3, 2)
    assert column_ratio("1:3") == Fraction(1, 3)


def test_shifts_move_along_the_ratio_order_and_stop_at_the_table_s_ends():
    i = COLUMNS.index("1:1")
    assert COLUMNS[shifted(i, -1, COLUMNS)] == "1:2"  # forest or city: one to the left
    assert COLUMNS[shifted(i, +1, COLUMNS)] == "1.5:1"  # Concentrated Bombardment: one to the right
    assert COLUMNS[shifted(0, -1, COLUMNS)] == "1:3"
    assert COLUMNS[shifted(len(COLUMNS) - 1, +1, COLUMNS)] == "5:1"
    assert COLUMNS[shifted(i, 0, COLUMNS)] == "1:1"


def test_the_ratio_and_shifts_read_the_headings_not_the_damage_values():
    cols = ["2:1", "1:1", "1:2"]  # in any order, with any values
    a = Table("combat_ratio", cols, {"defender": [7, 8, 9], "attacker": [0, 0, 0]}, reconstructed=True)
    assert resolve(a, Fraction(9), Fraction(4), 0).column == "2:1"
    assert resolve(a, Fraction(9), Fraction(4), 0).defender == 7
    b = Table("combat_ratio", cols, {"defender": [1, 1, 1], "attacker": [5, 5, 5]}, reconstructed=True)
    assert resolve(b, Fraction(9), Fraction(4), -1).column == "1:1"
    assert resolve(b, Fraction(9), Fraction(4), -1).attacker == 5


def test_the_shipped_table_is_marked_reconstructed(scenario):
    t = scenario.tables["combat_ratio"]
    assert t.reconstructed and "RECONSTRUCTED" in t.notes
    assert t.columns == COLUMNS
