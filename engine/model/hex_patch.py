"""A patch of hexes lifted from a map: what cut, copy, paste and the stamp brush carry (Tiled's
clipboard and stamp brush, on hexes).

A patch holds, for each hex of a selection, its terrain, in-hex features and elevation, and the
hexsides inside the selection (both of their hexes selected: rivers, bridges, roads, railroads).
Hexes are stored as axial offsets from the patch's origin hex, so placing the patch anywhere is a
translation in cube coordinates that keeps its shape on any grid (flat or pointy, odd or even
stagger); the printed labels play no part. Hexsides translate with their owning hex and keep their
canonical key.

Placing a patch replaces the hexes it covers and the hexsides inside it; hexes that would fall off
the map are left out, and codes the target map's terrain table lacks (a patch copied from another
game's map) are left out and listed, never invented.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..hexgrid import Hex, Hexside, hex_neighbor, hexside_of
from .hexmap import HexMap, HexsideInfo

PATCH_FORMAT = "hexwright-hexes/1"


@dataclass(frozen=True)
class PatchHex:
    dq: int
    dr: int
    terrain: str
    features: tuple[str, ...] = ()
    elevation: int = 0


@dataclass(frozen=True)
class PatchSide:
    dq: int  # the owning hex's offset (the hexside's canonical key translates with it)
    dr: int
    direction: int  # 0, 1 or 2
    info: HexsideInfo


@dataclass(frozen=True)
class HexPatch:
    hexes: tuple[PatchHex, ...]
    hexsides: tuple[PatchSide, ...] = ()
    source: str = ""  # the name of the map it was copied from

    def __len__(self) -> int:
        return len(self.hexes)

    def offsets(self) -> list[Hex]:
        return [Hex(p.dq, p.dr) for p in self.hexes]

    def footprint(self, anchor: Hex) -> list[Hex]:
        """The hexes the patch covers when its origin is put on `anchor`."""
        return [Hex(anchor.q + p.dq, anchor.r + p.dr) for p in self.hexes]

    # -- text for the system clipboard -------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps({
            "format": PATCH_FORMAT, "source": self.source,
            "hexes": [[p.dq, p.dr, p.terrain, list(p.features), p.elevation] for p in self.hexes],
            "hexsides": [[s.dq, s.dr, s.direction, list(s.info.features), s.info.bridge, list(s.info.paths),
                          s.info.level] for s in self.hexsides],
        }, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> HexPatch:
        """Read a patch from clipboard text; ValueError saying what is wrong."""
        try:
            d = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"the clipboard does not hold hexes ({exc.msg})") from None
        if not isinstance(d, dict) or d.get("format") != PATCH_FORMAT:
            raise ValueError(f"the clipboard does not hold hexes in the {PATCH_FORMAT} format")
        try:
            hexes = tuple(PatchHex(int(q), int(r), str(t), tuple(str(f) for f in feats), int(e))
                          for q, r, t, feats, e in d["hexes"])
            sides = tuple(PatchSide(int(q), int(r), int(di), HexsideInfo(
                tuple(str(f) for f in feats), None if bridge is None else str(bridge), tuple(str(p) for p in paths),
                None if level is None else int(level))) for q, r, di, feats, bridge, paths, level in d["hexsides"])
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"the hexes on the clipboard are malformed ({exc})") from None
        if not hexes:
            raise ValueError("the clipboard holds no hexes")
        if any(not 0 <= s.direction <= 2 for s in sides):
            raise ValueError("the hexes on the clipboard are malformed (a hexside direction is not 0, 1 or 2)")
        return cls(hexes, sides, str(d.get("source", "")))


def inner_hexsides(hexes: Iterable[Hex]) -> set[Hexside]:
    """The hexsides with both hexes in the set."""
    hs = set(hexes)
    out = set()
    for h in hs:
        for d in range(3):
            if hex_neighbor(h, d) in hs:
                out.add(hexside_of(h, d))
    return out


def origin_of(hexes: list[Hex]) -> Hex:
    """The selected hex nearest the selection's middle: the patch's origin, which the cursor holds."""
    mq = sum(h.q for h in hexes) / len(hexes)
    mr = sum(h.r for h in hexes) / len(hexes)
    return min(hexes, key=lambda h: ((h.q - mq) ** 2 + (h.r - mr) ** 2 + (h.q - mq) * (h.r - mr), h.q, h.r))


def copy_patch(m: HexMap, hexes: Iterable[Hex]) -> HexPatch:
    """The patch of the map's hexes in `hexes` (hexes off the map are ignored); ValueError if none."""
    sel = [h for h in dict.fromkeys(hexes) if m.contains(h)]
    if not sel:
        raise ValueError("no hexes of the map are selected")
    o = origin_of(sel)
    phexes = tuple(PatchHex(h.q - o.q, h.r - o.r, m.terrain[h], m.features_at(h), m.elevation_at(h)) for h in sel)
    sides = []
    for s in sorted(inner_hexsides(sel)):
        info = m.hexsides.get(s)
        if info is not None:
            sides.append(PatchSide(s.q - o.q, s.r - o.r, s.direction, info))
    return HexPatch(phexes, tuple(sides), m.name)


