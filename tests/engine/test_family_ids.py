"""A rules family plugs in by its registry entry (engine/rules/registry.py, issue 28): no code outside the
family's own folder names it by its id. The test reads every Python file of engine/, app/, benchmarks/ and
tests/ with `ast` and fails on a string literal that is a family id (a docstring may cite a rulebook, a
comment may name a family: neither is a literal the code compares) outside
* the family's own folder, engine/rules/<id>/, and its tests, tests/engine/rules/<id>/;
* its heuristic bot, engine/bots/heuristic_<id>.py: the bots sit a layer above the families (pyproject.toml,
  "engine-layers"), so a family's bot cannot live in its folder;
* the "asl" letter scheme of hex labels (engine/hexgrid/labels.py, `ASL_LETTERS`): the name map files give
  the ASL boards' column lettering (`labels: letters: asl`), not the ASL rules family; renaming it would
  break every saved map for a word that only looks like the id.
A test names a family's scenario by its path under scenarios/ (never by the id), or reads the id from
the scenario or the registry."""

from __future__ import annotations

import ast
from pathlib import Path

from hexwright.engine.hexgrid.labels import ASL_LETTERS
from hexwright.engine.rules.registry import FAMILY_MODULES, RULES_FAMILIES

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("engine", "app", "benchmarks", "tests")
EXEMPT = {(ASL_LETTERS, "engine/hexgrid/labels.py")}


def family_ids() -> list[str]:
    return [RULES_FAMILIES[m.rsplit(".", 2)[-2]].id for m in FAMILY_MODULES]


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings (of the module, its classes and functions)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                out.add(id(first.value))
    return out


def literals(path: Path) -> list[tuple[int, str]]:
    """Every string literal of a Python file that is not a docstring, with its line (f-strings' literal
    parts included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    skip = docstrings(tree)
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip]


def own_places(fid: str) -> tuple[str, ...]:
    return (f"engine/rules/{fid}/", f"tests/engine/rules/{fid}/", f"engine/bots/heuristic_{fid}.py")


def offenders() -> list[str]:
    ids = set(family_ids())
    out = []
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if "/." in rel or rel.startswith("."):
                continue
            for line, value in literals(path):
                if value in ids and not rel.startswith(own_places(value)) and (value, rel) not in EXEMPT:
                    out.append(f"{rel}:{line}: {value!r}")
    return out


def test_the_shipped_families_are_the_folders_the_registry_names():
    for module in FAMILY_MODULES:
        folder = module.rsplit(".", 2)[-2]
        assert RULES_FAMILIES[folder].id == folder  # a family's id is its folder's name
        assert (ROOT / "engine" / "rules" / folder / "family.py").is_file()


def test_no_family_id_outside_its_own_folder():
    found = offenders()
    assert found == [], "a family id outside its folder (read it from the registry entry):\n" + "\n".join(found)


def test_the_check_sees_literals_and_skips_docstrings_and_comments(tmp_path):
    a, b = family_ids()[:2]
    f = tmp_path / "probe.py"
    f.write_text(f'"""A docstring: "{a}"."""\n# "{a}" in a comment\nX = "{a}"\ndef g():\n    """\'{b}\'"""\n'
                 f'    return f"{{X}}-{b}" + "{b}"\n', encoding="utf-8")
    assert sorted(literals(f)) == sorted([(3, a), (6, f"-{b}"), (6, b)])
