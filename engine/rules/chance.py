"""Chance outcomes: dice, random draws from a pool or a cup, all from an injected seeded sampler.

A chance node lists its outcomes with exact probabilities (`Fraction`), so the distribution of a
combat's results is a sum over the six faces of a die (as OpenSpiel's chance nodes), and a game
log replays bit-for-bit because each drawn outcome is recorded as an action.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Sampler(Protocol):
    def choose(self, outcomes: Sequence[tuple[T, Fraction]]) -> T: ...


class SeededSampler:
    """A sampler from a seed; its draws depend only on the seed and the sequence of chance nodes."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def __deepcopy__(self, memo: dict[int, Any]) -> SeededSampler:
        """A copy that goes on drawing what this one would (the generator's state copied whole, without
        deep-copying its 625 numbers one by one: a bot's clone of a state copies its sampler)."""
        new = SeededSampler.__new__(SeededSampler)
        new.seed = self.seed
        new._rng = random.Random()
        new._rng.setstate(self._rng.getstate())
        memo[id(self)] = new
        return new

    def choose(self, outcomes: Sequence[tuple[T, Fraction]]) -> T:
        if not outcomes:
            raise ValueError("no outcomes to choose from")
        return _pick_ratio(outcomes, self._rng.getrandbits(53), 1 << 53)


def pick(outcomes: Sequence[tuple[T, Fraction]], x: Fraction) -> T:
    """The outcome whose share of [0, 1) holds `x`, the outcomes taken in the rules' order (the last one
    if rounding leaves `x` past them all)."""
    if not outcomes:
        raise ValueError("no outcomes to choose from")
    return _pick_ratio(outcomes, x.numerator, x.denominator)


def _pick_ratio(outcomes: Sequence[tuple[T, Fraction]], num: int, den: int) -> T:
    """`pick` of x = num / den (den > 0) in whole numbers: the shares summed as an unreduced ratio
    acc_n / acc_d and x < acc compared as num * acc_d < acc_n * den, exactly as the fractions compare (a
    roll of a die sums sixths: no Fraction made, no common divisor sought)."""
    acc_n, acc_d = 0, 1
    for outcome, p in outcomes:
        pn, pd = p.numerator, p.denominator
        if pd == acc_d:
            acc_n += pn
        else:
            acc_n = acc_n * pd + pn * acc_d
            acc_d *= pd
        if num * acc_d < acc_n * den:
            return outcome
    return outcomes[-1][0]


class ScriptedSampler:
    """A sampler that returns given outcomes in order (tests, and replays that check a log's rolls).
    Each scripted value is matched against the outcomes' `value` attribute or the outcome itself."""

    def __init__(self, values: Sequence[Any]) -> None:
        self.values = list(values)
        self.used = 0

    def choose(self, outcomes: Sequence[tuple[T, Fraction]]) -> T:
        if self.used >= len(self.values):
            raise ValueError("the scripted sampler has no more outcomes")
        want = self.values[self.used]
        self.used += 1
        for outcome, _p in outcomes:
            if outcome == want or getattr(outcome, "value", None) == want:
                return outcome
        raise ValueError(f"scripted outcome {want!r} is not among {[o for o, _ in outcomes]!r}")


def die_faces(sides: int = 6) -> list[tuple[int, Fraction]]:
    return [(v, Fraction(1, sides)) for v in range(1, sides + 1)]


def uniform(items: Sequence[T]) -> list[tuple[T, Fraction]]:
    n = len(items)
    return [(it, Fraction(1, n)) for it in items]


def weighted(counts: dict[T, int]) -> list[tuple[T, Fraction]]:
    """Outcomes drawn from a pool holding `counts[item]` copies of each item."""
    total = sum(c for c in counts.values() if c > 0)
    return [(it, Fraction(c, total)) for it, c in counts.items() if c > 0]


def combat_odds(state: Any, attack: Any) -> dict[str, Fraction]:
    """The exact probability of each combat result for `attack` declared in `state` (with the support
    fire markers already committed, if any): a sum over the die's faces. Delegates to the family's
    `result_distribution(attack)`."""
    fn = getattr(state, "result_distribution", None)
    if fn is None:
        raise ValueError(f"the {type(state).__name__} rules do not compute combat odds")
    return fn(attack)
