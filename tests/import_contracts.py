"""Two import-linter contract types that know what a rules family is, so that a new family is under the
engine's contracts the moment its folder exists, with no line of pyproject.toml naming it.

A rules family is a package of `hexwright.engine.rules` with a registry entry, `family.py` (CONTRIBUTING.md,
"A new rules family"). In a contract of these types the module name `hexwright.engine.rules.{families}`
stands for every such package: in a layer, each family is a module of that layer, independent of the
others; in a forbidden contract's modules, each family is listed. pyproject.toml registers the types
(`contract_types` in [tool.importlinter]); `lint-imports` and tests/engine/test_layers.py load them from
the repository's root.
"""

from __future__ import annotations

from grimp import ImportGraph
from importlinter.contracts.forbidden import ForbiddenContract
from importlinter.contracts.layers import Layer, LayersContract, ModuleTail
from importlinter.domain.contract import ContractCheck
from importlinter.domain.imports import ModuleExpression

RULES = "hexwright.engine.rules"
FAMILIES = f"{RULES}.{{families}}"


def family_packages(graph: ImportGraph) -> list[str]:
    """Every package of the rules with a registry entry (`<package>.family`), in name order."""
    return sorted(m for m in graph.find_children(RULES) if f"{m}.family" in graph.modules)


class FamilyLayersContract(LayersContract):
    """A layers contract in which `hexwright.engine.rules.{families}` is every rules family."""

    type_name = "layers_with_families"

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        layers: list[Layer] = []
        for layer in self.layers:  # type: ignore[attr-defined]
            tails: set[ModuleTail] = set()
            for tail in layer.module_tails:
                if tail.name == FAMILIES:
                    tails |= {ModuleTail(name=p, is_optional=False) for p in family_packages(graph)}
                else:
                    tails.add(tail)
            layers.append(Layer(tails, is_independent=layer.is_independent))
        self.layers = layers  # type: ignore[assignment]
        return super().check(graph, verbose)


class FamilyForbiddenContract(ForbiddenContract):
    """A forbidden contract whose source or forbidden modules may name `hexwright.engine.rules.{families}`."""

    type_name = "forbidden_with_families"

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        for field in ("source_modules", "forbidden_modules"):
            expressions: set[ModuleExpression] = set()
            for expression in getattr(self, field):
                if expression.expression == FAMILIES:
                    expressions |= {ModuleExpression(p) for p in family_packages(graph)}
                else:
                    expressions.add(expression)
            setattr(self, field, expressions)
        return super().check(graph, verbose)
