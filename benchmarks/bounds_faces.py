"""What a counter face costs at the bounds: painting it and writing it as PNG, per face.

`counters images` of 5,000 units writes 5,000 PNG faces, and a VASSAL module 10,000 (front and back).
This paints the faces of the 5,000-unit scenario of `bounds.py` at 300 pixels, in the process of the
benchmark (CPU time, `time.process_time`): whole (`paint_counter`, as before) and a design at a time
(app/counters/faces.py), then encodes the same faces with Qt's PNG writer (what was used before) and with
`pngwrite.png_bytes` at zlib levels 1, 3 and 6, giving the mean file size of each. Baseline: Qt's writer
and the whole paint. `--quick` measures 100 faces, else 1,000 (spread over the units).
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from hexwright.engine.model import bounds

from .bounds import UNITS_WITHOUT_BOUND, scenario
from .core import Row, Settings, register

FACE_PX = 300


@register("bounds_faces")
def bounds_faces_benchmark(settings: Settings) -> list[Row]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from hexwright.app.counters.draw import paint_counter
    from hexwright.app.counters.faces import FacePainter
    from hexwright.app.counters.png import png_bytes, qt_png_bytes
    from hexwright.app.subcommands.loading import load_any
    from hexwright.engine.model import Scenario
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter

    _app = QGuiApplication.instance() or QGuiApplication(["bounds-faces"])
    with tempfile.TemporaryDirectory(prefix="hexwright-faces-") as tmp:
        path = scenario(Path(tmp), getattr(bounds, "MAX_UNITS", UNITS_WITHOUT_BOUND), bounds.MAX_TURNS)
        sc, _ = load_any(path, validate=False)
    assert isinstance(sc, Scenario)
    n = 100 if settings.quick else 1000
    units = list(sc.units.values())
    units = units[:: max(1, len(units) // n)][:n]

    def whole(unit) -> QImage:
        img = QImage(FACE_PX, FACE_PX, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(Qt.GlobalColor.transparent)
        p = QPainter(img)
        paint_counter(p, QRectF(0, 0, FACE_PX, FACE_PX), unit, sc, False)
        p.end()
        return img

    qt_png = qt_png_bytes  # as app/counters/images.py wrote them before

    def per_face(fn) -> tuple[float, list]:
        t = time.process_time()
        out = [fn(x) for x in units]
        return (time.process_time() - t) / len(units), out

    # each measured twice, in turns (the text outlines kept by draw.py favour whichever runs second)
    faces = FacePainter(sc, FACE_PX)
    t_whole_1, _ = per_face(whole)
    t_design_1, _ = per_face(lambda u: faces.image(u, False))
    t_design_2, _ = per_face(lambda u: faces.image(u, False))
    t_whole_2, images = per_face(whole)
    t_whole, t_design = (t_whole_1 + t_whole_2) / 2, (t_design_1 + t_design_2) / 2
    rows = [Row("bounds_faces", f"paint a {FACE_PX}-pixel face, {len(units)} faces", "a design at a time",
                t_design, "whole", t_whole, unit="s a face",
                notes=[f"{faces.designs_painted} designs painted, {faces.painted_whole} faces painted whole"])]
    t0 = time.process_time()
    qt = [qt_png(img) for img in images]
    t_qt = (time.process_time() - t0) / len(images)
    for level in (1, 3, 6):
        t0 = time.process_time()
        ours = [png_bytes(img, level) for img in images]
        t = (time.process_time() - t0) / len(images)
        rows.append(Row("bounds_faces", f"write a face as PNG, zlib level {level}", "png_bytes", t, "Qt's PNG writer",
                        t_qt, unit="s a face", notes=[f"{sum(map(len, ours)) / len(ours) / 1024:.1f} KB a face, "
                                                      f"Qt's {sum(map(len, qt)) / len(qt) / 1024:.1f} KB"]))
    for r in rows:
        print(f"  {r.case}: {r.subject_value * 1000:.2f} ms against {(r.baseline_value or 0.0) * 1000:.2f} ms; "
              + "; ".join(r.notes))
    return rows
