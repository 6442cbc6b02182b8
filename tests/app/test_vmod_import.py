"""`hexwright import game.vmod` and File > Import > VASSAL Module...: a module's hex board becomes a map whose
grid lies on the board image (the scan underlay), its pieces units, its at-start stacks the set-up.

In every run: each shipped hex scenario exported (`hexwright export`) and imported back has the same grid,
the same counters (names, sides, printed values, two sides), the same set-up, and the same reinforcements
where they enter at hexes. When the real modules
listed in tests/data/README.md are in tests/data/real/vassal/ (not in the repository), they are imported
too: their boards, grids, pieces and at-start stacks; the tests say they are skipped otherwise."""

from __future__ import annotations

import math
import zipfile
from pathlib import Path

import pytest
from hexwright.app.cli import main
from hexwright.engine.formats import load_scenario, read_map_file
from hexwright.engine.formats.vmod import arrivals
from hexwright.engine.formats.vmod_read import board_grid, read_vmod
from hexwright.engine.validation import Severity

from ..conftest import ROOT, SCENARIOS
from ..engine.test_vmod import vassal_location

REAL = ROOT / "tests" / "data" / "real" / "vassal"
HEX_SCENARIOS = ["fm-arnhem/scenario-1-historical.yaml", "fm-arnhem/scenario-2-free-deployment.yaml",
                 "koenig-arnhem-bridge/arnhem-bridge.yaml", "target-arnhem/target-arnhem.yaml"]


def _import(src: Path, out: Path, *extra: str) -> tuple[Path, Path | None]:
    assert main(["import", str(src), "-o", str(out), *extra]) == 0
    maps = sorted(out.glob("*.map.yaml"))
    scenarios = [p for p in out.glob("*.yaml") if not p.name.endswith(".map.yaml")]
    return maps[0], (scenarios[0] if scenarios else None)


