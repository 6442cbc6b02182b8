"""Reading a hexagonal Tiled TMX map into a Hexwright map.

pytmx reads the file (every layer encoding Tiled writes: CSV, base64, zlib, gzip; external tilesets;
flipped tiles); ElementTree checks its kind first and reads the map's own properties. A TMX map is
hexagonal when Tiled's Map Properties say so: `orientation="hexagonal"` with `staggeraxis` x (flat-top
hexes, staggered columns) or y (pointy-top, staggered rows) and `staggerindex` odd or even; the
Hexwright map gets the same orientation and stagger and the numbering the user chooses. Orthogonal,
isometric and staggered (isometric) maps are refused with a message.

Tiles become terrain through a tile mapping the user confirms: a small YAML file
(`kind: hexwright-tile-mapping`, `tiles: {"TILESET/ID": CODE}`) where CODE is a terrain, an in-hex
feature of the terrain table, or `ignore`. Where several tile layers cover a cell, the topmost tile
that maps to a terrain gives the hex's terrain; features add up. Object layers: points become named
places, polygons (and rectangles) become regions holding the hexes whose centres they cover, and the
polylines Hexwright writes for hexside features, bridges and paths (tmx_write.py) become those again.
"""

from __future__ import annotations

import contextlib
import io
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..hexgrid import Hex, LabelScheme, hex_distance, hexside_between
from ..hexgrid.labels import ASL_LETTERS
from ..model.hexmap import GridSpec, HexMap, HexsideInfo, Location, Place, Region
from ..model.terrain import TerrainTable, TerrainType, default_terrain_table
from ..validation.diagnostics import Diagnostic
from .atomic import atomic_write_text
from .emit import scalar
from .mapfile import read_terrain_table
from .tiled_grid import AxisMap, TiledHexGeometry, tiled_to_scene
from .tmx_write import LABELS_PROPERTY, LAYER_LINES, LAYER_NUMBERS, LAYER_REGIONS, TERRAIN_TABLE_PROPERTY
from .yamlio import load_yaml

MAPPING_KIND = "hexwright-tile-mapping"
IGNORE = "ignore"


class TmxError(ValueError):
    """A TMX or tile-mapping file Hexwright cannot use: where and why."""

    def __init__(self, file: str, line: int, message: str) -> None:
        self.file, self.line, self.message = file, line, message
        super().__init__(f"{file}:{line}: {message}" if line else f"{file}: {message}")


@dataclass
class TileRef:
    key: str  # "TILESET/ID", the key of the tile mapping
    tileset: str
    local_id: int
    hint: str  # the tile's own terrain/type/class/name, for proposing a terrain
    image: str | None  # the picture holding the tile (tileset image or the tile's own)
    rect: tuple[int, int, int, int] | None  # x, y, w, h in that picture
    color: str | None = None
    count: int = 0  # cells showing it


@dataclass
class TmxObject:
    layer: str
    name: str
    type: str
    shape: str  # point, polygon, polyline, rect, text
    points: list[tuple[float, float]]  # absolute Tiled pixels (one for a point)
    properties: dict[str, Any] = field(default_factory=dict)


@dataclass
class TmxDocument:
    path: Path
    geometry: TiledHexGeometry
    cells: list[tuple[str, list[list[str | None]]]]  # per tile layer, bottom first: rows of tile keys
    tiles: dict[str, TileRef]
    objects: list[TmxObject]
    properties: dict[str, str]


def _line_of(text: str, pattern: str) -> int:
    m = re.search(pattern, text)
    return text.count("\n", 0, m.start()) + 1 if m else 0


HEX_ROTATED_120 = 0x10000000  # Tiled's gid flag of a tile rotated by 120 degrees on a hexagonal map


