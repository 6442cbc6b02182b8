"""A study's report: as text, as JSON, and as an HTML page with embedded PNG plots or a PNG
(matplotlib figures drawn by its Agg renderer, without pyplot: no display and no GUI backend needed)."""

from __future__ import annotations

import base64
import io
import json
import os
import tempfile
from html import escape as html_escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..formats.atomic import atomic_write_text
from .metrics import metrics_lines
from .stats import wilson
from .summary import Summary

if TYPE_CHECKING:  # matplotlib is imported only when a report is drawn
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


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


def _hot_text(s: Summary, counts: dict[str, int]) -> str:
    return ", ".join(f"{lab} ({k})" for lab, k in s.hottest_places(counts, 6)) or "none"


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
        lines.append(f"  {r.label:<10} {r.bot:<10} {r.wins:>5} {r.draws:>5} {r.losses:>6}  {_pct(r.win_rate):>8}  "
                     f"[{_pct(lo)}, {_pct(hi)}]  {r.mean_units_lost:10.2f}  {vp}")
    turns = ", ".join(f"{s.turn_name(t)}: {n}" for t, n in sorted(s.decided_turns.items()))
    lines.append(f"  decided on: {turns}")
    lines.append("  victory conditions that held:")
    for text, n in sorted(s.victory_hits.items(), key=lambda kv: -kv[1]):
        lines.append(f"    {n:>5}  {text}")
    where = s.place_word
    lost = round(sum(r.mean_units_lost for r in s.sides) * s.games)  # every unit eliminated in the games
    placed = sum(s.lost_places.values())
    units = (f"{lost} in {len(s.lost_places)} {where}" if placed == lost else
             f"{lost}, {placed} of them in {len(s.lost_places)} {where} ({lost - placed} in none: off the map, "
             "on the way in or by a rule that takes them away)")
    lines.append(f"  units lost: {units}; combats: {sum(s.combat_places.values())} in {len(s.combat_places)} {where}")
    lines.append(f"  most units lost in: {_hot_text(s, s.lost_places)}")
    lines.append(f"  most combats in: {_hot_text(s, s.combat_places)}")
    if s.metrics is not None:
        lines.extend(f"  {line}" for line in metrics_lines(s.metrics, {r.side: r.label for r in s.sides}))
    return "\n".join(lines)


def json_report(s: Summary) -> str:
    return json.dumps(s.to_dict(), indent=1)


SIDE_COLOURS = ["#3f6fb0", "#b5523f", "#4f9a4f", "#a08a2a"]
DRAW_COLOUR = "#8c8c8c"


def _faded(colour: str, keep: float = 0.3) -> tuple[float, float, float]:
    """A terrain colour mixed with white, so the heat stands out over the map."""
    from matplotlib.colors import to_rgb

    try:
        rgb = to_rgb(colour)
    except ValueError:
        rgb = (1.0, 1.0, 1.0)
    return (1 - keep + keep * rgb[0], 1 - keep + keep * rgb[1], 1 - keep + keep * rgb[2])


