"""`hexwright digitize SCAN -o MAP.yaml --columns N --rows M --point LABEL=X,Y ...`: a scanned printed map
made a Hexwright map headless: the grid fitted to the given hex centres and refined from the printed hex
lines, terrain and linework proposed (taught by `--teach`), the proposals marked `proposed` applied, the
scan kept as the map's underlay. `--json FILE|-` writes the fit, every hex and hexside proposal.

The same Qt-free run as the editor's (engine/digitize/pipeline.py). The outputs are checked before the
long work; bad input is refused with what is wrong and exit status 2; the map is written atomically."""

from __future__ import annotations

import argparse
import math
import os
import re
import sys
from pathlib import Path
from typing import TextIO

from .checks import USAGE, check_outputs, refuse

POINT = re.compile(r"^\s*([^=\s]+)\s*=\s*([-+0-9.eE]+)\s*,\s*([-+0-9.eE]+)\s*$")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("scan", metavar="SCAN", help="the scanned map: PNG, JPEG, GIF, TIFF or BMP")
    p.add_argument("-o", "--output", required=True, metavar="MAP.yaml", help="the Hexwright map file to write")
    p.add_argument("--columns", required=True, type=int, metavar="N", help="columns of hexes on the map")
    p.add_argument("--rows", required=True, type=int, metavar="M", help="rows of hexes on the map")
    p.add_argument("--orientation", choices=("flat", "pointy"), default="flat",
                   help="flat-topped hexes in columns (default) or pointy-topped hexes in rows")
    p.add_argument("--stagger", choices=("odd", "even"), default="odd",
                   help="which columns (rows, pointy) sit half a hex lower: odd (default) or even, counted from 0")
    p.add_argument("--labels", choices=("xxyy", "letter-number"), default="xxyy",
                   help="hex numbering: xxyy (0101, default) or letter-number (A1, as ASL)")
    p.add_argument("--first-column", type=int, default=1, metavar="C", help="the number of the first column")
    p.add_argument("--first-row", type=int, default=1, metavar="R", help="the number of the first row")
    p.add_argument("--point", action="append", default=[], metavar="LABEL=X,Y",
                   help="a hex centre on the scan in pixels (3 or more; spread over the board)")
    p.add_argument("--teach", action="append", default=[], metavar="TERRAIN=LABEL,LABEL",
                   help="examples: hexes of a terrain (or hexsides A/B of a river, a road...)")
    p.add_argument("--terrain-table", metavar="FILE",
                   help="take the terrain table from this map or scenario (default: the generic table)")
    p.add_argument("--name", default="", help="the map's name (default: the scan's file name)")
    p.add_argument("--json", metavar="FILE|-", help="write the fit and the proposals as JSON ('-': standard output)")


def parse_points(values: list[str]) -> list[tuple[str, tuple[float, float]]] | str:
    """The --point values as (label, (x, y)), or the refusal's text."""
    out: list[tuple[str, tuple[float, float]]] = []
    for v in values:
        m = POINT.match(v)
        if not m:
            return (f"--point {v!r}: expected LABEL=X,Y (a hex label and its centre on the scan in pixels, "
                    "as 0101=120,85)")
        try:
            x, y = float(m.group(2)), float(m.group(3))
        except ValueError:
            x = y = math.nan
        if not (math.isfinite(x) and math.isfinite(y)):
            return f"--point {v!r}: the position must be two numbers, X,Y"
        out.append((m.group(1), (x, y)))
    if len(out) < 3:
        return f"needs at least 3 --point LABEL=X,Y (hex centres on the scan), got {len(out)}"
    return out


def parse_teach(values: list[str]) -> dict[str, list[str]] | str:
    out: dict[str, list[str]] = {}
    for v in values:
        code, sep, labels = v.partition("=")
        items = [x.strip() for x in labels.split(",") if x.strip()]
        if not sep or not code.strip() or not items:
            return f"--teach {v!r}: expected TERRAIN=LABEL,LABEL (a terrain code and hexes showing it)"
        out.setdefault(code.strip(), []).extend(items)
    return out


