"""Drawing maps: the painter shared by the editor's view and the exporters (PNG, SVG, PDF)."""

from .export import ExportError, export_map, plan_pages, render_to_image
from .mapdraw import RenderOptions, paint_map

__all__ = ["ExportError", "RenderOptions", "export_map", "paint_map", "plan_pages", "render_to_image"]