def _hex_heat(fig: Figure, ax: Axes, s: Summary, arr: np.ndarray, title: str) -> None:
    """A heat map drawn as the map's hexes (flat or pointy, staggered as printed), the hottest
    hexes labelled with their printed numbers."""
    from matplotlib.collections import PolyCollection

    rows, cols = arr.shape
    g = s.grid
    if g is None:  # no grid known: plain cells
        im = ax.imshow(arr, origin="upper", cmap="YlOrRd", interpolation="nearest", vmin=0, vmax=max(1, arr.max()))
        fig.colorbar(im, ax=ax, shrink=0.8)
        ax.set_title(title)
        return
    lay = g.layout(1.0)
    off = g.offset
    corners = [lay.corner_offset(i) for i in range(6)]
    polys, values, base, centres = [], [], [], {}
    for r in range(rows):
        for c in range(cols):
            x, y = lay.hex_to_pixel(off.to_hex(c, r))
            polys.append([(x + dx, y + dy) for dx, dy in corners])
            values.append(arr[r, c])
            colour = s.terrain_colours[r][c] if s.terrain_colours else ""
            base.append(_faded(colour or "#ffffff"))
            centres[s.hex_label(r, c)] = (x, y)
    vals = np.array(values, dtype=float)
    ax.add_collection(PolyCollection(polys, facecolors=base, edgecolors="#c8c8c8", linewidths=0.25))
    hot = [k for k, v in enumerate(values) if v > 0]
    coll = PolyCollection([polys[k] for k in hot], array=vals[hot], cmap="YlOrRd", edgecolors="#5a1010",
                          linewidths=0.4)
    coll.set_clim(0.5, max(1.0, float(vals.max())))
    ax.add_collection(coll)
    xs = [x for poly in polys for x, _ in poly]
    ys = [y for poly in polys for _, y in poly]
    ax.set_xlim(min(xs), max(xs))
    ax.set_ylim(max(ys), min(ys))  # row 1 at the top, as printed
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    placed: list[tuple[float, float]] = []
    for lab, k in s.hottest(arr, 6):
        x, y = centres[lab]
        if any(abs(x - px) < 4.5 and abs(y - py) < 1.8 for px, py in placed):
            continue  # a label would cover a hotter one's: the HTML report's table lists them all
        placed.append((x, y))
        right = x > min(xs) + 0.8 * (max(xs) - min(xs))  # near the right edge: the label goes to the left
        ax.annotate(f"{lab}: {k}", (x, y), xytext=(-5 if right else 5, 5), textcoords="offset points",
                    ha="right" if right else "left", fontsize=7.5, color="#202020", annotation_clip=False,
                    bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "#888", "lw": 0.5, "alpha": 0.9})
    ax.set_title(f"{title} ({int(vals.sum())} in {int((vals > 0).sum())} hexes)" if vals.any() else f"{title}: none")
    if vals.any():
        cb = fig.colorbar(coll, ax=ax, shrink=0.7, pad=0.02)
        cb.set_label("count over all games")


def _place_bars(ax: Axes, s: Summary, counts: dict[str, int], title: str) -> None:
    """The places (areas) with the highest counts as horizontal bars, the highest at the top."""
    top = s.hottest_places(counts, 12)
    if not top:
        ax.set_title(f"{title}: none")
        ax.set_axis_off()
        return
    labels = [f"area {lab}" for lab, _ in reversed(top)]
    ax.barh(labels, [k for _, k in reversed(top)], color="#c0552f")
    ax.set_xlabel("count over all games")
    ax.set_title(f"{title} ({sum(counts.values())} in {len(counts)} {s.place_word})")


