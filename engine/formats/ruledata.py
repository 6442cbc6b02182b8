"""The free-form parts of a scenario that the rules families compute with, checked where they are read:
victory conditions' `points` and `units` filters, the turn track's allotments, marker values, the
scenario's options and the rules tables a family reads. A value the rules would turn into a number,
a die range, a ratio or a side must be one, within its bound (engine/model/bounds.py), or the file
is refused at its line: a file that validates never makes a game raise at its end (Koenig victory
`points: {occupied_hex: lots}`) or hang in the middle (a die range `1-999999999`).

The families' own readers are in engine/rules (koenig/victory.py, koenig/tables.py, fm/support.py,
fm/tables.py, fm/crt.py, fm/game.py, target_arnhem/tables.py); these checks follow what they read.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..model.bounds import MAX_ALLOTMENT, MAX_POINTS, MAX_TABLE_NUMBER, MAX_TURNS
from ..rules.registry import RULES_FAMILIES, TableSchema
from .fields import finite, short
from .yamlio import YamlReader, YDict, YList

# -- victory conditions (koenig/victory.py, fm/victory.py, bots/objectives.py) ------------------------
VICTORY_POINTS = ("occupied_hex", "occupied_all", "eliminated_enemy_unit", "unit_on_map", "not_exited")
UNIT_FILTER_LISTS = ("flags", "flags_not", "ids")  # lists of text
UNIT_FILTER_KEYS = (*UNIT_FILTER_LISTS, "nationality", "undamaged")


def _at(container: Any, key: Any) -> tuple[int, int]:
    if isinstance(container, YDict):
        return container.where_value(key)
    if isinstance(container, YList):
        return container.where(key)
    return getattr(container, "line", 0), getattr(container, "column", 0)


def whole(v: Any, lo: int, hi: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _is_text_list(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in v)


def _unknown(reader: YamlReader, what: str, key: Any, known: tuple[str, ...], where: tuple[int, int]) -> None:
    reader.error("unknown-key", f"{what}: unknown key {short(key)}; expected one of: {', '.join(known)}", where)


def check_victory(reader: YamlReader, what: str, points: YDict, units: YDict) -> None:
    for key, v in points.items():
        if key not in VICTORY_POINTS:
            _unknown(reader, f"{what} points", key, VICTORY_POINTS, points.where(key))
        elif not whole(v, -MAX_POINTS, MAX_POINTS):
            reader.error("bad-value", f"{what}: points {key!r} must be a whole number from {-MAX_POINTS:,} to "
                         f"{MAX_POINTS:,}, not {short(v)}", points.where_value(key))
    for key, v in units.items():
        where = units.where_value(key)
        if key not in UNIT_FILTER_KEYS:
            _unknown(reader, f"{what} units", key, UNIT_FILTER_KEYS, units.where(key))
        elif key in UNIT_FILTER_LISTS and not _is_text_list(v):
            reader.error("bad-value", f"{what}: units {key!r} must be a list of names, not {short(v)}", where)
        elif key == "nationality" and not (isinstance(v, str) or _is_text_list(v)):
            reader.error("bad-value", f"{what}: units 'nationality' must be a nationality or a list of them, "
                         f"not {short(v)}", where)
        elif key == "undamaged" and not isinstance(v, bool):
            reader.error("bad-value", f"{what}: units 'undamaged' must be true or false, not {short(v)}", where)


# -- the turn track (fm/support.py allotment) ----------------------------------------------------------
_ALLOTMENT_TEXT = re.compile(r"^\s*\d{1,3}\s*(/\s*\d{1,3}\s*)?$")
ALLOTMENT_KEYS = ("markers", "sfm", "airpower")


def check_allotments(reader: YamlReader, what: str, allotments: YDict) -> None:
    """A side's support markers on a turn: a number, 'N/M' (first player / second player), or a mapping
    {markers: N, airpower: true}."""
    for key, v in allotments.items():
        where = allotments.where_value(key)
        if isinstance(v, dict):
            for k, x in v.items():
                at = _at(v, k)
                if k not in ALLOTMENT_KEYS:
                    _unknown(reader, f"{what}: allotment of {key}", k, ALLOTMENT_KEYS, v.where(k)
                             if isinstance(v, YDict) else at)
                elif k == "airpower" and not isinstance(x, bool):
                    reader.error("bad-value", f"{what}: allotment 'airpower' must be true or false, not {short(x)}",
                                 at)
                elif k != "airpower" and not (whole(x, 0, MAX_ALLOTMENT) or
                                              (isinstance(x, str) and _ALLOTMENT_TEXT.match(x))):
                    reader.error("bad-value", f"{what}: allotment {k!r} must be a number of markers from 0 to "
                                 f"{MAX_ALLOTMENT}, not {short(x)}", at)
        elif not (whole(v, 0, MAX_ALLOTMENT) or (isinstance(v, str) and _ALLOTMENT_TEXT.match(v))):
            reader.error("bad-value", f"{what}: the allotment of {short(key)} must be a number of markers from 0 "
                         f"to {MAX_ALLOTMENT}, 'N/M' or {{markers: N, airpower: true}}, not {short(v)}", where)


# -- markers (fm/support.py, koenig/board.py, target_arnhem/supply.py) ---------------------------------
MARKER_TEXT_VALUES = ("nationality", "formation", "stripe")


def check_marker_values(reader: YamlReader, what: str, values: YDict) -> None:
    for key, v in values.items():
        if key in MARKER_TEXT_VALUES and (v is None or isinstance(v, (dict, list, bool))):
            reader.error("bad-value", f"{what}: value {key!r} must be a name, not {short(v)}",
                         values.where_value(key))
        elif isinstance(v, (int, float)) and not isinstance(v, bool) and not (finite(v) and
                                                                             abs(v) <= MAX_TABLE_NUMBER):
            reader.error("bad-value", f"{what}: value {short(key)} must be a number from {-MAX_TABLE_NUMBER:,} "
                         f"to {MAX_TABLE_NUMBER:,}, not {short(v)}", values.where_value(key))


# -- options (fm/game.py, fm/support.py, koenig/board.py, the games' max_turns, the counters' colours) --
def _bool(v: Any) -> str | None:
    return None if isinstance(v, bool) else "true or false"


def _turns(v: Any) -> str | None:
    return None if whole(v, 1, MAX_TURNS) else f"a number of turns from 1 to {MAX_TURNS}"


def _text(v: Any) -> str | None:
    return None if isinstance(v, str) else "text"


def _texts(v: Any) -> str | None:
    return None if _is_text_list(v) else "a list of names"


def _names_to_text(v: Any) -> str | None:
    ok = isinstance(v, dict) and all(isinstance(x, str) for x in v.values())
    return None if ok else "a mapping of names to text"


def _markers(v: Any) -> str | None:
    return None if whole(v, 0, MAX_ALLOTMENT) else f"a number of markers from 0 to {MAX_ALLOTMENT}"


OPTION_TYPES = {
    "max_turns": _turns,
    "allied_side": _text,
    "sfm_selection": _text,
    "airpower_allotment": _markers,
    "canal_bridges": _texts,
    "canal_trail_crossings": _texts,
    "friendly_edges": _names_to_text,
    "formation_colors": _names_to_text,
    "nationality_colors": _names_to_text,  # counters: nationality -> colour (app/counters/schemes.py)
    "leadership": _bool,
    "interdiction": _bool,
    "indirect_fire": _bool,
    "overruns": _bool,
}


def check_options(reader: YamlReader, options: YDict, side_ids: list[str]) -> None:
    """The options a rules family or the app reads must have the type it reads them as; other options are
    left alone (a scenario may carry notes for its players)."""
    for key, v in options.items():
        check = OPTION_TYPES.get(key)
        problem = check(v) if check is not None else None
        if problem is None and key == "allied_side" and side_ids and v not in side_ids:
            problem = f"one of the sides ({', '.join(side_ids)})"
        if problem is None and key == "friendly_edges" and side_ids:
            odd = [k for k in v if k not in side_ids]
            if odd:
                problem = f"a mapping of sides ({', '.join(side_ids)}) to map edges; {short(odd[0])} is not a side"
        if problem is not None:
            reader.error("bad-value", f"options: {key!r} must be {problem}, not {short(v)}", options.where_value(key))


# -- rules tables ---------------------------------------------------------------------------------------
_DIE_RANGE = re.compile(r"^(\d{1,3})(?:\s*[-\u2013]\s*(\d{1,3}))?$")


def _die_range_ok(cell: Any) -> bool:
    """A die-range cell (F&M's tables.py die_range): text not starting with a digit means no roll; else 'N' or 'N-M'."""
    text = str(cell).strip().replace("\u2013", "-")
    if not text or not text[0].isdigit():
        return True
    return _DIE_RANGE.match(text) is not None


def _ratio_ok(heading: str) -> bool:
    """A ratio heading (Target Arnhem's tables.py column_ratio): 'A:B' with positive numbers."""
    from fractions import Fraction  # loaded when a table is checked, not at every start

    a, sep, b = heading.partition(":")
    try:
        x, y = Fraction(a.strip()), Fraction(b.strip())
    except (ValueError, ZeroDivisionError):
        return False
    return bool(sep) and 0 < x <= 1000 and 0 < y <= 1000


def check_table(reader: YamlReader, rules: str, name: str, columns: list[str], rows: YDict,
                where: tuple[int, int], columns_at: tuple[int, int]) -> None:
    """One rules table as the family `rules` reads it (its registry entry's `tables`, a TableSchema).
    Cells are reported at their row, headings at the columns, missing rows at the table."""
    def bad(row: Any, message: str) -> None:
        reader.error("bad-value", f"table {name!r}, row {short(row)}: {message}", rows.where(row))

    for row, cells in rows.items():
        if not isinstance(cells, list):
            continue  # reported by the loader
        for cell in cells:
            if isinstance(cell, (int, float)) and not isinstance(cell, bool) and not (
                    finite(cell) and abs(cell) <= MAX_TABLE_NUMBER):
                bad(row, f"{short(cell)} is not a number from {-MAX_TABLE_NUMBER:,} to {MAX_TABLE_NUMBER:,}")
    family = RULES_FAMILIES.get(rules)
    schema = family.table(name) if family is not None else None
    if schema is not None:
        check_schema(reader, name, schema, columns, rows, where, columns_at, bad)


def check_schema(reader: YamlReader, name: str, schema: TableSchema, columns: list[str], rows: YDict,
                 where: tuple[int, int], columns_at: tuple[int, int], bad: Callable[[Any, str], None]) -> None:
    """What a family reads of one table (a TableSchema of its registry entry) against a scenario's table."""
    if schema.die_ranges:
        for row, cells in rows.items():
            for cell in cells if isinstance(cells, list) else ():
                if not _die_range_ok(cell):
                    bad(row, f"{short(cell)} is not a die roll or a range of rolls such as 1-3")
    if schema.column_kind == "ratio":
        for c in columns:
            if not _ratio_ok(c):
                reader.error("bad-value", f"table {name!r}: column {short(c)} is not a ratio such as 2:1 or 1.5:1 "
                             "(two positive numbers up to 1000)", columns_at)
    elif schema.column_kind == "strength-range":
        for c in columns:
            if not re.fullmatch(r"\d{1,4}(-\d{1,4}|\+)?", str(c).strip()):
                reader.error("bad-value", f"table {name!r}: column {short(c)} is not a range of attack strengths such "
                             "as 3-4 or 17+", columns_at)
    if schema.row_kind == "modified-roll":
        for row in rows:
            if not re.fullmatch(r"-?\d{1,3}", str(row).strip()):
                bad(row, "the row must be a modified die roll such as 4")
    if schema.columns:
        _need_columns(reader, name, columns, schema.columns, columns_at)
    if schema.whole:
        which = tuple(columns) if schema.whole == ("*",) else schema.whole
        _whole_cells(reader, name, columns, rows, which, schema.low, schema.high, bad, blank_ok=schema.blank_ok)
    if schema.rows:
        _need_rows(reader, name, rows, list(schema.rows), where)
    if schema.rows_not_empty:
        for row, cells in rows.items():
            if isinstance(cells, list) and not cells:
                bad(row, "needs the die rolls that succeed, such as 1-3")
    if schema.differentials:
        for row, cells in rows.items():
            if isinstance(cells, list) and not any(_differentials(c) for c in cells):
                bad(row, "a CRT line needs at least one column of differentials such as '+2,+3'")


def _differentials(cell: Any) -> list[int]:
    out = []
    for part in str(cell).split(","):
        part = part.strip().replace("\u2212", "-")
        if re.fullmatch(r"[+-]?\d{1,4}", part):
            out.append(int(part))
    return out


def _need_columns(reader: YamlReader, name: str, columns: list[str], need: tuple[str, ...],
                  where: tuple[int, int]) -> None:
    missing = [c for c in need if c not in columns]
    if missing:
        reader.error("bad-value", f"table {name!r} needs the column{'s' * (len(missing) > 1)} "
                     f"{', '.join(missing)} (it has {', '.join(map(str, columns)) or 'none'})", where)


def _need_rows(reader: YamlReader, name: str, rows: YDict, need: list[str], where: tuple[int, int]) -> None:
    missing = [r for r in need if r not in rows]
    if missing:
        reader.error("bad-value", f"table {name!r} needs a row for each of {', '.join(need)} (missing "
                     f"{', '.join(missing)})", where)


def _whole_cells(reader: YamlReader, name: str, columns: list[str], rows: YDict, which: tuple[str, ...],
                 lo: int, hi: int, bad, blank_ok: bool = False) -> None:
    for row, cells in rows.items():
        if not isinstance(cells, list):
            continue
        for col in which:
            if col not in columns:
                continue
            i = columns.index(col)
            if i >= len(cells):
                continue  # the table's shape is checked by validation
            v = cells[i]
            if blank_ok and v in ("-", None):
                continue
            if not whole(v, lo, hi):
                bad(row, f"column {col!r} must be a whole number from {lo} to {hi}, not {short(v)}")
