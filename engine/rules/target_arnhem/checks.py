"""Target Arnhem's own scenario checks (the registry's `checks`): its design data (design.py: supply
stripes, para supply markers, off-board areas) as diagnostics. Light: imports only design.py, the model
and validation's diagnostics, never the rules engine."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...model.scenario import Scenario
from ...validation.diagnostics import Severity
from .design import design_problems


def checks(sc: Scenario, map_ok: bool, add: Callable[..., Any]) -> None:
    for p in design_problems(sc, map_ok):
        add(Severity.ERROR if p.severity == "error" else Severity.WARNING, p.code, p.message, p.anchor, hex=p.hex,
            unit=p.unit)
