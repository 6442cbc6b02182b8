"""Loading a scenario or a map file for the headless commands, whichever the file is."""

from __future__ import annotations

from pathlib import Path

from hexwright.engine.formats import load_document, read_source
from hexwright.engine.formats.areamapfile import AREA_MAP_KIND
from hexwright.engine.formats.mapfile import MAP_KIND, load_map
from hexwright.engine.model import HexMap, Scenario
from hexwright.engine.model.areamap import AreaMap
from hexwright.engine.validation import Diagnostic, SourceMap, validate_scenario
from hexwright.engine.validation.underlay import check_underlay


def sniff_kind(text: str) -> str | None:
    """The file's `kind:` line, read without parsing the whole file."""
    for line in text.splitlines()[:20]:
        if line.startswith("kind:"):
            return line.split(":", 1)[1].strip().strip("'\"")
    return None


def load_any(path: str | Path, validate: bool = True
             ) -> tuple[Scenario | HexMap | AreaMap | None, list[Diagnostic]]:
    """Load a scenario, a map or an area map; return it (or None) and every diagnostic, validation
    included (an area map's drawing problems: overlaps, gaps, slivers, areas with no neighbour)."""
    p = Path(path)
    read: list[Diagnostic] = []
    text = read_source(p, read)  # not UTF-8, too large or unreadable: said at its line where it has one
    if text is None:
        return None, read
    if sniff_kind(text) == MAP_KIND:
        diags: list[Diagnostic] = []
        sm = SourceMap()
        m = load_map(text, str(p), diags, sm)
        if m is not None and validate:
            diags += check_underlay(m, p.parent, sm)
        return m, diags
    if sniff_kind(text) == AREA_MAP_KIND:
        from hexwright.engine.formats.areamapfile import load_area_map
        from hexwright.engine.validation import validate_area_map

        diags = []
        sm = SourceMap()
        am = load_area_map(text, str(p), diags, sm)
        if am is not None and validate:
            diags += validate_area_map(am, sm)
        return am, diags
    result = load_document(text, str(p), p.parent)
    diags = list(result.diagnostics)
    if result.scenario is not None and validate:
        diags += validate_scenario(result.scenario, result.source_map)
        diags += check_underlay(result.scenario.map, map_dir(p, result.scenario), result.source_map)
    return result.scenario, diags


def map_dir(path: Path, scenario: Scenario | None) -> Path:
    """The folder of the file that holds the map: a scenario's separate map file, or the file itself
    (scans are stored relative to it)."""
    if scenario is not None and scenario.map_file:
        return (path.parent / scenario.map_file).parent
    return path.parent
