"""Autosave to a side file, recovery after a crash, discard after a save, and write errors."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from hexwright.app.editor import autosave as autosave_mod
from hexwright.app.editor.autosave import Autosaver, fallback_path, find_recovery, side_path
from hexwright.engine.formats import dump_map, load_map, read_map_file, save_map
from hexwright.engine.hexgrid import Hex
from hexwright.engine.model.hexmap import GridSpec, HexMap
from hexwright.engine.model.scenario import Scenario
from hexwright.engine.rules.fm.family import FAMILY as FM_FAMILY
from PySide6.QtGui import QUndoCommand, QUndoStack


class Doc:
    """The editor document as the autosaver sees it (autosave.AutosaveDocument): these attributes and
    the document as one file's text."""

    def __init__(self, hexmap: HexMap, path: Path | None = None, scenario: Scenario | None = None) -> None:
        self.map = hexmap
        self.scenario = scenario
        self.path = path
        self.undo_stack = QUndoStack()

    def dump_inline(self) -> str:
        from hexwright.engine.formats import dump_map, dump_scenario

        return dump_scenario(self.scenario, inline_map=True) if self.scenario is not None else dump_map(self.map)


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
    sc = Scenario(title="Test", rules=FM_FAMILY.id, map=m, map_file="map.yaml")
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
    saver.stop()  # the editor goes away without discarding: the fallback is offered
    assert find_recovery(path, tmp_path / "appdata") == written
    assert read_map_file(written).terrain_at(h) == "woods"


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


# ---------------------------------------------------------------------------------------------
# undo back to the saved state, untitled recovery, two windows
# ---------------------------------------------------------------------------------------------
def test_an_edit_undone_back_to_the_saved_state_removes_the_side_file(qtbot, tmp_path):
    path = tmp_path / "map.yaml"
    save_map(small_map(), path)
    old = time.time() - 60
    os.utime(path, (old, old))
    doc = Doc(read_map_file(path), path)
    saver = Autosaver(doc, interval_ms=10_000, directory=tmp_path / "appdata")
    edit(doc, "marsh")
    assert saver.autosave_now() == side_path(path)
    doc.undo_stack.undo()  # back to what the file holds
    assert doc.undo_stack.isClean()
    assert not side_path(path).exists()
    assert find_recovery(path, tmp_path / "appdata") is None  # a crash now brings back nothing stale
    doc.undo_stack.redo()  # modified again: the next autosave writes again
    assert saver.autosave_now() == side_path(path)
    saver.stop()


def test_an_untitled_document_undone_to_empty_removes_its_autosave(qtbot, tmp_path):
    folder = tmp_path / "autosave"
    doc = Doc(small_map())
    saver = Autosaver(doc, interval_ms=10_000, directory=folder)
    edit(doc)
    written = saver.autosave_now()
    assert written is not None and written.exists()
    doc.undo_stack.undo()
    assert not written.exists()
    assert find_recovery(None, folder) is None
    saver.stop()


def test_two_untitled_documents_never_share_an_autosave_file(qtbot, tmp_path):
    folder = tmp_path / "autosave"
    docs = [Doc(small_map()), Doc(small_map())]
    savers = [Autosaver(d, interval_ms=10_000, directory=folder) for d in docs]
    targets = [s.target() for s in savers]  # both choose before either writes
    assert targets[0] != targets[1]
    for d, code in zip(docs, ("woods", "marsh"), strict=True):
        edit(d, code)
    written = [s.autosave_now() for s in savers]
    assert written == targets
    assert [load_map(p.read_text()).terrain_at(docs[0].map.hexes[0]) for p in written] == ["woods", "marsh"]
    for s in savers:
        s.stop()


def test_an_autosave_another_window_is_writing_is_not_offered(qtbot, tmp_path):
    folder = tmp_path / "autosave"
    doc = Doc(small_map())
    saver = Autosaver(doc, interval_ms=10_000, directory=folder)
    edit(doc)
    assert saver.autosave_now() is not None
    assert find_recovery(None, folder) is None  # the other window is alive: its file is not recovered
    # another process that is still running wrote this one
    other = folder / "untitled-9.yaml"
    other.write_text(f"# Hexwright autosave of an untitled document, 2020-01-01 00:00:00, process {os.getppid()}\n"
                     + dump_map(small_map()))
    assert find_recovery(None, folder) is None
    saver.stop()  # the window goes away without discarding (a crash): its file is offered now
    assert find_recovery(None, folder) is not None


def test_two_windows_on_one_file_write_two_side_files(qtbot, tmp_path):
    path = tmp_path / "map.yaml"
    save_map(small_map(), path)
    old = time.time() - 60
    os.utime(path, (old, old))
    first, second = Doc(read_map_file(path), path), Doc(read_map_file(path), path)
    savers = [Autosaver(d, interval_ms=10_000, directory=tmp_path / "appdata") for d in (first, second)]
    h = edit(first, "woods")
    edit(second, "marsh")
    written = [s.autosave_now() for s in savers]
    assert written[0] == side_path(path) and written[1] not in (None, written[0])
    assert read_map_file(written[0]).terrain_at(h) == "woods"  # the first window's work is not overwritten
    assert find_recovery(path, tmp_path / "appdata") is None  # both windows are alive
    savers[1].discard()  # the second window saves or closes: the first window's side file stays
    assert side_path(path).exists()
    for s in savers:
        s.stop()


