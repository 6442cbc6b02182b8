"""The installable app (slow; not in the default run: `pytest -m slow tests/app/test_bundle.py`): a clean
clone of this repository builds its one-folder bundle with the one documented command,
`packaging/build-bundle.sh`, and the bundle runs without the project's Python environment: `--version`,
`validate` on a shipped scenario, a Tiled export and import, and the editor opened offscreen for a
second."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow


def _run(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess:
    clean = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": os.environ.get("HOME", "/root"),
             "QT_QPA_PLATFORM": "offscreen", **env}  # no VIRTUAL_ENV, no PYTHONPATH: the bundle stands alone
    return subprocess.run(args, cwd=cwd, env=clean, capture_output=True, text=True, timeout=3600)


@pytest.mark.timeout(3600)
def test_a_clean_clone_builds_a_bundle_that_runs_alone(tmp_path):
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    clone = tmp_path / "hexwright"
    subprocess.run(["git", "clone", "--quiet", "--depth", "1", f"file://{ROOT}", str(clone)], check=True)
    build = _run(["packaging/build-bundle.sh"], clone)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    exe = clone / "dist/hexwright/hexwright"
    assert exe.is_file()

    version = _run([str(exe), "--version"], tmp_path)
    assert version.returncode == 0 and version.stdout.startswith("hexwright ")

    shipped = clone / "dist/hexwright/scenarios/fm-arnhem/scenario-1-historical.yaml"
    checked = _run([str(exe), "validate", str(shipped)], tmp_path)
    assert checked.returncode == 0 and "ok (0 errors" in checked.stderr

    tmx = tmp_path / "corridor.tmx"
    assert _run([str(exe), "export", str(shipped), "-o", str(tmx)], tmp_path).returncode == 0
    imported = _run([str(exe), "import", str(tmx), "-o", str(tmp_path / "corridor.yaml")], tmp_path)
    assert imported.returncode == 0, imported.stderr

    editor = _run([str(exe), str(shipped)], tmp_path, HEXWRIGHT_QUIT_AFTER_MS="1000")
    assert editor.returncode == 0, editor.stderr[-3000:]
    assert "editor shown: scenario-1-historical.yaml" in editor.stdout and "(1014 hexes)" in editor.stdout
