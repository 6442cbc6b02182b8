"""A heuristic bot for the Target Arnhem family (Target Arnhem: Across 6 Bridges, 001_69d92a61f68ed4f9.txt),
through the protocol and the family's typed actions and queries.

It reads the scenario's Victory Conditions as data (the `occupy` hex, Arnhem, and the `clear` hexes, Hell's
Highway) and plays toward them:

* Attacks (Attack, Combat): an enemy hex is attacked with every unit that may join when the Combat Ratio
  Table deals the defender at least one point and no more to the attacker than to the defender, with
  Concentrated Bombardment whenever it may be used; attacks on the objective hexes come first.
* Moves (Movement): each unit heads for its nearest objective: the Allies for Arnhem and the German-held
  hexes of Hell's Highway, the Germans for the hexes of Hell's Highway they do not hold and for Arnhem; a unit
  on an objective hex stays; off-board German units come on where the road is nearest.
* Re-Supply: a damaged unit that may re-supply does, when it has nothing better to do.
* Reinforcements and paradrops: every unit arrives as soon as it may, as near its objective as it may.
* Damage: on a Pickaxe-fortified unit first (it absorbs the point), else on the unit with the most endurance
  left. Advance: into an objective hex. Stacking: the weakest unit goes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import repeat
from typing import cast

from ..hexgrid import Hex, hex_distance
from ..model.scenario import Scenario
from ..rules.kit.listing import Listing
from ..rules.protocol import CHANCE, Action, GameState
from ..rules.target_arnhem.actions import (
    Advance,
    Attack,
    Damage,
    Done,
    Eliminate,
    Enter,
    Fire,
    Move,
    Pass,
    Resupply,
    Stay,
    With,
)
from ..rules.target_arnhem.board import ALLIED, TABoard
from ..rules.target_arnhem.combat import joiners, odds
from ..rules.target_arnhem.decisions import Act, AdvanceChoice, AttackWith, Excess, TakeDamage
from ..rules.target_arnhem.impulse import may_act
from .base import best_per_group


class _Bases(dict[str, tuple[bool, float]]):
    """A unit's kept move scores before jitter from one hex, by destination label; `holding`: the hex is an
    objective the unit's side keeps there."""

    __slots__ = ("holding",)

    def __init__(self, holding: bool) -> None:
        super().__init__()
        self.holding = holding

# a move's jitter is under this (`rng.random() * 0.1`): a move that draws one and scores this much below the best
# such move before it, or more, is never the best (twice the jitter, for the floats' rounding)
JITTER = 0.2
RUNS_KEPT = 20_000  # the weighed runs of moves a bot keeps (`TAHeuristicBot._runs`)
KEPT_RUNS = (Move, Enter)  # the actions the rules list in tuples they keep: a unit's moves, its paradrops
# a run of moves weighed: how many draw a jitter, and the moves that may be best: (the move's place in the run,
# its draw's place or -1 when it draws none, its score before the jitter)
_Run = tuple[int, tuple[tuple[int, int, float], ...]]


