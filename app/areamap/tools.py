"""The area-map editor's tools (Tiled `abstracttool.h` shape): each gets presses, moves, releases,
double clicks and keys in scene coordinates from the AreaView and edits the map through the document,
whose methods push ONE undo command per edit.

- Select / edit (S): click an area to select it (Shift+click adds a second one, for Merge); drag a
  vertex to move it (with the areas sharing it); double-click a border to insert a vertex there;
  Delete removes the vertex under the cursor, else the selected area; drag a counter to another area.
- Draw area (A): click vertices (snapped to the vertices, then the edges, of the areas drawn already),
  double-click or Enter closes the polygon, Backspace takes back the last vertex, Esc cancels.
- Split (K): click the points of a line across an area, double-click or Enter cuts it in two; Esc
  cancels.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, QPointF, Qt, Signal
from PySide6.QtGui import QColor, QPainterPath
from PySide6.QtWidgets import QGraphicsPathItem

from . import geometry as geo
from .geometry import AreaGeometryError
from .view import Z_TOOL, cosmetic

if TYPE_CHECKING:
    from .document import AreaMapDocument
    from .view import AreaLayers, AreaView


class AreaEditorHost(Protocol):
    """What the area tools need of the area kind's part of the editor window (app/editor/area_kind.py)."""

    view: AreaView
    area_layers: AreaLayers
    selected: list[str]

    @property
    def document(self) -> AreaMapDocument: ...

    def select_areas(self, ids: Iterable[str]) -> None: ...
    def select_unit(self, uid: str | None) -> None: ...
    def show_status(self, text: str) -> None: ...
    def delete_selected(self) -> None: ...
    def place_units(self, uids: Iterable[str], area_id: str | None) -> None: ...
    def is_locked(self, layer: str) -> bool: ...

    brush_terrain: str


def _pt(p: QPointF) -> tuple[float, float]:
    return (p.x(), p.y())


class AreaTool(QObject):
    statusChanged = Signal(str)

    name = ""
    title = ""
    shortcut = ""
    help = ""

    def __init__(self, win: AreaEditorHost) -> None:
        super().__init__()
        self.win = win
        self.preview = QGraphicsPathItem()
        self.preview.setZValue(Z_TOOL)
        self.preview.setPen(cosmetic("#ff2a8a", 2.5))
        self.preview.setBrush(QColor(255, 42, 138, 40))
        self.snap_mark = QGraphicsPathItem()
        self.snap_mark.setZValue(Z_TOOL + 1)
        self.snap_mark.setPen(cosmetic("#00e000", 3.0))

    @property
    def doc(self):
        return self.win.document

    def activate(self) -> None:
        scene = self.win.view.scene()
        for item in (self.preview, self.snap_mark):
            if item.scene() is None:
                scene.addItem(item)
        self.statusChanged.emit(self.help)

    def deactivate(self) -> None:
        self.cancel()

    def cancel(self) -> None:
        self.preview.setPath(QPainterPath())
        self.snap_mark.setPath(QPainterPath())

    def tolerance(self) -> float:
        return self.win.view.tolerance()

    def snap(self, p: QPointF, exclude=()) -> geo.Snap:
        return geo.snap_point(self.doc.rings(), _pt(p), self.tolerance(), exclude)

    def show_snap(self, s: geo.Snap) -> None:
        path = QPainterPath()
        if s.kind:
            r = self.tolerance() * 0.7
            if s.kind == "vertex":
                path.addRect(s.point[0] - r, s.point[1] - r, 2 * r, 2 * r)
            else:
                path.addEllipse(QPointF(*s.point), r, r)
        self.snap_mark.setPath(path)

    def refuse(self, exc: Exception) -> None:
        self.win.show_status(str(exc))

    # hooks: True when the tool used the event
    def press(self, pos: QPointF, button, modifiers) -> bool:
        return False

    def move(self, pos: QPointF, buttons, modifiers) -> bool:
        return False

    def release(self, pos: QPointF, button, modifiers) -> bool:
        return False

    def double_click(self, pos: QPointF, button, modifiers) -> bool:
        return False

    def key(self, key: int, modifiers) -> bool:
        return False

    def leave(self) -> None:
        """The mouse left the view."""


