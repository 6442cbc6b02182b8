"""Documents opened and closed one after another in one editor process leave nothing behind (issue 29):
closed windows are freed with their widgets and documents, a window that takes another document
frees the one it had (and its autosaver), and so does turning autosave off. The full soak, with the
open times and memory over 500 documents, is the benchmark `python -m benchmarks --only editor_soak`."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest
from hexwright.app.editor.kinds import HEX, make_window
from hexwright.app.editor.preferences import Preferences
from hexwright.app.editor.window import EditorWindow
from PySide6.QtCore import QCoreApplication, QEvent, QSettings
from PySide6.QtWidgets import QApplication

from tests.conftest import SCENARIOS

HEX_FILES = [SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml",
             SCENARIOS / "fm-arnhem" / "arnhem-corridor.map.yaml",
             SCENARIOS / "koenig-arnhem-bridge" / "arnhem-bridge-map.yaml"]
AREA_FILE = SCENARIOS / "storm-arnhem" / "the-crossing-map.yaml"


@pytest.fixture
def settings(qapp, tmp_path):
    return QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)


@pytest.fixture(autouse=True)
def autosaves_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def settle() -> None:
    """What the event loop does between a person's actions, then a full collection."""
    QCoreApplication.processEvents()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()
    gc.collect()


def editor_windows() -> list[EditorWindow]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, EditorWindow)]


def open_window(settings: QSettings, path: Path) -> EditorWindow:
    win = make_window(HEX, settings)
    win.ask_to_save = False
    win.show()
    assert win.open_path(path, ask_save=False)
    return win


def test_a_closed_window_is_freed_with_its_widgets_and_document(settings):
    settle()
    before_widgets = len(QApplication.allWidgets())
    before_windows = len(editor_windows())
    windows: list[weakref.ref] = []
    documents: list[weakref.ref] = []
    for i in range(20):
        win = open_window(settings, HEX_FILES[i % len(HEX_FILES)])
        windows.append(weakref.ref(win))
        documents.append(weakref.ref(win.document))
        win.close()
        del win
        settle()
    assert len(editor_windows()) == before_windows  # no hidden windows kept
    assert len(QApplication.allWidgets()) == before_widgets
    assert [r for r in windows if r() is not None] == []
    assert [r for r in documents if r() is not None] == []


def test_a_window_that_takes_another_document_frees_the_one_it_had(settings):
    win = open_window(settings, HEX_FILES[0])
    try:
        widgets: list[int] = []  # after each open; the files and File > Close come round every 3 opens
        documents: list[weakref.ref] = []
        autosavers: list[weakref.ref] = []
        for i in range(24):
            if i % 3 == 1:
                win.close_document()  # File > Close
            assert win.open_path(HEX_FILES[i % len(HEX_FILES)], ask_save=False)
            documents.append(weakref.ref(win.document))
            assert win.autosaver is not None
            autosavers.append(weakref.ref(win.autosaver))
            settle()
            widgets.append(len(QApplication.allWidgets()))
        assert widgets[-3:] == widgets[3:6]
        # only the document shown now (and its autosaver) is alive
        assert [r() for r in documents if r() is not None] == [win.document]
        assert [r() for r in autosavers if r() is not None] == [win.autosaver]
    finally:
        win.close()
        settle()


def test_turning_autosave_off_frees_the_autosaver(settings):
    win = open_window(settings, HEX_FILES[1])
    try:
        saver = weakref.ref(win.autosaver)
        off = Preferences.load(settings)
        off.autosave_minutes = 0
        win.apply_preferences(off, save=False)
        settle()
        assert win.autosaver is None and saver() is None
    finally:
        win.close()
        settle()


def test_windows_of_the_other_kind_opened_and_closed_leave_nothing(settings):
    """File > Open of an area map in a hex window opens a window of its own; the person closes the
    one left behind, and so on, back and forth."""
    win = open_window(settings, HEX_FILES[0])
    settle()
    count = len(editor_windows())
    widgets: list[int] = []  # after each open; the files come round every 6 opens
    left: list[weakref.ref] = []
    for i in range(14):
        path = AREA_FILE if i % 2 == 0 else HEX_FILES[i % len(HEX_FILES)]
        assert win.open_path(path, ask_save=False)
        shown = [w for w in editor_windows() if w.isVisible() and w is not win]
        assert len(shown) == 1 and shown[0].document.path == path
        left.append(weakref.ref(win))
        win.close()
        win = shown[0]
        win.ask_to_save = False
        del shown
        settle()
        widgets.append(len(QApplication.allWidgets()))
    try:
        assert len(editor_windows()) == count
        assert widgets[-6:] == widgets[2:8]
        assert [r() for r in left if r() is not None] == []
    finally:
        win.close()
        settle()


def test_the_soak_benchmark_runs_a_few_opens_of_both_kinds(qapp, tmp_path, monkeypatch):
    """The machinery of `--only editor_soak` at 8 opens (no timing asserted): every open is recorded, the
    windows left behind are closed, the rows compare the first opens with the last."""
    from benchmarks.editor_soak import soak, soak_files, summary_rows

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    settle()
    windows = len(editor_windows())
    hidden_before = sum(1 for w in editor_windows() if not w.isVisible())  # left by other tests of the run
    files = soak_files(tmp_path)
    assert any("crossing" in p.name for p in files) and any(p.name.startswith("bench-") for p in files)
    order = [f for f in files if f.name == "the-crossing-map.yaml"] + [f for f in files if "fm-arnhem" in str(f)]
    samples = soak(8, order, None, tmp_path / "soak.ini")
    assert [s.index for s in samples] == list(range(8))
    assert {s.action for s in samples} == {"open", "close+open", "new+open", "window+open"}
    assert all(s.rss > 0 and s.widgets > 0 and s.step_wall >= s.wall for s in samples)
    assert all(s.hidden_windows <= hidden_before for s in samples)
    rows = summary_rows(samples, len(order))
    assert [r.case for r in rows][0] == "8 opens in one process" and len(rows) == 4
    settle()
    assert len(editor_windows()) == windows  # the session's last window closed and deleted too


def test_a_closing_window_closes_its_own_windows_first(settings):
    """The windows a window keeps (the balance lab, whose closing stops its studies) are closed before the
    window is deleted with them."""
    from PySide6.QtWidgets import QDialog

    closed: list[str] = []

    class Lab(QDialog):
        def closeEvent(self, event) -> None:
            closed.append("lab")
            super().closeEvent(event)

    win = open_window(settings, HEX_FILES[1])
    lab = Lab(win)
    lab.show()
    gone = weakref.ref(win)
    win.close()
    del win, lab
    settle()
    assert closed == ["lab"] and gone() is None
