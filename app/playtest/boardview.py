"""The playtest board: what the playtest window asks of the map a game is played on, whatever its kind.

`PlaytestBoard` is that contract; `BoardView` holds everything both kinds do alike (the units and
overlays a player reads, the drawing of reach, zones of control, paths and targets, the mouse turned into
location signals, counter faces and tool tips), and the two kinds draw their own map and counters: the hex
board (hex_board.py) and the area board (area_board.py). A "location" is a printed hex label on a hex map
and an area id on an area map, as the family's presenter gives them in UnitView.hex and ActionView.hexes.

The board only shows and reports: a click, a drag from one location to another, a right click and the
hovered location come out as signals; the window (window.py) passes them to board_play.py, which
decides what they mean by the rules. The
widget is the board *view*: the engine's position is the game state, never this.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol

from hexwright.app.counters.draw import counter_pixmap
from hexwright.app.render.view import ZoomView, cosmetic_pen
from hexwright.engine.model import Scenario
from hexwright.engine.rules.presentation import MarkerView, UnitView
from PySide6.QtCore import QLineF, QObject, QPoint, QPointF, QRectF, Qt, Signal, SignalInstance
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsSimpleTextItem

REACH_COLOR = QColor(70, 160, 255, 95)  # blue: apart from the greens and browns of the terrain
REACH_EDGE = QColor(10, 70, 160)
ZOC_COLOR = QColor(220, 30, 30)
PATH_COLOR = QColor(255, 214, 0)
TARGET_COLOR = QColor(255, 120, 0)
PARTICIPANT_COLOR = QColor(0, 170, 255)
REDUCED_FLAGS = ("reduced", "depleted")
DRAG_PIXELS = 6
MANY_TARGETS = 8  # more target locations than this (entries, landings): a thinner outline keeps the map readable


class PlaytestBoard(Protocol):
    """Everything the playtest window asks of a board (BoardView implements it for both map kinds)."""

    view: ZoomView
    units: dict[str, UnitView]  # unit id -> what the viewer sees of it
    selected: str | None
    reach: dict[str, float]
    zoc: set[str]
    path: tuple[str, ...]
    targets: set[str]
    participants: set[str]

    @property
    def locationClicked(self) -> SignalInstance: ...  # Qt naming; (location, top unit or None)

    @property
    def unitDragged(self) -> SignalInstance: ...  # Qt naming; (unit id, from, to)

    @property
    def locationHovered(self) -> SignalInstance: ...  # Qt naming; (location or None)

    @property
    def rightClicked(self) -> SignalInstance: ...  # Qt naming

    def set_units(self, units: list[UnitView], acting_side: str | None = None) -> None: ...
    def set_markers(self, markers: Sequence[MarkerView]) -> None: ...
    def markers_key(self) -> tuple[tuple[str, int], ...]: ...
    def units_at(self, label: str) -> list[str]: ...
    def select(self, uid: str | None) -> None: ...
    def has_location(self, label: str | None) -> bool: ...
    def centre(self, label: str) -> QPointF: ...
    def view_pos(self, label: str) -> QPoint: ...
    def line_path(self, start: str, end: str) -> list[str]: ...
    def neighbour_path(self, start: str) -> list[str]: ...
    def reach_text(self, n: int) -> str: ...
    def show_reach(self, costs: dict[str, float]) -> None: ...
    def show_zoc(self, labels: Iterable[str]) -> None: ...
    def show_path(self, labels: Iterable[str]) -> None: ...
    def show_targets(self, targets: Iterable[str], participants: Iterable[str] = ()) -> None: ...
    def clear_overlays(self) -> None: ...
    def detach(self) -> None: ...


def hidden_pixmap(color: str, px: int) -> QPixmap:
    """A counter whose face the viewer may not see (a secret set-up): the side's colour and a '?'."""
    pm = QPixmap(px, px)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setBrush(QColor(color or "#888888"))
    p.setPen(QPen(QColor("#202020"), 3))
    p.drawRoundedRect(QRectF(2, 2, px - 4, px - 4), 6, 6)
    f = QFont()
    f.setBold(True)
    f.setPixelSize(int(px * 0.5))
    p.setFont(f)
    p.drawText(QRectF(0, 0, px, px), Qt.AlignmentFlag.AlignCenter, "?")
    p.end()
    return pm


