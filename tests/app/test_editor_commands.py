"""Every undo command: redo, undo, redo gives the same model, and undo gives back the original
(compared as the saved file text)."""

from __future__ import annotations

import copy

import pytest
from hexwright.app.editor.commands import (
    ChangeRegion,
    EditPlaces,
    EditRegion,
    EraseHexes,
    LinkPath,
    PaintTerrain,
    ResizeGrid,
    SetElevation,
    SetFeatures,
    SetHexside,
    SetLocations,
    SetMapProperties,
    SetUnderlay,
    UnlinkPath,
    new_stroke,
)
from hexwright.engine.formats import dump_map
from hexwright.engine.hexgrid import LabelScheme, hexside_between
from hexwright.engine.model.hexmap import GridSpec, HexsideInfo, Location, Place, Region, Underlay
from PySide6.QtGui import QUndoStack

from tests.app.test_editor_support import small_map


def _h(m, c, r):
    return m.grid.offset.to_hex(c, r)


def _rename(m):
    region = copy.deepcopy(m.regions["drop zone X"])
    region.name = "DZ Y"
    return ChangeRegion(m, region, "drop zone X")


COMMANDS = {
    "PaintTerrain": lambda m: PaintTerrain(m, {_h(m, 0, 0): "woods", _h(m, 1, 0): "water"}),
    "SetFeatures": lambda m: SetFeatures(m, {_h(m, 0, 0): ("village", "fortification"), _h(m, 4, 4): ()}),
    "SetElevation": lambda m: SetElevation(m, {_h(m, 0, 0): 2, _h(m, 6, 6): 0}),
    "SetHexside": lambda m: SetHexside(m, {
        hexside_between(_h(m, 0, 0), _h(m, 0, 1)): HexsideInfo(("stream",)),
        hexside_between(_h(m, 7, 3), _h(m, 7, 4)): None}),
    "SetLocations": lambda m: SetLocations(m, {_h(m, 0, 0): (Location(1, "city", ("village",)),)}),
    "EraseHexes": lambda m: EraseHexes(m, [_h(m, 2, 2), _h(m, 4, 4)]),
    "LinkPath": lambda m: LinkPath(m, "trail", [(_h(m, 3, 3), _h(m, 3, 4)), (_h(m, 3, 4), _h(m, 4, 4))]),
    "UnlinkPath": lambda m: UnlinkPath(m, "road", [(_h(m, 1, 1), _h(m, 1, 2))]),
    "EditRegion": lambda m: EditRegion(m, "drop zone X", add=[_h(m, 0, 0)], remove=[_h(m, 8, 8)]),
    "ChangeRegion create": lambda m: ChangeRegion(m, Region("area P", "area", {_h(m, 1, 1)})),
    "ChangeRegion rename": _rename,
    "ChangeRegion delete": lambda m: ChangeRegion(m, None, "drop zone X"),
    "EditPlaces": lambda m: EditPlaces(m, [Place("Arnhem", _h(m, 5, 5), "city")]),
    "SetUnderlay": lambda m: SetUnderlay(m, Underlay("scan.png", (0.5, 0.0, 0.0, 0.5, 3.0, 4.0), 0.4)),
    "ResizeGrid smaller": lambda m: ResizeGrid(m, GridSpec(6, 5)),
    "ResizeGrid numbering": lambda m: ResizeGrid(m, GridSpec(12, 10, labels=LabelScheme("letter_number"))),
    "SetMapProperties": lambda m: SetMapProperties(m, "renamed", "notes here", "woods"),
}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_redo_undo_redo_gives_the_same_model(qapp, name):
    m = small_map()
    original = dump_map(m)
    stack = QUndoStack()
    stack.push(COMMANDS[name](m))  # push runs redo
    after = dump_map(m)
    assert after != original, "the command must change the map"
    stack.undo()
    assert dump_map(m) == original
    stack.redo()
    assert dump_map(m) == after
    stack.undo()
    assert dump_map(m) == original


def test_every_command_class_is_covered():
    import hexwright.app.editor.commands as mod

    classes = {n for n in mod.__all__ if isinstance(getattr(mod, n), type) and n != "MapCommand"}
    covered = {k.split()[0] for k in COMMANDS}
    assert classes <= covered


def test_stamps_of_one_stroke_merge_into_one_step(qapp):
    m = small_map()
    original = dump_map(m)
    stack = QUndoStack()
    stroke = new_stroke()
    for c in range(5):
        stack.push(PaintTerrain(m, {_h(m, c, 0): "rough", _h(m, c, 1): "rough"}, stroke))
    assert stack.count() == 1
    assert stack.text(0) == "Paint 10 hexes"
    stack.undo()
    assert dump_map(m) == original


def test_different_strokes_do_not_merge(qapp):
    m = small_map()
    stack = QUndoStack()
    stack.push(PaintTerrain(m, {_h(m, 0, 0): "rough"}, new_stroke()))
    stack.push(PaintTerrain(m, {_h(m, 1, 0): "rough"}, new_stroke()))
    stack.push(PaintTerrain(m, {_h(m, 2, 0): "rough"}))  # no stroke: never merges
    assert stack.count() == 3


def test_merged_stroke_over_the_same_hex_twice_undoes_to_the_first_value(qapp):
    m = small_map()
    h = _h(m, 2, 2)
    assert m.terrain[h] == "woods"
    stack = QUndoStack()
    stroke = new_stroke()
    stack.push(PaintTerrain(m, {h: "rough"}, stroke))
    stack.push(PaintTerrain(m, {h: "water"}, stroke))
    stack.undo()
    assert m.terrain[h] == "woods"


def test_path_drag_merges_and_erase_undoes(qapp):
    m = small_map()
    original = dump_map(m)
    stack = QUndoStack()
    stroke = new_stroke()
    hexes = [_h(m, 3, r) for r in range(6)]
    for a, b in zip(hexes, hexes[1:], strict=False):
        stack.push(LinkPath(m, "road", [(a, b)], stroke))
    assert stack.count() == 1
    assert len(m.path_links("road")) == 6  # the five new links and the one the map had
    stack.undo()
    assert dump_map(m) == original


def test_resize_undo_restores_dropped_hexes_sides_and_region_members(qapp):
    m = small_map()
    original = dump_map(m)
    stack = QUndoStack()
    stack.push(ResizeGrid(m, GridSpec(3, 3)))
    assert len(m.hexes) == 9
    assert not m.regions["drop zone X"].hexes
    stack.undo()
    assert dump_map(m) == original
