"""What every scenario undo command works on: a document with `.scenario` and a `scenario_changed(str)`
signal (app/scenario/document.py), and the two helpers that keep the model's dict order and announce a
change (commands.py, start_commands.py)."""

from __future__ import annotations

from typing import Any, Protocol

from hexwright.engine.model import Scenario


class ScenarioDocumentLike(Protocol):
    scenario: Scenario

    @property
    def scenario_changed(self) -> Any: ...


def insert_at(d: dict, key: str, value: Any, index: int) -> None:
    """Put key at position `index` of the dict, keeping the order of the rest."""
    items = [(k, v) for k, v in d.items() if k != key]
    items.insert(min(index, len(items)), (key, value))
    d.clear()
    d.update(items)


def emit_parts(doc: ScenarioDocumentLike, *parts: str) -> None:
    for part in parts:
        doc.scenario_changed.emit(part)
