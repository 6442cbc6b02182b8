"""Drawing maps: the painter shared by the editor's view and the exporters (PNG, SVG, PDF).

The names below are loaded when first used: the editor's canvas imports `mapdraw` alone at its start,
without the exporters (QtSvg, the PDF writer, the PNG writer's thread pool)."""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {"ExportError": "export", "export_map": "export", "plan_pages": "export", "render_to_image": "export",
          "RenderOptions": "mapdraw", "paint_map": "mapdraw"}

__all__ = ["ExportError", "RenderOptions", "export_map", "paint_map", "plan_pages", "render_to_image"]


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