class TAHeuristicBot:
    name = "heuristic"

    def __init__(self, scenario: Scenario, seed: int = 0) -> None:
        self.scenario = scenario
        self.rng = random.Random(seed)
        m = scenario.map
        self.arnhem: list[Hex] = []
        self.highway: list[Hex] = []
        for v in scenario.victory:
            hexes = [h for h in (m.hex_at(x) for x in v.hexes) if h is not None]
            if v.kind == "occupy":
                self.arnhem += hexes
            elif v.kind == "clear":
                self.highway += hexes
        self.objectives = set(self.arnhem) | set(self.highway)
        self._german_order = self.highway + self.arnhem  # the order the German side's targets are read in
        self._near: dict[tuple[Hex, ...], dict[Hex, int]] = {}  # _dist's answers by target set
        # a move's score before its jitter, by (the unit's side, the target set), then from-hex and to-label
        self._move_bases: dict[tuple[str, tuple[Hex, ...]], dict[Hex | None, _Bases]] = {}
        # a unit's moves as the rules keep them, weighed (`_run`): by the tuple's id, with the tuple and targets
        self._runs: dict[int, tuple[tuple[Action, ...], tuple[Hex, ...], _Run]] = {}

    # -- the protocol ----------------------------------------------------------------------------------
    def choose(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if state.current_player == CHANCE or len(legal) == 1:
            return legal[0]
        if not isinstance(state, TABoard):
            return legal[self.rng.randrange(len(legal))]
        d = state.pending_decision()
        if isinstance(d, Act):
            return self._act(state, legal)
        if isinstance(d, AttackWith):
            joins = [a for a in legal if type(a) is With]
            if joins:
                return joins[0]
            fires = [a for a in legal if type(a) is Fire]
            return max(fires, key=lambda a: a.bomb)
        if isinstance(d, TakeDamage):
            return self._damage(state, [a for a in legal if type(a) is Damage])
        if isinstance(d, AdvanceChoice):
            target = state.map.hex_at(d.target)
            advances = [a for a in legal if type(a) is Advance]
            if target in self.objectives and advances and not state.units_at(target):
                return advances[0]
            return legal[0] if type(legal[0]) is Stay else Stay()  # the listed one (found at once)
        if isinstance(d, Excess):
            elim = [a for a in legal if type(a) is Eliminate]
            return min(elim, key=lambda a: (state.strength(a.unit) * state.endurance_left(a.unit), a.unit))
        enters = [a for a in legal if type(a) is Enter]
        if enters:
            return enters[0]
        return next((a for a in legal if type(a) is Done), legal[0])

    # -- an impulse --------------------------------------------------------------------------------------
    def _targets(self, state: TABoard, side: str) -> tuple[Hex, ...]:
        """Where the side's units should go: the objective hexes it does not hold yet, else all of them."""
        occupied = state.position.occupancy().get  # a hex's holder read as `TABoard.side_at` reads it
        side_of = state.game.side_of
        if side == ALLIED:
            want = [h for h in self.highway if (us := occupied(h)) and side_of[us[0]] != side]
            want += [h for h in self.arnhem if not (us := occupied(h)) or side_of[us[0]] != side]
        else:
            want = [h for h in self._german_order if not (us := occupied(h)) or side_of[us[0]] != side]
        return tuple(want or self.objectives)

    def _act(self, state: TABoard, legal: Sequence[Action]) -> Action:
        """The best-scored action (the first of equal scores), Pass when none scores above 0. A unit's moves,
        as the rules list them (a tuple kept by the game, `ActStep.legal`), are weighed once by that tuple
        and the targets (`_run`): each decision then draws the jitter of every move that gains ground, in
        order, as scoring move by move does, and compares only the moves that can be best."""
        side = state.current_player
        top = 0.0  # an action is taken only with a score above 0
        chosen = -1  # its index in `legal`: read from there, it is the very object listed (found at once)
        targets = self._targets(state, side)
        hex_of = state.position.hex_of
        rnd = self.rng.random
        parts, ends = (legal.parts, legal.ends) if type(legal) is Listing else ((legal,), [len(legal)])
        start = 0
        for part, end in zip(parts, ends, strict=True):
            run = self._run(state, part, targets) if type(part) is tuple and type(part[0]) in KEPT_RUNS else None
            if run is not None:
                draws, items = run
                jitters = [rnd() for _ in repeat(None, draws)] if draws else []
                for i, at, base in items:
                    score = base + jitters[at] * 0.1 if at >= 0 else base
                    if score > top:
                        top, chosen = score, start + i
                start = end
                continue
            unit: str | None = None
            bases = _Bases(False)
            for i, a in enumerate(part, start):
                if type(a) is Move:
                    mv = a
                    if mv.unit != unit:  # a unit's moves come together: its hex and its table read once
                        unit = mv.unit
                        bases = self._bases(state.side_of(unit), targets, hex_of(unit))
                    score = self._move_jittered(state, bases, mv.dest, hex_of(unit), targets, True)
                else:
                    score = self._score(state, side, a, targets)
                if score > top:
                    top, chosen = score, i
            start = end
        if chosen >= 0:
            return legal[chosen]
        first = legal[0]  # the impulse's listing starts with Pass
        return first if type(first) is Pass else Pass()

    def _run(self, state: TABoard, actions: tuple[Action, ...], targets: tuple[Hex, ...]) -> _Run:
        """A unit's moves or paradrops as the rules keep them (a tuple: the same object means the same unit,
        hex or off-board area, and destinations) weighed for `targets` (`_moves_run`, `_entries`), kept by
        the tuple."""
        got = self._runs.get(id(actions))
        if got is not None and got[0] is actions and got[1] == targets:
            return got[2]
        if type(actions[0]) is Enter:
            run = self._entries(state, cast(tuple[Enter, ...], actions), targets)
        else:
            run = self._moves_run(state, cast(tuple[Move, ...], actions), targets)
        if len(self._runs) >= RUNS_KEPT:
            self._runs.clear()
        self._runs[id(actions)] = (actions, targets, run)  # the tuple held: its id names no other while kept
        return run

    def _moves_run(self, state: TABoard, moves: tuple[Move, ...], targets: tuple[Hex, ...]) -> _Run:
        """One unit's moves weighed: how many of them draw a jitter (those that gain ground, in order) and, in
        order, the only moves that can be the best of them: the first of the best moves that draw none, with
        its score, and the moves that draw one whose score before the jitter is within JITTER of the best such
        (each with its draw's place)."""
        unit = moves[0].unit
        here = state.position.hex_of(unit)  # None off the board (the tuple the rules keep for its area)
        bases = self._bases(state.side_of(unit), targets, here)
        scored: list[tuple[bool, float]] = []
        for mv in moves:
            b = bases.get(mv.dest)
            if b is None:
                b = bases[mv.dest] = self._move_base(state, bases.holding, here, mv.dest, targets)
            scored.append(b)
        top = max((base for draw, base in scored if draw), default=0.0)
        fixed = max((base for draw, base in scored if not draw), default=0.0)
        items: list[tuple[int, int, float]] = []
        draws = 0
        for i, (draw, base) in enumerate(scored):
            if draw:
                if base > top - JITTER:
                    items.append((i, draws, base))
                draws += 1
            elif base == fixed and fixed > 0:
                items.append((i, -1, base))
                fixed = -1.0  # the first of them only
        return draws, tuple(items)

    def _entries(self, state: TABoard, enters: tuple[Enter, ...], targets: tuple[Hex, ...]) -> _Run:
        """A unit's paradrops as a run (`_run`): the first of the best scored, when it scores above 0."""
        side = state.side_of(enters[0].unit)
        best: tuple[float, int] | None = None
        for i, a in enumerate(enters):
            score = self._score(state, side, a, targets)
            if score > 0 and (best is None or score > best[0]):
                best = (score, i)
        return (0, ()) if best is None else (0, ((best[1], -1, best[0]),))

    def candidates(self, state: GameState, k: int) -> list[Action]:
        """The search's candidate set of an impulse (Act) with many options: by this bot's own scores (no
        random tie-break drawn, so its own choices are untouched), the best action of each unit (a move,
        an entry, a Re-Supply) or target hex (an attack), best first, `k - 1` of them, then Pass. Empty
        at any other decision."""
        if not isinstance(state, TABoard) or not isinstance(state.pending_decision(), Act):
            return []
        legal = state.legal_actions()
        side = state.current_player
        targets = self._targets(state, side)
        scored = [(self._score(state, side, a, targets, jitter=False), a) for a in legal
                  if isinstance(a, (Attack, Enter, Resupply, Move))]
        ranked: list[Action] = list(best_per_group(scored, _group, k - 1))
        passing = [a for a in legal if isinstance(a, Pass)]
        return ranked + passing[:1]

    def _score(self, state: TABoard, side: str, a: Action, targets: tuple[Hex, ...], jitter: bool = True) -> float:
        kind = type(a)  # the family's action classes are final: a look-up, not isinstance through their ABC
        if kind is Move:
            return self._move_score(state, cast(Move, a), targets, jitter)
        if kind is Attack:
            return self._attack_score(state, side, cast(Attack, a))
        if kind is Enter:
            h = state.map.hex_at(cast(Enter, a).dest)
            return 50.0 - (self._dist(h, targets) if h is not None else 20)
        if kind is Resupply:
            return 3.0
        return 0.0

    def _attack_score(self, state: TABoard, side: str, a: Attack) -> float:
        target = state.map.hex_at(a.target)
        if target is None:
            return 0.0
        impulse = state.impulse()  # the units that may join (`may_attack_with`), read around the target
        units = tuple(u for u in joiners(state, side, target) if may_act(state, u, impulse))
        if not units:
            return 0.0
        result = odds(state, units, target, False).result
        if result.defender < 1 or result.attacker > result.defender:
            return 0.0
        return 60.0 + 10 * (result.defender - result.attacker) + (20 if target in self.objectives else 0)

    def _move_score(self, state: TABoard, a: Move, targets: tuple[Hex, ...], jitter: bool = True) -> float:
        here = state.position.hex_of(a.unit)
        bases = self._bases(state.side_of(a.unit), targets, here)
        return self._move_jittered(state, bases, a.dest, here, targets, jitter)

    def _bases(self, side: str, targets: tuple[Hex, ...], here: Hex | None) -> _Bases:
        """The kept scores before jitter of moves by a unit of `side` from `here` (by destination label)."""
        by_here = self._move_bases.get((side, targets))
        if by_here is None:
            if len(self._move_bases) > 64:
                self._move_bases.clear()
            by_here = self._move_bases[(side, targets)] = {}
        got = by_here.get(here)
        if got is None:
            holding = here is not None and here in self.objectives and (side != ALLIED or here in self.arnhem)
            got = by_here[here] = _Bases(holding)
        return got

    def _move_jittered(self, state: TABoard, bases: _Bases, dest_label: str,
                       here: Hex | None, targets: tuple[Hex, ...], jitter: bool) -> float:
        """A move's score: its kept base, and the jitter drawn exactly where a move gains ground."""
        got = bases.get(dest_label)
        if got is None:
            got = bases[dest_label] = self._move_base(state, bases.holding, here, dest_label, targets)
        draw, score = got
        return score + self.rng.random() * 0.1 if draw and jitter else score

    def _move_base(self, state: TABoard, holding: bool, here: Hex | None, dest_label: str,
                   targets: tuple[Hex, ...]) -> tuple[bool, float]:
        """A move's score without its jitter: (whether the jitter is drawn, the score). `holding`: the unit
        stands on an objective its side keeps (a German on any, an Allied unit in Arnhem)."""
        dest = state.map.hex_at(dest_label)
        if dest is None:  # into an off-board area: only when already off the map
            return False, 0.0
        if here is None:  # an off-board unit coming on
            return False, 40.0 - self._dist(dest, targets)
        if holding:
            return False, 0.0  # hold the objective
        gain = self._dist(here, targets) - self._dist(dest, targets)
        if gain <= 0:
            return False, 0.0
        bonus = 5.0 if dest in self.objectives else 0.0
        return True, 10.0 + gain + bonus

    def _dist(self, h: Hex, targets: tuple[Hex, ...]) -> int:
        """Hexes from `h` to the nearest of `targets`, kept by target set (a side's few sets of objectives)."""
        near = self._near.get(targets)
        if near is None:
            if len(self._near) > 64:
                self._near.clear()
            near = self._near[targets] = {}
        got = near.get(h)
        if got is None:
            got = near[h] = min((hex_distance(h, t) for t in targets), default=0)
        return got

    def _damage(self, state: TABoard, options: list[Damage]) -> Action:
        fort = [a for a in options if state.is_fortified(a.unit)]
        if fort:
            return fort[0]
        return max(options, key=lambda a: (state.endurance_left(a.unit), a.unit))


def _group(a: Action) -> str:
    """What a candidate set keeps one action of: the unit that acts, or the hex attacked."""
    if isinstance(a, Attack):
        return "attack " + a.target
    return "unit " + str(getattr(a, "unit", a.text()))
