"""`hexwright validate` and `hexwright info` on the test fixtures: exit status, compiler-style lines,
JSON output, and one run of the installed console command."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hexwright.app.cli import main

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
VALID = FIXTURES / "valid" / "scenario.yaml"
VALID_MAP = FIXTURES / "valid" / "map.yaml"
BROKEN = sorted((FIXTURES / "broken").glob("*.yaml"))
EXPECT = re.compile(r"^# expect: (?P<code>[a-z-]+) line (?P<line>\d+)")
LINE = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): "
                  r"(?P<sev>error|warning|info)\[(?P<code>[a-z-]+)\]: (?P<msg>.+)$")


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def expected(path: Path) -> tuple[str, int]:
    m = EXPECT.match(path.read_text(encoding="utf-8").splitlines()[0])
    assert m
    return m.group("code"), int(m.group("line"))


def test_valid_scenario_exits_zero(capsys):
    code, out, err = run(capsys, "validate", str(VALID), str(VALID_MAP))
    assert code == 0
    assert not [line for line in out.splitlines() if " error[" in line or " warning[" in line]
    assert f"{VALID}: ok (0 errors, 0 warnings)" in err
    assert f"{VALID_MAP}: ok" in err


@pytest.mark.parametrize("path", BROKEN, ids=[p.stem for p in BROKEN])
def test_broken_fixture_exits_one_with_a_compiler_style_line(capsys, path):
    code_expected, line_expected = expected(path)
    code, out, err = run(capsys, "validate", "--no-info", str(path))
    assert code == 1
    parsed = [LINE.match(line) for line in out.splitlines()]
    assert parsed and all(parsed), out  # every line is file:line:col: severity[code]: message
    hits = [m for m in parsed if m["code"] == code_expected and int(m["line"]) == line_expected
            and m["sev"] == "error"]
    assert hits, out
    assert Path(hits[0]["file"]) == path
    assert "FAILED" in err


def test_json_output_parses_and_has_the_diagnostics(capsys):
    stacking = FIXTURES / "broken" / "stacking.yaml"
    code, out, _ = run(capsys, "validate", "--format", "json", str(VALID), str(stacking))
    assert code == 1
    report = json.loads(out)
    assert [r["file"] for r in report] == [str(VALID), str(stacking)]
    ok, bad = report
    assert ok["ok"] is True and ok["errors"] == 0
    assert bad["ok"] is False and bad["errors"] == 1
    (d,) = [d for d in bad["diagnostics"] if d["severity"] == "error"]
    assert d["code"] == "stacking" and d["line"] == expected(stacking)[1] and d["column"] >= 1
    assert d["file"] == str(stacking) and d["hex"] == "0201" and d["unit"] == "2/1AB"
    assert "stacking limit" in d["message"]


def test_json_output_of_a_valid_file_exits_zero(capsys):
    code, out, _ = run(capsys, "validate", "--format", "json", str(VALID))
    assert code == 0
    (r,) = json.loads(out)
    assert r["ok"] and not [d for d in r["diagnostics"] if d["severity"] != "info"]


def test_a_file_that_does_not_exist_fails(capsys, tmp_path):
    missing = tmp_path / "nope.yaml"
    code, out, _ = run(capsys, "validate", str(missing))
    assert code == 1
    assert f"{missing}: error[unreadable]" in out


def test_a_file_that_is_not_utf8_is_refused_at_the_bad_byte(capsys, tmp_path):
    bad = tmp_path / "latin1.yaml"
    bad.write_bytes(VALID.read_bytes().replace(b"title:", b"title: caf\xe9 ", 1))
    line = next(n for n, t in enumerate(bad.read_bytes().split(b"\n"), start=1) if b"\xe9" in t)
    code, out, _ = run(capsys, "validate", str(bad))
    assert code == 1
    assert re.search(rf"latin1.yaml:{line}:\d+: error\[encoding\]: the byte 0xe9 is not UTF-8", out), out


def test_any_broken_file_among_many_fails(capsys):
    code, _, err = run(capsys, "validate", str(VALID), str(BROKEN[0]), str(VALID_MAP))
    assert code == 1
    assert err.count(": ok") == 2 and err.count("FAILED") == 1


def test_info_prints_a_summary(capsys):
    code, out, _ = run(capsys, "info", str(VALID))
    assert code == 0
    assert "scenario: Fixture: the bridge at Arnhem" in out
    assert "rules: fm" in out
    assert "Allied (6 units)" in out and "German (6 units)" in out and "first player: allied" in out
    assert "turns: 6 (1 night)" in out
    assert "reinforcements: 3 entries" in out
    assert "grid: 12 x 10 = 120 hexes" in out and "0101 .. 1210" in out
    assert "diagnostics: 0 errors, 0 warnings" in out


def test_info_on_a_map_file(capsys):
    code, out, _ = run(capsys, "info", str(VALID_MAP))
    assert code == 0
    assert out.startswith("map: Fixture: lower Rhine")
    assert "path links: road 9, trail 2" in out


def test_info_on_an_unreadable_file_fails(capsys):
    code, out, err = run(capsys, "info", str(FIXTURES / "broken" / "malformed_yaml.yaml"))
    assert code == 1
    assert "error[yaml-syntax]" in err and out == ""  # errors on standard error (issue 29)


def test_installed_console_command():
    exe = Path(sys.executable).parent / "hexwright"
    if not exe.exists():
        exe = ROOT / ".venv" / "bin" / "hexwright"
    ok = subprocess.run([str(exe), "validate", str(VALID)], capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    bad = subprocess.run([str(exe), "validate", str(FIXTURES / "broken" / "unit_off_map.yaml")],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 1
    code, line = expected(FIXTURES / "broken" / "unit_off_map.yaml")
    assert re.search(rf"unit_off_map\.yaml:{line}:\d+: error\[{code}\]", bad.stdout), bad.stdout
