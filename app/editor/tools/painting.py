"""Per-hex painting tools: terrain brush, flood fill, overlay (feature) brush, eraser, eyedropper and
elevation. A press-drag-release is one stroke: every stamp of it merges into one undo step."""

from __future__ import annotations

from collections import deque

from hexwright.engine.hexgrid import Hex, hex_line, hexes_within
from PySide6.QtCore import Qt

from ..commands import EraseHexes, PaintTerrain, SetElevation, SetFeatures, new_stroke
from .base import Tool, ToolEvent


class StrokeTool(Tool):
    """A tool that stamps its brush on every hex the cursor crosses while a button is held."""

    uses_radius = True

    def __init__(self, editor) -> None:
        super().__init__(editor)
        self.stroke: int | None = None
        self.last_hex: Hex | None = None
        self.erasing = False

    def footprint(self, centre: Hex) -> list[Hex]:
        r = self.editor.brush.radius if self.uses_radius else 0
        contains = self.map.contains
        return [h for h in hexes_within(centre, r) if contains(h)]

    def status_text(self) -> str:
        if self.uses_radius:
            return f"{self.title}: radius {self.editor.brush.radius} ([ and ] change it)"
        return self.title

    def mouse_press(self, ev: ToolEvent) -> None:
        if ev.button not in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            return
        if ev.alt and self.alt_picks():
            EyedropperTool.pick(self.editor, ev.hex)
            return
        if self.locked():
            return
        self.stroke = new_stroke()
        self.erasing = ev.right or ev.alt
        self.last_hex = ev.hex
        self.stamp_hexes(self.footprint(ev.hex))

    def mouse_move(self, ev: ToolEvent) -> None:
        self.editor.set_preview(self.footprint(ev.hex))
        if self.stroke is None or ev.hex == self.last_hex:
            return
        # fill in hexes skipped by a fast mouse
        line = hex_line(self.last_hex, ev.hex) if self.last_hex is not None else [ev.hex]
        self.last_hex = ev.hex
        hexes: dict[Hex, None] = {}
        for c in line[1:]:
            for h in self.footprint(c):
                hexes[h] = None
        self.stamp_hexes(list(hexes))

    def mouse_release(self, ev: ToolEvent) -> None:
        self.stroke = None
        self.last_hex = None

    def key_press(self, key: int, modifiers) -> bool:
        if not self.uses_radius:
            return False
        b = self.editor.brush
        if key == Qt.Key.Key_BracketLeft:
            b.radius = max(0, b.radius - 1)
        elif key == Qt.Key.Key_BracketRight:
            b.radius = min(b.max_radius, b.radius + 1)
        else:
            return False
        self.statusChanged.emit(self.status_text())
        self.editor.palette_changed()
        return True

    def alt_picks(self) -> bool:
        return False

    def stamp_hexes(self, hexes: list[Hex]) -> None:
        raise NotImplementedError


class TerrainBrushTool(StrokeTool):
    """Paint the chosen terrain with a round brush of radius 0..n (Alt+click picks terrain)."""

    name = "brush"
    title = "Terrain brush"
    shortcut = "B"
    layer = "terrain"

    def alt_picks(self) -> bool:
        return True

    def status_text(self) -> str:
        return f"Terrain brush: {self.editor.brush.terrain}, radius {self.editor.brush.radius} " \
               "([ and ] change it, Alt+click picks terrain)"

    def stamp_hexes(self, hexes: list[Hex]) -> None:
        code = self.editor.brush.terrain
        if code not in self.map.terrain_table.terrain:
            self.editor.show_status(f"Choose a terrain in the palette first ({code!r} is not in the table)")
            return
        terrain = self.map.terrain
        values = {h: code for h in hexes if terrain[h] != code}
        if values:
            self.push(PaintTerrain(self.map, values, self.stroke))


