"""A game of The Crossing (scenarios/storm-arnhem/the-crossing.yaml; 003_6afad32bba8815b2.txt) with the map
cleared, so a Storm over Arnhem test places the units it needs and starts the part of a turn it tests."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from hexwright.engine.formats import load_scenario
from hexwright.engine.model import Scenario
from hexwright.engine.rules.protocol import Action, new_game
from hexwright.engine.rules.storm_over_arnhem import SoAState
from hexwright.engine.rules.storm_over_arnhem.board import WAITING
from hexwright.engine.rules.storm_over_arnhem.impulse import BeginImpulse
from hexwright.engine.rules.storm_over_arnhem.state import Stage

SCENARIO = Path(__file__).resolve().parents[4] / "scenarios" / "storm-arnhem" / "the-crossing.yaml"


@cache
def scenario() -> Scenario:
    result = load_scenario(SCENARIO)
    assert result.scenario is not None, [d.format() for d in result.diagnostics]
    return result.scenario


def fresh() -> SoAState:
    st = new_game(scenario(), 1)
    assert isinstance(st, SoAState)
    return st


class Board:
    """A game at turn `turn`'s impulses with no unit on the map."""

    def __init__(self, turn: str = "B") -> None:
        st = fresh()
        for uid in list(st.position.areas):
            st.position.remove(uid, WAITING)
        st.turn = st.game.labels.index(turn)
        st.stage = Stage.IMPULSES
        st.queue = []
        st.ask(None)
        st.committed = set()
        st.update_control()
        st.invalidate()
        self.state = st

    def put(self, uid: str, area: str) -> None:
        self.state.put(uid, area)
        self.state.invalidate()

    def start(self, side: str) -> None:
        """Start `side`'s impulse."""
        st = self.state
        st.impulse_side = side
        st.queue = [BeginImpulse()]
        st.ask(None)
        st.advance()

    def legal(self) -> list[str]:
        return [a.text() for a in self.state.legal_actions()]

    def do(self, *texts: str) -> None:
        for t in texts:
            self.state.apply_checked(t)

    def last_events(self, n: int = 3) -> list[str]:
        return [t for _, t in self.state.events[-n:]]


def texts(actions: list[Action]) -> list[str]:
    return [a.text() for a in actions]
