"""Fixtures for the Koenig rules family tests (002_fe1216aa5df94854.txt): the shipped Arnhem Bridge
scenario and positions set up directly on its map."""

from __future__ import annotations

from pathlib import Path

import pytest
from hexwright.engine.formats import load_scenario
from hexwright.engine.model import GridSpec, HexMap
from hexwright.engine.rules.koenig import KoenigGame
from hexwright.engine.rules.koenig.state import FUTURE, KoenigState

SCENARIO = Path(__file__).resolve().parents[4] / "scenarios" / "koenig-arnhem-bridge" / "arnhem-bridge.yaml"


@pytest.fixture(scope="session")
def scenario():
    result = load_scenario(SCENARIO)
    assert result.ok, result.diagnostics
    return result.scenario


@pytest.fixture
def tec_map(scenario):
    """A blank 8x8 map with the scenario's Terrain Effects Chart."""
    def make(columns: int = 8, rows: int = 8) -> HexMap:
        return HexMap(GridSpec(columns, rows, "flat", "even"), scenario.map.terrain_table, "clear")
    return make


def position(game: KoenigGame, placed: dict[str, str], active: str = "", side: str = "", step: str = "activation",
             points: dict[str, int] | None = None, turn: int = 4) -> KoenigState:
    """A state in the middle of an Operations Phase with only the `placed` units on the map."""
    s = game.new_initial_state(0)
    for u in s.units.values():
        u.status, u.hex, u.hits, u.done = FUTURE, None, 0, False
    for uid, lab in placed.items():
        u = s.units[uid]
        u.status, u.hex = "map", game.scenario.map.hex_at(lab)
    s.turn = turn
    s.step = step
    s.active = active
    s.active_side = side
    s.cup = []
    s.landing_queue = []
    s.points = dict(points or {"allied": 0, "german": 0})
    s.battle = None
    s._legal = None
    return s


@pytest.fixture
def make_position(scenario):
    def make(placed, active="", side="", options=None, **kw):
        return position(KoenigGame(scenario, options), placed, active, side, **kw)
    return make


def texts(state) -> list[str]:
    return [a.text() for a in state.legal_actions()]