def _figure(s: Summary) -> Figure:
    from matplotlib.figure import Figure  # no pyplot: no GUI backend chosen, the PNG is drawn by Agg
    from matplotlib.ticker import MaxNLocator, PercentFormatter

    lead = s.metrics.lead_by_turn if s.metrics is not None else {}
    fig = Figure(figsize=(13, 12.4 if lead else 9.6), dpi=90)
    grid = fig.add_gridspec(3 if lead else 2, 2, height_ratios=[1, 1.5, 0.8] if lead else [1, 1.5])
    ax = fig.add_subplot(grid[0, 0])
    names = [f"{r.label} wins\n({r.bot})" for r in s.sides] + ["draws"]
    draws = s.sides[0].draws if s.sides else 0
    rates = [r.win_rate for r in s.sides] + [draws / s.games if s.games else 0.0]
    intervals = [r.win_interval for r in s.sides] + [wilson(draws, s.games)]
    err = [[max(0.0, x - lo) for x, (lo, _) in zip(rates, intervals, strict=True)],
           [max(0.0, hi - x) for x, (_, hi) in zip(rates, intervals, strict=True)]]
    colours = SIDE_COLOURS[: len(s.sides)] + [DRAW_COLOUR]
    bars = ax.bar(names, rates, yerr=err, capsize=6, color=colours, width=0.6)
    for bar, x, (lo, hi) in zip(bars, rates, intervals, strict=True):
        ax.annotate(f"{100 * x:.1f}%\n[{100 * lo:.1f}, {100 * hi:.1f}]", (bar.get_x() + bar.get_width() / 2, hi),
                    xytext=(0, 4), textcoords="offset points", ha="center", va="bottom", fontsize=8.5)
    ax.set_ylim(0, 1.18)
    ax.set_yticks([0, 0.25, 0.5, 0.75, 1.0])
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_ylabel("share of games (95% interval)")
    ax.set_title(f"Results of {s.games} games")
    ax2 = fig.add_subplot(grid[0, 1])
    turns = sorted(s.decided_turns)
    ax2.bar([s.turn_labels.get(t, str(t)) for t in turns], [s.decided_turns[t] for t in turns], color="#777")
    ax2.set_xlabel("game turn on which the game was decided")
    ax2.set_ylabel("games")
    ax2.yaxis.set_major_locator(MaxNLocator(integer=True))
    lost = ", ".join(f"{r.label} {r.mean_units_lost:.1f}" for r in s.sides)
    ax2.set_title(f"Decided on (units lost per game: {lost})")
    if s.place_word == "areas":  # an area map: the areas with the most, as bars
        _place_bars(fig.add_subplot(grid[1, 0]), s, s.lost_places, "Where units were lost")
        _place_bars(fig.add_subplot(grid[1, 1]), s, s.combat_places, "Where combats happened")
    else:
        _hex_heat(fig, fig.add_subplot(grid[1, 0]), s, s.lost_heat, "Where units were lost")
        _hex_heat(fig, fig.add_subplot(grid[1, 1]), s, s.combat_heat, "Where combats happened")
    if lead and s.metrics is not None:
        _lead_plot(fig.add_subplot(grid[2, :]), s, lead)
    sub = f"{s.games} games, bots {', '.join(s.bots)}, seed {s.seed}"
    if s.parameter:
        sub += f", {s.parameter[0]} = {s.parameter[1]}"
    if s.options:
        sub += ", " + ", ".join(f"{k} {v}" for k, v in s.options.items())
    fig.suptitle(f"{s.title}\n{sub}", fontsize=11)
    fig.subplots_adjust(left=0.06, right=0.98, bottom=0.05 if lead else 0.02, top=0.91 if lead else 0.89,
                        hspace=0.28 if lead else 0.18, wspace=0.12)
    return fig


def _lead_plot(ax: Axes, s: Summary, lead: dict[str, list[float]]) -> None:
    """Who leads over the game: per side, the share of games it led at each turn's end; the designer's
    metrics in the title."""
    from matplotlib.ticker import PercentFormatter

    assert s.metrics is not None
    m = s.metrics
    for k, r in enumerate(s.sides):
        shares = lead.get(r.side, [])
        ax.plot(range(1, len(shares) + 1), shares, marker="o", color=SIDE_COLOURS[k % len(SIDE_COLOURS)],
                label=f"{r.label} leads")
    n = max((len(v) for v in lead.values()), default=0)
    ax.set_xticks(range(1, n + 1), [str(i) for i in range(1, n)] + ["end"])
    ax.set_xlabel("end of turn (the last: the game's result)")
    ax.set_ylim(0, 1.02)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_ylabel("share of games")
    ax.legend(loc="upper left", fontsize=8)
    dec = "-" if m.decisiveness is None else f"{m.decisiveness:.2f}"
    ax.set_title(f"Who leads: balance {m.balance:.2f}, decisiveness {dec}, drawishness {100 * m.drawishness:.0f}%, "
                 f"{m.lead_changes:.2f} lead changes a game, {m.distinct} distinct games of {m.games}", fontsize=10)


