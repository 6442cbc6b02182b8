"""Answers to Teach next read one at a time (`answered_in_turn`): each answer may change only the hexes
it is evidence for. No Qt.

engine/digitize/reading.py reads a board from its taught hexes (`taught_reading`); the designer's
answers to Teach next (taught hexes beyond the first two of a terrain) are the hexes the reading was
least sure of, often odd ones, and read all at once they moved other hexes through the rules'
thresholds (docs/benchmarks.md, issue 27, update 2026-12-05 (7)). Here they are added in the order
given, each allowed to change only what it is evidence for.
"""

from __future__ import annotations

import numpy as np

from .reading import CHUNK_HEXES, DOUBT_CONFIDENCE, TaughtReading, example_distances, taught_reading
from .signature import rare


def turns(labels: np.ndarray, taught: np.ndarray) -> np.ndarray:
    """Per example, the turn it joined the reading in: 0 for the first two taught hexes of each terrain
    (in the order given) and the borrowed ones, then 1, 2 ... for each later taught hex in order
    (the designer's answers to Teach next)."""
    out = np.zeros(len(labels), dtype=int)
    seen: dict[int, int] = {}
    turn = 0
    for i in np.flatnonzero(taught):
        seen[int(labels[i])] = seen.get(int(labels[i]), 0) + 1
        if seen[int(labels[i])] > 2:
            turn += 1
            out[i] = turn
    return out


def answered_in_turn(feats: np.ndarray, hist: np.ndarray, at: np.ndarray, labels: np.ndarray, taught: np.ndarray,
                     n_codes: int, turn: np.ndarray) -> TaughtReading:
    """The taught reading with the designer's answers (`turns` after 0) added one at a time, each
    allowed to change only the hexes it is evidence for. An answer joins the examples and the board
    is read afresh (`taught_reading`); a hex whose answer differs from the one it had takes the fresh
    answer only where the answer is evidence for it:

    * the hex is now read as the answer's terrain and the new example is the nearest of that
      terrain's examples (the hex looks like what was answered);
    * this answer moved the fresh reading there, and the new example is the hex's nearest example
      though the hex was not read as its terrain (a look the answer's terrain does not explain: VASL
      board 25, a clear hex nearest a new wadi example, showing no wadi, is clear); or
    * this answer moved the fresh reading there, and the hex now shows the new answer's own
      signature where it did not before, that signature shaped by an answer of its terrain or made
      smaller by one (an answer holding a colour takes it from another terrain's signature; one
      lacking it is no evidence that the other terrain owns it), and its colours rare in the hexes
      read as other terrains (VASL board 3: a tenth answer left the shellholes one colour that a
      sixth of the clear hexes hold).

    Any other change comes from the rules' thresholds, not from the hex's look (tuning boards: an
    example of a third terrain becoming the runner-up lets the mean colour answer; a fourth example
    of a terrain reorders the features' signature shares; a sixth lets a pair signature of two
    ground colours form): such a hex keeps the answer it had, and as the fresh reading disagrees it
    is left for review, below the proposing cut."""
    def read(k: int) -> TaughtReading:
        sub = turn <= k
        return taught_reading(feats, hist, at[sub], labels[sub], taught[sub], n_codes)

    fresh = before = read(0)
    answer = fresh.answer
    d = np.concatenate([example_distances(feats[s:s + CHUNK_HEXES], feats[at])
                        for s in range(0, len(feats), CHUNK_HEXES)])  # (hexes, examples), chunked
    for k in range(1, int(turn.max()) + 1):
        fresh = read(k)
        e = int(np.flatnonzero(turn == k)[0])
        cols = np.flatnonzero(turn <= k)
        # the new example is the hex's nearest, and the hex was not read as its terrain before (a hex
        # that looks most like the answer is no evidence for leaving the answer's terrain)
        nearest = (cols[np.argmin(d[:, cols], axis=1)] == e) & (before.answer != labels[e])
        same = cols[(labels[cols] == labels[e]) & (cols != e)]
        like = (fresh.answer == labels[e]) & (d[:, e] < d[:, same].min(axis=1) if len(same) else True)
        # a signature this answer first gives its terrain (colours two of three examples of a ground
        # terrain happen to hold: VASL board 21 yellowed, a seventh answer) is no evidence: a hex read
        # as the answer's terrain by showing it alone does not look like the answer
        created = bool(fresh.own[labels[e]]) and not before.own[labels[e]]
        like &= ~(created & fresh.shown[:, labels[e]])
        rows = np.arange(len(answer))
        # the hex now shows its new answer's own signature: an answer of that terrain shaped it (not
        # `created` it), or an answer holding a colour took it from that signature (what is left is
        # the feature); an answer lacking a colour is no evidence that another terrain owns it
        refined = np.array([((j == labels[e] and not created) or fresh.own[j] <= before.own[j])
                            and rare(hist, fresh.own[j], before.answer != j) for j in range(n_codes)])
        shows_now = fresh.shown[rows, fresh.answer] & ~before.shown[rows, fresh.answer] & refined[fresh.answer]
        moved = fresh.answer != before.answer  # this answer changed the fresh reading there
        answer = np.where((fresh.answer == answer) | like | (moved & (nearest | shows_now)), fresh.answer, answer)
        before = fresh
    kept = answer != fresh.answer
    return TaughtReading(answer, np.where(kept, np.minimum(fresh.margin, DOUBT_CONFIDENCE * fresh.threshold),
                                          fresh.margin), fresh.sure & ~kept, fresh.threshold, fresh.distances,
                         fresh.shown, fresh.own)
