"""`hexwright counters`: a scenario's counters from and to the command line.

    hexwright counters export SCENARIO -o units.csv        every unit as a table (Import CSV reads it back)
    hexwright counters import SCENARIO units.csv [-o OUT] [--update]  add the table's units (, or ; separated;
                                                          --update: replace units of the same id) and save
    hexwright counters images SCENARIO -o DIR [--format png|svg] [--px 300] [--size 0.5] [--unit ID ...]
                                                           one image per counter face

`import` refuses the whole table when a row has an error (each printed as file:line) and writes nothing;
warnings are printed and the good units are added. The scenario is saved atomically (to OUT, or over
SCENARIO with its map file beside it untouched).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from hexwright.engine.validation import Severity

from .loading import load_any


def add_arguments(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    e = sub.add_parser("export", help="write every unit of a scenario as a CSV table")
    e.add_argument("scenario", metavar="SCENARIO")
    e.add_argument("-o", "--output", required=True, metavar="CSV", help="the table to write")
    e.add_argument("--delimiter", choices=(",", ";"), default=",",
                   help="the cell separator (; for spreadsheets whose decimal mark is a comma)")
    i = sub.add_parser("import", help="add the units of a CSV table to a scenario and save it")
    i.add_argument("scenario", metavar="SCENARIO")
    i.add_argument("table", metavar="CSV")
    i.add_argument("-o", "--output", metavar="SCENARIO_OUT", help="save to this file (default: over SCENARIO)")
    i.add_argument("--update", action="store_true",
                   help="rows whose id the scenario has replace those units (an exported table, edited)")
    g = sub.add_parser("images", help="write one PNG or SVG per counter face")
    g.add_argument("scenario", metavar="SCENARIO")
    g.add_argument("-o", "--output", required=True, metavar="DIR", help="the folder to write into")
    g.add_argument("--format", choices=("png", "svg"), default="png")
    g.add_argument("--px", type=int, default=300, help="PNG size in pixels (default 300)")
    g.add_argument("--size", type=float, default=0.5, help="SVG counter size in inches (default 0.5)")
    g.add_argument("--unit", action="append", metavar="ID", help="only this unit (may be repeated)")


def _scenario(path: str):
    from hexwright.engine.model import Scenario

    obj, diags = load_any(path, validate=False)
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if obj is None or errors:
        for d in errors or diags:
            print(d.format(), file=sys.stderr)
        print(f"{path}: the scenario does not load", file=sys.stderr)
        return None
    if not isinstance(obj, Scenario):
        print(f"{path}: is a map, not a scenario; counters belong to a scenario", file=sys.stderr)
        return None
    return obj


def _export(args: argparse.Namespace) -> int:
    import csv
    import io

    from hexwright.engine.formats import atomic_write_text
    from hexwright.engine.formats.csv_units import write_units_csv

    sc = _scenario(args.scenario)
    if sc is None:
        return 1
    text = write_units_csv(sc.units.values(), sc.rules)
    if args.delimiter != ",":
        rows = list(csv.reader(io.StringIO(text)))
        buf = io.StringIO()
        csv.writer(buf, delimiter=args.delimiter, lineterminator="\n").writerows(rows)
        text = buf.getvalue()
    try:
        atomic_write_text(args.output, text)
    except OSError as exc:
        print(f"{args.output}: {exc}", file=sys.stderr)
        return 1
    print(f"{args.output}: {len(sc.units)} units")
    return 0


def _import(args: argparse.Namespace) -> int:
    from hexwright.engine.formats import save_scenario
    from hexwright.engine.formats.csv_units import read_units_csv_file

    sc = _scenario(args.scenario)
    if sc is None:
        return 1
    result = read_units_csv_file(args.table, sc.rules, set(sc.units) | set(sc.markers),
                                 update=set(sc.units) if args.update else ())
    for d in result.diagnostics:
        print(d.format(), file=sys.stderr)
    if not result.ok:
        print(f"{args.table}: not imported (fix the errors above); nothing was written", file=sys.stderr)
        return 1
    side_ids = {s.id for s in sc.sides}
    odd = [u for u in result.units if u.side not in side_ids]
    if odd:
        print(f"{args.table}: unit {odd[0].id} has side {odd[0].side!r}; the scenario's sides are "
              f"{', '.join(sorted(side_ids))}; nothing was written", file=sys.stderr)
        return 1
    unchanged = sum(1 for u in result.units if sc.units.get(u.id) == u)
    for u in result.units:
        sc.units[u.id] = u
    out = Path(args.output or args.scenario)
    try:
        save_scenario(sc, out, save_map_file=args.output is not None)  # -o: a complete pair there
    except (OSError, ValueError) as exc:
        print(f"{out}: {exc}", file=sys.stderr)
        return 1
    print(f"{out}: {result.summary(unchanged)} ({len(sc.units)} in all)")
    return 0


def _images(args: argparse.Namespace) -> int:
    sc = _scenario(args.scenario)
    if sc is None:
        return 1
    from .sheets import _gui_application

    app = _gui_application()  # noqa: F841 (kept alive while painting)
    from hexwright.app.counters.images import export_counter_images

    try:
        report = export_counter_images(sc, args.output, args.format, args.px, args.size, args.unit)
    except (OSError, ValueError) as exc:
        print(f"{args.output}: {exc}", file=sys.stderr)
        return 1
    print(f"{report.directory}: {len(report.files)} {args.format.upper()} files")
    return 0


def run(args: argparse.Namespace) -> int:
    return {"export": _export, "import": _import, "images": _images}[args.action](args)
