"""Tiled TMX both ways (engine/formats/tmx.py, tmx_write.py, tiled_grid.py): a map written by hand the
way Tiled saves it imports with the right terrain; export then import gives back every hex."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from hexwright.engine.formats.mapfile import read_map_file
from hexwright.engine.formats.tiled_grid import TiledHexGeometry, geometry_for_grid, tiled_to_scene
from hexwright.engine.formats.tmx import (
    TmxError,
    mapping_problems,
    propose_mapping,
    read_tile_mapping,
    read_tmx,
    save_tile_mapping,
    tmx_to_map,
    unmapped_tiles,
)
from hexwright.engine.formats.tmx_write import save_tmx, tmx_document
from hexwright.engine.hexgrid import LabelScheme
from hexwright.engine.model import HexMap
from hexwright.engine.model.hexmap import GridSpec, Place, Region
from hexwright.engine.model.terrain import default_terrain_table

from ..conftest import SCENARIOS

# A 4 x 3 flat-top map as Tiled 1.8 saves it: Map > New, Orientation Hexagonal, tile 64 x 56, hex side
# 32, stagger axis X, stagger index Odd; a tileset of three tiles (the second with a property, the third
# with a type), CSV layer data, and an object layer with a point and a polygon.
HAND_MADE = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" renderorder="right-down" width="4" height="3" \
tilewidth="64" tileheight="56" infinite="0" hexsidelength="32" staggeraxis="{axis}" staggerindex="{index}" \
nextlayerid="3" nextobjectid="3">
 <tileset firstgid="1" name="landscape" tilewidth="64" tileheight="56" tilecount="3" columns="3">
  <image source="landscape.png" width="192" height="56"/>
  <tile id="1">
   <properties>
    <property name="terrain" value="woods"/>
   </properties>
  </tile>
  <tile id="2" type="marsh"/>
 </tileset>
 <layer id="1" name="Tile Layer 1" width="4" height="3">
  <data encoding="csv">
1,2,2,3,
1,1,3,3,
2,1,1,1
</data>
 </layer>
 <objectgroup id="2" name="Object Layer 1">
  <object id="1" name="Oosterbeek" type="town" x="{px}" y="{py}">
   <point/>
  </object>
  <object id="2" name="LZ S" x="0" y="0">
   <polygon points="0,0 100,0 100,60 0,60"/>
  </object>
 </objectgroup>
</map>
"""
EXPECTED = [["first", "woods", "woods", "marsh"], ["first", "first", "marsh", "marsh"],
            ["woods", "first", "first", "first"]]


def _hand_made(tmp_path, axis="x", index="odd", point=(150, 90)):
    p = tmp_path / "hand.tmx"
    p.write_text(HAND_MADE.format(axis=axis, index=index, px=point[0], py=point[1]), encoding="utf-8")
    return p


@pytest.mark.parametrize("axis,index", [("x", "odd"), ("x", "even"), ("y", "odd"), ("y", "even")])
def test_a_map_saved_the_way_tiled_saves_it_imports_with_the_right_terrain(tmp_path, axis, index):
    doc = read_tmx(_hand_made(tmp_path, axis, index))
    table = default_terrain_table()
    mapping = propose_mapping(doc, table)
    # the tile with no property is not guessed; the one with a terrain property and the one whose type
    # names a terrain are
    assert mapping == {"landscape/0": None, "landscape/1": "woods", "landscape/2": "marsh"}
    # a tile without a terrain does not stop the import (its cells are said in a note); a code the table
    # does not have does, in words
    assert mapping_problems(doc, mapping, table) == []
    assert unmapped_tiles(doc, mapping) == ["landscape/0"]
    assert mapping_problems(doc, {**mapping, "landscape/0": "swamp"}, table) == [
        "tile landscape/0 is mapped to 'swamp', which is neither a terrain nor a feature of the terrain table "
        "'generic' (its terrains: clear, woods, rough, marsh, city, water; its features: village, fortification)"]
    mapping["landscape/0"] = "clear"
    m, notes = tmx_to_map(doc, mapping, LabelScheme("xxyy", 1, 1, 2))
    assert m.grid.orientation == ("flat" if axis == "x" else "pointy")
    assert m.grid.stagger == index
    assert (m.grid.columns, m.grid.rows) == (4, 3)
    for r, row in enumerate(EXPECTED):
        for c, want in enumerate(row):
            h = m.grid.offset.to_hex(c, r)
            assert m.terrain[h] == ("clear" if want == "first" else want), (c, r)
            assert m.label(h) == f"{c + 1:02d}{r + 1:02d}"
    # 64 x 56 px tiles with 32 px sides are regular flat-top hexes; standing up (stagger y) they are not, and the
    # map keeps Tiled's proportions: hexes 64 px apart in a row, rows 44 px apart, as Tiled draws them
    if axis == "x":
        assert notes == [] and m.grid.hex_aspect == 1.0 and m.grid.hex_size == 32
    else:
        assert notes == ["the Tiled tiles are not regular hexes (64 x 56 px, side 32): the map keeps their proportions "
                         "(hex_aspect 0.794)"]
        a, b, below = (m.layout().hex_to_pixel(m.grid.offset.to_hex(c, r)) for c, r in ((0, 0), (1, 0), (0, 1)))
        assert b[0] - a[0] == pytest.approx(64) and below[1] - a[1] == pytest.approx(44)