class _PolylineTool(AreaTool):
    """Click points (snapped), finish with a double click or Enter, Esc cancels, Backspace undoes one."""

    def __init__(self, win: AreaEditorHost) -> None:
        super().__init__(win)
        self.points: list[tuple[float, float]] = []
        self.hover: tuple[float, float] | None = None

    def cancel(self) -> None:
        self.points = []
        self.hover = None
        super().cancel()

    def _redraw(self) -> None:
        path = QPainterPath()
        pts = self.points + ([self.hover] if self.hover is not None else [])
        if pts:
            path.moveTo(*pts[0])
            for p in pts[1:]:
                path.lineTo(*p)
            r = self.tolerance() * 0.35
            for p in self.points:
                path.addEllipse(QPointF(*p), r, r)
        self.preview.setPath(path)

    def add_point(self, pos: QPointF) -> None:
        s = self.snap(pos)
        if not self.points or self.points[-1] != s.point:
            self.points.append(s.point)
        self._redraw()
        self.statusChanged.emit(self.progress_text())

    def progress_text(self) -> str:
        return f"{len(self.points)} points; double-click or Enter to finish, Esc cancels"

    def press(self, pos, button, modifiers) -> bool:
        if button == Qt.MouseButton.RightButton:
            self.cancel()
            return True
        if button != Qt.MouseButton.LeftButton:
            return False
        self.add_point(pos)
        return True

    def move(self, pos, buttons, modifiers) -> bool:
        s = self.snap(pos)
        self.show_snap(s)
        self.hover = s.point if self.points else None
        self._redraw()
        return False

    def double_click(self, pos, button, modifiers) -> bool:
        if button != Qt.MouseButton.LeftButton:
            return False
        self.add_point(pos)  # the double click's own point (its first press added it already: dropped as equal)
        self.finish()
        return True

    def key(self, key, modifiers) -> bool:
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.finish()
            return True
        if key == Qt.Key.Key_Escape:
            self.cancel()
            self.statusChanged.emit("Cancelled")
            return True
        if key == Qt.Key.Key_Backspace and self.points:
            self.points.pop()
            self._redraw()
            return True
        return False

    def finish(self) -> None:
        raise NotImplementedError


class DrawAreaTool(_PolylineTool):
    name = "draw"
    title = "Draw area"
    shortcut = "A"
    help = ("Draw area: click vertices (they snap to the vertices and borders of neighbouring areas); "
            "double-click or Enter closes it, Backspace removes the last vertex, Esc cancels")

    def _redraw(self) -> None:
        super()._redraw()
        if len(self.points) >= 2 and self.hover is not None:
            path = self.preview.path()
            path.lineTo(*self.points[0])
            self.preview.setPath(path)

    def finish(self) -> None:
        pts = list(self.points)
        if len(pts) < 3:
            self.win.show_status("An area needs three vertices at least: keep clicking, or Esc to cancel")
            return
        try:
            aid = self.doc.add_area(pts)
        except AreaGeometryError as exc:
            self.refuse(exc)
            return
        self.cancel()
        self.win.select_areas([aid])
        self.win.show_status(f"Area {aid} drawn ({len(pts)} vertices); its number and terrain are in the "
                             "Area panel")


class SplitTool(_PolylineTool):
    name = "split"
    title = "Split area"
    shortcut = "K"
    help = "Split: click a line across an area, from border to border; double-click or Enter cuts it, Esc cancels"

    def finish(self) -> None:
        pts = list(self.points)
        if len(pts) < 2:
            self.win.show_status("A split line needs two points at least")
            return
        aid = self.area_crossed(pts)
        if aid is None:
            self.win.show_status("The line crosses no area")
            return
        try:
            new = self.doc.split_area(aid, pts)
        except AreaGeometryError as exc:
            self.refuse(exc)
            return
        self.cancel()
        self.win.select_areas([aid, new])
        self.win.show_status(f"Area {aid} split: the new part is area {new}")

    def area_crossed(self, pts) -> str | None:
        """The area the line runs through the longest (the selected one when it crosses that)."""
        from shapely.geometry import LineString

        line = LineString(pts)
        best: tuple[float, str] | None = None
        for aid in self.doc.area_map.areas:
            g = self.doc.area_map.geometry(aid)
            length = g.intersection(line).length if not g.is_empty else 0.0
            if aid in self.win.selected:
                length *= 1.5
            if length > 0 and (best is None or length > best[0]):
                best = (length, aid)
        return best[1] if best is not None else None


