"""The bounds benchmark's machinery at a tiny size (benchmarks/bounds.py): each file it builds is accepted by
validation, with what it promises in it, and one command is measured in a process of its own. No timing
assertions: the figures are in docs/reliability.md."""

from __future__ import annotations

from pathlib import Path

from hexwright.app.subcommands.loading import load_any
from hexwright.engine.validation import Severity

from benchmarks import bounds as bench


def _accepted(path: Path):
    """What `hexwright validate` reads, with no error."""
    obj, diags = load_any(path, validate=True)
    errors = [d for d in diags if d.severity is Severity.ERROR]
    assert obj is not None and not errors, errors[:3]
    return obj


def test_the_hex_maps_fill_their_grid_and_budget(tmp_path):
    a, b = bench.hex_map(tmp_path / "hex.map.yaml", 400, 2_000)
    m = _accepted(tmp_path / "hex.map.yaml")
    assert len(m.hexes) == 400 and (a, b) == ("0101", "2020")
    assert len(m.hexsides) == (int(0.99 * 2_000) - 800 - 400) // 10
    assert all(s.bridge == "highway" and s.paths for s in m.hexsides.values())
    a, b = bench.levels_map(tmp_path / "levels.map.yaml", 400, 5_000)
    m = _accepted(tmp_path / "levels.map.yaml")
    assert len(m.hexes) == 400 and (a, b) == ("A1:1", "T20")
    assert len(m.locations) > 100


def test_the_area_maps_and_the_scenario_are_accepted(tmp_path):
    bench.area_map(tmp_path / "areas.map.yaml", 9, 8)
    assert len(_accepted(tmp_path / "areas.map.yaml").areas) == 9
    sc = _accepted(bench.scenario(tmp_path, 120, 30))
    assert len(sc.units) == 120 and len(sc.turns) == 30


def test_a_command_is_measured_in_its_own_process(tmp_path):
    run = bench.run_command("validate", ["validate", str(bench.FM_MAP)], tmp_path)
    assert run.status == 0 and run.cpu_s > 0 and 5 < run.peak_mb < 1024
    table = bench.markdown({"F&M map": [run]})
    assert table.splitlines()[0] == "| file | validate |" and "| F&M map | " in table
