"""Writing a Hexwright map as a Tiled TMX map (hexagonal, CSV-encoded tile layer) with a generated
tileset image, one hexagonal tile per terrain, that Tiled opens as it is.

What goes where (each object layer is an ordinary Tiled object layer):
- the terrain of every hex: tile layer "terrain"; each tile carries `terrain`, `name` and `color`;
- hex numbers: text objects in "hex numbers", named by the label, with the hex's `elevation`, its
  in-hex `features` and its extra `locations` at other levels (ASL Arnhem Bridge 1.1: the bridge above the
  ground, as YAML flow text: `[{level: 1, terrain: bridge_deck}]`) as properties;
- places: point objects in "places" (type = the place's kind);
- regions: polygon objects in "regions" (outline of the region's hexes, or its own polygon, then marked
  `outline: own`), with the exact cells in a `cells` property;
- hexside features, bridges and paths: Tiled has nothing like them, so they are polylines in
  "hexsides and paths" (a hexside's two corners; a path from hex centre to hex centre) named by
  their code, with the hexside feature's `level` when it has one, so nothing is silently dropped; the
  importer reads them back.
- the hex size and aspect as `hexwright-grid` (Tiled's tiles are whole even pixels: a hex size of 13 is
  a 26 px tile, drawn a little off; the import takes the size back from here, exactly),
- the terrain table (movement costs and all) as the map property `hexwright-terrain-table`, and the
  hex numbering (`hexwright-labels`, as the map file's `labels:`) so that an import numbers the hexes as the
  hex number objects say unless the designer picks another numbering.

The TMX and its tileset image are saved together atomically (engine/formats/atomic.py).
"""

from __future__ import annotations

import io
import struct
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

from ..hexgrid import Hex
from ..model.hexmap import HexMap
from .atomic import atomic_write_texts
from .emit import flow
from .mapfile import dump_terrain_table
from .tiled_grid import TiledHexGeometry, geometry_for_grid, tiled_to_scene

TERRAIN_TABLE_PROPERTY = "hexwright-terrain-table"
LABELS_PROPERTY = "hexwright-labels"
OUTLINE_PROPERTY = "outline"  # "own" on a region drawn by its own polygon (not the outline of its hexes)
GRID_PROPERTY = "hexwright-grid"  # the hex size and aspect, which Tiled's whole-pixel tiles round
LAYER_TERRAIN = "terrain"
LAYER_NUMBERS = "hex numbers"
LAYER_PLACES = "places"
LAYER_REGIONS = "regions"
LAYER_LINES = "hexsides and paths"
NOT_IN_TILED = ("Tiled has no hexside features, bridges or paths: they are written as polylines in the "
                "object layer \"hexsides and paths\" (Tiled shows them; hexwright import reads them back)")


def _png_rgba(width: int, height: int, rows: list[bytes]) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + r for r in rows)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def _rgb(color: str) -> tuple[int, int, int]:
    c = color.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    try:
        return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)
    except (ValueError, IndexError):
        return 200, 200, 200


def tileset_png(geom: TiledHexGeometry, colors: list[str]) -> bytes:
    """One row of hexagonal tiles, each filled with one colour, transparent outside the hexagon."""
    tw, th = geom.tw, geom.th
    poly = geom.corners(0, 0)
    ox, oy = geom.cell_origin(0, 0)
    poly = [(x - ox, y - oy) for x, y in poly]

    def inside(px: float, py: float) -> bool:  # a convex polygon, corners in clockwise screen order
        for i in range(6):
            (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % 6]
            if (x2 - x1) * (py - y1) - (y2 - y1) * (px - x1) < 0:
                return False
        return True

    mask = [[inside(x + 0.5, y + 0.5) for x in range(tw)] for y in range(th)]
    rows = []
    for y in range(th):
        row = bytearray()
        for color in colors:
            r, g, b = _rgb(color)
            for x in range(tw):
                row += bytes((r, g, b, 255)) if mask[y][x] else b"\x00\x00\x00\x00"
        rows.append(bytes(row))
    return _png_rgba(tw * max(1, len(colors)), th, rows)


def _properties(parent: ET.Element, props: dict[str, str | int]) -> None:
    if not props:
        return
    pe = ET.SubElement(parent, "properties")
    for k, v in props.items():
        attrs = {"name": k}
        if isinstance(v, bool):
            attrs.update(type="bool", value="true" if v else "false")
        elif isinstance(v, int):
            attrs.update(type="int", value=str(v))
        elif "\n" in v:
            ET.SubElement(pe, "property", attrs).text = v
            continue
        else:
            attrs["value"] = v
        ET.SubElement(pe, "property", attrs)


