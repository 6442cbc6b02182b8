"""A heuristic bot for the Koenig family (Paul Koenig's Market-Garden, 002_fe1216aa5df94854.txt),
through the protocol.

It reads the actions, the scenario's Victory Point schedule (exclusive 12.0, as data), the state's
`snapshot()` (each unit's side, status, hex and hits: what the victory schedule reads) and, for fire,
the exact odds of the battle (`result_distribution`, rules/chance.combat_odds) found by cloning the
state, declaring the fire and committing no support. Its play:

* Operations (7.0, 8.0): a fire (9.0) with a good chance of a Hit first; otherwise the move that brings
  a unit closest to an objective hex its side does not hold yet (the VP hexes); a unit that must exit
  for a VP line (the Recon/9th, exclusive 12.0) heads for the bottom edge and exits; close combat
  (10.0) only when the mover is stronger than the hex's defenders; a unit on an objective stays.
* Support (9.0): the most points allowed. Hits (9.2.2): an own unit with the fewest Hits, an enemy
  unit with the most. Retreats (9.2.3, 11.0): stay when allowed, capture (11.2) when offered, else the
  adjacent hex nearest the objectives and away from the enemy, never off the map if avoidable.
* German Redeployment (4.0): toward the objectives.
"""

from __future__ import annotations

import random
from typing import Any

from ..hexgrid import Hex, hex_distance, hex_neighbors
from ..model.scenario import Scenario
from ..rules.protocol import CHANCE, Action, GameState
from .objectives import Objectives

GOOD_FIRE = 0.5  # P(Hit) at which a fire goes before any move
FAIR_FIRE = 0.3


def _strength(sc: Scenario, uid: str, hits: int) -> float:
    return max(0.0, float(sc.units[uid].values.get("strength", 0) or 0) - hits)


