"""Each hex's terrain proposed from a scan of the printed map, taught by example. No Qt.

Two ways to read a hex, one entry point (`propose_terrain`):

* **Taught** (the main flow): the designer names one or two hexes per terrain of the map's own table
  ("this hex is grain"). Every hex is described by figures measured on ~200 points inside it (away
  from the printed hex outline): its median CIE Lab colour; its ink shares, the share of points
  darker than that median by 18, 30 and 45 L* (a small house in a field, woods symbols, orchard
  dots); and its texture of colours, the share of its points nearest each colour of a small palette
  of the map's own (k-means over the whole scan: grain stripes, speckled scrub). A hex takes the
  terrain of its nearest taught hex, the distance being the colour difference in Lab units plus
  the ink and palette shares the hex has *more* of than the example (weighed fully: what is in the
  hex must be explained) and *less* of (ink weighed half, palette shares not at all: an example
  may hold a stray crest line or hex number, but a field's hex is not an orchard's, whose trees it
  lacks). Terrains nobody taught borrow, as examples, the two hexes the table's colours are
  surest of.

* **Untaught** (the fallback): each hex's background colour and ink share against the terrain
  table's colours with the scan's colour cast taken out (`colour_cast`), as before issue 27. Only
  what is clearly nearer one terrain than any other (UNTAUGHT_SURE) is marked `proposed`.

Confidence is the margin by which the runner-up terrain is farther, calibrated on the taught hexes:
each is classified with itself left out, and `proposed` needs a margin above every wrong held-out
answer (never below MIN_SURE); a terrain taught by one hex has nothing to hold out, so what is read
as it is never `proposed`. Two more readings check it (`self_trained`): the nearest example
after a few rounds of self-training on the board's surely read hexes, and the nearest mean colour
of the examples; a hex is `proposed` only where all three agree, and where the mean colour is clear
and the nearest example is not, the mean colour answers. Last, a terrain drawn as a feature on
varied ground (a house in an orchard or woods, a wadi across hill levels) decides by its signature
colours, the colours its examples hold and no other example does (engine/digitize/signature.py);
a hex whose answer that changes is not `proposed`, nor one holding a colour its answer's examples
lack and other terrains' hold (an orchard's trees on a hill); and a hex missing a colour every
example of its answer holds and shares with another terrain (an orchard's trees, a gully's banks) is
not that terrain (`essentials_reading`). The leave-one-out calibration counts
only the held-out hexes that this whole reading would propose wrong, and the mean colour never
names a feature terrain whose signature the hex shows none of (an answer to Teach next that is a
small house mostly of grass pulls the houses' mean colour to the grass's). Taught hexes beyond the
first two of a terrain (the answers to Teach next) are read in the order given, each changing only
the hexes it is evidence for (`answered_in_turn`, engine/digitize/teach.py): a hex whose answer moves only by the rules'
thresholds keeps the answer it had, for review. What is not sure stays for the designer's
review, and `next_to_ask` names the hexes whose answer would help most. The weights were chosen on
the tuning boards of the digitize benchmark (docs/benchmarks.md); a self-trained Gaussian classifier over more figures
(quantiles, spread, gradient energy) was tried there and did worse with two examples per terrain.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from ..hexgrid import Hex
from ..hexgrid.fit import Transform6, invert_transform
from ..model.hexmap import HexMap
from .paper import srgb_to_lab
from .progress import Cancelled, Progress
from .reading import CHUNK_HEXES, _palette, points_features, taught_reading, valid_points
from .scan import Scan
from .signature import SIGNATURE_PALETTE, colour_histograms
from .teach import answered_in_turn, turns

ScanLike = Scan | np.ndarray


@dataclass(frozen=True)
class HexProposal:
    hex: Hex
    terrain: str
    confidence: float  # 0..1
    proposed: bool  # would be applied without review


# -- colours ---------------------------------------------------------------------------------------

_NAMED = {"white": (255, 255, 255), "black": (0, 0, 0), "red": (255, 0, 0), "green": (0, 128, 0),
          "blue": (0, 0, 255), "yellow": (255, 255, 0), "gray": (128, 128, 128), "grey": (128, 128, 128)}


def hex_rgb(color: str) -> tuple[int, int, int]:
    """An RGB triple from a table colour: '#rrggbb', '#rgb' or a few plain names."""
    c = color.strip().lower()
    if c in _NAMED:
        return _NAMED[c]
    c = c.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    if len(c) == 8:  # #aarrggbb
        c = c[2:]
    try:
        return (int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16))
    except ValueError:
        return (128, 128, 128)


# -- reading the scan under the hexes ----------------------------------------------------------------

# Untaught descriptors: the centre and rings of 6, 12 and 18 points (37), within 0.62 of the
# centre-to-corner distance, clear of the printed outline.
_RINGS = ((0.0, 1, 0.0), (0.22, 6, 0.0), (0.42, 12, 15.0), (0.62, 18, 10.0))
FEATURE_RADIUS = 0.70  # taught features: points within this share of the centre-to-corner distance
FEATURE_STEP = 0.085  # ... on a triangular lattice of this spacing (about 200 points)


def sample_offsets() -> np.ndarray:
    """The untaught sample points in hex sizes from the centre, (37, 2)."""
    pts = []
    for radius, count, start in _RINGS:
        for i in range(count):
            a = np.radians(start + 360.0 * i / count)
            pts.append((radius * np.cos(a), radius * np.sin(a)))
    return np.array(pts)


def feature_offsets(radius: float = FEATURE_RADIUS, step: float = FEATURE_STEP) -> np.ndarray:
    """Points on a triangular lattice inside a disc, in hex sizes from the centre, (k, 2)."""
    n = int(np.ceil(radius / step)) + 1
    pts = []
    for j in range(-n, n + 1):
        y = j * step * np.sqrt(3) / 2
        for i in range(-n, n + 1):
            x = (i + 0.5 * (j % 2)) * step
            if x * x + y * y <= radius * radius:
                pts.append((x, y))
    return np.array(pts)


def _read(scan: ScanLike, ix: np.ndarray, iy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Colours at image points (any shape), float RGB with NaN off the scan, and the inside mask."""
    if isinstance(scan, Scan):
        h, w = scan.height, scan.width
    else:
        h, w = scan.shape[:2]
    xi = np.rint(ix).astype(np.int64)
    yi = np.rint(iy).astype(np.int64)
    inside = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
    if isinstance(scan, Scan):
        cols = scan.sample(xi.ravel(), yi.ravel()).reshape(*xi.shape, 3)
    else:
        cols = scan[np.clip(yi, 0, h - 1), np.clip(xi, 0, w - 1)].astype(float)
    cols = np.array(cols, dtype=float)
    cols[~inside] = np.nan
    return cols, inside


