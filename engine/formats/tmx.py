"""Reading a hexagonal Tiled TMX map into a Hexwright map.

tmx_read.py reads the file as Tiled wrote it (every layer encoding, infinite maps cropped to their tiles,
embedded and external tilesets, collections of images, flipped tiles, class-typed properties, layer
offsets, groups, templates). A TMX map is hexagonal when Tiled's Map Properties say so:
`orientation="hexagonal"` with `staggeraxis` x (flat-top hexes, staggered columns) or y (pointy-top,
staggered rows) and `staggerindex` odd or even; the Hexwright map gets the same orientation and stagger,
hexes whose centres fall on Tiled's cells (tiled_grid.hex_shape: tiles that are not regular hexes keep
their proportions) and the numbering the user chooses. Orthogonal, isometric and staggered (isometric)
maps are refused with a message.

Tiles become terrain through a tile mapping the user reviews: each tile's terrain is proposed from what
it says about itself (tmx_terrain.py: Forest -> woods, Ocean -> water) and can be changed and saved as
a small YAML file (`kind: hexwright-tile-mapping`, `tiles: {"TILESET/ID": CODE}`) where CODE is a
terrain, an in-hex feature of the terrain table, or `ignore`. Where several tile layers cover a cell,
the topmost tile that maps to a terrain gives the hex's terrain; features add up; a tile without a
terrain leaves its cell to the layers below (said in a note). Object layers: points become named
places, polygons, rectangles and ellipses become regions holding the hexes whose centres they cover, and
the polylines Hexwright writes for hexside features, bridges and paths (tmx_write.py) become those again.
"""
from __future__ import annotations

import gc
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..hexgrid import Hex, LabelError, LabelScheme, hex_distance, hexside_between
from ..hexgrid.labels import ASL_LETTERS
from ..model.bounds import (
    MAX_FIRST_LABEL,
    MAX_HEX_ASPECT,
    MAX_HEX_SIZE,
    MAX_LABEL_DIGITS,
    MIN_HEX_ASPECT,
    MIN_HEX_SIZE,
)
from ..model.hexmap import GridSpec, HexMap, HexsideInfo, Location, Place, Region
from ..model.terrain import TerrainTable, TerrainType, default_terrain_table
from ..validation.diagnostics import Diagnostic
from .atomic import atomic_write_text
from .emit import scalar
from .mapfile import read_terrain_table
from .tiled_grid import AxisMap, TiledHexGeometry, hex_shape, tiled_to_scene
from .tmx_read import FLIP_FLAGS, TileInfo, read_raw
from .tmx_read import TmxError as TmxError  # the error of both modules, as callers have imported it from here
from .tmx_terrain import hint_texts, propose_terrain
from .tmx_write import (
    GRID_PROPERTY,
    LABELS_PROPERTY,
    LAYER_LINES,
    LAYER_NUMBERS,
    LAYER_REGIONS,
    OUTLINE_PROPERTY,
    TERRAIN_TABLE_PROPERTY,
)
from .yamlio import load_yaml

MAPPING_KIND = "hexwright-tile-mapping"
IGNORE = "ignore"


@dataclass
class TileRef:
    key: str  # "TILESET/ID", the key of the tile mapping
    tileset: str
    local_id: int
    hint: str  # the tile's most telling word (terrain property, class, name ...), shown beside it
    image: str | None  # the picture holding the tile (tileset image or the tile's own)
    rect: tuple[int, int, int, int] | None  # x, y, w, h in that picture
    color: str | None = None
    count: int = 0  # cells showing it
    hints: list[tuple[str, str]] = field(default_factory=list)  # everything it says: (where, text)
    flipped: int = 0  # of its cells, those showing it flipped or rotated


@dataclass
class TmxObject:
    layer: str
    name: str
    type: str
    shape: str  # point, polygon, polyline, rect, ellipse, text, tile
    points: list[tuple[float, float]]  # absolute Tiled pixels (one for a point)
    properties: dict[str, Any] = field(default_factory=dict)
    line: int = 0


@dataclass
class TmxDocument:
    path: Path
    geometry: TiledHexGeometry
    cells: list[tuple[str, list[list[str | None]]]]  # per tile layer, bottom first: rows of tile keys
    tiles: dict[str, TileRef]
    objects: list[TmxObject]
    properties: dict[str, Any]
    notes: list[str] = field(default_factory=list)  # what the reading left out or changed (crop, image layers)


def _line_of(text: str, pattern: str) -> int:
    m = re.search(pattern, text)
    return text.count("\n", 0, m.start()) + 1 if m else 0


