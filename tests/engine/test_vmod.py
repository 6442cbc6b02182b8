"""The VASSAL module writer (engine/formats/vmod.py): piece definitions encoded as VASSAL's
SequenceEncoder encodes them, and a HexGrid whose numbering names every hex as Hexwright does. The
grid is checked by running VASSAL's own arithmetic (HexGrid.getRawColumn/getRawRow,
HexGridNumbering.getRow/getColumn/getCenterPoint, RegularGridNumbering.getName, ported below line by
line) on every hex centre."""

from __future__ import annotations

import math

import pytest
from hexwright.engine.formats.vmod import SequenceEncoder, piece_definition, vassal_grid
from hexwright.engine.hexgrid import LabelScheme
from hexwright.engine.model import HexMap
from hexwright.engine.model.hexmap import GridSpec

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _jround(v: float) -> int:  # java.lang.Math.round
    return math.floor(v + 0.5)


def _jrem(a: int, b: int) -> int:  # Java's %: the sign of the dividend
    return int(math.fmod(a, b))


def _name(n: int, kind: str, leading: int) -> str:  # RegularGridNumbering.getName(int, char, int)
    val = "-" if n < 0 else ""
    n = abs(n)
    if kind == "A":
        while True:
            val += ALPHABET[n % 26]
            n -= 26
            if n < 0:
                return val
    while leading > 0 and n < 10 ** leading:
        leading -= 1
        val += "0"
    return val + str(n)


def vassal_location(attrs: dict[str, str], numbering: dict[str, str], x: int, y: int) -> str:
    """The location name VASSAL gives point (x, y) of a board with this HexGrid and HexGridNumbering."""
    sideways = attrs["sideways"] == "true"
    if sideways:
        x, y = y, x
    x0, y0, dx, dy = int(attrs["x0"]), int(attrs["y0"]), float(attrs["dx"]), float(attrs["dy"])
    raw_col = math.floor((x - x0) / dx + 0.5)
    nx = _jround((x - x0) / dx)
    ny = _jround((y - y0) / dy) if _jrem(nx, 2) == 0 else _jround((y - y0 - dy / 2) / dy)
    if numbering["stagger"] == "true" and _jrem(raw_col, 2) != 0:
        ny += 1
    row = _name(ny + int(numbering["vOff"]), numbering["vType"], int(numbering["vLeading"]))
    col = _name(raw_col + int(numbering["hOff"]), numbering["hType"], int(numbering["hLeading"]))
    return col + numbering["sep"] + row if numbering["first"] == "H" else row + numbering["sep"] + col


def vassal_center(attrs: dict[str, str], numbering: dict[str, str], col: int, row: int) -> tuple[int, int]:
    """HexGridNumbering.getCenterPoint(col, row) of VASSAL's raw column and row (after the offsets)."""
    if numbering["stagger"] == "true" and _jrem(col, 2) != 0:
        row -= 1
    x0, y0, dx, dy = int(attrs["x0"]), int(attrs["y0"]), float(attrs["dx"]), float(attrs["dy"])
    px = int(col * dx) + x0
    py = (int(row * dy) if _jrem(col, 2) == 0 else int(row * dy + dy / 2)) + y0
    return (py, px) if attrs["sideways"] == "true" else (px, py)


def grid_attrs(grid: GridSpec, scale: float) -> tuple[dict[str, str], dict[str, str], list[str]]:
    g, notes = vassal_grid(grid, scale)
    attrs = {"dx": f"{g.dx:.4f}", "dy": f"{g.dy:.4f}", "x0": str(g.x0), "y0": str(g.y0),
             "sideways": "true" if g.sideways else "false"}
    return attrs, g.numbering, notes


LABELS = [LabelScheme("xxyy", 1, 1, 2), LabelScheme("xxyy", 10, 0, 2), LabelScheme("xxyy", 1, 1, 3),
          LabelScheme("letter_number", 1, 1), LabelScheme("letter_number", 3, 0)]


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("stagger", ["odd", "even"])
@pytest.mark.parametrize("labels", LABELS, ids=lambda s: f"{s.kind}-{s.first_column}-{s.first_row}-{s.digits}")
def test_vassal_names_every_hex_centre_as_hexwright_labels_it(orientation, stagger, labels):
    m = HexMap(GridSpec(30, 28, orientation, stagger, labels, 32.0))
    scale = 1.44
    attrs, numbering, notes = grid_attrs(m.grid, scale)
    assert notes == []
    layout = m.grid.layout(m.grid.hex_size * scale)
    for h in m.hexes:
        x, y = layout.hex_to_pixel(h)
        assert vassal_location(attrs, numbering, round(x), round(y)) == m.label(h)
        # a point well inside the hex, off centre, is still that hex (the grid's spacing is right)
        assert vassal_location(attrs, numbering, round(x + 9), round(y - 7)) == m.label(h)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("stagger", ["odd", "even"])
