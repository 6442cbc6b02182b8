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


def test_import_refuses_until_every_tile_has_a_terrain_then_takes_the_mapping(tmp_path, capsys):
    tmx, out, tiles = _hand_made(tmp_path), tmp_path / "m.yaml", tmp_path / "tiles.yaml"
    assert main(["import", str(tmx), "-o", str(out), "--save-tiles", str(tiles)]) == 1
    err = capsys.readouterr().err
    assert "tile landscape/0 (used in 6 cells) has no terrain" in err and "not imported" in err
    assert not out.exists()
    assert read_tile_mapping(tiles) == {"landscape/0": "?", "landscape/1": "woods", "landscape/2": "marsh"}
    tiles.write_text(tiles.read_text().replace("'?'", "clear").replace('"?"', "clear").replace("?", "clear"))
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
