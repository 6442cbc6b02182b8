"""Actions of the Koenig family (002_fe1216aa5df94854.txt) and their text notation.

Every player decision is a frozen dataclass of its own kind, with typed fields (unit ids, printed hex
labels, points) and a text notation in the rulebook's terms; chance outcomes are the protocol's `Roll` and
a Command Cup draw (`CupDraw`, the protocol's `Draw`):

    roll 4                          a die (landing 5.0, support 6.x, fire 9.0, leadership 14.1)
    draw HQ-19/9                    a Command Cup draw (7.0)
    move B-2Para 1005               Movement Operation (7.0, 8.0); into an enemy hex: Close Combat (10.0)
    cmove B-2Para 0904              the move of a Combined Operation at half MA (8.4)
    move G-Recon9 off               exit off the bottom edge (exclusive 12.0)
    move B-1Para 1207 +march        a Force March (14.1)
    fire B-1Para,B-2Para 1004       Full Fire in concert (7.1.1, 9.0)
    mfire B-3Para 0905              Mobile Fire of a Combined Operation (8.4)
    support 2 / support 1 +lead     support points committed to a battle (9.0; 14.1 Corps Artillery)
    hit B-2Para                     the Active Player's choice of the unit taking a Hit (9.2.2)
    retreat B-2Para 0904 / retreat B-2Para off / stay B-2Para / capture B-2Para   (9.2.3, 10.0, 11.x)
    end B-2Para / done              finish one unit's Operation / the formation's activation (7.1, 7.2)
    redeploy G-16 0702              German Redeployment on a night turn (4.0)
    interdict 0904 [+lead]          Interdiction (14.2)
    lead-activate HQ-1PB, lead-reroll, accept, lead-hold U, attach U, recover U 0904, pass   (14.1)

`parse_action` reads every one back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..kit.actions import ActionReader, OfUnit, UnitTo, Word, flag
from ..protocol import Action, Draw, Roll

OFF = "off"  # the destination of a move or retreat off the map (exclusive 12.0, 11.1)
LEAD = "+lead"  # the Leadership marker used with a support commitment or an Interdiction (14.1, 14.2)
MARCH = "+march"  # a Force March (14.1)


class KoenigAction(Action):
    """A Koenig decision (its `verb` is the first word of its notation)."""


@dataclass(frozen=True)
class CupDraw(Draw):
    """An HQ drawn from the Command Cup (7.0): `draw HQ-1PB`."""

    verb: ClassVar[str] = "draw"

    @property
    def hq(self) -> str:
        return self.item

    @property
    def value(self) -> str:
        """The HQ drawn (ScriptedSampler matches a scripted value on it)."""
        return self.item


@dataclass(frozen=True)
class UnitMove(KoenigAction):
    """A unit's move to `dest` (the kinds below)."""

    unit: str
    dest: str  # a printed hex label, or OFF
    march: bool = False

    def text(self) -> str:
        return f"{self.verb} {self.unit} {self.dest}" + (f" {MARCH}" if self.march else "")

    @property
    def exits(self) -> bool:
        return self.dest == OFF

    @classmethod
    def read(cls, words: list[str]) -> Action:
        march = flag(words, MARCH)
        unit, dest = words
        return cls(unit, dest, march)


@dataclass(frozen=True)
class Move(UnitMove):
    """A Movement Operation (8.0) to `dest`; into an enemy hex it is Close Combat (10.0)."""

    verb: ClassVar[str] = "move"


@dataclass(frozen=True)
class CombinedMove(UnitMove):
    """The move of a Combined Operation at half MA (8.4)."""

    verb: ClassVar[str] = "cmove"


@dataclass(frozen=True)
class Redeploy(UnitMove):
    """German Redeployment on a night turn, up to half MA (4.0)."""

    verb: ClassVar[str] = "redeploy"

    @classmethod
    def read(cls, words: list[str]) -> Action:
        unit, dest = words  # no Force March on a night turn
        return cls(unit, dest)


MoveKind = type[Move] | type[CombinedMove] | type[Redeploy]


@dataclass(frozen=True)
class FireAttack(KoenigAction):
    """Units firing in concert at `target` (the kinds below)."""

    units: tuple[str, ...]
    target: str

    def text(self) -> str:
        return f"{self.verb} {','.join(self.units)} {self.target}"

    @classmethod
    def read(cls, words: list[str]) -> Action:
        units, target = words
        return cls(tuple(units.split(",")), target)


@dataclass(frozen=True)
class Fire(FireAttack):
    """A Full Fire Attack, in concert (7.1.1, 9.0)."""

    verb: ClassVar[str] = "fire"


