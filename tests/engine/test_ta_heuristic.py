"""The Target Arnhem heuristic bot (engine/bots/heuristic_target_arnhem.py) does not overstack: a move or an
entry into a hex that already holds the stacking limit of units scores nothing, so no unit of its side is
eliminated as an overstacked unit at an impulse's end (Target Arnhem: Movement). Before this, the heuristic
Allied player lost about 7 units a game so (21 in the first 3 games of `--seed 7`), a third of its losses."""

from __future__ import annotations

from hexwright.engine.balance.games import game_seed, scenario_for
from hexwright.engine.bots import make_bot
from hexwright.engine.rules.chance import SeededSampler
from hexwright.engine.rules.protocol import CHANCE, make_game
from hexwright.engine.rules.target_arnhem.decisions import Excess

from tests.conftest import SCENARIOS

TARGET = str(SCENARIOS / "target-arnhem" / "target-arnhem.yaml")


def test_heuristic_games_eliminate_no_overstacked_unit():
    sc = scenario_for(TARGET)
    game = make_game(sc)
    excess = 0
    for i in range(3):
        seed = game_seed(7, i)
        st = game.new_initial_state(seed, SeededSampler(seed))
        bots = {sd.id: make_bot("heuristic", game_seed(7, i, f"bot{k}"), sc) for k, sd in enumerate(sc.sides)}
        while not st.is_terminal():
            if st.current_player == CHANCE:
                st.apply(st.sample_chance())
                continue
            excess += isinstance(st.pending_decision(), Excess)
            st.apply(bots[st.current_player].choose(st))
    assert excess == 0
