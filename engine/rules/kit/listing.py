"""A decision's legal actions as a read-only sequence made of parts, each listed when it is read.

A Movement Phase of F&M lists hundreds of moves (every hex each unit can reach, F&M 5.1), and a random
or searching player takes one of them. `Listing` is the legal list of such a decision: its parts (the
entries of reinforcements, one `Lazy` part per unit, the pass) keep their order, so its length, its
indexing and its iteration are exactly those of the list it stands for, but a `Lazy` part makes an
action only when it is read (and then keeps it: the same index gives the very same object, which the
state's `is_legal` finds by identity). A `Listing` compares equal to a list of the same actions, and
a slice is a list.

`SequenceState.legal_actions()` returns a `Listing` as it is (it is read-only), a step's list as a copy.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from itertools import chain, repeat
from operator import is_
from typing import Any, overload

from ..protocol import Action


class _ReadOnly(Sequence[Action]):
    """A read-only sequence of actions: an index reads one (`_at`), a slice is a list."""

    __slots__ = ()

    @overload
    def __getitem__(self, i: int) -> Action: ...

    @overload
    def __getitem__(self, i: slice) -> list[Action]: ...

    def __getitem__(self, i: int | slice) -> Action | list[Action]:
        if isinstance(i, slice):
            return [self._at(j) for j in range(*i.indices(len(self)))]
        return self._at(i)

    def _at(self, i: int) -> Action:
        raise NotImplementedError


class Lazy(_ReadOnly):
    """Actions made from `keys` by `make(key)` when first read, kept in `made` (by key; shared by every
    `Lazy` over the same source: a later list of the same unit's moves gives the same objects), all of
    class `kind`, from the family's `source` (which a family's bot may read to weigh the actions without
    making them). `key_of(action)` says which key an action of this part would be made from (None when
    it cannot be one), for `in` without making every action."""

    __slots__ = ("keys", "make", "made", "key_of", "kind", "source", "_keyset", "_all")

    def __init__(self, keys: Sequence[Any], make: Callable[[Any], Action], made: dict[Any, Action],
                 key_of: Callable[[Action], Any], kind: type[Action], source: Any = None) -> None:
        self.kind = kind
        self.source = source  # what the family makes the actions from (F&M: the unit's reach and paths)
        self.keys = keys
        self.make = make
        self.made = made
        self.key_of = key_of
        self._keyset: frozenset[Any] | None = None
        self._all: list[Action] | None = None  # every action, once all were read (a bot scoring them all)

    def __len__(self) -> int:
        return len(self.keys)

    def _at(self, i: int) -> Action:
        return self._of(self.keys[i])

    def _of(self, k: Any) -> Action:
        a = self.made.get(k)
        if a is None:
            a = self.made[k] = self.make(k)
        return a

    def __iter__(self) -> Iterator[Action]:
        got = self._all
        if got is None:
            made, make = self.made, self.make
            got = []
            add = got.append
            for k in self.keys:
                a = made.get(k)
                if a is None:
                    a = made[k] = make(k)
                add(a)
            self._all = got
        return iter(got)

    def _has(self, k: Any) -> bool:
        if self._keyset is None:
            self._keyset = frozenset(self.keys)
        return k in self._keyset

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action):
            return False
        k = self.key_of(action)
        return k is not None and self._has(k) and self._of(k) == action

    def holds(self, action: Action) -> bool:
        """`action` is the very object this part gave."""
        k = self.key_of(action)
        return k is not None and self.made.get(k) is action and self._has(k)


class Listing(_ReadOnly):
    """A read-only legal list made of parts (lists, tuples or `Lazy` parts), in order."""

    __slots__ = ("parts", "ends", "_last")

    def __init__(self, parts: Sequence[Sequence[Action]]) -> None:
        self._last: Action | None = None  # the action read last by index (`holds` finds it first)
        kept: list[Sequence[Action]] = []
        ends: list[int] = []
        n = 0
        for p in parts:
            k = len(p.keys) if type(p) is Lazy else len(p)
            if k:
                kept.append(p)
                n += k
                ends.append(n)
        self.parts = kept
        self.ends = ends

    def __len__(self) -> int:
        return self.ends[-1] if self.ends else 0

    def _at(self, i: int) -> Action:
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("legal action index out of range")
        p = bisect_right(self.ends, i)
        a = self._last = self.parts[p][i - (self.ends[p - 1] if p else 0)]
        return a

    def __iter__(self) -> Iterator[Action]:
        return chain.from_iterable(self.parts)

    def __contains__(self, action: object) -> bool:
        return any(action in p for p in self.parts)

    def kinds(self) -> set[type]:
        """The classes of the listed actions (a `Lazy` part's without making its actions)."""
        out: set[type] = set()
        for p in self.parts:
            if isinstance(p, Lazy):
                out.add(p.kind)
            else:
                out.update(map(type, p))
        return out

    def of_kind(self, kind: type) -> list[Action]:
        """The listed actions that are `kind`s, in order (a `Lazy` part whole or not at all)."""
        out: list[Action] = []
        for p in self.parts:
            if isinstance(p, Lazy):
                if issubclass(p.kind, kind):
                    out.extend(p)
            else:
                out.extend(a for a in p if isinstance(a, kind))
        return out

    def holds(self, action: Action) -> bool:
        """`action` is the very object this listing gave (found without making every action)."""
        if action is self._last and action is not None:
            return True  # a player takes the action he read last
        for p in self.parts:
            if isinstance(p, Lazy):
                if p.holds(action):
                    return True
            elif any(map(is_, p, repeat(action))):
                return True
        return False

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True  # the very same listing (a state's legal actions asked twice): equal, whatever it holds
        if isinstance(other, (list, tuple, Listing)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __add__(self, other: Sequence[Action]) -> list[Action]:
        return [*self, *other]

    def __radd__(self, other: Sequence[Action]) -> list[Action]:
        return [*other, *self]

    def __repr__(self) -> str:
        return f"Listing({list(self)!r})"
