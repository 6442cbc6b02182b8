"""What a study found: win/draw/loss per side with 95% Wilson intervals, the turn each game was
decided, losses per side, the victory conditions that held, mean Victory Points, and heat maps
(numpy arrays over the map's columns and rows) of where units were lost and where combats happened."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..model.hexmap import GridSpec
from ..model.scenario import Scenario
from .games import GameRecord
from .metrics import StudyMetrics, study_metrics
from .stats import wilson


@dataclass
class SideResult:
    side: str
    bot: str
    wins: int
    draws: int
    losses: int
    games: int
    mean_units_lost: float
    mean_vp: float | None = None
    name: str = ""  # the side as the scenario names it ("Allied"); `side` is its id

    @property
    def label(self) -> str:
        """The side as a player reads it: its name, its id only when it has none."""
        return self.name or self.side

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def draw_interval(self) -> tuple[float, float]:
        return wilson(self.draws, self.games)

    @property
    def loss_interval(self) -> tuple[float, float]:
        return wilson(self.losses, self.games)

    def to_dict(self) -> dict[str, Any]:
        return {"side": self.side, "bot": self.bot, "games": self.games, "wins": self.wins, "draws": self.draws,
                "losses": self.losses, "win_rate": self.win_rate, "win_ci95": list(self.win_interval),
                "draw_ci95": list(self.draw_interval), "loss_ci95": list(self.loss_interval),
                "mean_units_lost": self.mean_units_lost, "mean_vp": self.mean_vp, "name": self.name}


@dataclass
class Summary:
    title: str
    scenario: str
    bots: list[str]
    seed: int
    games: int
    unfinished: int
    sides: list[SideResult]
    decided_turns: dict[int, int]
    victory_hits: dict[str, int]
    lost_heat: np.ndarray
    combat_heat: np.ndarray
    parameter: tuple[str, Any] | None = None
    options: dict[str, Any] = field(default_factory=dict)
    grid: GridSpec | None = None  # the map's printed grid: draws the heat maps as hexes with their labels
    terrain_colours: list[list[str]] | None = None  # [row][column]: each hex's terrain colour, under the heat maps
    # units lost and combats per place (hex label, or area of an area map, where the heat maps stay empty)
    lost_places: dict[str, int] = field(default_factory=dict)
    combat_places: dict[str, int] = field(default_factory=dict)
    place_word: str = "hexes"  # what the places are: "hexes", or "areas" on an area map
    turn_labels: dict[int, str] = field(default_factory=dict)  # turn number -> its printed name ("A", "5")
    metrics: StudyMetrics | None = None  # balance, decisiveness, ... game diversity (metrics.py)

    def turn_name(self, turn: int) -> str:
        """A decided turn as a player reads it: "Turn 5" where the game names its turns, else "GT 7"."""
        label = self.turn_labels.get(turn)
        return f"Turn {label}" if label else f"GT {turn}"

    def hottest_places(self, counts: dict[str, int], n: int = 8) -> list[tuple[str, int]]:
        """The `n` places with the highest counts, as (label, count), most first (ties by label)."""
        return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:n]

    def hex_label(self, row: int, col: int) -> str:
        """The printed label of the heat maps' cell [row, col] (`c,r` without a grid)."""
        if self.grid is None:
            return f"{col},{row}"
        return self.grid.labels.label(col, row)

    def hottest(self, arr: np.ndarray, n: int = 8) -> list[tuple[str, int]]:
        """The `n` hexes with the highest counts of a heat map, as (label, count), most first."""
        flat = [(int(arr[r, c]), r, c) for r, c in zip(*np.nonzero(arr), strict=True)]
        flat.sort(key=lambda t: (-t[0], t[1], t[2]))
        return [(self.hex_label(r, c), k) for k, r, c in flat[:n]]

    def side(self, side_id: str) -> SideResult:
        return next(s for s in self.sides if s.side == side_id)

    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "scenario": self.scenario, "bots": self.bots, "seed": self.seed,
                "games": self.games, "unfinished": self.unfinished, "options": self.options,
                "parameter": list(self.parameter) if self.parameter else None,
                "sides": [s.to_dict() for s in self.sides],
                "decided_turns": {str(k): v for k, v in sorted(self.decided_turns.items())},
                "victory_hits": ranked(self.victory_hits),
                "heatmaps": {"shape": list(self.lost_heat.shape), "axes": ["row", "column"],
                             "units_lost": self.lost_heat.astype(int).tolist(),
                             "combats": self.combat_heat.astype(int).tolist()},
                "places": {"word": self.place_word, "units_lost": ranked(self.lost_places),
                           "combats": ranked(self.combat_places)},
                "turn_labels": {str(k): v for k, v in sorted(self.turn_labels.items())},
                "metrics": self.metrics.to_dict() if self.metrics is not None else None}


