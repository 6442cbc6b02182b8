"""Undo commands: one QUndoCommand class per kind of edit (Tiled `changevalue.h`, `addremovelayer.*`).

Every command changes the map only through HexMap's edit methods, which return the values they
replace; the command keeps those to undo. A brush drag is one undo step: the tool gives every stamp
of one drag the same `stroke` number and `mergeWith` folds the stamps into the first command
("Paint 37 hexes").
"""

from __future__ import annotations

import copy
import itertools
from dataclasses import replace

from hexwright.engine.hexgrid import Hex, Hexside, hexside_between
from hexwright.engine.model.hexmap import GridSpec, HexMap, HexsideInfo, Place, Region, Underlay
from PySide6.QtGui import QUndoCommand

_strokes = itertools.count(1)


def new_stroke() -> int:
    """A fresh number for one press-drag-release of a tool."""
    return next(_strokes)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 'es' if word.endswith(('x', 's')) else 's'}"


class MapCommand(QUndoCommand):
    """A command on a map, mergeable with the next command of the same class and stroke."""

    command_id = -1  # Qt merges only commands with the same id >= 0

    def __init__(self, hexmap: HexMap, stroke: int | None = None) -> None:
        super().__init__()
        self.map = hexmap
        self.stroke = stroke

    def id(self) -> int:
        return self.command_id if self.stroke is not None else -1

    def can_merge(self, other: QUndoCommand) -> bool:
        return type(other) is type(self) and other.stroke == self.stroke and self.stroke is not None


class _PerHexCommand(MapCommand):
    """A per-hex value edit: `values` new per hex, `old` what they replaced (the first time)."""

    verb = "Edit"
    noun = "hex"

    def __init__(self, hexmap: HexMap, values: dict, stroke: int | None = None) -> None:
        super().__init__(hexmap, stroke)
        self.values = dict(values)
        self.old: dict = {}
        self._update_text()

    def _update_text(self) -> None:
        self.setText(f"{self.verb} {_plural(len(self.values), self.noun)}")

    def apply(self, values: dict) -> dict:
        raise NotImplementedError

    def redo(self) -> None:
        old = self.apply(self.values)
        for k, v in old.items():
            self.old.setdefault(k, v)

    def undo(self) -> None:
        self.apply({k: self.old[k] for k in self.values})

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not self.can_merge(other):
            return False
        assert isinstance(other, _PerHexCommand)
        for k, v in other.old.items():
            self.old.setdefault(k, v)
        self.values.update(other.values)
        self._update_text()
        return True


class PaintTerrain(_PerHexCommand):
    """Set the base terrain of hexes (terrain brush, flood fill, terrain proposed from a scan)."""

    command_id = 1
    verb = "Paint"

    def apply(self, values: dict) -> dict:
        return self.map.set_terrain(values)


class SetFeatures(_PerHexCommand):
    """Set the in-hex features of hexes (overlay brush: village, city, fortification...)."""

    command_id = 2
    verb = "Set features of"

    def apply(self, values: dict) -> dict:
        return self.map.set_features(values)


class SetElevation(_PerHexCommand):
    """Set the elevation level of hexes."""

    command_id = 3
    verb = "Set elevation of"

    def apply(self, values: dict) -> dict:
        return self.map.set_elevation(values)


class SetHexside(_PerHexCommand):
    """Set what lies on hexsides: features (river, canal, cliff...), a bridge or a ferry."""

    command_id = 4
    verb = "Edit"
    noun = "hexside"

    def apply(self, values: dict) -> dict:
        return self.map.set_hexsides(values)


class SetLocations(_PerHexCommand):
    """Set the extra locations of hexes (other levels: ASL Arnhem Bridge 1.1, a Level 1 location on the
    bridge above the Level 0 one beneath it; a building's upper level)."""

    command_id = 10
    verb = "Set locations of"

    def apply(self, values: dict) -> dict:
        return self.map.set_locations(values)


class EraseHexes(MapCommand):
    """The eraser: reset hexes to the default terrain and clear their features, as one step."""

    command_id = 5

    def __init__(self, hexmap: HexMap, hexes, stroke: int | None = None) -> None:
        super().__init__(hexmap, stroke)
        self.hexes = list(dict.fromkeys(hexes))
        self.old_terrain: dict[Hex, str] = {}
        self.old_features: dict[Hex, tuple[str, ...]] = {}
        self._update_text()

    def _update_text(self) -> None:
        self.setText(f"Erase {_plural(len(self.hexes), 'hex')}")

    def redo(self) -> None:
        d = self.map.default_terrain
        for k, v in self.map.set_terrain({h: d for h in self.hexes}).items():
            self.old_terrain.setdefault(k, v)
        for fh, fv in self.map.set_features({h: () for h in self.hexes}).items():
            self.old_features.setdefault(fh, fv)

    def undo(self) -> None:
        self.map.set_features({h: self.old_features[h] for h in self.hexes})
        self.map.set_terrain({h: self.old_terrain[h] for h in self.hexes})

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not self.can_merge(other):
            return False
        assert isinstance(other, EraseHexes)
        for k, v in other.old_terrain.items():
            self.old_terrain.setdefault(k, v)
        for h, features in other.old_features.items():
            self.old_features.setdefault(h, features)
        self.hexes = list(dict.fromkeys(self.hexes + other.hexes))
        self._update_text()
        return True


