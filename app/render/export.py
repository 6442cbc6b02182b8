"""Export a hex map as PNG, SVG or PDF with `paint_map`, hex numbers included (the file writing shared with
area maps is in output.py).

PDF has two print modes: the whole map fitted to one page, or hexes at a real size (`hex_width_mm`,
measured across the flats as hex sizes are printed) tiled over as many pages as that needs, each
page overlapping its neighbours a little and labelled with its place ("page 2/6, columns 14-27").
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from hexwright.engine.model import HexMap
from PySide6.QtCore import QMarginsF, QRect, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter

from .geometry import MapGeometry
from .mapdraw import RenderOptions, paint_map
from .output import (  # ExportError is imported from here by the CLI and the editor too
    PAGE_SIZES,
    Drawing,
    ExportError,
    begin,
    export_target,
    pixel_size,
    save_png,
    write_atomically,
    write_svg,
)
from .pngwrite import PngBandWriter

DEFAULT_TILE_HEX_MM = 16.0  # a common printed hex (5/8 inch) when tiling without a given size
OVERLAP_MM = 8.0
LABEL_MM = 6.0  # the strip at the top of a tiled page that holds its label
PDF_DPI = 600
MAX_PAGES = 500  # pages of a tiled PDF (about 3 ms of CPU each on a 40 x 26 map)
MIN_HEX_MM, MAX_HEX_MM = 1.0, 500.0  # a printed hex, flat to flat


BAND_PIXELS = 512


def image_size(m: HexMap, scale: float) -> tuple[int, int]:
    """The pixel size of the map drawn at `scale`; ExportError when it is too large to draw."""
    w, h = m.grid.pixel_size()
    return pixel_size(w, h, scale)


def render_to_image(m: HexMap, scale: float = 1.0, options: RenderOptions | None = None,
                    band_done: Callable[[QImage, int, int], None] | None = None) -> QImage:
    """The whole map as an antialiased ARGB32 premultiplied image, `scale` pixels per scene unit.

    Painted in horizontal bands of whole pixel rows, each clipped to its rows and given only what it
    exposes: long paths that span the whole map are then rasterised band by band, which measured about
    2.5x faster on 200 x 200 maps than one pass over the whole image (docs/benchmarks.md, "Editor").
    `band_done(image, first_row, end_row)` is called as each band is finished; later bands never touch
    its rows. (Each band is drawn on the one image, not on an image of its own: Qt's dasher skips the
    dashes of a line beyond the device's edge with rounding, and would shift railroad ties and trail
    dashes by up to a pixel at every band's edge.)"""
    w, _ = m.grid.pixel_size()
    width, height = image_size(m, scale)
    img = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    if img.isNull():
        raise ExportError(f"cannot allocate a {width} x {height} image")
    opts = options or RenderOptions()
    img.fill(QColor(opts.background or "#ffffff"))
    plain = dataclasses.replace(opts, background="")  # filled once, just above
    for y0 in range(0, height, BAND_PIXELS):
        y1 = min(height, y0 + BAND_PIXELS)
        band = QRectF(0.0, y0 / scale, w, (y1 - y0) / scale)
        p = QPainter(img)
        try:
            p.setClipRect(QRect(0, y0, width, y1 - y0))  # whole rows: nothing spills into a finished band
            p.scale(scale, scale)
            p.setClipRect(band, Qt.ClipOperation.IntersectClip)
            paint_map(p, m, plain, band)
        finally:
            p.end()
        if band_done is not None:
            band_done(img, y0, y1)
    return img


def _export_png(m: HexMap, target: Path, scale: float, opts: RenderOptions,
                progress: Callable[[int, int], None] | None = None) -> None:
    """An opaque map is compressed band by band as it is drawn, on every core (pngwrite.py); a map
    with a see-through background is drawn whole and written by Qt."""
    def write(tmp: Path) -> None:
        if QColor(opts.background or "#ffffff").alpha() == 255:
            width, height = image_size(m, scale)
            bands = math.ceil(height / BAND_PIXELS)
            with open(tmp, "wb") as f, PngBandWriter(f, width, height) as writer:
                def band_done(img: QImage, y0: int, y1: int) -> None:
                    writer.add_rows(img, y0, y1)
                    if progress is not None:
                        progress(math.ceil(y1 / BAND_PIXELS), bands)

                render_to_image(m, scale, opts, band_done)
        else:
            save_png(render_to_image(m, scale, opts), tmp, target)

    write_atomically(target, write)


# -- page planning -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class PageTile:
    number: int
    scene: QRectF  # the part of the map on this page, in scene units
    label: str


@dataclass(frozen=True)
class PagePlan:
    page: str
    landscape: bool
    mm_per_unit: float
    tiles: tuple[PageTile, ...]
    columns: int  # pages across
    rows: int  # pages down

    @property
    def count(self) -> int:
        return len(self.tiles)


def _page_mm(page_size: str, landscape: bool) -> tuple[float, float]:
    if page_size not in PAGE_SIZES:
        raise ExportError(f"unknown page size {page_size!r}; use one of {', '.join(PAGE_SIZES)}")
    size = QPageSize(PAGE_SIZES[page_size]).size(QPageSize.Unit.Millimeter)
    w, h = size.width(), size.height()
    return (max(w, h), min(w, h)) if landscape else (min(w, h), max(w, h))


def _columns_rows_label(m: HexMap, rect: QRectF) -> str:
    g = MapGeometry.of(m)
    cx, cy = g.centers[:, 0], g.centers[:, 1]  # vectorised: one QPointF per hex per page took minutes
    inside = (cx >= rect.left()) & (cx <= rect.right()) & (cy >= rect.top()) & (cy <= rect.bottom())
    idx: list[int] = inside.nonzero()[0].tolist()
    if not idx:
        return ""
    off = m.grid.offset
    cols = [off.from_hex(g.hexes[i])[0] for i in idx]
    rows = [off.from_hex(g.hexes[i])[1] for i in idx]
    lab = m.grid.labels
    if lab.kind == "xxyy":
        def fmt_c(c: int) -> str:
            return f"{c + lab.first_column:0{lab.digits}d}"

        def fmt_r(r: int) -> str:
            return f"{r + lab.first_row:0{lab.digits}d}"
    else:
        def fmt_c(c: int) -> str:
            return lab.column_letters(c + lab.first_column - 1)

        def fmt_r(r: int) -> str:
            return str(r + lab.first_row)
    return f"columns {fmt_c(min(cols))}-{fmt_c(max(cols))}, rows {fmt_r(min(rows))}-{fmt_r(max(rows))}"


def plan_pages(m: HexMap, *, hex_width_mm: float | None = None, page_size: str = "A4", orientation: str = "auto",
               tile_pages: bool = False, margin_mm: float = 10.0) -> PagePlan:
    """How a map is laid out on PDF pages: fitted to one page, or tiled at a real hex size."""
    if orientation not in ("auto", "portrait", "landscape"):
        raise ExportError(f"orientation must be auto, portrait or landscape, not {orientation!r}")
    w, h = m.grid.pixel_size()
    tiled = hex_width_mm is not None or tile_pages
    choices = [orientation == "landscape"] if orientation != "auto" else [False, True]
    plans = []
    for landscape in choices:
        pw, ph = _page_mm(page_size, landscape)
        aw, ah = pw - 2 * margin_mm, ph - 2 * margin_mm - (LABEL_MM if tiled else 0.0)
        if aw <= OVERLAP_MM or ah <= OVERLAP_MM:
            raise ExportError(f"a {margin_mm} mm margin leaves no room on a {page_size} page")
        if not tiled:
            mm = min(aw / w, ah / h)
            plans.append(PagePlan(page_size, landscape, mm, (PageTile(1, QRectF(0, 0, w, h), ""),), 1, 1))
            continue
        flat_to_flat = math.sqrt(3) * m.grid.hex_size
        hex_mm = DEFAULT_TILE_HEX_MM if hex_width_mm is None else hex_width_mm
        if not (math.isfinite(hex_mm) and MIN_HEX_MM <= hex_mm <= MAX_HEX_MM):
            raise ExportError(f"the hex width must be from {MIN_HEX_MM:g} to {MAX_HEX_MM:g} mm, not {hex_mm:g}")
        mm = hex_mm / flat_to_flat
        map_w, map_h = w * mm, h * mm
        nx = max(1, math.ceil((map_w - OVERLAP_MM) / (aw - OVERLAP_MM)))
        ny = max(1, math.ceil((map_h - OVERLAP_MM) / (ah - OVERLAP_MM)))
        if nx * ny > MAX_PAGES:
            raise ExportError(f"hexes {hex_mm:g} mm across take {nx * ny:,} {page_size} pages ({nx} x {ny}), more "
                              f"than a PDF may have ({MAX_PAGES}); print smaller hexes or on larger pages")
        step_x, step_y = (aw - OVERLAP_MM) / mm, (ah - OVERLAP_MM) / mm
        tiles: list[PageTile] = []
        total = nx * ny
        for j in range(ny):
            for i in range(nx):
                rect = QRectF(i * step_x, j * step_y, aw / mm, ah / mm).intersected(QRectF(0, 0, w, h))
                n = j * nx + i + 1
                where = _columns_rows_label(m, rect)
                tiles.append(PageTile(n, rect, f"page {n}/{total}" + (f", {where}" if where else "")))
        plans.append(PagePlan(page_size, landscape, mm, tuple(tiles), nx, ny))
    if tiled:
        return min(plans, key=lambda p: (p.count, -p.landscape if orientation == "auto" else 0))
    return max(plans, key=lambda p: p.mm_per_unit)


# -- export ------------------------------------------------------------------------------------------
def export_map(m: HexMap, path: str | Path, *, fmt: str | None = None, scale: float = 1.0,
               options: RenderOptions | None = None, hex_width_mm: float | None = None, page_size: str = "A4",
               orientation: str = "auto", tile_pages: bool = False, margin_mm: float = 10.0,
               progress: Callable[[int, int], None] | None = None) -> list[Path]:
    """Write the map to `path` as PNG, SVG or PDF (from the suffix unless `fmt`); the files written.
    `progress(done, total)` is called as PNG bands or PDF pages are finished."""
    target, kind = export_target(path, fmt, scale)
    opts = options or RenderOptions()
    if kind == "png":
        _export_png(m, target, scale, opts, progress)
    elif kind == "svg":
        image_size(m, scale)  # too large for the pixels it stands for: refused as PNG would be
        w, h = m.grid.pixel_size()
        drawing = Drawing(w, h, m.name or "Hexwright map", lambda p: paint_map(p, m, opts))
        write_atomically(target, lambda tmp: write_svg(drawing, tmp, target, scale))
    else:
        plan = plan_pages(m, hex_width_mm=hex_width_mm, page_size=page_size, orientation=orientation,
                          tile_pages=tile_pages, margin_mm=margin_mm)
        _export_pdf(m, target, plan, opts, margin_mm, progress)
    return [target]


def _export_pdf(m: HexMap, target: Path, plan: PagePlan, opts: RenderOptions, margin_mm: float,
                progress: Callable[[int, int], None] | None = None) -> None:
    def write(tmp: Path) -> None:
        writer = QPdfWriter(str(tmp))
        writer.setResolution(PDF_DPI)
        writer.setTitle(m.name or "Hexwright map")
        writer.setCreator("Hexwright")
        layout = QPageLayout(QPageSize(PAGE_SIZES[plan.page]),
                             QPageLayout.Orientation.Landscape if plan.landscape else QPageLayout.Orientation.Portrait,
                             QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Millimeter)
        writer.setPageLayout(layout)
        p = QPainter()
        begin(p, writer, target)
        try:
            _paint_pages(p, writer, m, plan, opts, margin_mm, progress)
        finally:
            p.end()

    write_atomically(target, write)


def _paint_pages(p: QPainter, writer: QPdfWriter, m: HexMap, plan: PagePlan, opts: RenderOptions, margin_mm: float,
                 progress: Callable[[int, int], None] | None) -> None:
    dots_per_mm = PDF_DPI / 25.4
    tiled = plan.count > 1 or bool(plan.tiles[0].label)
    for k, tile in enumerate(plan.tiles):
        if k:
            writer.newPage()
        top_mm = margin_mm + (LABEL_MM if tiled else 0.0)
        if tiled:
            p.save()
            font = QFont("DejaVu Sans")
            font.setPixelSize(round(3.2 * dots_per_mm))
            p.setFont(font)
            p.setPen(QColor("#222222"))
            label = f"{m.name} - {tile.label}" if m.name else tile.label
            p.drawText(QRectF(margin_mm * dots_per_mm, margin_mm * dots_per_mm, 10_000 * dots_per_mm,
                              LABEL_MM * dots_per_mm),
                       Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, label)
            p.restore()
        p.save()
        k_dev = plan.mm_per_unit * dots_per_mm
        p.translate(margin_mm * dots_per_mm, top_mm * dots_per_mm)
        p.scale(k_dev, k_dev)
        p.translate(-tile.scene.left(), -tile.scene.top())
        p.setClipRect(tile.scene)
        paint_map(p, m, opts, exposed=tile.scene if tiled else None)
        p.restore()
        if progress is not None:
            progress(k + 1, plan.count)


def pdf_page_size_mm(page_size: str, landscape: bool) -> QSizeF:
    w, h = _page_mm(page_size, landscape)
    return QSizeF(w, h)
