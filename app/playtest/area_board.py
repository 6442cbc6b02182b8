"""The playtest board of a scenario on an area map (Storm over Arnhem): the areas drawn as the area-map
editor draws them (app/areamap/view.py), the units as counters laid out in rows inside their area, and
the overlays a player reads: the areas a selected unit can reach with the MF each costs, the path of the
hovered move through the areas' centres, the areas a decision is about.

It has the hex Board's interface (app/playtest/board.py): "labels" here are area ids, as the family's
presenter gives them in UnitView.hex and ActionView.hexes; clicks, drags, hovers and right clicks come out
as the same signals, and the window decides what they mean by the rules.
"""

from __future__ import annotations

import re
from pathlib import Path

from hexwright.app.areamap import geometry as geo
from hexwright.app.areamap.view import AreaLayers, AreaView, cosmetic, ring_path
from hexwright.app.counters.draw import counter_pixmap
from hexwright.app.editor.counter_layer import PIXMAP_PX
from hexwright.engine.model import Scenario
from hexwright.engine.rules.presentation import UnitView
from PySide6.QtCore import QLineF, QObject, QPointF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsSimpleTextItem

from .board import (
    PARTICIPANT_COLOR,
    PATH_COLOR,
    REACH_COLOR,
    REACH_EDGE,
    REDUCED_FLAGS,
    TARGET_COLOR,
    ZOC_COLOR,
    hidden_pixmap,
)

Z_OVERLAY = 55.0  # over the counters (50)
Z_TINT = 29.0  # the reach and ZOC tints: over the areas and borders, under the labels (30) and counters
DRAG_PIXELS = 6
ON_BORDER = re.compile(r"areas? (\w+)/(\w+)")


