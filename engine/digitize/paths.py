"""Paths between hex centres as the linework reader (linework.py) reads them (no Qt): roads, trails and
railroads followed across lines parallel to the hexside (a path crosses each of them within a cone
around the common offset, up to PATH_CROSS from the hexside's middle), a wide path judged by the mean
colour of its core, a bridge or a label over it hiding it there, and the code chosen by colour, width
and dash (`choose_path`)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .looks import LineLook
from .membership import membership
from .paper import Reader
from .rings import RING_R, RING_R_BRIDGED, ring_tracks
from .sides import BOX_SHARE, HIT, SEARCH, WIDTH_WEIGHT, SideGeometry, subset
from .trails import MEASURES, a_line, flanks
from .windows import box, window_best

PATH_CROSS = 0.3  # a path crosses its hexside within this of its middle (a smooth road need not pass the middle)
BEND = 1.0  # a smooth path's crossing moves up to this much across per hex size along (45 degrees)
PATH_S = np.linspace(-0.6, 0.6, 25)  # lines along a link (from the hexside's middle towards B, hex sizes)
PATH_V = 0.6  # each line spans +-this along the hexside (hex sizes)
PATH_MIN_COVER = 0.45  # share of a link's lines, on each side, that must show the path
DASH_TRANSITIONS = 1.5  # gaps along a link's 1.2 hex sizes from which a path reads as dashed
EDGE_SHARE = 0.7  # a narrower line scoring less than 1/this times a wider one there is read as its edge ...
EDGE_WIDER = 1.4  # ... when that one is wider by this factor at least


@dataclass
class PathReading:
    cover: np.ndarray  # (n, r) the lesser share, of the two sides' lines, showing the path
    score: np.ndarray  # (n, r) mean band membership over the lines
    width: np.ndarray  # (n, r) membership integral across the line at its crossings (hex sizes)
    transitions: np.ndarray  # (n, r) gaps along the link the line shows again beyond
    core: np.ndarray  # (n, r) for a look printed SOLID_PX scan pixels wide or more, the membership of the
    # mean colour of the line's core where it shows (NaN for thinner looks)
    core_rgb: np.ndarray  # (n, r, 3) ... and that mean colour (NaN for thinner looks, or where none shows)
    sharp: np.ndarray  # (r,) looks printed THIN_PX to SOLID_PX scan pixels wide, solid: their band shows
    # their colour fully (a finer line is blurred into its paper)
    flank: np.ndarray  # (n, r, MEASURES) for sharp looks, the line's measures (trails.flanks); NaN else


INK_DARK = 0.7  # a pixel this much darker than its paper is ink (a label's letters) ...
INK_COVER = 0.3  # ... and a wide path's band this much covered by ink is hidden there
INK_FAINT, INK_UNDER = 0.95, 0.8  # a pixel this much darker than its paper and than a path's colour is ink
INK_FEW = 0.25  # ... left out of a wide path's core where it is at most this share of it (a label's letters)
LOCAL_APART = 20.0  # a line's own paper is used where it is this far (RGB) from its hex's
SOLID_PX = 6.0  # a path printed this many scan pixels wide or more shows its colour fully in its core ...
THIN_PX = 3.0  # ... and a solid one this many or more along most of its band (`choose_path`)
SOLID_FILL = (0.5, 0.8)  # ... so its core's mean colour's membership counts from the first (none) to the second (sure)
BRIDGE_HALF = 0.42  # a bridge box reaches this far along the link from the hexside (0.36) and a little
BRIDGE_DARK = 0.6  # a bridge's points are this much darker than the paper
BRIDGE_COVER = 0.8  # ... most of them
BRIDGE_BEYOND = 0.5  # ... and the lines beyond the box less than this
BRIDGE_OWN = 40.0  # ... a pixel this near (RGB) a path's colour not counting there


def _bridged(obs: np.ndarray, under: np.ndarray, v: np.ndarray, refs: np.ndarray) -> np.ndarray:
    """Which links (n,) show a dark box across the hexside's middle (a bridge): the lines within 0.3
    of the hexside, within 0.05 of its middle (searched within SEARCH), mostly much darker than the paper,
    and the lines beyond the box (BRIDGE_HALF) not, but for the paths' own colours `refs` (r, 3) (a dark
    red road goes on beyond its bridge): a dark line running along the link (a wall, a board's edge, a
    row of buildings) is no box."""
    width = max(1, int(0.1 / max(v[1] - v[0], 1e-6)))

    def dark(sel: np.ndarray, links: np.ndarray | slice = slice(None)) -> np.ndarray:
        """(k, s, v) whether the pixels of the lines `sel` (s,) of the links `links` are much darker than the paper."""
        o = obs[links][:, sel].mean(-1)
        return np.asarray(o < BRIDGE_DARK * np.maximum(np.broadcast_to(under, obs.shape)[links][:, sel].mean(-1), 1.0))

    in_search = np.abs(v) <= SEARCH
    box_at = box(dark((np.abs(PATH_S) <= 0.3) & (np.abs(PATH_S) >= 0.08)).mean(axis=1), width, axis=1) >= BRIDGE_COVER
    box_at &= in_search  # (n, v) where a dark box is across the middle
    out = np.asarray(box_at.any(axis=1))
    maybe = np.flatnonzero(out)  # few links: the lines beyond the box read for them alone
    if len(maybe):
        far = np.abs(PATH_S) >= BRIDGE_HALF
        own = np.linalg.norm(obs[maybe][:, far, :, None, :] - refs, axis=-1).min(axis=-1) < BRIDGE_OWN
        beyond = box((dark(far, maybe) & ~own).mean(axis=1), width, axis=1)
        out[maybe] = (box_at[maybe] & (beyond < BRIDGE_BEYOND)).any(axis=1)
    return np.asarray(out)


def _track(band: np.ndarray, v: np.ndarray, step: float) -> tuple[np.ndarray, np.ndarray]:
    """Follow a line across the parallel lines: from each start within SEARCH of the hexside's middle
    (the line at s = 0), outwards on both sides, each next crossing within BEND * ds of the last; the
    start whose track has the most membership wins. band (n, s, v) -> (band values (n, s) and
    positions (n, s) along the best track)."""
    n, ns, nv = band.shape
    mid = ns // 2
    starts = np.flatnonzero(np.abs(v) <= PATH_CROSS)
    w = int(np.ceil((BEND * (PATH_S[1] - PATH_S[0])) / step)) + 1
    nxt = window_best(band, w)  # (n, s, v): the crossing on line k from each sample v
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


def read_paths(g: SideGeometry, paper: np.ndarray, read: Reader, size: float, looks: list[LineLook],
               step: float) -> PathReading:
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
    mem = membership(obs, under, refs)  # (n, s, v, r)
    n, r = len(g.sides), len(looks)
    cover, score = np.zeros((n, r)), np.zeros((n, r))
    width, transitions = np.zeros((n, r)), np.zeros((n, r))
    core, core_rgb = np.full((n, r), np.nan), np.full((n, r, 3), np.nan)
    sharp = np.array([THIN_PX <= lk.width / step < SOLID_PX and not lk.dashed for lk in looks], dtype=bool)
    flank = np.full((n, r, MEASURES), np.nan)
    # a wide path shows its colour fully (SOLID_FILL) on a side it crosses to; a narrower one at HIT
    fill = np.array([SOLID_FILL[0] if lk.width / step >= SOLID_PX else HIT for lk in looks])
    sure = np.zeros((2, n, r), dtype=bool)  # ... on the parallel lines of A's side, of B's (wide paths)
    # a bridge printed across the hexside hides the path near it: on a bridged link only the lines
    # beyond the bridge are read (the bridge's lines count as showing the path)
    bridged = _bridged(obs, hex_under, v, refs)
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
    inked = {j: box(dark, max(1, int(round(BOX_SHARE * lk.width / step))), axis=2) >= INK_COVER
             for j, lk in enumerate(looks) if lk.width / step >= SOLID_PX}
    for j, lk in enumerate(looks):
        w = max(1, int(round(BOX_SHARE * lk.width / step)))
        seen_band = box(mem[..., j], w, axis=2)
        band = np.where(hidden[..., None], HIT, seen_band)  # (n, s, v)
        solid = lk.width / step >= SOLID_PX
        if solid:  # a label printed over a wide path hides it there as a bridge does
            band = np.where(inked[j] & (band < HIT), HIT, band)
        b, pos = _track(band, v, step)
        hit = b >= HIT
        along = np.take_along_axis(seen_band, pos[..., None], axis=2)[..., 0]  # (n, s) the band on the track
        seen = along >= HIT
        cover[:, j] = np.minimum((hit & read_a).sum(1) / read_a.sum(1), (hit & read_b).sum(1) / read_b.sum(1))
        if solid:  # ... where the path shows on both sides too (beyond a label, on into the hex)
            cover[:, j] *= (seen & (PATH_S < -0.1)).any(axis=1) & (seen & (PATH_S > 0.1)).any(axis=1)
            sure[0, :, j] = (along * (PATH_S < -0.1)).max(axis=1) >= fill[j]
            sure[1, :, j] = (along * (PATH_S > 0.1)).max(axis=1) >= fill[j]
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
        if solid:  # the core: the middle half of the band (the track may run at its edge)
            # ... leaving out ink (`faint` above, and far darker than the path). A core more than a quarter
            # of it ink is a texture (a stone building's: a third), read whole
            ink = (dark > 0) | (faint & (lum < INK_UNDER * refs[j].sum()))
            in_core = (np.abs(v[None, None, :] - v[pos][..., None]) <= w * step / 4) & (on & use)[..., None]
            few = (in_core & ink).sum((1, 2)) <= INK_FEW * in_core.sum((1, 2))  # a dark texture: read whole
            in_core &= ~(ink & few[:, None, None])
            core[:, j], core_rgb[:, j] = _core(obs, under, refs, j, in_core, in_core.any(axis=2))
        if sharp[j]:
            flank[:, j] = flanks(obs, pos, on & use, int(np.ceil(lk.width / step / 2)), refs[j], v[pos])
    around = _arc_cover(ring_tracks(g, paper, read, size, looks, step, RING_R), sure, fill)
    if bridged.any():  # beyond the bridge's box (read for the bridged links alone)
        around[bridged] = _arc_cover(ring_tracks(subset(g, bridged), paper, read, size, looks, step, RING_R_BRIDGED),
                                     sure[:, bridged], fill)
    cover = np.maximum(cover, around)
    return PathReading(cover, score, width, transitions, core, core_rgb, sharp, flank)


def _arc_cover(arcs: np.ndarray, sure: np.ndarray, fill: np.ndarray) -> np.ndarray:
    """(n, r) the lesser share, on the two sides, of the arcs (`rings.ring_tracks`: (2, n, r, k)) a path
    crosses; a side counts only where the path shows its colour fully (`fill` (r,)) there somewhere, on
    an arc or on the parallel lines (`sure` (2, n, r)). A road's edge reaching into the arcs beside a
    hexside it does not cross, or a ground half read as a road's tan, fills no arc."""
    side = (arcs >= HIT).mean(axis=3) * (sure | (arcs.max(axis=3) >= fill[None, None, :]))
    return np.asarray(np.minimum(side[0], side[1]))


