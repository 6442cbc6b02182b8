"""The map drawn in a QGraphicsScene as a few layer items, never one item per hex.

Each layer (underlay, terrain, regions, grid, hexsides, paths and bridges, in-hex features, labels,
counters) is one item covering the whole map, drawn with the export's own painter
(`paint_layer`, app/render/mapdraw.py): what the canvas shows at 100 % is what `hexwright render`
prints at scale 1. Its `paint` draws only what lies in the exposed rectangle, so a brush stamp
repaints a few hexes and a 40,000-hex map costs what the window shows, not what the map holds:

* terrain fill is rasterised with numpy when hexes are small on screen (every device pixel looks up
  the colour of the hex under it; textures are invisible there) into a picture of the whole map at
  the current scale, patched where the terrain changes; zoomed in, the export's terrain painter
  draws it with its textures and town blocks;
* the render geometry (app/render/geometry.py) follows the map's edits in place and keeps the paths
  of its line groups; zoomed out, the line layers and the regions keep a picture of the whole map,
  redrawn only in the rectangle an edit changes;
* detail too small to see (grid, hex numbers, feature symbols) is left out at low zoom; names are
  drawn larger than printed there, and lines at least a pixel wide.

The canvas subscribes to the HexMap's MapChange events and invalidates only the touched area (napari:
views subscribe to model events; the model never knows the widgets).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import shiboken6
from hexwright.app.render.mapdraw import RenderOptions, paint_layer
from hexwright.engine.hexgrid import Hex, Hexside, hexside_of
from hexwright.engine.model.hexmap import HexMap, MapChange
from PySide6.QtCore import QLineF, QPoint, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QImage,
    QImageReader,
    QPainter,
    QPainterPath,
    QPixmap,
    QPolygonF,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QGraphicsPixmapItem,
    QGraphicsScene,
    QStyleOptionGraphicsItem,
    QWidget,
)

CHUNK = 16  # hexes per chunk side in the hexside index

# what the canvas draws with the export's painter (app/render/mapdraw.py): each layer draws its part;
# the background is the scene's and the frame is drawn with the grid
EDITOR_OPTIONS = RenderOptions(background="", frame=False, grid_blocks=True, static_numbers=True)

# layer id -> (title, z value); drawn bottom to top in this order
# The scan lies over the terrain fill (under everything else) so its opacity slider blends the two
# while digitizing: at 100 % the printed map shows, lower it to compare with the painted terrain.
LAYERS: dict[str, tuple[str, float]] = {
    "terrain": ("Terrain", 0.0),
    "underlay": ("Scanned underlay", 0.7),
    "regions": ("Regions", 1.0),
    "grid": ("Grid", 1.5),
    "hexsides": ("Hexside features", 2.0),
    "paths": ("Roads, trails, rail", 3.0),
    "labels": ("Labels and hex numbers", 5.0),
    "counters": ("Counters", 10.0),
}
FEATURES_Z = 3.5  # in-hex features (towns, villages, forts) over the roads, as the export draws them

# below these on-screen hex radii (device pixels) a layer leaves out detail
MIN_RADIUS_GRID = 5.0
MIN_RADIUS_NUMBERS = 16.0
MIN_RADIUS_FEATURES = 2.5
MIN_RADIUS_SMOOTH = 4.0
VECTOR_TERRAIN_MAX_HEXES = 3000


@dataclass
class LayerState:
    visible: bool = True
    locked: bool = False


class MapGeometry:
    """The grid's geometry for drawing: layout, the hex outline and the offset <-> axial maths."""

    def __init__(self, m: HexMap) -> None:
        g = m.grid
        self.grid = g
        self.layout = m.layout()
        self.size = g.hex_size
        self.columns, self.rows = g.columns, g.rows
        self.offset = g.offset
        self.hex_polygon = QPolygonF([QPointF(*self.layout.corner_offset(i)) for i in range(6)])
        w, h = g.pixel_size()
        self.map_rect = QRectF(0.0, 0.0, w, h)
        self.flat = g.orientation == "flat"
        self.odd = g.stagger == "odd"
        cen = self.layout.hex_to_pixel(Hex(0, 0))
        self._side_offsets = []
        for d in range(6):
            a, b = self.layout.hexside_corners(Hex(0, 0), d)
            self._side_offsets.append(((a[0] - cen[0], a[1] - cen[1]), (b[0] - cen[0], b[1] - cen[1])))

    def centre(self, h: Hex) -> QPointF:
        return QPointF(*self.layout.hex_to_pixel(h))

    def polygon(self, h: Hex) -> QPolygonF:
        x, y = self.layout.hex_to_pixel(h)
        return self.hex_polygon.translated(x, y)

    def hex_at(self, p: QPointF) -> Hex:
        return self.layout.pixel_to_hex(p.x(), p.y())

    def hex_rect(self, hexes: Iterable[Hex], margin: float = 1.1) -> QRectF:
        """The scene rectangle covering these hexes (with `margin` hex sizes around their centres)."""
        arr = np.array(list(hexes), dtype=float).reshape(-1, 2)
        if not len(arr):
            return QRectF()
        xy = self.layout.hexes_to_pixels(arr)
        m = margin * self.size
        x0, y0 = xy.min(axis=0)
        x1, y1 = xy.max(axis=0)
        return QRectF(x0 - m, y0 - m, x1 - x0 + 2 * m, y1 - y0 + 2 * m)

    def side_rect(self, sides: Iterable[Hexside]) -> QRectF:
        hexes = [h for s in sides for h in s.hexes()]
        return self.hex_rect(hexes, 0.8)

    def to_offset_arrays(self, q: np.ndarray, r: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Vectorised OffsetGrid.from_hex."""
        if self.flat:
            par = q & 1
            row = r + ((q - par) // 2 if self.odd else (q + par) // 2)
            return q, row
        par = r & 1
        col = q + ((r - par) // 2 if self.odd else (r + par) // 2)
        return col, r

    def offset_range(self, rect: QRectF, pad: int = 1) -> tuple[int, int, int, int]:
        """Columns c0..c1 and rows r0..r1 (inclusive, clamped to the map) of hexes that may touch rect."""
        to_hex, from_hex = self.layout.pixel_to_hex, self.offset.from_hex  # 4 points: plain Python is quicker
        x0, x1, y0, y1 = rect.left(), rect.right(), rect.top(), rect.bottom()
        corners = [from_hex(to_hex(x, y)) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
        cols = [c for c, _ in corners]
        rows = [r for _, r in corners]
        c0 = max(0, min(cols) - pad)
        c1 = min(self.columns - 1, max(cols) + pad)
        r0 = max(0, min(rows) - pad)
        r1 = min(self.rows - 1, max(rows) + pad)
        return c0, c1, r0, r1

    def hexes_in_rect(self, rect: QRectF, pad: int = 1) -> Iterator[Hex]:
        c0, c1, r0, r1 = self.offset_range(rect, pad)
        to_hex = self.offset.to_hex
        for c in range(c0, c1 + 1):
            for r in range(r0, r1 + 1):
                yield to_hex(c, r)

    def count_in_rect(self, rect: QRectF) -> int:
        c0, c1, r0, r1 = self.offset_range(rect)
        return max(0, c1 - c0 + 1) * max(0, r1 - r0 + 1)

    def chunk_of(self, h: Hex) -> tuple[int, int]:
        c, r = self.offset.from_hex(h)
        return c // CHUNK, r // CHUNK

    def side_midpoint(self, side: Hexside) -> QPointF:
        a, b = side.hexes()
        (ax, ay), (bx, by) = self.layout.hex_to_pixel(a), self.layout.hex_to_pixel(b)
        return QPointF((ax + bx) / 2, (ay + by) / 2)

    def side_line(self, side: Hexside) -> QLineF:
        x, y = self.layout.hex_to_pixel(side.hex)
        (px, py), (qx, qy) = self._side_offsets[side.direction]
        return QLineF(x + px, y + py, x + qx, y + qy)

    def nearest_side(self, p: QPointF) -> tuple[Hexside, float]:
        """The hexside nearest a scene point, and the distance to its midpoint in hex sizes."""
        h = self.hex_at(p)
        best: tuple[Hexside, float] | None = None
        for d in range(6):
            side = hexside_of(h, d)
            mid = self.side_midpoint(side)
            dist = math.hypot(mid.x() - p.x(), mid.y() - p.y()) / self.size
            if best is None or dist < best[1]:
                best = (side, dist)
        assert best is not None
        return best


def qcolor(text: str, fallback: str = "#ff00ff") -> QColor:
    c = QColor(text)
    return c if c.isValid() else QColor(fallback)


def screen_radius(geometry: MapGeometry, lod: float) -> float:
    return geometry.size * lod


class TerrainRaster:
    """Terrain colour per hex as a (columns, rows) index array and a palette, for numpy rasterising."""

    def __init__(self, m: HexMap, geometry: MapGeometry) -> None:
        self.map = m
        self.geometry = geometry
        self.rebuild()

    def rebuild(self) -> None:
        m = self.map
        codes = list(m.terrain_table.terrain)
        self.code_index = {c: i for i, c in enumerate(codes)}
        unknown = len(codes)
        pal = [qcolor(t.color).rgba() for t in m.terrain_table.terrain.values()] + [QColor("#ff00ff").rgba(), 0]
        self.palette = np.array(pal, dtype=np.uint32)
        self.transparent = len(pal) - 1
        g = self.geometry
        self.index = np.full((g.columns, g.rows), unknown, dtype=np.int16)
        self.update(m.hexes)

    def update(self, hexes: Iterable[Hex]) -> None:
        g = self.geometry
        unknown = len(self.code_index)
        terrain = self.map.terrain
        hexes = [h for h in hexes if h in terrain]
        if not hexes:
            return
        arr = np.array(hexes, dtype=np.int64).reshape(-1, 2)
        col, row = g.to_offset_arrays(arr[:, 0], arr[:, 1])
        vals = np.array([self.code_index.get(terrain[h], unknown) for h in hexes], dtype=np.int16)
        self.index[col, row] = vals

    def render(self, x0: int, y0: int, w: int, h: int, inv: QTransform) -> QImage:
        """An image of device pixels (x0, y0, w, h); `inv` maps device to scene coordinates (no rotation)."""
        g = self.geometry
        sx, sy, dx, dy = inv.m11(), inv.m22(), inv.dx(), inv.dy()
        xs = (np.arange(x0, x0 + w, dtype=np.float64) + 0.5) * sx + dx
        ys = (np.arange(y0, y0 + h, dtype=np.float64) + 0.5) * sy + dy
        lay = g.layout
        i0, i1, i2, i3 = lay._inv  # noqa: SLF001 - the layout's inverse matrix
        px = xs - lay.origin_x
        py = ys - lay.origin_y
        # fractional axial coordinates, separable in x and y: q = i0 px + i1 py, r = i2 px + i3 py
        q = (i0 * px)[None, :] + (i1 * py)[:, None]
        r = (i2 * px)[None, :] + (i3 * py)[:, None]
        s = -q - r
        rq, rr, rs = np.rint(q), np.rint(r), np.rint(s)
        dq, dr, ds = np.abs(rq - q), np.abs(rr - r), np.abs(rs - s)
        fix_q = (dq > dr) & (dq > ds)
        fix_r = ~fix_q & (dr > ds)
        rq = np.where(fix_q, -rr - rs, rq).astype(np.int64)
        rr = np.where(fix_r, -rq - rs, rr).astype(np.int64)
        col, row = g.to_offset_arrays(rq, rr)
        inside = (col >= 0) & (col < g.columns) & (row >= 0) & (row < g.rows)
        idx = np.full(col.shape, self.transparent, dtype=np.int16)
        idx[inside] = self.index[col[inside], row[inside]]
        pixels = np.ascontiguousarray(self.palette[idx])
        img = QImage(pixels.data, w, h, 4 * w, QImage.Format.Format_ARGB32)
        return img.copy()  # own the pixels before the numpy buffer goes away


PICTURE_DELAY_MS = 250


def schedule_picture(item: QGraphicsItem, key: tuple, build) -> None:
    """Build a zoomed-out picture once the zoom has stayed the same for a moment, so wheel zooming
    paints only what each step shows."""
    pending = item.__dict__.setdefault("_pending_pictures", set())
    if key in pending:
        return
    pending.add(key)

    def run() -> None:
        pending.discard(key)
        if shiboken6.isValid(item) and item.scene() is not None:  # the map may be closed by now
            build()

    QTimer.singleShot(PICTURE_DELAY_MS, run)


class MapLayerItem(QGraphicsItem):
    """One layer of the map; subclasses draw what lies in the exposed rectangle."""

    layer_id = ""

    def __init__(self, canvas: MapCanvas) -> None:
        super().__init__()
        self.canvas = canvas
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setZValue(LAYERS[self.layer_id][1])

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        r = self.canvas.geometry.map_rect
        m = self.canvas.geometry.size
        return r.adjusted(-m, -m, m, m)

    # Zoomed out, a layer with `zoomed_out_cache` keeps a picture of the whole map at the current
    # scale and repaints from it; edits redraw only the changed rectangle of the picture.
    zoomed_out_cache = False
    CACHE_MAX_PIXELS = 2048 * 2048
    CACHE_BELOW_RADIUS = 6.0  # on-screen hex radius in pixels

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        world = painter.worldTransform()
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(world)
        if self.zoomed_out_cache and self._paint_cached(painter, world, option.exposedRect, lod):
            return
        self.draw(painter, option.exposedRect, lod)

    def _paint_cached(self, painter: QPainter, world: QTransform, exposed: QRectF, lod: float) -> bool:
        g = self.canvas.geometry
        if world.isRotating() or screen_radius(g, lod) >= self.CACHE_BELOW_RADIUS:
            return False
        mr = self.boundingRect()
        sx, sy = world.m11(), world.m22()
        w, h = math.ceil(mr.width() * sx), math.ceil(mr.height() * sy)
        if w * h > self.CACHE_MAX_PIXELS or w <= 0 or h <= 0:
            return False
        cache = self.__dict__.setdefault("_picture_cache", {})
        key = (sx, sy)
        entry = cache.pop(key, None)
        if entry is None:  # draw directly now; picture the map once this zoom has lasted a moment
            schedule_picture(self, key, lambda: self._build_picture(key, w, h, lod))
            return False
        cache[key] = entry
        img = entry[0]
        origin = world.map(mr.topLeft())
        ox, oy = round(origin.x()), round(origin.y())
        dev = world.mapRect(exposed).toAlignedRect().adjusted(-1, -1, 1, 1)
        src = dev.translated(-ox, -oy).intersected(img.rect())
        painter.save()
        painter.resetTransform()
        painter.drawImage(src.topLeft() + QPoint(ox, oy), img, src)
        painter.restore()
        return True

    def _build_picture(self, key: tuple[float, float], w: int, h: int, lod: float) -> None:
        mr = self.boundingRect()
        sx, sy = key
        img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(Qt.GlobalColor.transparent)
        to_img = QTransform(sx, 0.0, 0.0, sy, -mr.left() * sx, -mr.top() * sy)
        p = QPainter(img)
        p.setTransform(to_img)
        self.draw(p, mr, lod)
        p.end()
        cache = self.__dict__.setdefault("_picture_cache", {})
        while len(cache) >= 2:  # the main view's and the overview's
            cache.pop(next(iter(cache)))
        cache[key] = (img, to_img, lod)

    def redraw_cached(self, rect: QRectF) -> None:
        """Redraw the changed rectangle of the zoomed-out pictures (call before update(rect))."""
        cache = self.__dict__.get("_picture_cache")
        if not cache:
            return
        for img, to_img, lod in cache.values():
            p = QPainter(img)
            p.setTransform(to_img)
            p.setClipRect(rect)
            p.setCompositionMode(QPainter.CompositionMode.CompositionMode_Clear)
            p.fillRect(rect, Qt.GlobalColor.transparent)
            p.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceOver)
            self.draw(p, rect, lod)
            p.end()

    def forget_pictures(self) -> None:
        self.__dict__.pop("_picture_cache", None)

    def draw(self, painter: QPainter, exposed: QRectF, lod: float) -> None:
        raise NotImplementedError

    def refresh(self, rect: QRectF | None = None) -> None:
        """Repaint a changed rectangle (or everything), pictures included."""
        if rect is None:
            self.forget_pictures()
            self.update()
        elif not rect.isEmpty():
            self.redraw_cached(rect)
            self.update(rect)


class TerrainLayer(MapLayerItem):
    """Base terrain fill. Zoomed out, the fill is rasterised with numpy into an image of the whole map
    at the current scale, kept until the zoom changes and patched where the terrain changes;
    zoomed in (few hexes on screen), hexes are drawn as antialiased polygons."""

    layer_id = "terrain"
    CACHE_MAX_PIXELS = 2048 * 2048

    def __init__(self, canvas: MapCanvas) -> None:
        super().__init__(canvas)
        self._cache: dict[tuple[float, float], tuple[QImage, QTransform]] = {}

    def forget(self) -> None:
        self._cache.clear()

    def draw(self, painter: QPainter, exposed: QRectF, lod: float) -> None:
        c = self.canvas
        g = c.geometry
        world = painter.worldTransform()
        if world.isRotating() or (screen_radius(g, lod) >= self.CACHE_BELOW_RADIUS
                                  and g.count_in_rect(exposed) <= VECTOR_TERRAIN_MAX_HEXES):
            self._draw_vector(painter, exposed)
            return
        mr = g.map_rect
        sx, sy = world.m11(), world.m22()
        w, h = math.ceil(mr.width() * sx), math.ceil(mr.height() * sy)
        entry = None
        if w * h <= self.CACHE_MAX_PIXELS:
            key = (sx, sy)
            entry = self._cache.get(key)
            if entry is None:  # rasterise what is exposed now; the whole map once this zoom lasts
                schedule_picture(self, key, lambda: self._build_raster(key, w, h))
            else:
                self._cache.pop(key)
                self._cache[key] = entry
        if entry is not None:
            img = entry[0]
            origin = world.map(mr.topLeft())
            ox, oy = round(origin.x()), round(origin.y())
            dev = world.mapRect(exposed).toAlignedRect().adjusted(-1, -1, 1, 1)
            painter.save()
            painter.resetTransform()
            src = dev.translated(-ox, -oy).intersected(img.rect())
            painter.drawImage(src.topLeft() + QPoint(ox, oy), img, src)
            painter.restore()
            return
        dev = world.mapRect(exposed).toAlignedRect().intersected(world.mapRect(mr).toAlignedRect())
        if dev.width() <= 0 or dev.height() <= 0:
            return
        inv, _ok = world.inverted()
        img = c.raster.render(dev.x(), dev.y(), dev.width(), dev.height(), inv)
        painter.save()
        painter.resetTransform()
        painter.drawImage(dev.topLeft(), img)
        painter.restore()

    def _build_raster(self, key: tuple[float, float], w: int, h: int) -> None:
        mr = self.canvas.geometry.map_rect
        sx, sy = key
        inv = QTransform(1.0 / sx, 0.0, 0.0, 1.0 / sy, mr.left(), mr.top())
        while len(self._cache) >= 3:  # the main view and the overview each keep theirs
            self._cache.pop(next(iter(self._cache)))
        self._cache[key] = (self.canvas.raster.render(0, 0, w, h, inv), inv)

    def patch(self, rect: QRectF) -> None:
        """Re-rasterise the cached image where the terrain changed."""
        if rect.isEmpty():
            return
        mr = self.canvas.geometry.map_rect
        for (sx, sy), (img, inv) in self._cache.items():
            x0 = max(0, math.floor((rect.left() - mr.left()) * sx))
            y0 = max(0, math.floor((rect.top() - mr.top()) * sy))
            x1 = min(img.width(), math.ceil((rect.right() - mr.left()) * sx))
            y1 = min(img.height(), math.ceil((rect.bottom() - mr.top()) * sy))
            if x1 <= x0 or y1 <= y0:
                continue
            part = self.canvas.raster.render(x0, y0, x1 - x0, y1 - y0, inv)
            p = QPainter(img)
            p.setCompositionMode(QPainter.CompositionMode.CompositionMode_Source)
            p.drawImage(x0, y0, part)
            p.end()

    def _draw_vector(self, painter: QPainter, exposed: QRectF) -> None:
        # the export's own terrain painter: colours, woods/marsh/rough textures, town and city blocks
        paint_layer(painter, self.canvas.map, "terrain", exposed, EDITOR_OPTIONS)


class ChunkedLayer(MapLayerItem):
    """A layer told which chunks of 16 x 16 hexes an edit touched (`forget`), with a zoomed-out picture."""

    zoomed_out_cache = True

    def __init__(self, canvas: MapCanvas) -> None:
        super().__init__(canvas)
        self.chunks: dict[tuple[int, int], object] = {}

    def forget(self, chunks: Iterable[tuple[int, int]] | None = None) -> None:
        if chunks is None:
            self.chunks.clear()
        else:
            for c in chunks:
                self.chunks.pop(c, None)

    def prepare(self, chunk: tuple[int, int]) -> object:
        raise NotImplementedError


class FeatureLayer(ChunkedLayer):
    """In-hex features (villages, cities, fortifications), drawn by the export's painter over the roads."""

    layer_id = "terrain"

    def prepare(self, chunk: tuple[int, int]) -> object:
        return None

    def draw(self, painter: QPainter, exposed: QRectF, lod: float) -> None:
        g, m = self.canvas.geometry, self.canvas.map
        if not (m.features or m.regions) or screen_radius(g, lod) < MIN_RADIUS_FEATURES:
            return
        paint_layer(painter, m, "features", exposed, EDITOR_OPTIONS)  # objective markers included


def line_options(lod: float, size: float = 0.0) -> RenderOptions:
    """The export's options with rivers and roads kept at least about a pixel wide zoomed out (and
    drawn through hex centres when hexes are too small on screen for their curves to show)."""
    return dataclasses.replace(EDITOR_OPTIONS, min_line_width=1.2 / max(lod, 1e-6),
                               smooth_paths=size * lod >= MIN_RADIUS_SMOOTH)


class HexsideLayer(ChunkedLayer):
    """Hexside features (rivers, canals, streams, slopes...) along the edges, by the export's painter."""

    layer_id = "hexsides"

    def prepare(self, chunk: tuple[int, int]) -> object:
        return None

    def draw(self, painter: QPainter, exposed: QRectF, lod: float) -> None:
        paint_layer(painter, self.canvas.map, "hexsides", exposed, line_options(lod))


class PathLayer(ChunkedLayer):
    """Roads, trails and railroads as smooth curves through the hexside midpoints, and the bridges and
    ferries across their hexsides, by the export's painter."""

    layer_id = "paths"

    def prepare(self, chunk: tuple[int, int]) -> object:
        return None

    def draw(self, painter: QPainter, exposed: QRectF, lod: float) -> None:
        m = self.canvas.map
        paint_layer(painter, m, "paths", exposed, line_options(lod, self.canvas.geometry.size))
        if screen_radius(self.canvas.geometry, lod) >= MIN_RADIUS_FEATURES:
            paint_layer(painter, m, "crossings", exposed, EDITOR_OPTIONS)


class GridLayer(MapLayerItem):
    """Hex outlines and the map's frame, by the export's painter (left out when hexes are only a few
    pixels wide; the frame stays)."""

    layer_id = "grid"

    def draw(self, painter: QPainter, exposed: QRectF, lod: float) -> None:
        g, m = self.canvas.geometry, self.canvas.map
        if screen_radius(g, lod) >= MIN_RADIUS_GRID:
            paint_layer(painter, m, "grid", exposed, EDITOR_OPTIONS)
        paint_layer(painter, m, "frame", exposed, EDITOR_OPTIONS)


def label_scale(size: float, lod: float) -> float:
    """How much larger than printed the editor draws place names so a village's name stays about 10
    pixels high zoomed out; in steps of a half so the placement is computed for few scales."""
    printed_px = 0.28 * size * lod  # a village name's height on screen at its printed size
    if printed_px <= 0 or printed_px >= 10.0:
        return 1.0
    return min(4.0, math.ceil(2.0 * 10.0 / printed_px) / 2.0)


class LabelLayer(MapLayerItem):
    """Hex numbers and place names by the export's painter (names placed clear of one another and of
    the map's edge, and enlarged zoomed out so they stay readable), and elevations."""

    layer_id = "labels"

    def forget(self) -> None:
        pass

    def draw(self, painter: QPainter, exposed: QRectF, lod: float) -> None:
        c = self.canvas
        g, m = c.geometry, c.map
        s = g.size
        r = screen_radius(g, lod)
        if r >= MIN_RADIUS_NUMBERS:
            paint_layer(painter, m, "numbers", exposed, EDITOR_OPTIONS)
            if m.elevation:
                font = QFont("DejaVu Sans")
                font.setPixelSize(max(1, round(0.26 * s)))
                painter.setFont(font)
                painter.setPen(QColor(90, 50, 20))
                for h in g.hexes_in_rect(exposed):
                    e = m.elevation.get(h)
                    if e:
                        cen = g.centre(h)
                        painter.drawText(QPointF(cen.x() - 0.15 * s, cen.y() + 0.6 * s), f"{e:+d}")
            if m.locations:
                # the extra locations of a hex, by level (ASL Arnhem Bridge 1.1: L1 on the bridge), with
                # an arrow where a stairwell joins the level to the ground (1.4)
                painter.setPen(QColor(20, 20, 90))
                for h in g.hexes_in_rect(exposed):
                    locs = m.locations.get(h)
                    if locs:
                        cen = g.centre(h)
                        text = " ".join(f"L{x.level}" + ("\u2195" if "stairwell" in x.features else "")
                                        for x in locs)
                        painter.drawText(QPointF(cen.x() - 0.3 * s, cen.y() + 0.1 * s), text)
        if m.places and r >= 3.0:
            opts = dataclasses.replace(EDITOR_OPTIONS, label_scale=label_scale(s, lod))
            paint_layer(painter, m, "places", exposed, opts)


class RegionLayer(MapLayerItem):
    """Named regions (set-up zones, drop zones, areas) as a tint with a line along their boundary, and
    objective regions as a marker in each hex, by the export's painter."""

    layer_id = "regions"
    zoomed_out_cache = True

    def draw(self, painter: QPainter, exposed: QRectF, lod: float) -> None:
        m = self.canvas.map
        if m.regions:
            paint_layer(painter, m, "regions", exposed, line_options(lod))


class CountersLayer(QGraphicsObject):
    """The counters on the map. Empty for now: counter items are added as children of this layer, so
    hiding or locking the layer applies to all of them."""

    layer_id = "counters"

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(LAYERS["counters"][1])
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, True)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt API
        return QRectF()

    def paint(self, painter, option, widget=None) -> None:  # pragma: no cover - no contents
        pass


