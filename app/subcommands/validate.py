"""`hexwright validate FILE...`: compiler-style diagnostics; exit status 1 when any file has errors."""

from __future__ import annotations

import argparse
import json
import sys

from hexwright.engine.validation import Severity

from .loading import load_any


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="+", metavar="FILE", help="scenario or map files")
    p.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    p.add_argument("--no-info", action="store_true", help="do not print info-level notes")
    p.add_argument("--json", metavar="FILE", help="also write the report as JSON to FILE; '-' writes it to standard "
                   "output instead of the text (as --format json)")


def run(args: argparse.Namespace) -> int:
    from .checks import USAGE, check_outputs

    if check_outputs("validate", {"--json": args.json}, stdout_ok=("--json",)):
        return USAGE
    if args.json == "-":
        args.format = "json"
    any_errors = False
    report = []
    for path in args.files:
        obj, diags = load_any(path)
        if args.no_info:
            diags = [d for d in diags if d.severity is not Severity.INFO]
        errors = sum(d.severity is Severity.ERROR for d in diags)
        warnings = sum(d.severity is Severity.WARNING for d in diags)
        any_errors |= errors > 0 or obj is None
        if args.format == "json" or args.json:
            report.append({"file": path, "ok": errors == 0 and obj is not None, "errors": errors,
                           "warnings": warnings, "diagnostics": [d.to_json() for d in diags]})
        if args.format != "json":
            for d in diags:
                print(d.format())
            status = "ok" if errors == 0 and obj is not None else "FAILED"
            print(f"{path}: {status} ({errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)})",
                  file=sys.stderr)
    if args.format == "json":
        print(json.dumps(report, indent=2))
    elif args.json:
        from hexwright.engine.formats.atomic import atomic_write_text

        atomic_write_text(args.json, json.dumps(report, indent=2) + "\n")
    return 1 if any_errors else 0
