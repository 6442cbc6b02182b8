"""Reading a VASSAL module's grid back (engine/formats/vmod_read.py): for every orientation, stagger and
numbering Hexwright exports, the grid `board_grid` makes of the exported HexGrid is the map's own grid, and
its underlay transform puts each hex centre where VASSAL's arithmetic (tests/engine/test_vmod.py, ported
from VASSAL 3.7) puts it; names VASSAL gives are the labels Hexwright prints."""

from __future__ import annotations

import pytest
from hexwright.engine.formats.vmod import vassal_grid
from hexwright.engine.formats.vmod_read import (
    HexGridDef,
    VmodError,
    board_grid,
    hex_at_point,
    hex_of_name,
    module_from_xml,
    raw_centre,
    vassal_name,
)
from hexwright.engine.hexgrid import LabelScheme
from hexwright.engine.model import HexMap
from hexwright.engine.model.hexmap import GridSpec

from .test_vmod import LABELS, vassal_location


def _def(grid: GridSpec, scale: float) -> HexGridDef:
    g, _ = vassal_grid(grid, scale)
    return HexGridDef(round(g.dx, 4), round(g.dy, 4), g.x0, g.y0, g.sideways, g.numbering)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("stagger", ["odd", "even"])
@pytest.mark.parametrize("labels", LABELS, ids=lambda s: f"{s.kind}-{s.first_column}-{s.first_row}-{s.digits}")
def test_the_grid_read_back_is_the_exported_grid(orientation, stagger, labels):
    grid = GridSpec(23, 17, orientation, stagger, labels, 32.0)
    scale = 1.37
    g = _def(grid, scale)
    w, h = grid.pixel_size(grid.hex_size * scale)
    bg = board_grid(g, round(w), round(h))
    assert bg.notes == ()
    got = bg.grid
    assert (got.columns, got.rows, got.orientation, got.stagger, got.labels) == \
        (grid.columns, grid.rows, orientation, stagger, labels)
    m, back = HexMap(grid), HexMap(got)
    a, _, _, d, e, f = bg.transform
    layout, back_layout = grid.layout(grid.hex_size * scale), got.layout()
    attrs = {"dx": str(g.dx), "dy": str(g.dy), "x0": str(g.x0), "y0": str(g.y0),
             "sideways": "true" if g.sideways else "false"}
    for hx in m.hexes:
        px, py = layout.hex_to_pixel(hx)  # the board pixel of the hex's centre
        sx, sy = back_layout.hex_to_pixel(back.hex_at(m.label(hx)))
        # VASSAL keeps the origin in whole pixels: its centres lie within half a pixel of the picture's
        assert abs(a * px + e - sx) <= 0.51 and abs(d * py + f - sy) <= 0.51
        assert vassal_location(attrs, g.numbering, round(px), round(py)) == m.label(hx)
        c, r = grid.offset.from_hex(hx)
        vc, vr = (r, c) if orientation == "pointy" else (c, r)  # VASSAL's raw column and row, row as named
        if stagger == "even" and vc % 2:
            vr -= 1
        vx, vy = raw_centre(g, vc, vr)  # exactly: the transform maps VASSAL's centre onto the hex's
        assert abs(a * vx + e - sx) < 1e-6 and abs(d * vy + f - sy) < 1e-6, (c, r)
        assert hex_of_name(bg, g, m.label(hx)) == (c, r) == hex_at_point(bg, px + 5, py - 4)


def test_vassal_names_and_centres_of_raw_cells():
    g = HexGridDef(48.0, 55.0, 30.0, 28.0, False, {"hOff": "1", "vOff": "1", "hLeading": "1", "vLeading": "1",
                                                    "stagger": "false", "first": "H", "sep": "", "hType": "N",
                                                    "vType": "N"})
    assert vassal_name(g, 0, 0) == "0101" and vassal_name(g, 3, 4) == "0405"
    assert raw_centre(g, 1, 0) == (78.0, 55.5)
    letters = HexGridDef(48.0, 55.0, 30.0, 28.0, False, {**g.numbering, "hType": "A", "hOff": "0", "hLeading": "0",
                                                         "vLeading": "0"})
    assert vassal_name(letters, 0, 0) == "A1" and vassal_name(letters, 27, 2) == "BB3"


def test_a_grid_without_numbering_is_numbered_from_0101_with_a_note():
    """A board whose HexGrid has no HexGridNumbering (as many modules draw them): every hex whose centre lies a
    quarter hex inside the board, numbered 0101, 0102, ... and said so."""
    bg = board_grid(HexGridDef(100.0, 115.0, 51.0, 55.0, False, {}), 820, 1180)
    assert (bg.grid.columns, bg.grid.rows, bg.grid.labels) == (8, 10, LabelScheme())
    assert any("no numbering" in n for n in bg.notes)


def test_a_grid_far_finer_than_its_board_is_refused():
    """VASSAL's grid runs on over the whole board: one of a few pixels a hex (a grid left at its defaults on a
    large picture) is refused rather than made into a map of a million hexes."""
    with pytest.raises(VmodError, match="at most 400 a side"):
        board_grid(HexGridDef(3.0, 3.5, 0.0, 0.0, False, {}), 4000, 3000)


