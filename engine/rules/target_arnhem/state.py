"""The game state of Target Arnhem: Across 6 Bridges (001_69d92a61f68ed4f9.txt) on the rules kit.

Sequence of Play, each turn: the Adjustment (adjustment.py), then the Allied and German impulses 1, 2 and 3
(impulse.py, with attacks in combat.py). Each decision is a typed `Decision` (decisions.py) answered by its
`Step` in the table below; the stages' automatic parts are typed `Task`s. The game ends after turn 9 (or the
scenario's last turn) with the Victory Conditions (victory.py).
"""

from __future__ import annotations

from ..chance import Sampler
from ..kit import StepTable
from ..kit.start import mark_opening
from ..protocol import Outcome, Phase
from . import start
from .adjustment import AdjustmentPhase, ReinforceStep, SupplyRollStep
from .board import Stage, TABoard, cite
from .combat import AdvanceStep, AttackWithStep, TakeDamageStep
from .game import TAGameBase
from .impulse import ActStep, ExcessStep, StartImpulse
from .step import TAStep, stage_phase
from .victory import ConditionResult, winner

STEPS = StepTable([SupplyRollStep(), ReinforceStep(), ActStep(), AttackWithStep(), TakeDamageStep(), AdvanceStep(),
                   ExcessStep()])


class TAState(TABoard):
    steps = STEPS

    def __init__(self, game: TAGameBase, sampler: Sampler, seed: int = 0) -> None:
        super().__init__(game, sampler, seed)
        self.begun = False  # the current stage has started
        start.apply(self)  # a scenario that starts mid-way (Scenario.start)
        self.advance()

    # -- the Sequence of Play --------------------------------------------------------------------------
    def next_stage(self) -> None:
        """The next stage of the turn: the Adjustment, then the impulses; after the Germans' third impulse
        the next turn, or the end of the game."""
        if self.begun:
            if self.stage is not Stage.GERMAN_3:
                self.stage = Stage(self.stage + 1)
            elif self.turn >= self.game.last_turn:
                self.end_game(self.final_outcome())
                return
            else:
                self.turn += 1
                self.stage = Stage.ADJUSTMENT
        self.begun = True
        mark_opening(self, start.capture)  # "start from here" starts at this stage's opening
        self.queue = [AdjustmentPhase() if self.stage is Stage.ADJUSTMENT else StartImpulse()]

    def conditions(self) -> list[ConditionResult]:
        """The Victory Conditions as they stand now."""
        return winner(self.sc, self.hex_sides())[1]

    def hex_sides(self) -> dict[str, str]:
        label = self.map.label
        return {label(h): self.side_at(h) for h in self.position.occupancy()}

    def final_outcome(self) -> Outcome:
        side, results = winner(self.sc, self.hex_sides())
        met = "; ".join(f"{r.description}: {'yes' if r.met else 'no'}" for r in results)
        return Outcome(side or None, not side, f"{met} {cite('Victory Conditions')}")

    def game_over_line(self, out: Outcome) -> str:
        who = self.side_name(out.winner) if out.winner else "nobody"
        return f"Game over after turn {self.turn}: {who} wins: {out.reason}"

    @property
    def phase(self) -> Phase:
        d = self.pending_decision()
        if d is None:
            if self.is_terminal():
                return Phase("Game over", "Target Arnhem: Victory Conditions", self.turn, "")
            return stage_phase(self)
        step = self.steps.step_for(d)
        assert isinstance(step, TAStep)
        return step.phase(self, d)

    def fingerprint(self) -> object:
        return (self.turn, self.stage, self.begun, self.pending_decision(), tuple(self.queue), self.position.key(),
                tuple(sorted(self.acted)), tuple(sorted(self.road_ready)), tuple(sorted(self.fortified)),
                tuple(sorted(self.points.items())), tuple(sorted(self.area.items())), tuple(sorted(self.overrun)),
                self.combat.key() if self.combat else None, tuple(sorted(self.cancelled)), self.outcome())
