"""The area map drawn in a QGraphicsScene and the view around it.

`AreaLayers` puts an AreaMap into a scene: the scanned underlay (the hex editor's UnderlayItem), each
area as its polygon filled with its terrain's colour, its number (and name, VP, zone) at its pole of
inaccessibility, the borders whose kind the rules read (river, bridge, ramp, perimeter; "none" dotted),
the problems (overlaps, gaps, slivers, isolated areas) hatched red, the selection, and counters laid out
in rows inside their area (app/areamap/geometry.py counter_layout). It rebuilds from the model on every
change: a few hundred polygons redraw in milliseconds.

`AreaView` is the QGraphicsView: wheel zoom around the cursor, middle-button or Space+drag pan, fit to
window; it forwards presses, moves, releases, double clicks and keys (in scene coordinates) to the
active tool or handler.
"""

from __future__ import annotations

from pathlib import Path

import shapely
from hexwright.app.counters.draw import counter_pixmap
from hexwright.app.kindbase.counters import PIXMAP_PX, CounterItem
from hexwright.app.kindbase.underlay import UnderlayItem
from hexwright.app.render.arealabels import LabelLayout, fit_label
from hexwright.app.render.view import ZoomView, cosmetic_pen
from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QWidget,
)

from . import geometry as geo
from .document import area_sort_key

BORDER_STYLES: dict[str, tuple[str, float, Qt.PenStyle]] = {
    "river": ("#1f6fd0", 6.0, Qt.PenStyle.SolidLine),
    "bridge": ("#8a4b12", 7.0, Qt.PenStyle.SolidLine),
    "ramp": ("#9b30c0", 6.0, Qt.PenStyle.SolidLine),
    "perimeter": ("#d01010", 5.0, Qt.PenStyle.DashLine),
    "none": ("#505050", 3.0, Qt.PenStyle.DotLine),
}
Z_UNDERLAY, Z_AREAS, Z_BORDERS, Z_LABELS, Z_PROBLEMS, Z_SELECTION, Z_COUNTERS, Z_TOOL = 0, 10, 20, 30, 40, 45, 50, 60
# the layers an area map shows in the editor's Layers panel: id -> (title, z)
AREA_LAYERS: dict[str, tuple[str, float]] = {
    "underlay": ("Scanned underlay", Z_UNDERLAY),
    "areas": ("Areas", Z_AREAS),
    "borders": ("Borders", Z_BORDERS),
    "labels": ("Numbers and names", Z_LABELS),
    "counters": ("Counters", Z_COUNTERS),
}


_FONTS: dict[float, QFont] = {}
_WIDTHS: dict[tuple[str, float], float] = {}


def label_font(px: float) -> QFont:
    """The bold font of area labels at `px` pixels (map units)."""
    f = _FONTS.get(px)
    if f is None:
        f = QFont()
        f.setBold(True)
        f.setPixelSize(max(1, round(px)))
        _FONTS[px] = f
    return f


def _measure(text: str, px: float) -> float:
    w = _WIDTHS.get((text, px))
    if w is None:
        w = QFontMetricsF(label_font(px)).horizontalAdvance(text)
        _WIDTHS[(text, px)] = w
    return w
DEFAULT_COUNTER_SIDE = 56.0  # map units: a counter at 100 % on a scan of about 100 dpi


def cosmetic(color: QColor | str, width: float, style: Qt.PenStyle = Qt.PenStyle.SolidLine) -> QPen:
    """A pen `width` screen pixels wide at any zoom (`render.view.cosmetic_pen`)."""
    return cosmetic_pen(color, width, style)


def ring_path(ring) -> QPainterPath:
    path = QPainterPath()
    if len(ring) >= 2:
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in ring]))
        path.closeSubpath()
    return path


