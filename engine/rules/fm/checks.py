"""Fire & Movement's own scenario checks (the registry's `checks` and `steps_lost_limit`), called by
scenario validation through the family's entry. Light: imports only the model and validation's
diagnostics, never the rules engine (the "validation plays no game" contract)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ...hexgrid import Hexside
from ...model.counters import UnitDef
from ...model.placement import hexside_is_water
from ...model.scenario import Scenario
from ...validation.diagnostics import Severity

FERRY_RULE = "Arnhem: The Farthest Bridge 10.6.5"


def steps_lost_limit(sc: Scenario, u: UnitDef) -> tuple[int, str]:
    """A one-step unit (no reduced side) is eliminated, not depleted, and a depleted unit that depletes
    again is eliminated (000_e5c3deafb2cea4af.txt 2.3, 8.2.4)."""
    if u.reduced is None:
        return 0, "it has no reduced side, so it cannot start depleted: a one-step unit is eliminated (F&M 8.2.4)"
    return u.steps - 1, "a depleted unit that is depleted again is eliminated (F&M 8.2.4)"


_MARKER = re.compile(r"^\+[0-9]+(:[a-z_]*(:[a-z_]+)?)?$")


def check_support_markers(sc: Scenario, add: Callable[..., Any]) -> None:
    """The support fire markers a mid-game start gives each side (start: support_markers) are written as
    the markers' own texts, '+3:us' or '+4:german:airpower' (000_e5c3deafb2cea4af.txt 7.0, 7.2)."""
    for side, tokens in sc.start.family.get("support_markers", {}).items():
        for t in tokens:
            if not _MARKER.match(t):
                add(Severity.ERROR, "start-field", f"start: support_markers of {side}: {t!r} is not a support fire "
                    "marker such as +3:us or +4:german:airpower (F&M 7.0)", ("start", "support_markers"))


def checks(sc: Scenario, map_ok: bool, add: Callable[..., Any]) -> None:
    """A ferry of the start state set up beside a German unit is cancelled the moment play starts
    (Arnhem: The Farthest Bridge 10.6.5, 000_e5c3deafb2cea4af.txt: "if a German unit occupies either
    adjoining hex, the ferry operations immediately is canceled"); the Allied side is the first player
    (10.4) unless the scenario's `allied_side` option names another. Ferries the general start checks
    refuse (no hexside, not water, an intact bridge) are theirs to report."""
    check_support_markers(sc, add)
    if not map_ok:
        return
    m = sc.map
    seen: set[Hexside] = set()
    for label, state in sc.start.hexsides.items():
        side = m.hexside_at(label)
        if side is None or side in seen:
            continue
        seen.add(side)
        info = m.hexsides.get(side)
        if state != "ferry" or info is None or info.bridge is not None or not hexside_is_water(m, info.features):
            continue
        _warn_ferry_cancelled(sc, side, label, ("start", "hexsides", label), add)


def _warn_ferry_cancelled(sc: Scenario, side: Hexside, label: str, anchor: tuple[str, ...],
                          add: Callable[..., Any]) -> None:
    ids = [x.id for x in sc.sides]
    allied = str(sc.options.get("allied_side") or sc.first_player or (ids[0] if ids else ""))
    ends = set(side.hexes())
    for uid, hex_label in sc.placements.items():
        u = sc.units.get(uid)
        h = sc.map.hex_at(hex_label)
        if u is not None and u.side != allied and h in ends:
            found = sc.side(u.side)
            name = found.name if found is not None and found.name else u.side
            add(Severity.WARNING, "start-ferry-cancelled", f"start: the ferry across {label} adjoins {hex_label}, "
                f"where {name} unit {uid} is set up: it is cancelled as play begins ({FERRY_RULE})", anchor,
                hex=label)
            return
