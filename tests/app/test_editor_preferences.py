"""Edit > Preferences (units, autosave interval, default hex size, colours: kept in the settings and
applied at once), Help (the guides shipped with the application) and About (the version)."""

from __future__ import annotations

from hexwright.app.editor import help as help_mod
from hexwright.app.editor.dialogs.new_map import NewMapDialog
from hexwright.app.editor.preferences import LengthSpinBox, Preferences
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from tests.app.test_editor_support import make_window, small_map


def test_preferences_are_applied_at_once_and_kept(qtbot, tmp_path, monkeypatch):
    win = make_window(qtbot, tmp_path, small_map())
    assert win.prefs == Preferences() and win.autosaver.timer.interval() == 180_000
    dlg = win.preferences()
    assert dlg.isVisible() and dlg.autosave.value() == 3
    dlg.units.setCurrentIndex(dlg.units.findData("in"))
    dlg.autosave.setValue(7)
    dlg.hex_size.setValue(40.0)
    dlg.background.set_colour("#203040")
    dlg.selection.set_colour("#00ff00")
    dlg.buttons.button(QDialogButtonBox.StandardButton.Apply).click()
    # applied live: the canvas colours and the autosave timer of the open document
    assert win.view.backgroundBrush().color().name() == "#203040"
    assert win.view.selection.pen().color().name() == "#00ff00"
    assert win.autosaver.timer.interval() == 7 * 60_000
    # the next New Map starts with the default hex size
    seen = []
    monkeypatch.setattr(NewMapDialog, "exec", lambda d: seen.append(d.hex_size.value()) or 0)
    win.new_map()
    assert seen == [40.0]
    # kept in the settings: a new window reads them back
    again = Preferences.load(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    assert again == Preferences("in", 7, 40.0, "#203040", "#00ff00")
    # autosave off: no autosaver
    dlg.autosave.setValue(0)
    dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert win.autosaver is None and not dlg.isVisible()
    dlg = win.preferences()
    dlg.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).click()
    assert dlg.values() == Preferences()


def test_bad_stored_preferences_fall_back_to_their_defaults(tmp_path):
    s = QSettings(str(tmp_path / "p.ini"), QSettings.Format.IniFormat)
    for k, v in {"units": "furlongs", "autosave_minutes": "soon", "hex_size": "-3", "background": "nope",
                 "selection": "#123456"}.items():
        s.setValue(f"preferences/{k}", v)
    assert Preferences.load(s) == Preferences(selection="#123456")


def test_lengths_are_shown_in_the_chosen_unit_and_kept_in_mm(qtbot):
    spin = LengthSpinBox()
    qtbot.addWidget(spin)
    spin.setRange(3.0, 100.0)
    spin.setValue(25.4)
    assert spin.text() == "25.4 mm"
    spin.set_units("in")
    assert spin.text() == "1 in" and spin.value() == 25.4
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin.lineEdit(), "0.625")
    spin.interpretText()
    assert abs(spin.value() - 15.875) < 1e-9  # 5/8 in


def test_the_export_dialog_uses_the_preferred_unit(qtbot, tmp_path, monkeypatch):
    from hexwright.app.editor.dialogs import export_dialog

    win = make_window(qtbot, tmp_path, small_map())
    win.apply_preferences(Preferences(units="in"))
    shown = []
    monkeypatch.setattr(export_dialog.ExportDialog, "exec",
                        lambda d: shown.append((d.hex_mm.text(), d.hex_mm.value(), d.margin.text())) or 0)
    win.export()
    assert shown == [("0.63 in", 16.0, "0.394 in")]


def test_help_opens_the_shipped_guides_and_follows_their_links(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    docs = help_mod.docs_dir()
    assert (docs / "editor.md").is_file()
    titles = [a.text() for a in win.menuBar().actions()[-1].menu().actions()]
    assert titles[0] == "Hexwright &Help" and "The map editor" in titles and "Playtesting a scenario" in titles
    dlg = win.help("playtest.md")
    qtbot.addWidget(dlg)
    assert dlg.isVisible() and dlg.list.currentItem().text() == "Playtesting a scenario"
    assert "Playtesting a scenario" in dlg.browser.toPlainText()
    dlg.list.setCurrentRow([p.name for p in dlg.paths].index("editor.md"))
    assert dlg.browser.source().toLocalFile().endswith("editor.md")
    assert "The map editor" in dlg.browser.toPlainText()


def test_about_names_the_version(qtbot, tmp_path, monkeypatch):
    from importlib import metadata

    win = make_window(qtbot, tmp_path)
    shown = []
    monkeypatch.setattr(QMessageBox, "about", lambda parent, title, text: shown.append((title, text)))
    win.about()
    assert shown and shown[0][0] == "About Hexwright"
    assert f"Hexwright {metadata.version('hexwright')}" in shown[0][1] and "PySide6" in shown[0][1]


def test_the_guides_are_packaged_with_the_application():
    """setup.py maps docs/ to hexwright.docs and pyproject.toml ships its files as package data, so an
    installed copy has its guides beside the code where docs_dir() looks."""
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    data = tomllib.loads((root / "pyproject.toml").read_text())
    assert "*.md" in data["tool"]["setuptools"]["package-data"]["hexwright.docs"]
    assert '"hexwright.docs": "docs"' in (root / "setup.py").read_text()
    assert help_mod.docs_dir() == root / "docs"
