"""The die tables of Paul Koenig's Market-Garden read from the scenario's editable tables
(002_fe1216aa5df94854.txt): the Paratroop Landing Table (Koenig 5.0, Arnhem Bridge exclusive 4.0), the
Artillery and Allied Support point rolls (6.1, 6.2) and the support points a side may commit to one
battle (9.0 Offensive Support step). Defaults are the printed values, used when a scenario leaves a
table out."""

from __future__ import annotations

from dataclasses import dataclass

from ...model.scenario import Scenario, Table

DEFAULT_LANDING = {"1": [0, "yes"], "2": [0, "yes"], "3": [1, "yes"], "4": [1, "yes"], "5": [2, "yes"],
                   "6": [0, "no"]}
DEFAULT_SUPPORT = {str(d): [(d + 1) // 2] for d in range(1, 7)}
DEFAULT_PER_BATTLE = {"german": 1, "allied": 2}


@dataclass(frozen=True)
class Landing:
    """What a Paratroop Landing roll does to one arriving unit (Koenig 5.0)."""

    arrives: bool
    hits: int


def _table(sc: Scenario, name: str) -> Table | None:
    return sc.tables.get(name)


def landing_result(sc: Scenario, die: int) -> Landing:
    """Paratroop Landing Table (Koenig 5.0; Arnhem Bridge exclusive 4.0): 1-2 intact, 3-4 one Hit,
    5 two Hits, 6 never arrives (and does not count towards Victory Points)."""
    t = _table(sc, "paratroop_landing")
    if t is not None and str(die) in t.rows:
        hits, arrives = t.cell(str(die), "hits"), t.cell(str(die), "arrives")
    else:
        hits, arrives = DEFAULT_LANDING[str(die)]
    return Landing(str(arrives).lower() in ("yes", "true", "1"), int(hits) if hits not in ("-", None) else 0)


def support_points(sc: Scenario, side: str, die: int) -> int:
    """Artillery Points of the German side (Koenig 6.1) or Allied Support Points (6.2) for a die roll:
    1-2 one point, 3-4 two, 5-6 three."""
    name = "artillery_points" if side == "german" else "allied_support_points"
    t = _table(sc, name)
    if t is not None and str(die) in t.rows:
        return int(t.cell(str(die), "points"))
    return int(DEFAULT_SUPPORT[str(die)][0])


def support_per_battle(sc: Scenario, side: str) -> int:
    """How many support points a side may commit to one battle (Koenig 9.0 Offensive Support: up to one
    Artillery point, or up to two Allied Support points)."""
    t = _table(sc, "support_per_battle")
    if t is not None and side in t.rows:
        return int(t.cell(side, "points"))
    return DEFAULT_PER_BATTLE.get(side, 1)