@dataclass
class HexEdit:
    """New values for hexes and hexsides, as HexMap's edit methods take them."""

    terrain: dict[Hex, str] = field(default_factory=dict)
    features: dict[Hex, tuple[str, ...]] = field(default_factory=dict)
    elevation: dict[Hex, int] = field(default_factory=dict)
    hexsides: dict[Hexside, HexsideInfo | None] = field(default_factory=dict)
    left_out: list[str] = field(default_factory=list)  # what the target map could not take, said once each

    def __len__(self) -> int:
        return len(set(self.terrain) | set(self.features) | set(self.elevation))


def place_patch(m: HexMap, patch: HexPatch, anchor: Hex) -> HexEdit:
    """What putting the patch's origin on `anchor` changes: every covered hex on the map takes the
    patch's terrain, features and elevation; every hexside inside the covered hexes takes the patch's
    (or is cleared). Values already in place are left out, so the edit holds only real changes."""
    t = m.terrain_table
    edit = HexEdit()
    missing: dict[str, None] = {}
    for p in patch.hexes:
        h = Hex(anchor.q + p.dq, anchor.r + p.dr)
        if not m.contains(h):
            continue
        if p.terrain in t.terrain:
            if m.terrain[h] != p.terrain:
                edit.terrain[h] = p.terrain
        else:
            missing[f"terrain {p.terrain!r}"] = None
        feats = tuple(f for f in p.features if f in t.features)
        missing.update({f"feature {f!r}": None for f in p.features if f not in t.features})
        if m.features_at(h) != feats:
            edit.features[h] = feats
        if m.elevation_at(h) != p.elevation:
            edit.elevation[h] = p.elevation
    covered = [h for h in patch.footprint(anchor) if m.contains(h)]
    new_sides: dict[Hexside, HexsideInfo | None] = {s: None for s in inner_hexsides(covered)}
    for s in patch.hexsides:
        key = Hexside(anchor.q + s.dq, anchor.r + s.dr, s.direction)
        if key not in new_sides:
            continue  # a hexside of hexes that fell off the map
        info = s.info
        feats = tuple(f for f in info.features if f in t.hexside_features)
        paths = tuple(p for p in info.paths if p in t.paths)
        bridge = info.bridge if info.bridge in t.bridges else None
        missing.update({f"hexside feature {f!r}": None for f in info.features if f not in t.hexside_features})
        missing.update({f"path {p!r}": None for p in info.paths if p not in t.paths})
        if info.bridge is not None and bridge is None:
            missing[f"bridge {info.bridge!r}"] = None
        placed = HexsideInfo(feats, bridge, paths, info.level)
        new_sides[key] = None if placed.is_empty() else placed
    edit.hexsides = {s: v for s, v in new_sides.items() if m.hexsides.get(s) != v}
    edit.left_out = list(missing)
    return edit


def clear_edit(m: HexMap, hexes: Iterable[Hex]) -> HexEdit:
    """What cutting the hexes leaves: the default terrain, no features, elevation 0, and no hexside
    features, bridges or paths between two of them."""
    sel = [h for h in dict.fromkeys(hexes) if m.contains(h)]
    d = m.default_terrain
    edit = HexEdit()
    edit.terrain = {h: d for h in sel if m.terrain[h] != d}
    edit.features = {h: () for h in sel if m.features_at(h)}
    edit.elevation = {h: 0 for h in sel if m.elevation_at(h)}
    edit.hexsides = {s: None for s in inner_hexsides(sel) if s in m.hexsides}
    return edit
