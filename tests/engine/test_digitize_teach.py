"""Answers to Teach next read one at a time (engine/digitize/teach.py, `answered_in_turn`): an answer
changes only the hexes it is evidence for. Each case is built from hex figures (median Lab colour,
ink and palette shares) and fine-palette shares as the taught reading sees them, and each fails
with the reading made afresh from all the examples (`taught_reading`, the rule before). No Qt and
no fetched data."""

from __future__ import annotations

import numpy as np
from hexwright.engine.digitize import reading, teach

N_FEATS = 3 + len(reading.DARK_STEPS) + reading.PALETTE_SIZE
N_HIST = 24


def figures(*labs: tuple[float, float, float]) -> np.ndarray:
    """Hex figures with these median Lab colours and no ink or palette texture."""
    out = np.zeros((len(labs), N_FEATS))
    out[:, :3] = np.array(labs, dtype=float)
    return out


def shares(**cols: float) -> np.ndarray:
    """Fine-palette shares: colour 0 is the ground, the rest named by index (c1=0.2 ...)."""
    h = np.zeros(N_HIST)
    for k, v in cols.items():
        h[int(k[1:])] = v
    h[0] = 1.0 - h.sum()
    return h


def test_turns_put_the_first_two_of_each_terrain_first_then_each_answer_in_order():
    labels = np.array([0, 0, 1, 1, 0, 2, 2, 1, 0, 3])
    taught = np.array([True] * 9 + [False])  # the last one borrowed from the table's colours
    assert list(teach.turns(labels, taught)) == [0, 0, 0, 0, 1, 0, 0, 2, 3, 0]


# Terrains of the mean-colour case: A the hex's own, B the mean colour's, C the answer's.
A, B, C = 0, 1, 2


def mean_colour_board() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Rows 0-1 A's examples, 2-3 B's, 4-5 C's, 6 the answer (a third C), 7 the hex watched (an A:
    nearest A's first example, 0.33 ahead of B), 8 a hex that looks like the answer, 9-11 others."""
    feats = figures((50, 10, 0), (50, 60, 0),  # A: one near the hex, one far (A's mean colour is far)
                    (50, 0, 15), (50, 0, 15),  # B: its mean colour is the nearest to the hex's
                    (50, -80, 0), (50, -80, 0),  # C, far from all
                    (50, -2, -11.5),  # the answer: C, 11.7 from the hex, nearer than B
                    (50, 0, 0),  # the hex
                    (50, -3, -12.5),  # a hex that looks like the answer
                    (50, 12, 1), (50, 1, 16), (50, -79, 1))
    hist = np.array([shares()] * len(feats))
    at = np.arange(7)
    labels = np.array([A, A, B, B, C, C, C])
    return feats, hist, at, labels


def test_an_answer_of_a_third_terrain_does_not_hand_the_hex_to_the_mean_colour():
    feats, hist, at, labels = mean_colour_board()
    taught = np.ones(len(at), dtype=bool)
    before = reading.taught_reading(feats, hist, at[:6], labels[:6], taught[:6], 3)
    assert before.answer[7] == A  # the nearest example, 0.33 ahead: the mean colour does not answer
    fresh = reading.taught_reading(feats, hist, at, labels, taught, 3)
    # the rule before: the answer, now the hex's runner-up, takes its margin under 0.3, and the mean
    # colour (B's, nearer than A's far-spread examples' median) names B
    assert fresh.answer[7] == B
    read = teach.answered_in_turn(feats, hist, at, labels, taught, 3, teach.turns(labels, taught))
    assert read.answer[7] == A  # the answer is no evidence for B: the hex keeps A ...
    assert not read.sure[7]  # ... and, the fresh reading disagreeing, is left for review
    assert read.margin[7] < read.threshold
    assert read.answer[8] == C  # a hex that looks like the answer is read as the answer's terrain


# Terrains of the signature case: clear ground, stone houses (roof colour 1), a stream (colour 2).
CLEAR, STONE, STREAM = 0, 1, 2


def test_more_answers_of_a_feature_do_not_put_it_on_top_of_a_hex_they_do_not_look_like():
    feats = figures((60, 0, 0), (60, 0, 0),  # clear
                    (50, 10, 10), (50, 10, 10),  # stone houses
                    (55, -5, -22), (55, -5, -22),  # stream
                    (52, 8, 8), (48, 12, 12),  # two answers: small stone houses
                    (55, -5, -20),  # the hex watched: a stream by a house's corner
                    (60, 1, 0), (50, 9, 9), (55, -4, -21))
    hist = np.array([shares(), shares(),
                     shares(c1=0.6), shares(c1=0.5),
                     shares(c2=0.4), shares(c2=0.45),
                     shares(c1=0.2), shares(c1=0.25),
                     shares(c1=0.1, c2=0.3),
                     shares(), shares(c1=0.55), shares(c2=0.42)])
    at = np.arange(8)
    labels = np.array([CLEAR, CLEAR, STONE, STONE, STREAM, STREAM, STONE, STONE])
    taught = np.ones(len(at), dtype=bool)
    before = reading.taught_reading(feats, hist, at[:7], labels[:7], taught[:7], 3)
    assert before.answer[8] == STREAM  # shows both; the stream's signature is the lesser share: on top
    fresh = reading.taught_reading(feats, hist, at, labels, taught, 3)
    # the rule before: with four stone examples the stone signature's share is what three of them
    # hold (0.25), now under the stream's (0.4), so the house is on top of the same hex
    assert fresh.answer[8] == STONE
    read = teach.answered_in_turn(feats, hist, at, labels, taught, 3, teach.turns(labels, taught))
    assert read.answer[8] == STREAM
    assert not read.sure[8]