@dataclass(frozen=True)
class MobileFire(FireAttack):
    """The Mobile Fire of a Combined Operation at half strength (8.4)."""

    verb: ClassVar[str] = "mfire"


@dataclass(frozen=True)
class Support(KoenigAction):
    """Support points committed to a battle (9.0), with the Leadership marker as Corps Artillery (14.1)."""

    verb: ClassVar[str] = "support"
    points: int
    lead: bool = False

    def text(self) -> str:
        return f"support {self.points}" + (f" {LEAD}" if self.lead else "")

    @classmethod
    def read(cls, words: list[str]) -> Action:
        lead = flag(words, LEAD)
        (points,) = words
        return cls(int(points), lead)


@dataclass(frozen=True)
class Hit(OfUnit, KoenigAction):
    """The unit taking a Hit, chosen by the Active Player (9.2.2)."""

    verb: ClassVar[str] = "hit"


@dataclass(frozen=True)
class Retreat(UnitTo, KoenigAction):
    """A Retreat to an adjacent hex or off the map (9.2.3, 11.0, 11.1)."""

    verb: ClassVar[str] = "retreat"


@dataclass(frozen=True)
class Stay(OfUnit, KoenigAction):
    """No retreat where it is optional (9.2.3; 10.0 after both Close Fires missed)."""

    verb: ClassVar[str] = "stay"


@dataclass(frozen=True)
class Capture(OfUnit, KoenigAction):
    """A second Hit in lieu of retreating (11.2)."""

    verb: ClassVar[str] = "capture"


@dataclass(frozen=True)
class End(OfUnit, KoenigAction):
    """The end of one unit's Operation in progress (7.1, 8.4.1)."""

    verb: ClassVar[str] = "end"


@dataclass(frozen=True)
class LeadHold(OfUnit, KoenigAction):
    """A Close Combat retreat ignored with the Leadership marker (14.1)."""

    verb: ClassVar[str] = "lead-hold"


@dataclass(frozen=True)
class Attach(OfUnit, KoenigAction):
    """Temporary Attachment to the active formation (14.1)."""

    verb: ClassVar[str] = "attach"


@dataclass(frozen=True)
class Recover(UnitTo, KoenigAction):
    """Unit Recovery: an eliminated unit returns with 2 Hits in hex `dest` (14.1)."""

    verb: ClassVar[str] = "recover"


@dataclass(frozen=True)
class Interdict(KoenigAction):
    """An Interdiction marker for an Allied Support point or the Leadership marker (14.2)."""

    verb: ClassVar[str] = "interdict"
    hex: str
    lead: bool = False

    def text(self) -> str:
        return f"interdict {self.hex}" + (f" {LEAD}" if self.lead else "")

    @classmethod
    def read(cls, words: list[str]) -> Action:
        lead = flag(words, LEAD)
        (h,) = words
        return cls(h, lead)


@dataclass(frozen=True)
class LeadActivate(KoenigAction):
    """Automatic Activation of an HQ still in the cup with the Leadership marker (14.1)."""

    verb: ClassVar[str] = "lead-activate"
    hq: str

    def text(self) -> str:
        return f"lead-activate {self.hq}"

    @classmethod
    def read(cls, words: list[str]) -> Action:
        (hq,) = words
        return cls(hq)


@dataclass(frozen=True)
class Done(Word, KoenigAction):
    """The end of a step: the formation's activation (7.2), the Interdiction (14.2), the Redeployment (4.0)."""

    verb: ClassVar[str] = "done"


DONE = Done()  # actions are immutable: one for every list that offers it


@dataclass(frozen=True)
class Pass(Word, KoenigAction):
    """No Automatic Activation: draw from the cup (14.1)."""

    verb: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Accept(Word, KoenigAction):
    """The roll stands (14.1 Battlefield Leadership not used)."""

    verb: ClassVar[str] = "accept"


@dataclass(frozen=True)
class LeadReroll(Word, KoenigAction):
    """A re-roll with the Leadership marker (14.1)."""

    verb: ClassVar[str] = "lead-reroll"


parse_action = ActionReader("Koenig", [
    Roll, CupDraw, Move, CombinedMove, Redeploy, Fire, MobileFire, Support, Hit, Retreat, Stay, Capture, End, Done,
    Interdict, LeadActivate, LeadReroll, Accept, LeadHold, Attach, Recover, Pass,
])
"""Read an action's text back; ValueError names what is wrong."""


def act(verb: str, *args: str) -> Action:
    """The action of `verb` with its arguments as written (`act("hit", "B-2Para")`)."""
    return parse_action(" ".join((verb, *args)))


def roll(face: int) -> Roll:
    return Roll(face)
