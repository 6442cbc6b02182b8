"""Off-board areas on a hex board (Target Arnhem: Movement, "an adjoining off-board space"): each area is
drawn as a band of ghost hexes just outside the map edge it adjoins, in its colour, with its name and the
units waiting in it (the presenter's "off-board area NAME" marker), so the areas are on the board, not only
listed."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from hexwright.app.hexmap.canvas import brush_outline
from hexwright.app.render.view import cosmetic_pen
from hexwright.engine.hexgrid import Hex
from hexwright.engine.hexgrid.coords import hex_neighbors
from hexwright.engine.rules.presentation import MarkerView
from PySide6.QtCore import QPointF
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsSimpleTextItem

if TYPE_CHECKING:
    from .hex_board import HexBoardView

OFFBOARD = "offboard"  # Region.kind of an off-board area
AREA_MARKER = "off-board area "  # the kind of the presenter's marker listing an area's units
Z_AREA = 5.0  # over the map's layers, under the overlays and the counters


class OffBoardAreas:
    """The off-board areas of a hex map, drawn outside its edge; `show_units` writes who is in each."""

    def __init__(self, board: HexBoardView) -> None:
        self.board = board
        self.bands: dict[str, QGraphicsPathItem] = {}
        self.labels: dict[str, QGraphicsSimpleTextItem] = {}
        self.ghosts: dict[str, list[Hex]] = {}
        g = board.canvas.geometry
        scene = board.view.scene()
        for name, region in sorted(board.map.regions.items()):
            if region.kind != OFFBOARD or not region.hexes:
                continue
            ghosts = self.ghost_hexes(region.hexes)
            if not ghosts:
                continue
            self.ghosts[name] = ghosts
            band = QGraphicsPathItem(brush_outline(g, ghosts).simplified())  # one outline, no seams
            colour = QColor(region.color or "#606060")
            fill = QColor(colour)
            fill.setAlpha(90)
            band.setBrush(QBrush(fill))
            band.setPen(cosmetic_pen(colour.darker(130), 1.5))
            band.setZValue(Z_AREA)
            band.setToolTip(region.label or f"Off-board area {name}")
            scene.addItem(band)
            self.bands[name] = band
            text = QGraphicsSimpleTextItem(name)
            font = QFont()
            font.setBold(True)
            font.setPointSizeF(max(1.0, g.size * 0.45))
            text.setFont(font)
            text.setBrush(QColor("#ffffff"))
            text.setPen(cosmetic_pen(QColor("#202020"), 1.0))
            text.setZValue(Z_AREA + 0.5)
            text.setToolTip(band.toolTip())
            scene.addItem(text)
            self.labels[name] = text
            self._place(name)

    def ghost_hexes(self, hexes: set[Hex]) -> list[Hex]:
        """The hexes just outside the map next to `hexes` (their neighbours the map does not contain)."""
        m = self.board.map
        out: dict[Hex, None] = {}
        for h in sorted(hexes):
            for n in hex_neighbors(h):
                if not m.contains(n):
                    out[n] = None
        return list(out)

    def _place(self, name: str) -> None:
        """The name in the middle ghost hex of the band along the map's edge (by angle round the map's
        centre), so it stands outside the map even where the band turns a corner."""
        text = self.labels[name]
        g = self.board.canvas.geometry
        ghosts = self.ghosts[name]
        mid = g.map_rect.center()

        def angle(h: Hex) -> float:
            p = g.centre(h) - mid
            return math.atan2(p.y(), p.x())

        c = g.centre(sorted(ghosts, key=angle)[len(ghosts) // 2])
        br = text.boundingRect()
        text.setPos(QPointF(c.x() - br.width() / 2, c.y() - br.height() / 2))

    def show_units(self, markers: list[MarkerView]) -> None:
        """Each area's name with the units in it, from the presenter's off-board area markers."""
        inside = {m.kind[len(AREA_MARKER):]: m.text for m in markers if m.kind.startswith(AREA_MARKER)}
        for name, text in self.labels.items():
            units = inside.get(name, "")
            n = len([u for u in units.split(",") if u.strip()]) if units else 0
            text.setText(f"{name} ({n})" if n else name)
            self.labels[name].setToolTip(f"{self.bands[name].toolTip()}" + (f": {units}" if units else ": empty"))
            self._place(name)


__all__ = ["OffBoardAreas"]
