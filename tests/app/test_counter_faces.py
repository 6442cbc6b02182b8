"""Counter faces painted a design at a time (app/counters/faces.py) and written by pngwrite.png_bytes: the
pixels of painting every face whole, on every shipped scenario, a counter whose id comes near what is
painted after it painted whole, and the PNG bytes decoding to the image's pixels."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hexwright.app.counters.draw import paint_counter
from hexwright.app.counters.faces import FacePainter
from hexwright.app.counters.png import png_bytes
from hexwright.app.subcommands.loading import load_any
from hexwright.engine.model import Scenario
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from ..conftest import SCENARIOS

SHIPPED = ("fm-arnhem/scenario-1-historical.yaml", "koenig-arnhem-bridge/arnhem-bridge.yaml",
           "target-arnhem/target-arnhem.yaml", "storm-arnhem/the-crossing.yaml")


def _pixels(img: QImage) -> np.ndarray:
    img = img.convertToFormat(QImage.Format.Format_ARGB32)
    rows = np.frombuffer(img.constBits(), dtype=np.uint8).reshape(img.height(), img.bytesPerLine())
    return rows[:, :4 * img.width()].copy()


def _whole(sc: Scenario, unit, back: bool, size: int) -> QImage:
    img = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    paint_counter(p, QRectF(0, 0, size, size), unit, sc, back)
    p.end()
    return img


def _scenario(name: str) -> Scenario:
    sc, _ = load_any(SCENARIOS / name, validate=False)
    assert isinstance(sc, Scenario)
    return sc


@pytest.mark.parametrize("name", SHIPPED)
@pytest.mark.parametrize("size", [300, 64, 40])
def test_faces_a_design_at_a_time_are_the_faces_painted_whole(qapp, name, size):
    sc = _scenario(name)
    faces = FacePainter(sc, size)
    for unit in sc.units.values():
        for back in (False, True):
            assert np.array_equal(_pixels(faces.image(unit, back)), _pixels(_whole(sc, unit, back, size))), \
                (name, unit.id, back)
    assert faces.designs_painted < 2 * len(sc.units)


def test_many_counters_of_one_design_paint_it_once(qapp):
    sc = _scenario(SHIPPED[0])
    unit = next(u for u in sc.units.values() if u.reduced is not None)
    faces = FacePainter(sc, 120)
    for k in range(30):
        twin = dataclasses.replace(unit, id=f"x{k}", name=f"battalion {k}")
        for back in (False, True):
            assert np.array_equal(_pixels(faces.image(twin, back)), _pixels(_whole(sc, twin, back, 120)))
    assert faces.designs_painted == 2 and faces.painted_whole == 0


def test_an_id_that_reaches_what_is_painted_after_it_is_painted_whole(qapp):
    """On a counter with a supply stripe the id's place reaches down to the values (and to the band of a
    reduced side): a long id there is painted with its face, in the order paint_counter paints it."""
    sc = _scenario("target-arnhem/target-arnhem.yaml")
    unit = next(u for u in sc.units.values() if u.supply)
    long_id = dataclasses.replace(unit, id="Kampfgruppe Brinkmann 10SS", reduced=dict(unit.values))
    faces = FacePainter(sc, 300)
    for back in (False, True):
        img = faces.image(long_id, back)
        assert np.array_equal(_pixels(img), _pixels(_whole(sc, long_id, back, 300)))
    assert faces.painted_whole == 2 and faces.designs_painted == 0


def test_png_bytes_decode_to_the_image(qapp):
    opaque = QImage(37, 23, QImage.Format.Format_ARGB32_Premultiplied)
    opaque.fill(QColor("#204080"))
    p = QPainter(opaque)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setBrush(QColor("#e0c030"))
    p.drawEllipse(3, 2, 30, 19)
    p.end()
    data = png_bytes(opaque)
    assert data[25] == 2  # colour type 2: RGB, no alpha channel
    assert np.array_equal(_pixels(QImage.fromData(data)), _pixels(opaque))
    clear = QImage(37, 23, QImage.Format.Format_ARGB32_Premultiplied)
    clear.fill(Qt.GlobalColor.transparent)
    p = QPainter(clear)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setBrush(QColor(200, 30, 30, 128))
    p.drawEllipse(3, 2, 30, 19)
    p.end()
    data = png_bytes(clear)
    assert data[25] == 6  # RGBA, as Qt writes a see-through image
    assert np.array_equal(_pixels(QImage.fromData(data)), _pixels(clear))
