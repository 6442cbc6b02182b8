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

from collections.abc import Iterable, Iterator
from pathlib import Path

from hexwright.app.kindbase.underlay import UnderlayItem
from hexwright.engine.hexgrid import Hex, Hexside
from hexwright.engine.model.hexmap import HexMap, MapChange
from PySide6.QtGui import (
    QBrush,
    QPainterPath,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsScene,
)

from .canvas_geometry import CHUNK, FEATURES_Z, LAYERS, LayerState, MapGeometry, qcolor
from .canvas_layers import (
    ChunkedLayer,
    CountersLayer,
    FeatureLayer,
    GridLayer,
    HexsideLayer,
    LabelLayer,
    MapLayerItem,
    PathLayer,
    RegionLayer,
    TerrainLayer,
    TerrainRaster,
)

__all__ = ["LAYERS", "MapCanvas", "MapGeometry", "brush_outline", "qcolor"]

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
                self._layer("labels").refresh(g.hex_rect(change.hexes))
        elif kind == "elevation":
            self._layer("labels").refresh(g.hex_rect(change.hexes))
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
                self._layer(layer).forget(chunks)
                self._layer(layer).refresh(rect)
        elif kind == "regions":
            if change.hexes:
                self._layer("regions").refresh(g.hex_rect(change.hexes, 1.5))
            else:
                self._layer("regions").refresh()
        elif kind == "places":
            self._layer("labels").refresh()
        elif kind == "underlay":
            self.underlay.show_underlay(self.map.underlay, self.base_dir)
            self.set_visible("underlay", self.states["underlay"].visible)
            self._update_scene_rect()

    def _layer(self, name: str) -> MapLayerItem:
        item = self.items[name]
        assert isinstance(item, MapLayerItem), name
        return item

    def refresh_all(self) -> None:
        """Rebuild everything (after the grid or the terrain table changed)."""
        self._build_geometry()
        self.terrain.forget()
        self._layer("labels").forget()
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
