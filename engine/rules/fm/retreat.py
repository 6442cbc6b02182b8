"""Retreat (F&M 8.3), displacement (8.3.1), bombardment retreat (8.1.5) and advance after combat (8.5),
with the Arnhem rules on water hexsides (10.6, TEC note c) and marsh (10.5). 000_e5c3deafb2cea4af.txt.

Retreat paths are enumerated for the owning player to choose from: every hex one step farther from
the combat hex, never into an enemy unit, an enemy zone of control or prohibited terrain, never across
an unbridged river or canal (an Allied engineer ferry excepted, 10.6.5); vacant paths are required when
any exists, and a path through friends only when none does; a path may end on a friendly unit only
when no vacant final hex exists (displacement); a unit that cannot go the whole way goes as far as it
can and is depleted there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...hexgrid import Hex, hex_distance, hex_neighbors, hexside_between
from ...movement.kernel import _only_along, entry_cost

if TYPE_CHECKING:
    from .state import FMState


def step_allowed(state: FMState, uid: str, a: Hex, b: Hex, ignore_zoc: bool = False) -> bool:
    """May a retreating (or, with ignore_zoc, advancing or displaced) unit go from a into b?"""
    g = state.game
    m = g.map
    if not m.contains(b):
        return False  # 8.3: units may not retreat off the map
    side = g.units[uid].side
    occ = state.occupant(b)
    if occ is not None and g.units[occ].side != side:
        return False  # 8.3: never into an enemy unit
    if not ignore_zoc and b in state.enemy_zoc(side):
        return False  # 8.3, 6.2
    cls = g.movement_class(uid)
    hs = hexside_between(a, b)
    info = m.hexsides.get(hs)
    along_b = _only_along(m, b, cls)
    along_a = _only_along(m, a, cls)
    if along_a is not None or along_b is not None:
        allowed = set(along_a or ()) | set(along_b or ())
        if info is None or not any(p in allowed for p in info.paths):
            return False  # 10.5: mobile units retreat or advance into marsh only along a road or trail
    elif entry_cost(m, b, cls) is None:
        return False  # 8.3: not into prohibited terrain
    if info is not None:
        if g.is_water(hs):
            bridged = info.bridge is not None and hs not in state.demolished
            ferried = side == g.allied and state.active_ferry() == hs
            if not (bridged or ferried):
                return False  # 10.6, TEC (c): no retreat or advance across an unbridged river/canal
        table = m.terrain_table.hexside_features
        for f in info.features:
            ft = table.get(f)
            if ft is not None and ft.move.get(cls, 0) is None and not g._water_code(f):
                return False  # a prohibited hexside (5.2 e)
    return True


def retreat_paths(state: FMState, uid: str, n: int, bombardment: bool = False) -> list[tuple[Hex, ...]]:
    """The retreat paths the owner may choose (start hex first). [] when the unit cannot retreat at all."""
    origin = state.pos[uid]
    side = state.game.units[uid].side
    paths: list[tuple[Hex, ...]] = []

    def walk(path: tuple[Hex, ...]) -> None:
        paths.append(path)
        if len(path) - 1 >= n:
            return
        here = path[-1]
        for b in hex_neighbors(here):
            if hex_distance(origin, b) != len(path) or b in path:
                continue
            if step_allowed(state, uid, here, b):
                walk(path + (b,))

    walk((origin,))
    paths = paths[1:]
    if not paths:
        return []

    def vacant(h: Hex) -> bool:
        return state.occupant(h) is None

    full = [p for p in paths if len(p) - 1 == n]
    all_vacant = [p for p in full if all(vacant(h) for h in p[1:])]
    end_vacant = [p for p in full if vacant(p[-1])]
    if all_vacant:
        chosen = all_vacant
    elif end_vacant:
        chosen = end_vacant  # 8.3: through friendly units only if no vacant route exists
    else:
        displace = [p for p in full if can_be_displaced(state, state.occupant(p[-1]), {uid})]  # type: ignore[arg-type]
        partial = [p for p in paths if len(p) - 1 < n and vacant(p[-1])]
        if partial:
            longest = max(len(p) for p in partial)
            partial = [p for p in partial if len(p) == longest]
        chosen = displace + partial
    chosen = _prefer(state, side, origin, chosen, bombardment)
    return sorted(set(chosen), key=lambda p: [state.game.label(h) for h in p])


def _prefer(state: FMState, side: str, origin: Hex, paths: list[tuple[Hex, ...]],
            bombardment: bool) -> list[tuple[Hex, ...]]:
    """8.1.5: after bombardment retreat farther from the closest enemy unit (towards the closest friendly
    unit if no enemy is on the map); 8.3: end closer to a friendly map edge if possible."""
    if not paths:
        return paths
    g = state.game
    if bombardment:
        enemies = [h for u, h in state.pos.items() if g.units[u].side != side]
        if enemies:
            def d(h: Hex) -> int:
                return min(hex_distance(h, e) for e in enemies)
            better = [p for p in paths if d(p[-1]) > d(origin)]
        else:
            friends = [h for u, h in state.pos.items() if g.units[u].side == side and h != origin]
            if friends:
                def d(h: Hex) -> int:
                    return min(hex_distance(h, f) for f in friends)
                better = [p for p in paths if d(p[-1]) < d(origin)]
            else:
                better = []
        if better:
            paths = better
    edge = g.friendly_edge(side)
    if edge:
        def de(h: Hex) -> int:
            return min(hex_distance(h, e) for e in edge)
        closer = [p for p in paths if de(p[-1]) < de(origin)]
        if closer:
            paths = closer
    return paths


def can_be_displaced(state: FMState, uid: str | None, busy: set[str], depth: int = 0) -> bool:
    """8.3.1: a friendly unit can be displaced one hex, as if retreating, possibly displacing another."""
    if uid is None or depth > 4:
        return False
    return bool(displacement_hexes(state, uid, busy | {uid}, depth))


def displacement_hexes(state: FMState, uid: str, busy: set[str], depth: int = 0) -> list[Hex]:
    """Where a displaced unit may go: a vacant adjacent hex it could retreat into; a hex of another
    friendly unit only if no vacant one exists and that unit can be displaced in turn (8.3.1)."""
    here = state.pos[uid]
    steps = [b for b in hex_neighbors(here) if step_allowed(state, uid, here, b)]
    busy_hexes = {state.pos[u] for u in busy if u in state.pos}
    vacant = [b for b in steps if state.occupant(b) is None and b not in busy_hexes]
    if vacant:
        return sorted(vacant)
    out = []
    for b in steps:
        occ = state.occupant(b)
        if occ is not None and occ not in busy and can_be_displaced(state, occ, busy, depth + 1):
            out.append(b)
    return sorted(out)


def advance_paths(state: FMState, uid: str, retreat_path: list[Hex]) -> list[tuple[Hex, ...]]:
    """8.5: along the path of retreat only, ignoring EZOC, ending in a hex no other unit ends in."""
    here = state.pos[uid]
    out = []
    path: tuple[Hex, ...] = (here,)
    for h in retreat_path:
        if hex_distance(path[-1], h) != 1 or not step_allowed(state, uid, path[-1], h, ignore_zoc=True):
            break
        path = path + (h,)
        if state.occupant(h) is None:
            out.append(path)
    return out
