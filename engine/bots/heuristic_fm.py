"""A heuristic bot for the Fire & Movement family (000_e5c3deafb2cea4af.txt), through the protocol.

It reads only the legal actions (typed, rules/fm/actions.py), the scenario's victory conditions (as
data), and the F&M state's typed queries `occupant(hex)`, `current_values(unit)`, `is_depleted(unit)`
and `result_distribution` (the exact CRT odds of an attack, rules/chance.combat_odds). Its play:

* Movement (5.x), entry (11.1), landing (11.4), set-up (12.0), advance after combat (8.5): the move
  that brings a unit closest to the objective hexes (11.5 occupy hexes); units that do not count for
  the side's occupy conditions (F&M 11.5: airborne units) aim next to the objectives, not onto them,
  so they do not block the units that count. A unit already on an objective stays.
* Attacks (8.2): the attack with the best expected value over the exact CRT distribution, if it is
  favourable (hopeless ones are passed); support fire markers (8.2.1 b) committed strongest first to
  the bot's side of a combat; bombardment (8.1) is passed (markers are kept for ground combat).
* Step losses (8.2.4): the unit that survives a depletion, weakest first. Retreats (8.3): the full
  path ending farthest from enemy units; stiff resistance (8.4) to hold an objective hex when the unit
  survives the depletion.
* Demolitions (10.6.3) always tried; engineers repair (10.6.4) before ferrying (10.6.5).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar, cast

from ..hexgrid import Hex, hex_distance
from ..model.scenario import Scenario
from ..rules.fm.actions import (
    Advance,
    Attack,
    Bombard,
    Commit,
    Demolish,
    Deplete,
    Displace,
    DrawSplit,
    Enter,
    Ferry,
    Halt,
    Land,
    Move,
    Pass,
    Repair,
    Retreat,
    Setup,
    ShiftDropZone,
    Stiff,
)
from ..rules.fm.movement import move_span, part_ends
from ..rules.fm.state import FMState
from ..rules.kit.listing import Lazy, Listing
from ..rules.protocol import Action, GameState
from .base import best_per_group, is_kind, kinds_of, of_kind
from .objectives import Objectives

# the attacker's gain of each CRT result (8.2.4), in units of one enemy unit eliminated
RESULT_VALUE = {"De": 1.0, "D3": 0.6, "D2": 0.5, "Ex": 0.15, "•": 0.0, "(A)": -0.3, "A1": -0.2, "A2": -0.25,
                "A3": -0.3}
ATTACK_THRESHOLD = 0.1

A = TypeVar("A", bound=Action)
Placing = Move | Enter | Land | Setup | Advance | Displace
# a group of a decision's placing actions: its best value; a unit's lazily listed moves with their values
# in order, or None with the actions and their values
Group = tuple[float, Any, list[Any]]


def _marker_value(token: str) -> int:
    try:
        return int(token.split(":", 1)[0])
    except ValueError:
        return 0


# the action classes the bot asks a decision for; of a decision's classes, those that are (or derive from) one
# of them, by the decision's classes (_kinds_present)
_ASKED = (Demolish, Repair, Ferry, Attack, Bombard, Commit, Deplete, Retreat, Stiff, Enter, Land, Setup, Advance,
          Displace, Halt, DrawSplit, ShiftDropZone, Move)
_PRESENT: dict[frozenset[type], frozenset[type]] = {}


def _kinds_present(present: set[type]) -> frozenset[type]:
    """The classes of `_ASKED` that a decision whose actions are of the classes `present` has actions of (an
    `of_kind` of any other is empty), kept by the set of classes: a bot asks them at every decision."""
    key = frozenset(present)
    got = _PRESENT.get(key)
    if got is None:
        got = _PRESENT[key] = frozenset(k for k in _ASKED if any(is_kind(t, k) for t in present))
    return got


def _of_kind(actions: Sequence[Action], kind: type[A], present: set[type], has: frozenset[type]) -> list[A]:
    """`of_kind(actions, kind)` of a decision whose actions' classes are `present` (`has`: _kinds_present's):
    empty at once where none is a `kind`; the whole list where every one is; else by class."""
    if kind not in has:
        return []
    if type(actions) is Listing:
        return cast("list[A]", actions.of_kind(kind))
    ok = {t for t in present if is_kind(t, kind)}
    if len(ok) == len(present):
        return cast("list[A]", list(actions))
    return cast("list[A]", [a for a in actions if type(a) in ok])


class FMHeuristicBot:
    name = "heuristic"

    def __init__(self, scenario: Scenario, seed: int = 0) -> None:
        self.scenario = scenario
        self.map = scenario.map
        self.objectives = Objectives.of(scenario)
        self._rng = random.Random(seed)
        self._counts: dict[str, bool] = {}
        self._distance: dict[str, int] = {}  # hex label -> hexes to the nearest objective
        self._path_values: dict[int, tuple[Action, float]] = {}  # id(a move) -> (the move, its value)
        # id(a unit's lazily listed moves) -> (the part, its group): _lazy_group
        self._part_values: dict[int, tuple[Lazy, Group]] = {}
        # id(the source of a unit's lazily listed moves) -> (the source, destination -> value): _lazy_group
        self._route_values: dict[int, tuple[Any, dict[Any, float]]] = {}
        # id(a lazily listed part's keys) -> (the keys, their values in order, the best): _lazy_group (the rules
        # hand the same list of destinations to parts over the same reach and vacant hexes)
        self._keys_values: dict[int, tuple[Any, list[float], float]] = {}
        self._unit_aims: dict[str, dict[str, float]] = {}  # uid -> hex label -> _aim (_aims_of)
        self._attack_values: dict[tuple[Any, ...], float] = {}  # _attack_value, by all it reads
        self._path_kinds: dict[type, bool] = {}  # _by_path, per action class

    # -- helpers -----------------------------------------------------------------------------
    def _hex(self, label: str) -> Hex | None:
        return self.map.hex_at(label)

    def _counts_for_victory(self, state: FMState, uid: str) -> bool:
        got = self._counts.get(uid)
        if got is None:
            u = self.scenario.units.get(uid)
            if u is None:  # a marker (a drop zone set up in 12.0): aimed at the objectives themselves
                return True
            flags = set(u.flags)
            if state.game.is_airborne(uid):
                flags.add("airborne")
            got = self._counts[uid] = self.objectives.counts_for(u.side, flags)
        return got

    def _aim(self, state: FMState, uid: str, label: str) -> float:
        """How far a unit at `label` is from where it should be (lower is better)."""
        d = self._distance.get(label)
        if d is None:
            d = self._distance[label] = self.objectives.distance(self._hex(label))
        if d >= 99:
            return 0.0
        if self._counts_for_victory(state, uid):
            return float(d)
        return float(abs(d - 1) + (2 if d == 0 else 0))

    def _aims_of(self, state: FMState, uid: str) -> dict[str, float]:
        """`_aim` of the unit at each hex label asked so far (it depends on the unit and the hex only)."""
        got = self._unit_aims.get(uid)
        if got is None:
            got = self._unit_aims[uid] = {}
        return got

    def _enemies_adjacent(self, state: FMState, side: str, h: Hex | None) -> int:
        if h is None:
            return 0
        n = 0
        occupant = state.occupancy().get  # (state.occupant of each hex)
        units = self.scenario.units
        for x in state.game.adjacent(h):
            uid = occupant(x)
            if uid is not None and units[uid].side != side:
                n += 1
        return n

    def _best(self, scored: list[tuple[float, A]]) -> tuple[float, A | None]:
        if not scored:
            return float("-inf"), None
        top = max(s for s, _ in scored)
        ties = [a for s, a in scored if s >= top - 1e-9]
        return top, ties[self._rng.randrange(len(ties))]

    # -- the decision --------------------------------------------------------------------------
    def choose(self, state: GameState) -> Action:
        actions = state.legal_actions()
        if not actions:
            raise ValueError(f"no legal action in {state.phase}")
        if not isinstance(state, FMState):
            raise TypeError(f"the F&M heuristic plays F&M states, not {type(state).__name__}")
        st = state
        present = kinds_of(actions)
        has = _kinds_present(present)

        def of(kind: type[A]) -> list[A]:  # of_kind, found empty at once where the decision has none
            return _of_kind(actions, kind, present, has)

        # (Pass has no fields: one is listed exactly when the class is among the listed ones)
        passing: Action | None = Pass() if Pass in present else None
        side = state.current_player

        for kind in (Demolish, Repair, Ferry):
            first = of(kind)
            if first:
                return first[0]
        attacks = of(Attack)
        if attacks:
            score, best = self._best([(self._attack_value(st, a), a) for a in attacks])
            if best is not None and score > ATTACK_THRESHOLD:
                return best
            if passing is not None:
                return passing
        if of(Bombard) and passing is not None:
            return passing
        commits = of(Commit)
        if commits:
            committed = [(float(_marker_value(a.marker)), a) for a in commits if a.marker]
            _, strongest = self._best(committed)
            return strongest if strongest is not None else commits[0]
        depletes = of(Deplete)
        if depletes:
            _, loss = self._best([(self._deplete_value(st, a.unit), a) for a in depletes])
            assert loss is not None
            return loss
        retreats, stiff = of(Retreat), of(Stiff)
        if retreats or stiff:
            return self._retreat(st, side, retreats, stiff)
        others: list[Placing] = [*of(Enter), *of(Land), *of(Setup), *of(Advance), *of(Displace)]
        halts = of(Halt)
        aims: dict[tuple[str, str], float] = {}  # (unit, hex label) -> _aim, for this decision
        groups = self._placing_groups(st, side, actions, present, others, aims)
        if groups:
            score, chosen = self._best_of_groups(groups)
            must_choose = passing is None and not halts
            if chosen is not None and (score > 0 or must_choose):
                return chosen
            if halts:
                return halts[0]
            if passing is not None:
                return passing
        if passing is not None and len(actions) > 1 and not of(DrawSplit) \
                and not of(ShiftDropZone):
            return passing
        return actions[self._rng.randrange(len(actions))]

    def candidates(self, state: GameState, k: int) -> list[Action]:
        """The search's candidate set of a decision that places units (movement 5.x, entry 11.1, landing
        11.4, advance 8.5) with many options, by this bot's own scores (`_placing_value`; no random
        tie-break drawn, so its own choices are untouched): the best action of each unit, best first,
        `k - 1` of them, then the option to halt or pass. Empty at any other decision (and in the secret
        set-up, 12.0, which the search never enters)."""
        if not isinstance(state, FMState):
            return []
        actions = state.legal_actions()
        present = kinds_of(actions)
        has = _kinds_present(present)

        def of(kind: type[A]) -> list[A]:  # of_kind, found empty at once where the decision has none
            return _of_kind(actions, kind, present, has)

        if of(Setup):
            return []
        placing: list[Placing] = [*of(Move), *of(Enter), *of(Land), *of(Advance), *of(Displace)]
        if not placing:
            return []
        scored = self._score_placing(state, state.current_player, placing, {})
        best: list[Placing] = best_per_group(scored, lambda a: a.unit, k - 1)
        out: list[Action] = list(best)
        halts = of(Halt)
        if halts:
            out.append(halts[0])
        elif Pass in present:
            out.append(Pass())
        return out

    def _placing_groups(self, st: FMState, side: str, actions: Sequence[Action], present: set[type],
                        others: list[Placing], aims: dict[tuple[str, str], float]) -> list[Group]:
        """The placing actions of a decision with their `_placing_value`s, in the legal list's order (the
        moves, then `others`), in groups with their best value: a unit's lazily listed moves
        (kit.listing.Lazy) are valued by their paths' ends and lengths (movement.part_spans) without being
        made, and kept with the part, which comes back the same while nothing in the unit's reach
        changes; any other action is valued as it is (`_score_placing`)."""
        groups: list[Group] = []

        def add(scored: list[tuple[float, Placing]]) -> None:
            if scored:
                groups.append((max(v for v, _ in scored), None, scored))

        if any(is_kind(t, Move) for t in present):
            if type(actions) is Listing:
                kept = self._part_values
                for p in actions.parts:
                    if type(p) is Lazy and p.source is not None:
                        if p.kind is Move or is_kind(p.kind, Move):
                            got = kept.get(id(p))  # (_lazy_group's first look, made here for every part)
                            groups.append(got[1] if got is not None and got[0] is p else
                                          self._lazy_group(st, side, p, aims))
                    else:
                        add(self._score_placing(st, side, cast("list[Placing]", [
                            a for a in p if is_kind(type(a), Move)]), aims))
            else:
                add(self._score_placing(st, side, of_kind(actions, Move, present), aims))
        add(self._score_placing(st, side, others, aims))
        return groups

    def _lazy_group(self, st: FMState, side: str, part: Lazy, aims: dict[tuple[str, str], float]) -> Group:
        kept = self._part_values
        got = kept.get(id(part))
        if got is not None and got[0] is part:
            return got[1]
        if len(kept) > 4096:
            kept.clear()
        keys = part.keys
        by_keys = self._keys_values
        same = by_keys.get(id(keys))
        if same is not None and same[0] is keys:  # another part over the very same destinations
            group: Group = (same[2], part, same[1])
            kept[id(part)] = (part, group)
            return group
        # the values of the moves made from the same reach (another part over it: a hex of it was vacated
        # or occupied since), by destination
        by_route = self._route_values
        known = by_route.get(id(part.source))
        if known is None or known[0] is not part.source:
            if len(by_route) > 4096:
                by_route.clear()
            known = by_route[id(part.source)] = (part.source, {})
        done = known[1]
        try:
            values = list(map(done.__getitem__, keys))
        except KeyError:  # _span_value of each move, in one pass
            uid = cast(Move, part[0]).unit  # a part listed is never empty
            first, lasts, lengths = part_ends(part)
            aim = self._aims_of(st, uid)
            a0 = aim.get(first)
            if a0 is None:
                a0 = aim[first] = self._aim(st, uid, first)
            values = []
            add = values.append
            for last, n in zip(lasts, lengths, strict=True):
                a1 = aim.get(last)
                if a1 is None:
                    a1 = aim[last] = self._aim(st, uid, last)
                add((a0 - a1) - 0.01 * n)
            done.update(zip(keys, values, strict=True))
        group = (max(values), part, values)
        kept[id(part)] = (part, group)
        if len(by_keys) > 4096:
            by_keys.clear()
        by_keys[id(keys)] = (keys, values, group[0])
        return group

    def _best_of_groups(self, groups: list[Group]) -> tuple[float, Placing]:
        """`_best` of the groups' actions read in order as one list: the best value, and one of the actions
        within 1e-9 of it drawn from this bot's generator (only the groups that reach it are read, and of a
        unit's lazily listed moves only those are made)."""
        top = max(g[0] for g in groups)
        floor = top - 1e-9
        ties: list[Placing] = []
        for best, part, scored in groups:
            if best < floor:
                continue
            if part is None:
                ties.extend(a for v, a in cast("list[tuple[float, Placing]]", scored) if v >= floor)
            else:
                ties.extend(cast(Move, part[i]) for i, v in enumerate(cast("list[float]", scored)) if v >= floor)
        return top, ties[self._rng.randrange(len(ties))]

    def _span_value(self, st: FMState, uid: str, span: tuple[str, str, int],
                    aims: dict[tuple[str, str], float]) -> float:
        """`_placing_value` of a move of `uid` whose path starts at span[0], ends at span[1] and has
        span[2] hexes."""
        first, last, n = span
        k0, k1 = (uid, first), (uid, last)
        a0 = aims.get(k0)
        if a0 is None:
            a0 = aims[k0] = self._aim(st, uid, first)
        a1 = aims.get(k1)
        if a1 is None:
            a1 = aims[k1] = self._aim(st, uid, last)
        # of equal gains, the shorter move (keeps the unit's options and its defensive position)
        return (a0 - a1) - 0.01 * n

    def _score_placing(self, st: FMState, side: str, placing: list[Placing],
                       aims: dict[tuple[str, str], float]) -> list[tuple[float, Placing]]:
        """Each action's `_placing_value`. A path's value depends on nothing but its unit and hexes, and the
        rules hand the same Move objects back while a unit's reach stays the same: kept by the object."""
        memo = self._path_values
        if len(memo) > 200_000:
            memo.clear()
        out = []
        near: dict[str, float] = {}  # hex label -> its enemy units adjacent, weighed (of this position)
        for a in placing:
            got = memo.get(id(a))
            if got is not None and got[0] is a:
                out.append((got[1], a))
                continue
            v = self._placing_value(st, side, a, aims, near)
            if self._by_path(type(a)):
                memo[id(a)] = (a, v)  # the object is kept with it, so its id is not reused
            out.append((v, a))
        return out

    def _by_path(self, t: type) -> bool:
        """Whether an action of class `t` is valued by its path (a move, an advance, a displacement)."""
        got = self._path_kinds.get(t)
        if got is None:
            got = self._path_kinds[t] = is_kind(t, Move) or is_kind(t, Advance) or is_kind(t, Displace)
        return got

    def _placing_value(self, st: FMState, side: str, a: Placing, aims: dict[tuple[str, str], float] | None = None,
                       near: dict[str, float] | None = None) -> float:
        """A placing action's value; `near`: the weighed count of enemy units next to each hex label asked so
        far in this position, for `side`."""
        uid = a.unit
        t = type(a)
        if self._by_path(t):
            if t is Move:  # a listed move's ends and length, its path not spelled out
                span = move_span(cast(Move, a))
            else:
                path = cast("Advance | Displace", a).path
                span = (path[0], path[-1], len(path))
            return self._span_value(st, uid, span, {} if aims is None else aims)
        # entering, landing or setting up: the nearer the objectives the better (relative to a far hex)
        where = cast("Enter | Land | Setup", a).hex
        weighed = near.get(where) if near is not None else None
        if weighed is None:
            weighed = 0.3 * self._enemies_adjacent(st, side, self._hex(where))
            if near is not None:
                near[where] = weighed
        return 50.0 - self._aim(st, uid, where) - weighed

    def _attack_value(self, st: FMState, a: Attack) -> float:
        """The attack's expected value over the exact CRT distribution (`_attack_value_of`), kept by all that
        distribution reads: the hexes, the units in them and whether each is depleted (their strengths), and
        the bridges demolished (the defender's line, 8.2.2)."""
        g = st.game
        occ = st.occupancy()
        lost = st.position.steps_lost
        hex_of = g.hex
        units = []
        for label in (a.target, *a.attackers):
            h = hex_of(label)
            u = occ.get(h) if h is not None else None
            units.append((u, u is not None and lost(u) > 0))
        key = (a.target, a.attackers, tuple(units), st.demolished())
        memo = self._attack_values
        got = memo.get(key)
        if got is None:
            if len(memo) >= 100_000:
                memo.clear()
            got = memo[key] = self._attack_value_of(st, a)
        return got

    def _attack_value_of(self, st: FMState, a: Attack) -> float:
        try:
            dist = st.result_distribution(a)
        except (ValueError, AttributeError, KeyError):
            return float("-inf")
        n = len(a.attackers)
        ev = 0.0
        for result, p in dist.items():
            v = -1.0 * n if result == "Ae" else RESULT_VALUE.get(result, 0.0)
            ev += float(p) * v
        target = self._hex(a.target)
        if target is not None and self.objectives.distance(target) <= 1 and ev > 0:
            ev *= 1.5  # clearing an objective (11.5)
        return ev

    def _deplete_value(self, st: FMState, uid: str) -> float:
        vals = st.current_values(uid)
        strength = float(vals.get("attack", 0) or 0) + float(vals.get("defense", 0) or 0)
        survives = not (st.is_depleted(uid) or st.game.one_step(uid))
        return (100.0 if survives else 0.0) - strength

    def _retreat(self, st: FMState, side: str, retreats: list[Retreat], stiff: list[Stiff]) -> Action:
        if stiff:
            uid = stiff[0].unit
            here = None
            for a in retreats:
                here = a.path[0]
            survives = self._deplete_value(st, uid) >= 100.0
            if here is not None and survives and self.objectives.distance(self._hex(here)) == 0:
                return stiff[0]
        full = [a for a in retreats if len(a.path) > 1]
        if not full:
            return stiff[0] if stiff else retreats[0]
        scored = []
        for a in full:
            end = self._hex(a.path[-1])
            scored.append((len(a.path) - 2.0 * self._enemies_adjacent(st, side, end)
                           - 0.2 * self._aim(st, a.unit, a.path[-1]), a))
        _, chosen = self._best(scored)
        assert chosen is not None
        return chosen


__all__ = ["FMHeuristicBot", "hex_distance"]