def test_objects_become_places_and_regions_in_the_hexes_they_cover(tmp_path):
    # cell (2, 1) of the flat-top odd map: column 2 starts at x = 2 * 48 = 96, its centre is (128, 84)
    doc = read_tmx(_hand_made(tmp_path, point=(128, 84)))
    m, _ = tmx_to_map(doc, {"landscape/0": "clear", "landscape/1": "woods", "landscape/2": "marsh"})
    (place,) = m.places
    assert (place.text, place.kind, m.label(place.hex)) == ("Oosterbeek", "town", "0302")
    assert (place.dx, place.dy) == (0.0, 0.0)
    region = m.regions["LZ S"]
    # the rectangle 0..100 x 0..60 holds the centres (32, 28) of 0101 and (80, 56) of 0201
    assert sorted(m.label(h) for h in region.hexes) == ["0101", "0201"]


def test_numbering_is_the_users_choice(tmp_path):
    doc = read_tmx(_hand_made(tmp_path))
    m, _ = tmx_to_map(doc, {"landscape/0": "clear", "landscape/1": "woods", "landscape/2": "marsh"},
                      LabelScheme("letter_number", 1, 0))
    assert m.label(m.grid.offset.to_hex(3, 2)) == "D2"


@pytest.mark.parametrize("orientation", ["orthogonal", "isometric", "staggered"])
def test_maps_that_are_not_hexagonal_are_refused_at_the_map_line(tmp_path, orientation):
    text = HAND_MADE.format(axis="x", index="odd", px=0, py=0).replace('orientation="hexagonal"',
                                                                      f'orientation="{orientation}"')
    p = tmp_path / "square.tmx"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(TmxError) as info:
        read_tmx(p)
    assert info.value.line == 2
    assert f"this Tiled map is {orientation}" in str(info.value) and "hexagonal maps only" in str(info.value)
    assert str(info.value).startswith(f"{p}:2: ")


def test_broken_xml_is_refused_with_its_line(tmp_path):
    p = tmp_path / "broken.tmx"
    text = HAND_MADE.format(axis="x", index="odd", px=0, py=0).replace("</layer>", "</layr>")
    p.write_text(text, encoding="utf-8")
    with pytest.raises(TmxError) as info:
        read_tmx(p)
    assert info.value.line == text.splitlines().index(" </layr>") + 1 and "not a well-formed TMX" in info.value.message


def test_the_tile_mapping_file_round_trips_and_bad_entries_name_their_line(tmp_path):
    p = tmp_path / "tiles.yaml"
    save_tile_mapping(p, {"landscape/1": "woods", "landscape/0": "clear", "landscape/10": "ignore"})
    assert read_tile_mapping(p) == {"landscape/0": "clear", "landscape/1": "woods", "landscape/10": "ignore"}
    p.write_text("kind: hexwright-tile-mapping\ntiles:\n  landscape/0: clear\n  landscape/1: [woods]\n")
    with pytest.raises(TmxError) as info:
        read_tile_mapping(p)
    assert info.value.line == 4