class UnderlayItem(QGraphicsPixmapItem):
    """The scanned printed map under the grid, placed by the underlay's affine transform."""

    layer_id = "underlay"

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(LAYERS["underlay"][1])
        self.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self._loaded: str | None = None
        self.error: str | None = None
        self.tiles: QGraphicsItem | None = None  # a very large scan: drawn from tiles (underlay_tiles.py)

    def has_image(self) -> bool:
        return self.tiles is not None or not self.pixmap().isNull()

    def image_scene_rect(self) -> QRectF:
        return self.tiles.sceneBoundingRect() if self.tiles is not None else self.sceneBoundingRect()

    def _set_image(self, path: Path | None) -> None:
        from .underlay_tiles import set_scan_image

        set_scan_image(self, path, load_large_pixmap)

    def show_underlay(self, underlay, base_dir: Path | None) -> None:
        if underlay is None:
            self._set_image(None)
            self._loaded = None
            return
        from hexwright.engine.model.scan_path import resolve_scan

        found = resolve_scan(underlay.image, base_dir)
        path = found if found is not None else Path(underlay.image)
        if self._loaded != str(path):
            self._set_image(found)
            self.error = None if self.has_image() else (
                f"cannot read the scan {path}" if found is not None else f"the scan {underlay.image} is missing")
            self._loaded = str(path)
        a, b, c, d, e, f = underlay.transform
        self.setTransform(QTransform(a, c, b, d, e, f))
        self.setOpacity(underlay.opacity)


