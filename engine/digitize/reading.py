"""The taught reading of a board's hexes from their figures (engine/digitize/terrain.py reads them from
the scan): the distance to each taught example, the calibrated proposing cut, the self-trained and
mean-colour checks, and the signatures' word (engine/digitize/signature.py). No Qt, no scan: numpy
on the figures alone, so a reading can be made again on other examples (engine/digitize/teach.py,
answers to Teach next) without reading the scan again. terrain.py's module docstring describes the
method.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .signature import essentials_reading, foreign_colours, lacking, showing, signature_reading, signatures, unexplained

CHUNK_HEXES = 256  # hexes read at a time: from the scan (progress is reported per chunk), and per distance
# table (bounded memory on big maps)

# -- taught: colour and texture features -------------------------------------------------------------

PALETTE_SIZE = 8
DARK_STEPS = (18.0, 30.0, 45.0)  # ink shares: points this much darker (L*) than the hex's median
# Distance to a taught hex, in Lab units (chosen on the tuning boards of the digitize benchmark):
# the median colours' difference, plus the ink and palette shares the hex has MORE of than the
# example (a house in a field must be explained; weighed fully) and LESS of (an example may hold a
# stray crest line or hex number the others lack: ink weighed half, palette shares not at all; with
# ASL's symbol terrains in the boards' tables, 15-30 for missing ink gave the same on the tuning
# boards, 5 read plain fields as shellholes or hammada).
INK_MORE, INK_LESS = 40.0, 20.0
PALETTE_MORE, PALETTE_LESS = 20.0, 0.0
MIN_SURE = 0.45  # a taught proposal is `proposed` from this margin at least (chosen on the tuning boards)
DOUBT_CONFIDENCE = 0.5  # a hex holding a colour its answer cannot explain: confidence at most this share of the cut


def _palette(lab_points: np.ndarray, k: int = PALETTE_SIZE, seed: int = 0) -> np.ndarray:
    """A small palette of the map's own colours: k-means (k-means++ start, fixed seed) in Lab."""
    pts = lab_points[~np.isnan(lab_points).any(axis=1)]
    if len(pts) == 0:
        return np.zeros((1, 3))
    rng = np.random.default_rng(seed)
    if len(pts) > 20000:
        pts = pts[rng.choice(len(pts), 20000, replace=False)]
    centres = [pts[rng.integers(len(pts))]]
    nearest = np.linalg.norm(pts - centres[0], axis=1)  # each point's distance to its nearest centre so far
    for _ in range(1, k):
        d = nearest ** 2
        if d.sum() <= 0:
            break
        centres.append(pts[rng.choice(len(pts), p=d / d.sum())])
        nearest = np.minimum(nearest, np.linalg.norm(pts - centres[-1], axis=1))
    c = np.array(centres)
    for _ in range(12):
        near = np.argmin(((pts[:, None, :] - c[None, :, :]) ** 2).sum(axis=2), axis=1)
        c = np.array([pts[near == j].mean(axis=0) if np.any(near == j) else c[j] for j in range(len(c))])
    return c


def valid_points(labs: np.ndarray) -> np.ndarray:
    """Which hexes have enough of their feature points on the scan (half of them)."""
    return (~np.isnan(labs[..., 0])).sum(axis=1) >= labs.shape[1] // 2


def points_features(labs: np.ndarray) -> np.ndarray:
    """`hex_features` from the points `hex_points` read."""
    n = len(labs)
    ok = ~np.isnan(labs[..., 0])
    valid = valid_points(labs)
    palette = _palette(labs[valid].reshape(-1, 3))
    feats = np.full((n, 3 + len(DARK_STEPS) + len(palette)), np.nan)
    if not valid.any():
        return feats
    v, okv = labs[valid], ok[valid]
    med = np.nanmedian(v, axis=1)
    count = np.maximum(1, okv.sum(axis=1))
    dark = [((np.nan_to_num(v[..., 0], nan=999.0) < med[:, None, 0] - step) & okv).sum(axis=1) / count
            for step in DARK_STEPS]
    near = np.argmin(np.linalg.norm(np.nan_to_num(v)[:, :, None, :] - palette[None, None, :, :], axis=3), axis=2)
    hist = [((near == j) & okv).sum(axis=1) / count for j in range(len(palette))]
    feats[valid] = np.column_stack([med, *dark, *hist])
    return feats


