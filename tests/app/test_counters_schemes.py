"""Counter colour schemes by nationality (app/counters/schemes.py), per-counter PNG/SVG export
(app/counters/images.py) and `hexwright counters` export | import | images."""

from __future__ import annotations

import csv
import io

from hexwright.app.cli import main
from hexwright.app.counters.draw import counter_colors
from hexwright.app.counters.images import export_counter_images, safe_name
from hexwright.app.counters.schemes import (
    DEFAULT_SCHEME,
    OPTION,
    ColourSchemesDialog,
    nationalities_by_side,
    scheme_key,
)
from hexwright.app.scenario.demo import demo_scenario
from hexwright.app.scenario.document import ScenarioDocument
from hexwright.engine.formats import dump_scenario, load_scenario
from hexwright.engine.model import UnitDef
from PySide6.QtGui import QImage

from tests.conftest import SCENARIOS

FM1 = SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml"


def unit(uid, nat, formation="", side="allied"):
    return UnitDef(uid, uid, side, nat, formation, "infantry", "battalion", {"attack": 2, "defense": 2,
                                                                             "movement": 7})


def test_nationalities_and_the_ss_have_their_own_colours(qapp):
    sc = load_scenario(FM1).scenario
    assert scheme_key(unit("x", "American")) == "us" and scheme_key(unit("1/9SS", "german", "9SS")) == "german_ss"
    assert scheme_key(unit("2/406", "german", "406")) == "german"
    bg = {k: counter_colors(unit("u", n, f), sc).background.name() for k, (n, f) in {
        "us": ("us", "82"), "british": ("british", "1AB"), "polish": ("polish", "Pol"),
        "heer": ("german", "406"), "ss": ("german", "9SS")}.items()}
    assert len(set(bg.values())) == 5  # every nationality differs, as printed counters do
    assert bg["us"] == DEFAULT_SCHEME["us"] and bg["ss"] == DEFAULT_SCHEME["german_ss"]
    # the SS counter is dark: light ink on it
    assert counter_colors(unit("u", "german", "9SS"), sc).ink.lightness() > 200
    # the scenario's own scheme wins over the defaults; a unit's own colour over both
    sc.options[OPTION] = {"british": "#aa0000"}
    assert counter_colors(unit("u", "british"), sc).background.name() == "#aa0000"
    own = unit("u", "british")
    own.color = "#123456"
    assert counter_colors(own, sc).background.name() == "#123456"


def test_the_colours_dialog_is_one_undoable_edit_saved_with_the_scenario(qtbot):
    sc = demo_scenario()
    sc.options.pop("formation_colors")
    doc = ScenarioDocument(sc)
    assert nationalities_by_side(sc) == {"allied": ["british", "polish"], "german": ["german", "german_ss"]}
    dlg = ColourSchemesDialog(doc)
    qtbot.addWidget(dlg)
    assert set(dlg.nat_swatches) == {"british", "polish", "german", "german_ss"}
    polish = sc.units["1/Pol"]
    before = counter_colors(polish, sc).background.name()
    dlg.nat_swatches["polish"].set_colour("#ff00aa")
    dlg.side_swatches["german"].set_colour("#222222")
    dlg.apply()
    assert doc.undo_stack.count() == 1
    assert sc.options[OPTION] == {"polish": "#ff00aa"}  # only what differs from the defaults is kept
    assert sc.side("german").color == "#222222"
    assert counter_colors(polish, sc).background.name() == "#ff00aa"
    assert "nationality_colors: {polish: '#ff00aa'}" in dump_scenario(sc)
    doc.undo_stack.undo()
    assert OPTION not in sc.options and sc.side("german").color == "#8f9a9e"
    assert counter_colors(polish, sc).background.name() == before


def test_a_saved_scheme_loads_back_and_validates(tmp_path):
    sc = load_scenario(FM1).scenario
    sc.options[OPTION] = {"us": "#336633", "german_ss": "#111111"}
    text = dump_scenario(sc)
    p = tmp_path / "s.yaml"
    p.write_text(text)
    (tmp_path / sc.map_file).write_text((FM1.parent / sc.map_file).read_text())
    again = load_scenario(p)
    assert not [d for d in again.diagnostics if d.severity.name == "ERROR"]
    assert again.scenario.options[OPTION] == {"us": "#336633", "german_ss": "#111111"}
    bad = text.replace("german_ss: '#111111'", "german_ss: [1, 2]")
    p.write_text(bad)
    errs = [d for d in load_scenario(p).diagnostics if d.severity.name == "ERROR"]
    assert errs and "nationality_colors" in errs[0].message


def test_each_counter_face_as_png_and_svg(qapp, tmp_path):
    sc = demo_scenario()
    report = export_counter_images(sc, tmp_path / "png", "png", 120)
    two_sided = [u for u in sc.units.values() if u.reduced is not None or u.steps > 1]
    assert len(report.files) == len(sc.units) + len(two_sided)
    img = QImage(str(tmp_path / "png" / f"{safe_name('1/9SS')}-front.png"))
    assert img.width() == img.height() == 120
    assert safe_name("1/9SS") == "1_9SS"
    svg = export_counter_images(sc, tmp_path / "svg", "svg", counter_inch=0.625, units=["Krft"])
    text = svg.files[0].read_text()
    assert svg.files[0].name == "Krft-front.svg" and 'viewBox="0 0 45 45"' in text
    try:
        export_counter_images(sc, tmp_path, "gif")
    except ValueError as exc:
        assert "png, svg" in str(exc)
    else:
        raise AssertionError("a bad format is refused")


def test_counters_from_the_command_line(tmp_path, capsys):
    scen = tmp_path / "s.yaml"
    scen.write_text(FM1.read_text())
    sc = load_scenario(FM1).scenario
    (tmp_path / sc.map_file).write_text((FM1.parent / sc.map_file).read_text())
    assert main(["counters", "export", str(scen), "-o", str(tmp_path / "u.csv"), "--delimiter", ";"]) == 0
    rows = list(csv.reader(io.StringIO((tmp_path / "u.csv").read_text()), delimiter=";"))
    assert rows[0][:3] == ["id", "name", "side"] and len(rows) == len(sc.units) + 1
    table = tmp_path / "new.csv"
    table.write_text("id;name;side;nationality;formation;type;size;attack;defense;movement\n"
                     "X1;Test 1;allied;us;82;parachute;II;2;2;7\nX2;Test 2;german;german;9SS;infantry;XX;3;3;6\n")
    out = tmp_path / "out.yaml"
    assert main(["counters", "import", str(scen), str(table), "-o", str(out)]) == 0
    got = load_scenario(out).scenario
    assert got.units["X1"].size == "battalion" and got.units["X2"].size == "division"
    assert len(got.units) == len(sc.units) + 2
    assert scen.read_text() == FM1.read_text()  # -o: the original untouched
    # a table with an error: nothing written, the line named
    table.write_text("id,side,type\nX3,allied,spaceship\n")
    assert main(["counters", "import", str(scen), str(table)]) == 1
    err = capsys.readouterr().err
    assert "new.csv:2:" in err and "nothing was written" in err and scen.read_text() == FM1.read_text()
    assert main(["counters", "images", str(scen), "-o", str(tmp_path / "img"), "--unit", "1/9SS", "--px", "64"]) == 0
    assert [p.name for p in (tmp_path / "img").iterdir()] == ["1_9SS-front.png"]
