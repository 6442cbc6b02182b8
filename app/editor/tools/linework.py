"""Tools that edit hexsides: the hexside tool (river, canal, stream, slope, cliff, rowhouse, bridge,
ferry) and the path tool (road, trail, railroad links between consecutive hexes)."""

from __future__ import annotations

from hexwright.engine.hexgrid import Hex, Hexside, hex_distance, hex_line
from hexwright.engine.model.bounds import MAX_LEVEL
from PySide6.QtCore import Qt

from ..commands import LinkPath, SetHexside, UnlinkPath, new_stroke, toggled_hexside
from .base import Tool, ToolEvent

NEAR_EDGE = 0.62  # a click within this many hex sizes of a side's midpoint picks that side


class HexsideTool(Tool):
    """Click near an edge to toggle the chosen hexside feature or bridge; drag along edges to set or
    clear several in one step (the first edge decides which)."""

    name = "hexside"
    title = "Hexside tool"
    shortcut = "E"
    layer = "hexsides"

    def __init__(self, editor) -> None:
        super().__init__(editor)
        self.stroke: int | None = None
        self.present = True
        self.done: set[Hexside] = set()

    def status_text(self) -> str:
        b = self.editor.brush
        what = b.hexside_code or "(choose a hexside feature or bridge in the palette)"
        level = b.hexside_level
        at = "ground level" if level is None else f"Level {level}"
        return (f"Hexside tool: {what} at {at} ([ and ] change the level); click near an edge to set or "
                f"clear it, drag along edges")

    def key_press(self, key: int, modifiers) -> bool:
        """[ and ] choose the level a feature is put at: ground (the hexes' own level), 0, 1, 2 ..."""
        b = self.editor.brush
        if key == Qt.Key.Key_BracketRight:
            b.hexside_level = 0 if b.hexside_level is None else min(MAX_LEVEL, b.hexside_level + 1)
        elif key == Qt.Key.Key_BracketLeft:
            b.hexside_level = None if b.hexside_level in (None, 0) else b.hexside_level - 1
        else:
            return False
        self.statusChanged.emit(self.status_text())
        return True

    def side_at(self, ev: ToolEvent) -> Hexside | None:
        side, dist = self.editor.canvas.geometry.nearest_side(ev.scene_pos)
        if dist > NEAR_EDGE:
            return None
        m = self.map
        if not (m.contains(side.hex) or m.contains(side.other)):
            return None
        return side

    def _valid_choice(self) -> bool:
        b = self.editor.brush
        table = self.map.terrain_table
        group = table.bridges if b.hexside_kind == "bridge" else table.hexside_features
        if b.hexside_code not in group:
            self.editor.show_status("Choose a hexside feature or bridge in the palette first")
            return False
        return True

    def _has(self, side: Hexside) -> bool:
        b = self.editor.brush
        info = self.map.hexside(side)
        if info is None:
            return False
        return info.bridge == b.hexside_code if b.hexside_kind == "bridge" else b.hexside_code in info.features

    def mouse_press(self, ev: ToolEvent) -> None:
        if ev.button not in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            return
        if self.locked() or not self._valid_choice():
            return
        side = self.side_at(ev)
        if side is None:
            self.editor.show_status("Click nearer an edge")
            return
        self.stroke = new_stroke()
        self.present = False if ev.right else not self._has(side)
        self.done = set()
        self._apply(side)

    def mouse_move(self, ev: ToolEvent) -> None:
        side = self.side_at(ev)
        self.editor.view.show_side_preview(side)
        if self.stroke is None or side is None or side in self.done:
            return
        self._apply(side)

    def mouse_release(self, ev: ToolEvent) -> None:
        self.stroke = None

    def deactivate(self) -> None:
        super().deactivate()
        self.editor.view.show_side_preview(None)

    def leave(self) -> None:
        super().leave()
        self.editor.view.show_side_preview(None)

    def _apply(self, side: Hexside) -> None:
        self.done.add(side)
        if self._has(side) == self.present:
            return
        b = self.editor.brush
        info = toggled_hexside(self.map.hexside(side), b.hexside_kind, b.hexside_code, self.present,
                               b.hexside_level)
        self.push(SetHexside(self.map, {side: info}, self.stroke))


class PathTool(Tool):
    """Drag across hexes to lay the chosen road, trail or railroad between consecutive hexes; Alt or the
    right button erases links instead."""

    name = "path"
    title = "Path tool"
    shortcut = "R"
    layer = "paths"

    def __init__(self, editor) -> None:
        super().__init__(editor)
        self.stroke: int | None = None
        self.last: Hex | None = None
        self.erase = False

    def status_text(self) -> str:
        p = self.editor.brush.path or "(choose a road, trail or railroad in the palette)"
        return f"Path tool: {p}; drag across hexes to link them, Alt or right button erases"

    def mouse_press(self, ev: ToolEvent) -> None:
        if ev.button not in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            return
        if self.locked():
            return
        if self.editor.brush.path not in self.map.terrain_table.paths:
            self.editor.show_status("Choose a road, trail or railroad in the palette first")
            return
        if not self.map.contains(ev.hex):
            return
        self.stroke = new_stroke()
        self.erase = ev.right or ev.alt
        self.last = ev.hex

    def mouse_move(self, ev: ToolEvent) -> None:
        if self.stroke is None or self.last is None or ev.hex == self.last:
            return
        if not self.map.contains(ev.hex):
            return
        steps = hex_line(self.last, ev.hex)
        links = [(a, b) for a, b in zip(steps, steps[1:], strict=False)
                 if hex_distance(a, b) == 1 and self.map.contains(a) and self.map.contains(b)]
        self.last = ev.hex
        path = self.editor.brush.path
        links = [(a, b) for a, b in links if self._needs(a, b, path)]
        if links:
            cls = UnlinkPath if self.erase else LinkPath
            self.push(cls(self.map, path, links, self.stroke))

    def _needs(self, a: Hex, b: Hex, path: str) -> bool:
        info = self.map.hexside_between(a, b)
        has = info is not None and path in info.paths
        return has if self.erase else not has

    def mouse_release(self, ev: ToolEvent) -> None:
        self.stroke = None
        self.last = None
