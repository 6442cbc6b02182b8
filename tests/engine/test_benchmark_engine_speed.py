"""The engine-speed benchmark's machinery (benchmarks/engine_speed.py): the playout child plays real games
through the protocol and reports a digest that two runs of the same engine agree on; the baseline commit is
extracted as an importable `hexwright` package. No timing is asserted."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from benchmarks.engine_speed import BASELINE, ROOT, extract_baseline, run_child

KOENIG = ROOT / "scenarios" / "koenig-arnhem-bridge" / "arnhem-bridge.yaml"


def test_the_playout_child_plays_whole_games_and_two_runs_play_the_same_games():
    a = run_child(KOENIG, 1, None)
    b = run_child(KOENIG, 1, None)
    assert a["actions"] > 50 and a["cpu"] > 0
    assert a["digest"] == b["digest"] and a["actions"] == b["actions"]
    assert a["module"].startswith(str(ROOT))


def _has_baseline() -> bool:
    got = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{BASELINE}^{{commit}}"], capture_output=True)
    return got.returncode == 0


@pytest.mark.skipif(not _has_baseline(), reason=f"commit {BASELINE} is not in this clone's history")
def test_the_baseline_is_extracted_as_a_package_of_its_own(tmp_path: Path):
    where = extract_baseline(BASELINE, tmp_path)
    assert (where / "hexwright" / "engine" / "rules" / "protocol.py").is_file()
    assert (where / "scenarios" / "koenig-arnhem-bridge" / "arnhem-bridge.yaml").is_file()
    got = run_child(where / "scenarios" / "koenig-arnhem-bridge" / "arnhem-bridge.yaml", 1, str(where))
    assert got["module"].startswith(str(where))
    assert got["digest"] == run_child(KOENIG, 1, None)["digest"]  # the same rules play the same game


def test_a_cold_child_plays_the_same_games_as_a_warm_one_and_reports_the_whole_process():
    """The cold-start row's child (no untimed game, nothing loaded ahead) plays the very games a warm child
    plays, and reports the process's whole CPU time and the rules game's making besides the games'."""
    cold, warm = run_child(KOENIG, 1, None, cold=True), run_child(KOENIG, 1, None)
    assert cold["digest"] == warm["digest"] and cold["actions"] == warm["actions"]
    assert cold["process_cpu"] > cold["cpu"] + cold["setup_cpu"] > 0
