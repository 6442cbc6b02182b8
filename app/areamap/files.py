"""Opening, saving and validating area-map documents: an area-map file (`kind: hexwright-area-map`,
engine/formats/areamapfile.py) or a scenario whose map is an area map. The engine reads and writes;
saves are atomic there (engine/formats/atomic.py). A file with errors opens nothing: the diagnostics
say where (file:line:column), as `hexwright validate` prints them."""

from __future__ import annotations

from pathlib import Path

from hexwright.app.subcommands.loading import sniff_kind
from hexwright.engine.formats import read_source
from hexwright.engine.formats.areamapfile import AREA_MAP_KIND, load_area_map, save_area_map
from hexwright.engine.model.areamap import AreaMap
from hexwright.engine.validation import SourceMap, has_errors


def is_area_map_text(text: str) -> bool:
    return sniff_kind(text) == AREA_MAP_KIND


def file_is_area_document(path: Path) -> bool:
    """True for an area-map file or a scenario on an area map, read cheaply: the kind line, then the
    scenario's top-level `map:` (a map file's own kind line, or an inline map with `areas:`). A file
    that is not what it seems is left to the real open, which reports it."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    if is_area_map_text(text):
        return True
    kind = sniff_kind(text)
    if kind is None or "scenario" not in kind:
        return False
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if not line.startswith("map:"):
            continue
        value = line[4:].split(" #", 1)[0].strip().strip("'\"")
        if value:  # map: a-file.yaml
            try:
                head = "\n".join((path.parent / value).read_text(encoding="utf-8", errors="replace")
                                  .splitlines()[:20])
            except OSError:
                return False
            return is_area_map_text(head)
        for inner in lines[i + 1:]:  # an inline map: its keys are indented
            if inner.strip() and not inner.startswith((" ", "\t", "#")):
                break
            if inner.lstrip().startswith("areas:") and len(inner) - len(inner.lstrip()) <= 4:
                return True
        return False
    return False


def open_area_document(cls, path: Path):
    diags: list = []
    text = read_source(path, diags)
    if text is None:
        return None, diags
    if is_area_map_text(text):
        sm = SourceMap()
        m = load_area_map(text, str(path), diags, sm)
        if m is None or has_errors(diags):
            return None, diags
        doc = cls(m, None, path, sm)
        doc.load_diagnostics = list(diags)
        return doc, diags
    from hexwright.engine.formats import load_document

    result = load_document(text, str(path), path.parent)
    diags = list(result.diagnostics)
    if result.scenario is None or has_errors(diags):
        return None, diags
    area_map = getattr(result.scenario, "area_map", None)
    if not isinstance(area_map, AreaMap):
        return None, diags
    doc = cls(area_map, result.scenario, path, result.source_map)
    doc.load_diagnostics = list(diags)
    return doc, diags


def save_document(doc, target: Path) -> None:
    """Write the document; a scan underlay in the file's folder (or below it) is written relative to it, so
    the folder can move with its scan (the view reads a relative scan from the document's folder)."""
    m = doc.area_map
    old = m.underlay
    if old is not None and Path(old.image).is_absolute():
        try:
            rel = Path(old.image).resolve().relative_to(Path(target).resolve().parent)
        except ValueError:
            rel = None
        if rel is not None:
            from dataclasses import replace

            m.underlay = replace(old, image=rel.as_posix())
    try:
        if doc.scenario is not None:
            from hexwright.engine.formats import save_scenario

            save_scenario(doc.scenario, target)
        else:
            save_area_map(m, target)
    except BaseException:
        m.underlay = old
        raise


def validate_document(doc) -> list:
    """What `hexwright validate` reports now: the load diagnostics, then the scenario's validation (for
    a scenario), or the map's own problems (for a map file)."""
    diags = list(doc.load_diagnostics)
    if doc.scenario is not None:
        from hexwright.engine.validation import validate_scenario

        diags += validate_scenario(doc.scenario, doc.source_map or SourceMap())
    else:
        from hexwright.engine.validation import validate_area_map

        diags += validate_area_map(doc.area_map, doc.source_map or SourceMap())
    return diags
