"""The model: terrain tables, hex maps with hexsides, paths, levels and areas, area maps (Storm over
Arnhem), counters and scenarios."""

from .areamap import Area, AreaBorder, AreaMap
from .counters import MarkerDef, SupportMarker, UnitDef
from .hexmap import GridSpec, HexMap, HexsideInfo, Location, Place, Region, Underlay
from .scenario import (
    Entry,
    Reinforcement,
    Scenario,
    SetupZone,
    Side,
    StartState,
    Table,
    TurnInfo,
    VictoryCondition,
    ZoneRule,
)
from .terrain import BridgeType, FeatureType, HexsideFeatureType, PathType, TerrainTable, TerrainType

__all__ = [
    "Area", "AreaBorder", "AreaMap", "BridgeType", "Entry", "FeatureType", "GridSpec", "HexMap",
    "HexsideFeatureType", "HexsideInfo",
    "Location", "MarkerDef", "PathType", "Place", "Region", "Reinforcement", "Scenario", "SetupZone", "Side",
    "StartState", "SupportMarker", "Table", "TerrainTable", "TerrainType", "TurnInfo", "Underlay", "UnitDef",
    "VictoryCondition", "ZoneRule",
]
