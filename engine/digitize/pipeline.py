"""The whole digitizing run without Qt, as `hexwright digitize` and the editor drive it: a scan and the
clicked hex centres in; the fitted and refined grid, its error over the board, terrain and linework
proposals, and the map built from them (with the proposals marked `proposed` applied) out.

Terrain comes from `engine.digitize.terrain.propose_terrain` and linework from
`engine.digitize.linework.propose_linework`; each is imported when the run reaches it, and a part that
is not there is named in `DigitizeResult.missing` (the map then keeps its default terrain, or has no
linework) rather than failing the run.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
from hexwright.engine.hexgrid import Hex
from hexwright.engine.hexgrid.fit import GridFit, fit_grid
from hexwright.engine.model.hexmap import HexMap, HexsideInfo, Underlay

from .gridfit import FitQuality, fit_quality, refine_fit
from .scan import Scan

Progress = Callable[[int, int], bool]


class DigitizeError(ValueError):
    """Input the run cannot use (a label not on the map, a taught terrain not in the table); the
    message says which and why."""


@dataclass
class DigitizeResult:
    hexmap: HexMap
    fit: GridFit
    quality: FitQuality
    hexes: list[dict[str, Any]] = field(default_factory=list)
    hexsides: list[dict[str, Any]] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        f = self.fit
        return {
            "fit": {
                "model": f.model,
                "hex_size_px": round(f.hex_size_px, 4),
                "rotation_deg": round(f.rotation, 4),
                "rms_px": round(f.rms_px, 4),
                "refined_hexsides": f.refined_edges,
                "line_rms_px": None if f.edge_rms_px is None else round(f.edge_rms_px, 4),
                "max_error_estimate_hex": round(self.quality.max_error_estimate_hex, 4),
                "warnings": list(self.quality.warnings),
            },
            "hexes": self.hexes,
            "hexsides": self.hexsides,
            "missing": self.missing,
        }


def resolve_label(hexmap: HexMap, label: str) -> Hex:
    h = hexmap.hex_at(label.strip())
    if h is None:
        raise DigitizeError(f"{label!r} is not a hex label of this map (labels run "
                            f"{hexmap.label(hexmap.hexes[0])} to {hexmap.label(hexmap.hexes[-1])})")
    return h


def fit_points(scan: Scan, hexmap: HexMap, points: Sequence[tuple[str | Hex, tuple[float, float]]],
               refine: bool = True, progress: Progress | None = None) -> tuple[GridFit, FitQuality]:
    """The grid fitted to clicked points ((label or hex, (x, y)) on the scan), refined from the printed
    hex lines, and its quality."""
    pairs = [(resolve_label(hexmap, h) if isinstance(h, str) else h, (float(x), float(y))) for h, (x, y) in points]
    try:
        fit = fit_grid(pairs, hexmap.layout())
    except ValueError as exc:
        raise DigitizeError(str(exc)) from None
    if refine:
        fit = refine_fit(scan, hexmap, fit, progress=progress)
    return fit, fit_quality(hexmap, fit)


def _optional(module: str, name: str, missing: list[str]) -> Any:
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as exc:
        missing.append(f"{module.rsplit('.', 1)[-1]} proposals ({module}.{name} is not available: {exc})")
        return None


def split_taught(hexmap: HexMap, taught: Mapping[str, Sequence[str]]) -> tuple[dict[Hex, str], dict[str, str]]:
    """Examples `{code: [label, ...]}` split into terrain ({hex: terrain}) and linework ({'A/B': code})
    ones: a label with a '/' names a hexside."""
    terrain: dict[Hex, str] = {}
    lines: dict[str, str] = {}
    table = hexmap.terrain_table
    for code, labels in taught.items():
        for label in labels:
            if "/" in label:
                if hexmap.hexside_at(label) is None:
                    raise DigitizeError(f"taught {code}: {label!r} is not a hexside of this map (two adjacent "
                                        "hexes, as 1422/1423)")
                lines[label] = code
                continue
            if code not in table.terrain:
                raise DigitizeError(f"taught {code}: not a terrain of the table {table.name!r} (its terrains: "
                                    f"{', '.join(table.terrain)})")
            terrain[resolve_label(hexmap, label)] = code
    return terrain, lines


def digitize(scan: Scan, hexmap: HexMap, points: Sequence[tuple[str | Hex, tuple[float, float]]],
             taught: Mapping[str, Sequence[str]] | None = None, *, image_path: str = "",
             progress: Progress | None = None,
             step: Callable[[str], None] | None = None) -> DigitizeResult:
    """The whole run on `hexmap` (its grid and terrain table; it is filled in place and returned in the
    result). `progress(done, total)` sees each step from 0 to its total: the grid's refinement, the
    terrain, the linework; `step(name)` is told when each starts ("fitting the grid", ...)."""

    def starting(name: str) -> None:
        if step is not None:
            step(name)

    missing: list[str] = []
    taught_terrain, taught_lines = split_taught(hexmap, taught or {})
    starting("fitting the grid")
    fit, quality = fit_points(scan, hexmap, points, progress=progress)
    hexmap.set_underlay(Underlay(image_path, fit.transform, 0.5, True))
    lay = hexmap.layout()
    centres = fit.scene_to_image(lay.hexes_to_pixels(np.array(hexmap.hexes, dtype=float).reshape(-1, 2)))
    hexes = {h: {"hex": hexmap.label(h), "x": round(float(x), 2), "y": round(float(y), 2),
                 "terrain": hexmap.terrain_at(h), "confidence": 0.0, "proposed": False}
             for h, (x, y) in zip(hexmap.hexes, centres, strict=True)}
    propose_terrain = _optional("hexwright.engine.digitize.terrain", "propose_terrain", missing)
    if propose_terrain is not None:
        starting("proposing terrain")
        changes: dict[Hex, str] = {}
        for p in propose_terrain(hexmap, scan, fit.transform, taught_terrain or None, progress=progress):
            entry = hexes.get(p.hex)
            if entry is None:
                continue
            entry.update(terrain=p.terrain, confidence=round(float(p.confidence), 4), proposed=bool(p.proposed))
            if p.proposed:
                changes[p.hex] = p.terrain
        changes.update(taught_terrain)
        hexmap.set_terrain(changes)
    else:
        hexmap.set_terrain(dict(taught_terrain))
    for h in taught_terrain:
        hexes[h].update(terrain=taught_terrain[h], confidence=1.0, proposed=True)
    sides: list[dict[str, Any]] = []
    propose_linework = _optional("hexwright.engine.digitize.linework", "propose_linework", missing)
    if propose_linework is not None:
        starting("proposing linework")
        for lp in propose_linework(hexmap, scan, fit.transform, taught_lines or None, progress=progress):
            sides.append({"hexside": lp.key, "kind": lp.kind, "feature": lp.feature,
                          "confidence": round(float(lp.confidence), 4), "proposed": bool(lp.proposed)})
            if lp.proposed:
                _apply_line(hexmap, lp.kind, lp.key, lp.feature)
    return DigitizeResult(hexmap, fit, quality, list(hexes.values()), sides, missing)


def _apply_line(hexmap: HexMap, kind: str, key: str, feature: str) -> None:
    side = hexmap.hexside_at(key)
    if side is None:
        return
    if kind == "path":
        a, _, b = key.partition("/")
        ha, hb = hexmap.hex_at(a.strip()), hexmap.hex_at(b.strip())
        if ha is not None and hb is not None:
            hexmap.link_path(ha, hb, feature)
        return
    info = hexmap.hexsides.get(side) or HexsideInfo()
    if feature not in info.features:
        hexmap.set_hexsides({side: replace(info, features=tuple(sorted((*info.features, feature))))})
