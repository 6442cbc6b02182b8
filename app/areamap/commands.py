"""Undo commands of the area-map editor (Tiled `changevalue.h` shape): every edit of an area map is ONE
QUndoCommand on the document's stack.

Geometry edits (draw, split, merge, delete an area, move / insert / delete a vertex, renumber) are all
`EditAreas`: the areas before and after (an area id mapped to None is absent), computed by the tool with
app/areamap/geometry.py. Redo puts the new areas in and re-derives the borders (the model keeps the
borders the designer edited); undo puts the old areas back and restores the borders exactly as they
were. A renumbering also carries the scenario's placements in that area along.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QUndoCommand

if TYPE_CHECKING:
    from .document import AreaMapDocument


class EditAreas(QUndoCommand):
    """Replace areas: `after` maps an area id to its new Area (or None to remove it); the areas it
    replaces are read when the command is made."""

    def __init__(self, doc: AreaMapDocument, text: str, after: Mapping[str, Any],
                 placements: Mapping[str, str | None] | None = None, borders: Mapping | None = None,
                 drop_borders: Iterable[frozenset[str]] = ()) -> None:
        super().__init__(text)
        self.extra_borders = dict(borders or {})  # edited borders carried over (a renumbered area's)
        self.drop_borders = set(drop_borders)  # edited borders that no longer apply (a split area's)
        self.doc = doc
        amap = doc.area_map
        self.after = dict(after)
        self.before = {aid: amap.areas.get(aid) for aid in self.after}
        self.placements_after = dict(placements or {})
        sc = doc.scenario
        self.placements_before = {uid: (sc.placements.get(uid) if sc is not None else None)
                                  for uid in self.placements_after}
        self.borders_before = dict(amap.borders)
        self.borders_after: dict | None = None

    def _put(self, areas: Mapping[str, Any], placements: Mapping[str, str | None]) -> None:
        amap = self.doc.area_map
        for aid, area in areas.items():
            if area is None and aid in amap.areas:
                amap.set_area(None, aid)
        for area in areas.values():
            if area is not None:
                amap.set_area(area)
        sc = self.doc.scenario
        if sc is not None:
            for uid, where in placements.items():
                if where is None:
                    sc.placements.pop(uid, None)
                else:
                    sc.placements[uid] = where

    def redo(self) -> None:
        amap = self.doc.area_map
        self._put(self.after, self.placements_after)
        if self.borders_after is None:
            amap.set_borders({**{k: b for k, b in amap.borders.items()
                                 if all(a in amap.areas for a in k) and k not in self.drop_borders},
                              **self.extra_borders})
            amap.derive_borders()
            self.borders_after = dict(amap.borders)
        else:
            amap.set_borders(self.borders_after)
        self.doc.notify(set(self.after), placements=bool(self.placements_after))

    def undo(self) -> None:
        amap = self.doc.area_map
        self._put(self.before, self.placements_before)
        amap.set_borders(self.borders_before)
        self.doc.notify(set(self.after), placements=bool(self.placements_after))


class SetAreaProperties(QUndoCommand):
    """Change an area's name, terrain, VP, zone, stacking limit or tags (not its number: see renumber)."""

    def __init__(self, doc: AreaMapDocument, area_id: str, **changes: Any) -> None:
        area = doc.area_map.areas[area_id]
        what = ", ".join(sorted(changes))
        super().__init__(f"Set {what} of area {area_id}")
        self.doc, self.area_id = doc, area_id
        self.old = area
        self.new = replace(area, **changes)

    def redo(self) -> None:
        self.doc.area_map.set_area(self.new)
        self.doc.notify({self.area_id}, geometry=False)

    def undo(self) -> None:
        self.doc.area_map.set_area(self.old)
        self.doc.notify({self.area_id}, geometry=False)


class SetBorderKind(QUndoCommand):
    """Set the kind of the border between two areas (river, bridge, ramp, perimeter...) where the printed
    map differs from the derived one; `kind=None` gives the derived border back."""

    def __init__(self, doc: AreaMapDocument, a: str, b: str, kind: str | None) -> None:
        a, b = sorted((a, b))
        super().__init__(f"Border {a}/{b}: {kind}" if kind else f"Border {a}/{b}: as derived")
        self.doc, self.key, self.kind = doc, frozenset((a, b)), kind
        self.a, self.b = a, b
        self.before = dict(doc.area_map.borders)
        self.after: dict | None = None

    def redo(self) -> None:
        from hexwright.engine.model.areamap import AreaBorder

        amap = self.doc.area_map
        if self.after is None:
            if self.kind is None:
                amap.set_border(None, self.a, self.b)
                amap.derive_borders()
            else:
                amap.set_border(AreaBorder.between(self.a, self.b, self.kind, edited=True))
            self.after = dict(amap.borders)
        else:
            amap.set_borders(self.after)
        self.doc.notify({self.a, self.b}, geometry=False, borders=True)

    def undo(self) -> None:
        self.doc.area_map.set_borders(self.before)
        self.doc.notify({self.a, self.b}, geometry=False, borders=True)


