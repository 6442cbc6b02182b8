"""`hexwright export scenario.yaml -o game.vmod`: unzip the module and read buildFile.xml back: the grid
parameters, the pieces, every set-up stack on its hex (named by VASSAL's own numbering arithmetic,
tests/engine/test_vmod.py) or area (its zone and region, tests/engine/vassal_source.py), the
reinforcements (each unit once), the turn track and the die roller; and every shipped scenario's module
passes the checks ported from VASSAL 3.7's source (tests/engine/vassal_source.py)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
import zipfile
from collections import Counter

import pytest
from hexwright.app.cli import main
from hexwright.engine.formats import load_scenario
from hexwright.engine.formats.vmod import vassal_grid
from hexwright.engine.validation import Severity

from ..conftest import SCENARIOS
from ..engine.test_vmod import vassal_location
from ..engine.vassal_source import B, check_build_file, layer_images, piece_traits, zone_location

P = "VASSAL.build.module."
SHIPPED = ["fm-arnhem/scenario-1-historical.yaml", "koenig-arnhem-bridge/arnhem-bridge.yaml",
           "target-arnhem/target-arnhem.yaml"]
EVERY_SCENARIO = sorted(str(p.relative_to(SCENARIOS)) for p in SCENARIOS.glob("*/*.yaml")
                        if "kind: hexwright-scenario" in p.read_text(encoding="utf-8")[:400])


def _export(tmp_path, path: str, size: int = 32):
    out = tmp_path / "game.vmod"
    assert main(["export", str(SCENARIOS / path), "-o", str(out), "--counter-size", str(size)]) == 0
    with zipfile.ZipFile(out) as z:
        return set(z.namelist()), ET.fromstring(z.read("buildFile.xml"))


def test_every_shipped_scenario_is_found():
    assert len(EVERY_SCENARIO) >= 5 and "storm-arnhem/the-crossing.yaml" in EVERY_SCENARIO


@pytest.mark.parametrize("path", EVERY_SCENARIO)
def test_every_shipped_scenario_exports_a_module_vassal_reads(qapp, tmp_path, path):
    """Classes, attributes, format properties, piece definitions, images, zones and set-up locations as
    VASSAL 3.7 reads them; each unit once among the set-up stacks and the palette."""
    names, root = _export(tmp_path, path)
    assert check_build_file(root, names) == []
    sc = load_scenario(SCENARIOS / path).scenario
    slots = [s.get("entryName") for s in root.iter("VASSAL.build.widget.PieceSlot")]
    assert sorted(slots) == sorted(u.name or u.id for u in sc.units.values())


@pytest.mark.parametrize("path", SHIPPED)
def test_the_module_reads_back_with_the_scenarios_grid_pieces_and_set_up(qapp, tmp_path, path, capsys):
    out = tmp_path / "game.vmod"
    assert main(["export", str(SCENARIOS / path), "-o", str(out), "--counter-size", "48"]) == 0
    result = load_scenario(SCENARIOS / path)
    assert not [d for d in result.diagnostics if d.severity is Severity.ERROR]
    sc = result.scenario
    with zipfile.ZipFile(out) as z:
        names = set(z.namelist())
        root = ET.fromstring(z.read("buildFile.xml"))
        meta = ET.fromstring(z.read("moduledata"))
    assert root.tag == "VASSAL.build.GameModule" and root.get("VassalVersion") == "3.7.0"
    assert meta.findtext("name") == sc.title

    main_map = next(m for m in root.findall(P + "Map") if m.get("mapName") == "Main Map")
    board = main_map.find(f"{P}map.BoardPicker/{P}map.boardPicker.Board")
    assert board is not None and f"images/{board.get('image')}" in names
    grid = board.find(P + "map.boardPicker.board.HexGrid")
    numbering = grid.find(P + "map.boardPicker.board.mapgrid.HexGridNumbering")
    scale = 48 / (0.8 * 3 ** 0.5 * sc.map.grid.hex_size)
    want, _ = vassal_grid(sc.map.grid, scale)
    assert (float(grid.get("dx")), float(grid.get("dy"))) == (round(want.dx, 4), round(want.dy, 4))
    assert (int(grid.get("x0")), int(grid.get("y0"))) == (want.x0, want.y0)
    assert grid.get("sideways") == ("true" if sc.map.grid.orientation == "pointy" else "false")
    assert numbering.attrib == want.numbering

    # the palette holds the units neither set up nor arriving, each once; every piece has both sides
    palette = [s.get("entryName") for lw in root.iter("VASSAL.build.widget.ListWidget")
               for s in lw.findall("VASSAL.build.widget.PieceSlot")]
    arriving = {u for r in sc.reinforcements for u in r.units} - set(sc.placements)
    assert sorted(palette) == sorted(u.name or u.id for u in sc.units.values()
                                     if u.id not in sc.placements and u.id not in arriving)
    for slot in root.iter("VASSAL.build.widget.PieceSlot"):
        types = piece_traits(slot.text)[0]
        images, _, _ = layer_images(next(t for t in types if t.startswith("emb2;")))
        assert types[0].startswith("mark;Side,UnitId")  # the Marker: side, id and values, read back on import
        assert len(images) == 2 and all(f"images/{i}" in names for i in images)
    gpids = [s.get("gpid") for s in root.iter("VASSAL.build.widget.PieceSlot")]
    assert len(gpids) == len(set(gpids)) and int(root.get("nextPieceSlotId")) > max(map(int, gpids))

    # the order of battle: every placed unit on its hex, and the stack's point named that hex by VASSAL
    placed = Counter()
    for stack in main_map.findall(P + "map.SetupStack"):
        label = stack.get("location")
        assert vassal_location(grid.attrib, numbering.attrib, int(stack.get("x")), int(stack.get("y"))) == label
        for slot in stack.findall("VASSAL.build.widget.PieceSlot"):
            placed[label] += 1
            uid = next(u for u, lab in sc.placements.items() if lab == label and
                       (sc.units[u].name or u) == slot.get("entryName"))
            assert sc.placements[uid] == label
    assert placed == Counter(sc.placements.values())

    if sc.reinforcements:
        held = next(m for m in root.findall(P + "Map") if m.get("mapName") == "Reinforcements")
        stacks = held.findall(P + "map.SetupStack")
        assert sum(len(s.findall("VASSAL.build.widget.PieceSlot")) for s in stacks) == len(arriving & set(sc.units))
        assert all(s.get("name").startswith("Turn ") for s in stacks)
    level = root.find(f"{P}turn.TurnTracker/{P}turn.CounterTurnLevel")
    listed = root.find(f"{P}turn.TurnTracker/{P}turn.ListTurnLevel")
    if any(t.label for t in sc.turns):  # turns named as the scenario names them
        assert listed is not None and len(listed.get("list").split(",")) == sc.turn_count
    else:
        assert level is not None and level.get("loopLimit") == str(sc.turn_count)
    assert "level" not in root.find(f"{P}turn.TurnTracker").get("reportFormat")
    dice = root.find(P + "DiceButton")
    assert dice is not None and (dice.get("nDice"), dice.get("nSides")) == ("1", "6")


def test_a_map_alone_is_refused_for_a_module(tmp_path, capsys):
    assert main(["export", str(SCENARIOS / "fm-arnhem/arnhem-corridor.map.yaml"), "-o",
                 str(tmp_path / "m.vmod")]) == 2
    assert "a VASSAL module is made from a scenario" in capsys.readouterr().err


def test_an_unknown_suffix_is_refused(tmp_path, capsys):
    assert main(["export", str(SCENARIOS / "fm-arnhem/arnhem-corridor.map.yaml"), "-o", str(tmp_path / "m.zip")]) == 2
    assert "use .tmx (Tiled) or .vmod (VASSAL)" in capsys.readouterr().err


def test_units_set_up_at_a_level_get_a_stack_of_their_own_and_a_note(qapp, tmp_path, capsys):
    """VASSAL has no locations within a hex: the unit on the bridge (R18:1, ASL Arnhem Bridge 1.1) starts in
    hex R18, in a stack named R18:1, and the export says so; VASSAL's own numbering names both stacks' hexes."""
    src = SCENARIOS.parent / "docs" / "examples" / "asl-bridge-locations.yaml"
    out = tmp_path / "asl.vmod"
    assert main(["export", str(src), "-o", str(out)]) == 0
    assert "B-648 set up at R18:1 start in hex R18" in capsys.readouterr().err
    with zipfile.ZipFile(out) as z:
        root = ET.fromstring(z.read("buildFile.xml"))
    main_map = next(m for m in root.findall(P + "Map") if m.get("mapName") == "Main Map")
    grid = main_map.find(f"{P}map.BoardPicker/{P}map.boardPicker.Board/{P}map.boardPicker.board.HexGrid")
    numbering = grid.find(P + "map.boardPicker.board.mapgrid.HexGridNumbering")
    stacks = {s.get("name"): s for s in main_map.findall(P + "map.SetupStack")}
    assert set(stacks) == {"R18:1: 6-4-8 squad", "R19: 4-6-7 squad"}
    for s in stacks.values():
        assert vassal_location(grid.attrib, numbering.attrib, int(s.get("x")), int(s.get("y"))) == s.get("location")
    assert stacks["R18:1: 6-4-8 squad"].get("location") == "R18"


def test_an_area_scenario_gets_its_area_map_as_the_board_and_each_area_as_a_zone(qapp, tmp_path):
    """Storm over Arnhem: The Crossing: the drawn area map is the board; each area a Zone named by its number
    (and name) holding one Region named by its number, so pieces snap into areas and VASSAL names their
    location by the area's number; the units set up in areas 4 and 23 start there; the units that may enter
    in zone D or E (The Crossing 2.1) stand once in the holding window, their stack naming both zones."""
    names, root = _export(tmp_path, "storm-arnhem/the-crossing.yaml")
    sc = load_scenario(SCENARIOS / "storm-arnhem/the-crossing.yaml").scenario
    main_map = next(m for m in root.findall(P + "Map") if m.get("mapName") == "Main Map")
    board = main_map.find(f"{P}map.BoardPicker/{B}Board")
    assert (int(board.get("width")), int(board.get("height"))) == (round(sc.area_map.width),
                                                                   round(sc.area_map.height))
    zoned = board.find(B + "board.ZonedGrid")
    zones = {z.get("name"): z for z in zoned.findall(B + "board.mapgrid.Zone")}
    assert len(zones) == len(sc.area_map.areas)
    assert "17 Ramp, east houses" in zones and "1" in zones
    for aid in sc.area_map.areas:
        p = zone_location(zoned, aid)
        assert p is not None and sc.area_map.area_at(*p) == aid
    stacks = {s.get("location"): s for s in main_map.findall(P + "map.SetupStack")}
    assert set(stacks) == {"4", "23"}
    assert len(stacks["23"].findall("VASSAL.build.widget.PieceSlot")) == 3
    held = next(m for m in root.findall(P + "Map") if m.get("mapName") == "Reinforcements")
    held_names = [s.get("name") for s in held.findall(P + "map.SetupStack")]
    assert "Turn A British (enter zone D or zone E)" in held_names
    pieces = [s.get("entryName") for s in root.iter("VASSAL.build.widget.PieceSlot")]
    assert len(pieces) == len(sc.units) == len(set(u for u in sc.units))
    level = root.find(f"{P}turn.TurnTracker/{P}turn.ListTurnLevel")
    assert level is not None and level.get("list") == "A,B,1,2,3,4,5"


def test_counter_images_of_ids_that_differ_only_in_replaced_characters_do_not_collide():
    from hexwright.app.interchange.vassal import counter_file_stems

    stems = counter_file_stems(["A/1", "A_1", "a_1", "B 2", "..", ""])
    assert len({s.lower() for s in stems.values()}) == 6
    assert stems["A/1"] == "A_1" and stems["A_1"] == "A_1-2" and stems["a_1"] == "a_1-3"
    assert all(s and "/" not in s and not s.startswith(".") for s in stems.values())


def test_an_area_map_or_area_scenario_is_refused_for_tiled(tmp_path, capsys):
    for src in ("storm-arnhem/the-crossing-map.yaml", "storm-arnhem/the-crossing.yaml"):
        out = tmp_path / "x.tmx"
        assert main(["export", str(SCENARIOS / src), "-o", str(out)]) == 2
        assert "a Tiled map is made from a hex map" in capsys.readouterr().err and not out.exists()


def test_the_area_editor_exports_its_scenario_as_a_module(qtbot, tmp_path):
    """File > Export VASSAL Module… of the area editor: the open scenario (The Crossing) as a module whose main
    board is its area map with a zone per area, checked as VASSAL reads it."""
    from hexwright.app.areamap.document import AreaMapDocument
    from hexwright.app.editor.interchange_actions import export_vassal
    from hexwright.app.editor.window import EditorWindow

    doc, diags = AreaMapDocument.open(SCENARIOS / "storm-arnhem/the-crossing.yaml")
    assert doc is not None, [d.format() for d in diags]
    win = EditorWindow(doc)
    win.ask_to_save = False
    qtbot.addWidget(win)
    assert win.kind_editor.act_export_vassal in win.kind_editor.file_actions()
    assert export_vassal(win, str(tmp_path / "crossing"), quiet=True) == []
    with zipfile.ZipFile(tmp_path / "crossing.vmod") as z:
        names, root = set(z.namelist()), ET.fromstring(z.read("buildFile.xml"))
    assert check_build_file(root, names) == []
    assert len(list(root.iter(B + "board.mapgrid.Zone"))) == len(doc.area_map.areas)
