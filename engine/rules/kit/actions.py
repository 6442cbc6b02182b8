"""Actions and their text notation, the same way for every family.

An action class names its `verb` (the first word of its notation), writes its text (`text()`) and reads
the words after the verb back (`read`), like python-chess's Move.uci() and Move.from_uci(). A family
lists its action classes once in an `ActionReader`, which is its `parse_action`: the verb finds the
class, the class reads the rest. A wrong verb or wrong words raise ValueError naming what is wrong,
which the protocol's `apply_checked` reports as a refusal.

The common shapes are here too: `OfUnit` (`hit B-2Para`: the verb and one unit), `UnitTo` (`move
A-GdsGren 0503`: a unit and where it goes) and `Word` (`pass`: the verb alone).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..protocol import Action


@dataclass(frozen=True)
class OfUnit(Action):
    """An action of one unit: its verb and the unit's id (`hit B-2Para`)."""

    unit: str

    def text(self) -> str:
        return f"{self.verb} {self.unit}"

    @classmethod
    def read(cls, words: list[str]) -> Action:
        (unit,) = words
        return cls(unit)


@dataclass(frozen=True)
class UnitTo(Action):
    """A unit going somewhere: its verb, the unit's id and the place (a printed hex label or an area's
    name: `move A-GdsGren 0503`)."""

    unit: str
    dest: str

    def text(self) -> str:
        return f"{self.verb} {self.unit} {self.dest}"

    @classmethod
    def read(cls, words: list[str]) -> Action:
        unit, dest = words
        return cls(unit, dest)


@dataclass(frozen=True)
class Word(Action):
    """An action that is its verb alone (`pass`, `done`)."""

    def text(self) -> str:
        return self.verb

    @classmethod
    def read(cls, words: list[str]) -> Action:
        if words:
            raise ValueError("takes no arguments")
        return cls()


def flag(words: list[str], mark: str) -> bool:
    """Whether the words end with the optional `mark` ("+lead"), which is taken off them."""
    if words and words[-1] == mark:
        words.pop()
        return True
    return False


def verb_of(action: Action) -> str:
    """The first word of an action's notation (the kind of decision)."""
    return action.verb or action.text().split(" ", 1)[0]


class ActionReader:
    """A family's action notation: verb -> action class. Calling it reads an action's text back."""

    def __init__(self, family: str, kinds: Iterable[type[Action]]) -> None:
        self.family = family  # as a player reads it ("Koenig"), in the message for an unknown verb
        self.kinds: dict[str, type[Action]] = {}
        for kind in kinds:
            if not kind.verb:
                raise ValueError(f"{kind.__name__} has no verb")
            if kind.verb in self.kinds:
                raise ValueError(f"two actions are written {kind.verb!r}: {self.kinds[kind.verb].__name__} and "
                                 f"{kind.__name__}")
            self.kinds[kind.verb] = kind

    @property
    def verbs(self) -> tuple[str, ...]:
        return tuple(self.kinds)

    def __call__(self, text: str) -> Action:
        """Read an action's text back (words separated by any white space; the verb in any case);
        ValueError names what is wrong."""
        words = text.split()
        if not words:
            raise ValueError("an empty action")
        verb = words[0]
        kind = self.kinds.get(verb) or self.kinds.get(verb.lower())
        if kind is None:
            raise ValueError(f"unknown action {verb!r}; {self.family} actions are: {', '.join(self.kinds)}")
        try:
            return kind.read(words[1:])
        except ValueError as exc:
            raise ValueError(f"cannot read {text!r}: {exc}") from None
