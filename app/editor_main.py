"""Opening the editor window (the map editor is built in app/editor/)."""

from __future__ import annotations


def run_editor(path: str | None) -> int:
    from .editor.application import main

    return main(path)