@pytest.mark.parametrize("path", HEX_SCENARIOS)
def test_an_exported_scenario_imports_back_with_its_grid_counters_and_set_up(qapp, tmp_path, path, capsys):
    vmod = tmp_path / "game.vmod"
    assert main(["export", str(SCENARIOS / path), "-o", str(vmod), "--counter-size", "32"]) == 0
    map_path, sc_path = _import(vmod, tmp_path / "out")  # the rules family: the module's HexwrightRules
    sc = load_scenario(SCENARIOS / path).scenario
    back = load_scenario(sc_path)
    assert not [d for d in back.diagnostics if d.severity is Severity.ERROR]
    got = back.scenario
    g, w = got.map.grid, sc.map.grid
    assert (g.columns, g.rows, g.orientation, g.stagger, g.labels) == (w.columns, w.rows, w.orientation, w.stagger,
                                                                       w.labels)
    # the counters: every unit, its name, side, printed values and a back; the set-up hex by hex
    assert set(got.units) == set(sc.units)
    for uid, u in sc.units.items():
        v = got.units[uid]
        assert (v.name, v.side, v.values, v.steps > 1) == (u.name or uid, u.side, u.values, True)
        assert (v.nationality, v.formation, v.unit_type, v.size) == (u.nationality, u.formation, u.unit_type, u.size)
        assert "VASSAL counter: front counters/" in v.notes
    assert got.placements == sc.placements
    # the reinforcements that enter at a hex or along hexes: the same turn, side and entries (those entering by
    # a marker or an off-board area, which a module does not carry, are left for the designer)
    want_arrivals, got_arrivals = arrivals(sc), arrivals(got)
    on_map = {u: a for u, a in want_arrivals.items() if all(w.startswith("hex ") or " to " in w for w in a[2])}
    assert on_map and {u: got_arrivals.get(u) for u in on_map} == on_map
    assert [t.label or str(t.number) for t in got.turns] == [t.label or str(t.number) for t in sc.turns]
    assert [s.name for s in got.sides] == [s.name for s in sc.sides] and got.rules == sc.rules
    # the board picture under the grid: the transform puts every hex centre on the picture's
    under = got.map.underlay
    assert under is not None and (map_path.parent / under.image).is_file()
    module = read_vmod(vmod)
    b = module.hex_boards()[0]
    a, _, _, d, e, f = under.transform
    layout = g.layout()
    for h in got.map.hexes[:: max(1, len(got.map.hexes) // 60)]:
        sx, sy = layout.hex_to_pixel(h)
        px, py = (sx - e) / a, (sy - f) / d
        gattrs = {"dx": str(b.grid.dx), "dy": str(b.grid.dy), "x0": str(int(b.grid.x0)), "y0": str(int(b.grid.y0)),
                  "sideways": "true" if b.grid.sideways else "false"}
        assert vassal_location(gattrs, b.grid.numbering, round(px), round(py)) == got.map.label(h)
    assert read_map_file(map_path).grid == g


def test_an_area_module_has_no_hex_board_to_import(qapp, tmp_path, capsys):
    vmod = tmp_path / "crossing.vmod"
    assert main(["export", str(SCENARIOS / "storm-arnhem/the-crossing.yaml"), "-o", str(vmod),
                 "--counter-size", "32"]) == 0
    capsys.readouterr()
    assert main(["import", str(vmod), "-o", str(tmp_path / "out")]) == 1
    assert "no board of the module has a hex grid and an image" in capsys.readouterr().err


def test_a_file_that_is_not_a_module_is_refused_with_its_name(tmp_path, capsys):
    bad = tmp_path / "bad.vmod"
    bad.write_bytes(b"not a zip")
    assert main(["import", str(bad), "-o", str(tmp_path / "out")]) == 1
    assert f"{bad}: not a VASSAL module" in capsys.readouterr().err
    with zipfile.ZipFile(tmp_path / "broken.vmod", "w") as z:
        z.writestr("buildFile.xml", "<VASSAL.build.GameModule>\n<oops></VASSAL.build.GameModule>")
    assert main(["import", str(tmp_path / "broken.vmod"), "-o", str(tmp_path / "out")]) == 1
    assert "buildFile.xml line 2, column" in capsys.readouterr().err


def test_import_from_the_editor_opens_the_scenario_on_the_board(qtbot, tmp_path):
    from hexwright.app.editor.interchange_actions import export_vassal, import_vassal

    from tests.app.test_editor_support import make_window

    win = make_window(qtbot, tmp_path)
    assert win.open_path(SCENARIOS / "koenig-arnhem-bridge/arnhem-bridge.yaml", ask_save=False)
    assert export_vassal(win, str(tmp_path / "k.vmod"), quiet=True) is not None
    opened = import_vassal(win, str(tmp_path / "k.vmod"), str(tmp_path / "imported"), quiet=True)
    assert opened is not None and opened.parent == tmp_path / "imported"
    sc = win.document.scenario
    assert sc is not None and len(sc.units) == 24 and win.document.map.underlay is not None
    assert "Imported k.vmod" in win.statusBar().currentMessage()
    assert win.kind_editor.act_import_vassal.text() == "&VASSAL Module…"


# -- modules VASSAL wrote (tests/data/README.md): imported when present ------------------------------------

def _real(name: str) -> Path:
    p = REAL / name
    if not p.is_file():
        pytest.skip(f"{p.relative_to(ROOT)} is not here (a published module, not in the repository; "
                    "tests/data/README.md says where to get it)")
    return p


def _grid_matches_vassal(map_path: Path, vmod: Path, board_name: str | None = None) -> int:
    """Every hex centre of the imported map, taken back to the board image, is the hex VASSAL names there
    (when the grid has a numbering) and lies on the board or less than half a hex past its edge (the grid is
    a rectangle of columns: one column's end hex may stand half off the board where the next one's is on it);
    returns the number of hexes."""
    m = read_map_file(map_path)
    module = read_vmod(vmod)
    b = next(x for x in module.hex_boards() if board_name in (None, x.name))
    a, _, _, d, e, f = m.underlay.transform
    layout = m.grid.layout()
    image = map_path.parent / m.underlay.image
    from hexwright.engine.digitize.scan import image_size

    w, h = image_size(image)
    attrs = {"dx": str(b.grid.dx), "dy": str(b.grid.dy), "x0": str(int(b.grid.x0)), "y0": str(int(b.grid.y0)),
             "sideways": "true" if b.grid.sideways else "false"}
    for hx in m.hexes:
        sx, sy = layout.hex_to_pixel(hx)
        px, py = (sx - e) / a, (sy - f) / d
        half = b.grid.dy / 2
        assert -half < px < w + half and -half < py < h + half
        if b.grid.numbering:
            assert vassal_location(attrs, b.grid.numbering, math.floor(px + 0.5), math.floor(py + 0.5)) == \
                m.label(hx)
    assert board_grid(b.grid, w, h).grid == m.grid
    return len(m.hexes)


def test_real_kassala_imports_its_board_grid_pieces_and_set_up(tmp_path):
    """Kassala (VASSAL 3.6.6): one board, a HexGrid without numbering, 13 counter pictures; its at-start stacks
    stand at board points, each set up on the hex holding the point."""
    vmod = _real("kassala.vmod")
    map_path, sc_path = _import(vmod, tmp_path / "k")
    assert _grid_matches_vassal(map_path, vmod) == 80
    sc = load_scenario(sc_path).scenario
    assert len(sc.units) == 36 and len(sc.placements) == 23
    assert [s.name for s in sc.sides] == ["Moslem", "Christian"]  # the roster's; each piece named by its side
    assert len(list((tmp_path / "k" / "counters").iterdir())) == 13


def test_real_longest_day_imports_its_normandy_board_and_2070_pieces(tmp_path):
    """The Longest Day (written by VASSAL 2.9, `VASSAL.build.GameModule`): the Normandy board, numbered, 96 x 78 hexes;
    every one of its 2,070 piece slots a unit (their pictures are made by the module's build, not stored)."""
    vmod = _real("tld.vmod")
    map_path, sc_path = _import(vmod, tmp_path / "t")
    assert _grid_matches_vassal(map_path, vmod) == 96 * 78
    sc = load_scenario(sc_path).scenario
    assert len(sc.units) == 2070 and [s.name for s in sc.sides][:2] == ["Allies", "Germans"]


@pytest.mark.parametrize("board", ["Metal Pitch", "The Tesla Dome", "The Coliseum", "The Gamma Dome",
                                   "Burbidge Dome"])
def test_real_dreadball_imports_each_sideways_pitch(tmp_path, board):
    """Dreadball (VASSAL 3.2.8, `VASSAL.launch.BasicModule`): five pitches of sideways (pointy-top) hexes, each a
    board of its own chosen with --board."""
    vmod = _real("dreadball.vmod")
    map_path, sc_path = _import(vmod, tmp_path / "d", "--board", board)
    assert _grid_matches_vassal(map_path, vmod, board) > 200
    assert read_map_file(map_path).grid.orientation == "pointy"
    assert len(load_scenario(sc_path).scenario.units) == 65


def test_real_module_without_its_board_picture_is_refused_with_the_reason(tmp_path, capsys):
    """Vive l'Empereur: its board picture is not in the archive (the public copy lacks it): refused, naming it."""
    vmod = _real("vive-lempereur.vmod")
    assert main(["import", str(vmod), "-o", str(tmp_path / "v")]) == 1
    assert "the board image vive-lempereur map v2.png of board 'Map' is not in the module" in capsys.readouterr().err


def _two_boards(tmp_path: Path) -> Path:
    """The Koenig module with a second hex board named 'East' (the same picture, the grid's origin a column to
    the right), as modules with several boards have them."""
    import copy
    import xml.etree.ElementTree as ET

    src = tmp_path / "one.vmod"
    assert main(["export", str(SCENARIOS / "koenig-arnhem-bridge/arnhem-bridge.yaml"), "-o", str(src),
                 "--counter-size", "32"]) == 0
    out = tmp_path / "two.vmod"
    with zipfile.ZipFile(src) as z, zipfile.ZipFile(out, "w") as w:
        for name in z.namelist():
            data = z.read(name)
            if name == "buildFile.xml":
                root = ET.fromstring(data)
                picker = next(root.iter("VASSAL.build.module.map.BoardPicker"))
                east = copy.deepcopy(picker[0])
                east.set("name", "East")
                grid = next(east.iter("VASSAL.build.module.map.boardPicker.board.HexGrid"))
                grid.set("x0", str(int(grid.get("x0")) + round(float(grid.get("dx")))))
                picker.append(east)
                data = ET.tostring(root)
            w.writestr(name, data)
    return out


def test_a_module_with_several_hex_boards_imports_the_one_chosen(qtbot, tmp_path, monkeypatch):
    from hexwright.app.editor import interchange_actions
    from hexwright.app.editor.interchange_actions import import_vassal

    from tests.app.test_editor_support import make_window

    vmod = _two_boards(tmp_path)
    first, _ = _import(vmod, tmp_path / "a")
    east, _ = _import(vmod, tmp_path / "b", "--board", "East")
    g1, g2 = read_map_file(first).grid, read_map_file(east).grid
    # the East board's grid has its origin a column to the right: the same hexes, named a column less (the
    # first column 00) and so staggered the other way
    other = "odd" if g1.stagger == "even" else "even"
    assert (g2.columns, g2.labels.first_column, g2.stagger) == (g1.columns, g1.labels.first_column - 1, other)
    assert main(["import", str(vmod), "-o", str(tmp_path / "c"), "--board", "West"]) == 1

    asked = []

    def choose(parent, title, label, items, current, editable):
        asked.append(list(items))
        return "East", True

    monkeypatch.setattr(interchange_actions.QInputDialog, "getItem", staticmethod(choose))
    win = make_window(qtbot, tmp_path)
    opened = import_vassal(win, str(vmod), str(tmp_path / "gui"), quiet=True)
    assert asked == [["Map", "East"]] and opened is not None
    assert win.document.map.grid == g2


def test_a_modules_folder_imports_as_its_vmod_does(qapp, tmp_path):
    """Module sources kept unzipped (buildFile.xml, moduledata, images/, as repositories of modules hold them)
    import as the zipped module does."""
    vmod = tmp_path / "k.vmod"
    assert main(["export", str(SCENARIOS / "koenig-arnhem-bridge/arnhem-bridge.yaml"), "-o", str(vmod),
                 "--counter-size", "32"]) == 0
    with zipfile.ZipFile(vmod) as z:
        z.extractall(tmp_path / "sources")
    zipped_map, zipped_sc = _import(vmod, tmp_path / "a")
    folder_map, folder_sc = _import(tmp_path / "sources", tmp_path / "b")
    assert read_map_file(folder_map).grid == read_map_file(zipped_map).grid
    assert (tmp_path / "b" / "map.png").read_bytes() == (tmp_path / "a" / "map.png").read_bytes()
    a, b = load_scenario(zipped_sc).scenario, load_scenario(folder_sc).scenario
    assert (b.units.keys(), b.placements) == (a.units.keys(), a.placements)
    assert sorted(p.name for p in (tmp_path / "b" / "counters").iterdir()) == \
        sorted(p.name for p in (tmp_path / "a" / "counters").iterdir())
