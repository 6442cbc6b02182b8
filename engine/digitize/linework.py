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
* **A pixel's share of a line colour** (membership.py). A printed line thinner than a few scan pixels,
  or blurred, is seen mixed with the paper under it: a pixel shows a line colour c over paper p when it
  lies on the mix p + s (c - p); its membership is s (clipped to 0..1) weighed down by its distance
  from that mix. Of the line colours of one kind (hexside features, or paths) only the ones whose mix
  it lies nearest count, so a half-tone black line is not read as a brown trail; black and white
  compete too (hex outlines, labels and dots) where no line colour is near them. Where a line's own
  stretch of paper (the median along it) is far from its hex's (a hex half covered by a town), it is
  read against that.
* **A search across the predicted line**, so a fit a few pixels off still finds it: a hexside feature is
  read on profiles across the hexside (several along it), and the best-matching offset within
  `SEARCH` hex sizes of the predicted hexside wins (sides.py); a path is read on lines parallel to the
  hexside from one hex centre's side to the other's, where it crosses each of them (paths.py), and on
  arcs around the hexside's middle (rings.py: a wide path counts there only on a side where its colour
  shows fully somewhere, so a road's edge beside a hexside it does not cross does not); a path drawn
  as a smooth curve through the hexside midpoints bends up to 30 degrees from the straight course, so
  the crossing on each line is searched within a cone around the common offset. A path may cross its
  hexside up to `PATH_CROSS` from the middle (a road drawn as a free curve, as real boards draw them).
* **A wide path shows its colour across its core.** A path printed `SOLID_PX` scan pixels wide or more
  is judged by the mean colour of its core (paths.py): scan noise averages out, while a texture of
  specks near its colour (a wood's lit treetops) averages to a colour between them and the paper. A
  label printed over such a path (dark letters) hides it there, as a bridge does, where the path
  shows on both sides.
* **Width, dash and colour tell the codes apart.** Of the codes whose colour covers a line, the one whose
  width (the integral of the membership across the line) is nearest to the code's width wins (a river
  and a canal printed in one blue differ in width); a dashed path (the table's `dash`, a trail) shows
  gaps along its course, a solid one does not.
* **A path in its colour as printed.** Where the cores of a wide path's links read surely show it a
  little off the table's colour (a desert board's dirt road), the map is read again in that colour.
* **Paths run on.** A link read a little short of sure is proposed where the path goes on at both its
  hexes (`_continued`), and a link too hidden to be read on its own (a place name printed over the
  road) is joined where the path reaches both its hexes and its colour shows on the link (`_joined`).
  A path is taken for a wider path's edge only when that one is clearly wider (`EDGE_WIDER`): a trail
  and a railroad of about one width are told apart by colour and dashes. A second path printed beside
  the first on the same link (a railroad beside a trail) is proposed when it is sure on its own.
