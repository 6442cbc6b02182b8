"""The guides shipped with the application (the project's `docs/` folder): found and titled without
Qt, so that the Help menu can list them as the window is built (app/editor/help.py shows them)."""

from __future__ import annotations

from pathlib import Path

# the guides in the order a new user reads them (others in the folder follow, by name)
GUIDES = ("editor.md", "playtest.md", "bots.md", "rules-engine.md", "reliability.md", "benchmarks.md")


def docs_dir() -> Path:
    """The shipped docs: `<package>/docs` installed, `<checkout>/docs` in a source tree."""
    return Path(__file__).resolve().parent.parent.parent / "docs"


def guides() -> list[tuple[str, Path]]:
    """(title, path) of every guide shipped, the title being its first heading."""
    d = docs_dir()
    if not d.is_dir():
        return []
    files = sorted(d.glob("*.md"), key=lambda p: (GUIDES.index(p.name) if p.name in GUIDES else len(GUIDES), p.name))
    out = []
    for p in files:
        title = p.stem.replace("-", " ").capitalize()
        try:
            for line in p.read_text(encoding="utf-8").splitlines():
                if line.startswith("# "):
                    title = line[2:].strip()
                    break
        except OSError:
            continue
        out.append((title, p))
    return out
