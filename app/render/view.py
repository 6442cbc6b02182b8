"""A zoom-and-pan view of a map scene, shared by every window that shows a map (hex or area).

`ZoomView` zooms with the wheel about the cursor, with keys or menus about the middle of the view, fits
the map to the window (and keeps it fitted through resizes until the person zooms or pans) and pans with
the middle button, space+drag or the arrow keys. Everything else a mouse or key does goes to its
`handler` in scene coordinates (`ViewHandler`): the view knows nothing of hexes, areas, tools or units.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QWidget

MIN_ZOOM = 0.01
MAX_ZOOM = 16.0
WHEEL_STEP = 1.0015  # zoom factor per wheel angle unit (1/8 degree): 120 units ~ 1.2x
ZOOM_STEP = 1.25
PAN_STEP = 60  # pixels an arrow key pans
BACKGROUND = "#5a5f66"
ARROWS = {int(Qt.Key.Key_Left.value): (-1, 0), int(Qt.Key.Key_Right.value): (1, 0),
          int(Qt.Key.Key_Up.value): (0, -1), int(Qt.Key.Key_Down.value): (0, 1)}


def cosmetic_pen(color: QColor | str, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    """A pen `width` screen pixels wide at any zoom (overlays, outlines), with round joins and caps."""
    pen = QPen(QColor(color), width)
    pen.setCosmetic(True)
    pen.setStyle(style)
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    return pen


class ViewHandler(Protocol):
    """What a ZoomView tells the thing that gives its clicks meaning (scene positions). A hook returns
    True when it used the event."""

    def press(self, pos: QPointF, button: Qt.MouseButton, modifiers: Qt.KeyboardModifier) -> bool: ...

    def move(self, pos: QPointF, buttons: Qt.MouseButton, modifiers: Qt.KeyboardModifier) -> bool: ...

    def release(self, pos: QPointF, button: Qt.MouseButton, modifiers: Qt.KeyboardModifier) -> bool: ...

    def double_click(self, pos: QPointF, button: Qt.MouseButton, modifiers: Qt.KeyboardModifier) -> bool: ...

    def key(self, key: int, modifiers: Qt.KeyboardModifier) -> bool: ...

    def leave(self) -> None: ...


class ZoomView(QGraphicsView):
    """Zoom and pan over a map scene; mouse and keys go to `handler` in scene coordinates."""

    zoomChanged = Signal(float)  # Qt naming
    viewportMoved = Signal()  # Qt naming
    firstPainted = Signal()  # Qt naming - the viewport has been painted for the first time

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setScene(QGraphicsScene(self))
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
        self.setBackgroundBrush(QColor(BACKGROUND))
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.handler: ViewHandler | None = None
        self.map_rect: QRectF | None = None  # what "fit" shows; None: the whole scene rect
        self._pan_from: QPoint | None = None
        self._space = False
        self._fitted = False  # fitted to the window: a resize (the first show too) fits it again
        self._painted = False
        self.horizontalScrollBar().valueChanged.connect(self.viewportMoved)
        self.verticalScrollBar().valueChanged.connect(self.viewportMoved)

    def set_map_rect(self, rect: QRectF, margin: float = 20.0) -> None:
        """The map's extent: what fitting shows; the scene reaches a map's size beyond it on every side
        so the map can be panned to any edge of the window."""
        r = rect.adjusted(-margin, -margin, margin, margin)
        self.map_rect = r
        self.setSceneRect(r.adjusted(-r.width(), -r.height(), r.width(), r.height()))

    # -- zoom ---------------------------------------------------------------------------------------
    def zoom(self) -> float:
        return self.transform().m11()

    def set_zoom(self, z: float, anchor: QPointF | None = None) -> None:
        """Zoom to `z`, keeping the scene point under `anchor` (a viewport position) where it is, or the
        middle of the view where it is."""
        self._fitted = False
        z = max(MIN_ZOOM, min(MAX_ZOOM, z))
        factor = z / self.zoom()
        old = self.transformationAnchor()
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.NoAnchor)
        at = anchor.toPoint() if anchor is not None else self.viewport().rect().center()
        under = self.mapToScene(at)
        self.scale(factor, factor)
        moved = self.mapFromScene(under) - at
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + moved.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() + moved.y())
        self.setTransformationAnchor(old)
        self.zoomChanged.emit(self.zoom())

    def zoom_in(self) -> None:
        self.set_zoom(self.zoom() * ZOOM_STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self.zoom() / ZOOM_STEP)

    def zoom_actual(self) -> None:
        self.set_zoom(1.0)

    def show_view(self, zoom: float, centre: QPointF) -> None:
        """Zoom and centre the view (a remembered view of a file)."""
        self.set_zoom(zoom)
        self.centerOn(centre)
        self.viewportMoved.emit()

    def fit_map(self) -> None:
        rect = self.map_rect if self.map_rect is not None else self.sceneRect()
        self.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
        self._fitted = True
        self.zoomChanged.emit(self.zoom())

    def visible_scene_rect(self) -> QRectF:
        return self.mapToScene(self.viewport().rect()).boundingRect()

    def is_fitted(self) -> bool:
        return self._fitted

    def paintEvent(self, event: QPaintEvent) -> None:  # Qt API
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            self.firstPainted.emit()

    def resizeEvent(self, event: QResizeEvent) -> None:  # Qt API
        super().resizeEvent(event)
        if self._fitted:  # fitted before the window was shown (a tiny viewport) or before a resize
            self.fit_map()

    def wheelEvent(self, event: QWheelEvent) -> None:  # Qt API
        if event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            super().wheelEvent(event)  # scroll
            return
        delta = event.angleDelta().y() or event.angleDelta().x()
        if delta:
            self.set_zoom(self.zoom() * (WHEEL_STEP ** delta), anchor=event.position())
        event.accept()

    # -- mouse and keys -------------------------------------------------------------------------------
    def _scene(self, event: QMouseEvent) -> QPointF:
        return self.mapToScene(event.position().toPoint())

    def _pans(self, event: QMouseEvent) -> bool:
        return event.button() == Qt.MouseButton.MiddleButton or (
            self._space and event.button() == Qt.MouseButton.LeftButton)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # Qt API
        if self._pans(event):
            self._pan_from = event.position().toPoint()
            self._fitted = False
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            return
        if self.handler is not None and self.handler.press(self._scene(event), event.button(), event.modifiers()):
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # Qt API
        if self._pan_from is not None:
            p = event.position().toPoint()
            d = p - self._pan_from
            self._pan_from = p
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - d.x())
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - d.y())
            return
        if self.handler is not None and self.handler.move(self._scene(event), event.buttons(), event.modifiers()):
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # Qt API
        if self._pan_from is not None:
            self._pan_from = None
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor if self._space else Qt.CursorShape.ArrowCursor)
            return
        if self.handler is not None and self.handler.release(self._scene(event), event.button(), event.modifiers()):
            return
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # Qt API
        if self.handler is not None and self.handler.double_click(self._scene(event), event.button(),
                                                                  event.modifiers()):
            return
        super().mouseDoubleClickEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # Qt API
        key = event.key()
        if key == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            return
        if self.handler is not None and self.handler.key(key, event.modifiers()):
            return
        step = ARROWS.get(int(key))
        if step is not None:
            self._fitted = False
            dx, dy = step
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() + dx * PAN_STEP)
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() + dy * PAN_STEP)
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:  # Qt API
        if event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self._space = False
            self._pan_from = None
            self.viewport().setCursor(Qt.CursorShape.ArrowCursor)
            return
        super().keyReleaseEvent(event)

    def leaveEvent(self, event: QEvent) -> None:  # Qt API
        if self.handler is not None:
            self.handler.leave()
        super().leaveEvent(event)


__all__ = ["ViewHandler", "ZoomView", "cosmetic_pen"]
