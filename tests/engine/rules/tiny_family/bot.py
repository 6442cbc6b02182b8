"""The tiny family's heuristic bot: step toward the objective, pass when there already."""

from __future__ import annotations

import random

from hexwright.engine.hexgrid import hex_distance
from hexwright.engine.model.scenario import Scenario
from hexwright.engine.rules.protocol import Action, GameState

from .game import Move, TinyState


class TinyHeuristicBot:
    name = "heuristic"

    def __init__(self, scenario: Scenario, seed: int = 0) -> None:
        self.scenario = scenario
        self._rng = random.Random(seed)
        self.objective = scenario.map.hex_at(str(scenario.options.get("objective")))

    def choose(self, state: GameState) -> Action:
        assert isinstance(state, TinyState)
        actions = list(state.legal_actions())
        m = self.scenario.map
        here = dict(state.position.hexes)

        def gain(a: Action) -> int:
            if not isinstance(a, Move) or self.objective is None:
                return 0
            to = m.hex_at(a.dest)
            assert to is not None
            return hex_distance(here[a.unit], self.objective) - hex_distance(to, self.objective)

        best = max(gain(a) for a in actions)
        return self._rng.choice([a for a in actions if gain(a) == best])
