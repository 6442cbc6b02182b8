"""The editor's side of interchange: File > Import > Tiled Map… with its tile mapping dialog, File >
Export > Tiled Map… and VASSAL Module…, and files dropped on the window."""

from __future__ import annotations

import zipfile
from pathlib import Path

from hexwright.app.editor.dialogs.tiles_mapping import TilesMappingDialog
from hexwright.app.editor.interchange_actions import export_tiled, export_vassal, import_tiled
from hexwright.engine.formats import read_map_file
from hexwright.engine.formats.tmx import IGNORE, read_tile_mapping, read_tmx
from hexwright.engine.model.terrain import default_terrain_table
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QColor, QDropEvent, QImage
from PySide6.QtWidgets import QDialog, QDialogButtonBox

from tests.app.test_editor_support import make_window
from tests.conftest import SCENARIOS
from tests.engine.test_tmx import EXPECTED, HAND_MADE


def write_hand_made(folder: Path) -> Path:
    p = folder / "hand.tmx"
    p.write_text(HAND_MADE.format(axis="x", index="odd", px=128, py=84), encoding="utf-8")
    img = QImage(192, 56, QImage.Format.Format_ARGB32)
    for i, color in enumerate(("#e9e4c4", "#6f9a4a", "#9fc2b0")):
        for x in range(64):
            for y in range(56):
                img.setPixelColor(i * 64 + x, y, QColor(color))
    img.save(str(folder / "landscape.png"))
    return p


def test_the_dialog_shows_each_tile_with_what_its_terrain_was_proposed_from(qtbot, tmp_path):
    doc = read_tmx(write_hand_made(tmp_path))
    dialog = TilesMappingDialog(doc, default_terrain_table())
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert dialog.table_widget.rowCount() == 3
    icon = dialog.table_widget.item(0, 0).icon().pixmap(48, 48).toImage()
    assert icon.pixelColor(24, 24).name() == "#e9e4c4"  # the tile's own picture, cut from its tileset
    assert dialog.mapping() == {"landscape/0": None, "landscape/1": "woods", "landscape/2": "marsh"}
    # a tile without a terrain does not stop the import; the line under the table says what its cells become
    assert ok.isEnabled() and "1 tile without a terrain (landscape/0): 6 cells" in dialog.status.text()
    assert [dialog.table_widget.item(r, 4).text() for r in range(3)] == [
        "nothing it says names a terrain", "terrain property 'woods'", "class 'marsh'"]
    combo = dialog.combos["landscape/0"]
    combo.setCurrentIndex(combo.findData("clear"))
    assert ok.isEnabled() and dialog.status.text() == "Every tile has a terrain."
    dialog.save_mapping(str(tmp_path / "tiles.yaml"))
    assert read_tile_mapping(tmp_path / "tiles.yaml") == {"landscape/0": "clear", "landscape/1": "woods",
                                                          "landscape/2": "marsh"}
    combo.setCurrentIndex(combo.findData(IGNORE))
    assert dialog.load_mapping(str(tmp_path / "tiles.yaml"))
    assert dialog.mapping()["landscape/0"] == "clear"
    dialog.scheme.setCurrentIndex(dialog.scheme.findData("letter_number"))
    assert dialog.preview.text() == "First hex A1, last hex D3"