def read_tmx(path: str | Path) -> TmxDocument:
    """Read a hexagonal TMX map (tmx_read.py); TmxError (file, line, why) for anything else.

    Speed: a 200 x 200 export holds 186,000 elements and 45,000 objects; the cycle collector, which every
    batch of allocations would run over all of them again, is paused while they are made (as the map file
    loader does, yamlio.py): 1.5 -> 0.7 s of CPU. They are trees, freed by reference counting."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _read_tmx(path)
    finally:
        if collecting:
            gc.enable()


def _read_tmx(path: str | Path) -> TmxDocument:
    raw = read_raw(path)
    geom = raw.geometry
    tiles: dict[str, TileRef] = {}
    by_gid: dict[int, str | None] = {}

    def key_of(gid: int) -> str | None:
        plain = gid & ~FLIP_FLAGS
        if plain in by_gid:
            return by_gid[plain]
        ts = raw.tileset_of(plain)
        key = None
        if ts is not None:
            local = plain - ts.firstgid
            key = f"{ts.name}/{local}"
            info = ts.tiles.get(local) or TileInfo(local)
            picture = info.image or ts.image
            rect = info.rect if info.image else ts.tile_rect(local)
            hints = hint_texts(info.kind, info.properties, info.image, ts.name if ts.tilecount == 1 else "")
            color = info.properties.get("color")
            tiles[key] = TileRef(key, ts.name, local, hints[0][1].strip() if hints else "", picture, rect,
                                 str(color) if isinstance(color, str) and color else None, hints=hints)
        by_gid[plain] = key
        return key

    cells = []
    unknown = 0
    for layer in raw.layers:
        rows: list[list[str | None]] = [[None] * geom.columns for _ in range(geom.rows)]
        for (c, r), gid in layer.cells.items():
            k = key_of(gid)
            if k is None:
                unknown += 1
                continue
            rows[r][c] = k
            tiles[k].count += 1
            if gid & FLIP_FLAGS:
                tiles[k].flipped += 1
        cells.append((layer.name, rows))
    notes = list(raw.notes)
    if unknown:
        notes.append(f"{unknown} cells show a tile id no tileset holds: they are left empty")
    objects = [TmxObject(o.layer, o.name, o.kind, o.shape, o.points, o.properties, o.line) for o in raw.objects]
    return TmxDocument(raw.path, geom, cells, tiles, objects, raw.properties, notes)


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


def propose_with_reasons(doc: TmxDocument, table: TerrainTable) -> dict[str, tuple[str | None, str]]:
    """A first guess for every tile and the word it rests on (tmx_terrain.py): the tile's terrain property,
    class, name, class-typed properties or picture, matched to the table's codes and names and through the
    vocabulary of map makers' words (Forest -> woods, Ocean -> water); (None, "") where nothing tells."""
    return {k: propose_terrain(t.hints or ([("name", t.hint)] if t.hint else []), table) for k, t in doc.tiles.items()}


def propose_mapping(doc: TmxDocument, table: TerrainTable) -> dict[str, str | None]:
    """A first guess for every tile (propose_with_reasons); None where nothing matches."""
    return {k: code for k, (code, _why) in propose_with_reasons(doc, table).items()}


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


def save_tile_mapping(path: str | Path, mapping: dict[str, str | None], comments: dict[str, str] | None = None) -> None:
    """Write a tile mapping (tiles in tileset and id order); `comments` adds a note after a tile's line (what its
    terrain was proposed from)."""
    def order(k: str) -> tuple[str, int, str]:
        tileset, _, local = k.rpartition("/")
        return tileset, int(local) if local.isdigit() else -1, local

    lines = [f"kind: {MAPPING_KIND}", "tiles:"]
    for k in sorted(mapping, key=order):
        note = (comments or {}).get(k, "").replace("\n", " ")
        lines.append(f"  {scalar(k)}: {scalar(mapping[k] or IGNORE)}" + (f"  # {note}" if note else ""))
    atomic_write_text(path, "\n".join(lines) + "\n")


def mapping_problems(doc: TmxDocument, mapping: dict[str, str | None], table: TerrainTable) -> list[str]:
    """What stops an import: tiles mapped to a code that is neither a terrain nor an in-hex feature of the
    table, said in words. Tiles without a choice do not stop it (unmapped_tiles)."""
    problems = []
    for k in sorted(doc.tiles):
        code = mapping.get(k)
        if code is not None and code != IGNORE and code not in table.terrain and code not in table.features:
            problems.append(f"tile {k} is mapped to {code!r}, which is neither a terrain nor a feature of the terrain "
                            f"table {table.name!r} (its terrains: {', '.join(table.terrain)}; its features: "
                            f"{', '.join(table.features) or 'none'})")
    return problems


def unmapped_tiles(doc: TmxDocument, mapping: dict[str, str | None]) -> list[str]:
    """The tiles in use that have no terrain yet (most used first): their cells take the terrain of the layers
    below, else the map's default terrain."""
    return sorted((k for k in doc.tiles if mapping.get(k) is None), key=lambda k: (-doc.tiles[k].count, k))


