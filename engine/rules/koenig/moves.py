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
    memo = state.game.moves_memo
    key = (id(options), uid, kind, allowance, march, base)
    got = memo.get(key)
    if got is not None and got[0] is options:
        opts, normal, listed = got[1], got[2], got[3]
    else:
        opts = {h: c for h, c in options.items() if c <= allowance}
        normal = {h: c for h, c in options.items() if c <= base} if base is not None else {}
        # the moves listed depend only on the destinations' hexes: kept by them, as a move elsewhere that
        # changes the hooks but not this unit's destinations lists the same moves
        lmemo = state.game.listed_memo
        lkey = (uid, kind, march, frozenset(opts), frozenset(normal) if march else None)
        listed = lmemo.get(lkey)
        if listed is None:
            label = state.game.labels.__getitem__  # destinations are map hexes
            # the unit's move of this kind to each hex, made once per game (actions are immutable)
            made = state.game.unit_moves.get((kind, uid, march))
            if made is None:
                made = state.game.unit_moves[(kind, uid, march)] = {}
            listed = []
            for h in sorted(opts, key=label):
                if march and h in normal:
                    continue
                a = made.get(h)
                if a is None:
                    a = made[h] = kind(uid, label(h), march)
                listed.append(a)
            if len(lmemo) > 20000:
                lmemo.clear()
            lmemo[lkey] = listed
        if len(memo) > 20000:  # a long study: start again rather than grow without end
            memo.clear()
        memo[key] = (options, opts, normal, listed)
    out: list[Action] = list(listed)
    already = march and base is not None and state.can_exit(uid, base, normal)
    if state.can_exit(uid, allowance, opts) and not already:
        out.append(kind(uid, OFF, march))
    return out


def activation_moves(state: KoenigBoard, uid: str, ma: int, options: Mapping[Hex, float]) -> list[Action]:
    """An activated unit's Movement (8.0) to every hex within its MA, then its Combined move (8.4) to every
    hex within half its MA, each in label order: `move_actions` of both kinds for a unit that may not exit
    (exclusive 12.0) and without Force March (14.1), from its `options` for `ma` MP (`move_options` of
    exactly `ma`: every cost within it). Kept per game by the
    options (a dict move_options shares while the hooks stay the same), the hexes sorted once for both."""
    game = state.game
    memo = game.activation_memo
    key = (id(options), uid, ma)
    got = memo.get(key)
    if got is not None and got[0] is options:
        return got[1]
    half = halve(ma)
    rank = game.label_rank  # map hex -> its place in label order (destinations are map hexes)
    labels = game.labels_in_order
    made = game.rank_moves.get(uid)  # the unit's moves made so far, by the rank of their hex
    if made is None:
        made = game.rank_moves[uid] = ([None] * len(labels), [None] * len(labels))
    moves, combined = made
    out: list[Action] = []
    for i in sorted(map(rank.__getitem__, options)):  # every option is within `ma` MP
        a = moves[i]
        if a is None:
            a = moves[i] = Move(uid, labels[i], False)
        out.append(a)
    for i in sorted([rank[h] for h, c in options.items() if c <= half]):
        a = combined[i]
        if a is None:
            a = combined[i] = CombinedMove(uid, labels[i], False)
        out.append(a)
    if len(memo) > 20000:  # a long study: start again rather than grow without end
        memo.clear()
    memo[key] = (options, out)
    return out
