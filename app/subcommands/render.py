"""`hexwright render FILE -o map.png|svg|pdf`: draw a map file's map, or a scenario's map with its set-up
(counters on their hexes, set-up zones, drop zones and other markers: a set-up chart), hex numbers
included, headless; an area map (or a scenario on one) with its area numbers, victory-point areas,
set-up zones and borders by kind (app/render/areadraw.py). Qt is imported only when the command runs."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from .checks import USAGE, check_outputs, positive_number, refuse
from .loading import load_any

if TYPE_CHECKING:
    from hexwright.engine.model.areamap import AreaMap

PAGE_SIZES = ("A4", "A3", "A2", "A1", "A0", "A5", "Letter", "Legal", "Tabloid", "Ledger")  # as app/render/output.py
# A PNG or SVG without --scale is drawn at the map's hex size (scale 1.0), or smaller to hold at most this many
# pixels (a picture of about 3,300 x 2,400). Drawing and compressing a PNG costs about 0.1 s of CPU a million
# pixels: at 16 million a map of The Longest Day's 7,488 hexes took 2.6 s; a map of 60,000 hexes of 32 units is
# 160 million pixels at scale 1.0, more than a picture may have, and 133 million took 50 s. The shipped maps
# (2 million pixels at most) are drawn at 1.0.
DEFAULT_MAX_PIXELS = 8_000_000


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="scenario or map file")
    p.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="output picture: .png, .svg or .pdf (the suffix picks the format)")
    p.add_argument("--scale", type=float, default=None,
                   help="zoom for PNG and SVG (1.0 = the map's hex size in pixels; default 1.0, or less for a map "
                   f"that would be more than {DEFAULT_MAX_PIXELS // 1_000_000} million pixels)")
    p.add_argument("--hex-width-mm", type=float, default=None, metavar="W",
                   help="PDF: print hexes W mm across (flat to flat), tiled over pages as needed")
    p.add_argument("--page", default="A4", choices=PAGE_SIZES, help="PDF page size (default A4)")
    p.add_argument("--orientation", default="auto", choices=("auto", "portrait", "landscape"),
                   help="PDF page orientation")
    p.add_argument("--tile", action="store_true", help="PDF: tile over several pages even without --hex-width-mm")
    p.add_argument("--no-numbers", action="store_true", help="leave out the hex numbers")
    p.add_argument("--no-grid", action="store_true", help="leave out the hex grid")
    p.add_argument("--map-only", action="store_true",
                   help="a scenario: draw its map alone, without the set-up (counters, set-up zones, markers)")
    p.add_argument("--area-names", action="store_true", help="area maps: print each area's name inside it "
                   "(wrapped or smaller where the area is small, left out where it has no room)")


def ensure_gui_application():
    """A QGuiApplication for drawing; offscreen when there is no display."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance()
    if app is None:
        app = QGuiApplication(["hexwright-render"])
    return app


def run(args: argparse.Namespace) -> int:
    for flag, value in (("--scale", args.scale), ("--hex-width-mm", args.hex_width_mm)):
        if not positive_number(value):
            return refuse("render", f"{flag} must be a positive number, not {value}")
    if check_outputs("render", {"-o": args.output}):
        return USAGE
    from hexwright.engine.model import Scenario
    from hexwright.engine.validation import Severity

    obj, diags = load_any(args.file, validate=False)
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if obj is None or errors:
        for d in diags:
            print(d.format(), file=sys.stderr)
        print(f"{args.file}: not rendered ({len(errors) or 'no'} errors)", file=sys.stderr)
        return 1
    from hexwright.engine.model.areamap import AreaMap

    area_map = obj.area_map if isinstance(obj, Scenario) else obj if isinstance(obj, AreaMap) else None
    if area_map is not None:
        return _render_area_map(area_map, args)
    m = obj.map if isinstance(obj, Scenario) else obj
    assert not isinstance(m, AreaMap)
    scale = args.scale if args.scale is not None else default_scale(*m.grid.pixel_size())
    _app = ensure_gui_application()  # keeps the application alive while drawing
    from hexwright.app.render.export import ExportError, export_map
    from hexwright.app.render.mapdraw import RenderOptions

    options = RenderOptions(hex_numbers=not args.no_numbers, grid=not args.no_grid)
    if isinstance(obj, Scenario) and not args.map_only:
        from hexwright.app.render.setup import setup_overlay

        options.overlay = setup_overlay(obj)  # a set-up chart: counters on their hexes, zones, markers
    try:
        written = export_map(m, args.output, scale=scale, options=options, hex_width_mm=args.hex_width_mm,
                             page_size=args.page, orientation=args.orientation, tile_pages=args.tile)
    except ExportError as exc:
        print(f"{args.output}: {exc}", file=sys.stderr)
        return 1
    for p in written:
        print(p)
    return 0


def default_scale(width: float, height: float) -> float:
    """1.0, or the scale at which a picture of width x height scene units has DEFAULT_MAX_PIXELS pixels."""
    import math

    area = width * height
    return 1.0 if area <= DEFAULT_MAX_PIXELS else math.sqrt(DEFAULT_MAX_PIXELS / area)


def _render_area_map(m: AreaMap, args: argparse.Namespace) -> int:
    """An area map: the whole map on one picture (PDF: one page); --no-numbers leaves out the area numbers."""
    from pathlib import Path

    _app = ensure_gui_application()  # keeps the application alive while drawing
    from hexwright.app.render.areadraw import AreaRenderOptions, export_area_map
    from hexwright.app.render.export import ExportError

    if args.hex_width_mm is not None or args.tile:
        return refuse("render", "--hex-width-mm and --tile are for hex maps; an area map prints on one page")
    crossed = _crossed_outline(m)
    if crossed:  # painting an outline that crosses itself a thousand times takes Qt seconds
        print(f"{args.file}: not rendered: {crossed} (hexwright validate {args.file} says where)", file=sys.stderr)
        return 1
    options = AreaRenderOptions(numbers=not args.no_numbers, names=args.area_names,
                                underlay_dir=str(Path(args.file).resolve().parent))
    try:
        written = export_area_map(m, args.output, scale=1.0 if args.scale is None else args.scale, options=options,
                                  page_size=args.page)
    except ExportError as exc:
        print(f"{args.output}: {exc}", file=sys.stderr)
        return 1
    for p in written:
        print(p)
    return 0


def _crossed_outline(m: AreaMap) -> str:
    """The first area whose outline is not a simple polygon (it crosses itself), as a sentence; "" when none."""
    import numpy as np
    import shapely

    ids = list(m.areas)
    geoms = m.geometries()
    arr = np.array([geoms[a] for a in ids], dtype=object)
    bad = ~(shapely.is_valid(arr) | shapely.is_empty(arr))
    return f"area {ids[int(bad.nonzero()[0][0])]}'s outline is not a simple polygon" if bad.any() else ""