def drop_item(item: QGraphicsItem) -> None:
    item.setParentItem(None)  # type: ignore[arg-type]  # None unparents (Qt API)
    scene = item.scene()
    if scene is not None:
        scene.removeItem(item)


class BoardView(QObject):
    """The shared half of a playtest board; a kind supplies its map, counters and location geometry."""

    locationClicked = Signal(str, object)  # Qt naming; location, unit id under the press or None
    unitDragged = Signal(str, str, str)  # Qt naming; unit id, from location, to location
    locationHovered = Signal(object)  # Qt naming; location or None
    rightClicked = Signal()  # Qt naming

    Z_TINT = 20.0  # the reach and zone-of-control tints
    Z_OVERLAY = 20.0  # targets, participants, the path and the costs
    REACH_EDGE_WIDTH = 1.5
    PIXMAP_PX = 128  # the size counters are drawn at before scaling

    def __init__(self, scenario: Scenario, view: ZoomView, base_dir: Path | None = None) -> None:
        super().__init__(view)
        self.scenario = scenario
        self.base_dir = base_dir
        self.view = view
        view.handler = self
        self.units: dict[str, UnitView] = {}
        self.stacks: dict[str, list[str]] = {}
        self.selected: str | None = None
        self.reach: dict[str, float] = {}
        self.zoc: set[str] = set()
        self.path: tuple[str, ...] = ()
        self.targets: set[str] = set()
        self.participants: set[str] = set()
        self.marker_items: list[QGraphicsItem] = []
        self.cost_items: dict[str, QGraphicsSimpleTextItem] = {}
        self._faces: dict[str, tuple[bool, bool]] = {}
        self._press: tuple[str, str | None, QPointF] | None = None
        self._hover: str | None = None
        self.reach_item = self._overlay(self.Z_TINT, cosmetic_pen(REACH_EDGE, self.REACH_EDGE_WIDTH),
                                        QBrush(REACH_COLOR))
        zoc = QBrush(QColor(ZOC_COLOR.red(), ZOC_COLOR.green(), ZOC_COLOR.blue(), 150), Qt.BrushStyle.BDiagPattern)
        self.zoc_item = self._overlay(self.Z_TINT + 0.5, cosmetic_pen(ZOC_COLOR, 2.0, Qt.PenStyle.DashLine), zoc)
        self.target_item = self._overlay(self.Z_OVERLAY + 1, cosmetic_pen(TARGET_COLOR, 4.0),
                                         QBrush(QColor(255, 120, 0, 50)))
        self.part_item = self._overlay(self.Z_OVERLAY + 1, cosmetic_pen(PARTICIPANT_COLOR, 3.0),
                                       QBrush(Qt.BrushStyle.NoBrush))
        self.path_item = self._overlay(self.Z_OVERLAY + 2, cosmetic_pen(PATH_COLOR, 5.0),
                                       QBrush(Qt.BrushStyle.NoBrush))

    def _overlay(self, z: float, pen: QPen, brush: QBrush) -> QGraphicsPathItem:
        item = QGraphicsPathItem()
        item.setZValue(z)
        item.setPen(pen)
        item.setBrush(brush)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.view.scene().addItem(item)
        return item

    # -- what a kind supplies -------------------------------------------------------------------------
    def has_location(self, label: str | None) -> bool:
        raise NotImplementedError

    def label_at(self, scene_pos: QPointF) -> str | None:
        raise NotImplementedError

    def centre(self, label: str) -> QPointF:
        raise NotImplementedError

    def outline(self, labels: Iterable[str]) -> QPainterPath:
        """The outline of these locations (the reach, zone-of-control and target overlays)."""
        raise NotImplementedError

    def line_path(self, start: str, end: str) -> list[str]:
        """The locations from `start` to `end` a person means by pointing at `end` (a straight line of hexes,
        the areas by fewest borders), so the rules name the first thing on the way that forbids it."""
        raise NotImplementedError

    def neighbour_path(self, start: str) -> list[str]:
        """A one-step move from `start` (to explain why a unit cannot move at all)."""
        raise NotImplementedError

    def reach_text(self, n: int) -> str:
        """How the status bar counts a selected unit's reach."""
        raise NotImplementedError

    def set_units(self, units: list[UnitView], acting_side: str | None = None) -> None:
        raise NotImplementedError

    def set_markers(self, markers: Sequence[MarkerView]) -> None:
        raise NotImplementedError

    def counter_item(self, uid: str) -> Any:
        """The counter drawn for `uid` (a CounterItem), or None."""
        raise NotImplementedError

    def top_unit_at(self, label: str, scene_pos: QPointF) -> str | None:
        """The unit a press at `scene_pos` in `label` picks: the top counter of the stack there."""
        stack = self.units_at(label)
        return stack[-1] if stack else None

    COST_UNIT = "MP"  # what the rules call the movement a cost counts
    UNIT_ON_MAP = False  # the unit written after each cost on the map too

    def cost_text(self, cost: float) -> str:
        number = str(int(cost)) if float(cost).is_integer() else f"{cost:g}"
        return f"{number} {self.COST_UNIT}" if self.UNIT_ON_MAP else number

    def cost_font(self) -> QFont:
        raise NotImplementedError

    def cost_pos(self, label: str, text_rect: QRectF) -> QPointF:
        c = self.centre(label)
        return c + QPointF(-text_rect.width() / 2, -text_rect.height() / 2)

    def path_sizes(self) -> tuple[float, float, float]:
        """The ring drawn round a one-location path, the dot at a path's end and its arrow head."""
        raise NotImplementedError

    def detach(self) -> None:
        """Let go of the map (a board replaced by another in the window)."""
        self.view.handler = None

    # -- units -----------------------------------------------------------------------------------------
    def units_at(self, label: str) -> list[str]:
        """The units in a location, the top one last."""
        return list(self.stacks.get(label, []))

    def markers_key(self) -> tuple[tuple[str, int], ...]:
        """What the markers' placement depends on besides the markers (how many units each stack has)."""
        return tuple(sorted((lab, len(uids)) for lab, uids in self.stacks.items()))

    def face(self, uv: UnitView) -> tuple[bool, bool]:
        """(hidden, reduced): a counter whose face changes is drawn again."""
        return (uv.status == "hidden" or uv.id not in self.scenario.units,
                any(f in uv.flags for f in REDUCED_FLAGS))

    def pixmap(self, uid: str) -> QPixmap:
        """The counter of a unit as the viewer may see it: its face (front or back), or hidden."""
        uv = self.units.get(uid)
        unit = self.scenario.units.get(uid)
        if uv is None or unit is None or uv.status == "hidden":
            s = self.scenario.side(uv.side) if uv is not None else None
            return hidden_pixmap(s.color if s is not None else "", self.PIXMAP_PX)
        return counter_pixmap(unit, self.scenario, self.PIXMAP_PX, back=any(f in uv.flags for f in REDUCED_FLAGS))

    def tooltip(self, uv: UnitView) -> str:
        sd = self.scenario.side(uv.side)
        tip = f"{uv.name or uv.id} ({sd.name if sd is not None and sd.name else uv.side})"
        tip += (f" {uv.values}" if uv.values else "") + (" - " + ", ".join(uv.flags) if uv.flags else "")
        return tip + (f" [{uv.status}]" if uv.hex is None and uv.status else "")

    def select(self, uid: str | None) -> None:
        old = self.counter_item(self.selected) if self.selected is not None else None
        if old is not None:
            old.set_selected_mark(False)
        self.selected = uid
        new = self.counter_item(uid) if uid is not None else None
        if new is not None:
            new.set_selected_mark(True)

    # -- overlays --------------------------------------------------------------------------------------
    def show_reach(self, costs: dict[str, float]) -> None:
        """The locations a unit can reach, each with the MP (MF) it will have spent on arriving there."""
        for item in self.cost_items.values():
            drop_item(item)
        self.cost_items = {}
        self.reach = dict(costs)
        self.reach_item.setPath(self.outline(costs))
        font = self.cost_font()
        for lab, cost in costs.items():
            if not self.has_location(lab):
                continue
            text = QGraphicsSimpleTextItem(self.cost_text(cost))
            text.setFont(font)
            text.setBrush(QColor("white"))
            text.setPen(cosmetic_pen(QColor(0, 30, 90), 1.2))
            text.setPos(self.cost_pos(lab, text.boundingRect()))
            text.setZValue(self.Z_OVERLAY + 3)
            text.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            text.setToolTip(f"{lab}: {cost:g} {self.COST_UNIT}")
            self.view.scene().addItem(text)
            self.cost_items[lab] = text

    def show_zoc(self, labels: Iterable[str]) -> None:
        """The locations in the zone of control of the enemy that stop a move (drawn hatched red)."""
        self.zoc = set(labels)
        self.zoc_item.setPath(self.outline(self.zoc))

    def show_path(self, labels: Iterable[str]) -> None:
        """A path through location centres (a move, a retreat, an advance); one location is a ring."""
        self.path = tuple(labels)
        ring, dot, head_length = self.path_sizes()
        path = QPainterPath()
        pts = [self.centre(lab) for lab in self.path if self.has_location(lab)]
        if len(pts) == 1:
            path.addEllipse(pts[0], ring, ring)
        elif pts:
            path.moveTo(pts[0])
            for p in pts[1:]:
                path.lineTo(p)
            path.addEllipse(pts[-1], dot, dot)  # the destination: a dot and an arrow head
            line = QLineF(pts[-1], pts[-2])
            for angle in (-25, 25):
                head = QLineF(line)
                head.setLength(head_length)
                head.setAngle(line.angle() + angle)
                path.moveTo(head.p1())
                path.lineTo(head.p2())
        self.path_item.setPath(path)

    def show_targets(self, targets: Iterable[str], participants: Iterable[str] = ()) -> None:
        """The locations a decision is about (an attack's target) and those taking part (the attackers)."""
        self.targets = set(targets)
        self.participants = set(participants)
        many = len(self.targets) > MANY_TARGETS
        self.target_item.setPen(cosmetic_pen(TARGET_COLOR, 2.0 if many else 4.0))
        self.target_item.setBrush(QBrush(QColor(255, 120, 0, 25 if many else 50)))
        self.target_item.setPath(self.outline(self.targets))
        self.part_item.setPath(self.outline(self.participants))

    def clear_overlays(self) -> None:
        self.show_reach({})
        self.show_zoc(())
        self.show_path(())
        self.show_targets(())

    def view_pos(self, label: str) -> QPoint:
        """The viewport position of a location's centre (for clicks in tests and scripts)."""
        return self.view.mapFromScene(self.centre(label))

    # -- the view's handler hooks (ZoomView): presses, drags and hovers become location signals ----------
    def press(self, pos: QPointF, button: Qt.MouseButton, modifiers: Qt.KeyboardModifier) -> bool:
        if button == Qt.MouseButton.RightButton:
            self.rightClicked.emit()
            return True
        if button != Qt.MouseButton.LeftButton:
            return False
        lab = self.label_at(pos)
        if lab is None:
            return True
        self._press = (lab, self.top_unit_at(lab, pos), self.view.mapFromScene(pos).toPointF())
        return True

    def move(self, pos: QPointF, buttons: Qt.MouseButton, modifiers: Qt.KeyboardModifier) -> bool:
        lab = self.label_at(pos)
        if lab != self._hover:
            self._hover = lab
            self.locationHovered.emit(lab)
        return False

    def release(self, pos: QPointF, button: Qt.MouseButton, modifiers: Qt.KeyboardModifier) -> bool:
        if button != Qt.MouseButton.LeftButton or self._press is None:
            return button == Qt.MouseButton.RightButton
        lab, uid, start = self._press
        self._press = None
        to = self.label_at(pos)
        moved = (self.view.mapFromScene(pos).toPointF() - start).manhattanLength() > DRAG_PIXELS
        if uid is not None and to is not None and to != lab and moved:
            self.unitDragged.emit(uid, lab, to)
        else:
            self.locationClicked.emit(lab, uid)
        return True

    def double_click(self, pos: QPointF, button: Qt.MouseButton, modifiers: Qt.KeyboardModifier) -> bool:
        return self.press(pos, button, modifiers)  # a quick second click is a click like any other

    def key(self, key: int, modifiers: Qt.KeyboardModifier) -> bool:
        return False

    def leave(self) -> None:
        if self._hover is not None:
            self._hover = None
            self.locationHovered.emit(None)


__all__ = ["BoardView", "PlaytestBoard", "REDUCED_FLAGS", "drop_item", "hidden_pixmap"]
