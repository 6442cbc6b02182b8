"""A heuristic bot for the Fire & Movement family (000_e5c3deafb2cea4af.txt), through the protocol.

It reads only the actions (whose texts carry the hexes), the scenario's victory conditions (as data),
and the F&M state's public queries `occupant(hex)`, `current_values(unit)` and `result_distribution`
(the exact CRT odds of an attack, rules/chance.combat_odds). Its play:

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
from typing import Any

from ..hexgrid import Hex, hex_distance, hex_neighbors
from ..model.scenario import Scenario
from ..rules.protocol import Action, GameState
from .objectives import Objectives

# the attacker's gain of each CRT result (8.2.4), in units of one enemy unit eliminated
RESULT_VALUE = {"De": 1.0, "D3": 0.6, "D2": 0.5, "Ex": 0.15, "•": 0.0, "(A)": -0.3, "A1": -0.2, "A2": -0.25,
                "A3": -0.3}
ATTACK_THRESHOLD = 0.1


def _marker_value(token: str) -> int:
    try:
        return int(token.split(":", 1)[0])
    except ValueError:
        return 0


class FMHeuristicBot:
    name = "heuristic"

    def __init__(self, scenario: Scenario, seed: int = 0) -> None:
        self.scenario = scenario
        self.map = scenario.map
        self.objectives = Objectives.of(scenario)
        self._rng = random.Random(seed)
        self._counts: dict[str, bool] = {}

    # -- helpers -----------------------------------------------------------------------------
    def _hex(self, label: str) -> Hex | None:
        return self.map.hex_at(label)

    def _counts_for_victory(self, state: Any, uid: str) -> bool:
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

    def _aim(self, state: Any, uid: str, label: str) -> float:
        """How far a unit at `label` is from where it should be (lower is better)."""
        h = self._hex(label)
        d = self.objectives.distance(h)
        if d >= 99:
            return 0.0
        if self._counts_for_victory(state, uid):
            return float(d)
        return float(abs(d - 1) + (2 if d == 0 else 0))

    def _enemies_adjacent(self, state: Any, side: str, h: Hex | None) -> int:
        if h is None:
            return 0
        n = 0
        for x in hex_neighbors(h):
            uid = state.occupant(x)
            if uid is not None and self.scenario.units[uid].side != side:
                n += 1
        return n

    def _best(self, scored: list[tuple[float, Action]]) -> tuple[float, Action | None]:
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
        by_verb: dict[str, list[Action]] = {}
        for a in actions:
            by_verb.setdefault(a.text().split(" ", 1)[0], []).append(a)
        passing = by_verb.get("pass", [None])[0]
        side = state.current_player
        st: Any = state

        for verb in ("demolish", "repair", "ferry"):
            if verb in by_verb:
                return by_verb[verb][0]
        if "attack" in by_verb:
            score, best = self._best([(self._attack_value(st, a), a) for a in by_verb["attack"]])
            if best is not None and score > ATTACK_THRESHOLD:
                return best
            if passing is not None:
                return passing
        if "bombard" in by_verb and passing is not None:
            return passing
        if "sfm" in by_verb:
            committed = [(float(_marker_value(a.marker)), a) for a in by_verb["sfm"] if a.marker]  # type: ignore[attr-defined]
            _, best = self._best(committed)
            return best if best is not None else by_verb["sfm"][0]
        if "deplete" in by_verb:
            return self._best([(self._deplete_value(st, a.unit), a) for a in by_verb["deplete"]])[1]  # type: ignore[attr-defined,return-value]
        if "retreat" in by_verb or "stiff" in by_verb:
            return self._retreat(st, side, by_verb)
        placing = [a for v in ("move", "enter", "land", "setup", "advance", "displace") for a in by_verb.get(v, [])]
        if placing:
            scored = [(self._placing_value(st, side, a), a) for a in placing]
            score, best = self._best(scored)
            must_choose = passing is None and "halt" not in by_verb
            if best is not None and (score > 0 or must_choose):
                return best
            if "halt" in by_verb:
                return by_verb["halt"][0]
            if passing is not None:
                return passing
        if passing is not None and len(actions) > 1 and "draw-split" not in by_verb and "shift-dz" not in by_verb:
            return passing
        return actions[self._rng.randrange(len(actions))]

    def _placing_value(self, st: Any, side: str, a: Any) -> float:
        verb = a.text().split(" ", 1)[0]
        uid = a.unit
        if verb in ("move", "advance", "displace"):
            start, end = a.path[0], a.path[-1]
            gain = self._aim(st, uid, start) - self._aim(st, uid, end)
            # of equal gains, the shorter move (keeps the unit's options and its defensive position)
            return gain - 0.01 * len(a.path)
        # entering, landing or setting up: the nearer the objectives the better (relative to a far hex)
        return 50.0 - self._aim(st, uid, a.hex) - 0.3 * self._enemies_adjacent(st, side, self._hex(a.hex))

    def _attack_value(self, st: Any, a: Any) -> float:
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

    def _deplete_value(self, st: Any, uid: str) -> float:
        vals = st.current_values(uid)
        strength = float(vals.get("attack", 0) or 0) + float(vals.get("defense", 0) or 0)
        survives = not (st.is_depleted(uid) or st.game.one_step(uid))
        return (100.0 if survives else 0.0) - strength

    def _retreat(self, st: Any, side: str, by_verb: dict[str, list[Action]]) -> Action:
        retreats = by_verb.get("retreat", [])
        stiff = by_verb.get("stiff", [])
        if stiff:
            uid = stiff[0].unit  # type: ignore[attr-defined]
            here = None
            for a in retreats:
                here = a.path[0]  # type: ignore[attr-defined]
            survives = self._deplete_value(st, uid) >= 100.0
            if here is not None and survives and self.objectives.distance(self._hex(here)) == 0:
                return stiff[0]
        full = [a for a in retreats if len(a.path) > 1]  # type: ignore[attr-defined]
        if not full:
            return stiff[0] if stiff else retreats[0]
        scored = []
        for a in full:
            end = self._hex(a.path[-1])  # type: ignore[attr-defined]
            uid = a.unit  # type: ignore[attr-defined]
            scored.append((len(a.path) - 2.0 * self._enemies_adjacent(st, side, end)  # type: ignore[attr-defined]
                           - 0.2 * self._aim(st, uid, a.path[-1]), a))  # type: ignore[attr-defined]
        return self._best(scored)[1]  # type: ignore[return-value]


__all__ = ["FMHeuristicBot", "hex_distance"]
