"""Every hexagonal map current Tiled writes (engine/formats/tmx_read.py, tmx.py): each test writes a small map
the way Tiled 1.8 ... 1.11 saves that feature and checks what the import makes of it, or that it is refused
at the line with the reason."""

from __future__ import annotations

import base64
import gzip
import struct
import zlib
from pathlib import Path

import pytest
from hexwright.engine.formats.tmx import propose_with_reasons, read_tmx, tmx_to_map
from hexwright.engine.formats.tmx_read import TmxError
from hexwright.engine.model.terrain import default_terrain_table

# tiles: 1 clear, 2 woods (by its class), 3 water (by its name property); a 4 x 3 flat-top map of 64 x 56 px
# tiles (regular hexes of size 32)
TILESET = """ <tileset firstgid="1" name="land" tilewidth="64" tileheight="56" tilecount="3" columns="3">
  <image source="land.png" width="192" height="56"/>
  <tile id="0" type="Grass"/>
  <tile id="1" class="Forest"/>
  <tile id="2"><properties><property name="name" value="Ocean"/></properties></tile>
 </tileset>
"""
CELLS = [1, 2, 2, 3, 1, 1, 3, 3, 2, 1, 1, 1]
WANT = {1: "clear", 2: "woods", 3: "water"}


def tmx(tmp_path: Path, layers: str, *, tileset: str = TILESET, extra: str = "", axis: str = "x",
        index: str = "odd", size: tuple[int, int] = (4, 3), tile: tuple[int, int, int] = (64, 56, 32),
        infinite: bool = False, name: str = "m.tmx") -> Path:
    p = tmp_path / name
    p.write_text(f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.11.0" orientation="hexagonal" renderorder="right-down" width="{size[0]}" \
height="{size[1]}" tilewidth="{tile[0]}" tileheight="{tile[1]}" infinite="{int(infinite)}" hexsidelength="{tile[2]}" \
staggeraxis="{axis}" staggerindex="{index}" nextlayerid="9" nextobjectid="9">
{extra}{tileset}{layers}</map>
""", encoding="utf-8")
    return p


def csv_layer(cells: list[int] = CELLS, width: int = 4, attrs: str = "") -> str:
    rows = [",".join(map(str, cells[i:i + width])) for i in range(0, len(cells), width)]
    return (f' <layer id="1" name="ground" width="{width}" height="{len(rows)}"{attrs}>\n  <data encoding="csv">\n'
            + ",\n".join(rows) + "\n</data>\n </layer>\n")


def b64_layer(cells: list[int] = CELLS, compression: str = "", raw: bytes | None = None) -> str:
    data = struct.pack(f"<{len(cells)}I", *cells) if raw is None else raw
    if compression == "zlib":
        data = zlib.compress(data)
    elif compression == "gzip":
        data = gzip.compress(data)
    comp = f' compression="{compression}"' if compression else ""
    return (f' <layer id="1" name="ground" width="4" height="3">\n  <data encoding="base64"{comp}>\n   '
            f"{base64.b64encode(data).decode()}\n  </data>\n </layer>\n")


def terrain(tmp_path: Path, p: Path) -> list[str]:
    m, _ = tmx_to_map(read_tmx(p), {})
    return [m.terrain[m.grid.offset.to_hex(c, r)] for r in range(m.grid.rows) for c in range(m.grid.columns)]


@pytest.mark.parametrize("layer", [csv_layer(), b64_layer(), b64_layer(compression="zlib"),
                                   b64_layer(compression="gzip"),
                                   ' <layer id="1" name="ground" width="4" height="3">\n  <data>\n'
                                   + "".join(f'   <tile gid="{g}"/>\n' for g in CELLS) + "  </data>\n </layer>\n"],
                         ids=["csv", "base64", "zlib", "gzip", "xml"])
def test_every_layer_encoding_reads_the_same_cells_and_tiles_are_matched_by_their_words(tmp_path, layer):
    p = tmx(tmp_path, layer)
    assert terrain(tmp_path, p) == [WANT[g] for g in CELLS]
    reasons = propose_with_reasons(read_tmx(p), default_terrain_table())
    assert reasons == {"land/0": ("clear", "class 'Grass'"), "land/1": ("woods", "class 'Forest'"),
                       "land/2": ("water", "name property 'Ocean'")}


def test_a_layer_that_inflates_beyond_its_cells_is_refused_without_inflating_it(tmp_path):
    """A 4 x 3 layer needs 48 bytes; 64 MB of zeros compress to 64 KB: refused at the <data> line."""
    p = tmx(tmp_path, b64_layer(compression="zlib", raw=bytes(64 * 1024 * 1024)))
    with pytest.raises(TmxError) as info:
        read_tmx(p)
    assert info.value.line == 10  # the <data> element
    assert "inflates to more than the 48 bytes its 12 cells need" in info.value.message


def test_zstd_and_unknown_encodings_are_refused_with_what_to_do(tmp_path):
    p = tmx(tmp_path, b64_layer().replace('encoding="base64"', 'encoding="base64" compression="zstd"'))
    with pytest.raises(TmxError) as info:
        read_tmx(p)
    assert info.value.line == 10 and "Tile Layer Format: CSV or Base64 (zlib compressed)" in info.value.message
    p = tmx(tmp_path, csv_layer(CELLS[:-1]))
    with pytest.raises(TmxError) as info:
        read_tmx(p)
    assert info.value.line == 10 and info.value.message == "the layer has 11 cells of CSV data where its size needs 12"


def test_decimal_offsets_and_class_properties_of_current_tiled(tmp_path):
    """Tiled writes offsetx="620.691" when a layer is dragged, and class-typed properties (1.8+) nest."""
    objects = """ <group id="5" name="things" offsetx="10.5" offsety="-4.25">
  <objectgroup id="2" name="marks" offsetx="0.5" offsety="0.25">
   <object id="1" name="Oosterbeek" x="117" y="88"><point/></object>
   <object id="2" name="Spawn" type="SpawnPoint" x="20" y="20">
    <properties>
     <property name="spawn" type="class" propertytype="properties_basic::SpawnPoint">
      <properties><property name="count" type="int" value="3"/><property name="ok" type="bool" value="true"/>
      </properties>
     </property>
    </properties>
    <point/>
   </object>
  </objectgroup>
 </group>
 <imagelayer id="3" name="backdrop" offsetx="620.691" offsety="321.333"><image source="b.png"/></imagelayer>
"""
    props = """ <properties>
  <property name="Rules" type="class" propertytype="game::Rules"><properties>
   <property name="turns" type="int" value="12"/></properties></property>
 </properties>
"""
    p = tmx(tmp_path, csv_layer(attrs=' offsetx="12.75" offsety="3.5"') + objects, extra=props)
    doc = read_tmx(p)
    assert doc.properties["Rules"] == {"turns": 12}
    spawn = next(o for o in doc.objects if o.name == "Spawn")
    assert spawn.properties == {"spawn": {"count": 3, "ok": True}} and spawn.layer == "things/marks"
    assert spawn.points == [(31.0, 16.0)]  # 20 + 10.5 + 0.5, 20 - 4.25 + 0.25
    m, notes = tmx_to_map(doc, {})
    # the point lands 11 px right of cell (2, 1)'s centre (128, 84): in it
    assert [(pl.text, m.label(pl.hex)) for pl in m.places] == [("Oosterbeek", "0302"), ("Spawn", "0101")]
    assert "image layer 'backdrop' not imported (a scanned map is an underlay: Map > Underlay)" in notes
    assert "tile layer 'ground' is drawn shifted by (12.75, 3.5) px in Tiled; its tiles are read in their " \
           "cells" in notes


def test_a_tileset_without_columns_an_external_tsx_and_a_collection_of_images(tmp_path):
    """Older Tiled wrote no `columns` (Tiled's own hexagonal-mini example): they follow from the image width.
    A collection of images names its tiles by their pictures (bevy_ecs_tiled's "simple hex flat top")."""
    sheet = """ <tileset firstgid="1" name="sheet" tilewidth="18" tileheight="18" spacing="2" margin="1">
  <image source="sheet.png" width="106" height="72"/>
 </tileset>
"""
    (tmp_path / "pictures").mkdir()
    (tmp_path / "pictures.tsx").write_text("""<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.11.0" name="pictures" tilewidth="64" tileheight="56" tilecount="2" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="3"><image source="pictures/forest.png" width="64" height="56"/></tile>
 <tile id="5"><image source="pictures/Moutain_02.png" width="64" height="56"/></tile>
</tileset>
""", encoding="utf-8")
    p = tmx(tmp_path, csv_layer([1, 7, 16, 23, 25, 0, 0, 0, 0, 0, 0, 0]),
            tileset=sheet + ' <tileset firstgid="20" source="pictures.tsx"/>\n')
    doc = read_tmx(p)
    assert doc.tiles["sheet/6"].rect == (1 + 1 * 20, 1 + 1 * 20, 18, 18)  # 5 columns of 18 px, 2 px apart
    assert doc.tiles["sheet/15"].rect == (1, 1 + 3 * 20, 18, 18)
    forest = doc.tiles["pictures/3"]
    assert forest.image == str((tmp_path / "pictures/forest.png").resolve()) and forest.rect is None
    reasons = propose_with_reasons(doc, default_terrain_table())
    # a misspelt mountain is a mountain; the generic table has none, nor hills: rough is the nearest kind
    assert reasons["pictures/3"] == ("woods", "picture 'forest'")
    assert reasons["pictures/5"] == ("rough", "picture 'Moutain_02'")
    assert reasons["sheet/0"] == (None, "")


def test_a_missing_external_tileset_is_refused_at_its_line(tmp_path):
    p = tmx(tmp_path, csv_layer(), tileset=' <tileset firstgid="1" source="gone.tsx"/>\n')
    with pytest.raises(TmxError) as info:
        read_tmx(p)
    assert info.value.line == 3 and info.value.message.startswith("the tileset file 'gone.tsx' is not beside the map")


def test_a_table_with_mountains_gets_them(tmp_path):
    from hexwright.engine.model.terrain import TerrainType

    table = default_terrain_table()
    del table.terrain["woods"]
    table.terrain["mountain"] = TerrainType("mountain", "Mountains", "#a08060")
    table.terrain["forest"] = TerrainType("forest", "Forest", "#206020")
    sheet = TILESET.replace('class="Forest"', 'class="Jungle"').replace('value="Ocean"', 'value="High Mountain"')
    doc = read_tmx(tmx(tmp_path, csv_layer(), tileset=sheet))
    assert propose_with_reasons(doc, table) == {"land/0": ("clear", "class 'Grass'"),
                                                "land/1": ("forest", "class 'Jungle'"),
                                                "land/2": ("mountain", "name property 'High Mountain'")}


@pytest.mark.parametrize("axis,start,want_index", [("x", -16, "odd"), ("x", -15, "even"), ("y", -15, "even"),
                                                   ("y", -16, "odd")])
def test_an_infinite_map_is_cropped_to_its_tiles_and_keeps_its_stagger(tmp_path, axis, start, want_index):
    """Chunks of 16 x 16 cells; the tiles sit from cell `start` on the stagger axis. A crop that begins on an odd
    column (row) swaps odd and even, so every cell keeps its neighbours; the objects move with the cells."""
    chunk = [0] * 256
    first = (start + 16) if axis == "x" else 0
    first_row = 0 if axis == "x" else (start + 16)
    for i, g in enumerate(CELLS):
        c, r = first + i % 4, first_row + i // 4
        chunk[r * 16 + c] = g
    rows = ",\n".join(",".join(map(str, chunk[i:i + 16])) for i in range(0, 256, 16))
    layer = (' <layer id="1" name="ground" width="40" height="40">\n  <data encoding="csv">\n'
             f'   <chunk x="-16" y="-16" width="16" height="16">\n{rows}\n</chunk>\n'
             '   <chunk x="0" y="0" width="16" height="16">\n' + ",\n".join(["0," * 15 + "0"] * 16) + "\n</chunk>\n"
             "  </data>\n </layer>\n")
    from hexwright.engine.formats.tiled_grid import TiledHexGeometry

    big = TiledHexGeometry(axis == "x", False, 64, 56, 32, 40, 40)
    c0, r0 = (start, -16) if axis == "x" else (-16, start)
    px, py = big.cell_center(c0 + 2, r0 + 1)  # the centre of the kept map's cell (2, 1)
    objects = f' <objectgroup id="2" name="o">\n  <object id="1" name="here" x="{px}" y="{py}"><point/></object>\n' \
              " </objectgroup>\n"
    tile = (64, 56, 32) if axis == "x" else (56, 64, 32)
    if axis == "y":
        big = TiledHexGeometry(False, False, 56, 64, 32, 40, 40)
        px, py = big.cell_center(c0 + 2, r0 + 1)
        objects = objects.split(' x="')[0] + f' x="{px}" y="{py}"><point/></object>\n </objectgroup>\n'
    p = tmx(tmp_path, layer + objects, axis=axis, index="odd", infinite=True, size=(40, 40), tile=tile,
            tileset=TILESET.replace('tilewidth="64" tileheight="56"', f'tilewidth="{tile[0]}" tileheight="{tile[1]}"'))
    doc = read_tmx(p)
    assert (doc.geometry.columns, doc.geometry.rows) == (4, 3)
    assert doc.geometry.stagger_even == (want_index == "even")
    m, notes = tmx_to_map(doc, {})
    assert m.grid.stagger == want_index
    assert [m.terrain[m.grid.offset.to_hex(c, r)] for r in range(3) for c in range(4)] == [WANT[g] for g in CELLS]
    assert [(pl.text, m.grid.offset.from_hex(pl.hex), pl.dx, pl.dy) for pl in m.places] == [("here", (2, 1), 0, 0)]
    assert notes[0].startswith("the infinite map is cropped to its tiles: 4 x 3 cells from cell (")


def test_an_infinite_map_without_tiles_is_refused(tmp_path):
    layer = ' <layer id="1" name="g" width="30" height="20">\n  <data encoding="csv">\n  </data>\n </layer>\n'
    with pytest.raises(TmxError) as info:
        read_tmx(tmx(tmp_path, layer, infinite=True))
    assert info.value.line == 2 and "holds no tiles" in info.value.message


def test_tiles_that_are_not_regular_hexes_keep_their_proportions(tmp_path):
    """Tiled's hexagonal-mini example: 14 x 12 px pointy-top tiles with 6 px sides. Tiled draws their centres 14 px
    apart in a row and 9 px from row to row; so does the imported map (not 10.4 px: it came out narrower)."""
    sheet = TILESET.replace('tilewidth="64" tileheight="56"', 'tilewidth="14" tileheight="12"')
    p = tmx(tmp_path, csv_layer(), tileset=sheet, axis="y", tile=(14, 12, 6))
    m, notes = tmx_to_map(read_tmx(p), {})
    lay = m.layout()
    a, b, c = (lay.hex_to_pixel(m.grid.offset.to_hex(cc, r)) for cc, r in ((0, 0), (1, 0), (0, 1)))
    assert (b[0] - a[0], c[1] - a[1]) == (pytest.approx(14), pytest.approx(9))
    assert m.grid.hex_aspect == pytest.approx(0.7423, abs=1e-4)
    assert "the Tiled tiles are not regular hexes (14 x 12 px, side 6): the map keeps their proportions " \
           "(hex_aspect 0.742)" in notes
    xs = [x for x, _ in (lay.corner_offset(i) for i in range(6))]
    ys = [y for _, y in (lay.corner_offset(i) for i in range(6))]
    assert (max(xs) - min(xs), max(ys) - min(ys)) == (pytest.approx(14), pytest.approx(12))  # Tiled's hexagon


def test_templates_rotation_and_ellipses(tmp_path):
    (tmp_path / "town.tx").write_text("""<?xml version="1.0" encoding="UTF-8"?>
<template>
 <object name="Town" type="town">
  <properties><property name="size" type="float" value="2"/></properties><point/>
 </object>
</template>
""", encoding="utf-8")
    objects = """ <objectgroup id="2" name="o">
  <object id="1" template="town.tx" x="128" y="84"/>
  <object id="2" name="LZ" x="96" y="0" width="64" height="20" rotation="90"/>
  <object id="3" name="Lake" x="0" y="0" width="100" height="70"><ellipse/></object>
 </objectgroup>
"""
    doc = read_tmx(tmx(tmp_path, csv_layer() + objects))
    town, lz, lake = doc.objects
    assert (town.name, town.type, town.shape, town.properties) == ("Town", "town", "point", {"size": 2.0})
    # rotated 90 degrees clockwise about (96, 0): the 64 x 20 box now runs down from it, 20 px to its left
    assert lz.points == [pytest.approx(p) for p in [(96, 0), (96, 64), (76, 64), (76, 0)]]
    assert lake.shape == "ellipse" and len(lake.points) == 24
    m, _ = tmx_to_map(doc, {})
    assert [(pl.text, pl.size, m.label(pl.hex)) for pl in m.places] == [("Town", 2.0, "0302")]
    assert sorted(m.label(h) for h in m.regions["Lake"].hexes) == ["0101", "0201"]


def test_xml_entities_are_refused_at_their_line(tmp_path):
    p = tmp_path / "lol.tmx"
    p.write_text('<?xml version="1.0"?>\n<!DOCTYPE map [\n <!ENTITY a "aaaaaaaaaa">\n]>\n<map>&a;</map>\n')
    with pytest.raises(TmxError) as info:
        read_tmx(p)
    assert info.value.line == 3 and "declares XML entities" in info.value.message


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("size,aspect", [(13.0, 1.0), (32.0, 1.0), (8.083, 0.7423)])
def test_hex_size_aspect_and_region_outlines_survive_export_and_import(tmp_path, orientation, size, aspect):
    """Tiled's tiles are whole even pixels, so a hex of size 13 is drawn 26 px wide with 19 px columns (not 19.5):
    the import took 12 back. The export keeps the size and aspect (`hexwright-grid`) and marks a region drawn by its
    own outline (`outline: own`), which the import kept only as hexes."""
    from hexwright.engine.formats.tmx_write import save_tmx
    from hexwright.engine.model import HexMap
    from hexwright.engine.model.hexmap import GridSpec, Region

    m = HexMap(GridSpec(6, 5, orientation, "even", hex_size=size, hex_aspect=aspect), default_terrain_table(), "clear")
    hexes = {m.grid.offset.to_hex(1, 1), m.grid.offset.to_hex(2, 1)}
    outline = [(10.0, 12.5), (60.25, 12.5), (60.25, 40.0), (10.0, 40.0)]
    m.regions["LZ"] = Region("LZ", "drop_zone", set(hexes), list(outline), [], "#204080")
    m.regions["Wood"] = Region("Wood", "zone", {m.grid.offset.to_hex(4, 3)})
    save_tmx(m, tmp_path / "m.tmx")
    back, _ = tmx_to_map(read_tmx(tmp_path / "m.tmx"), {})
    assert (back.grid.hex_size, back.grid.hex_aspect) == (size, aspect)
    assert back.regions["LZ"].hexes == hexes
    assert back.regions["LZ"].polygon == [pytest.approx(p, abs=0.01) for p in outline]
    assert back.regions["Wood"].polygon == [] and back.regions["Wood"].hexes == {m.grid.offset.to_hex(4, 3)}


def test_a_hidden_tile_layer_is_read_and_said(tmp_path):
    layers = csv_layer() + csv_layer([0] * 11 + [3]).replace('name="ground"', 'name="draft" visible="0"')
    doc = read_tmx(tmx(tmp_path, f' <group id="4" name="work" visible="0">\n{layers} </group>\n'))
    assert [name for name, _ in doc.cells] == ["work/ground", "work/draft"]
    assert doc.notes == [f"tile layer 'work/{n}' is hidden in Tiled; its tiles are read as the others are (map them to "
                         "'ignore' in the tile mapping to leave them out)" for n in ("ground", "draft")]
    assert terrain(tmp_path, tmp_path / "m.tmx")[-1] == "water"
