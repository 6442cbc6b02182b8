"""Counter sheets for print and play: every unit, support fire marker and map marker of a scenario at
real counter size (1/2 inch as in F&M Arnhem, "120 1/2-inch counters", 000_e5c3deafb2cea4af.txt
10.0; or 5/8 inch), laid out side by side, front page then back page.

For double-sided printing flipped on the long edge, each back page is the mirror image of its front
page left to right, so the back of every counter lands behind its front. The grid is centred on the
page so that mirroring is exact whatever the printer's margins. Counters abut, so one cut along each
grid line separates them; crop marks outside the grid guide the first cuts.

`sheet_pages` is the layout (pure data, positions in points); `paint_sheet_page` draws one page with
the same painters the map view uses; `write_counter_sheets` writes the PDF.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from hexwright.engine.model import MarkerDef, Scenario, SupportMarker, UnitDef
from hexwright.engine.model.oob import order_of_battle
from PySide6.QtCore import QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPageLayout, QPageSize, QPainter, QPdfWriter, QPen

from .draw import draw_text, paint_counter, paint_marker, paint_support_marker
from .schemes import nationality_key, scheme

POINTS_PER_INCH = 72.0
PAPERS = {"A4": QPageSize.PageSizeId.A4, "Letter": QPageSize.PageSizeId.Letter}
COUNTER_SIZES = (0.5, 0.625)  # inches
MARGIN = 0.5 * POINTS_PER_INCH  # around the grid: room for crop marks and printers' dead zones
HEADER = 0.45 * POINTS_PER_INCH


@dataclass(frozen=True)
class Piece:
    """One counter on the sheet: a unit, one support fire marker of a pool, or a map marker."""

    unit: UnitDef | None = None
    support: SupportMarker | None = None
    marker: MarkerDef | None = None
    color: str = ""  # background of a support fire marker (its side's colour)

    @property
    def label(self) -> str:
        if self.unit is not None:
            return self.unit.id
        if self.support is not None:
            return f"+{self.support.value} {self.support.kind}"
        return self.marker.id if self.marker else ""


@dataclass(frozen=True)
class SheetGrid:
    """Where counters go on a page, in points from the page's top left corner."""

    page_width: float
    page_height: float
    cell: float
    columns: int
    rows: int
    left: float
    top: float

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    def cell_rect(self, index: int, back: bool = False) -> QRectF:
        """The square of the index-th counter; on a back page, mirrored left to right."""
        row, col = divmod(index, self.columns)
        x = self.left + col * self.cell
        if back:
            x = self.page_width - x - self.cell
        return QRectF(x, self.top + row * self.cell, self.cell, self.cell)


@dataclass
class SheetPage:
    number: int  # 1-based page number in the PDF
    title: str
    group: str  # the side (or "Markers")
    back: bool
    grid: SheetGrid
    pieces: list[Piece] = field(default_factory=list)
    slots: list[int] = field(default_factory=list)  # the grid cell of each piece; empty: 0, 1, 2, ...

    def slot(self, i: int) -> int:
        return self.slots[i] if self.slots else i

    @property
    def used_rows(self) -> int:
        last = max((self.slot(i) for i in range(len(self.pieces))), default=-1)
        return last // self.grid.columns + 1


