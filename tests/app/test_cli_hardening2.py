"""Hardening, round two (issue 29): what a file that validates, or a command line, used to make a command
crash, hang or lie about. Each test failed before its fix: a Target Arnhem scenario without its Combat
Ratio Table validated and then raised at the first combat; `export -o x.tmx` of a scenario on an area map
wrote a 1x1 hex map; `los` on an area map raised AssertionError; `render --hex-width-mm 1e6` never ended;
`sheets -o s.png` wrote a PDF named .png; `import -o i.png` YAML named .png; `counters images --size -1`
was accepted; `play --bots ''` played random bots; `info` printed its errors on standard output; and
`hexwright info FILE | head` ended in a BrokenPipeError traceback."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hexwright.app.cli import main
from hexwright.engine.formats import load_document, load_map
from hexwright.engine.formats.areamapfile import load_area_map
from hexwright.engine.validation import Severity

from tests.conftest import SCENARIOS
from tests.engine.test_tmx import HAND_MADE

FM = SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml"
TA = SCENARIOS / "target-arnhem" / "target-arnhem.yaml"
CROSSING = SCENARIOS / "storm-arnhem" / "the-crossing.yaml"
CROSSING_MAP = SCENARIOS / "storm-arnhem" / "the-crossing-map.yaml"
ASL_MAP = SCENARIOS / "asl-arnhem-bridge" / "arnhem-bridge-fragment.map.yaml"


@pytest.fixture(autouse=True)
def _widgets_application(qapp):
    """A QApplication before a command draws: `render` alone would make a QGuiApplication, on which the
    editor tests that follow in the same process could not make their windows."""
    return qapp


def _without_tables(tmp_path: Path) -> Path:
    folder = tmp_path / "ta"
    shutil.copytree(TA.parent, folder)
    path = folder / TA.name
    text = path.read_text(encoding="utf-8")
    cut = re.sub(r"^tables:\n(?:[ -].*\n)+", "", text, flags=re.M)
    assert cut != text and "combat_ratio" not in cut
    path.write_text(cut, encoding="utf-8")
    return path


def test_a_target_arnhem_scenario_without_its_combat_table_is_refused_by_validate_and_play(tmp_path, capsys):
    path = _without_tables(tmp_path)
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert re.search(rf"{re.escape(str(path))}:\d+:\d+: error\[missing-table\]: Target Arnhem needs a "
                     r"'combat_ratio' table", out)
    assert main(["play", str(path), "--seed", "1", "--quiet"]) == 1  # refused before the first combat
    err = capsys.readouterr().err
    assert "missing-table" in err and "cannot play" in err


def test_a_koenig_scenario_without_its_tables_plays_on_the_printed_values(tmp_path, capsys):
    """Koenig's tables have printed values to fall back on (Koenig 5.0, 6.1, 6.2): a warning, not an error."""
    folder = tmp_path / "k"
    shutil.copytree(SCENARIOS / "koenig-arnhem-bridge", folder)
    path = folder / "arnhem-bridge.yaml"
    text = path.read_text(encoding="utf-8")
    cut = re.sub(r"^tables:\n(?:[ -].*\n)+", "", text, flags=re.M)
    assert cut != text
    path.write_text(cut, encoding="utf-8")
    assert main(["validate", str(path)]) == 0
    assert "the printed values are used" in capsys.readouterr().out


def test_export_to_tiled_refuses_a_scenario_on_an_area_map_and_writes_nothing(tmp_path, capsys):
    out = tmp_path / "st.tmx"
    assert main(["export", str(CROSSING), "-o", str(out)]) == 2
    assert "is a scenario on an area map; a Tiled map is made from a hex map" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
    assert main(["export", str(CROSSING_MAP), "-o", str(out)]) == 2
    assert "is an area map" in capsys.readouterr().err


@pytest.mark.parametrize("path", [CROSSING_MAP, CROSSING])
def test_los_refuses_an_area_map_cleanly(path, capsys):
    assert main(["los", str(path), "4", "5"]) == 2
    err = capsys.readouterr().err
    assert "hexwright los:" in err and "area map" in err and "hex map" in err


@pytest.mark.parametrize("load", [lambda t: load_document(t, "e.yaml").diagnostics,
                                  lambda t: _diags(load_map, t), lambda t: _diags(load_area_map, t)])
@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n"])
def test_an_empty_file_is_reported_at_1_1(load, text):
    diags = load(text)
    assert [(d.code, d.line, d.column) for d in diags] == [("empty-file", 1, 1)]


def _diags(loader, text: str) -> list:
    diags: list = []
    loader(text, "e.yaml", diags)
    return diags


@pytest.mark.parametrize("width", ["1e6", "2000", "1e308", "0.5"])
def test_render_refuses_a_hex_width_it_cannot_print(width, tmp_path, capsys):
    out = tmp_path / "x.pdf"
    assert main(["render", str(FM), "-o", str(out), "--hex-width-mm", width]) == 1
    assert "the hex width must be from 1 to 500 mm" in capsys.readouterr().err
    assert not out.exists()


def test_render_refuses_a_pdf_of_too_many_pages(tmp_path, capsys):
    out = tmp_path / "x.pdf"
    assert main(["render", str(FM), "-o", str(out), "--hex-width-mm", "200"]) == 1
    assert re.search(r"take [\d,]+ A4 pages .* more than a PDF may have \(500\)", capsys.readouterr().err)
    assert not out.exists()


@pytest.mark.parametrize(("path", "suffix", "scale"), [(FM, "png", "100"), (FM, "svg", "1e300"),
                                                       (CROSSING, "png", "1e300"), (CROSSING, "svg", "100")])
