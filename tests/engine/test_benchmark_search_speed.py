"""The search-speed benchmark's machinery (benchmarks/search_speed.py): its child plays a balance study's
games with the search bot in a seat, as a study's worker plays them, and two runs of the same engine play
the very same games. No timing is asserted."""

from __future__ import annotations

from benchmarks.search_speed import CASE, ROOT, run_child


def test_the_search_child_plays_a_study_s_games_and_two_runs_play_the_same_games():
    _name, rel, bots = CASE
    a = run_child(ROOT / rel, bots, 1, None)
    b = run_child(ROOT / rel, bots, 1, None)
    assert len(a["cpu"]) == 1 and a["cpu"][0] > 0
    assert a["process_cpu"] >= a["cpu"][0]
    assert a["digests"] == b["digests"]
    assert a["module"].startswith(str(ROOT))
