"""A scenario of the tiny family on a 5 x 4 hex map, and the family registered for the length of a test."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hexwright.engine.formats import save_scenario
from hexwright.engine.model import GridSpec, HexMap, Scenario, Side, Table, TurnInfo, UnitDef
from hexwright.engine.model.terrain import default_terrain_table
from hexwright.engine.rules.registry import register_family, unregister_family

from .family import FAMILY

OBJECTIVE = "0302"


@contextmanager
def registered() -> Iterator[None]:
    """The tiny family in the registry while the block runs (what a sixth family's registry line does)."""
    register_family(FAMILY)
    try:
        yield
    finally:
        unregister_family(FAMILY.id)


def tiny_scenario(objective: str = OBJECTIVE, sides: tuple[str, str] = FAMILY.side_ids) -> Scenario:
    m = HexMap(GridSpec(5, 4), default_terrain_table(), "clear", name="One Hill")
    sc = Scenario("One Hill", FAMILY.id, m, map_file=None)
    sc.source = FAMILY.title
    sc.sides = [Side(sides[0], "Red", "#c04040"), Side(sides[1], "Blue", "#4060c0")]
    sc.first_player = sides[0]
    sc.units = {
        "R1": UnitDef("R1", "R1", sides[0], "", "", "infantry", "company", {"strength": 2, "movement": 1}),
        "B1": UnitDef("B1", "B1", sides[1], "", "", "infantry", "company", {"strength": 2, "movement": 1}),
    }
    sc.placements = {"R1": "0102", "B1": "0504"}
    sc.turns = [TurnInfo(i + 1) for i in range(3)]
    sc.options = {"objective": objective}
    sc.tables = {"hill_bonus": Table("hill_bonus", ["bonus"], {"hill": [1]})}
    return sc


def save(sc: Scenario, folder: Path) -> Path:
    path = folder / "one-hill.yaml"
    save_scenario(sc, path)
    return path
