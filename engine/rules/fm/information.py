"""What a Fire & Movement player may not see, for the MCTS bot's information sets (engine/bots/mcts.py;
the family's `information_set` entry): the support fire markers the other player draws secretly (F&M 7.2,
10.7: the other player knows only how many), the markers face down in a combat (8.2.1 b) and the secret
set-up (12.0, Scenario 2)."""

from __future__ import annotations

import random
from typing import Any

from ..protocol import CHANCE, GameState
from .board import FMBoard
from .support import side_pools


class FMInformationSet:
    def searchable(self, state: GameState, me: str) -> bool:
        """Not while the other side has a decision hidden from `me` that a determinization does not draw
        again (F&M 8.2.1 b markers face down, F&M 12.0 the secret set-up)."""
        if isinstance(state, FMBoard):
            if state.setting_up():
                return False
            c = state.combat_in_progress()
            if c is not None and c.step <= 4 and any(ms for side, ms in c.markers.items() if side != me):
                return False
        return True

    def redeal(self, state: GameState, me: str, rng: random.Random) -> None:
        """F&M 7.2, 10.7: deal the other side's secretly drawn support fire markers again. Its markers that
        belong to one of its pools are put back into that pool and as many drawn again from it, without
        replacement, from the bot's generator (a stand-in for a marker not revealed yet, on a play-by-e-mail
        machine, is dealt from what is left in the pools); the order is canonical (by token), so two states that differ
        only in the hidden hand give the same determinizations. A hand that holds every marker of its pools
        (nothing was drawn in secret this GT) is left as it is."""
        if isinstance(state, FMBoard):
            redeal_markers(state, me, rng)


INFORMATION_SET = FMInformationSet()


def redeal_markers(state: FMBoard, me: str, rng: random.Random) -> None:
    """The support fire markers of every other side drawn again (FMInformationSet.redeal)."""
    turn = state.turn
    secret = {s: 0 for s in state.game.side_ids}
    for e in reversed(state._history):  # in the order of play: this GT's entries are the last ones
        if e.phase.turn != turn:
            break
        if e.player == CHANCE and e.owner:
            secret[e.owner] = secret.get(e.owner, 0) + 1
    for other in state.game.side_ids:
        if other == me or not secret.get(other):
            continue
        pools = state.gt_pool.get(other, {})
        held = list(state.available.get(other, []))
        kept = []
        by_pool: dict[str, list[Any]] = {}
        unknown = 0
        for m in held:
            if m.unknown:  # a stand-in of a play-by-e-mail game (engine/pbem): dealt below from the pools
                unknown += 1
                continue
            home = next((name for name in sorted(pools) if m in pools[name] or _in_printed(state, other, name, m)),
                        None)
            if home is None:
                kept.append(m)
            else:
                by_pool.setdefault(home, []).append(m)
        if sum(len(v) for v in by_pool.values()) > secret[other]:
            continue  # more pool markers held than drawn in secret: allotted whole (10.7 a), nothing to deal
        new_hand = list(kept)
        for name in sorted(by_pool):
            mine = by_pool[name]
            counts = dict(pools[name])
            for m in mine:
                counts[m] = counts.get(m, 0) + 1
            bag = [m for m in sorted(counts, key=lambda m: (m.value, m.token())) for _ in range(counts[m])]
            drawn = rng.sample(bag, len(mine))
            for m in drawn:
                counts[m] -= 1
            pools[name] = {m: n for m, n in counts.items() if n > 0}
            new_hand += drawn
        for _ in range(unknown):  # each stand-in one of the markers left in the side's pools, at random
            rest = [(name, m) for name in sorted(pools) for m in sorted(pools[name], key=lambda m: (m.value, m.token()))
                    for _ in range(pools[name][m])]
            if not rest:
                break
            name, m = rng.choice(rest)
            pools[name][m] -= 1
            new_hand.append(m)
        state.available[other] = new_hand


def _in_printed(state: Any, side: str, pool: str, marker: Any) -> bool:
    printed = side_pools(state.game, side).get(pool)
    return printed is not None and marker in printed
