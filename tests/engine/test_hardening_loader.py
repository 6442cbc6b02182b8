"""Hardening of the loader and validation (issue 17, part A): a file that `hexwright validate` passes
never makes play, render, sheets, balance or the editor raise, and every rejection names file:line:column.

Each case copies a shipped scenario into tmp_path, mutates one line and checks what the loader and
validation say about it, through the engine's loaders and through `load_any` (the path of `hexwright
validate`, render, sheets and info). Hangs and blow-ups are tested by asserting the file is refused before
any of the work that would hang: the loader's own work is bounded by its budget (engine/model/bounds.py).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hexwright.app.subcommands.loading import load_any
from hexwright.engine.formats import load_document, load_map, load_scenario, yamlio
from hexwright.engine.formats.mapfile import read_map_file
from hexwright.engine.model import bounds
from hexwright.engine.validation import Severity, has_errors, validate_scenario

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
FM = "fm-arnhem"
FM_SCENARIO = "scenario-1-historical.yaml"
FM_MAP = "arnhem-corridor.map.yaml"
KOENIG = "koenig-arnhem-bridge"
KOENIG_SCENARIO = "arnhem-bridge.yaml"
KOENIG_MAP = "arnhem-bridge-map.yaml"


def copy(tmp_path: Path, folder: str) -> Path:
    dest = tmp_path / folder
    shutil.copytree(SCENARIOS / folder, dest)
    return dest


def mutate(path: Path, old: str, new: str, count: int = 1) -> int:
    """Replace `old` by `new` in the file (the first `count` times); the 1-based line of the first change."""
    text = path.read_text(encoding="utf-8")
    at = text.index(old)
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return text.count("\n", 0, at) + 1


def diagnose(path: Path) -> list:
    """Everything loading and validation say about a scenario or map file (the engine's own loaders)."""
    text = path.read_text(encoding="utf-8", errors="replace")
    if re.search(r"^kind: hexwright-map\s*$", text, re.M):
        diags: list = []
        read_map_file(path, diags)
        return diags
    result = load_scenario(path)
    diags = list(result.diagnostics)
    if result.scenario is not None:
        diags += validate_scenario(result.scenario, result.source_map)
    return diags


def errors(diags) -> list:
    return [d for d in diags if d.severity is Severity.ERROR]


def assert_rejected_at(path: Path, line: int, code: str = "bad-value", file: Path | None = None,
                       text: str = "") -> None:
    """The file is refused by the engine's loaders and by load_any (hexwright validate, render, sheets),
    with an error `code` at `line` of `file` (default: the file itself) and a column."""
    file = file or path
    for diags in (diagnose(path), load_any(path)[1]):
        found = [d for d in errors(diags) if d.code == code and d.file == str(file) and d.line == line]
        assert found, [d.format() for d in diags]
        assert all(d.column > 0 for d in found), [d.format() for d in found]
        if text:
            assert any(text in d.message for d in found), [d.format() for d in found]


# -- defect 1: numbers without a bound hang or blow up later ------------------------------------------
def test_label_digits_are_bounded_before_any_label_is_made(tmp_path):
    """`digits: 1000000000` made every label compute 10**digits: refused at the value, no label made."""
    d = copy(tmp_path, FM)
    line = mutate(d / FM_MAP, "first_row: 1, digits: 2}", "first_row: 1, digits: 1000000000}")
    assert_rejected_at(d / FM_MAP, line, text="'digits' must be from 1 to")
    assert_rejected_at(d / FM_SCENARIO, line, file=d / FM_MAP)


def test_a_huge_first_column_of_letter_labels_is_refused(tmp_path):
    """A letter-number grid starting at column 10**9 ('A' repeated 38 million times per label)."""
    d = copy(tmp_path, KOENIG)
    line = mutate(d / KOENIG_MAP, "labels: {scheme: xxyy, first_column: 1, first_row: 1, digits: 2}",
                  "labels: {scheme: letter_number, first_column: 1000000000, first_row: 1, letters: asl}")
    assert_rejected_at(d / KOENIG_MAP, line, text="'first_column' must be from 1 to")


@pytest.mark.parametrize("old, new", [
    ("{attack: 2, defense: 2, movement: 7}, reduced", "{attack: 2, defense: 2, movement: 1000000}, reduced"),
    ("{attack: 2, defense: 2, movement: 7}, reduced", "{attack: 2, defense: 2, movement: .inf}, reduced"),
    ("{attack: 2, defense: 2, movement: 7}, reduced", "{attack: -3, defense: 2, movement: 7}, reduced"),
    ("reduced: {attack: 1, defense: 1, movement: 7}", "reduced: {attack: 1, defense: 1, movement: 100000}"),
])
def test_unit_values_the_rules_compute_with_are_bounded(tmp_path, old, new):
    """A movement allowance of 1,000,000 validated, then `play` allocated a bucket per 1/2 MP: refused."""
    d = copy(tmp_path, FM)
    line = mutate(d / FM_SCENARIO, old, new)
    assert_rejected_at(d / FM_SCENARIO, line, text=f"must be from 0 to {bounds.MAX_UNIT_VALUE}")


FM_NUMBERS = [
    # (file, old, new): every other number of the format, out of range
    (FM_SCENARIO, "stacking_limit: 1", "stacking_limit: 100000"),
    (FM_SCENARIO, "{value: 2, count: 1, nationality: british", "{value: 2, count: 1000000000, nationality: british"),
    (FM_SCENARIO, "{value: 2, count: 1, nationality: british", "{value: 200000, count: 1, nationality: british"),
    (FM_SCENARIO, "{value: 2, count: 1, nationality: british", "{value: -2, count: 1, nationality: british"),
    (FM_SCENARIO, "- {turn: 1, side: german, units: [1/vT", "- {turn: 1000000000, side: german, units: [1/vT"),
    (FM_SCENARIO, "- {turn: 1, side: german, units: [1/vT", "- {turn: -4, side: german, units: [1/vT"),
    (FM_SCENARIO, "when: immediate, hexes: ['3423', '3523', '3524'], count: 2",
     "when: immediate, hexes: ['3423', '3523', '3524'], count: 10000000000"),
    (FM_MAP, "hex_size: 32}", "hex_size: 1.0e+300}"),
    (FM_MAP, "hex_size: 32}", "hex_size: .nan}"),
    (FM_MAP, "columns: 39, rows: 26", "columns: 39, rows: 25000"),
    (FM_MAP, "first_column: 1, first_row: 1, digits: 2", "first_column: 1, first_row: 99999999, digits: 2"),
    (FM_MAP, "move: {leg: 2, mobile: 2}", "move: {leg: 2, mobile: 1000000000}"),
    (FM_MAP, "'0101': mixed", "'0101': {terrain: mixed, elevation: 100000000000000000000}"),
]


@pytest.mark.parametrize("name, old, new", FM_NUMBERS, ids=[n for _, _, n in FM_NUMBERS])
def test_every_number_of_the_format_is_bounded(tmp_path, name, old, new):
    d = copy(tmp_path, FM)
    line = mutate(d / name, old, new)
    assert_rejected_at(d / name, line)


def test_a_turn_track_longer_than_a_scenario_may_be_is_refused(tmp_path):
    d = copy(tmp_path, FM)
    extra = "".join(f"  - {{turn: {n}}}\n" for n in range(11, bounds.MAX_TURNS + 20))
    line = mutate(d / FM_SCENARIO, "units:\n", extra + "units:\n")
    assert_rejected_at(d / FM_SCENARIO, line + bounds.MAX_TURNS - 10, text="turns, more than a scenario may have")


def test_the_bounds_leave_every_shipped_file_as_it_was():
    for path in sorted(SCENARIOS.glob("*/*.yaml")):
        assert [d.format() for d in errors(load_any(path)[1])] == [], path


# -- defect 1: the loader's budget --------------------------------------------------------------------
def test_many_aliases_of_a_long_text_are_refused_at_the_alias(tmp_path):
    """215 KB of scalar aliases took 518 MB to load and report on: aliases are budgeted, and the file is
    refused at the line of the alias that exhausts the budget, before anything is built of it."""
    d = copy(tmp_path, FM)
    text = (d / FM_MAP).read_text(encoding="utf-8")
    text = text.replace("name: 'Arnhem: The Farthest Bridge - the Eindhoven-Arnhem corridor'",
                        "name: &t " + "x" * 5000, 1)
    lines = text.split("\n")
    hexes = [i for i, ln in enumerate(lines) if re.match(r"^  '\d{4}': mixed$", ln)]
    for i in hexes:
        lines[i] = lines[i].replace("mixed", "*t")
    (d / FM_MAP).write_text("\n".join(lines), encoding="utf-8")
    limit = bounds.MAX_ALIAS_CHARS // 5000 + 1  # the alias that repeats more than the budget
    diags: list = []
    assert read_map_file(d / FM_MAP, diags) is None
    assert [(d.code, d.line, d.column) for d in diags] == [("yaml-alias", hexes[limit - 1] + 1, 11)]
    assert "repeating more than" in diags[0].message
    assert_rejected_at(d / FM_SCENARIO, hexes[limit - 1] + 1, code="yaml-alias", file=d / FM_MAP)


def test_a_few_scalar_aliases_are_still_read():
    text = (SCENARIOS / FM / FM_MAP).read_text(encoding="utf-8").replace("notes: |", "notes: &n |", 1)
    text += "places:\n  - {text: *n}\n"
    text = text.replace("\nplaces:\n", "\nx_places:\n", 1) if text.count("\nplaces:\n") > 1 else text
    diags: list = []
    m = load_map(text, "m.yaml", diags)
    assert m is not None


def test_more_values_than_the_loader_builds_are_refused_at_their_line(monkeypatch):
    monkeypatch.setattr(yamlio, "MAX_NODES", 5000)
    text = (ROOT / "tests" / "fixtures" / "valid" / "map.yaml").read_text(encoding="utf-8")  # 120 hexes
    big = "notes: [" + ", ".join(["0"] * 6000) + "]\n"
    text = text.replace("notes: |", "x_notes: |", 1) + big
    line = text.count("\n", 0, text.index("notes: [")) + 1
    diags: list = []
    assert load_map(text, "m.yaml", diags) is None
    assert [(d.code, d.line) for d in diags] == [("file-too-large", line)]
    assert diags[0].column > 0 and "more than 5,000 values" in diags[0].message


def test_a_file_larger_than_a_file_may_be_is_refused_at_its_line(monkeypatch):
    monkeypatch.setattr(yamlio, "MAX_FILE_BYTES", 1000)
    text = (SCENARIOS / FM / FM_MAP).read_text(encoding="utf-8")
    diags: list = []
    assert load_map(text, "m.yaml", diags) is None
    assert [(d.code, d.line, d.column) for d in diags] == [("file-too-large", text.count("\n", 0, 1000) + 1, 1)]


def test_a_long_value_is_quoted_short_in_a_message(tmp_path):
    d = copy(tmp_path, FM)
    line = mutate(d / FM_MAP, "'0101': mixed", "'0101': {terrain: mixed, elevation: '" + "y" * 100_000 + "'}")
    diags = diagnose(d / FM_MAP)
    assert [x.line for x in errors(diags)] == [line]
    assert all(len(x.message) < 300 for x in diags)


def test_a_scenario_text_with_many_values_loads_from_text_within_budget():
    """The estimate that skips the exact count never refuses a shipped file."""
    for path in sorted(SCENARIOS.glob("*/*.yaml")):
        text = path.read_text(encoding="utf-8")
        diags: list = []
        reader = yamlio.YamlReader(str(path), diags)
        assert reader.within_budget(text) and diags == []
    assert load_document((SCENARIOS / FM / FM_SCENARIO).read_text(encoding="utf-8"), "s.yaml",
                         SCENARIOS / FM).ok
    assert not has_errors(diagnose(SCENARIOS / FM / FM_SCENARIO))


# -- defect 2: everything the rules read is type-checked; what each family needs is required --------------
TA = "target-arnhem"
TA_SCENARIO = "target-arnhem.yaml"
RULE_DATA = [
    # (folder, scenario, old, new, code): a value a rules family reads, of a kind it cannot read
    (KOENIG, KOENIG_SCENARIO, "points: {occupied_hex: 2}", "points: {occupied_hex: lots}", "bad-value"),
    (KOENIG, KOENIG_SCENARIO, "points: {occupied_hex: 2}", "points: {occupied_hex: 2.5}", "bad-value"),
    (KOENIG, KOENIG_SCENARIO, "points: {occupied_all: 5}", "points: {occupied_every: 5}", "unknown-key"),
    (KOENIG, KOENIG_SCENARIO, "units: {undamaged: true}", "units: {undamaged: 'if possible'}", "bad-value"),
    (KOENIG, KOENIG_SCENARIO, "units: {ids: [G-Recon9]}", "units: {ids: {G-Recon9: 1}}", "bad-value"),
    (KOENIG, KOENIG_SCENARIO, "'3': [1, 'yes']", "'3': [one, 'yes']", "bad-value"),
    (KOENIG, KOENIG_SCENARIO, "'5': [3]", "'5': [lots]", "bad-value"),
    (KOENIG, KOENIG_SCENARIO, "values: {formation: 1PB}", "values: {formation: [1PB, 4PB]}", "bad-value"),
    (KOENIG, KOENIG_SCENARIO, "leadership: false", "leadership: 'sometimes'", "bad-value"),
    (KOENIG, KOENIG_SCENARIO, "options: {", "options: {max_turns: lots, ", "bad-value"),
    (FM, FM_SCENARIO, "canal: ['1-3']", "canal: ['1-999999999']", "bad-value"),
    (FM, FM_SCENARIO, "canal: ['1-3']", "canal: ['1-x']", "bad-value"),
    (FM, FM_SCENARIO, "'3': [One British SFM available, 1, 0]", "'3': [One British SFM available, one, 0]",
     "bad-value"),
    (FM, FM_SCENARIO, "allotments: {allied: 13, german: 3}", "allotments: {allied: lots, german: 3}", "bad-value"),
    (FM, FM_SCENARIO, "allotments: {allied: 13, german: 3}", "allotments: {allied: [13], german: 3}", "bad-value"),
    (FM, FM_SCENARIO, "tables:\n", "options: {friendly_edges: [south]}\ntables:\n", "bad-value"),
    (FM, FM_SCENARIO, "tables:\n", "options: {allied_side: british}\ntables:\n", "bad-value"),
    (FM, FM_SCENARIO, "units: {flags_not: [airborne]}", "units: {flags_not: airborne}", "bad-value"),
    (FM, FM_SCENARIO, "values: {nationality: british}", "values: {nationality: {british: 1}}", "bad-value"),
    (TA, TA_SCENARIO, "columns: ['1:3',", "columns: ['1:0',", "bad-value"),
    (TA, TA_SCENARIO, "columns: ['1:3',", "columns: ['one to three',", "bad-value"),
]


@pytest.mark.parametrize("folder, name, old, new, code", RULE_DATA, ids=[r[3][:40] for r in RULE_DATA])
def test_what_the_rules_read_is_type_checked_at_its_line(tmp_path, folder, name, old, new, code):
    d = copy(tmp_path, folder)
    if old == "options: {" and old not in (d / name).read_text(encoding="utf-8"):
        pytest.fail("the Koenig scenario has options")  # pragma: no cover
    line = mutate(d / name, old, new)
    assert_rejected_at(d / name, line, code=code)


def test_koenig_victory_points_as_text_validated_and_crashed_at_the_end(tmp_path):
    """The issue's case: `points: {occupied_hex: lots}` passed validation and raised ValueError when the
    game ended (koenig/victory.py reads int(points)). Now validation refuses it at the value."""
    d = copy(tmp_path, KOENIG)
    line = mutate(d / KOENIG_SCENARIO, "points: {occupied_hex: 2}", "points: {occupied_hex: lots}")
    diags = load_any(d / KOENIG_SCENARIO)[1]
    bad = [x for x in errors(diags) if x.line == line]
    assert bad and "'occupied_hex' must be a whole number" in bad[0].message
    text = (d / KOENIG_SCENARIO).read_text(encoding="utf-8").splitlines()[line - 1]
    assert text[bad[0].column - 1:].startswith("lots")


def test_a_two_player_family_needs_both_sides(tmp_path):
    """An F&M scenario with one side validated but could not be played (the game needs two players)."""
    d = copy(tmp_path, FM)
    text = (d / FM_SCENARIO).read_text(encoding="utf-8")
    sides_line = text.splitlines().index("sides:") + 1
    mutate(d / FM_SCENARIO, "  - {id: german, name: German, color: '#5f6f7f', nationalities: [german]}\n", "")
    assert_rejected_at(d / FM_SCENARIO, sides_line, code="sides", text="a Fire & Movement game is played by two")


@pytest.mark.parametrize("folder, name", [(KOENIG, KOENIG_SCENARIO), (TA, TA_SCENARIO)])
def test_koenig_and_target_arnhem_need_the_sides_their_rules_name(tmp_path, folder, name):
    d = copy(tmp_path, folder)
    text = (d / name).read_text(encoding="utf-8")
    sides_line = text.splitlines().index("sides:") + 1
    (d / name).write_text(re.sub(r"\bgerman\b", "axis", text), encoding="utf-8")
    assert_rejected_at(d / name, sides_line, code="sides", text="allied and german")


def test_a_family_without_a_rules_engine_still_only_warns_about_its_sides(tmp_path):
    d = copy(tmp_path, FM)
    mutate(d / FM_SCENARIO, "rules: fm", "rules: asl")
    mutate(d / FM_SCENARIO, "  - {id: german, name: German, color: '#5f6f7f', nationalities: [german]}\n", "")
    sides = [x for x in load_any(d / FM_SCENARIO)[1] if x.code == "sides"]
    assert [x.severity for x in sides] == [Severity.WARNING]


# -- defect 3: every rejection names file:line:column ------------------------------------------------------
def write_bytes_replacing(path: Path, old: str, new: bytes) -> tuple[int, int]:
    """Replace `old` by the raw bytes `new`; the 1-based line and column where `new` starts."""
    text = path.read_text(encoding="utf-8")
    at = text.index(old)
    line_start = text.rfind("\n", 0, at) + 1
    data = text[:at].encode("utf-8") + new + text[at + len(old):].encode("utf-8")
    path.write_bytes(data)
    return text.count("\n", 0, at) + 1, at - line_start + 1


def single(diags, code: str):
    found = [d for d in errors(diags) if d.code == code]
    assert len(found) == 1, [d.format() for d in diags]
    return found[0]


def test_a_byte_that_is_not_utf8_is_reported_at_its_line_and_column(tmp_path):
    """A Latin-1 'é' (0xe9) in the map: the loader said only 'can't decode byte 0xe9 in position 51234'."""
    d = copy(tmp_path, FM)
    line, column = write_bytes_replacing(d / FM_MAP, "Eindhoven-Arnhem corridor", b"Eindhoven-Arnh\xe9m corridor")
    column += len("Eindhoven-Arnh")
    for diags in (diagnose(d / FM_MAP), diagnose(d / FM_SCENARIO), load_any(d / FM_SCENARIO)[1]):
        bad = single(diags, "encoding")
        assert (bad.file, bad.line, bad.column) == (str(d / FM_MAP), line, column)
        assert "0xe9" in bad.message and "UTF-8" in bad.message


def test_a_scenario_with_a_bad_byte_is_refused_at_its_line_by_the_engine_loader(tmp_path):
    d = copy(tmp_path, FM)
    line, column = write_bytes_replacing(d / FM_SCENARIO, "Scenario 1 (historical)", b"Sc\xe9nario 1 (historical)")
    result = load_scenario(d / FM_SCENARIO)
    assert result.scenario is None
    bad = single(result.diagnostics, "encoding")
    assert (bad.line, bad.column) == (line, column + 2)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32"])
def test_a_utf16_or_utf32_file_is_refused_at_line_1_saying_so(tmp_path, encoding):
    d = copy(tmp_path, FM)
    text = (d / FM_MAP).read_text(encoding="utf-8")
    bom = {"utf-16": b"", "utf-16-be": b"\xfe\xff", "utf-32": b""}[encoding]
    (d / FM_MAP).write_bytes(bom + text.encode(encoding))
    for diags in (diagnose(d / FM_SCENARIO), load_any(d / FM_SCENARIO)[1]):
        bad = single(diags, "encoding")
        assert (bad.file, bad.line, bad.column) == (str(d / FM_MAP), 1, 1)
        assert encoding[:6].upper() in bad.message


def test_a_utf8_byte_order_mark_is_accepted(tmp_path):
    d = copy(tmp_path, FM)
    (d / FM_MAP).write_bytes(b"\xef\xbb\xbf" + (d / FM_MAP).read_bytes())
    assert errors(load_any(d / FM_SCENARIO)[1]) == []


@pytest.mark.parametrize("char", ["\x07", "\x1b", "\x7f"])
def test_a_control_character_is_reported_at_its_line_and_column(tmp_path, char):
    """YAML refuses control characters; the reader's error has the position, which was dropped."""
    d = copy(tmp_path, FM)
    line, column = write_bytes_replacing(d / FM_SCENARIO, "Scenario 1 (historical)",
                                         f"Scenario 1{char} (historical)".encode())
    column += len("Scenario 1")
    for diags in (diagnose(d / FM_SCENARIO), load_any(d / FM_SCENARIO)[1]):
        bad = single(diags, "yaml-syntax")
        assert (bad.file, bad.line, bad.column) == (str(d / FM_SCENARIO), line, column)
        assert f"#x{ord(char):04x}" in bad.message


SCALARS = [
    # (file, old, new, what the message names): a scalar where a mapping belongs
    (FM_MAP, "'0101': mixed", "'0101': 5", "hex 0101 must be a mapping"),
    (FM_MAP, "grid: {columns: 39, rows: 26, orientation: flat, stagger: odd, hex_size: 32}", "grid: 39",
     "grid must be a mapping"),
    (FM_MAP, "labels: {scheme: xxyy, first_column: 1, first_row: 1, digits: 2}", "labels: xxyy",
     "labels must be a mapping"),
    (FM_MAP, "mixed: {name: Mixed, color: '#e4deb4', move: {leg: 2, mobile: 2}, combat: {crt_row: Clear, "
             "drop_row: Mixed}}", "mixed: 2", "terrain 'mixed' must be a mapping"),
    (FM_MAP, "move: {leg: 2, mobile: 2}", "move: 2", "must map movement classes"),
    (FM_SCENARIO, "- {id: allied, name: Allied,", "- allied\n  - {id: allies, name: Allied,", "side 1 must be"),
    (FM_SCENARIO, "entry: {hex: '3925'}", "entry: '3925'", "entry must be a mapping"),
    (FM_SCENARIO, "- {kind: default, side: german, result: win, when: end, description: 'the German player wins at "
                  "the end of GT 10 otherwise (Arnhem: The Farthest Bridge 11.5)'}", "- default",
     "victory condition 3 must be"),
    (FM_SCENARIO, "- {turn: 2, label:", "- 2\n  - {turn: 3, label:", "turn 2 must be"),
]


@pytest.mark.parametrize("name, old, new, what", SCALARS, ids=[s[2][:30] for s in SCALARS])
def test_a_scalar_where_a_mapping_belongs_is_reported_at_its_line(tmp_path, name, old, new, what):
    """`'0101': 5` was refused with no position at all: a number or a text has none of its own, so the
    position of the value in its parent is given."""
    d = copy(tmp_path, FM)
    text = (d / name).read_text(encoding="utf-8")
    at = text.index(old)
    line = text.count("\n", 0, at) + 1
    (d / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    for diags in (diagnose(d / FM_SCENARIO), load_any(d / FM_SCENARIO)[1]):
        found = [x for x in errors(diags) if x.code == "bad-type" and what in x.message]
        assert found, [x.format() for x in diags]
        assert all(x.file == str(d / name) and x.line >= line and x.column > 0 for x in found), \
            [x.format() for x in found]
        assert found[0].line in (line, line + 1)


def test_no_rejection_without_a_line(tmp_path):
    """Every diagnostic of every case above carries a line: a sweep over the shipped files' lines, each
    replaced by a scalar where the line held a mapping entry."""
    d = copy(tmp_path, KOENIG)
    text = (d / KOENIG_SCENARIO).read_text(encoding="utf-8")
    lines = text.split("\n")
    checked = 0
    for i, ln in enumerate(lines):
        m = re.match(r"^(\s*(?:- )?[\w'./-]+: )\{.*\}$", ln) or re.match(r"^(\s*- )\{.*\}$", ln)
        if not m or i % 3:
            continue
        mutated = lines[:i] + [m.group(1) + "5"] + lines[i + 1:]
        (d / KOENIG_SCENARIO).write_text("\n".join(mutated), encoding="utf-8")
        diags = load_any(d / KOENIG_SCENARIO)[1]
        assert has_errors(diags), i
        assert all(x.line > 0 and x.column > 0 for x in errors(diags)), [x.format() for x in errors(diags)]
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("table", ["bridge_demolition", "bridge_repair"])
def test_an_fm_bridge_table_needs_a_row_for_every_kind_of_bridge(tmp_path, table):
    """F&M 10.6.3/10.6.4: the engineers read the row of the bridge's kind (canal, railroad, highway); a table
    without one validated and then raised KeyError at the first roll (found by the fuzz suite)."""
    d = copy(tmp_path, FM)
    text = (d / FM_SCENARIO).read_text(encoding="utf-8")
    lines = text.splitlines()
    start = lines.index(f"  {table}:")
    canal = next(i for i in range(start, len(lines)) if lines[i].strip().startswith("canal:"))
    (d / FM_SCENARIO).write_text("\n".join(lines[:canal] + lines[canal + 1:]) + "\n", encoding="utf-8")
    for diags in (diagnose(d / FM_SCENARIO), load_any(d / FM_SCENARIO)[1]):
        found = [x for x in errors(diags) if "needs a row for each of canal, railroad, highway" in x.message]
        assert found and all(start < x.line <= canal + 1 and x.column > 0 for x in found), \
            [x.format() for x in diags]
