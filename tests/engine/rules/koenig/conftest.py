"""Fixtures for the Koenig rules family tests (002_fe1216aa5df94854.txt): the shipped Arnhem Bridge
scenario and positions set up directly on its map through the rules kit (Position, decisions, tasks)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hexwright.engine.formats import load_scenario
from hexwright.engine.model import GridSpec, HexMap
from hexwright.engine.rules.kit import Position
from hexwright.engine.rules.koenig import KoenigGame
from hexwright.engine.rules.koenig.landing import LandingRoll
from hexwright.engine.rules.koenig.night import Redeployment
from hexwright.engine.rules.koenig.operations import Activation, NextDraw
from hexwright.engine.rules.koenig.state import Housekeeping, KoenigState
from hexwright.engine.rules.protocol import CHANCE

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
             points: dict[str, int] | None = None, turn: int = 4, landing: tuple[str, ...] = ()) -> KoenigState:
    """A state with only the `placed` units on the map, in the middle of a turn: the decision of `step`
    ("activation" of `active`, "redeploy", "landing" of the `landing` units, or "next_draw": the cup is
    drawn from next), with the Housekeeping Phase to follow."""
    s = game.new_initial_state(0)
    pos = Position.from_scenario(game.scenario, placed=())
    for uid, lab in placed.items():
        pos.place(uid, game.scenario.map.hex_at(lab))
    s.position = pos
    s.turn = turn
    s.active = active
    s.active_side = side
    s.cup = []
    s.points = dict(points or {"allied": 0, "german": 0})
    s.battle = None
    s.queue = [Housekeeping()]
    s.ask(None)
    if step == "activation":
        s.ask(Activation(side))
    elif step == "redeploy":
        s.ask(Redeployment("german"))
    elif step == "landing":
        s.ask(LandingRoll(CHANCE, landing[0], landing[1:]))
    elif step == "next_draw":
        s.queue.insert(0, NextDraw())
    else:
        raise ValueError(step)
    return s


def refresh(s: KoenigState) -> None:
    """After a test changes the position under a pending decision: ask the decision again (a new decision
    object: the state's memo of legal actions is for the old one)."""
    if s.pending_decision() is not None:
        s.ask(dataclasses.replace(s.pending_decision()))


@pytest.fixture
def make_position(scenario):
    def make(placed, active="", side="", options=None, **kw):
        return position(KoenigGame(scenario, options), placed, active, side, **kw)
    return make


def texts(state) -> list[str]:
    return [a.text() for a in state.legal_actions()]