@pytest.mark.parametrize("aspect", [1.0, 0.7423, 1.1547])
def test_vassals_centre_of_each_hex_is_hexwrights(orientation, stagger, aspect):
    """Also for grids whose hexes are not regular (imported from Tiled maps: hex_aspect)."""
    grid = GridSpec(12, 9, orientation, stagger, LabelScheme(), 30.0, aspect)
    attrs, numbering, _ = grid_attrs(grid, 1.0)
    layout = grid.layout()
    for c in range(12):
        for r in range(9):
            h = grid.offset.to_hex(c, r)
            vc, vr = (r, c) if orientation == "pointy" else (c, r)  # sideways: VASSAL's columns are screen rows
            x, y = vassal_center(attrs, numbering, vc, vr)
            hx, hy = layout.hex_to_pixel(h)
            assert abs(x - hx) <= 1.5 and abs(y - hy) <= 1.5, (c, r)


def test_the_grid_of_a_flat_map():
    g, _ = vassal_grid(GridSpec(39, 26, "flat", "odd", LabelScheme(), 32.0), 1.0)
    assert (g.dx, round(g.dy, 4), g.x0, g.y0, g.sideways, g.stagger) == (48.0, 55.4256, 32, 28, False, False)
    assert (g.numbering["hOff"], g.numbering["vOff"], g.numbering["hLeading"], g.numbering["first"]) == \
        ("1", "1", "1", "H")


def test_spreadsheet_letters_past_z_are_noted():
    _, notes = vassal_grid(GridSpec(30, 5, "flat", "odd", LabelScheme("letter_number", letters="spreadsheet")), 1.0)
    assert len(notes) == 1 and "AA, BB" in notes[0]


def test_sequence_encoder_escapes_as_vassal_does():
    assert SequenceEncoder(";").append("a").append("").append("b;c").value() == "a;;b\\;c"
    assert SequenceEncoder(";", "").append("").append("img.png").append("Name").value() == ";;img.png;Name"
    assert SequenceEncoder(",").append("\\x").value() == "'\\x'"
    assert SequenceEncoder(";").append(["a", "b,c"]).value() == "a,b\\,c"
    assert SequenceEncoder(";").append(True).append(1.0).append(3).value() == "true;1.0;3"


def test_a_piece_definition_is_a_layer_over_a_basic_piece():
    text = piece_definition("2/9th SS", "f.png", "b.png")
    assert text.startswith("+/null/emb2;")
    piece_type, _, piece_state = text[len("+/null/"):].partition("/1\t")
    layer, basic = piece_type.split("\t")
    assert basic == "piece;;;;2\\/9th SS"  # the name's slash escaped for the command's "/" separator
    tokens = layer[len("emb2;"):].split(";")
    assert tokens[15] == "f.png,b.png" and tokens[16] == ",+ (reduced)" and tokens[18] == "Side"
    assert tokens[27] == "70,130"  # Ctrl+F flips
    assert piece_state == "null;0;0;;0"


def test_a_piece_with_properties_has_a_marker_outside_its_layer_as_vassal_nests_traits():
    """Decorator types nest (`MINE<TAB>INNER`, the inner escaped a level deeper): VASSAL's decoder peels the
    Marker, then the Layer, then finds the BasicPiece; the Marker's state holds the values."""
    from .vassal_source import basic_piece, layer_images, piece_traits

    text = piece_definition("A;1", "f.png", "b.png", {"Side": "Allied, 1st", "UnitId": "A/1", "attack": "4"})
    types, states = piece_traits(text)
    assert [t.split(";")[0] for t in types] == ["mark", "emb2", "piece"]
    assert types[0] == "mark;Side,UnitId,attack" and states[0] == "Allied\\, 1st,A/1,4"
    assert layer_images(types[1])[0] == ["f.png", "b.png"] and basic_piece(types[2]) == ("", "A;1")
    assert states[1:] == ["1", "null;0;0;;0"]


def test_the_vassal_source_checks_catch_what_vassal_would_not_read():
    """The checks the shipped scenarios' modules pass (tests/app/test_vmod_export.py) do fail on the defects
    they stand for: the deprecated root, `$level1$` in the turn report, an attribute no class reads, a
    missing image, a Region outside its Zone and a set-up location no zone names."""
    import xml.etree.ElementTree as ET

    from .vassal_source import check_build_file

    p, b = "VASSAL.build.module.", "VASSAL.build.module.map.boardPicker."
    root = ET.fromstring(
        f'<VASSAL.launch.BasicModule name="x"><{p}turn.TurnTracker reportFormat="Turn $level1$" colour="red"/>'
        f'<{p}Map mapName="Main"><{p}map.BoardPicker><{b}Board name="Map" image="gone.png">'
        f'<{b}board.ZonedGrid><{b}board.mapgrid.Zone name="1" path="0,0;10,0;10,10;0,10" '
        f'locationFormat="$gridLocation$"><{b}board.RegionGrid><{b}board.Region name="1" originx="50" originy="5"/>'
        f'</{b}board.RegionGrid></{b}board.mapgrid.Zone></{b}board.ZonedGrid></{b}Board></{p}map.BoardPicker>'
        f'<{p}map.SetupStack name="s" owningBoard="Map" useGridLocation="true" location="2"/></{p}Map>'
        '</VASSAL.launch.BasicModule>')
    problems = "\n".join(check_build_file(root, set()))
    for expected in ("root element VASSAL.launch.BasicModule", "$level1$ is not known", "attribute 'colour'",
                     "image gone.png not in the module", "region 1 lies outside it", "no zone names 2"):
        assert expected in problems