def _fmt(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def tmx_document(m: HexMap, image_name: str) -> tuple[str, bytes, list[str]]:
    """The TMX text, the tileset PNG and notes on what Tiled cannot hold."""
    g = m.grid
    geom = geometry_for_grid(g)
    to_scene = tiled_to_scene(geom, g)
    off = g.offset
    s = g.hex_size
    codes = list(m.terrain_table.terrain)
    for code in sorted(set(m.terrain.values()) - set(codes)):
        codes.append(code)
    gid = {c: i + 1 for i, c in enumerate(codes)}
    notes: list[str] = []

    root = ET.Element("map", {
        "version": "1.8", "tiledversion": "1.8.2", "orientation": "hexagonal", "renderorder": "right-down",
        "width": str(g.columns), "height": str(g.rows), "tilewidth": str(geom.tw), "tileheight": str(geom.th),
        "infinite": "0", "hexsidelength": str(geom.side), "staggeraxis": "x" if geom.stagger_x else "y",
        "staggerindex": "even" if geom.stagger_even else "odd", "nextlayerid": "7", "nextobjectid": "1"})
    props: dict[str, str | int] = {}
    if m.name:
        props["name"] = m.name
    if m.notes:
        props["notes"] = m.notes
    props["default_terrain"] = m.default_terrain
    for edge, side in sorted(m.edges.items()):
        props[f"edge:{edge}"] = side
    props[TERRAIN_TABLE_PROPERTY] = dump_terrain_table(m.terrain_table, "")
    lab = g.labels
    props[LABELS_PROPERTY] = flow({"scheme": lab.kind, "first_column": lab.first_column, "first_row": lab.first_row,
                                   "digits": lab.digits, "letters": lab.letters})
    props[GRID_PROPERTY] = flow({"hex_size": g.hex_size, "hex_aspect": g.hex_aspect})
    _properties(root, props)

    ts = ET.SubElement(root, "tileset", {"firstgid": "1", "name": "terrain", "tilewidth": str(geom.tw),
                                         "tileheight": str(geom.th), "tilecount": str(len(codes)),
                                         "columns": str(len(codes))})
    ET.SubElement(ts, "image", {"source": image_name, "width": str(geom.tw * len(codes)), "height": str(geom.th)})
    colors = []
    for i, code in enumerate(codes):
        tt = m.terrain_table.terrain.get(code)
        colors.append(tt.color if tt else "#c8c8c8")
        te = ET.SubElement(ts, "tile", {"id": str(i), "type": code})
        _properties(te, {"terrain": code, "name": tt.name if tt else code, "color": colors[-1]})

    layer = ET.SubElement(root, "layer", {"id": "1", "name": LAYER_TERRAIN, "width": str(g.columns),
                                          "height": str(g.rows)})
    rows = []
    for r in range(g.rows):
        rows.append(",".join(str(gid[m.terrain[off.to_hex(c, r)]]) for c in range(g.columns)))
    ET.SubElement(layer, "data", {"encoding": "csv"}).text = "\n" + ",\n".join(rows) + "\n"

    next_id = 1

    def obj(group: ET.Element, attrs: dict[str, str]) -> ET.Element:
        nonlocal next_id
        e = ET.SubElement(group, "object", {"id": str(next_id), **attrs})
        next_id += 1
        return e

    def tiled_xy(h: Hex, dx: float = 0.0, dy: float = 0.0) -> tuple[float, float]:
        x, y = g.layout().hex_to_pixel(h)
        return to_scene.inverse(x + dx * s, y + dy * s)

    # The hex numbers and the line work are most of a large map's elements: they are written as text
    # (`_object`), each layer's text standing in for a placeholder element when the tree is written.
    numbers = ET.SubElement(root, "objectgroup", {"id": "2", "name": LAYER_NUMBERS})
    box_w, box_h = geom.tw * 0.6, geom.th * 0.3
    width, height = _fmt(box_w), _fmt(box_h)
    number_text = f'<text pixelsize="{max(6, round(geom.th * 0.2))}" halign="center" color="#ff303030">'
    number_objects: list[str] = []
    elevation, features, locations = m.elevation, m.features, m.locations
    for c in range(g.columns):
        for r in range(g.rows):
            h = off.to_hex(c, r)
            cx, cy = geom.cell_center(c, r)
            label = m.label(h)
            if h in elevation or h in features or h in locations:
                hp: dict[str, str | int] = {"cell": f"{c},{r}"}
                if elevation.get(h):
                    hp["elevation"] = elevation[h]
                if features.get(h):
                    hp["features"] = ",".join(features[h])
                if locations.get(h):
                    hp["locations"] = flow([{"level": loc.level, "terrain": loc.terrain,
                                             "features": list(loc.features)}
                                            if loc.features else {"level": loc.level, "terrain": loc.terrain}
                                            for loc in locations[h]])
                cell = _properties_text(hp, 3)
            else:  # the common case, as _properties_text writes it
                cell = f'<properties>\n    <property name="cell" value="{c},{r}" />\n   </properties>'
            attrs = (f'id="{next_id}" name="{_attrib(label)}" type="hex" x="{_fmt(cx - box_w / 2)}" '
                     f'y="{_fmt(cy - geom.th / 2 + geom.th * 0.05)}" width="{width}" height="{height}"')
            number_objects.append(_object(attrs, [cell, number_text + label.translate(_CDATA) + "</text>"]))
            next_id += 1
    if number_objects:
        ET.SubElement(numbers, _NUMBERS_HERE)

    places = ET.SubElement(root, "objectgroup", {"id": "3", "name": LAYER_PLACES})
    for p in m.places:
        if p.hex is None:
            notes.append(f"place {p.text!r} has no hex: not written")
            continue
        x, y = tiled_xy(p.hex, p.dx, p.dy)
        e = obj(places, {"name": p.text, "type": p.kind, "x": _fmt(x), "y": _fmt(y)})
        if p.size != 1.0:
            _properties(e, {"size": _fmt(p.size)})
        ET.SubElement(e, "point")

    regions = ET.SubElement(root, "objectgroup", {"id": "4", "name": LAYER_REGIONS})
    for name, reg in sorted(m.regions.items()):
        rp: dict[str, str | int] = {"color": reg.color}
        if reg.label:
            rp["label"] = reg.label
        if reg.adjacent:
            rp["adjacent"] = ",".join(reg.adjacent)
        cells = sorted(off.from_hex(h) for h in reg.hexes if m.contains(h))
        if cells:
            rp["cells"] = " ".join(f"{c},{r}" for c, r in cells)
        outlines: list[list[tuple[float, float]]] = []
        if reg.polygon:
            rp[OUTLINE_PROPERTY] = "own"
            outlines.append([to_scene.inverse(x, y) for x, y in reg.polygon])
        elif cells:
            outlines.extend(_outlines(geom, cells))
        if not outlines:
            notes.append(f"region {name!r} has no hexes and no polygon: not written")
            continue
        for pts in outlines:
            x0, y0 = pts[0]
            e = obj(regions, {"name": name, "type": reg.kind, "x": _fmt(x0), "y": _fmt(y0)})
            _properties(e, rp)
            ET.SubElement(e, "polygon", {"points": " ".join(f"{_fmt(x - x0)},{_fmt(y - y0)}" for x, y in pts)})

    lines = ET.SubElement(root, "objectgroup", {"id": "5", "name": LAYER_LINES})
    line_objects: list[str] = []
    layout = g.layout()
    corners = [layout.corner_offset(i) for i in range(6)]  # hexside_corners' offsets, computed once
    for hexside, info in sorted(m.hexsides.items()):
        a, b = hexside.hexes()
        ax, ay = layout.hex_to_pixel(a)
        pa = to_scene.inverse(ax, ay)
        pb = to_scene.inverse(*layout.hex_to_pixel(b))
        items: list[tuple[str, str]] = [("hexside", f) for f in info.features]
        if info.bridge:
            items.append(("bridge", info.bridge))
        side_label = m.hexside_label(hexside) if items or info.paths else ""
        if items:
            first, second = layout.hexside_corner_indices(hexside.direction)
            (dx1, dy1), (dx2, dy2) = corners[first], corners[second]
            ends = [to_scene.inverse(ax + dx1, ay + dy1), to_scene.inverse(ax + dx2, ay + dy2)]
            points = _points(ends)
        for kind, code in items:
            lp: dict[str, str | int] = {"hexside": side_label}
            if kind == "hexside" and info.level is not None:
                lp["level"] = info.level
            line_objects.append(_object(f'id="{next_id}" name="{_attrib(code)}" type="{kind}" x="{_fmt(ends[0][0])}" '
                                        f'y="{_fmt(ends[0][1])}"', [_properties_text(lp, 3), points]))
            next_id += 1
        if info.paths:
            points = _points([pa, pb])
            path_props = _properties_text({"hexside": side_label}, 3)
        for code in info.paths:
            line_objects.append(_object(f'id="{next_id}" name="{_attrib(code)}" type="path" x="{_fmt(pa[0])}" '
                                        f'y="{_fmt(pa[1])}"', [path_props, points]))
            next_id += 1
    count = len(line_objects)
    if line_objects:
        ET.SubElement(lines, _LINES_HERE)
    if count:
        notes.append(NOT_IN_TILED)
    if m.locations:
        notes.append(f"{len(m.locations)} hexes have extra locations at other levels: Tiled has no place for them; "
                     "they are written as the `locations` property of their hex number objects (hexwright import "
                     "reads them back)")
    if m.underlay is not None:
        notes.append("the scanned underlay is not written")
    root.set("nextobjectid", str(next_id))
    ET.indent(root, " ")
    body = xml_text(root)
    if number_objects:
        body = body.replace(f"<{_NUMBERS_HERE} />", _CHILD.join(number_objects), 1)
    if line_objects:
        body = body.replace(f"<{_LINES_HERE} />", _CHILD.join(line_objects), 1)
    text = '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"
    return text, tileset_png(geom, colors), notes


_CDATA = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ATTRIB = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\r": "&#13;", "\n": "&#10;",
                         "\t": "&#09;"})