def _crashed_untitled(folder: Path, code: str = "marsh") -> Path:
    """An untitled document edited, autosaved, and never discarded (the editor crashed)."""
    doc = Doc(small_map())
    saver = Autosaver(doc, interval_ms=10_000, directory=folder)
    edit(doc, code)
    written = saver.autosave_now()
    saver.stop()
    return written


@pytest.fixture
def window_with_autosave_dir(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from tests.app.test_editor_support import make_window

    folder = tmp_path / "AppData" / "autosave"
    monkeypatch.setattr(autosave_mod, "autosave_dir", lambda: folder)
    answers: list = []
    asked: list = []

    def question(*args, **kw):
        asked.append(args)
        return answers.pop(0)

    monkeypatch.setattr(QMessageBox, "question", question)
    return folder, answers, asked, lambda: make_window(qtbot, tmp_path)


def test_an_untitled_autosave_is_offered_at_the_next_start_and_recovered(qtbot, tmp_path, window_with_autosave_dir):
    from PySide6.QtWidgets import QMessageBox

    folder, answers, asked, make = window_with_autosave_dir
    crashed = _crashed_untitled(folder)
    win = make()
    answers.append(QMessageBox.StandardButton.Yes)
    assert win.offer_untitled_recovery()
    assert len(asked) == 1
    doc = win.document
    assert doc.path is None and doc.modified and win.isWindowModified()
    assert doc.map.terrain_at(doc.map.hexes[0]) == "marsh"
    # recovered and then saved: the autosave goes
    assert win._save_to(tmp_path / "recovered.yaml")
    assert read_map_file(tmp_path / "recovered.yaml").terrain_at(doc.map.hexes[0]) == "marsh"
    assert not crashed.exists() and list(folder.glob("untitled-*.yaml")) == []
    assert find_recovery(None, folder) is None


def test_the_editor_window_offers_untitled_autosaves_when_it_starts(qtbot, tmp_path, window_with_autosave_dir):
    from hexwright.app.editor.window import EditorWindow
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    folder, answers, asked, _make = window_with_autosave_dir
    _crashed_untitled(folder, "woods")
    answers.append(QMessageBox.StandardButton.Yes)
    win = EditorWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), offer_recovery=True)
    qtbot.addWidget(win, before_close_func=lambda w: w.document.undo_stack.setClean())
    win.show()
    qtbot.waitUntil(lambda: len(asked) == 1)
    assert win.document.map.terrain_at(win.document.map.hexes[0]) == "woods"


def test_an_offered_untitled_autosave_can_be_discarded_or_kept_for_later(qtbot, tmp_path, window_with_autosave_dir):
    from PySide6.QtWidgets import QMessageBox

    folder, answers, asked, make = window_with_autosave_dir
    crashed = _crashed_untitled(folder)
    win = make()
    answers.append(QMessageBox.StandardButton.Cancel)  # keep it for later
    assert not win.offer_untitled_recovery()
    assert crashed.exists() and not win.document.modified
    answers.append(QMessageBox.StandardButton.Discard)
    assert not win.offer_untitled_recovery()
    assert not crashed.exists()
    assert find_recovery(None, folder) is None
    assert len(asked) == 2


def test_a_file_opened_from_the_command_line_is_not_replaced_by_an_untitled_recovery(qtbot, tmp_path,
                                                                                     window_with_autosave_dir):
    folder, answers, asked, make = window_with_autosave_dir
    crashed = _crashed_untitled(folder)
    path = tmp_path / "map.yaml"
    save_map(small_map(), path)
    win = make()
    assert win.open_path(path, ask_save=False)
    assert not win.offer_untitled_recovery()
    assert asked == [] and crashed.exists()  # kept for a later start


def test_opening_a_file_with_an_autosave_can_discard_it_or_keep_it(qtbot, tmp_path, window_with_autosave_dir):
    from PySide6.QtWidgets import QMessageBox

    folder, answers, asked, make = window_with_autosave_dir
    path = tmp_path / "map.yaml"
    save_map(small_map(), path)
    old = time.time() - 60
    os.utime(path, (old, old))
    doc = Doc(read_map_file(path), path)
    saver = Autosaver(doc, interval_ms=10_000, directory=folder)
    edit(doc, "marsh")
    saver.autosave_now()
    saver.stop()
    win = make()
    answers.append(QMessageBox.StandardButton.Cancel)  # keep it for later: nothing opened
    assert not win.open_path(path, ask_save=False)
    assert side_path(path).exists() and win.document.path is None
    answers.append(QMessageBox.StandardButton.Discard)  # delete it and open the file
    assert win.open_path(path, ask_save=False)
    assert not side_path(path).exists()
    assert win.document.map.terrain_at(win.document.map.hexes[0]) != "marsh" and not win.document.modified
