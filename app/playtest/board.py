"""The playtest board: the editor's map view and layer items (app/editor/mapview.py, canvas.py) with the
units drawn as their counters (app/counters/draw.py via the editor's CounterItem) where the presenter
says they are, and the overlays a player reads: the hexes a selected unit can reach with the MP each
costs, the enemy zones of control that stop it, the path to the hovered hex, and the hexes a decision
is about (an attack's target and participants, a retreat or advance path, a landing hex).

The board only shows and reports: a click, a drag from one hex to another, a right click and the hovered
hex come out as signals with printed hex labels; the window (window.py) decides what they mean by the
rules.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from hexwright.app.counters.draw import counter_pixmap
from hexwright.app.editor.canvas import MapCanvas, brush_outline
from hexwright.app.editor.counter_layer import (
    COUNTER_SCALE,
    PIXMAP_PX,
    STACK_STEP,
    CounterItem,
    MarkerItem,
    hexside_cross,
    marker_pixmap,
    stack_badge,
)
from hexwright.app.editor.mapview import MapView
from hexwright.engine.hexgrid import Hex
from hexwright.engine.model import Scenario
from hexwright.engine.rules.presentation import UnitView
from PySide6.QtCore import QEvent, QLineF, QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QMouseEvent, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsSimpleTextItem

REACH_COLOR = QColor(70, 160, 255, 95)  # blue: apart from the greens and browns of the terrain
REACH_EDGE = QColor(10, 70, 160)
ZOC_COLOR = QColor(220, 30, 30)
PATH_COLOR = QColor(255, 214, 0)
TARGET_COLOR = QColor(255, 120, 0)
PARTICIPANT_COLOR = QColor(0, 170, 255)
Z_OVERLAY = 20.0  # over the counters layer (10)
REDUCED_FLAGS = ("reduced", "depleted")
DRAG_PIXELS = 6


def _cosmetic(color: QColor, width: float, style=Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(color, width)
    pen.setCosmetic(True)
    pen.setStyle(style)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    return pen


def hidden_pixmap(color: str) -> QPixmap:
    """A counter whose face the viewer may not see (a secret set-up): the side's colour and a '?'."""
    pm = QPixmap(PIXMAP_PX, PIXMAP_PX)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setBrush(QColor(color or "#888888"))
    p.setPen(QPen(QColor("#202020"), 3))
    p.drawRoundedRect(QRectF(2, 2, PIXMAP_PX - 4, PIXMAP_PX - 4), 6, 6)
    f = QFont()
    f.setBold(True)
    f.setPixelSize(int(PIXMAP_PX * 0.5))
    p.setFont(f)
    p.drawText(QRectF(0, 0, PIXMAP_PX, PIXMAP_PX), Qt.AlignmentFlag.AlignCenter, "?")
    p.end()
    return pm