def read_tmx(path: str | Path) -> TmxDocument:
    """Read a hexagonal TMX map; TmxError (file, line, why) for anything else."""
    p = Path(path)
    name = str(p)
    if not p.exists():
        raise TmxError(name, 0, "the file does not exist")
    if p.is_dir():
        raise TmxError(name, 0, "this is a folder, not a Tiled map file")
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise TmxError(name, 0, f"cannot read the file: {exc}") from exc
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise TmxError(name, exc.position[0], f"not a well-formed TMX (XML) file: {exc}") from exc
    map_line = _line_of(text, r"<map\b")
    if root.tag != "map":
        raise TmxError(name, 0, f"not a Tiled map: the document is <{root.tag}>, not <map>")
    orientation = root.get("orientation", "orthogonal")
    if orientation != "hexagonal":
        raise TmxError(name, map_line, f"this Tiled map is {orientation}; Hexwright imports hexagonal maps only "
                       "(in Tiled: Map > Map Properties > Orientation: Hexagonal)")
    if root.get("infinite", "0") == "1":
        raise TmxError(name, map_line, "this Tiled map is infinite; Hexwright imports fixed-size maps only "
                       "(in Tiled: Map > Map Properties > Infinite: off)")
    axis, index = root.get("staggeraxis"), root.get("staggerindex")
    if axis not in ("x", "y") or index not in ("odd", "even"):
        raise TmxError(name, map_line, f"a hexagonal map needs staggeraxis x or y and staggerindex odd or even, "
                       f"not {axis!r} and {index!r}")
    try:
        geom = TiledHexGeometry(axis == "x", index == "even", int(root.get("tilewidth", "0")),
                                int(root.get("tileheight", "0")), int(root.get("hexsidelength", "0")),
                                int(root.get("width", "0")), int(root.get("height", "0")))
    except ValueError as exc:
        raise TmxError(name, map_line, f"the map's sizes must be whole numbers: {exc}") from exc
    if geom.tw < 2 or geom.th < 2 or geom.columns < 1 or geom.rows < 1 or geom.side < 0:
        raise TmxError(name, map_line, "the map's width, height, tile size and hex side length must be positive")
    if geom.columns * geom.rows > 1_000_000:
        raise TmxError(name, map_line, f"{geom.columns} x {geom.rows} cells is more than a map may hold (1,000,000)")
    properties: dict[str, str] = {}
    pe = root.find("properties")
    for prop in pe.findall("property") if pe is not None else ():
        value = prop.get("value")
        properties[prop.get("name", "")] = value if value is not None else (prop.text or "")

    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):  # a note on pygame
        import pytmx
    try:
        tm = pytmx.TiledMap(None, allow_duplicate_names=True, load_all=False)
        tm.filename = str(p)  # external tilesets and images are found beside it
        tm.parse_xml(root)  # the tree read above: the file is parsed once
    except Exception as exc:  # pytmx raises plain exceptions of many kinds for a broken file
        raise TmxError(name, 0, f"Tiled map could not be read: {exc}") from exc
    kinds = {}  # object id -> text, ellipse or tile: shapes pytmx does not tell apart from a rectangle
    for oe in root.iter("object"):
        kind = "tile" if oe.get("gid") else next((k for k in ("text", "ellipse") if oe.find(k) is not None), None)
        if kind and (oe.get("id") or "").isdigit():
            kinds[int(oe.get("id", "0"))] = kind
    return _document(p, tm, geom, properties, kinds)


