"""Autosave to a side file, recovery after a crash, discard after a save, and write errors."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from hexwright.app.editor import autosave as autosave_mod
from hexwright.app.editor.autosave import Autosaver, fallback_path, find_recovery, side_path
from hexwright.engine.formats import load_map, read_map_file, save_map
from hexwright.engine.hexgrid import Hex
from hexwright.engine.model.hexmap import GridSpec, HexMap
from hexwright.engine.model.scenario import Scenario
from PySide6.QtGui import QUndoCommand, QUndoStack


class Doc:
    """The editor document as the autosaver sees it: exactly these four attributes."""

    def __init__(self, hexmap: HexMap, path: Path | None = None, scenario: Scenario | None = None) -> None:
        self.map = hexmap
        self.scenario = scenario
        self.path = path
        self.undo_stack = QUndoStack()


class PaintTerrain(QUndoCommand):
    def __init__(self, m: HexMap, h: Hex, code: str) -> None:
        super().__init__(f"paint {code}")
        self.m, self.h, self.code, self.old = m, h, code, m.terrain_at(h)

    def redo(self) -> None:
        self.m.set_terrain({self.h: self.code})

    def undo(self) -> None:
        self.m.set_terrain({self.h: self.old})


def small_map() -> HexMap:
    return HexMap(GridSpec(columns=6, rows=5), name="Test map")


def edit(doc: Doc, code: str = "woods", n: int = 0) -> Hex:
    h = doc.map.hexes[n]
    doc.undo_stack.push(PaintTerrain(doc.map, h, code))
    return h


def test_timer_autosaves_a_modified_saved_map_beside_it(qtbot, tmp_path):
    path = tmp_path / "map.yaml"
    m = small_map()
    save_map(m, path)
    original = path.read_text()
    doc = Doc(m, path)
    saver = Autosaver(doc, interval_ms=30, directory=tmp_path / "appdata")
    qtbot.wait(150)  # several ticks
    assert not side_path(path).exists()  # unmodified: nothing written
    h = edit(doc)
    qtbot.waitUntil(lambda: side_path(path).exists(), timeout=3000)
    assert path.read_text() == original  # the real file is never touched
    recovered = read_map_file(side_path(path))
    assert recovered.terrain_at(h) == "woods"
    saver.stop()


def test_untitled_document_autosaves_to_app_data(qtbot, tmp_path):
    folder = tmp_path / "autosave"
    (folder).mkdir()
    (folder / "untitled-1.yaml").write_text("taken by another window\n")
    doc = Doc(small_map())
    saver = Autosaver(doc, interval_ms=20, directory=folder)
    edit(doc, "rough")
    qtbot.waitUntil(lambda: (folder / "untitled-2.yaml").exists(), timeout=3000)
    assert load_map((folder / "untitled-2.yaml").read_text()).terrain_at(doc.map.hexes[0]) == "rough"
    assert find_recovery(None, folder) in {folder / "untitled-2.yaml", folder / "untitled-1.yaml"}
    saver.discard()
    assert not (folder / "untitled-2.yaml").exists()
    saver.stop()


def test_default_untitled_folder_is_app_data_location(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(autosave_mod, "autosave_dir", lambda: tmp_path / "AppData" / "autosave")
    doc = Doc(small_map())
    saver = Autosaver(doc, interval_ms=10_000)
    edit(doc)
    written = saver.autosave_now()
    assert written == tmp_path / "AppData" / "autosave" / "untitled-1.yaml"
    saver.stop()


def test_recovery_after_a_crash_and_discard_after_save(qtbot, tmp_path):
    path = tmp_path / "map.yaml"
    m = small_map()
    save_map(m, path)
    old = time.time() - 60
    os.utime(path, (old, old))
    doc = Doc(m, path)
    saver = Autosaver(doc, interval_ms=10_000, directory=tmp_path / "appdata")
    assert find_recovery(path, tmp_path / "appdata") is None
    h = edit(doc, "marsh", 3)
    assert saver.autosave_now() == side_path(path)
    assert saver.autosave_now() is None  # nothing new since the last autosave
    saver.stop()
    del saver  # "crash": the editor goes away without discarding

    found = find_recovery(path, tmp_path / "appdata")
    assert found == side_path(path)
    assert read_map_file(found).terrain_at(h) == "marsh"

    # A normal save, then discard: no recovery is offered.
    doc2 = Doc(read_map_file(found), path)
    saver2 = Autosaver(doc2, interval_ms=10_000, directory=tmp_path / "appdata")
    save_map(doc2.map, path)
    doc2.undo_stack.setClean()
    saver2.discard()
    assert not side_path(path).exists()
    assert find_recovery(path, tmp_path / "appdata") is None
    saver2.stop()


def test_stale_side_file_older_than_the_file_is_not_offered(tmp_path):
    path = tmp_path / "map.yaml"
    side_path(path).write_text("old")
    old = time.time() - 60
    os.utime(side_path(path), (old, old))
    save_map(small_map(), path)
    assert find_recovery(path, tmp_path / "appdata") is None


def test_scenario_is_autosaved_with_its_map_inline(qtbot, tmp_path):
    from hexwright.engine.formats import load_document

    m = small_map()
    sc = Scenario(title="Test", rules="fm", map=m, map_file="map.yaml")
    doc = Doc(m, tmp_path / "scenario.yaml", sc)
    saver = Autosaver(doc, interval_ms=10_000, directory=tmp_path / "appdata")
    h = edit(doc, "city", 2)
    written = saver.autosave_now()
    result = load_document(written.read_text(), str(written), tmp_path)
    assert result.scenario is not None, result.diagnostics
    assert result.scenario.map.terrain_at(h) == "city"
    saver.stop()


def test_unwritable_folder_falls_back_to_app_data(qtbot, tmp_path, monkeypatch):
    path = tmp_path / "ro" / "map.yaml"
    path.parent.mkdir()
    save_map(small_map(), path)
    original = path.read_text()
    real_write = autosave_mod.atomic_write_text

    def write(p, text):
        if Path(p).parent == path.parent:
            raise PermissionError(13, "Permission denied", str(p))
        real_write(p, text)

    monkeypatch.setattr(autosave_mod, "atomic_write_text", write)
    doc = Doc(read_map_file(path), path)
    saver = Autosaver(doc, interval_ms=10_000, directory=tmp_path / "appdata")
    h = edit(doc)
    written = saver.autosave_now()
    assert written == fallback_path(path, tmp_path / "appdata")
    assert path.read_text() == original
    assert find_recovery(path, tmp_path / "appdata") == written
    assert read_map_file(written).terrain_at(h) == "woods"
    saver.stop()


def test_autosave_error_reports_and_loses_nothing(qtbot, tmp_path, monkeypatch):
    path = tmp_path / "map.yaml"
    save_map(small_map(), path)
    original = path.read_text()

    def fail(p, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(autosave_mod, "atomic_write_text", fail)
    doc = Doc(read_map_file(path), path)
    saver = Autosaver(doc, interval_ms=20, directory=tmp_path / "appdata")
    h = edit(doc)
    with qtbot.waitSignal(saver.failed, timeout=3000) as blocker:
        pass
    assert "No space left" in blocker.args[0]
    assert path.read_text() == original
    assert doc.map.terrain_at(h) == "woods" and not doc.undo_stack.isClean()
    # Once writing works again the next tick saves.
    monkeypatch.undo()
    qtbot.waitUntil(lambda: side_path(path).exists(), timeout=3000)
    saver.stop()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root ignores file permissions")
def test_read_only_folder_really_falls_back(qtbot, tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "map.yaml"
    save_map(small_map(), path)
    folder.chmod(0o555)
    try:
        doc = Doc(read_map_file(path), path)
        saver = Autosaver(doc, interval_ms=10_000, directory=tmp_path / "appdata")
        edit(doc)
        assert saver.autosave_now() == fallback_path(path, tmp_path / "appdata")
        saver.stop()
    finally:
        folder.chmod(0o755)