class KoenigHeuristicBot:
    name = "heuristic"

    def __init__(self, scenario: Scenario, seed: int = 0) -> None:
        self.scenario = scenario
        self.map = scenario.map
        self.objectives = Objectives.of(scenario)
        self._rng = random.Random(seed)
        # units that a VP line wants off the map by movement (exit conditions name them)
        self.exiters = {uid for v in scenario.victory if v.kind == "exit" for uid in v.units.get("ids", [])}
        try:
            self.exit_hexes = self.map.edge_side_hexes("bottom")
        except ValueError:
            self.exit_hexes = []

    def _hex(self, label: str | None) -> Hex | None:
        return self.map.hex_at(label) if label and label != "off" else None

    def _best(self, scored: list[tuple[float, Action]]) -> tuple[float, Action | None]:
        if not scored:
            return float("-inf"), None
        top = max(s for s, _ in scored)
        ties = [a for s, a in scored if s >= top - 1e-9]
        return top, ties[self._rng.randrange(len(ties))]

    # -- position -----------------------------------------------------------------------------
    def _view(self, state: Any) -> tuple[dict[str, Any], dict[Hex, list[str]]]:
        snap = state.snapshot()
        occ: dict[Hex, list[str]] = {}
        for uid, u in snap.items():
            if u.status == "map" and u.hex:
                h = self._hex(u.hex)
                if h is not None:
                    occ.setdefault(h, []).append(uid)
        return snap, occ

    def _target_distance(self, side: str, uid: str, h: Hex | None, snap: dict, occ: dict) -> float:
        if h is None:
            return 99.0
        if uid in self.exiters:
            return float(min((hex_distance(h, e) for e in self.exit_hexes), default=0))
        free = [o for o in self.objectives.hexes
                if not any(snap[x].side == side and x != uid for x in occ.get(o, []))]
        targets = free or self.objectives.hexes
        if not targets:
            return 0.0
        return float(min(hex_distance(h, o) - 0.1 * self.objectives.weight.get(o, 1.0) for o in targets))

    def _fire_chance(self, state: GameState, a: Action) -> float:
        """P(Hit) of declaring this fire with no support committed (9.0), by cloning the state."""
        trial = state.clone()
        trial.apply(a)
        for _ in range(6):
            if trial.is_terminal() or trial.current_player == CHANCE:
                break
            zero = [x for x in trial.legal_actions() if x.text() == "support 0"]
            if not zero:
                break
            trial.apply(zero[0])
        if trial.current_player != CHANCE:
            return 0.0
        try:
            dist = trial.result_distribution()  # type: ignore[attr-defined]
        except (ValueError, AttributeError, AssertionError):
            return 0.0
        hit = sum(float(p) for r, p in dist.items() if str(r).lower() == "hit")
        exchange = sum(float(p) for r, p in dist.items() if str(r).lower().startswith("exchange"))
        return hit + 0.3 * exchange

    # -- the decision --------------------------------------------------------------------------
    def choose(self, state: GameState) -> Action:
        actions = state.legal_actions()
        if not actions:
            raise ValueError(f"no legal action in {state.phase}")
        if len(actions) == 1:
            return actions[0]
        st: Any = state
        side = state.current_player
        by_verb: dict[str, list[Any]] = {}
        for a in actions:
            by_verb.setdefault(a.verb, []).append(a)  # type: ignore[attr-defined]
        snap, occ = self._view(st)

        if "support" in by_verb:
            plain = [a for a in by_verb["support"] if "+lead" not in a.args]
            return max(plain or by_verb["support"], key=lambda a: int(a.args[0]))
        if "accept" in by_verb:
            return by_verb["accept"][0]
        if "hit" in by_verb:
            def hit_score(a: Any) -> float:
                u = snap[a.args[0]]
                return float(-u.hits if u.side == side else u.hits)
            return self._best([(hit_score(a), a) for a in by_verb["hit"]])[1]  # type: ignore[return-value]
        if "capture" in by_verb:
            return by_verb["capture"][0]
        if "stay" in by_verb:
            return by_verb["stay"][0]
        if "retreat" in by_verb:
            def retreat_score(a: Any) -> float:
                if a.args[1] == "off":
                    return -1000.0
                h = self._hex(a.args[1])
                if h is None:
                    return -1000.0
                enemies = sum(1 for n in hex_neighbors(h) for x in occ.get(n, []) if snap[x].side != side)
                return -self._target_distance(side, a.args[0], h, snap, occ) - 2.0 * enemies
            return self._best([(retreat_score(a), a) for a in by_verb["retreat"]])[1]  # type: ignore[return-value]

        fires = by_verb.get("fire", []) + by_verb.get("mfire", [])
        fire_score, fire = self._best([(self._fire_chance(state, a), a) for a in fires])
        if fire is not None and fire_score >= GOOD_FIRE:
            return fire
        moving = [a for v in ("move", "cmove", "redeploy") for a in by_verb.get(v, [])]
        if moving:
            score, best = self._best([(self._move_gain(side, a, snap, occ), a) for a in moving])
            if best is not None and score > 0:
                return best
        if fire is not None and fire_score >= FAIR_FIRE:
            return fire
        for verb in ("end", "done", "pass"):
            if verb in by_verb:
                return by_verb[verb][0]
        quiet = [a for a in actions if not a.verb.startswith("lead")]  # type: ignore[attr-defined]
        pool = quiet or actions
        return pool[self._rng.randrange(len(pool))]

    def _move_gain(self, side: str, a: Any, snap: dict, occ: dict) -> float:
        uid, dest = a.args[0], a.args[1]
        u = snap.get(uid)
        if dest == "off":
            return 100.0 if uid in self.exiters else -100.0
        here = self._hex(u.hex) if u is not None and u.status == "map" else None
        there = self._hex(dest)
        if there is None:
            return -100.0
        defenders = [x for x in occ.get(there, []) if snap[x].side != side]
        if defenders:  # close combat (10.0): only when clearly stronger
            mine = _strength(self.scenario, uid, u.hits if u else 0)
            theirs = sum(_strength(self.scenario, x, snap[x].hits) for x in defenders)
            if mine <= theirs + 1:
                return -100.0
        before = self._target_distance(side, uid, here, snap, occ) if here is not None else 30.0
        after = self._target_distance(side, uid, there, snap, occ)
        return before - after