class AreaBoard(QObject):
    hexClicked = Signal(str, object)  # noqa: N815 - area id, unit id under the press (top counter) or None
    unitDragged = Signal(str, str, str)  # noqa: N815 - unit id, from area, to area
    hexHovered = Signal(object)  # noqa: N815 - area id or None
    rightClicked = Signal()  # noqa: N815

    def __init__(self, scenario: Scenario, base_dir: Path | None = None, parent=None) -> None:
        super().__init__(parent)
        self.scenario = scenario
        self.map = scenario.area_map
        self.view = AreaView(parent)
        self.layers = AreaLayers(self.view.scene(), self.map, None, base_dir)
        self.layers.fill_opacity = 120
        self.layers.numbers_above = True
        self.layers.rebuild()
        self.view.scene_rect = self.layers.map_rect()
        self.view.handler = self
        self.units: dict[str, UnitView] = {}
        self.stacks: dict[str, list[str]] = {}
        self.selected: str | None = None
        self.reach: dict[str, float] = {}
        self.zoc: set[str] = set()
        self.path: tuple[str, ...] = ()
        self.targets: set[str] = set()
        self.participants: set[str] = set()
        self._faces: dict[str, tuple] = {}
        self._press: tuple[str, str | None, QPointF] | None = None
        self._hover: str | None = None
        self.marker_items: list[QGraphicsItem] = []
        self.cost_items: list[QGraphicsItem] = []
        self.reach_item = self._overlay(Z_TINT, cosmetic(REACH_EDGE, 2.0), QBrush(REACH_COLOR))
        zoc = QBrush(QColor(ZOC_COLOR.red(), ZOC_COLOR.green(), ZOC_COLOR.blue(), 150), Qt.BrushStyle.BDiagPattern)
        self.zoc_item = self._overlay(Z_TINT + 0.5, cosmetic(ZOC_COLOR, 2.0, Qt.PenStyle.DashLine), zoc)
        self.target_item = self._overlay(Z_OVERLAY + 1, cosmetic(TARGET_COLOR, 4.0), QBrush(QColor(255, 120, 0, 50)))
        self.part_item = self._overlay(Z_OVERLAY + 1, cosmetic(PARTICIPANT_COLOR, 3.0), Qt.BrushStyle.NoBrush)
        self.path_item = self._overlay(Z_OVERLAY + 2, cosmetic(PATH_COLOR, 5.0), Qt.BrushStyle.NoBrush)

    def _overlay(self, z: float, pen, brush) -> QGraphicsPathItem:
        item = QGraphicsPathItem()
        item.setZValue(z)
        item.setPen(pen)
        item.setBrush(brush)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.view.scene().addItem(item)
        return item

    # -- geometry ----------------------------------------------------------------------------------
    def hex_of(self, label: str):
        """The area id if the map has it (the hex board's `hex_of`: truthy when the label is on the map)."""
        return label if label in self.map.areas else None

    def label_at(self, scene_pos: QPointF) -> str | None:
        return self.map.area_at(scene_pos.x(), scene_pos.y())

    def centre(self, label: str) -> QPointF:
        return QPointF(*geo.label_point(tuple(self.map.areas[label].polygon)))

    def _below(self, label: str) -> QPointF:
        """A point under the area's counters (as the number is above them): for its markers. Under the
        block of counters actually there, else a little under the pole."""
        from shapely.geometry import Point, Polygon

        ring = tuple(self.map.areas[label].polygon)
        x, y = geo.label_point(ring)
        r = Polygon(ring).exterior.distance(Point(x, y))
        n = len(getattr(self, "stacks", {}).get(label, []))
        if n:
            centres, side = geo.counter_layout(ring, n, self.layers.counter_side)
            return QPointF(x, max(cy for _, cy in centres) + side / 2 + 2)
        return QPointF(x, y + min(r * 0.6, 40.0))

    def view_pos(self, label: str):
        return self.view.mapFromScene(self.centre(label))

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
        while prev[path[-1]] is not None:
            path.append(prev[path[-1]])  # type: ignore[arg-type]
        return path[::-1]

    def neighbour_path(self, start: str) -> list[str]:
        nb = self.map.neighbours(start) if start in self.map.areas else []
        return [start, nb[0]] if nb else [start, start]

    def _outline(self, labels) -> QPainterPath:
        path = QPainterPath()
        for lab in labels:
            if lab in self.map.areas:
                path.addPath(ring_path(self.map.areas[lab].polygon))
        return path

    # -- counters ----------------------------------------------------------------------------------
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
        for uid, uv in self.units.items():  # a counter whose face changes is drawn again
            face = (uv.status == "hidden" or uid not in self.scenario.units, any(f in uv.flags for f in REDUCED_FLAGS))
            if self._faces.get(uid) != face and uid in self.layers.counter_items:
                self.layers._drop(self.layers.counter_items.pop(uid))
            self._faces[uid] = face
        self.layers.layout_counters(stacks, pixmaps=self._pixmap)
        for (a, b), uids in on_border.items():
            centres, side = self._border_layout(a, b, len(uids))
            for uid, c in zip(uids, centres, strict=True):
                item = self.layers.counter_items.get(uid)
                if item is None:
                    from hexwright.app.editor.counter_layer import CounterItem

                    item = CounterItem(uid, self._pixmap(uid), side, None)
                    item.setZValue(50)
                    self.view.scene().addItem(item)
                    self.layers.counter_items[uid] = item
                item.setScale(side / PIXMAP_PX)
                item.setPos(c)
        for uid, item in self.layers.counter_items.items():
            uv = self.units.get(uid)
            if uv is not None:
                sd = self.scenario.side(uv.side)
                tip = f"{uv.name or uid} ({sd.name if sd is not None and sd.name else uv.side})"
                tip += (f" {uv.values}" if uv.values else "") + (" - " + ", ".join(uv.flags) if uv.flags else "")
                tip += f" [{uv.status}]" if uv.hex is None and uv.status else ""
                item.setToolTip(tip)
            item.set_selected_mark(uid == self.selected)
        if self.selected not in self.layers.counter_items:
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

    def _pixmap(self, uid: str):
        uv = self.units.get(uid)
        unit = self.scenario.units.get(uid)
        if uv is None or uv.status == "hidden" or unit is None:
            s = self.scenario.side(uv.side) if uv is not None else None
            return hidden_pixmap(s.color if s is not None else "")
        return counter_pixmap(unit, self.scenario, PIXMAP_PX, back=any(f in uv.flags for f in REDUCED_FLAGS))

    def set_markers(self, markers) -> None:
        """Markers in an area (control, perimeter control) as a tag under the area's number."""
        for item in self.marker_items:
            self.layers._drop(item)
        self.marker_items = []
        font = QFont()
        font.setBold(True)
        font.setPixelSize(12)
        shown: dict[str, int] = {}
        for mk in markers:
            if not mk.hex or mk.hex not in self.map.areas:
                continue
            text = mk.text or mk.kind
            if mk.side:
                sd = self.scenario.side(mk.side)
                text = f"{mk.kind}: {sd.name if sd is not None and sd.name else mk.side}"
            item = QGraphicsSimpleTextItem(text)
            item.setFont(font)
            sd = self.scenario.side(mk.side) if mk.side else None
            item.setBrush(QColor(sd.color) if sd is not None and sd.color else QColor("#ffffff"))
            item.setPen(cosmetic("#000000", 0.8))
            c = self._below(mk.hex)
            n = shown.get(mk.hex, 0)
            shown[mk.hex] = n + 1
            br = item.boundingRect()
            item.setPos(c + QPointF(-br.width() / 2, 14 * n))
            item.setZValue(Z_OVERLAY + 4)
            item.setToolTip(f"{mk.kind}: {mk.text}" if mk.text else mk.kind)
            self.view.scene().addItem(item)
            self.marker_items.append(item)

    def units_at(self, label: str) -> list[str]:
        return list(self.stacks.get(label, []))

    def select(self, uid: str | None) -> None:
        if self.selected in self.layers.counter_items:
            self.layers.counter_items[self.selected].set_selected_mark(False)
        self.selected = uid
        if uid in self.layers.counter_items:
            self.layers.counter_items[uid].set_selected_mark(True)

    # -- overlays ----------------------------------------------------------------------------------
    def show_reach(self, costs: dict[str, float]) -> None:
        """The areas a unit can reach, each with the MF it will have spent on arriving there."""
        for item in self.cost_items:
            self.layers._drop(item)
        self.cost_items = []
        self.reach = dict(costs)
        self.reach_item.setPath(self._outline(costs))
        font = QFont()
        font.setBold(True)
        font.setPixelSize(16)
        for lab, cost in costs.items():
            if lab not in self.map.areas:
                continue
            text = QGraphicsSimpleTextItem(f"{cost:g} MF")
            text.setFont(font)
            text.setBrush(QColor("white"))
            text.setPen(cosmetic(QColor(0, 30, 90), 1.2))
            br = text.boundingRect()
            text.setPos(self.centre(lab) + QPointF(-br.width() / 2, -br.height() / 2))
            text.setZValue(Z_OVERLAY + 3)
            text.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.view.scene().addItem(text)
            self.cost_items.append(text)

    def show_zoc(self, labels) -> None:
        self.zoc = set(labels)
        self.zoc_item.setPath(self._outline(self.zoc))

    def show_path(self, labels) -> None:
        """A path through the areas' centres; one area is drawn as a ring."""
        self.path = tuple(labels)
        path = QPainterPath()
        pts = [self.centre(lab) for lab in self.path if lab in self.map.areas]
        if len(pts) == 1:
            path.addEllipse(pts[0], 22, 22)
        elif pts:
            path.moveTo(pts[0])
            for p in pts[1:]:
                path.lineTo(p)
            path.addEllipse(pts[-1], 7, 7)
            line = QLineF(pts[-1], pts[-2])
            for angle in (-25, 25):
                head = QLineF(line)
                head.setLength(20)
                head.setAngle(line.angle() + angle)
                path.moveTo(head.p1())
                path.lineTo(head.p2())
        self.path_item.setPath(path)

    def show_targets(self, targets, participants=()) -> None:
        self.targets = set(targets)
        self.participants = set(participants)
        self.target_item.setPath(self._outline(self.targets))
        self.part_item.setPath(self._outline(self.participants))

    def clear_overlays(self) -> None:
        self.show_reach({})
        self.show_zoc(())
        self.show_path(())
        self.show_targets(())

    def detach(self) -> None:
        self.view.handler = None

    # -- the AreaView's handler hooks --------------------------------------------------------------
    def press(self, pos: QPointF, button, modifiers) -> bool:
        if button == Qt.MouseButton.RightButton:
            self.rightClicked.emit()
            return True
        if button != Qt.MouseButton.LeftButton:
            return False
        lab = self.label_at(pos)
        if lab is None:
            return True
        uid = self.layers.counter_at(pos)
        stack = self.units_at(lab)
        top = uid if uid in stack else (stack[-1] if stack else None)
        self._press = (lab, top, self.view.mapFromScene(pos).toPointF())
        return True

    def move(self, pos: QPointF, buttons, modifiers) -> bool:
        lab = self.label_at(pos)
        if lab != self._hover:
            self._hover = lab
            self.hexHovered.emit(lab)
        return False

    def release(self, pos: QPointF, button, modifiers) -> bool:
        if button != Qt.MouseButton.LeftButton or self._press is None:
            return button == Qt.MouseButton.RightButton
        lab, uid, start = self._press
        self._press = None
        to = self.label_at(pos)
        moved = (self.view.mapFromScene(pos).toPointF() - start).manhattanLength() > DRAG_PIXELS
        if uid is not None and to is not None and to != lab and moved:
            self.unitDragged.emit(uid, lab, to)
        else:
            self.hexClicked.emit(lab, uid)
        return True

    def double_click(self, pos: QPointF, button, modifiers) -> bool:
        return self.press(pos, button, modifiers)  # a quick second click is a click like any other

    def key(self, key, modifiers) -> bool:
        return False


__all__ = ["AreaBoard"]
