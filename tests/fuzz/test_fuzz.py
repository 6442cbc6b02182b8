"""The fuzz suite (docs/reliability.md): damaged copies of the shipped maps and scenarios (mutate.py) are
either rejected with file:line or, when `hexwright validate` accepts them, played, rendered and printed
without an exception or a refusal (harness.py).

The default run checks QUICK_CASES cases on this process; `pytest -m slow` runs HEXWRIGHT_FUZZ_CASES
(default 10,000) on worker processes with each case bounded to 5 s, and writes its counts as JSON to
HEXWRIGHT_FUZZ_REPORT when set:

    HEXWRIGHT_FUZZ_CASES=10000 HEXWRIGHT_FUZZ_REPORT=fuzz.json .venv/bin/python -m pytest tests/fuzz -m slow -s
"""

from __future__ import annotations

import json
import os
import random

import pytest

from .harness import ACCEPTED, FAILURES, REJECTED, check, run_case, sources
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
    got = run_many(cases, int(os.environ.get("HEXWRIGHT_FUZZ_SEED", str(SEED))))
    where = os.environ.get("HEXWRIGHT_FUZZ_REPORT")
    if where:
        with open(where, "w", encoding="utf-8") as f:
            json.dump(got, f, indent=1)
    print(json.dumps({k: v for k, v in got.items() if k != "failures"}, indent=1))
    assert not got["failures"], json.dumps(got["failures"][:20], indent=1)
