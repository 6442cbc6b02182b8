"""The TMX reader: every hexagonal map current Tiled (1.0 ... 1.11) writes, read with expat, line by line.

What Tiled writes and how it is read (Tiled's "TMX Map Format" reference):
- tile layer data as CSV, as base64 (uncompressed, zlib or gzip) or as one <tile gid> element a cell;
  a compressed layer is inflated only up to the size its cells need (4 bytes a cell): a layer that
  inflates to more is refused, so a small file cannot expand into gigabytes; zstd (Tiled 1.3+, optional)
  is refused with how to re-save the map;
- infinite maps: the layers hold chunks; the map is cropped to the cells that hold a tile, on every
  tile layer, and the stagger index follows the crop (a crop that starts on an odd column of a map
  staggered along x swaps odd and even), objects moving with it;
- tilesets embedded in the map or in external .tsx files, with or without `columns` (older Tiled,
  Tiled's own hexagonal-mini example: computed from the image width), and collections of images (a
  picture a tile, optionally a sub-rectangle of it);
- global tile ids with the flip flags (horizontal, vertical, diagonal and the 120-degree rotation of
  hexagonal maps): a flipped tile is the same tile;
- custom properties of every type, class-typed ones (Tiled 1.8+) as nested dictionaries;
- layers inside group layers, layer offsets with decimals (Tiled writes them when a layer is dragged;
  object layers move by their and their groups' offsets), image layers (not imported: said in a note);
- objects: points, rectangles, ellipses, polygons, polylines, text and tile objects, rotated ones
  turned about their position as Tiled does, and objects made from a template (.tx).

Anything else is a TmxError naming the file and the line and saying what is wrong.
"""

from __future__ import annotations

import base64
import binascii
import math
import struct
import sys
import xml.etree.ElementTree as ET
import zlib
from array import array
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.parsers import expat

from ..model.bounds import MAX_HEXES
from .tiled_grid import TiledHexGeometry

FLIP_FLAGS = 0xF0000000  # horizontal, vertical, diagonal (anti-diagonal on hexagonal maps), rotated 120
MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_CELLS = MAX_HEXES  # as a Hexwright map
MAX_CHUNK_CELLS = 4_000_000  # all chunks of an infinite map together, before cropping


class TmxError(ValueError):
    """A TMX or tile-mapping file Hexwright cannot use: where and why."""

    def __init__(self, file: str, line: int, message: str) -> None:
        self.file, self.line, self.message = file, line, message
        super().__init__(f"{file}:{line}: {message}" if line else f"{file}: {message}")


@dataclass
class XmlFile:
    """A parsed XML file with the line of every element."""

    path: Path
    root: ET.Element
    lines: dict[int, int]  # id(element) -> line

    def line(self, e: ET.Element | None) -> int:
        return self.lines.get(id(e), 0) if e is not None else 0

    def error(self, e: ET.Element | None, message: str) -> TmxError:
        return TmxError(str(self.path), self.line(e), message)


def parse_xml(path: Path, what: str = "Tiled map") -> XmlFile:
    """Parse with expat, keeping each element's line; no DTD entities (a TMX never declares any)."""
    name = str(path)
    if not path.exists():
        raise TmxError(name, 0, "the file does not exist")
    if path.is_dir():
        raise TmxError(name, 0, f"this is a folder, not a {what} file")
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise TmxError(name, 0, f"the file is {size / 1e6:.0f} MB; a {what} file Hexwright reads is at most "
                           f"{MAX_FILE_BYTES // (1024 * 1024)} MB")
        data = path.read_bytes()
    except OSError as exc:
        raise TmxError(name, 0, f"cannot read the file: {exc.strerror or exc}") from exc
    builder = ET.TreeBuilder()
    lines: dict[int, int] = {}
    parser = expat.ParserCreate()

    def start(tag: str, attrs: dict[str, str]) -> None:
        lines[id(builder.start(tag, attrs))] = parser.CurrentLineNumber

    def entity(*_args: Any) -> None:
        raise TmxError(name, parser.CurrentLineNumber, "the file declares XML entities; a Tiled file never does "
                       "(refused: entities can expand a small file into a huge one)")

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.EntityDeclHandler = entity
    try:
        parser.Parse(data, True)
        root = builder.close()
    except expat.ExpatError as exc:
        short = {"Tiled map": "TMX", "Tiled tileset": "TSX", "Tiled template": "TX"}.get(what, what)
        raise TmxError(name, exc.lineno, f"not a well-formed {short} (XML) file: "
                       f"{expat.ErrorString(exc.code)} at column {exc.offset + 1}") from exc
    except LookupError as exc:  # <?xml encoding="..."?> naming no encoding there is
        raise TmxError(name, 1, f"the XML declaration names an encoding that does not exist ({exc})") from exc
    return XmlFile(path, root, lines)


