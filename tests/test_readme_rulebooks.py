"""What a reader reads names a rulebook by its title or system, never by the rule source's file name
(issue 33: the README's "Shipped scenarios" named `000_...txt`). The README, a user's first page, is
held to it: no rule source's file name appears in it (the developer documents under docs/ cite the
sources by file name, as docstrings do)."""

from __future__ import annotations

import re
from pathlib import Path

from hexwright.engine.rules.registry import RULES_FAMILIES

ROOT = Path(__file__).resolve().parents[1]


def test_readme_names_rulebooks_by_title() -> None:
    sources = {f.source for f in RULES_FAMILIES.values() if f.source}
    assert sources
    pattern = re.compile(r"\b0\d\d_[0-9a-f]{16}\.txt\b")
    found = []
    for path in [ROOT / "README.md"]:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line) or any(s in line for s in sources):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()[:100]}")
    assert found == []
