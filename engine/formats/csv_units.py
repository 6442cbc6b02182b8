"""Counters from a table: CSV import and export of unit definitions.

A header row names the columns; one unit per row after it:

    id,name,side,nationality,formation,type,size,attack,defense,movement,reduced_attack,...,steps,flags

The value columns are the rules family's printed values (F&M attack/defense/movement,
000_e5c3deafb2cea4af.txt 2.3; Koenig strength/movement, 002_fe1216aa5df94854.txt 2.2; Target Arnhem
strength/endurance, 001_69d92a61f68ed4f9.txt "Damage"); `reduced_<value>` columns give the back
side. `flags` are separated by `;` (by `,` in a table whose cells are separated by `;`). A bad row is
skipped with a diagnostic naming its file:line; the good rows still come through.

The separator is sniffed from the header row: `,` as written here, `;` as spreadsheets in the many
locales whose decimal mark is a comma write it (then "2,5" is read as 2.5), a tab, or `|`. A unit's size
may be its name ("battalion") or its mark as printed on the counter ("II", "XX", "•••", "III").
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..model.counters import KNOWN_FLAGS, SIZE_SYMBOLS, UNIT_SIZES, UNIT_TYPES, UnitDef
from ..rules.registry import RULES_FAMILIES
from ..validation.diagnostics import Diagnostic, Severity

FIXED_COLUMNS = ("id", "name", "side", "nationality", "formation", "type", "size")
TAIL_COLUMNS = ("steps", "flags", "supply", "color", "notes")
REDUCED_PREFIX = "reduced_"
DELIMITERS = (",", ";", "\t", "|")
# size marks as printed (SIZE_SYMBOLS), with the letters and dots a keyboard gives
SIZE_MARKS = {mark: size for size, mark in SIZE_SYMBOLS.items()} | {
    "o": "team", ".": "squad", "..": "section", "...": "platoon", "|": "company", "||": "battalion",
    "|||": "regiment", "x": "brigade", "xx": "division", "xxx": "corps", "xxxx": "army", "i": "company",
    "ii": "battalion", "iii": "regiment",
}


def sniff_delimiter(text: str) -> str:
    """The cell separator of a table: the candidate that splits the header row into the most cells
    (outside quotes), and no fewer in the next rows; `,` when nothing else does better."""
    lines = [ln for ln in text.splitlines() if ln.strip()][:6]
    if not lines:
        return ","

    def cells(line: str, d: str) -> int:
        try:
            return len(next(csv.reader([line], delimiter=d)))
        except (csv.Error, StopIteration):
            return 0

    best, best_n = ",", cells(lines[0], ",")
    for d in DELIMITERS[1:]:
        n = cells(lines[0], d)
        if n > best_n and all(cells(ln, d) >= min(n, 2) for ln in lines[1:]):
            best, best_n = d, n
    return best


def size_of(text: str) -> str | None:
    """A unit size from its name ("battalion", "Division") or its printed mark ("II", "XX", "•••")."""
    word = _normal(text)
    if word in UNIT_SIZES:
        return word
    mark = text.strip().replace(" ", "").replace("·", "•")
    return SIZE_MARKS.get(mark) or SIZE_MARKS.get(mark.lower())


@dataclass
class CsvImport:
    units: list[UnitDef] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    # with `update`: the ids of the rows that replace a unit the scenario already has (the others are new)
    updated: list[str] = field(default_factory=list)

    @property
    def added(self) -> list[str]:
        return [u.id for u in self.units if u.id not in self.updated]

    def summary(self, unchanged: int = 0) -> str:
        """"3 units added, 5 updated (2 unchanged)": what the import does."""
        n = len(self.added)
        text = f"{n} unit{'s' if n != 1 else ''} added, {len(self.updated) - unchanged} updated"
        return text + (f" ({unchanged} unchanged)" if unchanged else "")

    @property
    def ok(self) -> bool:
        return not any(d.severity is Severity.ERROR for d in self.diagnostics)


def _number(text: str, decimal_comma: bool = False) -> int | float:
    """An int when the cell is integral ("4", "4.0"), else a float; ValueError when not a number. In a
    `;`-separated table the decimal mark may be a comma ("2,5")."""
    if decimal_comma and "," in text and "." not in text:
        text = text.replace(",", ".")
    v = float(text)
    if v != v or v in (float("inf"), float("-inf")):
        raise ValueError(text)
    return int(v) if v.is_integer() and "e" not in text.lower() else v


def _normal(word: str) -> str:
    return word.strip().lower().replace(" ", "_").replace("-", "_")


def value_columns(rules: str | None, header: Iterable[str] = ()) -> tuple[str, ...]:
    """The value columns of a table for a rules family: the family's printed values; without a known
    family, every header column that is neither fixed, a tail column nor a reduced_ column."""
    family = RULES_FAMILIES.get(rules or "")
    if family is not None:
        return family.unit_values
    return tuple(c for c in header if c not in FIXED_COLUMNS and c not in TAIL_COLUMNS
                 and not c.startswith(REDUCED_PREFIX))


def read_units_csv(text: str, filename: str = "<csv>", rules: str | None = None,
                   existing_ids: Iterable[str] = (), update: Iterable[str] = ()) -> CsvImport:
    """Units from CSV text. `existing_ids` are ids already used in the scenario (a clash is a
    duplicate) except those of `update`: the scenario's units a row may replace (a re-imported,
    edited table; listed in `updated`). Never raises for bad input."""
    out = CsvImport()

    def report(severity: Severity, code: str, message: str, line: int, unit: str | None = None) -> None:
        out.diagnostics.append(Diagnostic(code, severity, message, filename, line, 0, None, unit))

    delimiter = sniff_delimiter(text)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        header_row = next(reader)
    except StopIteration:
        report(Severity.ERROR, "empty-file", "the table is empty: it needs a header row (id,name,side,...)", 1)
        return out
    except csv.Error as exc:
        report(Severity.ERROR, "bad-csv", f"cannot read the header row: {exc}", 1)
        return out
    header = [_normal(h) for h in header_row]
    header = ["type" if h == "unit_type" else h for h in header]
    for need in ("id", "side"):
        if need not in header:
            report(Severity.ERROR, "missing-column", f"the header row has no {need!r} column", 1)
    if not out.ok:
        return out
    seen_cols: set[str] = set()
    for h in header:
        if h in seen_cols:
            report(Severity.ERROR, "duplicate-column", f"column {h!r} appears twice in the header", 1)
        seen_cols.add(h)
    if not out.ok:
        return out
    values = value_columns(rules, header)
    family = RULES_FAMILIES.get(rules or "")
    known = set(FIXED_COLUMNS) | set(TAIL_COLUMNS) | set(values) | {REDUCED_PREFIX + v for v in values}
    for h in header:
        if h and h not in known:
            hint = f" ({family.name} units have {', '.join(values)})" if family else ""
            report(Severity.WARNING, "unknown-column", f"column {h!r} is not read{hint}", 1)
    replaceable = set(update)
    taken = set(existing_ids) - replaceable
    first_line: dict[str, int] = {}

    while True:
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            report(Severity.ERROR, "bad-csv", f"cannot read the row: {exc}", reader.line_num)
            break
        line = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(header):
            report(Severity.ERROR, "bad-row", f"the row has {len(row)} cells but the header has {len(header)}",
                   line)
            continue
        cells = {h: row[i].strip() if i < len(row) else "" for i, h in enumerate(header)}
        uid = cells.get("id", "")
        if not uid:
            report(Severity.ERROR, "missing-value", "the row has no id", line)
            continue
        if uid in first_line or uid in taken:
            where = f"line {first_line[uid]}" if uid in first_line else "the scenario"
            hint = "" if uid in first_line else ": import in update mode to replace it"
            report(Severity.ERROR, "duplicate-id", f"unit id {uid!r} is already used (in {where}){hint}", line, uid)
            continue
        if not cells.get("side"):
            report(Severity.ERROR, "missing-value", f"unit {uid}: no side", line, uid)
            continue
        unit_type = _normal(cells.get("type", "")) or "infantry"
        if unit_type not in UNIT_TYPES:
            report(Severity.ERROR, "unknown-type", f"unit {uid}: unknown unit type {cells['type']!r} "
                   f"(known: {', '.join(UNIT_TYPES)})", line, uid)
            continue
        size = size_of(cells.get("size", "")) if cells.get("size", "").strip() else "battalion"
        if size is None:
            report(Severity.ERROR, "unknown-size", f"unit {uid}: unknown size {cells['size']!r} "
                   f"(known: {', '.join(UNIT_SIZES)}, or the marks "
                   f"{', '.join(SIZE_SYMBOLS[s] for s in UNIT_SIZES)})", line, uid)
            continue
        front: dict[str, Any] = {}
        back: dict[str, Any] = {}
        bad = False
        for v in values:
            for target, col in ((front, v), (back, REDUCED_PREFIX + v)):
                text = cells.get(col, "")
                if not text:
                    continue
                try:
                    target[v] = _number(text, delimiter == ";")
                except ValueError:
                    report(Severity.ERROR, "bad-value", f"unit {uid}: {col} must be a number, not {text!r}", line, uid)
                    bad = True
        if family is not None:
            missing = [v for v in values if v not in front]
            if missing and not bad:
                report(Severity.WARNING, "missing-value", f"unit {uid}: no {', '.join(missing)} "
                       f"({family.values_source})", line, uid)
        steps_text = cells.get("steps", "")
        steps = 2 if back else 1
        if steps_text:
            try:
                steps = int(steps_text)
                if steps < 1:
                    raise ValueError
            except ValueError:
                report(Severity.ERROR, "bad-value", f"unit {uid}: steps must be a whole number of 1 or more, "
                       f"not {steps_text!r}", line, uid)
                bad = True
        if bad:
            continue
        if back and steps < 2:
            report(Severity.ERROR, "bad-value", f"unit {uid}: has reduced values but only {steps} step", line, uid)
            continue
        flag_sep = "," if delimiter == ";" and ";" not in cells.get("flags", "") else ";"
        flags = tuple(f for f in (_normal(x) for x in cells.get("flags", "").split(flag_sep)) if f)
        for f in flags:
            if f not in KNOWN_FLAGS:
                report(Severity.WARNING, "unknown-flag", f"unit {uid}: flag {f!r} is not read by any rule "
                       f"(known: {', '.join(KNOWN_FLAGS)})", line, uid)
        if family is not None and family.whole_values:
            fractions = [f"{REDUCED_PREFIX if t is back else ''}{k} {x}" for t in (front, back)
                         for k, x in t.items() if not float(x).is_integer()]
            if fractions:
                report(Severity.ERROR, "bad-value", f"unit {uid}: {', '.join(fractions)}: the values must be whole "
                       f"numbers ({family.values_source}, printed whole)", line, uid)
                continue
        first_line[uid] = line
        if uid in replaceable:
            out.updated.append(uid)
        out.units.append(UnitDef(
            uid, cells.get("name") or uid, cells["side"], cells.get("nationality", ""), cells.get("formation", ""),
            unit_type, size, front, back or None, steps, flags, cells.get("supply", ""), cells.get("color", ""),
            cells.get("notes", ""),
        ))
    return out


def read_units_csv_file(path: str, rules: str | None = None, existing_ids: Iterable[str] = (),
                        update: Iterable[str] = ()) -> CsvImport:
    try:
        with open(path, encoding="utf-8-sig", newline="") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        return CsvImport([], [Diagnostic("unreadable", Severity.ERROR, f"cannot read the file: {exc}", str(path))])
    return read_units_csv(text, str(path), rules, existing_ids, update)


def _cell(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def write_units_csv(units: Iterable[UnitDef], rules: str | None = None) -> str:
    """The units as CSV text that `read_units_csv` reads back to the same UnitDefs."""
    units = list(units)
    family = RULES_FAMILIES.get(rules or "")
    values: list[str] = list(family.unit_values) if family else []
    for u in units:
        for k in list(u.values) + list(u.reduced or {}):
            if k not in values:
                values.append(k)
    header = list(FIXED_COLUMNS) + values + [REDUCED_PREFIX + v for v in values] + list(TAIL_COLUMNS)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    for u in units:
        reduced = u.reduced or {}
        w.writerow([u.id, u.name, u.side, u.nationality, u.formation, u.unit_type, u.size]
                   + [_cell(u.values.get(v)) for v in values] + [_cell(reduced.get(v)) for v in values]
                   + [str(u.steps), ";".join(u.flags), u.supply, u.color, u.notes])
    return buf.getvalue()
