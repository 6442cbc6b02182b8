"""The tiny family's rules on the rules kit: typed actions read back by verb, one typed step (move one
hex or pass, Tiny 2), the machine's sequence of play (three Game Turns, the first side then the second)
and the victory at the end (Tiny 3: the side on the objective wins, else a draw)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hexwright.engine.hexgrid import Hex, hex_neighbors
from hexwright.engine.model.placement import hex_prohibited, movement_class_of
from hexwright.engine.model.scenario import Scenario
from hexwright.engine.rules.chance import Sampler, SeededSampler
from hexwright.engine.rules.kit import Decision, Position, SequenceState, Step, StepTable
from hexwright.engine.rules.kit.actions import ActionReader, UnitTo, Word
from hexwright.engine.rules.protocol import Action, Game, Outcome, Phase


@dataclass(frozen=True)
class Move(UnitTo):
    """`move R1 0302`: the unit and the hex it moves to."""

    verb = "move"


@dataclass(frozen=True)
class Pass(Word):
    verb = "pass"


parse_action = ActionReader("Tiny Skirmish", (Move, Pass))


@dataclass(frozen=True)
class Act(Decision):
    """A side moves its unit one hex or passes (Tiny 2)."""


class ActStep(Step["TinyState", Act]):
    decision = Act
    rule = "Tiny 2"
    name = "move one hex or pass"

    def legal(self, state: TinyState, d: Act) -> Sequence[Action]:
        return [*(Move(uid, state.game.scenario.map.label(h)) for uid, h in state.moves(d.player)), Pass()]

    def apply(self, state: TinyState, d: Act, action: Action) -> None:
        if isinstance(action, Move):
            h = state.game.scenario.map.hex_at(action.dest)
            assert h is not None
            state.position.place(action.unit, h)
            state.note(f"{state.side_name(d.player)} moves {action.unit} to {action.dest}")
        state.acted += 1


class TinyState(SequenceState):
    steps = StepTable([ActStep()])

    def __init__(self, game: TinyGame, sampler: Sampler, seed: int = 0) -> None:
        super().__init__(game, sampler)
        self.game_seed = seed
        self.position = Position.from_scenario(game.scenario)
        self.turn = 1
        self.acted = 0
        self.advance()

    @property
    def phase(self) -> Phase:
        side = self.game.order[self.acted] if self.acted < len(self.game.order) else ""
        return Phase("Movement", "Tiny 2", self.turn, side)

    def moves(self, side: str) -> list[tuple[str, Hex]]:
        """Each of the side's units to each empty, enterable neighbouring hex of the map."""
        sc = self.game.scenario
        m = sc.map
        taken = set(self.position.hexes.values())
        out = []
        for uid, h in sorted(self.position.hexes.items()):
            if sc.units[uid].side != side:
                continue
            cls = movement_class_of(m, sc.units[uid].flags)
            out += [(uid, n) for n in hex_neighbors(h)
                    if m.contains(n) and n not in taken and not hex_prohibited(m, n, cls)]
        return out

    def next_stage(self) -> None:
        if self.acted == len(self.game.order):
            self.turn, self.acted = self.turn + 1, 0
        if self.turn > self.game.last_turn:
            self.end_game(self.result())
            return
        self.ask(Act(self.game.order[self.acted]))

    def result(self) -> Outcome:
        """Tiny 3: the side whose unit stands on the objective wins; else a draw."""
        sc = self.game.scenario
        objective = sc.map.hex_at(str(sc.options.get("objective")))
        on = [uid for uid, h in self.position.hexes.items() if h == objective]
        if on:
            return Outcome(sc.units[on[0]].side, reason="holds the objective at the end of play (Tiny 3)")
        return Outcome(None, True, "nobody holds the objective (Tiny 3)")

    def fingerprint(self) -> Any:
        return (self.position.key(), self.turn, self.acted, self.pending_decision(), self.outcome())


class TinyGame(Game):
    def __init__(self, scenario: Scenario, options: dict[str, Any] | None = None) -> None:
        super().__init__(scenario, options)
        first = scenario.first_player
        ids = [s.id for s in scenario.sides]
        self.order = sorted(ids, key=lambda s: s != first)
        self.last_turn = len(scenario.turns) or 3

    def new_initial_state(self, seed: int = 0, sampler: Sampler | None = None) -> TinyState:
        return TinyState(self, sampler or SeededSampler(seed), seed)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)
