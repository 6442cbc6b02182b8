"""Writing a drawn map to a file, for every kind of map (hex maps: export.py; area maps: areadraw.py).

A `Drawing` is a map as the writers see it: its size in scene units, its title and how to paint it.
The target is checked once (`export_target`: format, scale, folder), every file is written to a
hidden temporary file beside the target and moved over it when complete (`write_atomically`), and
PNG, SVG and a one-page PDF are written the same way whatever the kind of map.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QImage, QPageLayout, QPageSize, QPainter, QPdfWriter
from PySide6.QtSvg import QSvgGenerator

FORMATS = ("png", "svg", "pdf")

PAGE_SIZES = {
    "A0": QPageSize.PageSizeId.A0, "A1": QPageSize.PageSizeId.A1, "A2": QPageSize.PageSizeId.A2,
    "A3": QPageSize.PageSizeId.A3, "A4": QPageSize.PageSizeId.A4, "A5": QPageSize.PageSizeId.A5,
    "Letter": QPageSize.PageSizeId.Letter, "Legal": QPageSize.PageSizeId.Legal,
    "Tabloid": QPageSize.PageSizeId.Tabloid, "Ledger": QPageSize.PageSizeId.Ledger,
}


class ExportError(Exception):
    """The map cannot be exported as asked (unknown format, unknown page size, unwritable file)."""


# the most pixels a picture may have (PNG; an SVG's nominal size too): drawing holds the whole image, 4
# bytes a pixel, so this keeps a render under about 700 MB and 15 s of CPU (docs/reliability.md)
MAX_PIXELS = 150_000_000


def pixel_size(width: float, height: float, scale: float) -> tuple[int, int]:
    """The pixels of a picture of `width` x `height` scene units at `scale`; ExportError when that is more
    than MAX_PIXELS."""
    w, h = width * scale, height * scale
    if not (math.isfinite(w) and math.isfinite(h)) or math.ceil(w) * math.ceil(h) > MAX_PIXELS:
        size = f"{w:,.0f} x {h:,.0f} pixels" if math.isfinite(w * h) else f"the picture at scale {scale:g}"
        raise ExportError(f"{size} is more than a picture may have ({MAX_PIXELS // 1_000_000} million pixels); "
                          "use a smaller --scale")
    return max(1, math.ceil(w)), max(1, math.ceil(h))


@dataclass(frozen=True)
class Drawing:
    """A map of any kind, ready to be written: `paint(painter)` draws it in scene units from (0, 0)
    to (width, height)."""

    width: float
    height: float
    title: str
    paint: Callable[[QPainter], None]


def export_target(path: str | Path, fmt: str | None, scale: float) -> tuple[Path, str]:
    """The file to write and its format (from the suffix unless `fmt`); ExportError when either is
    unusable or the scale is not positive."""
    target = Path(path)
    kind = (fmt or target.suffix.lstrip(".")).lower()
    if kind not in FORMATS:
        raise ExportError(f"cannot tell the format of {target.name!r}: use a .png, .svg or .pdf name")
    if scale <= 0:
        raise ExportError("the scale must be positive")
    if not target.parent.exists():
        raise ExportError(f"the folder {target.parent} does not exist")
    return target, kind


def write_atomically(target: Path, write: Callable[[Path], None]) -> None:
    """`write(tmp)` writes the whole file to a temporary name, which then replaces `target`: a failed
    or cancelled export leaves the old file (if any) as it was and no temporary file behind."""
    tmp = target.with_name(f".{target.name}.tmp")
    try:
        write(tmp)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise ExportError(f"cannot write {target}: {exc}") from exc
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    tmp.replace(target)


def save_png(image: QImage, tmp: Path, target: Path) -> None:
    if not image.save(str(tmp), "PNG"):  # type: ignore[call-overload]  # PySide6 takes the format as str
        raise ExportError(f"cannot write {target}")


def begin(painter: QPainter, device: QSvgGenerator | QPdfWriter, target: Path) -> None:
    if not painter.begin(device):
        raise ExportError(f"cannot write {target}")


def write_svg(drawing: Drawing, tmp: Path, target: Path, scale: float) -> None:
    """The drawing as SVG, `scale` SVG units per scene unit."""
    gen = QSvgGenerator()
    gen.setFileName(str(tmp))
    gen.setSize(QSize(math.ceil(drawing.width * scale), math.ceil(drawing.height * scale)))
    gen.setViewBox(QRectF(0, 0, drawing.width * scale, drawing.height * scale))
    gen.setTitle(drawing.title)
    gen.setDescription("Exported by Hexwright")
    p = QPainter()
    begin(p, gen, target)
    try:
        p.scale(scale, scale)
        drawing.paint(p)
    finally:
        p.end()


def write_pdf_page(drawing: Drawing, tmp: Path, target: Path, page_size: str, resolution: int = 300) -> None:
    """The drawing fitted to one page of `page_size` within the printer's usual margins, turned to
    landscape when it is wider than high."""
    if page_size not in PAGE_SIZES:
        raise ExportError(f"unknown page size {page_size!r}; use one of {', '.join(PAGE_SIZES)}")
    writer = QPdfWriter(str(tmp))
    writer.setResolution(resolution)
    writer.setTitle(drawing.title)
    writer.setCreator("Hexwright")
    landscape = drawing.width > drawing.height
    writer.setPageLayout(QPageLayout(QPageSize(PAGE_SIZES[page_size]),
                                     QPageLayout.Orientation.Landscape if landscape
                                     else QPageLayout.Orientation.Portrait,
                                     QPageLayout().margins(), QPageLayout.Unit.Millimeter))
    p = QPainter()
    begin(p, writer, target)
    try:
        k = min(writer.width() / drawing.width, writer.height() / drawing.height)
        p.scale(k, k)
        drawing.paint(p)
    finally:
        p.end()
