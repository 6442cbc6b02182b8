"""Scene items for counters and markers shared by every map kind and the playtest boards: a unit's
counter (drawn by its size on the screen, app/kindbase/counter_lod.py), a marker, the stack badge and
the cross on a demolished bridge."""

from __future__ import annotations

from hexwright.app.counters.draw import paint_marker
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsPixmapItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
)

PIXMAP_PX = 96  # counters are drawn at this size and scaled to the hex
COUNTER_SCALE = 1.3  # counter side in hex sizes (centre-to-corner): fits inside the hex
STACK_STEP = 0.09  # offset of each counter under the top one, in counter sides
WARNING_COLOR = QColor("#e01010")
SELECT_COLOR = QColor("#ffcc00")


def stack_badge(layer: QGraphicsItem, c: QPointF, side: float, n: int, colour: QColor | None = None) -> QGraphicsItem:
    """The round badge at a counter's top-right corner saying how many units share its hex (`colour`: the
    badge's fill, dark grey unless given, e.g. the warning colour of a stack over the limit)."""
    r = side * 0.2
    badge = QGraphicsEllipseItem(QRectF(-r, -r, 2 * r, 2 * r), layer)
    badge.setPos(c + QPointF(side * 0.5, -side * 0.5))
    badge.setBrush(QBrush(colour if colour is not None else QColor("#202020")))
    badge.setPen(QPen(QColor("white"), r * 0.15))
    badge.setZValue(2000)
    text = QGraphicsSimpleTextItem(str(n), badge)
    font = QFont()
    font.setBold(True)
    font.setPointSizeF(max(1.0, r * 1.2))
    text.setFont(font)
    text.setBrush(QColor("white"))
    br = text.boundingRect()
    text.setPos(-br.width() / 2, -br.height() / 2)
    return badge

def hexside_cross(centre: QPointF, r: float) -> QPainterPath:
    """A cross of half-width `r` on a hexside's midpoint: how the editor and the playtest board mark a
    demolished bridge or a ferry."""
    path = QPainterPath()
    path.moveTo(centre + QPointF(-r, -r))
    path.lineTo(centre + QPointF(r, r))
    path.moveTo(centre + QPointF(-r, r))
    path.lineTo(centre + QPointF(r, -r))
    return path


class CounterItem(QGraphicsPixmapItem):
    """One set-up unit's counter (front side), centred on its own origin."""

    def __init__(self, unit_id: str, pixmap, side: float, parent: QGraphicsItem | None) -> None:
        super().__init__(pixmap, parent)
        self.unit_id = unit_id
        self.setOffset(-PIXMAP_PX / 2, -PIXMAP_PX / 2)
        self.setScale(side / PIXMAP_PX)
        self.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
        self.zone_mark: QGraphicsRectItem | None = None
        self.select_mark: QGraphicsRectItem | None = None
        self.unit = None  # set with the scenario: the counter is then drawn by its size on the screen
        self.scenario = None
        self.level_badge: QGraphicsRectItem | None = None

    def paint(self, painter, option, widget=None) -> None:
        """The printed counter when it is large enough on the screen to read; zoomed out, a chip with its
        values, then with its unit type (app/kindbase/counter_lod.py)."""
        if self.unit is not None:
            from .counter_lod import lod_paint

            rect = QRectF(-PIXMAP_PX / 2, -PIXMAP_PX / 2, PIXMAP_PX, PIXMAP_PX)
            if lod_paint(painter, rect, self.unit, self.scenario):
                return
        super().paint(painter, option, widget)

    def set_level_badge(self, level: int) -> None:
        """The `L1` tag at the counter's top-left corner: the unit is in the location at that level of its
        hex (ASL Arnhem Bridge 1.1: on the bridge), as the map's own location marks say it."""
        w, h = PIXMAP_PX * 0.36, PIXMAP_PX * 0.24
        badge = QGraphicsRectItem(QRectF(-PIXMAP_PX / 2, -PIXMAP_PX / 2, w, h), self)
        badge.setBrush(QBrush(QColor("#1a3a8a")))
        badge.setPen(QPen(QColor("white"), 1.5))
        text = QGraphicsSimpleTextItem(f"L{level}", badge)
        font = QFont()
        font.setBold(True)
        font.setPointSizeF(h * 0.55)
        text.setFont(font)
        text.setBrush(QColor("white"))
        br = text.boundingRect()
        text.setPos(-PIXMAP_PX / 2 + (w - br.width()) / 2, -PIXMAP_PX / 2 + (h - br.height()) / 2)
        self.level_badge = badge

    def _frame(self, color: QColor, width: float, style=Qt.PenStyle.SolidLine) -> QGraphicsRectItem:
        r = QGraphicsRectItem(QRectF(-PIXMAP_PX / 2, -PIXMAP_PX / 2, PIXMAP_PX, PIXMAP_PX).adjusted(-3, -3, 3, 3),
                              self)
        pen = QPen(color, width)
        pen.setStyle(style)
        r.setPen(pen)
        r.setBrush(Qt.BrushStyle.NoBrush)
        return r

    def set_zone_problem(self, message: str | None) -> None:
        if message is None:
            if self.zone_mark is not None:
                self.zone_mark.setParentItem(None)  # type: ignore[arg-type]  # Qt takes None: no parent
                if self.zone_mark.scene() is not None:
                    self.zone_mark.scene().removeItem(self.zone_mark)
                self.zone_mark = None
            self.setToolTip(self.unit_id)
            return
        if self.zone_mark is None:
            self.zone_mark = self._frame(WARNING_COLOR, 7, Qt.PenStyle.DashLine)
        self.setToolTip(f"{self.unit_id}: {message}")

    def set_selected_mark(self, on: bool) -> None:
        if on and self.select_mark is None:
            self.select_mark = self._frame(SELECT_COLOR, 6)
        elif not on and self.select_mark is not None:
            self.select_mark.setParentItem(None)  # type: ignore[arg-type]  # Qt takes None: no parent
            if self.select_mark.scene() is not None:
                self.select_mark.scene().removeItem(self.select_mark)
            self.select_mark = None


class MarkerItem(QGraphicsPixmapItem):
    """A map marker (drop zone, supply, ...) in its hex."""

    def __init__(self, marker_id: str, pixmap, side: float, parent: QGraphicsItem) -> None:
        super().__init__(pixmap, parent)
        self.marker_id = marker_id
        self.setOffset(-PIXMAP_PX / 2, -PIXMAP_PX / 2)
        self.setScale(side / PIXMAP_PX)
        self.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)


def marker_pixmap(marker, scenario) -> QPixmap:
    pm = QPixmap(PIXMAP_PX, PIXMAP_PX)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_marker(p, QRectF(0, 0, PIXMAP_PX, PIXMAP_PX), marker, scenario)
    p.end()
    return pm
