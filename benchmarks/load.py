"""Loading a 200x200 scenario: the full load against the bare libyaml parse of the same file.

The issue's target: loading and building a 200x200 (40,000-hex) scenario takes at most 2x the time
of `yaml.load(text, Loader=yaml.CSafeLoader)` on the same file, measured in the same run.

The scenario (generated map inline, units, set-up and a turn track) is written with
`save_scenario` into a temporary folder once. Our side is `load_scenario(path)`: reading the file,
parsing it with positions for every key and item, checking every value and building the Scenario
with its HexMap. The baseline reads the same file and parses it with `yaml.load(..., CSafeLoader)`
into plain dicts and lists, with no positions and no model, as a caller would (the cycle collector
on). Our loader pauses the collector while it parses (engine/formats/yamlio.py), so a second row,
for reference only, compares with the bare parse under the same pause. The save time and the file
size are reported alongside (no target).
"""

from __future__ import annotations

import gc
import tempfile
import time
from pathlib import Path

import yaml
from hexwright.engine.formats import dump_scenario, load_scenario, save_scenario

from .core import Row, Settings, measure_round_robin, median, register
from .worlds import build_scenario

SIZE = (200, 200)
QUICK_SIZE = (60, 40)


def write_scenario(folder: Path, columns: int, rows: int, seed: int = 1) -> Path:
    path = folder / f"bench_{columns}x{rows}.hwscenario.yaml"
    save_scenario(build_scenario(columns, rows, seed), path)
    return path


def check_load(path: Path) -> None:
    """Assert that the file loads without errors into the scenario that was saved (load -> save is
    byte-identical), and that the bare parse sees the same hexes."""
    result = load_scenario(path)
    errors = [d for d in result.diagnostics if d.severity.value == "error"]
    assert result.ok and not errors, f"the benchmark scenario does not load cleanly: {errors[:3]}"
    assert result.scenario is not None
    text = path.read_text(encoding="utf-8")
    assert dump_scenario(result.scenario) == text, "load -> save is not lossless on the benchmark scenario"
    plain = yaml.load(text, Loader=yaml.CSafeLoader)
    assert len(plain["map"]["hexes"]) == len(result.scenario.map.hexes)


def run(columns: int, rows: int, settings: Settings) -> list[Row]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        sc = build_scenario(columns, rows)
        path = folder / "bench.hwscenario.yaml"
        saves = []
        for _ in range(max(3, settings.repeat // 2)):
            t0 = time.perf_counter()
            save_scenario(sc, path)
            saves.append(time.perf_counter() - t0)
        check_load(path)
        size = path.stat().st_size
        hexes = len(sc.map.hexes)
        with_features = len(sc.map.features)

        def ours() -> None:
            load_scenario(path)

        def bare_parse() -> None:
            yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)

        def bare_parse_paused() -> None:
            # for reference: the loader pauses the cycle collector while it parses, so show what
            # the bare parse does with the same trick (not the target's baseline)
            gc.disable()
            try:
                yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
            finally:
                gc.enable()

        t = measure_round_robin({"load_scenario": ours, "yaml.load": bare_parse,
                                 "yaml.load paused": bare_parse_paused}, settings)
        case = f"{columns}x{rows} scenario"
        notes = [f"{hexes} hexes, {with_features} with features, {len(sc.map.hexsides)} hexsides, "
                 f"{len(sc.units)} units; file {size / 1e6:.2f} MB"]
        return [
            Row("load", case, "load_scenario(path)", t["load_scenario"], "yaml.load CSafeLoader", t["yaml.load"],
                max_ratio=2.0, target="at most 2x the bare parse", notes=notes),
            Row("load", case, "load_scenario(path)", t["load_scenario"],
                "yaml.load CSafeLoader, collector paused", t["yaml.load paused"], notes=notes),
            Row("load", case, "save_scenario(path)", median(saves), notes=notes),
            Row("load", case, "file size", float(size), unit="bytes", notes=notes),
        ]


@register("load")
def load_benchmark(settings: Settings) -> list[Row]:
    columns, rows = QUICK_SIZE if settings.quick else SIZE
    return run(columns, rows, settings)
