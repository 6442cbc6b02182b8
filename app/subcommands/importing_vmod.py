"""`hexwright import game.vmod -o DIR` (or `-o DIR/map.yaml`): a VASSAL module's hex board as a Hexwright map
whose grid already lies on the board image (the scan underlay), and a scenario of the module's pieces set
up from its at-start stacks (app/interchange/vassal_import.py). Writes into DIR (or beside map.yaml): the
map, the board image, the scenario (`NAME.yaml`, naming the map file) and the counters' images
(`counters/`)."""

from __future__ import annotations

import argparse
import os
import sys

from .checks import report_written


def run(args: argparse.Namespace) -> int:
    from hexwright.app.interchange.vassal_import import ScanError, VmodError, import_module

    try:
        done = import_module(args.file, args.output, args.board, args.rules)
    except (VmodError, ScanError) as exc:
        print(exc, file=sys.stderr)
        return 1
    files = [str(done.map_path)] + ([str(done.scenario_path)] if done.scenario_path else []) + [str(done.board_image)]
    if done.counter_images:
        files.append(f"{done.counter_images[0].parent}{os.sep} ({len(done.counter_images)} counter images)")
    report_written(args, files, done.notes)
    return 0
