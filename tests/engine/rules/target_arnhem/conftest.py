"""Shared set-up for the Target Arnhem tests: the shipped scenario, and a game with the map cleared so a test
places the units it needs (001_69d92a61f68ed4f9.txt)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hexwright.engine.formats import load_scenario
from hexwright.engine.model import Scenario
from hexwright.engine.rules.protocol import new_game
from hexwright.engine.rules.target_arnhem import TAState
from hexwright.engine.rules.target_arnhem.board import WAITING

SCENARIO = Path(__file__).resolve().parents[4] / "scenarios" / "target-arnhem" / "target-arnhem.yaml"


@pytest.fixture(scope="session")
def scenario() -> Scenario:
    result = load_scenario(SCENARIO)
    assert result.scenario is not None, [d.format() for d in result.diagnostics]
    return result.scenario


class Board:
    """A game of the shipped scenario with every unit taken off the map."""

    def __init__(self, sc: Scenario) -> None:
        state = new_game(sc, 1)
        assert isinstance(state, TAState)
        self.state = state
        for uid in list(state.position.hexes):
            state.position.remove(uid, WAITING)
        state.area.clear()
        state.fortified.clear()
        state.invalidate()

    def put(self, uid: str, label: str) -> None:
        st = self.state
        if label in st.game.areas:
            st.put_offboard(uid, label)
        else:
            h = st.map.hex_at(label)
            assert h is not None, label
            st.put(uid, h)
        st.invalidate()

    def hex(self, label: str):  # a Hex
        h = self.state.map.hex_at(label)
        assert h is not None
        return h


@pytest.fixture
def board(scenario: Scenario) -> Board:
    return Board(scenario)
