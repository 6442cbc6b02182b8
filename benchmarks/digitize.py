"""Digitizing accuracy (`--only digitize`): how many of the proposals made from a scan are right.

The scan is the F&M Arnhem corridor map printed by Hexwright's own renderer (terrain colours and
patterns, town and city building blocks, rivers and canals, roads, trails and railroads, hex numbers
and place names) and then "scanned": enlarged 1.6x, turned 2.5 degrees, blurred and given pixel
noise. The map the scan was printed from is the truth. Measured:

Two scans: as printed (white paper), and the same yellowed like old paper (each channel scaled).

* hex terrain: the share of hexes whose proposed terrain is right, over all hexes and over the town
  and city hexes alone, before (one median colour per hex against the terrain table's colours, the
  method up to issue 18) and after (app/editor/sampling.py now);
* hexside features and path links (proposed since issue 18, app/editor/linework_scan.py): precision
  (the share of proposals that are right) and recall (the share of the map's rivers, canals, roads
  and railroads proposed).

No designer examples are taught in either run: these are the figures of a first proposal.
"""

from __future__ import annotations

import math

import numpy as np

from .core import Row, Settings, register

ANGLE_DEG = 2.5
ENLARGE = 1.6


def scan_transform(angle_deg: float = ANGLE_DEG, enlarge: float = ENLARGE, dx: float = 40.0,
                   dy: float = 25.0) -> tuple[float, ...]:
    """The scene -> image transform of the synthetic scan (a, b, c, d, e, f: x' = a x + b y + e)."""
    t = math.radians(angle_deg)
    c, s = math.cos(t), math.sin(t)
    return (enlarge * c, -enlarge * s, enlarge * s, enlarge * c, dx, dy)


def printed_scan(m, seed: int = 7, noise: float = 5.0, cast=(0.98, 0.95, 0.86)):
    """(scan as an (h, w, 3) uint8 array, the underlay transform image -> scene) for the map `m`
    printed by the renderer and scanned as the module docstring says."""
    from hexwright.app.editor.sampling import image_to_array
    from hexwright.app.render.export import render_to_image
    from hexwright.engine.hexgrid.fit import invert_transform
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QColor, QImage, QPainter, QTransform

    printed = render_to_image(m, 1.0)
    a, b, c, d, e, f = scan_transform()
    w, h = printed.width(), printed.height()
    out = QImage(int(w * ENLARGE * 1.06) + 120, int(h * ENLARGE * 1.06) + 120, QImage.Format.Format_RGB32)
    out.fill(QColor("white"))
    p = QPainter(out)
    p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    p.setTransform(QTransform(a, c, b, d, e, f))
    p.drawImage(QPointF(0, 0), printed)
    p.end()
    arr = image_to_array(out).astype(np.float32)
    arr *= np.array(cast, dtype=np.float32)  # old paper
    # a slight blur (3x3 box) and noise, as a flatbed scan of a print gives
    pad = np.pad(arr, ((1, 1), (1, 1), (0, 0)), mode="edge")
    blurred = np.zeros_like(arr)
    for i in range(3):
        for j in range(3):
            blurred += pad[i:i + arr.shape[0], j:j + arr.shape[1]]
    arr = blurred / np.float32(9.0)
    arr += np.random.default_rng(seed).normal(0.0, noise, arr.shape).astype(np.float32)
    scan = np.clip(arr, 0, 255).astype(np.uint8)
    return scan, invert_transform((a, b, c, d, e, f))


def terrain_accuracy(m, proposals) -> tuple[float, float, int, int]:
    """(share right over all hexes, share right over town and city hexes, hexes, town/city hexes)."""
    built = {c for c, t in m.terrain_table.terrain.items() if t.pattern in ("town", "city")}
    right = [p.terrain == m.terrain[p.hex] for p in proposals]
    towns = [p.terrain == m.terrain[p.hex] for p in proposals if m.terrain[p.hex] in built]
    return (sum(right) / max(1, len(right)), sum(towns) / max(1, len(towns)), len(right), len(towns))


