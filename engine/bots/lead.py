"""Which side leads in a position that is not over, and by how much: the MCTS bot's leaf evaluation
(mcts.py) and the balance lab's lead changes (engine/balance/metrics.py) read the same score.

Each side's lead over the other (`Lead.score`):
* where the family keeps Victory Points (`victory_points()`, Koenig exclusive 12.0: units, hexes,
  exits), the VP difference over `VP_SCALE`;
* else the scenario's victory conditions as data (objectives.py): each objective hex held by a unit that
  counts for its side's occupy conditions (F&M 11.5: not airborne units) counts its weight (2 VP city,
  1 VP town; Arnhem and Hell's Highway in Target Arnhem), and the units each side has lost (eliminated,
  and steps lost: F&M 8.2.4 depletion, Target Arnhem damage) count against it; with `progress` above 0,
  the mean distance of a side's counting units to the nearest objective too.
"""

from __future__ import annotations

from typing import Any

from ..model.scenario import Scenario
from ..rules.kit import SequenceState, UnitStatus
from ..rules.protocol import GameState
from .objectives import Objectives

VP_SCALE = 3.0  # Victory Points of lead gained that score tanh(1)
MATERIAL_WEIGHT = 3.0  # all of a side's units lost
OBJECTIVE_WEIGHT = 2.0  # every objective hex held


class Lead:
    """The lead of each side of a scenario's games (see the module)."""

    def __init__(self, scenario: Scenario, progress: float = 0.0) -> None:
        self.scenario = scenario
        self.progress = progress
        sides = [s.id for s in scenario.sides]
        self.objectives = Objectives.of(scenario)
        self.unit_side = {uid: u.side for uid, u in scenario.units.items()}
        self.units_per_side = {s: max(1, sum(1 for u in scenario.units.values() if u.side == s)) for s in sides}
        self._counting: dict[str, bool] = {}  # unit -> whether it counts for its side's occupy conditions

    def counts(self, state: GameState, uid: str) -> bool:
        """Whether the unit can fulfil its side's occupy conditions (F&M 11.5: non-airborne units only;
        the family's `is_airborne` where it has one, as the F&M heuristic reads it)."""
        got = self._counting.get(uid)
        if got is None:
            u = self.scenario.units.get(uid)
            if u is None:
                got = False
            else:
                flags = set(u.flags)
                airborne = getattr(state.game, "is_airborne", None)
                if callable(airborne) and airborne(uid):
                    flags.add("airborne")
                got = self.objectives.counts_for(u.side, flags)
            self._counting[uid] = got
        return got

    def score(self, state: GameState) -> dict[str, float]:
        """Each side's lead over the other (see the module)."""
        sides = list(self.units_per_side)
        score = dict.fromkeys(sides, 0.0)
        vp_fn: Any = getattr(state, "victory_points", None)
        if callable(vp_fn):  # the family's own score (Koenig exclusive 12.0): units, hexes and exits
            for side, v in vp_fn().items():
                if side in score:
                    score[side] += float(v) / VP_SCALE
        elif isinstance(state, SequenceState):
            pos = state.position
            for uid in pos.units():
                side = self.unit_side.get(uid)
                if side not in score:
                    continue
                if pos.status(uid) == UnitStatus.ELIMINATED:
                    lost = 1.0
                else:
                    lost = min(1.0, 0.35 * pos.steps_lost(uid))
                score[side] -= MATERIAL_WEIGHT * lost / self.units_per_side[side]
            if self.progress > 0:  # the mean distance of a side's counting units to the nearest objective
                far: dict[str, list[int]] = {}
                for uid in pos.units():
                    side = self.unit_side.get(uid)
                    h = pos.hex_of(uid)
                    if side in score and h is not None and pos.status(uid) != UnitStatus.ELIMINATED \
                            and self.counts(state, uid):
                        far.setdefault(side, []).append(self.objectives.distance(h))
                for side, ds in far.items():
                    score[side] -= self.progress * sum(ds) / len(ds)
            total_w = sum(self.objectives.weight.values()) or 1.0
            for h, w in self.objectives.weight.items():
                holders = {self.unit_side.get(u) for u in pos.units_at(h) if self.counts(state, u)}
                for side in holders:
                    if side in score:
                        score[side] += OBJECTIVE_WEIGHT * w / total_w
        lead: dict[str, float] = {}
        for side in sides:
            others = [score[o] for o in sides if o != side]
            lead[side] = score[side] - (sum(others) / len(others) if others else 0.0)
        return lead

    def leader(self, state: GameState, tie: float = 1e-9) -> str:
        """The side with the greatest lead, "" when no side leads by more than `tie`."""
        lead = self.score(state)
        if not lead:
            return ""
        side = max(lead, key=lambda s: lead[s])
        return side if lead[side] > tie else ""


__all__ = ["MATERIAL_WEIGHT", "OBJECTIVE_WEIGHT", "VP_SCALE", "Lead"]
