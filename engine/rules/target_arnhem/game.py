"""The Target Arnhem family's `Game` (Target Arnhem: Across 6 Bridges, 001_69d92a61f68ed4f9.txt): the
scenario, the units' order and sides, the off-board areas, Hell's Highway and area P as the map names
them, and the last turn (Victory Conditions: the end of turn 9, or a shorter playtest's `max_turns`).

This module is the bottom of the family's state: board.py reads the game; the state class (state.py) is
imported only when a game makes its first state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...hexgrid import Hex
from ...model.hexmap import Region
from ...model.scenario import Scenario
from ..chance import Sampler, SeededSampler
from ..protocol import Action, Game
from .actions import parse_action

if TYPE_CHECKING:
    from .state import TAState

PLAY_OPTIONS = ("max_turns",)  # a shorter playtest: the game is judged after that many turns
OFFBOARD = "offboard"  # Region.kind of an off-board area
AREA_P = "P"  # the off-board area closed from turn 4 (Movement)
AREA_P_CLOSES = 4
ENTRY_HEX = "0103"  # XXX Corps' entry and the Allied road supply's source (Re-Supply, Reinforcements)


class TargetArnhemGame(Game):
    def __init__(self, scenario: Scenario, options: dict[str, Any] | None = None) -> None:
        super().__init__(scenario, options)
        unknown = [k for k in (options or {}) if k not in PLAY_OPTIONS]
        if unknown:
            raise ValueError(f"unknown option(s) {', '.join(unknown)}; Target Arnhem has no optional rules "
                             f"(play options: {', '.join(PLAY_OPTIONS)})")
        m = scenario.map
        self.side_of = {uid: u.side for uid, u in scenario.units.items()}
        self.unit_ids = tuple(scenario.units)
        self.order = {uid: i for i, uid in enumerate(self.unit_ids)}
        turns = len(scenario.turns) or 9
        self.last_turn = min(turns, int(self.options.get("max_turns") or turns))
        self.areas: dict[str, Region] = {n: r for n, r in m.regions.items() if r.kind == OFFBOARD}
        self.entry_hex: Hex | None = m.hex_at(ENTRY_HEX)

    def new_initial_state(self, seed: int = 0, sampler: Sampler | None = None) -> TAState:
        from .state import TAState  # the state sits above the game (state -> board -> game)

        return TAState(self, sampler or SeededSampler(seed), seed)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)