def example_distances(feats: np.ndarray, examples: np.ndarray) -> np.ndarray:
    """The distance (Lab units) of each hex (n, f) to each example hex (m, f), (n, m)."""
    nd = 3 + len(DARK_STEPS)
    d = np.linalg.norm(feats[:, None, :3] - examples[None, :, :3], axis=2)
    ink = feats[:, None, 3:nd] - examples[None, :, 3:nd]
    d += INK_MORE * np.clip(ink, 0, None).sum(axis=2) + INK_LESS * np.clip(-ink, 0, None).sum(axis=2)
    pal = feats[:, None, nd:] - examples[None, :, nd:]
    d += PALETTE_MORE * np.clip(pal, 0, None).sum(axis=2) + PALETTE_LESS * np.clip(-pal, 0, None).sum(axis=2)
    return d


def terrain_distances(feats: np.ndarray, examples: np.ndarray, labels: np.ndarray, n_codes: int,
                      source: np.ndarray | None = None) -> np.ndarray:
    """Per hex and terrain, the distance to the terrain's nearest example, (n, n_codes); inf for a
    terrain with no example. `source` as for `nearest_terrain`."""
    per = np.full((len(feats), n_codes), np.inf)
    own = np.flatnonzero(source >= 0) if source is not None else np.zeros(0, dtype=int)
    for start in range(0, len(feats), CHUNK_HEXES):  # bounded memory: (chunk, examples, figures)
        d = example_distances(feats[start:start + CHUNK_HEXES], examples)
        if source is not None:
            j = own[(source[own] >= start) & (source[own] < start + len(d))]
            d[source[j] - start, j] = np.inf
        for j in np.unique(labels):
            per[start:start + len(d), j] = d[:, labels == j].min(axis=1)
    return per