def _random_map(orientation: str, stagger: str, seed: int) -> HexMap:
    rng = random.Random(seed)
    m = HexMap(GridSpec(9, 7, orientation, stagger, LabelScheme("xxyy", 1, 1, 2), 30.0), default_terrain_table())
    codes = list(m.terrain_table.terrain)
    m.set_terrain({h: rng.choice(codes) for h in m.hexes})
    return m


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("stagger", ["odd", "even"])
def test_export_then_import_gives_back_the_same_terrain_in_every_hex(tmp_path, orientation, stagger):
    m = _random_map(orientation, stagger, seed=len(orientation) + len(stagger))
    a, b = m.hexes[3], m.hexes[4]
    m.link_path(a, b, "road")
    m.places = [Place("Arnhem", m.hexes[10], "city", 1.3, 0.2, -0.1)]
    m.regions["dz"] = Region("dz", "drop_zone", {m.hexes[20], m.hexes[21], m.hexes[40]}, color="#2060c0")
    m.features[m.hexes[5]] = ("village",)
    m.elevation[m.hexes[6]] = 2
    image, notes = save_tmx(m, tmp_path / "out.tmx")
    assert image.exists() and image.read_bytes().startswith(b"\x89PNG")
    back, _ = tmx_to_map(read_tmx(tmp_path / "out.tmx"), {}, m.grid.labels)
    assert {h: back.terrain[h] for h in back.hexes} == m.terrain
    assert back.hexsides == m.hexsides
    assert [(p.text, p.hex, p.kind, p.size, p.dx, p.dy) for p in back.places] == [
        ("Arnhem", m.hexes[10], "city", 1.3, 0.2, -0.1)]
    assert back.regions["dz"].hexes == m.regions["dz"].hexes and back.regions["dz"].kind == "drop_zone"
    assert back.features == m.features and back.elevation == m.elevation


@pytest.mark.parametrize("path", ["fm-arnhem/arnhem-corridor.map.yaml", "koenig-arnhem-bridge/arnhem-bridge-map.yaml",
                                  "target-arnhem/target-arnhem-map.yaml"])
def test_shipped_maps_survive_the_round_trip(tmp_path, path):
    m = read_map_file(SCENARIOS / path)
    assert m is not None
    _, notes = save_tmx(m, tmp_path / "m.tmx")
    back, _ = tmx_to_map(read_tmx(tmp_path / "m.tmx"), {}, m.grid.labels)
    assert back.terrain == m.terrain
    assert back.hexsides == m.hexsides
    assert {n: r.hexes for n, r in back.regions.items()} == {n: r.hexes for n, r in m.regions.items()}
    assert [(p.text, p.hex) for p in back.places] == [(p.text, p.hex) for p in m.places if p.hex is not None]
    assert back.terrain_table.terrain.keys() == m.terrain_table.terrain.keys()
    if m.hexsides:
        assert any("polylines" in n for n in notes)


def test_the_written_tmx_states_tileds_hex_geometry(tmp_path):
    m = _random_map("flat", "odd", 1)
    save_tmx(m, tmp_path / "g.tmx")
    root = ET.parse(tmp_path / "g.tmx").getroot()
    assert root.get("orientation") == "hexagonal" and root.get("staggeraxis") == "x"
    assert root.get("staggerindex") == "odd"
    assert (root.get("tilewidth"), root.get("tileheight"), root.get("hexsidelength")) == ("60", "52", "30")
    data = root.find("layer/data")
    assert data is not None and data.get("encoding") == "csv"
    assert len(data.text.strip().splitlines()) == 7


def test_cell_centres_map_onto_hex_centres_exactly():
    for orientation in ("flat", "pointy"):
        for stagger in ("odd", "even"):
            grid = GridSpec(7, 5, orientation, stagger, hex_size=25.0)
            geom = geometry_for_grid(grid)
            to_scene = tiled_to_scene(geom, grid)
            layout = grid.layout()
            for c in range(7):
                for r in range(5):
                    x, y = to_scene.forward(*geom.cell_center(c, r))
                    hx, hy = layout.hex_to_pixel(grid.offset.to_hex(c, r))
                    assert abs(x - hx) < 1e-9 and abs(y - hy) < 1e-9