class PlaceUnits(QUndoCommand):
    """Set up units in an area (or take them off the map: area None)."""

    def __init__(self, doc: AreaMapDocument, units: Mapping[str, str | None]) -> None:
        sc = doc.scenario
        if sc is None:
            raise ValueError("units are placed in a scenario; this is a map")
        n = len(units)
        where = {w for w in units.values()}
        to = f"in area {next(iter(where))}" if len(where) == 1 and None not in where else (
            "off the map" if where == {None} else "")
        self.doc = doc
        self.after = dict(units)
        self.before = {uid: sc.placements.get(uid) for uid in units}
        # a unit set up on the map no longer arrives as a reinforcement (validation refuses both): it leaves
        # its reinforcement entries in this same step, and an entry left with no unit goes
        placed = {uid for uid, w in units.items() if w is not None}
        self.reinf_before = copy.deepcopy(sc.reinforcements)
        self.left_reinforcements = sorted({u for rf in sc.reinforcements for u in rf.units if u in placed})
        self.reinf_after = []
        for rf in copy.deepcopy(sc.reinforcements):
            rf.units = [u for u in rf.units if u not in placed]
            if rf.units:
                self.reinf_after.append(rf)
        extra = (f" ({', '.join(self.left_reinforcements)} no longer a reinforcement)"
                 if self.left_reinforcements else "")
        super().__init__(f"Place {n} unit{'s' if n != 1 else ''} {to}".rstrip() + extra)

    def _put(self, values: Mapping[str, str | None], reinforcements) -> None:
        sc = self.doc.scenario
        assert sc is not None
        for uid, where in values.items():
            if where is None:
                sc.placements.pop(uid, None)
            else:
                sc.placements[uid] = where
        if self.left_reinforcements:
            sc.reinforcements = copy.deepcopy(reinforcements)
        self.doc.notify(set(), geometry=False, placements=True)

    def redo(self) -> None:
        self._put(self.after, self.reinf_after)

    def undo(self) -> None:
        self._put(self.before, self.reinf_before)


_strokes = itertools.count(1)


def new_stroke() -> int:
    """A fresh number for one press-drag-release of a tool (its edits merge into one undo step)."""
    return next(_strokes)


class PaintAreas(QUndoCommand):
    """Give areas a terrain (the Paint terrain tool): the areas one drag paints (one `stroke`) merge into
    one undo step."""

    MERGE_ID = 0x41_50

    def __init__(self, doc: AreaMapDocument, terrain: Mapping[str, str], stroke: int) -> None:
        super().__init__("Paint terrain")
        self.doc, self.stroke = doc, stroke
        self.new = dict(terrain)
        self.old = {aid: doc.area_map.areas[aid] for aid in self.new}

    def redo(self) -> None:
        amap = self.doc.area_map
        for aid, code in self.new.items():
            amap.set_area(replace(self.old[aid], terrain=code))
        self.doc.notify(set(self.new), geometry=False)

    def undo(self) -> None:
        for area in self.old.values():
            self.doc.area_map.set_area(area)
        self.doc.notify(set(self.old), geometry=False)

    def id(self) -> int:
        return self.MERGE_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, PaintAreas) or other.stroke != self.stroke or other.doc is not self.doc:
            return False
        for aid, code in other.new.items():
            self.old.setdefault(aid, other.old[aid])
            self.new[aid] = code
        n = len(self.new)
        self.setText(f"Paint terrain ({n} areas)" if n > 1 else "Paint terrain")
        return True


class SetMapUnderlay(QUndoCommand):
    """Load, move or remove the scanned underlay under the areas; changes of one `stroke` (the opacity
    slider dragged) merge into one undo step."""

    MERGE_ID = 0x41_55

    def __init__(self, doc: AreaMapDocument, underlay: Any, text: str = "Set the scan underlay",
                 stroke: int | None = None) -> None:
        super().__init__(text)
        self.doc, self.new, self.old = doc, underlay, doc.area_map.underlay
        self.stroke = stroke

    def id(self) -> int:
        return self.MERGE_ID if self.stroke is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetMapUnderlay) or self.stroke is None or other.stroke != self.stroke:
            return False
        self.new = other.new
        return True

    def redo(self) -> None:
        self.doc.area_map.set_underlay(self.new)
        self.doc.notify(set(), geometry=False, underlay=True)

    def undo(self) -> None:
        self.doc.area_map.set_underlay(self.old)
        self.doc.notify(set(), geometry=False, underlay=True)
