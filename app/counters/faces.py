"""Counter faces as images, for the counter images command and the VASSAL module: each design drawn once.

A scenario's counters mostly share their designs: the same symbol, size mark, colours and values on
counters that differ only in the id printed up their left side (a monster game's thousands of battalions).
`FacePainter` paints each design once without its id, keeps it, and paints each counter's id over a copy.
That gives the pixels of painting the whole face, because the id is painted after the frame, the stripe,
the size mark and the symbol (the copy holds them) and what is painted after it (the track or the
formation on the right, the no-ZOC mark, the values along the bottom, the band of a reduced side) lies
clear of it: an id that comes near them (a long id on a counter with a supply stripe) has its face painted
whole. A face with nothing of its own but its design (a counter too small to print its id) is copied whole.
A one-step unit's back is its design with its id printed over it, but in the Koenig system, where it also says
where the unit sets up or when it arrives: then it is painted whole.
"""

from __future__ import annotations

from hexwright.engine.model import Scenario, UnitDef
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter

from .draw import (
    SMALL_COUNTER_PX,
    counter_colors,
    counter_look,
    counter_top,
    fill_on_counter,
    id_box,
    paint_counter,
    placed_text,
    plain_back_id_box,
)

DESIGNS_BYTES = 64 * 1024 * 1024  # the designs kept at a time, in image memory
# the id stays this far (counter units, plus 2.5 device pixels of antialiasing) from what is painted after it
CLEAR_RIGHT = 77.0  # the track or formation at x >= 79, its boxes' pen reaching 77.7
CLEAR_BOTTOM_FRONT = 67.0  # the values at y >= 69, a movement box's pen reaching 67.9
CLEAR_BOTTOM_BACK = 63.0  # the band of a reduced side at y 63.5


class FacePainter:
    """Faces of one scenario's counters at `size_px` pixels, as ARGB32 premultiplied images."""

    def __init__(self, scenario: Scenario, size_px: int) -> None:
        self.scenario = scenario
        self.size_px = size_px
        self._designs: dict[tuple, QImage] = {}
        self._limit = max(1, DESIGNS_BYTES // (4 * size_px * size_px))
        self.painted_whole = 0  # faces painted whole (for tests and measurements)
        self.designs_painted = 0
        self.arrival = counter_look(scenario.rules).back_shows_arrival

    def _blank(self) -> QImage:
        img = QImage(self.size_px, self.size_px, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(Qt.GlobalColor.transparent)
        return img

    def _paint(self, unit: UnitDef, back: bool, with_id: bool) -> QImage:
        img = self._blank()
        p = QPainter(img)
        try:
            paint_counter(p, QRectF(0, 0, self.size_px, self.size_px), unit, self.scenario, back, with_id)
        finally:
            p.end()
        return img

    def image(self, unit: UnitDef, back: bool = False) -> QImage:
        """The face of `unit` (its back when `back`): the pixels `paint_counter` paints on a transparent image."""
        plain = back and unit.reduced is None  # a one-step unit's back: its id alone
        if plain and self.arrival:  # and where it sets up or when it arrives (Koenig 2.2)
            self.painted_whole += 1
            return self._paint(unit, back, True)
        colors = counter_colors(unit, self.scenario)
        small = self.size_px < SMALL_COUNTER_PX
        path = None
        if plain and not small:  # the id is all a plain back paints after its frame
            path = placed_text(plain_back_id_box(counter_top(colors)), unit.id, 16)
        elif not small:
            path = placed_text(id_box(counter_top(colors)), unit.id, 15, rotate=-90)
            r = path.boundingRect()
            margin = 2.5 * 100.0 / self.size_px
            if not plain and r.right() + margin > CLEAR_RIGHT or r.bottom() + margin > (CLEAR_BOTTOM_BACK if back
                                                                           else CLEAR_BOTTOM_FRONT):
                self.painted_whole += 1
                return self._paint(unit, back, True)
        key = (back, plain, colors.background.rgba(), colors.ink.rgba(), colors.box.rgba(),
               colors.stripe.rgba() if colors.stripe is not None else None, bool(unit.formation)
               and unit.formation in unit.id, unit.side, unit.nationality, unit.formation, unit.unit_type,
               unit.size, repr(unit.values), repr(unit.reduced), unit.steps, unit.flags, unit.supply, unit.color)
        design = self._designs.get(key)
        if design is None:
            if len(self._designs) >= self._limit:
                self._designs.clear()
            design = self._designs[key] = self._paint(unit, back, False)
            self.designs_painted += 1
        img = design.copy()
        if path is not None and unit.id:
            p = QPainter(img)
            try:
                fill_on_counter(p, QRectF(0, 0, self.size_px, self.size_px), path, colors.ink)
            finally:
                p.end()
        return img
