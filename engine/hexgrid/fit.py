"""Fitting a hex grid to a scanned printed map from clicked hex centres (digitizing).

The designer clicks the centres of at least three hexes on the scan and names them. Each hex's
centre in the scene is known from the grid's layout (`GridSpec.layout()`); the clicks are where
those centres lie in the image. We fit, by least squares, the map from scene to image

    image = M @ scene + t

because the click error lives in image pixels (the scene centres are exact); the transform the
underlay needs (image pixels -> scene, `Underlay.transform`) is its inverse.

Two models are fitted:

- a *similarity* (uniform scale, rotation, translation; 4 parameters), right for a flat, square scan;
- a full *affine* (6 parameters), which also absorbs a stretched or skewed scan (a page fed at an
  angle, a print that shrank more one way than the other). It needs three non-collinear points and
  is only preferred with four or more, since three points always fit it exactly.

`fit_grid` picks the affine only when it lowers the residual error by more than its two extra
parameters explain (the error per degree of freedom must drop clearly), else the similarity.

Each fit carries the covariance of its six scene -> image parameters, so the error the fit may make at
any place of the board (far from the clicks too) can be estimated: `GridFit.position_sigma_px`. For
clicks the click error is taken as at least CLICK_SIGMA_PX (a hex centre found by eye), or the
residuals' own error when that is larger. `engine/digitize/gridfit.py` refines a fit from the printed
hex lines and replaces the covariance by the one of the refinement.
Pure numpy; no Qt.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from .coords import Hex
from .layout import Layout

Model = Literal["similarity", "affine"]
Transform6 = tuple[float, float, float, float, float, float]

# The affine is preferred when its error per degree of freedom is below this share of the
# similarity's, and better by at least MIN_GAIN_PX image pixels of RMS (clicks are whole pixels).
AFFINE_SIGMA_RATIO = 0.75
MIN_GAIN_PX = 0.25
CLICK_SIGMA_PX = 2.0  # the smallest error per axis assumed of a clicked hex centre, in image pixels


@dataclass(frozen=True)
class GridFit:
    """The fitted placement of a grid on a scan.

    `transform` maps image pixels to scene coordinates as (a, b, c, d, e, f):
    x' = a x + b y + e, y' = c x + d y + f (the `Underlay.transform` convention).
    `hex_size_px` is the hex size (centre to corner) in image pixels (geometric mean for a
    stretched scan); `rotation` is the angle of the grid on the scan in degrees (y points down, so
    positive turns clockwise on screen, as `Layout.rotation`). Residuals are per point, in image
    pixels and in hex sizes, in the order of the input pairs.
    """

    model: Model
    transform: Transform6
    hex_size_px: float
    rotation: float
    hexes: tuple[Hex, ...]
    residuals_px: tuple[float, ...]
    residuals_hex: tuple[float, ...]
    rms_px: float
    rms_hex: float
    rms_similarity_px: float
    rms_affine_px: float | None
    skew: float  # deviation of the scan from a similarity: 0 for a square, unsheared scan
    # The covariance (6 x 6, row-major) of the scene -> image parameters (m00, m01, m02, m10, m11, m12)
    # in the normalised scene frame `covariance_frame` = (cx, cy, scale): s' = (s - c) / scale.
    covariance: tuple[float, ...] | None = None
    covariance_frame: tuple[float, float, float] = (0.0, 0.0, 1.0)
    # Refinement from the printed hex lines (engine/digitize/gridfit.py): how many hexsides were used,
    # the RMS of their alignment residuals, the local residual per hex of the map (NaN where no line was
    # measured; in the map's hex order), how many of each hex's sides were found printed, and what the
    # refinement found wrong.
    points_px: tuple[tuple[float, float], ...] = ()  # the clicked image positions, in the order of `hexes`
    refined_edges: int = 0
    edge_rms_px: float | None = None
    local_error_px: tuple[float, ...] | None = None
    sides_found: tuple[int, ...] | None = None  # per hex of the map: its sides found printed on the scan
    notes: tuple[str, ...] = ()

    @property
    def refined(self) -> bool:
        return self.refined_edges > 0

    def forward_matrix(self) -> np.ndarray:
        """The 2 x 3 scene -> image matrix."""
        a, b, c, d, e, f = invert_transform(self.transform)
        return np.array([[a, b, e], [c, d, f]])

    def position_sigma_px(self, scene_xy: np.ndarray) -> np.ndarray:
        """The standard error (root of the covariance's trace, image pixels) of where this fit puts
        each scene point (n, 2) on the scan; zeros when the fit has no covariance."""
        pts = np.asarray(scene_xy, dtype=float).reshape(-1, 2)
        if self.covariance is None:
            return np.zeros(len(pts))
        return position_sigma(np.array(self.covariance).reshape(6, 6), self.covariance_frame, pts)

    def image_to_scene(self, xy: np.ndarray) -> np.ndarray:
        """Map (n, 2) image pixel positions to scene coordinates."""
        a, b, c, d, e, f = self.transform
        xy = np.asarray(xy, dtype=float).reshape(-1, 2)
        mapped: np.ndarray = xy @ np.array([[a, c], [b, d]]) + np.array([e, f])
        return mapped

    def scene_to_image(self, xy: np.ndarray) -> np.ndarray:
        """Map (n, 2) scene positions to image pixels (the inverse of `image_to_scene`)."""
        inv = invert_transform(self.transform)
        a, b, c, d, e, f = inv
        xy = np.asarray(xy, dtype=float).reshape(-1, 2)
        mapped: np.ndarray = xy @ np.array([[a, c], [b, d]]) + np.array([e, f])
        return mapped

    def hex_at(self, layout: Layout, x: float, y: float) -> Hex:
        """The hex whose centre is nearest to image pixel (x, y) under this fit."""
        sx, sy = self.image_to_scene(np.array([[x, y]]))[0]
        return layout.pixel_to_hex(float(sx), float(sy))


def invert_transform(t: Transform6) -> Transform6:
    """The inverse of an (a, b, c, d, e, f) affine transform; ValueError if it is singular."""
    a, b, c, d, e, f = t
    det = a * d - b * c
    if det == 0 or not math.isfinite(det):
        raise ValueError("the transform is singular (it flattens the image onto a line)")
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(ia * e + ib * f), -(ic * e + id_ * f))


def normalised_frame(scene: np.ndarray) -> tuple[float, float, float]:
    """A frame (cx, cy, scale) that centres points and scales their spread to about 1."""
    c = scene.mean(axis=0)
    scale = float(np.sqrt(np.mean(np.sum((scene - c) ** 2, axis=1)))) or 1.0
    return (float(c[0]), float(c[1]), scale)


def design_rows(scene: np.ndarray, frame: tuple[float, float, float]) -> tuple[np.ndarray, np.ndarray]:
    """The rows of the image x and y of scene points (n, 2) in the 6 affine parameters of `frame`."""
    s = (np.asarray(scene, dtype=float) - np.array(frame[:2])) / frame[2]
    one, zero = np.ones(len(s)), np.zeros(len(s))
    jx = np.stack([s[:, 0], s[:, 1], one, zero, zero, zero], axis=1)
    jy = np.stack([zero, zero, zero, s[:, 0], s[:, 1], one], axis=1)
    return jx, jy


def position_sigma(cov: np.ndarray, frame: tuple[float, float, float], scene_xy: np.ndarray) -> np.ndarray:
    """sqrt(trace) of the image position covariance of scene points under parameter covariance `cov`."""
    jx, jy = design_rows(scene_xy, frame)
    var: np.ndarray = np.einsum("ni,ij,nj->n", jx, cov, jx) + np.einsum("ni,ij,nj->n", jy, cov, jy)
    out: np.ndarray = np.sqrt(np.maximum(var, 0.0))
    return out


# The affine parameters (m00, m01, m02, m10, m11, m12) from the similarity's (p, q, tx, ty).
SIMILARITY_TO_AFFINE = np.array(
    [[1, 0, 0, 0], [0, -1, 0, 0], [0, 0, 1, 0], [0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1]], dtype=float
)


def click_covariance(scene: np.ndarray, residuals_px: np.ndarray, model: Model,
                     sigma_floor: float = CLICK_SIGMA_PX) -> tuple[np.ndarray, tuple[float, float, float]]:
    """The covariance of a click fit's parameters (in a normalised frame, returned with it): the click
    error per axis is the residuals' own estimate or `sigma_floor`, whichever is larger."""
    frame = normalised_frame(scene)
    jx, jy = design_rows(scene, frame)
    j = np.empty((2 * len(scene), 6))
    j[0::2], j[1::2] = jx, jy
    params = 4 if model == "similarity" else 6
    if model == "similarity":
        j = j @ SIMILARITY_TO_AFFINE
    dof = 2 * len(scene) - params
    sigma = sigma_floor
    if dof > 0:
        sigma = max(sigma, math.sqrt(float(np.sum(np.asarray(residuals_px) ** 2)) / dof))
    cov = sigma**2 * np.linalg.pinv(j.T @ j)
    if model == "similarity":
        cov = SIMILARITY_TO_AFFINE @ cov @ SIMILARITY_TO_AFFINE.T
    return cov, frame


def _check_input(pairs: Sequence[tuple[Hex, tuple[float, float]]]) -> tuple[list[Hex], np.ndarray]:
    if len(pairs) < 3:
        raise ValueError(f"fitting a grid needs at least 3 clicked hex centres, got {len(pairs)}")
    hexes = [Hex(int(h[0]), int(h[1])) for h, _ in pairs]
    seen: dict[Hex, int] = {}
    for i, h in enumerate(hexes):
        if h in seen:
            raise ValueError(f"hex {h} is given twice (points {seen[h] + 1} and {i + 1}); each hex once")
        seen[h] = i
    img = np.array([[float(p[0]), float(p[1])] for _, p in pairs])
    if not np.all(np.isfinite(img)):
        raise ValueError("a clicked position is not a finite number")
    return hexes, img


def _spread(points: np.ndarray) -> tuple[float, float]:
    """The largest and smallest singular values of the centred points (their spread along the
    widest and narrowest direction)."""
    centred = points - points.mean(axis=0)
    s = np.linalg.svd(centred, compute_uv=False)
    return float(s[0]), float(s[-1]) if len(s) > 1 else 0.0


def _fit_similarity(scene: np.ndarray, img: np.ndarray) -> np.ndarray:
    """Least-squares similarity scene -> image; returns the 2x3 matrix [[p, -q, tx], [q, p, ty]]."""
    n = len(scene)
    x, y = scene[:, 0], scene[:, 1]
    a = np.zeros((2 * n, 4))
    a[0::2] = np.stack([x, -y, np.ones(n), np.zeros(n)], axis=1)
    a[1::2] = np.stack([y, x, np.zeros(n), np.ones(n)], axis=1)
    b = img.reshape(-1)
    (p, q, tx, ty), *_ = np.linalg.lstsq(a, b, rcond=None)
    return np.array([[p, -q, tx], [q, p, ty]])


def _fit_affine(scene: np.ndarray, img: np.ndarray) -> np.ndarray:
    """Least-squares affine scene -> image; returns the 2x3 matrix."""
    a = np.hstack([scene, np.ones((len(scene), 1))])
    sol: np.ndarray = np.linalg.lstsq(a, img, rcond=None)[0]
    return sol.T


def _residuals(m: np.ndarray, scene: np.ndarray, img: np.ndarray) -> np.ndarray:
    pred = scene @ m[:, :2].T + m[:, 2]
    distances: np.ndarray = np.hypot(*(pred - img).T)
    return distances


def _rms(r: np.ndarray) -> float:
    return float(math.sqrt(float(np.mean(r**2)))) if len(r) else 0.0


def fit_grid(
    pairs: Sequence[tuple[Hex, tuple[float, float]]],
    layout: Layout,
    model: Literal["auto", "similarity", "affine"] = "auto",
) -> GridFit:
    """Fit the grid laid out by `layout` (scene coordinates) to clicked hex centres on a scan.

    `pairs` are (hex, (image_x, image_y)). Raises ValueError for fewer than three points, a hex
    given twice, hexes whose centres lie on one line, or clicks that collapse onto a point or line.
    """
    hexes, img = _check_input(pairs)
    scene = layout.hexes_to_pixels(np.array(hexes, dtype=float))
    scene_size = math.sqrt(layout.size_x * layout.size_y)
    wide, narrow = _spread(scene)
    if narrow <= 1e-6 * max(wide, scene_size):
        raise ValueError(
            "the clicked hexes lie on one straight line; pick at least one hex off that line "
            "(spread the points over the map)"
        )
    iw, inarrow = _spread(img)
    if iw <= 1e-9 or inarrow <= 1e-3 * iw:
        raise ValueError("the clicked positions on the scan lie on one point or line; check the clicks")

    n = len(hexes)
    sim = _fit_similarity(scene, img)
    r_sim = _residuals(sim, scene, img)
    aff = _fit_affine(scene, img)
    r_aff = _residuals(aff, scene, img)
    sim_det = float(np.linalg.det(sim[:, :2]))
    aff_det = float(np.linalg.det(aff[:, :2]))
    if sim_det <= 0:
        raise ValueError("the clicks do not fit the grid at all (check the hex labels)")
    aff_ok = aff_det > 0 and abs(aff_det) > 1e-9 * abs(sim_det)

    if model == "similarity":
        chosen: Model = "similarity"
    elif model == "affine":
        if not aff_ok:
            raise ValueError("the clicks would mirror or flatten the grid under an affine fit; check the labels")
        chosen = "affine"
    elif model == "auto":
        chosen = "similarity"
        if n >= 4 and aff_ok:
            sigma_sim = math.sqrt(float(np.sum(r_sim**2)) / (2 * n - 4))
            sigma_aff = math.sqrt(float(np.sum(r_aff**2)) / (2 * n - 6))
            if sigma_aff < AFFINE_SIGMA_RATIO * sigma_sim and _rms(r_sim) - _rms(r_aff) > MIN_GAIN_PX:
                chosen = "affine"
    else:
        raise ValueError(f"unknown fit model {model!r}; expected auto, similarity or affine")

    m = aff if chosen == "affine" else sim
    res = r_aff if chosen == "affine" else r_sim
    cov, frame = click_covariance(scene, res, chosen)
    return fit_from_matrix(
        m, chosen, layout, hexes, img, rms_similarity_px=_rms(r_sim), rms_affine_px=_rms(r_aff),
        covariance=tuple(float(v) for v in cov.ravel()), covariance_frame=frame,
    )


def fit_from_matrix(
    m: np.ndarray,
    model: Model,
    layout: Layout,
    hexes: Sequence[Hex],
    img: np.ndarray,
    **extra: Any,
) -> GridFit:
    """A GridFit for the scene -> image matrix `m` (2 x 3), its figures and residuals worked out on the
    clicked points (`hexes` at image positions `img`); `extra` sets the other fields."""
    scene_size = math.sqrt(layout.size_x * layout.size_y)
    img = np.asarray(img, dtype=float).reshape(-1, 2)
    scene = layout.hexes_to_pixels(np.array(list(hexes), dtype=float).reshape(-1, 2))
    res = _residuals(m, scene, img)
    lin = m[:, :2]
    scale = math.sqrt(abs(float(np.linalg.det(lin))))
    hex_size_px = scene_size * scale
    rotation = math.degrees(math.atan2(lin[1, 0] - lin[0, 1], lin[0, 0] + lin[1, 1]))
    # Skew: how far the linear part is from a scaled rotation, relative to its scale.
    sv = np.linalg.svd(lin, compute_uv=False)
    skew = float(sv[0] / sv[-1] - 1.0)
    forward: Transform6 = (
        float(lin[0, 0]), float(lin[0, 1]), float(lin[1, 0]), float(lin[1, 1]), float(m[0, 2]), float(m[1, 2])
    )
    transform = invert_transform(forward)
    res_hex = res / hex_size_px
    fields: dict[str, Any] = {"rms_similarity_px": _rms(res), "rms_affine_px": None}
    fields.update(extra)
    return GridFit(
        model=model,
        transform=tuple(float(v) for v in transform),  # type: ignore[arg-type]
        hex_size_px=hex_size_px,
        rotation=rotation,
        hexes=tuple(hexes),
        residuals_px=tuple(float(v) for v in res),
        residuals_hex=tuple(float(v) for v in res_hex),
        rms_px=_rms(res),
        rms_hex=_rms(res_hex),
        skew=skew,
        points_px=tuple((float(x), float(y)) for x, y in img),
        **fields,
    )
