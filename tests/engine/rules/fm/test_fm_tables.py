"""fm_tables(): the printed tables as printed, the truncated CRT in its printed layout and marked
reconstructed (000_e5c3deafb2cea4af.txt CRT, 10.6.3, 10.6.4, 10.7, 11.4)."""

from __future__ import annotations

import pytest
from hexwright.engine.rules.fm.tables import RESULTS, die_range, differentials, fm_tables


def test_every_table_the_rules_read_is_there():
    assert set(fm_tables()) == {"crt", "crt_terrain", "crt_lines", "airborne_drop", "airpower", "bridge_demolition",
                                "bridge_repair"}


def test_crt_is_marked_reconstructed_with_its_source():
    t = fm_tables()
    for name in ("crt", "crt_terrain"):
        assert t[name].reconstructed and "body truncated" in t[name].source and t[name].notes
    for name in ("airborne_drop", "airpower", "bridge_demolition", "bridge_repair"):
        assert not t[name].reconstructed


def test_crt_layout_as_printed():
    """Columns 1-12; every line right-aligned to +10 in column 12; Mountain from column 6 with 0, +1, +2/+3,
    +4/5, +6/7, +8/9, +10; City/Rough/River from column 1 with -2, -1; Woods from column 2."""
    t = fm_tables()["crt_terrain"]
    assert t.columns == [str(i) for i in range(1, 13)]
    rows = t.rows
    assert rows["Mountain"][5:] == ["0", "+1", "+2,+3", "+4,5", "+6,7", "+8,9", "+10"]
    assert all(c == t.blank for c in rows["Mountain"][:5])
    assert rows["City, Rough, River"][:2] == ["-2", "-1"]
    assert rows["Woods"][0] == t.blank and rows["Woods"][1] != t.blank
    for cells in rows.values():
        assert differentials(cells[-1]) == [10]
    assert {"Clear", "Bridge"} <= set(rows)


def test_crt_body_uses_only_the_legend_results():
    t = fm_tables()["crt"]
    assert list(t.rows) == ["1", "2", "3", "4", "5", "6"]
    assert all(len(cells) == 12 and set(cells) <= set(RESULTS) for cells in t.rows.values())


@pytest.mark.parametrize("row,cells", [
    ("Mixed", ["1-6", "7-8", "N/A"]), ("Broken", ["1-5", "6-7", "8"]), ("Woods", ["1-4", "5-6", "7-8"]),
    ("Town or Rough", ["1-3", "4-6", "7-8"]), ("City", ["1-2", "3-5", "6-8"]),
])
def test_airborne_drop_table_as_printed(row, cells):
    assert fm_tables()["airborne_drop"].rows[row] == cells


def test_demolition_and_repair_ranges_as_printed():
    t = fm_tables()
    assert {k: die_range(v[0]) for k, v in t["bridge_demolition"].rows.items()} == {
        "canal": {1, 2, 3}, "railroad": {1, 2}, "highway": {1}}
    assert {k: die_range(v[0]) for k, v in t["bridge_repair"].rows.items()} == {
        "canal": {5, 6}, "railroad": {5, 6}, "highway": {4, 5, 6}}


def test_airpower_table_as_printed():
    rows = fm_tables()["airpower"].rows
    assert rows["1"][0] == "No SFM available" and rows["6"][1:] == [2, 1]


def test_the_shipped_scenarios_carry_these_tables():
    from pathlib import Path

    from hexwright.engine.formats import load_scenario

    root = Path(__file__).resolve().parents[4] / "scenarios" / "fm-arnhem"
    files = sorted(root.glob("scenario-*.yaml"))
    if not files:
        pytest.skip("the Arnhem scenarios are not built")
    for f in files:
        sc = load_scenario(f).scenario
        assert sc is not None
        for name, table in fm_tables().items():
            assert sc.tables[name].rows == table.rows, (f.name, name)
