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


def run(args: argparse.Namespace) -> int:
    any_errors = False
    report = []
    for path in args.files:
        obj, diags = load_any(path)
        if args.no_info:
            diags = [d for d in diags if d.severity is not Severity.INFO]
        errors = sum(d.severity is Severity.ERROR for d in diags)
        warnings = sum(d.severity is Severity.WARNING for d in diags)
        any_errors |= errors > 0 or obj is None
        if args.format == "json":
            report.append({"file": path, "ok": errors == 0 and obj is not None, "errors": errors,
                           "warnings": warnings, "diagnostics": [d.to_json() for d in diags]})
        else:
            for d in diags:
                print(d.format())
            status = "ok" if errors == 0 and obj is not None else "FAILED"
            print(f"{path}: {status} ({errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)})",
                  file=sys.stderr)
    if args.format == "json":
        print(json.dumps(report, indent=2))
    return 1 if any_errors else 0