def geometry_path(g) -> QPainterPath:
    """A QPainterPath of a shapely geometry (lines as lines, polygons filled)."""
    path = QPainterPath()
    if g is None or g.is_empty:
        return path
    for part in getattr(g, "geoms", [g]):
        if part.geom_type == "Polygon":
            path.addPath(ring_path(geo.ring_of(part)))
        elif part.geom_type in ("LineString", "LinearRing"):
            pts = list(part.coords)
            path.moveTo(*pts[0])
            for p in pts[1:]:
                path.lineTo(*p)
        elif part.geom_type == "Point":
            path.addEllipse(QPointF(part.x, part.y), 4, 4)
        elif hasattr(part, "geoms"):
            path.addPath(geometry_path(part))
    return path


class LabelItem(QGraphicsItem):
    """An area's label: its lines centred in the block `fit_label` chose, dark with a light halo (one item,
    cheap to build for hundreds of areas)."""

    HALO = QColor(255, 255, 255, 200)
    INK = QColor("#101010")

    def __init__(self, layout: LabelLayout) -> None:
        super().__init__()
        self.layout = layout
        self.font = label_font(layout.px)
        x, y = layout.centre
        self.rect = QRectF(x - layout.width / 2 - 2, y - layout.height / 2 - 2, layout.width + 4, layout.height + 4)

    def boundingRect(self) -> QRectF:
        return self.rect

    def paint(self, painter: QPainter, option, widget=None) -> None:
        lay = self.layout
        painter.setFont(self.font)
        h = lay.px * 1.2
        for text, (x, y) in zip(lay.lines, lay.line_centres(), strict=True):
            r = QRectF(x - lay.width / 2 - 2, y - h / 2, lay.width + 4, h)
            painter.setPen(self.HALO)
            for dx, dy in ((-0.6, 0), (0.6, 0), (0, -0.6), (0, 0.6)):
                painter.drawText(r.translated(dx, dy), Qt.AlignmentFlag.AlignCenter, text)
            painter.setPen(self.INK)
            painter.drawText(r, Qt.AlignmentFlag.AlignCenter, text)


