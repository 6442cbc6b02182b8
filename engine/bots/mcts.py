"""A Monte Carlo tree search bot for any rules family, through the game-state protocol
(engine/rules/protocol.py), with the family's heuristic bot as its rollout policy and its prior.

Information-set MCTS, open loop (Cowling, Powley and Whitehouse 2012; the tree is keyed by the decisions
taken since the root, never by a chance outcome): every simulation starts from a new *determinization*
of the position the bot is in, a clone of the state in which everything the acting side may not see is
drawn again from the bot's own generator:

* **Future chance** (dice, cup draws, marker draws, landing rolls): the clone's sampler is replaced by a
  `SeededSampler` seeded from the bot's generator before the clone reaches any chance node, so the search
  never reads, or advances, the game's own sampler (the game's future dice stay unknown to it).
* **Secret draws of the other side** (`HistoryEntry.owner`): Fire & Movement is the one shipped family
  with them, the support fire markers a player draws secretly (F&M 7.2, 10.7: the other player knows
  only how many). The determinization deals the other side's hand again: the markers it holds that came
  from its pools are put back into the pools they came from and as many are drawn again, at random, from
  that pool's markers not yet revealed this Game Turn (engine/rules/fm/information.py,
  the family's `information_set` entry). Markers that were never secret
  (every marker of a pool allotted, 10.7 a) stay as they are. The number of markers drawn from each
  pool is kept: the search reads that split (10.7: the Allied player chooses it before his draws).
* **Hidden decisions of the other side**: while the other side's support fire markers lie face down
  in a combat (F&M 8.2.1 b) or its secret set-up (F&M 12.0, Scenario 2) is not yet revealed, the bot
  does not search at all and plays its heuristic, which reads neither.
* Koenig's Market-Garden and Target Arnhem have no hidden information (their cup draws and rolls are
  public chance outcomes, drawn again as future chance).

Hundreds of legal actions a decision (every hex of every unit in an F&M Movement Phase, every move of a
Koenig operation or a Target Arnhem impulse, a Storm over Arnhem impulse) are more than a search of a few
dozen simulations can tell apart, so a decision's options in the tree (`options`) are
* all its legal actions when it has at most `max_branching` (attacks or pass, fires, support, markers,
  retreats, step losses and Hits, demolitions, advances);
* else, at the bot's own large decision (the root), the heuristic's **ranked options**, widened
  progressively (`widening`, on by default): the heuristic's own choice first, then the `ranked` best of
  its options by its own scores (the family heuristic's `candidates(state, k)`: the best move of each unit,
  the best attack or fire, and the option to end or pass; engine/bots/base.py `best_per_group`), in that
  order; a node visited n times may try the first ceil(`widening` * (n + 1) ** `widening_power`) of them
  (Coulom 2007; Chaslot et al. 2008), so the search spends its first simulations on the heuristic's
  choice and reaches further down the ranking only as the visits grow;
* with `widening` 0, the older candidate set: the heuristic's choice and its `candidates` best, all open
  at once (0 by default: measured weaker, docs/bots.md);
* a decision for which the heuristic names no candidates (e.g. F&M's secret set-up) is played by the
  heuristic.
Below the root the tree branches at decisions with few options, and larger ones are played by the side's
heuristic, in the tree and in rollouts alike. A decision with few options at the root is searched with
`simulations`, a large one with `move_simulations`.

A simulation: from the determinization, descend the tree by UCT (UCB1 with `exploration`; each node
maximizes the value of its side to act), the heuristic's choice at a node carrying a progressive bias
(`prior_bias / (1 + visits)`), so with few visits the search keeps to it; expand one new node; then
play on with both sides' heuristic bots until the game ends or `horizon` decisions have been taken
since the root; score that position for each side (`evaluate`) and back the value up the path.
The bot plays, of the root's actions tried at least twice, the one of best mean value, but keeps the
heuristic's choice unless that beats it by more than `MARGIN` (a few simulations are noisy); at a large
decision (ranked options), of those tried at least `MOVE_VISITS` times, by more than `MOVE_MARGIN`.

Evaluation of a position that is not over (`evaluate`, each side's value in [-1, 1]): 0.9 tanh of the
lead the side has gained since the root, its lead (`score`) being
* with `leaf` "fitted" (the default) and weights fitted for the scenario (value.py, engine/bots/
  leaf_weights.json, fitted on self-play by engine/balance/fitvalue.py), half the fitted logit of the first
  side winning, the second side's the opposite: a gain of d in the chance of winning scores about 2d;
* else (no weights for the scenario, or `leaf` "hand-made") the hand-made score (lead.py): where the
  family keeps Victory Points (`victory_points()`, Koenig exclusive 12.0: units, hexes, exits), the VP
  difference over `VP_SCALE`; else the scenario's victory conditions as data (engine/bots/objectives.py):
  each objective hex held by a unit that counts for its side's occupy conditions (F&M 11.5: not airborne
  units) counts its weight (2 VP city, 1 VP town; Arnhem and Hell's Highway in Target Arnhem), and the
  units each side has lost (eliminated, and steps lost: F&M 8.2.4 depletion, Target Arnhem damage) count
  against it.
A finished game scores +1 for the winner, -1 for the loser, 0 for a draw.

A rules family may give its own settings in its registry entry (`RulesFamily.search`, read by
`family_settings`, any of `FAMILY_SETTINGS`): Koenig's rollouts are shorter (docs/bots.md, "Koenig's German
seat"); a value passed to `MCTSBot` wins over the family's. `unsearched` names kinds of decision (the class
names of the family's pending decisions, e.g. F&M's "LandingChoice") the bot never searches: its heuristic
plays them, at the root and in the tree alike (measured for F&M in docs/bots.md, "F&M's search within the
2-minute study": with its movement, landings, demolitions and go-on unsearched and shorter rollouts the bot
cost a fifth of the CPU and was no stronger than its heuristic, so F&M's entry sets nothing).

Budget: `simulations` (or `move_simulations`) per searched decision (deterministic: the same seed gives
the same game on any machine, whatever its load). The defaults (`DEFAULT_SIMULATIONS`, `DEFAULT_MOVE_SIMULATIONS`,
`DEFAULT_CANDIDATES`, `DEFAULT_HORIZON`, `DEFAULT_WIDENING`, `DEFAULT_RANKED`, `DEFAULT_LEAF`) are the ones
measured in docs/bots.md.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..model.scenario import Scenario
from ..rules.chance import SeededSampler
from ..rules.protocol import CHANCE, Action, GameState
from ..rules.registry import RULES_FAMILIES
from .base import Bot
from .lead import Lead
from .value import FittedValue, load_weights

DEFAULT_SIMULATIONS = 12
DEFAULT_HORIZON = 20  # decisions (of either side; chance outcomes not counted) a rollout plays
DEFAULT_MAX_BRANCHING = 8
# Candidate sets of large decisions (`candidates`, the heuristic's best few) are off by default: with this
# leaf evaluation and budget they made the bot weaker (docs/bots.md, MCTS: measured); MCTSBot(candidates=4)
DEFAULT_CANDIDATES = 0
# Progress toward the objectives in the leaf evaluation (families without VPs): off by default, an experiment
# with candidate sets (docs/bots.md, MCTS)
DEFAULT_PROGRESS = 0.0
DEFAULT_MOVE_SIMULATIONS = 12  # simulations a decision searched over its candidate set
# Progressive widening of the bot's own large decisions (movement): a node visited n times may try the first
# ceil(WIDENING * (n + 1) ** WIDENING_POWER) of its ranked options (the heuristic's choice, then its
# `candidates` best first); 0 turns it off
DEFAULT_WIDENING = 1.0
WIDENING_POWER = 0.5
DEFAULT_RANKED = 6  # the heuristic's ranked options a widened node may reach (besides its own choice)
# The leaf evaluation: "fitted" (the scenario's weights fitted on self-play, value.py, where they exist;
# else the hand-made score) or "hand-made" (lead.py)
DEFAULT_LEAF = "fitted"
LEAVES = ("fitted", "hand-made")
EXPLORATION = 0.4
PRIOR_BIAS = 0.3
MARGIN = 0.05  # how much better than the heuristic's choice, in mean value, another action must be
MOVE_MARGIN = 0.15  # the same at a decision searched over its candidate set
# ... and by more than SPREAD standard errors of the difference of the two means besides (0: the margin alone)
SPREAD = 0.0
MOVE_VISITS = 3  # the visits a candidate needs there before it may be played instead of the heuristic's


@dataclass
class _Node:
    """A decision in the open-loop tree: its side to act and its children's statistics by action text."""

    player: str
    heuristic: str = ""  # the text of the heuristic's choice here (its progressive bias)
    widen: bool = False  # its options are ranked and tried progressively (`MCTSBot.widening`)
    visits: int = 0
    children: dict[str, _Child] = field(default_factory=dict)


