"""`hexwright export scenario.yaml -o game.vmod`: unzip the module and read buildFile.xml back: the grid
parameters, the pieces per side, every set-up stack on its hex (named by VASSAL's own numbering
arithmetic, tests/engine/test_vmod.py), the reinforcements, the turn track and the die roller."""

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

P = "VASSAL.build.module."
SHIPPED = ["fm-arnhem/scenario-1-historical.yaml", "koenig-arnhem-bridge/arnhem-bridge.yaml",
           "target-arnhem/target-arnhem.yaml"]


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
    assert root.tag == "VASSAL.launch.BasicModule" and root.get("VassalVersion") == "3.7.0"
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

    # pieces per side in the palette: every unit once, front and back images in the archive
    palette = {lw.get("entryName"): lw.findall("VASSAL.build.widget.PieceSlot")
               for lw in root.iter("VASSAL.build.widget.ListWidget")}
    for side in sc.sides:
        assert len(palette[side.name or side.id]) == len(sc.units_of(side.id))
    for slot in root.iter("VASSAL.build.widget.PieceSlot"):
        layer = slot.text.split("\t")[0]
        images = layer.split(";")[16].split(",")
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
        arriving = sum(len([u for u in r.units if u in sc.units]) for r in sc.reinforcements)
        assert sum(len(s.findall("VASSAL.build.widget.PieceSlot")) for s in stacks) == arriving
        assert all(s.get("name").startswith("Turn ") for s in stacks)
    level = root.find(f"{P}turn.TurnTracker/{P}turn.CounterTurnLevel")
    assert level is not None and level.get("loopLimit") == str(sc.turn_count)
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