class AreaLayers:
    """The area map's items in a scene, rebuilt from the model by `rebuild()`."""

    def __init__(self, scene: QGraphicsScene, area_map, scenario=None, base_dir: Path | None = None) -> None:
        self.scene = scene
        self.map = area_map
        self.scenario = scenario
        self.base_dir = base_dir
        self.counter_side = DEFAULT_COUNTER_SIDE
        self.underlay = UnderlayItem()
        self.underlay.setZValue(Z_UNDERLAY)
        scene.addItem(self.underlay)
        self.area_items: dict[str, QGraphicsPathItem] = {}
        self.label_items: dict[str, QGraphicsItem] = {}
        self.border_items: list[QGraphicsItem] = []
        self.counter_items: dict[str, CounterItem] = {}
        self.counter_pos: dict[str, QPointF] = {}
        self.problem_item = self._path_item(Z_PROBLEMS, cosmetic("#e00000", 3.0),
                                            QBrush(QColor(230, 0, 0, 140), Qt.BrushStyle.DiagCrossPattern))
        self.selection_item = self._path_item(Z_SELECTION, cosmetic("#ffcc00", 4.0), QBrush(QColor(255, 204, 0, 50)))
        self.highlight_item = self._path_item(Z_SELECTION + 1, cosmetic("#00c8ff", 5.0), Qt.BrushStyle.NoBrush)
        self.fill_opacity = 90  # of 255: the scan shows through the terrain colour
        self.hidden: set[str] = set()  # layers hidden from the Layers panel (AREA_LAYERS)
        self.locked: set[str] = set()  # layers locked against edits
        self.show_counters = True
        self.numbers_above = scenario is not None  # counters at the pole: the number goes above them
        self._label_counts: dict[str, int] = {}  # area id -> counters in it when its label was placed
        self.problems: list = []
        self.selected: list[str] = []
        self._number_points: dict[str, tuple] = {}  # area id -> (key, LabelLayout): fitting a label is slow

    def _path_item(self, z: float, pen: QPen, brush) -> QGraphicsPathItem:
        item = QGraphicsPathItem()
        item.setZValue(z)
        item.setPen(pen)
        item.setBrush(brush)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.scene.addItem(item)
        return item

    @staticmethod
    def _drop(item: QGraphicsItem) -> None:
        if item.scene() is not None:
            item.scene().removeItem(item)

    def map_rect(self) -> QRectF:
        r = QRectF(0, 0, float(self.map.width), float(self.map.height))
        for item in self.area_items.values():
            r = r.united(item.boundingRect())
        if not self.underlay.pixmap().isNull():
            r = r.united(self.underlay.sceneBoundingRect())
        return r

    # -- layers (the editor's Layers panel) -------------------------------------------------------
    def layer_items(self, layer: str) -> list[QGraphicsItem]:
        items: dict[str, list[QGraphicsItem]] = {
            "underlay": [self.underlay], "areas": list(self.area_items.values()), "borders": list(self.border_items),
            "labels": list(self.label_items.values()), "counters": list(self.counter_items.values())}
        return items.get(layer, [])

    def is_visible(self, layer: str) -> bool:
        return layer not in self.hidden

    def is_locked(self, layer: str) -> bool:
        return layer in self.locked

    def set_visible(self, layer: str, visible: bool) -> None:
        (self.hidden.discard if visible else self.hidden.add)(layer)
        self.apply_visibility(layer)

    def set_locked(self, layer: str, locked: bool) -> None:
        (self.locked.add if locked else self.locked.discard)(layer)

    def apply_visibility(self, *layers: str) -> None:
        for layer in layers or tuple(AREA_LAYERS):
            on = layer not in self.hidden
            if layer == "underlay" and self.map.underlay is not None:
                on = on and self.map.underlay.visible
            for item in self.layer_items(layer):
                item.setVisible(on)

    # -- building ---------------------------------------------------------------------------------
    def rebuild(self) -> None:
        self.underlay.show_underlay(self.map.underlay, self.base_dir)
        if self.map.underlay is not None:
            self.underlay.setVisible(self.map.underlay.visible)
        for item in list(self.area_items.values()) + list(self.label_items.values()) + self.border_items:
            self._drop(item)
        self.area_items, self.label_items, self.border_items = {}, {}, []
        table = self.map.terrain_table.terrain
        neighbours: dict[str, list[str]] = {}
        for br in self.map.borders.values():  # once for all tooltips (AreaMap.neighbours is per area)
            if br.adjacent:
                neighbours.setdefault(br.a, []).append(br.b)
                neighbours.setdefault(br.b, []).append(br.a)
        for aid, area in self.map.areas.items():
            if len(area.polygon) < 3:
                continue
            item = QGraphicsPathItem(ring_path(area.polygon))
            tt = table.get(area.terrain)
            color = QColor(tt.color if tt is not None else "#cccccc")
            color.setAlpha(self.fill_opacity)
            item.setBrush(color)
            item.setPen(cosmetic("#202020", 1.6))
            item.setZValue(Z_AREAS)
            item.setToolTip(self.describe(aid, neighbours.get(aid, [])))
            self.scene.addItem(item)
            self.area_items[aid] = item
            self.label_items[aid] = self._label(aid, area)
        self._build_borders()
        self.set_problems(self.problems)
        self.set_selected(self.selected)
        self.layout_counters()
        self.apply_visibility()

    def describe(self, aid: str, neighbours: list[str] | None = None) -> str:
        a = self.map.areas[aid]
        tt = self.map.terrain_table.terrain.get(a.terrain)
        parts = [f"Area {aid}" + (f" ({a.name})" if a.name else ""), tt.name if tt is not None else a.terrain]
        if a.vp:
            parts.append(f"{a.vp} VP")
        if a.zone:
            parts.append(f"zone {a.zone}")
        if a.stacking is not None:
            parts.append(f"stacking {a.stacking}")
        if a.tags:
            parts.append(", ".join(sorted(a.tags)))
        nb = self.map.neighbours(aid) if neighbours is None else sorted(neighbours, key=area_sort_key)
        parts.append("neighbours " + (", ".join(nb) if nb else "none"))
        return " · ".join(parts)

    def _label(self, aid: str, area) -> QGraphicsItem:
        """The area's number and name, with its VP and zone, fitted inside its outline (labels.py): wrapped,
        smaller, or the number alone when the area is too small for the rest; the full text in the tooltip."""
        extra = []
        if area.vp:
            extra.append(f"{area.vp} VP")
        if area.zone:
            extra.append(f"zone {area.zone}")
        n = self._label_counts.get(aid, 0) if self.numbers_above else 0  # counters there: the label avoids them
        key = (tuple(area.polygon), n, area.name, tuple(extra), self.counter_side)
        cached = self._number_points.get(aid)
        if cached is None or cached[0] != key:
            avoid = None
            if self.numbers_above:  # counters (or, on the playtest board, the MF of a move) stand at the pole
                avoid = self._counter_room(key[0], n) if n else self._pole_room(key[0])
            anchor = geo.number_point(key[0], self.numbers_above)
            cached = (key, fit_label(key[0], aid, area.name, " · ".join(extra), anchor, _measure, avoid=avoid))
            self._number_points[aid] = cached
        item = LabelItem(cached[1])
        item.setZValue(Z_LABELS)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.scene.addItem(item)
        return item

    @staticmethod
    def _pole_room(ring):
        """The middle of an empty area, where the playtest board prints a move's cost ("10 MF")."""
        from shapely.geometry import box

        x, y = geo.label_point(ring)
        return box(x - 34, y - 13, x + 34, y + 13)

    def _counter_room(self, ring, n: int):
        """Where the area's `n` counters stand (laid out as layout_counters does) and the markers under them
        (the playtest's control tags): the label keeps clear."""
        from shapely.geometry import box

        centres, side = geo.counter_layout(ring, n, self.counter_side)
        xs, ys = [c[0] for c in centres], [c[1] for c in centres]
        bottom = max(ys) + side / 2
        mid = (min(xs) + max(xs)) / 2
        block = box(min(xs) - side / 2 - 2, min(ys) - side / 2 - 2, max(xs) + side / 2 + 2, bottom + 2)
        return block.union(box(mid - 62, bottom, mid + 62, bottom + 20))  # a "control: German" tag under them

    def _build_borders(self) -> None:
        for br in self.map.borders.values():
            style = BORDER_STYLES.get(br.kind)
            if style is None or br.a not in self.map.areas or br.b not in self.map.areas:
                continue
            color, width, pen_style = style
            line = self.map.shared_border(br.a, br.b)
            if line is None or line.is_empty or line.length <= 0:
                pa, pb = geo.label_point(tuple(self.map.areas[br.a].polygon)), geo.label_point(
                    tuple(self.map.areas[br.b].polygon))
                line = shapely.LineString([pa, pb])  # a bridge across a gap the polygons leave open
            item = QGraphicsPathItem(geometry_path(line))
            item.setPen(cosmetic(color, width, pen_style))
            item.setZValue(Z_BORDERS)
            item.setToolTip(f"Border {br.a}/{br.b}: {br.kind}" + (" (edited)" if br.edited else ""))
            self.scene.addItem(item)
            self.border_items.append(item)

    # -- overlays ---------------------------------------------------------------------------------
    def set_problems(self, problems) -> None:
        """Hatch the problems red: the overlap itself, the gap, the sliver or isolated area outlined."""
        self.problems = list(problems)
        path = QPainterPath()
        for p in self.problems:
            path.addPath(self.problem_path(p))
        self.problem_item.setPath(path)

    def problem_path(self, p) -> QPainterPath:
        path = QPainterPath()
        areas = [a for a in getattr(p, "areas", ()) if a in self.map.areas]
        code = getattr(p, "code", "")
        if code == "overlap" and len(areas) == 2:
            g = shapely.intersection(self.map.geometry(areas[0]), self.map.geometry(areas[1]))
            path.addPath(geometry_path(g))
        elif areas and code != "gap":
            for a in areas:
                path.addPath(ring_path(self.map.areas[a].polygon))
        at = getattr(p, "at", None)
        if at is not None and path.isEmpty():
            path.addEllipse(QPointF(*at), 12, 12)
        return path

    def set_selected(self, ids) -> None:
        self.selected = [a for a in ids if a in self.map.areas]
        path = QPainterPath()
        for a in self.selected:
            path.addPath(ring_path(self.map.areas[a].polygon))
        self.selection_item.setPath(path)

    def set_highlight(self, path: QPainterPath | None) -> None:
        self.highlight_item.setPath(path or QPainterPath())

    # -- counters ---------------------------------------------------------------------------------
    def placements(self) -> dict[str, list[str]]:
        by_area: dict[str, list[str]] = {}
        sc = self.scenario
        if sc is None:
            return by_area
        for uid, where in sc.placements.items():
            if where in self.map.areas and uid in sc.units:
                by_area.setdefault(where, []).append(uid)
        return by_area

    def layout_counters(self, by_area: dict[str, list[str]] | None = None, pixmaps=None) -> None:
        """Counters in rows inside their area, shrunk to fit a small area (never under a third)."""
        if by_area is None:
            by_area = self.placements() if self.show_counters else {}
        wanted = set()
        for aid, uids in by_area.items():
            ring = tuple(self.map.areas[aid].polygon)
            if len(ring) < 3:
                continue
            centres, side = geo.counter_layout(ring, len(uids), self.counter_side)
            for uid, (x, y) in zip(uids, centres, strict=True):
                wanted.add(uid)
                item = self.counter_items.get(uid)
                if item is None:
                    pm = pixmaps(uid) if pixmaps is not None else counter_pixmap(
                        self.scenario.units[uid], self.scenario, PIXMAP_PX)
                    item = CounterItem(uid, pm, side, None)
                    item.setZValue(Z_COUNTERS)
                    self.scene.addItem(item)
                    self.counter_items[uid] = item
                item.setScale(side / PIXMAP_PX)
                item.setPos(QPointF(x, y))
                self.counter_pos[uid] = QPointF(x, y)
        for uid in [u for u in self.counter_items if u not in wanted]:
            self._drop(self.counter_items.pop(uid))
            self.counter_pos.pop(uid, None)
        self._relabel({aid: len(uids) for aid, uids in by_area.items() if uids})
        self.apply_visibility("counters", "labels")

    def _relabel(self, counts: dict[str, int]) -> None:
        """Place again the labels of areas whose number of counters changed (they keep clear of them)."""
        if not self.numbers_above:
            return
        changed = {a for a in set(counts) | set(self._label_counts) if counts.get(a) != self._label_counts.get(a)}
        self._label_counts = dict(counts)
        for aid in changed:
            old = self.label_items.get(aid)
            area = self.map.areas.get(aid)
            if old is None or area is None:
                continue
            self._drop(old)
            self.label_items[aid] = self._label(aid, area)

    def counter_at(self, pos: QPointF) -> str | None:
        for item in self.scene.items(pos):
            if isinstance(item, CounterItem):
                return item.unit_id
        return None


class AreaView(ZoomView):
    """The area scene in a `ZoomView` (zoom and pan shared with the hex map); mouse and keys go to
    `handler` (a tool) in scene coordinates, and the position under the mouse is `hovered`."""

    hovered = Signal(object)  # Qt naming - scene position (QPointF) or None

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._map = QRectF(0, 0, 1000, 800)
        self.set_map_rect(self._map)

    @property
    def scene_rect(self) -> QRectF:
        """The map's extent (what fitting shows, before its margin)."""
        return self._map

    @scene_rect.setter
    def scene_rect(self, rect: QRectF) -> None:
        self._map = QRectF(rect)
        self.set_map_rect(self._map)

    def tolerance(self, pixels: float = 9.0) -> float:
        """`pixels` on screen in map units at the current zoom (the snapping distance)."""
        return pixels / max(self.zoom(), 1e-6)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # Qt API
        if self._pan_from is None:
            self.hovered.emit(self._scene(event))
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:  # Qt API
        self.hovered.emit(None)
        super().leaveEvent(event)