def _document(p: Path, tm: Any, geom: TiledHexGeometry, properties: dict[str, str],
              kinds: dict[int, str]) -> TmxDocument:
    tiles: dict[str, TileRef] = {}
    by_gid: dict[int, str | None] = {0: None}

    def key_of(gid: int) -> str | None:
        if gid in by_gid:
            return by_gid[gid]
        tiled_gid = tm.tiledgidmap.get(gid, gid)
        if tiled_gid & HEX_ROTATED_120:
            # a tile rotated on a hexagonal map (Tiled's Z key): the same tile, which pytmx does not strip
            plain = tiled_gid & ~HEX_ROTATED_120
            known = tm.map_gid(plain)
            key = key_of(known[0][0] if known else tm.register_gid(plain))
            by_gid[gid] = key
            return key
        props = tm.tile_properties.get(gid, {})
        ts = tm.get_tileset_from_gid(gid)
        local = int(props.get("id", tiled_gid - ts.firstgid))
        key = f"{ts.name}/{local}"
        if key not in tiles:
            hint = str(props.get("terrain") or props.get("type") or props.get("class") or props.get("name") or "")
            image, rect = None, None
            if props.get("source"):
                image = str((p.parent / str(props["source"])).resolve())
            elif ts.source and ts.columns:
                col, row = local % ts.columns, local // ts.columns
                image = str((Path(ts.parent.filename).parent / ts.source).resolve())
                rect = (ts.margin + col * (ts.tilewidth + ts.spacing), ts.margin + row * (ts.tileheight + ts.spacing),
                        ts.tilewidth, ts.tileheight)
            color = props.get("color")
            tiles[key] = TileRef(key, ts.name, local, hint, image, rect, str(color) if color else None)
        by_gid[gid] = key
        return key

    cells = []
    tile_layer = pytmx_tile_layer()
    for layer in tm.layers:
        if not isinstance(layer, tile_layer):
            continue
        rows = []
        for r in range(geom.rows):
            row = []
            for c in range(geom.columns):
                k = key_of(layer.data[r][c])
                row.append(k)
                if k:
                    tiles[k].count += 1
            rows.append(row)
        cells.append((layer.name or "", rows))
    objects = []
    for group in tm.objectgroups:
        for o in group:
            pts = getattr(o, "points", None)
            special = kinds.get(int(getattr(o, "id", 0) or 0))
            if special:
                shape = special
                points = [(float(o.x), float(o.y))]
            elif pts:
                shape = "polygon" if o.closed else "polyline"
                points = [(float(q.x), float(q.y)) for q in pts]
            elif getattr(o, "width", 0) and getattr(o, "height", 0):
                shape = "rect"
                x, y, w, h = float(o.x), float(o.y), float(o.width), float(o.height)
                points = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
            else:
                shape = "point"
                points = [(float(o.x), float(o.y))]
            objects.append(TmxObject(group.name or "", o.name or "", o.type or "", shape, points,
                                     dict(o.properties)))
    return TmxDocument(p, geom, cells, tiles, objects, properties)


def pytmx_tile_layer() -> Any:
    import pytmx

    return pytmx.TiledTileLayer


# ---------------------------------------------------------------------------------------------
# the tile mapping
# ---------------------------------------------------------------------------------------------
def terrain_table_of(doc: TmxDocument) -> TerrainTable | None:
    """The terrain table a Hexwright export keeps in the map's properties, or None."""
    text = doc.properties.get(TERRAIN_TABLE_PROPERTY)
    if not text:
        return None
    diags: list[Diagnostic] = []
    data, reader = load_yaml(text, f"{doc.path} (property {TERRAIN_TABLE_PROPERTY})", diags)
    if data is None:
        return None
    table = read_terrain_table(reader, data)
    return None if any(d.severity.value == "error" for d in diags) else table


def propose_mapping(doc: TmxDocument, table: TerrainTable) -> dict[str, str | None]:
    """A first guess for every tile: its terrain property, type or name when the table has such a terrain or
    feature (by code or by name, ignoring case); None where nothing matches."""
    names = {}
    for group in (table.terrain, table.features):
        for code, t in group.items():
            names[code.lower()] = code
            names[t.name.lower()] = code
    return {k: names.get(t.hint.strip().lower()) for k, t in doc.tiles.items()}


def read_tile_mapping(path: str | Path) -> dict[str, str]:
    """A saved tile mapping; TmxError at the line of a bad entry."""
    p = Path(path)
    if not p.exists():
        raise TmxError(str(p), 0, "the file does not exist")
    if p.is_dir():
        raise TmxError(str(p), 0, "this is a folder, not a tile mapping file")
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise TmxError(str(p), 0, f"cannot read the tile mapping: {exc}") from exc
    diags: list[Diagnostic] = []
    data, _reader = load_yaml(text, str(p), diags)
    if data is None or diags:
        d = diags[0] if diags else None
        raise TmxError(str(p), d.line if d else 0, d.message if d else "the tile mapping is empty")
    if not isinstance(data, dict) or data.get("kind") != MAPPING_KIND or not isinstance(data.get("tiles"), dict):
        raise TmxError(str(p), 1, f"not a tile mapping: expected 'kind: {MAPPING_KIND}' and a 'tiles' mapping "
                       "of \"TILESET/ID\": terrain")
    out = {}
    for k, v in data["tiles"].items():
        if not isinstance(k, str) or "/" not in k or not isinstance(v, str):
            line = _line_of(text, re.escape(str(k)))
            raise TmxError(str(p), line, f"tile {k!r}: expected \"TILESET/ID\": terrain code, not {v!r}")
        out[k] = v
    return out


