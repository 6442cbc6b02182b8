"""The scan is stored relative to the map file (old absolute paths still load, a moved project finds
its scan), a missing scan is reported in the editor and by `hexwright validate`, and Save As starts
in the documents folder with the document's title."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from hexwright.app.editor.commands import SetUnderlay
from hexwright.app.editor.save_location import SHIPPED_SCENARIOS, documents_dir, file_name_for
from hexwright.app.subcommands.loading import load_any
from hexwright.engine.formats import read_map_file, save_map
from hexwright.engine.model.hexmap import Underlay
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QFileDialog

from tests.app.test_editor_support import make_window, small_map


def _scan(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    img = QImage(120, 90, QImage.Format.Format_RGB32)
    img.fill(QColor("#c0b080"))
    assert img.save(str(path))
    return path


def test_saved_scan_path_is_relative_and_survives_moving_the_folder(qtbot, tmp_path, monkeypatch):
    project = tmp_path / "project"
    scan = _scan(project / "scans" / "board.png")
    win = make_window(qtbot, tmp_path, small_map())
    m = win.document.map
    win.document.push(SetUnderlay(m, Underlay(str(scan), (2, 0, 0, 2, 0, 0), 0.5)))
    target = project / "board.yaml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    assert win.save_as()
    assert "image: scans/board.png" in target.read_text()
    moved = tmp_path / "moved"
    shutil.move(str(project), str(moved))
    win2 = make_window(qtbot, tmp_path / "second")
    assert win2.open_path(moved / "board.yaml")
    assert not win2.canvas.underlay.pixmap().isNull()
    win2.revalidate()
    assert not [d for d in win2.diagnostics.shown if d.code == "missing-underlay"]


def test_old_absolute_scan_path_still_loads_and_is_found_after_a_move(qtbot, tmp_path):
    old = tmp_path / "old"
    scan = _scan(old / "scans" / "board.png")
    m = small_map()
    m.set_underlay(Underlay(str(scan), (2, 0, 0, 2, 0, 0), 0.5))
    save_map(m, old / "board.yaml")
    assert str(scan) in (old / "board.yaml").read_text()  # written the old way, absolute
    win = make_window(qtbot, tmp_path)
    assert win.open_path(old / "board.yaml")
    assert not win.canvas.underlay.pixmap().isNull()
    shutil.move(str(old), str(tmp_path / "new"))  # the absolute path is now wrong
    win2 = make_window(qtbot, tmp_path / "second")
    assert win2.open_path(tmp_path / "new" / "board.yaml")
    assert not win2.canvas.underlay.pixmap().isNull()
    assert win2.save()  # saving stores it relative from now on
    assert "image: scans/board.png" in (tmp_path / "new" / "board.yaml").read_text()


def test_missing_scan_is_a_warning_in_the_editor_and_in_validate(qtbot, tmp_path):
    m = small_map()
    m.set_underlay(Underlay("scans/gone.png", (2, 0, 0, 2, 0, 0), 0.5))
    path = tmp_path / "board.yaml"
    save_map(m, path)
    assert read_map_file(path) is not None
    obj, diags = load_any(path)
    missing = [d for d in diags if d.code == "missing-underlay"]
    assert obj is not None and len(missing) == 1
    assert missing[0].severity.value == "warning"
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if t.startswith("underlay:"))
    assert missing[0].line == line and "scans/gone.png" in missing[0].message
    win = make_window(qtbot, tmp_path)
    assert win.open_path(path)
    win.revalidate()
    shown = [d for d in win.diagnostics.shown if d.code == "missing-underlay"]
    assert len(shown) == 1
    out = subprocess.run([sys.executable, "-m", "hexwright.app.cli", "validate", str(path)],
                         capture_output=True, text=True)
    assert out.returncode == 0  # a warning, not an error
    assert f"{path}:{line}:1: warning[missing-underlay]" in out.stdout


def test_save_as_of_an_untitled_document_starts_in_documents_with_its_title(qtbot, tmp_path, monkeypatch):
    m = small_map()
    m.name = "Hell's Highway: north"
    win = make_window(qtbot, tmp_path, m)
    seen = {}

    def dialog(parent, caption, start, filt):
        seen["start"] = start
        return "", ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", dialog)
    win.settings.setValue("lastDir", str(SHIPPED_SCENARIOS / "fm-arnhem"))  # opened a shipped scenario before
    assert not win.save_as()
    start = Path(seen["start"])
    assert start.parent == documents_dir()
    assert start.name == "Hell's Highway north.yaml"
    assert file_name_for("") == "Untitled.yaml"


def test_save_as_of_a_shipped_scenario_does_not_start_in_the_shipped_folder(qtbot, tmp_path, monkeypatch):
    shipped = SHIPPED_SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml"  # area maps open in a window of their own
    win = make_window(qtbot, tmp_path)
    assert win.open_path(shipped)
    start = win.save_as_start()
    assert start.parent == documents_dir() and start.name == shipped.name
    saved_dir = tmp_path / "mine"
    saved_dir.mkdir()
    win.settings.setValue("lastSaveDir", str(saved_dir))
    assert win.save_as_start().parent == saved_dir
