"""The editor's tools, each a Tool object the map view forwards events to (Tiled `toolmanager.h`)."""

from __future__ import annotations

from .annotate import LabelTool, RegionTool, SelectTool
from .base import BrushState, EditorContext, Tool, ToolEvent
from .levels import LocationTool
from .linework import HexsideTool, PathTool
from .painting import (
    ElevationTool,
    EraserTool,
    EyedropperTool,
    FloodFillTool,
    OverlayBrushTool,
    TerrainBrushTool,
)
from .sight import LosTool
from .stamp import StampTool

# in toolbar order
TOOL_CLASSES: tuple[type[Tool], ...] = (
    SelectTool, TerrainBrushTool, FloodFillTool, OverlayBrushTool, HexsideTool, PathTool, RegionTool,
    LabelTool, ElevationTool, LocationTool, EraserTool, EyedropperTool, LosTool, StampTool,
)

__all__ = [
    "TOOL_CLASSES", "BrushState", "EditorContext", "ElevationTool", "EraserTool", "EyedropperTool",
    "FloodFillTool", "HexsideTool", "LabelTool", "LocationTool", "LosTool", "OverlayBrushTool", "PathTool",
    "RegionTool", "SelectTool", "StampTool", "TerrainBrushTool", "Tool", "ToolEvent",
]
