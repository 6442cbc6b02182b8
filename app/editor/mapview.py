"""The hex map view: a `ZoomView` (app/render/view.py: zoom about the cursor, keys, fit to window; pan by
middle drag, space+drag, arrow keys, shared with the area view) that forwards mouse and key events to
the active tool.

When a scenario is open, `counter_handler` (app/editor/counter_layer.py) sees mouse presses, moves,
releases, the Delete key, context menus and drops first: a press on a counter, or a unit dragged from
the order of battle, is the counters' business; anything else goes on to the tool."""

from __future__ import annotations

from typing import Any

from hexwright.app.hexmap.canvas import MapCanvas, brush_outline
from hexwright.app.render.view import ZoomView
from hexwright.engine.hexgrid import Hex
from PySide6.QtCore import QEvent, QPointF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsView, QWidget

from .tools.base import Tool, ToolEvent


class MapView(ZoomView):
    """The hex map in a `ZoomView`: mouse and keys go to the counters of an open scenario, then to the
    active tool as ToolEvents (scene position and hex)."""

    hexHovered = Signal(object)  # Qt naming - Hex or None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.canvas: MapCanvas | None = None
        self.tool: Tool | None = None
        self._hover: Hex | None = None
        self.counter_handler: Any = None  # CounterLayer of an open scenario, or None
        self.file_drop_handler: Any = None  # the EditorWindow: opens map and scenario files dropped on the view
        self.setAcceptDrops(True)
        self._fitted = True  # keep the whole map in view until the person zooms or pans (is_fitted)
        self._fitting = False
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

    # -- zoom (render.view.ZoomView zooms, pans and fits) -------------------------------------------
    def set_zoom(self, z: float, anchor: QPointF | None = None) -> None:
        super().set_zoom(z, anchor)
        self.viewportMoved.emit()

    def fit_map(self) -> None:
        if self.canvas is None or self._fitting:
            return
        self._fitting = True
        try:  # the whole scene rect (map_rect is None), so no scroll bar appears (and none toggles back)
            super().fit_map()
        finally:
            self._fitting = False
        self.viewportMoved.emit()

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

    def _tool_cursor(self) -> None:
        self.viewport().setCursor(self.tool.cursor() if self.tool else Qt.CursorShape.ArrowCursor)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # Qt API
        if self._pans(event):  # ZoomView pans
            super().mousePressEvent(event)
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

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # Qt API
        if self._pan_from is not None:
            super().mouseMoveEvent(event)
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

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # Qt API
        if self._pan_from is not None and self._pans(event):
            super().mouseReleaseEvent(event)
            if not self._space:
                self._tool_cursor()
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

    def leaveEvent(self, event: QEvent) -> None:  # Qt API
        if self.tool is not None:
            self.tool.leave()
        self._hover = None
        self.hexHovered.emit(None)
        super().leaveEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # Qt API
        """Delete removes the selected counters, then the tool has the key; space and the arrow keys pan
        (ZoomView)."""
        key = event.key()
        if key != Qt.Key.Key_Space:
            if key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and self.counter_handler is not None \
                    and self.counter_handler.remove_selected():
                return
            if self.tool is not None and self.tool.key_press(key, event.modifiers()):
                return
        super().keyPressEvent(event)

    def contextMenuEvent(self, event) -> None:
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

    def dragEnterEvent(self, event) -> None:
        if self._file_drop(event):
            event.acceptProposedAction()
        elif self.counter_handler is not None and self.counter_handler.accepts(event.mimeData()):
            _accept_as_copy(event)
        else:
            event.ignore()

    def dragMoveEvent(self, event) -> None:
        if self._file_drop(event):
            event.acceptProposedAction()
        elif self.counter_handler is not None and self.counter_handler.accepts(event.mimeData()):
            self.counter_handler.drag_over(self.mapToScene(event.position().toPoint()), event.mimeData())
            _accept_as_copy(event)
        else:
            event.ignore()

    def dragLeaveEvent(self, event) -> None:
        if self.counter_handler is not None:
            self.counter_handler.drag_over(None)
        event.accept()

    def dropEvent(self, event) -> None:
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

    def keyReleaseEvent(self, event: QKeyEvent) -> None:  # Qt API
        super().keyReleaseEvent(event)
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._tool_cursor()


def _accept_as_copy(event) -> None:
    """Accept a unit drag as a copy: the order of battle keeps its row (a move would remove it)."""
    if event.possibleActions() & Qt.DropAction.CopyAction:
        event.setDropAction(Qt.DropAction.CopyAction)
        event.accept()
    else:
        event.acceptProposedAction()
