"""The movement and line-of-sight entries of a terrain table's free-form `combat:` data, checked where
they are read (ASL Arnhem Bridge, 004_09a6f3be713b811c.txt; engine/rules/asl/locations.py lists them):

    los: {obstacle: H} | {hindrance: DRM, height: H}   H levels from 0 to MAX_LEVEL, DRM 0 to 6
    scaling: {by: TEXT, cost: MF}                       MF a cost from 0 to MAX_COST
    bridge: deck | beneath
    lateral: true | false

A wrong entry is reported at its line and left out of the table, so that a map `hexwright validate`
accepts never fails later in a line-of-sight or movement query."""

from __future__ import annotations

import math
from typing import Any

from ..model.bounds import MAX_COST, MAX_LEVEL
from ..validation.diagnostics import short
from .yamlio import YamlReader, YDict

MAX_HINDRANCE_DRM = 6


def _where(data: Any, key: str, at: tuple[int, int]) -> tuple[int, int]:
    if isinstance(data, YDict):
        w = data.where_value(key)
        if w != (0, 0):
            return w
    return at


def _number(v: Any, lo: float, hi: float) -> bool:
    return not isinstance(v, bool) and isinstance(v, (int, float)) and math.isfinite(v) and lo <= v <= hi


def check_location_rules(reader: YamlReader, raw: Any, plain: dict[str, Any], what: str,
                         at: tuple[int, int]) -> dict[str, Any]:
    """`plain` (the combat data as plain containers) without the entries that are wrong, each reported."""
    if not isinstance(plain, dict):
        return plain
    out = dict(plain)
    if "los" in out:
        los, w = out["los"], _where(raw, "los", at)
        ok = isinstance(los, dict) and set(los) <= {"obstacle", "hindrance", "height"} and (
            "obstacle" in los or "hindrance" in los)
        ok = ok and all(_number(los[k], 0, MAX_LEVEL) for k in ("obstacle", "height") if k in los)
        ok = ok and ("hindrance" not in los or (_number(los["hindrance"], 0, MAX_HINDRANCE_DRM)
                                                and float(los["hindrance"]).is_integer()))
        if not ok:
            reader.error("bad-value", f"{what}: combat.los must be {{obstacle: H}} or {{hindrance: DRM, height: H}} "
                         f"with H a level from 0 to {MAX_LEVEL} and DRM a whole number from 0 to "
                         f"{MAX_HINDRANCE_DRM}, not {short(los)}", w)
            del out["los"]
    if "scaling" in out:
        sc, w = out["scaling"], _where(raw, "scaling", at)
        if not (isinstance(sc, dict) and _number(sc.get("cost", 0), 0, MAX_COST)):
            reader.error("bad-value", f"{what}: combat.scaling must be {{by: WHO, cost: MF}} with MF from 0 to "
                         f"{MAX_COST}, not {short(sc)}", w)
            del out["scaling"]
    if "bridge" in out and out["bridge"] not in ("deck", "beneath"):
        reader.error("bad-value", f"{what}: combat.bridge must be 'deck' or 'beneath', not {short(out['bridge'])}",
                     _where(raw, "bridge", at))
        del out["bridge"]
    if "lateral" in out and not isinstance(out["lateral"], bool):
        reader.error("bad-value", f"{what}: combat.lateral must be true or false, not {short(out['lateral'])}",
                     _where(raw, "lateral", at))
        del out["lateral"]
    return out
