"""The bot protocol, the uniform random bot and the game loop that drives bots through the game-state
protocol (engine/rules/protocol.py; OpenSpiel's evaluate_bots loop): chance nodes are drawn from the
state's seeded sampler, decisions asked of each side's bot."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, TypeVar, cast

from ..rules.kit.listing import Listing
from ..rules.protocol import CHANCE, Action, GameState

A = TypeVar("A", bound=Action)
_KINDS: dict[tuple[type, type], bool] = {}  # (an action's class, a kind) -> is it one


def is_kind(t: type, kind: type) -> bool:
    """issubclass, remembered: the bots sort hundreds of actions a decision, and isinstance through the
    actions' abstract base was their hottest call."""
    ok = _KINDS.get((t, kind))
    if ok is None:
        ok = _KINDS[(t, kind)] = issubclass(t, kind)
    return ok


def kinds_of(actions: Iterable[Action]) -> set[type]:
    """The classes of the actions (of a rules kit `Listing` without making its lazily listed actions)."""
    if type(actions) is Listing:
        return actions.kinds()
    return {type(a) for a in actions}


def of_kind(actions: Iterable[Action], kind: type[A], present: set[type] | None = None) -> list[A]:
    """The actions that are `kind`s, in their order; `present` (the actions' classes) skips the scan when
    none of them is one."""
    if present is not None and not any(is_kind(t, kind) for t in present):
        return []
    if type(actions) is Listing:
        return cast("list[A]", actions.of_kind(kind))
    return cast("list[A]", [a for a in actions if is_kind(type(a), kind)])


def best_per_group(scored: Sequence[tuple[float, A]], group: Callable[[A], str], k: int) -> list[A]:
    """The `k` best options of a decision by a heuristic's own scores, one per group (a unit, a target)
    first, best first, then, if there are fewer groups than `k`, the next best; ties by the action's text,
    so the order never depends on a generator. The search (mcts.py) reads it as the candidate set of a
    decision with too many options to try them all."""
    best: dict[str, tuple[float, str, A]] = {}
    for score, a in scored:
        g = group(a)
        text = a.text()
        got = best.get(g)
        if got is None or score > got[0] or (score == got[0] and text < got[1]):
            best[g] = (score, text, a)
    ranked = [a for _s, _t, a in sorted(best.values(), key=lambda x: (-x[0], x[1]))][:max(0, k)]
    if len(ranked) < k:  # fewer groups than wanted (one unit placing): the next best of any group
        chosen = {id(a) for a in ranked}
        rest = sorted(((s, a.text(), a) for s, a in scored if id(a) not in chosen), key=lambda x: (-x[0], x[1]))
        ranked += [a for _s, _t, a in rest[:k - len(ranked)]]
    return ranked


class Bot(Protocol):
    def choose(self, state: GameState) -> Action: ...


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        actions = state.legal_actions()
        if not actions:
            raise ValueError(f"no legal action in {state.phase}")
        return actions[self._rng.randrange(len(actions))]


def play(state: GameState, bots: dict[str, Bot], max_actions: int | None = None,
         on_action: Callable[[GameState, Action], None] | None = None) -> GameState:
    """Play `state` to the end (or `max_actions`): the sampler decides chance nodes, `bots[side]` the rest."""
    n = 0
    while not state.is_terminal() and (max_actions is None or n < max_actions):
        player = state.current_player
        action = state.sample_chance() if player == CHANCE else bots[player].choose(state)
        if on_action is not None:
            on_action(state, action)
        state.apply(action)
        n += 1
    return state