class LinkPath(MapCommand):
    """Lay a road, trail or railroad between consecutive adjacent hexes (a path drag merges)."""

    command_id = 6
    present = True
    verb = "Lay"

    def __init__(self, hexmap: HexMap, path: str, links: list[tuple[Hex, Hex]], stroke: int | None = None) -> None:
        super().__init__(hexmap, stroke)
        self.path = path
        self.links = list(links)
        self.old: dict[Hexside, HexsideInfo | None] = {}
        self._update_text()

    def _update_text(self) -> None:
        n = len({hexside_between(a, b) for a, b in self.links})
        self.setText(f"{self.verb} {self.path} ({_plural(n, 'link')})")

    def redo(self) -> None:
        for a, b in self.links:
            side = hexside_between(a, b)
            old = self.map.link_path(a, b, self.path, self.present)
            self.old.setdefault(side, old)

    def undo(self) -> None:
        sides = {hexside_between(a, b) for a, b in self.links}
        self.map.set_hexsides({s: self.old[s] for s in sides})

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not self.can_merge(other):
            return False
        assert isinstance(other, LinkPath)
        if other.path != self.path:
            return False
        for k, v in other.old.items():
            self.old.setdefault(k, v)
        self.links += other.links
        self._update_text()
        return True


class UnlinkPath(LinkPath):
    """Remove path links between consecutive hexes (the path tool's erase mode)."""

    command_id = 7
    present = False
    verb = "Remove"


class EditRegion(MapCommand):
    """Paint hexes into (or out of) a named region: set-up zone, drop zone, "area P"."""

    command_id = 8

    def __init__(self, hexmap: HexMap, name: str, add=(), remove=(), stroke: int | None = None) -> None:
        super().__init__(hexmap, stroke)
        self.name = name
        region = hexmap.regions[name]
        self.added = [h for h in dict.fromkeys(add) if h not in region.hexes]
        self.removed = [h for h in dict.fromkeys(remove) if h in region.hexes]
        self._update_text()

    def _update_text(self) -> None:
        n = len(self.added) + len(self.removed)
        self.setText(f"Edit region {self.name} ({_plural(n, 'hex')})")

    def redo(self) -> None:
        self.map.set_region_hexes(self.name, add=self.added, remove=self.removed)

    def undo(self) -> None:
        self.map.set_region_hexes(self.name, add=self.removed, remove=self.added)

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not self.can_merge(other):
            return False
        assert isinstance(other, EditRegion)
        if other.name != self.name:
            return False
        for h in other.added:
            if h in self.removed:
                self.removed.remove(h)
            elif h not in self.added:
                self.added.append(h)
        for h in other.removed:
            if h in self.added:
                self.added.remove(h)
            elif h not in self.removed:
                self.removed.append(h)
        self._update_text()
        return True


class ChangeRegion(MapCommand):
    """Create, change, rename or delete a region (`new` None deletes; `old_name` renames)."""

    def __init__(self, hexmap: HexMap, new: Region | None, old_name: str | None = None) -> None:
        super().__init__(hexmap)
        self.new = copy.deepcopy(new)
        self.old_name = old_name if old_name is not None else (new.name if new is not None else None)
        assert self.old_name is not None
        self.old: Region | None = copy.deepcopy(hexmap.regions.get(self.old_name))
        if new is None:
            self.setText(f"Delete region {self.old_name}")
        elif self.old is None:
            self.setText(f"Create region {new.name}")
        elif new.name != self.old_name:
            self.setText(f"Rename region {self.old_name} to {new.name}")
        else:
            self.setText(f"Change region {new.name}")

    def redo(self) -> None:
        if self.new is None or self.new.name != self.old_name:
            self.map.set_region(None, self.old_name)
        if self.new is not None:
            self.map.set_region(copy.deepcopy(self.new))

    def undo(self) -> None:
        if self.new is not None:
            self.map.set_region(None, self.new.name)
        if self.old is not None:
            self.map.set_region(copy.deepcopy(self.old))


