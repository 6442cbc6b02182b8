"""Bridges, ferries and town and city blocks drawn in batches (a path for many symbols, issue 29's speed
work) give the pixels of drawing them one by one, as the renderer did before: the drawing code of then is
kept here as the reference."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hexwright.app.render import mapdraw
from hexwright.app.render.export import render_to_image
from hexwright.app.render.geometry import MapGeometry
from hexwright.app.render.paths import polygons_path
from hexwright.engine.formats.mapfile import load_map
from hexwright.engine.model import HexMap
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen

from tests.conftest import SCENARIOS

FM_MAP = SCENARIOS / "fm-arnhem" / "arnhem-corridor.map.yaml"
KINDS = ("highway", "railroad", "canal")


def _pixels(img: QImage) -> np.ndarray:
    img = img.convertToFormat(QImage.Format.Format_ARGB32)
    rows = np.frombuffer(img.constBits(), dtype=np.uint8).reshape(img.height(), img.bytesPerLine())
    return rows[:, :4 * img.width()].copy()


def _crowded_map(columns: int = 14, rows: int = 12) -> HexMap:
    """F&M's terrain table on a small grid of towns and cities, a bridge of each kind in turn on every
    hexside between a hex and the one below it, and a ferry on every other hexside to the next column."""
    lines = FM_MAP.read_text(encoding="utf-8").splitlines()
    table = "\n".join(lines[lines.index("terrain_table:"):lines.index("hexes:")])
    text = ["format_version: 1", "kind: hexwright-map", "name: crowded",
            f"grid: {{columns: {columns}, rows: {rows}, orientation: flat, stagger: odd, hex_size: 32}}",
            "labels: {scheme: xxyy, first_column: 1, first_row: 1, digits: 2}", "default_terrain: mixed", table,
            "hexes:"]
    text += [f"  '{c:02d}{r:02d}': {('city', 'town', 'mixed')[(c + r) % 3]}"
             for c in range(1, columns + 1) for r in range(1, rows + 1)]
    text.append("hexsides:")
    k = 0
    for c in range(1, columns + 1):
        for r in range(1, rows):
            text.append(f"  {c:02d}{r:02d}/{c:02d}{r + 1:02d}: {{features: [river], bridge: {KINDS[k % 3]}, "
                        "paths: [road]}")
            k += 1
    for c in range(1, columns, 2):
        for r in range(1, rows + 1, 3):
            text.append(f"  {c:02d}{r:02d}/{c + 1:02d}{r:02d}: {{features: [canal, ferry]}}")
    m = load_map("\n".join(text) + "\n", "crowded.map.yaml")
    assert m is not None
    return m


def _crossings_one_by_one(painter: QPainter, m: HexMap, g: MapGeometry, side_idx: np.ndarray) -> None:
    """The bridges and ferries as drawn before, each in paint calls of its own."""
    bridges = m.terrain_table.bridges
    features = m.terrain_table.hexside_features
    sides = g.sides
    s = g.size
    mids = sides.mid
    for i in side_idx.tolist():
        info = m.hexsides[sides.keys[i]]
        ferry = [f for f in info.features if f in features and features[f].permits_crossing]
        if info.bridge is None and not ferry:
            continue
        mid = mids[i]
        along = sides.b[i] - sides.a[i]
        along = along / (np.hypot(*along) or 1.0)
        across = np.array([-along[1], along[0]])
        if info.bridge is not None:
            bt = bridges.get(info.bridge)
            color = QColor(bt.color if bt else "#505050")
            half_len, half_w = 0.36 * s, (0.1 if info.bridge != "railroad" else 0.075) * s
            corners = np.array([mid - across * half_len - along * half_w, mid + across * half_len - along * half_w,
                                mid + across * half_len + along * half_w, mid - across * half_len + along * half_w])
            painter.setPen(QPen(QColor("#151515"), s * 0.025))
            painter.setBrush(color)
            painter.drawPath(polygons_path(corners[None]))
            wing = QPen(QColor("#151515"), s * 0.03)
            wing.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(wing)
            for sign in (-1, 1):
                end = mid + across * half_len * sign
                for side_sign in (-1, 1):
                    p0 = end + along * half_w * side_sign
                    p1 = p0 + across * sign * 0.09 * s + along * side_sign * 0.09 * s
                    painter.drawLine(QPointF(*p0), QPointF(*p1))
        else:
            pen = QPen(QColor("#151515"), s * 0.04)
            pen.setDashPattern([1.2, 1.0])
            pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            painter.setPen(pen)
            p0, p1 = mid - across * 0.42 * s, mid + across * 0.42 * s
            painter.drawLine(QPointF(*p0), QPointF(*p1))
            painter.setPen(QPen(QColor("#151515"), s * 0.02))
            painter.setBrush(QColor("#f7f3e8"))
            painter.drawEllipse(QPointF(*mid), 0.07 * s, 0.07 * s)


def _blocks_in_one_path(painter: QPainter, centers: np.ndarray, s: float, kind: str, color: str) -> None:
    """The town and city blocks as drawn before: every hex's blocks in one path."""
    if kind == "city":
        polys = mapdraw._blocks(centers, mapdraw._CITY_BLOCKS, 0.11, s)
        fill = QColor("#6e4a3c")
    else:
        polys = mapdraw._blocks(centers, mapdraw._TOWN_BLOCKS, 0.085, s)
        fill = QColor("#7a4b38")
    painter.setPen(QPen(QColor("#2d211a"), s * 0.018))
    painter.setBrush(fill)
    painter.drawPath(polygons_path(polys))
    painter.setPen(Qt.PenStyle.NoPen)


@pytest.mark.parametrize("scale", [1.0, 0.6])
def test_batched_bridges_ferries_and_blocks_draw_the_pixels_of_one_by_one(qapp, monkeypatch, scale):
    m = _crowded_map()
    g = MapGeometry.of(m)
    by_kind, ferries = g.crossings()
    assert sorted(by_kind) == sorted(KINDS) and sum(len(v) for v in by_kind.values()) == 14 * 11
    assert len(ferries) == 7 * 4
    assert len(m.hexes) // 3 > 2 * mapdraw.BLOCK_CHUNK  # the blocks of each kind take several paths
    batched = _pixels(render_to_image(m, scale))
    monkeypatch.setattr(mapdraw, "_paint_crossings", _crossings_one_by_one)
    monkeypatch.setattr(mapdraw, "_paint_blocks", _blocks_in_one_path)
    one_by_one = _pixels(render_to_image(m, scale))
    assert np.array_equal(batched, one_by_one)


def test_crossings_follow_an_edit_of_the_hexsides(qapp):
    """The bridges' and ferries' index is kept with the geometry and rebuilt when a hexside changes."""
    m = _crowded_map(4, 4)
    g = MapGeometry.of(m)
    before = sum(len(v) for v in g.crossings()[0].values())
    side = next(k for k, info in m.hexsides.items() if info.bridge is not None)
    m.set_hexsides({side: dataclasses.replace(m.hexsides[side], bridge=None)})
    g = MapGeometry.of(m)
    assert sum(len(v) for v in g.crossings()[0].values()) == before - 1
