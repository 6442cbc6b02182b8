"""The scanned underlay a map names must be there: a moved or deleted scan is a warning (the map is
still usable), said at the file's `underlay:` line."""

from __future__ import annotations

from pathlib import Path

from ..model.hexmap import HexMap
from ..model.scan_path import resolve_scan
from .diagnostics import Diagnostic, Severity, SourceMap


def check_underlay(m: HexMap, base_dir: Path | None, source_map: SourceMap | None = None) -> list[Diagnostic]:
    """A `missing-underlay` warning when the map's scan cannot be found (relative to `base_dir`, the
    map file's folder)."""
    u = m.underlay
    if u is None or resolve_scan(u.image, base_dir) is not None:
        return []
    loc = source_map.get(("underlay",)) if source_map is not None else None
    where = f" (looked in {base_dir})" if base_dir is not None and not Path(u.image).is_absolute() else ""
    return [Diagnostic("missing-underlay", Severity.WARNING,
                       f"the scanned underlay {u.image!r} is missing{where}; the map shows without it",
                       loc.file if loc else "", loc.line if loc else 0, loc.column if loc else 0)]
