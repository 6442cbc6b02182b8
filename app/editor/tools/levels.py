"""The location tool: paint the extra locations of hexes, the other levels a hex holds (ASL Arnhem
Bridge 1.1: each bridge hex R15-R23 has a Level 1 location on the bridge above the Level 0 one
beneath it; a building's upper level), and their stairwells (1.4: R20's pedestrian access).

Click (or drag) adds a location at the chosen level with the palette's terrain, or repaints the one
there; right button or Alt removes it; Shift+click sets or clears a stairwell in it. `[` and `]`
choose the level. A drag is one undo step."""

from __future__ import annotations

from hexwright.engine.hexgrid import Hex
from hexwright.engine.model.bounds import MAX_LEVEL
from hexwright.engine.model.hexmap import Location
from PySide6.QtCore import Qt

from ..commands import SetLocations
from .base import ToolEvent
from .painting import StrokeTool

STAIRWELL = "stairwell"


class LocationTool(StrokeTool):
    name = "location"
    title = "Location tool"
    shortcut = "K"
    layer = "terrain"
    uses_radius = False

    def __init__(self, editor) -> None:
        super().__init__(editor)
        self.stairwell = False
        self.done: set[Hex] = set()

    def status_text(self) -> str:
        b = self.editor.brush
        return (f"Location tool: Level {b.location_level} location of {b.terrain} ([ and ] change the level); "
                f"click adds or repaints it, right button or Alt removes it, Shift+click toggles a stairwell")

    def key_press(self, key: int, modifiers) -> bool:
        b = self.editor.brush
        if key == Qt.Key.Key_BracketRight:
            b.location_level = min(MAX_LEVEL, b.location_level + 1)
        elif key == Qt.Key.Key_BracketLeft:
            b.location_level = max(-MAX_LEVEL, b.location_level - 1)
        else:
            return False
        self.statusChanged.emit(self.status_text())
        return True

    def mouse_press(self, ev: ToolEvent) -> None:
        self.stairwell = bool(ev.modifiers & Qt.KeyboardModifier.ShiftModifier)
        self.done = set()
        super().mouse_press(ev)

    def stamp_hexes(self, hexes: list[Hex]) -> None:
        m = self.map
        level = self.editor.brush.location_level
        code = self.editor.brush.terrain
        if not self.erasing and not self.stairwell and code not in m.terrain_table.terrain:
            self.editor.show_status(f"Choose a terrain in the palette first ({code!r} is not in the table)")
            return
        if self.stairwell and STAIRWELL not in m.terrain_table.features:
            self.editor.show_status("The terrain table has no 'stairwell' feature to put in a location")
            return
        values: dict[Hex, tuple[Location, ...]] = {}
        for h in hexes:
            if h in self.done or not m.contains(h):
                continue
            self.done.add(h)
            if level == m.elevation_at(h):
                self.editor.show_status(f"Level {level} is the ground level of {m.label(h)}: paint it with the "
                                        f"terrain brush, or choose another level with [ and ]")
                continue
            current = m.locations.get(h, ())
            here = next((x for x in current if x.level == level), None)
            others = tuple(x for x in current if x.level != level)
            if self.erasing:
                if here is not None:
                    values[h] = others
                continue
            if self.stairwell:
                if here is None:
                    self.editor.show_status(f"{m.label(h)} has no location at Level {level} to put a stairwell in")
                    continue
                feats = tuple(f for f in here.features if f != STAIRWELL) if STAIRWELL in here.features \
                    else here.features + (STAIRWELL,)
                new = Location(level, here.terrain, feats)
            else:
                if here is not None and here.terrain == code:
                    continue
                new = Location(level, code, here.features if here is not None else ())
            values[h] = tuple(sorted(others + (new,), key=lambda x: x.level))
        if values:
            self.push(SetLocations(m, values, self.stroke))
