"""Linework from a scanned printed map: rivers, canals and streams along hexsides, roads, trails and
railroads between hex centres. No Qt.

How a line is read (the same for every code of the map's terrain table):

* **The colour cast is taken out first** (paper.py). The per-channel gain (white balance) is fitted
  to every table colour the paper shows at once (`paper_gains`): from each of the commonest looks of
  paper (clusters of single pixels inside the hexes) made each table colour a cast can reach, a
  least-squares fit of all the pixels to the table colours they then lie nearest; the best palette
  match wins, the default terrain's share of the paper deciding near-ties. Each hex's paper is the
  median of points inside it; a hex whose paper is a path's own colour (a junction, a wide road
  filling it) takes its neighbours'. Line colours are compared after the gain.
* **A pixel's share of a line colour.** A printed line thinner than a few scan pixels, or blurred, is
  seen mixed with the paper under it: a pixel shows a line colour c over paper p when it lies on the
  mix p + s (c - p); its membership is s (clipped to 0..1) weighed down by its distance from that mix.
  Of the line colours of one kind (hexside features, or paths) only the ones whose mix it lies nearest
  count, so a half-tone black line is not read as a brown trail; black and white compete too (hex
  outlines, labels and dots) where no line colour is near them. Where a line's own stretch of paper
  (the median along it) is far from its hex's (a hex half covered by a town), it is read against that.
* **A search across the predicted line**, so a fit a few pixels off still finds it: a hexside feature is
  read on profiles across the hexside (several along it), and the best-matching offset within
  `SEARCH` hex sizes of the predicted hexside wins; a path is read on lines parallel to the hexside
  from one hex centre's side to the other's, where it crosses each of them; a path drawn as a smooth
  curve through the hexside midpoints bends up to 30 degrees from the straight course, so the crossing
  on each line is searched within a cone around the common offset. A path may cross its hexside up to
  `PATH_CROSS` from the middle (a road drawn as a free curve, as real boards draw them).
* **A wide path shows its colour across its core.** A path printed `SOLID_PX` scan pixels wide or more
  is judged by the mean colour of its core (`_core`): scan noise averages out, while a texture of
  specks near its colour (a wood's lit treetops) averages to a colour between them and the paper. A
  label printed over such a path (dark letters) hides it there, as a bridge does, where the path
  shows on both sides.
* **Width, dash and colour tell the codes apart.** Of the codes whose colour covers a line, the one whose
  width (the integral of the membership across the line) is nearest to the code's width wins (a river
  and a canal printed in one blue differ in width); a dashed path (the table's `dash`, a trail) shows
  gaps along its course, a solid one does not.
* **Paths run on.** A link read a little short of sure is proposed where the path goes on at both its
  hexes (`_continued`), and a link too hidden to be read on its own (a place name printed over the
  road) is joined where the path reaches both its hexes and its colour shows on the link (`_joined`).
  A path is taken for a wider path's edge only when that one is clearly wider (`EDGE_WIDER`): a trail
  and a railroad of about one width are told apart by colour and dashes. A second path printed beside
  the first on the same link (a railroad beside a trail) is proposed when it is sure on its own.
* **A thin solid path is proposed only where it is surely one.** A trail a few pixels wide is
  proposed where its band is fully its colour (`THIN_FILL`) and it is a line over one ground in its
  own colour (trails.py: its two flanks alike and neither in its colour, its centre its colour);
  elsewhere (a stream's bank, a wood's edge, a roof, a label blurred into a brown) it is read but
  left for review (`DOUBT`), and not continued.
* **Teachable.** Given one example of a code (a hexside `A/B` the designer points at), its printed colour,
  width and dash pattern are measured from the scan and used in place of the table's.

`propose_linework` returns one `LineProposal` per hexside feature or path link found; `proposed` marks
those confident enough to apply without review.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np

from ..hexgrid import Hex, Hexside, hex_neighbor, hexside_of
from ..model.hexmap import HexMap
from .paper import Reader as _Reader
from .paper import hex_paper, paper_gains, srgb_to_lab
from .paper import hex_rgb as _hex_rgb
from .paper import paper_pixels as _paper_pixels
from .progress import Progress, report
from .scan import Scan
from .trails import MEASURES, a_line, among_grounds, flanks
from .windows import box as _box
from .windows import boxes as _boxes
from .windows import window_best as _window_best

__all__ = ["LineLook", "LineProposal", "hex_paper", "inner_sides", "learn_looks", "paper_gains", "parse_side_key",
           "propose_linework", "srgb_to_lab", "table_looks"]

SEARCH = 0.15  # how far across the predicted line a line is searched for, in hex sizes (a fit a few px off)
PATH_CROSS = 0.3  # a path crosses its hexside within this of its middle (a smooth road need not pass the middle)
BEND = 1.0  # a smooth path's crossing moves up to this much across per hex size along (45 degrees)
BOX_SHARE = 0.6  # the band a line is looked for in: this share of its width (its core, not its soft edges)
MIX_SIGMA = 26.0  # RGB distance from the paper-to-line mix at which a pixel's membership falls to 1/e
NEAREST_TOL = 8.0  # a pixel counts for every line colour whose mix it lies within this of the nearest one
MIN_CONTRAST = 40.0  # a line colour this near a hex's paper (RGB) cannot be seen on it
LINE_CONTRAST = 25.0  # a line colour nearer than this to a hex's paper (RGB) is not read (a dirt road on clear: 40-50)
INK_CONTRAST = 80.0  # a taught example's line colour must be at least this far from its paper (RGB)
SIDE_T = np.linspace(-0.35, 0.35, 11)  # positions along a hexside (from its middle, hex sizes)
SIDE_U = 0.4  # the across profile spans +-this (hex sizes)
PATH_S = np.linspace(-0.6, 0.6, 25)  # lines along a link (from the hexside's middle towards B, hex sizes)
PATH_V = 0.6  # each line spans +-this along the hexside (hex sizes)
HIT = 0.3  # a profile shows a line where the band's mean membership reaches this
SIDE_MIN_ALONG = 0.6  # share of a hexside's profiles that must show the feature
PATH_MIN_COVER = 0.45  # share of a link's lines, on each side, that must show the path
PROPOSE = 0.45  # confidence from which a proposal is applied without review
WIDTH_WEIGHT = 1.5  # how much a width mismatch (|log ratio|) costs against the band score
DASH_TRANSITIONS = 1.5  # gaps along a link's 1.2 hex sizes from which a path reads as dashed
EDGE_SHARE = 0.7  # a narrower line scoring less than 1/this times a wider one there is read as its edge ...
EDGE_WIDER = 1.4  # ... when that one is wider by this factor at least
CHUNK = 128  # hexsides read at once (bounded memory, and few enough scan blocks for the cache on a large scan)


@dataclass(frozen=True)
class LineProposal:
    """One hexside feature ('hexside') or path link ('path') read from the scan; `key` is the hexside's
    two printed hex labels 'A/B'."""

    kind: str
    key: str
    feature: str
    confidence: float
    proposed: bool


@dataclass(frozen=True)
class LineLook:
    """How a code is printed: its colour (RGB, cast removed), width across the line (in hex sizes, as
    the membership integral measures it), and whether it is dashed."""

    code: str
    kind: str  # 'hexside' or 'path'
    rgb: tuple[float, float, float]
    width: float
    dashed: bool
    taught: bool = False
    among_grounds: bool = False  # its colour is near a terrain colour of the table (trails.among_grounds)


def table_looks(hexmap: HexMap) -> list[LineLook]:
    """The looks the terrain table gives: its colours and widths (a road's dark casing widens it a
    little; the width measured is the table's width times `WIDTH_SEEN`)."""
    t = hexmap.terrain_table
    looks = [LineLook(c, "hexside", _hex_rgb(f.color), f.width * WIDTH_SEEN_SIDE, False)
             for c, f in t.hexside_features.items() if not f.permits_crossing]
    grounds = [_hex_rgb(x.color) for x in t.terrain.values()]
    looks += [LineLook(c, "path", _hex_rgb(p.color), p.width * WIDTH_SEEN, bool(p.dash),
                       among_grounds=among_grounds(_hex_rgb(p.color), grounds)) for c, p in t.paths.items()]
    return looks


WIDTH_SEEN = 0.85  # the membership integral of a path, against its printed width (measured on the benchmark)
WIDTH_SEEN_SIDE = 0.95  # ... of a hexside feature (its darker outline counts too)


INKS = np.array([[0.0, 0.0, 0.0], [255.0, 255.0, 255.0]])  # hex outlines, labels and dots, printed on most maps
INK_APART = 80.0  # ... and told from a line colour at least this far from them (RGB)


def _membership(obs: np.ndarray, paper: np.ndarray, refs: np.ndarray) -> np.ndarray:
    """(…, r) memberships of pixels obs (…, 3) over paper (…, 3) in the line colours refs (r, 3). Black
    and white (INKS) compete as colours of their own where no line colour is near them: a hex's black
    label blurred over its paper is nearer the mix with black than with a brown trail's colour.

    `paper` may be given at any shape that broadcasts to obs's (one colour per line read, not per
    pixel): what depends on the paper alone is worked out once for it. The work is laid out colour
    by colour and channel by channel (each array runs over the pixels), the sums over the three
    channels written out in their order: every figure is the same as summing (…, r, 3) arrays along
    their last axis."""
    r = len(refs)
    inks = INKS[np.linalg.norm(INKS[:, None, :] - refs[None], axis=2).min(axis=1) >= INK_APART]
    refs = np.concatenate([refs, inks])
    paper = np.asarray(paper).reshape((1,) * (obs.ndim - np.ndim(paper)) + np.shape(paper))
    lead = (slice(None),) + (None,) * (paper.ndim - 1)
    towards = [refs[lead + (c,)] - paper[None, ..., c] for c in range(3)]  # 3 x (r + inks, …paper)
    span = np.maximum(towards[0] ** 2 + towards[1] ** 2 + towards[2] ** 2, 1.0)
    visible = np.sqrt(span[:r]) > LINE_CONTRAST
    diff = [obs[..., c] - paper[..., c] for c in range(3)]  # 3 x (…)
    share = diff[0] * towards[0]
    share += diff[1] * towards[1]
    share += diff[2] * towards[2]
    share /= span  # (r + inks, …)
    e = diff[0] - share * towards[0]
    sq = e * e
    for c in (1, 2):
        np.multiply(share, towards[c], out=e)
        np.subtract(diff[c], e, out=e)
        e *= e
        sq += e
    resid = np.sqrt(sq, out=sq)
    lim = resid.min(axis=0)
    lim += NEAREST_TOL
    share = share[:r]
    keep = resid[:r] <= lim  # the colours whose mix the pixel lies nearest ...
    keep &= share > 0.15
    keep &= visible  # ... that can be seen on the paper
    # clip(share, 0, 1) * exp(-(resid / MIX_SIGMA) ** 2) where kept, 0 elsewhere
    x = resid[:r][keep]
    x /= MIX_SIGMA
    x **= 2
    np.negative(x, out=x)
    np.exp(x, out=x)
    x *= np.clip(share[keep], 0.0, 1.0)
    out = np.zeros(obs.shape[:-1] + (r,))
    np.moveaxis(out, -1, 0)[keep] = x
    return out


@dataclass
class _SideGeometry:
    sides: list[Hexside]
    mid: np.ndarray  # (n, 2) scene
    unit: np.ndarray  # (n, 2) from A's centre to B's
    along: np.ndarray  # (n, 2) along the hexside
    a_idx: np.ndarray  # index of A and B in the hex list
    b_idx: np.ndarray


def _geometry(hexmap: HexMap, sides: list[Hexside], index: dict[Hex, int]) -> _SideGeometry:
    lay = hexmap.layout()
    ca = lay.hexes_to_pixels(np.array([s.hex for s in sides], dtype=float).reshape(-1, 2))
    cb = lay.hexes_to_pixels(np.array([s.other for s in sides], dtype=float).reshape(-1, 2))
    unit = (cb - ca) / np.linalg.norm(cb - ca, axis=1, keepdims=True)
    along = np.stack([-unit[:, 1], unit[:, 0]], axis=1)
    return _SideGeometry(sides, (ca + cb) / 2, unit, along, np.array([index[s.hex] for s in sides], dtype=int),
                         np.array([index[s.other] for s in sides], dtype=int))


def _rows(g: _SideGeometry, sel: np.ndarray) -> _SideGeometry:
    """The hexsides of `g` that `sel` (n,) picks."""
    return _SideGeometry([side for side, keep in zip(g.sides, sel, strict=True) if keep], g.mid[sel], g.unit[sel],
                         g.along[sel], g.a_idx[sel], g.b_idx[sel])


def inner_sides(hexmap: HexMap) -> list[Hexside]:
    """Every hexside between two hexes of the map, once."""
    return [hexside_of(h, d) for h in hexmap.hexes for d in range(3) if hexmap.contains(hex_neighbor(h, d))]


def _u_step(px_per_size: float) -> float:
    """The step of the profiles across a line: about one scan pixel, in hex sizes (at least 1/120)."""
    return max(1.0 / max(px_per_size, 1.0), 1.0 / 120)


@dataclass
class _SideReading:
    score: np.ndarray  # (n, r) the best band's mean membership
    along: np.ndarray  # (n, r) share of profiles along the hexside showing it at that offset
    width: np.ndarray  # (n, r) membership integral across the line (hex sizes)


def _read_hexside_features(g: _SideGeometry, paper: np.ndarray, read: _Reader, size: float, looks: list[LineLook],
                           step: float) -> _SideReading:
    u = np.arange(-SIDE_U, SIDE_U + step / 2, step)
    refs = np.array([lk.rgb for lk in looks])
    pts = (g.mid[:, None, None, :] + g.along[:, None, None, :] * size * SIDE_T[None, :, None, None]
           + g.unit[:, None, None, :] * size * u[None, None, :, None])
    obs = read(pts)  # (n, t, u, 3)
    under = np.where((u < 0)[None, None, :, None], paper[g.a_idx][:, None, None, :], paper[g.b_idx][:, None, None, :])
    mem = _membership(obs, under, refs)  # (n, t, u, r)
    prof = mem.mean(axis=1)  # (n, u, r)
    # the width is measured in any of the features' colours, so near colours (river, canal) are told
    # apart by it alone
    any_colour = prof.max(axis=2)
    n, r = len(g.sides), len(looks)
    score, along, width = np.zeros((n, r)), np.zeros((n, r)), np.zeros((n, r))
    window = np.abs(u) <= SEARCH
    for j, lk in enumerate(looks):
        w = max(1, int(round(BOX_SHARE * lk.width / step)))
        band = _box(prof[:, :, j], w, axis=1)
        band[:, ~window] = -1.0
        best = np.argmax(band, axis=1)
        score[:, j] = band[np.arange(n), best]
        per_t = _box(mem[:, :, :, j], w, axis=2)[np.arange(n), :, best]  # (n, t)
        along[:, j] = (per_t >= HIT).mean(axis=1)
        near = np.abs(u[None, :] - u[best][:, None]) <= max(2.0 * lk.width, 0.12)
        width[:, j] = (any_colour * near).sum(axis=1) * step
    return _SideReading(score, along, width)


@dataclass
class _PathReading:
    cover: np.ndarray  # (n, r) the lesser share, of the two sides' lines, showing the path
    score: np.ndarray  # (n, r) mean band membership over the lines
    width: np.ndarray  # (n, r) membership integral across the line at its crossings (hex sizes)
    transitions: np.ndarray  # (n, r) gaps along the link the line shows again beyond
    core: np.ndarray  # (n, r) for a look printed SOLID_PX scan pixels wide or more, the membership of the
    # mean colour of the line's core where it shows (NaN for thinner looks)
    sharp: np.ndarray  # (r,) looks printed THIN_PX to SOLID_PX scan pixels wide, solid: their band shows
    # their colour fully (a finer line is blurred into its paper)
    flank: np.ndarray  # (n, r, MEASURES) for sharp looks, the line's measures (trails.flanks); NaN else


INK_DARK = 0.7  # a pixel this much darker than its paper is ink (a label's letters) ...
INK_COVER = 0.3  # ... and a wide path's band this much covered by ink is hidden there
INK_FAINT, INK_UNDER = 0.95, 0.8  # a pixel this much darker than its paper and than a path's colour is ink
INK_FEW = 0.25  # ... left out of a wide path's core where it is at most this share of it (a label's letters)
LOCAL_APART = 20.0  # a line's own paper is used where it is this far (RGB) from its hex's
SOLID_PX = 6.0  # a path printed this many scan pixels wide or more shows its colour fully in its core ...
THIN_PX = 3.0  # ... and a solid one this many or more along most of its band (`_choose_path`)
SOLID_FILL = (0.5, 0.8)  # ... so its core's mean colour's membership counts from the first (none) to the second (sure)
BRIDGE_HALF = 0.42  # a bridge box reaches this far along the link from the hexside (0.36) and a little
BRIDGE_DARK = 0.6  # a bridge's points are this much darker than the paper
BRIDGE_COVER = 0.8  # ... most of them


def _bridged(obs: np.ndarray, under: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Which links (n,) show a dark box across the hexside's middle (a bridge): the lines within 0.3
    of the hexside, within 0.05 of its middle (searched within SEARCH), mostly much darker than the paper."""
    lines = (np.abs(PATH_S) <= 0.3) & (np.abs(PATH_S) >= 0.08)
    o, u = obs[:, lines].mean(-1), np.broadcast_to(under, obs.shape)[:, lines].mean(-1)  # (n, s, v)
    dark = (o < BRIDGE_DARK * np.maximum(u, 1.0)).mean(axis=1)  # (n, v)
    box = _box(dark, max(1, int(0.1 / max(v[1] - v[0], 1e-6))), axis=1)
    return np.asarray((np.where(np.abs(v) <= SEARCH, box, 0.0) >= BRIDGE_COVER).any(axis=1))


def _track(band: np.ndarray, v: np.ndarray, step: float) -> tuple[np.ndarray, np.ndarray]:
    """Follow a line across the parallel lines: from each start within SEARCH of the hexside's middle
    (the line at s = 0), outwards on both sides, each next crossing within BEND * ds of the last; the
    start whose track has the most membership wins. band (n, s, v) -> (band values (n, s) and
    positions (n, s) along the best track)."""
    n, ns, nv = band.shape
    mid = ns // 2
    starts = np.flatnonzero(np.abs(v) <= PATH_CROSS)
    w = int(np.ceil((BEND * (PATH_S[1] - PATH_S[0])) / step)) + 1
    nxt = _window_best(band, w)  # (n, s, v): the crossing on line k from each sample v
    pos = np.empty((n, len(starts), ns), dtype=int)
    pos[:, :, mid] = starts[None, :]
    for k_range in (range(mid + 1, ns), range(mid - 1, -1, -1)):
        last = mid
        for k in k_range:
            pos[:, :, k] = np.take_along_axis(nxt[:, k, :], pos[:, :, last], axis=1)
            last = k
    vals = np.take_along_axis(band[:, None, :, :], pos[..., None], axis=3)[..., 0]  # (n, c, s)
    best = np.argmax(vals.sum(axis=2), axis=1)
    idx = np.arange(n)
    return vals[idx, best], pos[idx, best]


def _read_paths(g: _SideGeometry, paper: np.ndarray, read: _Reader, size: float, looks: list[LineLook],
                step: float) -> _PathReading:
    v = np.arange(-PATH_V, PATH_V + step / 2, step)
    refs = np.array([lk.rgb for lk in looks])
    pts = (g.mid[:, None, None, :] + g.unit[:, None, None, :] * size * PATH_S[None, :, None, None]
           + g.along[:, None, None, :] * size * v[None, None, :, None])
    raw = read.raw(pts)
    obs = read.colours(raw)  # (n, s, v, 3)
    pa, pb = paper[g.a_idx][:, None, None, :], paper[g.b_idx][:, None, None, :]
    s_ = PATH_S[None, :, None, None]
    under = np.where(s_ < -0.05, pa, np.where(s_ > 0.05, pb, (pa + pb) / 2))
    hex_under = under
    # each line's own paper: the median along it where its hex's paper is far from it (a hex half
    # covered by a road or a town reads as neither), else the hex's
    local = read.median(raw, axis=2)  # np.median(obs, axis=2, keepdims=True)
    under = np.where(np.linalg.norm(local - under, axis=-1, keepdims=True) > LOCAL_APART, local, under)
    mem = _membership(obs, under, refs)  # (n, s, v, r)
    n, r = len(g.sides), len(looks)
    cover, score = np.zeros((n, r)), np.zeros((n, r))
    width, transitions = np.zeros((n, r)), np.zeros((n, r))
    core = np.full((n, r), np.nan)
    sharp = np.array([THIN_PX <= lk.width / step < SOLID_PX and not lk.dashed for lk in looks], dtype=bool)
    flank = np.full((n, r, MEASURES), np.nan)
    # a bridge printed across the hexside hides the path near it: on a bridged link only the lines
    # beyond the bridge are read (the bridge's lines count as showing the path)
    bridged = _bridged(obs, hex_under, v)
    hidden = bridged[:, None] & (np.abs(PATH_S) < BRIDGE_HALF)[None, :]  # (n, s)
    near_mid = np.abs(PATH_S) <= 0.32  # a path may turn away further into the hex
    read_a = np.where(bridged[:, None], PATH_S <= -BRIDGE_HALF, (PATH_S < -0.1) & near_mid)
    read_b = np.where(bridged[:, None], PATH_S >= BRIDGE_HALF, (PATH_S > 0.1) & near_mid)
    lum = obs[..., 0] + obs[..., 1] + obs[..., 2]  # as obs.sum(axis=-1) sums them
    under_lum = under[..., 0] + under[..., 1] + under[..., 2]
    dark = (lum < INK_DARK * under_lum).astype(float)  # (n, s, v)
    # ink in a wide path's core (below): a label's letters, faded (a yellowed print), may be only a little
    # darker than a ground darker than the path (a desert under a light dirt road), far darker than the path
    faint = (dark > 0) | (lum < INK_FAINT * under_lum)
    inked = {j: _box(dark, max(1, int(round(BOX_SHARE * lk.width / step))), axis=2) >= INK_COVER
             for j, lk in enumerate(looks) if lk.width / step >= SOLID_PX}
    for j, lk in enumerate(looks):
        w = max(1, int(round(BOX_SHARE * lk.width / step)))
        seen_band = _box(mem[..., j], w, axis=2)
        band = np.where(hidden[..., None], HIT, seen_band)  # (n, s, v)
        solid = lk.width / step >= SOLID_PX
        if solid:  # a label printed over a wide path hides it there as a bridge does
            band = np.where(inked[j] & (band < HIT), HIT, band)
        b, pos = _track(band, v, step)
        hit = b >= HIT
        seen = np.take_along_axis(seen_band, pos[..., None], axis=2)[..., 0] >= HIT
        cover[:, j] = np.minimum((hit & read_a).sum(1) / read_a.sum(1), (hit & read_b).sum(1) / read_b.sum(1))
        if solid:  # ... where the path shows on both sides too (beyond a label, on into the hex)
            cover[:, j] *= (seen & (PATH_S < -0.1)).any(axis=1) & (seen & (PATH_S > 0.1)).any(axis=1)
        use = read_a | read_b
        score[:, j] = (b * use).sum(axis=1) / use.sum(axis=1)
        # dashes: gaps along the course followed with the line showing again beyond them (a solid
        # line that turns away from the lines read leaves no gap it comes back from)
        on = hit & ~hidden & seen
        gap_start = on[:, :-1] & ~on[:, 1:]  # (n, s - 1): a gap begins after line k
        later = np.flip(np.cumsum(np.flip(on, axis=1), axis=1), axis=1)[:, 2:] > 0  # a hit after line k + 1
        transitions[:, j] = (gap_start[:, :-1] & later).sum(axis=1)
        # the width: membership integral across the line at the crossings found (lines that show it;
        # on a bridged link those beyond the bridge's box, not the box itself)
        near = np.abs(v[None, None, :] - v[pos][..., None]) <= max(2.0 * lk.width, 0.12)
        integral = (mem[..., j] * near).sum(axis=2) * step  # (n, s)
        width[:, j] = np.where(on.any(axis=1), (integral * on).sum(axis=1) / np.maximum(on.sum(axis=1), 1), 0.0)
        if lk.width / step >= SOLID_PX:  # the core: the middle half of the band (the track may run at its edge)
            # ... leaving out ink (`faint` above, and far darker than the path). A core more than a quarter
            # of it ink is a texture (a stone building's: a third), read whole
            ink = (dark > 0) | (faint & (lum < INK_UNDER * refs[j].sum()))
            in_core = (np.abs(v[None, None, :] - v[pos][..., None]) <= w * step / 4) & (on & use)[..., None]
            few = (in_core & ink).sum((1, 2)) <= INK_FEW * in_core.sum((1, 2))  # a dark texture: read whole
            in_core &= ~(ink & few[:, None, None])
            core[:, j] = _core(obs, under, refs, j, in_core, in_core.any(axis=2))
        if sharp[j]:
            flank[:, j] = flanks(obs, pos, on & use, int(np.ceil(lk.width / step / 2)), refs[j], v[pos])
    ring_cover = _ring_cover(g, paper, read, size, looks, step, RING_R)
    if bridged.any():  # beyond the bridge's box (read for the bridged links alone)
        ring_cover[bridged] = _ring_cover(_rows(g, bridged), paper, read, size, looks, step, RING_R_BRIDGED)
    cover = np.maximum(cover, ring_cover)
    return _PathReading(cover, score, width, transitions, core, sharp, flank)


def _core(obs: np.ndarray, under: np.ndarray, refs: np.ndarray, j: int, in_core: np.ndarray, lines: np.ndarray
          ) -> np.ndarray:
    """(n,) the membership in colour j of the mean colour of a wide line's core (`in_core` (n, s, v)), over
    the lines (n, s) that show it: the pixels are averaged first, so a scan's noise does not lower it,
    while a texture of specks in about the line's colour (a wood's lit treetops) averages to a colour
    between them and the paper."""
    cnt = np.maximum(in_core.sum(axis=2), 1)[..., None]
    mean = (obs * in_core[..., None]).sum(axis=2) / cnt  # (n, s, 3)
    m = _membership(mean, np.broadcast_to(under, obs.shape)[:, :, 0, :], refs)[..., j]
    return np.asarray((m * lines).sum(axis=1) / np.maximum(lines.sum(axis=1), 1))


RING_R = np.array([0.14, 0.2, 0.26, 0.32, 0.38])  # radii of the arcs around the hexside's middle (hex sizes)
RING_R_BRIDGED = np.array([0.44, 0.5, 0.56, 0.62])  # ... on a bridged link, beyond the bridge's box
RING_DEG = 60.0  # each arc spans +-this from the course to the hex centre (short of the hexside itself)
RING_TURN_DEG = 25.0  # a path's crossing moves at most this much from one arc to the next


def _ring_cover(g: _SideGeometry, paper: np.ndarray, read: _Reader, size: float, looks: list[LineLook],
                step: float, radii: np.ndarray) -> np.ndarray:
    """(n, r) the lesser share, on the two sides, of arcs around the hexside's middle that a path crosses,
    followed from arc to arc: a path that turns sharply in the hex beyond (a smooth road rounding a
    corner) leaves the parallel lines but still crosses every arc. Both sides and every look are read
    at once (each hexside, side and look on its own all the same)."""
    theta = np.radians(np.linspace(-RING_DEG, RING_DEG, 61))
    dtheta = float(theta[1] - theta[0])
    refs = np.array([lk.rgb for lk in looks])
    n, r = len(g.sides), len(looks)
    sign = np.array([-1.0, 1.0])[:, None, None]
    u = sign * g.unit[None]  # (2, n, 2)
    d = (np.cos(theta)[None, None, :, None] * u[:, :, None, :]
         + np.sin(theta)[None, None, :, None] * np.stack([-u[..., 1], u[..., 0]], -1)[:, :, None, :])  # (2, n, th, 2)
    pts = g.mid[None, :, None, None, :] + d[:, :, None, :, :] * size * radii[None, None, :, None, None]
    obs = read(pts)  # (2, n, R, th, 3)
    pap = np.stack([paper[g.a_idx], paper[g.b_idx]])[:, :, None, None, :]
    mem = _membership(obs, pap, refs)  # (2, n, R, th, r)
    widths = np.array([[int(round(BOX_SHARE * lk.width / (rad * dtheta))) for lk in looks] for rad in radii])
    band = np.moveaxis(_boxes(mem, widths), -1, 2)  # (2, n, r, R, th)
    b = _follow(band.reshape(2 * n * r, len(radii), len(theta)), int(np.ceil(np.radians(RING_TURN_DEG) / dtheta)))
    side = (b >= HIT).mean(axis=1).reshape(2, n, r)
    return np.minimum(side[0], side[1])


def _follow(band: np.ndarray, w: int) -> np.ndarray:
    """Band values (n, k) along the best track from the first arc outwards, each step moving at most
    `w` samples."""
    n, nk, nt = band.shape
    nxt = _window_best(band[:, 1:, :], w)  # (n, k - 1, t): the crossing on arc k from each sample t
    pos = np.tile(np.arange(nt)[None, :], (n, 1))  # every start on the first arc
    total = band[:, 0, :].copy()
    vals = [band[:, 0, :]]
    for k in range(1, nk):
        pos = np.take_along_axis(nxt[:, k - 1, :], pos, axis=1)
        got = np.take_along_axis(band[:, k, :], pos, axis=1)
        vals.append(got)
        total += got
    best = np.argmax(total, axis=1)
    return np.stack([v[np.arange(n), best] for v in vals], axis=1)


def _choose_hexside(rd: _SideReading, looks: list[LineLook]) -> tuple[np.ndarray, np.ndarray]:
    """Per hexside the code index chosen (-1: none) and its confidence."""
    ok = (rd.along >= SIDE_MIN_ALONG) & (rd.score >= HIT)
    exp_w = np.array([lk.width for lk in looks])
    mismatch = np.abs(np.log(np.maximum(rd.width, 1e-3) / exp_w[None, :]))
    value = np.where(ok, rd.score - WIDTH_WEIGHT * mismatch, -np.inf)
    best = np.argmax(value, axis=1)
    idx = np.arange(len(best))
    chosen = np.where(np.isfinite(value[idx, best]), best, -1)
    conf = np.clip(np.minimum(rd.score[idx, best] / 0.5, rd.along[idx, best]), 0, 1)
    conf = conf * np.clip(1.0 - mismatch[idx, best] / 1.5, 0.3, 1.0)
    return chosen, np.where(chosen >= 0, conf, 0.0)


THIN_FILL = (0.35, 0.6)  # a sharp line's band membership counts from the first (none) to the second (sure)


def _choose_path(rd: _PathReading, looks: list[LineLook], besides: np.ndarray | None = None
                 ) -> tuple[np.ndarray, np.ndarray]:
    """Per link the path code index chosen (-1: none) and its confidence; with `besides` (a code
    index per link, -1 none), the best code other than that one."""
    dashed_exp = np.array([lk.dashed for lk in looks])
    exp_w = np.array([lk.width for lk in looks])
    min_cover = np.where(dashed_exp, PATH_MIN_COVER * 0.7, PATH_MIN_COVER)
    ok = rd.cover >= min_cover[None, :]
    dashed_seen = rd.transitions >= DASH_TRANSITIONS
    # a solid line seen with gaps (a hex number printed over it) is less suspect than a dashed one
    # seen solid (a road's edge in a trail's colour)
    pattern = np.where(dashed_seen == dashed_exp[None, :], 1.0, np.where(dashed_exp[None, :], 0.55, 0.8))
    mismatch = np.abs(np.log(np.maximum(rd.width, 1e-3) / exp_w[None, :]))
    fill = np.where(dashed_exp[None, :], np.minimum(rd.score / 0.55, 1.0), rd.score)
    # a line printed several scan pixels wide shows its colour across its whole core: a band only
    # partly in its colour there is texture (a wood's lit treetops in a road's tan), not the line
    lo, hi = SOLID_FILL
    fill = np.where(np.isnan(rd.core), fill, 0.3 * np.clip((np.nan_to_num(rd.core) - lo) / (hi - lo), 0.0, 1.0))
    # a solid line a few scan pixels wide (a trail) shows its colour along most of its band: a band only
    # partly in it (a label's letters, a building's outline or a wood's edge blurred into a brown) is
    # left for review. A finer line (a railroad 2 px wide) is blurred into its paper and keeps the rule
    # above
    lo, hi = THIN_FILL
    fill = np.where(rd.sharp[None, :], 0.3 * np.clip((rd.score - lo) / (hi - lo), 0.0, 1.0), fill)
    # ... and, in a colour near the map's grounds (a trail's brown), is proposed only where it is sure:
    # its band fully its colour, and a line over one ground in its own colour (trails.py: a stream's
    # bank, a wood's edge, a roof, a blurred label are not). A line in a colour no ground has (a red
    # road) is not mistaken for them
    grounds = np.array([lk.among_grounds for lk in looks], dtype=bool)
    doubt = (rd.sharp & grounds)[None, :] & ((rd.score < hi) | ~a_line(rd.flank))
    # a narrower line that scores less than a clearly wider one there is that line's edge (a road's
    # dark casing reads as a brown trail); looks of about the same width (a trail and a railroad)
    # are told apart by colour and dashes, not this way
    wider = exp_w[None, :, None] > EDGE_WIDER * exp_w[None, None, :]  # (1, k, j): look k clearly wider than j
    stronger = rd.score[:, :, None] > EDGE_SHARE * rd.score[:, None, :]
    dominated = (stronger & wider & (rd.score[:, :, None] >= HIT)).any(axis=1)
    value = np.where(ok & ~dominated, rd.score * pattern - 0.5 * WIDTH_WEIGHT * mismatch, -np.inf)
    if besides is not None:
        value[np.arange(len(value))[besides >= 0], besides[besides >= 0]] = -np.inf
    best = np.argmax(value, axis=1)
    idx = np.arange(len(best))
    chosen = np.where(np.isfinite(value[idx, best]), best, -1)
    cover_full = rd.cover[idx, best] / np.where(dashed_exp[best], 0.6, 1.0)
    conf = np.clip(np.minimum(cover_full, fill[idx, best] / 0.3), 0, 1) * pattern[idx, best]
    conf = conf * np.clip(1.0 - mismatch[idx, best] / 1.5, 0.3, 1.0)
    conf = np.where(doubt[idx, best], np.minimum(conf, DOUBT), conf)
    return chosen, np.where(chosen >= 0, conf, 0.0)


DOUBT = 0.35  # the confidence a doubtful thin line is kept at: read, left for review, not continued (CONTINUE)


def _side_key(hexmap: HexMap, side: Hexside) -> str:
    return f"{hexmap.label(side.hex)}/{hexmap.label(side.other)}"


def parse_side_key(hexmap: HexMap, key: str) -> Hexside:
    """The hexside a key 'A/B' (two adjacent hexes' printed labels) names; ValueError saying what is wrong."""
    from ..hexgrid import hexside_between

    parts = [p.strip() for p in key.split("/")]
    if len(parts) != 2:
        raise ValueError(f"{key!r}: a hexside is named by two hex labels, as A/B")
    a, b = hexmap.hex_at(parts[0]), hexmap.hex_at(parts[1])
    if a is None or b is None:
        raise ValueError(f"{key!r}: {parts[0] if a is None else parts[1]} is not a hex of the map")
    try:
        return hexside_between(a, b)
    except ValueError:
        raise ValueError(f"{key!r}: the hexes {parts[0]} and {parts[1]} are not adjacent") from None


def _taught_pairs(hexmap: HexMap, taught: Mapping[str, str]) -> list[tuple[Hexside, str]]:
    """(hexside, code) examples from {'A/B': code} or {code: 'A/B[,C/D]'}."""
    codes = set(hexmap.terrain_table.hexside_features) | set(hexmap.terrain_table.paths)
    out = []
    for k, val in taught.items():
        if "/" in k:
            out.append((parse_side_key(hexmap, k), val))
        else:
            out += [(parse_side_key(hexmap, one), k) for one in val.split(",") if one.strip()]
    for _side, code in out:
        if code not in codes:
            raise ValueError(f"{code!r} is not a hexside feature or path of the map's terrain table")
    return out


def _reads_as(g: _SideGeometry, paper: np.ndarray, read: _Reader, size: float, step: float,
              looks: list[LineLook], j: int) -> bool:
    """Whether the looks (of one kind) read every hexside of `g` as look j."""
    if looks[j].kind == "hexside":
        chosen, _conf = _choose_hexside(_read_hexside_features(g, paper, read, size, looks, step), looks)
    else:
        chosen, _conf = _choose_path(_read_paths(g, paper, read, size, looks, step), looks)
    return bool((chosen == j).all())


def learn_looks(hexmap: HexMap, read: _Reader, paper: np.ndarray, index: dict[Hex, int], size: float, step: float,
                looks: list[LineLook], taught: list[tuple[Hexside, str]]) -> list[LineLook]:
    """The looks with each taught code's colour, width and dash measured at its example(s), where the
    table's look does not read them as that code (a print in other colours than the table's): the
    colour is the median of the pixels most unlike their hex's paper across the line, its width and
    dash measured with that colour; kept only when it then reads the example(s) as the code."""
    by_code = {lk.code: lk for lk in looks}
    for code in dict.fromkeys(c for _s, c in taught):
        lk = by_code[code]
        g = _geometry(hexmap, [s for s, c in taught if c == code], index)
        kin = [x for x in looks if x.kind == lk.kind]
        if _reads_as(g, paper, read, size, step, kin, kin.index(lk)):
            continue  # the table's look already reads the example(s) as the code: it stays
        pa, pb = paper[g.a_idx], paper[g.b_idx]
        if lk.kind == "hexside":
            u = np.arange(-SIDE_U, SIDE_U + step / 2, step)
            pts = (g.mid[:, None, None, :] + g.along[:, None, None, :] * size * SIDE_T[None, :, None, None]
                   + g.unit[:, None, None, :] * size * u[None, None, :, None])
        else:
            u = np.arange(-PATH_V, PATH_V + step / 2, step)
            s = PATH_S[np.abs(PATH_S) > 0.15]
            pts = (g.mid[:, None, None, :] + g.unit[:, None, None, :] * size * s[None, :, None, None]
                   + g.along[:, None, None, :] * size * u[None, None, :, None])
        near = np.abs(u) <= SEARCH + lk.width  # across the line predicted
        obs = read(pts)[..., near, :]
        # each pixel against its own hex's paper (the two hexes may differ: woods and clear)
        if lk.kind == "hexside":
            a_side = np.broadcast_to((u[near] < 0)[None, None, :], obs.shape[:3])
        else:
            a_side = np.broadcast_to((s < 0)[None, :, None], obs.shape[:3])
        bg = np.where(a_side[..., None], pa[:, None, None, :], pb[:, None, None, :]).reshape(len(g.sides), -1, 3)
        obs = obs.reshape(len(g.sides), -1, 3)
        far = np.linalg.norm(obs - bg, axis=-1)
        sel = (far >= 0.8 * np.quantile(far, 0.99, axis=1, keepdims=True)) & (far > MIN_CONTRAST)
        if sel.sum() < 3:
            continue  # the example shows nothing like the code: the table's look stays
        r, g_, b = (float(x) for x in np.median(obs[sel], axis=0))
        rgb = (r, g_, b)
        if float(np.median(far[sel])) < INK_CONTRAST:
            continue  # only texture (a wood's tree dots), no ink unlike the paper: the table's look stays
        new = replace(lk, rgb=rgb, taught=True)
        trial = [new]
        if lk.kind == "hexside":
            rd = _read_hexside_features(g, paper, read, size, trial, step)
            width = float(np.median(rd.width[:, 0]))
            new = replace(new, width=width if width > 0.01 else lk.width)
        else:
            pr = _read_paths(g, paper, read, size, trial, step)
            width = float(np.median(pr.width[:, 0]))
            new = replace(new, width=width if width > 0.01 else lk.width,
                          dashed=bool(np.median(pr.transitions[:, 0]) >= DASH_TRANSITIONS))
        # the look learned must read its own example(s) as the code, or the table's look stays
        kin = [new if x.code == code else x for x in kin]
        if _reads_as(g, paper, read, size, step, kin, kin.index(new)):
            by_code[code] = new
    return [by_code[lk.code] for lk in looks]


def propose_linework(hexmap: HexMap, scan: Scan | np.ndarray, transform: Sequence[float] | None = None,
                     taught: Mapping[str, str] | None = None, *, progress: Progress | None = None
                     ) -> list[LineProposal]:
    """Hexside features and path links the scan shows: one proposal per hexside and kind, and a second
    path on a link where two are printed side by side.

    `transform` maps scan pixels to scene coordinates (the underlay's; the map's underlay when None).
    `taught`: examples, {'A/B': code} or {code: 'A/B,C/D'}. `progress(done, total)` returning False
    raises `Cancelled`. ValueError for a taught example that names no hexside or code of the map."""
    if not isinstance(scan, Scan):
        scan = Scan(np.asarray(scan))
    if transform is None:
        transform = hexmap.underlay.transform if hexmap.underlay is not None else (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    t = hexmap.terrain_table
    lay = hexmap.layout()
    size = float(np.sqrt(lay.size_x * lay.size_y))
    hexes = list(hexmap.hexes)
    index = {h: i for i, h in enumerate(hexes)}
    raw = _Reader(scan, transform, np.ones(3))
    step = _u_step(size * raw.px_per_scene())
    paper_raw = hex_paper(hexmap, hexes, raw, size)
    table = np.array([_hex_rgb(x.color) for x in t.terrain.values()]) if t.terrain else np.empty((0, 3))
    default = t.terrain.get(hexmap.default_terrain) if hexmap.default_terrain else None
    gains = paper_gains(paper_raw, table, _hex_rgb(default.color) if default is not None else None,
                        _paper_pixels(hexmap, hexes, raw, size))
    read = _Reader(scan, transform, gains)
    paper = np.clip(paper_raw * gains, 0, 255)
    looks = table_looks(hexmap)
    paper = _under_paths(hexmap, hexes, index, paper, looks)
    pairs = _taught_pairs(hexmap, taught or {})
    plain = looks
    if pairs:
        looks = learn_looks(hexmap, read, paper, index, size, step, looks, pairs)
    sides = inner_sides(hexmap)
    if looks == plain:
        return _read_all(hexmap, sides, index, paper, read, size, step, looks, progress)
    # teaching never hurts: a learned look stays only where it agrees with the table's look elsewhere
    untaught = _read_all(hexmap, sides, index, paper, read, size, step, plain, progress)
    found = _read_all(hexmap, sides, index, paper, read, size, step, looks, progress)
    kept = [lk if lk == tl or _agrees(found, untaught, lk.code) else tl for lk, tl in zip(looks, plain, strict=True)]
    if kept == looks:
        return found
    if kept == plain:
        return untaught
    return _read_all(hexmap, sides, index, paper, read, size, step, kept, progress)


def _under_paths(hexmap: HexMap, hexes: list[Hex], index: dict[Hex, int], paper: np.ndarray,
                 looks: list[LineLook]) -> np.ndarray:
    """The papers with each hex read as a path's colour (a junction, a road filling its hex) replaced by
    the median paper of its neighbours that are not: a path cannot be seen against itself."""
    refs = np.array([lk.rgb for lk in looks if lk.kind == "path"])
    if not len(refs):
        return paper
    covered = np.linalg.norm(paper[:, None, :] - refs[None], axis=2).min(axis=1) < LINE_CONTRAST
    out = paper.copy()
    for i in np.flatnonzero(covered):
        near = [index[nb] for d in range(6) if (nb := hex_neighbor(hexes[i], d)) in index and not covered[index[nb]]]
        if near:
            out[i] = np.median(paper[near], axis=0)
    return out


AGREE_KEEP = 0.9  # a learned look must still propose this share of the table look's proposals of its code
AGREE_ADD = 0.1  # ... and add at most this share of new ones (a map whose table look reads none: any)


def _agrees(found: list[LineProposal], untaught: list[LineProposal], code: str) -> bool:
    """Whether the proposals of `code` read with a learned look agree with those read with the table's
    look: where the table's look finds the code on the map, the learned one keeps nearly all of them and
    adds few (a taught example in the table's colours that the table's look happened to miss must not
    turn other lines into the code); where it finds none (a print in other colours), it is free."""
    t = {p.key for p in untaught if p.feature == code and p.proposed}
    if not t:
        return True
    q = {p.key for p in found if p.feature == code and p.proposed}
    return len(q & t) >= AGREE_KEEP * len(t) and len(q - t) <= AGREE_ADD * len(t)


def _read_all(hexmap: HexMap, sides: list[Hexside], index: dict[Hex, int], paper: np.ndarray, read: _Reader,
              size: float, step: float, looks: list[LineLook], progress: Progress | None) -> list[LineProposal]:
    """One proposal per hexside and kind the looks read (and a sure second path beside the first)."""
    side_looks = [lk for lk in looks if lk.kind == "hexside"]
    path_looks = [lk for lk in looks if lk.kind == "path"]
    out: list[LineProposal] = []
    faint: dict[str, dict[str, float]] = {}  # path links not proposed: the codes whose colour shows there
    report(progress, 0, len(sides))
    # fewer hexsides at once where each is read at more points (a scan of many pixels per hex)
    chunk = max(16, int(CHUNK * min(1.0, (1.0 / 60) / step)))
    for i in range(0, len(sides), chunk):
        g = _geometry(hexmap, sides[i:i + chunk], index)
        found: list[tuple[str, np.ndarray, np.ndarray, list[LineLook]]] = []
        if side_looks:
            found.append(("hexside", *_choose_hexside(_read_hexside_features(g, paper, read, size, side_looks, step),
                                                      side_looks), side_looks))
        if path_looks:
            rd = _read_paths(g, paper, read, size, path_looks, step)
            chosen, conf = _choose_path(rd, path_looks)
            found.append(("path", chosen, conf, path_looks))
            # a second path printed beside the first on the same link (a railroad beside a trail):
            # proposed only when sure on its own
            second, conf2 = _choose_path(rd, path_looks, np.where(conf >= PROPOSE, chosen, -1))
            keep = (chosen >= 0) & (conf >= PROPOSE) & (second >= 0) & (conf2 >= SECOND_PATH)
            found.append(("path", np.where(keep, second, -1), conf2, path_looks))
            for k in np.flatnonzero((chosen < 0) | (conf < PROPOSE)):
                seen = {lk.code: float(rd.score[k, j]) for j, lk in enumerate(path_looks) if rd.score[k, j] >= JOIN}
                if seen:
                    faint[_side_key(hexmap, g.sides[k])] = seen
        for kind, chosen, conf, lks in found:
            for k in np.flatnonzero(chosen >= 0):
                c = float(round(conf[k], 3))
                out.append(LineProposal(kind, _side_key(hexmap, g.sides[k]), lks[chosen[k]].code, c, c >= PROPOSE))
        report(progress, min(i + chunk, len(sides)), len(sides))
    return _joined(hexmap, _continued(hexmap, out), faint)


SECOND_PATH = 0.6  # confidence from which a second path on a link is proposed
CONTINUE = 0.4  # a path link read at this confidence is proposed where the path goes on at both its hexes


def _continued(hexmap: HexMap, found: list[LineProposal]) -> list[LineProposal]:
    """Path links read a little short of sure (a hex number or name printed over the road, a junction)
    proposed where both their hexes have another proposed link of the same code: the path runs on, and
    that raises the link's confidence to PROPOSE."""
    ends: dict[tuple[str, Hex], int] = {}
    sides = {p.key: parse_side_key(hexmap, p.key) for p in found if p.kind == "path"}
    for p in found:
        if p.kind == "path" and p.proposed:
            for h in (sides[p.key].hex, sides[p.key].other):
                ends[(p.feature, h)] = ends.get((p.feature, h), 0) + 1
    return [replace(p, confidence=PROPOSE, proposed=True)
            if p.kind == "path" and not p.proposed and p.confidence >= CONTINUE
            and ends.get((p.feature, sides[p.key].hex), 0) and ends.get((p.feature, sides[p.key].other), 0)
            else p for p in found]


JOIN = 0.4  # a link's band membership from which a path that reaches it from both sides is joined across it


def _joined(hexmap: HexMap, found: list[LineProposal], faint: Mapping[str, Mapping[str, float]]
            ) -> list[LineProposal]:
    """Path links proposed where a path reaches both their hexes and the link shows the path's
    colour (`faint`: its band membership, at least JOIN) but too little of its course to be read on
    its own: a place name or a town's buildings printed over the road there. A path does not stop
    on one side of a hexside to start again on the other. Where two codes qualify, the one whose
    colour shows more."""
    sides = {p.key: parse_side_key(hexmap, p.key) for p in found if p.kind == "path"}
    ends: dict[tuple[str, Hex], int] = {}
    for p in found:
        if p.kind == "path" and p.proposed:
            for h in (sides[p.key].hex, sides[p.key].other):
                ends[(p.feature, h)] = ends.get((p.feature, h), 0) + 1
    joined: dict[str, LineProposal] = {}
    for key, seen in faint.items():  # links with no path proposed
        side = parse_side_key(hexmap, key)
        both = [(score, code) for code, score in seen.items()
                if ends.get((code, side.hex), 0) and ends.get((code, side.other), 0)]
        if both:
            joined[key] = LineProposal("path", key, max(both)[1], PROPOSE, True)
    return [p for p in found if not (p.kind == "path" and p.key in joined)] + list(joined.values())
