"""Where the editor's file dialogs start and what Open Recent and Save As propose (issue 33): dialogs
start in the current document's folder, not in whatever folder another document used; a scenario made
from a map proposes the map's folder and its own title; two recent files of one name in different
folders are told apart."""

from __future__ import annotations

from pathlib import Path

from hexwright.app.editor.scenario_panels import new_scenario
from hexwright.app.editor.window_files import recent_labels
from hexwright.engine.formats import save_map
from hexwright.engine.rules.fm.family import FAMILY as FM_FAMILY
from PySide6.QtWidgets import QFileDialog

from tests.app.test_editor_support import make_window, small_map


def _map_in(folder: Path, name: str = "board.yaml") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    save_map(small_map(), path)
    return path


def test_dialogs_start_in_the_documents_folder(qtbot, tmp_path, monkeypatch) -> None:
    first = _map_in(tmp_path / "campaign")
    other = _map_in(tmp_path / "elsewhere", "other.yaml")
    win = make_window(qtbot, tmp_path)
    assert win.open_path(first)
    win.settings.setValue("lastDir", str(other.parent))  # another document was opened from there
    seen: dict[str, str] = {}

    def dialog(parent, caption, start, *a, **k):
        seen["start"] = start
        return "", ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", dialog)
    win.open_dialog()
    assert Path(seen["start"]) == first.parent


def test_save_as_of_a_scenario_made_from_a_map_proposes_the_maps_folder_and_its_title(qtbot, tmp_path) -> None:
    path = _map_in(tmp_path / "campaign")
    win = make_window(qtbot, tmp_path)
    assert win.open_path(path)
    saved_elsewhere = tmp_path / "scans"
    saved_elsewhere.mkdir()
    win.settings.setValue("lastSaveDir", str(saved_elsewhere))  # "Scan test" was saved there before
    win.new_scenario_from_map(new_scenario(win.document.map, "Bridgehead", FM_FAMILY.id, ("Allied", "German")))
    assert win.document.path is None
    start = win.save_as_start()
    assert start == path.parent / "Bridgehead.yaml"
    assert Path(win._last_dir()) == path.parent


def test_open_recent_tells_same_named_files_apart(qtbot, tmp_path) -> None:
    a = _map_in(tmp_path / "shipped" / "fm-arnhem", "scenario-1-historical.yaml")
    b = _map_in(tmp_path / "mine" / "fm-arnhem", "scenario-1-historical.yaml")
    win = make_window(qtbot, tmp_path)
    win.add_recent(a)
    win.add_recent(b)
    texts = [x.text() for x in win.recent_menu.actions()]
    assert len(set(texts)) == 2
    assert texts == ["scenario-1-historical.yaml  (mine/fm-arnhem)", "scenario-1-historical.yaml  (shipped/fm-arnhem)"]
    assert recent_labels(["/x/a.yaml", "/y/b.yaml"]) == ["a.yaml", "b.yaml"]  # unique names stay bare
