"""Creating many counters from a table (engine/formats/csv_units.py)."""

from hexwright.engine.formats.csv_units import read_units_csv, read_units_csv_file, write_units_csv
from hexwright.engine.model import UnitDef
from hexwright.engine.rules.fm.family import FAMILY as FM_FAMILY
from hexwright.engine.rules.koenig.family import FAMILY as KOENIG_FAMILY
from hexwright.engine.validation import Severity

GOOD = """id,name,side,nationality,formation,type,size,attack,defense,movement,\
reduced_attack,reduced_defense,reduced_movement,steps,flags
2/406,2/406,german,german,406,infantry,battalion,2,2,7,,,,1,leg
1/9SS,"1/9SS, Graebner",german,german,9SS,Mechanized,Regiment,5,5,10,3,3,10,,mobile;mechanized
"""


def errors(result):
    return [d for d in result.diagnostics if d.severity is Severity.ERROR]


def test_reads_units_with_values_reduced_side_and_flags():
    r = read_units_csv(GOOD, "oob.csv", FM_FAMILY.id)
    assert r.ok, [d.format() for d in r.diagnostics]
    a, b = r.units
    assert a == UnitDef("2/406", "2/406", "german", "german", "406", "infantry", "battalion",
                        {"attack": 2, "defense": 2, "movement": 7}, None, 1, ("leg",))
    assert b.name == "1/9SS, Graebner" and b.unit_type == "mechanized" and b.size == "regiment"
    assert b.reduced == {"attack": 3, "defense": 3, "movement": 10} and b.steps == 2
    assert b.flags == ("mobile", "mechanized")


def test_bad_rows_are_skipped_with_file_and_line():
    text = GOOD + (
        "x1,x1,german,,,submarine,battalion,1,1,1,,,,,\n"      # line 4: unknown type
        "2/406,again,german,,,infantry,battalion,1,1,1,,,,,\n"  # line 5: duplicate id
        "x3,x3,german,,,infantry,battalion,four,1,1,,,,,\n"     # line 6: non-numeric value
        "x4,x4,german,,,infantry,battalion,1,1,1,,,,,\n"        # line 7: good
    )
    r = read_units_csv(text, "oob.csv", FM_FAMILY.id)
    assert [u.id for u in r.units] == ["2/406", "1/9SS", "x4"]
    errs = errors(r)
    assert [(d.code, d.line) for d in errs] == [("unknown-type", 4), ("duplicate-id", 5), ("bad-value", 6)]
    assert all(d.file == "oob.csv" for d in errs)
    assert "oob.csv:6" in errs[2].format() and "'four'" in errs[2].message


def test_clash_with_an_existing_scenario_id_is_a_duplicate():
    r = read_units_csv(GOOD, "oob.csv", FM_FAMILY.id, existing_ids={"1/9SS"})
    assert [u.id for u in r.units] == ["2/406"]
    assert errors(r)[0].code == "duplicate-id" and errors(r)[0].line == 3


def test_missing_id_column_and_empty_file():
    assert errors(read_units_csv("name,side\nA,german\n", "t.csv"))[0].code == "missing-column"
    assert errors(read_units_csv("", "t.csv"))[0].code == "empty-file"


def test_unknown_column_warns_for_a_known_family():
    r = read_units_csv("id,side,strength,movement,colour\na,allied,5,8,red\n", "k.csv", KOENIG_FAMILY.id)
    assert r.ok and r.units[0].values == {"strength": 5, "movement": 8}
    assert [d.code for d in r.diagnostics] == ["unknown-column"]


def test_reduced_side_needs_two_steps():
    r = read_units_csv("id,side,attack,defense,movement,reduced_attack,steps\na,x,1,1,1,1,1\n", "t.csv", FM_FAMILY.id)
    assert not r.units and errors(r)[0].code == "bad-value"


def test_export_then_import_gives_the_same_units(tmp_path):
    units = read_units_csv(GOOD, "oob.csv", FM_FAMILY.id).units
    units.append(UnitDef("ta", "TA", "allied", values={"attack": 1, "defense": 2, "movement": 4}, flags=("leg",),
                         supply="maroon", color="#aabbcc", notes="a, b"))
    text = write_units_csv(units, FM_FAMILY.id)
    path = tmp_path / "out.csv"
    path.write_text(text, encoding="utf-8")
    back = read_units_csv_file(str(path), FM_FAMILY.id)
    assert back.ok and back.units == units


def test_without_a_family_extra_columns_are_values():
    r = read_units_csv("id,side,strength,endurance,reduced_strength\na,x,3,4,2\n", "t.csv")
    assert r.units[0].values == {"strength": 3, "endurance": 4} and r.units[0].reduced == {"strength": 2}