def test_a_grid_over_the_hex_bound_is_refused():
    """About 300 x 300 hexes fit the 400 a side but not a map's 60,000 hexes: the map written would not load."""
    with pytest.raises(VmodError, match=r"= 89,700 hexes on the board, more than a map may have \(60,000\)"):
        board_grid(HexGridDef(10.0, 11.5, 0.0, 0.0, False, {}), 3000, 3450)


def test_pieces_through_prototypes_with_two_sides_and_marker_properties():
    """A piece's front is its BasicPiece image, its back the second level of its own two-level Layer; the traits
    of its prototypes are read but their layers (markers drawn over it) are not taken as its sides."""
    import xml.etree.ElementTree as ET

    from hexwright.engine.formats.vmod import piece_definition

    own = piece_definition("2/9th SS", "f.png", "b.png", {"Side": "German", "attack": "4"})
    proto = "+/null/emb2;;0;;;0;;;0;;;;1;false;0;0;disrupted.png,shaken.png;,;true;State;;;false;;1;1;true;;;;;" \
        "1.0;;true\tpiece;;;;/1\tnull;0;0;;0"
    root = ET.fromstring(
        '<VASSAL.build.GameModule name="G"><VASSAL.build.module.PlayerRoster><entry>Allied</entry>'
        '<entry>German</entry></VASSAL.build.module.PlayerRoster>'
        f'<VASSAL.build.module.PrototypeDefinition name="Unit">{proto}</VASSAL.build.module.PrototypeDefinition>'
        '<VASSAL.build.module.PieceWindow name="Counters"><VASSAL.build.widget.ListWidget entryName="Allied">'
        '<VASSAL.build.widget.PieceSlot entryName="x">+/null/prototype;Unit\tpiece;;;a.png;1st Para/\tnull;0;0;;0'
        '</VASSAL.build.widget.PieceSlot>'
        f'<VASSAL.build.widget.PieceSlot entryName="2/9th SS">{own}</VASSAL.build.widget.PieceSlot>'
        '</VASSAL.build.widget.ListWidget></VASSAL.build.module.PieceWindow></VASSAL.build.GameModule>')
    module = module_from_xml(root, "g.vmod")
    para, ss = module.pieces
    assert (para.name, para.front, para.back, para.palette) == ("1st Para", "a.png", None, ("Counters", "Allied"))
    assert (ss.name, ss.front, ss.back, ss.properties) == ("2/9th SS", "f.png", "b.png", {"Side": "German",
                                                                                         "attack": "4"})
    assert module.sides == ["Allied", "German"]


def test_a_boards_grid_is_its_own_or_its_zoned_grids_background_not_a_zones():
    """A Zone's HexGrid covers that zone alone (a turn track, a box): not the board's grid."""
    import xml.etree.ElementTree as ET

    b = "VASSAL.build.module.map.boardPicker."
    hexgrid = f'<{b}board.HexGrid dx="50" dy="58" x0="10" y0="20" sideways="false"/>'
    background = hexgrid.replace('x0="10"', 'x0="11"')
    zone = f'<{b}board.mapgrid.Zone name="Track" path="0,0;9,0;9,9">{hexgrid}</{b}board.mapgrid.Zone>'

    def board(name: str, inner: str) -> str:
        return f'<{b}Board name="{name}" image="{name}.png">{inner}</{b}Board>'

    root = ET.fromstring(
        '<VASSAL.build.GameModule><VASSAL.build.module.Map mapName="M"><VASSAL.build.module.map.BoardPicker>'
        + board("zones-only", f"<{b}board.ZonedGrid>{zone}</{b}board.ZonedGrid>")
        + board("background", f"<{b}board.ZonedGrid>{zone}{background}</{b}board.ZonedGrid>")
        + board("plain", hexgrid)
        + '</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.build.GameModule>')
    boards = {x.name: x for x in module_from_xml(root, "m.vmod").boards}
    assert boards["zones-only"].grid is None
    assert boards["background"].grid is not None and boards["background"].grid.x0 == 11
    assert boards["plain"].grid is not None and [x.name for x in module_from_xml(root, "m.vmod").hex_boards()] == \
        ["background", "plain"]


def test_pictures_of_one_name_in_two_folders_stay_two_files():
    from hexwright.engine.formats.vmod_import import import_board
    from hexwright.engine.formats.vmod_read import BoardDef, ModuleDef, PieceDef

    grid = HexGridDef(48.0, 55.4256, 32.0, 28.0, False, {})
    board = BoardDef("Main Map", "Map", "map.png", 800, 600, grid)
    pieces = [PieceDef("A", "allied/unit.png", "allied/unit_b.png"), PieceDef("B", "german/unit.png", None),
              PieceDef("C", "allied/unit.png", None)]
    module = ModuleDef("m.vmod", "M", "1", "3.7", ["Allied", "German"], [board], pieces, [])
    result = import_board(module, board, (800, 600), "map.png")
    assert result.images == {"map.png": "map.png", "counters/unit.png": "allied/unit.png",
                             "counters/unit_b.png": "allied/unit_b.png", "counters/2-unit.png": "german/unit.png"}
    notes = {u.name: u.notes for u in result.scenario.units.values()}
    assert notes["B"] == "VASSAL counter: front counters/2-unit.png" and "counters/unit.png" in notes["C"]
