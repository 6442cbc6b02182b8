"""The decisions a Target Arnhem game waits for (001_69d92a61f68ed4f9.txt), one typed dataclass each; the
step answering each is in the module of its rulebook section (adjustment.py, impulse.py, combat.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..kit import Decision
from ..protocol import Action
from .actions import Done, Pass, Stay


@dataclass(frozen=True)
class SupplyRoll(Decision):
    """Adjustment 2: the die for the Wehrmacht supply points (half of 1d6, fractions rounded up)."""


@dataclass(frozen=True)
class Reinforce(Decision):
    """Adjustment 4: place ground reinforcements (each may be delayed)."""

    skip_when_only: ClassVar[Action | None] = Done()


@dataclass(frozen=True)
class Act(Decision):
    """A side's impulse: the next unit's Move, Attack or Re-Supply, a paradrop, or the end of the impulse."""

    impulse: int = 1
    skip_when_only: ClassVar[Action | None] = Pass()


@dataclass(frozen=True)
class AttackWith(Decision):
    """The declared attack on `target`: another attacking unit, or resolve it (Combat)."""

    target: str = ""


@dataclass(frozen=True)
class TakeDamage(Decision):
    """The owner assigns the next point of damage among `units` (Damage); `points` are left to assign."""

    units: tuple[str, ...] = ()
    points: int = 0


@dataclass(frozen=True)
class AdvanceChoice(Decision):
    """The attacker may move attacking units into the emptied hex `target` (Advance)."""

    target: str = ""
    skip_when_only: ClassVar[Action | None] = Stay()


@dataclass(frozen=True)
class Excess(Decision):
    """The owner eliminates a unit of the hex `hex` over the three-unit limit at the end of an impulse."""

    hex: str = ""


_ACTS: dict[tuple[str, int], Act] = {}


def act(side: str, impulse: int) -> Act:
    """The decision of `side`'s impulse `impulse`: one frozen object for each, asked again after every act."""
    got = _ACTS.get((side, impulse))
    if got is None:
        got = _ACTS[(side, impulse)] = Act(side, impulse)
    return got
