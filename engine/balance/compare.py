"""The same study with two (or more) sets of bots, and whether the balance verdict depends on them.

A scenario's balance is measured through its bots: weak bots can make a scenario look lost for a side
that a stronger player wins (Target Arnhem's Allies: none of 100 games between heuristics). So the lab
plays the study again with another pair of bots (the search bot in one seat or both), with the very same
game seeds, and says plainly, per side, whether the win rates differ beyond their 95% intervals: "Allied
0.0% with heuristic bots, 40.0% with mcts (Allied) and heuristic (German): the verdict depends on the
bots". A side whose intervals overlap is given as the same verdict with either pair, at this many games.
"""

from __future__ import annotations

from typing import Any

from .runner import Cancel, Interrupted, Progress, make_tasks, run_tasks_at
from .stats import overlaps
from .summary import Summary, summarize


def run_comparison(scenario: str, games: int, pairs: list[list[str]], seed: int = 0, workers: int = 1,
                   scheduler: str | None = None, options: dict[str, Any] | None = None,
                   progress: Progress | None = None, cancel: Cancel | None = None,
                   start_method: str | None = None) -> list[Summary]:
    """One study per pair of bots (one name per side, or one name for every side), the same seeds; all the
    games run as one batch (one pool). When cancelled, the pairs whose games all finished are summarised
    (and when interrupted by Ctrl-C, raised as `Interrupted`'s `result`)."""
    from . import _check_bots, scenario_for

    sc = scenario_for(scenario)
    checked = [_check_bots(sc, list(p)) for p in pairs]
    tasks = [t for b in checked for t in make_tasks(scenario, b, games, seed, options)]
    try:
        found = dict(run_tasks_at(tasks, workers, scheduler, progress, cancel, start_method))
    except Interrupted as stop:
        stop.result = _summaries(scenario, games, seed, options, checked, dict(stop.found))
        raise
    return _summaries(scenario, games, seed, options, checked, found)


def _summaries(scenario: str, games: int, seed: int, options: dict[str, Any] | None, checked: list[list[str]],
               found: dict[int, Any]) -> list[Summary]:
    from . import scenario_for

    sc = scenario_for(scenario)
    out = []
    for k, bots in enumerate(checked):
        mine = [found.get(pos) for pos in range(k * games, (k + 1) * games)]
        if any(r is None for r in mine):
            break
        out.append(summarize(sc, scenario, [r for r in mine if r is not None], bots, seed, None, options))
    return out


def bots_text(s: Summary) -> str:
    """A study's bots in words: "heuristic bots", or "mcts (Allied) and heuristic (German)"."""
    names = [r.bot for r in s.sides]
    if len(set(names)) == 1:
        return f"{names[0]} bots"
    return " and ".join(f"{r.bot} ({r.label})" for r in s.sides)


def depends(a: Summary, b: Summary) -> list[str]:
    """The sides (ids) whose win rates in `a` and `b` differ beyond their 95% intervals."""
    return [ra.side for ra, rb in zip(a.sides, b.sides, strict=True) if not overlaps(ra.win_interval, rb.win_interval)]


def verdict(summaries: list[Summary]) -> list[str]:
    """Plain sentences: for each study after the first, per side, whether its win rate differs from the
    first study's beyond the 95% intervals, and so whether the balance verdict depends on the bots."""
    if len(summaries) < 2:
        return []
    first = summaries[0]
    lines = []
    for other in summaries[1:]:
        moved = depends(first, other)
        rates = "; ".join(f"{ra.label} {100 * ra.win_rate:.1f}% ({100 * ra.win_interval[0]:.1f}% to "
                          f"{100 * ra.win_interval[1]:.1f}%) with {bots_text(first)}, {100 * rb.win_rate:.1f}% "
                          f"({100 * rb.win_interval[0]:.1f}% to {100 * rb.win_interval[1]:.1f}%) with "
                          f"{bots_text(other)}" for ra, rb in zip(first.sides, other.sides, strict=True))
        if moved:
            names = ", ".join(first.side(s).label for s in moved)
            lines.append(f"{rates}: the verdict depends on the bots ({names}: the 95% intervals are apart, "
                         f"{first.games} and {other.games} games).")
        else:
            lines.append(f"{rates}: the same verdict with either pair of bots at {min(first.games, other.games)} "
                         "games (the 95% intervals overlap).")
    return lines


__all__ = ["bots_text", "depends", "run_comparison", "verdict"]


def comparison_json(summaries: list[Summary]) -> str:
    import json

    return json.dumps({"compared": [s.to_dict() for s in summaries], "verdict": verdict(summaries)}, indent=1)


def comparison_text(summaries: list[Summary]) -> str:
    from .report import text_report

    parts = [text_report(s) for s in summaries]
    return "\n\n".join(parts) + "\n\nverdict:\n" + "\n".join(f"  {line}" for line in verdict(summaries))


def write_comparison_report(summaries: list[Summary], path: str) -> None:
    """The comparison as .html (the verdict, a table of win rates per pair of bots, each study's plots and
    text), .png (the first study's plots) or .json, written atomically."""
    import base64
    from html import escape

    from ..formats.atomic import atomic_write_text
    from .report import atomic_write_bytes, png_report, text_report

    suffix = path.lower().rsplit(".", 1)[-1]
    if suffix == "json":
        atomic_write_text(path, comparison_json(summaries))
        return
    if suffix == "png":
        atomic_write_bytes(path, png_report(summaries[0]))
        return
    if suffix not in ("html", "htm"):
        raise ValueError(f"{path}: a report is written as .html, .png or .json")
    head = "".join(f"<th>{escape(r.label)} wins</th>" for r in summaries[0].sides)
    rows = "".join(
        f"<tr><td>{escape(bots_text(s))}</td><td>{s.games}</td>" + "".join(
            f"<td>{100 * r.win_rate:.1f}% ({100 * r.win_interval[0]:.1f}% to {100 * r.win_interval[1]:.1f}%)</td>"
            for r in s.sides) + "</tr>" for s in summaries)
    studies = "".join(
        f"<h2>{escape(bots_text(s))}</h2><img alt='plots' style='max-width:100%' "
        f"src='data:image/png;base64,{base64.b64encode(png_report(s)).decode('ascii')}'>"
        f"<pre>{escape(text_report(s))}</pre>" for s in summaries)
    title = escape(summaries[0].title)
    atomic_write_text(path, f"<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>Bots compared: {title}</title>"
                            "</head><body style='font-family:sans-serif;max-width:1200px;margin:1em auto'>"
                            f"<h1>Balance with different bots: {title}</h1>"
                            + "".join(f"<p><b>{escape(line)}</b></p>" for line in verdict(summaries))
                            + f"<table border=1 cellpadding=4><tr><th>bots</th><th>games</th>{head}</tr>{rows}</table>"
                            + studies + "</body></html>\n")


__all__ += ["comparison_json", "comparison_text", "write_comparison_report"]
