"""The fuzz suite (docs/reliability.md): damaged copies of the shipped maps and scenarios (mutate.py) are
either rejected with file:line or, when `hexwright validate` accepts them, played, rendered and printed
without an exception or a refusal (harness.py).

The default run checks QUICK_CASES cases on this process; `pytest -m slow` runs HEXWRIGHT_FUZZ_CASES
(default 10,000) on worker processes with each case bounded to 5 s, and writes its counts as JSON to
HEXWRIGHT_FUZZ_REPORT when set (and each case's result, as it ends, to HEXWRIGHT_FUZZ_PROGRESS):

    HEXWRIGHT_FUZZ_CASES=10000 HEXWRIGHT_FUZZ_REPORT=fuzz.json .venv/bin/python -m pytest tests/fuzz -m slow -s
"""

from __future__ import annotations

import json
import os
import random
import re

import pytest

from .harness import ACCEPTED, FAILURES, REJECTED, check, plan, run_case, sources
from .kinds import ENCODINGS, check_map, check_tmx, encode_layers, hex_map_sources, map_sources, tmx_base
from .mutate import MUTATIONS, mutate
from .runner import run_many

QUICK_CASES = 100
SEED = 2026


def _report(failures) -> str:
    return "\n".join(f"case {o.case} ({o.source}, {o.target}, {o.mutation}): {o.kind}: {o.detail[-800:]}"
                     for o in failures)


def test_every_mutation_changes_the_file_and_is_reproducible_from_its_seed():
    data = sources()[0][0].read_bytes()
    for name, fn in MUTATIONS.items():
        a, b = fn(data, random.Random(name)), fn(data, random.Random(name))
        assert a == b, name
        assert a != data or name == "CRLF" and b"\r\n" in data, name
    assert mutate(data, random.Random(1)) == mutate(data, random.Random(1))


def test_the_shipped_files_are_accepted_and_every_command_runs_on_them(tmp_path):
    for scenario, _map in sources():
        kind, detail = check(scenario, tmp_path)
        assert kind == ACCEPTED, f"{scenario}: {detail}"


def test_the_harness_sees_a_rejection_and_its_line(tmp_path):
    scenario, map_file = sources()[0]
    (tmp_path / map_file.name).write_bytes(map_file.read_bytes())
    text = scenario.read_text(encoding="utf-8").replace("rules:", "rules: [", 1)
    (tmp_path / scenario.name).write_text(text, encoding="utf-8")
    kind, detail = check(tmp_path / scenario.name, tmp_path)
    assert kind == REJECTED and f"{scenario.name}:" in detail


def test_quick_fuzz_run_finds_no_crash_no_refusal_and_no_rejection_without_a_line():
    outcomes = [run_case(n, SEED) for n in range(QUICK_CASES)]
    failures = [o for o in outcomes if o.kind in FAILURES]
    assert not failures, _report(failures)
    kinds = {o.kind for o in outcomes}
    assert kinds == {ACCEPTED, REJECTED}  # both paths were exercised


@pytest.mark.slow
@pytest.mark.timeout(0)  # tens of minutes on a small machine: each case is bounded instead (runner.py)
def test_slow_fuzz_run():
    cases = int(os.environ.get("HEXWRIGHT_FUZZ_CASES", "10000"))
    got = run_many(cases, int(os.environ.get("HEXWRIGHT_FUZZ_SEED", str(SEED))),
                   progress=os.environ.get("HEXWRIGHT_FUZZ_PROGRESS"))
    where = os.environ.get("HEXWRIGHT_FUZZ_REPORT")
    if where:
        with open(where, "w", encoding="utf-8") as f:
            json.dump(got, f, indent=1)
    print(json.dumps({k: v for k, v in got.items() if k != "failures"}, indent=1))
    assert not got["failures"], json.dumps(got["failures"][:20], indent=1)
    assert got["new_kinds"] >= 0.4 * cases  # issue 29: area maps, levels, walls, supply, off-board and TMX


def test_a_tiled_map_imports_alike_from_every_layer_encoding(tmp_path):
    """The TMX cases write their layers as CSV, base64, zlib and gzip (kinds.py): each imports to the same map."""
    from hexwright.engine.formats.mapfile import read_map_file

    source = hex_map_sources()[0]
    text, png = tmx_base(source)
    maps = {}
    for encoding in ENCODINGS:
        folder = tmp_path / encoding
        folder.mkdir()
        encoded = encode_layers(text, encoding)
        assert (f'compression="{encoding}"' in encoded) == (encoding in ("zlib", "gzip"))
        (folder / "map.tmx").write_text(encoded, encoding="utf-8")
        (folder / "map.tiles.png").write_bytes(png)
        assert check_tmx(folder / "map.tmx", folder) == (ACCEPTED, "")
        m = read_map_file(folder / "imported.yaml")
        assert m is not None
        maps[encoding] = dict(m.terrain)
    assert all(t == maps["csv"] for t in maps.values()) and len(maps["csv"]) > 100


def test_the_map_and_tmx_cases_see_a_rejection_and_its_line(tmp_path):
    area_map = next(p for p in map_sources() if "storm-arnhem" in str(p))
    bad = tmp_path / area_map.name
    bad.write_text(area_map.read_text(encoding="utf-8").replace("areas:", "areas: [", 1), encoding="utf-8")
    kind, detail = check_map(bad, tmp_path)
    assert kind == REJECTED and f"{bad.name}:" in detail
    assert check_map(area_map, tmp_path) == (ACCEPTED, "")  # info, render; export and los refused with status 2
    text, _png = tmx_base(hex_map_sources()[0])
    tmx = tmp_path / "map.tmx"
    tmx.write_text(text.replace('width="', 'width="x', 1), encoding="utf-8")
    kind, detail = check_tmx(tmx, tmp_path)
    assert kind == REJECTED and re.search(r"map\.tmx:\d+", detail)


def test_the_quick_run_covers_the_new_kinds_of_file():
    """Of the quick run's cases, the map files alone, the TMX imports and the files of issue 29's kinds."""
    targets = {plan(n, SEED)[3] for n in range(QUICK_CASES)}
    assert {"scenario", "map", "map file", "tmx"} <= targets
