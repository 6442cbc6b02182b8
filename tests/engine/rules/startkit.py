"""Helpers of the start-anywhere tests: a shipped scenario with a `start:` section of the test's own,
read as the loader reads a file (diagnostics at their lines)."""

from __future__ import annotations

from pathlib import Path

from hexwright.engine.formats.scenariofile import LoadResult, load_document
from hexwright.engine.validation import validate_scenario

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"


def with_start(relative: str, start: str) -> tuple[LoadResult, list[str]]:
    """The scenario `relative` (under scenarios/) with `start` (the section's text, from `start:`) added
    at its end; the load result and every diagnostic as "line: message" (loader's and validation's)."""
    path = SCENARIOS / relative
    text = path.read_text(encoding="utf-8")
    first = len(text.splitlines()) + 1
    res = load_document(text + start, str(path), path.parent)
    found = list(res.diagnostics)
    if res.scenario is not None:
        found += validate_scenario(res.scenario, res.source_map)
    lines = [f"{d.line - first + 1}: {d.message}" for d in found if d.line >= first]
    return res, lines
