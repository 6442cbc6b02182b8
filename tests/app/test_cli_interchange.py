"""`hexwright import` and `hexwright export` for Tiled maps, headless, and `--json -` on the commands that
report in JSON."""

from __future__ import annotations

import json

from hexwright.app.cli import main
from hexwright.engine.formats import read_map_file
from hexwright.engine.formats.tmx import read_tile_mapping

from tests.conftest import SCENARIOS
from tests.engine.test_tmx import EXPECTED, HAND_MADE


def _hand_made(tmp_path, orientation="hexagonal"):
    p = tmp_path / "hand.tmx"
    p.write_text(HAND_MADE.format(axis="y", index="even", px=0, py=0).replace(
        'orientation="hexagonal"', f'orientation="{orientation}"'), encoding="utf-8")
    return p


def test_import_says_which_tiles_matched_no_terrain_refuses_unknown_codes_and_takes_the_mapping(tmp_path, capsys):
    """A tile nothing matches does not stop the import: the note names it and its cells; a mapping to a code
    the terrain table lacks is refused in words; the completed mapping is taken."""
    tmx, out, tiles = _hand_made(tmp_path), tmp_path / "m.yaml", tmp_path / "tiles.yaml"
    assert main(["import", str(tmx), "-o", str(out), "--save-tiles", str(tiles)]) == 0
    err = capsys.readouterr().err
    assert "1 tile (landscape/0) matched no terrain: its 6 cells take the terrain of the layers below" in err
    assert read_tile_mapping(tiles) == {"landscape/0": "?", "landscape/1": "woods", "landscape/2": "marsh"}
    # each proposal says what it rests on, for the designer's review
    assert tiles.read_text().splitlines()[2:] == [
        "  landscape/0: '?'  # nothing it says names a terrain",
        "  landscape/1: woods  # proposed from the terrain property 'woods'",
        "  landscape/2: marsh  # proposed from the class 'marsh'"]
    out.unlink()
    assert main(["import", str(tmx), "-o", str(out), "--tiles", str(tiles)]) == 0  # '?' is still no terrain
    assert "1 tile (landscape/0) matched no terrain" in capsys.readouterr().err
    tiles.write_text(tiles.read_text().replace("'?'", "swamp"))
    out.unlink()
    assert main(["import", str(tmx), "-o", str(out), "--tiles", str(tiles)]) == 1
    err = capsys.readouterr().err
    assert "tile landscape/0 is mapped to 'swamp', which is neither a terrain nor a feature of the terrain table" in err
    assert "not imported: 1 tile is mapped to a code the terrain table does not have" in err
    assert not out.exists()
    tiles.write_text(tiles.read_text().replace("swamp", "clear"))
    assert main(["import", str(tmx), "-o", str(out), "--tiles", str(tiles), "--numbering", "letter_number"]) == 0
    m = read_map_file(out)
    assert m is not None and m.grid.orientation == "pointy" and m.grid.stagger == "even"
    for r, row in enumerate(EXPECTED):
        for c, want in enumerate(row):
            assert m.terrain[m.grid.offset.to_hex(c, r)] == ("clear" if want == "first" else want)
    assert m.hex_at("A1") == m.grid.offset.to_hex(0, 0)


def test_an_orthogonal_map_is_refused_with_file_and_line(tmp_path, capsys):
    tmx = _hand_made(tmp_path, "orthogonal")
    assert main(["import", str(tmx), "-o", str(tmp_path / "m.yaml")]) == 1
    err = capsys.readouterr().err
    assert f"{tmx}:2: this Tiled map is orthogonal; Hexwright imports hexagonal maps only" in err


