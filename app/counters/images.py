"""One image per counter face: PNG (at a size in pixels) or SVG (at its printed size), drawn by the
same painter code as the sheets and the editor (draw.py). Files are named by the unit's id made safe for
a file name, `<id>-front.png` and, for a unit with a back, `<id>-back.png`; each is written beside its
target and renamed over it, so a failure never leaves half a file."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path

from hexwright.engine.model import Scenario, UnitDef
from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QPainter

from .draw import counter_look, paint_counter
from .faces import FacePainter
from .png import png_bytes

FORMATS = ("png", "svg")
POINTS_PER_INCH = 72.0
MIN_COUNTER_INCH, MAX_COUNTER_INCH = 0.1, 6.0  # an SVG counter's printed size (1/2 and 5/8 inch are usual)


@dataclass
class ImageReport:
    directory: Path
    files: list[Path] = field(default_factory=list)


def safe_name(uid: str) -> str:
    """A unit id as a file name: "1/9SS" -> "1_9SS"; never empty, never hidden."""
    name = re.sub(r"[^A-Za-z0-9._-]+", "_", uid).strip("._") or "unit"
    return name


def has_back(unit: UnitDef, scenario: Scenario | None) -> bool:
    """A face to print on the back: reduced values, or the set-up/arrival back of a family that prints one
    (its CounterLook's `back_shows_arrival`, Koenig 2.2)."""
    return unit.reduced is not None or unit.steps > 1 or (
        scenario is not None and counter_look(scenario.rules).back_shows_arrival)


def _write_png(path: Path, faces: FacePainter, unit: UnitDef, back: bool) -> None:
    # painted premultiplied (Qt's raster engine paints into that format directly), each design once
    # (faces.py), and written by pngwrite.py: the pixels of the plain ARGB32 image Qt used to write
    data = png_bytes(faces.image(unit, back))
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        tmp.write_bytes(data)
    except OSError:
        tmp.unlink(missing_ok=True)
        raise OSError(f"cannot write {path}") from None
    tmp.replace(path)


def _write_svg(path: Path, unit: UnitDef, sc: Scenario | None, back: bool, inch: float) -> None:
    from PySide6.QtSvg import QSvgGenerator

    side = inch * POINTS_PER_INCH  # the SVG's user units are points: 1/2 inch is 36 x 36
    tmp = path.with_name(f".{path.name}.tmp")
    gen = QSvgGenerator()
    gen.setFileName(str(tmp))
    gen.setSize(QSize(round(side), round(side)))
    gen.setViewBox(QRectF(0, 0, side, side))
    gen.setResolution(round(POINTS_PER_INCH))
    gen.setTitle(unit.name or unit.id)
    p = QPainter(gen)
    if not p.isActive():
        raise OSError(f"cannot write {path}")
    paint_counter(p, QRectF(0, 0, side, side), unit, sc, back)
    p.end()
    del gen
    tmp.replace(path)


def export_counter_images(sc: Scenario, directory: str | Path, fmt: str = "png", size_px: int = 300,
                          counter_inch: float = 0.5, units: list[str] | None = None) -> ImageReport:
    """Write each unit's faces (every unit, or the ids in `units`) into `directory` (made if missing).
    Needs a QGuiApplication. ValueError for a bad format, size or unknown unit id."""
    fmt = fmt.lower()
    if fmt not in FORMATS:
        raise ValueError(f"the format must be one of {', '.join(FORMATS)}, not {fmt!r}")
    if size_px < 8 or size_px > 4096:
        raise ValueError(f"the image size must be 8 to 4096 pixels, not {size_px}")
    if not (math.isfinite(counter_inch) and MIN_COUNTER_INCH <= counter_inch <= MAX_COUNTER_INCH):
        raise ValueError(f"the counter size must be {MIN_COUNTER_INCH:g} to {MAX_COUNTER_INCH:g} inches, "
                         f"not {counter_inch:g}")
    ids = list(sc.units) if units is None else units
    unknown = [u for u in ids if u not in sc.units]
    if unknown:
        raise ValueError(f"no unit {unknown[0]!r} in the scenario")
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    report = ImageReport(out)
    faces = FacePainter(sc, size_px)
    used: set[str] = set()
    for uid in ids:
        unit = sc.units[uid]
        base = safe_name(uid)
        n = 2
        while base.lower() in used:  # two ids made the same name ("1/9SS", "1_9SS")
            base = f"{safe_name(uid)}-{n}"
            n += 1
        used.add(base.lower())
        for back in (False, True) if has_back(unit, sc) else (False,):
            path = out / f"{base}-{'back' if back else 'front'}.{fmt}"
            if fmt == "png":
                _write_png(path, faces, unit, back)
            else:
                _write_svg(path, unit, sc, back, counter_inch)
            report.files.append(path)
    return report


__all__ = ["FORMATS", "ImageReport", "export_counter_images", "has_back", "safe_name"]
