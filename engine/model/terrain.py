"""A game's terrain table (its Terrain Effects Chart): hex terrain, in-hex features, hexside
features, bridges and path types, with movement costs per movement class and combat effects
as its rules family reads them.

Movement costs follow F&M 5.4 (000_e5c3deafb2cea4af.txt): a hex costs the highest of its terrain
costs (`mode: terrain`), in-hex features marked "+N" add N (`mode: add`), hexside features add their
crossing cost, and a road or trail link between two hexes replaces all of that with the path rate
(5.4.1, 5.4.2). `None` means prohibited (5.2 e). Costs are in movement points and may be halves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Cost = float | None  # None: prohibited


@dataclass
class TerrainType:
    """Base terrain of a hex (one per hex)."""

    code: str
    name: str
    color: str = "#d8d0a8"
    pattern: str | None = None
    move: dict[str, Cost] = field(default_factory=dict)
    # movement class -> path types: the class may enter or leave such a hex only along these
    # (F&M 10.5: mobile units enter/exit marsh only via road or trail).
    only_along: dict[str, list[str]] = field(default_factory=dict)
    combat: dict[str, Any] = field(default_factory=dict)


@dataclass
class FeatureType:
    """An overlay on a hex: a village (+1 MP), a city, a fortification, a minefield..."""

    code: str
    name: str
    color: str = "#8a5a3c"
    symbol: str = "dot"  # how the app draws it: dot, town, city, fort, mine, star...
    mode: str = "add"  # "add": cost is added ("+1"); "terrain": competes for the highest cost
    move: dict[str, Cost] = field(default_factory=dict)
    combat: dict[str, Any] = field(default_factory=dict)


@dataclass
class HexsideFeatureType:
    """A hexside feature: river, canal, stream, slope, ditch, ferry, cliff, rowhouse wall..."""

    code: str
    name: str
    color: str = "#3a78c8"
    width: float = 0.12  # drawn width as a fraction of the hex size
    move: dict[str, Cost] = field(default_factory=dict)  # added crossing cost; None: may not cross
    permits_crossing: bool = False  # a ferry lets units cross a hexside the other features prohibit
    combat: dict[str, Any] = field(default_factory=dict)


@dataclass
class BridgeType:
    """A bridge across a hexside (highway, railroad, canal...). A bridge lets units cross the
    hexside's water features; its own crossing cost is added (usually nothing)."""

    code: str
    name: str
    color: str = "#505050"
    move: dict[str, Cost] = field(default_factory=dict)
    combat: dict[str, Any] = field(default_factory=dict)


@dataclass
class PathType:
    """A path linking adjacent hexes: road, trail, railroad. `move` gives the path rate per class
    (cost of entering the next hex along the path); a class missing from `move` cannot use it."""

    code: str
    name: str
    color: str = "#b03020"
    width: float = 0.08
    dash: bool = False
    move: dict[str, Cost] = field(default_factory=dict)


@dataclass
class TerrainTable:
    name: str = "default"
    movement_classes: list[str] = field(default_factory=lambda: ["leg", "mobile"])
    terrain: dict[str, TerrainType] = field(default_factory=dict)
    features: dict[str, FeatureType] = field(default_factory=dict)
    hexside_features: dict[str, HexsideFeatureType] = field(default_factory=dict)
    bridges: dict[str, BridgeType] = field(default_factory=dict)
    paths: dict[str, PathType] = field(default_factory=dict)

    def kind_of(self, code: str) -> str | None:
        """Which part of the table a code belongs to, or None if it is unknown."""
        for kind, group in (
            ("terrain", self.terrain),
            ("feature", self.features),
            ("hexside_feature", self.hexside_features),
            ("bridge", self.bridges),
            ("path", self.paths),
        ):
            if code in group:
                return kind
        return None


def default_terrain_table() -> TerrainTable:
    """A generic table for a new map, with the costs of the F&M system examples (5.4): clear 1 MP,
    river +1, village +1, road 1/2 MP, trail 1 MP."""
    t = TerrainTable(name="generic")
    for code, name, color, leg, mobile in (
        ("clear", "Clear", "#e9e4c4", 1, 1),
        ("woods", "Woods", "#6f9a4a", 2, 3),
        ("rough", "Rough", "#b59a72", 3, 4),
        ("marsh", "Marsh", "#9fc2b0", 3, None),
        ("city", "City", "#b8b0a8", 1, 1),
        ("water", "Water", "#7fb2e0", None, None),
    ):
        t.terrain[code] = TerrainType(code, name, color, move={"leg": leg, "mobile": mobile})
    t.features["village"] = FeatureType("village", "Village", "#8a5a3c", "town", "add", {"leg": 1, "mobile": 1})
    t.features["fortification"] = FeatureType(
        "fortification", "Fortification", "#5a3a2a", "fort", "add", {}, {"fortification": True}
    )
    t.hexside_features["river"] = HexsideFeatureType("river", "River", "#3a78c8", 0.14, {"leg": 1, "mobile": 1})
    t.hexside_features["stream"] = HexsideFeatureType("stream", "Stream", "#5a98d8", 0.07, {"leg": 1, "mobile": 1})
    t.hexside_features["slope"] = HexsideFeatureType("slope", "Slope", "#8a6a3a", 0.06, {"leg": 1, "mobile": 1})
    t.hexside_features["ferry"] = HexsideFeatureType(
        "ferry", "Ferry", "#202020", 0.05, {"leg": 2, "mobile": 3}, permits_crossing=True
    )
    t.bridges["highway"] = BridgeType("highway", "Highway bridge", "#505050")
    t.bridges["railroad"] = BridgeType("railroad", "Railroad bridge", "#303030")
    t.paths["road"] = PathType("road", "Road", "#b03020", 0.08, False, {"leg": 0.5, "mobile": 0.5})
    t.paths["trail"] = PathType("trail", "Trail", "#7a5030", 0.05, True, {"leg": 1, "mobile": 1})
    t.paths["railroad"] = PathType("railroad", "Railroad", "#202020", 0.04, False, {})
    return t
