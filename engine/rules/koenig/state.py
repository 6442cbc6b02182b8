"""The game state of Paul Koenig's Market-Garden (002_fe1216aa5df94854.txt) on the rules kit.

Sequence of play (Koenig 4.0) for each of the scenario's turns: the Paratroop Landing Phase (5.0,
landing.py); on day turns the Support Phase (6.0 with the 14.1 roll-off and 14.2 Interdiction, support.py)
and the Operations Phase (7.0: Command Cup draws, activations and their battles, operations.py, battle.py,
retreat.py); on night turns the German Redeployment Phase (4.0, night.py); then the Housekeeping Phase
(here). Each decision is a typed `Decision` answered by its `Step` in the table below; the phases and the
battle's automatic parts are typed `Task`s. The game ends after the last turn with the Victory Points of
the exclusive 12.0 schedule (victory.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..chance import Sampler
from ..kit import StepTable, Task
from ..kit.start import mark_opening
from ..protocol import Outcome, Phase
from . import battle, start
from .actions import FireAttack, MobileFire
from .battle import FireRollStep, HitStep, RerollStep, SupportStep
from .board import ALLIED, GERMAN, KoenigBoard, cite
from .game import KoenigGameBase
from .landing import LandingPhase, LandingRoll, LandingStep
from .night import RedeploymentPhase, RedeploymentStep
from .operations import (
    ActivationStep,
    AutomaticActivationStep,
    CupDrawStep,
    OperationInProgressStep,
    OperationsPhase,
    eligible,
    recovery_hexes,
)
from .refusal import KoenigStep
from .retreat import RetreatStep, retreat_hexes
from .support import InterdictionStep, RollOffStep, SupportPhase, SupportRollStep

STEPS = StepTable([
    LandingStep(), RollOffStep(), SupportRollStep(), InterdictionStep(), AutomaticActivationStep(), CupDrawStep(),
    ActivationStep(), OperationInProgressStep(), SupportStep(), FireRollStep(), RerollStep(), HitStep(),
    RetreatStep(), RedeploymentStep(),
])


@dataclass(frozen=True)
class Housekeeping(Task):
    """Housekeeping Phase (4.0): remove Interdiction markers (14.2); advance the Game Turn marker, or end the
    game after the last turn (12.0). Unused support points do not carry over (6.0)."""

    def run(self, state: KoenigBoard) -> None:
        assert isinstance(state, KoenigState)
        state.interdicted = []
        state.points = {ALLIED: 0, GERMAN: 0}
        state.done = set()
        state.attached = {}
        state.sixteen_used = set()
        state.reconstituted = set()
        state.in_progress = {}
        state.overrun_mp = {}
        state.march_combined = set()
        if state.turn >= state.game.last_turn:
            state.end_game(state.final_outcome())
            return
        state.turn += 1
        state.note(state.turn_line())


class KoenigState(KoenigBoard):
    steps = STEPS

    def __init__(self, game: KoenigGameBase, sampler: Sampler, seed: int = 0) -> None:
        super().__init__(game, sampler, seed)
        start.apply(self)  # a scenario that starts mid-way (Scenario.start)
        self.note(self.turn_line())
        self.advance()

    # -- the sequence of play (4.0) -----------------------------------------------------------------
    def next_stage(self) -> None:
        """The phases of the current Game Turn (4.0)."""
        mark_opening(self, start.capture)  # "start from here" starts at this turn's opening
        if self.is_night():
            self.queue = [LandingPhase(), RedeploymentPhase(), Housekeeping()]
        else:
            self.queue = [LandingPhase(), SupportPhase(), OperationsPhase(), Housekeeping()]

    def turn_line(self) -> str:
        t = self.sc.turns[self.turn - 1] if self.sc.turns and self.turn <= len(self.sc.turns) else None
        label = f" ({t.label})" if t is not None and t.label else ""
        night = ", a night turn" if self.is_night() else ""
        return f"Game Turn {self.turn}{label}{night} {cite('4.0')}"

    def final_outcome(self) -> Outcome:
        """Victory (exclusive 12.0): the side with more VPs wins; equal totals are a draw."""
        vp = self.victory_points()
        text = ", ".join(f"{self.side_name(s)} {v} VP" for s, v in vp.items()) + f" {cite('exclusive 12.0')}"
        a, g = vp.get(ALLIED, 0), vp.get(GERMAN, 0)
        if a == g:
            return Outcome(None, True, text)
        return Outcome(ALLIED if a > g else GERMAN, False, text)

    def game_over_line(self, out: Outcome) -> str:
        """The game is over (12.0): the log's last line names the winner as the scenario does."""
        return f"Game over: {self.result_text(out)}"

    def result_text(self, out: Outcome | None = None) -> str:
        """The result as a player reads it: "Allied wins: Allied 15 VP, German 2 VP (...)"."""
        out = out or self.outcome()
        if out is None:
            return ""
        if out.draw or out.winner is None:
            return f"a draw: {out.reason}"
        return f"{self.side_name(out.winner)} wins: {out.reason}"

    @property
    def phase(self) -> Phase:
        d = self.pending_decision()
        if d is None:
            return Phase("Game over", "Koenig 12.0", self.turn, "")
        step = self.steps.step_for(d)
        assert isinstance(step, KoenigStep)
        return step.phase(self, d)

    def fingerprint(self) -> object:
        return (self.turn, self.pending_decision(), tuple(self.queue), self.position.key(), tuple(sorted(self.done)),
                tuple(sorted(self.attached.items())), tuple(self.cup), self.active, self.active_side,
                tuple(sorted(self.sixteen_used)), tuple(sorted(self.points.items())), self.leader,
                tuple(self.interdicted), tuple(sorted(self.in_progress.items())),
                tuple(sorted(self.overrun_mp.items())), tuple(sorted(self.march_combined)),
                self.battle.key() if self.battle else None, tuple(sorted(self.reconstituted)),
                tuple(sorted(self.redeployed)), self.outcome())

    # -- typed queries (tests, tools, the presenter and the bots) ---------------------------------------
    def current_af(self) -> int:
        """The net Attack Factor of the battle's next roll (9.0, 10.0)."""
        return battle.current_af(self)

    def result_distribution(self, attack: object = None) -> dict[str, Fraction]:
        """The exact odds of the battle in progress (9.0; rules/chance.combat_odds reads it)."""
        return battle.result_distribution(self)

    def declared_af(self, action: FireAttack) -> int:
        """The net Attack Factor of the Fire Attack `action` (Full or Mobile Fire, 9.0, 8.4) if it were
        declared now and neither side committed support: the AF `current_af` reads after declaring it and
        committing no points, worked out without declaring it (the bots' odds of a fire)."""
        target = self.map.hex_at(action.target)
        assert target is not None
        return battle.declared_af(self, action.units, target, isinstance(action, MobileFire))

    def eligible(self) -> list[str]:
        """The active formation's units that may still conduct an Operation (7.0, 7.1)."""
        return eligible(self) if self.active else []

    def landings_due(self) -> list[str]:
        """The airborne units still to roll on the Paratroop Landing Table this turn, in order (5.0)."""
        d = self.pending_decision()
        return [d.unit, *d.then] if isinstance(d, LandingRoll) else []

    def retreat_hexes(self, uid: str) -> list[str]:
        return retreat_hexes(self, uid)

    def recovery_hexes(self, uid: str) -> list[str]:
        return [self.map.label(h) for h in recovery_hexes(self, uid)]
