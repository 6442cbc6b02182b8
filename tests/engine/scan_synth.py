"""Synthetic scans of a hex map painted with numpy (no Qt): terrain colours with a little texture, dark
printed hex outlines, placed on the scan through a known scene -> image transform (rotated, scaled,
slightly stretched), then blurred, colour-cast and noised like a scan of an old print."""

from __future__ import annotations

import math

import numpy as np
from hexwright.engine.model.hexmap import HexMap

PALETTE = {
    "clear": (214, 206, 160), "woods": (90, 140, 70), "rough": (170, 140, 100), "water": (90, 150, 210),
    "city": (150, 150, 150), "marsh": (150, 180, 150),
}


def scene_to_image(scale: float = 1.6, angle_deg: float = 3.0, stretch: float = 1.0, dx: float = 40.0,
                   dy: float = 30.0) -> np.ndarray:
    """A 2 x 3 scene -> image matrix: rotate, scale, stretch y a little, translate."""
    c, s = math.cos(math.radians(angle_deg)), math.sin(math.radians(angle_deg))
    lin = scale * np.array([[1.0, 0.0], [0.0, stretch]]) @ np.array([[c, -s], [s, c]])
    return np.hstack([lin, [[dx], [dy]]])


def paint_hex_scan(m: HexMap, fwd: np.ndarray, *, lines: bool = True, line_px: float = 1.6, blur: int = 1,
                   cast: tuple[float, float, float] = (1.0, 1.0, 1.0), noise: float = 4.0, seed: int = 0,
                   margin: int = 60) -> np.ndarray:
    """An (h, w, 3) uint8 scan of `m` through scene -> image matrix `fwd` (2 x 3)."""
    rng = np.random.default_rng(seed)
    lay = m.layout()
    sw, sh = m.grid.pixel_size()
    corners = np.array([[0, 0], [sw, 0], [0, sh], [sw, sh]]) @ fwd[:, :2].T + fwd[:, 2]
    w = int(math.ceil(corners[:, 0].max())) + margin
    h = int(math.ceil(corners[:, 1].max())) + margin
    inv = np.linalg.inv(fwd[:, :2])
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    pts = np.stack([xx.ravel(), yy.ravel()], axis=1)
    scene = (pts - fwd[:, 2]) @ inv.T
    qr = lay.pixels_to_hexes(scene)
    centre = lay.hexes_to_pixels(qr.astype(float))
    local = scene - centre
    size = lay.size_x
    apothem = size * math.sqrt(3) / 2
    # distance to the hex's boundary: apothem minus the largest projection on the three side normals
    start = 0.0 if m.grid.orientation == "pointy" else 30.0
    normals = np.array([[math.cos(math.radians(start + 60 * k)), math.sin(math.radians(start + 60 * k))]
                        for k in range(3)])
    proj = np.abs(local @ normals.T).max(axis=1)
    dist_px = (apothem - proj) * math.sqrt(abs(np.linalg.det(fwd[:, :2])))
    hq = np.array(m.hexes, dtype=np.int64)
    q0, r0 = hq.min(axis=0) - 1
    table = np.full((hq[:, 0].max() - q0 + 2, hq[:, 1].max() - r0 + 2), -1, dtype=np.int64)
    table[hq[:, 0] - q0, hq[:, 1] - r0] = np.arange(len(hq))
    qi = np.clip(qr[:, 0] - q0, 0, table.shape[0] - 1)
    ri = np.clip(qr[:, 1] - r0, 0, table.shape[1] - 1)
    which = np.where((qr[:, 0] - q0 == qi) & (qr[:, 1] - r0 == ri), table[qi, ri], -1)
    on_map = which >= 0
    colours = np.array([PALETTE.get(m.terrain_at(h), (200, 200, 200)) for h in m.hexes], dtype=float)
    rgb = np.full((len(pts), 3), 250.0)
    rgb[on_map] = colours[which[on_map]]
    rgb += rng.normal(0, 6.0, (len(pts), 1))  # texture
    if lines:
        ink = np.clip(1.0 - (dist_px - line_px / 2), 0.0, 1.0)[:, None] * on_map[:, None]
        rgb = rgb * (1 - ink) + 30.0 * ink
    img = rgb.reshape(h, w, 3)
    if blur:
        pad = np.pad(img, ((blur, blur), (blur, blur), (0, 0)), mode="edge")
        k = 2 * blur + 1
        img = sum(pad[i:i + h, j:j + w] for i in range(k) for j in range(k)) / (k * k)
    img = img * np.array(cast)
    img = img + rng.normal(0, noise, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


def true_centres(m: HexMap, fwd: np.ndarray) -> np.ndarray:
    """Every hex centre of `m` on the scan (the map's hex order)."""
    scene = m.layout().hexes_to_pixels(np.array(m.hexes, dtype=float))
    return scene @ fwd[:, :2].T + fwd[:, 2]


def clicks(m: HexMap, fwd: np.ndarray, cells: list[tuple[int, int]], error_px: float, seed: int = 1):
    """(hex, (x, y)) clicks at the true centres of offset cells, each off by `error_px` in a random
    direction."""
    rng = np.random.default_rng(seed)
    out = []
    for col, row in cells:
        h = m.grid.offset.to_hex(col, row)
        x, y = m.layout().hex_to_pixel(h)
        ix, iy = fwd[:, :2] @ [x, y] + fwd[:, 2]
        a = rng.uniform(0, 2 * math.pi)
        out.append((h, (float(ix + error_px * math.cos(a)), float(iy + error_px * math.sin(a)))))
    return out
