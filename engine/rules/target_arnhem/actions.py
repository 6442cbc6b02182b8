"""Actions of the Target Arnhem family (001_69d92a61f68ed4f9.txt) and their text notation.

Every player decision is a frozen dataclass of its own kind with typed fields (unit ids, printed hex
labels or off-board area names); the one chance outcome is the protocol's `Roll` (the Wehrmacht supply
die of the Adjustment phase):

    roll 4                      the Wehrmacht supply die (Adjustment 2)
    enter G-9SS-1 E             a reinforcement placed (Adjustment 4) or dropped (Reinforcements)
    move A-GdsGren 0503         Move to a hex or an off-board area (Movement)
    attack 0604                 declare an attack on an enemy hex (Attack)
    with A-GdsGren              one more unit attacks the declared hex (Combat)
    fire / fire +bomb           resolve the attack, with Concentrated Bombardment (Combat)
    resupply A-502PIR           repair one damage point for one supply point (Re-Supply)
    damage G-FJ-1               one point of damage assigned by the owner (Damage)
    advance A-GdsGren / stay    into the emptied hex, or not (Advance)
    eliminate A-GdsGren         a unit over the three-unit limit at the end of an impulse (Movement)
    done                        no more reinforcements now: the rest are delayed (Reinforcements)
    pass                        the end of a side's impulse

`parse_action` reads every one back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from ..kit.actions import none, one, two
from ..protocol import Action, Roll

BOMB = "+bomb"


class TAAction(Action):
    """A Target Arnhem decision; `verb` is the first word of its notation."""

    verb: ClassVar[str] = ""


@dataclass(frozen=True)
class _OfUnit(TAAction):
    unit: str

    def text(self) -> str:
        return f"{self.verb} {self.unit}"


@dataclass(frozen=True)
class _UnitTo(TAAction):
    unit: str
    dest: str  # a printed hex label or an off-board area's name

    def text(self) -> str:
        return f"{self.verb} {self.unit} {self.dest}"


@dataclass(frozen=True)
class Enter(_UnitTo):
    """A reinforcement placed at its entry (Adjustment 4) or dropped by air (Reinforcements)."""

    verb: ClassVar[str] = "enter"


@dataclass(frozen=True)
class Move(_UnitTo):
    """A unit's Move to a hex or an off-board area (Movement)."""

    verb: ClassVar[str] = "move"


@dataclass(frozen=True)
class Attack(TAAction):
    """An attack declared on an enemy hex (Attack); the attacking units join it one by one (`With`)."""

    verb: ClassVar[str] = "attack"
    target: str

    def text(self) -> str:
        return f"attack {self.target}"


@dataclass(frozen=True)
class With(_OfUnit):
    """One more unit joins the declared attack (Combat: the attacker need not attack with all units)."""

    verb: ClassVar[str] = "with"


@dataclass(frozen=True)
class Fire(TAAction):
    """The declared attack resolved, with Concentrated Bombardment when `bomb` (Combat)."""

    verb: ClassVar[str] = "fire"
    bomb: bool = False

    def text(self) -> str:
        return "fire" + (f" {BOMB}" if self.bomb else "")


@dataclass(frozen=True)
class Resupply(_OfUnit):
    """Re-Supply: repair one damage point for one supply point."""

    verb: ClassVar[str] = "resupply"


@dataclass(frozen=True)
class Damage(_OfUnit):
    """One point of damage assigned by its owner (Damage)."""

    verb: ClassVar[str] = "damage"


@dataclass(frozen=True)
class Advance(_OfUnit):
    """An attacking unit moves into the emptied hex (Advance)."""

    verb: ClassVar[str] = "advance"


@dataclass(frozen=True)
class Eliminate(_OfUnit):
    """A unit over the limit of three per hex at the end of an impulse, chosen by its owner (Movement)."""

    verb: ClassVar[str] = "eliminate"


@dataclass(frozen=True)
class _Word(TAAction):
    def text(self) -> str:
        return self.verb


@dataclass(frozen=True)
class Stay(_Word):
    """No (more) advance after combat (Advance)."""

    verb: ClassVar[str] = "stay"


@dataclass(frozen=True)
class Done(_Word):
    """No more reinforcements now: the rest are delayed (Reinforcements)."""

    verb: ClassVar[str] = "done"


@dataclass(frozen=True)
class Pass(_Word):
    """The end of the side's impulse (Sequence of Play)."""

    verb: ClassVar[str] = "pass"


def _fire(args: list[str]) -> Action:
    if not args:
        return Fire(False)
    if args == [BOMB]:
        return Fire(True)
    raise ValueError(f"fire takes nothing or {BOMB}")


_READERS: dict[str, Callable[[list[str]], Action]] = {
    "roll": one(lambda x: Roll(int(x))), "enter": two(Enter), "move": two(Move), "attack": one(Attack),
    "with": one(With), "fire": _fire, "resupply": one(Resupply), "damage": one(Damage),
    "advance": one(Advance), "eliminate": one(Eliminate), "stay": none(Stay), "done": none(Done),
    "pass": none(Pass),
}
VERBS = tuple(_READERS)


def parse_action(text: str) -> Action:
    """Read an action's text back; ValueError names what is wrong."""
    parts = text.split()
    if not parts:
        raise ValueError("an empty action")
    read = _READERS.get(parts[0])
    if read is None:
        raise ValueError(f"unknown action {parts[0]!r}; Target Arnhem actions are: {', '.join(VERBS)}")
    try:
        return read(parts[1:])
    except ValueError as exc:
        raise ValueError(f"cannot read {text!r}: {exc}") from None


def verb_of(action: Action) -> str:
    """The first word of an action's notation (the kind of decision)."""
    if isinstance(action, TAAction):
        return action.verb
    return action.text().split(" ", 1)[0]
