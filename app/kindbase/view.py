"""What the map view of every kind (app/editor/mapview.py for hexes, app/areamap/view.py for areas) starts
with: its own scene, antialiased drawing, the editor's grey around the map, zoom about the mouse."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView

BACKGROUND = "#5a5f66"


def init_map_view(view: QGraphicsView) -> None:
    view.setScene(QGraphicsScene(view))
    view.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.SmoothPixmapTransform)
    view.setBackgroundBrush(QColor(BACKGROUND))
    view.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
