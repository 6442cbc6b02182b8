"""The linework reader of issue 18 (app/editor/linework_scan.py until issue 27), kept unchanged as the
named baseline of `benchmarks/digitize_linework.py`: fixed sample points along each hexside and link,
the colour cast from app/editor/sampling.py, no search across the line and no width or dash."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from hexwright.app.editor.sampling import _hex_rgb, srgb_to_lab
from hexwright.engine.hexgrid import Hexside, hex_neighbor, hexside_of
from hexwright.engine.hexgrid.fit import invert_transform
from hexwright.engine.model.hexmap import HexMap

MATCH_DELTA_E = 24.0  # a point of a hexside shows a feature's colour when it is this near it in Lab
MIX_SHARE = 0.3  # a point shows a line when it is this far from the paper towards the line's colour
MIX_RESIDUAL = 28.0  # ... and this near that mix (RGB units)
MIN_CONTRAST = 40.0  # a line colour this near the paper's (RGB units) is not looked for there
MIN_COVER = 0.4  # share of a hexside's (or a link's band's, each side) points that must match (tuned on the benchmark)
_SIDE_T = np.linspace(0.2, 0.8, 9)  # along a hexside, from one corner to the other
_SIDE_OFFSETS = (-0.05, 0.0, 0.05)  # across it, in hex sizes
_LINK_OFFSETS = (-0.04, 0.0, 0.04)  # across a path's course, in hex sizes
_BAND_D = np.linspace(0.25, 0.6, 7)  # along a path's course, from the hexside's middle, in hex sizes
# a path's courses on each side of the hexside, in degrees from the line to the hex centre: straight
# (0) or towards the middle of the hexside beyond the next (30); a smooth curve lies between (+-45 too was
# tried on the benchmark, before bridges were allowed for: 1.7 points more smooth roads found, for 3 to
# 4.6 points less railroad and trail precision)
_COURSE_DEG = np.array([-30.0, -15.0, 0.0, 15.0, 30.0])
_CROSS_ALONG_SIDE = np.linspace(-0.15, 0.15, 7)  # the crossing patch: along the hexside from its middle
_CROSS_ACROSS = np.array([-0.06, 0.0, 0.06])  # ... and across it
# a bridge (app/render/mapdraw.py: a dark box 0.2 x 0.72 hex sizes across the hexside's middle): these
# points, most of them this much darker than the paper
_BRIDGE_ALONG_SIDE = np.array([-0.05, 0.0, 0.05])
_BRIDGE_ACROSS = np.array([-0.3, -0.2, -0.1, 0.1, 0.2, 0.3])
BRIDGE_DARK = 0.6
BRIDGE_COVER = 0.8


@dataclass(frozen=True)
class LineworkProposal:
    hexside: Hexside
    kind: str  # "feature" (hexside feature), "bridge" or "path"
    code: str
    cover: float  # share of the points in the code's colour: the confidence
    present: bool  # the map already has it

    @property
    def changes(self) -> bool:
        return not self.present


def _read(scan: np.ndarray, transform, pts: np.ndarray) -> np.ndarray:
    """Scan colours (…, 3) at scene points (…, 2); NaN off the scan."""
    a, b, c, d, e, f = invert_transform(tuple(transform))
    ix = np.rint(a * pts[..., 0] + b * pts[..., 1] + e).astype(np.int64)
    iy = np.rint(c * pts[..., 0] + d * pts[..., 1] + f).astype(np.int64)
    h, w = scan.shape[:2]
    inside = (ix >= 0) & (ix < w) & (iy >= 0) & (iy < h)
    out = scan[np.clip(iy, 0, h - 1), np.clip(ix, 0, w - 1)].astype(float)
    out[~inside] = np.nan
    return out


def _inner_sides(m: HexMap) -> list[Hexside]:
    """Every hexside between two hexes of the map, once."""
    out = []
    for h in m.hexes:
        for d in range(3):
            if m.contains(hex_neighbor(h, d)):
                out.append(hexside_of(h, d))
    return out


def _matches(colours: np.ndarray, refs: np.ndarray, gains: np.ndarray, background: np.ndarray) -> np.ndarray:
    """For points (n, k, 3 RGB) over hexes of background colour (n, k, 3 RGB, cast already taken
    out): which line colour (r, 3 RGB) each point shows, (n, k, r) booleans, only the best counting.

    A printed line thinner than a few scan pixels, or blurred, is seen mixed with the paper under it:
    a point shows a line colour when it lies on the mix from the background towards that colour, at
    least MIX_SHARE of the way, and within MIX_RESIDUAL of that mix (RGB units)."""
    valid = ~np.isnan(colours).any(axis=-1) & ~np.isnan(background).any(axis=-1)
    obs = np.clip(np.nan_to_num(colours) * gains, 0, 255)
    bg = np.nan_to_num(background)
    towards = refs[None, None, :, :] - bg[:, :, None, :]  # (n, k, r, 3)
    span = np.maximum((towards ** 2).sum(axis=-1), 1.0)
    share = ((obs - bg)[:, :, None, :] * towards).sum(axis=-1) / span  # (n, k, r)
    residual = np.linalg.norm(obs[:, :, None, :] - (bg[:, :, None, :] + share[..., None] * towards), axis=-1)
    far_enough = np.sqrt(span) > MIN_CONTRAST  # a line the colour of the paper cannot be seen
    # of the lines a point may show, the one whose mix it lies nearest (a half-tone black line is
    # brownish: it must not read as a brown trail), then whether it shows enough of it
    candidate = (share >= MIX_SHARE / 2) & (residual < MIX_RESIDUAL) & far_enough & valid[..., None]
    score = np.where(candidate, -residual, -np.inf)
    best = np.argmax(score, axis=-1)
    ok = candidate & (share >= MIX_SHARE)
    out = np.zeros(ok.shape, dtype=bool)
    n, k = best.shape
    out[np.arange(n)[:, None], np.arange(k)[None, :], best] = np.take_along_axis(ok, best[..., None], axis=-1)[..., 0]
    return out


def _nearest_colour(colours: np.ndarray, refs: np.ndarray, gains: np.ndarray) -> np.ndarray:
    """For points (n, k, 3 RGB): which reference colour (r, 3 RGB) each is within MATCH_DELTA_E of in
    Lab, (n, k, r) booleans, only the nearest counting. Hexside features (rivers, canals) are printed
    broad: their points show the colour itself, and near colours (river, canal) are told apart by it."""
    valid = ~np.isnan(colours).any(axis=-1)
    lab = srgb_to_lab(np.clip(np.nan_to_num(colours) * gains, 0, 255))
    dist = np.linalg.norm(lab[..., None, :] - srgb_to_lab(refs)[None, None, :, :], axis=-1)
    nearest = np.argmin(dist, axis=-1)
    hit = (np.take_along_axis(dist, nearest[..., None], axis=-1)[..., 0] < MATCH_DELTA_E) & valid
    out = np.zeros(dist.shape, dtype=bool)
    n, k = nearest.shape
    out[np.arange(n)[:, None], np.arange(k)[None, :], nearest] = hit
    return out


def propose_linework(hexmap: HexMap, scan: np.ndarray, transform, gains: np.ndarray | None = None
                     ) -> list[LineworkProposal]:
    """Hexside features and path links the scan shows (those the map has are marked `present`)."""
    from hexwright.app.editor.sampling import colour_cast, hex_descriptors

    t = hexmap.terrain_table
    bg, _ink = hex_descriptors(hexmap, scan, transform)
    if gains is None:
        table = np.array([_hex_rgb(x.color) for x in t.terrain.values()], dtype=float)
        gains = colour_cast(bg, table)
    paper = {h: np.clip(bg[i] * gains, 0, 255) for i, h in enumerate(hexmap.hexes)}
    sides = _inner_sides(hexmap)
    if not sides:
        return []
    lay = hexmap.layout()
    size = float(np.sqrt(lay.size_x * lay.size_y))
    a_hex = np.array([s.hex for s in sides], dtype=float)
    b_hex = np.array([s.other for s in sides], dtype=float)
    ca, cb = lay.hexes_to_pixels(a_hex), lay.hexes_to_pixels(b_hex)
    along = cb - ca
    dist = np.linalg.norm(along, axis=1, keepdims=True)
    unit = along / dist
    normal = np.stack([-unit[:, 1], unit[:, 0]], axis=1)
    mid = (ca + cb) / 2
    bg_a = np.array([paper[s.hex] for s in sides])
    bg_b = np.array([paper[s.other] for s in sides])
    half_side = size / 2  # a hexside is as long as the hex size; its corners are half of it from the middle
    out: list[LineworkProposal] = []

    # hexside features (and bridges, drawn across them): along the hexside
    side_codes = [("feature", c, x.color) for c, x in t.hexside_features.items()]
    if side_codes:
        pts = (mid[:, None, None, :] + normal[:, None, None, :] * half_side * (2 * _SIDE_T[None, :, None, None] - 1)
               + unit[:, None, None, :] * size * np.array(_SIDE_OFFSETS)[None, None, :, None])
        pts = pts.reshape(len(sides), -1, 2)
        refs = np.array([_hex_rgb(c[2]) for c in side_codes], dtype=float)
        cover = _nearest_colour(_read(scan, transform, pts), refs, gains).mean(axis=1)  # (n, r)
        best = np.argmax(cover, axis=1)
        for i in np.flatnonzero(cover[np.arange(len(sides)), best] >= MIN_COVER):
            kind, code, _ = side_codes[best[i]]
            info = hexmap.hexsides.get(sides[i])
            out.append(LineworkProposal(sides[i], kind, code, float(cover[i, best[i]]),
                                        info is not None and code in info.features))

    # path links: where the line crosses the hexside (near its middle), and a band on each side of it
    # that follows the line whatever its course: straight to the hex centre, or bent towards another
    # hexside's middle (a smooth road through the hexside midpoints of a zigzag row)
    path_codes = list(t.paths.items())
    if path_codes:
        refs = np.array([_hex_rgb(x.color) for _c, x in path_codes], dtype=float)
        n, r = len(sides), len(refs)
        # the crossing: a little patch around the hexside's middle, any point of it in the line's colour
        # (wide enough along the link that a dashed trail's gap cannot hide it)
        cross = (mid[:, None, None, :] + normal[:, None, None, :] * size * _CROSS_ALONG_SIDE[None, :, None, None]
                 + unit[:, None, None, :] * size * _CROSS_ACROSS[None, None, :, None])
        under = np.where((_CROSS_ACROSS > 0)[None, None, :, None], bg_b[:, None, None, :], bg_a[:, None, None, :])
        under = np.broadcast_to(under, cross.shape[:3] + (3,)).reshape(n, -1, 3)
        crossing = _matches(_read(scan, transform, cross.reshape(n, -1, 2)), refs, gains, under).any(axis=1)  # (n, r)
        # a bridge printed across the hexside hides the line near it (and is dark, like a railroad): on a
        # bridged link the crossing is not asked for and the bands are read beyond the bridge only
        bridged = np.zeros(n, dtype=bool)
        if t.bridges:
            box = (mid[:, None, None, :] + normal[:, None, None, :] * size * _BRIDGE_ALONG_SIDE[None, :, None, None]
                   + unit[:, None, None, :] * size * _BRIDGE_ACROSS[None, None, :, None])
            under = np.where((_BRIDGE_ACROSS > 0)[None, None, :, None], bg_b[:, None, None, :], bg_a[:, None, None, :])
            under = np.broadcast_to(under, box.shape[:3] + (3,)).reshape(n, -1, 3)
            seen = np.clip(np.nan_to_num(_read(scan, transform, box.reshape(n, -1, 2)), nan=255.0) * gains, 0, 255)
            dark = seen.mean(axis=-1) < BRIDGE_DARK * np.maximum(under.mean(axis=-1), 1.0)
            bridged = dark.mean(axis=1) >= BRIDGE_COVER
        crossing |= bridged[:, None]
        use = np.where(bridged[:, None], (_BAND_D >= _BRIDGE_ACROSS.max() + 0.1)[None, :], True)  # (n, j)
        # the bands: on each side, along each course from the hexside's middle, the share of points on it
        ang = np.radians(_COURSE_DEG)
        cos, sin = np.cos(ang), np.sin(ang)
        bands = []
        for sign, bg_side in ((-1.0, bg_a), (1.0, bg_b)):
            u = sign * unit  # from the hexside's middle towards this side's centre
            v = np.stack([-u[:, 1], u[:, 0]], axis=1)
            d = cos[None, :, None] * u[:, None, :] + sin[None, :, None] * v[:, None, :]  # (n, k, 2) courses
            across = np.stack([-d[..., 1], d[..., 0]], axis=-1)
            pts = (mid[:, None, None, None, :] + d[:, :, None, None, :] * size * _BAND_D[None, None, :, None, None]
                   + across[:, :, None, None, :] * size * np.array(_LINK_OFFSETS)[None, None, None, :, None])
            k, j, o = len(ang), len(_BAND_D), len(_LINK_OFFSETS)
            under = np.broadcast_to(bg_side[:, None, :], (n, k * j * o, 3))
            hits = _matches(_read(scan, transform, pts.reshape(n, -1, 2)), refs, gains, under)
            # a point of the course is on the line when any of its across-offsets is (the line may be thin)
            hits = hits.reshape(n, k, j, o, r)
            # the course each colour follows best: the most points in it, across-offsets too (a course
            # along a road's soft edge has the trail's colour at one offset, the road's has the road's at all)
            w = (use / use.sum(axis=1, keepdims=True))[:, None, :, None]  # (n, 1, j, 1)
            density = (hits.mean(axis=3) * w).sum(axis=2)  # (n, k, r)
            course = np.argmax(density, axis=1)[:, None, :]  # (n, 1, r)
            on_line = (hits.any(axis=3) * w).sum(axis=2)  # (n, k, r)
            bands.append((np.take_along_axis(on_line, course, axis=1)[:, 0],
                          np.take_along_axis(density, course, axis=1)[:, 0]))
        cover = np.minimum(bands[0][0], bands[1][0]) * crossing
        strength = np.minimum(bands[0][1], bands[1][1])
        # one path per link: of the colours that cover it, the one filling its course best (a road's soft
        # edge must not read as a trail)
        best = np.argmax(np.where(cover >= MIN_COVER, 1.0 + strength, cover), axis=1)
        for i in np.flatnonzero(cover[np.arange(n), best] >= MIN_COVER):
            code = path_codes[best[i]][0]
            info = hexmap.hexsides.get(sides[i])
            out.append(LineworkProposal(sides[i], "path", code, float(cover[i, best[i]]),
                                        info is not None and code in info.paths))
    return out