@dataclass
class _Child:
    visits: int = 0
    value: float = 0.0  # the sum of the values, for the node's side to act
    square: float = 0.0  # the sum of their squares (the spread of the values, `_final`)
    below: dict[str, _Node] = field(default_factory=dict)  # the next tree decision, by its side to act


class MCTSBot:
    """Information-set MCTS with the family's heuristic as rollout policy and prior (see the module)."""

    name = "mcts"

    def __init__(self, scenario: Scenario, seed: int = 0, simulations: int | None = None,
                 horizon: int | None = None, max_branching: int | None = None,
                 exploration: float | None = None, prior_bias: float | None = None,
                 candidates: int | None = None, move_simulations: int | None = None,
                 progress: float | None = None, spread: float | None = None, widening: float | None = None,
                 widening_power: float | None = None, ranked: int | None = None, leaf: str | None = None,
                 unsearched: Collection[str] | None = None) -> None:
        from ..movement import fastdial
        from . import heuristic_for

        if scenario.area_map is None:  # (an area map's movement never searches hexes)
            fastdial.prepare()  # a search plays thousands of moves: the compiled movement search pays at once
        self.scenario = scenario
        tuned = family_settings(scenario)  # the family's own settings (its registry entry's `search`)

        def own(given: Any, key: str, cast: Callable[[Any], Any]) -> Any:
            """The caller's value; else the family's, as the keyword takes it; else None (the default)."""
            return cast(tuned[key]) if given is None and key in tuned else given

        horizon = own(horizon, "horizon", int)
        simulations = own(simulations, "simulations", int)
        move_simulations = own(move_simulations, "move_simulations", int)
        ranked = own(ranked, "ranked", int)
        widening = own(widening, "widening", float)
        unsearched = own(unsearched, "unsearched", lambda kinds: str(kinds).split())
        self.simulations = DEFAULT_SIMULATIONS if simulations is None else simulations
        self.horizon = DEFAULT_HORIZON if horizon is None else horizon
        self.max_branching = DEFAULT_MAX_BRANCHING if max_branching is None else max_branching
        self.exploration = EXPLORATION if exploration is None else exploration
        self.prior_bias = PRIOR_BIAS if prior_bias is None else prior_bias
        self.candidates = DEFAULT_CANDIDATES if candidates is None else candidates
        self.move_simulations = DEFAULT_MOVE_SIMULATIONS if move_simulations is None else move_simulations
        self.progress = DEFAULT_PROGRESS if progress is None else progress
        self.spread = SPREAD if spread is None else spread
        self.widening = DEFAULT_WIDENING if widening is None else widening
        self.widening_power = WIDENING_POWER if widening_power is None else widening_power
        self.ranked = DEFAULT_RANKED if ranked is None else ranked
        self.leaf = DEFAULT_LEAF if leaf is None else leaf
        self.unsearched = frozenset(unsearched or ())  # kinds of decision its heuristic plays unsearched
        if self.leaf not in LEAVES:
            raise ValueError(f"unknown leaf evaluation {self.leaf!r}; known: {', '.join(LEAVES)}")
        self._rng = random.Random(seed)
        sides = [s.id for s in scenario.sides]
        # one heuristic for the bot's own choices and one per side for the rollouts, each from its own seed
        self._own: Bot = heuristic_for(scenario, self._rng.getrandbits(63))
        self._policy: dict[str, Bot] = {s: heuristic_for(scenario, self._rng.getrandbits(63)) for s in sides}
        self._lead = Lead(scenario, self.progress)
        self._units_per_side = self._lead.units_per_side
        self._fitted: FittedValue | None = None
        if self.leaf == "fitted" and len(sides) == 2:
            entry = load_weights(scenario)
            if entry is not None:
                self._fitted = FittedValue(Lead(scenario), entry, len(scenario.turns) or 1)
        self.last_search: dict[str, tuple[int, float]] = {}  # the root's children: visits, mean value

    # -- the decision ------------------------------------------------------------------------------------
    def choose(self, state: GameState) -> Action:
        actions = state.legal_actions()
        if not actions:
            raise ValueError(f"no legal action in {state.phase}")
        self.last_search = {}
        if len(actions) == 1:
            return actions[0]
        me = state.current_player
        if self.simulations <= 0 or not searchable(state, me) or self._unsearched(state):
            return self._own.choose(state)
        default = self._own.choose(state)
        options = self.options(state, actions, default.text())
        if options is None or len(options) < 2:
            return default
        by_text = {a.text(): a for a in options}
        large = len(actions) > self.max_branching
        root = _Node(me, default.text(), widen=large and self.widening > 0)
        base = self.score(state)
        budget = self.simulations if not large else self.move_simulations
        for _ in range(budget):
            self._simulate(state, root, me, base, options)
        self.last_search = {t: (c.visits, c.value / c.visits if c.visits else 0.0) for t, c in root.children.items()}
        return by_text.get(self._final(root, MOVE_VISITS if large else 2, MOVE_MARGIN if large else MARGIN), default)

    def _unsearched(self, state: GameState) -> bool:
        """Whether the pending decision is of a kind the bot does not search (`unsearched`)."""
        if not self.unsearched:
            return False
        pending = getattr(state, "pending_decision", None)
        return callable(pending) and type(pending()).__name__ in self.unsearched

    def options(self, state: GameState, actions: Sequence[Action], prior: str) -> Sequence[Action] | None:
        """What the search tries at a decision: all its legal actions when there are at most
        `max_branching`; else the heuristic's ranked options, its choice (`prior`, an action's text) first,
        then the best of its own options (its `candidates(state, k)`: the best per unit, and the option to
        end or pass), `ranked` of them when widening progressively (`widening` above 0), else
        `candidates`; None where the heuristic names no candidates (the heuristic then plays)."""
        if len(actions) <= self.max_branching:
            return actions
        k = self.ranked if self.widening > 0 else self.candidates
        if k <= 0:
            return None
        ranker: Any = getattr(self._policy[state.current_player], "candidates", None)
        if not callable(ranker):
            return None
        found = ranker(state, k)
        if not found:
            return None
        out: list[Action] = [a for a in actions if a.text() == prior][:1]
        seen = {prior}
        for a in found:
            t = a.text()
            if t not in seen:
                seen.add(t)
                out.append(a)
        return out

    def _final(self, root: _Node, visits: int = 2, margin: float = MARGIN) -> str:
        """The action to play: of the root's actions tried at least `visits` times, the best mean value;
        the heuristic's choice unless that beats it by more than `margin` (a few simulations are noisy,
        and a move chosen over a candidate set on noise undoes the heuristic's plan: stricter there) and,
        with `spread` above 0, by more than `spread` standard errors of the difference of the two means."""
        tried = {t: c.value / c.visits for t, c in root.children.items() if c.visits >= visits}
        if not tried:
            return root.heuristic
        best = max(tried, key=lambda t: (tried[t], t == root.heuristic))
        if root.heuristic in tried:
            lead = tried[best] - tried[root.heuristic]
            if lead <= margin:
                return root.heuristic
            if self.spread > 0 and best != root.heuristic:
                se = math.sqrt(_variance(root.children[best]) / root.children[best].visits
                               + _variance(root.children[root.heuristic]) / root.children[root.heuristic].visits)
                if lead - margin <= self.spread * se:
                    return root.heuristic
        return best

    # -- one simulation ----------------------------------------------------------------------------------
    def determinize(self, state: GameState, me: str) -> GameState:
        """A clone of `state` in which what `me` may not see is drawn again from the bot's generator: the
        future chance (a sampler of the bot's own) and the other side's secret draws (see the module)."""
        det = state.clone(SeededSampler(self._rng.getrandbits(63)))
        redeal(det, me, self._rng)
        return det

    def _simulate(self, root_state: GameState, root: _Node, me: str, base: dict[str, float],
                  root_options: Sequence[Action]) -> None:
        st = self.determinize(root_state, me)
        path: list[tuple[_Node, str]] = []
        node: _Node | None = root
        above: _Child | None = None  # the child last taken, whose next tree decision is not reached yet
        decisions = 0
        while not st.is_terminal() and decisions < self.horizon:
            player = st.current_player
            if player == CHANCE:
                st.apply(st.sample_chance())
                continue
            actions = st.legal_actions()
            options: Sequence[Action] | None = None
            if len(actions) > 1 and (node is not None or above is not None):
                if node is root:  # the root: its own option set (a candidate set if it is large)
                    options = root_options
                elif len(actions) <= self.max_branching and not (self.unsearched and self._unsearched(st)):
                    options = actions
            if options is not None and len(options) > 1:
                if node is None:
                    assert above is not None
                    node = above.below.get(player)
                    if node is None:  # expand: one new node a simulation, below a child visited before
                        node = above.below[player] = _Node(player, self._policy[player].choose(st).text())
                text = self._select(node, options)
                action = next(a for a in options if a.text() == text)
                path.append((node, text))
                child = node.children.setdefault(text, _Child())
                above = child if child.visits > 0 else None
                node = None
            else:
                action = actions[0] if len(actions) == 1 else self._policy[player].choose(st)
            st.apply(action)
            decisions += 1
        values = self.evaluate(st, base)
        for n, text in path:
            n.visits += 1
            c = n.children[text]
            c.visits += 1
            v = values.get(n.player, 0.0)
            c.value += v
            c.square += v * v

    def _select(self, node: _Node, actions: Sequence[Action]) -> str:
        texts = [a.text() for a in actions]
        if node.widen:  # progressive widening: the first k ranked options, k growing with the visits
            texts = texts[:max(1, math.ceil(self.widening * (node.visits + 1) ** self.widening_power))]
        unvisited = [t for t in texts if node.children.get(t) is None or node.children[t].visits == 0]
        if unvisited:  # the heuristic's choice first, then the others in the rules' order
            return node.heuristic if node.heuristic in unvisited else unvisited[0]
        log_n = math.log(max(1, node.visits))
        best, best_score = texts[0], -math.inf
        for t in texts:
            c = node.children[t]
            score = c.value / c.visits + self.exploration * math.sqrt(log_n / c.visits)
            if t == node.heuristic:
                score += self.prior_bias / (1 + c.visits)
            if score > best_score:
                best, best_score = t, score
        return best

    # -- the evaluation ----------------------------------------------------------------------------------
    def evaluate(self, state: GameState, base: dict[str, float] | None = None) -> dict[str, float]:
        """Each side's value of `state` in [-1, 1]: the outcome if the game is over, else how much its
        `score` (its lead over the other side) has grown since `base` (the root's), squashed by tanh:
        measured from the root, so a side far ahead or behind still tells its options apart."""
        sides = list(self._units_per_side)
        if state.is_terminal():
            out = state.outcome()
            if out is None or out.draw or out.winner is None:
                return dict.fromkeys(sides, 0.0)
            return {s: 1.0 if s == out.winner else -1.0 for s in sides}
        lead = self.score(state)
        return {s: 0.9 * math.tanh(lead[s] - (base or {}).get(s, 0.0)) for s in sides}

    def score(self, state: GameState) -> dict[str, float]:
        """Each side's lead over the other: with the scenario's fitted weights (value.py), half the logit
        of the first side winning (so that 0.9 tanh of its gain since the root is about twice the gain in
        the chance of winning), the second side's the opposite; else the hand-made score, the victory
        conditions as data, or the family's Victory Points where it keeps them, and units lost (lead.py)."""
        if self._fitted is not None:
            z = 0.5 * self._fitted.logit(state)
            return {s: z if s == self._fitted.first else -z for s in self._units_per_side}
        return self._lead.score(state)


