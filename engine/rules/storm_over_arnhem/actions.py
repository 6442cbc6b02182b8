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

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from ..kit.actions import none, one, two
from ..protocol import Action, Roll


class SoAAction(Action):
    """A Storm over Arnhem decision; `verb` is the first word of its notation."""

    verb: ClassVar[str] = ""


@dataclass(frozen=True)
class _OfUnit(SoAAction):
    unit: str

    def text(self) -> str:
        return f"{self.verb} {self.unit}"


@dataclass(frozen=True)
class _UnitTo(SoAAction):
    unit: str
    area: str

    def text(self) -> str:
        return f"{self.verb} {self.unit} {self.area}"


@dataclass(frozen=True)
class Place(_UnitTo):
    """A unit set up (2.1) or brought on (2.2, 2.3) in an area of its zone."""

    verb: ClassVar[str] = "place"


@dataclass(frozen=True)
class Move(_UnitTo):
    """A unit moves to an area in a movement impulse (or leaves the bridge, 3.44-3.46)."""

    verb: ClassVar[str] = "move"


@dataclass(frozen=True)
class Retreat(_UnitTo):
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


@dataclass(frozen=True)
class With(_OfUnit):
    """One more unit joins the group being formed (a fire group, a combined border fire group, a close
    combat designation)."""

    verb: ClassVar[str] = "with"


@dataclass(frozen=True)
class Eliminate(_OfUnit):
    verb: ClassVar[str] = "eliminate"


@dataclass(frozen=True)
class Onward(_OfUnit):
    """A 9th SS Recon unit continues on the bridge to the 22/23 border (3.44)."""

    verb: ClassVar[str] = "onward"


@dataclass(frozen=True)
class Replace(_OfUnit):
    """A 9th SS Recon halftrack replaced by a 4-6-6 recon infantry counter (1.3)."""

    verb: ClassVar[str] = "replace"


@dataclass(frozen=True)
class Perimeter(SoAAction):
    """A British perimeter control counter placed on an area (3.5)."""

    verb: ClassVar[str] = "perimeter"
    area: str

    def text(self) -> str:
        return f"perimeter {self.area}"


@dataclass(frozen=True)
class _Word(SoAAction):
    def text(self) -> str:
        return self.verb


@dataclass(frozen=True)
class Resolve(_Word):
    verb: ClassVar[str] = "resolve"


@dataclass(frozen=True)
class Hold(_Word):
    verb: ClassVar[str] = "hold"


@dataclass(frozen=True)
class UseTA(_Word):
    verb: ClassVar[str] = "use-ta"


@dataclass(frozen=True)
class EndTurn(_Word):
    verb: ClassVar[str] = "end-turn"


@dataclass(frozen=True)
class Done(_Word):
    verb: ClassVar[str] = "done"


@dataclass(frozen=True)
class Pass(_Word):
    verb: ClassVar[str] = "pass"


_READERS: dict[str, Callable[[list[str]], Action]] = {
    "roll": one(lambda x: Roll(int(x))), "place": two(Place), "move": two(Move), "retreat": two(Retreat),
    "fire": two(Fire), "with": one(With), "eliminate": one(Eliminate), "onward": one(Onward),
    "replace": one(Replace), "perimeter": one(Perimeter), "resolve": none(Resolve), "hold": none(Hold),
    "use-ta": none(UseTA), "end-turn": none(EndTurn), "done": none(Done), "pass": none(Pass),
}
VERBS = tuple(_READERS)


def parse_action(text: str) -> Action:
    """Read an action's text back; ValueError names what is wrong."""
    parts = text.split()
    if not parts:
        raise ValueError("an empty action")
    read = _READERS.get(parts[0])
    if read is None:
        raise ValueError(f"unknown action {parts[0]!r}; Storm over Arnhem actions are: {', '.join(VERBS)}")
    try:
        return read(parts[1:])
    except ValueError as exc:
        raise ValueError(f"cannot read {text!r}: {exc}") from None


def verb_of(action: Action) -> str:
    if isinstance(action, SoAAction):
        return action.verb
    return action.text().split(" ", 1)[0]