def save_tile_mapping(path: str | Path, mapping: dict[str, str | None]) -> None:
    lines = [f"kind: {MAPPING_KIND}", "tiles:"]
    for k in sorted(mapping, key=lambda k: (k.rsplit("/", 1)[0], int(k.rsplit("/", 1)[1]))):
        lines.append(f"  {scalar(k)}: {scalar(mapping[k] or IGNORE)}")
    atomic_write_text(path, "\n".join(lines) + "\n")


def mapping_problems(doc: TmxDocument, mapping: dict[str, str | None], table: TerrainTable) -> list[str]:
    """What is wrong with a mapping for this map: tiles in use without a choice, unknown codes."""
    problems = []
    for k, t in sorted(doc.tiles.items()):
        code = mapping.get(k)
        if code is None:
            problems.append(f"tile {k} (used in {t.count} cells) has no terrain")
        elif code != IGNORE and code not in table.terrain and code not in table.features:
            problems.append(f"tile {k}: {code!r} is neither a terrain nor a feature of the terrain table "
                            f"{table.name!r} (terrains: {', '.join(table.terrain)})")
    return problems


# ---------------------------------------------------------------------------------------------
# building the map
# ---------------------------------------------------------------------------------------------
def labels_of(doc: TmxDocument) -> LabelScheme | None:
    """The hex numbering a Hexwright export keeps in the TMX (`hexwright-labels`), so that its hex number
    objects and the imported map agree; None for a TMX without it (or with one that does not read)."""
    import yaml

    text = doc.properties.get(LABELS_PROPERTY)
    if not text:
        return None
    try:
        d = yaml.safe_load(text)
        if not isinstance(d, dict):
            return None
        return LabelScheme(str(d.get("scheme", "xxyy")), int(d.get("first_column", 1)), int(d.get("first_row", 1)),
                           int(d.get("digits", 2)), str(d.get("letters", ASL_LETTERS)))
    except (yaml.YAMLError, ValueError, TypeError):
        return None