class StepReport:
    """What a long digitizing run is doing, on standard error (standard output may carry the JSON): a line
    as each step starts, and on a terminal its percentage as it goes."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.live = stream.isatty()
        self.name = ""
        self.shown = -1

    def step(self, name: str) -> None:
        self.done()
        self.name, self.shown = name, -1
        if not self.live:
            print(f"hexwright digitize: {name}...", file=self.stream, flush=True)

    def progress(self, done: int, total: int) -> bool:
        percent = int(100 * done / total) if total > 0 else 100
        if self.live and percent != self.shown:
            self.shown = percent
            print(f"\rhexwright digitize: {self.name}... {percent:3d}%", end="", file=self.stream, flush=True)
        return True

    def done(self) -> None:
        if self.live and self.shown >= 0:
            print(file=self.stream, flush=True)
            self.shown = -1


def run(args: argparse.Namespace) -> int:
    for flag, value in (("--columns", args.columns), ("--rows", args.rows)):
        if value < 1:
            return refuse("digitize", f"{flag} must be at least 1, not {value}")
    points = parse_points(args.point)
    if isinstance(points, str):
        return refuse("digitize", points)
    taught = parse_teach(args.teach)
    if isinstance(taught, str):
        return refuse("digitize", taught)
    if check_outputs("digitize", {"-o": args.output, "--json": args.json}, stdout_ok=("--json",),
                     inputs=[args.scan] + ([args.terrain_table] if args.terrain_table else [])):
        return USAGE
    from hexwright.engine.digitize.pipeline import DigitizeError, digitize
    from hexwright.engine.digitize.scan import Scan, ScanError
    from hexwright.engine.hexgrid import LabelScheme
    from hexwright.engine.model.hexmap import GridSpec, HexMap

    table = None
    if args.terrain_table:
        table = _table_from(args.terrain_table)
        if table is None:
            return 1
    try:
        labels = LabelScheme(kind="letter_number" if args.labels == "letter-number" else "xxyy",
                             first_column=args.first_column, first_row=args.first_row)
        grid = GridSpec(columns=args.columns, rows=args.rows, orientation=args.orientation, stagger=args.stagger,
                        labels=labels)
        hexmap = HexMap(grid, table, name=args.name or Path(args.scan).stem)
    except ValueError as exc:
        return refuse("digitize", f"the grid cannot be numbered that way: {exc}")
    try:
        scan = Scan.open(args.scan)
    except ScanError as exc:
        print(f"hexwright digitize: {exc}", file=sys.stderr)
        return 1
    out_dir = Path(args.output).resolve().parent
    image = os.path.relpath(Path(args.scan).resolve(), out_dir)
    try:
        report = StepReport(sys.stderr)
        result = digitize(scan, hexmap, points, taught, image_path=image, progress=report.progress,
                          step=report.step)
        report.done()
    except DigitizeError as exc:
        return refuse("digitize", str(exc))
    from hexwright.engine.formats.atomic import atomic_write_text
    from hexwright.engine.formats.mapfile import save_map

    try:
        save_map(result.hexmap, args.output)
    except OSError as exc:
        print(f"hexwright digitize: cannot write {args.output}: {exc}", file=sys.stderr)
        return 1
    import json

    data = {"scan": args.scan, "map": args.output, **result.to_json()}
    text = json.dumps(data, indent=2) + "\n"
    if args.json == "-":
        sys.stdout.write(text)
    elif args.json:
        atomic_write_text(args.json, text)
    q = result.quality
    summary = (f"{args.output}: {len(result.hexmap.hexes)} hexes; grid {result.fit.model} fit, hex size "
               f"{result.fit.hex_size_px:.2f} px, rotation {result.fit.rotation:.2f} deg, "
               f"{'refined on ' + str(result.fit.refined_edges) + ' printed hexsides, ' if result.fit.refined else ''}"
               f"worst hex within {q.max_error_estimate_hex:.3f} hex (estimate)")
    print(summary, file=sys.stderr if args.json == "-" else sys.stdout)
    for w in q.warnings:
        print(f"{args.scan}: warning: {w}", file=sys.stderr)
    for what in result.missing:
        print(f"{args.scan}: note: no {what}", file=sys.stderr)
    return 0


def _table_from(path: str):
    from hexwright.engine.model import Scenario
    from hexwright.engine.validation import Severity

    from .loading import load_any

    obj, diags = load_any(Path(path), validate=False)
    if obj is None or any(d.severity is Severity.ERROR for d in diags) or not hasattr(obj, "terrain_table") and \
            not isinstance(obj, Scenario):
        for d in diags:
            print(d.format(), file=sys.stderr)
        print(f"{path}: no terrain table read from it (--terrain-table takes a Hexwright map or scenario)",
              file=sys.stderr)
        return None
    return (obj.map if isinstance(obj, Scenario) else obj).terrain_table
