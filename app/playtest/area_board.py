"""The playtest board of an area map (Storm over Arnhem): the areas drawn as the area-map editor draws them
(app/areamap/view.py), the units as counters laid out in rows inside their area (a unit crossing a bridge
on that border), control markers as tags under the area's number, and the overlays of the shared board
(boardview.py) outlined area by area. Locations are area ids.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from hexwright.app.areamap import geometry as geo
from hexwright.app.areamap.view import AreaLayers, ring_path
from hexwright.app.kindbase.counters import PIXMAP_PX, CounterItem
from hexwright.app.render.view import ZoomView, cosmetic_pen
from hexwright.engine.model import Scenario
from hexwright.engine.rules.presentation import MarkerView, UnitView
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFont, QPainterPath
from PySide6.QtWidgets import QGraphicsSimpleTextItem, QWidget
from shapely.geometry import Point, Polygon

from .boardview import BoardView, drop_item

Z_COUNTERS = 50.0
ON_BORDER = re.compile(r"areas? (\w+)/(\w+)")


class AreaBoardView(BoardView):
    """A playtest board on an area map; locations are area ids."""

    Z_TINT = 29.0  # over the areas and borders, under the labels (30) and counters (50)
    Z_OVERLAY = 55.0  # over the counters
    REACH_EDGE_WIDTH = 2.0
    PIXMAP_PX = PIXMAP_PX
    COST_UNIT = "MF"  # Storm over Arnhem counts movement factors
    UNIT_ON_MAP = True

    def __init__(self, scenario: Scenario, base_dir: Path | None = None, parent: QWidget | None = None) -> None:
        view = ZoomView(parent)
        super().__init__(scenario, view, base_dir)
        assert scenario.area_map is not None
        self.map = scenario.area_map
        self.layers = AreaLayers(view.scene(), self.map, None, base_dir)
        self.layers.fill_opacity = 120
        self.layers.numbers_above = True
        self.layers.rebuild()
        view.set_map_rect(self.layers.map_rect())

    # -- geometry ----------------------------------------------------------------------------------
    def has_location(self, label: str | None) -> bool:
        return label is not None and label in self.map.areas

    def label_at(self, scene_pos: QPointF) -> str | None:
        return self.map.area_at(scene_pos.x(), scene_pos.y())

    def centre(self, label: str) -> QPointF:
        return QPointF(*geo.label_point(tuple(self.map.areas[label].polygon)))

    def _below(self, label: str) -> QPointF:
        """A point under the area's counters (as the number is above them): for its markers. Under the
        block of counters actually there, else a little under the pole."""
        ring = tuple(self.map.areas[label].polygon)
        x, y = geo.label_point(ring)
        r = Polygon(ring).exterior.distance(Point(x, y))
        n = len(self.stacks.get(label, []))
        if n:
            centres, side = geo.counter_layout(ring, n, self.layers.counter_side)
            return QPointF(x, max(cy for _, cy in centres) + side / 2 + 2)
        return QPointF(x, y + min(r * 0.6, 40.0))

    def cost_pos(self, label: str, text_rect: QRectF) -> QPointF:
        """The MF an area costs, beside its block of counters (never over them), at the area's pole when it
        holds none."""
        ring = tuple(self.map.areas[label].polygon)
        n = len(self.stacks.get(label, []))
        if not n:
            return super().cost_pos(label, text_rect)
        centres, side = geo.counter_layout(ring, n, self.layers.counter_side)
        right = max(cx for cx, _ in centres) + side / 2 + 3
        mid = sum(cy for _, cy in centres) / len(centres)
        return QPointF(right, mid - text_rect.height() / 2)

    def outline(self, labels: Iterable[str]) -> QPainterPath:
        path = QPainterPath()
        for lab in labels:
            if lab in self.map.areas:
                path.addPath(ring_path(self.map.areas[lab].polygon))
        return path

    def line_path(self, start: str, end: str) -> list[str]:
        """The areas from `start` to `end` by fewest borders (what a person means by pointing at an area)."""
        if start not in self.map.areas or end not in self.map.areas:
            return [start, end]
        prev: dict[str, str | None] = {start: None}
        frontier = [start]
        while frontier and end not in prev:
            nxt = []
            for a in frontier:
                for n in self.map.neighbours(a):
                    if n not in prev:
                        prev[n] = a
                        nxt.append(n)
            frontier = nxt
        if end not in prev:
            return [start, end]
        path = [end]
        step = prev[end]
        while step is not None:
            path.append(step)
            step = prev[step]
        return path[::-1]

    def neighbour_path(self, start: str) -> list[str]:
        if start not in self.map.areas:
            return []
        nb = self.map.neighbours(start)
        return [start, nb[0]] if nb else [start, start]

    def reach_text(self, n: int) -> str:
        return f"{n} areas within reach (the MF each costs)"

    def cost_font(self) -> QFont:
        font = QFont()
        font.setBold(True)
        font.setPixelSize(16)
        return font

    def path_sizes(self) -> tuple[float, float, float]:
        return 22.0, 7.0, 20.0

    # -- counters ----------------------------------------------------------------------------------
    def counter_item(self, uid: str) -> CounterItem | None:
        return self.layers.counter_items.get(uid)

    def top_unit_at(self, label: str, scene_pos: QPointF) -> str | None:
        """The counter under the press if it is in this area's stack, else the stack's top one."""
        uid = self.layers.counter_at(scene_pos)
        stack = self.units_at(label)
        return uid if uid in stack else (stack[-1] if stack else None)

    def set_units(self, units: list[UnitView], acting_side: str | None = None) -> None:
        """Every unit in its area, laid out in rows (the acting side's last, so they are on top); a unit
        crossing a bridge (status 'on the bridge (areas 4/5)') on that border."""
        self.units = {u.id: u for u in units}
        stacks: dict[str, list[str]] = {}
        on_border: dict[tuple[str, str], list[str]] = {}
        for u in units:
            if u.hex is not None and u.hex in self.map.areas:
                stacks.setdefault(u.hex, []).append(u.id)
            elif u.hex is None and u.status:
                m = ON_BORDER.search(u.status)
                if m and m.group(1) in self.map.areas and m.group(2) in self.map.areas:
                    on_border.setdefault((m.group(1), m.group(2)), []).append(u.id)
        for uids in stacks.values():
            uids.sort(key=lambda uid: self.units[uid].side == acting_side)
        self.stacks = stacks
        items = self.layers.counter_items
        for uid, uv in self.units.items():  # a counter whose face changes is drawn again
            face = self.face(uv)
            if self._faces.get(uid) != face and uid in items:
                drop_item(items.pop(uid))
            self._faces[uid] = face
        self.layers.layout_counters(stacks, pixmaps=self.pixmap)
        for (a, b), uids in on_border.items():
            centres, side = self._border_layout(a, b, len(uids))
            for uid, c in zip(uids, centres, strict=True):
                item = items.get(uid)
                if item is None:
                    item = CounterItem(uid, self.pixmap(uid), side, None)  # no parent: added to the scene
                    item.setZValue(Z_COUNTERS)
                    self.view.scene().addItem(item)
                    items[uid] = item
                item.setScale(side / PIXMAP_PX)
                item.setPos(c)
        for uid, item in items.items():
            shown = self.units.get(uid)
            if shown is not None:
                item.setToolTip(self.tooltip(shown))
            item.set_selected_mark(uid == self.selected)
        if self.selected not in items:
            self.selected = None

    def _border_layout(self, a: str, b: str, n: int) -> tuple[list[QPointF], float]:
        """Centres of `n` counters on the border of areas a and b (the 9th SS Recon on the bridge, Storm over
        Arnhem 3.42-3.44): in rows along the border, in one column or two straddling it, smaller (down to
        half size) when the border is too short to hold them."""
        side = self.layers.counter_side * 0.8
        line = self.map.shared_border(a, b)
        if line is None or line.is_empty or line.length <= 0:
            c = (self.centre(a) + self.centre(b)) / 2
            ends = ((c.x(), c.y() - 1.0), (c.x(), c.y() + 1.0))
            length = side * n * 1.1
        else:
            coords = [pt for g in getattr(line, "geoms", [line]) for pt in g.coords]
            ends = (coords[0], coords[-1])
            mid = line.interpolate(0.5, normalized=True)
            c = QPointF(mid.x, mid.y)
            length = line.length
        dx, dy = ends[1][0] - ends[0][0], ends[1][1] - ends[0][1]
        norm = (dx * dx + dy * dy) ** 0.5 or 1.0
        along, across = QPointF(dx / norm, dy / norm), QPointF(-dy / norm, dx / norm)
        cols = 1 if n * side * 1.05 <= length * 0.9 else 2  # two columns straddle the border line
        rows = -(-n // cols)
        side = min(side, length * 0.9 / (rows * 1.05))
        side = max(side, self.layers.counter_side * 0.5)
        pitch = side * 1.05
        out = []
        for i in range(n):
            r, k = divmod(i, cols)
            in_row = min(cols, n - r * cols)
            out.append(c + along * ((r - (rows - 1) / 2) * pitch) + across * ((k - (in_row - 1) / 2) * pitch))
        return out, side

    def set_markers(self, markers: Sequence[MarkerView]) -> None:
        """Markers in an area (control, perimeter control) as a tag under the area's number."""
        for old in self.marker_items:
            drop_item(old)
        self.marker_items = []
        font = QFont()
        font.setBold(True)
        font.setPixelSize(12)
        shown: dict[str, int] = {}
        for mk in markers:
            if not mk.hex or mk.hex not in self.map.areas:
                continue
            sd = self.scenario.side(mk.side) if mk.side else None
            text = mk.text or mk.kind
            if mk.side:
                text = f"{mk.kind}: {sd.name if sd is not None and sd.name else mk.side}"
            item = QGraphicsSimpleTextItem(text)
            item.setFont(font)
            item.setBrush(QColor(sd.color) if sd is not None and sd.color else QColor("#ffffff"))
            item.setPen(cosmetic_pen("#000000", 0.8))
            c = self._below(mk.hex)
            n = shown.get(mk.hex, 0)
            shown[mk.hex] = n + 1
            br = item.boundingRect()
            item.setPos(c + QPointF(-br.width() / 2, 14 * n))
            item.setZValue(self.Z_OVERLAY + 4)
            item.setToolTip(f"{mk.kind}: {mk.text}" if mk.text else mk.kind)
            self.view.scene().addItem(item)
            self.marker_items.append(item)


__all__ = ["AreaBoardView"]
