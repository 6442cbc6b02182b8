"""A heuristic bot for the Storm over Arnhem family (Storm over Arnhem: The Crossing,
003_6afad32bba8815b2.txt), through the protocol and the family's typed actions and queries.

It plays for the Victory Point Areas (the map's `vp` areas, scored at the end of every turn):

* Fire: of the fire declarations open, the one whose group (the strongest uncommitted units of the area, up to
  the maximum group) expects the most casualty points on the Fire Table, if at least one, targets in Victory
  Point Areas first; border fire at the 9th SS Recon with every British unit that may fire; every unit that may
  join a close combat joins it.
* Movement: each uncommitted unit heads for the nearest Victory Point Area its side does not control (by areas
  crossed); a unit that is the last of its side in a Victory Point Area stays; the best move by distance gained
  is made, else the impulse passes.
* Casualties: by retreat while the points are few, else by eliminating the unit that absorbs them best.
* Set-up: in the zone area nearest the Victory Point Areas; perimeter counters on the first area offered.
* 9th SS Recon: off the bridge into a Victory Point Area free of British units if it can, else onward.
* The Tactical Advantage is used to continue the turn when a good fire is open. Halftracks are replaced (1.3).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from fractions import Fraction

from ..model.scenario import Scenario
from ..rules.protocol import Action, GameState
from ..rules.storm_over_arnhem.actions import (
    Done,
    Eliminate,
    EndTurn,
    Fire,
    Hold,
    Move,
    Onward,
    Pass,
    Perimeter,
    Place,
    Replace,
    Resolve,
    Retreat,
    UseTA,
    With,
)
from ..rules.storm_over_arnhem.board import SoABoard
from ..rules.storm_over_arnhem.decisions import (
    BorderFire,
    Casualties,
    ContinueTurn,
    Designate,
    FireGroup,
    Impulse,
    LeaveBridge,
    MoreMoves,
    PlacePerimeter,
    PlaceUnit,
    Substitute,
)
from ..rules.storm_over_arnhem.fire import absorbs, make_volley
from ..rules.storm_over_arnhem.game import MAX_FIRE_GROUP
from ..rules.storm_over_arnhem.impulse import fire_declarations
from .base import best_per_group

QUARTER = Fraction(1, 4)  # what a Victory Point Area adds to a fire's expected casualty points


class SoAHeuristicBot:
    name = "heuristic"

    def __init__(self, scenario: Scenario, seed: int = 0) -> None:
        self.scenario = scenario
        self.rng = random.Random(seed)
        # expected casualties by (total attack, DRM), for the fire table they were read from (`expected_cp`)
        self._expected: tuple[object, dict[tuple[int, int], Fraction]] = (None, {})
        self._dist: tuple[object, dict[tuple[str, ...], dict[str, int]]] = (None, {})  # `distances`, by map
        self._vp_of: tuple[object, tuple[list[str], frozenset[str]]] = (None, ([], frozenset()))

    # -- helpers ------------------------------------------------------------------------------------------
    def _vp(self, st: SoABoard) -> tuple[list[str], frozenset[str]]:
        """The map's Victory Point Areas, as a list and a set (read once a game's map: it does not change in
        play)."""
        if self._vp_of[0] is not st.areas:
            vp = st.areas.vp_areas()
            self._vp_of = (st.areas, (vp, frozenset(vp)))
        return self._vp_of[1]

    def distances(self, st: SoABoard, targets: list[str]) -> dict[str, int]:
        """Area -> the fewest areas to cross to the nearest of `targets` (kept by targets for the game's map;
        read, never changed, by the caller)."""
        if self._dist[0] is not st.game.neighbours:
            self._dist = (st.game.neighbours, {})
        key = tuple(targets)
        got = self._dist[1].get(key)
        if got is None:
            got = self._dist[1][key] = self._distances(st, targets)
        return got

    def _distances(self, st: SoABoard, targets: list[str]) -> dict[str, int]:
        dist = {t: 0 for t in targets}
        todo = deque(targets)
        while todo:
            a = todo.popleft()
            for n in st.game.neighbours[a]:
                if n not in dist:
                    dist[n] = dist[a] + 1
                    todo.append(n)
        return dist

    def objectives(self, st: SoABoard, side: str) -> list[str]:
        vp = self._vp(st)[0]
        goal = [a for a in vp if st.controller(a) != side or st.fighting(a, st.enemy(side))]
        return goal or list(vp)

    def expected_cp(self, st: SoABoard, side: str, group: tuple[str, ...], target: str) -> Fraction:
        if not group:
            return Fraction(0)
        v = make_volley(st, side, group, (), target, "", "")
        total = sum(st.attack(u) for u in group)
        table = st.game.fire
        if self._expected[0] is not table:
            self._expected = (table, {})
        known = self._expected[1]
        got = known.get((total, v.drm))
        if got is None:  # the mean of the six rolls' casualties on the game's fire table
            got = known[(total, v.drm)] = Fraction(sum(table.casualties(total, f + v.drm) for f in range(1, 7)), 6)
        return got

    def best_group(self, st: SoABoard, side: str, origin: str) -> tuple[str, ...]:
        units = [u for u in st.fighting(origin, side) if st.uncommitted(u) and st.attack(u) > 0]
        units.sort(key=lambda u: -st.attack(u))
        return tuple(units[:MAX_FIRE_GROUP])

    def best_fire(self, st: SoABoard, side: str, actions: Sequence[Action]) -> tuple[Fraction, Action | None]:
        best: tuple[Fraction, Action | None] = (Fraction(0), None)
        vp = self._vp(st)[1]
        groups: dict[str, tuple[str, ...]] = {}  # origin -> best_group, of this position
        for a in actions:
            if type(a) is Fire:  # (no subclasses: cheaper than an ABC isinstance)
                group = groups.get(a.origin)
                if group is None:
                    group = groups[a.origin] = self.best_group(st, side, a.origin)
                e = self.expected_cp(st, side, group, a.target)
                if a.target in vp:
                    e += QUARTER
                if e > best[0]:
                    best = (e, a)
        return best

    def best_move(self, st: SoABoard, side: str, actions: Sequence[Action]) -> Action | None:
        dist = self.distances(st, self.objectives(st, side))
        vp = self._vp(st)[1]
        best: tuple[float, Action | None] = (0.0, None)
        stays: dict[str, bool] = {}  # area -> its last unit stays (below), of this position
        areas, rnd = st.position.areas, self.rng.random
        for a in actions:
            if type(a) is not Move:
                continue
            here = areas.get(a.unit)  # st.area_of
            if here is None:
                continue
            stay = stays.get(here)
            if stay is None:
                stay = stays[here] = here in vp and len(st.fighting(here, side)) <= 1 and st.controller(here) == side
            if stay:
                continue  # the last of its side holding a Victory Point Area stays
            gain = dist.get(here, 99) - dist.get(a.dest, 99)
            score = gain + (0.5 if a.dest in vp and st.controller(a.dest) != side else 0.0) + rnd() * 0.1
            if gain > 0 and score > best[0]:
                best = (score, a)
        return best[1]

    # -- the decisions ------------------------------------------------------------------------------------
    def choose(self, state: GameState) -> Action:
        st = state
        if not isinstance(st, SoABoard):
            raise TypeError("the Storm over Arnhem heuristic plays Storm over Arnhem games")
        legal = st.legal_actions()
        d = st.pending_decision()
        if isinstance(d, Impulse):
            e, fire = self.best_fire(st, d.player, legal)
            if fire is not None and e >= 1:
                return fire
            move = self.best_move(st, d.player, legal)
            return move if move is not None else Pass()
        if isinstance(d, MoreMoves):
            move = self.best_move(st, d.player, legal)
            return move if move is not None else Done()
        if isinstance(d, FireGroup | BorderFire | Designate):
            joins = [a for a in legal if isinstance(a, With)]
            if joins:
                return max(joins, key=lambda a: st.attack(a.unit))
            return next((a for a in legal if isinstance(a, Resolve | Hold)), legal[0])
        if isinstance(d, Casualties):
            return self.casualty(st, d, legal)
        if isinstance(d, PlaceUnit):
            dist = self.distances(st, st.areas.vp_areas())
            places = [a for a in legal if isinstance(a, Place)]
            return min(places, key=lambda a: (dist.get(a.dest, 99), self.rng.random()))
        if isinstance(d, PlacePerimeter):
            return next(a for a in legal if isinstance(a, Perimeter))
        if isinstance(d, ContinueTurn):
            e, _ = self.best_fire(st, d.player, self.fires(st, d.player))
            return UseTA() if e >= 2 else EndTurn()
        if isinstance(d, LeaveBridge):
            return self.leave(st, legal)
        if isinstance(d, Substitute):
            return next((a for a in legal if isinstance(a, Replace)), Done())
        return legal[self.rng.randrange(len(legal))]

    def candidates(self, state: GameState, k: int) -> list[Action]:
        """The search's ranked options of an impulse or a further move (mcts.py, progressive widening), by
        this bot's own scores with no random tie-break drawn (its own choices are untouched): fires expecting
        a casualty point or more, best first (one per target area), then the move of each unit that gains
        most toward its side's Victory Point Areas (as `best_move` scores it), `k - 1` in all, then Pass or
        Done. Empty at any other decision."""
        st = state
        if not isinstance(st, SoABoard):
            return []
        d = st.pending_decision()
        if not isinstance(d, Impulse | MoreMoves):
            return []
        legal = st.legal_actions()
        side = d.player
        scored: list[tuple[float, Action]] = []
        vp = self._vp(st)[1]
        if isinstance(d, Impulse):
            for a in legal:
                if isinstance(a, Fire):
                    e = self.expected_cp(st, side, self.best_group(st, side, a.origin), a.target)
                    e += Fraction(1, 4) if a.target in vp else 0
                    if e >= 1:
                        scored.append((100.0 + float(e), a))
        dist = self.distances(st, self.objectives(st, side))
        for a in legal:
            if not isinstance(a, Move):
                continue
            here = st.area_of(a.unit)
            if here is None or (here in vp and len(st.fighting(here, side)) <= 1 and st.controller(here) == side):
                continue
            gain = dist.get(here, 99) - dist.get(a.dest, 99)
            if gain > 0:
                scored.append((gain + (0.5 if a.dest in vp and st.controller(a.dest) != side else 0.0), a))
        out: list[Action] = best_per_group(
            scored, lambda a: f"fire {a.target}" if isinstance(a, Fire) else f"move {getattr(a, 'unit', '')}", k - 1)
        end = Pass() if isinstance(d, Impulse) else Done()
        if end in legal:
            out.append(end)
        return out

    def fires(self, st: SoABoard, side: str) -> list[Action]:
        return fire_declarations(st, side)

    def casualty(self, st: SoABoard, d: Casualties, legal: Sequence[Action]) -> Action:
        retreats = [a for a in legal if isinstance(a, Retreat)]
        elims = [a for a in legal if isinstance(a, Eliminate)]
        if retreats and d.points <= len({a.unit for a in retreats}):
            return retreats[0]
        # the unit that absorbs the points with the least strength lost
        return min(elims, key=lambda a: (absorbs(st, a.unit) < d.points, st.attack(a.unit), -absorbs(st, a.unit)))

    def leave(self, st: SoABoard, legal: Sequence[Action]) -> Action:
        vp = self._vp(st)[1]
        best: tuple[float, Action] = (-1.0, legal[0])
        for a in legal:
            if isinstance(a, Move):
                score = (2.0 if a.dest in vp and st.controller(a.dest) != "german" else 0.0) \
                    + (1.0 if not st.fighting(a.dest, "british") else 0.0) + self.rng.random() * 0.1
            elif isinstance(a, Onward):
                score = 1.5
            else:
                continue
            if score > best[0]:
                best = (score, a)
        return best[1]


__all__ = ["SoAHeuristicBot"]
