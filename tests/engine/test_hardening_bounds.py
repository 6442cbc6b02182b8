"""The bounds that keep every command of an accepted file small (issue 29; engine/model/bounds.py): the largest
map, the loader's value budget and the units of a scenario, each refused at its line just past the bound, and
a monster map at the bound still read. The CPU time and memory of every command at the bounds are measured by
`python -m benchmarks --only bounds` (docs/reliability.md), not here."""

from __future__ import annotations

import shutil
from pathlib import Path

from hexwright.engine.formats import load_map, load_scenario
from hexwright.engine.formats.tmx import read_tmx
from hexwright.engine.formats.tmx_read import TmxError
from hexwright.engine.model import bounds
from hexwright.engine.validation import Severity

ROOT = Path(__file__).resolve().parents[2]
FM = ROOT / "scenarios" / "fm-arnhem"
FM_SCENARIO = "scenario-1-historical.yaml"
FM_MAP = "arnhem-corridor.map.yaml"


def errors(diags: list) -> list:
    return [d for d in diags if d.severity is Severity.ERROR]


def fm_map_with_grid(columns: int, rows: int) -> str:
    """The F&M map's header and table on a grid of columns x rows, with no hex written (all default terrain)."""
    text = (FM / FM_MAP).read_text(encoding="utf-8")
    head = text[:text.index("\nhexes:\n") + 1]
    digits = max(2, len(str(max(columns, rows))))
    return (head.replace("columns: 39, rows: 26", f"columns: {columns}, rows: {rows}")
            .replace("digits: 2", f"digits: {digits}"))


def test_a_map_over_the_hex_bound_is_refused_at_its_grid_line():
    """250 x 250 = 62,500 hexes: accepted while the bound was 1,000,000 (whose largest file took 12 s of CPU
    and 1.3 GB to validate)."""
    text = fm_map_with_grid(250, 250)
    diags: list = []
    assert load_map(text, "big.map.yaml", diags) is None or errors(diags)
    (d,) = errors(diags)
    line = text.splitlines().index("grid: {columns: 250, rows: 250, orientation: flat, stagger: odd, hex_size: 32}")
    assert (d.code, d.line) == ("bad-value", line + 1)
    assert "62,500 hexes is more than a map may have (60,000)" in d.message


def test_a_monster_map_at_the_hex_bound_is_read():
    """A monster game's map (several dozen sheets, about 50,000 hexes) still loads: 300 x 200 at the bound."""
    assert 300 * 200 == bounds.MAX_HEXES
    diags: list = []
    m = load_map(fm_map_with_grid(300, 200), "monster.map.yaml", diags)
    assert not errors(diags) and m is not None and len(m.hexes) == bounds.MAX_HEXES


def test_a_file_over_the_value_budget_is_refused_at_the_value_past_it():
    """The F&M map and a list of MAX_NODES zeros: the counting pass stops at the first value past the budget
    (the bound was 3,000,000 values, which took 3.6 s of CPU to count and 20 s to read when accepted)."""
    text = (FM / FM_MAP).read_text(encoding="utf-8")
    before = text.count("\n")
    text += "extra: [" + "0, " * bounds.MAX_NODES + "0]\n"
    diags: list = []
    assert load_map(text, "budget.map.yaml", diags) is None
    (d,) = errors(diags)
    assert d.code == "file-too-large" and d.line == before + 1 and d.column > 1
    assert f"more than {bounds.MAX_NODES:,} values" in d.message


def test_a_scenario_over_the_unit_bound_is_refused_at_the_first_unit_past_it(tmp_path):
    """MAX_UNITS units load; one more is refused at its line (there was no bound: counter sheets, counter
    images and a VASSAL module draw every unit)."""
    def with_units(n: int) -> Path:
        folder = tmp_path / str(n)
        folder.mkdir()
        shutil.copy(FM / FM_MAP, folder / FM_MAP)
        lines = (FM / FM_SCENARIO).read_text(encoding="utf-8").splitlines()
        at = lines.index("markers:")
        have = at - lines.index("units:") - 1
        lines[at:at] = [f"  - {{id: 'x{k}', side: allied, nationality: british, values: {{attack: 4, defense: 4, "
                        "movement: 10}}" for k in range(n - have)]
        (folder / FM_SCENARIO).write_text("\n".join(lines) + "\n", encoding="utf-8")
        return folder / FM_SCENARIO

    ok = load_scenario(with_units(bounds.MAX_UNITS))
    assert not errors(ok.diagnostics) and ok.scenario is not None and len(ok.scenario.units) == bounds.MAX_UNITS
    path = with_units(bounds.MAX_UNITS + 1)
    over = load_scenario(path)
    (d,) = [d for d in errors(over.diagnostics) if d.code == "bad-value"]
    first_unit = path.read_text(encoding="utf-8").splitlines().index("units:") + 2
    assert d.line == first_unit + bounds.MAX_UNITS
    assert f"at most {bounds.MAX_UNITS:,} units, not {bounds.MAX_UNITS + 1:,}" in d.message


