"""The area map: a map of numbered areas (polygons over a scanned underlay), as Storm over Arnhem
plays on (003_6afad32bba8815b2.txt: "Area 4", "the area dividing line between areas 4 and 5").

Areas are polygons in map units (pixels of the map or its underlay at 100 %). Two areas are
adjacent when their polygons share a border of positive length; `derive_borders` finds those pairs
(edges two outlines have in common, and a shapely STRtree for borders shared in part) and keeps
every border the designer edited (a river or a bridge ramp the
printed map shows, or `kind: none` where the printed map says two touching areas are not adjacent).
`problems` reports what a designer must fix: invalid polygons, overlaps, gaps, slivers and areas
with no neighbour. Every edit goes through a method that returns what it replaced and notifies
listeners, so the app can build undo commands on it (the HexMap does the same).

No Qt here; shapely does the geometry (engine/model/areageom.py, imported only when geometry is
needed, so loading a hex scenario never loads shapely or numpy).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from .hexmap import Underlay
from .terrain import TerrainTable, TerrainType

if TYPE_CHECKING:
    from .areageom import AreaProblem

Point = tuple[float, float]

# a border the designer marked `none`: the polygons touch but the areas are not adjacent
NOT_ADJACENT = "none"
BORDER_KINDS = ("open", "river", "bridge", "ramp", "perimeter", NOT_ADJACENT)


@dataclass
class Area:
    """One area of the map: its number as printed ("17") or a zone id ("P1"), its polygon, terrain,
    victory points, set-up zone (The Crossing 2.1-2.3: zones A-E), stacking limit and tags."""

    id: str
    name: str = ""
    polygon: tuple[Point, ...] = ()
    terrain: str = "open"
    vp: int = 0
    zone: str | None = None
    stacking: int | None = None  # None: the rules family's default
    tags: frozenset[str] = frozenset()

    @property
    def label(self) -> str:
        return self.name or self.id


def border_key(a: str, b: str) -> frozenset[str]:
    return frozenset((a, b))


@dataclass(frozen=True)
class AreaBorder:
    """The border between two areas (a < b). `kind` is what the rules read: "open", "river",
    "bridge" (the bridge dividing lines of The Crossing 3.42-3.44), "ramp", "perimeter", or "none"
    (not adjacent although the polygons touch). `edited`: set by the designer, kept by derivation."""

    a: str
    b: str
    kind: str = "open"
    edited: bool = False

    @staticmethod
    def between(a: str, b: str, kind: str = "open", edited: bool = False) -> AreaBorder:
        if a == b:
            raise ValueError(f"an area cannot border itself ({a!r})")
        lo, hi = (a, b) if a < b else (b, a)
        return AreaBorder(lo, hi, kind, edited)

    @property
    def key(self) -> frozenset[str]:
        return frozenset((self.a, self.b))

    @property
    def adjacent(self) -> bool:
        return self.kind != NOT_ADJACENT


@dataclass(frozen=True)
class AreaMapChange:
    """What an edit touched, for views and caches: kind is areas, borders, underlay or map."""

    kind: str
    areas: tuple[str, ...] = ()


def default_area_terrain_table() -> TerrainTable:
    """Terrain for a new area map: the kinds of area the Storm over Arnhem map shows. Movement costs
    are in movement factors (MF) and are reconstructed: the basic game's Terrain Effects Chart is not
    in the source (The Crossing 3.46 only says a unit 'must pay normal MF cost to enter a specific area')."""
    t = TerrainTable(name="area terrain (reconstructed costs)", movement_classes=["leg", "vehicle"])
    for code, name, color, leg, vehicle in (
        ("open", "Open", "#e6e0c0", 1, 1),
        ("buildings", "Buildings", "#c8b8a0", 2, 3),
        ("park", "Park", "#a8c890", 1, 2),
        ("river", "River", "#7fb2e0", None, None),
    ):
        t.terrain[code] = TerrainType(code, name, color, move={"leg": leg, "vehicle": vehicle})
    return t


class AreaMap:
    def __init__(self, name: str = "", width: float = 1000.0, height: float = 800.0,
                 terrain_table: TerrainTable | None = None) -> None:
        self.name = name
        self.width = width
        self.height = height
        self.terrain_table = terrain_table or default_area_terrain_table()
        self.areas: dict[str, Area] = {}
        self.borders: dict[frozenset[str], AreaBorder] = {}
        self.underlay: Underlay | None = None
        self.notes: str = ""
        self.revision = 0
        # errors reading the file this map came from: its drawing is checked once it reads cleanly
        # (a polygon that could not be read would only be reported again as a broken area)
        self.read_errors = 0
        self._geometry: dict[str, Any] = {}  # area id -> shapely Polygon
        self._listeners: list[Callable[[AreaMapChange], None]] = []

    # -- geometry ----------------------------------------------------------------------------
    def geometry(self, area_id: str) -> Any:
        """The area's shapely Polygon (cached until the area changes)."""
        g = self._geometry.get(area_id)
        if g is None:
            from .areageom import polygon_of

            g = polygon_of(self.areas[area_id].polygon)
            self._geometry[area_id] = g
        return g

    def geometries(self) -> dict[str, Any]:
        """Every area's shapely Polygon, in map order; the missing ones built in one vectorised call."""
        missing = [aid for aid in self.areas if aid not in self._geometry]
        if missing:
            from .areageom import polygons_of

            self._geometry.update(zip(missing, polygons_of([self.areas[a].polygon for a in missing]), strict=True))
        return {aid: self._geometry[aid] for aid in self.areas}

    def area_at(self, x: float, y: float) -> str | None:
        """The area containing the point (the first in map order when areas overlap), or None."""
        from .areageom import covers

        for aid in self.areas:
            if covers(self.geometry(aid), x, y):
                return aid
        return None

    def centroid(self, area_id: str) -> Point:
        """A point well inside the area, for its number and its counters (shapely's polylabel)."""
        from .areageom import label_point

        return label_point(self.geometry(area_id))

    def shared_border(self, a: str, b: str) -> Any:
        """The line the two areas share, as a shapely geometry (empty when they only meet at a point)."""
        from .areageom import shared_line

        return shared_line(self.geometry(a), self.geometry(b))

    # -- adjacency ---------------------------------------------------------------------------
    def border(self, a: str, b: str) -> AreaBorder | None:
        return self.borders.get(border_key(a, b))

    def neighbours(self, area_id: str) -> list[str]:
        """Areas adjacent to this one (borders of kind 'none' excluded), in map order."""
        order = {aid: i for i, aid in enumerate(self.areas)}
        out = []
        for key, br in self.borders.items():
            if area_id in key and br.adjacent:
                other = br.b if br.a == area_id else br.a
                if other in self.areas:
                    out.append(other)
        return sorted(out, key=lambda o: order.get(o, 1 << 30))

    def adjacent(self, a: str, b: str) -> bool:
        br = self.border(a, b)
        return br is not None and br.adjacent

    def touching_pairs(self) -> list[tuple[str, str]]:
        """Pairs of areas whose polygons share a border of positive length (a < b), found with a
        shapely STRtree (engine/model/areageom.py `touching_pairs`)."""
        from .areageom import touching_pairs

        return touching_pairs(self.geometries())

    def derive_borders(self) -> None:
        """Borders from shared polygon edges: every touching pair gets an 'open' border unless the
        designer edited it; edited borders are kept (also between areas that do not touch: a bridge
        across a river the polygons leave open); derived borders whose areas no longer touch go."""
        areas = self.areas
        new = {key: AreaBorder(a, b) for a, b in self.touching_pairs() for key in (frozenset((a, b)),)}
        for key, br in self.borders.items():
            if br.edited and br.a in areas and br.b in areas:
                new[key] = br
        self.borders = new
        self._notify(AreaMapChange("borders"))

    # -- problems ----------------------------------------------------------------------------
    def problems(self) -> list[AreaProblem]:
        """What a designer must fix: invalid polygons, overlaps, gaps, slivers, areas outside the map
        (engine/model/areageom.py), unknown terrain, borders naming unknown areas and areas with no
        neighbour; each with its code, message, the areas concerned and a point to show."""
        from .areageom import AreaProblem, geometry_problems

        out = geometry_problems(self.geometries(),
                                {aid: len(a.polygon) for aid, a in self.areas.items()},
                                self.width, self.height, self.adjacent)
        for aid, area in self.areas.items():
            if area.terrain not in self.terrain_table.terrain:
                out.append(AreaProblem("unknown-terrain", f"area {aid}: unknown terrain {area.terrain!r}", (aid,)))
        for br in self.borders.values():
            missing = [x for x in (br.a, br.b) if x not in self.areas]
            if missing:
                out.append(AreaProblem("unknown-border-area", f"border {br.a}/{br.b} names unknown area "
                                       f"{missing[0]!r}", (br.a, br.b)))
        if len(self.areas) >= 2:
            linked = {x for br in self.borders.values() if br.adjacent for x in (br.a, br.b)}
            for aid in self.areas:
                if aid not in linked:
                    out.append(AreaProblem("isolated", f"area {aid} has no neighbour: no border shared with "
                                           "another area and none set by hand", (aid,), self.centroid(aid)))
        return out

    # -- listeners ---------------------------------------------------------------------------
    def subscribe(self, listener: Callable[[AreaMapChange], None]) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Callable[[AreaMapChange], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _notify(self, change: AreaMapChange) -> None:
        self.revision += 1
        for listener in list(self._listeners):
            listener(change)

    # -- edits (each returns what it replaced, for undo) -------------------------------------
    def set_area(self, area: Area | None, area_id: str | None = None) -> Area | None:
        """Add, replace or (with None) delete an area; returns the area it replaced. Borders are
        not re-derived here (call derive_borders, or set_borders with the result, for undo)."""
        key = area.id if area is not None else area_id
        if key is None:
            raise ValueError("set_area needs an area or an area id")
        old = self.areas.get(key)
        if area is None:
            self.areas.pop(key, None)
        else:
            self.areas[key] = area
        self._geometry.pop(key, None)
        self._notify(AreaMapChange("areas", (key,)))
        return old

    def set_polygon(self, area_id: str, polygon: Iterable[Point]) -> tuple[Point, ...]:
        """Replace an area's outline (the Area record is replaced, never changed in place, so a
        record kept for undo stays as it was); returns the old outline."""
        area = self.areas[area_id]
        self.areas[area_id] = replace(area, polygon=tuple((float(x), float(y)) for x, y in polygon))
        self._geometry.pop(area_id, None)
        self._notify(AreaMapChange("areas", (area_id,)))
        return area.polygon

    def rename_area(self, old_id: str, new_id: str) -> None:
        """Give an area a new id, keeping its place in the map order and its borders."""
        if new_id in self.areas:
            raise ValueError(f"there is already an area {new_id!r}")
        area = replace(self.areas[old_id], id=new_id)
        self.areas = {(new_id if k == old_id else k): (area if k == old_id else v) for k, v in self.areas.items()}
        self._geometry.pop(old_id, None)
        borders = {}
        for br in self.borders.values():
            a = new_id if br.a == old_id else br.a
            b = new_id if br.b == old_id else br.b
            nb = AreaBorder.between(a, b, br.kind, br.edited)
            borders[nb.key] = nb
        self.borders = borders
        self._notify(AreaMapChange("areas", (old_id, new_id)))

    def set_border(self, border: AreaBorder | None, a: str | None = None, b: str | None = None) -> AreaBorder | None:
        """Add, replace or (with None and the two ids) delete a border; returns the one replaced."""
        if border is not None:
            key = border.key
        elif a is not None and b is not None:
            key = border_key(a, b)
        else:
            raise ValueError("set_border needs a border or two area ids")
        old = self.borders.get(key)
        if border is None:
            self.borders.pop(key, None)
        else:
            self.borders[key] = border
        self._notify(AreaMapChange("borders", tuple(sorted(key))))
        return old

    def set_borders(self, borders: dict[frozenset[str], AreaBorder]) -> dict[frozenset[str], AreaBorder]:
        """Replace every border at once (after a derivation); returns the old ones."""
        old = self.borders
        self.borders = dict(borders)
        self._notify(AreaMapChange("borders"))
        return old

    def set_underlay(self, underlay: Underlay | None) -> Underlay | None:
        old = self.underlay
        self.underlay = underlay
        self._notify(AreaMapChange("underlay"))
        return old

    def set_size(self, width: float, height: float) -> tuple[float, float]:
        old = (self.width, self.height)
        self.width, self.height = width, height
        self._notify(AreaMapChange("map"))
        return old

    # -- queries for the rules ---------------------------------------------------------------
    def vp_areas(self) -> list[str]:
        return [aid for aid, a in self.areas.items() if a.vp]

    def zone_areas(self, zone: str) -> list[str]:
        return [aid for aid, a in self.areas.items() if a.zone == zone]

    def tagged(self, tag: str) -> list[str]:
        return [aid for aid, a in self.areas.items() if tag in a.tags]

    def borders_of_kind(self, kind: str) -> list[AreaBorder]:
        return [br for br in self.borders.values() if br.kind == kind]

    def __len__(self) -> int:
        return len(self.areas)

    def __contains__(self, area_id: object) -> bool:
        return area_id in self.areas

