"""The headless commands import only what they need (issue 12, start-up): the parser imports no command
module it does not run, `hexwright validate` loads no movement kernel, rules engine (of a family only its
registry entry and its light checks), bot, balance lab, numba, scipy, Qt, matplotlib or numpy, and
`hexwright play` no Qt, matplotlib, balance lab, other
rules family or numba (one game searches with the movement kernel's Python loop). Each case runs in
a fresh interpreter and reads its `sys.modules`; no timing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from benchmarks.startup import import_report

ROOT = Path(__file__).resolve().parents[2]
FM = "scenarios/fm-arnhem/scenario-1-historical.yaml"
KOENIG = "scenarios/koenig-arnhem-bridge/arnhem-bridge.yaml"
TARGET_ARNHEM = "scenarios/target-arnhem/target-arnhem.yaml"
STORM = "scenarios/storm-arnhem/the-crossing.yaml"
FAMILIES = "hexwright.engine.rules."
# what validation may load of a family: its package (light: names load when first asked), its registry
# entry, its own checks and the design data they read (contract "family-entries-are-light")
LIGHT = ("family", "checks", "design")
GUI_AND_PLOTS = ("PySide6", "matplotlib", "dask", "distributed")
COMMAND_MODULES = ("validate", "info", "play", "balance", "render", "sheets")

PROBE = """
import contextlib, io, json, sys
from hexwright.app import cli
out = io.StringIO()
with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
    code = {call}
print(json.dumps({{"code": code, "modules": sorted(sys.modules)}}))
"""


def loaded_by(call: str) -> tuple[object, set[str]]:
    """Run `call` (Python, with `cli` imported) in a fresh interpreter: its value and the modules loaded."""
    env = {k: v for k, v in os.environ.items() if k != "HEXWRIGHT_PURE_MOVEMENT"}
    proc = subprocess.run([sys.executable, "-c", PROBE.format(call=call)], capture_output=True, text=True,
                          cwd=ROOT, timeout=240, check=True, env=env)
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    return got["code"], set(got["modules"])


def loaded(modules: set[str], *names: str) -> list[str]:
    """Which of `names` (packages or modules) are among `modules`, submodules counted."""
    return [n for n in names if any(m == n or m.startswith(n + ".") for m in modules)]


def test_the_help_imports_no_command() -> None:
    code, modules = loaded_by("cli.main(['--help'])")
    assert code == 0
    assert loaded(modules, *(f"hexwright.app.subcommands.{c}" for c in COMMAND_MODULES)) == []
    assert loaded(modules, "hexwright.engine", "numpy", *GUI_AND_PLOTS) == []


def test_the_full_parser_imports_no_heavy_module() -> None:
    """Every command's arguments: their modules import Qt, matplotlib, numba or scipy only when run."""
    _, modules = loaded_by("cli.build_parser() and 0")
    assert loaded(modules, *(f"hexwright.app.subcommands.{c}" for c in COMMAND_MODULES)) == [
        f"hexwright.app.subcommands.{c}" for c in COMMAND_MODULES]
    assert loaded(modules, "numba", "llvmlite", "scipy", "hexwright.engine.movement", *GUI_AND_PLOTS) == []


@pytest.mark.parametrize("scenario", [FM, KOENIG, TARGET_ARNHEM, STORM])
def test_validate_loads_neither_game_nor_kernel(scenario: str) -> None:
    code, modules = loaded_by(f"cli.main(['validate', {scenario!r}])")
    assert code == 0
    assert loaded(modules, "numba", "llvmlite", "scipy", *GUI_AND_PLOTS) == []
    if scenario != STORM:  # an area map's geometry reads numpy (engine/model/areageom.py)
        assert loaded(modules, "numpy") == []
    assert loaded(modules, "hexwright.engine.movement", "hexwright.engine.bots", "hexwright.engine.balance",
                  "hexwright.engine.rules.protocol", "hexwright.engine.rules.kit",
                  "hexwright.engine.rules.chance") == []
    heavy = sorted(m for m in modules if m.startswith(FAMILIES) and m.count(".") == 4
                   and m.rsplit(".", 1)[1] not in LIGHT)
    assert heavy == []
    others = [f"hexwright.app.subcommands.{c}" for c in COMMAND_MODULES if c != "validate"]
    assert loaded(modules, *others) == []


def rules_of(scenario: str) -> str:
    """The rules family a shipped scenario names (its `rules` key)."""
    return str(yaml.safe_load((ROOT / scenario).read_text(encoding="utf-8"))["rules"])


@pytest.mark.parametrize(("scenario", "other_scenario"), [(FM, KOENIG), (KOENIG, FM)])
def test_play_loads_its_own_rules_family_only(scenario: str, other_scenario: str) -> None:
    """One game searches with the movement kernel's Python loop (app/subcommands/play.py): no numba. Of
    another family only its registry entry is read."""
    family, other = rules_of(scenario), rules_of(other_scenario)
    code, modules = loaded_by(f"cli.main(['play', {scenario!r}, '--seed', '1', '--max-turns', '1', '--quiet'])")
    assert code == 0
    assert loaded(modules, f"{FAMILIES}{family}.play", "hexwright.engine.movement") == [
        f"{FAMILIES}{family}.play", "hexwright.engine.movement"]
    other_family = {m for m in modules if m.startswith(f"{FAMILIES}{other}.")}
    assert other_family <= {f"{FAMILIES}{other}.family"}  # its registry entry only
    assert loaded(modules, "hexwright.engine.balance", *GUI_AND_PLOTS) == []
    assert loaded(modules, "numba", "llvmlite", "scipy") == []
    others = [f"hexwright.app.subcommands.{c}" for c in COMMAND_MODULES if c != "play"]
    assert loaded(modules, *others) == []


def test_import_report_sums_the_top_level_entries() -> None:
    """The start-up benchmark's reading of `-X importtime`: nested imports are inside their parent's."""
    report = "\n".join([
        "import time: self [us] | cumulative | imported package",
        "import time:       100 |        100 | _io",
        "import time:        50 |         50 |   encodings.aliases",
        "import time:       200 |        250 | encodings",
        "some line printed by the program",
        "import time:      1000 |       3000 | numpy",
    ])
    seconds, packages = import_report(report)
    assert seconds == pytest.approx(3350e-6)
    assert packages == {"_io", "encodings", "numpy"}


def test_import_report_of_a_real_process() -> None:
    proc = subprocess.run([sys.executable, "-X", "importtime", "-c", "import json"], capture_output=True,
                          text=True, check=True)
    seconds, packages = import_report(proc.stderr)
    assert seconds > 0
    assert "json" in packages
