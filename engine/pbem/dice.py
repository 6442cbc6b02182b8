"""Dice nobody can choose: commit-and-reveal between the two players of a play-by-e-mail game.

Each player makes a secret hash chain when they create or join the game: a random seed s_n, then
s_{i-1} = SHA-256(s_i) down to s_0, which is the commitment written in the game file. The k-th roll of
the game takes the k-th value of each player's chain (a_k from one, b_k from the other), each checked by
hashing it back to the value revealed before it (SHA-256(a_k) == a_{k-1}, a_0 the commitment), so a
value cannot be chosen after the commitment; neither can the order, because each player reveals exactly
one value per roll, in turn.

The roll is SHA-256(a_k || b_k || k || the history's link before the roll) read as a number in [0, 1)
with 256 bits, and mapped onto the chance node's exact distribution (engine/rules/chance.py: the
outcomes and their `Fraction` probabilities, in the order the rules list them).

Who reveals when (referee.py): no value is revealed before both players have joined (a player choosing
his chain after seeing the other's value could try chains until the roll suited him). Then the side
whose play reached the chance node reveals its value first and hands the file over; the other side
reveals its own and the roll is made on its machine. The first
revealer cannot know the roll (the other's value is still secret), the second learns it only after the
first's value is fixed; a reload or an edit of the file changes nothing, since every value is fixed by
the commitments made at the start.
"""

from __future__ import annotations

import hashlib
import secrets
from fractions import Fraction

from ..rules.chance import pick

__all__ = ["CHAIN_LENGTH", "chain", "follows", "new_seed", "pick", "roll_number", "sha256"]

# the rolls one chain pays for: more than any shipped game uses (docs/playtest.md gives the counts)
CHAIN_LENGTH = 20_000


def sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def new_seed() -> bytes:
    """A secret seed for a chain: 32 bytes from the operating system's random source."""
    return secrets.token_bytes(32)


def chain(seed: bytes, length: int = CHAIN_LENGTH) -> list[bytes]:
    """The chain [s_0, s_1, ..., s_length] of `seed` (= s_length): s_0 is the commitment, s_k the k-th
    revealed value."""
    values = [seed]
    for _ in range(length):
        values.append(sha256(values[-1]))
    values.reverse()
    return values


def follows(value: bytes, previous: bytes) -> bool:
    """Whether `value` is the chain's next value after `previous` (the commitment, or the last reveal)."""
    return sha256(value) == previous


def roll_number(first: bytes, second: bytes, k: int, link: str) -> Fraction:
    """The k-th roll as an exact number in [0, 1) from both players' values and the history before it."""
    digest = sha256(first + second + k.to_bytes(8, "big") + bytes.fromhex(link))
    return Fraction(int.from_bytes(digest, "big"), 1 << 256)
