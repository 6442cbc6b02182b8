"""Reinforcements, Arnhem exclusive rules 11.1 (000_e5c3deafb2cea4af.txt).

A reinforcement enters in its GT's Movement Phase (a mobile one may wait for the Mobile Movement Phase)
at one of its arrival hexes, paying the MP of the map-edge hex entered, or the road or trail rate where
one leaves the map there (and, entering an EZOC, what 6.1 charges). An arrival hex occupied by the
enemy delays the unit: it may not arrive that GT, and each GT of delay lets it shift three hexes along
the map edge. Entering is one of the moves of the Movement Phase (movement.MoveStep).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...hexgrid import Hex, hex_neighbors, hexside_of
from ...model.placement import entry_cost as terrain_entry_cost
from ..kit import Task
from ..protocol import Action
from .actions import Enter
from .board import Arrival, FMBoard
from .game import cite


@dataclass(frozen=True)
class BlockedEntries(Task):
    """At the start of `player`'s Movement Phase: arrivals whose hexes are all enemy-occupied are
    delayed."""

    player: str

    def run(self, state: FMBoard) -> None:
        enemy = state.enemy_hexes(self.player)
        for arr in state.arrivals:
            if state.game.units[arr.unit].side != self.player or arr.marker or arr.turn > state.turn:
                continue
            if arr.hexes and all(h in enemy for h in arr.hexes) and state.turn not in arr.blocked_gts:
                first = not arr.blocked_gts
                arr.blocked_gts.append(state.turn)
                state.note(f"{arr.unit}'s arrival hexes are enemy-occupied" + (
                    ": it may not arrive this GT" if first else
                    f": it may shift {3 * delays(state, arr)} hexes along the map edge") + f" {cite('11.1')}")


def delays(state: FMBoard, arr: Arrival) -> int:
    """The GTs the unit has been delayed by an enemy-occupied arrival hex before this one."""
    return sum(1 for t in arr.blocked_gts if t < state.turn)


def entry_options(state: FMBoard, arr: Arrival) -> list[Hex]:
    """The hexes the unit may enter at: its arrival hexes, three more along the edge per GT of delay."""
    hexes = list(arr.hexes)
    n = delays(state, arr) if arr.blocked_gts else 0
    if n and arr.edge:
        line = state.game.map.edge_side_hexes(arr.edge)
        idx = [line.index(h) for h in arr.hexes if h in line]
        if idx:
            k = 3 * n
            lo, hi = max(0, min(idx) - k), min(len(line) - 1, max(idx) + k)
            hexes = line[lo:hi + 1]
    return hexes


def entry_cost(state: FMBoard, uid: str, h: Hex) -> float:
    """The MP a reinforcement spends entering the map at `h` (what `Enter` charges): the map-edge cost,
    and for a mobile unit entering an EZOC half its MA (round down) more (6.1)."""
    g = state.game
    cost = edge_entry_cost(state, uid, h)
    if g.is_mobile(uid) and h in state.enemy_zoc(g.units[uid].side):
        cost += int(state.current_values(uid).get("movement", 0)) // 2
    return cost


def edge_entry_cost(state: FMBoard, uid: str, h: Hex) -> float:
    """The MP of the map-edge hex entered, or the road/trail rate if one leaves the map there."""
    g = state.game
    cls = g.movement_class(uid)
    key = (cls, h)
    got = g.entry_memo.get(key)
    if got is None:
        got = g.entry_memo[key] = _map_entry_cost(state, cls, h)
    return got


def _map_entry_cost(state: FMBoard, cls: str, h: Hex) -> float:
    m = state.game.map
    best = terrain_entry_cost(m, h, cls)
    for d in range(6):
        n = hex_neighbors(h)[d]
        if m.contains(n):
            continue
        info = m.hexsides.get(hexside_of(h, d))
        for p in info.paths if info else ():
            pt = m.terrain_table.paths.get(p)
            rate = pt.move.get(cls) if pt else None
            if rate is not None and (best is None or rate < best):
                best = rate
    return float(best) if best is not None else float("inf")


def can_enter(state: FMBoard, arr: Arrival, mobile_phase: bool) -> bool:
    g = state.game
    if arr.marker or arr.turn > state.turn:
        return False
    if mobile_phase and not g.is_mobile(arr.unit):
        return False  # leg reinforcements arrive in the Movement Phase
    if arr.blocked_gts == [state.turn]:
        return False  # an enemy-occupied arrival hex: the unit may not arrive this GT
    return True


def entries(state: FMBoard, player: str, mobile: bool) -> list[Action]:
    """Every reinforcement `player` may bring on now, at every hex it may enter at."""
    g = state.game
    out: list[Action] = []
    enemy: frozenset[Hex] | None = None
    occ: dict[Hex, str] = {}
    turn = state.turn
    # whether any of an arrival's own hexes is free now, per distinct tuple of hexes: an arrival not delayed
    # enters at its own hexes only (entry_options), so one whose hexes are all taken lists nothing, and
    # thousands of reinforcements waiting at the same few hexes are judged at once
    free: dict[tuple[Hex, ...], bool] = {}
    units = g.units
    memo = g.entries_memo
    # the arrivals of `player` due now (can_enter's first tests), kept for the phase while the arrivals are
    # the same list of the same length (an entry or landing makes a new list; a unit returning is appended)
    arrivals = state.arrivals
    key = ("due", turn, player, mobile)
    kept = state.phase_reach.get(key)
    if kept is None or kept[0] is not arrivals or kept[1] != len(arrivals):
        due = [arr for arr in arrivals if not (arr.turn > turn or arr.marker)  # not due yet, or dropping
               and units[arr.unit].side == player and not (mobile and not g.is_mobile(arr.unit))]
        state.phase_reach[key] = (arrivals, len(arrivals), due)
    else:
        due = kept[2]
    for arr in due:
        uid = arr.unit
        blocked = arr.blocked_gts
        if blocked and blocked == [turn]:
            continue
        if enemy is None:
            enemy = state.enemy_hexes(player)
            occ = state.occupancy()
        got: list[tuple[Hex, Action]] | None
        if blocked:
            got = _entries_by_terrain(state, arr)
        else:
            own = tuple(arr.hexes)
            any_free = free.get(own)
            if any_free is None:
                any_free = free[own] = any(h not in enemy and h not in occ for h in own)
            if not any_free:
                continue
            # _entries_by_terrain for an arrival not delayed: its options are its own hexes
            got = memo.get((uid, own, float(state.current_values(uid).get("movement", 0))))
            if got is None:
                got = _entries_by_terrain(state, arr)
        out += [action for h, action in got if h not in enemy and h not in occ]
    return out


def _entries_by_terrain(state: FMBoard, arr: Arrival) -> list[tuple[Hex, Action]]:
    """The arrival's hexes the unit may enter at by its MA and the terrain (5.2 a, e; 11.1), each with its
    entry action: they depend on the map and the unit's values only, so they are kept per game (the
    actions too: the same entry is the same object in every listing)."""
    g = state.game
    uid = arr.unit
    ma = float(state.current_values(uid).get("movement", 0))
    options = entry_options(state, arr)
    key = (uid, tuple(options), ma)
    got = g.entries_memo.get(key)
    if got is None:
        cls = g.movement_class(uid)
        got = g.entries_memo[key] = [
            (h, Enter(uid, g.label(h))) for h in options
            if not (edge_entry_cost(state, uid, h) > ma
                    or terrain_entry_cost(g.map, h, cls) is None and not g.may_stand(uid, h))]
    return got


def entry_problem(state: FMBoard, player: str, mobile: bool, uid: str, label: str) -> str | None:
    """The one reason `uid` may not enter the map at `label` now (11.1, 5.2 d, 5.3, 6.1, 5.2 a), naming the
    hex; None if none is found."""
    g = state.game
    arr = state.arrival(uid)
    if uid not in g.units or arr is None:
        return f"{uid} is not a reinforcement waiting to enter {cite('11.1')}"
    if g.units[uid].side != player:
        return f"{uid} belongs to the {state.side_name(g.units[uid].side)} player {cite('5.2')}"
    if arr.marker:
        return f"{uid} arrives by air: it lands near its drop zone marker {cite('11.4')}"
    if arr.turn > state.turn:
        return f"{uid} arrives on GT {arr.turn}, not GT {state.turn} {cite('11.1')}"
    if mobile and not g.is_mobile(uid):
        return f"{uid} is a leg unit: leg reinforcements arrive in the Movement Phase {cite('11.1, 5.5')}"
    if arr.blocked_gts == [state.turn]:
        return f"{uid}'s arrival hex is enemy-occupied: it may not arrive this GT {cite('11.1')}"
    h = g.hex(label)
    if h is None or not g.map.contains(h):
        return f"{label} is not a hex of the map {cite('5.2 f')}"
    options = entry_options(state, arr)
    if h not in options:
        return (f"{uid} enters at {', '.join(g.label(x) for x in options)}, not {label} {cite('11.1')}")
    occ = state.occupant(h)
    if occ is not None:
        enemy = g.units[occ].side != player
        return f"{label} holds {occ}: " + (f"enemy-occupied {cite('5.2 d')}" if enemy else
                                           f"units cannot stack {cite('5.3')}")
    ma = float(state.current_values(uid).get("movement", 0))
    cost = edge_entry_cost(state, uid, h)
    if cost > ma:
        return f"entering at {label} costs {_mp(cost)} MP, more than {uid}'s MA of {_mp(ma)} {cite('5.2 a, c')}"
    return None


def enter(state: FMBoard, uid: str, h: Hex) -> None:
    """The unit enters at `h` and has spent its entry cost."""
    state.arrivals = [x for x in state.arrivals if x.unit != uid]
    state.place(uid, h)
    state.note(f"{uid} enters at {state.game.label(h)} ({_mp(edge_entry_cost(state, uid, h))} MP) {cite('11.1')}")
    state.set_mp_spent(uid, entry_cost(state, uid, h))


def _mp(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:g}"