def ranked(counts: dict[str, int]) -> dict[str, int]:
    """Counts, the most frequent first and ties in the order of their text: the same order (and the same
    bytes of a report) whatever order the counts were made in."""
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def summary_from_dict(d: dict[str, Any], sc: Scenario | None = None) -> Summary:
    """A Summary back from its `to_dict()` (a study's JSON report); `sc`, the scenario it was played
    on, gives the map's grid and terrain for drawing the heat maps as hexes."""
    sides = [SideResult(x["side"], x["bot"], x["wins"], x["draws"], x["losses"], x["games"], x["mean_units_lost"],
                        x["mean_vp"], x.get("name", "")) for x in d["sides"]]
    heat_maps = d["heatmaps"]
    lost = np.array(heat_maps["units_lost"], dtype=np.int64)
    fought = np.array(heat_maps["combats"], dtype=np.int64)
    grid = sc.map.grid if sc is not None else None
    places = d.get("places")
    if places is None:  # a report written before places were kept: its hexes from the heat maps
        places = {"word": "hexes", "units_lost": _from_heat(lost, grid), "combats": _from_heat(fought, grid)}
    return Summary(d["title"], d["scenario"], list(d["bots"]), d["seed"], d["games"], d["unfinished"], sides,
                   {int(k): v for k, v in d["decided_turns"].items()}, dict(d["victory_hits"]), lost, fought,
                   tuple(d["parameter"]) if d.get("parameter") else None, dict(d.get("options") or {}),
                   grid, terrain_colours(sc) if sc is not None else None, dict(places["units_lost"]),
                   dict(places["combats"]), places["word"],
                   {int(k): v for k, v in (d.get("turn_labels") or {}).items()},
                   StudyMetrics.from_dict(d["metrics"]) if d.get("metrics") else None)


def _from_heat(arr: np.ndarray, grid: GridSpec | None) -> dict[str, int]:
    out: dict[str, int] = {}
    for r, c in zip(*np.nonzero(arr), strict=True):
        out[grid.labels.label(c, r) if grid is not None else f"{c},{r}"] = int(arr[r, c])
    return ranked(out)


def heat(sc: Scenario, labels: list[str]) -> np.ndarray:
    """Counts per hex as an array indexed [row, column] of the printed grid."""
    g = sc.map.grid
    out = np.zeros((g.rows, g.columns), dtype=np.int64)
    off = g.offset
    for lab in labels:
        h = sc.map.hex_at(lab)
        if h is None:
            continue
        c, r = off.from_hex(h)
        if 0 <= r < g.rows and 0 <= c < g.columns:
            out[r, c] += 1
    return out


def terrain_colours(sc: Scenario) -> list[list[str]]:
    """The colour of each hex's base terrain, [row][column] of the printed grid ("" off the map)."""
    m, g = sc.map, sc.map.grid
    table = m.terrain_table.terrain
    off = g.offset
    out = []
    for r in range(g.rows):
        row = []
        for c in range(g.columns):
            h = off.to_hex(c, r)
            t = table.get(m.terrain_at(h)) if h in m.hexes else None
            row.append(t.color if t is not None else "")
        out.append(row)
    return out


def summarize(sc: Scenario, scenario_path: str, records: list[GameRecord], bots: list[str], seed: int,
              parameter: tuple[str, Any] | None = None, options: dict[str, Any] | None = None) -> Summary:
    n = len(records)
    results = []
    for sd, bot in zip(sc.sides, bots, strict=True):
        side = sd.id
        wins = sum(1 for r in records if r.winner == side and not r.draw)
        draws = sum(1 for r in records if r.draw or (r.finished and r.winner is None))
        vps = [r.vp[side] for r in records if side in r.vp]
        results.append(SideResult(side, bot, wins, draws, n - wins - draws, n,
                                  sum(r.losses.get(side, 0) for r in records) / n if n else 0.0,
                                  sum(vps) / len(vps) if vps else None, sd.name))
    hits: Counter[str] = Counter()
    for r in records:
        hits.update(list(dict.fromkeys(r.victory_hits)))  # each condition once a game, in its order (not a set's)
    areas = sc.area_map is not None
    lost = [h for r in records for h in r.lost_at]
    fought = [h for r in records for h in r.combats_at]
    return Summary(sc.title, scenario_path, list(bots), seed, n, sum(1 for r in records if not r.finished), results,
                   dict(Counter(r.decided_turn for r in records)), ranked(hits),
                   heat(sc, [] if areas else lost), heat(sc, [] if areas else fought), parameter, dict(options or {}),
                   sc.map.grid, terrain_colours(sc), ranked(Counter(lost)), ranked(Counter(fought)),
                   "areas" if areas else "hexes",
                   {r.decided_turn: r.decided_label for r in records if r.decided_label},
                   study_metrics(records, [sd.id for sd in sc.sides]))
