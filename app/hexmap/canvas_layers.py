"""The hex canvas's layer items (app/hexmap/canvas.py): terrain (rasterised with numpy when hexes are small
on the screen), features, hexsides, paths, grid, labels, regions and the counters' parent item; each is
one item over the whole map that paints only the exposed rectangle."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np
import shiboken6
from hexwright.app.render.mapdraw import RenderOptions, paint_layer
from hexwright.engine.hexgrid import Hex
from hexwright.engine.model.hexmap import HexMap
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QPainter,
    QTransform,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsObject,
    QStyleOptionGraphicsItem,
    QWidget,
)

from .canvas_geometry import (
    EDITOR_OPTIONS,
    LAYERS,
    MIN_RADIUS_FEATURES,
    MIN_RADIUS_GRID,
    MIN_RADIUS_NUMBERS,
    MIN_RADIUS_SMOOTH,
    VECTOR_TERRAIN_MAX_HEXES,
    MapGeometry,
    qcolor,
    screen_radius,
)

if TYPE_CHECKING:
    from .canvas import MapCanvas


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
        i0, i1, i2, i3 = lay._inv
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

    def forget(self, chunks: Iterable[tuple[int, int]] | None = None) -> None:
        """Drop what the layer keeps drawn (all of it, or the chunks given); layers that keep nothing
        have nothing to drop."""

    def boundingRect(self) -> QRectF:
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

    def forget(self, chunks: Iterable[tuple[int, int]] | None = None) -> None:
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

    def boundingRect(self) -> QRectF:
        return QRectF()

    def paint(self, painter, option, widget=None) -> None:  # pragma: no cover - no contents
        pass