_ATTRIB_SPECIAL = frozenset('&<>"\r\n\t')


def _attrib(v: str) -> str:
    return v.translate(_ATTRIB) if not _ATTRIB_SPECIAL.isdisjoint(v) else v


def xml_text(root: ET.Element) -> str:
    """`ET.tostring(root, encoding="unicode")` for a tree of plain tags and text attributes (no namespaces,
    comments or processing instructions), the same text in about a third of the time: ElementTree's
    writer first walks the whole tree for namespaces, then tests every element for each kind of node; a
    map at the hex bound is some 450,000 elements."""
    out = io.StringIO()
    write = out.write

    def element(e: ET.Element) -> None:
        tag = e.tag
        head = "<" + tag + "".join([f' {k}="{_attrib(v)}"' for k, v in e.attrib.items()])
        text = e.text
        if text or len(e):
            write(head + ">")
            if text:
                write(text.translate(_CDATA))
            for child in e:
                element(child)
            write("</" + tag + ">")
        else:
            write(head + " />")
        if e.tail:
            write(e.tail.translate(_CDATA))

    element(root)
    return out.getvalue()


# Objects written as text, as ET.indent(" ") and `xml_text` would write them: an object is a child of an
# object layer, itself a child of the map (indented by two spaces; its children by three, theirs by four).
_NUMBERS_HERE, _LINES_HERE = "hexwright-hex-numbers", "hexwright-lines"  # placeholders: never a TMX tag
_CHILD = "\n  "


