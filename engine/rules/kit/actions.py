"""Reading a typed action back from its text: the readers a family's `parse_action` table maps each verb
to (`"move": two(Move)` reads `move 82-7 2521`). A wrong number of words raises ValueError, which the
protocol's `apply_checked` reports as a refusal."""

from __future__ import annotations

from collections.abc import Callable

from ..protocol import Action

Reader = Callable[[list[str]], Action]


def one(kind: Callable[[str], Action]) -> Reader:
    """An action of one word after its verb."""
    def read(args: list[str]) -> Action:
        (x,) = args
        return kind(x)
    return read


def two(kind: Callable[[str, str], Action]) -> Reader:
    """An action of two words after its verb."""
    def read(args: list[str]) -> Action:
        a, b = args
        return kind(a, b)
    return read


def none(kind: Callable[[], Action]) -> Reader:
    """An action that is its verb alone."""
    def read(args: list[str]) -> Action:
        if args:
            raise ValueError("takes no arguments")
        return kind()
    return read
