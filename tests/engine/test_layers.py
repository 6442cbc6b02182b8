"""The engine's layers (pyproject.toml, [tool.importlinter]): import-linter's contracts hold (no module
imports a layer above its own, no import loop inside a package, nothing that plays a game imports
scenario validation, the engine never imports Qt or the app), and the layers name every package of the
engine and every playable rules family, so a new one cannot slip outside them. The families are named by
`hexwright.engine.rules.{families}` (tests/import_contracts.py): every package of the rules with a
registry entry, so a new family's folder is enough."""

from __future__ import annotations

import pkgutil
import tomllib
from pathlib import Path

import hexwright.engine as engine_pkg
from hexwright.engine.rules.registry import playable_families
from importlinter.cli import lint_imports

from tests.import_contracts import FAMILIES, RULES

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"
ENGINE_DIR = Path(engine_pkg.__file__).parent


def _contracts() -> dict[str, dict]:
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"]
    return {c["id"]: c for c in config["contracts"]}


def _family_folders() -> set[str]:
    """The packages of the rules with a registry entry: what `hexwright.engine.rules.{families}` stands for."""
    return {f"{RULES}.{d.name}" for d in (ENGINE_DIR / "rules").iterdir() if (d / "family.py").is_file()}


def _layered_modules() -> set[str]:
    layers = _contracts()["engine-layers"]["layers"]
    named = {m.strip() for line in layers for m in line.split("|")}
    return (named - {FAMILIES}) | _family_folders()


def test_the_import_contracts_hold(capsys):
    code = lint_imports(config_filename=str(PYPROJECT), no_cache=True, no_logo=True)
    out = capsys.readouterr().out
    assert code == 0, out
    assert "0 broken" in out


def test_every_playable_family_is_a_layer_of_its_own_line():
    """The families' line is `{families}` alone, and every playable family's rules engine is in a package
    with a registry entry, so the contracts hold it without pyproject.toml naming it."""
    families_line = next(line for line in _contracts()["engine-layers"]["layers"] if FAMILIES in line)
    assert families_line.strip() == FAMILIES
    folders = _family_folders()
    for family in playable_families():
        module = family.game.partition(":")[0]  # the family's rules engine, in its package
        assert any(module == f or module.startswith(f + ".") for f in folders), (
            f"{module} is in no package of the rules with a family.py"
        )


def test_the_contracts_find_the_families_of_the_registry():
    """What `{families}` expands to in the import graph is what the folders hold, one package a family."""
    import grimp

    from tests.import_contracts import family_packages

    graph = grimp.build_graph("hexwright.engine", cache_dir=None)
    assert set(family_packages(graph)) == _family_folders()
    assert len(_family_folders()) >= 5


def test_every_engine_package_is_in_a_layer_or_beside_the_game_stack():
    """Each package of the engine is a layer, is inside one, or is validation (whose checks stand beside
    the game stack, contracts "games-do-not-validate" and "validation-plays-no-game")."""
    layered = _layered_modules()
    beside = {"hexwright.engine.validation.checks"}
    for info in pkgutil.iter_modules([str(ENGINE_DIR)], "hexwright.engine."):
        inside = [m for m in layered | beside if m == info.name or m.startswith(info.name + ".")]
        assert inside, f"{info.name} is in no layer of pyproject.toml's [tool.importlinter]"
    for info in pkgutil.iter_modules([str(ENGINE_DIR / "rules")], "hexwright.engine.rules."):
        assert info.name in layered, f"{info.name} is in no layer of pyproject.toml's [tool.importlinter]"