def test_tiled_integer_geometry():
    g = TiledHexGeometry(True, False, 64, 56, 32, 4, 3)
    assert (g.column_width, g.row_height) == (48, 28)
    assert g.cell_origin(1, 0) == (48, 28) and g.cell_origin(2, 0) == (96, 0)
    assert g.pixel_size() == (4 * 48 + 16, 3 * 56 + 28)
    odd_tiles = TiledHexGeometry(True, False, 65, 57, 31, 2, 2)  # Tiled rounds tile sizes down to even
    assert (odd_tiles.tw, odd_tiles.th, odd_tiles.column_width) == (64, 56, 47)


def test_a_map_without_a_tile_for_every_cell_says_which_terrain_they_got(tmp_path):
    text = HAND_MADE.format(axis="x", index="odd", px=0, py=0).replace("2,1,1,1\n", "2,1,0,0\n")
    p = tmp_path / "holes.tmx"
    p.write_text(text, encoding="utf-8")
    m, notes = tmx_to_map(read_tmx(p), {"landscape/0": "clear", "landscape/1": "woods", "landscape/2": "marsh"})
    assert notes[0] == "2 cells have no tile mapped to a terrain: they are Clear"
    assert m.terrain[m.grid.offset.to_hex(3, 2)] == "clear"


def test_an_external_tileset_is_read_from_beside_the_map(tmp_path):
    """Tiled saves shared tilesets as .tsx files of their own, named by the map's <tileset source=...>."""
    text = HAND_MADE.format(axis="x", index="odd", px=0, py=0)
    start, end = text.index(" <tileset"), text.index("</tileset>") + len("</tileset>")
    inner = text[start:end].replace(' firstgid="1"', "")
    (tmp_path / "landscape.tsx").write_text('<?xml version="1.0" encoding="UTF-8"?>\n' + inner.strip() + "\n",
                                            encoding="utf-8")
    p = tmp_path / "external.tmx"
    p.write_text(text[:start] + ' <tileset firstgid="1" source="landscape.tsx"/>' + text[end:], encoding="utf-8")
    doc = read_tmx(p)
    assert sorted(doc.tiles) == ["landscape/0", "landscape/1", "landscape/2"]
    m, _ = tmx_to_map(doc, {"landscape/0": "clear"})
    assert m.terrain[m.grid.offset.to_hex(1, 0)] == "woods" and m.terrain[m.grid.offset.to_hex(3, 0)] == "marsh"


def test_rotated_and_flipped_tiles_are_the_same_tile(tmp_path):
    """Tiled marks a tile rotated on a hexagonal map (its Z key) with the gid flag 0x10000000 and a flipped
    one with 0x80000000 / 0x40000000: the cell is still that tile, with its terrain."""
    p = _hand_made(tmp_path)
    rotated, flipped = 1 | 0x10000000, 2 | 0x80000000 | 0x10000000
    p.write_text(p.read_text().replace("1,2,2,3,\n", f"{rotated},{flipped},2,3,\n"), encoding="utf-8")
    doc = read_tmx(p)
    assert set(doc.tiles) == {"landscape/0", "landscape/1", "landscape/2"}
    m, _ = tmx_to_map(doc, {"landscape/0": "clear"}, None, default_terrain_table())
    for r, row in enumerate(EXPECTED):
        for c, want in enumerate(row):
            assert m.terrain[m.grid.offset.to_hex(c, r)] == ("clear" if want == "first" else want)


def test_a_tile_seen_only_rotated_keeps_its_terrain_property(tmp_path):
    p = _hand_made(tmp_path)
    p.write_text(p.read_text().replace("1,2,2,3,\n", f"1,{2 | 0x10000000},{2 | 0x10000000},3,\n")
                 .replace("2,1,1,1\n", "1,1,1,1\n"), encoding="utf-8")
    doc = read_tmx(p)
    assert propose_mapping(doc, default_terrain_table())["landscape/1"] == "woods"
    assert doc.tiles["landscape/1"].count == 2


def test_a_missing_file_or_a_folder_is_said_plainly(tmp_path):
    with pytest.raises(TmxError) as missing:
        read_tmx(tmp_path / "nope.tmx")
    assert str(missing.value) == f"{tmp_path / 'nope.tmx'}: the file does not exist"
    with pytest.raises(TmxError) as folder:
        read_tmx(tmp_path)
    assert str(folder.value) == f"{tmp_path}: this is a folder, not a Tiled map file"


