"""Movement, F&M 5.1-5.5 and 6.1 (000_e5c3deafb2cea4af.txt): the decisions of the Movement and Mobile
Movement Phases.

The phasing player moves his units one at a time (5.1), each along a path of contiguous hexes within
its MA (5.2 a, c; the costs and the reach are in reach.py: 5.4, 6.1, 10.5, 10.6.1, 10.6.2, 10.6.5),
through friendly units but not ending stacked (5.3), never into an enemy unit (5.2 d) or off the map
(5.2 f); a unit moves once a phase (5.2); in the Mobile Movement Phase only mobile units that did not
move in the Movement Phase (5.5). Reinforcements enter as moves of the phase (reinforcements.py, 11.1).
A unit entering a bridge hex stops while the German player decides on a demolition (10.6.3,
engineers.py), then goes on with the MP it has left or halts (`GoOn`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from typing import Any

from ...hexgrid import Hex, Hexside
from ...movement.kernel import Reach
from ..kit.kept import kept
from ..kit.listing import Lazy, Listing
from ..protocol import Action
from .actions import Enter, Halt, Move, Pass
from .board import FMBoard, FMStep
from .decisions import GoOn, MoveChoice
from .engineers import check_demolition, demolition_candidates
from .game import cite, rule_ref
from .reach import FMReach, ferry_edges_into, movement_hooks, path_cost_of, path_problem, unit_reach
from .reinforcements import enter, entries, entry_problem

# a unit's moves (reach_moves): the destinations in the order listed and the set of them, as graph indices of
# the reach's movement graph, how a move to one is made (a Lazy part's make, made and key_of: a move is made
# only when it is read), its route and the graph's index
MoveList = tuple[list[int], frozenset[int], Callable[[int], Action], dict[int, Action], Callable[[Action], Any],
                 "Route", dict[Hex, int]]


def movers(state: FMBoard, player: str, mobile: bool) -> list[str]:
    """The units of `player` that may still move this phase (5.2, 5.5)."""
    g = state.game
    out = []
    pos = state.position.hexes
    for uid in g.side_unit_ids[player]:
        if uid not in pos:
            continue
        if uid in state.moved or uid in state.cannot_move:
            continue
        if mobile and (not g.is_mobile(uid) or uid in state.moved_in_movement or uid in state.exhausted):
            continue  # 5.5
        out.append(uid)
    return out


def moves_of(state: FMBoard, uid: str, where: tuple[frozenset[Hexside], Hexside | None] | None = None) -> Lazy:
    """Every hex the unit can reach this phase, by its cheapest path (5.1-5.4, 6.1), but hexes other
    units occupy (5.3). Enemy units do not move during a friendly phase, so each unit's reach is
    computed once per phase and position (`where`: the demolished bridges and the ferry, 10.6.3,
    10.6.5); its moves to vacant hexes are kept until a hex in its reach is vacated or occupied."""
    start = state.unit_hex(uid)
    if where is None:
        where = (state.demolished(), state.active_ferry())
    key = (state.turn, state.stage, uid, start, state.mp_spent(uid), where)
    got = state.phase_reach.get(key)
    if got is None:
        got = _reach_across(state, key)
    if got is not None:
        entry: MoveList = got[0]
    else:
        entry, reach = searched_moves(state, uid, start, key[4])
        state.phase_reach[key] = (entry, reach)
        state.phase_reach.setdefault(("first where",) + key[:5], (where, entry, reach))
    dests, hexes, make, made, key_of, route, index = entry
    kept = state.kept_moves.get(uid)
    record = state.index_record(index)
    changes = record[1]
    version = len(changes)
    if kept is not None and kept[0] is entry:
        seen = kept[1]
        if seen == version or all(map(hexes.isdisjoint, changes[seen:])):
            if seen != version:
                state.kept_moves[uid] = (entry, version, kept[2], key)
            return kept[2]
    got = Lazy(vacant_dests(state, dests, hexes, record[2]), make, made, key_of, Move, route)
    state.kept_moves[uid] = (entry, version, got, key)
    return got


SEARCHED_KEPT = 4096  # the searches a game keeps (searched_moves)
VACANT_KEPT = 8192  # the lists of vacant destinations a game keeps (vacant_dests)


def vacant_dests(state: FMBoard, dests: list[int], hexes: frozenset[int], occ: AbstractSet[int]) -> list[int]:
    """Of a reach's destinations `dests` (graph indices, in the order listed; `hexes` the set of them), those
    not in `occ` (the occupied hexes' indices: 5.3, no move ends stacked), in the same order: `dests` itself
    when none is occupied. In a copy of a position (`FMBoard.copied`: a search's) the list is kept by the game
    by the destinations and the occupied ones among them, so that positions alike hand out the very same
    list (a bot keeps what it worked out of a list by the list)."""
    if not state.copied:
        return dests if hexes.isdisjoint(occ) else [i for i in dests if i not in occ]
    taken = hexes & occ
    if not taken:
        return dests
    memo = state.game.vacant_memo
    key = (id(dests), taken)
    got = memo.get(key)
    if got is not None and got[0] is dests:
        return got[1]
    if len(taken) <= 2:  # one or two occupied: removed one by one (a scan in C each) from a copy
        out = dests.copy()
        for i in taken:
            out.remove(i)
    else:
        out = [i for i in dests if i not in taken]
    kept(memo, key, VACANT_KEPT, lambda: (dests, out))
    return out


def searched_moves(state: FMBoard, uid: str, start: Hex | None, spent: float) -> tuple[MoveList, Reach]:
    """The unit's moves and reach from `start` having spent `spent` MP this phase (unit_reach, reach_moves),
    kept by the game by all they are made of: the unit, its hex, the MP it has spent and its movement hooks
    (reach.movement_hooks: its side, class, mobility, commando status, MA, whether it begins in an enemy zone
    of control, the enemy's hexes and zones of control, the bridges demolished and the ferry, 5.1-5.4, 6.1,
    10.6.2-10.6.5), kept by the game themselves and known here by identity. Friendly units do not bar a path
    (5.3: the moves to the hexes they occupy are left out afterwards), so positions alike in all that share
    one search: a searching player's simulations play the same Movement Phases again and again. Only copies of
    a position (`FMBoard.copied`: a search's) keep them: in a game played once the same search hardly comes
    back, and keeping them would cost it memory and the garbage collector's time."""
    g = state.game
    hooks = None
    if state.copied and start is not None:
        hooks = movement_hooks(state, uid, start, spent)
        got = g.searched_memo.get((uid, start, spent, id(hooks)))
        if got is not None and got[0] is hooks:
            return got[1], got[2]
    reach = unit_reach(state, uid, hooks)
    # the unit's moves depend only on the paths of its reach: the same paths as last time (it did
    # not move, and nothing in its way changed) give the same moves
    paths = (reach.paths_key(), reach.landings if isinstance(reach, FMReach) else None)
    last = g.moves_memo.get(uid)
    if last is not None and last[0] == paths:
        entry: MoveList = last[1]
    else:
        entry = reach_moves(reach, uid, g.labels, g.hex, g.label_ranks(reach.graph_hexes),
                            g.in_label_order(reach.graph_hexes))
        g.moves_memo[uid] = (paths, entry)
    if hooks is not None:
        kept(g.searched_memo, (uid, start, spent, id(hooks)), SEARCHED_KEPT, lambda: (hooks, entry, reach))
    return entry, reach


def listed_moves(state: FMBoard, movers_now: list[str], where: tuple[frozenset[Hexside], Hexside | None]
                 ) -> list[Sequence[Action]]:
    """`moves_of` of each unit, in order. A unit whose moves were listed under the same key (turn, stage,
    hex, MP spent, bridges and ferry), with no hex of them vacated or occupied since, is given the very
    same moves here; the others ask `moves_of`. This is the test `moves_of` makes first, made for every
    unit in one loop instead of a call per unit: a Movement Phase lists every unit's moves at each of its
    decisions."""
    kept = state.kept_moves
    turn, stage, position, spent = state.turn, state.stage, state.position, state.mp_spent_now()
    pos = position.hexes
    # the changes of the occupied hexes this phase, as graph indices of each graph's index met (`by_index`):
    # the changes, their number now and the occupied indices (once needed)
    by_index: dict[int, tuple[list[frozenset[int]], int, AbstractSet[int] | None]] = {}
    # the last listing of this phase (its position's revision, bridges and ferry, the number of changes of
    # each graph's index then, and each unit's kept moves then, valid then): a unit listed then whose kept
    # moves are the same since, and not changed since (moved, entered: its hex and MP spent are those of its
    # key), under the same bridges and ferry, is checked against the hexes vacated or occupied since alone
    # (`since`, by graph index)
    last = state.phase_reach.get("listing")
    changed_units: set[str | None] | None = None
    last_versions: dict[int, int] = {}
    last_kept: dict[str, Any] = {}
    last_movers: Any = ()
    since: dict[int, frozenset[int]] = {}
    if last is not None and last[1] == where:
        changed = position.units_changed_since(last[0])
        if changed is not None:
            changed_units = set(changed)
            last_versions, last_kept, last_movers = last[2], last[3], last[4]
    out: list[Sequence[Action]] = []
    add = out.append
    searched: list[str] = []  # the units listed by moves_of
    for uid in movers_now:
        k = kept.get(uid)
        if k is None:
            add(moves_of(state, uid, where))
            searched.append(uid)
            continue
        entry = k[0]
        index = entry[6]
        as_last = last_kept.get(uid) is k and uid in last_movers  # (kept apart: no narrowing of k by the comparison)
        if as_last and changed_units is not None and uid not in changed_units and id(index) in last_versions:
            delta = since.get(id(index))
            if delta is None:
                known = by_index.get(id(index))
                if known is None:
                    changes = state.index_changes(index)
                    known = by_index[id(index)] = (changes, len(changes), None)
                delta = since[id(index)] = frozenset().union(*known[0][last_versions[id(index)]:])
            if entry[1].isdisjoint(delta):
                add(k[2])  # valid then, and no hex of it vacated or occupied since
                continue
        # k[3] == (turn, stage, uid, pos[uid], spent(uid), where), item by item (uid: kept by it)
        if (key := k[3])[3] == pos[uid] and key[4] == spent.get(uid, 0.0) \
                and key[5] == where and key[0] == turn and key[1] == stage:
            known = by_index.get(id(index))
            if known is None:
                changes = state.index_changes(index)
                known = by_index[id(index)] = (changes, len(changes), None)
            changes, version, _ = known
            seen = k[1]
            if seen == version:
                add(k[2])
                continue
            hexes = entry[1]
            if seen == version - 1:
                unchanged = hexes.isdisjoint(changes[seen])
            else:
                unchanged = all(map(hexes.isdisjoint, changes[seen:]))
            if unchanged:
                kept[uid] = (entry, version, k[2], k[3])
                add(k[2])
                continue
            # the same reach, some of its hexes vacated or occupied since: its moves to the vacant ones
            # (what moves_of makes of the kept entry)
            occ = known[2]
            if occ is None:
                occ = state.occupied_indices(index)
                by_index[id(index)] = (changes, version, occ)
            dests, hexes, make, made, key_of, route, _index = entry
            got = Lazy(vacant_dests(state, dests, hexes, occ), make, made, key_of, Move, route)
            kept[uid] = (entry, version, got, k[3])
            add(got)
            continue
        add(moves_of(state, uid, where))
        searched.append(uid)
    versions = {i: known[1] for i, known in by_index.items()}
    kept = state.kept_moves  # (a first look at the occupancy makes the record anew)
    for uid in searched:  # graphs whose changes only moves_of read here: their number now
        now = kept.get(uid)
        if now is not None and id(now[0][6]) not in versions:
            versions[id(now[0][6])] = len(state.index_changes(now[0][6]))
    # (each mover's kept moves then: the kept moves of every unit listed this phase, read for the movers then)
    state.phase_reach["listing"] = (position.revision, where, versions, kept.copy(), frozenset(movers_now))
    return out


def _reach_across(state: FMBoard, key: tuple) -> tuple[MoveList, Reach] | None:
    """The unit's reach and moves of this phase under the first bridges and ferry it was listed with, when
    the bridges demolished (10.6.3) and the ferry (10.6.5) since then change no hexside with a hex in that
    reach: the search never crossed such a hexside nor could have, so it finds the very same paths (an
    engineer's ferry or a demolition far from the unit leaves its moves as they were)."""
    first = state.phase_reach.get(("first where",) + key[:5])
    if first is None:
        return None
    (was_down, was_ferry), entry, reach = first
    now_down, now_ferry = key[5]
    changed = set(was_down ^ now_down)
    if was_ferry != now_ferry:
        changed.update(s for s in (was_ferry, now_ferry) if s is not None)
    # a hex of the reach: its start, or the graph index of one of its moves' destinations (the reach's other
    # hexes: entry[1]), read without making the reach's `spent` dict
    start, index, dests = reach.start, reach.index, entry[1]
    for s in changed:
        a, b = s.hexes()
        if a == start or b == start or index.get(a) in dests or index.get(b) in dests:
            return None
    got = state.phase_reach[key] = (entry, reach)
    return got


def sharing(state: FMBoard, uid: str) -> bool:
    """The unit stands in a friend's hex (passing through it, 5.3)."""
    h = state.unit_hex(uid)
    return h is not None and any(u != uid and x == h for u, x in state.position.hexes.items())


def stopped_by_zoc(state: FMBoard, uid: str) -> bool:
    """6.1: a leg unit in an EZOC has stopped."""
    g = state.game
    return not g.is_mobile(uid) and state.unit_hex(uid) in state.enemy_zoc(g.units[uid].side)


def move_problem(state: FMBoard, d: MoveChoice | GoOn, a: Move) -> str | None:
    """Why `a` may not be made now, naming the rule; None if it may."""
    g = state.game
    uid = a.unit
    if uid not in g.units:
        return f"there is no unit {uid!r} in this scenario"
    u = g.units[uid]
    if u.side != d.player:
        return (f"{uid} belongs to the {state.side_name(u.side)} player; only the active player moves his units "
                f"{cite('5.2')}")
    if uid not in state.position.hexes:
        return f"{uid} is not on the map"
    if isinstance(d, GoOn) and uid != d.unit:
        return f"{d.unit} is finishing its move; other units wait {cite('5.1')}"
    if isinstance(d, GoOn) and stopped_by_zoc(state, uid):
        return f"{uid} entered an enemy zone of control and must stop {cite('6.1')}"
    if isinstance(d, MoveChoice):
        if d.mobile and not g.is_mobile(uid):
            return f"{uid} is a leg unit: leg units cannot move in the Mobile Movement Phase {cite('5.5')}"
        if d.mobile and uid in state.moved_in_movement:
            return f"{uid} moved in the Movement Phase and cannot move in the Mobile Movement Phase {cite('5.5')}"
        if uid in state.exhausted:
            return f"{uid} advanced after combat and may do nothing else this player turn {cite('8.5')}"
        if uid in state.moved:
            return f"{uid} has completed its movement this phase {cite('5.2')}"
        if uid in state.cannot_move:
            return f"{uid} may not move this phase (landed depleted or in an EZOC, or repaired a bridge) " \
                   f"{cite('11.4 a, 10.6.4')}"
    hexes = []
    for lab in a.path:
        h = g.hex(lab)
        if h is None:
            return f"{uid} cannot leave the map: {lab} is not a hex of this map {cite('5.2 f')}"
        hexes.append(h)
    if hexes[0] != state.unit_hex(uid):
        return f"{uid} is in {g.label(state.unit_hex(uid))}, not {a.path[0]}"
    if len(hexes) < 2:
        return f"a move names at least one hex to enter {cite('5.1')}"
    return path_problem(state, uid, hexes)


def walk(state: FMBoard, a: Move, mover: str, mobile: bool) -> None:
    """Move a unit hex by hex; stop at once where a demolition attempt may be made (10.6.3)."""
    g = state.game
    uid = a.unit
    reach = listed_reach(state, a)
    hexes: list[Hex] = []
    if reach is not None:  # its path is the reach's cheapest path to its hex (not spelled out in labels)
        hexes = reach_path(reach, a.__dict__["_to"])
    else:
        for lab in a.path:
            h = g.hex(lab)
            assert h is not None
            hexes.append(h)
    if not mobile:
        state.moved_in_movement.add(uid)
    labels = g.labels
    bridges_at = g.bridges_at
    for i in range(1, len(hexes)):
        if hexes[i] in bridges_at and demolition_candidates(state, uid, hexes[i]):
            ferried = set(ferry_edges_into(state, uid, state.enemy_zoc(g.units[uid].side)))
            spent = reach.spent_at(hexes[i]) if reach is not None else path_cost_of(state, uid, hexes[: i + 1])
            state.set_mp_spent(uid, state.mp_spent(uid) + spent)
            state.place(uid, hexes[i])
            # where the unit ends if it may not go on from a friend's hex (5.3: no ending stacked)
            fallback = next((h for h in reversed(hexes[:i]) if not any(
                u != uid and x == h for u, x in state.position.hexes.items())), state.move_fallback.get(uid))
            if fallback is not None:
                state.move_fallback[uid] = fallback
            state.note(f"{uid} enters {labels[hexes[i]]} ({_mp(state.mp_spent(uid))} MP spent): the German player may "
                       f"attempt to demolish the bridge there {cite('10.6.3')}")
            if (hexes[i - 1], hexes[i]) in ferried:
                state.moved.add(uid)  # 10.6.2, 6.1: across a printed ferry into an EZOC: it stops there
                state.move_fallback.pop(uid, None)
            check_demolition(state, uid, hexes[i], mover, mobile)
            return
    spent = reach.spent_at(hexes[-1]) if reach is not None else path_cost_of(state, uid, hexes)
    state.set_mp_spent(uid, state.mp_spent(uid) + spent)
    state.place(uid, hexes[-1])
    state.moved.add(uid)
    state.move_fallback.pop(uid, None)
    ma = state.current_values(uid).get("movement", 0)
    state.note(f"{uid} moves to {labels[hexes[-1]]}: {_mp(state.mp_spent(uid))} of {ma} MP")


def listed_reach(state: FMBoard, a: Move) -> Reach | None:
    """For a move of the legal list not yet spelled out (the very object listed from the unit's reach of this
    phase and position, along that reach's cheapest path to the hex of graph index `_to`): that reach, whose
    MP spent on reaching each hex every prefix of the path costs (5.4); None for any other move (its path is
    read and costed step by step, `path_cost_of`), or where the reach has ferry landings (10.6.2), whose
    paths are not the search's."""
    d = a.__dict__
    to = d.get("_to")
    if to is None:
        return None
    uid = a.unit
    got = state.phase_reach.get((state.turn, state.stage, uid, state.unit_hex(uid), state.mp_spent(uid),
                                 (state.demolished(), state.active_ferry())))
    if got is None:
        return None
    entry, reach = got
    if type(reach) is not Reach or entry[3].get(to) is not a:
        return None
    return reach


def reach_path(reach: Reach, i: int) -> list[Hex]:
    """Reach.path to the hex of graph index `i` of the reach, found by index (in the compiled search's lists of
    the hexes touched and their predecessors while its predecessors are not made into a dict)."""
    hexes = reach.graph_hexes
    out = [hexes[i]]
    pending = reach.__dict__.get("_pending")
    if pending is not None:
        touched, before = pending
        at = touched.index
        while (i := before[at(i)]) >= 0:
            out.append(hexes[i])
    else:
        prev = reach.predecessors
        while (i := prev[i]) >= 0:
            out.append(hexes[i])
    out.reverse()
    return out


def listed_move(state: FMBoard, d: MoveChoice | GoOn, action: Action) -> Action | None:
    """The listed move a legal move stands for: the unit's move to the same hex by the cheapest path
    (5.1: any legal path may be taken; the legal list names one per destination); a listed action is
    itself; None when the action is not legal."""
    if not isinstance(action, Move):
        return action if action in state.legal_actions() else None
    if move_problem(state, d, action) is not None:
        return None
    end = action.path[-1]
    return next((a for a in state.legal_actions()
                 if isinstance(a, Move) and a.unit == action.unit and a.path[-1] == end), None)


class MoveStep(FMStep[MoveChoice]):
    """5.1, 11.1: a move, an entry, or the end of the phase."""

    decision = MoveChoice
    rule = rule_ref("5.1, 11.1")
    name = "move units, bring on reinforcements, or pass"

    def legal(self, state: FMBoard, d: MoveChoice) -> Listing:
        where = (state.demolished(), state.active_ferry())
        parts: list[Sequence[Action]] = [entries(state, d.player, d.mobile)]
        parts.extend(listed_moves(state, movers(state, d.player, d.mobile), where))
        parts.append((Pass(),))
        return Listing(parts)

    def is_legal(self, state: FMBoard, d: MoveChoice, action: Action) -> bool:
        if isinstance(action, Move):
            return move_problem(state, d, action) is None
        return action in state.legal_actions()

    def listed_as(self, state: FMBoard, d: MoveChoice, action: Action) -> Action | None:
        return listed_move(state, d, action)

    def explain(self, state: FMBoard, d: MoveChoice, action: Action) -> str:
        if isinstance(action, Move):
            problem = move_problem(state, d, action)
            if problem:
                return problem
        if isinstance(action, Enter):
            problem = entry_problem(state, d.player, d.mobile, action.unit, action.hex)
            if problem:
                return f"{action.text()}: {problem}"
        return super().explain(state, d, action)

    def apply(self, state: FMBoard, d: MoveChoice, action: Action) -> None:
        g = state.game
        if isinstance(action, Pass):
            return
        if isinstance(action, Enter):
            uid = action.unit
            h = g.hex(action.hex)
            assert h is not None
            enter(state, uid, h)
            if h in state.enemy_zoc(g.units[uid].side) and not g.is_mobile(uid):
                state.moved.add(uid)  # 6.1: a leg unit entering an EZOC stops
            if not d.mobile:
                state.moved_in_movement.add(uid)
            check_demolition(state, uid, h, d.player, d.mobile)
        else:
            assert isinstance(action, Move)
            walk(state, action, d.player, d.mobile)
        if state.pending_decision() is None:
            state.ask(MoveChoice(d.player, d.mobile))


class GoOnStep(FMStep[GoOn]):
    """10.6.3: after a demolition attempt the unit goes on with the MP it has left, or halts; it may not
    halt in a friend's hex (5.3) unless it can go nowhere, and then it ends in the last hex of its path
    that it could end in."""

    decision = GoOn
    rule = rule_ref("10.6.3, 5.3")
    name = "go on with the remaining MP or halt"

    def legal(self, state: FMBoard, d: GoOn) -> Listing:
        uid = d.unit
        moves: Sequence[Action] = ()
        if uid in state.position.hexes and not stopped_by_zoc(state, uid):
            moves = moves_of(state, uid)
        if not moves or not sharing(state, uid):
            return Listing([moves, (Halt(uid),)])
        return Listing([moves])

    def is_legal(self, state: FMBoard, d: GoOn, action: Action) -> bool:
        if isinstance(action, Move):
            return move_problem(state, d, action) is None
        return action in state.legal_actions()

    def listed_as(self, state: FMBoard, d: GoOn, action: Action) -> Action | None:
        return listed_move(state, d, action)

    def explain(self, state: FMBoard, d: GoOn, action: Action) -> str:
        if isinstance(action, Move):
            problem = move_problem(state, d, action)
            if problem:
                return problem
        return super().explain(state, d, action)

    def apply(self, state: FMBoard, d: GoOn, action: Action) -> None:
        uid = d.unit
        back = MoveChoice(d.player, d.mobile)
        if isinstance(action, Halt) or uid not in state.position.hexes:
            state.moved.add(uid)
            fallback = state.move_fallback.pop(uid, None)
            if uid in state.position.hexes and sharing(state, uid) and fallback is not None:
                state.place(uid, fallback)
                state.note(f"{uid} cannot end its move stacked with another unit and ends in "
                           f"{state.game.label(fallback)} {cite('5.3')}")
            state.ask(back)
            return
        assert isinstance(action, Move)
        walk(state, action, d.player, d.mobile)
        if state.pending_decision() is None:
            state.ask(back)


def reach_moves(reach: Reach, uid: str, labels: dict[Hex, str], hex_of: Callable[[str], Hex | None],
                ranks: list[int] | None = None, in_order: bool = False) -> MoveList:
    """A unit's moves from its reach (5.1): a Move along the cheapest path to every hex but the start, in
    the order of the hexes' labels, with the very paths the kernel's Reach.path gives (a hex entered
    across a printed ferry, 10.6.2: its landing path). The moves are listed by the graph indices of their
    destinations (`ranks`, the game's label_ranks, orders them as their labels; `in_order`: the graph's
    indices are in label order already). A move is made when the legal list is first read at it
    (kit.listing.Lazy), and spells its path out when that is first read (`route_labels`): of the hundreds
    of moves listed, a player takes one."""
    start = reach.start
    index = reach.index
    # shared by the unit's moves: (how, reach, labels, the paths spelled out so far by graph index)
    route: Route = (route_labels, reach, labels, {}, {})
    new = object.__new__
    # (an FMReach without landings reaches the search's hexes, whose labels' order the ranks give)
    touched = reach.touched() if ranks is not None and (
        type(reach) is Reach or (type(reach) is FMReach and not reach.landings)) else None
    if touched is not None:
        # the compiled search's hexes by graph index, sorted by the ranks of their labels (`ranks`, the
        # game's label_ranks: the order of the labels, without reading a label or hashing a hex)
        assert ranks is not None
        dests = sorted(touched) if in_order else sorted(touched, key=ranks.__getitem__)
        dests.remove(index[start])
    else:
        dests = [index[h] for h in sorted(reach.spent, key=labels.__getitem__) if h != start]

    def make(i: int) -> Action:
        mv = new(Move)  # Move(uid, path) without the frozen dataclass's setattr; the path comes later
        d = mv.__dict__
        d["unit"] = uid
        d["_route"] = route
        d["_to"] = i
        return mv

    def key_of(action: Action) -> int | None:
        """The destination of a move of this unit, as a graph index (None for any other action)."""
        if type(action) is not Move or action.unit != uid:
            return None
        to: int | None = action.__dict__.get("_to")
        if to is not None:
            return to
        h = hex_of(action.path[-1]) if action.path else None
        return index.get(h) if h is not None else None

    return dests, frozenset(dests), make, {}, key_of, route, index


# (how a path is spelled out, the reach, the labels, the paths spelled out so far and the hexes counted so
# far on the paths, by graph index)
Route = tuple[Any, Reach, dict[Hex, str], dict[int, tuple[str, ...]], dict[int, int]]


def route_labels(route: Route, i: int) -> tuple[str, ...]:
    """The labels of a listed move's path to the hex of graph index `i` (`route`: reach_moves'): the landing
    path across a printed ferry (10.6.2), else the kernel's cheapest path (Reach.path; also where an FMReach
    knows a landing in that hex, for the overland path), each path its predecessor's plus one hex, the paths
    already spelled out for the unit's other moves reused."""
    _how, reach, labels, known, _counted = route
    prev, hexes = reach.predecessors, reach.graph_hexes
    if isinstance(reach, FMReach) and hexes[i] in reach.landings:
        return tuple(labels[x] for x in reach.landings[hexes[i]])
    chain = []
    while i >= 0 and i not in known:
        chain.append(i)
        i = prev[i]
    path = known[i] if i >= 0 else ()
    for j in reversed(chain):
        path = known[j] = path + (labels[hexes[j]],)
    return path


def move_span(a: Move) -> tuple[str, str, int]:
    """A move's first and last hex labels and the number of hexes on its path, without spelling a listed
    move's path out (a bot weighing every listed move reads these only)."""
    d = a.__dict__
    route: Route | None = d.get("_route")
    if route is None:
        path = a.path
        return path[0], path[-1], len(path)
    return span_in(route, d["_to"])


def part_spans(part: Lazy) -> list[tuple[str, str, int]]:
    """`move_span` of each move of a unit's lazily listed moves (moves_of), in the list's order, without
    making the moves."""
    route: Route = part.source
    return [span_in(route, h) for h in part.keys]


def part_ends(part: Lazy) -> tuple[str, list[str], list[int]]:
    """Of a unit's lazily listed moves (moves_of), without making them: the label of the hex their paths
    start in, and for each move in the list's order the label of its last hex and the number of hexes on
    its path (`part_spans`' figures, in one pass)."""
    _how, reach, labels, known, counted = part.source
    landings = reach.landings if isinstance(reach, FMReach) else None
    prev, hexes = reach.predecessors, reach.graph_hexes
    lengths: list[int] = []
    add = lengths.append
    for i in part.keys:
        if landings and hexes[i] in landings:
            add(len(landings[hexes[i]]))
            continue
        n = counted.get(i)
        add(n if n is not None else _hexes_to(i, prev, known, counted))
    return labels[reach.start], [labels[hexes[i]] for i in part.keys], lengths


def span_in(route: Route, i: int) -> tuple[str, str, int]:
    """The first and last labels and the number of hexes of the path to the hex of graph index `i` in
    `route` (route_labels')."""
    _how, reach, labels, known, counted = route
    h = reach.graph_hexes[i]
    if isinstance(reach, FMReach) and h in reach.landings:
        hexes = reach.landings[h]
        return labels[hexes[0]], labels[hexes[-1]], len(hexes)
    return labels[reach.start], labels[h], _hexes_to(i, reach.predecessors, known, counted)


def _hexes_to(i: int, prev: Any, known: dict[int, tuple[str, ...]], counted: dict[int, int]) -> int:
    """The number of hexes on the search's path to graph index `i`: counted back along `prev` to a hex
    counted or spelled out before (`known`), each hex on the way counted for the next time."""
    chain = []
    while i >= 0 and i not in counted:
        if i in known:
            counted[i] = len(known[i])
            break
        chain.append(i)
        i = prev[i]
    n = counted[i] if i >= 0 else 0
    for j in reversed(chain):
        n = counted[j] = n + 1
    return n


def _mp(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:g}"


STEPS = (MoveStep(), GoOnStep())
