"""An untitled area map is autosaved like any document (issue 29 reported `autosave_now` returning nothing
for one): its window starts an autosaver, and an edit is written to `untitled-N.yaml` as an area map file."""

from __future__ import annotations

from pathlib import Path

from hexwright.app.areamap.document import AreaMapDocument
from hexwright.app.editor.window import EditorWindow
from hexwright.engine.formats.areamapfile import load_area_map
from hexwright.engine.model.areamap import AreaMap


def test_an_untitled_area_map_is_autosaved_and_its_side_file_loads(qtbot, tmp_path):
    w = EditorWindow(AreaMapDocument(AreaMap(name="t", width=400, height=300)))
    qtbot.addWidget(w)
    w.ask_to_save = False
    assert w.autosaver is not None
    w.autosaver.directory = tmp_path  # not the user's autosave folder
    assert w.autosaver.autosave_now() is None  # nothing edited yet
    w.document.add_area(((0, 0), (100, 0), (100, 100), (0, 100)))
    written = w.autosaver.autosave_now()
    assert written is not None and Path(written).parent == tmp_path and Path(written).name.startswith("untitled-")
    diags: list = []
    m = load_area_map(Path(written).read_text(encoding="utf-8"), str(written), diags)
    assert m is not None and list(m.areas) == ["1"] and not diags
    w.autosaver.discard()
    assert not Path(written).exists()
