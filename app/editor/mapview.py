"""The map view: a QGraphicsView with smooth zoom (wheel around the cursor, keys, fit to window) and pan
(middle drag, space+drag, arrow keys) that forwards mouse and key events to the active tool.

When a scenario is open, `counter_handler` (app/editor/counter_layer.py) sees mouse presses, moves,
releases, the Delete key, context menus and drops first: a press on a counter, or a unit dragged from
the order of battle, is the counters' business; anything else goes on to the tool."""

from __future__ import annotations

from typing import Any

from hexwright.app.hexmap.canvas import MapCanvas, brush_outline
from hexwright.app.kindbase.view import init_map_view
from hexwright.engine.hexgrid import Hex
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainterPath, QPen, QWheelEvent
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsView

from .tools.base import Tool, ToolEvent

MIN_ZOOM = 0.01
MAX_ZOOM = 16.0
WHEEL_STEP = 1.0015  # zoom factor per wheel angle unit (1/8 degree): 120 units ~ 1.2x


class MapView(QGraphicsView):
    hexHovered = Signal(object)  # noqa: N815 - Hex or None
    zoomChanged = Signal(float)  # noqa: N815
    viewportMoved = Signal()  # noqa: N815
    firstPainted = Signal()  # noqa: N815 - the viewport has been painted for the first time

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        init_map_view(self)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.canvas: MapCanvas | None = None
        self.tool: Tool | None = None
        self._pan_from: QPoint | None = None
        self._space = False
        self._hover: Hex | None = None
        self.counter_handler: Any = None  # CounterLayer of an open scenario, or None
        self.file_drop_handler: Any = None  # the MainWindow: opens map and scenario files dropped on the view
        self.setAcceptDrops(True)
        self.auto_fit = True  # keep the whole map in view until the person zooms or pans
        self._fitting = False
        self._fit_transform = self.transform()
        self.preview = QGraphicsPathItem()
        self.preview.setZValue(50)
        self.preview.setPen(QPen(QColor(255, 255, 255), 0))
        self.preview.setBrush(QColor(255, 255, 255, 50))
        self.side_preview = QGraphicsPathItem()
        self.side_preview.setZValue(52)
        pen = QPen(QColor(255, 220, 0, 200), 5)
        pen.setCosmetic(True)
        self.side_preview.setPen(pen)
        self.selection = QGraphicsPathItem()
        self.selection.setZValue(51)
        self.selection.setPen(QPen(QColor("#ffcc00"), 3.0))
        self.horizontalScrollBar().valueChanged.connect(self.viewportMoved)
        self.verticalScrollBar().valueChanged.connect(self.viewportMoved)
        self._painted = False

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            self.firstPainted.emit()

    # -- map --------------------------------------------------------------------------------------
    def set_canvas(self, canvas: MapCanvas) -> None:
        self.canvas = canvas
        scene = self.scene()
        for item in (self.preview, self.selection, self.side_preview):
            if item.scene() is None:
                scene.addItem(item)
        self.preview.setPath(brush_outline(canvas.geometry, ()))
        self.selection.setPath(brush_outline(canvas.geometry, ()))

    def set_tool(self, tool: Tool | None) -> None:
        if self.tool is not None:
            self.tool.deactivate()
        self.tool = tool
        if tool is not None:
            tool.activate()
            self.viewport().setCursor(tool.cursor())

    # -- zoom -------------------------------------------------------------------------------------
    def zoom(self) -> float:
        return self.transform().m11()

    def set_zoom(self, z: float, anchor: QPointF | None = None) -> None:
        self.auto_fit = False
        z = max(MIN_ZOOM, min(MAX_ZOOM, z))
        factor = z / self.zoom()
        old = self.transformationAnchor()
        if anchor is None:
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
            self.scale(factor, factor)
        else:  # keep the scene point under `anchor` (a viewport position) where it is
            self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
            under = self.mapToScene(anchor.toPoint())
            self.scale(factor, factor)
            moved = self.mapFromScene(under) - anchor.toPoint()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + moved.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() + moved.y())
        self.setTransformationAnchor(old)
        self.zoomChanged.emit(self.zoom())
        self.viewportMoved.emit()

    def zoom_in(self) -> None:
        self.set_zoom(self.zoom() * 1.25)

    def zoom_out(self) -> None:
        self.set_zoom(self.zoom() / 1.25)

    def zoom_actual(self) -> None:
        self.set_zoom(1.0)

    def fit_map(self) -> None:
        if self.canvas is None or self._fitting:
            return
        self._fitting = True
        try:  # the whole scene rect, so no scroll bar appears (and none toggles the size back)
            self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        finally:
            self._fitting = False
        self.auto_fit = True
        self._fit_transform = self.transform()
        self.zoomChanged.emit(self.zoom())
        self.viewportMoved.emit()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt API
        super().resizeEvent(event)
        if self.auto_fit and self.transform() == self._fit_transform:
            self.fit_map()
        else:  # someone set another zoom since the last fit
            self.auto_fit = False

    def show_view(self, zoom: float, centre: QPointF) -> None:
        """Zoom and centre the view (a remembered view of a file)."""
        self.set_zoom(zoom)
        self.centerOn(centre)
        self.viewportMoved.emit()

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802 - Qt API
        if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            super().wheelEvent(event)  # scroll
            return
        delta = event.angleDelta().y() or event.angleDelta().x()
        if delta:
            self.set_zoom(self.zoom() * (WHEEL_STEP ** delta), anchor=event.position())
        event.accept()

    def visible_scene_rect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def centre_on_hex(self, h: Hex) -> None:
        if self.canvas is not None:
            self.centerOn(self.canvas.geometry.centre(h))

    def show_selection(self, hexes=(), path=None) -> None:
        if self.canvas is None:
            return
        self.selection.setPath(path if path is not None else brush_outline(self.canvas.geometry, hexes))

    def show_side_preview(self, side) -> None:
        """Highlight the hexside a click would edit (None clears it)."""
        path = QPainterPath()
        if side is not None and self.canvas is not None:
            line = self.canvas.geometry.side_line(side)
            path.moveTo(line.p1())
            path.lineTo(line.p2())
        self.side_preview.setPath(path)

    def show_preview(self, hexes) -> None:
        if self.canvas is not None:
            self.preview.setPath(brush_outline(self.canvas.geometry, hexes))

    # -- events to the tool ---------------------------------------------------------------------
    def tool_event(self, pos: QPointF, button=Qt.MouseButton.NoButton, buttons=Qt.MouseButton.NoButton,
                   modifiers=Qt.KeyboardModifier.NoModifier) -> ToolEvent:
        """A ToolEvent for a viewport position."""
        scene_pos = self.mapToScene(pos.toPoint())
        assert self.canvas is not None
        return ToolEvent(scene_pos, self.canvas.geometry.hex_at(scene_pos), button, buttons, modifiers)

    def tool_event_at_hex(self, h: Hex, button=Qt.MouseButton.LeftButton,
                          modifiers=Qt.KeyboardModifier.NoModifier) -> ToolEvent:
        """A ToolEvent at a hex centre, as a click there would give (benchmarks and scripts)."""
        assert self.canvas is not None
        c = self.canvas.geometry.centre(h)
        return ToolEvent(c, h, button, button, modifiers)

    def _panning(self, event: QMouseEvent) -> bool:
        return event.button() == Qt.MouseButton.MiddleButton or (
            self._space and event.button() == Qt.MouseButton.LeftButton)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._panning(event):
            self._pan_from = event.position().toPoint()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        if self.counter_handler is not None and self.counter_handler.mouse_press(event):
            event.accept()
            return
        if self.tool is not None and self.canvas is not None:
            self.tool.mouse_press(self.tool_event(event.position(), event.button(), event.buttons(),
                                                  event.modifiers()))
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._pan_from is not None:
            self.auto_fit = False
            p = event.position().toPoint()
            d = p - self._pan_from
            self._pan_from = p
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - d.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - d.y())
            event.accept()
            return
        if self.canvas is None:
            return
        if self.counter_handler is not None and self.counter_handler.mouse_move(event):
            event.accept()
            return
        ev = self.tool_event(event.position(), Qt.MouseButton.NoButton, event.buttons(), event.modifiers())
        h = ev.hex if self.canvas.map.contains(ev.hex) else None
        if h != self._hover:
            self._hover = h
            self.hexHovered.emit(h)
        if self.tool is not None:
            self.tool.mouse_move(ev)
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._pan_from is not None and self._panning(event):
            self._pan_from = None
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor if self._space else
                                      (self.tool.cursor() if self.tool else Qt.CursorShape.ArrowCursor))
            event.accept()
            return
        if self.counter_handler is not None and self.counter_handler.mouse_release(event):
            event.accept()
            return
        if self.tool is not None and self.canvas is not None:
            self.tool.mouse_release(self.tool_event(event.position(), event.button(), event.buttons(),
                                                    event.modifiers()))
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def leaveEvent(self, event) -> None:  # noqa: N802
        if self.tool is not None:
            self.tool.leave()
        self._hover = None
        self.hexHovered.emit(None)
        super().leaveEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        key = event.key()
        if key == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            return
        if key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and self.counter_handler is not None \
                and self.counter_handler.remove_selected():
            return
        if self.tool is not None and self.tool.key_press(key, event.modifiers()):
            return
        step = 60
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down):
            self.auto_fit = False
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down):
            h, v = self.horizontalScrollBar(), self.verticalScrollBar()
            if key == Qt.Key.Key_Left:
                h.setValue(h.value() - step)
            elif key == Qt.Key.Key_Right:
                h.setValue(h.value() + step)
            elif key == Qt.Key.Key_Up:
                v.setValue(v.value() - step)
            else:
                v.setValue(v.value() + step)
            return
        super().keyPressEvent(event)

    def contextMenuEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self.counter_handler is not None and self.counter_handler.context_menu(event.pos(), event.globalPos()):
            event.accept()
            return
        super().contextMenuEvent(event)

    # -- drops (units dragged from the order of battle) ----------------------------------------------
    def _file_drop(self, event) -> bool:
        """Map and scenario files dropped on the view go to the window (file_drop_handler), which opens them."""
        if self.file_drop_handler is None:
            return False
        from .interchange_actions import dropped_files

        return bool(dropped_files(event.mimeData()))

    def dragEnterEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self._file_drop(event):
            event.acceptProposedAction()
        elif self.counter_handler is not None and self.counter_handler.accepts(event.mimeData()):
            _accept_as_copy(event)
        else:
            event.ignore()

    def dragMoveEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self._file_drop(event):
            event.acceptProposedAction()
        elif self.counter_handler is not None and self.counter_handler.accepts(event.mimeData()):
            self.counter_handler.drag_over(self.mapToScene(event.position().toPoint()), event.mimeData())
            _accept_as_copy(event)
        else:
            event.ignore()

    def dragLeaveEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self.counter_handler is not None:
            self.counter_handler.drag_over(None)
        event.accept()

    def dropEvent(self, event) -> None:  # noqa: N802 - Qt API
        if self._file_drop(event):
            from .interchange_actions import open_dropped

            event.acceptProposedAction()
            open_dropped(self.file_drop_handler, event.mimeData())
            return
        handler = self.counter_handler
        if handler is not None and handler.drop(event.mimeData(), self.mapToScene(event.position().toPoint())):
            _accept_as_copy(event)
        else:
            event.ignore()

    def keyReleaseEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self._pan_from = None
            self.viewport().setCursor(self.tool.cursor() if self.tool else Qt.CursorShape.ArrowCursor)
            return
        super().keyReleaseEvent(event)


def _accept_as_copy(event) -> None:
    """Accept a unit drag as a copy: the order of battle keeps its row (a move would remove it)."""
    if event.possibleActions() & Qt.DropAction.CopyAction:
        event.setDropAction(Qt.DropAction.CopyAction)
        event.accept()
    else:
        event.acceptProposedAction()
