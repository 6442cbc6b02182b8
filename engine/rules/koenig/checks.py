"""Paul Koenig's Market-Garden's own scenario checks (the registry's `steps_lost_limit`), called by
scenario validation through the family's entry. Light: imports only the model, never the rules engine."""

from __future__ import annotations

from ...model.counters import UnitDef
from ...model.scenario import Scenario


def steps_lost_limit(sc: Scenario, u: UnitDef) -> tuple[int, str]:
    """Two Hits, a third eliminates a unit (002_fe1216aa5df94854.txt 9.2), whatever `steps` says."""
    return 2, "a third Hit eliminates a unit (Koenig 9.2)"