def test_without_answers_beyond_two_per_terrain_the_reading_is_the_fresh_one():
    feats, hist, at, labels = mean_colour_board()
    taught = np.ones(6, dtype=bool)
    turn = teach.turns(labels[:6], taught)
    assert turn.max() == 0
    fresh = reading.taught_reading(feats, hist, at[:6], labels[:6], taught, 3)
    read = teach.answered_in_turn(feats, hist, at[:6], labels[:6], taught, 3, turn)
    assert np.array_equal(read.answer, fresh.answer) and np.array_equal(read.sure, fresh.sure)


def test_a_terrain_taught_by_one_hex_is_never_proposed():
    # nothing to hold out, so its readings cannot be calibrated (VASL board 45 yellowed: 8 road hexes
    # were proposed as its one pond's water, at margins 0.48-0.65 over a cut of 0.45)
    feats = figures((50, 0, 0), (50, 2, 0),  # A
                    (50, 40, 0), (50, 42, 0),  # B
                    (50, -40, 0),  # C, its only example
                    (50, -38, 0), (50, 1, 0))  # a hex like C, a hex like A
    hist = np.array([shares()] * len(feats))
    at, labels = np.arange(5), np.array([A, A, B, B, C])
    read = reading.taught_reading(feats, hist, at, labels, np.ones(5, dtype=bool), 3)
    assert read.answer[5] == C and read.margin[5] >= read.threshold  # read as C, clearly ...
    assert not read.sure[5]  # ... yet left for review
    assert read.sure[6]  # A, with two examples, is proposed
    # with a second example of C the same hex is proposed (the rule before proposed it with one)
    feats2 = np.vstack([feats, figures((50, -41, 0))])
    hist2 = np.array([shares()] * len(feats2))
    read2 = reading.taught_reading(feats2, hist2, np.array([0, 1, 2, 3, 4, 7]), np.array([A, A, B, B, C, C]),
                              np.ones(6, dtype=bool), 3)
    assert read2.answer[5] == C and read2.sure[5]


def test_a_signature_an_answer_first_gives_a_ground_terrain_takes_no_house():
    # VASL board 21 yellowed, a seventh answer: a third clear example; two of the three clear examples
    # happen to hold a colour (4) that no other example holds, so clear gets a signature of its own,
    # with a share under the houses', and a house holding a little of it went to clear "on top"
    feats = figures((90, 0, 0), (90, 1, 0),  # clear
                    (50, 10, 10), (50, 11, 10),  # stone houses
                    (70, 5, 5),  # the answer: a darker clear hex
                    (52, 9, 9),  # the hex watched: a house holding some of colour 4 ...
                    (58, 8, 8))  # ... and one nearer the answer than the other clear examples (nearer a house still)
    hist = np.array([shares(c4=0.05), shares(),
                     shares(c1=0.3), shares(c1=0.35),
                     shares(c4=0.06),
                     shares(c1=0.3, c4=0.05), shares(c1=0.3, c4=0.05)]
                    + [shares(c1=0.3)] * 12 + [shares()] * 12)  # other houses and fields
    feats = np.vstack([feats, figures(*[(50, 10, 10)] * 12), figures(*[(90, 0, 0)] * 12)])
    at, labels = np.arange(5), np.array([CLEAR, CLEAR, STONE, STONE, CLEAR])
    taught = np.ones(5, dtype=bool)
    before = reading.taught_reading(feats, hist, at[:4], labels[:4], taught[:4], 2)
    assert list(before.answer[5:7]) == [STONE, STONE]
    fresh = reading.taught_reading(feats, hist, at, labels, taught, 2)
    assert fresh.own[CLEAR] and not before.own[CLEAR]  # the answer made clear a signature ...
    assert list(fresh.answer[5:7]) == [CLEAR, CLEAR]  # ... and the rule before took both houses to it
    read = teach.answered_in_turn(feats, hist, at, labels, taught, 2, teach.turns(labels, taught))
    assert list(read.answer[5:7]) == [STONE, STONE]
    assert not read.sure[5:7].any()
