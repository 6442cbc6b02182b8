"""`chance.pick` in whole numbers (`_pick_ratio`) picks exactly what summing the outcomes' Fractions picks: the
seeded sampler's draws, and so every family's games, are those of the Fraction sums."""

from __future__ import annotations

import random
from fractions import Fraction

from hexwright.engine.rules.chance import SeededSampler, die_faces, pick


def _by_fractions(outcomes: list[tuple[int, Fraction]], x: Fraction) -> int:
    acc = Fraction(0)
    for outcome, p in outcomes:
        acc += p
        if x < acc:
            return outcome
    return outcomes[-1][0]


def test_whole_numbers_pick_what_the_fraction_sums_pick():
    rng = random.Random(5)
    for _ in range(5000):
        outcomes = [(i, Fraction(rng.randint(0, 5), rng.choice([1, 2, 3, 6, 7, 36, 216])))
                    for i in range(rng.randint(1, 7))]
        x = Fraction(rng.getrandbits(53), 1 << 53) if rng.random() < 0.7 else Fraction(rng.randint(0, 40), 36)
        assert pick(outcomes, x) == _by_fractions(outcomes, x)
    # the edges of a die's sixths
    faces = die_faces()
    for k in range(6):
        assert pick(faces, Fraction(k, 6)) == k + 1
        assert pick(faces, Fraction(6 * k + 5, 36)) == k + 1


def test_the_seeded_sampler_draws_as_the_fraction_sums_did():
    sampler, mirror = SeededSampler(11), random.Random(11)
    faces = die_faces()
    for _ in range(2000):
        assert sampler.choose(faces) == _by_fractions(faces, Fraction(mirror.getrandbits(53), 1 << 53))
