"""The legal moves of one unit (Koenig 8.0-8.4, 14.1 Force March, 14.5 Overrun, 4.0 night Redeployment;
Arnhem Bridge exclusive 8.5 entry and 12.0 exit; 002_fe1216aa5df94854.txt): every hex within the MP the move
may spend, and off the map where the unit may exit. The costs are the board's (movement.py over the
movement kernel)."""

from __future__ import annotations

from collections.abc import Mapping

from ...hexgrid import Hex
from ..protocol import Action
from .actions import OFF, CombinedMove, Move, MoveKind, Redeploy
from .board import Doing, KoenigBoard
from .combat import halve


def move_allowance(state: KoenigBoard, uid: str, kind: MoveKind, march: bool = False) -> float:
    """The MP a move of `kind` may spend (8.0; 8.4 half MA for a Combined move, the full MA under Force March;
    14.1 Force March doubles; 14.5 an overrun's MP left; 4.0 night redeployment at half MA)."""
    ma = state.allowance(uid)
    if state.in_progress.get(uid) == Doing.OVERRUN:
        return state.overrun_mp[uid]
    if kind is Redeploy:
        return halve(ma)
    if kind is CombinedMove:
        return ma if (march or uid in state.march_combined) else halve(ma)
    return ma * (2 if march else 1)


def move_actions(state: KoenigBoard, uid: str, kind: MoveKind, allowance: float, march: bool,
                 close_combat: bool = True, base: float | None = None,
                 options: Mapping[Hex, float] | None = None) -> list[Action]:
    """The moves of `kind` of one unit: every destination within `allowance` in label order (with Force March
    only those beyond the normal `base` allowance, 14.1), then off the map where it may exit (exclusive
    12.0). `options` are destinations already computed for at least `allowance` MP (costs do not depend on
    the allowance, only the cut-off does)."""
    if options is None:
        options = state.move_options(uid, allowance, close_combat)
    # the moves to map hexes depend only on the destinations (a dict move_options shares while the hooks
    # stay the same) and the arguments: kept per game, with the dict itself so that its id stays its own
    game = state.game
    memo = game.moves_memo
    key = (id(options), uid, kind, allowance, march, base)
    got = memo.get(key)
    if got is not None and got[0] is options:
        listed = got[1]
    else:
        rank = game.label_rank  # map hex -> its place in label order (destinations are map hexes)
        if march and base is not None:  # Force March: beyond the normal allowance only
            ranks = [rank[h] for h, c in options.items() if base < c <= allowance]
        else:
            ranks = [rank[h] for h, c in options.items() if c <= allowance]
        listed = _listed(state, kind, uid, march, ranks)
        if len(memo) > 20000:  # a long study: start again rather than grow without end
            memo.clear()
        memo[key] = (options, listed)
    out: list[Action] = list(listed)
    if uid in state.exit_units():  # the exit reads the MP spent to the edge (a cost beyond the cut-off fails)
        already = march and base is not None and state.can_exit(uid, base, options)
        if state.can_exit(uid, allowance, options) and not already:
            out.append(kind(uid, OFF, march))
    return out


def _listed(state: KoenigBoard, kind: MoveKind, uid: str, march: bool, ranks: list[int]) -> list[Action]:
    """The unit's moves of `kind` to the hexes of `ranks` (their places in label order), in label order;
    each move made once per game (actions are immutable) and kept in the slot of its hex."""
    slots = state.game.rank_moves.get((kind, uid, march))
    labels = state.game.labels_in_order
    if slots is None:
        slots = state.game.rank_moves[(kind, uid, march)] = [None] * len(labels)
    out: list[Action] = []
    for i in sorted(ranks):
        a = slots[i]
        if a is None:
            a = slots[i] = kind(uid, labels[i], march)
        out.append(a)
    return out


def activation_moves(state: KoenigBoard, uid: str, ma: int, options: Mapping[Hex, float]) -> list[Action]:
    """An activated unit's Movement (8.0) to every hex within its MA, then its Combined move (8.4) to every
    hex within half its MA, each in label order: `move_actions` of both kinds for a unit that may not exit
    (exclusive 12.0) and without Force March (14.1), from its `options` for `ma` MP (`move_options` of
    exactly `ma`: every cost within it). Kept per game by the options (a dict move_options shares while the
    hooks stay the same)."""
    game = state.game
    memo = game.activation_memo
    key = (id(options), uid, ma)
    got = memo.get(key)
    if got is not None and got[0] is options:
        return got[1]
    half = halve(ma)
    rank = game.label_rank
    out = _listed(state, Move, uid, False, list(map(rank.__getitem__, options)))  # every option is within ma
    out += _listed(state, CombinedMove, uid, False, [rank[h] for h, c in options.items() if c <= half])
    if len(memo) > 20000:  # a long study: start again rather than grow without end
        memo.clear()
    memo[key] = (options, out)
    return out