def test_a_tile_mapping_with_odd_ids_is_saved_in_order_not_a_traceback(tmp_path):
    p = tmp_path / "m.yaml"
    save_tile_mapping(p, {"b/10": "woods", "b/9": None, "a/x": "clear", "a/2": "marsh"}, {"b/10": "class 'Forest'"})
    assert p.read_text().splitlines() == ["kind: hexwright-tile-mapping", "tiles:", "  a/x: clear", "  a/2: marsh",
                                          "  b/9: ignore", "  b/10: woods  # class 'Forest'"]


def test_the_tmx_text_is_what_elementtree_writes():
    """The writer's own serializer (speed: a map at the hex bound is some 450,000 elements) gives exactly
    ElementTree's text: escaped attributes (quotes, ampersands, new lines, tabs, carriage returns), escaped
    text, tails, empty elements, nesting, and the indentation ET.indent gives."""
    from hexwright.engine.formats.tmx_write import xml_text

    root = ET.Element("map", {"name": 'F&M "Arnhem" <1944>', "notes": "two\nlines\tand\r\nmore", "n": "7"})
    props = ET.SubElement(root, "properties")
    ET.SubElement(props, "property", {"name": "plain", "value": "woods"})
    ET.SubElement(props, "property", {"name": "text"}).text = "a < b & c > d\n\"quoted\" 'single'"
    layer = ET.SubElement(root, "layer", {"id": "1"})
    ET.SubElement(layer, "data", {"encoding": "csv"}).text = "\n1,2,\n3,4\n"
    group = ET.SubElement(root, "objectgroup")
    for k in range(3):
        o = ET.SubElement(group, "object", {"id": str(k), "name": f"h{k}&"})
        ET.SubElement(o, "polyline", {"points": "0,0 1.5,2"})
        ET.SubElement(o, "text", {"halign": "center"}).text = f"{k:04d}"
    ET.SubElement(root, "empty")
    ET.indent(root, " ")
    root[0].tail = "\n & tail <x>\n "  # a tail that needs escaping
    assert xml_text(root) == ET.tostring(root, encoding="unicode")


def test_every_shipped_map_exports_the_same_text_through_elementtree():
    from hexwright.engine.formats.tmx_write import tmx_document, xml_text

    checked = 0
    for path in sorted(SCENARIOS.glob("*/*map*.yaml")):
        m = read_map_file(path)
        if not isinstance(m, HexMap):  # the area map: not a Tiled map
            continue
        checked += 1
        text, _png, _notes = tmx_document(m, "x.png")
        tree = ET.fromstring(text)
        assert text == '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(tree, encoding="unicode") + "\n"
        assert xml_text(tree) == ET.tostring(tree, encoding="unicode")
    assert checked == 4


def test_the_objects_written_as_text_are_what_the_tree_writer_gives():
    """The hex numbers and the line work are written as text (speed: they are most of a large map's elements):
    re-indenting the parsed document as the tree writer did (ET.indent, one space) and writing it again gives
    the same text, on every shipped hex map (elevations, in-hex features, locations at other levels, bridges,
    hexside features at a level, paths), and the objects are numbered 1, 2, 3... in the order they are written."""
    checked = 0
    for path in sorted(SCENARIOS.glob("*/*map*.yaml")):
        m = read_map_file(path)
        if not isinstance(m, HexMap):
            continue
        checked += 1
        text, _png, _notes = tmx_document(m, "x.png")
        tree = ET.fromstring(text)
        ET.indent(tree, " ")
        assert text == '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(tree, encoding="unicode") + "\n"
        ids = [int(o.get("id")) for o in tree.iter("object")]
        assert ids == list(range(1, len(ids) + 1))
        assert tree.get("nextobjectid") == str(len(ids) + 1)
        layers = {g.get("name"): g for g in tree.iter("objectgroup")}
        assert len(layers["hex numbers"]) == len(m.hexes)
        assert len(layers["hexsides and paths"]) == sum(len(i.features) + bool(i.bridge) + len(i.paths)
                                                        for i in m.hexsides.values())
    assert checked == 4
