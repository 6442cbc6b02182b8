"""Select/inspect, the region tool (paint hexes into a named region) and the label/place tool."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from hexwright.engine.hexgrid import Hex
from hexwright.engine.model.hexmap import Place, Region
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog, QWidget

from ..commands import ChangeRegion, EditPlaces, EditRegion
from .base import Tool, ToolEvent
from .painting import StrokeTool

NEAR_EDGE = 0.35


class SelectTool(Tool):
    """Click a hex (or near an edge, a hexside) to show its properties; drag to select the hexes of a
    rectangle (for cut, copy and stamps, as Tiled's rectangular select); Shift+click or Shift+drag
    adds to the selection, Ctrl+click takes a hex out."""

    name = "select"
    title = "Select"
    shortcut = "S"
    cursor_shape = Qt.CursorShape.ArrowCursor

    def __init__(self, editor) -> None:
        super().__init__(editor)
        self.anchor: Hex | None = None
        self.base: list[Hex] = []

    def status_text(self) -> str:
        return ("Select: click a hex or near an edge to inspect it; drag to select hexes (Shift adds, "
                "Ctrl removes), then Ctrl+C, Ctrl+X or Make Stamp")

    def mouse_press(self, ev: ToolEvent) -> None:
        if ev.button != Qt.MouseButton.LeftButton:
            return
        m = self.map
        shift = bool(ev.modifiers & Qt.KeyboardModifier.ShiftModifier)
        ctrl = bool(ev.modifiers & Qt.KeyboardModifier.ControlModifier)
        current = list(getattr(self.editor, "selected_hexes", []))
        if ctrl and m.contains(ev.hex):
            self.editor.select_hexes([h for h in current if h != ev.hex])
            return
        side, dist = self.editor.canvas.geometry.nearest_side(ev.scene_pos)
        if not shift and dist < NEAR_EDGE and (m.contains(side.hex) or m.contains(side.other)):
            self.editor.select_hexside(side)
            return
        if not m.contains(ev.hex):
            if not shift:
                self.editor.select_hex(None)
            return
        self.anchor = ev.hex
        self.base = current if shift else []
        if shift:
            self.editor.select_hexes(list(dict.fromkeys(self.base + [ev.hex])))
        else:
            self.editor.select_hex(ev.hex)

    def mouse_move(self, ev: ToolEvent) -> None:
        if self.anchor is None or not (ev.buttons & Qt.MouseButton.LeftButton):
            return
        rect = self.rectangle(self.anchor, ev.hex)
        self.editor.select_hexes(list(dict.fromkeys(self.base + rect)))

    def mouse_release(self, ev: ToolEvent) -> None:
        self.anchor = None

    def rectangle(self, a: Hex, b: Hex) -> list[Hex]:
        """The map's hexes in the columns and rows from a to b (printed rectangle, offset coordinates)."""
        off = self.map.grid.offset
        (c1, r1), (c2, r2) = off.from_hex(a), off.from_hex(b)
        g = self.map.grid
        cols = range(max(0, min(c1, c2)), min(g.columns - 1, max(c1, c2)) + 1)
        rows = range(max(0, min(r1, r2)), min(g.rows - 1, max(r1, r2)) + 1)
        return [off.to_hex(c, r) for c in cols for r in rows]


class RegionTool(StrokeTool):
    """Paint hexes into the chosen named region (set-up zone, drop zone, "area P"); right button or
    Alt takes them out. With no region yet, the first click asks for a name and creates one."""

    name = "region"
    title = "Region tool"
    shortcut = "G"
    layer = "regions"

    # asks for a new region's name; replaced in tests
    ask_name: Callable[[QWidget | None, str], str | None] = staticmethod(
        lambda parent, suggestion: _ask_text(parent, "New region", "Name of the region:", suggestion))

    def status_text(self) -> str:
        r = self.editor.brush.region or "(a new region)"
        return f"Region tool: {r}, radius {self.editor.brush.radius}; right button or Alt removes hexes"

    def mouse_press(self, ev: ToolEvent) -> None:
        if ev.button in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton) and not self.locked():
            if self.editor.brush.region not in self.map.regions and not self.create_region():
                return
        super().mouse_press(ev)

    def create_region(self) -> bool:
        n = len(self.map.regions) + 1
        name = self.ask_name(getattr(self.editor, "window_widget", None), f"zone {n}")
        if not name:
            return False
        if name not in self.map.regions:
            self.push(ChangeRegion(self.map, Region(name, "setup_zone", color=_region_color(n))))
        self.editor.brush.region = name
        self.editor.palette_changed()
        return True

    def stamp_hexes(self, hexes: list[Hex]) -> None:
        name = self.editor.brush.region
        region = self.map.regions.get(name)
        if region is None:
            return
        if self.erasing:
            cmd = EditRegion(self.map, name, remove=[h for h in hexes if h in region.hexes], stroke=self.stroke)
        else:
            cmd = EditRegion(self.map, name, add=[h for h in hexes if h not in region.hexes], stroke=self.stroke)
        if cmd.added or cmd.removed:
            self.push(cmd)


def _region_color(n: int) -> str:
    return ("#d04040", "#3050d0", "#30a050", "#c07020", "#9040b0", "#20a0a0")[n % 6]


def _ask_text(parent, title: str, label: str, text: str) -> str | None:
    value, ok = QInputDialog.getText(parent, title, label, text=text)
    return value.strip() if ok else None


class LabelTool(Tool):
    """Click a hex to add a named place there, or to edit (an empty text removes) the one it has."""

    name = "label"
    title = "Label tool"
    shortcut = "T"
    layer = "labels"
    cursor_shape = Qt.CursorShape.IBeamCursor

    ask_text: Callable[[QWidget | None, str], str | None] = staticmethod(
        lambda parent, current: _ask_text(parent, "Place name", "Name shown on the map (empty removes it):", current))

    def status_text(self) -> str:
        return "Label tool: click a hex to name a place (town, river, area) there"

    def mouse_press(self, ev: ToolEvent) -> None:
        if ev.button != Qt.MouseButton.LeftButton or not self.map.contains(ev.hex) or self.locked():
            return
        places = list(self.map.places)
        index = next((i for i, p in enumerate(places) if p.hex == ev.hex), None)
        current = places[index].text if index is not None else ""
        text = self.ask_text(getattr(self.editor, "window_widget", None), current)
        if text is None or text == current:
            return
        label = self.map.label(ev.hex)
        if index is None:
            if not text:
                return
            places.append(Place(text, ev.hex, "town" if self.map.features_at(ev.hex) else "label"))
            what = f"Add place {text} at {label}"
        elif not text:
            del places[index]
            what = f"Remove place {current} at {label}"
        else:
            places[index] = replace(places[index], text=text)
            what = f"Rename place {current} to {text}"
        self.push(EditPlaces(self.map, places, what))