def load_large_pixmap(path: Path) -> QPixmap:
    """Read a scan of any size (Qt refuses images over 256 MB by default)."""
    QImageReader.setAllocationLimit(0)
    reader = QImageReader(str(path))
    reader.setAutoTransform(True)
    img = reader.read()
    return QPixmap.fromImage(img) if not img.isNull() else QPixmap()


class MapCanvas:
    """Puts a HexMap into a QGraphicsScene as layer items and keeps them in step with its changes."""

    def __init__(self, scene: QGraphicsScene, m: HexMap, base_dir: Path | None = None) -> None:
        self.scene = scene
        self.map = m
        self.base_dir = base_dir
        self.states: dict[str, LayerState] = {k: LayerState() for k in LAYERS}
        self._build_geometry()
        self.underlay = UnderlayItem()
        self.counters = CountersLayer()
        self.terrain = TerrainLayer(self)
        self.features = FeatureLayer(self)
        self.features.setZValue(FEATURES_Z)
        self.items: dict[str, QGraphicsItem] = {
            "underlay": self.underlay,
            "terrain": self.terrain,
            "regions": RegionLayer(self),
            "hexsides": HexsideLayer(self),
            "paths": PathLayer(self),
            "grid": GridLayer(self),
            "labels": LabelLayer(self),
            "counters": self.counters,
        }
        for item in self.items.values():
            scene.addItem(item)
        scene.addItem(self.features)
        self.underlay.show_underlay(m.underlay, base_dir)
        self._update_scene_rect()
        m.subscribe(self.on_map_change)

    def _build_geometry(self) -> None:
        self.geometry = MapGeometry(self.map)
        self.raster = TerrainRaster(self.map, self.geometry)
        self._rebuild_side_index()
        self._safe_labels: dict[Hex, str] = {}

    def _update_scene_rect(self) -> None:
        r = self.geometry.map_rect
        pad = 2 * self.geometry.size
        rect = r.adjusted(-pad, -pad, pad, pad)
        if self.map.underlay is not None and self.underlay.has_image():
            rect = rect.united(self.underlay.image_scene_rect())
        self.scene.setSceneRect(rect)

    def detach(self) -> None:
        self.map.unsubscribe(self.on_map_change)
        for item in [*self.items.values(), self.features]:
            if item.scene() is self.scene:
                self.scene.removeItem(item)

    def chunked_layers(self) -> list[ChunkedLayer]:
        return [i for i in [*self.items.values(), self.features] if isinstance(i, ChunkedLayer)]

    # -- layer states ------------------------------------------------------------------------
    def set_visible(self, layer: str, visible: bool) -> None:
        self.states[layer].visible = visible
        item = self.items[layer]
        if layer == "underlay":
            item.setVisible(visible and (self.map.underlay is None or self.map.underlay.visible))
        else:
            item.setVisible(visible)
        if layer == "terrain":
            self.features.setVisible(visible)

    def set_locked(self, layer: str, locked: bool) -> None:
        self.states[layer].locked = locked

    def is_locked(self, layer: str) -> bool:
        return self.states[layer].locked

    def is_visible(self, layer: str) -> bool:
        return self.states[layer].visible

    # -- labels that never raise (a grid too big for its numbering shows axial coordinates) ----------
    def label(self, h: Hex) -> str:
        lab = self._safe_labels.get(h)
        if lab is None:
            try:
                lab = self.map.label(h)
            except ValueError:
                c, r = self.geometry.offset.from_hex(h)
                lab = f"{c},{r}"
            self._safe_labels[h] = lab
        return lab

    # -- chunks --------------------------------------------------------------------------------
    def chunk_hexes(self, chunk: tuple[int, int]) -> Iterator[Hex]:
        g = self.geometry
        cx, cy = chunk
        to_hex = g.offset.to_hex
        for c in range(cx * CHUNK, min(g.columns, (cx + 1) * CHUNK)):
            for r in range(cy * CHUNK, min(g.rows, (cy + 1) * CHUNK)):
                yield to_hex(c, r)

    def chunk_sides(self, chunk: tuple[int, int]) -> list[tuple[Hexside, object]]:
        hs = self.map.hexsides
        return [(s, hs[s]) for s in self.side_chunks.get(chunk, ()) if s in hs]

    def _chunk_of_side(self, side: Hexside) -> tuple[int, int]:
        h = side.hex if self.map.contains(side.hex) else side.other
        return self.geometry.chunk_of(h)

    def _rebuild_side_index(self) -> None:
        self.side_chunks: dict[tuple[int, int], set[Hexside]] = {}
        for side in self.map.hexsides:
            self.side_chunks.setdefault(self._chunk_of_side(side), set()).add(side)

    # -- model events ----------------------------------------------------------------------------
    def on_map_change(self, change: MapChange) -> None:
        kind = change.kind
        g = self.geometry
        items = self.items
        if kind == "grid":
            self.refresh_all()
            self._update_scene_rect()
            return
        if kind == "terrain":
            self.raster.update(change.hexes)
            rect = g.hex_rect(change.hexes)
            self.terrain.patch(rect)
            self.terrain.refresh(rect)
        elif kind in ("features", "locations"):
            self.features.forget({g.chunk_of(h) for h in change.hexes})
            self.features.refresh(g.hex_rect(change.hexes))
            if kind == "locations":
                items["labels"].refresh(g.hex_rect(change.hexes))
        elif kind == "elevation":
            items["labels"].refresh(g.hex_rect(change.hexes))
        elif kind == "hexside":
            chunks = set()
            for side in change.hexsides:
                chunk = self._chunk_of_side(side)
                chunks.add(chunk)
                if side in self.map.hexsides:
                    self.side_chunks.setdefault(chunk, set()).add(side)
                else:
                    self.side_chunks.get(chunk, set()).discard(side)
            rect = g.side_rect(change.hexsides)
            for layer in ("hexsides", "paths"):
                items[layer].forget(chunks)
                items[layer].refresh(rect)
        elif kind == "regions":
            if change.hexes:
                items["regions"].refresh(g.hex_rect(change.hexes, 1.5))
            else:
                items["regions"].refresh()
        elif kind == "places":
            items["labels"].refresh()
        elif kind == "underlay":
            self.underlay.show_underlay(self.map.underlay, self.base_dir)
            self.set_visible("underlay", self.states["underlay"].visible)
            self._update_scene_rect()

    def refresh_all(self) -> None:
        """Rebuild everything (after the grid or the terrain table changed)."""
        self._build_geometry()
        self.terrain.forget()
        self.items["labels"].forget()
        for layer in self.chunked_layers():
            layer.forget()
        for item in [*self.items.values(), self.features]:
            if isinstance(item, MapLayerItem):
                item.prepareGeometryChange()
                item.forget_pictures()
            item.update()


def brush_outline(geometry: MapGeometry, hexes: Iterable[Hex]) -> QPainterPath:
    """The outline of a set of hexes (the brush footprint or the selection)."""
    path = QPainterPath()
    for h in hexes:
        path.addPolygon(geometry.polygon(h))
        path.closeSubpath()
    return path


__all__ = [
    "LAYERS", "MapCanvas", "MapGeometry", "LayerState", "brush_outline", "qcolor", "QBrush",
]