def linework_scores(m, proposals) -> dict[str, tuple[float, float, int, int]]:
    """Per hexside feature or path code: (precision, recall, proposed, on the map)."""
    out: dict[str, tuple[float, float, int, int]] = {}
    truth: dict[str, set] = {}
    for side, info in m.hexsides.items():
        for code in info.features:
            truth.setdefault(code, set()).add(side)
        for code in info.paths:
            truth.setdefault(code, set()).add(side)
    proposed: dict[str, set] = {}
    for p in proposals:
        proposed.setdefault(p.code, set()).add(p.hexside)
    for code in sorted(set(truth) | set(proposed)):
        t, q = truth.get(code, set()), proposed.get(code, set())
        hit = len(t & q)
        out[code] = (hit / len(q) if q else float("nan"), hit / len(t) if t else float("nan"), len(q), len(t))
    return out


def old_method(m, scan, transform):
    """Issue 17's proposal: the median of 19 points per hex against the terrain table's colours."""
    from hexwright.app.editor.sampling import Proposal, hex_colors, srgb_to_lab
    from PySide6.QtGui import QColor

    hexes = list(m.hexes)
    colours = hex_colors(m, scan, transform, hexes)
    codes = list(m.terrain_table.terrain)
    refs = np.array([[QColor(m.terrain_table.terrain[c].color).red(), QColor(m.terrain_table.terrain[c].color).green(),
                      QColor(m.terrain_table.terrain[c].color).blue()] for c in codes], dtype=float)
    lab, rlab = srgb_to_lab(np.nan_to_num(colours)), srgb_to_lab(refs)
    best = np.argmin(np.linalg.norm(lab[:, None, :] - rlab[None, :, :], axis=2), axis=1)
    return [Proposal(h, codes[best[i]], 1.0, (0, 0, 0), m.terrain[h]) for i, h in enumerate(hexes)
            if not np.isnan(colours[i]).any()]


@register("digitize")
def digitize_benchmark(settings: Settings) -> list[Row]:
    from pathlib import Path

    from hexwright.app.editor.linework_scan import propose_linework
    from hexwright.app.editor.sampling import propose_terrain
    from hexwright.engine.formats import read_map_file

    from .editor import qapp

    _app = qapp()  # offscreen unless QT_QPA_PLATFORM says otherwise: the benchmarks need no display
    m = read_map_file(Path(__file__).resolve().parents[1] / "scenarios" / "fm-arnhem" / "arnhem-corridor.map.yaml")
    assert m is not None
    rows: list[Row] = []
    for case, cast in (("F&M Arnhem corridor, printed and scanned", (1.0, 1.0, 1.0)),
                       ("the same scan yellowed (x 0.98, 0.95, 0.86)", (0.98, 0.95, 0.86))):
        scan, transform = printed_scan(m, cast=cast)
        old_all, old_towns, n_old, nt = terrain_accuracy(m, old_method(m, scan, transform))
        new_all, new_towns, n, _ = terrain_accuracy(m, propose_terrain(m, scan, transform))
        rows += [
            Row("digitize", case, f"terrain right, all {n} hexes", round(100 * new_all, 1), "before issue 18",
                round(100 * old_all, 1), unit="%",
                notes=[f"before issue 18: {n_old} hexes had enough points on the scan to be proposed"]),
            Row("digitize", case, f"terrain right, {nt} town and city hexes", round(100 * new_towns, 1),
                "before issue 18", round(100 * old_towns, 1), unit="%"),
        ]
        for code, (prec, rec, q, t) in linework_scores(m, propose_linework(m, scan, transform)).items():
            rows.append(Row("digitize", case, f"{code}: precision ({q} proposed)", round(100 * prec, 1), unit="%",
                            notes=[f"{code}: recall {100 * rec:.1f} % of {t} on the map (none proposed before "
                                   "issue 18)"]))
    return rows
