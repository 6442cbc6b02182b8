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
    cancel                      take the declared attack back before it is resolved
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
from typing import ClassVar, TypeVar, cast

from ..kit.actions import ActionReader, OfUnit, UnitTo, Word
from ..protocol import Action, Roll

BOMB = "+bomb"


class TAAction(Action):
    """A Target Arnhem decision (its `verb` is the first word of its notation). The `dest` of a unit's
    `UnitTo` action is a printed hex label or an off-board area's name."""


@dataclass(frozen=True)
class Enter(UnitTo, TAAction):
    """A reinforcement placed at its entry (Adjustment 4) or dropped by air (Reinforcements)."""

    verb: ClassVar[str] = "enter"


@dataclass(frozen=True)
class Move(UnitTo, TAAction):
    """A unit's Move to a hex or an off-board area (Movement)."""

    verb: ClassVar[str] = "move"


@dataclass(frozen=True)
class Attack(TAAction):
    """An attack declared on an enemy hex (Attack); the attacking units join it one by one (`With`)."""

    verb: ClassVar[str] = "attack"
    target: str

    def text(self) -> str:
        return f"attack {self.target}"

    @classmethod
    def read(cls, words: list[str]) -> Action:
        (target,) = words
        return cls(target)


@dataclass(frozen=True)
class With(OfUnit, TAAction):
    """One more unit joins the declared attack (Combat: the attacker need not attack with all units)."""

    verb: ClassVar[str] = "with"


@dataclass(frozen=True)
class Fire(TAAction):
    """The declared attack resolved, with Concentrated Bombardment when `bomb` (Combat)."""

    verb: ClassVar[str] = "fire"
    bomb: bool = False

    def text(self) -> str:
        return "fire" + (f" {BOMB}" if self.bomb else "")

    @classmethod
    def read(cls, words: list[str]) -> Action:
        if not words:
            return cls(False)
        if words == [BOMB]:
            return cls(True)
        raise ValueError(f"fire takes nothing or {BOMB}")


@dataclass(frozen=True)
class Resupply(OfUnit, TAAction):
    """Re-Supply: repair one damage point for one supply point."""

    verb: ClassVar[str] = "resupply"


@dataclass(frozen=True)
class Damage(OfUnit, TAAction):
    """One point of damage assigned by its owner (Damage)."""

    verb: ClassVar[str] = "damage"


@dataclass(frozen=True)
class Advance(OfUnit, TAAction):
    """An attacking unit moves into the emptied hex (Advance)."""

    verb: ClassVar[str] = "advance"


@dataclass(frozen=True)
class Eliminate(OfUnit, TAAction):
    """A unit over the limit of three per hex at the end of an impulse, chosen by its owner (Movement)."""

    verb: ClassVar[str] = "eliminate"


@dataclass(frozen=True)
class Stay(Word, TAAction):
    """No (more) advance after combat (Advance)."""

    verb: ClassVar[str] = "stay"


@dataclass(frozen=True)
class Done(Word, TAAction):
    """No more reinforcements now: the rest are delayed (Reinforcements)."""

    verb: ClassVar[str] = "done"


@dataclass(frozen=True)
class Cancel(Word, TAAction):
    """The declared attack taken back before it is resolved: no unit has acted (Attack, Combat)."""

    verb: ClassVar[str] = "cancel"


@dataclass(frozen=True)
class Pass(Word, TAAction):
    """The end of the side's impulse (Sequence of Play)."""

    verb: ClassVar[str] = "pass"


A = TypeVar("A", bound=TAAction)
_KEPT: dict[tuple[Callable[[str], TAAction], str], TAAction] = {}
KEPT_LIMIT = 100_000  # the actions `one` keeps (a unit's or a hex's for each kind: a few thousand a scenario)


def one(kind: Callable[[str], A], arg: str) -> A:
    """The action `kind(arg)` of a unit or a hex (With, Resupply, Damage, Advance, Eliminate, Attack): one frozen
    object for each, made once; the listings of a search's decisions give it again instead of a new one."""
    key = (kind, arg)
    got = _KEPT.get(key)
    if got is None:
        if len(_KEPT) >= KEPT_LIMIT:
            _KEPT.clear()
        got = _KEPT[key] = kind(arg)
    return cast(A, got)


FIRE, BOMBARD = Fire(False), Fire(True)  # the declared attack resolved, without and with bombardment
CANCEL, STAY = Cancel(), Stay()

parse_action = ActionReader("Target Arnhem", [
    Roll, Enter, Move, Attack, With, Fire, Cancel, Resupply, Damage, Advance, Eliminate, Stay, Done, Pass,
])
"""Read an action's text back; ValueError names what is wrong."""