# the settings a family's registry entry may give the search (RulesFamily.search), by MCTSBot keyword;
# "unsearched" is a string of decision kinds separated by spaces, the others numbers
FAMILY_SETTINGS = ("horizon", "simulations", "move_simulations", "ranked", "widening", "unsearched")


def family_settings(scenario: Scenario) -> dict[str, float | str]:
    """The search settings of the scenario's rules family (its registry entry's `search`: e.g. Koenig's shorter
    rollouts, docs/bots.md), by MCTSBot keyword; an entry naming a setting the search does not take is refused."""
    f = RULES_FAMILIES.get(scenario.rules)
    out = dict(f.search) if f is not None else {}
    unknown = sorted(set(out) - set(FAMILY_SETTINGS))
    if unknown:
        raise ValueError(f"the rules family {scenario.rules!r} gives the search unknown settings: {', '.join(unknown)}")
    return out


def _variance(c: _Child) -> float:
    """The sample variance of a child's values (0 with fewer than two)."""
    if c.visits < 2:
        return 0.0
    mean = c.value / c.visits
    return max(0.0, (c.square - c.visits * mean * mean) / (c.visits - 1))


def searchable(state: GameState, me: str) -> bool:
    """Whether `me` may search here: not while the other side has a decision hidden from him that a
    determinization does not draw again (the family's `information_set`, e.g. F&M 8.2.1 b markers face
    down, F&M 12.0 the secret set-up)."""
    info = _information_set(state)
    return info is None or bool(info.searchable(state, me))


def redeal(state: GameState, me: str, rng: random.Random) -> None:
    """Deal again, from `rng`, what the other side drew in secret (the family's `information_set`;
    F&M 7.2, 10.7 the support fire markers); nothing in a family without hidden draws."""
    info = _information_set(state)
    if info is not None:
        info.redeal(state, me, rng)


def _information_set(state: GameState) -> Any:
    """The hidden-information hooks of the state's family (registry `information_set`), or None."""
    f = RULES_FAMILIES.get(state.game.scenario.rules)
    return f.hook("information_set") if f is not None else None


__all__ = ["DEFAULT_CANDIDATES", "DEFAULT_HORIZON", "DEFAULT_MAX_BRANCHING", "DEFAULT_MOVE_SIMULATIONS",
           "DEFAULT_SIMULATIONS", "FAMILY_SETTINGS", "MCTSBot", "family_settings", "redeal", "searchable"]
