"""A heuristic bot for the Koenig family (Paul Koenig's Market-Garden, 002_fe1216aa5df94854.txt),
through the protocol.

It reads the typed actions (rules/koenig/actions.py), the scenario's Victory Point schedule (exclusive
12.0, as data), the state's `snapshot()` (each unit's side, status, hex and Hits: what the victory schedule
reads) and, for fire, the exact odds of the Attack Factor the fire would roll if it were declared and no
support committed (`KoenigState.declared_af`; what declaring it on a clone gives, `fire_chance_by_trial`). What
it works out is kept: distances by hex per set of objectives for the game, its view of the position brought up
to date from the units changed since it last looked. Its play:

* Operations (7.0, 8.0): a fire (9.0) with a good chance of a Hit first; otherwise the move that brings
  a unit closest to an objective hex its side does not hold yet (the VP hexes); a unit that must exit
  for a VP line (the Recon/9th, exclusive 12.0) heads for the bottom edge and exits; close combat
  (10.0) only when the mover is stronger than the hex's defenders; a unit on an objective stays. An
  exiting unit's distance to the bottom edge is counted in steps a unit may take (`exit_steps`: not across
  a river hexside without a bridge, 8.1), so the Recon/9th heads for Arnhem Bridge, the one crossing of
  the Lower Rhine, instead of the river bank nearest the edge.
* Support (9.0): the most points allowed. Hits (9.2.2): an own unit with the fewest Hits, an enemy
  unit with the most. Retreats (9.2.3, 11.0): stay when allowed, capture (11.2) when offered, else the
  adjacent hex nearest the objectives and away from the enemy, never off the map if avoidable.
* German Redeployment (4.0): toward the objectives.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from itertools import compress, groupby
from operator import attrgetter
from typing import Protocol, TypeVar, cast, runtime_checkable

from ..hexgrid import Hex, hex_distance, hex_neighbors
from ..model.hexmap import HexMap
from ..model.scenario import Scenario
from ..movement.costs import edge_cost
from ..rules.kit import Position
from ..rules.koenig.actions import (
    OFF,
    Accept,
    Capture,
    CombinedMove,
    Done,
    End,
    Fire,
    FireAttack,
    Hit,
    KoenigAction,
    MobileFire,
    Move,
    Pass,
    Redeploy,
    Retreat,
    Stay,
    Support,
    UnitMove,
)
from ..rules.koenig.combat import fire_distribution
from ..rules.koenig.victory import ON_MAP, UnitSnapshot
from ..rules.protocol import CHANCE, Action, GameState
from .base import best_per_group
from .objectives import Objectives

GOOD_FIRE = 0.5  # P(Hit) at which a fire goes before any move
FAIR_FIRE = 0.3
A = TypeVar("A", bound=Action)
Snapshot = Mapping[str, UnitSnapshot]
Occupancy = dict[Hex, list[str]]


@runtime_checkable
class KoenigView(Protocol):
    """What the bot reads of a Koenig state besides the protocol: the units as the victory schedule sees them."""

    current_player: str

    def legal_actions(self) -> list[Action]: ...

    def snapshot(self) -> Snapshot: ...


def _by_kind(actions: Sequence[Action]) -> dict[type, list[Action]]:
    """The actions of each class, in their order (`of_kind` of a leaf class, every class in one pass over the
    runs of actions of one class)."""
    out: dict[type, list[Action]] = {}
    for t, run in groupby(actions, type):
        got = out.get(t)
        if got is None:
            out[t] = list(run)
        else:
            got.extend(run)
    return out


_unit = attrgetter("unit")


def _chance(dist: Mapping[str, Fraction]) -> float:
    """P(Hit) + 0.3 P(Exchange) of a fire's result distribution (9.0), the worth of a fire to the bot."""
    hit = sum(float(p) for r, p in dist.items() if str(r).lower() == "hit")
    exchange = sum(float(p) for r, p in dist.items() if str(r).lower().startswith("exchange"))
    return hit + 0.3 * exchange


