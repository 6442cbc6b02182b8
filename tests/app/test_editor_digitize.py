"""Digitizing: fitting the grid over a synthetic scan through the dialog, and proposing terrain from
the scan's colours. Scans are painted from a known map through a known (skewed) transform."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hexwright.app.editor.digitize import (
    FitGridDialog,
    ScanError,
    load_scan,
    supported_scan_formats,
    underlay_from_points,
)
from hexwright.app.editor.sampling import (
    TerrainProposalDialog,
    hex_colors,
    image_to_array,
    propose_terrain,
)
from hexwright.engine.hexgrid import Hex
from hexwright.engine.hexgrid.fit import invert_transform
from hexwright.engine.model.hexmap import GridSpec, HexMap, Underlay
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QImageReader, QPainter, QPen, QPolygonF, QTransform
from PySide6.QtWidgets import QDialogButtonBox

# Image pixels -> scene: the scan is 1.6x the scene, turned 4 degrees, slightly stretched.
ANGLE = math.radians(4.0)


def scene_to_image() -> tuple[float, ...]:
    s, c = math.sin(ANGLE), math.cos(ANGLE)
    lin = 1.6 * np.array([[1.0, 0.02], [0.0, 1.01]]) @ np.array([[c, -s], [s, c]])
    return (lin[0, 0], lin[0, 1], lin[1, 0], lin[1, 1], 60.0, 30.0)


def true_transform() -> tuple[float, ...]:
    return invert_transform(scene_to_image())


def patterned_map(columns: int = 14, rows: int = 10) -> HexMap:
    m = HexMap(GridSpec(columns=columns, rows=rows, hex_size=24.0), name="scan test")
    codes = ["clear", "woods", "rough", "water", "city", "marsh"]
    rng = np.random.default_rng(3)
    m.set_terrain({h: codes[int(rng.integers(len(codes)))] for h in m.hexes})
    return m


def paint_scan(m: HexMap, path=None, shade=None, noise: float = 0.0) -> QImage:
    """Render the map's terrain colours into an image through the known scan transform, with black
    hex outlines (like print), optional colour shift (`shade`) and pixel noise."""
    a, b, c, d, e, f = scene_to_image()
    w, h = m.grid.pixel_size()
    image = QImage(int(w * 1.8) + 120, int(h * 1.8) + 120, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    p.setTransform(QTransform(a, c, b, d, e, f))
    p.setPen(QPen(QColor("black"), 1.0))
    lay = m.layout()
    for hx in m.hexes:
        col = QColor(m.terrain_table.terrain[m.terrain_at(hx)].color)
        if shade is not None:
            col = QColor(*shade(col.red(), col.green(), col.blue()))
        p.setBrush(QBrush(col))
        p.drawPolygon(QPolygonF([QPointF(x, y) for x, y in lay.corners(hx)]))
    p.end()
    if noise:
        arr = image_to_array(image).astype(float)
        arr += np.random.default_rng(1).normal(0, noise, arr.shape)
        arr = np.clip(arr, 0, 255).astype(np.uint8)
        image = QImage(arr.data, arr.shape[1], arr.shape[0], arr.shape[1] * 3, QImage.Format.Format_RGB888).copy()
    if path is not None:
        assert image.save(str(path))
    return image


def clicks(m: HexMap, hexes: list[Hex], jitter: float = 0.7) -> list[tuple[Hex, tuple[float, float]]]:
    a, b, c, d, e, f = scene_to_image()
    rng = np.random.default_rng(5)
    out = []
    for hx in hexes:
        x, y = m.layout().hex_to_pixel(hx)
        out.append((hx, (a * x + b * y + e + rng.normal(0, jitter), c * x + d * y + f + rng.normal(0, jitter))))
    return out


CORNER_HEXES = [(0, 0), (13, 0), (0, 9), (13, 9), (6, 5), (3, 7)]


def corner_hexes(m: HexMap) -> list[Hex]:
    return [m.grid.offset.to_hex(c, r) for c, r in CORNER_HEXES]


# -- fitting ---------------------------------------------------------------------------------


def test_png_jpeg_tiff_are_supported():
    assert {"png", "jpeg", "tiff"} <= set(supported_scan_formats())


def test_underlay_from_points_recovers_the_scan_transform(tmp_path):
    m = patterned_map()
    path = tmp_path / "scan.png"
    paint_scan(m, path)
    pairs = [(m.label(h), xy) for h, xy in clicks(m, corner_hexes(m))]
    u = underlay_from_points(m, str(path), pairs, opacity=0.4)
    assert isinstance(u, Underlay)
    assert u.image == str(path.resolve()) and u.opacity == 0.4
    assert np.allclose(u.transform[:4], true_transform()[:4], atol=0.005)
    # Scene positions of the image corners agree within a pixel or so.
    a, b, c, d, e, f = u.transform
    ta, tb, tc, td, te, tf = true_transform()
    for x, y in ((0, 0), (800, 0), (0, 600), (800, 600)):
        assert math.hypot(a * x + b * y + e - (ta * x + tb * y + te), c * x + d * y + f - (tc * x + td * y + tf)) < 1.5


def test_underlay_from_points_rejects_bad_labels(tmp_path):
    m = patterned_map()
    with pytest.raises(ValueError, match="not a hex label"):
        underlay_from_points(m, "scan.png", [("9999", (0, 0)), ("0101", (1, 1)), ("0505", (50, 9))])


@pytest.mark.parametrize("fmt", ["jpg", "tif"])
def test_scan_formats_load(tmp_path, fmt):
    m = patterned_map(4, 3)
    path = tmp_path / f"scan.{fmt}"
    paint_scan(m, path)
    assert load_scan(path).width() > 100


def test_large_scan_loads_past_the_allocation_limit(tmp_path):
    """Qt refuses images over its allocation limit (256 MB by default, a 12000 x 9000 RGB scan is
    324 MB); load_scan raises the limit. Shown here against a lowered limit to stay fast."""
    img = QImage(3000, 2000, QImage.Format.Format_RGB888)  # 24 MB decoded as RGB32
    img.fill(QColor(200, 180, 120))
    path = tmp_path / "big.png"
    assert img.save(str(path))
    QImageReader.setAllocationLimit(8)
    try:
        assert QImageReader(str(path)).read().isNull()  # a plain reader refuses it
        loaded = load_scan(path)
        assert (loaded.width(), loaded.height()) == (3000, 2000)
        assert QImageReader.allocationLimit() >= 2048
    finally:
        QImageReader.setAllocationLimit(256)


def test_unreadable_scan_is_a_clear_error(qtbot, tmp_path):
    bad = tmp_path / "scan.png"
    bad.write_bytes(b"this is not a png")
    with pytest.raises(ScanError, match="scan"):
        load_scan(bad)
    with pytest.raises(ScanError, match="does not exist"):
        load_scan(tmp_path / "missing.png")
    dlg = FitGridDialog(patterned_map(), str(bad))
    qtbot.addWidget(dlg)
    assert dlg.error and "Cannot load the scan" in dlg.message.text()
    assert not dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()


def click_scan(qtbot, dlg: FitGridDialog, x: float, y: float) -> None:
    pos = dlg.view.mapFromScene(QPointF(x, y))
    qtbot.mouseClick(dlg.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def test_dialog_fits_grid_from_clicks_and_guesses_labels(qtbot, tmp_path):
    m = patterned_map()
    path = tmp_path / "scan.png"
    paint_scan(m, path)
    dlg = FitGridDialog(m, str(path))
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    dlg.view.resetTransform()  # 1:1 so a click lands on the image pixel
    ok = dlg.buttons.button(QDialogButtonBox.StandardButton.Ok)
    pts = clicks(m, corner_hexes(m), jitter=0.0)
    for i, (h, (x, y)) in enumerate(pts[:3]):
        dlg.view.centerOn(x, y)
        click_scan(qtbot, dlg, x, y)
        assert dlg.pending is not None
        assert not ok.isEnabled()
        qtbot.keyClicks(dlg.label_edit, m.label(h))
        qtbot.keyClick(dlg.label_edit, Qt.Key.Key_Return)
        assert len(dlg.points) == i + 1
    assert ok.isEnabled()
    assert dlg.table.rowCount() == 3
    assert not dlg.grid_item.path().isEmpty()
    # After three points the dialog proposes the label of the hex under a click.
    h, (x, y) = pts[3]
    dlg.view.centerOn(x, y)
    click_scan(qtbot, dlg, x, y)
    assert dlg.label_edit.text() == m.label(h)
    qtbot.keyClick(dlg.label_edit, Qt.Key.Key_Return)
    for h, xy in pts[4:]:
        dlg.add_point(xy, m.label(h))
    assert dlg.fit is not None and dlg.fit.rms_px < 2.0
    assert dlg.fit.model == "affine"  # the scan is stretched and skewed
    u = dlg.underlay()
    assert np.allclose(u.transform[:4], true_transform()[:4], atol=0.005)
    # A mislabelled point shows as bad; removing it restores the fit.
    dlg.add_point(pts[5][1], m.label(pts[0][0]))  # moves 0101's point onto another hex's centre
    assert dlg.fit.residuals_hex[-1] > 0.5
    dlg.remove_point(len(dlg.points) - 1)
    assert len(dlg.points) == 5 and dlg.fit.rms_px < 2.0
    dlg.opacity.setValue(30)
    assert dlg.underlay().opacity == pytest.approx(0.3)
    with pytest.raises(ValueError, match="not a hex label"):
        dlg.add_point((0, 0), "zz99")


def test_dialog_ok_needs_three_good_points(qtbot, tmp_path):
    m = patterned_map()
    path = tmp_path / "scan.png"
    paint_scan(m, path)
    dlg = FitGridDialog(m, str(path))
    qtbot.addWidget(dlg)
    pts = clicks(m, corner_hexes(m))
    for h, xy in pts[:2]:
        dlg.add_point(xy, h)
    assert dlg.fit is None
    with pytest.raises(ValueError):
        dlg.underlay()
    dlg.add_point(pts[2][1], pts[2][0])
    assert dlg.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()


# -- terrain from colours ------------------------------------------------------------------------


def test_hex_colours_follow_the_scan():
    m = patterned_map()
    scan = image_to_array(paint_scan(m))
    cols = hex_colors(m, scan, true_transform())
    for i, h in enumerate(m.hexes[:30]):
        want = QColor(m.terrain_table.terrain[m.terrain_at(h)].color)
        assert np.allclose(cols[i], [want.red(), want.green(), want.blue()], atol=2)


def test_proposals_match_the_painted_map():
    m = patterned_map()
    truth = dict(m.terrain)
    scan = paint_scan(m, noise=6.0)
    m.set_terrain({h: "clear" for h in m.hexes})
    props = propose_terrain(m, scan, true_transform())
    assert len(props) == len(m.hexes)
    right = sum(1 for p in props if p.terrain == truth[p.hex])
    assert right >= 0.95 * len(props)


def test_examples_teach_printed_colours():
    """A print whose colours are far from the table: the table alone misreads, examples fix it."""
    m = patterned_map()
    truth = dict(m.terrain)

    def faded(r, g, b):  # a washed-out, warm print: every colour pulled towards a beige paper tone
        return (int(0.55 * r + 0.45 * 235), int(0.55 * g + 0.45 * 215), int(0.55 * b + 0.45 * 170))

    scan = paint_scan(m, shade=faded, noise=4.0)
    m.set_terrain({h: "clear" for h in m.hexes})
    plain = propose_terrain(m, scan, true_transform())
    examples = {}
    for code in m.terrain_table.terrain:
        examples[next(h for h in m.hexes if truth[h] == code)] = code
    taught = propose_terrain(m, scan, true_transform(), examples)
    right_plain = sum(p.terrain == truth[p.hex] for p in plain)
    right_taught = sum(p.terrain == truth[p.hex] for p in taught)
    assert right_taught >= 0.95 * len(taught)
    assert right_taught > right_plain
    assert np.mean([p.confidence for p in taught]) > np.mean([p.confidence for p in plain])


def test_proposal_dialog_accepts_per_terrain_and_threshold(qtbot):
    m = patterned_map()
    truth = dict(m.terrain)
    scan = paint_scan(m, noise=6.0)
    m.set_terrain({h: "clear" for h in m.hexes})
    m.set_underlay(Underlay("scan.png", true_transform(), 0.5))
    dlg = TerrainProposalDialog(m, image=scan)
    qtbot.addWidget(dlg)
    dlg.set_threshold(0.0)
    changes = dlg.accepted_changes()
    expected = {h for h, t in truth.items() if t != "clear"}
    assert len(set(changes) & expected) >= 0.95 * len(expected)
    assert all(changes[h] == truth[h] for h in changes if h in expected)
    # Rejecting woods drops those changes; the table's checkbox does the same.
    woods_row = list(m.terrain_table.terrain).index("woods")
    dlg.table.item(woods_row, 0).setCheckState(Qt.CheckState.Unchecked)
    assert "woods" not in dlg.accepted_changes().values()
    assert "woods hexes" not in dlg.summary.text()
    n_before = len(dlg.accepted_changes())
    dlg.set_threshold(1.0)
    assert len(dlg.accepted_changes()) < n_before
    dlg.teach(m.label(next(h for h in m.hexes if truth[h] == "water")), "water")
    assert dlg.examples
    with pytest.raises(ValueError):
        dlg.teach("0101", "lava")


def test_proposal_dialog_without_underlay_says_so(qtbot):
    dlg = TerrainProposalDialog(patterned_map())
    qtbot.addWidget(dlg)
    assert "no underlay" in dlg.message.text()
    assert dlg.accepted_changes() == {}


def test_proposal_dialog_asks_next_and_applies_sure_only(qtbot, monkeypatch):
    m = patterned_map()
    truth = dict(m.terrain)
    scan = paint_scan(m, noise=6.0)
    m.set_terrain({h: "clear" for h in m.hexes})
    m.set_underlay(Underlay("scan.png", true_transform(), 0.5))
    dlg = TerrainProposalDialog(m, image=scan)
    qtbot.addWidget(dlg)
    first = dlg.next_hexes()[0]
    assert dlg.teach_next.text().startswith("Teach next:") and m.label(first) in dlg.teach_next.text()
    # clicking a named hex puts it in the teach field; the designer picks its terrain and teaches it
    dlg.teach_next.linkActivated.emit(m.label(first))
    assert dlg.example_label.text() == m.label(first)
    dlg.example_terrain.setCurrentText(truth[first])
    dlg._teach_from_fields()
    assert dlg.examples == {first: truth[first]}
    assert first not in dlg.next_hexes()
    # "only sure proposals": what is applied is the calibrated sure part, and it is right
    dlg.set_threshold(0.0)
    dlg.sure_only.setChecked(True)
    sure = dlg.accepted_changes()
    assert sure and all(sure[h] == truth[h] for h in sure)
    dlg.sure_only.setChecked(False)
    assert len(dlg.accepted_changes()) >= len(sure)
    # cancelling the whole-map proposal keeps the proposals there were
    before = list(dlg.proposals)
    from PySide6.QtWidgets import QProgressDialog

    monkeypatch.setattr(QProgressDialog, "wasCanceled", lambda self: True)
    dlg.teach(m.label(next(h for h in m.hexes if truth[h] == "water")), "water")
    assert dlg.proposals == before
    assert "Cancelled" in dlg.message.text()
