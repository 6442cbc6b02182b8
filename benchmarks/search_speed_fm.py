"""The F&M rows of the search-speed benchmark (`--only search-speed`, benchmarks/search_speed.py; issue 31):
the CPU a game of a balance study of F&M Arnhem costs with the search bot Allied (`hexwright balance SCENARIO
--bots mcts,heuristic --seed 7`, Scenarios 1 and 2), this engine against commit 3eb2245 (main before the F&M
search-speed work of 5 December 2026 afternoon, the named baseline), both in the same run. Each measurement
is a fresh process (benchmarks/_search_child.py) playing games 0..N-1 of the study as a study's worker plays
them (the process's first game included, which loads the compiled movement search); the engines in turns,
the order turned every repeat; a digest of each game's record says whether both played the very same games.
The target is the issue's: 2.4 s of CPU a game (100 games in 2 minutes on 2 workers)."""

from __future__ import annotations

from .core import Row, Settings
from .search_speed_paired import paired_search_rows

FM_BASELINE = "3eb2245"
FM_CASES = (("F&M Scenario 1, search bot Allied, heuristic German", "scenarios/fm-arnhem/scenario-1-historical.yaml",
             "mcts,heuristic"),
            ("F&M Scenario 2, search bot Allied, heuristic German",
             "scenarios/fm-arnhem/scenario-2-free-deployment.yaml", "mcts,heuristic"))
FM_GAMES = 2  # games 0..FM_GAMES-1 of the study, per measurement (quick: 1)


def fm_search_rows(settings: Settings) -> list[Row]:
    """One row per case of FM_CASES: ours against FM_BASELINE, the same games."""
    return paired_search_rows(settings, FM_BASELINE, FM_CASES, FM_GAMES)