# ---------------------------------------------------------------------------------------------
# values
# ---------------------------------------------------------------------------------------------
def attr_int(xf: XmlFile, e: ET.Element, key: str, default: int | None = None) -> int:
    text = e.get(key)
    if text is None:
        if default is None:
            raise xf.error(e, f"<{e.tag}> needs a {key!r} attribute")
        return default
    try:
        return int(text.strip())
    except ValueError:
        raise xf.error(e, f"<{e.tag}> {key}={text!r}: a whole number was expected") from None


def attr_float(xf: XmlFile, e: ET.Element, key: str, default: float = 0.0) -> float:
    text = e.get(key)
    if text is None:
        return default
    try:
        v = float(text.strip())
    except ValueError:
        raise xf.error(e, f"<{e.tag}> {key}={text!r}: a number was expected") from None
    if not math.isfinite(v) or abs(v) > 1e9:
        raise xf.error(e, f"<{e.tag}> {key}={text!r}: a number of pixels was expected")
    return v


def properties_of(e: ET.Element | None) -> dict[str, Any]:
    """The custom properties of an element: strings, ints, floats, bools as Python values; a class-typed
    property (Tiled 1.8+) as a dictionary of its members (itself read the same way)."""
    out: dict[str, Any] = {}
    pe = e.find("properties") if e is not None else None
    for prop in pe.findall("property") if pe is not None else ():
        name = prop.get("name", "")
        kind = prop.get("type", "string")
        if kind == "class":
            value: Any = properties_of(prop)
        else:
            text = prop.get("value")
            text = text if text is not None else (prop.text or "")
            value = text
            try:
                if kind == "int":
                    value = int(text)
                elif kind == "float":
                    value = float(text)
                elif kind == "bool":
                    value = text.strip().lower() == "true"
            except ValueError:
                value = text
        out[name] = value
    return out


# ---------------------------------------------------------------------------------------------
# tilesets
# ---------------------------------------------------------------------------------------------
@dataclass
class TileInfo:
    local_id: int
    kind: str = ""  # the tile's class (Tiled 1.9+) or type (before)
    properties: dict[str, Any] = field(default_factory=dict)
    image: str | None = None  # a collection tile's own picture
    rect: tuple[int, int, int, int] | None = None


@dataclass
class Tileset:
    firstgid: int
    name: str
    tilewidth: int
    tileheight: int
    columns: int
    tilecount: int
    image: str | None  # the sheet of an image tileset
    margin: int = 0
    spacing: int = 0
    tiles: dict[int, TileInfo] = field(default_factory=dict)

    def tile_rect(self, local: int) -> tuple[int, int, int, int] | None:
        if not self.image or self.columns <= 0:
            return None
        col, row = local % self.columns, local // self.columns
        step_x, step_y = self.tilewidth + self.spacing, self.tileheight + self.spacing
        return self.margin + col * step_x, self.margin + row * step_y, self.tilewidth, self.tileheight


def image_size(path: Path) -> tuple[int, int] | None:
    """Width and height from a PNG's, GIF's or BMP's header (tilesets that do not state them); None otherwise."""
    try:
        with path.open("rb") as f:
            head = f.read(32)
    except OSError:
        return None
    if head[:8] == b"\x89PNG\r\n\x1a\n" and len(head) >= 24:
        w, h = struct.unpack(">II", head[16:24])
        return int(w), int(h)
    if head[:4] == b"GIF8" and len(head) >= 10:
        w, h = struct.unpack("<HH", head[6:10])
        return int(w), int(h)
    if head[:2] == b"BM" and len(head) >= 26:
        w, h = struct.unpack("<ii", head[18:26])
        return int(w), abs(int(h))
    return None