class EditPlaces(MapCommand):
    """Replace the map's named places and labels (the label tool adds, edits or removes one)."""

    def __init__(self, hexmap: HexMap, places: list[Place], text: str = "Edit places") -> None:
        super().__init__(hexmap)
        self.new = list(places)
        self.old = list(hexmap.places)
        self.setText(text)

    def redo(self) -> None:
        self.map.set_places(self.new)

    def undo(self) -> None:
        self.map.set_places(self.old)


class SetUnderlay(MapCommand):
    """Replace the scanned underlay (digitizing: load a scan, fit the grid, change its opacity).
    Opacity slider drags merge when given a stroke."""

    command_id = 9

    def __init__(self, hexmap: HexMap, underlay: Underlay | None, text: str = "Set scan underlay",
                 stroke: int | None = None) -> None:
        super().__init__(hexmap, stroke)
        self.new = copy.deepcopy(underlay)
        self.old = copy.deepcopy(hexmap.underlay)
        self.setText(text)

    def redo(self) -> None:
        self.map.set_underlay(copy.deepcopy(self.new))

    def undo(self) -> None:
        self.map.set_underlay(copy.deepcopy(self.old))

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not self.can_merge(other):
            return False
        assert isinstance(other, SetUnderlay)
        self.new = other.new
        return True


class ResizeGrid(MapCommand):
    """Change the grid (columns, rows, numbering, hex size). Hexes that fall off lose their data; undo
    puts back the old grid and everything the resize dropped."""

    def __init__(self, hexmap: HexMap, grid: GridSpec, text: str = "Resize map") -> None:
        super().__init__(hexmap)
        self.new = grid
        self.old = hexmap.grid
        self.setText(text)
        self._saved: tuple | None = None

    def redo(self) -> None:
        m = self.map
        self._saved = (dict(m.terrain), dict(m.features), dict(m.elevation), dict(m.locations),
                       dict(m.hexsides), {k: set(r.hexes) for k, r in m.regions.items()}, list(m.places))
        m.resize(self.new)
        gone = {k: hs - set(m.hexes) for k, hs in self._saved[5].items()}
        for name, hexes in gone.items():
            if hexes and name in m.regions:
                m.set_region_hexes(name, remove=hexes)

    def undo(self) -> None:
        m = self.map
        assert self._saved is not None
        terrain, features, elevation, locations, hexsides, regions, places = self._saved
        m.resize(self.old)
        m.set_places(places)  # resize drops the places printed in hexes outside the grid
        m.set_terrain({h: terrain.get(h, m.default_terrain) for h in m.hexes})
        m.set_features({h: features.get(h, ()) for h in set(features) | set(m.features)})
        m.set_elevation({h: elevation.get(h, 0) for h in set(elevation) | set(m.elevation)})
        m.set_locations({h: locations.get(h, ()) for h in set(locations) | set(m.locations)})
        m.set_hexsides({s: hexsides.get(s) for s in set(hexsides) | set(m.hexsides)})
        for name, hexes in regions.items():
            if name in m.regions:
                m.set_region_hexes(name, add=hexes - m.regions[name].hexes)


class SetMapProperties(MapCommand):
    """Change the map's name, notes or default terrain."""

    def __init__(self, hexmap: HexMap, name: str, notes: str, default_terrain: str) -> None:
        super().__init__(hexmap)
        self.new = (name, notes, default_terrain)
        self.old = (hexmap.name, hexmap.notes, hexmap.default_terrain)
        self.setText("Change map properties")

    def _apply(self, values: tuple[str, str, str]) -> None:
        # name, notes and default terrain have no edit method of their own: they are plain
        # attributes that no view draws, so setting them needs no change notification
        self.map.name, self.map.notes, self.map.default_terrain = values

    def redo(self) -> None:
        self._apply(self.new)

    def undo(self) -> None:
        self._apply(self.old)


def toggled_hexside(info: HexsideInfo | None, kind: str, code: str, present: bool,
                    level: int | None = None) -> HexsideInfo:
    """The hexside info with a feature or bridge (kind "feature" or "bridge") added or removed. A feature
    added with a `level` puts the hexside's features at that level (rowhouse hexsides beneath the
    Arnhem bridge, ASL Arnhem Bridge 1.12: Level 0 while the bridge above is Level 1)."""
    base = info or HexsideInfo()
    if kind == "bridge":
        return replace(base, bridge=code if present else None)
    feats = [f for f in base.features if f != code]
    if present:
        feats.append(code)
        if level is not None:
            base = replace(base, level=level)
    elif not feats:
        base = replace(base, level=None)
    return replace(base, features=tuple(feats))


__all__ = [
    "ChangeRegion", "EditPlaces", "EditRegion", "EraseHexes", "LinkPath", "MapCommand", "PaintTerrain",
    "ResizeGrid", "SetElevation", "SetFeatures", "SetHexside", "SetLocations", "SetMapProperties", "SetUnderlay",
    "UnlinkPath", "new_stroke", "toggled_hexside",
]
