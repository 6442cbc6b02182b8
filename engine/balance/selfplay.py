"""Self-play positions for the fitted leaf evaluation (engine/bots/value.py): games between bots with the
balance lab's seeds, the position at every game turn's end with the game's result."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..bots.lead import Lead
from ..bots.value import NAMES, features
from ..model.scenario import Scenario
from ..rules.protocol import CHANCE


def collect(sc: Scenario, games: int, seed: int, bots: tuple[str, str] = ("heuristic", "heuristic"),
            options: dict[str, Any] | None = None, start: int = 0
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Play games `start` to `games` - 1 (the balance lab's seeds from `seed`) and take every game turn's end:
    (feature rows, the hand-made score's lead of the first side at each, the result labels, the game number of
    each row)."""
    from ..bots import make_bot
    from ..rules.chance import SeededSampler
    from .games import game_for, game_seed

    lead = Lead(sc)
    sides = [s.id for s in sc.sides]
    turns = len(sc.turns) or 1
    rows: list[list[float]] = []
    leads: list[float] = []
    labels: list[float] = []
    which: list[int] = []
    for i in range(start, games):
        s = game_seed(seed, i)
        state = game_for(sc, tuple(sorted((options or {}).items()))).new_initial_state(s, SeededSampler(s))
        players = {side: make_bot(name, game_seed(seed, i, f"bot{k}"), sc)
                   for k, (side, name) in enumerate(zip(sides, bots, strict=True))}
        turn = state.phase.turn
        mine: list[list[float]] = []
        mine_lead: list[float] = []
        while not state.is_terminal():
            p = state.current_player
            state.apply(state.sample_chance() if p == CHANCE else players[p].choose(state))
            if not state.is_terminal() and state.phase.turn != turn:
                turn = state.phase.turn
                mine.append(features(lead, state, turns))
                mine_lead.append(lead.score(state)[sides[0]])
        out = state.outcome()
        y = 0.5 if out is None or out.draw or out.winner is None else 1.0 if out.winner == sides[0] else 0.0
        rows += mine
        leads += mine_lead
        labels += [y] * len(mine)
        which += [i] * len(mine)
    width = len(NAMES) * 2 + 2
    return (np.array(rows).reshape(-1, width), np.array(leads), np.array(labels), np.array(which, dtype=np.int64))


__all__ = ["collect"]