def _core(obs: np.ndarray, under: np.ndarray, refs: np.ndarray, j: int, in_core: np.ndarray, lines: np.ndarray
          ) -> tuple[np.ndarray, np.ndarray]:
    """(n,) the membership in colour j of the mean colour of a wide line's core (`in_core` (n, s, v)), over
    the lines (n, s) that show it: the pixels are averaged first, so a scan's noise does not lower it,
    while a texture of specks in about the line's colour (a wood's lit treetops) averages to a colour
    between them and the paper; and (n, 3) the core's mean colour over those lines (NaN where none)."""
    cnt = np.maximum(in_core.sum(axis=2), 1)[..., None]
    mean = (obs * in_core[..., None]).sum(axis=2) / cnt  # (n, s, 3)
    m = membership(mean, np.broadcast_to(under, obs.shape)[:, :, 0, :], refs)[..., j]
    shown = lines.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        rgb = (mean * lines[..., None]).sum(axis=1) / shown[:, None]
    return np.asarray((m * lines).sum(axis=1) / np.maximum(shown, 1)), rgb


THIN_FILL = (0.35, 0.6)  # a sharp line's band membership counts from the first (none) to the second (sure)


def choose_path(rd: PathReading, looks: list[LineLook], besides: np.ndarray | None = None
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