def fire_chance_by_trial(state: GameState, a: Action) -> float:
    """`KoenigHeuristicBot._fire_chance` the long way, as the bot once worked it out: clone the state, declare
    the fire, commit no support and read the battle's odds (`result_distribution`); the tests compare the two."""
    from ..rules.koenig.state import KoenigState

    trial = state.clone()
    trial.apply(a)
    for _ in range(6):
        if trial.is_terminal() or trial.current_player == CHANCE:
            break
        zero = [x for x in trial.legal_actions() if x == Support(0)]
        if not zero:
            break
        trial.apply(zero[0])
    if trial.current_player != CHANCE or not isinstance(trial, KoenigState) or trial.battle is None:
        return 0.0
    return _chance(trial.result_distribution())


def _step_open(m: HexMap, cls: str, a: Hex, b: Hex) -> bool:
    """Whether a unit of movement class `cls` may step from `a` into the adjacent `b` at all (8.1: not across a
    river hexside without a bridge, not into prohibited terrain), whatever it costs."""
    return edge_cost(m, a, b, cls) is not None


def _ground(m: HexMap) -> str:
    """The movement class the family's games move by (engine/rules/koenig/game.py: the table's first)."""
    classes = m.terrain_table.movement_classes
    return classes[0] if classes else "ground"


def exit_steps(m: HexMap, exits: Sequence[Hex]) -> dict[Hex, int]:
    """Each hex's number of steps to the nearest of `exits` (the bottom edge's hexes) by steps a unit may
    take (`_step_open`), breadth first from the edge; hexes with no way there are left out."""
    cls = _ground(m)
    out = dict.fromkeys(exits, 0)
    todo = deque(exits)
    while todo:
        h = todo.popleft()
        for n in m.neighbors_on_map(h):
            if n not in out and _step_open(m, cls, n, h):
                out[n] = out[h] + 1
                todo.append(n)
    return out


def exit_steps_fresh(m: HexMap, exits: Sequence[Hex], h: Hex) -> float:
    """`exit_steps` of one hex, searched from `h` (the tests compare the two); 99 where none leads there, 0
    with no exits."""
    if not exits:
        return 0.0
    cls = _ground(m)
    goal = set(exits)
    seen = {h: 0}
    todo = deque([h])
    while todo:
        x = todo.popleft()
        if x in goal:
            return float(seen[x])
        for n in m.neighbors_on_map(x):
            if n not in seen and _step_open(m, cls, x, n):
                seen[n] = seen[x] + 1
                todo.append(n)
    return 99.0


def _strength(sc: Scenario, uid: str, hits: int) -> float:
    return max(0.0, float(sc.units[uid].values.get("strength", 0) or 0) - hits)