def tmx_to_map(doc: TmxDocument, mapping: dict[str, str | None], labels: LabelScheme | None = None,
               table: TerrainTable | None = None, name: str = "") -> tuple[HexMap, list[str]]:
    """The Hexwright map of a TMX document; notes say what was left out. `mapping` overrides the proposed
    one (propose_mapping); together they must give every tile a choice (mapping_problems), else ValueError.
    Without `labels`, the numbering the TMX keeps (labels_of), else XXYY from 0101."""
    table = table or terrain_table_of(doc) or default_terrain_table()
    mapping = {**propose_mapping(doc, table), **mapping}
    problems = mapping_problems(doc, mapping, table)
    if problems:
        raise ValueError("; ".join(problems))
    geom = doc.geometry
    grid = GridSpec(geom.columns, geom.rows, "flat" if geom.stagger_x else "pointy",
                    "even" if geom.stagger_even else "odd", labels or labels_of(doc) or LabelScheme(),
                    float(max(4, (geom.tw if geom.stagger_x else geom.th) // 2)))
    default = doc.properties.get("default_terrain", "")
    if default not in table.terrain:
        default = next(iter(table.terrain))
    m = HexMap(grid, table, default, name or doc.properties.get("name", "") or doc.path.stem)
    m.notes = doc.properties.get("notes", "")
    for k, v in doc.properties.items():
        if k.startswith("edge:") and v in ("left", "right", "top", "bottom"):
            m.edges[k[5:]] = v
    notes: list[str] = []
    off = grid.offset
    empty = 0
    terrain: dict[Hex, str] = {}
    features: dict[Hex, tuple[str, ...]] = {}
    for c in range(geom.columns):
        for r in range(geom.rows):
            h = off.to_hex(c, r)
            code: str | None = None
            feats: list[str] = []
            for _layer, rows in doc.cells:
                tile = rows[r][c]
                target = mapping.get(tile) if tile else None
                if target is None:
                    continue
                if target in table.terrain:
                    code = target
                elif target in table.features and target not in feats:
                    feats.append(target)
            if code is None:
                empty += 1
                code = default
            terrain[h] = code
            if feats:
                features[h] = tuple(feats)
    m.terrain.update(terrain)
    m.features.update(features)
    if empty:
        notes.append(f"{empty} cells have no tile mapped to a terrain: they are {table.terrain[default].name}"
                     if empty > 1 else f"1 cell has no tile mapped to a terrain: it is {table.terrain[default].name}")
    _read_objects(doc, m, notes)
    return m, notes


def _read_objects(doc: TmxDocument, m: HexMap, notes: list[str]) -> None:
    import shapely
    from shapely.geometry import Point, Polygon

    geom = doc.geometry
    to_scene = tiled_to_scene(geom, m.grid)
    layout = m.layout()
    s = m.grid.hex_size
    off = m.grid.offset
    places: list[Place] = []
    skipped: dict[str, int] = {}

    def hex_of(x: float, y: float) -> Hex:
        return layout.pixel_to_hex(*to_scene.forward(x, y))

    def cells_of(o: TmxObject) -> set[Hex] | None:
        text = str(o.properties.get("cells", "")).strip()
        if not text:
            return None
        try:
            return {off.to_hex(int(a), int(b)) for a, b in (cell.split(",") for cell in text.split())}
        except ValueError:
            return None

    for o in doc.objects:
        if o.layer == LAYER_NUMBERS or o.type == "hex":
            cell = str(o.properties.get("cell", "")).split(",")
            if len(cell) == 2 and all(v.strip().isdigit() for v in cell):
                h = off.to_hex(int(cell[0]), int(cell[1]))
            else:
                h = hex_of(*o.points[0])
            if not m.contains(h):
                continue
            if str(o.properties.get("elevation", "")).lstrip("-").isdigit():
                m.elevation[h] = int(o.properties["elevation"])
            feats = [f for f in str(o.properties.get("features", "")).split(",") if f in m.terrain_table.features]
            if feats:
                m.features[h] = tuple(dict.fromkeys(m.features.get(h, ()) + tuple(feats)))
            if o.properties.get("locations"):
                locs = _locations(m, str(o.properties["locations"]))
                if locs:
                    m.locations[h] = locs
                else:
                    skipped["hex locations that do not read"] = skipped.get("hex locations that do not read", 0) + 1
        elif o.layer == LAYER_LINES and o.shape in ("polyline", "polygon") and len(o.points) == 2:
            _read_line(m, o, hex_of, to_scene, skipped)
        elif o.shape == "point":
            x, y = o.points[0]
            h = hex_of(x, y)
            if not m.contains(h) or not o.name:
                skipped["places off the map or without a name"] = skipped.get("places off the map or without a name",
                                                                             0) + 1
                continue
            hx, hy = layout.hex_to_pixel(h)
            sx, sy = to_scene.forward(x, y)
            size = o.properties.get("size", 1.0)
            places.append(Place(o.name, h, o.type or "label", float(size) if _number(size) else 1.0,
                                round((sx - hx) / s, 3) + 0.0, round((sy - hy) / s, 3) + 0.0))
        elif o.shape in ("polygon", "rect"):
            name = o.name or f"region {len(m.regions) + 1}"
            hexes = cells_of(o)
            polygon: list[tuple[float, float]] = []
            if hexes is None:
                poly = Polygon([to_scene.forward(x, y) for x, y in o.points])
                if not poly.is_valid:
                    poly = poly.buffer(0)
                shapely.prepare(poly)
                hexes = {h for h in m.hexes if poly.contains(Point(layout.hex_to_pixel(h)))}
                if o.layer != LAYER_REGIONS:
                    polygon = [(round(x, 2), round(y, 2)) for x, y in (to_scene.forward(px, py) for px, py in o.points)]
            reg = m.regions.get(name)
            if reg is None:
                m.regions[name] = Region(name, o.type or "zone", set(hexes), polygon,
                                         [a for a in str(o.properties.get("adjacent", "")).split(",") if a],
                                         str(o.properties.get("color", "#c04040")), str(o.properties.get("label", "")))
            else:
                reg.hexes |= hexes
        else:
            skipped[f"{o.shape} objects"] = skipped.get(f"{o.shape} objects", 0) + 1
    m.places = places
    for what, n in sorted(skipped.items()):
        notes.append(f"{n} {what} not imported")


def _locations(m: HexMap, text: str) -> tuple[Location, ...]:
    """The extra locations a Hexwright export writes on a hex number object (`[{level: 1, terrain: ...}]`);
    () when the text does not read or names a terrain the table does not have."""
    import yaml

    try:
        items = yaml.safe_load(text)
    except yaml.YAMLError:
        return ()
    out = []
    table = m.terrain_table
    for it in items if isinstance(items, list) else ():
        if not isinstance(it, dict) or not isinstance(it.get("level"), int) or it.get("terrain") not in table.terrain:
            return ()
        feats = it.get("features") or []
        codes = tuple(str(f) for f in feats if str(f) in table.features) if isinstance(feats, list) else ()
        out.append(Location(it["level"], str(it["terrain"]), codes))
    return tuple(out)


def _number(v: Any) -> bool:
    try:
        float(v)
        return True
    except (TypeError, ValueError):
        return False


def _read_line(m: HexMap, o: TmxObject, hex_of: Callable[[float, float], Hex], to_scene: AxisMap,
               skipped: dict[str, int]) -> None:
    """A polyline Hexwright wrote for a hexside feature or bridge (along the hexside) or a path (from
    centre to centre)."""
    (x1, y1), (x2, y2) = o.points
    t = m.terrain_table
    if o.type == "path" and o.name in t.paths:
        a, b = hex_of(x1, y1), hex_of(x2, y2)
    elif o.type in ("hexside", "bridge") and (o.name in t.hexside_features or o.name in t.bridges):
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2  # the hexside's midpoint: nudge it across the side both ways
        dx, dy = y2 - y1, x1 - x2
        a, b = hex_of(mx + dx * 0.25, my + dy * 0.25), hex_of(mx - dx * 0.25, my - dy * 0.25)
    else:
        skipped["lines of unknown kind"] = skipped.get("lines of unknown kind", 0) + 1
        return
    if hex_distance(a, b) != 1 or not (m.contains(a) or m.contains(b)):
        skipped["lines not on a hexside"] = skipped.get("lines not on a hexside", 0) + 1
        return
    side = hexside_between(a, b)
    info = m.hexsides.get(side) or HexsideInfo()
    if o.type == "path":
        info = HexsideInfo(info.features, info.bridge, tuple(sorted(set(info.paths) | {o.name})), info.level)
    elif o.type == "bridge":
        info = HexsideInfo(info.features, o.name, info.paths, info.level)
    else:
        level = o.properties.get("level")
        if str(level).lstrip("-").isdigit():
            level = int(str(level))
        else:
            level = info.level
        info = HexsideInfo(tuple(dict.fromkeys(info.features + (o.name,))), info.bridge, info.paths, level)
    m.hexsides[side] = info


def terrain_for_new_codes(table: TerrainTable, doc: TmxDocument, mapping: dict[str, str | None]) -> TerrainTable:
    """The table with a terrain added for every code the mapping names that the table lacks (its colour from
    the tile's `color` property): a mapping may name terrain the designer adds to the table later."""
    for k, code in mapping.items():
        if code and code != IGNORE and code not in table.terrain and code not in table.features:
            tile = doc.tiles.get(k)
            table.terrain[code] = TerrainType(code, code.replace("_", " ").capitalize(),
                                              (tile.color if tile and tile.color else "#c8c8c8"))
    return table