def unmapped_note(doc: TmxDocument, mapping: dict[str, str | None], default_name: str) -> str | None:
    """One sentence on the tiles without a terrain, or None."""
    keys = unmapped_tiles(doc, mapping)
    if not keys:
        return None
    cells = sum(doc.tiles[k].count for k in keys)
    shown = ", ".join(keys[:6]) + (f" and {len(keys) - 6} more" if len(keys) > 6 else "")
    return (f"{len(keys)} tile{'s' if len(keys) != 1 else ''} ({shown}) matched no terrain: "
            f"{'their' if len(keys) != 1 else 'its'} {cells} cell{'s' if cells != 1 else ''} take the terrain of "
            f"the layers below, else {default_name}; choose one in a tile mapping (--tiles, or the import dialog)")


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
        lab = LabelScheme(str(d.get("scheme", "xxyy")), int(d.get("first_column", 1)), int(d.get("first_row", 1)),
                          int(d.get("digits", 2)), str(d.get("letters", ASL_LETTERS)))
        if not (0 <= lab.first_column <= MAX_FIRST_LABEL and 0 <= lab.first_row <= MAX_FIRST_LABEL
                and lab.digits <= MAX_LABEL_DIGITS):
            return None
        lab.label(doc.geometry.columns - 1, doc.geometry.rows - 1)
        lab.label(0, 0)
        return lab
    except (yaml.YAMLError, ValueError, TypeError, LabelError):
        return None


def hex_size_of(doc: TmxDocument) -> tuple[float, float]:
    """The hex size and aspect of the imported map: those a Hexwright export keeps (`hexwright-grid`), else the
    ones whose hexes fall on Tiled's cells (tiled_grid.hex_shape)."""
    import yaml

    text = doc.properties.get(GRID_PROPERTY)
    if isinstance(text, str) and text:
        try:
            d = yaml.safe_load(text)
            size, aspect = float(d["hex_size"]), float(d.get("hex_aspect", 1.0))
            if MIN_HEX_SIZE <= size <= MAX_HEX_SIZE and MIN_HEX_ASPECT <= aspect <= MAX_HEX_ASPECT:
                return size, aspect
        except (yaml.YAMLError, ValueError, TypeError, KeyError, AttributeError):
            pass
    return hex_shape(doc.geometry)


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
    size, aspect = hex_size_of(doc)
    grid = GridSpec(geom.columns, geom.rows, "flat" if geom.stagger_x else "pointy",
                    "even" if geom.stagger_even else "odd", labels or labels_of(doc) or LabelScheme(), size, aspect)
    default = str(doc.properties.get("default_terrain", ""))
    if default not in table.terrain:
        default = next(iter(table.terrain))
    m = HexMap(grid, table, default, name or doc.properties.get("name", "") or doc.path.stem)
    m.notes = doc.properties.get("notes", "")
    for k, v in doc.properties.items():
        if k.startswith("edge:") and v in ("left", "right", "top", "bottom"):
            m.edges[k[5:]] = v
    notes: list[str] = list(doc.notes)
    if aspect != 1.0:
        notes.append(f"the Tiled tiles are not regular hexes ({geom.tile_width} x {geom.tile_height} px, side "
                     f"{geom.side}): the map keeps their proportions (hex_aspect {aspect:.3g})")
    unmapped = unmapped_note(doc, mapping, table.terrain[default].name)
    if unmapped:
        notes.append(unmapped)
    # the layers bottom first: a terrain tile replaces the one below, features add up (cells by index c * rows + r,
    # the order of m.hexes)
    n_rows = geom.rows
    codes: list[str | None] = [None] * (geom.columns * n_rows)
    feats: dict[int, list[str]] = {}
    targets = {k: (v, v in table.terrain) for k, v in mapping.items()
               if v and (v in table.terrain or v in table.features)}
    for _layer, rows in doc.cells:
        for r, row in enumerate(rows):
            for c, tile in enumerate(row):
                if tile is None or tile not in targets:
                    continue
                target, is_terrain = targets[tile]
                if is_terrain:
                    codes[c * n_rows + r] = target
                else:
                    here = feats.setdefault(c * n_rows + r, [])
                    if target not in here:
                        here.append(target)
    empty = codes.count(None)
    hexes = m.hexes
    m.terrain.update(zip(hexes, (code or default for code in codes), strict=True))
    m.features.update((hexes[i], tuple(f)) for i, f in feats.items())
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
        elif o.shape in ("polygon", "rect", "ellipse"):
            name = o.name or f"region {len(m.regions) + 1}"
            hexes = cells_of(o)
            polygon: list[tuple[float, float]] = []
            own = o.properties.get(OUTLINE_PROPERTY) == "own"  # a Hexwright region's own outline
            if hexes is None:
                poly = Polygon([to_scene.forward(x, y) for x, y in o.points])
                if not poly.is_valid:
                    poly = poly.buffer(0)
                shapely.prepare(poly)
                hexes = {h for h in m.hexes if poly.contains(Point(layout.hex_to_pixel(h)))}
            if own or (o.layer != LAYER_REGIONS and not cells_of(o)):
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
        notes.append(f"{what} not imported: {n}")


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
