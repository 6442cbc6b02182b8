"""The hooks a rules family adds to the movement kernel's costs for one move (kernel.py: `reachable`):
`MovementHooks`, the `FrozenHook` dict that cannot change and the `KeptHooks` a family keeps and passes
again and again, whose compiled form the kernel keeps by identity."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any

from ..hexgrid import Hex


class FrozenHook(dict[Any, Any]):
    """A hook's dict that cannot change once made (an `edge_override` a rules family keeps for a whole
    phase or game): the compiled search keeps its conversion by identity, without reading it item by
    item on every call."""

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a FrozenHook cannot change; make a new one")

    __setitem__ = __delitem__ = __ior__ = update = pop = popitem = clear = setdefault = _refuse

    def __reduce__(self) -> tuple[Any, ...]:  # copies and pickles as a new FrozenHook of the same items
        return (FrozenHook, (dict(self),))


@dataclass
class MovementHooks:
    """What a rules family adds to terrain costs for one move.

    * `blocked`: hexes the unit may not enter (enemy units, F&M 5.2 d).
    * `stop`: hexes the unit must stop on entering (a leg unit entering an EZOC, F&M 6.1).
    * `enter_extra`: extra MP to enter a hex (a mobile unit pays half its MA to enter an EZOC, 6.1).
    * `first_step`: a function (from_hex, to_hex, normal_cost) -> cost or None that may change the
      cost of the first step out of the start hex (a leg unit moving EZOC to EZOC spends its whole
      printed MA, 6.1).
    * `edge_override`: the cost of moving from one hex into an adjacent one, replacing the map's
      (None: may not cross). It changes hexsides for one game without editing the map: a demolished
      bridge (F&M 10.6.3), an engineer ferry (10.6.5), a canal-trail crossing (10.6.1).

    The compiled search keeps what it makes of a hook for the next calls, keyed by the hook's value
    (a large enter_extra or edge_override dict by its identity, checked item by item), so rules that
    pass the same collections move after move (a side's enemy hexes and zones of control) pay for
    the conversion once. Frozensets hash fastest: their hash is computed once.
    """

    blocked: AbstractSet[Hex] = field(default_factory=set)
    stop: AbstractSet[Hex] = field(default_factory=set)
    enter_extra: dict[Hex, float] = field(default_factory=dict)
    first_step: Callable[[Hex, Hex, float], float | None] | None = None
    edge_override: dict[tuple[Hex, Hex], float | None] = field(default_factory=dict)


class KeptHooks(MovementHooks):
    """Hooks a rules family keeps and passes again and again (one unit's move after another's under the
    same enemy hexes and zones of control): they cannot change once made (their sets are frozensets, their
    dicts `FrozenHook`s), so the compiled search keeps what it makes of them by identity."""

    def __init__(self, blocked: AbstractSet[Hex] = frozenset(), stop: AbstractSet[Hex] = frozenset(),
                 enter_extra: dict[Hex, float] | None = None,
                 first_step: Callable[[Hex, Hex, float], float | None] | None = None,
                 edge_override: dict[tuple[Hex, Hex], float | None] | None = None) -> None:
        put = object.__setattr__
        put(self, "blocked", frozenset(blocked) if type(blocked) is not frozenset else blocked)
        put(self, "stop", frozenset(stop) if type(stop) is not frozenset else stop)
        put(self, "enter_extra", _frozen_hook(enter_extra))
        put(self, "first_step", first_step)
        put(self, "edge_override", _frozen_hook(edge_override))

    def __setattr__(self, name: str, value: Any) -> None:
        raise TypeError("KeptHooks cannot change; make new ones")

    def __reduce__(self) -> tuple[Any, ...]:
        return (KeptHooks, (self.blocked, self.stop, dict(self.enter_extra), self.first_step,
                            dict(self.edge_override)))


def _frozen_hook(d: dict[Any, Any] | None) -> FrozenHook:
    if type(d) is FrozenHook:
        return d
    return FrozenHook(d or {})
