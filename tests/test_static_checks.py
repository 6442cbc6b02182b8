"""The lint and the type check run with the tests, so the README's single test command (and `.ci/run`,
which runs exactly that) fails when the code stops being ruff-clean or mypy-clean.

- ruff: `ruff check .` with pyproject.toml's [tool.ruff] (RUF100 included: no noqa that suppresses nothing).
- mypy: one run over pyproject.toml's [tool.mypy] packages (engine, app and benchmarks under their installed
  names); every folder in MYPY_CLEAN (all of engine/, app/ and benchmarks/) must have no error.
- import-linter's contracts are not run here: tests/engine/test_layers.py runs all of them.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The folders of the repository that must be mypy-clean: all the code.
MYPY_CLEAN: tuple[str, ...] = ("engine/", "app/", "benchmarks/")

# where mypy finds the source folders under their installed names (pyproject.toml, [tool.mypy])
TYPECHECK_LINKS = ROOT / "build" / "typecheck" / "hexwright"
_ERROR = re.compile(r"^(?P<path>[^:\s]+\.py):\d+(?::\d+)?: error: ")


def _link_source_folders() -> None:
    """The links packaging/bootstrap.sh makes, made again if a checkout lacks them."""
    TYPECHECK_LINKS.mkdir(parents=True, exist_ok=True)
    for name in ("engine", "app"):
        link = TYPECHECK_LINKS / name
        if not link.is_symlink():
            link.symlink_to(Path("..", "..", "..", name), target_is_directory=True)


def _repo_path(reported: str) -> str:
    """A path as mypy reports it (under build/typecheck/hexwright/ for engine and app) as the
    repository's own: app/render/labels.py."""
    return reported.replace(os.sep, "/").removeprefix("build/typecheck/hexwright/")


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_is_clean() -> None:
    result = _run("ruff", "check", ".", "--output-format", "concise", "--no-cache")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean_on_the_clean_folders() -> None:
    _link_source_folders()
    result = _run("mypy")
    # 0: no error; 1: errors found; 2: mypy itself failed (bad config, a package not found)
    assert result.returncode in (0, 1), result.stdout + result.stderr
    summary = r"^(Success: no issues found|Found \d+ errors? in \d+ files?) .*source files?"
    assert re.search(summary, result.stdout, re.M), result.stdout + result.stderr
    errors = []
    for line in result.stdout.splitlines():
        match = _ERROR.match(line)
        if match and _repo_path(match["path"]).startswith(MYPY_CLEAN):
            errors.append(_repo_path(match["path"]) + line[len(match["path"]):])
    assert not errors, f"{len(errors)} mypy errors in folders that are kept clean:\n" + "\n".join(errors)