* **A thin solid path is proposed only where it is surely one.** A trail a few pixels wide is
  proposed where its band is fully its colour (`THIN_FILL`) and it is a line over one ground in its
  own colour (trails.py: its two flanks alike and neither in its colour, its centre its colour on
  most profiles, and clear of its hexside's corners, where hex outlines meet);
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

from ..hexgrid import Hex, Hexside, hex_neighbor
from ..model.hexmap import HexMap
from .looks import LineLook, table_looks
from .membership import LINE_CONTRAST
from .paper import Reader as _Reader
from .paper import hex_paper, hex_rgb, paper_gains, srgb_to_lab
from .paper import paper_pixels as _paper_pixels
from .paths import DASH_TRANSITIONS, PATH_S, PATH_V, choose_path, read_paths
from .progress import Progress, report
from .scan import Scan
from .sides import (
    SEARCH,
    SIDE_T,
    SIDE_U,
    SideGeometry,
    choose_hexside,
    geometry,
    inner_sides,
    read_hexside_features,
    u_step,
)

__all__ = ["LineLook", "LineProposal", "hex_paper", "inner_sides", "learn_looks", "paper_gains", "parse_side_key",
           "propose_linework", "srgb_to_lab", "table_looks"]

MIN_CONTRAST = 40.0  # a line colour this near a hex's paper (RGB) cannot be seen on it
INK_CONTRAST = 80.0  # a taught example's line colour must be at least this far from its paper (RGB)
PROPOSE = 0.45  # confidence from which a proposal is applied without review
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


def _reads_as(g: SideGeometry, paper: np.ndarray, read: _Reader, size: float, step: float,
              looks: list[LineLook], j: int) -> bool:
    """Whether the looks (of one kind) read every hexside of `g` as look j."""
    if looks[j].kind == "hexside":
        chosen, _conf = choose_hexside(read_hexside_features(g, paper, read, size, looks, step), looks)
    else:
        chosen, _conf = choose_path(read_paths(g, paper, read, size, looks, step), looks)
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
        g = geometry(hexmap, [s for s, c in taught if c == code], index)
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
            rd = read_hexside_features(g, paper, read, size, trial, step)
            width = float(np.median(rd.width[:, 0]))
            new = replace(new, width=width if width > 0.01 else lk.width)
        else:
            pr = read_paths(g, paper, read, size, trial, step)
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
    raw = _Reader(scan, transform, np.ones(3))
    step = u_step(size * raw.px_per_scene())
    paper_raw = hex_paper(hexmap, hexes, raw, size)
    table = np.array([hex_rgb(x.color) for x in t.terrain.values()]) if t.terrain else np.empty((0, 3))
    default = t.terrain.get(hexmap.default_terrain) if hexmap.default_terrain else None
    gains = paper_gains(paper_raw, table, hex_rgb(default.color) if default is not None else None,
                        _paper_pixels(hexmap, hexes, raw, size))
    colours: dict[str, list[np.ndarray]] = {}
    looks = table_looks(hexmap)
    found = _propose(hexmap, scan, transform, taught, progress, gains, paper_raw, size, step, looks, colours)
    # a path printed a little off its table's colour is read again in the colour its sure links show
    seen = _seen_looks(looks, colours)
    if seen is None:
        return found
    return _propose(hexmap, scan, transform, taught, progress, gains, paper_raw, size, step, seen, {})


def _propose(hexmap: HexMap, scan: Scan, transform: Sequence[float], taught: Mapping[str, str] | None,
             progress: Progress | None, gains: np.ndarray, paper_raw: np.ndarray, size: float, step: float,
             looks: list[LineLook], colours: dict[str, list[np.ndarray]]) -> list[LineProposal]:
    """`propose_linework` with the colour cast `gains` taken out, reading `looks`; the core colours of the
    wide path links read surely with them are added to `colours` (code: colours)."""
    hexes = list(hexmap.hexes)
    index = {h: i for i, h in enumerate(hexes)}
    read = _Reader(scan, transform, gains)
    paper = np.clip(paper_raw * gains, 0, 255)
    paper = _under_paths(hexmap, hexes, index, paper, looks)
    pairs = _taught_pairs(hexmap, taught or {})
    plain = looks
    if pairs:
        looks = learn_looks(hexmap, read, paper, index, size, step, looks, pairs)
    sides = inner_sides(hexmap)
    if looks == plain:
        return _read_all(hexmap, sides, index, paper, read, size, step, looks, progress, colours)
    # teaching never hurts: a learned look stays only where it agrees with the table's look elsewhere
    untaught = _read_all(hexmap, sides, index, paper, read, size, step, plain, progress, colours)
    found = _read_all(hexmap, sides, index, paper, read, size, step, looks, progress)
    kept = [lk if lk == tl or _agrees(found, untaught, lk.code) else tl for lk, tl in zip(looks, plain, strict=True)]
    if kept == looks:
        return found
    if kept == plain:
        return untaught
    return _read_all(hexmap, sides, index, paper, read, size, step, kept, progress)


SEEN_SURE = PROPOSE  # a wide path link read at this confidence shows the path's colour as printed ...
SEEN_LINKS = 8  # ... and this many of them measure it
SEEN_OFF = (0.03, 0.1)  # a path printed this much off its table colour (the largest share of a channel) is read in
# the colour measured; further off, the links measured are not the path's


def _seen_looks(looks: list[LineLook], colours: Mapping[str, list[np.ndarray]]) -> list[LineLook] | None:
    """The looks with each wide path's colour as its links read surely show it (`colours`: the mean colours
    of their cores, cast removed), where that is a little off the table's colour (SEEN_OFF: a desert
    board's dirt road printed redder, its cast's blue poorly measured on a paper with little blue); None
    where no path's differs."""
    out, changed = [], False
    for lk in looks:
        got = colours.get(lk.code, [])
        if lk.kind == "path" and not lk.taught and len(got) >= SEEN_LINKS:
            med = np.median(np.array(got), axis=0)
            off = float(np.abs(med / np.maximum(np.array(lk.rgb), 1.0) - 1.0).max())
            if SEEN_OFF[0] <= off <= SEEN_OFF[1]:
                r, g, b = (float(x) for x in med)
                lk = replace(lk, rgb=(r, g, b))
                changed = True
        out.append(lk)
    return out if changed else None


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
              size: float, step: float, looks: list[LineLook], progress: Progress | None,
              colours: dict[str, list[np.ndarray]] | None = None) -> list[LineProposal]:
    """One proposal per hexside and kind the looks read (and a sure second path beside the first); with
    `colours`, the core colours of the wide path links read at SEEN_SURE at least are added to it."""
    side_looks = [lk for lk in looks if lk.kind == "hexside"]
    path_looks = [lk for lk in looks if lk.kind == "path"]
    out: list[LineProposal] = []
    faint: dict[str, dict[str, float]] = {}  # path links not proposed: the codes whose colour shows there
    report(progress, 0, len(sides))
    # fewer hexsides at once where each is read at more points (a scan of many pixels per hex)
    chunk = max(16, int(CHUNK * min(1.0, (1.0 / 60) / step)))
    for i in range(0, len(sides), chunk):
        g = geometry(hexmap, sides[i:i + chunk], index)
        found: list[tuple[str, np.ndarray, np.ndarray, list[LineLook]]] = []
        if side_looks:
            found.append(("hexside", *choose_hexside(read_hexside_features(g, paper, read, size, side_looks, step),
                                                     side_looks), side_looks))
        if path_looks:
            rd = read_paths(g, paper, read, size, path_looks, step)
            chosen, conf = choose_path(rd, path_looks)
            found.append(("path", chosen, conf, path_looks))
            # a second path printed beside the first on the same link (a railroad beside a trail):
            # proposed only when sure on its own
            second, conf2 = choose_path(rd, path_looks, np.where(conf >= PROPOSE, chosen, -1))
            keep = (chosen >= 0) & (conf >= PROPOSE) & (second >= 0) & (conf2 >= SECOND_PATH)
            found.append(("path", np.where(keep, second, -1), conf2, path_looks))
            if colours is not None:
                for k in np.flatnonzero((chosen >= 0) & (conf >= SEEN_SURE)):
                    if not np.isnan(rd.core_rgb[k, chosen[k]]).any():
                        colours.setdefault(path_looks[chosen[k]].code, []).append(rd.core_rgb[k, chosen[k]])
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