def test_render_refuses_a_picture_of_too_many_pixels(path, suffix, scale, tmp_path, capsys):
    out = tmp_path / f"x.{suffix}"
    assert main(["render", str(path), "-o", str(out), "--scale", scale]) == 1
    assert "is more than a picture may have (150 million pixels)" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_sheets_refuses_an_output_not_named_pdf(tmp_path, capsys):
    assert main(["sheets", str(TA), "-o", str(tmp_path / "s.png")]) == 2
    err = capsys.readouterr().err
    assert "hexwright sheets: -o" in err and "written to a .pdf file" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("flag", ["-o", "--save-tiles"])
def test_import_refuses_an_output_not_named_yaml(flag, tmp_path, capsys):
    tmx = tmp_path / "hand.tmx"
    tmx.write_text(HAND_MADE.format(axis="y", index="even", px=0, py=0), encoding="utf-8")
    argv = ["import", str(tmx), "-o", str(tmp_path / "i.yaml"), "--save-tiles", str(tmp_path / "t.yaml")]
    argv[argv.index(flag) + 1] = str(tmp_path / "i.png")
    assert main(argv) == 2
    assert f"hexwright import: {flag}" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hand.tmx"]


def test_counters_images_refuses_a_negative_counter_size(tmp_path, capsys):
    out = tmp_path / "imgs"
    assert main(["counters", "images", str(TA), "-o", str(out), "--format", "svg", "--size", "-1"]) == 1
    assert "the counter size must be 0.1 to 6 inches, not -1" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize("bots", ["", ",", "random,", " , random"])
def test_play_refuses_empty_bot_names(bots, capsys):
    assert main(["play", str(TA), "--bots", bots, "--quiet"]) == 2
    assert "name a bot for each side" in capsys.readouterr().err


def test_info_prints_errors_on_standard_error(tmp_path, capsys):
    empty = tmp_path / "empty.yaml"
    empty.write_text("", encoding="utf-8")
    assert main(["info", str(empty)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"{empty}:1:1: error[empty-file]" in captured.err


@pytest.mark.parametrize("argv", [["info", str(FM)], ["play", str(FM), "--max-turns", "1"],
                                  ["validate", "--format", "json", str(FM), str(TA), str(CROSSING)],
                                  ["los", str(ASL_MAP), "R18", "Q17", "--json"]])
def test_a_command_whose_reader_went_away_ends_quietly(argv, tmp_path):
    """`hexwright info FILE | head`: the reader closes the pipe before the command writes; the command
    stops without a traceback (exit status 141, as a tool ended by the pipe)."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before anything is written
    try:
        proc = subprocess.run([sys.executable, "-m", "hexwright.app.cli", *argv], stdout=write_end,
                              stderr=subprocess.PIPE, cwd=tmp_path, timeout=300, check=False)
    finally:
        os.close(write_end)
    err = proc.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert proc.returncode == 141


def test_the_validation_error_names_its_line_and_column(tmp_path):
    """The missing table is an error at the scenario's top, with a line and column as every error."""
    from hexwright.engine.formats import load_scenario
    from hexwright.engine.validation import validate_scenario

    path = _without_tables(tmp_path)
    result = load_scenario(path)
    assert result.scenario is not None
    errors = [d for d in validate_scenario(result.scenario, result.source_map) if d.severity is Severity.ERROR]
    assert [d.code for d in errors] == ["missing-table"]
    assert errors[0].line >= 1 and errors[0].column >= 1


def test_a_letter_labelled_grid_of_astronomical_columns_is_refused_at_its_line(tmp_path, capsys):
    """Found by the fuzz run (case 3687): the ASL map with `columns: 99999999999999999999` made the label
    check spell the last column's letters and fill the memory (MemoryError) after the size was refused."""
    text = ASL_MAP.read_text(encoding="utf-8")
    assert "columns: 9, rows: 12" in text
    path = tmp_path / "asl.map.yaml"
    path.write_text(text.replace("columns: 9, rows: 12", "columns: 99999999999999999999, rows: 12"), encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    assert re.search(rf"{re.escape(str(path))}:5:\d+: error\[bad-value\]: grid: 99999999999999999999 x 12",
                     capsys.readouterr().out)


def test_import_leaves_out_region_cells_off_the_map(tmp_path, capsys):
    """Found by the fuzz run (cases 127, 1766, 3637, 4927, 5424): a Tiled map whose region lists a cell off the
    map (`cells="1000000,5"`) was imported into a map file that validation refuses; the cell is left out and
    the notes say so."""
    from hexwright.app.subcommands.loading import load_any
    from hexwright.engine.formats.mapfile import read_map_file
    from hexwright.engine.formats.tmx_write import tmx_document

    m = read_map_file(SCENARIOS / "fm-arnhem" / "arnhem-corridor.map.yaml")
    assert m is not None and m.regions
    text, png, _notes = tmx_document(m, "map.tiles.png")
    damaged, n = re.subn(r'(name="cells" value=")', r"\g<1>1000000,5 ", text, count=1)
    assert n == 1
    (tmp_path / "map.tmx").write_text(damaged, encoding="utf-8")
    (tmp_path / "map.tiles.png").write_bytes(png)
    out = tmp_path / "map.yaml"
    assert main(["import", str(tmp_path / "map.tmx"), "-o", str(out)]) == 0
    assert "region hexes off the map not imported: 1" in capsys.readouterr().err
    obj, diags = load_any(out)
    assert obj is not None and [d for d in diags if d.severity is Severity.ERROR] == []
