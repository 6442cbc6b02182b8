"""The balance lab: Wilson intervals, per-game seeds, what-if parameters, summaries and reports, and
identical studies whatever runs the games (one process, a process pool, a local Dask cluster)."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hexwright.engine.balance import (
    SweepError,
    apply_parameter,
    game_seed,
    parse_sweep,
    run_study,
    run_sweep,
    scenario_for,
    wilson,
)
from hexwright.engine.balance.report import html_report, json_report, png_report, sweep_png, sweep_text, text_report

from tests.conftest import SCENARIOS

KOENIG = str(SCENARIOS / "koenig-arnhem-bridge" / "arnhem-bridge.yaml")
FM_1 = str(SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml")
SHORT = {"max_turns": 4}


def test_wilson_interval():
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_game_seeds_depend_only_on_master_seed_and_index():
    assert game_seed(1, 0) == game_seed(1, 0)
    seeds = {game_seed(1, i) for i in range(1000)}
    assert len(seeds) == 1000
    assert game_seed(2, 0) != game_seed(1, 0)
    assert game_seed(1, 0, "bot0") != game_seed(1, 0)


def test_sweep_parameters_and_their_errors():
    sc = scenario_for(FM_1)
    assert parse_sweep("reinforcement[3].turn=2,3,4") == ("reinforcement[3].turn", [2, 3, 4])
    moved = apply_parameter(sc, "reinforcement[3].turn", 4)
    assert moved.reinforcements[3].turn == 4
    assert apply_parameter(sc, "reinforcement[3].turn", 7).reinforcements[3].turn == 7
    assert moved is not sc and sc.reinforcements[3] is not moved.reinforcements[3]
    stronger = apply_parameter(sc, "unit[2/9SS].values.attack", 9)
    assert stronger.units["2/9SS"].values["attack"] == 9 and sc.units["2/9SS"].values["attack"] != 9
    assert len(apply_parameter(sc, "turns", 5).turns) == 5
    longer = apply_parameter(sc, "turns", len(sc.turns) + 2)
    assert [t.number for t in longer.turns][-2:] == [len(sc.turns) + 1, len(sc.turns) + 2]
    assert apply_parameter(sc, "turn[2].allotments.allied", 9).turns[1].allotments["allied"] == 9
    with pytest.raises(SweepError, match="no unit 'nobody'"):
        apply_parameter(sc, "unit[nobody].values.attack", 3)
    with pytest.raises(SweepError, match="has no value 'speed'"):
        apply_parameter(sc, "unit[2/9SS].values.speed", 3)
    with pytest.raises(SweepError, match="reinforcements 0 to"):
        apply_parameter(sc, "reinforcement[999].turn", 3)
    with pytest.raises(SweepError, match="not a whole number"):
        apply_parameter(sc, "reinforcement[0].turn", "soon")
    with pytest.raises(SweepError, match="unknown parameter"):
        apply_parameter(sc, "weather", 3)
    with pytest.raises(SweepError, match="SIDE one of"):
        apply_parameter(sc, "turn[2].allotments.martians", 3)
    with pytest.raises(SweepError, match="PATH=V1,V2"):
        parse_sweep("turns")


@pytest.fixture(scope="module")
def local_study():
    seen = []
    s = run_study(KOENIG, 6, ["random"], seed=11, options=SHORT, progress=lambda d, n, r: seen.append((d, n)))
    return s, seen


def test_study_summary(local_study):
    s, seen = local_study
    assert seen == [(i, 6) for i in range(1, 7)]
    sc = scenario_for(KOENIG)
    assert s.games == 6 and [r.side for r in s.sides] == ["allied", "german"]
    for r in s.sides:
        assert r.wins + r.draws + r.losses == 6
    assert s.sides[0].wins + s.sides[0].draws == s.sides[1].losses + s.sides[1].draws
    assert s.lost_heat.shape == (sc.map.grid.rows, sc.map.grid.columns) == s.combat_heat.shape
    assert s.combat_heat.sum() > 0
    assert set(s.decided_turns) == {4}  # judged after max_turns
    assert s.victory_hits  # Koenig VP lines that scored
    d = json.loads(json_report(s))
    assert np.array(d["heatmaps"]["combats"]).sum() == s.combat_heat.sum()
    assert "95% interval" in text_report(s)


def test_same_results_with_a_process_pool(local_study):
    s, _ = local_study
    pooled = run_study(KOENIG, 6, ["random"], seed=11, workers=2, options=SHORT)
    assert pooled.to_dict() == s.to_dict()
    other = run_study(KOENIG, 6, ["random"], seed=12, options=SHORT)
    assert other.to_dict() != s.to_dict()


def test_same_results_on_a_local_dask_cluster(local_study):
    distributed = pytest.importorskip("distributed")
    s, _ = local_study
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp",
                                  dashboard_address=None, host="127.0.0.1") as cluster:
        seen = []
        on_dask = run_study(KOENIG, 6, ["random"], seed=11, scheduler=cluster.scheduler_address, options=SHORT,
                            progress=lambda d, n, r: seen.append(d))
    assert on_dask.to_dict() == s.to_dict()
    assert sorted(seen) == list(range(1, 7))


def test_unreachable_scheduler_is_a_clear_error(monkeypatch):
    from hexwright.engine.balance import runner

    monkeypatch.setattr(runner, "DASK_CONNECT_TIMEOUT", "1s")
    with pytest.raises(RuntimeError, match="cannot reach the Dask scheduler"):
        run_study(KOENIG, 1, ["random"], scheduler="tcp://127.0.0.1:9", options=SHORT)


def test_cancel_stops_between_games():
    done = []
    s = run_study(KOENIG, 5, ["random"], seed=1, options={"max_turns": 1}, progress=lambda d, n, r: done.append(d),
                  cancel=lambda: len(done) >= 2)
    assert s.games == 2


def test_bad_bots_fail_before_any_game():
    with pytest.raises(ValueError, match="3 bots named for 2 sides"):
        run_study(KOENIG, 1, ["random", "random", "random"])
    with pytest.raises(ValueError, match="unknown bot"):
        run_study(KOENIG, 1, ["genius"])


def test_reports_embed_png_plots(local_study):
    s, _ = local_study
    png = png_report(s)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    html = html_report(s, png)
    assert "data:image/png;base64," in html and s.title in html
    assert html.count("<table>") == 5 and "95% interval" in html and "Victory conditions that held" in html
    hot = s.hottest(s.combat_heat, 3)
    assert hot and hot == sorted(hot, key=lambda lk: -lk[1]) and hot[0][1] == int(s.combat_heat.max())
    label, count = hot[0]
    sc = scenario_for(KOENIG)
    c, r = sc.map.grid.offset.from_hex(sc.map.hex_at(label))
    assert s.combat_heat[r, c] == count  # the label names the hex counted
    assert f"most combats in: {label} ({count})" in text_report(s)
    assert f"<td>{label}</td><td class=n>{count}</td>" in html
    assert len(s.terrain_colours) == sc.map.grid.rows and all(s.terrain_colours[0])


def test_sweep_reports_a_win_rate_per_value():
    summaries = run_sweep(KOENIG, "turns", [1, 2], 2, ["random"], seed=3)
    assert [s.parameter for s in summaries] == [("turns", 1), ("turns", 2)]
    assert {t for s in summaries for t in s.decided_turns} == {1, 2}
    table = sweep_text("turns", [1, 2], summaries)
    assert "Allied wins" in table and "allied" not in table and table.count("%") >= 8  # sides by their names
    assert sweep_png("turns", [1, 2], summaries)[:4] == b"\x89PNG"
    with pytest.raises(SweepError):
        run_sweep(KOENIG, "turns", [2, "many"], 2, ["random"])


def test_a_scenario_changed_on_disk_is_loaded_again(tmp_path):
    import shutil

    src = SCENARIOS / "koenig-arnhem-bridge"
    for f in src.iterdir():
        shutil.copy(f, tmp_path / f.name)
    path = tmp_path / "arnhem-bridge.yaml"
    first = scenario_for(str(path))
    assert scenario_for(str(path)) is first
    text = path.read_text()
    path.write_text(text.replace("title: Arnhem Bridge", "title: Arnhem Bridge (edited)", 1))
    again = scenario_for(str(path))
    assert again is not first and again.title == "Arnhem Bridge (edited)"
    with pytest.raises(ValueError, match="cannot read the scenario"):
        scenario_for(str(tmp_path / "missing.yaml"))


def test_a_shared_game_plays_each_game_as_a_fresh_one_would():
    """Games of a study share their `Game` (made once per process): each record equals the one a game
    made from scratch gives, whatever games ran before it."""
    from hexwright.engine.balance import games, make_tasks, play_game, run_tasks

    tasks = make_tasks(FM_1, ["random", "random"], 4, seed=5, options={"max_turns": 1})
    shared = run_tasks(tasks)
    fresh = []
    for t in reversed(tasks):
        games._games().clear()
        fresh.append(play_game(t))
    assert [r.to_dict() for r in reversed(fresh)] == [r.to_dict() for r in shared]
    assert len({r.seed for r in shared}) == 4


def test_a_study_on_a_fork_server_pool_gives_the_same_results(local_study):
    """The app runs its studies beside the GUI thread, where the workers come from a fork server."""
    s, _ = local_study
    served = run_study(KOENIG, 6, ["random"], seed=11, workers=2, options=SHORT, start_method="forkserver")
    assert served.to_dict() == s.to_dict()


def test_cancel_terminates_the_pool_workers():
    import multiprocessing

    done = []
    s = run_study(FM_1, 40, ["random"], seed=2, workers=2, progress=lambda d, n, r: done.append(d),
                  cancel=lambda: len(done) >= 2)
    assert 2 <= s.games < 40 and s.games == len(done)
    assert multiprocessing.active_children() == []  # the workers were stopped, not left to finish their games


def test_cancel_stops_a_game_in_progress():
    from hexwright.engine.balance import make_tasks, play_game
    from hexwright.engine.balance.games import STOP_EVERY, GameCancelled

    asked = []
    task = make_tasks(FM_1, ["random", "random"], 1, seed=1)[0]
    with pytest.raises(GameCancelled, match=f"stopped after {STOP_EVERY} actions"):
        play_game(task, stop=lambda: asked.append(1) or True)
    assert asked == [1]


def test_a_sweep_counts_progress_over_all_values_and_keeps_the_values_done():
    seen = []
    summaries = run_sweep(KOENIG, "turns", [1, 2], 2, ["random"], seed=3,
                          progress=lambda d, n, r: seen.append((d, n)))
    assert seen == [(i, 4) for i in range(1, 5)]
    alone = run_study(KOENIG, 2, ["random"], seed=3, parameter=("turns", 2))
    assert summaries[1].to_dict() == alone.to_dict()
    seen.clear()
    cut = run_sweep(KOENIG, "turns", [1, 2], 2, ["random"], seed=3, progress=lambda d, n, r: seen.append(d),
                    cancel=lambda: len(seen) >= 3)
    assert [s.parameter for s in cut] == [("turns", 1)]


def test_a_scenario_with_errors_is_refused_with_its_first_errors():
    from tests.conftest import FIXTURES

    bad = str(FIXTURES / "broken" / "duplicate_unit_id.yaml")
    with pytest.raises(ValueError, match=r"the scenario has errors: .*duplicate-id.*KG Krafft"):
        run_study(bad, 2, ["random"])


def test_progress_readings_give_rate_and_time_left():
    from hexwright.engine.balance.progress import ProgressMeter, duration

    now = [100.0]
    meter = ProgressMeter(1000, interval=2.0, clock=lambda: now[0])
    assert meter.reading(0).text() == "0/1000 games, starting" and meter.reading(0).eta is None
    now[0] = 150.0
    r = meter.reading(100)
    assert r.rate == pytest.approx(2.0) and r.eta == pytest.approx(450.0)
    assert r.text() == "100/1000 games, 2.00 games/s, 7 min 30 s left"
    assert meter.due(100) and not meter.due(101)
    now[0] = 152.5
    assert meter.due(102)
    now[0] = 612.0
    assert meter.due(1000) and meter.reading(1000).text() == "1000/1000 games in 8 min 32 s, 1.95 games/s"
    assert duration(7300) == "2 h 1 min"


SHIPPED = sorted(p for p in SCENARIOS.rglob("*.yaml") if "kind: hexwright-scenario" in p.read_text(encoding="utf-8"))


def _study_json(path: Path, hash_seed: str) -> bytes:
    """A short study's JSON, written by a fresh interpreter whose str hashes (and so the order of its sets) come
    from `hash_seed`."""
    code = ("import sys; from hexwright.engine.balance import run_study; "
            "from hexwright.engine.balance.report import json_report; "
            f"sys.stdout.write(json_report(run_study({str(path)!r}, 2, ['heuristic'], seed=7, "
            "options={'max_turns': 1})))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True,
                          env={**os.environ, "PYTHONHASHSEED": hash_seed})
    return done.stdout


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_the_same_seed_gives_the_same_json_bytes(path):
    first = _study_json(path, "1")
    assert json.loads(first)["games"] == 2
    assert _study_json(path, "2") == first


def test_a_dask_worker_started_in_another_folder_plays_a_relative_scenario_path(tmp_path, monkeypatch):
    """The workers get the scenario's content, not its path: a worker whose working folder is elsewhere (another
    machine, in effect) plays the study a relative path names, with the same results as this process."""
    distributed = pytest.importorskip("distributed")
    monkeypatch.chdir(tmp_path)  # the worker processes start here, where there is no scenario
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, protocol="tcp",
                                  dashboard_address=None, host="127.0.0.1") as cluster:
        monkeypatch.chdir(SCENARIOS)
        relative = "koenig-arnhem-bridge/arnhem-bridge.yaml"
        assert not (tmp_path / relative).exists() and Path(relative).exists()
        here = run_study(relative, 3, ["random"], seed=5, options={"max_turns": 1})
        on_dask = run_study(relative, 3, ["random"], seed=5, scheduler=cluster.scheduler_address,
                            options={"max_turns": 1})
        swept = run_sweep(relative, "turns", [1, 2], 1, ["random"], seed=5, scheduler=cluster.scheduler_address)
    assert on_dask.to_dict() == here.to_dict()
    assert [s.to_dict() for s in swept] == [s.to_dict() for s in run_sweep(relative, "turns", [1, 2], 1, ["random"],
                                                                           seed=5)]


def _frozen_in_worker(_: int) -> tuple[int, tuple[int, int, int]]:
    import gc

    return gc.get_freeze_count(), gc.get_threshold()


def test_a_pool_worker_keeps_what_it_loaded_out_of_the_collectors_sight():
    """The study's pool workers freeze what they made at their warm-up (runner._start_worker) and collect
    their youngest objects less often; the caller's process is left as it is."""
    import gc
    import multiprocessing

    from hexwright.engine.balance import make_tasks
    from hexwright.engine.balance.runner import WORKER_GC_THRESHOLD, _start_worker, sending, warm_keys

    tasks, sent = sending(make_tasks(KOENIG, ["random", "random"], 1, 3, SHORT))
    before, threshold = gc.get_freeze_count(), gc.get_threshold()
    with multiprocessing.get_context("spawn").Pool(1, initializer=_start_worker,
                                                   initargs=(warm_keys(tasks), sent)) as pool:
        frozen, in_worker = pool.map(_frozen_in_worker, [0])[0]
    assert frozen > 10_000  # the modules, the scenario and its game
    assert in_worker == (WORKER_GC_THRESHOLD, *threshold[1:])
    assert gc.get_freeze_count() == before and gc.get_threshold() == threshold


