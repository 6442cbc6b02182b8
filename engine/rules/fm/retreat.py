"""Retreat (F&M 8.3), displacement (8.3.1), stiff resistance (8.4), bombardment retreat (8.1.5) and
advance after combat (8.5),
with the Arnhem rules on water hexsides (10.6, TEC note c) and marsh (10.5). 000_e5c3deafb2cea4af.txt.

Retreat paths are enumerated for the owning player to choose from: every hex one step farther from
the combat hex, never into an enemy unit, an enemy zone of control or prohibited terrain, never across
an unbridged river or canal (an Allied engineer ferry excepted, 10.6.5); vacant paths are required when
any exists, and a path through friends only when none does; a path may end on a friendly unit only
when no vacant final hex exists (displacement); a unit that cannot go the whole way goes as far as it
can and is depleted there.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...hexgrid import Hex, hex_distance
from ..kit import Task
from ..protocol import Action
from .actions import Advance, Displace, Pass, Retreat, Stiff
from .board import FMBoard, FMStep
from .decisions import AdvanceChoice, DisplaceChoice, RetreatChoice
from .game import cite, rule_ref
from .losses import deplete, eliminate
from .reach import terrain_step_allowed


def step_allowed(state: FMBoard, uid: str, a: Hex, b: Hex, ignore_zoc: bool = False) -> bool:
    """May a retreating (or, with ignore_zoc, advancing or displaced) unit go from a into b? On the map (8.3),
    not into an enemy unit (8.3) or, unless advancing, an EZOC (8.3, 6.2), and the terrain of the step
    (reach.terrain_step_allowed)."""
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
    return terrain_step_allowed(state, uid, a, b)  # 5.2 e, 10.5, 10.6


def retreat_problem(state: FMBoard, d: RetreatChoice, a: Retreat) -> str:
    """The one reason the retreat path `a` is refused (8.3, 8.1.5, 6.2, 5.2 e, 10.6), naming the hex."""
    g = state.game
    uid = d.unit
    if a.unit != uid:
        return f"{uid} retreats now, not {a.unit} {cite('8.3')}"
    hexes = [g.hex(lab) for lab in a.path]
    origin = state.unit_hex(uid)
    if any(h is None for h in hexes[1:]) or (a.path and hexes[0] != origin):
        off = next((lab for lab, h in zip(a.path, hexes, strict=True) if h is None), "")
        if off:
            return f"{uid} may not retreat off the map: {off} is not a hex of it {cite('8.3')}"
        return f"a retreat starts in {uid}'s hex, {g.label(origin)} {cite('8.3')}"
    path = [h for h in hexes if h is not None]
    if len(path) - 1 > d.n:
        return f"{uid} retreats {d.n} hex{'es' if d.n != 1 else ''}, not {len(path) - 1} {cite('8.3')}"
    for i, (x, y) in enumerate(zip(path, path[1:], strict=False)):
        lab = g.label(y)
        if hex_distance(origin, y) != i + 1:
            return f"{lab} is not {i + 1} hex{'es' if i else ''} away from {g.label(origin)}: a retreat moves away " \
                   f"from the combat hex {cite('8.3')}"
        occ = state.occupant(y)
        if occ is not None and g.units[occ].side != g.units[uid].side:
            return f"{uid} may never retreat into or through {lab}, held by {occ} {cite('8.3')}"
        if y in state.enemy_zoc(g.units[uid].side):
            return f"{uid} may never retreat into or through {lab}, in an enemy zone of control {cite('8.3, 6.2')}"
        if not terrain_step_allowed(state, uid, x, y):
            return (f"{uid} may not retreat from {g.label(x)} into {lab}: prohibited terrain, a marsh off the road or "
                    f"an unbridged river or canal {cite('8.3, 10.5, 10.6')}")
    return (f"not one of the retreat paths the rules leave {uid}: through vacant hexes where any exist, the full "
            f"{d.n} hex{'es' if d.n != 1 else ''} where possible, closer to a friendly map edge if possible "
            f"{cite('8.3, 8.1.5')}")


def retreat_paths(state: FMBoard, uid: str, n: int, bombardment: bool = False) -> list[tuple[Hex, ...]]:
    """The retreat paths the owner may choose (start hex first). [] when the unit cannot retreat at all."""
    origin = state.unit_hex(uid)
    side = state.game.units[uid].side
    paths: list[tuple[Hex, ...]] = []

    def walk(path: tuple[Hex, ...]) -> None:
        paths.append(path)
        if len(path) - 1 >= n:
            return
        here = path[-1]
        for b in state.game.adjacent(here):
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
        displace = [p for p in full if can_be_displaced(state, state.occupant(p[-1]), {uid})]
        partial = [p for p in paths if len(p) - 1 < n and vacant(p[-1])]
        if partial:
            longest = max(len(p) for p in partial)
            partial = [p for p in partial if len(p) == longest]
        chosen = displace + partial
    chosen = _prefer(state, side, origin, chosen, bombardment)
    return sorted(set(chosen), key=lambda p: [state.game.label(h) for h in p])


def _prefer(state: FMBoard, side: str, origin: Hex, paths: list[tuple[Hex, ...]],
            bombardment: bool) -> list[tuple[Hex, ...]]:
    """8.1.5: after bombardment retreat farther from the closest enemy unit (towards the closest friendly
    unit if no enemy is on the map); 8.3: end closer to a friendly map edge if possible."""
    if not paths:
        return paths
    g = state.game
    if bombardment:
        enemies = [h for u, h in state.position.hexes.items() if g.units[u].side != side]
        if enemies:
            def d(h: Hex) -> int:
                return min(hex_distance(h, e) for e in enemies)
            better = [p for p in paths if d(p[-1]) > d(origin)]
        else:
            friends = [h for u, h in state.position.hexes.items() if g.units[u].side == side and h != origin]
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


def can_be_displaced(state: FMBoard, uid: str | None, busy: set[str], depth: int = 0) -> bool:
    """8.3.1: a friendly unit can be displaced one hex, as if retreating, possibly displacing another, and
    that one another (at most 5 units in a chain, none of `busy`, none twice).

    A chain ends at a unit with a vacant hex to go to, which does not depend on the units before it in the
    chain; so a chain exists when such a unit is within reach of `uid` in steps from a unit to a friend it
    could displace, avoiding `busy`, and the shortest such chain (breadth first) is one of distinct units:
    each unit is looked at once, where trying every chain grows with the product of the units' friends."""
    if uid is None or depth > 4:
        return False
    seen = set(busy)
    seen.add(uid)
    level, frontier = depth, [uid]
    while frontier and level <= 4:
        nxt = []
        for u in frontier:
            for b in _steps(state, u):
                occ = state.occupant(b)
                if occ is None:
                    return True  # a vacant hex to be displaced into
                if occ not in seen:
                    seen.add(occ)
                    nxt.append(occ)
        level, frontier = level + 1, nxt
    return False


