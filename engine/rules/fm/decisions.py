"""The decisions of an F&M game (000_e5c3deafb2cea4af.txt): what the state waits for, as typed data.

Each decision is answered by one step (a kit `Step`) in the module of its rulebook section, named in
the decision's docstring; `state.STEPS` is the table. Decisions live together here, below the rule
modules, because a step often asks the next decision of another section (a move stopped at a bridge
asks the German player whether to demolish it, 10.6.3; the demolition done, the mover goes on, 5.1).

`skip_when_only`: the "nothing to do" action the state takes without asking when it is the only legal
one (logged as a skipped decision).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..kit import Decision
from ..protocol import Action
from .actions import Pass

# -- set-up (12.0), setup.py -----------------------------------------------------------------------


@dataclass(frozen=True)
class SetupChoice(Decision):
    """12.0: record the set-up hex of the first of `remaining` secretly (setup.SetupStep)."""

    remaining: tuple[str, ...]


@dataclass(frozen=True)
class DropZoneShift(Decision):
    """12.0: move drop zone `marker` off a German unit (setup.DropZoneShiftStep)."""

    marker: str


# -- support fire markers (7.1, 10.7), support.py --------------------------------------------------


@dataclass(frozen=True)
class DrawSplitChoice(Decision):
    """10.7: how many of the `n` markers to draw from each pool (support.DrawSplitStep)."""

    n: int


@dataclass(frozen=True)
class MarkerDraw(Decision):
    """7.1, 10.7: chance: one marker of `side` drawn from `pool` (support.MarkerDrawStep)."""

    side: str
    pool: str


@dataclass(frozen=True)
class AirpowerRoll(Decision):
    """10.7: chance: the roll on the Airpower SFMs Available Table (support.AirpowerRollStep)."""

    side: str


@dataclass(frozen=True)
class AirpowerDraw(Decision):
    """10.7: chance: one airpower marker of `side` drawn from those left (support.AirpowerDrawStep)."""

    side: str
    counts: tuple[tuple[str, int], ...]  # marker token -> how many are left


# -- movement (5.x, 11.1), movement.py --------------------------------------------------------------


@dataclass(frozen=True)
class MoveChoice(Decision):
    """5.1, 11.1: move a unit, bring on a reinforcement, or pass (movement.MoveStep); `mobile`: the
    Mobile Movement Phase (5.5)."""

    mobile: bool = False
    skip_when_only: ClassVar[Action | None] = Pass()


@dataclass(frozen=True)
class GoOn(Decision):
    """10.6.3: `unit`, stopped by a demolition attempt, goes on or halts (movement.GoOnStep)."""

    unit: str
    mobile: bool = False


# -- engineers and bridges (10.6.3-10.6.5), engineers.py ---------------------------------------------


@dataclass(frozen=True)
class DemolitionChoice(Decision):
    """10.6.3: the German player may attempt to demolish one of `bridges` that `unit` (of `mover`)
    entered (engineers.DemolitionStep)."""

    bridges: tuple[str, ...]
    unit: str
    mover: str
    mobile: bool = False
    skip_when_only: ClassVar[Action | None] = Pass()


@dataclass(frozen=True)
class DemolitionRoll(Decision):
    """10.6.3: chance: the demolition roll for `bridge` (engineers.DemolitionRollStep)."""

    bridge: str
    bridges: tuple[str, ...]  # the bridges still to be tried
    unit: str
    mover: str
    mobile: bool = False


@dataclass(frozen=True)
class EngineerChoice(Decision):
    """10.6.4, 10.6.5: repair a bridge, operate a ferry, or pass (engineers.EngineerStep)."""

    skip_when_only: ClassVar[Action | None] = Pass()


@dataclass(frozen=True)
class RepairRoll(Decision):
    """10.6.4: chance: the repair roll for `bridge` (engineers.RepairRollStep)."""

    bridge: str


# -- airborne landings (11.4), landings.py ---------------------------------------------------------


@dataclass(frozen=True)
class LandingChoice(Decision):
    """11.4: the landing hex of `unit` (landings.LandingStep)."""

    unit: str


@dataclass(frozen=True)
class LandingRoll(Decision):
    """11.4: chance: the roll on the Airborne Drop Table for `unit`, with `drm` (landings.LandingRollStep)."""

    unit: str
    drm: int


# -- bombardment and combat (8.1, 8.2), combat.py ----------------------------------------------------


@dataclass(frozen=True)
class BombardChoice(Decision):
    """8.1: declare a bombardment or pass (combat.BombardStep); asked by combat.BombardAsk, never skipped for
    having only "pass" (which markers reach a target is the side's secret, 7.2)."""


@dataclass(frozen=True)
class AttackChoice(Decision):
    """8.2: declare an attack or pass (combat.AttackStep)."""

    skip_when_only: ClassVar[Action | None] = Pass()


@dataclass(frozen=True)
class MarkerCommit(Decision):
    """8.2.1 b: commit one support fire marker face down, or none, at `step` 1-4 (combat.MarkerCommitStep)."""

    step: int  # never skipped for having only "sfm none": which markers may support is the side's secret (7.2)


@dataclass(frozen=True)
class CombatRoll(Decision):
    """8.1.2, 8.2.1: chance: the die roll of the combat in progress (combat.CombatRollStep)."""


@dataclass(frozen=True)
class StepLossChoice(Decision):
    """8.2.4: which of `units` takes the step loss (combat.StepLossStep)."""

    units: tuple[str, ...]


# -- retreat, displacement, advance (8.3-8.5), retreat.py ----------------------------------------------


@dataclass(frozen=True)
class RetreatChoice(Decision):
    """8.3, 8.4: the retreat path of `unit` (`n` hexes), or stiff resistance (retreat.RetreatStep)."""

    unit: str
    n: int
    defender: bool
    bombard: bool


@dataclass(frozen=True)
class DisplaceChoice(Decision):
    """8.3.1: where `unit` is displaced so that `retreating` can end its retreat in `final`
    (retreat.DisplaceStep); `chain`: the displacements chosen so far (unit, from, to)."""

    unit: str
    chain: tuple[tuple[str, str, str], ...]
    retreating: str
    final: str
    short: bool


@dataclass(frozen=True)
class AdvanceChoice(Decision):
    """8.5: advance one of `units` along the path of retreat, or pass (retreat.AdvanceStep)."""

    units: tuple[str, ...]
    skip_when_only: ClassVar[Action | None] = Pass()
