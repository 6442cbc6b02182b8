"""`hexwright export FILE -o OUT`: a map or scenario for another tool, the suffix of OUT picking the
format: `.tmx` a Tiled map (with its tileset image beside it), `.vmod` a VASSAL module (scenarios
only). What the other format cannot hold is said on standard error, never dropped silently."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .checks import USAGE, check_outputs, refuse, report_written
from .loading import load_any

FORMATS = (".tmx", ".vmod")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", metavar="FILE", help="write what was written and the notes as JSON to FILE; '-' to "
                   "standard output (instead of the lines)")
    p.add_argument("file", metavar="FILE", help="scenario or map file")
    p.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="OUT.tmx (Tiled map, with OUT.tiles.png) or OUT.vmod (VASSAL module, from a scenario)")
    p.add_argument("--counter-size", type=int, default=64, metavar="PX",
                   help="VASSAL: counter images PX pixels square (default 64)")


def run(args: argparse.Namespace) -> int:
    suffix = Path(args.output).suffix.lower()
    if suffix not in FORMATS:
        return refuse("export", f"-o {args.output}: the suffix picks the format; use .tmx (Tiled) or .vmod (VASSAL)")
    if not 16 <= args.counter_size <= 512:
        return refuse("export", f"--counter-size must be from 16 to 512 pixels, not {args.counter_size}")
    outputs = {"-o": args.output, "--json": args.json}
    if suffix == ".tmx":
        from hexwright.engine.formats.tmx_write import tileset_path

        outputs["-o (its tileset image)"] = str(tileset_path(args.output))
    if check_outputs("export", outputs, stdout_ok=("--json",), inputs=[args.file]):
        return USAGE
    from hexwright.engine.model import HexMap, Scenario
    from hexwright.engine.validation import Severity

    obj, diags = load_any(args.file, validate=suffix == ".vmod")
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if obj is None or errors:
        for d in diags:
            print(d.format(), file=sys.stderr)
        count = f"{len(errors)} error{'s' if len(errors) != 1 else ''}" if errors else "it could not be read"
        print(f"{args.file}: not exported ({count})", file=sys.stderr)
        return 1
    if suffix == ".tmx":
        from hexwright.engine.formats.tmx_write import save_tmx

        m = obj.map if isinstance(obj, Scenario) else obj
        if isinstance(obj, Scenario) and obj.area_map is not None:
            return refuse("export", f"{args.file} is a scenario on an area map; a Tiled map is made from a hex map")
        if not isinstance(m, HexMap):
            return refuse("export", f"{args.file} is an area map; a Tiled map is made from a hex map")
        image, notes = save_tmx(m, args.output)
        report_written(args, [args.output, str(image)], notes)
        return 0
    if not isinstance(obj, Scenario):
        return refuse("export", f"{args.file} is a map; a VASSAL module is made from a scenario (its counters, "
                      "set-up and turns)")
    from .render import ensure_gui_application

    _app = ensure_gui_application()  # keeps the application alive while drawing
    from hexwright.app.interchange.vassal import write_vmod

    notes = write_vmod(obj, args.output, counter_px=args.counter_size)
    report_written(args, [args.output], notes)
    return 0
