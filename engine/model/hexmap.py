"""The hex map: a rectangular printed grid of hexes with base terrain, in-hex features, elevation
levels and extra locations per hex; features, bridges and path links on hexsides; named map edges;
named places; named regions (set-up zones, drop zones, off-board areas and the areas of an area-
movement map, which may carry a polygon); and an optional scanned underlay for digitizing.

Per-hex data is kept column-wise (one dict per attribute, sparse where most hexes have nothing),
which keeps a 40,000-hex map small and quick to load. Every edit goes through a method that
returns the previous value and notifies listeners, so the app can build undo commands on it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace

from ..hexgrid import FLAT, POINTY, Hex, Hexside, LabelScheme, Layout, OffsetGrid, hex_neighbor
from .terrain import TerrainTable

EDGE_SIDES = ("left", "right", "top", "bottom")


@dataclass(frozen=True)
class GridSpec:
    """The printed grid: orientation, size in columns and rows, stagger and hex numbering."""

    columns: int = 20
    rows: int = 15
    orientation: str = "flat"
    stagger: str = "odd"
    labels: LabelScheme = field(default_factory=LabelScheme)
    hex_size: float = 32.0  # centre-to-corner, in scene units (pixels at 100 % zoom)
    # the hexes' height over a regular hex's at the same width (1: regular); a Tiled map whose tiles are not
    # regular hexes (14 x 12 px with 6 px sides) keeps its proportions with it
    hex_aspect: float = 1.0

    @property
    def offset(self) -> OffsetGrid:
        return OffsetGrid(self.orientation, self.stagger)

    def layout(self, size: float | None = None) -> Layout:
        """A layout that puts the whole grid at positive coordinates with a half-hex margin."""
        s = self.hex_size if size is None else size
        sy = s * self.hex_aspect
        o = FLAT if self.orientation == "flat" else POINTY
        base = Layout(o, s, sy, 0.0, 0.0)
        first = self.offset.to_hex(0, 0)
        x0, y0 = base.hex_to_pixel(first)
        if self.orientation == "flat":
            ox, oy = s - x0, (3**0.5) * sy / 2 - y0
            if self.stagger == "even" and self.columns > 1:
                oy += (3**0.5) * sy / 2
        else:
            ox, oy = (3**0.5) * s / 2 - x0, sy - y0
            if self.stagger == "even" and self.rows > 1:
                ox += (3**0.5) * s / 2
        return Layout(o, s, sy, ox, oy)

    def pixel_size(self, size: float | None = None) -> tuple[float, float]:
        s = self.hex_size if size is None else size
        sy = s * self.hex_aspect
        if self.orientation == "flat":
            w = s * (1.5 * self.columns + 0.5)
            h = (3**0.5) * sy * (self.rows + (0.5 if self.columns > 1 else 0.0))
        else:
            w = (3**0.5) * s * (self.columns + (0.5 if self.rows > 1 else 0.0))
            h = sy * (1.5 * self.rows + 0.5)
        return w, h


@dataclass(frozen=True)
class Location:
    """An extra location in a hex at another level (ASL Arnhem Bridge 1.1, 004_09a6f3be713b811c.txt:
    bridge hexes R15-R23 hold a Level 1 location above the Level 0 one)."""

    level: int
    terrain: str
    features: tuple[str, ...] = ()


@dataclass(frozen=True)
class HexsideInfo:
    """What lies on one hexside: features (river, canal, cliff, rowhouse ...), a bridge of a type,
    and path links (road, trail, railroad) crossing it between the two hexes. `level` places the
    features at a level when a hex has several (rowhouse hexsides beneath the Arnhem bridge)."""

    features: tuple[str, ...] = ()
    bridge: str | None = None
    paths: tuple[str, ...] = ()
    level: int | None = None

    def is_empty(self) -> bool:
        return not self.features and self.bridge is None and not self.paths and self.level is None


@dataclass(frozen=True)
class Place:
    """A named place or a label printed on the map: Arnhem, Nijmegen, "Hell's Highway"."""

    text: str
    hex: Hex | None = None
    kind: str = "label"  # city, town, village, river, region, label
    size: float = 1.0  # relative text size
    dx: float = 0.0  # offset from the hex centre in hex sizes
    dy: float = 0.0


@dataclass
class Region:
    """A named set of hexes or an area: set-up zone, drop zone, "area P", an off-board area, or an
    area of an area-movement map (a polygon in map units, with the areas it borders)."""

    name: str
    kind: str = "zone"  # zone, setup_zone, drop_zone, offboard, area, objective (drawn as a marker)
    hexes: set[Hex] = field(default_factory=set)
    polygon: list[tuple[float, float]] = field(default_factory=list)
    adjacent: list[str] = field(default_factory=list)
    color: str = "#c04040"
    label: str = ""


@dataclass
class Underlay:
    """A scanned printed map shown under the grid. `transform` maps image pixels to scene
    coordinates as (a, b, c, d, e, f): x' = a x + b y + e, y' = c x + d y + f."""

    image: str
    transform: tuple[float, float, float, float, float, float] = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    opacity: float = 0.5
    visible: bool = True


@dataclass(frozen=True)
class MapChange:
    """What an edit touched, for views and caches."""

    kind: str  # terrain, features, elevation, locations, hexside, regions, places, edges, grid, underlay
    hexes: tuple[Hex, ...] = ()
    hexsides: tuple[Hexside, ...] = ()


class HexMap:
    def __init__(
        self,
        grid: GridSpec | None = None,
        terrain_table: TerrainTable | None = None,
        default_terrain: str | None = None,
        name: str = "",
    ) -> None:
        from .terrain import default_terrain_table

        self.name = name
        self.grid = grid or GridSpec()
        self.terrain_table = terrain_table or default_terrain_table()
        if default_terrain is None:
            default_terrain = next(iter(self.terrain_table.terrain), "clear")
        self.default_terrain = default_terrain
        self.terrain: dict[Hex, str] = {}
        self.features: dict[Hex, tuple[str, ...]] = {}
        self.elevation: dict[Hex, int] = {}
        self.locations: dict[Hex, tuple[Location, ...]] = {}
        self.hexsides: dict[Hexside, HexsideInfo] = {}
        self.edges: dict[str, str] = {}  # edge name ("south") -> side of the grid ("left")
        self.places: list[Place] = []
        self.regions: dict[str, Region] = {}
        self.underlay: Underlay | None = None
        self.notes: str = ""
        self.revision = 0
        self._listeners: list[Callable[[MapChange], None]] = []
        self._rebuild_grid_index()
        for h in self.hexes:
            self.terrain[h] = default_terrain

    # -- grid and labels ---------------------------------------------------------------------
    def _rebuild_grid_index(self) -> None:
        g = self.grid
        off = g.offset
        self.hexes: list[Hex] = [off.to_hex(c, r) for c in range(g.columns) for r in range(g.rows)]
        self._hex_set = set(self.hexes)
        self._labels: dict[Hex, str] | None = None
        self._by_label: dict[str, Hex] | None = None

    def _build_labels(self) -> None:
        g = self.grid
        scheme = g.labels
        off = g.offset
        labels: dict[Hex, str] = {}
        for h in self.hexes:
            c, r = off.from_hex(h)
            labels[h] = scheme.label(c, r)
        self._labels = labels
        self._by_label = {v: k for k, v in labels.items()}

    def label(self, h: Hex) -> str:
        """The printed label of a hex; hexes off the map get their would-be label if it exists."""
        if self._labels is None:
            self._build_labels()
        assert self._labels is not None
        lab = self._labels.get(h)
        if lab is not None:
            return lab
        c, r = self.grid.offset.from_hex(h)
        try:
            return self.grid.labels.label(c, r)
        except ValueError:
            return f"{h}"

    def hex_at(self, label: str) -> Hex | None:
        """The on-map hex with this printed label, or None."""
        if self._by_label is None:
            self._build_labels()
        assert self._by_label is not None
        return self._by_label.get(label)

    def parse_label(self, label: str) -> Hex:
        """The hex a label names, on the map or not; LabelError if it is not a label at all."""
        c, r = self.grid.labels.parse(label)
        return self.grid.offset.to_hex(c, r)

    def contains(self, h: Hex) -> bool:
        return h in self._hex_set

    def __len__(self) -> int:
        return len(self.hexes)

    def layout(self, size: float | None = None) -> Layout:
        return self.grid.layout(size)

    def direction_names(self) -> tuple[str, ...]:
        return (FLAT if self.grid.orientation == "flat" else POINTY).direction_names

    def neighbors_on_map(self, h: Hex) -> list[Hex]:
        return [n for n in (hex_neighbor(h, d) for d in range(6)) if n in self._hex_set]

    # -- edges -------------------------------------------------------------------------------
    def edge_side_hexes(self, side: str) -> list[Hex]:
        """Hexes along one side of the rectangular grid: left, right, top or bottom."""
        g = self.grid
        off = g.offset
        if side == "left":
            return [off.to_hex(0, r) for r in range(g.rows)]
        if side == "right":
            return [off.to_hex(g.columns - 1, r) for r in range(g.rows)]
        if side == "top":
            return [off.to_hex(c, 0) for c in range(g.columns)]
        if side == "bottom":
            return [off.to_hex(c, g.rows - 1) for c in range(g.columns)]
        raise ValueError(f"unknown grid side {side!r}; expected one of {', '.join(EDGE_SIDES)}")

    def edge_hexes(self, name: str) -> list[Hex]:
        """Hexes along a named map edge ("south") or a grid side ("left")."""
        return self.edge_side_hexes(self.edges.get(name, name))

    def is_edge_hex(self, h: Hex) -> bool:
        return h in self._hex_set and any(n not in self._hex_set for n in (hex_neighbor(h, d) for d in range(6)))

    def all_edge_hexes(self) -> set[Hex]:
        return {h for side in EDGE_SIDES for h in self.edge_side_hexes(side)}

    # -- queries -----------------------------------------------------------------------------
    def terrain_at(self, h: Hex) -> str:
        return self.terrain[h]

    def features_at(self, h: Hex) -> tuple[str, ...]:
        return self.features.get(h, ())

    def elevation_at(self, h: Hex) -> int:
        return self.elevation.get(h, 0)

    def hexside(self, side: Hexside) -> HexsideInfo | None:
        return self.hexsides.get(side)

    def hexside_between(self, a: Hex, b: Hex) -> HexsideInfo | None:
        from ..hexgrid import hexside_between

        return self.hexsides.get(hexside_between(a, b))

    def hexside_label(self, side: Hexside) -> str:
        """'1422/1423' as rulebooks name hexsides, or '0103:S' where the other hex is off the map."""
        a, b = side.hexes()
        names = self.direction_names()
        if a in self._hex_set and b in self._hex_set:
            return f"{self.label(a)}/{self.label(b)}"
        if b in self._hex_set:
            return f"{self.label(b)}:{names[side.direction + 3]}"
        return f"{self.label(a)}:{names[side.direction]}"

    def hexside_at(self, label: str) -> Hexside | None:
        """The hexside named '1422/1423' (two adjacent hexes of the map, in either order), or None."""
        from ..hexgrid import hex_distance, hexside_between

        a, sep, b = label.partition("/")
        if not sep:
            return None
        ha, hb = self.hex_at(a.strip()), self.hex_at(b.strip())
        if ha is None or hb is None or hex_distance(ha, hb) != 1:
            return None
        return hexside_between(ha, hb)

    def path_links(self, path: str) -> list[Hexside]:
        return [s for s, info in self.hexsides.items() if path in info.paths]

    def hexes_with_terrain(self, code: str) -> list[Hex]:
        return [h for h in self.hexes if self.terrain[h] == code]

    # -- listeners ---------------------------------------------------------------------------
    def subscribe(self, listener: Callable[[MapChange], None]) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Callable[[MapChange], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _notify(self, change: MapChange) -> None:
        self.revision += 1
        for listener in list(self._listeners):
            listener(change)

    # -- edits (each returns what it replaced, for undo) -------------------------------------
    def set_terrain(self, values: dict[Hex, str]) -> dict[Hex, str]:
        old = {h: self.terrain[h] for h in values}
        self.terrain.update(values)
        self._notify(MapChange("terrain", tuple(values)))
        return old

    def set_features(self, values: dict[Hex, tuple[str, ...]]) -> dict[Hex, tuple[str, ...]]:
        old = {h: self.features.get(h, ()) for h in values}
        for h, f in values.items():
            if f:
                self.features[h] = tuple(f)
            else:
                self.features.pop(h, None)
        self._notify(MapChange("features", tuple(values)))
        return old

    def set_elevation(self, values: dict[Hex, int]) -> dict[Hex, int]:
        old = {h: self.elevation.get(h, 0) for h in values}
        for h, e in values.items():
            if e:
                self.elevation[h] = e
            else:
                self.elevation.pop(h, None)
        self._notify(MapChange("elevation", tuple(values)))
        return old

    def set_locations(self, values: dict[Hex, tuple[Location, ...]]) -> dict[Hex, tuple[Location, ...]]:
        old = {h: self.locations.get(h, ()) for h in values}
        for h, locs in values.items():
            if locs:
                self.locations[h] = tuple(locs)
            else:
                self.locations.pop(h, None)
        self._notify(MapChange("locations", tuple(values)))
        return old

    def set_hexsides(self, values: Mapping[Hexside, HexsideInfo | None]) -> dict[Hexside, HexsideInfo | None]:
        old = {s: self.hexsides.get(s) for s in values}
        for s, info in values.items():
            if info is None or info.is_empty():
                self.hexsides.pop(s, None)
            else:
                self.hexsides[s] = info
        self._notify(MapChange("hexside", hexsides=tuple(values)))
        return old

    def link_path(self, a: Hex, b: Hex, path: str, present: bool = True) -> HexsideInfo | None:
        """Add (or remove) a path link between adjacent hexes; returns the hexside's old info."""
        from ..hexgrid import hexside_between

        side = hexside_between(a, b)
        info = self.hexsides.get(side) or HexsideInfo()
        paths = set(info.paths)
        if present:
            paths.add(path)
        else:
            paths.discard(path)
        return self.set_hexsides({side: replace(info, paths=tuple(sorted(paths)))})[side]

    def set_region(self, region: Region | None, name: str | None = None) -> Region | None:
        """Add, replace or (with None) delete a region; returns the region it replaced."""
        key = region.name if region is not None else name
        assert key is not None
        old = self.regions.get(key)
        if region is None:
            self.regions.pop(key, None)
        else:
            self.regions[key] = region
        self._notify(MapChange("regions"))
        return old

    def set_region_hexes(self, name: str, add: Iterable[Hex] = (), remove: Iterable[Hex] = ()) -> None:
        region = self.regions[name]
        added, removed = tuple(add), tuple(remove)
        region.hexes.update(added)
        region.hexes.difference_update(removed)
        self._notify(MapChange("regions", added + removed))

    def set_places(self, places: list[Place]) -> list[Place]:
        old = self.places
        self.places = list(places)
        self._notify(MapChange("places"))
        return old

    def set_underlay(self, underlay: Underlay | None) -> Underlay | None:
        old = self.underlay
        self.underlay = underlay
        self._notify(MapChange("underlay"))
        return old

    def resize(self, grid: GridSpec) -> None:
        """Change the grid (size, numbering); hexes that fall outside lose their data, their region
        membership and the places printed in them."""
        self.grid = grid
        self._rebuild_grid_index()
        keep = self._hex_set
        self.terrain = {h: self.terrain.get(h, self.default_terrain) for h in self.hexes}
        for d in (self.features, self.elevation, self.locations):
            for h in [h for h in d if h not in keep]:
                del d[h]
        for s in [s for s in self.hexsides if s.hex not in keep and s.other not in keep]:
            del self.hexsides[s]
        for region in self.regions.values():
            region.hexes.intersection_update(keep)
        self.places = [p for p in self.places if p.hex is None or p.hex in keep]
        self._notify(MapChange("grid"))

