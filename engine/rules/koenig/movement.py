"""Movement of the Koenig family over the shared movement kernel (Koenig 8.0-8.5, Arnhem Bridge
exclusive 8.5 and 12.0, optional 14.2, 002_fe1216aa5df94854.txt).

* Costs come from the map's Terrain Effects Chart through the kernel: terrain cost plus hexside costs
  (8.1), no crossing River hexsides except at bridges and no leaving the map (8.1.1), road movement
  1 MP (8.1.2).
* Stacking (8.2): two units per hex, both players' units counted together, at all times: a hex with
  two units cannot be entered, not even in passing.
* No zones of control (8.3); entering a hex with one enemy unit costs +2 MP and starts Close Combat
  there (10.0): an `enter_extra` and a `stop` hook.
* Interdiction (14.2): an interdicted hex costs +2 MP to enter and +2 MP to leave (`enter_extra` and
  `edge_override` hooks).
* Reinforcements (8.5, 8.3.1) enter along their road at an entry hex for 1 MP; if an enemy unit holds
  the entry hex they may enter at any hex adjacent to it, or attack the blocking unit in Close Combat.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from typing import cast

from ...hexgrid import Hex, hex_neighbor
from ...model.hexmap import HexMap
from ...movement.hooks import MovementHooks
from ...movement.kernel import MovementGraph, entry_cost, reachable

CLOSE_COMBAT_COST = 2  # Koenig 10.0
INTERDICTION_COST = 2  # Koenig 14.2
STACKING_LIMIT = 2  # Koenig 8.2


def movement_hooks(graph: MovementGraph, occupants: Mapping[Hex, Sequence[str]], side_of: Mapping[str, str],
                   side: str, interdicted: Iterable[Hex] = (), close_combat: bool = True,
                   stacking_limit: int = STACKING_LIMIT) -> MovementHooks:
    """The hooks of one move by a unit of `side`: full hexes blocked (8.2), enemy hexes costing +2 MP and
    stopping the unit for Close Combat (10.0) or blocked where Close Combat is not allowed (night
    redeployment), interdicted hexes +2 MP in and out (14.2)."""
    blocked, stop = hook_hexes(occupants, side_of, side, close_combat, stacking_limit)
    return hooks_of(graph, set(blocked), set(stop), interdicted)


def hook_hexes(occupants: Mapping[Hex, Sequence[str]], side_of: Mapping[str, str], side: str,
               close_combat: bool = True, stacking_limit: int = STACKING_LIMIT) -> tuple[list[Hex], list[Hex]]:
    """The hexes a unit of `side` may not enter (full, 8.2; an enemy's where Close Combat is not allowed) and
    those it stops in for Close Combat (10.0), in the order of `occupants`."""
    blocked: list[Hex] = []
    stop: list[Hex] = []
    for h, uids in occupants.items():
        if not uids:
            continue
        if len(uids) >= stacking_limit:
            blocked.append(h)
            continue
        for u in uids:
            if side_of[u] != side:
                (stop if close_combat else blocked).append(h)
                break
    return blocked, stop


def hooks_of(graph: MovementGraph, blocked: AbstractSet[Hex], stop: AbstractSet[Hex],
             interdicted: Iterable[Hex] = ()) -> MovementHooks:
    """The hooks of `hook_hexes`' hexes: the stop hexes cost +2 MP to enter (10.0), interdicted hexes +2 MP in
    and out (14.2)."""
    hooks = MovementHooks()
    hooks.blocked = cast(set, blocked)
    hooks.stop = cast(set, stop)
    for h in stop:
        hooks.enter_extra[h] = CLOSE_COMBAT_COST
    for h in interdicted:
        hooks.enter_extra[h] = hooks.enter_extra.get(h, 0) + INTERDICTION_COST
        for d in range(6):
            n = hex_neighbor(h, d)
            c = graph.cost(h, n)
            if c is not None:
                hooks.edge_override[(h, n)] = c + INTERDICTION_COST
    return hooks


def destinations(graph: MovementGraph, start: Hex, allowance: float, hooks: MovementHooks) -> dict[Hex, float]:
    """Every hex the unit may end its move in, with the MP spent to get there (8.0)."""
    if allowance <= 0:
        return {}
    out = dict(reachable(graph, start, allowance, hooks).spent)
    out.pop(start, None)  # the start is where the search begins, at no cost
    return out


def entry_destinations(graph: MovementGraph, entry_hexes: Iterable[Hex], allowance: float, hooks: MovementHooks,
                       occupants: Mapping[Hex, Sequence[str]], side_of: Mapping[str, str],
                       side: str) -> dict[Hex, float]:
    """Where a reinforcement entering by one of `entry_hexes` may end its move (exclusive 8.5): the entry
    hex costs 1 MP along its road; a blocked entry hex (8.3.1) lets the unit enter any adjacent hex
    instead (paying that hex's terrain cost) or enter the blocking unit's hex for Close Combat (+2 MP)."""
    m: HexMap = graph.map
    out: dict[Hex, float] = {}

    def keep(h: Hex, cost: float) -> None:
        if cost <= allowance and cost < out.get(h, 1e9):
            out[h] = cost

    starts: list[tuple[Hex, float]] = []
    for e in entry_hexes:
        uids = occupants.get(e, ())
        enemy = any(side_of[u] != side for u in uids)
        if enemy:
            if e in hooks.stop and e not in hooks.blocked:
                keep(e, 1 + hooks.enter_extra.get(e, 0))
            for n in m.neighbors_on_map(e):
                if n in hooks.blocked or n in hooks.stop:
                    continue
                c = entry_cost(m, n, graph.cls)
                if c is not None:
                    starts.append((n, c + hooks.enter_extra.get(n, 0)))
        elif e not in hooks.blocked:
            starts.append((e, 1 + hooks.enter_extra.get(e, 0)))
    for h, c in starts:
        keep(h, c)
        if c < allowance:
            for d, spent in destinations(graph, h, allowance - c, hooks).items():
                keep(d, c + spent)
    return out