def nearest_terrain(feats: np.ndarray, examples: np.ndarray, labels: np.ndarray, n_codes: int,
                    source: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Per hex: the terrain of its nearest examples (index) and the margin (0..1) by which the
    runner-up terrain is farther: (d2 - d1) / d2, 0 where only one terrain is taught. `source`: for
    each example, the row of `feats` it is (-1: none); a hex is never its own example."""
    return nearest_of(terrain_distances(feats, examples, labels, n_codes, source))


def nearest_of(per: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """`nearest_terrain` from the distances per hex and terrain (`terrain_distances`)."""
    order = np.argsort(per, axis=1)
    rows = np.arange(len(per))
    best = order[:, 0]
    d1 = per[rows, best]
    d2 = per[rows, order[:, 1]] if per.shape[1] > 1 else np.full(len(per), np.inf)
    both = np.isfinite(d1) & np.isfinite(d2)
    margin = np.zeros(len(per))
    margin[both] = (d2[both] - d1[both]) / np.maximum(d2[both], 1e-9)
    return best, np.clip(margin, 0.0, 1.0)


# Whether the whole reading leaves a held-out example for review: (its index, which examples are kept,
# its nearest terrain among them (1,), its distances per terrain (1, terrains)) -> True to leave it
Review = Callable[[int, np.ndarray, np.ndarray, np.ndarray], bool]


def calibrated_threshold(feats: np.ndarray, labels: np.ndarray, n_codes: int, taught: np.ndarray,
                         review: Review | None = None) -> float:
    """The margin from which taught proposals are `proposed`: above every wrong answer given for a
    taught hex when it is left out of the examples (and at least MIN_SURE). A taught hex that is
    its terrain's only example cannot be held out and is skipped; so is one `review` says the whole
    reading would leave for review (the signature step changes its answer, or it holds a colour its
    answer cannot explain): it would not be proposed wrong, whatever its margin. Without that, an
    answer to Teach next (the least sure hexes: a sliver of a house at a hex's edge) read wrong when
    held out raised the cut to near 1 and took most proposals away."""
    threshold = MIN_SURE
    for i in np.flatnonzero(taught):
        keep = np.arange(len(labels)) != i
        if not np.any(labels[keep] == labels[i]):
            continue
        per = terrain_distances(feats[i:i + 1], feats[keep], labels[keep], n_codes)
        best, margin = nearest_of(per)
        if best[0] != labels[i] and not (review is not None and review(int(i), keep, best, per)):
            threshold = max(threshold, min(0.99, float(margin[0]) + 0.02))
    return threshold


SELF_ROUNDS = 3  # rounds of self-training: the hexes read surely in a round join the examples of the next
SELF_MAX_EXAMPLES = 2000  # ... at most this many (the surest)
# The nearest-mean-colour vote (chosen on the tuning boards of the digitize benchmark): it answers
# where its runner-up is MEAN_CLEAR farther and the nearest example is less sure than EXAMPLE_UNSURE.
MEAN_CLEAR, EXAMPLE_UNSURE = 0.5, 0.3


def mean_colour_vote(feats: np.ndarray, examples: np.ndarray, labels: np.ndarray, n_codes: int,
                     lacks: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Per hex: the terrain whose examples' median colour is nearest its own (index; the plain
    nearest-mean-colour reading) and that reading's margin (0..1) over the runner-up. `lacks` (n,
    n_codes): terrains the vote may not name for a hex (a feature whose signature it shows none of)."""
    means = np.full((n_codes, 3), np.nan)
    for j in np.unique(labels):
        means[j] = np.median(examples[labels == j, :3], axis=0)
    d = np.linalg.norm(feats[:, None, :3] - means[None, :, :], axis=2)
    d = np.where(np.isnan(d), np.inf, d)
    if lacks is not None:
        d = np.where(lacks, np.inf, d)
    best = np.argmin(d, axis=1)
    margin = np.zeros(len(feats))
    if n_codes > 1:
        ds = np.sort(d, axis=1)
        fin = np.isfinite(ds[:, 1])
        margin[fin] = (ds[fin, 1] - ds[fin, 0]) / np.maximum(ds[fin, 1], 1e-9)
    return best, margin


def self_trained(feats: np.ndarray, examples: np.ndarray, labels: np.ndarray, n_codes: int, threshold: float,
                 lacks: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Three readings of every hex, and how sure they are together. Per hex: the terrain (index),
    the confidence (0..1) and whether it is sure enough to be `proposed`.

    1. The nearest example among the taught hexes (`nearest_terrain`): the answer.
    2. The same after SELF_ROUNDS rounds of self-training: the hexes read with a margin reaching
       `threshold` join the examples of the next round (label propagation over the board's own
       hexes; a hex is never its own example). Used as a check only: on the tuning boards it
       drifted (a wrong sure hex pulls its neighbours along) and answered worse than reading 1.
    3. The nearest mean colour of the examples (`mean_colour_vote`): it answers instead where it is
       clear (MEAN_CLEAR) and reading 1 is not (EXAMPLE_UNSURE).

    Sure: readings 1, 2 and 3 agree and both nearest-example margins reach `threshold`."""
    best0, margin0 = nearest_terrain(feats, examples, labels, n_codes)
    best, margin = best0, margin0
    for _ in range(SELF_ROUNDS):
        confident = np.flatnonzero(margin >= threshold)
        if len(confident) > SELF_MAX_EXAMPLES:  # a big map: its surest hexes only
            confident = confident[np.argsort(-margin[confident], kind="stable")[:SELF_MAX_EXAMPLES]]
        ex = np.concatenate([examples, feats[confident]])
        lab = np.concatenate([labels, best[confident]])
        source = np.concatenate([np.full(len(examples), -1), confident])
        best, margin = nearest_terrain(feats, ex, lab, n_codes, source)
    by_mean, mean_margin = mean_colour_vote(feats, examples, labels, n_codes, lacks)
    sure = (margin0 >= threshold) & (margin >= threshold) & (best == best0) & (by_mean == best0)
    answer = best0.copy()
    vote = (mean_margin >= MEAN_CLEAR) & (margin0 < EXAMPLE_UNSURE)
    answer[vote] = by_mean[vote]
    return answer, np.minimum(margin0, margin), sure



# -- one reading of the board ---------------------------------------------------------------------


@dataclass(frozen=True)
class TaughtReading:
    """One taught reading of the board's hexes (`taught_reading`)."""
    answer: np.ndarray  # terrain index per hex
    margin: np.ndarray  # confidence (0..1) per hex
    sure: np.ndarray  # `proposed` per hex
    threshold: float  # the calibrated proposing cut
    distances: np.ndarray  # (n, terrains): the nearest example's distance per terrain (inf: none)
    shown: np.ndarray  # (n, terrains): the hex shows the terrain's own signature (False: it has none)
    own: tuple[frozenset[int], ...]  # per terrain, its own signature's palette colours (empty: none)


def taught_reading(feats: np.ndarray, hist: np.ndarray, at: np.ndarray, labels: np.ndarray, taught: np.ndarray,
                   n_codes: int) -> TaughtReading:
    """The taught reading of hexes with figures `feats` (n, f) and fine-palette shares `hist` (n, colours):
    the examples are the hexes at rows `at`, of terrains `labels` (`taught`: which the designer named;
    the others are borrowed from the table's colours). The nearest example, checked by self-training
    and the mean colour (`self_trained`), then the signatures' word (engine/digitize/signature.py):
    a hex whose answer that changes is not `proposed`, nor one holding a colour its answer cannot
    explain (`unexplained`)."""
    ex_feats, ex_hist = feats[at], hist[at]
    distances = terrain_distances(feats, ex_feats, labels, n_codes)
    first = np.argmin(distances, axis=1)

    def left_for_review(i: int, keep: np.ndarray, nearest: np.ndarray, per: np.ndarray) -> bool:
        read = signature_reading(ex_hist[i:i + 1], signatures(hist, ex_hist[keep], labels[keep], first), nearest, per)
        return bool(read[0] != nearest[0] or unexplained(
            ex_hist[i:i + 1], foreign_colours(hist, ex_hist[keep], labels[keep], first), read)[0])

    threshold = calibrated_threshold(ex_feats, labels, n_codes, taught, left_for_review)
    lacks = lacking(hist, signatures(hist, ex_hist, labels, first), n_codes)
    best, margin, sure = self_trained(feats, ex_feats, labels, n_codes, threshold, lacks)
    sigs = signatures(hist, ex_hist, labels, best)
    answer = essentials_reading(hist, ex_hist, labels, sigs, signature_reading(hist, sigs, best, distances, sure),
                                distances)
    changed = answer != best
    sure &= ~changed
    margin = np.where(changed, 0.0, margin)
    # a colour the answer's examples lack and other terrains' hold (a symbol terrain with no signature
    # of its own): left for review, below the proposing cut
    doubt = unexplained(hist, foreign_colours(hist, ex_hist, labels, answer), answer)
    sure &= ~doubt
    margin = np.where(doubt, np.minimum(margin, DOUBT_CONFIDENCE * threshold), margin)
    # a terrain with one example has nothing to hold out: its readings cannot be calibrated, and are
    # left for review (VASL board 45 yellowed: 8 road hexes proposed as its one pond's water)
    sure &= (np.bincount(labels, minlength=n_codes) >= 2)[answer]
    own = tuple(frozenset(int(c) for s in sigs if s.codes == (j,) for c in s.colours) for j in range(n_codes))
    return TaughtReading(answer, margin, sure, threshold, distances, showing(hist, sigs, n_codes), own)
