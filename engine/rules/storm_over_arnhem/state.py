"""The game state of Storm over Arnhem: The Crossing (003_6afad32bba8815b2.txt) on the rules kit.

Each turn (A, B, 1, 2, ...): the start of the turn (the Tactical Advantage's switch at turn 3, the
introduction), the set-up and arrivals (2.1-2.3; 3.5's perimeter counters at the start of turn 1), the
Movement/Fire impulses (impulse.py, fire.py, and on turn B the 9th SS Recon's entry, recon.py), the Close
Combat Phase (closecombat.py), the 1.3 substitution and the score (setup.py). After the last turn the side
with the VP the scenario names wins (3.7).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..chance import Sampler
from ..kit import StepTable, Task
from ..kit.start import mark_opening
from ..protocol import Outcome, Phase
from . import start
from .board import BRITISH, GERMAN, SoABoard, cite
from .closecombat import CloseCombatPhase, DesignateStep
from .decisions import ContinueTurn
from .fire import CasualtiesStep, FireGroupStep, FireRollStep
from .game import TA_SWITCH_TURN, SoAGameBase
from .impulse import BeginImpulse, ContinueTurnStep, EntryRollStep, ImpulseStep, MoreMovesStep, TurnOver
from .recon import BorderFireStep, LeaveBridgeStep
from .setup import Arrivals, AskPerimeter, AskSubstitute, PerimeterStep, PlaceStep, ScoreTurn, SubstituteStep

STEPS = StepTable([PlaceStep(), PerimeterStep(), ImpulseStep(), MoreMovesStep(), FireGroupStep(), FireRollStep(),
                   CasualtiesStep(), ContinueTurnStep(), EntryRollStep(), BorderFireStep(), LeaveBridgeStep(),
                   DesignateStep(), SubstituteStep()])


class Stage(StrEnum):
    """Where a turn is: its start (the Tactical Advantage's switch, the set-up and arrivals, 2.1-2.3), the
    Movement/Fire impulses, then its end (the Close Combat Phase, 1.3's substitution and the score)."""

    START = "start"
    IMPULSES = "impulses"
    END = "end"


@dataclass(frozen=True)
class TurnStart(Task):
    def run(self, state: SoABoard) -> None:
        state.committed = set()
        state.passes = 0
        state.impulse_side = GERMAN
        state.bridge_done_by_passes = False
        state.note(f"Turn {state.label()} begins; the {state.side_people(state.ta)} hold the Tactical Advantage")
        if state.label() == TA_SWITCH_TURN and state.ta == BRITISH and BRITISH not in state.ta_used:
            state.ta = GERMAN
            state.note(f"the British have not used the Tactical Advantage: it switches to the Germans at the start "
                       f"of turn 3 {cite('introduction')}")


class SoAState(SoABoard):
    steps = STEPS

    def __init__(self, game: SoAGameBase, sampler: Sampler, seed: int = 0) -> None:
        super().__init__(game, sampler, seed)
        self.stage = Stage.START
        start.apply(self)  # a scenario that starts mid-way (Scenario.start)
        self.advance()

    def next_stage(self) -> None:
        if self.stage is Stage.START:
            mark_opening(self, start.capture)  # "start from here" starts at this turn's opening
            tasks: list[Task] = [TurnStart(), Arrivals()]
            if self.label() == "1":
                tasks.append(AskPerimeter())
            tasks.append(BeginImpulse())
            self.queue = tasks
            self.stage = Stage.IMPULSES
        elif self.stage is Stage.IMPULSES:
            self.queue = [CloseCombatPhase(), AskSubstitute(), ScoreTurn()]
            self.stage = Stage.END
        elif self.turn >= self.game.last_turn:
            self.end_game(self.final_outcome())
        else:
            self.turn += 1
            self.stage = Stage.START

    def after_recon(self, by_passes: bool) -> None:
        if not by_passes:
            self.impulse_side = BRITISH  # 3.46
            self.passes = 0
            self.queue.insert(0, BeginImpulse())
        elif self.ta == GERMAN:
            self.bridge_done_by_passes = True
            self.ask(ContinueTurn(GERMAN))
        else:
            self.queue.insert(0, TurnOver())

    def check_victory(self) -> Outcome | None:
        self.update_control()
        return None

    def final_outcome(self) -> Outcome:
        """3.7 and the scenario's `vp` condition: the Germans win with at least its count of VP (the total is in
        the log; the reason names the condition only, so that games group by it)."""
        need = self.game.german_win_vp
        self.note(f"German VP at the end: {self.vp} (the Germans need {need}) {cite('3.7')}")
        if self.vp >= need:
            return Outcome(GERMAN, False, f"the Germans have {need} VP or more {cite('3.7')}")
        return Outcome(BRITISH, False, f"the Germans have fewer than {need} VP {cite('3.7')}")

    def game_over_line(self, out: Outcome) -> str:
        who = self.side_name(out.winner) if out.winner else "nobody"
        return f"Game over after turn {self.label()}: {who} wins: {out.reason}"

    @property
    def phase(self) -> Phase:
        d = self.pending_decision()
        if d is None:
            if self.is_terminal():
                return Phase("Game over", "Storm over Arnhem 3.7", self.track_turn(), "", self.label())
            return Phase("in play", "Storm over Arnhem 3.6", self.track_turn(), "", self.label())
        step = self.steps.step_for(d)
        ph = getattr(step, "phase", None)
        if ph is None:
            return Phase("in play", step.rule, self.track_turn(), d.player, self.label())
        got: Phase = ph(self, d)
        return got

    def fingerprint(self) -> object:
        return (self.turn, self.stage, self.pending_decision(), tuple(self.queue), self.position.key(),
                self.impulse_side, self.passes, tuple(sorted(self.committed)), self.ta, tuple(sorted(self.ta_used)),
                self.vp,
                tuple(sorted(self.control.items())), tuple(sorted(self.transit.items())),
                tuple(sorted(self.perimeter)), self.recon_entered, self.bridge.key() if self.bridge else None,
                self.combat.key() if self.combat else None, self.moving_from, self.bridge_done_by_passes,
                tuple(sorted(self.designated.items())), self.outcome())