class KoenigHeuristicBot:
    name = "heuristic"

    def __init__(self, scenario: Scenario, seed: int = 0) -> None:
        self.scenario = scenario
        self.map = scenario.map
        self.objectives = Objectives.of(scenario)
        self._rng = random.Random(seed)
        self._distances: tuple[Snapshot | None, dict[tuple[str, str, Hex], float]] = (None, {})
        # a snapshot's objective hexes by side: those free of the side's units, and those one unit holds alone
        self._held: tuple[Snapshot | None, dict[str, tuple[list[Hex], dict[str, list[Hex]]]]] = (None, {})
        # hex -> distance tables, one per set of objective hexes a unit heads for, and the exit table (made
        # as they are read, kept for the game: the map and the objectives do not change)
        self._tables: dict[frozenset[Hex], dict[Hex, float]] = {}
        self._all_objectives = frozenset(self.objectives.hexes)
        self._exit_table: dict[Hex, float] = {}
        self._odds: dict[int, float] = {}  # a fire's Attack Factor -> its chance (_fire_chance)
        self._seen: tuple[object, int, Snapshot, Occupancy] = (None, -1, {}, {})  # _view's last
        self._hexes: dict[str, Hex | None] = {}  # a hex label -> its hex (_hex; the map does not change)
        self._views: set[type] = set()  # the state classes found to be KoenigViews
        self._busy_memo: tuple[Snapshot | None, frozenset[str]] = (None, frozenset())
        self._hostile_memo: tuple[Snapshot | None, dict[str, frozenset[str]]] = (None, {})
        self._order = {uid: i for i, uid in enumerate(scenario.units)}  # the scenario's order (_view_update)
        # id of a distance table -> (the table, its entries by hex label): _move_gains (kept with the table)
        self._label_tables: dict[int, tuple[dict[Hex, float], dict[str, float]]] = {}
        # units that a VP line wants off the map by movement (exit conditions name them)
        self.exiters = {uid for v in scenario.victory if v.kind == "exit" for uid in v.units.get("ids", [])}
        try:
            self.exit_hexes = self.map.edge_side_hexes("bottom")
        except ValueError:
            self.exit_hexes = []
        self._exit_steps: dict[Hex, int] | None = None  # exit_steps, made when first read

    def _hex(self, label: str | None) -> Hex | None:
        if not label:
            return None
        try:
            return self._hexes[label]
        except KeyError:
            got = self._hexes[label] = self.map.hex_at(label) if label != OFF else None
            return got

    def _is_view(self, state: GameState) -> bool:
        """isinstance(state, KoenigView), kept by the state's class (a Protocol's isinstance is slow)."""
        t = type(state)
        if t in self._views:
            return True
        ok = isinstance(state, KoenigView)
        if ok:
            self._views.add(t)
        return ok

    def _best(self, scored: list[tuple[float, A]]) -> tuple[float, A | None]:
        if not scored:
            return float("-inf"), None
        top = max(s for s, _ in scored)
        ties = [a for s, a in scored if s >= top - 1e-9]
        return top, ties[self._rng.randrange(len(ties))]

    # -- position -----------------------------------------------------------------------------
    def _view(self, state: KoenigView) -> tuple[Snapshot, Occupancy]:
        """The units as the victory schedule sees them and the hexes they are in; kept while the state's
        position is the same object at the same revision (every change of a kit `Position` bumps it), so a
        support, a roll or a Hit's answer in the same position reads them again (and the distances kept
        with the snapshot)."""
        pos: Position | None = getattr(state, "position", None)
        memo = self._seen
        if pos is not None and memo[0] is pos:
            revision = pos.revision
            if memo[1] == revision:
                return memo[2], memo[3]
            # the same position later in the game (a game, a simulation): the units changed since then
            changed = pos.units_changed_since(memo[1])
            some = getattr(state, "snapshot_of", None)
            if changed is not None and None not in changed and some is not None:
                got = self._view_update(memo[2], memo[3], cast("list[str]", changed), some)
                if got is not None:
                    self._seen = (pos, revision, *got)
                    return got
        snap, occ = self._view_now(state)
        if pos is not None:
            self._seen = (pos, pos.revision, snap, occ)
        return snap, occ

    def _view_update(self, old: Snapshot, old_occ: Occupancy, changed: list[str],
                     snapshot_of: Callable[[list[str]], Snapshot]) -> tuple[Snapshot, Occupancy] | None:
        """`_view_now` from the view of an earlier revision of the same position and the units changed since:
        those units' snapshots made again, the hexes they left and entered listed again (in the scenario's
        order, as `_view_now` lists them). None if a changed unit is not in the earlier view."""
        units = list(dict.fromkeys(changed))
        if any(uid not in old for uid in units):
            return None
        fresh = snapshot_of(units)
        snap = dict(old)
        snap.update(fresh)
        occ = dict(old_occ)
        touched: set[Hex] = set()
        for uid in units:
            for u in (old[uid], fresh[uid]):
                if u.status == ON_MAP and u.hex:
                    h = self._hex(u.hex)
                    if h is not None:
                        touched.add(h)
        moved = set(units)
        order = self._order
        for h in touched:
            here = [x for x in old_occ.get(h, ()) if x not in moved]
            here += [x for x in units if fresh[x].status == ON_MAP and fresh[x].hex and self._hex(fresh[x].hex) == h]
            if here:
                here.sort(key=order.__getitem__)
                occ[h] = here
            else:
                occ.pop(h, None)
        return snap, occ

    def _view_now(self, state: KoenigView) -> tuple[Snapshot, Occupancy]:
        snap = state.snapshot()
        occ: Occupancy = {}
        for uid, u in snap.items():
            if u.status == ON_MAP and u.hex:
                h = self._hex(u.hex)
                if h is not None:
                    occ.setdefault(h, []).append(uid)
        return snap, occ

    def _target_distance(self, side: str, uid: str, h: Hex | None, snap: Snapshot, occ: Occupancy) -> float:
        if h is None:
            return 99.0
        memo = self._distances
        if memo[0] is not snap:  # one decision's snapshot: the distances hold while it does
            memo = self._distances = (snap, {})
        key = (side, uid, h)
        got = memo[1].get(key)
        if got is None:
            got = memo[1][key] = self._target_distance_now(side, uid, h, snap, occ)
        return got

    def _target_distance_now(self, side: str, uid: str, h: Hex, snap: Snapshot, occ: Occupancy) -> float:
        """The distance from `h` to the nearest objective hex that no other unit of `side` holds (each less a
        tenth of its weight), or to the nearest of all when every one is held; an exiting unit's distance to
        the bottom edge. Read from tables by hex made once a game for each set of such objectives."""
        targets, table = self._table(side, uid, snap, occ)
        got = table.get(h)
        if got is None:
            got = table[h] = self._distance_to(h, targets)
        return got

    def _table(self, side: str, uid: str, snap: Snapshot,
               occ: Occupancy) -> tuple[frozenset[Hex] | None, dict[Hex, float]]:
        """The objective hexes unit `uid` of `side` heads for in this snapshot (None: the bottom edge, an
        exiting unit's) and their distance table, kept for the game."""
        if uid in self.exiters:
            return None, self._exit_table
        targets = self._targets(side, uid, snap, occ)
        table = self._tables.get(targets)
        if table is None:
            if len(self._tables) > 512:  # more target sets than a game has: start again
                self._tables.clear()
                self._label_tables.clear()
            table = self._tables[targets] = {}
        return targets, table

    def exit_distance(self, h: Hex) -> float:
        """The steps from `h` to the bottom edge for an exiting unit (`exit_steps`); 99 where none leads there."""
        steps = self._exit_steps
        if steps is None:
            steps = self._exit_steps = exit_steps(self.map, self.exit_hexes)
        return float(steps.get(h, 99))

    def _distance_to(self, h: Hex, targets: frozenset[Hex] | None) -> float:
        """A table's entry for `h`, worked out as `_target_distance_fresh` does: the nearest of `targets`, or
        the exit distance when None."""
        if targets is None:
            return self.exit_distance(h) if self.exit_hexes else 0.0
        if not targets:
            return 0.0
        weight = self.objectives.weight
        return float(min(hex_distance(h, o) - 0.1 * weight.get(o, 1.0) for o in targets))

    def _targets(self, side: str, uid: str, snap: Snapshot, occ: Occupancy) -> frozenset[Hex]:
        """The objective hexes a unit `uid` of `side` heads for in this snapshot: those no other unit of its
        side holds, or all of them when every one is held."""
        held = self._held
        if held[0] is not snap:
            held = self._held = (snap, {})
        got = held[1].get(side)
        if got is None:  # objective hexes free of `side`'s units, and those held by one unit of it alone
            free: list[Hex] = []
            alone: dict[str, list[Hex]] = {}
            for o in self.objectives.hexes:
                own = [x for x in occ.get(o, []) if snap[x].side == side]
                if not own:
                    free.append(o)
                elif len(own) == 1:
                    alone.setdefault(own[0], []).append(o)
            got = held[1][side] = (free, alone)
        free, alone = got
        mine = alone.get(uid)
        return frozenset(free + mine if mine else free) or self._all_objectives

    def _target_distance_fresh(self, side: str, uid: str, h: Hex, snap: Snapshot, occ: Occupancy) -> float:
        """`_target_distance_now` worked out from scratch (the tests compare the two)."""
        if uid in self.exiters:
            return exit_steps_fresh(self.map, self.exit_hexes, h)
        free = [o for o in self.objectives.hexes
                if not any(snap[x].side == side and x != uid for x in occ.get(o, []))]
        targets = free or self.objectives.hexes
        if not targets:
            return 0.0
        return float(min(hex_distance(h, o) - 0.1 * self.objectives.weight.get(o, 1.0) for o in targets))

    def _fire_chance(self, state: GameState, a: FireAttack) -> float:
        """P(Hit) of declaring this fire with no support committed (9.0), plus 0.3 of P(Exchange): the odds
        of the Attack Factor the state says the declared fire would roll (`KoenigState.declared_af`, what
        declaring it on a clone and committing no points gives: `fire_chance_by_trial`), kept by AF."""
        from ..rules.koenig.state import KoenigState

        if not isinstance(state, KoenigState):
            return 0.0
        af = state.declared_af(a)
        got = self._odds.get(af)
        if got is None:
            got = self._odds[af] = _chance(fire_distribution(af))
        return got

    # -- the decision --------------------------------------------------------------------------
    def choose(self, state: GameState) -> Action:
        actions = state.legal_actions()
        if not actions:
            raise ValueError(f"no legal action in {state.phase}")
        if len(actions) == 1:
            return actions[0]
        if not self._is_view(state):
            raise TypeError(f"the Koenig heuristic reads Koenig states, not {type(state).__name__}")
        side = state.current_player
        snap, occ = self._view(cast(KoenigView, state))
        kind = _by_kind(actions)  # the actions of each class, in their order (the kinds below are leaf classes)
        nothing: list[Action] = []

        supports = cast("list[Support]", kind.get(Support, nothing))
        if supports:
            plain = [a for a in supports if not a.lead]
            return max(plain or supports, key=lambda a: a.points)
        accept = kind.get(Accept)
        if accept:
            return accept[0]
        hits = cast("list[Hit]", kind.get(Hit, nothing))
        if hits:
            def hit_score(a: Hit) -> float:
                u = snap[a.unit]
                return float(-u.hits if u.side == side else u.hits)
            return self._pick([(hit_score(a), a) for a in hits])
        for answer in (Capture, Stay):
            found = kind.get(answer)
            if found:
                return found[0]
        retreats = cast("list[Retreat]", kind.get(Retreat, nothing))
        if retreats:
            def retreat_score(a: Retreat) -> float:
                h = self._hex(a.dest)
                if h is None:
                    return -1000.0
                enemies = sum(1 for n in hex_neighbors(h) for x in occ.get(n, []) if snap[x].side != side)
                return -self._target_distance(side, a.unit, h, snap, occ) - 2.0 * enemies
            return self._pick([(retreat_score(a), a) for a in retreats])

        fires = cast("list[FireAttack]", [*kind.get(Fire, nothing), *kind.get(MobileFire, nothing)])
        fire_score, fire = self._best([(self._fire_chance(state, a), a) for a in fires])
        if fire is not None and fire_score >= GOOD_FIRE:
            return fire
        moving = cast("list[UnitMove]", [*kind.get(Move, nothing), *kind.get(CombinedMove, nothing),
                                         *kind.get(Redeploy, nothing)])
        if moving:
            score, best = self._best_of(self._move_gains(side, moving, snap, occ), moving)
            if best is not None and score > 0:
                return best
        if fire is not None and fire_score >= FAIR_FIRE:
            return fire
        for ending in (End, Done, Pass):
            over = kind.get(ending)
            if over:
                return over[0]
        quiet = [a for a in actions if not (isinstance(a, KoenigAction) and a.verb.startswith("lead"))]
        pool = quiet or actions
        return pool[self._rng.randrange(len(pool))]

    def candidates(self, state: GameState, k: int) -> list[Action]:
        """The search's candidate set of an operation (7.0, 8.0) or a Redeployment (4.0) with many options,
        by this bot's own scores (no random tie-break drawn, so its own choices are untouched): the fire
        with the best P(Hit) (9.0), the best move of each unit (by `_move_gains`), best first, `k - 1` in
        all, then the option to end (End, Done, Pass). Empty at any other decision."""
        if not self._is_view(state):
            return []
        actions = state.legal_actions()
        kind = _by_kind(actions)
        nothing: list[Action] = []
        moving = cast("list[UnitMove]", [*kind.get(Move, nothing), *kind.get(CombinedMove, nothing),
                                         *kind.get(Redeploy, nothing)])
        fires = cast("list[FireAttack]", [*kind.get(Fire, nothing), *kind.get(MobileFire, nothing)])
        if not moving and not fires:
            return []
        side = state.current_player
        snap, occ = self._view(cast(KoenigView, state))
        out: list[Action] = []
        if fires:
            out += best_per_group([(self._fire_chance(state, a), a) for a in fires], lambda a: "fire", 1)
        gains = self._move_gains(side, moving, snap, occ)
        best_moves: list[UnitMove] = best_per_group(list(zip(gains, moving, strict=True)), lambda a: a.unit,
                                                    k - 1 - len(out))
        out += best_moves
        for ending in (End, Done, Pass):
            over = kind.get(ending)
            if over:
                out.append(over[0])
                break
        return out

    def _best_of(self, scores: list[float], options: list[A]) -> tuple[float, A | None]:
        """`_best` of `options` scored by `scores` (the same order): the same choice, the same draw."""
        if not scores:
            return float("-inf"), None
        top = max(scores)
        ties = list(compress(options, map((top - 1e-9).__le__, scores)))  # those scoring >= top - 1e-9, in order
        return top, ties[self._rng.randrange(len(ties))]

    def _pick(self, scored: list[tuple[float, A]]) -> A:
        _score, best = self._best(scored)
        assert best is not None
        return best

    def _move_gain_fresh(self, side: str, a: UnitMove, snap: Snapshot, occ: Occupancy) -> float:
        """The gain of one move worked out from scratch (the tests compare `_move_gains` with it): how much
        nearer its objectives the unit ends; never a close combat (10.0) it is not clearly stronger for."""
        uid = a.unit
        u = snap.get(uid)
        if a.dest == OFF:
            return 100.0 if uid in self.exiters else -100.0
        here = self._hex(u.hex) if u is not None and u.status == ON_MAP else None
        there = self._hex(a.dest)
        if there is None:
            return -100.0
        defenders = [x for x in occ.get(there, []) if snap[x].side != side]
        if defenders:  # close combat (10.0): only when clearly stronger
            mine = _strength(self.scenario, uid, u.hits if u else 0)
            theirs = sum(_strength(self.scenario, x, snap[x].hits) for x in defenders)
            if mine <= theirs + 1:
                return -100.0
        before = self._target_distance_fresh(side, uid, here, snap, occ) if here is not None else 30.0
        after = self._target_distance_fresh(side, uid, there, snap, occ)
        return before - after

    def _move_gains(self, side: str, moving: list[UnitMove], snap: Snapshot, occ: Occupancy) -> list[float]:
        """`_move_gain_fresh` of each of `moving`, in order: the same arithmetic, with each unit's distance table
        and distance from where it is looked up once for each run of its moves. A run whose destinations'
        distances are all known is read from the unit's table by label at once, each move into an enemy hex
        (or off the map) worked out on its own (`_hostile_gain`); any other run move by move."""
        out: list[float] = []
        hostile = self._hostile(snap, side)  # labels of the hexes holding the enemy, and OFF
        for uid, group in groupby(moving, _unit):
            run = list(group)
            dests = [a.dest for a in run]
            u = snap.get(uid)
            if u is not None and u.status == ON_MAP:
                targets, table = self._table(side, uid, snap, occ)
                got = self._label_tables.get(id(table))
                if got is not None:
                    by_label = got[1]
                    here = self._hex(u.hex)
                    before = self._target_distance(side, uid, here, snap, occ) if here is not None else 30.0
                    try:
                        if hostile.isdisjoint(dests):
                            out += [before - by_label[d] for d in dests]
                            continue
                        gains = [0.0 if d in hostile else before - by_label[d] for d in dests]
                    except KeyError:  # a hex not read before: worked out below
                        pass
                    else:
                        for i, d in enumerate(dests):
                            if d in hostile:
                                gains[i] = self._hostile_gain(side, run[i], u, before, targets, table, by_label,
                                                              snap, occ)
                        out += gains
                        continue
            out += self._move_gains_run(side, run, snap, occ)
        return out

    def _hostile_gain(self, side: str, a: UnitMove, u: UnitSnapshot, before: float, targets: frozenset[Hex] | None,
                      table: dict[Hex, float], by_label: dict[str, float], snap: Snapshot, occ: Occupancy) -> float:
        """`_move_gains_run`'s gain of one move of a unit on the map (`u`, its distance `before`) off the map or
        into a hex holding the enemy: a close combat (10.0) only when clearly stronger."""
        dest = a.dest
        if dest == OFF:
            return 100.0 if a.unit in self.exiters else -100.0
        there = self._hex(dest)
        if there is None:
            return -100.0
        defenders = [x for x in occ.get(there, ()) if snap[x].side != side]
        if defenders:
            mine = _strength(self.scenario, a.unit, u.hits)
            theirs = sum(_strength(self.scenario, x, snap[x].hits) for x in defenders)
            if mine <= theirs + 1:
                return -100.0
        after = table.get(there)
        if after is None:
            after = table[there] = self._distance_to(there, targets)
        by_label[dest] = after
        return before - after

    def _move_gains_run(self, side: str, moving: list[UnitMove], snap: Snapshot, occ: Occupancy) -> list[float]:
        """`_move_gains` move by move."""
        out: list[float] = []
        exiters = self.exiters
        sc = self.scenario
        hexes = self._hexes
        last = ""  # the unit of the move before (a unit's moves come together): its distances below
        before = 0.0
        table: dict[Hex, float] = {}
        by_label: dict[str, float] = {}  # the same distances by the hex's label
        targets: frozenset[Hex] | None = None
        busy = self._busy(snap)  # labels of the hexes holding units, and OFF: the moves that need a closer look
        for a in moving:
            uid = a.unit
            dest = a.dest
            if uid == last and dest not in busy:
                after = by_label.get(dest)
                if after is not None:
                    out.append(before - after)
                    continue
            if dest == OFF:
                out.append(100.0 if uid in exiters else -100.0)
                continue
            there = hexes.get(dest)
            if there is None:
                there = self._hex(dest)
                if there is None:
                    out.append(-100.0)
                    continue
            here_in = occ.get(there)
            if here_in:
                defenders = [x for x in here_in if snap[x].side != side]
                if defenders:  # close combat (10.0): only when clearly stronger
                    u = snap.get(uid)
                    mine = _strength(sc, uid, u.hits if u else 0)
                    theirs = sum(_strength(sc, x, snap[x].hits) for x in defenders)
                    if mine <= theirs + 1:
                        out.append(-100.0)
                        continue
            if uid != last:
                last = uid
                u = snap.get(uid)
                targets, table = self._table(side, uid, snap, occ)
                by_label = self._label_tables.setdefault(id(table), (table, {}))[1]
                here = self._hex(u.hex) if u is not None and u.status == ON_MAP else None
                before = self._target_distance(side, uid, here, snap, occ) if here is not None else 30.0
            after = table.get(there)
            if after is None:
                after = table[there] = self._distance_to(there, targets)
            by_label[dest] = after
            out.append(before - after)
        return out

    def _hostile(self, snap: Snapshot, side: str) -> frozenset[str]:
        """The labels of the hexes holding a unit not of `side` in `snap`, and OFF (kept with the snapshot)."""
        memo = self._hostile_memo
        if memo[0] is not snap:
            memo = self._hostile_memo = (snap, {})
        got = memo[1].get(side)
        if got is None:
            labels = {u.hex for u in snap.values() if u.status == ON_MAP and u.hex and u.side != side}
            got = memo[1][side] = frozenset([*labels, OFF])
        return got

    def _busy(self, snap: Snapshot) -> frozenset[str]:
        """The labels of the hexes holding a unit in `snap`, and OFF (kept with the snapshot)."""
        memo = self._busy_memo
        if memo[0] is not snap:
            labels = {u.hex for u in snap.values() if u.status == ON_MAP and u.hex}
            memo = self._busy_memo = (snap, frozenset([*labels, OFF]))
        return memo[1]
