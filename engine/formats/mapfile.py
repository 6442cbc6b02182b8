"""The map file: grid and numbering, the terrain table, every hex on its own line, hexsides by the
two hexes they separate (`'1422/1423'`, as the rulebooks name them), places, regions, underlay.

Reading reports problems as diagnostics with file:line:column and keeps going where it can;
writing is deterministic (same map, same bytes)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

from ..hexgrid import Hexside, LabelError, LabelScheme, hexside_between, hexside_of
from ..hexgrid.labels import ASL_LETTERS, LETTER_SCHEMES
from ..model.bounds import (
    MAX_COST,
    MAX_ELEVATION,
    MAX_FIRST_LABEL,
    MAX_GRID_SIDE,
    MAX_HEX_ASPECT,
    MAX_HEX_SIZE,
    MAX_HEXES,
    MAX_LABEL_DIGITS,
    MAX_LEVEL,
    MAX_LINE_WIDTH,
    MAX_PLACE_SIZE,
    MIN_HEX_ASPECT,
    MIN_HEX_SIZE,
)
from ..model.hexmap import EDGE_SIDES, GridSpec, HexMap, HexsideInfo, Location, Place, Region, Underlay
from ..model.terrain import (
    BridgeType,
    Cost,
    FeatureType,
    HexsideFeatureType,
    PathType,
    TerrainTable,
    TerrainType,
)
from ..validation.diagnostics import Diagnostic, SourceMap, short
from .atomic import atomic_write_text
from .emit import block_text, flow, scalar
from .fields import Fields, finite
from .locationdata import check_location_rules
from .versions import FORMAT_VERSION, VersionError, migrate
from .yamlio import YamlReader, YDict, YList, check_loadable, load_yaml, positioned, read_source

MAP_KIND = "hexwright-map"
MAP_KEYS = ("format_version", "kind", "name", "notes", "grid", "labels", "edges", "default_terrain",
            "terrain_table", "hexes", "hexsides", "places", "regions", "underlay")
PROHIBITED = "prohibited"


# ---------------------------------------------------------------------------------------------
# reading
# ---------------------------------------------------------------------------------------------
def _cost(reader: YamlReader, value: Any, where: tuple[int, int], what: str) -> Cost:
    if value is None or (isinstance(value, str) and value.strip().lower() in (PROHIBITED, "p")):
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        reader.error("bad-value", f"{what}: a cost must be a number or 'prohibited', not {short(value)}", where)
        return None
    if not finite(value) or not 0 <= value <= MAX_COST:
        reader.error("bad-value", f"{what}: a cost must be a number of MP from 0 to {MAX_COST}, not {short(value)}",
                     where)
        return None
    from fractions import Fraction  # loaded when a cost is read, not at the start of every program

    if abs(Fraction(value).limit_denominator(12) - Fraction(value)) > 1e-6:
        # the movement kernel counts in whole fractions of an MP (F&M 5.4.1: a road costs 1/2 MP)
        reader.error("bad-value", f"{what}: a cost must be whole MP or a simple fraction (1/2, 1/3, 1/4, ... "
                     f"1/12), not {value}", where)
        return None
    return float(value) if isinstance(value, float) and not value.is_integer() else (
        int(value) if float(value).is_integer() else float(value))


def _costs(reader: YamlReader, data: Any, what: str, classes: list[str],
           at: tuple[int, int] = (0, 0)) -> dict[str, Cost]:
    out: dict[str, Cost] = {}
    if data is None:
        return out
    if not isinstance(data, dict):
        where = (getattr(data, "line", 0), getattr(data, "column", 0))
        where = at if where == (0, 0) else where
        reader.error("bad-type", f"{what}: 'move' must map movement classes to costs", where)
        return out
    for cls, v in data.items():
        where = data.where(cls) if isinstance(data, YDict) else (0, 0)
        if cls not in classes:
            reader.error("unknown-key", f"{what}: unknown movement class {cls!r}; the table has "
                         f"{', '.join(classes)}", where)
            continue
        out[cls] = _cost(reader, v, where, what)
    return out


def plain_data(v: Any) -> Any:
    """Position-aware containers to plain ones (for free-form `combat` data)."""
    if isinstance(v, dict):
        return {k: plain_data(x) for k, x in v.items()}
    if isinstance(v, list):
        return [plain_data(x) for x in v]
    return v


def _combat(reader: YamlReader, raw: Any, what: str, at: tuple[int, int]) -> dict[str, Any]:
    """Free-form combat data, with its movement and line-of-sight entries checked (locationdata.py)."""
    return check_location_rules(reader, raw, plain_data(raw or {}), what, at)


def read_terrain_table(reader: YamlReader, data: Any, at: tuple[int, int] | None = None) -> TerrainTable:
    f = Fields(reader, data, "terrain_table",
               ("name", "movement_classes", "terrain", "features", "hexside_features", "bridges", "paths"),
               required=("terrain",), at=at)
    table = TerrainTable(name=f.str("name", "terrain"))
    classes = f.str_list("movement_classes") or ["leg", "mobile"]
    table.movement_classes = classes

    def each(section: str) -> Iterator[tuple[str, Any, tuple[int, int]]]:
        group = f.mapping(section)
        for code, entry in group.items():
            yield str(code), entry, group.where_value(code)

    for code, entry, at in each("terrain"):
        e = Fields(reader, entry, f"terrain {code!r}", ("name", "color", "pattern", "move", "only_along", "combat"),
                   at=at)
        only: dict[str, list[str]] = {}
        for cls, paths in e.mapping("only_along").items():
            only[str(cls)] = [str(p) for p in paths] if isinstance(paths, list) else [str(paths)]
        table.terrain[code] = TerrainType(
            code, e.str("name", code), e.str("color", "#d8d0a8"), e.opt_str("pattern"),
            _costs(reader, e.raw("move"), f"terrain {code!r}", classes, e.where_value("move")),
            only, _combat(reader, e.raw("combat"), f"terrain {code!r}", e.where_value("combat")),
        )
    for code, entry, at in each("features"):
        e = Fields(reader, entry, f"feature {code!r}", ("name", "color", "symbol", "mode", "move", "combat"), at=at)
        mode = e.str("mode", "add")
        if mode not in ("add", "terrain"):
            reader.error("bad-value", f"feature {code!r}: mode must be 'add' or 'terrain', not {mode!r}",
                         e.where_value("mode"))
            mode = "add"
        table.features[code] = FeatureType(
            code, e.str("name", code), e.str("color", "#8a5a3c"), e.str("symbol", "dot"), mode,
            _costs(reader, e.raw("move"), f"feature {code!r}", classes, e.where_value("move")),
            _combat(reader, e.raw("combat"), f"feature {code!r}", e.where_value("combat")),
        )
    for code, entry, at in each("hexside_features"):
        e = Fields(reader, entry, f"hexside feature {code!r}",
                   ("name", "color", "width", "move", "permits_crossing", "combat"), at=at)
        table.hexside_features[code] = HexsideFeatureType(
            code, e.str("name", code), e.str("color", "#3a78c8"),
            e.float("width", 0.12, minimum=0.0, maximum=MAX_LINE_WIDTH),
            _costs(reader, e.raw("move"), f"hexside feature {code!r}", classes, e.where_value("move")),
            e.bool("permits_crossing"),
            _combat(reader, e.raw("combat"), f"hexside feature {code!r}", e.where_value("combat")),
        )
    for code, entry, at in each("bridges"):
        e = Fields(reader, entry, f"bridge {code!r}", ("name", "color", "move", "combat"), at=at)
        table.bridges[code] = BridgeType(
            code, e.str("name", code), e.str("color", "#505050"),
            _costs(reader, e.raw("move"), f"bridge {code!r}", classes, e.where_value("move")),
            plain_data(e.raw("combat") or {}),
        )
    for code, entry, at in each("paths"):
        e = Fields(reader, entry, f"path {code!r}", ("name", "color", "width", "dash", "move"), at=at)
        table.paths[code] = PathType(
            code, e.str("name", code), e.str("color", "#b03020"),
            e.float("width", 0.08, minimum=0.0, maximum=MAX_LINE_WIDTH), e.bool("dash"),
            _costs(reader, e.raw("move"), f"path {code!r}", classes, e.where_value("move")),
        )
    for t in table.terrain.values():
        for paths in t.only_along.values():
            for p in paths:
                if p not in table.paths:
                    reader.error("unknown-reference", f"terrain {t.code!r}: only_along names unknown path {p!r}",
                                 f.where("terrain"))
    return table


def grid_too_big(columns: int, rows: int) -> bool:
    return columns * rows > MAX_HEXES or columns > MAX_GRID_SIDE or rows > MAX_GRID_SIDE


def read_grid(reader: YamlReader, grid_data: Any, labels_data: Any, grid_at: tuple[int, int] | None = None,
              labels_at: tuple[int, int] | None = None) -> GridSpec:
    g = Fields(reader, grid_data, "grid", ("columns", "rows", "orientation", "stagger", "hex_size", "hex_aspect"),
               required=("columns", "rows"), at=grid_at)
    lab = Fields(reader, labels_data if labels_data is not None else YDict(), "labels",
                 ("scheme", "first_column", "first_row", "digits", "letters"), at=labels_at)
    orientation = g.str("orientation", "flat")
    if orientation not in ("flat", "pointy"):
        reader.error("bad-value", f"grid: orientation must be 'flat' or 'pointy', not {orientation!r}",
                     g.where_value("orientation"))
        orientation = "flat"
    stagger = g.str("stagger", "odd")
    if stagger not in ("odd", "even"):
        reader.error("bad-value", f"grid: stagger must be 'odd' or 'even', not {stagger!r}", g.where_value("stagger"))
        stagger = "odd"
    columns = g.int("columns", 10, minimum=1)
    rows = g.int("rows", 10, minimum=1)
    if columns * rows > MAX_HEXES:
        # a typo such as 'columns: 40000' would otherwise try to build billions of hexes
        reader.error("bad-value", f"grid: {columns} x {rows} = {columns * rows:,} hexes is more than a map may "
                     f"have ({MAX_HEXES:,})", g.where())
    else:
        for key, n in (("columns", columns), ("rows", rows)):
            if n > MAX_GRID_SIDE:
                reader.error("bad-value", f"grid: {key!r} must be from 1 to {MAX_GRID_SIDE}, not {n}",
                             g.where_value(key))
    # reported above; the labels are checked on a grid of the sides a map may have (the last column's letters
    # of 'columns: 99999999999999999999' would fill the memory)
    columns, rows = min(columns, MAX_GRID_SIDE), min(rows, MAX_GRID_SIDE)
    scheme = lab.str("scheme", "xxyy")
    letters = lab.str("letters", ASL_LETTERS)
    if scheme not in ("xxyy", "letter_number"):
        reader.error("bad-value", f"labels: scheme must be 'xxyy' or 'letter_number', not {scheme!r}",
                     lab.where_value("scheme"))
        scheme = "xxyy"
    if letters not in LETTER_SCHEMES:
        reader.error("bad-value", f"labels: letters must be {' or '.join(map(repr, LETTER_SCHEMES))}, not "
                     f"{letters!r}", lab.where_value("letters"))
        letters = ASL_LETTERS
    digits = lab.int("digits", 0, minimum=1, maximum=MAX_LABEL_DIGITS)
    # letter columns start at A (first_column 1); an XXYY label may start at 00
    first_col = lab.int("first_column", 1, minimum=0 if scheme == "xxyy" else 1, maximum=MAX_FIRST_LABEL)
    first_row = lab.int("first_row", 1, minimum=0, maximum=MAX_FIRST_LABEL)
    if not digits:
        biggest = max(columns - 1 + first_col, rows - 1 + first_row, 1)
        digits = max(2, len(str(biggest)))
    spec = LabelScheme(scheme, first_col, first_row, digits, letters)
    try:
        spec.label(columns - 1, rows - 1)
        spec.label(0, 0)
    except LabelError as exc:
        reader.error("bad-value", f"labels: {exc}", lab.where())
        spec = LabelScheme(scheme, 1, 1, max(2, len(str(max(columns, rows)))), letters)
    hex_size = g.float("hex_size", 32.0, minimum=MIN_HEX_SIZE, maximum=MAX_HEX_SIZE)
    aspect = g.float("hex_aspect", 1.0, minimum=MIN_HEX_ASPECT, maximum=MAX_HEX_ASPECT)
    return GridSpec(columns, rows, orientation, stagger, spec, hex_size, aspect)


def _hexside_from_key(m: HexMap, key: str) -> Hexside:
    """'1422/1423' or '0103:S' to a hexside; ValueError saying what is wrong."""
    if "/" in key:
        a_lab, b_lab = (p.strip() for p in key.split("/", 1))
        a, b = m.hex_at(a_lab), m.hex_at(b_lab)
        if a is None or b is None:
            missing = a_lab if a is None else b_lab
            raise ValueError(f"hex {missing!r} is not on the map")
        try:
            return hexside_between(a, b)
        except ValueError:
            raise ValueError(f"hexes {a_lab} and {b_lab} are not adjacent") from None
    if ":" in key:
        lab, dname = (p.strip() for p in key.split(":", 1))
        h = m.hex_at(lab)
        if h is None:
            raise ValueError(f"hex {lab!r} is not on the map")
        names = [n.upper() for n in m.direction_names()]
        if dname.upper() not in names:
            raise ValueError(f"{dname!r} is not a hexside direction ({', '.join(m.direction_names())})")
        return hexside_of(h, names.index(dname.upper()))
    raise ValueError("a hexside is written 'AAAA/BBBB' (the two hexes) or 'AAAA:DIR' at the map edge")


def read_map(data: Any, reader: YamlReader, source_map: SourceMap | None = None,
             embedded: bool = False) -> HexMap | None:
    """Build a HexMap from a parsed map document (or a scenario's inline `map:`)."""
    allowed = MAP_KEYS if not embedded else tuple(k for k in MAP_KEYS if k not in ("format_version", "kind"))
    top = Fields(reader, data, "the map", allowed, required=("grid", "terrain_table"))
    if not top.ok:
        return None
    grid = read_grid(reader, top.raw("grid"), top.raw("labels"), top.where_value("grid"), top.where_value("labels"))
    if grid_too_big(grid.columns, grid.rows):
        return None  # reported by read_grid
    table = read_terrain_table(reader, top.raw("terrain_table"), top.where_value("terrain_table"))
    default = top.str("default_terrain", "")
    if default and default not in table.terrain:
        reader.error("unknown-terrain", f"default_terrain {default!r} is not in the terrain table",
                     top.where_value("default_terrain"))
        default = ""
    if not default:
        default = next(iter(table.terrain), "clear")
        if not table.terrain:
            table.terrain[default] = TerrainType(default, default.title(), move={c: 1 for c in table.movement_classes})
    m = HexMap(grid, table, default, name=top.str("name"))
    m.notes = top.str("notes")
    fname = reader.filename

    edges = top.mapping("edges")
    for name, side in edges.items():
        if side not in EDGE_SIDES:
            reader.error("bad-value", f"edge {name!r} must be one of {', '.join(EDGE_SIDES)}, not {side!r}",
                         edges.where(name))
            continue
        m.edges[str(name)] = side

    _read_hexes(m, reader, top.mapping("hexes"), source_map)
    _read_hexsides(m, reader, top.mapping("hexsides"), source_map)

    places = top.seq("places")
    for i, item in enumerate(places):
        pf = Fields(reader, item, f"place {i + 1}", ("text", "hex", "kind", "size", "dx", "dy"), required=("text",),
                    at=places.where(i))
        if not pf.ok:
            continue
        h = None
        hl = pf.opt_str("hex")
        if hl is not None:
            h = m.hex_at(hl)
            if h is None:
                reader.error("hex-off-map", f"place {pf.str('text')!r}: hex {hl!r} is not on the map",
                             pf.where_value("hex"), hex=hl)
        m.places.append(Place(pf.str("text"), h, pf.str("kind", "label"),
                              pf.float("size", 1.0, minimum=0.0, maximum=MAX_PLACE_SIZE),
                              pf.float("dx"), pf.float("dy")))

    regions = top.mapping("regions")
    for name, entry in regions.items():
        rf = Fields(reader, entry, f"region {name!r}", ("kind", "label", "color", "hexes", "polygon", "adjacent"),
                    at=regions.where_value(name))
        if not rf.ok:
            continue
        if source_map is not None:
            source_map.set(("region", str(name)), fname, *regions.where(name))
        hexes = set()
        raw = rf.seq("hexes")
        for j, lab in enumerate(raw):
            h = m.hex_at(str(lab))
            if h is None:
                reader.error("hex-off-map", f"region {name!r}: hex {lab!r} is not on the map", raw.where(j),
                             hex=str(lab))
            else:
                hexes.add(h)
        polygon = []
        for j, pt in enumerate(rf.seq("polygon")):
            if (isinstance(pt, list) and len(pt) == 2
                    and all(finite(c) for c in pt)):
                polygon.append((float(pt[0]), float(pt[1])))
            else:
                reader.error("bad-value", f"region {name!r}: polygon point {j + 1} must be [x, y], two numbers",
                             rf.seq("polygon").where(j))
        m.regions[str(name)] = Region(str(name), rf.str("kind", "zone"), hexes, polygon, rf.str_list("adjacent"),
                                      rf.str("color", "#c04040"), rf.str("label"))
    for r in m.regions.values():
        for other in r.adjacent:
            if other not in m.regions:
                where = regions.where(r.name)
                reader.error("unknown-reference", f"region {r.name!r} borders unknown region {other!r}", where)

    if source_map is not None and top.raw("underlay") is not None:
        source_map.set(("underlay",), reader.filename, *top.where("underlay"))
    m.underlay = read_underlay(reader, top)
    m.revision = 0
    return m


def read_underlay(reader: YamlReader, top: Fields) -> Underlay | None:
    """The `underlay:` of a hex or area map: the scan's image path, its transform, opacity, visibility."""
    if top.raw("underlay") is None:
        return None
    uf = Fields(reader, top.raw("underlay"), "underlay", ("image", "transform", "opacity", "visible"),
                at=top.where_value("underlay"), required=("image",))
    tr = uf.raw("transform")
    transform = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    if tr is not None:
        if isinstance(tr, list) and len(tr) == 6 and all(finite(x) for x in tr):
            transform = tuple(float(x) for x in tr)  # type: ignore[assignment]
        else:
            reader.error("bad-value", "underlay: transform must be six numbers [a, b, c, d, e, f]",
                         uf.where_value("transform"))
    return Underlay(uf.str("image"), transform, uf.float("opacity", 0.5, minimum=0.0, maximum=1.0),
                    uf.bool("visible", True))


def _read_hexes(m: HexMap, reader: YamlReader, hexes: YDict, source_map: SourceMap | None) -> None:
    if source_map is not None:
        source_map.add_table("hex", reader.filename, hexes.marks)
    table = m.terrain_table
    terrain_codes = table.terrain
    feature_codes = table.features
    by_label = {m.label(h): h for h in m.hexes}
    terrain = m.terrain
    for label, value in hexes.items():
        h = by_label.get(label)
        if h is None:
            try:
                m.parse_label(str(label))
                msg = f"hex {label!r} is not on the map ({m.grid.columns} x {m.grid.rows})"
            except (LabelError, ValueError) as exc:
                msg = str(exc)
            reader.error("hex-off-map", msg, hexes.where(label), hex=str(label))
            continue
        if type(value) is str:
            if value in terrain_codes:
                terrain[h] = value
            else:
                reader.error("unknown-terrain", f"hex {label}: unknown terrain {value!r}", hexes.where_value(label),
                             hex=label)
            continue
        hf = Fields(reader, value, f"hex {label}", ("terrain", "features", "elevation", "locations"),
                    at=hexes.where_value(label), hex=label)
        if not hf.ok:
            continue
        code = hf.str("terrain", m.default_terrain)
        if code in terrain_codes:
            terrain[h] = code
        else:
            reader.error("unknown-terrain", f"hex {label}: unknown terrain {code!r}", hf.where_value("terrain"),
                         hex=label)
        feats = hf.str_list("features")
        for ft in feats:
            if ft not in feature_codes:
                reader.error("unknown-terrain", f"hex {label}: unknown feature {ft!r}", hf.where_value("features"),
                             hex=label)
        feats = [ft for ft in feats if ft in feature_codes]
        if feats:
            m.features[h] = tuple(feats)
        elev = hf.int("elevation", 0, minimum=-MAX_ELEVATION, maximum=MAX_ELEVATION)
        if elev:
            m.elevation[h] = elev
        locs = []
        locations = hf.seq("locations")
        for j, loc in enumerate(locations):
            lf = Fields(reader, loc, f"hex {label} location {j + 1}", ("level", "terrain", "features"),
                        required=("level", "terrain"), at=locations.where(j), hex=label)
            if not lf.ok:
                continue
            lt = lf.str("terrain")
            if lt not in terrain_codes:
                reader.error("unknown-terrain", f"hex {label}: unknown terrain {lt!r} at a level",
                             lf.where_value("terrain"), hex=label)
                continue
            lfeats = lf.str_list("features")
            for ft in lfeats:
                if ft not in feature_codes:
                    reader.error("unknown-terrain", f"hex {label}: unknown feature {ft!r}", lf.where_value("features"),
                                 hex=label)
            level = lf.int("level", minimum=-MAX_LEVEL, maximum=MAX_LEVEL)
            locs.append(Location(level, lt, tuple(x for x in lfeats if x in feature_codes)))
        if locs:
            m.locations[h] = tuple(locs)


def _read_hexsides(m: HexMap, reader: YamlReader, sides: YDict, source_map: SourceMap | None) -> None:
    table = m.terrain_table
    if source_map is not None:
        source_map.add_table("hexside", reader.filename, sides.marks)
    for key, value in sides.items():
        where = sides.where(key)
        try:
            side = _hexside_from_key(m, str(key))
        except ValueError as exc:
            reader.error("bad-hexside", f"hexside {key!r}: {exc}", where, hex=str(key))
            continue
        if side in m.hexsides:
            reader.error("duplicate-key", f"hexside {key!r} is given twice (as {m.hexside_label(side)})", where)
            continue
        if isinstance(value, str):  # shorthand: 'AAAA/BBBB': river
            value_list = YList()
            value_list.append(value)
            value = {"features": value_list}
            vf = Fields(reader, YDict(), f"hexside {key}", ())
            vf.data.update(value)
        else:
            vf = Fields(reader, value, f"hexside {key}", ("features", "bridge", "paths", "level"),
                        at=sides.where_value(key), hex=str(key))
            if not vf.ok:
                continue
        feats = vf.str_list("features")
        for ft in feats:
            if ft not in table.hexside_features:
                reader.error("unknown-terrain", f"hexside {key}: unknown hexside feature {ft!r}", where, hex=str(key))
        bridge = vf.opt_str("bridge")
        if bridge is not None and bridge not in table.bridges:
            reader.error("unknown-terrain", f"hexside {key}: unknown bridge type {bridge!r}", where, hex=str(key))
            bridge = None
        paths = vf.str_list("paths")
        for p in paths:
            if p not in table.paths:
                reader.error("unknown-terrain", f"hexside {key}: unknown path type {p!r}", where, hex=str(key))
        level = vf.opt_int("level", minimum=-MAX_LEVEL, maximum=MAX_LEVEL)
        info = HexsideInfo(tuple(f for f in feats if f in table.hexside_features), bridge,
                           tuple(sorted(p for p in paths if p in table.paths)), level)
        if not info.is_empty():
            m.hexsides[side] = info


def load_map(text: str, filename: str = "<map>", diagnostics: list[Diagnostic] | None = None,
             source_map: SourceMap | None = None) -> HexMap | None:
    diags = diagnostics if diagnostics is not None else []
    data, reader = load_yaml(text, filename, diags)
    if data is None:
        if not diags:
            reader.error("empty-file", "the file is empty", (1, 1))
        return None
    data = check_header(reader, data, MAP_KIND)
    if data is None:
        return None
    return read_map(data, reader, source_map)


def check_header(reader: YamlReader, data: Any, kind: str) -> Any:
    """Check `format_version` and `kind`, migrating old files; None when the file cannot be read."""
    if not isinstance(data, dict):
        reader.error("bad-type", f"a {kind} file must be a mapping at the top", (1, 1))
        return None
    if "format_version" not in data:
        reader.error("missing-key", "the file has no 'format_version'", (1, 1))
        return None
    data = cast(YDict, data)
    version = data["format_version"]
    if isinstance(version, bool) or not isinstance(version, int):
        reader.error("bad-value", f"format_version must be a whole number, not {version!r}",
                     data.where_value("format_version"))
        return None
    version_at = data.where_value("format_version")
    try:
        migrated, steps = migrate(data, version)
    except VersionError as exc:
        reader.error("format-version", str(exc), version_at)
        return None
    except Exception as exc:  # a migration that cannot cope with this file must not crash the loader
        reader.error("format-version", f"upgrading from format_version {version} failed: "
                     f"{type(exc).__name__}: {exc}", version_at)
        return None
    # a migration may build new plain containers: give them positions again (the top's, or their parent's);
    # without one, every container is still the position-aware one read from the file
    data = positioned(migrated, (data.line, data.column)) if steps else migrated
    if not isinstance(data, YDict):
        reader.error("format-version", f"upgrading from format_version {version} did not give a mapping", version_at)
        return None
    if data.get("kind") != kind:
        reader.error("bad-value", f"kind must be {kind!r}, not {data.get('kind')!r}", data.where_value("kind")
                     if "kind" in data else (1, 1))
        return None
    if steps:
        reader.warning("migrated", f"upgraded from format_version {version} to {FORMAT_VERSION}; "
                       "saving writes the new version", version_at)
    return data


def read_map_file(path: str | Path, diagnostics: list[Diagnostic] | None = None,
                  source_map: SourceMap | None = None) -> HexMap | None:
    p = Path(path)
    diags = diagnostics if diagnostics is not None else []
    text = read_source(p, diags)
    if text is None:
        return None
    return load_map(text, str(p), diags, source_map)


# ---------------------------------------------------------------------------------------------
# writing
# ---------------------------------------------------------------------------------------------
def _move(costs: dict[str, Cost], classes: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for cls in classes:
        if cls in costs:
            c = costs[cls]
            out[cls] = PROHIBITED if c is None else c
    for cls, c in costs.items():
        if cls not in out:
            out[cls] = PROHIBITED if c is None else c
    return out


def _entry(pairs: list[tuple[str, Any, Any]]) -> dict[str, Any]:
    """Keep (key, value) pairs whose value differs from the default."""
    return {k: v for k, v, default in pairs if v != default}


def dump_terrain_table(t: TerrainTable, indent: str = "  ") -> str:
    out = [f"{indent}name: {scalar(t.name)}\n", f"{indent}movement_classes: {flow(t.movement_classes)}\n"]
    cls = t.movement_classes
    out.append(f"{indent}terrain:\n")
    for code, tt in t.terrain.items():
        d = _entry([("name", tt.name, None), ("color", tt.color, None), ("pattern", tt.pattern, None),
                    ("move", _move(tt.move, cls), {}), ("only_along", tt.only_along, {}), ("combat", tt.combat, {})])
        out.append(f"{indent}  {scalar(code)}: {flow(d)}\n")
    for section, group in (("features", t.features), ("hexside_features", t.hexside_features),
                           ("bridges", t.bridges), ("paths", t.paths)):
        if not group:
            continue
        out.append(f"{indent}{section}:\n")
        for code, ft in group.items():
            pairs: list[tuple[str, Any, Any]] = [("name", ft.name, None), ("color", ft.color, None)]
            if isinstance(ft, FeatureType):
                pairs += [("symbol", ft.symbol, None), ("mode", ft.mode, None)]
            if isinstance(ft, (HexsideFeatureType, PathType)):
                pairs += [("width", ft.width, None)]
            if isinstance(ft, PathType):
                pairs += [("dash", ft.dash, False)]
            pairs += [("move", _move(ft.move, cls), {})]
            if isinstance(ft, HexsideFeatureType):
                pairs += [("permits_crossing", ft.permits_crossing, False)]
            if not isinstance(ft, PathType):
                pairs += [("combat", ft.combat, {})]
            out.append(f"{indent}  {scalar(code)}: {flow(_entry(pairs))}\n")
    return "".join(out)


def dump_map_body(m: HexMap, indent: str = "") -> str:
    """The map's keys (without format_version/kind), for a map file or a scenario's inline map."""
    g = m.grid
    lab = g.labels
    out = []
    if m.name:
        out.append(f"{indent}name: {scalar(m.name)}\n")
    if m.notes:
        out.append(block_text("notes", m.notes, indent))
    grid = {"columns": g.columns, "rows": g.rows, "orientation": g.orientation, "stagger": g.stagger,
            "hex_size": g.hex_size}
    if g.hex_aspect != 1.0:
        grid["hex_aspect"] = round(g.hex_aspect, 6)
    out.append(f"{indent}grid: {flow(grid)}\n")
    labels = {"scheme": lab.kind, "first_column": lab.first_column, "first_row": lab.first_row}
    if lab.kind == "xxyy":
        labels["digits"] = lab.digits
    else:
        labels["letters"] = lab.letters
    out.append(f"{indent}labels: {flow(labels)}\n")
    if m.edges:
        out.append(f"{indent}edges: {flow(m.edges)}\n")
    out.append(f"{indent}default_terrain: {scalar(m.default_terrain)}\n")
    out.append(f"{indent}terrain_table:\n")
    out.append(dump_terrain_table(m.terrain_table, indent + "  "))
    out.append(f"{indent}hexes:\n")
    label = m.label
    features, elevation, locations, terrain = m.features, m.elevation, m.locations, m.terrain
    line_indent = indent + "  "
    for h in m.hexes:
        t = terrain[h]
        if h in features or h in elevation or h in locations:
            d: dict[str, Any] = {"terrain": t}
            if h in features:
                d["features"] = list(features[h])
            if h in elevation:
                d["elevation"] = elevation[h]
            if h in locations:
                d["locations"] = [_entry([("level", loc.level, None), ("terrain", loc.terrain, None),
                                          ("features", list(loc.features), [])]) for loc in locations[h]]
            out.append(f"{line_indent}'{label(h)}': {flow(d)}\n")
        else:
            out.append(f"{line_indent}'{label(h)}': {scalar(t)}\n")
    if m.hexsides:
        out.append(f"{indent}hexsides:\n")
        entries = []
        order = {h: i for i, h in enumerate(m.hexes)}
        for side, info in m.hexsides.items():
            a, b = side.hexes()
            key = (min(order.get(a, 1 << 30), order.get(b, 1 << 30)), max(order.get(a, 1 << 30), order.get(b, 1 << 30)))
            d = _entry([("features", list(info.features), []), ("bridge", info.bridge, None),
                        ("paths", list(info.paths), []), ("level", info.level, None)])
            name = m.hexside_label(side)
            if "/" in name and order[a] > order[b]:
                name = f"{m.label(b)}/{m.label(a)}"
            entries.append((key, name, d))
        entries.sort()
        for _, name, d in entries:
            out.append(f"{line_indent}{scalar(name)}: {flow(d)}\n")
    if m.places:
        out.append(f"{indent}places:\n")
        for p in m.places:
            d = _entry([("text", p.text, None), ("hex", m.label(p.hex) if p.hex is not None else None, None),
                        ("kind", p.kind, None), ("size", p.size, 1.0), ("dx", p.dx, 0.0), ("dy", p.dy, 0.0)])
            out.append(f"{line_indent}- {flow(d)}\n")
    if m.regions:
        out.append(f"{indent}regions:\n")
        order = {h: i for i, h in enumerate(m.hexes)}
        for name in sorted(m.regions):
            r = m.regions[name]
            hexes = [m.label(h) for h in sorted(r.hexes, key=lambda h: order.get(h, 1 << 30))]
            d = _entry([("kind", r.kind, None), ("label", r.label, ""), ("color", r.color, None),
                        ("adjacent", list(r.adjacent), []), ("polygon", [list(p) for p in r.polygon], []),
                        ("hexes", hexes, [])])
            out.append(f"{line_indent}{scalar(name)}: {flow(d)}\n")
    if m.underlay is not None:
        out.append(dump_underlay(m.underlay, indent))
    return "".join(out)


def dump_underlay(u: Underlay, indent: str = "") -> str:
    """The `underlay:` line of a hex or area map (read back by `read_underlay`)."""
    d = {"image": u.image, "transform": list(u.transform), "opacity": u.opacity, "visible": u.visible}
    return f"{indent}underlay: {flow(d)}\n"


def dump_map(m: HexMap) -> str:
    return f"format_version: {FORMAT_VERSION}\nkind: {MAP_KIND}\n" + dump_map_body(m)


def save_map(m: HexMap, path: str | Path) -> None:
    """Write the map atomically; a map denser than a file may hold is refused (ValueError), not written."""
    text = dump_map(m)
    check_loadable(text, "the map")
    atomic_write_text(path, text)
