"""`hexwright counters import --update` (issue 33): an exported table, edited, imported again replaces
the units of the same id and says what was added and updated; without --update the same table is
refused whole, naming the option."""

from __future__ import annotations

from hexwright.app.cli import main
from hexwright.engine.formats import load_scenario

from tests.conftest import SCENARIOS

FM1 = SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml"


def test_reimport_with_update(tmp_path, capsys):
    scen = tmp_path / "s.yaml"
    scen.write_text(FM1.read_text())
    sc = load_scenario(FM1).scenario
    (tmp_path / sc.map_file).write_text((FM1.parent / sc.map_file).read_text())
    table = tmp_path / "u.csv"
    assert main(["counters", "export", str(scen), "-o", str(table)]) == 0
    rows = table.read_text().splitlines()
    header = rows[0].split(",")
    first = rows[1].split(",")
    uid = first[0]
    first[header.index("defense")] = "9"
    rows[1] = ",".join(first)
    table.write_text("\n".join(rows) + "\n")
    capsys.readouterr()
    assert main(["counters", "import", str(scen), str(table)]) == 1
    err = capsys.readouterr().err
    assert "import in update mode to replace it" in err and "nothing was written" in err
    assert main(["counters", "import", str(scen), str(table), "--update"]) == 0
    out = capsys.readouterr().out
    assert f"0 units added, 1 updated ({len(sc.units) - 1} unchanged) ({len(sc.units)} in all)" in out
    assert load_scenario(scen).scenario.units[uid].values["defense"] == 9
