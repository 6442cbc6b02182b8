"""The line-of-sight tool: drag from a hex to a hex to see whether a unit there sees the other (ASL
Arnhem Bridge 1.1, 1.12, 1.3, 1.31). The line is drawn centre to centre, the hexes and hexsides that
block it in red and those that hinder it in yellow, and the answer, naming the rule, goes to the
status bar. Shift at the press views from the hex's highest location (the bridge at Level 1, a
building's upper level); Shift at the release looks at the target's highest location. Esc clears."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hexwright.engine.hexgrid import Hex
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from .base import Tool, ToolEvent

if TYPE_CHECKING:  # the LOS engine (shapely's index) loads when the tool is first used, not at start
    from hexwright.engine.rules.asl import LosAnswer
    from hexwright.engine.rules.asl.locations import LocationRef

BLOCK = QColor(230, 0, 200)  # magenta: not to be confused with the map's red roads
HINDER = QColor(255, 190, 0)
CLEAR = QColor(0, 110, 255)


class LosTool(Tool):
    name = "los"
    title = "Line of sight"
    shortcut = "L"
    cursor_shape = Qt.CursorShape.CrossCursor

    def __init__(self, editor) -> None:
        super().__init__(editor)
        self.start: LocationRef | None = None
        self.end: LocationRef | None = None
        self.answer: LosAnswer | None = None
        self.dragging = False
        self.items: dict[str, QGraphicsPathItem] = {}

    def status_text(self) -> str:
        if self.answer is not None:
            return self.answer.text()
        return ("Line of sight: drag from a hex to a hex (Shift at the press: from its highest location; "
                "Shift at the release: to the target's highest location); Esc clears")

    # -- locations ----------------------------------------------------------------------------------
    def location(self, h: Hex, upper: bool) -> LocationRef:
        from hexwright.engine.rules.asl import locations_of

        locs = locations_of(self.map, h)
        return (locs[-1] if upper else locs[0]).ref

    # -- mouse --------------------------------------------------------------------------------------
    def mouse_press(self, ev: ToolEvent) -> None:
        if ev.button != Qt.MouseButton.LeftButton or not self.map.contains(ev.hex):
            return
        self.dragging = True
        self.start = self.location(ev.hex, bool(ev.modifiers & Qt.KeyboardModifier.ShiftModifier))
        self.end = None
        self.update_answer(ev)

    def mouse_move(self, ev: ToolEvent) -> None:
        if self.dragging:
            self.update_answer(ev)

    def mouse_release(self, ev: ToolEvent) -> None:
        if self.dragging:
            self.update_answer(ev)
        self.dragging = False

    def key_press(self, key: int, modifiers) -> bool:
        if key == Qt.Key.Key_Escape:
            self.clear()
            return True
        return False

    def deactivate(self) -> None:
        super().deactivate()
        self.clear()

    # -- the answer ---------------------------------------------------------------------------------
    def update_answer(self, ev: ToolEvent) -> None:
        if self.start is None or not self.map.contains(ev.hex):
            return
        end = self.location(ev.hex, bool(ev.modifiers & Qt.KeyboardModifier.ShiftModifier))
        if end == self.end and self.answer is not None:
            return
        self.end = end
        from hexwright.engine.rules.asl import line_of_sight

        self.show(line_of_sight(self.map, self.start, end))

    def show(self, answer: LosAnswer) -> None:
        """Draw an answer and put it in the status bar."""
        self.answer = answer
        m = self.map
        geo = self.editor.canvas.geometry
        paths = {k: QPainterPath() for k in ("line", "block_hex", "hinder_hex", "block_side", "hinder_side")}
        (x1, y1), (x2, y2) = answer.line
        paths["line"].moveTo(QPointF(x1, y1))
        paths["line"].lineTo(QPointF(x2, y2))
        dot = 0.12 * geo.size
        for x, y in answer.line:
            paths["line"].addEllipse(QPointF(x, y), dot, dot)
        for kind, hits in (("block", answer.blocked_by), ("hinder", answer.hindrances)):
            for hit in hits:
                if hit.hex is not None and (h := m.hex_at(hit.hex)) is not None:
                    paths[f"{kind}_hex"].addPolygon(geo.polygon(h))
                    paths[f"{kind}_hex"].closeSubpath()
                if hit.hexside is not None and (side := m.hexside_at(hit.hexside)) is not None:
                    line = geo.side_line(side)
                    paths[f"{kind}_side"].moveTo(line.p1())
                    paths[f"{kind}_side"].lineTo(line.p2())
        if answer.blocked_by and all(h.hex is None and h.hexside is None for h in answer.blocked_by):
            ends = {p.hex for p in (self.start, self.end) if p is not None and p.hex is not None}
            for h in ends:
                paths["block_hex"].addPolygon(geo.polygon(h))  # 1.1: the bridge itself is the reason
                paths["block_hex"].closeSubpath()
        for key, path in paths.items():
            self._item(key).setPath(path)
        self.statusChanged.emit(answer.text())
        self.editor.show_status(answer.text())

    def clear(self) -> None:
        self.start = self.end = self.answer = None
        for item in self.items.values():
            if item.scene() is not None:
                item.scene().removeItem(item)
        self.items.clear()
        self.statusChanged.emit(self.status_text())

    def _item(self, key: str) -> QGraphicsPathItem:
        item = self.items.get(key)
        if item is None:
            item = self.items[key] = QGraphicsPathItem()
            colour = {"line": CLEAR, "block_hex": BLOCK, "hinder_hex": HINDER, "block_side": BLOCK,
                      "hinder_side": HINDER}[key]
            if key.endswith("_hex"):
                fill = QColor(colour)
                fill.setAlpha(90)
                item.setBrush(fill)
                pen = QPen(colour, 2)
            else:
                pen = QPen(colour, 6 if key.endswith("_side") else 3)
            pen.setCosmetic(True)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            item.setPen(pen)
            item.setZValue({"line": 62, "block_side": 61, "hinder_side": 61}.get(key, 60))
            self.editor.canvas.scene.addItem(item)
        if key == "line" and self.answer is not None:
            pen = item.pen()
            pen.setColor(CLEAR if self.answer.clear else BLOCK)
            item.setPen(pen)
        return item
