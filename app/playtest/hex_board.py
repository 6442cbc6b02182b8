"""The playtest board of a hex map: the map drawn by the map canvas's layer items, the units as their
counters where the presenter says they are (stacks offset, a badge with the count), markers as counters,
tags or hexside crosses, and the overlays of the shared board (boardview.py) outlined hex by hex.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path

from hexwright.app.hexmap.canvas import MapCanvas, brush_outline
from hexwright.app.kindbase.counters import (
    COUNTER_SCALE,
    PIXMAP_PX,
    STACK_STEP,
    CounterItem,
    MarkerItem,
    hexside_cross,
    marker_pixmap,
    stack_badge,
)
from hexwright.app.render.view import ZoomView, cosmetic_pen
from hexwright.engine.hexgrid import Hex
from hexwright.engine.hexgrid.coords import hex_line, hex_neighbors
from hexwright.engine.model import Scenario
from hexwright.engine.rules.presentation import MarkerView, UnitView
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFont, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsSimpleTextItem, QWidget

from .boardview import BoardView, drop_item
from .offboard import OffBoardAreas

SELECTED_Z = 1000


class HexBoardView(BoardView):
    """A playtest board on a hex map; locations are printed hex labels."""

    PIXMAP_PX = PIXMAP_PX

    def __init__(self, scenario: Scenario, base_dir: Path | None = None, parent: QWidget | None = None) -> None:
        view = ZoomView(parent)
        super().__init__(scenario, view, base_dir)
        self.map = scenario.map
        self.canvas = MapCanvas(view.scene(), scenario.map, base_dir)
        self.canvas.set_visible("regions", False)  # set-up zones and areas are the designer's, not the players'
        self.items: dict[str, CounterItem] = {}
        self._badges: dict[str, tuple[int, QGraphicsItem]] = {}  # hex label -> (units, badge)
        self.offboard = OffBoardAreas(self)  # off-board areas drawn outside the map edge they adjoin

    # -- geometry ----------------------------------------------------------------------------------
    def hex_of(self, label: str | None) -> Hex | None:
        return self.map.hex_at(label) if label else None

    def has_location(self, label: str | None) -> bool:
        return self.hex_of(label) is not None

    def label_at(self, scene_pos: QPointF) -> str | None:
        h = self.canvas.geometry.hex_at(scene_pos)
        return self.canvas.label(h) if self.map.contains(h) else None

    def centre(self, label: str) -> QPointF:
        h = self.hex_of(label)
        assert h is not None, label
        return self.canvas.geometry.centre(h)

    def outline(self, labels: Iterable[str]) -> QPainterPath:
        hexes = [h for h in (self.hex_of(lab) for lab in labels) if h is not None]
        return brush_outline(self.canvas.geometry, hexes)

    def line_path(self, start: str, end: str) -> list[str]:
        a, b = self.hex_of(start), self.hex_of(end)
        if a is None or b is None:
            return [start, end]
        return [self.canvas.label(h) for h in hex_line(a, b)]

    def neighbour_path(self, start: str) -> list[str]:
        h = self.hex_of(start)
        if h is None:
            return []
        for n in hex_neighbors(h):
            if self.map.contains(n):
                return [start, self.canvas.label(n)]
        return [start, start]

    def reach_text(self, n: int) -> str:
        return f"{n} hexes within reach; enemy zones of control hatched red"

    def cost_font(self) -> QFont:
        font = QFont()
        font.setBold(True)
        font.setPointSizeF(max(1.0, self.canvas.geometry.size * 0.34))
        return font

    def cost_pos(self, label: str, text_rect: QRectF) -> QPointF:
        return self.centre(label) + QPointF(-text_rect.width() / 2, self.canvas.geometry.size * 0.12)

    def path_sizes(self) -> tuple[float, float, float]:
        s = self.canvas.geometry.size
        return s * 0.55, s * 0.16, s * 0.5

    def detach(self) -> None:
        super().detach()
        self.canvas.detach()

    # -- counters ----------------------------------------------------------------------------------
    def counter_side(self) -> float:
        return self.canvas.geometry.size * COUNTER_SCALE

    def counter_item(self, uid: str) -> CounterItem | None:
        return self.items.get(uid)

    def set_units(self, units: list[UnitView], acting_side: str | None = None) -> None:
        """Draw every unit on the map at its hex (stacks offset, the acting side's units on top). Counters
        that did not change stay as they are, so a move repaints only the two hexes it touches."""
        self.units = {u.id: u for u in units}
        stacks: dict[str, list[str]] = defaultdict(list)
        for u in units:
            if u.hex is not None and self.has_location(u.hex):
                stacks[u.hex].append(u.id)
        for uids in stacks.values():  # the acting side's units on top, so a click picks them
            uids.sort(key=lambda uid: self.units[uid].side == acting_side)
        self.stacks = dict(stacks)
        side = self.counter_side()
        step = side * STACK_STEP
        wanted: set[str] = set()
        for lab, uids in stacks.items():
            c = self.centre(lab)
            n = len(uids)
            for i, uid in enumerate(uids):
                wanted.add(uid)
                uv = self.units[uid]
                item = self.items.get(uid)
                if item is None or self._faces.get(uid) != self.face(uv):
                    if item is not None:
                        drop_item(item)
                    item = CounterItem(uid, self.pixmap(uid), side, self.canvas.counters)
                    self.items[uid] = item
                    self._faces[uid] = self.face(uv)
                depth = n - 1 - i
                pos = c + QPointF(depth * step, depth * step) - QPointF((n - 1) * step / 2, (n - 1) * step / 2)
                if item.pos() != pos:
                    item.setPos(pos)
                z = SELECTED_Z if uid == self.selected else i
                if item.zValue() != z:
                    item.setZValue(z)
                tip = self.tooltip(uv)
                if item.toolTip() != tip:
                    item.setToolTip(tip)
        for uid in [u for u in self.items if u not in wanted]:
            drop_item(self.items.pop(uid))
        counts = {lab: len(uids) for lab, uids in stacks.items() if len(uids) > 1}
        for lab in [lab for lab in self._badges if counts.get(lab) != self._badges[lab][0]]:
            drop_item(self._badges.pop(lab)[1])
        for lab, n in counts.items():
            if lab not in self._badges:
                self._badges[lab] = (n, stack_badge(self.canvas.counters, self.centre(lab), side, n))
        if self.selected in self.items:
            self.items[self.selected].set_selected_mark(True)
        elif self.selected is not None:
            self.selected = None

    def select(self, uid: str | None) -> None:
        old = self.selected
        super().select(uid)
        if old is not None and old in self.items:  # back to its place in the stack
            stack = self.stacks.get(self.units[old].hex or "", [])
            self.items[old].setZValue(stack.index(old) if old in stack else 0)
        if uid is not None and uid in self.items:
            self.items[uid].setZValue(SELECTED_Z)

    def set_markers(self, markers: Sequence[MarkerView]) -> None:
        """Markers the presenter shows on the board: a scenario marker (a drop zone) as its counter in its
        hex, under the units; other markers in a hex (support fire markers committed to a combat) as a tag;
        a marker on a hexside (a demolished bridge, a ferry) as a cross on that side."""
        for old in self.marker_items:
            drop_item(old)
        self.marker_items = []
        self.offboard.show_units(list(markers))
        g = self.canvas.geometry
        side = self.counter_side()
        layer = self.canvas.counters
        for mk in markers:
            item: QGraphicsItem
            if mk.hex and self.has_location(mk.hex):
                c = self.centre(mk.hex)
                shared = bool(self.stacks.get(mk.hex))
                defn = self.scenario.markers.get(mk.id)
                if defn is not None:
                    item = MarkerItem(mk.id, marker_pixmap(defn, self.scenario), side * (0.75 if shared else 1.0),
                                      layer)
                    item.setPos(c + (QPointF(-side * 0.25, side * 0.18) if shared else QPointF()))
                    item.setZValue(-0.5)
                else:
                    tag = QGraphicsSimpleTextItem(mk.text or mk.kind, layer)
                    font = QFont()
                    font.setPointSizeF(max(1.0, g.size * 0.28))
                    font.setBold(True)
                    tag.setFont(font)
                    tag.setBrush(QColor("#ffffff"))
                    tag.setPen(cosmetic_pen(QColor("#5a0000"), 1.0))
                    br = tag.boundingRect()
                    tag.setPos(c + QPointF(-br.width() / 2, -side * 0.75))
                    tag.setZValue(3000)
                    item = tag
                item.setToolTip(f"{mk.kind}: {mk.text}" if mk.text else mk.kind)
                self.marker_items.append(item)
            elif mk.hexside and "/" in mk.hexside:
                a, b = (self.hex_of(x) for x in mk.hexside.split("/", 1))
                if a is None or b is None:
                    continue
                cross = QGraphicsPathItem(hexside_cross((g.centre(a) + g.centre(b)) / 2, g.size * 0.3), layer)
                cross.setPen(cosmetic_pen(QColor("#d00000") if "demolish" in mk.kind else QColor("#0050d0"), 4.0))
                cross.setZValue(2500)
                cross.setToolTip(f"{mk.hexside}: {mk.text or mk.kind}")
                self.marker_items.append(cross)


__all__ = ["HexBoardView"]