def sheet_grid(paper: str = "A4", counter_inch: float = 0.5) -> SheetGrid:
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    if counter_inch <= 0:
        raise ValueError("the counter size must be positive")
    size = QPageSize(PAPERS[paper]).size(QPageSize.Unit.Point)
    w, h = size.width(), size.height()
    cell = counter_inch * POINTS_PER_INCH
    columns = int((w - 2 * MARGIN) // cell)
    rows = int((h - 2 * MARGIN - HEADER) // cell)
    left = (w - columns * cell) / 2  # centred, so the mirrored back lines up exactly
    top = MARGIN + HEADER
    return SheetGrid(w, h, cell, columns, rows, left, top)


def sheet_groups(sc: Scenario) -> list[tuple[str, list[Piece]]]:
    """Counters in printing order: per side its units (order of battle order), its support fire
    markers (each pool's markers `count` times, F&M 7.1) and its map markers; then markers of no side."""
    groups: list[tuple[str, list[Piece]]] = []
    colours = scheme(sc)
    for oob_side in order_of_battle(sc):
        side = sc.side(oob_side.side_id)
        pieces = [Piece(unit=u.unit) for u in oob_side.units]
        if side is not None:
            for pool in side.support_pools.values():
                for sm in pool:  # the marker's nationality's colour (schemes.py), else its side's
                    colour = colours.get(nationality_key(sm.nationality), "") if sm.nationality else ""
                    pieces += [Piece(support=sm, color=colour or side.color)] * sm.count
            pieces += [Piece(marker=mk) for mk in sc.markers.values() if mk.side == side.id]
        if pieces:
            groups.append((oob_side.name, pieces))
    side_ids = {s.id for s in sc.sides}
    loose = [Piece(marker=mk) for mk in sc.markers.values() if mk.side not in side_ids]
    if loose:
        groups.append(("Markers", loose))
    return groups


def sheet_pages(sc: Scenario, counter_inch: float = 0.5, paper: str = "A4",
                separate_sides: bool = False) -> list[SheetPage]:
    """Front and back pages, alternating (front, its back, next front, ...). The counters are packed:
    each side (and the loose markers) starts on a fresh row, the next side's counters on the same sheet
    when there is room; `separate_sides` starts each side on a fresh sheet instead."""
    grid = sheet_grid(paper, counter_inch)
    pages: list[SheetPage] = []
    placed: list[tuple[str, Piece, int]] = []

    def flush() -> None:
        if not placed:
            return
        groups = list(dict.fromkeys(g for g, _, _ in placed))
        pieces = [pc for _, pc, _ in placed]
        slots = [sl for _, _, sl in placed]
        for back in (False, True):
            pages.append(SheetPage(len(pages) + 1, sc.title, ", ".join(groups), back, grid, list(pieces),
                                   list(slots)))
        placed.clear()

    slot = 0
    for group, pieces in sheet_groups(sc):
        if separate_sides and placed:
            flush()
            slot = 0
        if slot % grid.columns:
            slot += grid.columns - slot % grid.columns  # a side starts on a fresh row
        for piece in pieces:
            if slot >= grid.per_page:
                flush()
                slot = 0
            placed.append((group, piece, slot))
            slot += 1
    flush()
    return pages


def page_fill(pages: list[SheetPage]) -> float:
    """The share of the front pages' cells that carry a counter (1.0: every sheet full)."""
    fronts = [p for p in pages if not p.back]
    cells = sum(p.grid.per_page for p in fronts)
    return sum(len(p.pieces) for p in fronts) / cells if cells else 0.0


def paint_piece(p: QPainter, rect: QRectF, piece: Piece, sc: Scenario, back: bool) -> None:
    if piece.unit is not None:
        paint_counter(p, rect, piece.unit, sc, back)
    elif piece.support is not None:
        paint_support_marker(p, rect, piece.support, QColor(piece.color).lighter(118).name() if piece.color else "",
                             back)
    elif piece.marker is not None:
        paint_marker(p, rect, piece.marker, sc, back)


def paint_sheet_page(p: QPainter, page: SheetPage, sc: Scenario, scale: float = 1.0) -> None:
    """Draw one page; the painter's units are points times `scale` (device units per point)."""
    g = page.grid
    p.save()
    p.scale(scale, scale)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    # header: scenario title, side, which face
    face = "BACK (print on the reverse, flip on the long edge)" if page.back else "FRONT"
    draw_text(p, QRectF(MARGIN, MARGIN - 14, g.page_width - 2 * MARGIN, 16), page.title, 12, QColor("#111111"),
              align="left")
    draw_text(p, QRectF(MARGIN, MARGIN + 4, g.page_width - 2 * MARGIN, 12),
              f"{page.group} - {face} - page {page.number}", 9, QColor("#333333"), bold=False, align="left")
    for i, piece in enumerate(page.pieces):
        paint_piece(p, g.cell_rect(page.slot(i), page.back), piece, sc, page.back)
    _cut_lines(p, g, page.used_rows)
    p.restore()


def _cut_lines(p: QPainter, g: SheetGrid, rows: int) -> None:
    """Hairline cut lines along the grid and crop marks outside it."""
    if rows == 0:
        return
    right = g.left + g.columns * g.cell
    bottom = g.top + rows * g.cell
    p.setPen(QPen(QColor(0, 0, 0, 90), 0.25))
    for c in range(g.columns + 1):
        x = g.left + c * g.cell
        p.drawLine(QPointF(x, g.top), QPointF(x, bottom))
    for r in range(rows + 1):
        y = g.top + r * g.cell
        p.drawLine(QPointF(g.left, y), QPointF(right, y))
    mark, gap = 9.0, 3.0
    p.setPen(QPen(QColor("#000000"), 0.5))
    for c in range(g.columns + 1):
        x = g.left + c * g.cell
        p.drawLine(QPointF(x, g.top - gap), QPointF(x, g.top - gap - mark))
        p.drawLine(QPointF(x, bottom + gap), QPointF(x, bottom + gap + mark))
    for r in range(rows + 1):
        y = g.top + r * g.cell
        p.drawLine(QPointF(g.left - gap, y), QPointF(g.left - gap - mark, y))
        p.drawLine(QPointF(right + gap, y), QPointF(right + gap + mark, y))


@dataclass
class SheetReport:
    path: Path
    pages: int
    counters: int  # counters per face (each printed front and back)


def write_counter_sheets(sc: Scenario, path: str | Path, counter_inch: float = 0.5, paper: str = "A4",
                         resolution: int = 600, separate_sides: bool = False) -> SheetReport:
    """Write the counter sheets as a PDF (needs a QGuiApplication). Written beside the target and
    renamed over it, so a failure never leaves half a file."""
    pages = sheet_pages(sc, counter_inch, paper, separate_sides)
    if not pages:
        raise ValueError("the scenario has no units or markers to print")
    target = Path(path)
    tmp = target.with_name(f".{target.name}.tmp")
    writer = QPdfWriter(str(tmp))
    writer.setResolution(resolution)
    writer.setPageSize(QPageSize(PAPERS[paper]))
    writer.setPageOrientation(QPageLayout.Orientation.Portrait)
    writer.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Point)
    writer.setTitle(f"{sc.title}: counter sheets")
    writer.setCreator("Hexwright")
    p = QPainter(writer)
    try:
        if not p.isActive():
            raise OSError(f"cannot write {target}")
        for i, page in enumerate(pages):
            if i:
                writer.newPage()
            paint_sheet_page(p, page, sc, resolution / POINTS_PER_INCH)
        p.end()
        del writer  # flushes and closes the file
        tmp.replace(target)
    except BaseException:
        if p.isActive():
            p.end()
        tmp.unlink(missing_ok=True)
        raise
    return SheetReport(target, len(pages), sum(len(pg.pieces) for pg in pages if not pg.back))


def render_sheet_page(page: SheetPage, sc: Scenario, dpi: float = 100.0):
    """The page as a QImage at `dpi`, white paper, drawn with the same code as the PDF."""
    from PySide6.QtGui import QImage

    g = page.grid
    scale = dpi / POINTS_PER_INCH
    img = QImage(round(g.page_width * scale), round(g.page_height * scale), QImage.Format.Format_RGB32)
    img.fill(Qt.GlobalColor.white)
    p = QPainter(img)
    paint_sheet_page(p, page, sc, scale)
    p.end()
    return img