def _steps(state: FMBoard, uid: str) -> list[Hex]:
    here = state.unit_hex(uid)
    return [b for b in state.game.adjacent(here) if step_allowed(state, uid, here, b)]


def displacement_hexes(state: FMBoard, uid: str, busy: set[str], depth: int = 0) -> list[Hex]:
    """Where a displaced unit may go: a vacant adjacent hex it could retreat into; a hex of another
    friendly unit only if no vacant one exists and that unit can be displaced in turn (8.3.1)."""
    steps = _steps(state, uid)
    busy_hexes = {state.unit_hex(u) for u in busy if u in state.position.hexes}
    vacant = [b for b in steps if state.occupant(b) is None and b not in busy_hexes]
    if vacant:
        return sorted(vacant)
    out = []
    for b in steps:
        occ = state.occupant(b)
        if occ is not None and occ not in busy and can_be_displaced(state, occ, busy, depth + 1):
            out.append(b)
    return sorted(out)


def advance_paths(state: FMBoard, uid: str, retreat_path: list[Hex]) -> list[tuple[Hex, ...]]:
    """8.5: along the path of retreat only, ignoring EZOC, ending in a hex no other unit ends in."""
    here = state.unit_hex(uid)
    out = []
    path: tuple[Hex, ...] = (here,)
    for h in retreat_path:
        if hex_distance(path[-1], h) != 1 or not step_allowed(state, uid, path[-1], h, ignore_zoc=True):
            break
        path = path + (h,)
        if state.occupant(h) is None:
            out.append(path)
    return out


# -- the steps ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RetreatUnit(Task):
    """8.3: `unit` retreats `n` hexes (`defender`: the defending unit, whose path an advance follows)."""

    unit: str
    n: int
    defender: bool

    def run(self, state: FMBoard) -> None:
        if self.unit not in state.position.hexes:
            return
        c = state.combat
        state.ask(RetreatChoice(state.game.units[self.unit].side, self.unit, self.n, self.defender,
                                      bool(c and c.kind == "bombard")))


