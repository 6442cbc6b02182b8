"""The benchmarks' machinery at a tiny size: the generated worlds, the three reachable-set
implementations agreeing, the load round trip, the registry and the runner. No timing assertions:
the figures belong in docs/benchmarks.md, not in tests."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("networkx")
pytest.importorskip("scipy")

from benchmarks import (  # noqa: E402
    BENCHMARKS,
    Row,
    Settings,
    movement,  # noqa: E402
)
from benchmarks import load as load_bench  # noqa: E402
from benchmarks.__main__ import discover, main, table  # noqa: E402
from benchmarks.worlds import build_map, build_scenario  # noqa: E402

TINY = Settings(quick=True, repeat=1, warmup=0)


def test_generated_map_has_the_promised_variety():
    m = build_map(24, 18, seed=3)
    codes = set(m.terrain.values())
    assert {"clear", "woods", "water"} <= codes
    assert m.features, "features on some hexes"
    sides = list(m.hexsides.values())
    assert any("river" in s.features for s in sides)
    assert any("road" in s.paths for s in sides)
    assert build_map(24, 18, seed=3).terrain == m.terrain, "the same seed gives the same map"


@pytest.mark.parametrize("ma", [0, 1, 3, 8])
def test_three_implementations_agree_on_a_small_map(ma):
    graphs = movement.build_graphs(10, 8, seed=5)
    starts = movement.pick_starts(graphs, 6)
    mean = movement.check_agree(graphs, starts, ma)
    assert mean >= 1
    for s in starts:
        assert movement.query_ours(graphs, s, ma) == movement.query_scipy(graphs, s, ma)


def test_agreement_check_can_fail():
    """The check compares real results: leaving the start costs more in the networkx graph, so every
    other hex costs more there and the check must fail."""
    graphs = movement.build_graphs(10, 8, seed=5)
    s = movement.pick_starts(graphs, 1)[0]
    for j in graphs.nx_graph[s]:
        graphs.nx_graph[s][j]["weight"] += 0.5
    with pytest.raises(AssertionError):
        movement.check_agree(graphs, [s], 8)


def test_movement_case_rows():
    rows = movement.run_case(10, 8, (3,), TINY, starts_count=3)
    assert [r.baseline for r in rows] == ["networkx single_source_dijkstra_path_length", "scipy csgraph.dijkstra"]
    for r in rows:
        assert r.subject_value > 0 and r.baseline_value > 0
        assert r.ratio is not None and r.passed in (True, False)


def test_load_case_round_trips(tmp_path):
    sc = build_scenario(12, 10, units_per_side=3)
    assert len(sc.units) == 6 and all(sc.map.hex_at(lab) for lab in sc.placements.values())
    path = tmp_path / "tiny.yaml"
    from hexwright.engine.formats import save_scenario

    save_scenario(sc, path)
    load_bench.check_load(path)
    rows = load_bench.run(12, 10, TINY)
    assert rows[0].baseline == "yaml.load CSafeLoader" and rows[0].ratio is not None
    assert rows[1].baseline.endswith("collector paused") and rows[1].passed is None
    assert rows[3].unit == "bytes" and rows[3].subject_value > 0


def test_registry_and_table():
    discover()
    assert {"movement", "load"} <= set(BENCHMARKS)
    rows = [Row("x", "case", "ours", 0.001, "base", 0.001, 1.5, "<= 1.5x"),
            Row("x", "case", "ours", 0.004, "base", 0.001, 1.5, "<= 1.5x"),
            Row("x", "size", "file", 2e6, unit="bytes"),
            Row("x", "skipped", "not measured", float("nan"), "base", float("nan"), 1.0)]
    assert [r.passed for r in rows] == [True, False, None, None]
    text = table(rows)
    assert "PASS" in text and "FAIL" in text and "2.0 MB" in text


def test_runner_quick_json(tmp_path, monkeypatch, capsys):
    calls = []

    def tiny(settings):
        calls.append(settings)
        return [Row("tiny", "case", "ours", 1.0, "base", 2.0, 1.0, "<= 1x")]

    monkeypatch.setitem(BENCHMARKS, "tiny", tiny)
    out = tmp_path / "out.json"
    assert main(["--only", "tiny", "--quick", "--repeat", "1", "--json", str(out)]) == 0
    assert calls and calls[0].quick and calls[0].repeat == 1
    data = json.loads(out.read_text())
    assert data["rows"][0]["ratio"] == 0.5 and data["rows"][0]["passed"] is True
    assert "tiny" in capsys.readouterr().out
