"""Printed hex labels: XXYY column-row numbers (the F&M Arnhem map, 000_e5c3deafb2cea4af.txt) and
letter-number labels as ASL boards print them (004_09a6f3be713b811c.txt: R15, Q17)."""

from __future__ import annotations

import pytest
from hexwright.engine.hexgrid import LabelError, LabelScheme, hex_distance
from hexwright.engine.hexgrid.labels import ASL_LETTERS
from hexwright.engine.model import GridSpec, HexMap
from hypothesis import given, settings
from hypothesis import strategies as st

FAST = settings(max_examples=60, deadline=None)


def arnhem_map() -> HexMap:
    """The F&M Arnhem map is 39 columns by 26 rows of flat-top hexes numbered from 0101."""
    return HexMap(GridSpec(39, 26, "flat", "odd", LabelScheme("xxyy", 1, 1, 2)))


def test_xxyy_labels_of_the_arnhem_map():
    m = arnhem_map()
    assert m.label(m.hexes[0]) == "0101"
    for lab in ("0103", "3423", "3925", "3926", "0126"):
        h = m.hex_at(lab)
        assert h is not None, lab
        assert m.label(h) == lab
    assert m.grid.labels.parse("3423") == (33, 22)
    assert m.grid.labels.label(33, 22) == "3423"
    # the map ends at column 39 and row 26
    assert m.hex_at("4001") is None and m.hex_at("0127") is None and m.hex_at("0100") is None
    assert len({m.label(h) for h in m.hexes}) == 39 * 26


def test_xxyy_neighbours_in_a_column_differ_by_one_row():
    m = arnhem_map()
    a, b = m.hex_at("3423"), m.hex_at("3424")
    assert hex_distance(a, b) == 1
    # odd stagger: 0-based column 1 (printed column 02) sits half a hex lower, so 0201 touches 0101 and 0102
    assert hex_distance(m.hex_at("0101"), m.hex_at("0201")) == 1
    assert hex_distance(m.hex_at("0102"), m.hex_at("0201")) == 1
    assert hex_distance(m.hex_at("0101"), m.hex_at("0202")) == 2


@pytest.mark.parametrize(
    "scheme,columns,rows",
    [
        (LabelScheme("xxyy", 1, 1, 2), 39, 26),
        (LabelScheme("xxyy", 0, 0, 2), 12, 9),
        (LabelScheme("xxyy", 5, 10, 2), 20, 30),
        (LabelScheme("xxyy", 1, 1, 3), 120, 101),
        (LabelScheme("letter_number", 1, 1, letters=ASL_LETTERS), 60, 10),
        (LabelScheme("letter_number", 1, 0, letters=ASL_LETTERS), 33, 11),
        (LabelScheme("letter_number", 1, 1, letters="spreadsheet"), 80, 12),
    ],
)
@pytest.mark.parametrize("orientation,stagger", [("flat", "odd"), ("flat", "even"), ("pointy", "odd")])
def test_every_hex_label_round_trips(scheme, columns, rows, orientation, stagger):
    m = HexMap(GridSpec(columns, rows, orientation, stagger, scheme))
    seen = set()
    for h in m.hexes:
        lab = m.label(h)
        assert lab not in seen
        seen.add(lab)
        assert m.hex_at(lab) == h
        assert m.parse_label(lab) == h
    assert len(seen) == columns * rows


@FAST
@given(st.integers(0, 200), st.integers(0, 200), st.integers(0, 3), st.integers(0, 3))
def test_xxyy_label_parse_round_trip(col, row, first_col, first_row):
    scheme = LabelScheme("xxyy", first_col, first_row, 3)
    lab = scheme.label(col, row)
    assert len(lab) == 6
    assert scheme.parse(lab) == (col, row)


@FAST
@given(st.integers(0, 26 * 5), st.integers(0, 99), st.sampled_from([ASL_LETTERS, "spreadsheet"]))
def test_letter_number_label_parse_round_trip(col, row, letters):
    scheme = LabelScheme("letter_number", 1, 1, letters=letters)
    lab = scheme.label(col, row)
    assert scheme.parse(lab) == (col, row)
    assert scheme.parse(lab.lower()) == (col, row)


def test_asl_labels_r15_and_q17():
    scheme = LabelScheme("letter_number", 1, 1, letters=ASL_LETTERS)
    assert scheme.parse("R15") == (17, 14)
    assert scheme.label(17, 14) == "R15"
    assert scheme.parse("Q17") == (16, 16)
    # after Z, ASL boards double the letters: AA, BB, ... (board 1's column after Z is AA)
    assert scheme.column_letters(25) == "Z"
    assert scheme.column_letters(26) == "AA"
    assert scheme.column_letters(27) == "BB"
    assert scheme.column_letters(52) == "AAA"
    assert scheme.parse("BB3") == (27, 2)
    with pytest.raises(LabelError):
        scheme.parse("AB3")  # not an ASL column


def test_spreadsheet_letters():
    scheme = LabelScheme("letter_number", 1, 1, letters="spreadsheet")
    assert [scheme.column_letters(i) for i in (0, 25, 26, 27, 51, 52, 701, 702)] == [
        "A", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]
    assert scheme.parse("AB3") == (27, 2)


def test_first_row_zero():
    """Some ASL boards number rows from 0 (hex A0)."""
    scheme = LabelScheme("letter_number", 1, 0)
    assert scheme.label(0, 0) == "A0"
    assert scheme.parse("A0") == (0, 0)
    assert scheme.parse("C10") == (2, 10)
    xx = LabelScheme("xxyy", 1, 0, 2)
    assert xx.label(0, 0) == "0100"
    assert xx.parse("0100") == (0, 0)
    m = HexMap(GridSpec(3, 3, labels=xx))
    assert m.hex_at("0100") == m.hexes[0]


@pytest.mark.parametrize("text", ["", "01", "01034", "01a3", "R15", "-0103", "01 03", "０１０３", "01²3"])
def test_xxyy_refuses_garbage(text):
    with pytest.raises(LabelError):
        LabelScheme("xxyy", 1, 1, 2).parse(text)


@pytest.mark.parametrize("text", ["", "15", "R", "R-", "1R5", "R1.5", "R 15", "Ä15", "0103", "R１5", "R²"])
def test_letter_number_refuses_garbage(text):
    with pytest.raises(LabelError):
        LabelScheme("letter_number").parse(text)


def test_labels_that_do_not_fit_are_refused():
    with pytest.raises(LabelError):
        LabelScheme("xxyy", 1, 1, 2).label(99, 0)  # column 100 needs three digits
    with pytest.raises(LabelError):
        LabelScheme("letter_number").column_letters(-1)


def test_bad_schemes_are_refused():
    with pytest.raises(ValueError):
        LabelScheme("roman")
    with pytest.raises(ValueError):
        LabelScheme("letter_number", letters="greek")
    with pytest.raises(ValueError):
        LabelScheme("xxyy", digits=0)


def test_off_map_hexes_are_not_found_by_label():
    m = HexMap(GridSpec(10, 10))
    assert m.hex_at("1111") is None
    assert m.hex_at("garbage") is None
    with pytest.raises(LabelError):
        m.parse_label("garbage")
