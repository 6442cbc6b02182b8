"""The undo command for off-board areas (Target Arnhem: Across 6 Bridges, 001_69d92a61f68ed4f9.txt,
Movement): an off-board area is a map region of kind `offboard` whose hexes are the edge hexes it adjoins
and whose `adjacent` lists the areas next to it (engine/rules/target_arnhem/design.py). The region is
changed through the map's own edit method (`HexMap.set_region`, which tells the map views), so the
editor's map shows the area as it is edited.

`EditOffboardArea` adds, changes, renames or removes one area. A rename follows the name into the other
areas' adjacent lists and the reinforcements that enter there; a removal takes the area out of the
adjacent lists (a reinforcement still entering there is reported by validation). Undo puts every region
back in its place, so the saved map file is unchanged down to the order of its regions.
"""

from __future__ import annotations

import copy

from hexwright.engine.model.hexmap import HexMap, Region
from hexwright.engine.rules.target_arnhem.design import OFFBOARD, area_name_problem
from PySide6.QtGui import QUndoCommand

from .command_base import ScenarioDocumentLike

AREA_COLOR = "#606060"


def _restore(m: HexMap, regions: list[Region]) -> None:
    """Make the map's regions `regions`, in that order, through the map's edit method."""
    names = [r.name for r in regions]
    for name in [n for n in m.regions if n not in names]:
        m.set_region(None, name)
    kept = list(m.regions)
    if names[:len(kept)] != kept:  # a region changes place (a rename): lay them all out again
        for name in kept:
            m.set_region(None, name)
    for r in regions:
        if m.regions.get(r.name) != r:
            m.set_region(copy.deepcopy(r))


class EditOffboardArea(QUndoCommand):
    """Add (`name` None), change or rename (`new` with another name) or remove (`new` None) an off-board
    area (Target Arnhem: Movement)."""

    def __init__(self, doc: ScenarioDocumentLike, name: str | None, new: Region | None) -> None:
        sc = doc.scenario
        m = sc.map
        if name is None and new is None:
            raise ValueError("nothing to add as an off-board area")
        if name is not None and (name not in m.regions or m.regions[name].kind != OFFBOARD):
            raise KeyError(f"no off-board area {name!r}")
        if new is not None:
            why = area_name_problem(m, new.name)
            if why:
                raise ValueError(why)
            if new.name != name and new.name in m.regions:
                raise ValueError(f"the map already has a region {new.name!r}")
            if any(not m.contains(h) for h in new.hexes):
                raise ValueError("an off-board area adjoins hexes of the map only")
            new = copy.deepcopy(new)
            new.kind = OFFBOARD
        if name is None:
            verb, what = "Add", new.name if new is not None else ""
        elif new is None:
            verb, what = "Remove", name
        elif new.name != name:
            verb, what = "Rename", f"{name} to {new.name}"
        else:
            verb, what = "Change", name
        super().__init__(f"{verb} off-board area {what}")
        self.doc = doc
        self.before = [copy.deepcopy(r) for r in m.regions.values()]
        self.entries_before = [rf.entry.offboard for rf in sc.reinforcements]
        after: list[Region] = []
        for r in self.before:
            if r.name == name:
                if new is not None:
                    after.append(copy.deepcopy(new))
                continue
            after.append(copy.deepcopy(r))
        if name is None and new is not None:
            after.append(copy.deepcopy(new))
        renamed = new.name if (name is not None and new is not None and new.name != name) else None
        for r in after:
            if r.kind != OFFBOARD or name is None:
                continue
            if renamed is not None:
                r.adjacent = [renamed if a == name else a for a in r.adjacent]
            elif new is None:
                r.adjacent = [a for a in r.adjacent if a != name]
        self.after = after
        self.entries_after = [renamed if (renamed is not None and e == name) else e for e in self.entries_before]

    def _apply(self, regions: list[Region], entries: list[str | None]) -> None:
        sc = self.doc.scenario
        _restore(sc.map, regions)
        changed = False
        for rf, e in zip(sc.reinforcements, entries, strict=False):
            if rf.entry.offboard != e:
                rf.entry.offboard = e
                changed = True
        self.doc.scenario_changed.emit("areas")
        if changed:
            self.doc.scenario_changed.emit("reinforcements")

    def redo(self) -> None:
        self._apply(self.after, self.entries_after)

    def undo(self) -> None:
        self._apply(self.before, self.entries_before)