class FloodFillTool(Tool):
    """Fill the connected area of the clicked hex's terrain with the chosen terrain."""

    name = "fill"
    title = "Flood fill"
    shortcut = "F"
    layer = "terrain"

    def status_text(self) -> str:
        return f"Flood fill with {self.editor.brush.terrain} (Alt+click picks terrain)"

    def mouse_press(self, ev: ToolEvent) -> None:
        if ev.button != Qt.MouseButton.LeftButton or not self.map.contains(ev.hex):
            return
        if ev.alt:
            EyedropperTool.pick(self.editor, ev.hex)
            return
        if self.locked():
            return
        code = self.editor.brush.terrain
        if code not in self.map.terrain_table.terrain:
            self.editor.show_status("Choose a terrain in the palette first")
            return
        region = flood_region(self.map, ev.hex)
        values = {h: code for h in region if self.map.terrain[h] != code}
        if values:
            self.push(PaintTerrain(self.map, values))


def flood_region(m, start: Hex) -> list[Hex]:
    """The hexes of start's terrain connected to it."""
    target = m.terrain[start]
    seen = {start}
    queue = deque([start])
    out = []
    while queue:
        h = queue.popleft()
        out.append(h)
        for n in m.neighbors_on_map(h):
            if n not in seen and m.terrain[n] == target:
                seen.add(n)
                queue.append(n)
    return out


class OverlayBrushTool(StrokeTool):
    """Add the chosen in-hex feature (village, city, fortification...); right button or Alt removes it."""

    name = "overlay"
    title = "Overlay brush"
    shortcut = "O"
    layer = "terrain"

    def status_text(self) -> str:
        f = self.editor.brush.feature or "(choose a feature in the palette)"
        return f"Overlay brush: {f}, radius {self.editor.brush.radius} (right button or Alt removes)"

    def stamp_hexes(self, hexes: list[Hex]) -> None:
        code = self.editor.brush.feature
        if code not in self.map.terrain_table.features:
            self.editor.show_status("Choose a feature (village, city, fortification...) in the palette first")
            return
        values = {}
        for h in hexes:
            cur = self.map.features_at(h)
            if self.erasing and code in cur:
                values[h] = tuple(f for f in cur if f != code)
            elif not self.erasing and code not in cur:
                values[h] = cur + (code,)
        if values:
            self.push(SetFeatures(self.map, values, self.stroke))


class EraserTool(StrokeTool):
    """Reset hexes to the default terrain and clear their features."""

    name = "eraser"
    title = "Eraser"
    shortcut = "X"
    layer = "terrain"

    def stamp_hexes(self, hexes: list[Hex]) -> None:
        d = self.map.default_terrain
        hexes = [h for h in hexes if self.map.terrain[h] != d or self.map.features_at(h)]
        if hexes:
            self.push(EraseHexes(self.map, hexes, self.stroke))


class ElevationTool(StrokeTool):
    """Raise hexes one level (left button) or lower them (right button or Alt); each hex once per drag."""

    name = "elevation"
    title = "Elevation"
    shortcut = "H"
    layer = "terrain"
    uses_radius = False

    def __init__(self, editor) -> None:
        super().__init__(editor)
        self.done: set[Hex] = set()

    def status_text(self) -> str:
        return "Elevation: click raises a hex one level, right-click or Alt+click lowers it"

    def mouse_press(self, ev: ToolEvent) -> None:
        self.done = set()
        super().mouse_press(ev)

    def stamp_hexes(self, hexes: list[Hex]) -> None:
        step = -1 if self.erasing else 1
        values = {h: self.map.elevation_at(h) + step for h in hexes if h not in self.done}
        self.done.update(values)
        if values:
            self.push(SetElevation(self.map, values, self.stroke))


class EyedropperTool(Tool):
    """Pick the terrain of the clicked hex as the brush terrain."""

    name = "eyedropper"
    title = "Eyedropper"
    shortcut = "I"

    @staticmethod
    def pick(editor, h: Hex) -> None:
        m = editor.document.map
        if not m.contains(h):
            return
        editor.brush.terrain = m.terrain[h]
        editor.palette_changed()
        editor.show_status(f"Picked {m.terrain[h]} from {m.label(h)}")

    def status_text(self) -> str:
        return "Eyedropper: click a hex to pick its terrain"

    def mouse_press(self, ev: ToolEvent) -> None:
        if ev.button == Qt.MouseButton.LeftButton:
            self.pick(self.editor, ev.hex)
