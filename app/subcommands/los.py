"""`hexwright los MAP A B`: can a unit in location A see location B (ASL Arnhem Bridge SSR 1.1, 1.12,
1.3, 1.31)? Locations are hex labels (`R18`, the hex's ground location) or a hex and a level (`R18:1`).
Prints what blocks or hinders the line, naming the rule; `--json` prints the same as one JSON object.
Exit status 0 with LOS, 1 without, 2 when the map or a location is wrong."""

from __future__ import annotations

import argparse
import json
import sys

from hexwright.engine.model import HexMap, Scenario
from hexwright.engine.rules.asl import LocationError, LocationRef, LosIndex, line_of_sight, parse_location
from hexwright.engine.validation import Severity

from .checks import refuse
from .loading import load_any


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="MAP", help="map or scenario file")
    p.add_argument("a", metavar="A", help="the viewer's location: a hex label (R18) or hex:level (R18:1)")
    p.add_argument("b", metavar="B", help="the target's location, as A")
    p.add_argument("--rubble", action="append", default=[], metavar="LOC",
                   help="a location holding rubble in play (falling rubble beneath the bridge, 1.31); repeatable")
    p.add_argument("--json", action="store_true", help="print the answer as JSON")


def run(args: argparse.Namespace) -> int:
    doc, diags = load_any(args.file, validate=False)
    errors = [d for d in diags if d.severity == Severity.ERROR]
    if doc is None or errors:
        for d in errors or diags:
            print(d.format(), file=sys.stderr)
        return 2
    m = doc.map if isinstance(doc, Scenario) else doc
    if not isinstance(m, HexMap) or (isinstance(doc, Scenario) and doc.area_map is not None):
        what = "a scenario on an area map" if isinstance(doc, Scenario) else "an area map"
        return refuse("los", f"{args.file} is {what}; line of sight is traced between the hexes and "
                      "levels of a hex map")
    try:
        a, b = parse_location(m, args.a), parse_location(m, args.b)
        rubble: list[LocationRef] = [parse_location(m, r) for r in args.rubble]
    except LocationError as e:
        return refuse("los", str(e))
    # one line: an index of what lies along it, not of the whole map (the same answer)
    answer = line_of_sight(m, a, b, rubble, index=LosIndex(m, near=(a.hex, b.hex)))
    if args.json:
        print(json.dumps(answer.to_dict(), indent=2))
    else:
        print(answer.text())
    return 0 if answer.clear else 1
