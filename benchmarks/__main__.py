"""`python -m benchmarks [--only NAME] [--quick] [--repeat N] [--json out.json]`: run the registered
benchmarks and print a table of medians, ratios against the baselines and PASS/FAIL per target.
Exits 1 when a target is missed (not in --quick runs, whose sizes are not the targets')."""

from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
import platform
import sys
import time
from pathlib import Path

from .core import BENCHMARKS, Row, Settings

NOT_BENCHMARKS = {"__main__", "core", "worlds"}


def discover() -> None:
    """Import every module of this package so that each registers its benchmarks."""
    package = Path(__file__).parent
    for info in pkgutil.iter_modules([str(package)]):
        if info.name not in NOT_BENCHMARKS and not info.name.startswith("_"):
            importlib.import_module(f"{__package__}.{info.name}")


def _fmt_value(v: float | None, unit: str) -> str:
    if v is None:
        return "-"
    if unit == "s":
        if v < 1e-3:
            return f"{v * 1e6:.0f} us"
        if v < 1:
            return f"{v * 1e3:.2f} ms"
        return f"{v:.3f} s"
    if unit == "bytes":
        return f"{v / 1e6:.1f} MB"
    return f"{v:g} {unit}"


def table(rows: list[Row]) -> str:
    head = ("benchmark", "case", "ours", "median", "baseline", "median", "ratio", "target", "result")
    lines = []
    for r in rows:
        ratio = "-" if r.ratio is None else f"{r.ratio:.2f}"
        verdict = {None: "", True: "PASS", False: "FAIL"}[r.passed]
        lines.append((r.benchmark, r.case, r.subject, _fmt_value(r.subject_value, r.unit), r.baseline or "-",
                      _fmt_value(r.baseline_value, r.unit), ratio, r.target or "-", verdict))
    widths = [max(len(str(x)) for x in col) for col in zip(head, *lines, strict=False)]
    out = ["  ".join(str(x).ljust(w) for x, w in zip(head, widths, strict=False)).rstrip()]
    out.append("  ".join("-" * w for w in widths))
    out += ["  ".join(str(x).ljust(w) for x, w in zip(line, widths, strict=False)).rstrip() for line in lines]
    notes = [f"  {r.benchmark} {r.case}: {n}" for r in rows for n in r.notes]
    if notes:
        out += ["", "notes:"] + list(dict.fromkeys(notes))
    return "\n".join(out)


def environment() -> dict[str, str]:
    import os

    env = {"python": platform.python_version(), "machine": platform.machine(),
           "cpus": str(os.cpu_count()), "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
    for name in ("numpy", "scipy", "networkx", "yaml"):
        try:
            env[name] = importlib.import_module(name).__version__
        except ImportError:  # pragma: no cover - optional
            env[name] = "not installed"
    try:
        import yaml

        env["libyaml"] = "yes" if yaml.__with_libyaml__ else "no"
    except ImportError:  # pragma: no cover
        pass
    return env


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    ap.add_argument("--only", action="append", metavar="NAME", help="run only this benchmark (repeatable)")
    ap.add_argument("--quick", action="store_true", help="small sizes and few repeats, to check the machinery")
    ap.add_argument("--repeat", type=int, default=None, help="timed repeats per measurement (default 7, quick 3)")
    ap.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    ap.add_argument("--list", action="store_true", help="list the benchmarks and exit")
    args = ap.parse_args(argv)

    discover()
    if args.list:
        print("\n".join(sorted(BENCHMARKS)))
        return 0
    names = args.only or sorted(BENCHMARKS)
    unknown = [n for n in names if n not in BENCHMARKS]
    if unknown:
        ap.error(f"unknown benchmark {', '.join(unknown)}; have {', '.join(sorted(BENCHMARKS))}")
    repeat = args.repeat if args.repeat is not None else (3 if args.quick else 7)
    settings = Settings(quick=args.quick, repeat=repeat)
    env = environment()
    print("  ".join(f"{k} {v}" for k, v in env.items()) + f"  repeat {repeat}{'  QUICK' if args.quick else ''}")
    rows: list[Row] = []
    for name in names:
        t0 = time.perf_counter()
        got = BENCHMARKS[name](settings)
        print(f"[{name}: {len(got)} rows in {time.perf_counter() - t0:.1f} s]", file=sys.stderr)
        rows += got
    print(table(rows))
    if args.json:
        Path(args.json).write_text(json.dumps({"environment": env, "settings": vars(settings),
                                               "rows": [r.as_dict() for r in rows]}, indent=2) + "\n")
    failed = [r for r in rows if r.passed is False]
    return 1 if failed and not args.quick else 0


if __name__ == "__main__":
    sys.exit(main())
