"""The decisions a game of The Crossing waits for (003_6afad32bba8815b2.txt), one typed dataclass each; the
step answering each is in the module of its section (setup.py, impulse.py, fire.py, recon.py,
closecombat.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..kit import Decision
from ..protocol import Action
from .actions import Done, Hold


@dataclass(frozen=True)
class PlaceUnit(Decision):
    """2.1-2.3: set up or bring on `unit` in an area of `zones`."""

    unit: str = ""
    zones: tuple[str, ...] = ()
    limit: int = 0  # units of the group per zone (2.2: eleven), 0 for no limit
    section: str = "2.1"  # the rule that brings the unit on: 2.1, 2.2 or 2.3


@dataclass(frozen=True)
class PlacePerimeter(Decision):
    """3.5: the German player places the next British perimeter control counter."""

    left: int = 0


@dataclass(frozen=True)
class Impulse(Decision):
    """A Movement/Fire impulse: move units out of one area, fire with a group, or pass."""


@dataclass(frozen=True)
class MoreMoves(Decision):
    """The movement impulse goes on: another uncommitted unit of `origin` moves, or the impulse ends."""

    origin: str = ""
    skip_when_only: ClassVar[Action | None] = Done()


@dataclass(frozen=True)
class FireGroup(Decision):
    """The fire group declared from `origin` at `target`: another unit joins, or it fires."""

    origin: str = ""
    target: str = ""


@dataclass(frozen=True)
class FireRoll(Decision):
    """The die of the first attack waiting (the Fire Table)."""


@dataclass(frozen=True)
class Casualties(Decision):
    """The owner expends the casualty points of `pool` on `units` (by elimination, or retreat where
    allowed)."""

    pool: str = ""
    points: int = 0


@dataclass(frozen=True)
class ContinueTurn(Decision):
    """Both sides have passed in a row: the holder of the Tactical Advantage may use it to continue."""


@dataclass(frozen=True)
class EntryRoll(Decision):
    """3.41: the die before a German impulse of turn B (1 or 2: the 9th SS Recon enters now)."""


@dataclass(frozen=True)
class BorderFire(Decision):
    """3.42, 3.43: British units of the areas beside the bridge border form a combined group (or AT units a
    separate one) to fire at the 9th SS Recon on the border."""

    areas: tuple[str, str] = ("", "")
    at: bool = False  # the separate AT attack (3.43)
    skip_when_only: ClassVar[Action | None] = Hold()


@dataclass(frozen=True)
class LeaveBridge(Decision):
    """3.44, 3.45: where the next 9th SS Recon unit on the border goes."""

    unit: str = ""
    border: int = 1


@dataclass(frozen=True)
class Designate(Decision):
    """Close Combat (1.1): `player` designates units in `area` to attack `target` ("pillbox" or "units")."""

    area: str = ""
    target: str = ""
    skip_when_only: ClassVar[Action | None] = Hold()


@dataclass(frozen=True)
class Substitute(Decision):
    """1.3: at the end of a turn, a 9th SS Recon halftrack may be replaced by a recon infantry counter."""

    skip_when_only: ClassVar[Action | None] = Done()