def read_tileset(xf: XmlFile, te: ET.Element, firstgid: int) -> Tileset:
    """A <tileset> element (of the map, or the root of a .tsx); images are found beside its file."""
    base = xf.path.parent
    tw, th = attr_int(xf, te, "tilewidth", 0), attr_int(xf, te, "tileheight", 0)
    margin, spacing = attr_int(xf, te, "margin", 0), attr_int(xf, te, "spacing", 0)
    image_e = te.find("image")
    image = None
    columns = attr_int(xf, te, "columns", -1)
    if image_e is not None and image_e.get("source"):
        p = (base / image_e.get("source", "")).resolve()
        image = str(p)
        if columns < 0:  # older Tiled wrote no `columns`: it follows from the image's width
            iw = attr_int(xf, image_e, "width", 0) or (image_size(p) or (0, 0))[0]
            columns = (iw - 2 * margin + spacing) // (tw + spacing) if iw and tw + spacing > 0 else 0
    ts = Tileset(firstgid, te.get("name", "") or xf.path.stem, tw, th, max(0, columns),
                 attr_int(xf, te, "tilecount", 0), image, margin, spacing)
    for tile in te.findall("tile"):
        local = attr_int(xf, tile, "id")
        info = TileInfo(local, tile.get("class") or tile.get("type") or "", properties_of(tile))
        ie = tile.find("image")
        if ie is not None and ie.get("source"):
            info.image = str((base / ie.get("source", "")).resolve())
            if tile.get("width") and tile.get("height"):  # Tiled 1.9+: a sub-rectangle of the picture
                info.rect = (attr_int(xf, tile, "x", 0), attr_int(xf, tile, "y", 0), attr_int(xf, tile, "width"),
                             attr_int(xf, tile, "height"))
        ts.tiles[local] = info
    return ts


# ---------------------------------------------------------------------------------------------
# layer data
# ---------------------------------------------------------------------------------------------
def decode_data(xf: XmlFile, de: ET.Element, count: int, encoding: str, compression: str) -> array:
    """The `count` global tile ids (flags included) of a <data> or <chunk> element."""
    if encoding == "csv":
        text = (de.text or "").replace("\n", "").replace("\r", "").replace(" ", "").replace("\t", "").strip(",")
        parts = text.split(",") if text else []
        if len(parts) != count:
            raise xf.error(de, f"the layer has {len(parts)} cells of CSV data where its size needs {count}")
        try:
            return array("L", (int(v) & 0xFFFFFFFF for v in parts))
        except ValueError:
            bad = next(v for v in parts if not v.isdigit())
            raise xf.error(de, f"the layer's CSV data holds {bad[:20]!r}, not a tile id") from None
    if encoding == "base64":
        try:
            raw = base64.b64decode("".join((de.text or "").split()), validate=True)
        except (binascii.Error, ValueError):
            raise xf.error(de, "the layer's base64 data does not decode") from None
        need = 4 * count
        if compression in ("zlib", "gzip"):
            d = zlib.decompressobj(zlib.MAX_WBITS | (16 if compression == "gzip" else 0))
            try:
                out = d.decompress(raw, need + 1)  # never more than the cells need (and one byte to tell)
            except zlib.error as exc:
                raise xf.error(de, f"the layer's {compression} data does not inflate: {exc}") from None
            if len(out) > need or d.unconsumed_tail:
                raise xf.error(de, f"the layer's {compression} data inflates to more than the {need:,} bytes its "
                               f"{count:,} cells need (refused without inflating it all)")
            raw = out
        elif compression == "zstd":
            raise xf.error(de, "the layer is compressed with zstd, which Hexwright does not read; in Tiled: Map > "
                           "Map Properties > Tile Layer Format: CSV or Base64 (zlib compressed), then save")
        elif compression:
            raise xf.error(de, f"unknown layer compression {compression!r} (Tiled writes zlib, gzip or zstd)")
        if len(raw) != need:
            raise xf.error(de, f"the layer's data holds {len(raw) // 4:,} cells where its size needs {count:,}")
        gids = array("L")
        if gids.itemsize != 4:
            gids = array("I")
        gids.frombytes(raw)
        if sys.byteorder == "big":
            gids.byteswap()
        return gids
    if encoding:
        raise xf.error(de, f"unknown layer encoding {encoding!r} (Tiled writes csv or base64)")
    tiles = de.findall("tile")  # the oldest format: one element a cell
    if len(tiles) != count:
        raise xf.error(de, f"the layer has {len(tiles)} <tile> cells where its size needs {count}")
    return array("L", (attr_int(xf, t, "gid", 0) & 0xFFFFFFFF for t in tiles))


