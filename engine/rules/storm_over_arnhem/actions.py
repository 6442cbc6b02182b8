"""Actions of the Storm over Arnhem family (The Crossing variant, 003_6afad32bba8815b2.txt) and their text
notation. Areas are named by their printed numbers ("17") or zone ids ("P1"):

    roll 4                      a die (the fire table; 3.41 the 9th SS Recon entry roll)
    place B-A1 17               a unit set up or brought on in an area of its zone (2.1-2.3)
    move B-A1 17                a unit moves to an area (M/F impulse; 3.44, 3.45 off the bridge)
    fire 23 22                  uncommitted units in area 23 fire at enemy units in area 22
    with B-A1                   one more unit joins the fire group (or the close combat) being formed
    resolve                     the group fires
    hold                        no (more) fire or designation here (3.42, 3.43: "which wish to do so")
    eliminate G-PSW1            a casualty point expended by eliminating a unit
    retreat G-SPW1 17           a casualty point expended by retreating a unit
    onward G-PSW1               a 9th SS Recon unit stays on the bridge for the 22/23 border (3.44)
    perimeter 12                a British perimeter control counter placed (3.5)
    use-ta / end-turn           the Tactical Advantage used to continue the turn, or not
    replace G-SPW1              a 9th SS Recon halftrack replaced by a recon infantry counter (1.3)
    done                        the end of a movement impulse, or of a list of choices
    pass                        the impulse passed

`parse_action` reads every one back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..kit.actions import ActionReader, OfUnit, UnitTo, Word
from ..protocol import Action, Roll


class SoAAction(Action):
    """A Storm over Arnhem decision (its `verb` is the first word of its notation). The `dest` of a unit's
    `UnitTo` action is an area."""


@dataclass(frozen=True)
class Place(UnitTo, SoAAction):
    """A unit set up (2.1) or brought on (2.2, 2.3) in an area of its zone."""

    verb: ClassVar[str] = "place"


@dataclass(frozen=True)
class Move(UnitTo, SoAAction):
    """A unit moves to an area in a movement impulse (or leaves the bridge, 3.44-3.46)."""

    verb: ClassVar[str] = "move"


@dataclass(frozen=True)
class Retreat(UnitTo, SoAAction):
    """One casualty point expended by retreating a unit to an area."""

    verb: ClassVar[str] = "retreat"


@dataclass(frozen=True)
class Fire(SoAAction):
    """Fire declared from the phasing side's uncommitted units in `origin` at enemy units in `target`."""

    verb: ClassVar[str] = "fire"
    origin: str
    target: str

    def text(self) -> str:
        return f"fire {self.origin} {self.target}"

    @classmethod
    def read(cls, words: list[str]) -> Action:
        origin, target = words
        return cls(origin, target)


@dataclass(frozen=True)
class With(OfUnit, SoAAction):
    """One more unit joins the group being formed (a fire group, a combined border fire group, a close
    combat designation)."""

    verb: ClassVar[str] = "with"


@dataclass(frozen=True)
class Eliminate(OfUnit, SoAAction):
    verb: ClassVar[str] = "eliminate"


@dataclass(frozen=True)
class Onward(OfUnit, SoAAction):
    """A 9th SS Recon unit continues on the bridge to the 22/23 border (3.44)."""

    verb: ClassVar[str] = "onward"


@dataclass(frozen=True)
class Replace(OfUnit, SoAAction):
    """A 9th SS Recon halftrack replaced by a 4-6-6 recon infantry counter (1.3)."""

    verb: ClassVar[str] = "replace"


@dataclass(frozen=True)
class Perimeter(SoAAction):
    """A British perimeter control counter placed on an area (3.5)."""

    verb: ClassVar[str] = "perimeter"
    area: str

    def text(self) -> str:
        return f"perimeter {self.area}"

    @classmethod
    def read(cls, words: list[str]) -> Action:
        (area,) = words
        return cls(area)


@dataclass(frozen=True)
class Resolve(Word, SoAAction):
    verb: ClassVar[str] = "resolve"


@dataclass(frozen=True)
class Hold(Word, SoAAction):
    verb: ClassVar[str] = "hold"


@dataclass(frozen=True)
class UseTA(Word, SoAAction):
    verb: ClassVar[str] = "use-ta"


@dataclass(frozen=True)
class EndTurn(Word, SoAAction):
    verb: ClassVar[str] = "end-turn"


@dataclass(frozen=True)
class Done(Word, SoAAction):
    verb: ClassVar[str] = "done"


@dataclass(frozen=True)
class Pass(Word, SoAAction):
    verb: ClassVar[str] = "pass"


parse_action = ActionReader("Storm over Arnhem", [
    Roll, Place, Move, Retreat, Fire, With, Eliminate, Onward, Replace, Perimeter, Resolve, Hold, UseTA, EndTurn,
    Done, Pass,
])
"""Read an action's text back; ValueError names what is wrong."""
