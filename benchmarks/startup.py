"""Start-up of the headless commands (issue 12): what `hexwright validate` and `hexwright play` spend on
imports, against `python -c "import yaml, numpy"`.

Each command runs as a fresh process exactly as the `hexwright` console script runs it
(`from hexwright.app.cli import main; sys.exit(main())`, here given as `python -c`), on F&M Scenario 1
and on Koenig's Arnhem Bridge (`play` with `--seed 1` and the default random bots):

* imports (the target): the process runs under `python -X importtime`, and its import time is the
  sum of the cumulative times of the top-level entries of that report, i.e. every import of the
  whole process, those of the interpreter's own start (site, encodings) and those made later inside
  functions (the rules family loaded by the registry when the game starts) included. The baseline
  is the same sum for `python -X importtime -c "import yaml, numpy"`. Target: at most 2x.
* whole command (notes, and a diagnostic row per case): wall time of the process from start to
  exit, without `-X importtime`, against the baseline process; and the CPU seconds of both, which a
  busy machine changes less than wall time.

`hexwright play` searches with the movement kernel's pure-Python loop (app/subcommands/play.py: one
game does not win back numba's import); a diagnostic row runs each `play` again with
HEXWRIGHT_PURE_MOVEMENT=0, the kernel's own choice (engine/movement/fastdial.py): since issue 31 it loads
numba only once the process's pure-Python searches have taken COMPILE_AFTER_SECONDS (3 s; a random F&M game's
searches take about 0.1 s), so the row now shows what the engine's default costs one game.

With `--repeat` >= 3 (not `--quick`), a further diagnostic row per command and scenario runs the
tree as it was before this work (commit f2f36e6: the parser imported every command, the movement
kernel imported numba with itself), taken with `git archive` into a temporary folder put first on
PYTHONPATH, in the same turns.

Every repeat runs every process once, in turns (the order rotated per repeat), after one untimed
round that fills the bytecode cache (a temporary PYTHONPYCACHEPREFIX, so the cache is on as in an
installed app whatever the shell says); the medians are reported. The notes say which heavy
modules each command imported (numba, scipy, PySide6, matplotlib, numpy) and the machine's load.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from .core import Row, Settings, median, register

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = {
    "F&M Scenario 1": ROOT / "scenarios" / "fm-arnhem" / "scenario-1-historical.yaml",
    "Koenig Arnhem Bridge": ROOT / "scenarios" / "koenig-arnhem-bridge" / "arnhem-bridge.yaml",
}
BASELINE_CODE = "import yaml, numpy"
CLI_CODE = "import sys; from hexwright.app.cli import main; sys.exit(main())"  # what the console script runs
HEAVY = ("numba", "scipy", "PySide6", "matplotlib", "numpy")
TARGET = 2.0
COMPILED = "(compiled movement search)"
BEFORE_COMMIT = "f2f36e6"
BEFORE = f"(before, {BEFORE_COMMIT})"
PURE_ENV = "HEXWRIGHT_PURE_MOVEMENT"


def import_report(stderr: str) -> tuple[float, set[str]]:
    """From a `-X importtime` report: the import time of the whole process in seconds (the sum of the
    cumulative times of the top-level entries) and the top-level packages it imported."""
    total_us = 0
    packages: set[str] = set()
    for line in stderr.splitlines():
        if not line.startswith("import time:"):
            continue
        parts = line[len("import time:"):].split("|")
        if len(parts) != 3 or not parts[1].strip().isdigit():
            continue  # the header line
        name = parts[2].rstrip()
        packages.add(name.strip().split(".")[0])
        if not name.startswith("  "):  # nested imports are indented by two spaces per level
            total_us += int(parts[1])
    return total_us / 1e6, packages


def _children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def run_process(args: list[str], env: dict[str, str], importtime: bool) -> tuple[float, float, str]:
    """Wall time, CPU time and stderr of `python [-X importtime] ARGS` run to its exit."""
    cmd = [sys.executable, *(["-X", "importtime"] if importtime else []), *args]
    cpu0 = _children_cpu()
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, text=True,
                          cwd=ROOT, check=False)
    wall = time.perf_counter() - t0
    cpu = _children_cpu() - cpu0
    if proc.returncode != 0:
        tail = "\n".join(line for line in proc.stderr.splitlines() if not line.startswith("import time:"))[-800:]
        raise RuntimeError(f"{' '.join(args)} exited {proc.returncode}: {tail}")
    return wall, cpu, proc.stderr


def extract_before(into: Path) -> str:
    """`into/hexwright/{engine,app,resources}` as they were at BEFORE_COMMIT; returns the folder to put
    first on PYTHONPATH. Raises RuntimeError when git or the commit is missing."""
    pkg = into / "hexwright"
    pkg.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", BEFORE_COMMIT, "engine", "app",
                              "resources"], capture_output=True, check=False)
    if archive.returncode != 0:
        raise RuntimeError(f"git archive {BEFORE_COMMIT} failed: {archive.stderr.decode(errors='replace').strip()}")
    subprocess.run(["tar", "-x", "-C", str(pkg)], input=archive.stdout, check=True)
    return str(into)


def processes(before: str | None = None) -> dict[str, tuple[list[str], dict[str, str]]]:
    """The measured processes by name, each its arguments to python and what it adds to the
    environment: the baseline first, then each command on each scenario (and, given the PYTHONPATH
    of the earlier tree, each command as it was)."""
    procs: dict[str, tuple[list[str], dict[str, str]]] = {"baseline": (["-c", BASELINE_CODE], {})}
    for case, path in SCENARIOS.items():
        rel = str(path.relative_to(ROOT))
        validate = ["-c", CLI_CODE, "validate", rel]
        play = ["-c", CLI_CODE, "play", rel, "--seed", "1"]
        procs[f"validate {case}"] = (validate, {})
        procs[f"play {case}"] = (play, {})
        procs[f"play {case} {COMPILED}"] = (play, {PURE_ENV: "0"})
        if before:
            procs[f"validate {case} {BEFORE}"] = (validate, {"PYTHONPATH": before})
            procs[f"play {case} {BEFORE}"] = (play, {"PYTHONPATH": before})
    return procs


@dataclass
class Measured:
    """Per run of one process: its import time (-X importtime), its wall and CPU time (a run without
    -X importtime); and every top-level package it imported in any run."""

    imports: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    modules: set[str] = field(default_factory=set)


def measure(settings: Settings) -> tuple[dict[str, Measured], str]:
    """The measurements by process name, and a note when the earlier tree could not be measured."""
    with tempfile.TemporaryDirectory(prefix="hexwright-startup-") as folder:
        problem = ""
        before = None
        if not settings.quick and settings.repeat >= 3:
            try:
                before = extract_before(Path(folder) / "before")
            except (RuntimeError, OSError, subprocess.CalledProcessError) as exc:
                problem = f"the tree before ({BEFORE_COMMIT}) not measured: {exc}"
        procs = processes(before)
        names = list(procs)
        got = {n: Measured() for n in names}
        env = dict(os.environ, PYTHONPYCACHEPREFIX=str(Path(folder) / "pycache"), QT_QPA_PLATFORM="offscreen")
        for name in ("PYTHONDONTWRITEBYTECODE", "PYTHONPROFILEIMPORTTIME", "PYTHONPATH", PURE_ENV):
            env.pop(name, None)
        envs = {name: {**env, **extra} for name, (_, extra) in procs.items()}
        for name in names:  # untimed: fills the bytecode cache
            run_process(procs[name][0], envs[name], importtime=False)
        for k in range(max(1, settings.repeat)):
            shift = k % len(names)
            for name in names[shift:] + names[:shift]:
                _, _, report = run_process(procs[name][0], envs[name], importtime=True)
                seconds, packages = import_report(report)
                got[name].imports.append(seconds)
                got[name].modules |= packages
                wall, cpu, _ = run_process(procs[name][0], envs[name], importtime=False)
                got[name].wall.append(wall)
                got[name].cpu.append(cpu)
    return got, problem


def _ms(xs: list[float]) -> str:
    return ", ".join(f"{x * 1e3:.0f}" for x in xs) + " ms"


@register("startup")
def startup_benchmark(settings: Settings) -> list[Row]:
    got, problem = measure(settings)
    base = got["baseline"]
    b_imp, b_wall, b_cpu = median(base.imports), median(base.wall), median(base.cpu)
    load = os.getloadavg()
    load_note = (f"machine load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} (1 / 5 / 15 min) on "
                 f"{os.cpu_count()} cpus at the end of the run")
    rows = []
    for name, m in got.items():
        if name == "baseline":
            continue
        command = name.split()[0]
        imp, wall, cpu = median(m.imports), median(m.wall), median(m.cpu)
        heavy = sorted(p for p in HEAVY if p in m.modules)
        notes = [
            f"whole command: {wall * 1e3:.0f} ms wall ({wall / b_wall:.2f}x the baseline process's "
            f"{b_wall * 1e3:.0f} ms), {cpu * 1e3:.0f} ms CPU ({cpu / b_cpu:.2f}x its {b_cpu * 1e3:.0f} ms)",
            f"imports per run: {_ms(m.imports)}; baseline's: {_ms(base.imports)}",
            "heavy modules imported: " + (", ".join(heavy) if heavy else "none of " + ", ".join(HEAVY)),
            load_note,
        ]
        if problem:
            notes.append(problem)
        if name.endswith((COMPILED, BEFORE)):  # not the command as shipped: a diagnostic without a verdict
            how = f"{PURE_ENV}=0" if name.endswith(COMPILED) else f"the tree at {BEFORE_COMMIT}"
            rows.append(Row("startup", name, f"(diagnostic) hexwright {command} imports, {how}", imp,
                            'python -c "import yaml, numpy" imports', b_imp, None, "-", notes=notes))
            continue
        rows.append(Row("startup", name, f"hexwright {command} imports", imp,
                        'python -c "import yaml, numpy" imports', b_imp, TARGET,
                        "at most 2x the baseline's imports (-X importtime)", notes=notes))
        rows.append(Row("startup", name, f"(diagnostic) hexwright {command} whole process", wall,
                        "the baseline process", b_wall, None, "-"))
    return rows