class RetreatStep(FMStep[RetreatChoice]):
    decision = RetreatChoice
    rule = rule_ref("8.3, 8.4")
    name = "retreat or offer stiff resistance"

    def legal(self, state: FMBoard, d: RetreatChoice) -> list[Action]:
        g = state.game
        uid = d.unit
        paths = retreat_paths(state, uid, d.n, d.bombard)
        out: list[Action] = [Retreat(uid, tuple(g.label(h) for h in path)) for path in paths]
        if not out:
            out.append(Retreat(uid, (g.label(state.unit_hex(uid)),)))  # 8.3: cannot retreat: eliminated
        out.append(Stiff(uid))
        return out

    def explain(self, state: FMBoard, d: RetreatChoice, action: Action) -> str:
        if isinstance(action, Retreat):
            return f"{action.text()}: {retreat_problem(state, d, action)}"
        return super().explain(state, d, action)

    def apply(self, state: FMBoard, d: RetreatChoice, action: Action) -> None:
        g = state.game
        uid, n = d.unit, d.n
        c = state.combat
        if isinstance(action, Stiff):
            state.note(f"{uid} offers stiff resistance and is depleted {cite('8.4')}")
            deplete(state, uid)
            if d.defender and c is not None:
                c.advance_blocked = True
            return
        assert isinstance(action, Retreat)
        hexes: list[Hex] = []
        for lab in action.path:
            h = g.hex(lab)
            assert h is not None
            hexes.append(h)
        if len(hexes) == 1:
            state.note(f"{uid} cannot retreat and is eliminated {cite('8.3')}")
            origin = state.unit_hex(uid)
            eliminate(state, uid)
            if d.defender and c is not None:
                c.retreat_path = [origin]
            return
        if d.defender and c is not None:
            c.retreat_path = list(hexes)
        final = hexes[-1]
        occ = state.occupant(final)
        if occ is not None:
            state.ask(DisplaceChoice(g.units[uid].side, occ, (), uid, g.label(final), len(hexes) - 1 < n))
            return
        finish_retreat(state, uid, final, len(hexes) - 1 < n)


def finish_retreat(state: FMBoard, uid: str, final: Hex, short: bool) -> None:
    state.place(uid, final)
    state.note(f"{uid} retreats to {state.game.label(final)} {cite('8.3')}")
    if short:
        state.note(f"{uid} could not retreat the full distance and is depleted {cite('8.3')}")
        deplete(state, uid)


class DisplaceStep(FMStep[DisplaceChoice]):
    decision = DisplaceChoice
    rule = rule_ref("8.3.1")
    name = "displace a friendly unit"

    def legal(self, state: FMBoard, d: DisplaceChoice) -> list[Action]:
        g = state.game
        occ = d.unit
        busy = {d.retreating, *[c[0] for c in d.chain]}
        targets = displacement_hexes(state, occ, busy)
        out: list[Action] = [Displace(occ, (g.label(state.unit_hex(occ)), g.label(h))) for h in targets]
        return out or [Pass()]

    def apply(self, state: FMBoard, d: DisplaceChoice, action: Action) -> None:
        g = state.game
        if not isinstance(action, Displace):
            # no displacement possible after all: the retreating unit is depleted where it stands (8.3.1)
            deplete(state, d.retreating)
            return
        chain = d.chain + ((action.unit, action.path[0], action.path[1]),)
        nxt = state.occupant(g.hex(action.path[1]))
        if nxt is not None and nxt not in {d.retreating, *[c[0] for c in chain]}:
            state.ask(DisplaceChoice(d.player, nxt, chain, d.retreating, d.final, d.short))
            return
        for u, _frm, to_lab in reversed(chain):
            to = g.hex(to_lab)
            assert to is not None
            state.place(u, to)
            state.note(f"{u} is displaced to {to_lab} {cite('8.3.1')}")
            c = state.combat
            if c is not None and g.units[u].side == c.attacker:
                state.no_attack.add(u)  # 8.3.1: a displaced attacker's unit may not attack this turn
        final = g.hex(d.final)
        assert final is not None
        finish_retreat(state, d.retreating, final, d.short)


@dataclass(frozen=True)
class AdvanceBegin(Task):
    """8.5: after the defender's retreat, the attackers may advance along its path."""

    def run(self, state: FMBoard) -> None:
        c = state.combat
        if c is None or c.advance_blocked or not c.retreat_path:
            return
        units = tuple(u for u in c.attackers if u in state.position.hexes)
        if units:
            state.ask(AdvanceChoice(c.attacker, units))


class AdvanceStep(FMStep[AdvanceChoice]):
    decision = AdvanceChoice
    rule = rule_ref("8.5")
    name = "advance after combat or pass"

    def legal(self, state: FMBoard, d: AdvanceChoice) -> list[Action]:
        g = state.game
        c = state.combat
        assert c is not None
        out: list[Action] = []
        for u in d.units:
            if u not in state.position.hexes:
                continue
            for path in advance_paths(state, u, c.retreat_path):
                out.append(Advance(u, tuple(g.label(h) for h in path)))
        out.append(Pass())
        return out

    def apply(self, state: FMBoard, d: AdvanceChoice, action: Action) -> None:
        if isinstance(action, Pass):
            return
        assert isinstance(action, Advance)
        to = state.game.hex(action.path[-1])
        assert to is not None
        state.place(action.unit, to)
        state.note(f"{action.unit} advances to {action.path[-1]} along the path of retreat {cite('8.5')}")
        state.exhausted.add(action.unit)
        state.no_attack.add(action.unit)
        rest = tuple(u for u in d.units if u != action.unit)
        if rest:
            state.ask(AdvanceChoice(d.player, rest))


@dataclass(frozen=True)
class CombatDone(Task):
    """The combat's last step, after its retreats and advance: no combat is in progress."""

    def run(self, state: FMBoard) -> None:
        state.combat = None


STEPS = (RetreatStep(), DisplaceStep(), AdvanceStep())
