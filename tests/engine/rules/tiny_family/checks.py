"""The tiny family's own validation: the objective its victory reads must be a hex of the map."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hexwright.engine.model.scenario import Scenario
from hexwright.engine.validation.diagnostics import Severity


def checks(sc: Scenario, map_ok: bool, add: Callable[..., Any]) -> None:
    objective = sc.options.get("objective")
    if not isinstance(objective, str) or (map_ok and sc.map.hex_at(objective) is None):
        add(Severity.ERROR, "tiny-objective", f"the objective {objective!r} is not a hex of the map (Tiny 3)",
            ("scenario",))
