"""Bots that play any scenario through the game-state protocol (engine/rules/protocol.py).

* `random`: the uniform random bot of engine/rules/bots.py.
* `heuristic`: a rules-family bot that plays sensibly (heuristic_fm.py, heuristic_koenig.py): it moves
  toward the scenario's objectives (read from `Scenario.victory` as data), takes favourable attacks by
  their exact odds and avoids hopeless ones, and answers retreats, step losses and support sensibly.

Every bot is deterministic given its own seed. `make_bot(name, seed, scenario)` picks the family's
heuristic from the scenario's rules id.
"""

from __future__ import annotations

from collections.abc import Callable

from ..model.scenario import Scenario
from ..rules.bots import Bot, RandomBot

BOT_NAMES = ("random", "heuristic")


def _heuristic(scenario: Scenario, seed: int) -> Bot:
    if scenario.rules == "fm":
        from .heuristic_fm import FMHeuristicBot

        return FMHeuristicBot(scenario, seed)
    if scenario.rules == "koenig":
        from .heuristic_koenig import KoenigHeuristicBot

        return KoenigHeuristicBot(scenario, seed)
    raise ValueError(f"no heuristic bot for the rules family {scenario.rules!r} (there are: fm, koenig)")


_FACTORIES: dict[str, Callable[[Scenario, int], Bot]] = {
    "random": lambda _sc, seed: RandomBot(seed),
    "heuristic": _heuristic,
}


def make_bot(name: str, seed: int, scenario: Scenario) -> Bot:
    """The bot called `name` for a game of `scenario`, from its own seed."""
    factory = _FACTORIES.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(BOT_NAMES)}")
    return factory(scenario, seed)
