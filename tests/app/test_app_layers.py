"""The app's layers (pyproject.toml, contracts "app-layers" and "app-no-import-loops"; lint-imports runs
them with the engine's in tests/engine/test_layers.py): every package and top module of app/ is in a
layer, so a new one cannot slip outside them, and the loop check covers every layered package but the
ones the file says why not."""

from __future__ import annotations

import pkgutil
import tomllib
from pathlib import Path

import hexwright.app as app_pkg

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"
APP_DIR = Path(app_pkg.__file__).parent


def _contracts() -> dict[str, dict]:
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"]
    return {c["id"]: c for c in config["contracts"]}


def test_every_app_module_is_in_a_layer():
    layered = {m.strip() for line in _contracts()["app-layers"]["layers"] for m in line.split("|")}
    for info in pkgutil.iter_modules([str(APP_DIR)], "hexwright.app."):
        assert info.name in layered, f"{info.name} is in no layer of pyproject.toml's app-layers contract"


def test_the_loop_check_covers_the_app_packages():
    contracts = _contracts()
    covered = set(contracts["app-no-import-loops"]["ancestors"])
    packages = {info.name for info in pkgutil.iter_modules([str(APP_DIR)], "hexwright.app.") if info.ispkg}
    not_yet = {"hexwright.app.counters"}  # see the comment in pyproject.toml
    assert packages - not_yet <= covered
