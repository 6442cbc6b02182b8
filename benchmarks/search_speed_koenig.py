"""The Koenig rows of the search-speed benchmark (`--only search-speed`, benchmarks/search_speed.py; issue 31):
the CPU a game of a balance study of Koenig's Arnhem Bridge costs with the search bot in either seat, this
engine against commit 0053a04 (main before the Koenig search-speed work, the named baseline), both in the same
run, each measurement a fresh process (benchmarks/_search_child.py) playing games 0..N-1 of `hexwright balance
scenarios/koenig-arnhem-bridge/arnhem-bridge.yaml --bots BOTS --seed 7` as a study's worker plays them (the
process's first game included), the two engines in turns; a digest of each game's record says whether both
played the very same games. The target is the issue's: 2.4 s of CPU a game (100 games in 2 minutes on 2
workers)."""

from __future__ import annotations

from .core import Row, Settings
from .search_speed_paired import paired_search_rows

KOENIG_BASELINE = "0053a04"
KOENIG = "scenarios/koenig-arnhem-bridge/arnhem-bridge.yaml"
KOENIG_CASES = (("Koenig's Arnhem Bridge, search bot Allied, heuristic German", KOENIG, "mcts,heuristic"),
                ("Koenig's Arnhem Bridge, heuristic Allied, search bot German", KOENIG, "heuristic,mcts"))
KOENIG_GAMES = 2  # games 0..KOENIG_GAMES-1 of the study, per measurement (quick: 1)


def koenig_search_rows(settings: Settings) -> list[Row]:
    """One row per seat of the search bot: ours against KOENIG_BASELINE, the same games."""
    return paired_search_rows(settings, KOENIG_BASELINE, KOENIG_CASES, KOENIG_GAMES)
