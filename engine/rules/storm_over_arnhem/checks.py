"""Storm over Arnhem's own scenario checks (the registry's `checks`): the areas and zones The Crossing
names (design.py) as diagnostics. Light: imports only design.py, the model and validation's
diagnostics, never the rules engine."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...model.scenario import Scenario
from ...validation.diagnostics import Severity
from .design import design_problems


def checks(sc: Scenario, map_ok: bool, add: Callable[..., Any]) -> None:
    for p in design_problems(sc):
        add(Severity.ERROR, p.code, p.message, p.anchor)