def test_import_opens_the_tiled_map_as_a_new_map(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    path = write_hand_made(tmp_path)

    def choose(dialog):
        combo = dialog.combos["landscape/0"]
        combo.setCurrentIndex(combo.findData("clear"))
        return QDialog.DialogCode.Accepted

    assert import_tiled(win, str(path), dialog_hook=choose)
    m = win.document.map
    assert win.document.path is None and (m.grid.columns, m.grid.rows) == (4, 3)
    for r, row in enumerate(EXPECTED):
        for c, want in enumerate(row):
            assert m.terrain[m.grid.offset.to_hex(c, r)] == ("clear" if want == "first" else want)
    assert [p.text for p in m.places] == ["Oosterbeek"]


def test_export_tiled_and_vassal_from_the_editor(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    assert win.open_path(SCENARIOS / "target-arnhem/target-arnhem.yaml", ask_save=False)
    image = export_tiled(win, str(tmp_path / "ta.tmx"), quiet=True)
    assert image is not None and image.exists()
    back = read_tmx(tmp_path / "ta.tmx")
    assert (back.geometry.columns, back.geometry.rows) == (win.document.map.grid.columns, win.document.map.grid.rows)
    assert export_vassal(win, str(tmp_path / "ta.vmod"), quiet=True) is not None
    with zipfile.ZipFile(tmp_path / "ta.vmod") as z:
        assert "buildFile.xml" in z.namelist() and "images/map.png" in z.namelist()
    actions = [a.text() for a in win.export_menu.actions()]
    assert actions == ["Map &Picture (PNG, SVG, PDF)…", "&Tiled Map…", "&VASSAL Module…"]


def _drop(widget, path: Path) -> QDropEvent:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    widget.dropEvent(event)
    return event


def test_a_map_file_dropped_on_the_map_opens(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    path = SCENARIOS / "fm-arnhem/arnhem-corridor.map.yaml"
    event = _drop(win.view, path)
    assert event.isAccepted()
    assert win.document.path == path
    assert len(win.document.map) == len(read_map_file(path))


def test_other_files_dropped_are_refused(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    other = tmp_path / "notes.txt"
    other.write_text("x")
    before = win.document
    _drop(win, other)
    assert win.document is before


def test_a_name_typed_without_its_suffix_gets_it(qtbot, tmp_path, monkeypatch):
    """The save dialogs' filters say *.tmx and *.vmod, but Qt's own dialog does not add the suffix: a designer
    typing "bridge" gets bridge.tmx (and bridge.tiles.png) or bridge.vmod, and a name with another suffix (the
    open map's own .yaml) gets the suffix added instead of being written over."""
    from PySide6.QtWidgets import QFileDialog

    from tests.app.test_editor_unit_locations import copy_example

    scenario = copy_example(tmp_path)
    win = make_window(qtbot, tmp_path)
    assert win.open_path(scenario, ask_save=False)
    typed = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (typed.pop(0), ""))
    typed.append(str(tmp_path / "bridge"))
    assert export_tiled(win, quiet=True) == tmp_path / "bridge.tiles.png"
    assert read_tmx(tmp_path / "bridge.tmx").geometry.columns == win.document.map.grid.columns
    map_file = tmp_path / "arnhem-bridge-fragment.map.yaml"
    before = map_file.read_text()
    typed.append(str(map_file))
    export_tiled(win, quiet=True)
    assert map_file.read_text() == before
    assert read_tmx(tmp_path / "arnhem-bridge-fragment.map.yaml.tmx").geometry.rows == win.document.map.grid.rows
    typed.append(str(tmp_path / "game"))
    assert export_vassal(win, quiet=True) is not None
    assert zipfile.is_zipfile(tmp_path / "game.vmod") and not (tmp_path / "game").exists()


def test_map_properties_keep_the_proportions_of_an_imported_tiled_map(qtbot):
    """A map imported from Tiled tiles that are not regular hexes has hex_aspect != 1; resizing it in Map
    properties keeps it (a new map starts regular)."""
    from hexwright.app.editor.dialogs.new_map import MapPropertiesDialog, NewMapDialog
    from hexwright.engine.model import HexMap
    from hexwright.engine.model.hexmap import GridSpec

    m = HexMap(GridSpec(20, 20, "pointy", "odd", hex_size=8.083, hex_aspect=0.7423), default_terrain_table())
    dialog = MapPropertiesDialog(m)
    qtbot.addWidget(dialog)
    dialog.columns.setValue(12)
    assert (dialog.grid().columns, dialog.grid().hex_aspect) == (12, 0.7423)
    fresh = NewMapDialog()
    qtbot.addWidget(fresh)
    assert fresh.grid().hex_aspect == 1.0
