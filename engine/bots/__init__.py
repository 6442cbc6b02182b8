"""Bots that play any scenario through the game-state protocol (engine/rules/protocol.py).

* `random`: the uniform random bot (base.py).
* `heuristic`: the rules family's bot that plays sensibly (heuristic_fm.py, heuristic_koenig.py), named
  by the family's `heuristic_bot` entry in the one registry (engine/rules/registry.py): it moves toward
  the scenario's objectives (read from `Scenario.victory` as data), takes favourable attacks by their
  exact odds and avoids hopeless ones, and answers retreats, step losses and support sensibly.
* `mcts`: information-set Monte Carlo tree search (mcts.py) over the decisions with few options and,
  widened progressively, over the heuristic's ranked options at its own larger ones, with the family's
  heuristic as its rollout policy and prior and the scenario's leaf evaluation fitted on self-play
  (value.py) where one was fitted; it draws the other side's secret draws and all future chance again from
  its own generator (the family's registry entry says what is hidden), so it never reads what its side may
  not see.

Every bot is deterministic given its own seed. `make_bot(name, seed, scenario)` picks the family's
heuristic from the scenario's rules id; `play` drives a game with one bot per side.
"""

from __future__ import annotations

from ..model.scenario import Scenario
from ..rules.registry import RULES_FAMILIES, load
from .base import Bot, RandomBot, play

BOT_NAMES = ("random", "heuristic", "mcts")


def heuristic_for(scenario: Scenario, seed: int) -> Bot:
    """The rules family's heuristic bot for a game of `scenario` (the registry's `heuristic_bot`)."""
    family = RULES_FAMILIES.get(scenario.rules)
    if family is None or not family.heuristic_bot:
        known = ", ".join(f.id for f in RULES_FAMILIES.values() if f.heuristic_bot)
        raise ValueError(f"no heuristic bot for the rules family {scenario.rules!r} (there are: {known})")
    bot: Bot = load(family.heuristic_bot)(scenario, seed)
    return bot


def make_bot(name: str, seed: int, scenario: Scenario) -> Bot:
    """The bot called `name` for a game of `scenario`, from its own seed."""
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        return heuristic_for(scenario, seed)
    if name == "mcts":
        from .mcts import MCTSBot

        return MCTSBot(scenario, seed)
    raise ValueError(f"unknown bot {name!r}; known: {', '.join(BOT_NAMES)}")


__all__ = ["BOT_NAMES", "Bot", "RandomBot", "heuristic_for", "make_bot", "play"]