# as a spreadsheet in a locale whose decimal mark is a comma saves it: `;` between cells
SEMICOLON = """id;name;side;nationality;formation;type;size;attack;defense;movement;\
reduced_attack;reduced_defense;reduced_movement;steps;flags
2/406;2/406;german;german;406;infantry;II;2;2;7;;;;1;leg
1/9SS;"1/9SS; Graebner";german;german;9SS;Mechanized;III;5;5;10;3;3;10;;mobile,mechanized
1AB;1st Airborne;allied;british;1AB;parachute;XX;4;4;5,5;;;;1;airborne,leg
"""


def test_a_semicolon_table_with_size_marks_as_printed():
    from hexwright.engine.formats.csv_units import sniff_delimiter

    assert sniff_delimiter(SEMICOLON) == ";" and sniff_delimiter(GOOD) == ","
    r = read_units_csv(SEMICOLON, "oob.csv")  # no family: any number (F&M prints whole factors, 2.3)
    assert r.ok, [d.format() for d in r.diagnostics]
    a, b, c = r.units
    assert a.size == "battalion" and b.size == "regiment" and c.size == "division"
    assert b.name == "1/9SS; Graebner" and b.flags == ("mobile", "mechanized") and b.reduced["attack"] == 3
    assert c.values["movement"] == 5.5  # "5,5": the decimal comma of a ;-separated table
    fm = read_units_csv(SEMICOLON, "oob.csv", FM_FAMILY.id)
    assert [d.line for d in errors(fm)] == [4] and "movement 5.5" in errors(fm)[0].message


def test_every_printed_size_mark_is_read():
    from hexwright.engine.formats.csv_units import size_of
    from hexwright.engine.model.counters import SIZE_SYMBOLS, UNIT_SIZES

    for size in UNIT_SIZES:
        assert size_of(SIZE_SYMBOLS[size]) == size and size_of(size.title()) == size
    assert size_of("xx") == "division" and size_of("ii") == "battalion" and size_of("•••") == "platoon"
    assert size_of("IIII") is None


def test_an_unknown_size_mark_names_the_marks():
    r = read_units_csv(GOOD.replace(",battalion,", ",IIII,"), "oob.csv", FM_FAMILY.id)
    (e,) = errors(r)
    assert e.line == 2 and "unknown size 'IIII'" in e.message and "II, III" in e.message


def test_update_mode_replaces_existing_units_and_says_so():
    """Issue 33: re-importing an edited table gave duplicate-id on every row; in update mode the rows of
    units the scenario has are updates, listed in `updated`, and the summary counts them."""
    r = read_units_csv(GOOD, "oob.csv", FM_FAMILY.id, existing_ids={"1/9SS", "dz-1"}, update={"1/9SS"})
    assert r.ok and [u.id for u in r.units] == ["2/406", "1/9SS"]
    assert r.updated == ["1/9SS"] and r.added == ["2/406"]
    assert r.summary() == "1 unit added, 1 updated" and r.summary(1) == "1 unit added, 0 updated (1 unchanged)"
    twice = GOOD + "1/9SS,again,german,german,9SS,infantry,battalion,1,1,1,,,,,\n"
    r = read_units_csv(twice, "oob.csv", FM_FAMILY.id, existing_ids={"1/9SS"}, update={"1/9SS"})
    assert [(d.code, d.line) for d in errors(r)] == [("duplicate-id", 4)]  # twice in the table is still wrong
    r = read_units_csv(GOOD, "oob.csv", FM_FAMILY.id, existing_ids={"1/9SS"})
    assert "import in update mode to replace it" in errors(r)[0].message


def test_fm_factors_must_be_whole_numbers():
    """Issue 33: an attack strength of 2.5 passed for F&M without a word (F&M 2.3 prints whole factors)."""
    text = GOOD + "x5,x5,german,,,infantry,battalion,2.5,1,1,,,,,\n"
    r = read_units_csv(text, "oob.csv", FM_FAMILY.id)
    assert [(d.code, d.line) for d in errors(r)] == [("bad-value", 4)]
    assert "attack 2.5: the values must be whole numbers (F&M 2.3" in errors(r)[0].message
    # the same in a scenario file: validation refuses it at the unit
    from hexwright.app.scenario.demo import demo_scenario
    from hexwright.engine.validation import validate_scenario

    sc = demo_scenario()
    uid = next(iter(sc.units))
    sc.units[uid].values["attack"] = 2.5
    found = [d for d in validate_scenario(sc) if d.code == "bad-value" and d.unit == uid]
    assert found and "value 'attack' must be a whole number, not 2.5 (F&M 2.3" in found[0].message