def test_a_tiled_map_over_the_hex_bound_is_refused_before_its_layers_are_read(tmp_path):
    p = tmp_path / "big.tmx"
    p.write_text('<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="hexagonal" '
                 'renderorder="right-down" width="250" height="250" tilewidth="64" tileheight="56" infinite="0" '
                 'hexsidelength="32" staggeraxis="x" staggerindex="odd">\n</map>\n', encoding="utf-8")
    try:
        read_tmx(p)
    except TmxError as exc:
        assert exc.line == 2 and "250 x 250 cells is more than a map may hold (60,000)" in exc.message
    else:
        raise AssertionError("a 62,500-cell Tiled map was read")


def _event_position(text: str, budget: int) -> tuple[int, int]:
    """Where counting the parser's events puts the first value past the budget."""
    import yaml

    nodes = 0
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        if isinstance(event, (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            nodes += 1
            if nodes > budget:
                return event.start_mark.line + 1, event.start_mark.column + 1
    raise AssertionError("within the budget")


def test_values_counted_in_the_composed_tree_are_refused_where_the_events_would_say(monkeypatch):
    """A file whose value starters are fewer than the budget holds at most twice the budget of values: it is
    composed and counted in the tree (cheaper than counting the parser's events first). Keys written alone in a
    flow mapping are two values for one starter each: 3,000 of them pass the budget of 5,000 values at the
    same line and column as the event count finds."""
    from hexwright.engine.formats import yamlio

    monkeypatch.setattr(yamlio, "MAX_NODES", 5000)
    text = (ROOT / "tests" / "fixtures" / "valid" / "map.yaml").read_text(encoding="utf-8")
    text = text.replace("notes: |", "x_notes: |", 1)
    text += "notes: {" + ",".join(f"k{i}" for i in range(3000)) + "}\n"
    reader = yamlio.YamlReader("m.yaml", [])
    assert reader.within_budget(text) and reader.count_tree  # composed first
    diags: list = []
    assert load_map(text, "m.yaml", diags) is None
    assert [(d.code, (d.line, d.column)) for d in diags] == [("file-too-large", _event_position(text, 5000))]
    # the same file under the budget is read (the notes are then a mapping, which a map refuses at its line)
    monkeypatch.setattr(yamlio, "MAX_NODES", 8000)
    diags = []
    load_map(text, "m.yaml", diags)
    assert not [d for d in diags if d.code == "file-too-large"]


def test_a_map_denser_than_a_file_may_hold_is_not_saved(tmp_path, monkeypatch):
    """The editor can make a map denser than the loader's value budget (a 60,000-hex map with features on every
    hex): saving it would write a file that cannot be opened again. The save refuses, nothing is written and
    the file on disk is unchanged; the budget is lowered here so the shipped map is over it."""
    from hexwright.engine.formats import save_map, save_scenario, yamlio

    shutil.copytree(FM, tmp_path / "game")
    m = load_map((tmp_path / "game" / FM_MAP).read_text(encoding="utf-8"), FM_MAP)
    sc = load_scenario(tmp_path / "game" / FM_SCENARIO).scenario
    assert m is not None and sc is not None
    before = {p.name: p.read_bytes() for p in (tmp_path / "game").iterdir()}
    monkeypatch.setattr(yamlio, "MAX_NODES", 1_000)
    diags: list = []
    load_map((tmp_path / "game" / FM_MAP).read_text(encoding="utf-8"), FM_MAP, diags)  # refused at the same bound
    assert any(d.code == "file-too-large" for d in errors(diags))
    for save in (lambda: save_map(m, tmp_path / "game" / FM_MAP),
                 lambda: save_scenario(sc, tmp_path / "game" / FM_SCENARIO)):
        try:
            save()
        except ValueError as exc:
            assert "more than a Hexwright file may (1,000)" in str(exc) and "nothing was written" in str(exc)
        else:
            raise AssertionError("saved a file the loader refuses")
    assert {p.name: p.read_bytes() for p in (tmp_path / "game").iterdir()} == before
    monkeypatch.setattr(yamlio, "MAX_NODES", bounds.MAX_NODES)
    save_map(m, tmp_path / "game" / FM_MAP)  # at the real bound it saves
    diags = []
    assert load_map((tmp_path / "game" / FM_MAP).read_text(encoding="utf-8"), FM_MAP, diags) and not errors(diags)
