"""`hexwright balance`: a short study from the command line with its JSON and HTML reports, a sweep, and
clear errors for a bad parameter path or report name."""

from __future__ import annotations

import json

from hexwright.app.cli import main

from tests.conftest import SCENARIOS

KOENIG = str(SCENARIOS / "koenig-arnhem-bridge" / "arnhem-bridge.yaml")


def test_balance_study_writes_json_and_html(tmp_path, capsys):
    out_json, out_html = tmp_path / "study.json", tmp_path / "study.html"
    rc = main(["balance", KOENIG, "--games", "3", "--bots", "random,random", "--seed", "4", "--max-turns", "2",
               "--json", str(out_json), "--report", str(out_html)])
    assert rc == 0
    captured = capsys.readouterr()
    assert "95% interval" in captured.out and "Allied" in captured.out
    assert captured.err.splitlines()[0].startswith("1/3 games, ")  # the first game is reported at once
    assert captured.err.splitlines()[-1].startswith("3/3 games in ")  # and the last, with the rate
    data = json.loads(out_json.read_text())
    assert data["games"] == 3 and [s["side"] for s in data["sides"]] == ["allied", "german"]
    assert sum(s["wins"] for s in data["sides"]) + data["sides"][0]["draws"] == 3
    assert "data:image/png;base64," in out_html.read_text()


def test_balance_sweep_and_png(tmp_path, capsys):
    png = tmp_path / "sweep.png"
    rc = main(["balance", KOENIG, "--games", "2", "--bots", "random", "--sweep", "turns=1,2", "--quiet",
               "--report", str(png)])
    assert rc == 0
    out = capsys.readouterr().out
    assert "what-if turns" in out and out.count("%") >= 8
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_balance_errors(tmp_path, capsys):
    assert main(["balance", KOENIG, "--games", "1", "--sweep", "unit[nobody].values.strength=3"]) == 1
    assert "no unit 'nobody'" in capsys.readouterr().err
    assert main(["balance", KOENIG, "--games", "1", "--report", str(tmp_path / "r.txt")]) == 2
    assert ".html or .png" in capsys.readouterr().err
    assert main(["balance", KOENIG, "--games", "1", "--bots", "genius"]) == 1
    assert "unknown bot" in capsys.readouterr().err
    assert not (tmp_path / "r.txt").exists()


def test_a_study_is_reported_again_from_its_json(tmp_path, capsys):
    out_json, again = tmp_path / "study.json", tmp_path / "again.html"
    assert main(["balance", KOENIG, "--games", "2", "--bots", "random", "--seed", "5", "--max-turns", "1", "--quiet",
                 "--json", str(out_json)]) == 0
    first = capsys.readouterr().out
    assert main(["balance", KOENIG, "--from-json", str(out_json), "--report", str(again)]) == 0
    assert capsys.readouterr().out == first  # the same text report, no game played
    assert "data:image/png;base64," in again.read_text()
    sweep_json = tmp_path / "sweep.json"
    assert main(["balance", KOENIG, "--games", "1", "--bots", "random", "--sweep", "turns=1,2", "--quiet",
                 "--json", str(sweep_json)]) == 0
    table = capsys.readouterr().out
    assert main(["balance", KOENIG, "--from-json", str(sweep_json)]) == 0
    assert capsys.readouterr().out == table
    (tmp_path / "bad.json").write_text("{}")
    assert main(["balance", KOENIG, "--from-json", str(tmp_path / "bad.json")]) == 1
    assert "not a study written by --json" in capsys.readouterr().err