@dataclass
class TileLayer:
    name: str
    cells: dict[tuple[int, int], int]  # (column, row) -> gid with flags; empty cells left out
    offset: tuple[float, float]
    line: int
    hidden: bool = False  # unticked in Tiled's Layers view (or in a group that is)


@dataclass
class RawObject:
    layer: str
    name: str
    kind: str  # class (Tiled 1.9+) or type
    shape: str  # point, polygon, polyline, rect, ellipse, text, tile
    points: list[tuple[float, float]]  # absolute Tiled pixels
    properties: dict[str, Any]
    line: int


@dataclass
class RawMap:
    path: Path
    geometry: TiledHexGeometry
    properties: dict[str, Any]
    tilesets: list[Tileset]
    layers: list[TileLayer]  # bottom first
    objects: list[RawObject]
    notes: list[str]
    origin: tuple[int, int] = (0, 0)  # the cell of an infinite map that became (0, 0)

    def tileset_of(self, gid: int) -> Tileset | None:
        best = None
        for ts in self.tilesets:
            if ts.firstgid <= gid and (best is None or ts.firstgid > best.firstgid):
                best = ts
        return best


def _layer_cells(xf: XmlFile, le: ET.Element, width: int, height: int, infinite: bool,
                 budget: list[int]) -> dict[tuple[int, int], int]:
    de = le.find("data")
    if de is None:
        return {}
    encoding, compression = de.get("encoding", ""), de.get("compression", "")
    cells: dict[tuple[int, int], int] = {}
    chunks = de.findall("chunk")
    if chunks or infinite:
        for ch in chunks:
            x0, y0 = attr_int(xf, ch, "x"), attr_int(xf, ch, "y")
            w, h = attr_int(xf, ch, "width"), attr_int(xf, ch, "height")
            if w < 1 or h < 1 or w * h > MAX_CELLS:
                raise xf.error(ch, f"a chunk of {w} x {h} cells (Tiled writes 16 x 16)")
            budget[0] -= w * h
            if budget[0] < 0:
                raise xf.error(ch, f"the infinite map's chunks hold more than {MAX_CHUNK_CELLS:,} cells")
            gids = decode_data(xf, ch, w * h, encoding, compression)
            for i, gid in enumerate(gids):
                if gid:
                    cells[(x0 + i % w, y0 + i // w)] = gid
        return cells
    if width < 1 or height < 1 or width * height > MAX_CELLS:
        raise xf.error(le, f"a tile layer of {width} x {height} cells (it must have at least one, and at most "
                       f"{MAX_CELLS:,})")
    gids = decode_data(xf, de, width * height, encoding, compression)
    for i, gid in enumerate(gids):
        if gid:
            cells[(i % width, i // width)] = gid
    return cells


def _object_points(xf: XmlFile, oe: ET.Element, ox: float, oy: float) -> tuple[str, list[tuple[float, float]]]:
    """The shape and absolute points of an object; rotation (degrees clockwise about its position) applied."""
    x, y = attr_float(xf, oe, "x") + ox, attr_float(xf, oe, "y") + oy
    w, h = attr_float(xf, oe, "width"), attr_float(xf, oe, "height")
    local: list[tuple[float, float]]
    if oe.get("gid"):
        shape, local = "tile", [(w / 2, -h / 2)]  # a tile object stands on its bottom-left corner
    elif oe.find("point") is not None:
        shape, local = "point", [(0.0, 0.0)]
    elif oe.find("text") is not None:
        shape, local = "text", [(0.0, 0.0)]
    elif oe.find("polygon") is not None or oe.find("polyline") is not None:
        pe = oe.find("polygon")
        shape = "polygon" if pe is not None else "polyline"
        pe = pe if pe is not None else oe.find("polyline")
        local = []
        for pair in (pe.get("points", "") if pe is not None else "").split():
            try:
                a, b = pair.split(",")
                local.append((float(a), float(b)))
            except ValueError:
                raise xf.error(pe, f"the {shape}'s point {pair!r} is not 'x,y'") from None
        if not all(math.isfinite(a) and math.isfinite(b) for a, b in local):
            raise xf.error(pe, f"the {shape}'s points must be numbers")
    elif oe.find("ellipse") is not None and w > 0 and h > 0:
        shape = "ellipse"
        local = [(w / 2 + w / 2 * math.cos(2 * math.pi * i / 24), h / 2 + h / 2 * math.sin(2 * math.pi * i / 24))
                 for i in range(24)]
    elif w > 0 and h > 0:
        shape, local = "rect", [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
    else:
        shape, local = "point", [(0.0, 0.0)]
    angle = math.radians(attr_float(xf, oe, "rotation"))
    c, s = math.cos(angle), math.sin(angle)
    return shape, [(x + px * c - py * s, y + px * s + py * c) for px, py in local]


def _with_template(xf: XmlFile, oe: ET.Element, cache: dict[str, ET.Element | None]) -> ET.Element:
    """An object made from a template (.tx): the template's object with this one's attributes and children
    over it."""
    source = oe.get("template")
    if not source:
        return oe
    p = (xf.path.parent / source).resolve()
    if str(p) not in cache:
        try:
            tx = parse_xml(p, "Tiled template")
            cache[str(p)] = tx.root.find("object")
        except TmxError:
            cache[str(p)] = None
    base = cache[str(p)]
    if base is None:
        raise xf.error(oe, f"the object's template {source!r} is missing or unreadable")
    merged = ET.Element("object", {**base.attrib, **oe.attrib})
    shapes = {"point", "ellipse", "polygon", "polyline", "text"}
    own_shape = any(c.tag in shapes for c in oe)
    for child in base:
        if child.tag != "properties" and not (own_shape and child.tag in shapes):
            merged.append(child)
    for child in oe:
        if child.tag != "properties":
            merged.append(child)
    props: dict[str | None, ET.Element] = {}  # the template's properties, this object's over them
    for pe in (base.find("properties"), oe.find("properties")):
        for prop in pe if pe is not None else ():
            props[prop.get("name")] = prop
    ET.SubElement(merged, "properties").extend(props.values())
    xf.lines[id(merged)] = xf.line(oe)
    return merged


def read_raw(path: str | Path) -> RawMap:
    """Read a hexagonal TMX map as Tiled wrote it; TmxError (file, line, why) for anything else."""
    p = Path(path)
    xf = parse_xml(p)
    root = xf.root
    if root.tag != "map":
        raise xf.error(root, f"not a Tiled map: the document is <{root.tag}>, not <map>")
    orientation = root.get("orientation", "orthogonal")
    if orientation != "hexagonal":
        raise xf.error(root, f"this Tiled map is {orientation}; Hexwright imports hexagonal maps only "
                       "(in Tiled: Map > Map Properties > Orientation: Hexagonal)")
    axis, index = root.get("staggeraxis"), root.get("staggerindex")
    if axis not in ("x", "y") or index not in ("odd", "even"):
        raise xf.error(root, f"a hexagonal map needs staggeraxis x or y and staggerindex odd or even, not {axis!r} "
                       f"and {index!r}")
    infinite = root.get("infinite", "0") == "1"
    tw, th = attr_int(xf, root, "tilewidth", 0), attr_int(xf, root, "tileheight", 0)
    side = attr_int(xf, root, "hexsidelength", 0)
    width, height = attr_int(xf, root, "width", 0), attr_int(xf, root, "height", 0)
    if tw < 2 or th < 2 or side < 0 or tw > 10_000 or th > 10_000:
        raise xf.error(root, f"the map's tile size ({tw} x {th}) and hex side length ({side}) must be positive "
                       "numbers of pixels")
    if side >= (tw if axis == "x" else th):
        raise xf.error(root, f"the hex side length {side} must be shorter than the tile's "
                       f"{'width' if axis == 'x' else 'height'} ({tw if axis == 'x' else th})")
    if not infinite:
        if width < 1 or height < 1:
            raise xf.error(root, "the map's width and height must be at least one cell")
        if width * height > MAX_CELLS:
            raise xf.error(root, f"{width} x {height} cells is more than a map may hold ({MAX_CELLS:,})")
    notes: list[str] = []
    tilesets: list[Tileset] = []
    for te in root.findall("tileset"):
        firstgid = attr_int(xf, te, "firstgid", 1)
        source = te.get("source")
        if source:
            tp = (p.parent / source).resolve()
            if not tp.is_file():
                raise xf.error(te, f"the tileset file {source!r} is not beside the map (looked for {tp.name} in "
                               f"{tp.parent})")
            txf = parse_xml(tp, "Tiled tileset")
            if txf.root.tag != "tileset":
                raise txf.error(txf.root, f"not a Tiled tileset: the document is <{txf.root.tag}>")
            ts = read_tileset(txf, txf.root, firstgid)
        else:
            ts = read_tileset(xf, te, firstgid)
        if any(t.name == ts.name for t in tilesets):
            ts.name = f"{ts.name} ({firstgid})"
        tilesets.append(ts)

    layers: list[TileLayer] = []
    groups: list[tuple[str, ET.Element, float, float]] = []
    budget = [MAX_CHUNK_CELLS]
    templates: dict[str, ET.Element | None] = {}

    def walk(parent: ET.Element, prefix: str, ox: float, oy: float, hidden: bool) -> None:
        for e in parent:
            name = prefix + (e.get("name") or "")
            dx, dy = ox + attr_float(xf, e, "offsetx"), oy + attr_float(xf, e, "offsety")
            off = hidden or e.get("visible") == "0"
            if e.tag == "layer":
                cells = _layer_cells(xf, e, attr_int(xf, e, "width", width), attr_int(xf, e, "height", height),
                                     infinite, budget)
                layers.append(TileLayer(name, cells, (dx, dy), xf.line(e), off))
            elif e.tag == "objectgroup":
                groups.append((name, e, dx, dy))
            elif e.tag == "group":
                walk(e, name + "/", dx, dy, off)
            elif e.tag == "imagelayer":
                notes.append(f"image layer {name!r} not imported (a scanned map is an underlay: "
                             "Map > Underlay)")

    walk(root, "", 0.0, 0.0, False)
    origin = (0, 0)
    geom = TiledHexGeometry(axis == "x", index == "even", tw, th, side, width, height)
    if infinite:
        used = [c for layer in layers for c in layer.cells]
        if not used:
            raise xf.error(root, "this infinite Tiled map holds no tiles, so it has no extent to import")
        c0, r0 = min(c for c, _ in used), min(r for _, r in used)
        c1, r1 = max(c for c, _ in used), max(r for _, r in used)
        cols, rows = c1 - c0 + 1, r1 - r0 + 1
        if cols * rows > MAX_CELLS:
            raise xf.error(root, f"the tiles of this infinite map span {cols} x {rows} cells, more than a map may "
                           f"hold ({MAX_CELLS:,})")
        shift = c0 if axis == "x" else r0  # the stagger follows the first column (row) kept
        even = (index == "even") != bool(shift & 1)
        big = TiledHexGeometry(axis == "x", index == "even", tw, th, side, cols, rows)
        geom = TiledHexGeometry(axis == "x", even, tw, th, side, cols, rows)
        bx, by = big.cell_origin(c0, r0)
        nx, ny = geom.cell_origin(0, 0)
        origin = (c0, r0)
        for layer in layers:
            layer.cells = {(c - c0, r - r0): g for (c, r), g in layer.cells.items()}
        notes.append(f"the infinite map is cropped to its tiles: {cols} x {rows} cells from cell ({c0}, {r0})")
        shift_x, shift_y = float(nx - bx), float(ny - by)
    else:
        shift_x = shift_y = 0.0
        for layer in layers:
            layer.cells = {(c, r): g for (c, r), g in layer.cells.items() if c < width and r < height}

    objects: list[RawObject] = []
    for name, ge, dx, dy in groups:
        for oe in ge.findall("object"):
            line = xf.line(oe)
            oe = _with_template(xf, oe, templates)
            shape, pts = _object_points(xf, oe, dx + shift_x, dy + shift_y)
            objects.append(RawObject(name, oe.get("name", ""), oe.get("class") or oe.get("type") or "", shape, pts,
                                     properties_of(oe), line))
    for layer in layers:
        if layer.hidden and layer.cells:
            notes.append(f"tile layer {layer.name!r} is hidden in Tiled; its tiles are read as the others are "
                         "(map them to 'ignore' in the tile mapping to leave them out)")
        if layer.offset != (0.0, 0.0):
            notes.append(f"tile layer {layer.name!r} is drawn shifted by ({layer.offset[0]:g}, {layer.offset[1]:g}) "
                         "px in Tiled; its tiles are read in their cells")
    return RawMap(p, geom, properties_of(root), tilesets, layers, objects, notes, origin)
