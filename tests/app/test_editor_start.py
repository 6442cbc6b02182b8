"""The editor's start (docs/benchmarks.md, "d) Editor start, issue 12"): what was taken off the way to
the first paint is still there once the window is up, or loads when first used."""

from __future__ import annotations

import gc
import os
import subprocess
import sys

import numpy as np
import pytest
from hexwright.app import editor_main
from PySide6.QtCore import QSettings

from tests.conftest import SCENARIOS

SCENARIO = str(SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml")


def test_opening_a_scenario_loads_no_exporter_help_browser_or_masked_arrays():
    """A window opened on the shipped scenario and painted has not loaded the exporters (QtSvg, the
    PDF writer), the help browser (importlib.metadata), numpy's masked arrays, argparse for the
    misspelt keys nor the random names of saving; the Help menu lists the guides all the same."""
    code = (
        "import sys\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from PySide6.QtCore import QSettings\n"
        "from hexwright.app.editor.window import EditorWindow\n"
        f"win = EditorWindow(settings=QSettings({os.devnull!r}, QSettings.Format.IniFormat), offer_recovery=False)\n"
        "win.show()\n"
        f"assert win.open_path({SCENARIO!r}, ask_save=False)\n"
        "win.wait_shown()\n"
        "help_menu = [a.menu() for a in win.menuBar().actions() if a.text() == '&Help'][0]\n"
        "print(len(help_menu.actions()))\n"
        "for m in ('hexwright.app.editor.help', 'hexwright.app.render.export', 'PySide6.QtSvg', 'numpy.ma',\n"
        "          'importlib.metadata', 'secrets', 'difflib'):\n"
        "    print(m, m in sys.modules)\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True,
                         timeout=120).stdout.split("\n")
    assert int(out[0]) >= 5  # Hexwright Help, the guides, a separator, About
    loaded = dict(line.split() for line in out[1:] if line)
    assert loaded == {m: "False" for m in loaded}


def test_the_help_menu_opens_the_guides_and_about(qtbot, tmp_path):
    from hexwright.app.editor.guides import guides
    from hexwright.app.editor.window import EditorWindow

    win = EditorWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    help_menu = [a.menu() for a in win.menuBar().actions() if a.text() == "&Help"][0]
    titles = [a.text() for a in help_menu.actions()]
    shipped = guides()
    assert shipped and all(title in titles for title, _ in shipped)
    dlg = win.help("editor.md")  # the browser, loaded now
    qtbot.addWidget(dlg)
    assert dlg.isVisible() and "hexwright.app.editor.help" in sys.modules
    from hexwright.app.editor import help as help_module

    assert help_module.guides is guides and "Hexwright" in help_module.about_text()


def test_the_render_package_loads_its_exporters_when_a_name_is_used():
    import hexwright.app.render as render
    from hexwright.app.render import export, mapdraw

    assert render.export_map is export.export_map and render.render_to_image is export.render_to_image
    assert render.RenderOptions is mapdraw.RenderOptions and render.paint_map is mapdraw.paint_map
    with pytest.raises(AttributeError):
        render.no_such_name  # noqa: B018


def test_the_collector_is_paused_for_the_start_and_runs_again_from_the_first_paint(tmp_path):
    """`hexwright FILE` (editor_main.run_editor) pauses Python's garbage collector while the window is
    built and turns it on at the map view's first paint. Run as its own process (the editor's own
    settings in a scratch folder), which quits itself through HEXWRIGHT_QUIT_AFTER_MS."""
    code = (
        "import gc, sys\n"
        "from PySide6.QtCore import QTimer\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from hexwright.app.editor import application\n"
        "application.RESUME_GC_MS = 60_000  # only the paint can turn it on here\n"
        "from hexwright.app.editor.window import EditorWindow\n"
        "built = EditorWindow.__init__\n"
        "def init(self, *a, **k):\n"
        "    print('building, collecting:', gc.isenabled(), flush=True)\n"
        "    built(self, *a, **k)\n"
        "EditorWindow.__init__ = init\n"
        "def look():\n"
        "    wins = [w for w in QApplication.topLevelWidgets() if isinstance(w, EditorWindow)]\n"
        "    print('painted:', any(w.view._painted for w in wins), 'collecting:', gc.isenabled(), flush=True)\n"
        "QTimer.singleShot(0, lambda: QTimer.singleShot(500, look))  # once the event loop runs\n"
        "from hexwright.app.editor_main import run_editor\n"
        f"sys.exit(run_editor({SCENARIO!r}))\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HEXWRIGHT_QUIT_AFTER_MS="1500",
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    lines = [line for line in out.stdout.splitlines() if not line.startswith("hexwright: editor shown")]
    assert lines == ["building, collecting: False", "painted: True collecting: True"]


def test_run_editor_turns_the_collector_on_again_when_the_editor_ends(monkeypatch):
    from hexwright.app.editor import application

    states: list[bool] = []

    def fake_main(path, resume_gc=False):
        states.append(gc.isenabled())
        assert resume_gc
        return 0

    monkeypatch.setattr(application, "main", fake_main)
    was = gc.isenabled()
    try:
        assert editor_main.run_editor(None) == 0
        assert states == [False] and gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()


def test_the_quicker_pyside_check_gives_pyside_s_own_answer(tmp_path, monkeypatch):
    """The check installed by `quicker_pyside_module_check` marks a module that names PySide6 (0: its
    features are selected) and one that does not (-1: ignored) exactly as PySide6's own check does."""
    feature = sys.modules.get("shibokensupport.feature")
    if feature is None or not hasattr(feature, "_mod_uses_pyside"):
        pytest.skip("this PySide6 has no per-module feature check")
    current = feature._mod_uses_pyside
    original = getattr(current, "pyside_check", current)  # PySide6's own (an earlier start replaced it)
    monkeypatch.setattr(feature, "_mod_uses_pyside", original)  # and the current one put back after the test
    (tmp_path / "start_probe_with.py").write_text("from PySide6.QtCore import QPointF\nP = QPointF(1, 2)\n")
    (tmp_path / "start_probe_without.py").write_text("X = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert editor_main.quicker_pyside_module_check()
    assert feature._mod_uses_pyside is not original
    import start_probe_with as with_  # an import statement: PySide6's hook sees it (import_module does not)
    import start_probe_without as without

    try:
        for module, expected in ((with_, True), (without, False), (np, False), (editor_main, True)):
            assert feature._mod_uses_pyside(module) is expected
            assert original(module) is expected
        assert feature.pyside_feature_dict["start_probe_with"] == 0
        assert feature.pyside_feature_dict["start_probe_without"] == -1
        assert with_.P.x() == 1.0
    finally:
        for n in ("start_probe_with", "start_probe_without"):
            sys.modules.pop(n, None)
            feature.pyside_feature_dict.pop(n, None)


def test_the_terrain_codes_drawn_are_those_np_unique_gives():
    """mapdraw._paint_terrain walks the codes present with np.bincount (np.unique loads numpy.ma)."""
    rng = np.random.default_rng(7)
    for n in (0, 1, 5, 400):
        codes = rng.integers(0, 12, n).astype(np.int32)
        assert np.flatnonzero(np.bincount(codes)).tolist() == np.unique(codes).tolist()


def test_the_start_benchmark_s_map_alone_probe_paints_the_map_in_a_view_of_the_size_asked(tmp_path):
    """The diagnostic of benchmarks/editor.py (the scenario's map alone, drawn by the editor's map view in a
    bare window) paints, and its viewport has the size it was given: the editor view's at its first paint."""
    from benchmarks.editor import bytecode_env, time_to_first_paint

    env = bytecode_env(tmp_path)
    wall, cpu, size = time_to_first_paint(["map", SCENARIO, "431", "377"], env)
    assert size == (431, 377)
    assert wall > 0 and cpu > 0