def _image_points(hexmap: HexMap, transform: Transform6, hexes: Sequence[Hex], offsets: np.ndarray
                  ) -> tuple[np.ndarray, np.ndarray]:
    """Image x and y of each hex's sample points, (n, k) each."""
    lay = hexmap.layout()
    size = np.sqrt(lay.size_x * lay.size_y)
    centres = lay.hexes_to_pixels(np.array(hexes, dtype=float).reshape(-1, 2))
    pts = centres[:, None, :] + size * offsets[None, :, :]
    a, b, c, d, e, f = invert_transform(tuple(transform))  # type: ignore[arg-type]
    return a * pts[..., 0] + b * pts[..., 1] + e, c * pts[..., 0] + d * pts[..., 1] + f


def scan_points(hexmap: HexMap, scan: ScanLike, transform: Transform6, hexes: Sequence[Hex],
                offsets: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The scan colours at each hex's sample points, (n, k, 3) float RGB (NaN off the scan), and
    which were on the scan. `transform` maps image pixels to scene (`Underlay.transform`)."""
    ix, iy = _image_points(hexmap, transform, hexes, sample_offsets() if offsets is None else offsets)
    return _read(scan, ix, iy)


def hex_colors(hexmap: HexMap, scan: ScanLike, transform: Transform6, hexes: Sequence[Hex] | None = None
               ) -> np.ndarray:
    """The median scan colour of each hex, (n, 3) float; NaN for hexes off the scan."""
    hexes = list(hexmap.hexes) if hexes is None else list(hexes)
    colours, inside = scan_points(hexmap, scan, transform, hexes)
    enough = inside.sum(axis=1) >= max(3, inside.shape[1] // 2)
    out = np.full((len(hexes), 3), np.nan)
    if enough.any():
        out[enough] = np.nanmedian(colours[enough], axis=1)
    return out


# -- untaught: background colour and ink against the table -----------------------------------------

DISTANCE_SCALE = 25.0  # Lab distance at which the untaught confidence has fallen to 1/e
INK_DELTA_L = 14.0  # a point is ink when it is this much darker (L*) than the hex's background ...
INK_DELTA_E = 20.0  # ... and this far from it in colour
INK_WEIGHT = 20.0  # Lab units per unit of ink share difference (chosen on the digitize benchmark)
LINEWORK_DELTA_E = 22.0  # a point this near a road/river/railroad colour is linework, not terrain
UNEXPLAINED_INK = 0.05  # ink share beyond the terrain's own print that is still no doubt
UNTAUGHT_SURE = 0.85  # untaught confidence from which a proposal is `proposed` (digitize benchmark)

# The ink share of Hexwright's own printed patterns, measured on a rendered hex with the untaught
# sample points (app/editor/sampling.py measures them afresh when Qt is at hand).
PATTERN_INK = {"woods": 0.0, "broken": 0.027, "rough": 0.027, "marsh": 0.054, "city": 0.432, "town": 0.081}


def linework_colors(hexmap: HexMap) -> np.ndarray:
    """The table's colours of what is printed across hexes: paths, hexside features and bridges (RGB)."""
    t = hexmap.terrain_table
    colors = [x.color for x in t.paths.values()] + [x.color for x in t.hexside_features.values()] + [
        x.color for x in t.bridges.values()]
    cols = [hex_rgb(c) for c in colors]
    return np.array(cols, dtype=float).reshape(-1, 3)


def describe_points(colours: np.ndarray, linework_lab: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Per hex from its points' colours (n, k, 3 RGB, NaN off the scan): the background colour (RGB,
    the median of the points that are not linework) and the ink share (points clearly darker than
    the background). Hexes with too few points on the scan get NaN."""
    n, k = colours.shape[:2]
    valid = ~np.isnan(colours).any(axis=2)
    lab = srgb_to_lab(np.nan_to_num(colours))
    if not n:
        return np.zeros((0, 3)), np.zeros(0)
    rows_any = valid.any(axis=1)
    raw_median = np.full((n, 3), np.nan)
    if rows_any.any():
        raw_median[rows_any] = np.nanmedian(np.where(valid[..., None], lab, np.nan)[rows_any], axis=1)
    keep = valid.copy()
    if linework_lab is not None and len(linework_lab):
        near_line = np.min(np.linalg.norm(lab[:, :, None, :] - linework_lab[None, None, :, :], axis=3), axis=2)
        off_bulk = np.linalg.norm(lab - raw_median[:, None, :], axis=2) > LINEWORK_DELTA_E
        keep &= ~((near_line < LINEWORK_DELTA_E) & off_bulk)
    enough = keep.sum(axis=1) >= max(3, k // 3)
    bg = np.full((n, 3), np.nan)
    ink = np.full(n, np.nan)
    if enough.any():
        masked = np.where(keep[..., None], colours, np.nan)[enough]
        bg[enough] = np.nanmedian(masked, axis=1)
        bg_lab = srgb_to_lab(bg[enough])
        pl = lab[enough]
        dark = (pl[..., 0] < bg_lab[:, None, 0] - INK_DELTA_L) & (
            np.linalg.norm(pl - bg_lab[:, None, :], axis=2) > INK_DELTA_E) & keep[enough]
        ink[enough] = dark.sum(axis=1) / np.maximum(1, keep[enough].sum(axis=1))
        # the background without the ink: a city's blocks must not darken its paper colour
        light = keep[enough] & ~dark
        ok = light.sum(axis=1) >= 3
        rows = np.flatnonzero(enough)[ok]
        bg[rows] = np.nanmedian(np.where(light[ok][..., None], colours[enough][ok], np.nan), axis=1)
    return bg, ink


def hex_descriptors(hexmap: HexMap, scan: ScanLike, transform: Transform6, hexes: Sequence[Hex] | None = None
                    ) -> tuple[np.ndarray, np.ndarray]:
    """Each hex's background colour (n, 3 RGB) and ink share (n,) on the scan; NaN off the scan."""
    hexes = list(hexmap.hexes) if hexes is None else list(hexes)
    colours, _inside = scan_points(hexmap, scan, transform, hexes)
    return describe_points(colours, srgb_to_lab(linework_colors(hexmap)))


def colour_cast(observed: np.ndarray, references: np.ndarray) -> np.ndarray:
    """The per-channel gain (3,) that brings the observed colours (n, 3 RGB) nearest to their nearest
    references (m, 3 RGB): the scan's cast taken out. Searched over gains 0.75..1.30, coarse then fine;
    the sum of distances is capped per hex so a few odd hexes do not steer it. No gain (ones) when
    none fits better, or when the best one would tell fewer terrains apart than the scan as it is."""
    obs = observed[~np.isnan(observed).any(axis=1)]
    if len(obs) < 8 or len(references) < 2:
        return np.ones(3)
    if len(obs) > 600:
        obs = obs[np.linspace(0, len(obs) - 1, 600).astype(int)]
    ref_lab = srgb_to_lab(references)

    def cost(gains: np.ndarray) -> np.ndarray:  # gains (g, 3) -> (g,)
        lab = srgb_to_lab(np.clip(obs[None, :, :] * gains[:, None, :], 0, 255))  # (g, n, 3)
        d = np.min(np.linalg.norm(lab[:, :, None, :] - ref_lab[None, None, :, :], axis=3), axis=2)
        return np.minimum(d, 30.0).sum(axis=1)

    def around(centre: np.ndarray, span: float, steps: int) -> tuple[np.ndarray, np.ndarray]:
        axis = np.linspace(-span, span, steps)
        grid = centre[None, :] + np.stack(np.meshgrid(axis, axis, axis, indexing="ij"), axis=-1).reshape(-1, 3)
        grid = np.clip(grid, 0.75, 1.30)
        return grid, np.concatenate([cost(grid[i:i + 128]) for i in range(0, len(grid), 128)])

    # a coarse grid, then the best few of it refined: the constellation of terrain colours can fit in
    # two ways (clear read as town) that the coarse grid cannot tell apart
    grid, costs = around(np.ones(3), 0.275, 12)
    results = []
    for start in grid[np.argsort(costs)[:6]]:
        best = start
        for span, steps in ((0.04, 9), (0.008, 5)):
            g, c = around(best, span, steps)
            best = g[int(np.argmin(c))]
        results.append((float(cost(best[None, :])[0]), tuple(best)))
    value, found = min(results)
    if value >= cost(np.ones((1, 3)))[0]:
        return np.ones(3)

    def terrains_seen(gains: np.ndarray) -> int:
        """How many references are the nearest of a fair number of hexes under these gains."""
        lab = srgb_to_lab(np.clip(obs * gains, 0, 255))
        nearest = np.argmin(np.linalg.norm(lab[:, None, :] - ref_lab[None, :, :], axis=2), axis=1)
        counts = np.bincount(nearest, minlength=len(ref_lab))
        return int((counts >= max(2, len(obs) // 100)).sum())

    # a washed-out print (every colour pulled towards the paper) is no cast: gains cannot undo it, and
    # the best of them then reads the map as two or three terrains. A fit that tells fewer terrains
    # apart than the scan as it is, is refused.
    if terrains_seen(np.array(found)) < terrains_seen(np.ones(3)):
        return np.ones(3)
    return np.array(found)


def table_proposals(hexmap: HexMap, bg: np.ndarray, ink: np.ndarray, codes: list[str],
                    ink_of: Callable[[str], float], gains: np.ndarray | None = None,
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Untaught: (terrain index per hex, confidence per hex, the gains used) from the background
    colours and ink shares against the table's colours and printed inks, the cast taken out."""
    table = hexmap.terrain_table.terrain
    refs = np.array([hex_rgb(table[c].color) for c in codes], dtype=float)
    valid = ~np.isnan(bg).any(axis=1)
    if gains is None:
        gains = colour_cast(bg[valid], refs)
    lab = srgb_to_lab(np.nan_to_num(np.clip(bg * gains[None, :], 0, 255)))
    ref_lab = srgb_to_lab(refs)
    ref_ink = np.array([ink_of(c) for c in codes])
    dist = (np.linalg.norm(lab[:, None, :] - ref_lab[None, :, :], axis=2)
            + INK_WEIGHT * np.abs(np.nan_to_num(ink)[:, None] - ref_ink[None, :]))
    order = np.argsort(dist, axis=1)
    rows = np.arange(len(bg))
    best = order[:, 0]
    d1 = dist[rows, best]
    d2 = dist[rows, order[:, 1]] if len(codes) > 1 else d1 + 2 * DISTANCE_SCALE
    margin = np.clip((d2 - d1) / np.maximum(d2, 1e-9), 0.0, 1.0)
    # ink the proposed terrain's print does not explain (a small house in what reads as a field) makes
    # the reading unsure: such hexes are left for review rather than proposed as the field
    unexplained = np.clip(np.nan_to_num(ink) - ref_ink[best] - UNEXPLAINED_INK, 0.0, None)
    doubt = np.clip(1.0 - unexplained / UNEXPLAINED_INK, 0.0, 1.0)
    return best, margin * np.exp(-d1 / DISTANCE_SCALE) ** 0.5 * doubt, gains


def hex_points(hexmap: HexMap, scan: ScanLike, transform: Transform6, hexes: Sequence[Hex],
               progress: Progress | None = None) -> np.ndarray:
    """The Lab colours at each hex's feature points (`feature_offsets`), (n, k, 3), NaN off the scan;
    read in chunks with progress."""
    offsets = feature_offsets()
    n, k = len(hexes), len(offsets)
    labs = np.full((n, k, 3), np.nan)
    for start in range(0, n, CHUNK_HEXES):
        part = list(hexes[start:start + CHUNK_HEXES])
        ix, iy = _image_points(hexmap, transform, part, offsets)
        cols, inside = _read(scan, ix, iy)
        lab = srgb_to_lab(np.nan_to_num(cols))
        lab[~inside] = np.nan
        labs[start:start + len(part)] = lab
        if progress is not None and progress(start + len(part), n) is False:
            raise Cancelled("terrain proposal cancelled")
    return labs


def hex_features(hexmap: HexMap, scan: ScanLike, transform: Transform6, hexes: Sequence[Hex],
                 progress: Progress | None = None) -> np.ndarray:
    """Each hex's colour and texture figures (n, 3 + 3 + palette), NaN rows for hexes off the scan:
    its median Lab colour; its ink shares (points darker than that median by each of DARK_STEPS);
    and the share of its points nearest each colour of the map's own palette."""
    return points_features(hex_points(hexmap, scan, transform, hexes, progress))


# -- the whole map ------------------------------------------------------------------------------------


def _resolve_transform(hexmap: HexMap, transform: Transform6 | None) -> Transform6:
    if transform is not None:
        return tuple(float(v) for v in transform)  # type: ignore[return-value]
    if hexmap.underlay is None:
        raise ValueError("the map has no underlay to sample; load a scan and fit the grid first")
    return hexmap.underlay.transform


def _default_ink(hexmap: HexMap) -> Callable[[str], float]:
    def ink_of(code: str) -> float:
        return PATTERN_INK.get(hexmap.terrain_table.terrain[code].pattern or "", 0.0)
    return ink_of


def propose_terrain(hexmap: HexMap, scan: ScanLike, transform: Transform6 | None = None,
                    taught: Mapping[Hex, str] | None = None, *, progress: Progress | None = None,
                    ink_of: Callable[[str], float] | None = None, gains: np.ndarray | None = None,
                    ) -> list[HexProposal]:
    """A terrain proposal for every hex the scan covers, in `hexmap.hexes` order.

    `transform` maps image pixels to scene coordinates (`Underlay.transform`; None: the map's
    underlay's). `taught`: example hexes {hex: terrain code of the map's table}. `progress(done,
    total)` is called as the scan is read; returning False raises `Cancelled`. `ink_of(code)`: the ink
    share of a terrain's printed pattern for the untaught reading (Hexwright's own patterns when not
    given); `gains`: the colour cast to take out (found when not given)."""
    transform = _resolve_transform(hexmap, transform)
    table = hexmap.terrain_table.terrain
    codes = list(table)
    hexes = list(hexmap.hexes)
    index = {h: i for i, h in enumerate(hexes)}
    examples = {index[h]: codes.index(c) for h, c in (taught or {}).items() if c in table and h in index}
    bg, ink = hex_descriptors(hexmap, scan, transform, hexes)
    valid = ~np.isnan(bg).any(axis=1)
    colour_best, colour_conf, _gains = table_proposals(hexmap, bg, ink, codes, ink_of or _default_ink(hexmap), gains)
    if not examples:
        if progress is not None and progress(1, 1) is False:
            raise Cancelled("terrain proposal cancelled")
        return [HexProposal(h, codes[colour_best[i]], float(colour_conf[i]), bool(colour_conf[i] >= UNTAUGHT_SURE))
                for i, h in enumerate(hexes) if valid[i]]
    labs = hex_points(hexmap, scan, transform, hexes, progress)
    feats = points_features(labs)
    ok = valid & ~np.isnan(feats).any(axis=1)
    # the examples: the taught hexes, and for terrains nobody taught, the two hexes the table's
    # colours are surest of (when they are sure)
    ex_rows = [r for r in examples if ok[r]]
    ex_labels = [examples[r] for r in ex_rows]
    for j in range(len(codes)):
        if j in ex_labels:
            continue
        cand = [r for r in np.flatnonzero(ok) if colour_best[r] == j and colour_conf[r] >= UNTAUGHT_SURE]
        for r in sorted(cand, key=lambda r: -colour_conf[r])[:2]:
            ex_rows.append(int(r))
            ex_labels.append(j)
    labels = np.array(ex_labels, dtype=int)
    rows = np.flatnonzero(ok)
    is_taught = np.array([r in examples for r in ex_rows])
    # a feature drawn on varied ground (a house in an orchard, a wadi across hills) decides by its
    # signature colours (engine/digitize/signature.py); where it changes the answer, no proposal
    palette = _palette(labs[valid_points(labs)].reshape(-1, 3), k=SIGNATURE_PALETTE)
    hist = colour_histograms(labs, palette)
    at = np.searchsorted(rows, np.array(ex_rows, dtype=int))
    turn = turns(labels, is_taught)
    if turn.max() > 0:  # answers to Teach next: each may change only what it is evidence for
        read = answered_in_turn(feats[rows], hist[rows], at, labels, is_taught, len(codes), turn)
    else:
        read = taught_reading(feats[rows], hist[rows], at, labels, is_taught, len(codes))
    best, margin, sure = read.answer, read.margin, read.sure
    out: list[HexProposal] = []
    for i, row in enumerate(rows.tolist()):
        h = hexes[row]
        if row in examples:  # the designer said so
            out.append(HexProposal(h, codes[examples[row]], 1.0, True))
        else:
            out.append(HexProposal(h, codes[best[i]], float(margin[i]), bool(sure[i])))
    return out


def next_to_ask(proposals: Sequence[HexProposal], k: int = 5) -> list[Hex]:
    """The hexes whose answer would help most: the least sure of those not `proposed`, spread over
    the terrains they are read as (one per proposed terrain in turn), so each answer teaches another
    part of the map's look."""
    pending = sorted((p for p in proposals if not p.proposed and p.confidence < 1.0),
                     key=lambda p: (p.confidence, p.hex))
    if len(pending) < k:
        rest = sorted((p for p in proposals if p.proposed and p.confidence < 1.0), key=lambda p: (p.confidence, p.hex))
        pending += rest
    by_terrain: dict[str, list[HexProposal]] = {}
    for p in pending:
        by_terrain.setdefault(p.terrain, []).append(p)
    out: list[Hex] = []
    queues = sorted(by_terrain.values(), key=lambda q: q[0].confidence)
    while len(out) < k and any(queues):
        for q in queues:
            if q and len(out) < k:
                out.append(q.pop(0).hex)
    return out