class Board(QObject):
    """The map, the counters and the overlays of a playtest (the MapView's counter handler)."""

    hexClicked = Signal(str, object)  # noqa: N815 - label, unit id under the press (top counter) or None
    unitDragged = Signal(str, str, str)  # noqa: N815 - unit id, from label, to label
    hexHovered = Signal(object)  # noqa: N815 - label or None
    rightClicked = Signal()  # noqa: N815

    def __init__(self, scenario: Scenario, base_dir: Path | None = None, parent=None) -> None:
        super().__init__(parent)
        self.scenario = scenario
        self.view = MapView(parent)
        self.canvas = MapCanvas(self.view.scene(), scenario.map, base_dir)
        self.view.set_canvas(self.canvas)
        self.canvas.set_visible("regions", False)  # set-up zones and areas are the designer's, not the players'
        self.view.counter_handler = self
        # a second click soon after the first arrives as a double click, which the view would send to the
        # scene: on the board it is a click like any other (landing one unit after another, quickly)
        self.view.viewport().installEventFilter(self)
        self.view.hexHovered.connect(self._hovered)
        self.items: dict[str, CounterItem] = {}
        self.units: dict[str, UnitView] = {}
        self.stacks: dict[str, list[str]] = {}
        self.selected: str | None = None
        self._press: tuple[str, str | None, QPointF] | None = None
        self._badges: dict[str, tuple[int, QGraphicsItem]] = {}  # hex label -> (units, badge)
        self.cost_items: dict[str, QGraphicsSimpleTextItem] = {}
        self.marker_items: list[QGraphicsItem] = []
        self.reach: dict[str, float] = {}
        self.zoc: set[str] = set()
        self.path: tuple[str, ...] = ()
        self.targets: set[str] = set()
        self.participants: set[str] = set()
        scene = self.view.scene()
        self.reach_item = self._overlay(Z_OVERLAY, _cosmetic(REACH_EDGE, 1.5), QBrush(REACH_COLOR))
        zoc_brush = QBrush(QColor(ZOC_COLOR.red(), ZOC_COLOR.green(), ZOC_COLOR.blue(), 150),
                           Qt.BrushStyle.BDiagPattern)
        self.zoc_item = self._overlay(Z_OVERLAY + 0.5, _cosmetic(ZOC_COLOR, 2.0, Qt.PenStyle.DashLine), zoc_brush)
        self.target_item = self._overlay(Z_OVERLAY + 1, _cosmetic(TARGET_COLOR, 4.0), QBrush(QColor(255, 120, 0, 50)))
        self.part_item = self._overlay(Z_OVERLAY + 1, _cosmetic(PARTICIPANT_COLOR, 3.0), Qt.BrushStyle.NoBrush)
        self.path_item = self._overlay(Z_OVERLAY + 2, _cosmetic(PATH_COLOR, 5.0), Qt.BrushStyle.NoBrush)
        for item in (self.reach_item, self.zoc_item, self.target_item, self.part_item, self.path_item):
            scene.addItem(item)

    @staticmethod
    def _overlay(z: float, pen: QPen, brush) -> QGraphicsPathItem:
        item = QGraphicsPathItem()
        item.setZValue(z)
        item.setPen(pen)
        item.setBrush(brush)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        return item

    # -- geometry ----------------------------------------------------------------------------------
    def hex_of(self, label: str) -> Hex | None:
        return self.scenario.map.hex_at(label)

    def label_at(self, scene_pos: QPointF) -> str | None:
        h = self.canvas.geometry.hex_at(scene_pos)
        return self.canvas.label(h) if self.scenario.map.contains(h) else None

    def centre(self, label: str) -> QPointF:
        h = self.hex_of(label)
        assert h is not None, label
        return self.canvas.geometry.centre(h)

    def view_pos(self, label: str):
        """The viewport position of a hex centre (for clicks in tests and scripts)."""
        return self.view.mapFromScene(self.centre(label))

    def _outline(self, labels) -> QPainterPath:
        hexes = [h for h in (self.hex_of(lab) for lab in labels) if h is not None]
        return brush_outline(self.canvas.geometry, hexes)

    # -- counters ----------------------------------------------------------------------------------
    def counter_side(self) -> float:
        return self.canvas.geometry.size * COUNTER_SCALE

    def set_units(self, units: list[UnitView], acting_side: str | None = None) -> None:
        """Draw every unit on the map at its hex (stacks offset, the acting side's units on top). Counters
        that did not change stay as they are, so a move repaints only the two hexes it touches."""
        self.units = {u.id: u for u in units}
        stacks: dict[str, list[str]] = defaultdict(list)
        for u in units:
            if u.hex is not None and self.hex_of(u.hex) is not None:
                stacks[u.hex].append(u.id)
        for uids in stacks.values():  # the acting side's units on top, so a click picks them
            uids.sort(key=lambda uid: self.units[uid].side == acting_side)
        self.stacks = dict(stacks)
        layer = self.canvas.counters
        side = self.counter_side()
        step = side * STACK_STEP
        sc = self.scenario
        wanted: set[str] = set()
        for lab, uids in stacks.items():
            c = self.centre(lab)
            n = len(uids)
            for i, uid in enumerate(uids):
                wanted.add(uid)
                uv = self.units[uid]
                unit = sc.units.get(uid)
                hidden = uv.status == "hidden" or unit is None
                back = any(f in uv.flags for f in REDUCED_FLAGS)
                face = (hidden, back)
                item = self.items.get(uid)
                if item is None or getattr(item, "face", None) != face:
                    if item is not None:
                        self._drop(item)
                    if hidden:
                        s = sc.side(uv.side)
                        pm = hidden_pixmap(s.color if s is not None else "")
                    else:
                        pm = counter_pixmap(unit, sc, PIXMAP_PX, back=back)
                    item = CounterItem(uid, pm, side, layer)
                    item.face = face
                    self.items[uid] = item
                depth = n - 1 - i
                pos = c + QPointF(depth * step, depth * step) - QPointF((n - 1) * step / 2, (n - 1) * step / 2)
                if item.pos() != pos:
                    item.setPos(pos)
                z = 1000 if uid == self.selected else i
                if item.zValue() != z:
                    item.setZValue(z)
                side_def = self.scenario.side(uv.side)
                side_name = side_def.name if side_def is not None and side_def.name else uv.side
                tip = f"{uv.name or uid} ({side_name})" + (f" {uv.values}" if uv.values else "")
                if uv.flags:
                    tip += " - " + ", ".join(uv.flags)
                if item.toolTip() != tip:
                    item.setToolTip(tip)
        for uid in [u for u in self.items if u not in wanted]:
            self._drop(self.items.pop(uid))
        counts = {lab: len(uids) for lab, uids in stacks.items() if len(uids) > 1}
        for lab in [lab for lab in self._badges if counts.get(lab) != self._badges[lab][0]]:
            self._drop(self._badges.pop(lab)[1])
        for lab, n in counts.items():
            if lab not in self._badges:
                self._badges[lab] = (n, stack_badge(self.canvas.counters, self.centre(lab), side, n))
        if self.selected in self.items:
            self.items[self.selected].set_selected_mark(True)
        elif self.selected is not None:
            self.selected = None

    @staticmethod
    def _drop(item: QGraphicsItem) -> None:
        item.setParentItem(None)
        if item.scene() is not None:
            item.scene().removeItem(item)


    def set_markers(self, markers) -> None:
        """Markers the presenter shows on the board (MarkerView): a scenario marker (a drop zone) as its
        counter in its hex, under the units; other markers in a hex (support fire markers committed to a
        combat) as a tag; a marker on a hexside (a demolished bridge, a ferry) as a cross on that side."""
        for item in self.marker_items:
            self._drop(item)
        self.marker_items = []
        g = self.canvas.geometry
        side = self.counter_side()
        layer = self.canvas.counters
        for mk in markers:
            if mk.hex and self.hex_of(mk.hex) is not None:
                c = self.centre(mk.hex)
                shared = bool(self.stacks.get(mk.hex))
                defn = self.scenario.markers.get(mk.id)
                if defn is not None:
                    item = MarkerItem(mk.id, marker_pixmap(defn, self.scenario), side * (0.75 if shared else 1.0),
                                      layer)
                    item.setPos(c + (QPointF(-side * 0.25, side * 0.18) if shared else QPointF()))
                    item.setZValue(-0.5)
                else:
                    item = QGraphicsSimpleTextItem(mk.text or mk.kind, layer)
                    font = QFont()
                    font.setPointSizeF(max(1.0, g.size * 0.28))
                    font.setBold(True)
                    item.setFont(font)
                    item.setBrush(QColor("#ffffff"))
                    item.setPen(_cosmetic(QColor("#5a0000"), 1.0))
                    br = item.boundingRect()
                    item.setPos(c + QPointF(-br.width() / 2, -side * 0.75))
                    item.setZValue(3000)
                item.setToolTip(f"{mk.kind}: {mk.text}" if mk.text else mk.kind)
                self.marker_items.append(item)
            elif mk.hexside and "/" in mk.hexside:
                a, b = (self.hex_of(x) for x in mk.hexside.split("/", 1))
                if a is None and b is None:
                    continue
                if a is None or b is None:
                    continue
                item = QGraphicsPathItem(hexside_cross((g.centre(a) + g.centre(b)) / 2, g.size * 0.3), layer)
                item.setPen(_cosmetic(QColor("#d00000") if "demolish" in mk.kind else QColor("#0050d0"), 4.0))
                item.setZValue(2500)
                item.setToolTip(f"{mk.hexside}: {mk.text or mk.kind}")
                self.marker_items.append(item)

    def units_at(self, label: str) -> list[str]:
        """The units in a hex, the top one last."""
        return list(self.stacks.get(label, []))

    def select(self, uid: str | None) -> None:
        if self.selected in self.items:
            item = self.items[self.selected]
            item.set_selected_mark(False)
            lab = self.units[self.selected].hex or ""
            stack = self.stacks.get(lab, [])
            item.setZValue(stack.index(self.selected) if self.selected in stack else 0)
        self.selected = uid
        if uid in self.items:
            self.items[uid].set_selected_mark(True)
            self.items[uid].setZValue(1000)

    # -- overlays ------------------------------------------------------------------------------------
    def show_reach(self, costs: dict[str, float]) -> None:
        """The hexes a unit can reach, each with the MP it will have spent on arriving there."""
        for item in self.cost_items.values():
            if item.scene() is not None:
                item.scene().removeItem(item)
        self.cost_items.clear()
        self.reach = dict(costs)
        self.reach_item.setPath(self._outline(costs))
        s = self.canvas.geometry.size
        font = QFont()
        font.setBold(True)
        font.setPointSizeF(max(1.0, s * 0.34))
        for lab, cost in costs.items():
            if self.hex_of(lab) is None:
                continue
            text = QGraphicsSimpleTextItem(_mp(cost))
            text.setFont(font)
            text.setBrush(QColor("white"))
            text.setPen(_cosmetic(QColor(0, 30, 90), 1.2))
            br = text.boundingRect()
            text.setPos(self.centre(lab) + QPointF(-br.width() / 2, s * 0.12))
            text.setZValue(Z_OVERLAY + 3)
            text.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            text.setToolTip(f"{lab}: {_mp(cost)} MP")
            self.view.scene().addItem(text)
            self.cost_items[lab] = text

    def show_zoc(self, labels) -> None:
        """The hexes in the zone of control of the enemy that stop a move (drawn hatched red)."""
        self.zoc = set(labels)
        self.zoc_item.setPath(self._outline(self.zoc))

    def show_path(self, labels) -> None:
        """A path through hex centres (a move, a retreat, an advance); one hex is drawn as a ring."""
        self.path = tuple(labels)
        path = QPainterPath()
        pts = [self.centre(lab) for lab in self.path if self.hex_of(lab) is not None]
        if len(pts) == 1:
            r = self.canvas.geometry.size * 0.55
            path.addEllipse(pts[0], r, r)
        elif pts:
            path.moveTo(pts[0])
            for p in pts[1:]:
                path.lineTo(p)
            r = self.canvas.geometry.size * 0.16  # the destination: a dot and an arrow head
            path.addEllipse(pts[-1], r, r)
            line = QLineF(pts[-1], pts[-2])
            for angle in (-25, 25):
                head = QLineF(line)
                head.setLength(self.canvas.geometry.size * 0.5)
                head.setAngle(line.angle() + angle)
                path.moveTo(head.p1())
                path.lineTo(head.p2())
        self.path_item.setPath(path)

    def show_targets(self, targets, participants=()) -> None:
        """The hexes a decision is about (an attack's target) and those taking part (the attackers)."""
        self.targets = set(targets)
        self.participants = set(participants)
        many = len(self.targets) > 8  # many hexes (entries, landings): a thinner outline keeps the map readable
        self.target_item.setPen(_cosmetic(TARGET_COLOR, 2.0 if many else 4.0))
        self.target_item.setBrush(QBrush(QColor(255, 120, 0, 25 if many else 50)))
        self.target_item.setPath(self._outline(self.targets))
        self.part_item.setPath(self._outline(self.participants))

    def clear_overlays(self) -> None:
        self.show_reach({})
        self.show_zoc(())
        self.show_path(())
        self.show_targets(())

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        if event.type() == QEvent.Type.MouseButtonDblClick and obj is self.view.viewport():
            return self.mouse_press(event)
        return False

    # -- the MapView's counter handler hooks ----------------------------------------------------------
    def mouse_press(self, event: QMouseEvent) -> bool:
        pos = self.view.mapToScene(event.position().toPoint())
        if event.button() == Qt.MouseButton.RightButton:
            self.rightClicked.emit()
            return True
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        lab = self.label_at(pos)
        if lab is None:
            return True
        stack = self.units_at(lab)
        self._press = (lab, stack[-1] if stack else None, event.position())
        return True

    def mouse_move(self, event: QMouseEvent) -> bool:
        return False  # hovering is reported through MapView.hexHovered

    def mouse_release(self, event: QMouseEvent) -> bool:
        if event.button() != Qt.MouseButton.LeftButton or self._press is None:
            return event.button() == Qt.MouseButton.RightButton
        lab, uid, start = self._press
        self._press = None
        to = self.label_at(self.view.mapToScene(event.position().toPoint()))
        moved = (event.position() - start).manhattanLength() > DRAG_PIXELS
        if uid is not None and to is not None and to != lab and moved:
            self.unitDragged.emit(uid, lab, to)
        else:
            self.hexClicked.emit(lab, uid)
        return True

    def remove_selected(self) -> bool:
        return False

    def context_menu(self, view_pos, global_pos) -> bool:
        return True  # the right button deselects; no menu

    def accepts(self, mime) -> bool:
        return False

    def drag_over(self, scene_pos) -> None:
        pass

    def drop(self, mime, scene_pos) -> bool:
        return False

    def _hovered(self, h: Hex | None) -> None:
        self.hexHovered.emit(self.canvas.label(h) if h is not None else None)


def _mp(cost: float) -> str:
    return str(int(cost)) if float(cost).is_integer() else f"{cost:g}"


__all__ = ["Board", "REDUCED_FLAGS"]
