"""The area-map document (Tiled `mapdocument.h`, like app/editor/document.py for hex maps): it owns the
AreaMap (engine/model/areamap.py), the scenario when the file is one on an area map, the file path and
the QUndoStack. "Modified" is "the undo stack is not clean".

The edit methods here are what the tools call: each computes the new geometry with
app/areamap/geometry.py (so that a shared border keeps the same vertices on both sides) and pushes ONE
command (app/areamap/commands.py). A refused edit raises AreaGeometryError with a message for the
status bar and pushes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from hexwright.app.kindbase.document import DocumentBase
from PySide6.QtCore import QObject, Signal

from . import geometry as geo
from .commands import EditAreas, PlaceUnits, SetAreaProperties, SetBorderKind
from .geometry import AreaGeometryError, Ring


@dataclass(frozen=True)
class AreaChange:
    """What an edit touched, for the view and the panels."""

    areas: frozenset[str] = frozenset()
    geometry: bool = True
    borders: bool = True
    placements: bool = False
    underlay: bool = False


class AreaMapDocument(DocumentBase):
    """An area map or a scenario on one open in the editor."""

    changed = Signal(object)  # AreaChange

    def __init__(self, area_map, scenario=None, path: Path | None = None, source_map=None,
                 parent: QObject | None = None) -> None:
        super().__init__(scenario, path, parent)
        self.area_map = area_map
        self.source_map = source_map
        self.load_diagnostics: list = []

    @property
    def map(self):
        return self.area_map

    def dump_inline(self) -> str:
        from hexwright.engine.formats import dump_scenario
        from hexwright.engine.formats.areamapfile import dump_area_map

        if self.scenario is not None:
            return dump_scenario(self.scenario, inline_map=True)
        return dump_area_map(self.area_map)

    def notify(self, areas: Iterable[str], geometry: bool = True, borders: bool = True,
               placements: bool = False, underlay: bool = False) -> None:
        self.changed.emit(AreaChange(frozenset(areas), geometry, borders or geometry, placements, underlay))

    def rings(self) -> dict[str, Ring]:
        return {aid: tuple(a.polygon) for aid, a in self.area_map.areas.items()}

    def placements_in(self, area_id: str) -> list[str]:
        sc = self.scenario
        if sc is None:
            return []
        return [uid for uid, where in sc.placements.items() if where == area_id]

    # -- loading and saving -----------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | Path):
        """(document, diagnostics) for an area-map file or a scenario on one; (None, diagnostics) when
        the file has errors (each at its file:line), as `hexwright validate` reports them."""
        from .files import open_area_document

        return open_area_document(cls, Path(path))

    def validate(self) -> list:
        from .files import validate_document

        return validate_document(self)

    def save(self, path: str | Path | None = None) -> None:
        """Write the file atomically (a scenario with a separate map file writes both); raises OSError."""
        from .files import save_document

        target = self.save_target(path)
        save_document(self, target)
        self.written(target)

    # -- area edits (each one undo step) ----------------------------------------------------------
    def next_area_id(self) -> str:
        used = set(self.area_map.areas)
        n = 1
        while str(n) in used:
            n += 1
        return str(n)

    def _weld_after(self, after: dict[str, Any], new_rings: dict[str, Ring]) -> None:
        """Weld the new rings to their neighbours: neighbours whose border gains a vertex join `after`."""
        rings = self.rings()
        for aid, area in after.items():
            if area is None:
                rings.pop(aid, None)
        rings.update(new_rings)
        welded = geo.weld(rings, new_rings)
        for aid, ring in {**new_rings, **welded}.items():
            base = after.get(aid) or self.area_map.areas[aid]
            after[aid] = replace(base, polygon=ring)

    def add_area(self, points: Iterable[tuple[float, float]], area_id: str | None = None, **props: Any) -> str:
        """A new area with the drawn polygon; its vertices on a neighbour's border, and the neighbour's
        vertices on its border, become shared vertices. Returns its id."""
        from hexwright.engine.model.areamap import Area

        ring = geo.check_polygon(geo.open_ring(points), "The new area")
        aid = area_id or self.next_area_id()
        if aid in self.area_map.areas:
            raise AreaGeometryError(f"There is already an area {aid}")
        terrain = props.pop("terrain", None) or self._default_terrain()
        after: dict[str, Any] = {aid: Area(id=aid, polygon=ring, terrain=terrain, **props)}
        self._weld_after(after, {aid: ring})
        self.push(EditAreas(self, f"Draw area {aid}", after))
        return aid

    def _default_terrain(self) -> str:
        table = getattr(self.area_map, "terrain_table", None)
        codes = list(getattr(table, "terrain", {}) or {})
        return "open" if "open" in codes or not codes else codes[0]

    def delete_area(self, area_id: str) -> None:
        units = {uid: None for uid in self.placements_in(area_id)}
        self.push(EditAreas(self, f"Delete area {area_id}", {area_id: None}, placements=units))

    def split_area(self, area_id: str, line: Iterable[tuple[float, float]], new_id: str | None = None) -> str:
        """Cut an area in two along a drawn line: the larger part keeps the area's number and properties,
        the other gets a new number (and the same terrain, zone and stacking, no VP). Returns its id."""
        area = self.area_map.areas[area_id]
        keep, cut = geo.split_ring(tuple(area.polygon), line)
        nid = new_id or self.next_area_id()
        after: dict[str, Any] = {area_id: replace(area, polygon=keep),
                                 nid: replace(area, id=nid, name="", polygon=cut, vp=0)}
        self._weld_after(after, {area_id: keep, nid: cut})
        carried, dropped = self._split_borders(area_id, nid, keep, cut, after)
        self.push(EditAreas(self, f"Split area {area_id} (new area {nid})", after, borders=carried,
                            drop_borders=dropped))
        return nid

    def _split_borders(self, area_id: str, nid: str, keep: Ring, cut: Ring,
                       after: dict[str, Any]) -> tuple[dict, list]:
        """The borders the designer edited (a bridge, a river) between the split area and a neighbour go
        with the part that touches that neighbour (both parts when both do); a border between areas that
        do not touch (a bridge across a gap) stays with the kept part. Returns the borders to add and
        the keys to drop."""
        from hexwright.engine.model.areageom import polygon_of, shared_line
        from hexwright.engine.model.areamap import AreaBorder

        amap = self.area_map
        parts = {area_id: polygon_of(keep), nid: polygon_of(cut)}
        carried: dict = {}
        dropped: list = []
        for key, br in amap.borders.items():
            if not br.edited or area_id not in key:
                continue
            other = br.b if br.a == area_id else br.a
            if other not in amap.areas:
                continue
            ring = after[other].polygon if other in after and after[other] is not None else amap.areas[other].polygon
            theirs = polygon_of(ring)
            touching = [p for p, g in parts.items() if shared_line(g, theirs).length > 0]
            if nid in touching:
                carried[frozenset((nid, other))] = AreaBorder.between(nid, other, br.kind, edited=True)
                if area_id not in touching:
                    dropped.append(key)
        return carried, dropped

    def merge_areas(self, keep_id: str, other_id: str) -> None:
        """Merge two neighbouring areas into `keep_id` (its number and properties; VP added); units set
        up in the other go with it."""
        if keep_id == other_id:
            raise AreaGeometryError("Select two different areas to merge")
        areas = self.area_map.areas
        a, b = areas[keep_id], areas[other_id]
        ring = geo.merge_rings(tuple(a.polygon), tuple(b.polygon))
        after: dict[str, Any] = {other_id: None,
                                 keep_id: replace(a, polygon=ring, vp=a.vp + b.vp, tags=frozenset(a.tags | b.tags))}
        self._weld_after(after, {keep_id: ring})
        units = {uid: keep_id for uid in self.placements_in(other_id)}
        self.push(EditAreas(self, f"Merge area {other_id} into {keep_id}", after, placements=units))

    def _vertex_edit(self, text: str, changed: dict[str, Ring]) -> None:
        if not changed:
            raise AreaGeometryError("Nothing changed")
        areas = self.area_map.areas
        after: dict[str, Any] = {aid: replace(areas[aid], polygon=ring) for aid, ring in changed.items()}
        self.push(EditAreas(self, text, after))

    def move_vertex(self, at: tuple[float, float], to: tuple[float, float]) -> None:
        """Move a vertex (and the same vertex of every area sharing it)."""
        changed = geo.move_vertex(self.rings(), at, to)
        self._vertex_edit(f"Move a vertex of {_areas_text(changed)}", changed)

    def insert_vertex(self, p: tuple[float, float], tolerance: float) -> None:
        changed = geo.insert_vertex(self.rings(), p, tolerance)
        self._vertex_edit(f"Insert a vertex in {_areas_text(changed)}", changed)

    def delete_vertex(self, at: tuple[float, float]) -> None:
        changed = geo.delete_vertex(self.rings(), at)
        self._vertex_edit(f"Delete a vertex of {_areas_text(changed)}", changed)

    def renumber(self, old: str, new: str) -> None:
        """Give an area another number; edited borders and units set up there follow."""
        new = new.strip()
        if not new:
            raise AreaGeometryError("An area needs a number")
        if new == old:
            return
        if new in self.area_map.areas:
            raise AreaGeometryError(f"There is already an area {new}")
        area = self.area_map.areas[old]
        units = {uid: new for uid in self.placements_in(old)}
        from hexwright.engine.model.areamap import AreaBorder

        moved = {}
        for key, b in self.area_map.borders.items():
            if old in key and b.edited:
                x, y = sorted((new if b.a == old else b.a, new if b.b == old else b.b))
                moved[frozenset((x, y))] = AreaBorder.between(x, y, b.kind, edited=True)
        self.push(EditAreas(self, f"Renumber area {old} as {new}", {old: None, new: replace(area, id=new)},
                            placements=units, borders=moved))

    def paint_terrain(self, area_ids: Iterable[str], terrain: str, stroke: int) -> bool:
        """Give the areas `terrain` (those that have another); one undo step per `stroke` (a drag of the
        Paint terrain tool). False when nothing changed."""
        from .commands import PaintAreas

        areas = self.area_map.areas
        todo = {aid: terrain for aid in area_ids if aid in areas and areas[aid].terrain != terrain}
        if not todo:
            return False
        self.push(PaintAreas(self, todo, stroke))
        return True

    def set_area_properties(self, area_id: str, **changes: Any) -> None:
        area = self.area_map.areas[area_id]
        changes = {k: v for k, v in changes.items() if getattr(area, k) != v}
        if changes:
            self.push(SetAreaProperties(self, area_id, **changes))

    def set_border_kind(self, a: str, b: str, kind: str | None) -> None:
        self.push(SetBorderKind(self, a, b, kind))

    def place_units(self, units: dict[str, str | None]) -> None:
        sc = self.scenario
        if sc is None:
            raise AreaGeometryError("Units are set up in a scenario; this is a map")
        for uid, where in units.items():
            if uid not in sc.units:
                raise AreaGeometryError(f"There is no unit {uid}")
            if where is not None and where not in self.area_map.areas:
                raise AreaGeometryError(f"There is no area {where}")
        changed = {u: w for u, w in units.items() if sc.placements.get(u) != w}
        if changed:
            self.push(PlaceUnits(self, changed))


def _areas_text(changed: dict) -> str:
    ids = sorted(changed, key=area_sort_key)
    return ("area " if len(ids) == 1 else "areas ") + ", ".join(ids)


def area_sort_key(aid: str) -> tuple:
    """Area numbers in numeric order, then zone ids ("P1") by name."""
    return (0, int(aid), "") if aid.isdigit() else (1, 0, aid)