def test_a_long_study_or_the_search_bot_has_its_workers_load_the_compiled_search_before_the_freeze():
    """A pool worker that will play many games (or search) loads the movement kernel's compiled search in its
    initializer, so what numba made is frozen too; a short study leaves it to the kernel's own rent-or-buy
    rule (engine/movement/fastdial.py)."""
    import multiprocessing

    from hexwright.engine.balance import make_tasks
    from hexwright.engine.balance.runner import PREPARE_GAMES, _start_worker, sending, warm_keys, worth_preparing

    assert not worth_preparing(make_tasks(KOENIG, ["heuristic"] * 2, PREPARE_GAMES * 2 - 1, 3), 2)
    assert worth_preparing(make_tasks(KOENIG, ["heuristic"] * 2, PREPARE_GAMES * 2, 3), 2)
    assert worth_preparing(make_tasks(KOENIG, ["mcts", "heuristic"], 1, 3), 2)
    tasks, sent = sending(make_tasks(KOENIG, ["random", "random"], 1, 3, SHORT))
    with multiprocessing.get_context("spawn").Pool(1, initializer=_start_worker,
                                                   initargs=(warm_keys(tasks), sent, True)) as pool:
        loaded = pool.map(_compiled_in_worker, [0])[0]
    assert loaded == (importlib.util.find_spec("numba") is not None)


def _compiled_in_worker(_: int) -> bool:
    from hexwright.engine.movement import fastdial

    return fastdial._compiled is not None
