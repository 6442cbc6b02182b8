"""Autosave of an area-map document, with the hex editor's autosaver (app/editor/autosave.py): the same
side file beside the file (`NAME.autosave`, or a fallback in the application data folder), written
atomically every three minutes while there are unsaved edits, removed after a save, on a clean close
and when the edits are undone back to the saved state. An area map is written as an area-map file, a
scenario on one with its area map inline, so the side file is complete on its own.

Only documents with a file name are autosaved: the editor's start-up offer of untitled documents reads
hex maps and scenarios, not area-map files."""

from __future__ import annotations

import os
import time
from pathlib import Path

from hexwright.app.editor.autosave import Autosaver
from hexwright.engine.formats import dump_scenario
from hexwright.engine.formats.areamapfile import dump_area_map

INTERVAL_MS = 180000


class AreaAutosaver(Autosaver):
    def text(self) -> str:
        doc = self.document
        when = time.strftime("%Y-%m-%d %H:%M:%S")
        head = f"# Hexwright autosave of {doc.path}, {when}, process {os.getpid()}\n"
        if doc.scenario is not None:
            return head + dump_scenario(doc.scenario, inline_map=True)
        return head + dump_area_map(doc.area_map)

    def autosave_now(self, force: bool = False) -> Path | None:
        if self.document.path is None:
            return None
        return super().autosave_now(force)
