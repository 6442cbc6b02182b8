"""Storm over Arnhem's reaches are kept (engine/rules/storm_over_arnhem/movement.py): per position and side
(`_Facts`), and by the game for every position that reads the same facts (`SoAGameBase.searched`,
`reached`). This checks that what is kept never differs from a search made afresh: along random games of The
Crossing, played by one game object (whose kept searches build up over the games) and by clones of their
positions, every unit's reach at every impulse is compared, item by item and in order, with a reference
search that reads the position area by area (`enemy_in`, `case_b`, `may_enter`, `terrain_cost`, `room`) and
keeps nothing."""

from __future__ import annotations

import heapq
import random
from pathlib import Path

from hexwright.engine.formats import load_scenario
from hexwright.engine.rules.chance import SeededSampler
from hexwright.engine.rules.protocol import CHANCE, make_game
from hexwright.engine.rules.storm_over_arnhem.board import SoABoard
from hexwright.engine.rules.storm_over_arnhem.decisions import Impulse, MoreMoves
from hexwright.engine.rules.storm_over_arnhem.movement import (
    case_b,
    enemy_in,
    may_enter,
    movement_factors,
    reach,
    terrain_cost,
)

SCENARIO = Path(__file__).resolve().parents[4] / "scenarios" / "storm-arnhem" / "the-crossing.yaml"


def _reference(state: SoABoard, uid: str) -> list[tuple[str, tuple[int, tuple[str, ...]]]]:
    """The reach as the basic game's movement reads (movement.py's module docstring), searched afresh."""
    side = state.side_of(uid)
    mf = movement_factors(state, uid)
    here = state.area_of(uid)
    if here is None:
        return []
    frontier = [(0, here, (here,))]
    best: dict[str, tuple[int, tuple[str, ...]]] = {}
    while frontier:
        spent, area, path = heapq.heappop(frontier)
        if area in best or spent > mf:
            continue
        best[area] = (spent, path)
        if area != here and enemy_in(state, area, side):
            continue
        for n in state.game.neighbours[area]:
            if n in best or not may_enter(state, n):
                continue
            cost = terrain_cost(state, uid, n)
            if cost is None:
                continue
            cost += 1 if case_b(state, n, side) else 0
            if spent + cost <= mf:
                heapq.heappush(frontier, (spent + cost, n, (*path, n)))
    return [(a, v) for a, v in best.items() if a != here and state.room(a, side) > 0]


def test_kept_reaches_are_the_searches_made_afresh():
    sc = load_scenario(SCENARIO).scenario
    assert sc is not None
    game = make_game(sc)
    checked = 0
    for seed in range(4):
        state = game.new_initial_state(seed, SeededSampler(seed))
        rng = random.Random(seed)
        n = 0
        while not state.is_terminal():
            d = state.pending_decision()
            if isinstance(d, Impulse | MoreMoves):
                # the position and a clone of it (which shares its kept facts), each asked for every unit
                for st in (state, state.clone()):
                    assert isinstance(st, SoABoard)
                    for uid in st.unit_ids():
                        assert list(reach(st, uid).items()) == _reference(st, uid), (seed, n, uid)
                        checked += 1
            if state.current_player == CHANCE:
                action = state.sample_chance()
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply(action)
            n += 1
    assert checked > 1000
    assert game.searched and game.reached  # the game did keep searches (they were the ones compared)
