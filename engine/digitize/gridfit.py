"""The grid fitted to a scan made right everywhere: refined from the scan's own printed hex lines, and
how far off it may still be at every hex of the board.

A fit from a few clicked hex centres (`engine.hexgrid.fit.fit_grid`) is only as good as the clicks:
four clicks near one corner leave the far end of the board free to swing by a hex or more while the
click residuals stay small. Printed maps draw their hex outlines, and those lines pin the grid
everywhere. `refine_fit`:

1. measures, for each hexside the fit predicts, where the printed line really lies: the scan is read
   (bilinear, luminance, so a colour cast does not matter) across the predicted side at several places
   along it, the profiles are averaged and the line is the strongest ridge of the profile (darker, or
   lighter for white hex lines, than the scan on *both* sides at a line's width, so a step between two
   terrain colours is not taken for a line), placed to a fraction of a pixel by a parabola;
2. updates the scene -> image affine transform by a robust least squares over all measured sides (each
   side gives its offset along its normal; sides of three directions pin both axes), the clicks kept
   in as observations so the lattice cannot slip by a whole hex;
3. grows the measured region from the clicks outwards: a side is looked at only where the fit's
   covariance says the line must lie within the search window (a third of a hex), so a fit that is
   far off at the far end is first corrected near the clicks, and each round reaches further.

`fit_quality` then gives the error the fit may make at every hex, in hex sizes (centre to corner, the
unit of `GridFit.residuals_hex`): ERROR_SIGMAS standard errors from the parameter covariance propagated
to the hex centre, together with the alignment residuals of the printed lines around the hex where
there are some and LINE_PLACEMENT_PX (how well printed art places a grid at best). Where the worst
hex is over TARGET_HEX the quality carries a warning naming the hex and what would pin it (a point
near it), so a fit is never applied silently a hex off.
Pure numpy; no Qt.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np
from hexwright.engine.hexgrid.coords import Hex
from hexwright.engine.hexgrid.fit import (
    CLICK_SIGMA_PX,
    SIMILARITY_TO_AFFINE,
    GridFit,
    Model,
    design_rows,
    fit_from_matrix,
    normalised_frame,
    position_sigma,
)
from hexwright.engine.model.hexmap import HexMap

from .scan import Scan

TARGET_HEX = 0.1  # a fit is good when no hex centre is more than a tenth of a hex size off
ERROR_SIGMAS = 2.5  # standard errors in an error estimate (about a 95 % bound on a 2-D position error)
SEARCH_FRACTION = 0.3  # the farthest a printed line is looked for from its predicted place, in hex sizes
ALONG = (0.3, 0.4, 0.5, 0.6, 0.7)  # where along a hexside the profiles are read (away from its corners)
STEP_PX = 0.5  # the profile's sampling step across the line
MAX_EDGES = 3000  # hexsides measured per round (a sample of them on large maps)
MAX_FINAL_EDGES = 20000  # hexsides measured in the last round, for the per-hex residuals
MAX_ROUNDS = 10
MIN_EDGES = 12  # fewer measured lines than this do not refine a fit
LINE_CONTRAST = 1.5  # printed hex lines: sides' median ridge this many times the ridge inside the hexes
AFFINE_MIN_EDGES = 100  # measured lines from which the refinement fits a full affine
EDGE_SIGMA_FLOOR_PX = 0.15
LUMA = np.array([0.299, 0.587, 0.114])
LUMA_CACHE_PX = 120_000_000  # scans up to this many pixels are read once as a one-byte luminance image
WEAK_LINE = 0.3  # a ridge below this share of the lines' median strength is not a printed hex line
BAD_CLICK_HEX = 0.5  # a clicked point this far (hex sizes) from its fitted centre is probably mislabelled
# How well printed lines place a grid at best, which no fit to the lines can see: a scan does not say
# whether a pixel's coordinate is its centre or its corner (half a pixel on each axis), art drawn on
# whole pixels puts a line up to half a pixel off, and drawing conventions put a one-pixel line on
# either side of its nominal place. On the VASL boards of the digitize-grid benchmark the printed
# lines sit 1.15 px left of and 0.56 px above the boards' nominal grid on average, and the refined
# fit is up to 1.95 px from that grid at the worst hex; the estimate must not promise less.
LINE_PLACEMENT_PX = 2.0

Progress = Callable[[int, int], bool] | None


@dataclass(frozen=True)
class FitQuality:
    """How far the fit may be off: `per_hex_error` (hex sizes, in `hexes` order, the map's), its
    worst hex and value, and warnings to show before the fit is applied."""

    max_error_estimate_hex: float
    per_hex_error: np.ndarray
    hexes: tuple[Hex, ...]
    worst_hex: Hex | None
    warnings: list[str]
    refined: bool
    edges_used: int

    @property
    def good(self) -> bool:
        return self.max_error_estimate_hex <= TARGET_HEX and not self.warnings


@dataclass
class _Edges:
    """Every hexside of a map once: its two corners (scene), and the (up to 2) hexes it borders."""

    p0: np.ndarray
    p1: np.ndarray
    hex_edges: np.ndarray  # (n_hexes, 6) index of each hex's sides in p0/p1
    to_centre: np.ndarray  # (n_edges, 2) from the side's midpoint to the centre of a hex it borders

    @classmethod
    def of(cls, hexmap: HexMap) -> _Edges:
        lay = hexmap.layout()
        centres = lay.hexes_to_pixels(np.array(hexmap.hexes, dtype=float).reshape(-1, 2))
        offs = np.array([lay.corner_offset(i) for i in range(6)])
        a = centres[:, None, :] + offs[None, :, :]
        b = centres[:, None, :] + np.roll(offs, -1, axis=0)[None, :, :]
        mid = (a + b) / 2
        key = np.round(mid.reshape(-1, 2) / (1e-3 * max(lay.size_x, lay.size_y))).astype(np.int64)
        _, first, inverse = np.unique(key, axis=0, return_index=True, return_inverse=True)
        to_centre = np.repeat(centres, 6, axis=0)[first] - mid.reshape(-1, 2)[first]
        return cls(a.reshape(-1, 2)[first], b.reshape(-1, 2)[first], inverse.reshape(-1, 6), to_centre)


class _Luma:
    """Bilinear luminance of a scan at image points; white off the scan. A scan held decoded, up to
    LUMA_CACHE_PX, is read once into a one-byte luminance image (a pixel read per corner instead of an
    RGB one); a tiled or larger one is read through `Scan.sample`, which serves it a tile at a time."""

    def __init__(self, scan: Scan) -> None:
        self.scan = scan
        self.grey: np.ndarray | None = None
        if not getattr(scan, "tiled", False) and scan.width * scan.height <= LUMA_CACHE_PX:
            rgb = scan.array()
            grey = np.empty(rgb.shape[:2], dtype=np.uint8)
            for y0 in range(0, rgb.shape[0], 1024):  # in bands: no float copy of the whole scan
                band = rgb[y0:y0 + 1024].astype(np.float32) @ LUMA.astype(np.float32)
                grey[y0:y0 + 1024] = np.clip(np.rint(band), 0, 255).astype(np.uint8)
            self.grey = grey

    def _at(self, xi: np.ndarray, yi: np.ndarray) -> np.ndarray:
        if self.grey is None:
            return self.scan.sample(xi, yi) @ LUMA
        h, w = self.grey.shape
        inside = (xi >= 0) & (yi >= 0) & (xi < w) & (yi < h)
        out = np.full(xi.shape, 255.0)
        out[inside] = self.grey[yi[inside].astype(np.int64), xi[inside].astype(np.int64)]
        return out

    def __call__(self, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        shape = xs.shape
        xs, ys = xs.ravel(), ys.ravel()
        x0, y0 = np.floor(xs), np.floor(ys)
        fx, fy = xs - x0, ys - y0
        out = (1 - fx) * (1 - fy) * self._at(x0, y0) + fx * (1 - fy) * self._at(x0 + 1, y0)
        out += (1 - fx) * fy * self._at(x0, y0 + 1) + fx * fy * self._at(x0 + 1, y0 + 1)
        return out.reshape(shape)


def _measure(scan: _Luma, m: np.ndarray, p0: np.ndarray, p1: np.ndarray, radius: np.ndarray, width_px: float,
             polarity: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For hexsides (scene corners p0, p1) under the scene -> image matrix `m`: the offset (pixels,
    along the image normal) of the printed line from the predicted side, its ridge strength, the
    normals and the predicted midpoints. Offsets are NaN where no ridge was found within `radius`."""
    lin, t = m[:, :2], m[:, 2]
    q0, q1 = p0 @ lin.T + t, p1 @ lin.T + t
    u = q1 - q0
    u /= np.linalg.norm(u, axis=1, keepdims=True)
    n = np.stack([-u[:, 1], u[:, 0]], axis=1)
    rmax = float(radius.max()) + width_px
    d = np.arange(-math.ceil(rmax / STEP_PX), math.ceil(rmax / STEP_PX) + 1) * STEP_PX
    along = np.array(ALONG)
    base = q0[:, None, :] + along[None, :, None] * (q1 - q0)[:, None, :]  # (E, T, 2)
    pts = base[:, :, None, :] + d[None, None, :, None] * n[:, None, None, :]  # (E, T, D, 2)
    lum = scan(pts[..., 0], pts[..., 1])
    profile = np.median(lum, axis=1) if len(along) > 3 else lum.mean(axis=1)
    ink = (255.0 - profile) if polarity > 0 else profile
    k = max(1, int(round(width_px / STEP_PX)))
    resp = np.full(ink.shape, -np.inf)
    resp[:, k:-k] = np.minimum(ink[:, k:-k] - ink[:, :-2 * k], ink[:, k:-k] - ink[:, 2 * k:])
    resp[np.abs(d)[None, :] > radius[:, None]] = -np.inf
    best = np.argmax(resp, axis=1)
    rows = np.arange(len(best))
    strength = resp[rows, best]
    lo, hi = np.clip(best - 1, 0, len(d) - 1), np.clip(best + 1, 0, len(d) - 1)
    r0, rm, rp = strength, resp[rows, lo], resp[rows, hi]
    denom = rm - 2 * r0 + rp
    ok = np.isfinite(rm) & np.isfinite(rp) & (denom < 0) & (best > 0) & (best < len(d) - 1)
    frac = np.where(ok, 0.5 * (rm - rp) / np.where(ok, denom, -1.0), 0.0)
    offset = d[best] + np.clip(frac, -0.5, 0.5) * STEP_PX
    edge_ok = ok & np.isfinite(strength) & (strength > 0)
    # the window must not leave the scan
    w, h = scan.scan.width, scan.scan.height
    inside = np.all((pts[:, :, [0, -1], 0] >= 0) & (pts[:, :, [0, -1], 0] <= w - 1)
                    & (pts[:, :, [0, -1], 1] >= 0) & (pts[:, :, [0, -1], 1] <= h - 1), axis=(1, 2))
    offset = np.where(edge_ok & inside, offset, np.nan)
    return offset, np.where(edge_ok & inside, strength, 0.0), n, (q0 + q1) / 2


def _on_scan(scan: Scan, m: np.ndarray, scene: np.ndarray, margin: float) -> np.ndarray:
    """Which scene points `m` puts on the scan, `margin` pixels in from its border."""
    img = scene @ m[:, :2].T + m[:, 2]
    return ((img[:, 0] >= margin) & (img[:, 1] >= margin) & (img[:, 0] <= scan.width - 1 - margin)
            & (img[:, 1] <= scan.height - 1 - margin))


def _solve(a: np.ndarray, b: np.ndarray, w: np.ndarray, model: str) -> tuple[np.ndarray, np.ndarray]:
    """Weighted least squares for the 6 affine parameter updates (similarity-constrained when asked);
    returns (update, (A^T W A)^-1 in the affine parameters)."""
    if model == "similarity":
        a = a @ SIMILARITY_TO_AFFINE
    aw = a * w[:, None]
    normal = aw.T @ a
    inv = np.linalg.pinv(normal)
    x = inv @ (aw.T @ b)
    if model == "similarity":
        return SIMILARITY_TO_AFFINE @ x, SIMILARITY_TO_AFFINE @ inv @ SIMILARITY_TO_AFFINE.T
    return x, inv


def _robust(a_e: np.ndarray, b_e: np.ndarray, a_c: np.ndarray, b_c: np.ndarray, click_sigma: float,
            model: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """Robust fit (Huber, then hard rejection beyond 3 sigma) of the edge offsets, with the clicks as
    observations of error `click_sigma`. Returns (update, covariance, inlier mask, edge sigma)."""
    a = np.vstack([a_e, a_c])
    b = np.concatenate([b_e, b_c])
    ne = len(b_e)
    sigma = max(1.4826 * float(np.median(np.abs(b_e - np.median(b_e)))), 0.5) if ne else 1.0
    w_e = np.ones(ne)
    x = np.zeros(6)
    for it in range(12):
        w = np.concatenate([w_e / sigma**2, np.full(len(b_c), 1.0 / click_sigma**2)])
        x, _ = _solve(a, b, w, model)
        r = b_e - a_e @ x
        sigma = max(1.4826 * float(np.median(np.abs(r))), EDGE_SIGMA_FLOOR_PX)
        if it < 8:
            z = np.abs(r) / (1.345 * sigma)
            w_e = np.where(z <= 1, 1.0, 1.0 / np.maximum(z, 1e-9))
        else:
            w_e = (np.abs(r) <= 3 * sigma).astype(float)
    inliers = np.abs(b_e - a_e @ x) <= 3 * sigma
    if inliers.sum() > 6:
        sigma = max(float(np.sqrt(np.mean((b_e - a_e @ x)[inliers] ** 2))), EDGE_SIGMA_FLOOR_PX)
    w = np.concatenate([inliers / sigma**2, np.full(len(b_c), 1.0 / click_sigma**2)])
    x, inv = _solve(a, b, w, model)
    return x, inv, inliers, sigma


def _edge_rows(mid_scene: np.ndarray, normals: np.ndarray, frame: tuple[float, float, float]) -> np.ndarray:
    jx, jy = design_rows(mid_scene, frame)
    return normals[:, :1] * jx + normals[:, 1:] * jy


def _click_rows(fit: GridFit, layout, m: np.ndarray, frame) -> tuple[np.ndarray, np.ndarray]:
    scene = layout.hexes_to_pixels(np.array(fit.hexes, dtype=float).reshape(-1, 2))
    img = np.array(fit.points_px, dtype=float).reshape(-1, 2)
    jx, jy = design_rows(scene, frame)
    pred = scene @ m[:, :2].T + m[:, 2]
    a = np.empty((2 * len(scene), 6))
    a[0::2], a[1::2] = jx, jy
    return a, (img - pred).reshape(-1)


def _to_frame(m: np.ndarray, frame: tuple[float, float, float]) -> np.ndarray:
    """The parameters (m00, m01, m02, m10, m11, m12) of matrix m in the normalised frame."""
    cx, cy, s = frame
    lin = m[:, :2] * s
    t = m[:, :2] @ np.array([cx, cy]) + m[:, 2]
    return np.array([lin[0, 0], lin[0, 1], t[0], lin[1, 0], lin[1, 1], t[1]])


def _from_frame(p: np.ndarray, frame: tuple[float, float, float]) -> np.ndarray:
    cx, cy, s = frame
    lin = np.array([[p[0], p[1]], [p[3], p[4]]]) / s
    t = np.array([p[2], p[5]]) - lin @ np.array([cx, cy])
    return np.hstack([lin, t[:, None]])


def refine_fit(scan: Scan, hexmap: HexMap, fit: GridFit, *, progress: Progress = None) -> GridFit:
    """The fit refined from the printed hex lines of the scan (see the module docstring). The result
    keeps the clicked points (their residuals are those of the refined fit), carries the refinement's
    covariance, the number of hexsides used, their RMS residual and each hex's local residual; when no
    printed lines are found, or the lines disagree with the clicks, the click fit comes back with a
    note saying so."""
    lay = hexmap.layout()
    edges = _Edges.of(hexmap)
    mids = (edges.p0 + edges.p1) / 2
    luma = _Luma(scan)
    m = fit.forward_matrix()
    frame = normalised_frame(lay.hexes_to_pixels(np.array(hexmap.hexes, dtype=float).reshape(-1, 2)))
    cov0 = np.array(fit.covariance).reshape(6, 6) if fit.covariance is not None else None
    if cov0 is not None:  # into this frame: the covariance was given in the click frame
        g = _frame_jacobian(fit.covariance_frame, frame)
        cov = g @ cov0 @ g.T
    else:
        cov = np.eye(6) * 1e-6
    hex_px = fit.hex_size_px
    rmax = SEARCH_FRACTION * hex_px
    width = max(1.5, min(6.0, 0.06 * hex_px))
    click_sigma = CLICK_SIGMA_PX
    if len(fit.points_px) != len(fit.hexes) or not fit.hexes:
        return replace(fit, notes=fit.notes + ("the fit has no clicked points to refine from",))
    clicked = np.array([hexmap.hexes.index(h) if hexmap.contains(h) else -1 for h in fit.hexes])
    clicked_edges = np.unique(edges.hex_edges[clicked[clicked >= 0]].ravel())
    rng = np.random.default_rng(0)
    model: Model = fit.model
    polarity = 0
    used = 0
    for round_no in range(MAX_ROUNDS):
        if progress is not None and progress(round_no, MAX_ROUNDS + 1) is False:
            return fit
        sig = position_sigma(cov, frame, mids)
        radius = np.minimum(rmax, 3.0 * sig + 1.5 + width)
        reach = (3.0 * sig + 1.5) <= rmax
        reach[clicked_edges] = True
        reach &= _on_scan(scan, m, mids, rmax)
        idx = np.flatnonzero(reach)
        if len(idx) > MAX_EDGES:
            idx = np.sort(rng.choice(idx, MAX_EDGES, replace=False))
        best = None
        for pol in (1, -1) if polarity == 0 else (polarity,):
            off, strength, normals, _ = _measure(luma, m, edges.p0[idx], edges.p1[idx], radius[idx], width, pol)
            good = np.isfinite(off)
            if good.sum() < MIN_EDGES:
                continue
            if polarity == 0:
                # Printed lines or not: the ridges on the predicted sides against the ridges on lines
                # through the hex centres parallel to them (where no hex line is printed).
                shift = edges.to_centre[idx]
                _, control, _, _ = _measure(luma, m, edges.p0[idx] + shift, edges.p1[idx] + shift, radius[idx],
                                            width, pol)
                contrast = float(np.median(strength)) / max(float(np.median(control)), 1.0)
                if contrast < LINE_CONTRAST:
                    continue
            a_e = _edge_rows(mids[idx][good], normals[good], frame)
            a_c, b_c = _click_rows(fit, lay, m, frame)
            x, inv, inliers, sigma = _robust(a_e, off[good], a_c, b_c, click_sigma, model)
            score = int(inliers.sum()) / max(sigma, 0.3)
            if best is None or score > best[0]:
                best = (score, pol, x, inv, inliers, sigma, off[good], a_e, a_c, b_c)
        if best is None:
            break
        _, polarity, x, inv, inliers, sigma, offsets, a_e, a_c, b_c = best
        if model == "similarity" and inliers.sum() >= AFFINE_MIN_EDGES:
            # Many lines pin the two extra parameters of an affine (a scan stretched or skewed by a
            # fraction of a percent is a pixel or more off over a board).
            model = "affine"
            x, inv, inliers, sigma = _robust(a_e, offsets, a_c, b_c, click_sigma, model)
        step = float(np.max(np.abs(_edge_rows(mids, np.tile([1.0, 0.0], (len(mids), 1)), frame) @ x)
                            + np.abs(_edge_rows(mids, np.tile([0.0, 1.0], (len(mids), 1)), frame) @ x)))
        m = _from_frame(_to_frame(m, frame) + x, frame)
        cov = sigma**2 * inv
        used = int(inliers.sum())
        if bool(reach[_on_scan(scan, m, mids, rmax)].all()) and step < 0.05:
            break
    if used < MIN_EDGES:
        return replace(fit, notes=fit.notes + (
            "no printed hex lines were found to refine the fit on; the estimate rests on the clicks alone",))
    if progress is not None:
        progress(MAX_ROUNDS, MAX_ROUNDS + 1)
    # A last round measures every side (up to MAX_FINAL_EDGES) closely, for the per-hex residuals.
    sig = position_sigma(cov, frame, mids)
    radius = np.minimum(rmax, 3.0 * sig + 1.5 + width)
    idx = np.flatnonzero(((3.0 * sig + 1.5) <= rmax) & _on_scan(scan, m, mids, rmax))
    if len(idx) < MIN_EDGES:
        return replace(fit, notes=fit.notes + ("the printed hex lines do not agree on a fit",))
    if len(idx) > MAX_FINAL_EDGES:
        idx = np.sort(np.random.default_rng(1).choice(idx, MAX_FINAL_EDGES, replace=False))
    off, strength, normals, _ = _measure(luma, m, edges.p0[idx], edges.p1[idx], radius[idx], width, polarity)
    good = np.isfinite(off)
    if good.sum() < MIN_EDGES:
        return replace(fit, notes=fit.notes + ("the printed hex lines could not be measured again",))
    strength = strength[good]
    a_e = _edge_rows(mids[idx][good], normals[good], frame)
    a_c, b_c = _click_rows(fit, lay, m, frame)
    x, inv, inliers, sigma = _robust(a_e, off[good], a_c, b_c, click_sigma, model)
    m = _from_frame(_to_frame(m, frame) + x, frame)
    resid = off[good] - a_e @ x
    # a side whose ridge is much weaker than the lines' is paper or art beyond the printed grid
    strong = inliers & (strength >= WEAK_LINE * float(np.median(strength[inliers])))
    return _finish(fit, hexmap, edges, m, sigma**2 * inv, frame, model, idx[good], resid, strong, sigma, lay)


def _frame_jacobian(src: tuple[float, float, float], dst: tuple[float, float, float]) -> np.ndarray:
    """The linear map of parameters in frame `src` to parameters in frame `dst` (same matrix)."""
    g = np.zeros((6, 6))
    for i in range(6):
        e = np.zeros(6)
        e[i] = 1.0
        g[:, i] = _to_frame(_from_frame(e, src), dst) - _to_frame(_from_frame(np.zeros(6), src), dst)
    return g


def _finish(fit: GridFit, hexmap: HexMap, edges: _Edges, m: np.ndarray, cov: np.ndarray,
            frame: tuple[float, float, float], model: Model, idx: np.ndarray, offsets: np.ndarray,
            inliers: np.ndarray, sigma: float, lay) -> GridFit:
    """The refined GridFit: figures on the clicks, covariance, per-hex local residuals, checks."""
    resid = offsets
    per_edge = np.full(len(edges.p0), np.nan)
    per_edge[idx[inliers]] = np.abs(resid[inliers])
    sq = per_edge[edges.hex_edges] ** 2
    count = np.sum(np.isfinite(sq), axis=1)
    local = np.where(count > 0, np.sqrt(np.nansum(sq, axis=1) / np.maximum(count, 1)), np.nan)
    # the sides of each hex printed on the scan and measured (beyond the printed grid: few or none)
    img = np.array(fit.points_px, dtype=float).reshape(-1, 2)
    refined = fit_from_matrix(
        m, model, lay, fit.hexes, img, rms_similarity_px=fit.rms_similarity_px, rms_affine_px=fit.rms_affine_px,
        covariance=tuple(float(v) for v in cov.ravel()), covariance_frame=frame, refined_edges=int(inliers.sum()),
        edge_rms_px=float(sigma), notes=fit.notes,
        local_error_px=tuple(float(v) for v in local), sides_found=tuple(int(v) for v in count),
    )
    worst = max(refined.residuals_hex) if refined.residuals_hex else 0.0
    if worst > 0.5:
        bad = fit.hexes[int(np.argmax(refined.residuals_hex))]
        return replace(fit, notes=fit.notes + (
            f"the printed hex lines disagree with the clicked point of hex {hexmap.label(bad)} by "
            f"{worst:.2f} hex; check its label and position (the fit was not refined)",))
    return refined


def fit_quality(hexmap: HexMap, fit: GridFit, bounds: tuple[float, float] | None = None) -> FitQuality:
    """How far `fit` may be off at each hex of `hexmap` (see the module docstring), and the warnings.
    With `bounds` (the scan's width and height), hexes whose centres the fit puts off the scan do not
    count towards the worst hex (their error is still given)."""
    hexes = tuple(hexmap.hexes)
    lay = hexmap.layout()
    centres = lay.hexes_to_pixels(np.array(hexes, dtype=float).reshape(-1, 2))
    err_px = ERROR_SIGMAS * fit.position_sigma_px(centres)
    counted = np.ones(len(hexes), dtype=bool)
    if bounds is not None:
        img = fit.scene_to_image(centres)
        counted = (img[:, 0] >= 0) & (img[:, 1] >= 0) & (img[:, 0] < bounds[0]) & (img[:, 1] < bounds[1])
    if fit.local_error_px is not None and len(fit.local_error_px) == len(hexes):
        local = np.nan_to_num(np.array(fit.local_error_px), nan=0.0)
        err_px = np.sqrt(err_px**2 + local**2 + LINE_PLACEMENT_PX**2)
    per_hex = err_px / fit.hex_size_px
    warnings = list(fit.notes)
    for h, r in zip(fit.hexes, fit.residuals_hex, strict=False):
        if r >= BAD_CLICK_HEX:
            warnings.append(f"the point of hex {hexmap.label(h)} is {r:.2f} hex from where the fit puts that hex: "
                            "is its label right?")
    worst_hex: Hex | None = None
    worst = 0.0
    if counted.any():
        i = int(np.argmax(np.where(counted, per_hex, -1.0)))
        worst_hex, worst = hexes[i], float(per_hex[i])
        if worst > TARGET_HEX:
            far = " (the clicks do not pin the far end of the board)" if not fit.refined else ""
            warnings.append(
                f"the grid may be up to {worst:.2f} hex off at hex {hexmap.label(worst_hex)}{far}; a good fit is "
                f"within {TARGET_HEX} hex everywhere: add a point near {hexmap.label(worst_hex)}"
                + ("" if fit.refined else " or spread the points over the board"))
    return FitQuality(worst, per_hex, hexes, worst_hex, warnings, fit.refined, fit.refined_edges)
