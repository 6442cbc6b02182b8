"""A terrain's signature colours: what a building, a wadi or an orchard adds to the ground it is drawn on.
No Qt.

The nearest-example reading of engine/digitize/terrain.py compares a hex's whole look with each
taught hex. That fails where a terrain is a *feature on varied ground*: a small house inside an
orchard, woods or a hillside is nearer the orchard (or hill) example than the house in a field that
was taught; a wadi's line crossing four hill levels is nearer whichever hill it crosses. In the
game the whole hex is the building or the wadi (ASL's terrain chart), so what decides is whether the
feature is *there*, not how much of the hex it covers.

So each taught terrain gets its **signature**: the colours of a fine palette of the map's own
(k-means, SIGNATURE_PALETTE colours) that every example of the terrain holds (SIG_OWN of its points
or more) and that no example of another terrain holds (SIG_OTHER at most). A colour every example
of two terrains holds, and no other example, is the pair's signature (grey crags and grey stone
buildings), if it is rare (SIG_PAIR_FRAC) in the hexes read as neither. Only terrains whose signature
covers at most SIG_FEATURE_MAX of their examples count (a feature on the ground; a woods or hill
whose colour is the whole hex is read well by its look already), or whose signature has SIG_DRAWN
colours or more: a building drawn over three quarters of its hex is still a drawing (a roof's light
and dark shades, its ridge, its outline), where a woods, grain or hill fill is one or two shades
(on the tuning boards every signature over SIG_FEATURE_MAX of a ground terrain had 1 or 2 colours,
those of buildings taught by their biggest hexes 5 to 11). A pair's colour must be a feature of each
of the two (VASL board 66: the hill's brown, 0.7-0.9 of its examples, is also in a wooden building's
roof edge; as a pair's signature it turned a grain field on a hill's edge into hill). A feature's colour that most hexes
read as another feature terrain hold (SIG_CROSS) is dropped from its signature: the other terrain's
two examples lacked it by chance (a dark shade of the woods in most wooden buildings' hexes). So is
one that over SIG_GROUND of the hexes read as ground terrains (those with no signature) hold: the
examples share it with the ground by chance (a road both orchard examples stand on).

On an old print (yellowed, blurred, noisy) the blur mixes every outline with the ground beside it:
where a house's dark outline meets the grass, 2-4 % of its points take the dark green of an
orchard's trees. A colour three or more terrains' examples hold is then no one's by the rule
above; when the others hold at most SIG_FRINGE of their points and one SIG_DOMINANT times that, it
is that one's (VASL board 51 yellowed: without the trees the orchard's signature was the road
alone, and every field on the town's roads showed it; 60.4 % of its hexes were read right).
The same holds for a colour two terrains' examples hold (a pair's): another terrain's examples
touching it at most SIG_FRINGE, the two SIG_DOMINANT times that, do not take it from the pair (VASL
board 20 yellowed: the brown of a gully's bed and of the dark roofs, touched at 1-2 % by the woods'
examples at their blotches' edges), where the pair has no colour no other example touches; where it
has, a faintly touched one adds only doubt (VASL board 31 yellowed, after four answers to Teach next:
the clear examples' touch of hammada and scrub's fourth colour let a clear hex show the pair). The
noise splits every printed colour over several palette colours, and a feature's colour may be left
faint (a wadi's dark bed: 2.4 % of its examples' points on VASL board 25 yellowed); a hex never
shows a terrain from under SHOW_MIN of its points, or a crag hex with four dark points in its rocks'
shadows would show the wadi.

A terrain with no signature of its own may still have **essential colours** (`missing`): a colour
every one of its examples holds that it shares with another terrain (an orchard's trees, a gully's
banks: the woods' green), that no terrain's examples are split on and that most hexes lack. A hex
missing one of them is not that terrain, nor a feature whose signature it lacks unless it shows a
pair signature of that feature; it takes the nearest terrain it is neither (`essentials_reading`,
after the signatures' word: VASL board 20 yellowed, a road hex read as an orchard whose two examples
stand on a road, a dark-roofed house read as a gully by the brown of the gully's bed).

A hex **shows** a terrain when it holds its signature colours at SHOW_SHARE of the examples' share
or SHOW_ABS of its points, whichever is less (a house covering a twentieth of a hex makes it a
building hex), and each signature colour at SHOW_EACH of that proportion (where two shellhole
examples both stand on a road, the road's colour is one of their signature colours beside the
craters', and a road alone does not show shellholes). Then:

* a hex that shows such terrains is the one whose signature covers the least of its examples (the
  feature drawn on top: a house in an orchard, a wadi across a hill); of a pair, the nearer by the
  example distance, never one whose own signature the hex lacks, and never over a sure reading;
* a hex read as such a terrain but showing none of it (SHOW_NONE of the requirement or less) is not
  that terrain: the nearest terrain with no signature of its own answers (a clear hex read as a grey
  stone building with no stone-grey in it is clear, not an orchard whose two examples stand on the
  same paved road: a feature is answered only where it shows).

A hex that holds a colour its answer cannot explain (`unexplained`: the examples of its answer
lack it, those of other terrains hold it, and it is rare on the board outside their hexes) is left
for review, below the proposing cut. That is the signature of a symbol terrain whose colour is also
other terrains' (VASL board 66: the orchard's trees are the woods' green, so an orchard on a hill
read surely as the hill); it answers nothing, only withholds the proposal.

"Every example" is, from three examples on, two thirds of them (`enough`: 2 of 3, 3 of 4, 4 of 5):
the answers to Teach next are the hexes the reading was least sure of, often odd ones (a sliver of
a house at the hex's edge, two sheds in a field), and one of them must not take from a terrain the
signature its other examples agree on, nor, touching another terrain's colour, take that terrain's
(VASL board 51: with every example required, five answers took its reading from 97.5 to 91.4 %).

A hex whose answer this changes is never `proposed` (the two readings disagree): it stays for the
designer's review, with confidence 0, so `next_to_ask` names it first. Where the examples of a
terrain share something unrelated to it and the palette leaves only that as their signature (the
road through both shellhole examples, the craters' colour merged with another), the road's hexes
are read as shellholes, unproposed; the first answer to Teach next (a road hex is clear) puts the
road's colour in a clear example and the signature goes. The thresholds were chosen on the tuning
boards of the digitize benchmark (docs/benchmarks.md says which and how).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

SIGNATURE_PALETTE = 24  # colours of the fine palette the signatures are read in
SIG_OWN = 0.02  # a signature colour covers at least this share of every example of its terrain ...
SIG_OTHER = 0.01  # ... and at most this share of any example of another terrain ...
SIG_GROUP_MAX = 2  # terrains a signature colour may be shared by
SIG_FRINGE, SIG_DOMINANT = 0.05, 3.0  # ... unless more hold it, the others' examples at most SIG_FRINGE
# of their points (the blur where a house's outline meets the grass) and one this many times that
SIG_PAIR_SHARE, SIG_PAIR_FRAC = 0.02, 0.1  # a pair's colour: over this share in at most this share of the
# hexes read as neither terrain
SIG_FEATURE_MAX = 0.7  # only terrains whose signature covers at most this share of their examples ...
SIG_DRAWN = 4  # ... or that has at least this many colours (a drawing: a roof's shades and outline)
SIG_CROSS = 0.6  # a feature's colour that over this share of the hexes read as another feature hold (over
# SIG_PAIR_SHARE) is not its signature (a dark shade of the woods' that most wooden buildings hold)
SIG_GROUND = 0.4  # a feature's colour that over this share of the hexes read as ground terrains hold (over
# SIG_PAIR_SHARE) is not its signature (a road both orchard examples stand on)
SHOW_SHARE, SHOW_ABS = 0.5, 0.05  # a hex shows a terrain from this share of its examples' signature ...
SHOW_EACH = 0.25  # ... with each signature colour at this share of its part of that
SHOW_NONE = 0.25  # a hex read as the terrain with at most this share of the requirement shows none of it
SHOW_MIN = 0.016  # ... and never from less than this share of its points (5 of the 253 a hex is read at)
ESSENTIAL = 0.1  # a shared feature colour every example of a ground terrain holds at least this share of ...
ESSENTIAL_SPLIT = 1 / 3  # ... no other terrain's examples split on (some at this share of it, some under) ...
ESSENTIAL_LACK = 0.25  # ... is missing from a hex holding under this share of the examples' share


@dataclass(frozen=True)
class Signature:
    codes: tuple[int, ...]  # the terrains (indices) whose examples all hold these colours
    colours: np.ndarray  # palette indices
    share: float  # the least share of an example's points in these colours
    each: np.ndarray  # per colour, the least share of an example's points in it


def colour_histograms(labs: np.ndarray, palette: np.ndarray, chunk: int = 256) -> np.ndarray:
    """Per hex (labs: n, k, 3 Lab, NaN off the scan) the share of its points nearest each palette
    colour, (n, len(palette)); rows of hexes with no point on the scan are 0."""
    n = len(labs)
    out = np.zeros((n, len(palette)))
    for start in range(0, n, chunk):
        part = labs[start:start + chunk]
        ok = ~np.isnan(part[..., 0])
        pts = np.nan_to_num(part)
        # squared distances to the palette, |p|^2 - 2 p.c + |c|^2 (the nearest is the same as by norm)
        d2 = (pts ** 2).sum(axis=2)[:, :, None] - 2.0 * pts @ palette.T + (palette ** 2).sum(axis=1)[None, None, :]
        near = np.argmin(d2, axis=2)
        count = np.maximum(1, ok.sum(axis=1))
        for j in range(len(palette)):
            out[start:start + len(part), j] = ((near == j) & ok).sum(axis=1) / count
    return out


def signatures(hist: np.ndarray, ex_hist: np.ndarray, labels: np.ndarray, answer: np.ndarray
               ) -> list[Signature]:
    """The taught terrains' signatures (see the module docstring). `hist`: every hex's palette shares;
    `ex_hist`, `labels`: the examples' and their terrains; `answer`: the nearest-example reading of
    every hex. A colour every example of two terrains holds, and no
    other example, is the signature of the pair (grey crags and grey stone buildings)."""
    codes = np.unique(labels)
    if len(codes) < 2:
        return []
    own = np.array([held(ex_hist[labels == j]) for j in codes])  # (terrains, colours)
    top = np.array([touched(ex_hist[labels == j]) for j in codes])
    groups: dict[tuple[int, ...], list[int]] = {}
    faint: dict[tuple[int, ...], list[int]] = {}  # a pair's colours other terrains' examples touch faintly
    for c in range(hist.shape[1]):
        touched_faintly = False
        holders = codes[own[:, c] >= SIG_OWN]
        touchers = codes[top[:, c] > SIG_OTHER]
        if len(holders) > SIG_GROUP_MAX:  # the others' share may be an old print's blur at outlines
            strongest = int(np.argmax(own[:, c]))
            others = np.delete(top[:, c], strongest).max()
            if others <= SIG_FRINGE and own[strongest, c] >= SIG_DOMINANT * others:
                holders = touchers = codes[strongest:strongest + 1]
        elif len(holders) == SIG_GROUP_MAX and set(touchers) != set(holders):  # a pair's, touched by others
            mine = np.isin(codes, holders)
            others = top[~mine, c].max()
            if others <= SIG_FRINGE and own[mine, c].min() >= SIG_DOMINANT * others:
                touchers = holders
                touched_faintly = True
        if not 1 <= len(holders) <= SIG_GROUP_MAX or set(touchers) != set(holders):
            continue
        outside = hist[~np.isin(answer, holders), c]  # a pair's colour: rare in the hexes read as neither
        if len(holders) > 1 and len(outside) and (outside > SIG_PAIR_SHARE).mean() > SIG_PAIR_FRAC:
            continue
        (faint if touched_faintly else groups).setdefault(tuple(int(j) for j in holders), []).append(c)
    for group, cols in faint.items():  # only where the pair has no colour untouched by the others
        if group not in groups:
            groups[group] = cols
    out: list[Signature] = []
    for group, cols in groups.items():
        sig = _signature(group, np.array(cols), ex_hist, labels)
        if len(cols) >= SIG_DRAWN or all(_signature((j,), sig.colours, ex_hist, labels).share <= SIG_FEATURE_MAX
                                         for j in group):
            out.append(sig)
    return _without_ground(_without_crossings(out, hist, ex_hist, labels, answer), hist, ex_hist, labels, answer)


def enough(n: int) -> int:
    """Of a terrain's n examples, how many must hold a colour for it to be the terrain's: all of one or
    two, then two thirds (2 of 3, 3 of 4, 4 of 5 ...). An answer to Teach next is often an odd hex
    (a sliver of a house at a hex's edge, two tiny sheds in a field): it must not take from the
    signature what the terrain's other examples agree on."""
    return max(1, -(-2 * n // 3))


def held(values: np.ndarray) -> np.ndarray:
    """Per column of `values` (examples, ...): the share `enough` of the examples reach (the least, for
    one or two examples)."""
    return np.sort(values, axis=0)[len(values) - enough(len(values))]


def touched(values: np.ndarray) -> np.ndarray:
    """Per column: the share more than the odd few (those `enough` leaves out) reach (the most, for one
    or two examples)."""
    return np.sort(values, axis=0)[enough(len(values)) - 1]


def _signature(group: tuple[int, ...], colours: np.ndarray, ex_hist: np.ndarray, labels: np.ndarray) -> Signature:
    """The signature of `group` in `colours`: its share and each colour's, as `held` by each terrain's
    examples (the least over the group's terrains)."""
    mine = [ex_hist[labels == j][:, colours] for j in group]
    share = min(float(held(m.sum(axis=1, keepdims=True))[0]) for m in mine)
    each = np.min([held(m) for m in mine], axis=0)
    return Signature(group, colours, share, each)


def _without_crossings(sigs: list[Signature], hist: np.ndarray, ex_hist: np.ndarray, labels: np.ndarray,
                       answer: np.ndarray) -> list[Signature]:
    """A single feature terrain's signature without the colours that most hexes read as another
    feature terrain hold (over SIG_CROSS of them, each over SIG_PAIR_SHARE): the two taught examples
    of that other terrain happened to lack it, the map's other hexes of it have it (VASL board 20:
    the darkest shade of the woods, one palette colour, is in three quarters of the wooden
    buildings' hexes and in neither taught wooden building, so wooden building hexes showed woods,
    the feature with the lesser share). A terrain left with no colour has no signature."""
    singles = [s for s in sigs if len(s.codes) == 1]
    out: list[Signature] = []
    for sig in sigs:
        if len(sig.codes) > 1:
            out.append(sig)
            continue
        keep = [int(c) for c in sig.colours
                if not any(_held_by_most(hist[answer == o.codes[0], c]) for o in singles if o is not sig)]
        if len(keep) == len(sig.colours):
            out.append(sig)
        elif keep:
            out.append(_signature(sig.codes, np.array(keep), ex_hist, labels))
    return out


def _without_ground(sigs: list[Signature], hist: np.ndarray, ex_hist: np.ndarray, labels: np.ndarray,
                    answer: np.ndarray) -> list[Signature]:
    """A single terrain's signature without the colours that over SIG_GROUND of the ground's hexes hold
    (the hexes `answer` gives to terrains with no signature of their own, each over SIG_PAIR_SHARE):
    the terrain's examples share them with the ground by chance, not as the feature (VASL board 51
    printed, yellowed and scanned: both orchard examples stand on a paved road, the blur's fringe of
    the buildings' outlines holds the trees' dark green, so the orchard's signature was the road's
    greys alone, and half the clear hexes, on the town's roads, showed it). A terrain left with no
    colour has no signature."""
    features = {s.codes[0] for s in sigs if len(s.codes) == 1}
    ground = ~np.isin(answer, list(features))
    if not ground.any():
        return sigs
    out: list[Signature] = []
    for sig in sigs:
        keep = [int(c) for c in sig.colours
                if len(sig.codes) > 1 or float((hist[ground, c] > SIG_PAIR_SHARE).mean()) <= SIG_GROUND]
        if len(keep) == len(sig.colours):
            out.append(sig)
        elif keep:
            out.append(_signature(sig.codes, np.array(keep), ex_hist, labels))
    return out


def rare(hist: np.ndarray, colours: frozenset[int] | list[int], outside: np.ndarray) -> bool:
    """Whether each of `colours` is rare in the hexes `outside` (a mask): at most SIG_PAIR_FRAC of them
    hold over SIG_PAIR_SHARE of it, as a pair's colour must be in the hexes read as neither."""
    return not any(float((hist[outside, c] > SIG_PAIR_SHARE).mean()) > SIG_PAIR_FRAC
                   for c in colours if outside.any())


def _held_by_most(column: np.ndarray) -> bool:
    return bool(len(column)) and float((column > SIG_PAIR_SHARE).mean()) > SIG_CROSS


def shows(hist: np.ndarray, sig: Signature) -> tuple[np.ndarray, np.ndarray]:
    """Per hex: whether it shows the terrain, and the share of the requirement its signature
    colours reach (1: just enough)."""
    need = max(min(SHOW_SHARE * sig.share, SHOW_ABS), SHOW_MIN)
    scale = need / max(sig.share, 1e-9)
    got = hist[:, sig.colours]
    total = got.sum(axis=1)
    every = np.all(got >= SHOW_EACH * scale * sig.each[None, :], axis=1)
    return (total >= need) & every, total / need


def lacking(hist: np.ndarray, sigs: list[Signature], n_codes: int) -> np.ndarray:
    """Per hex and terrain (n, n_codes): whether the hex shows none of the terrain's own signature
    (SHOW_NONE of the requirement or less); False for terrains with no signature of their own."""
    out = np.zeros((len(hist), n_codes), dtype=bool)
    for sig in sigs:
        if len(sig.codes) == 1:
            out[:, sig.codes[0]] = shows(hist, sig)[1] <= SHOW_NONE
    return out


def showing(hist: np.ndarray, sigs: list[Signature], n_codes: int) -> np.ndarray:
    """Per hex and terrain (n, n_codes): whether the hex shows the terrain's own signature (`shows`);
    False for terrains with no signature of their own."""
    out = np.zeros((len(hist), n_codes), dtype=bool)
    for sig in sigs:
        if len(sig.codes) == 1:
            out[:, sig.codes[0]] = shows(hist, sig)[0]
    return out


def signature_reading(hist: np.ndarray, sigs: list[Signature], answer: np.ndarray, distances: np.ndarray,
                      sure: np.ndarray | None = None) -> np.ndarray:
    """The answer (terrain index per hex) with the signatures' word: a hex that shows feature
    terrains is the one drawn on top (the least signature share; of a pair, the nearer by
    `distances`); a hex read as a feature terrain that shows none of it takes the nearest terrain
    with no signature (it shows none). `distances`: (n, terrains) the nearest-example distance per terrain (inf where
    untaught); `sure`: where the nearest-example reading is sure."""
    out = answer.copy()
    if not sigs:
        return out
    rows = np.arange(len(hist))
    shown = np.zeros((len(hist), len(sigs)), dtype=bool)
    features = np.zeros(distances.shape[1], dtype=bool)
    for s, sig in enumerate(sigs):
        shown[:, s] = shows(hist, sig)[0]
        if len(sig.codes) == 1:
            features[sig.codes[0]] = True
    lacks = lacking(hist, sigs, distances.shape[1])
    # a pair's signature first, then single terrains', the least share last: the last shown wins
    for s in sorted(range(len(sigs)), key=lambda s: (len(sigs[s].codes) == 1, -sigs[s].share)):
        group = np.array(sigs[s].codes)
        d = np.where(lacks[:, group], np.inf, distances[:, group])  # not a terrain whose own signature it lacks
        pick = group[np.argmin(d, axis=1)]
        take = shown[:, s] & np.isfinite(d.min(axis=1))
        if len(group) > 1 and sure is not None:
            take &= ~sure  # a pair's colour is weaker evidence: it does not overrule a sure reading
        out[take] = pick[take]
    vetoed = lacks[rows, out] & ~shown.any(axis=1)
    if vetoed.any():
        # not a feature terrain either: the hex shows none, and a feature is answered only where shown
        d = np.where(lacks[vetoed] | features[None, :], np.inf, distances[vetoed])
        alt = np.argmin(d, axis=1)
        ok = np.isfinite(d[np.arange(len(alt)), alt])
        idx = np.flatnonzero(vetoed)[ok]
        out[idx] = alt[ok]
    return out



def missing(hist: np.ndarray, ex_hist: np.ndarray, labels: np.ndarray, sigs: list[Signature], n_codes: int
            ) -> np.ndarray:
    """Per hex and terrain (n, n_codes): whether the hex misses one of the terrain's essential colours.
    A terrain with no signature of its own (a ground terrain) has as essential the colours every one of
    its examples holds (ESSENTIAL or more, as `held`) that are a feature shared with another terrain
    (every example of some other terrain holds ESSENTIAL_SPLIT of that too: an orchard's trees and a
    gully's banks are the woods' green, so neither has a signature), that no terrain's examples are
    split on (some holding that much, some not: a road under one of two clear examples and both
    orchard examples), and that at most SIG_GROUND of the board's hexes hold (over SIG_PAIR_SHARE: the
    ground's own colour at the edge of woods and hill examples is nothing they add). A hex holding
    under ESSENTIAL_LACK of the examples' share misses it: a road hex read as an orchard whose two
    examples stand on a road, a house read as a gully by the brown of the gully's bed, with no tree
    or bank in them (VASL board 20 printed, yellowed and scanned)."""
    out = np.zeros((len(hist), n_codes), dtype=bool)
    codes = [int(j) for j in np.unique(labels)]
    if len(codes) < 2:
        return out
    own = {s.codes[0] for s in sigs if len(s.codes) == 1}
    ex = {j: np.sort(ex_hist[labels == j], axis=0) for j in codes}  # per terrain, its examples' shares sorted
    common = (hist > SIG_PAIR_SHARE).mean(axis=0) > SIG_GROUND
    for j in codes:
        if j in own:
            continue
        need = held(ex_hist[labels == j])
        for c in np.flatnonzero((need >= ESSENTIAL) & ~common):
            edge = ESSENTIAL_SPLIT * need[c]
            others = [ex[k][:, c] for k in codes if k != j]
            if any(o[0] < edge <= o[-1] for o in others) or not any(o[0] >= edge for o in others):
                continue
            out[:, j] |= hist[:, c] < ESSENTIAL_LACK * need[c]
    return out


def essentials_reading(hist: np.ndarray, ex_hist: np.ndarray, labels: np.ndarray, sigs: list[Signature],
                       answer: np.ndarray, distances: np.ndarray) -> np.ndarray:
    """The answer (terrain index per hex) with a last veto: a hex whose answer is a terrain it misses an
    essential colour of (`missing`), or a feature whose signature it shows none of (`lacking`) when it
    shows no pair signature of that feature either, takes the nearest terrain (by `distances`) it is
    neither (a house first read as a gully, then by its brown as a pair of the gully and wooden
    buildings, is the wooden building)."""
    n_codes = distances.shape[1]
    pair = np.zeros((len(hist), n_codes), dtype=bool)
    for sig in sigs:
        if len(sig.codes) > 1:
            pair[:, list(sig.codes)] |= shows(hist, sig)[0][:, None]
    ruled_out = missing(hist, ex_hist, labels, sigs, n_codes) | (lacking(hist, sigs, n_codes) & ~pair)
    vetoed = ruled_out[np.arange(len(answer)), answer]
    out = answer.copy()
    if vetoed.any():
        d = np.where(ruled_out[vetoed], np.inf, distances[vetoed])
        alt = np.argmin(d, axis=1)
        ok = np.isfinite(d[np.arange(len(alt)), alt])
        out[np.flatnonzero(vetoed)[ok]] = alt[ok]
    return out


@dataclass(frozen=True)
class Foreign:
    colour: int  # palette index
    need: float  # the share of a hex from which it counts
    lacking: np.ndarray  # the terrains (indices) whose examples lack it


def foreign_colours(hist: np.ndarray, ex_hist: np.ndarray, labels: np.ndarray, answer: np.ndarray
                    ) -> list[Foreign]:
    """The colours some taught terrains' answers cannot explain (see `unexplained`): for each, the
    terrains whose examples lack it (none over SIG_OTHER, as `touched`), while the examples of one or
    more other terrains hold it (SIG_OWN or more, as `held`); the share a hex must hold to count
    (SHOW_SHARE of the least holder's share, or SHOW_ABS). Only colours rare on the board outside the
    hexes read as their holders (`answer`: SIG_PAIR_FRAC of them over SIG_PAIR_SHARE at most): a
    road's colour that two orchard examples happen to stand on is in a fifth of the clear hexes and
    explains nothing."""
    codes = np.unique(labels)
    if len(codes) < 2:
        return []
    own = np.array([held(ex_hist[labels == j]) for j in codes])
    top = np.array([touched(ex_hist[labels == j]) for j in codes])
    out: list[Foreign] = []
    for c in range(hist.shape[1]):
        holding = own[:, c] >= SIG_OWN
        lacking = top[:, c] <= SIG_OTHER
        if not holding.any() or not lacking.any():
            continue
        outside = hist[~np.isin(answer, codes[holding]), c]
        if len(outside) and (outside > SIG_PAIR_SHARE).mean() > SIG_PAIR_FRAC:
            continue
        out.append(Foreign(c, min(SHOW_SHARE * float(own[holding, c].min()), SHOW_ABS), codes[lacking]))
    return out


def unexplained(hist: np.ndarray, foreign: list[Foreign], answer: np.ndarray) -> np.ndarray:
    """Per hex: whether it holds a colour its answer cannot explain (`foreign_colours`), so that the
    answer is a guess to leave for review rather than propose. This is the signature of a symbol
    terrain whose colour is also other terrains' (VASL board 66: the orchard's trees are the woods'
    and the stream banks' green, so the orchard has no signature of its own, and an orchard on a hill
    reads surely as the hill, whose examples have no tree in them)."""
    out = np.zeros(len(hist), dtype=bool)
    for f in foreign:
        out |= np.isin(answer, f.lacking) & (hist[:, f.colour] >= f.need)
    return out