def _png(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()


def png_report(s: Summary) -> bytes:
    return _png(_figure(s))


_CSS = ("body{font-family:sans-serif;max-width:1200px;margin:1em auto;color:#222}"
        "table{border-collapse:collapse;margin:.5em 0 1em}td,th{border:1px solid #ccc;padding:3px 8px}"
        "th{background:#f0f0f0}td.n{text-align:right}h2{margin-top:1.2em;font-size:1.15em}"
        "pre{background:#f7f7f7;padding:.6em;overflow-x:auto}img{max-width:100%}"
        "table.side td{border:none;vertical-align:top;padding:0 2em 0 0}")


def _esc(x: Any) -> str:
    return html_escape(str(x), quote=True)


def _table(head: list[str], rows: list[list[Any]]) -> str:
    """An HTML table; numbers (and percentages) right-aligned."""
    out = ["<table><tr>" + "".join(f"<th>{_esc(h)}</th>" for h in head) + "</tr>"]
    for row in rows:
        out.append("<tr>" + "".join(f"<td{' class=n' if _numeric(v) else ''}>{_esc(v)}</td>" for v in row) + "</tr>")
    return "".join(out) + "</table>"


def _numeric(v: Any) -> bool:
    """Counts, rates and intervals; not hex labels, which are text even when they are digits."""
    return isinstance(v, int | float) or (isinstance(v, str) and v.endswith("%"))


def html_report(s: Summary, png: bytes | None = None) -> str:
    """A self-contained page: the study's set-up, tables of results, decided turns, victory conditions
    and the hottest hexes, the plots (`png`, drawn here if not given) and the text report."""
    img = base64.b64encode(png if png is not None else png_report(s)).decode("ascii")
    setup = (f"{s.games} games; bots: " + ", ".join(f"{r.label} {r.bot}" for r in s.sides) + f"; master seed {s.seed}"
             + (f"; what-if {s.parameter[0]} = {s.parameter[1]}" if s.parameter else "")
             + ("; " + ", ".join(f"{k} {v}" for k, v in s.options.items()) if s.options else "")
             + (f"; {s.unfinished} games did not finish" if s.unfinished else ""))
    sides = [[r.label, r.bot, r.wins, r.draws, r.losses, _pct(r.win_rate).strip(),
              f"{_pct(r.win_interval[0]).strip()} to {_pct(r.win_interval[1]).strip()}", round(r.mean_units_lost, 2),
              "-" if r.mean_vp is None else round(r.mean_vp, 1)] for r in s.sides]
    turns = [[s.turn_name(t), n, _pct(n / s.games).strip() if s.games else "-"]
             for t, n in sorted(s.decided_turns.items())]
    hits = [[n, text] for text, n in sorted(s.victory_hits.items(), key=lambda kv: -kv[1])]
    lost, fought = dict(s.hottest_places(s.lost_places, 10)), dict(s.hottest_places(s.combat_places, 10))
    place = "area" if s.place_word == "areas" else "hex"
    return (f"<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>Balance: {_esc(s.title)}</title>"
            f"<style>{_CSS}</style></head>\n<body><h1>Balance study: {_esc(s.title)}</h1>\n"
            f"<p>{_esc(setup)}. Scenario file: <code>{_esc(s.scenario)}</code>.</p>\n"
            "<h2>Wins, draws and losses per side (95% Wilson intervals)</h2>\n"
            + _table(["side", "bot", "wins", "draws", "losses", "win rate", "95% interval", "units lost per game",
                      "mean VP"], sides)
            + "\n<h2>Plots</h2>\n"
            f"<img alt='win rates, decided turns and heat maps' src='data:image/png;base64,{img}'>\n"
            + "\n<h2>Turn on which the game was decided</h2>\n" + _table(["game turn", "games", "share"], turns)
            + "\n<h2>Victory conditions that held</h2>\n" + _table(["games", "condition"], hits)
            + f"\n<h2>{s.place_word.capitalize()} where most units were lost and most combats happened</h2>\n"
            "<table class=side><tr><td>" + _table([place, "units lost"], [[k, v] for k, v in lost.items()])
            + "</td><td>" + _table([place, "combats"], [[k, v] for k, v in fought.items()]) + "</td></tr></table>"
            f"\n<h2>As text</h2>\n<pre>{_esc(text_report(s))}</pre>\n</body></html>\n")


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


def sweep_json(path: str, values: list[Any], summaries: list[Summary]) -> str:
    """The table (one row per value) and every value's whole study."""
    return json.dumps({"parameter": path, "rows": sweep_rows(path, values, summaries),
                       "studies": [s.to_dict() for s in summaries]}, indent=1)


def sweep_text(path: str, values: list[Any], summaries: list[Summary]) -> str:
    sides = [r.label for r in summaries[0].sides] if summaries else []
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
    for k, side in enumerate(r.label for r in summaries[0].sides):
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
        atomic_write_text(p, sweep_json(path, values, summaries))
    else:
        raise ValueError(f"{out}: a report is written as .html, .png or .json")