class SelectTool(AreaTool):
    name = "select"
    title = "Select / edit vertices"
    shortcut = "S"
    help = ("Select: click an area (Shift+click a second for Merge); drag a vertex to move it; double-click a "
            "border to insert a vertex; Delete removes the vertex under the cursor, else the selected area")

    def __init__(self, win: AreaEditorHost) -> None:
        super().__init__(win)
        self.dragging: tuple[float, float] | None = None
        self.drag_counter: str | None = None
        self.hover_vertex: tuple[float, float] | None = None

    def press(self, pos, button, modifiers) -> bool:
        if button != Qt.MouseButton.LeftButton:
            return False
        p = _pt(pos)
        uid = self.win.area_layers.counter_at(pos)
        if uid is not None:
            self.drag_counter = uid
            self.win.select_unit(uid)
            return True
        v = geo.nearest_vertex(self.doc.rings(), p, self.tolerance())
        if v is not None:
            self.dragging = v
            return True
        aid = geo.area_at(self.doc.rings(), p)
        if modifiers & Qt.KeyboardModifier.ShiftModifier and aid is not None:
            sel = [a for a in self.win.selected if a != aid][-1:] + [aid]
            self.win.select_areas(sel)
        else:
            self.win.select_areas([aid] if aid is not None else [])
        return True

    def move(self, pos, buttons, modifiers) -> bool:
        if self.dragging is not None:
            s = self.snap_excluding_vertex(pos)
            path = QPainterPath()
            path.moveTo(*self.dragging)
            path.lineTo(*s.point)
            self.preview.setPath(path)
            self.show_snap(s)
            return True
        self.hover_vertex = geo.nearest_vertex(self.doc.rings(), _pt(pos), self.tolerance())
        self.show_snap(geo.Snap(self.hover_vertex, "vertex") if self.hover_vertex else geo.Snap(_pt(pos), ""))
        return False

    def snap_excluding_vertex(self, pos: QPointF) -> geo.Snap:
        """Snap a dragged vertex to other areas' vertices and borders (not to the areas it belongs to)."""
        assert self.dragging is not None
        owners = [aid for aid, ring in self.doc.rings().items() if self.dragging in ring]
        return self.snap(pos, exclude=owners)

    def release(self, pos, button, modifiers) -> bool:
        if self.drag_counter is not None:
            uid, self.drag_counter = self.drag_counter, None
            aid = geo.area_at(self.doc.rings(), _pt(pos))
            if aid is not None and self.doc.scenario is not None and self.doc.scenario.placements.get(uid) != aid:
                self.win.place_units([uid], aid)
            return True
        if self.dragging is None:
            return False
        at, self.dragging = self.dragging, None
        self.cancel()
        to = self.snap_excluding_vertex_at(at, pos)
        if geo._dist(at, to) <= 1e-9:
            return True
        try:
            self.doc.move_vertex(at, to)
        except AreaGeometryError as exc:
            self.refuse(exc)
        return True

    def snap_excluding_vertex_at(self, at, pos: QPointF) -> tuple[float, float]:
        owners = [aid for aid, ring in self.doc.rings().items() if at in ring]
        return self.snap(pos, exclude=owners).point

    def double_click(self, pos, button, modifiers) -> bool:
        if button != Qt.MouseButton.LeftButton:
            return False
        try:
            self.doc.insert_vertex(_pt(pos), self.tolerance())
        except AreaGeometryError as exc:
            self.refuse(exc)
        return True

    def key(self, key, modifiers) -> bool:
        if key not in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            return False
        try:
            if self.hover_vertex is not None:
                v, self.hover_vertex = self.hover_vertex, None
                self.doc.delete_vertex(v)
            elif self.win.selected:
                self.win.delete_selected()
        except AreaGeometryError as exc:
            self.refuse(exc)
        return True


class PaintTool(AreaTool):
    """Paint terrain: every area the press and the drag touch takes the chosen terrain (the toolbar's
    terrain box); one drag is one undo step."""

    name = "paint"
    title = "Paint terrain"
    shortcut = "B"
    help = "Paint terrain: click or drag over areas to give them the terrain chosen in the toolbar"

    def __init__(self, win: AreaEditorHost) -> None:
        super().__init__(win)
        self.stroke: int | None = None

    def _paint(self, pos: QPointF) -> None:
        aid = self.doc.area_map.area_at(pos.x(), pos.y())
        if aid is None or self.stroke is None:
            return
        if self.win.is_locked("areas"):
            self.win.show_status("The areas layer is locked (Layers panel)")
            return
        terrain = self.win.brush_terrain
        if self.doc.paint_terrain([aid], terrain, self.stroke):
            self.win.show_status(f"Area {aid}: {terrain}")

    def press(self, pos: QPointF, button, modifiers) -> bool:
        if button != Qt.MouseButton.LeftButton:
            return False
        from .commands import new_stroke

        self.stroke = new_stroke()
        self._paint(pos)
        return True

    def move(self, pos: QPointF, buttons, modifiers) -> bool:
        if self.stroke is None or not buttons & Qt.MouseButton.LeftButton:
            return False
        self._paint(pos)
        return True

    def release(self, pos: QPointF, button, modifiers) -> bool:
        if self.stroke is None:
            return False
        self.stroke = None
        return True


TOOL_CLASSES = (SelectTool, DrawAreaTool, SplitTool, PaintTool)
