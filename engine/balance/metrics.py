"""What game designers measure of a study beyond its win rates (after Ludii's metrics, Browne et al.):
balance, decisiveness, drawishness, duration, lead changes and first-player advantage, and how many of
the games were different games at all (game diversity: seeds that repeat the very same game).

Per game the record (games.py) keeps the side that acted first, the leading side at the end of every
game turn (bots/lead.py: Victory Points where the family keeps them, else objectives held and units lost;
"" where no side leads) and a digest of its action log. From those, over a study's finished games:

* **balance**: 1 - (the highest side's win rate - the lowest's): 1 when the sides win alike;
* **drawishness**: the share of games drawn;
* **decisiveness**: in a game with a winner, the share of its turns after which the winner led at every
  turn's end to the end (1: it led from the first turn's end; 0: it took the lead only at the end); the
  mean over the games with a winner;
* **duration**: the mean number of turns played and of actions taken;
* **lead changes**: a change is a turn's end whose leader is another side than the last turn end's leader
  (turn ends where no side leads are skipped); the mean per game, and per turn played;
* **first-player advantage**: the share of games the side that acts first wins, a draw counting half
  (0.5: no advantage);
* **game diversity**: the number of distinct games among the study's, a game being the players' decisions
  (not the dice: games whose every decision is the same play the same game as a designer reads it, whatever
  was rolled); a game whose decisions are those of an earlier game of the study repeats it (bots that play
  one plan whatever happens, or a scenario with no chance left to vary); and the number of distinct
  **endings** (who won, and where every unit was lost): games that differ in small decisions can still
  end alike, which the report flags when fewer than half the games end differently.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from .games import GameRecord


@dataclass
class StudyMetrics:
    games: int  # finished games measured
    balance: float
    drawishness: float
    decisiveness: float | None  # None: no game had a winner
    mean_turns: float
    mean_actions: float
    lead_changes: float  # per game
    lead_changes_per_turn: float
    first_side: str  # the side that acted first ("" when it differed from game to game)
    first_advantage: float | None
    distinct: int  # distinct games (the players' decisions)
    repeats: list[list[int]] = field(default_factory=list)  # [game index, the earlier game it repeats]
    # side -> at each turn's end (the last: the game's end), the share of the games still going or just
    # ended in which it led: the lead over time, plotted by report.py
    lead_by_turn: dict[str, list[float]] = field(default_factory=dict)
    # distinct endings: who won and where every unit was lost (0: not measured, a report from before)
    endings: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> StudyMetrics:
        return cls(**d)


def _changes(leaders: list[str]) -> int:
    seen = [x for x in leaders if x]
    return sum(1 for a, b in zip(seen, seen[1:], strict=False) if a != b)


def _decided_share(leaders: list[str], winner: str) -> float:
    """The share of the turn ends from which the winner led at every one to the end."""
    if not leaders:
        return 0.0
    k = len(leaders)
    while k > 0 and leaders[k - 1] == winner:
        k -= 1
    return (len(leaders) - k) / len(leaders)


def study_metrics(records: list[GameRecord], sides: list[str]) -> StudyMetrics:
    done = [r for r in records if r.finished]
    n = len(done)
    wins = {s: sum(1 for r in done if r.winner == s and not r.draw) for s in sides}
    rates = [wins[s] / n for s in sides] if n else [0.0]
    draws = sum(1 for r in done if r.draw or r.winner is None)
    won = [r for r in done if r.winner and not r.draw]
    firsts = {r.first for r in done}
    first = next(iter(firsts)) if len(firsts) == 1 else ""
    advantage = None
    if first and n:
        advantage = (wins.get(first, 0) + 0.5 * draws) / n
    turns = [max(1, len(r.leaders)) for r in done]
    changes = [_changes(r.leaders) for r in done]
    by_digest: dict[str, int] = {}
    repeats: list[list[int]] = []
    for r in done:
        if not r.digest:
            continue
        earlier = by_digest.setdefault(r.digest, r.index)
        if earlier != r.index:
            repeats.append([r.index, earlier])
    longest = max((len(r.leaders) for r in done), default=0)
    by_turn: dict[str, list[float]] = {s: [] for s in sides}
    for k in range(longest):
        at = [r.leaders[k] for r in done if len(r.leaders) > k]
        for s in sides:
            by_turn[s].append(sum(1 for x in at if x == s) / len(at))
    return StudyMetrics(
        games=n, balance=1.0 - (max(rates) - min(rates)) if n else 0.0, drawishness=draws / n if n else 0.0,
        decisiveness=sum(_decided_share(r.leaders, str(r.winner)) for r in won) / len(won) if won else None,
        mean_turns=sum(turns) / n if n else 0.0, mean_actions=sum(r.actions for r in done) / n if n else 0.0,
        lead_changes=sum(changes) / n if n else 0.0,
        lead_changes_per_turn=sum(changes) / sum(turns) if turns else 0.0, first_side=first,
        first_advantage=advantage, distinct=len(Counter(r.digest for r in done if r.digest)), repeats=repeats,
        lead_by_turn=by_turn if longest else {},
        endings=len({(r.winner, r.draw, tuple(sorted(r.lost_at))) for r in done}))


def metrics_lines(m: StudyMetrics, side_name: dict[str, str]) -> list[str]:
    """The metrics in a designer's words, one line each."""
    if not m.games:
        return ["no finished game to measure"]
    lines = [f"balance {m.balance:.2f} (1: the sides win alike), drawishness {100 * m.drawishness:.1f}% of games drawn",
             "decisiveness " + (f"{m.decisiveness:.2f} (the winner led for good over that share of the game's turns)"
                                if m.decisiveness is not None else "- (no game had a winner)"),
             f"duration {m.mean_turns:.1f} turns, {m.mean_actions:.0f} actions a game; lead changes "
             f"{m.lead_changes:.2f} a game ({m.lead_changes_per_turn:.2f} a turn)"]
    if m.first_advantage is not None:
        lines.append(f"first-player advantage: {side_name.get(m.first_side, m.first_side)}, who acts first, "
                     f"scores {100 * m.first_advantage:.1f}% (a draw counts half; 50%: no advantage)")
    if m.repeats:
        pairs = ", ".join(f"game {a} = game {b}" for a, b in m.repeats[:5])
        more = f" and {len(m.repeats) - 5} more" if len(m.repeats) > 5 else ""
        lines.append(f"game diversity: REPEATED GAMES: only {m.distinct} distinct games of {m.games}; "
                     f"{len(m.repeats)} repeat an earlier one ({pairs}{more}): more games add no information")
    else:
        lines.append(f"game diversity: {m.distinct} distinct games of {m.games}, none repeated")
    if m.endings:
        alike = " (NEAR-IDENTICAL GAMES: most end alike)" if 2 * m.endings < m.games else ""
        lines.append(f"distinct endings (who won, where every unit was lost): {m.endings} of {m.games}{alike}")
    return lines


__all__ = ["StudyMetrics", "metrics_lines", "study_metrics"]
