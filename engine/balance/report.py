"""A study's report: as text, as JSON, and as an HTML page with embedded PNG plots or a PNG
(matplotlib figures drawn by its Agg renderer, without pyplot: no display and no GUI backend needed)."""

from __future__ import annotations

import base64
import io
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from ..formats.atomic import atomic_write_text
from .stats import wilson
from .summary import Summary


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    """Like formats.atomic.atomic_write_text, for a PNG: a temporary file beside the target, renamed over it."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def _pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def text_report(s: Summary) -> str:
    lines = [f"{s.title}: {s.games} games, bots {', '.join(s.bots)}, seed {s.seed}"
             + (f", {s.parameter[0]} = {s.parameter[1]}" if s.parameter else "")
             + (f", options {s.options}" if s.options else "")]
    if s.unfinished:
        lines.append(f"  {s.unfinished} games did not finish")
    lines.append(f"  {'side':<10} {'bot':<10} {'wins':>5} {'draws':>5} {'losses':>6}  {'win rate':>8}  95% interval"
                 "      units lost  mean VP")
    for r in s.sides:
        lo, hi = r.win_interval
        vp = f"{r.mean_vp:7.1f}" if r.mean_vp is not None else "      -"
        lines.append(f"  {r.side:<10} {r.bot:<10} {r.wins:>5} {r.draws:>5} {r.losses:>6}  {_pct(r.win_rate):>8}  "
                     f"[{_pct(lo)}, {_pct(hi)}]  {r.mean_units_lost:10.2f}  {vp}")
    turns = ", ".join(f"GT {t}: {n}" for t, n in sorted(s.decided_turns.items()))
    lines.append(f"  decided on: {turns}")
    lines.append("  victory conditions that held:")
    for text, n in sorted(s.victory_hits.items(), key=lambda kv: -kv[1]):
        lines.append(f"    {n:>5}  {text}")
    lines.append(f"  units lost: {int(s.lost_heat.sum())} in {int((s.lost_heat > 0).sum())} hexes; "
                 f"combats: {int(s.combat_heat.sum())} in {int((s.combat_heat > 0).sum())} hexes")
    return "\n".join(lines)


def json_report(s: Summary) -> str:
    return json.dumps(s.to_dict(), indent=1)


def _figure(s: Summary):
    from matplotlib.figure import Figure  # no pyplot: no GUI backend chosen, the PNG is drawn by Agg
    from matplotlib.ticker import MaxNLocator

    fig = Figure(figsize=(12, 8), dpi=90)
    ax = fig.add_subplot(2, 2, 1)
    names = [f"{r.side}\n({r.bot})" for r in s.sides]
    rates = [r.win_rate for r in s.sides]
    err = [[max(0.0, r.win_rate - r.win_interval[0]) for r in s.sides],
           [max(0.0, r.win_interval[1] - r.win_rate) for r in s.sides]]
    ax.bar(names, rates, yerr=err, capsize=6, color=["#4a78b5", "#b55a4a", "#6a6", "#aa6"][: len(names)])
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title(f"{s.games} games")
    ax2 = fig.add_subplot(2, 2, 2)
    turns = sorted(s.decided_turns)
    ax2.bar([str(t) for t in turns], [s.decided_turns[t] for t in turns], color="#777")
    ax2.set_xlabel("game turn decided")
    ax2.set_ylabel("games")
    ax2.yaxis.set_major_locator(MaxNLocator(integer=True))
    maps = ((s.lost_heat, "where units were lost"), (s.combat_heat, "where combats happened"))
    for i, (arr, title) in enumerate(maps):
        a = fig.add_subplot(2, 2, 3 + i)
        im = a.imshow(arr, origin="upper", cmap="magma_r", aspect="equal", interpolation="nearest", vmin=0,
                      vmax=max(1, int(arr.max())))
        a.set_title(title)
        a.set_xlabel("column")
        a.set_ylabel("row")
        fig.colorbar(im, ax=a, shrink=0.8)
    fig.suptitle(s.title)
    fig.subplots_adjust(left=0.07, right=0.97, bottom=0.07, top=0.9, hspace=0.35, wspace=0.25)
    return fig


def _png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()


def png_report(s: Summary) -> bytes:
    return _png(_figure(s))


def html_report(s: Summary, png: bytes | None = None) -> str:
    """The text report and the plots (`png`, drawn here if not given) in one self-contained page."""
    img = base64.b64encode(png if png is not None else png_report(s)).decode("ascii")
    esc = (text_report(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))
    return (f"<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>Balance: {s.title}</title></head>\n"
            f"<body><h1>Balance study: {s.title}</h1>\n<pre>{esc}</pre>\n"
            f"<img alt='win rates, decided turns and heat maps' src='data:image/png;base64,{img}'>\n</body></html>\n")


def write_report(s: Summary, path: str | Path) -> None:
    """Write the report in the format its file name asks for (.html, .png or .json), atomically."""
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix in (".html", ".htm"):
        atomic_write_text(p, html_report(s))
    elif suffix == ".png":
        atomic_write_bytes(p, png_report(s))
    elif suffix == ".json":
        atomic_write_text(p, json_report(s))
    else:
        raise ValueError(f"{path}: a report is written as .html, .png or .json")


# -- sweeps -----------------------------------------------------------------------------------
def sweep_rows(path: str, values: list[Any], summaries: list[Summary]) -> list[dict[str, Any]]:
    rows = []
    for v, s in zip(values, summaries, strict=True):
        row: dict[str, Any] = {"value": v, "games": s.games}
        for r in s.sides:
            row[r.side] = {"wins": r.wins, "draws": r.draws, "win_rate": r.win_rate,
                           "win_ci95": list(wilson(r.wins, r.games))}
        rows.append(row)
    return rows


def sweep_text(path: str, values: list[Any], summaries: list[Summary]) -> str:
    sides = [r.side for r in summaries[0].sides] if summaries else []
    head = f"  {path:<28}" + "".join(f"  {sd + ' wins':<30}" for sd in sides)
    lines = [f"what-if {path}: {summaries[0].games if summaries else 0} games per value", head]
    for v, s in zip(values, summaries, strict=True):
        cells = []
        for r in s.sides:
            lo, hi = r.win_interval
            cells.append(f"  {_pct(r.win_rate)} [{_pct(lo)}, {_pct(hi)}]".ljust(32))
        lines.append(f"  {str(v):<28}" + "".join(cells))
    return "\n".join(lines)


def sweep_png(path: str, values: list[Any], summaries: list[Summary]) -> bytes:
    from matplotlib.figure import Figure  # no pyplot: no GUI backend chosen, the PNG is drawn by Agg

    fig = Figure(figsize=(7, 4.5), dpi=90)
    ax = fig.add_subplot(1, 1, 1)
    xs = list(range(len(values)))
    for k, side in enumerate(r.side for r in summaries[0].sides):
        rates = [s.sides[k].win_rate for s in summaries]
        lo = [max(0.0, s.sides[k].win_rate - s.sides[k].win_interval[0]) for s in summaries]
        hi = [max(0.0, s.sides[k].win_interval[1] - s.sides[k].win_rate) for s in summaries]
        ax.errorbar(xs, rates, yerr=[lo, hi], marker="o", capsize=5, label=f"{side} wins")
    ax.set_xticks(xs, [str(v) for v in values])
    ax.set_xlabel(path)
    ax.set_ylabel("win rate (95% interval)")
    ax.set_ylim(0, 1)
    ax.legend()
    fig.subplots_adjust(left=0.12, right=0.96, bottom=0.14, top=0.95)
    return _png(fig)


def write_sweep_report(path: str, values: list[Any], summaries: list[Summary], out: str | Path) -> None:
    p = Path(out)
    suffix = p.suffix.lower()
    if suffix == ".png":
        atomic_write_bytes(p, sweep_png(path, values, summaries))
    elif suffix in (".html", ".htm"):
        img = base64.b64encode(sweep_png(path, values, summaries)).decode("ascii")
        table = sweep_text(path, values, summaries).replace("&", "&amp;").replace("<", "&lt;")
        atomic_write_text(p, f"<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>What-if {path}</title></head>"
                             f"<body><h1>What-if: {path}</h1><pre>{table}</pre>"
                             f"<img alt='win rate per value' src='data:image/png;base64,{img}'></body></html>\n")
    elif suffix == ".json":
        atomic_write_text(p, json.dumps({"parameter": path, "rows": sweep_rows(path, values, summaries)}, indent=1))
    else:
        raise ValueError(f"{out}: a report is written as .html, .png or .json")
