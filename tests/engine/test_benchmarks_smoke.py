"""The benchmarks' machinery at a tiny size: the generated worlds, the three reachable-set
implementations agreeing, the load round trip, the registry and the runner. No timing assertions:
the figures belong in docs/benchmarks.md, not in tests."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("networkx")
pytest.importorskip("scipy")

from benchmarks import (
    BENCHMARKS,
    Row,
    Settings,
    movement,
)
from benchmarks import load as load_bench
from benchmarks.__main__ import discover, main, table
from benchmarks.worlds import build_map, build_scenario

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


@pytest.fixture(scope="module")
def fm_searches():
    name, path = movement.SCENARIOS[0]
    return movement.record_searches(path, 1, options=movement.QUICK_OPTIONS)


def test_real_searches_are_recorded_with_the_rules_hooks(fm_searches):
    """F&M's unit_reach passes its hooks: enemy hexes, zones of control and the canal-trail crossings'
    edge overrides (F&M 10.6.1), on every search; the recording wrapper is gone afterwards."""
    from hexwright.engine.movement import kernel
    from hexwright.engine.rules.fm import reach

    assert len(fm_searches) > 10
    assert all(x.hooks is not None and x.hooks.edge_override for x in fm_searches)
    assert any(x.hooks.blocked for x in fm_searches) and any(x.hooks.stop for x in fm_searches)
    assert reach.reachable is kernel.reachable


def test_real_searches_agree_with_networkx_and_scipy(fm_searches):
    for search in fm_searches[:: max(1, len(fm_searches) // 12)]:
        edges = movement.effective_edges(search)
        nxg, csg = movement.baselines_for(search, edges)
        assert movement.check_search(search, edges, nxg, csg) >= 1


def test_real_search_check_can_fail(fm_searches):
    """The hooks matter: the map's bare edges give other answers for some search, and the check says so."""
    failed = 0
    for search in fm_searches[:30]:
        bare = movement.Search(search.graph, search.start, search.allowance, None)
        edges = movement.effective_edges(bare)
        nxg, csg = movement.baselines_for(bare, edges)
        try:
            movement.check_search(search, edges, nxg, csg)
        except AssertionError:
            failed += 1
    assert failed > 0


def test_real_searches_compiled_equal_pure(fm_searches):
    """The compiled search answers F&M's real searches exactly as the Python loop does."""
    from hexwright.engine.movement import fastdial, kernel

    if fastdial.get_dial() is None:
        pytest.skip("numba is not installed")
    was = fastdial.enabled
    try:
        for search in fm_searches:
            args = (search.graph, search.start, search.allowance, search.hooks)
            fastdial.enabled = False
            pure = kernel.reachable(*args)
            fastdial.enabled = True
            compiled = kernel.reachable(*args)
            assert list(compiled.spent.items()) == list(pure.spent.items())
            assert compiled.predecessors == pure.predecessors
    finally:
        fastdial.enabled = was


def test_real_case_and_playout_rows():
    name, path = movement.SCENARIOS[1]
    rows = movement.run_real_case(name, path, TINY)
    assert [r.baseline for r in rows[:2]] == ["networkx on the hooked graph",
                                              "scipy csgraph.dijkstra on the hooked graph"]
    assert all(r.ratio is not None and r.passed in (True, False) for r in rows[:2])
    assert [r.baseline for r in rows[2:]] in ([], ["the same calls, pure-Python loop"])  # with numba
    row = movement.run_playouts(name, path, 1, TINY)
    if row is not None:  # numba installed
        assert row.subject_value > 0 and row.baseline_value > 0 and "actions per CPU second" in row.notes[0]


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