def test_export_and_import_report_as_json_on_standard_output(tmp_path, capsys):
    src = SCENARIOS / "koenig-arnhem-bridge/arnhem-bridge-map.yaml"
    assert main(["export", str(src), "-o", str(tmp_path / "k.tmx"), "--json", "-"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["written"] == [str(tmp_path / "k.tmx"), str(tmp_path / "k.tiles.png")]
    assert main(["import", str(tmp_path / "k.tmx"), "-o", str(tmp_path / "k.yaml"), "--json", "-"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["written"] == [str(tmp_path / "k.yaml")]
    back, original = read_map_file(tmp_path / "k.yaml"), read_map_file(src)
    assert back.terrain == original.terrain and back.hexsides == original.hexsides


def test_validate_json_to_standard_output_or_a_file(tmp_path, capsys):
    src = str(SCENARIOS / "target-arnhem/target-arnhem.yaml")
    assert main(["validate", src, "--json", "-"]) == 0
    (entry,) = json.loads(capsys.readouterr().out)
    assert entry["file"] == src and entry["ok"] is True
    assert main(["validate", src, "--json", str(tmp_path / "report.json")]) == 0
    assert json.loads((tmp_path / "report.json").read_text())[0]["ok"] is True
    assert "ok (0 errors" in capsys.readouterr().err


def test_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("hexwright ")


def test_import_refuses_a_missing_file_or_a_folder_before_any_work(tmp_path, capsys):
    out = tmp_path / "m.yaml"
    assert main(["import", str(tmp_path / "nope.tmx"), "-o", str(out)]) == 2
    assert f"hexwright import: {tmp_path / 'nope.tmx'} does not exist" in capsys.readouterr().err
    assert main(["import", str(tmp_path), "-o", str(out)]) == 2
    assert "is a folder, not a TMX file" in capsys.readouterr().err
    assert not out.exists()


def test_import_refuses_to_write_over_its_input_or_one_output_twice(tmp_path, capsys):
    tmx = _hand_made(tmp_path)
    before = tmx.read_text()
    assert main(["import", str(tmx), "-o", str(tmx)]) == 2
    assert "is the input file" in capsys.readouterr().err
    assert tmx.read_text() == before  # the TMX is not replaced by a map file
    same = tmp_path / "m.yaml"
    assert main(["import", str(tmx), "-o", str(same), "--save-tiles", str(same)]) == 2
    assert "both name" in capsys.readouterr().err and not same.exists()


def test_import_and_export_check_their_output_folders_before_the_work(tmp_path, capsys):
    tmx = _hand_made(tmp_path)
    assert main(["import", str(tmx), "-o", str(tmp_path / "no" / "m.yaml")]) == 2
    assert f"the folder {tmp_path / 'no'} does not exist" in capsys.readouterr().err
    src = SCENARIOS / "asl-arnhem-bridge" / "arnhem-bridge-fragment.map.yaml"
    assert main(["export", str(src), "-o", str(tmp_path / "no" / "m.tmx")]) == 2
    assert f"the folder {tmp_path / 'no'} does not exist" in capsys.readouterr().err


def test_export_checks_the_tileset_image_path_too(tmp_path, capsys):
    (tmp_path / "m.tiles.png").mkdir()  # where the tileset image would go
    src = SCENARIOS / "asl-arnhem-bridge" / "arnhem-bridge-fragment.map.yaml"
    assert main(["export", str(src), "-o", str(tmp_path / "m.tmx")]) == 2
    err = capsys.readouterr().err
    assert "its tileset image" in err and "it is a folder" in err
    assert not (tmp_path / "m.tmx").exists()


def test_an_exported_letter_number_map_imports_with_its_numbering(tmp_path, capsys):
    src = SCENARIOS / "asl-arnhem-bridge" / "arnhem-bridge-fragment.map.yaml"
    assert main(["export", str(src), "-o", str(tmp_path / "m.tmx")]) == 0
    assert main(["import", str(tmp_path / "m.tmx"), "-o", str(tmp_path / "m.yaml")]) == 0
    m = read_map_file(tmp_path / "m.yaml")
    assert m is not None and m.grid.labels.kind == "letter_number" and m.label(m.hexes[0]) == "N12"
    assert main(["import", str(tmp_path / "m.tmx"), "-o", str(tmp_path / "x.yaml"), "--numbering", "xxyy"]) == 0
    assert read_map_file(tmp_path / "x.yaml").label(m.hexes[0]) == "0101"


def test_a_missing_scenario_is_one_error_not_one_errors(tmp_path, capsys):
    assert main(["export", str(tmp_path / "nope.yaml"), "-o", str(tmp_path / "x.tmx")]) == 1
    assert "not exported (1 error)" in capsys.readouterr().err


def test_export_refuses_an_area_map_for_tiled(tmp_path, capsys):
    src = SCENARIOS / "storm-arnhem" / "the-crossing-map.yaml"
    assert main(["export", str(src), "-o", str(tmp_path / "a.tmx")]) == 2
    assert "is an area map; a Tiled map is made from a hex map" in capsys.readouterr().err
    assert not (tmp_path / "a.tmx").exists()


def test_import_refuses_numbering_out_of_bounds_before_any_work(tmp_path, capsys):
    """`--first-column -5` ended in a LabelError traceback; `--numbering letter_number --first-column 100000000`
    grew to 2.7 GB building 3.8-million-letter labels."""
    tmx, out = _hand_made(tmp_path), tmp_path / "m.yaml"
    assert main(["import", str(tmx), "-o", str(out), "--first-column", "-5"]) == 2
    assert "--first-column must be from 0 to 10,000, not -5" in capsys.readouterr().err
    assert main(["import", str(tmx), "-o", str(out), "--numbering", "letter_number", "--first-column",
                 "100000000"]) == 2
    assert "--first-column must be from 1 to 10,000, not 100000000" in capsys.readouterr().err
    assert main(["import", str(tmx), "-o", str(out), "--numbering", "letter_number", "--first-column", "0"]) == 2
    assert "--first-column must be from 1 to 10,000, not 0" in capsys.readouterr().err
    assert main(["import", str(tmx), "-o", str(out), "--first-row", "10001"]) == 2
    assert not out.exists()
    assert main(["import", str(tmx), "-o", str(out), "--numbering", "letter_number", "--first-column", "27"]) == 0
    assert read_map_file(out).label(read_map_file(out).grid.offset.to_hex(0, 0)) == "AA1"


def test_import_refuses_a_decompression_bomb_at_its_line(tmp_path, capsys):
    """A layer of 12 cells whose zlib data inflates to 300 MB: refused at once, not inflated."""
    import base64
    import zlib

    text = HAND_MADE.format(axis="x", index="odd", px=0, py=0)
    start, end = text.index('<data encoding="csv">'), text.index("</data>") + len("</data>")
    bomb = base64.b64encode(zlib.compress(bytes(300 * 1024 * 1024), 9)).decode()
    tmx = tmp_path / "bomb.tmx"
    tmx.write_text(text[:start] + f'<data encoding="base64" compression="zlib">{bomb}</data>' + text[end:])
    assert main(["import", str(tmx), "-o", str(tmp_path / "m.yaml")]) == 1
    err = capsys.readouterr().err
    assert f"{tmx}:13: the layer's zlib data inflates to more than the 48 bytes its 12 cells need" in err


def test_import_numbers_a_wide_map_with_as_many_digits_as_it_needs(tmp_path, capsys):
    """A 120-column map was refused with the default 2-digit XXYY numbering; as a map file without `digits`, the
    import now takes 3 (--digits still decides when given)."""
    from tests.engine.test_tmx_read import csv_layer, tmx

    p = tmx(tmp_path, csv_layer([1] * 360, width=120), size=(120, 3))
    assert main(["import", str(p), "-o", str(tmp_path / "w.yaml")]) == 0
    m = read_map_file(tmp_path / "w.yaml")
    assert m.label(m.grid.offset.to_hex(119, 2)) == "120003"
    assert main(["import", str(p), "-o", str(tmp_path / "x.yaml"), "--digits", "2"]) == 2
    assert "the numbering does not fit this 120 x 3 map" in capsys.readouterr().err
