"""A scenario as a VASSAL module: draws the board picture (app/render: the hex map, or the area map
without its legend band), both sides of every counter (app/counters) and the reinforcement holding
window, then hands them to engine/formats/vmod.py."""

from __future__ import annotations

import math
import re
from pathlib import Path

from hexwright.engine.formats.vmod import Counter, ModuleImages, reinforcement_slots, save_vmod, turn_label
from hexwright.engine.model import Scenario
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter

from ..counters.faces import FacePainter
from ..counters.png import png_bytes
from ..render.export import render_to_image
from ..render.mapdraw import RenderOptions

COUNTER_SHARE = 0.8  # a counter covers this share of a hex, flat side to flat side, on the board


def _png(image: QImage) -> bytes:
    return png_bytes(image)  # an opaque picture as RGB rows (pngwrite.py), faster than Qt's writer


def counter_file_stems(uids: list[str]) -> dict[str, str]:
    """A file name stem for each unit's counter images, safe in a zip on every system and distinct even
    where two ids differ only in what is replaced or in letter case ("A/1" and "A_1": `A_1`, `A_1-2`)."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for uid in uids:
        base = re.sub(r"[^A-Za-z0-9_.-]+", "_", uid).strip(".") or "unit"
        stem, n = base, 2
        while stem.lower() in taken:
            stem, n = f"{base}-{n}", n + 1
        taken.add(stem.lower())
        out[uid] = stem
    return out


def _holding_window(sc: Scenario, counter_px: int) -> tuple[bytes, tuple[int, int], dict]:
    (w, h), slots = reinforcement_slots(sc, counter_px)
    img = QImage(w, h, QImage.Format.Format_RGB32)
    img.fill(QColor("#f4f1e6"))
    p = QPainter(img)
    try:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont("DejaVu Sans")
        font.setPixelSize(max(10, counter_px // 4))
        font.setBold(True)
        p.setFont(font)
        p.setPen(QColor("#303030"))
        names = {s.id: s.name or s.id for s in sc.sides}
        turns = sorted({t for t, _, _ in slots})
        cell_h = int(counter_px * 1.6)
        headed: set[str] = set()
        for (_turn, side, _k), (x, y) in sorted(slots.items()):
            p.drawRect(QRectF(x - counter_px * 0.7, y - counter_px * 0.7, counter_px * 1.4, counter_px * 1.4))
            if side not in headed:
                headed.add(side)
                p.drawText(QRectF(x - counter_px * 1.5, 0, counter_px * 3, counter_px * 0.6),
                           Qt.AlignmentFlag.AlignCenter, names.get(side, side))
        for i, turn in enumerate(turns):
            p.drawText(QRectF(4, counter_px // 2 + i * cell_h, counter_px * 2 - 8, cell_h),
                       Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, f"Turn {turn_label(sc, turn)}")
    finally:
        p.end()
    return _png(img), (w, h), slots


def _board(sc: Scenario, counter_px: int) -> tuple[QImage, float]:
    """The board picture and its pixels per map unit: a hex map drawn so a counter covers COUNTER_SHARE of
    a hex; an area map at its own size (its units are the pixels of the map it was traced on)."""
    if sc.area_map is not None:
        from ..render.areadraw import AreaRenderOptions, render_area_image

        return render_area_image(sc.area_map, 1.0, AreaRenderOptions(legend=False)), 1.0
    m = sc.map
    scale = counter_px / (COUNTER_SHARE * math.sqrt(3.0) * m.grid.hex_size)
    return render_to_image(m, scale, RenderOptions()), scale


def module_images(sc: Scenario, counter_px: int = 64) -> ModuleImages:
    board, scale = _board(sc, counter_px)
    files = {"map.png": _png(board)}
    counters = {}
    stems = counter_file_stems(list(sc.units))
    faces = FacePainter(sc, counter_px)  # each design painted once (app/counters/faces.py)
    for uid, unit in sc.units.items():
        front, back = f"{stems[uid]}_front.png", f"{stems[uid]}_back.png"
        files[front] = png_bytes(faces.image(unit, False))
        files[back] = png_bytes(faces.image(unit, True))
        side = sc.side(unit.side)
        props = {"Side": (side.name if side else "") or unit.side, "UnitId": uid, "Nationality": unit.nationality,
                 "Formation": unit.formation, "Type": unit.unit_type, "Size": unit.size}
        props.update({k: str(v) for k, v in unit.values.items() if isinstance(v, (int, float, str))})
        counters[uid] = Counter(uid, unit.name or uid, unit.side, front, back, counter_px, props)
    images = ModuleImages("map.png", (board.width(), board.height()), scale, counters, files=files)
    if sc.reinforcements:
        png, size, slots = _holding_window(sc, counter_px)
        files["reinforcements.png"] = png
        images.reinforcement_board, images.reinforcement_size, images.reinforcement_slots = \
            "reinforcements.png", size, slots
    return images


def write_vmod(sc: Scenario, path: str | Path, counter_px: int = 64) -> list[str]:
    """Write `path` as a VASSAL module of the scenario; returns notes on what VASSAL shows differently."""
    return save_vmod(path, sc, module_images(sc, counter_px))
