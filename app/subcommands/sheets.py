"""`hexwright sheets SCENARIO -o counters.pdf`: print-and-play counter sheets as a PDF, at real
counter size, front and back pages aligned for double-sided printing (flip on the long edge)."""

from __future__ import annotations

import argparse
import os
import sys

from hexwright.engine.validation import Severity

from .checks import USAGE, check_outputs, check_suffix
from .loading import load_any


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("scenario", metavar="SCENARIO", help="scenario file")
    p.add_argument("-o", "--output", required=True, metavar="PDF", help="the PDF to write")
    p.add_argument("--size", type=float, choices=(0.5, 0.625), default=0.5,
                   help="counter size in inches: 0.5 (1/2 inch) or 0.625 (5/8 inch); default 0.5")
    p.add_argument("--paper", choices=("A4", "Letter"), default="A4", help="paper size (default A4)")
    p.add_argument("--separate-sides", action="store_true",
                   help="start each side on a fresh sheet (default: sides packed on the same sheets, each on new rows)")


def _gui_application():
    """A QGuiApplication for fonts and painting; offscreen when there is no display."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    return QGuiApplication.instance() or QGuiApplication(["hexwright"])


def run(args: argparse.Namespace) -> int:
    from hexwright.engine.model import Scenario

    if check_suffix("sheets", "-o", args.output, (".pdf",), "the counter sheets (a PDF)") or check_outputs(
            "sheets", {"-o": args.output}, inputs=[args.scenario]):
        return USAGE
    obj, diags = load_any(args.scenario, validate=False)
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if obj is None or errors:
        for d in errors or diags:
            print(d.format(), file=sys.stderr)
        print(f"{args.scenario}: cannot make counter sheets from a file that does not load", file=sys.stderr)
        return 1
    if not isinstance(obj, Scenario):
        print(f"{args.scenario}: is a map, not a scenario; counter sheets need a scenario", file=sys.stderr)
        return 1
    app = _gui_application()  # noqa: F841 (kept alive while painting)
    from hexwright.app.counters.sheets import write_counter_sheets

    try:
        report = write_counter_sheets(obj, args.output, args.size, args.paper,
                                      separate_sides=args.separate_sides)
    except (OSError, ValueError) as exc:
        print(f"{args.output}: {exc}", file=sys.stderr)
        return 1
    print(f"{report.path}: {report.pages} pages, {report.counters} counters "
          f"({args.size:g} inch, {args.paper}, backs mirrored for long-edge duplex)")
    return 0