def _object(attrs: str, children: list[str]) -> str:
    return "<object " + attrs + ">\n   " + "\n   ".join(children) + "\n  </object>"


def _properties_text(props: dict[str, str | int], level: int) -> str:
    """`_properties` as text, the `properties` element at `level` (its parent's level plus one)."""
    parts = []
    for k, v in props.items():
        name = _attrib(k)
        if isinstance(v, bool):
            parts.append(f'<property name="{name}" type="bool" value="{"true" if v else "false"}" />')
        elif isinstance(v, int):
            parts.append(f'<property name="{name}" type="int" value="{v}" />')
        elif "\n" in v:
            parts.append(f'<property name="{name}">{v.translate(_CDATA)}</property>')
        else:
            parts.append(f'<property name="{name}" value="{_attrib(v)}" />')
    inner = "\n" + " " * (level + 1)
    return "<properties>" + inner + inner.join(parts) + "\n" + " " * level + "</properties>"


def _points(pts: list[tuple[float, float]]) -> str:
    x0, y0 = pts[0]
    return '<polyline points="' + " ".join(f"{_fmt(x - x0)},{_fmt(y - y0)}" for x, y in pts) + '" />'


def _outlines(geom: TiledHexGeometry, cells: list[tuple[int, int]]) -> list[list[tuple[float, float]]]:
    """The outer outline of a set of cells, one polygon per connected part."""
    import shapely
    from shapely.geometry import Polygon

    merged = shapely.union_all([Polygon(geom.corners(c, r)) for c, r in cells], grid_size=0.5)
    parts = list(getattr(merged, "geoms", [merged]))
    return [[(float(x), float(y)) for x, y in list(p.exterior.coords)[:-1]] for p in parts if not p.is_empty]


def tileset_path(path: str | Path) -> Path:
    """The tileset image written beside a TMX: NAME.tiles.png."""
    p = Path(path)
    return p.with_name(p.stem + ".tiles.png")


def save_tmx(m: HexMap, path: str | Path) -> tuple[Path, list[str]]:
    """Write `path` (a .tmx) and its tileset image beside it (NAME.tiles.png), atomically together.
    Returns the image's path and the notes on what Tiled cannot hold."""
    p = Path(path)
    image = tileset_path(p)
    text, png, notes = tmx_document(m, image.name)
    atomic_write_texts([(p, text), (image, png)])
    return image, notes
