"""The area map file (`kind: hexwright-area-map`): the map's size, its terrain table, one area per
line (id, name, polygon, terrain, victory points, set-up zone, stacking limit, tags), the borders
the designer set by hand (`{between: [a, b], kind: bridge}`), and the scanned underlay.

Borders not listed are derived from the polygons when the file is read (two areas sharing an edge
are adjacent, AreaMap.derive_borders); only edited borders are written back. Reading reports
problems as diagnostics at file:line:column; writing is deterministic and atomic.

Example:

    format_version: 1
    kind: hexwright-area-map
    name: The Crossing
    size: {width: 1200, height: 900}
    areas:
      - {id: '4', name: Bridge ramp north, polygon: [[500, 300], [600, 300], [600, 380]], terrain: buildings}
    borders:
      - {between: ['4', '5'], kind: bridge}
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..model.areamap import BORDER_KINDS, Area, AreaBorder, AreaMap, default_area_terrain_table
from ..model.bounds import MAX_AREA_POINTS, MAX_AREA_VERTICES, MAX_AREAS, MAX_POINTS, MAX_STACKING
from ..model.hexmap import HexMap
from ..validation.diagnostics import Diagnostic, Severity, SourceMap
from .atomic import atomic_write_text
from .emit import block_text, flow, scalar
from .fields import Fields, finite
from .mapfile import (
    MAP_KIND,
    check_header,
    dump_terrain_table,
    dump_underlay,
    read_map,
    read_terrain_table,
    read_underlay,
)
from .versions import FORMAT_VERSION
from .yamlio import YamlReader, YList, check_loadable, load_yaml, read_source

AREA_MAP_KIND = "hexwright-area-map"
AREA_MAP_KEYS = ("format_version", "kind", "name", "notes", "size", "terrain_table", "areas", "borders",
                 "underlay")
AREA_KEYS = ("id", "name", "polygon", "terrain", "vp", "zone", "stacking", "tags")
MAX_MAP_SIDE = 40_000.0  # map units: a 34 x 22 inch map scanned at 1,000 dpi; `render` draws it at scale 0.5
MAX_COORDINATE = 1_000_000.0  # |x|, |y| of a polygon point (outside the map is a warning of validation)


def _polygon(reader: YamlReader, raw: Any, what: str, where: tuple[int, int]) -> tuple[tuple[float, float], ...]:
    if raw is None:
        reader.error("missing-key", f"{what} needs 'polygon': a list of [x, y] points", where)
        return ()
    if not isinstance(raw, list):
        reader.error("bad-value", f"{what}: 'polygon' must be a list of [x, y] points", where)
        return ()
    if len(raw) > MAX_AREA_VERTICES:
        reader.error("bad-value", f"{what}: a polygon may have at most {MAX_AREA_VERTICES:,} points, not "
                     f"{len(raw):,}", where)
        return ()
    pts = []
    for j, pt in enumerate(raw):
        at = raw.where(j) if isinstance(raw, YList) else where
        if (isinstance(pt, list) and len(pt) == 2 and all(not isinstance(c, bool) and finite(c) for c in pt)
                and all(abs(c) <= MAX_COORDINATE for c in pt)):
            pts.append((float(pt[0]), float(pt[1])))
        else:
            reader.error("bad-value", f"{what}: polygon point {j + 1} must be [x, y], two numbers within "
                         f"+-{MAX_COORDINATE:,.0f}", at)
            return ()
    if len(pts) < 3:
        reader.error("bad-value", f"{what}: a polygon needs at least 3 points, it has {len(pts)}", where)
    return tuple(pts)


def read_area_map(data: Any, reader: YamlReader, source_map: SourceMap | None = None,
                  embedded: bool = False) -> AreaMap | None:
    """Build an AreaMap from a parsed area map document (or a scenario's inline `map:`)."""
    allowed = AREA_MAP_KEYS if not embedded else tuple(k for k in AREA_MAP_KEYS if k not in ("format_version",
                                                                                               "kind"))
    top = Fields(reader, data, "the area map", allowed, required=("size", "areas"))
    if not top.ok:
        return None
    fname = reader.filename
    errors_before = sum(d.severity is Severity.ERROR for d in reader.diagnostics)
    size = Fields(reader, top.raw("size"), "size", ("width", "height"), required=("width", "height"),
                  at=top.where_value("size"))
    width = size.float("width", 1000.0, minimum=1.0, maximum=MAX_MAP_SIDE)
    height = size.float("height", 800.0, minimum=1.0, maximum=MAX_MAP_SIDE)
    if top.raw("terrain_table") is not None:
        table = read_terrain_table(reader, top.raw("terrain_table"), top.where_value("terrain_table"))
    else:
        table = default_area_terrain_table()
    m = AreaMap(top.str("name"), width, height, table)
    m.notes = top.str("notes")
    if source_map is not None:
        source_map.set(("area-map",), fname, *top.data.where())

    areas = top.seq("areas")
    if len(areas) > MAX_AREAS:
        reader.error("bad-value", f"an area map may have at most {MAX_AREAS:,} areas, not {len(areas):,}",
                     top.where_value("areas"))
        return None
    points = sum(len(item.get("polygon") or ()) for item in areas
                 if isinstance(item, dict) and isinstance(item.get("polygon"), list))
    if points > MAX_AREA_POINTS:  # the YAML reader counts them first (yamlio); an inline map is checked here
        reader.error("bad-value", f"the areas' outlines may have at most {MAX_AREA_POINTS:,} points in all, not "
                     f"{points:,}", top.where_value("areas"))
        return None
    first_line: dict[str, int] = {}
    for i, item in enumerate(areas):
        at = areas.where(i)
        f = Fields(reader, item, f"area {i + 1}", AREA_KEYS, required=("id", "polygon"), at=at)
        if not f.ok or "id" not in f.data:
            continue
        aid = f.str("id").strip()
        what = f"area {aid}"
        if not aid:
            reader.error("bad-value", f"area {i + 1}: 'id' must not be empty", f.where_value("id"))
            continue
        if aid in m.areas:
            reader.error("duplicate-id", f"area id {aid!r} is used twice (first on line {first_line[aid]})", at)
            continue
        first_line[aid] = at[0]
        if source_map is not None:
            source_map.set(("area", aid), fname, *at)
        polygon = _polygon(reader, f.raw("polygon"), what, f.where_value("polygon"))
        terrain = f.str("terrain", "open" if "open" in table.terrain else next(iter(table.terrain), "open"))
        if terrain not in table.terrain:
            reader.error("unknown-terrain", f"{what}: unknown terrain {terrain!r}; the table has "
                         f"{', '.join(table.terrain) or 'none'}", f.where_value("terrain"))
        zone = f.opt_str("zone")
        m.areas[aid] = Area(aid, f.str("name"), polygon, terrain, f.int("vp", 0, minimum=-MAX_POINTS,
                                                                        maximum=MAX_POINTS),
                            zone.strip() if zone else None, f.opt_int("stacking", minimum=0, maximum=MAX_STACKING),
                            frozenset(f.str_list("tags")))

    edited: dict[frozenset[str], AreaBorder] = {}
    borders = top.seq("borders")
    for i, item in enumerate(borders):
        at = borders.where(i)
        f = Fields(reader, item, f"border {i + 1}", ("between", "kind"), required=("between",), at=at)
        if not f.ok:
            continue
        pair = f.str_list("between")
        if len(pair) != 2 or pair[0] == pair[1]:
            reader.error("bad-value", f"border {i + 1}: 'between' must name two different areas, as "
                         "['4', '5']", f.where_value("between"))
            continue
        missing = [a for a in pair if a not in m.areas]
        if missing:
            reader.error("unknown-reference", f"border {pair[0]}/{pair[1]}: no area {missing[0]!r} on the map",
                         f.where_value("between"))
            continue
        kind = f.str("kind", "open")
        if kind not in BORDER_KINDS:
            reader.error("bad-value", f"border {pair[0]}/{pair[1]}: kind must be one of {', '.join(BORDER_KINDS)}, "
                         f"not {kind!r}", f.where_value("kind"))
            continue
        br = AreaBorder.between(pair[0], pair[1], kind, edited=True)
        if br.key in edited:
            reader.error("duplicate-key", f"border {br.a}/{br.b} is given twice", at)
            continue
        edited[br.key] = br
        if source_map is not None:
            source_map.set(("border", f"{br.a}/{br.b}"), fname, *at)
    m.borders = edited
    try:
        m.derive_borders()
    except Exception as exc:  # shapely refusing a polygon must not crash the loader: validate reports it
        reader.warning("geometry", f"borders could not be derived from the polygons "
                       f"({type(exc).__name__}: {exc}); only the borders set by hand are used",
                       top.where("areas"))
        m.borders = edited
    m.underlay = read_underlay(reader, top)
    m.revision = 0
    m.read_errors = sum(d.severity is Severity.ERROR for d in reader.diagnostics) - errors_before
    return m


def load_area_map(text: str, filename: str = "<area map>", diagnostics: list[Diagnostic] | None = None,
                  source_map: SourceMap | None = None) -> AreaMap | None:
    diags = diagnostics if diagnostics is not None else []
    data, reader = load_yaml(text, filename, diags)
    if data is None:
        if not diags:
            reader.error("empty-file", "the file is empty", (1, 1))
        return None
    data = check_header(reader, data, AREA_MAP_KIND)
    if data is None:
        return None
    return read_area_map(data, reader, source_map)


def load_any_map(text: str, filename: str, diagnostics: list[Diagnostic],
                 source_map: SourceMap | None = None) -> HexMap | AreaMap | None:
    """A hex map or an area map, whichever the file's `kind` says."""
    data, reader = load_yaml(text, filename, diagnostics)
    if data is None:
        if not diagnostics:
            reader.error("empty-file", "the file is empty", (1, 1))
        return None
    kind = data.get("kind") if isinstance(data, dict) else None
    data = check_header(reader, data, AREA_MAP_KIND if kind == AREA_MAP_KIND else MAP_KIND)
    if data is None:
        return None
    if kind == AREA_MAP_KIND:
        return read_area_map(data, reader, source_map)
    return read_map(data, reader, source_map)


def read_any_map_file(path: str | Path, diagnostics: list[Diagnostic] | None = None,
                      source_map: SourceMap | None = None) -> HexMap | AreaMap | None:
    p = Path(path)
    diags = diagnostics if diagnostics is not None else []
    text = read_source(p, diags)
    if text is None:
        return None
    return load_any_map(text, str(p), diags, source_map)


def read_area_map_file(path: str | Path, diagnostics: list[Diagnostic] | None = None,
                       source_map: SourceMap | None = None) -> AreaMap | None:
    p = Path(path)
    diags = diagnostics if diagnostics is not None else []
    text = read_source(p, diags)
    if text is None:
        return None
    return load_area_map(text, str(p), diags, source_map)


# ---------------------------------------------------------------------------------------------
# writing
# ---------------------------------------------------------------------------------------------
def _num(v: float) -> float | int:
    return int(v) if float(v).is_integer() else round(v, 3)


def dump_area_map_body(m: AreaMap, indent: str = "") -> str:
    out = []
    if m.name:
        out.append(f"{indent}name: {scalar(m.name)}\n")
    if m.notes:
        out.append(block_text("notes", m.notes, indent))
    out.append(f"{indent}size: {flow({'width': _num(m.width), 'height': _num(m.height)})}\n")
    out.append(f"{indent}terrain_table:\n")
    out.append(dump_terrain_table(m.terrain_table, indent + "  "))
    out.append(f"{indent}areas:\n")
    for a in m.areas.values():
        d: dict[str, Any] = {"id": a.id}
        if a.name:
            d["name"] = a.name
        d["terrain"] = a.terrain
        if a.vp:
            d["vp"] = a.vp
        if a.zone:
            d["zone"] = a.zone
        if a.stacking is not None:
            d["stacking"] = a.stacking
        if a.tags:
            d["tags"] = sorted(a.tags)
        d["polygon"] = [[_num(x), _num(y)] for x, y in a.polygon]
        out.append(f"{indent}  - {flow(d)}\n")
    edited = sorted((br for br in m.borders.values() if br.edited), key=lambda br: (br.a, br.b))
    if edited:
        out.append(f"{indent}borders:\n")
        for br in edited:
            out.append(f"{indent}  - {flow({'between': [br.a, br.b], 'kind': br.kind})}\n")
    if m.underlay is not None:
        out.append(dump_underlay(m.underlay, indent))
    return "".join(out)


def dump_area_map(m: AreaMap) -> str:
    return f"format_version: {FORMAT_VERSION}\nkind: {AREA_MAP_KIND}\n" + dump_area_map_body(m)


def save_area_map(m: AreaMap, path: str | Path) -> None:
    """Write the area map atomically (engine/formats/atomic.py)."""
    text = dump_area_map(m)
    check_loadable(text, "the area map")
    atomic_write_text(path, text)
