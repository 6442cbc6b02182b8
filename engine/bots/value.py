"""A leaf evaluation fitted on self-play positions: the chance that the first side wins a game from a
position, by logistic regression (numpy) on the features of the search bot's hand-made score (lead.py),
each side's less the other's, and how far the game has gone.

Features of a position (`features`), the scenario's first side less its second:
* `vp`: Victory Points where the family keeps them (Koenig, Storm over Arnhem), over `lead.VP_SCALE`;
* `objectives`: the weighted share of the objective hexes held by units that count for them;
* `lost`: the share of the side's units lost (a step lost counts 0.35 of a unit);
* `distance`: the mean hex distance of the side's counting units on the map to the nearest objective;
and `t`, the share of the game's turns gone, with its products with the four (the same lead weighs more
late in the game), and a constant. `balance.selfplay.collect` plays games between bots and takes the position at every
game turn's end, labelled with the game's result (1 a first-side win, 0 a loss, 0.5 a draw;
engine/balance/selfplay.py, above the bots); `fit` finds
the weights (Newton's method with a small ridge); `log_loss` and `brier` say how well a model predicts
results of games it was not fitted on, beside the hand-made score calibrated the same way
(one weight on the score's lead and a constant): docs/bots.md "A fitted leaf evaluation".
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from ..model.scenario import Scenario
from ..rules.kit import SequenceState, UnitStatus
from ..rules.protocol import GameState
from .lead import VP_SCALE, Lead

NAMES = ("vp", "objectives", "lost", "distance")


def side_values(lead: Lead, state: GameState) -> dict[str, list[float]]:
    """Per side, the four values of the module's list."""
    sides = list(lead.units_per_side)
    out = {s: [0.0, 0.0, 0.0, 0.0] for s in sides}
    vp_fn: Any = getattr(state, "victory_points", None)
    if callable(vp_fn):
        for side, v in vp_fn().items():
            if side in out:
                out[side][0] = float(v) / VP_SCALE
    if isinstance(state, SequenceState):
        pos = state.position
        weight = lead.objectives.weight
        total_w = sum(weight.values()) or 1.0
        unit_side, counts = lead.unit_side, lead.counts
        # the units in each objective hex, in the order the position has them (its `units_at`, without making
        # the occupancy of the whole map: a search evaluates thousands of positions)
        held: dict[Any, list[str]] = {}
        for u, h in pos.hexes.items():
            if h in weight:
                held.setdefault(h, []).append(u)
        for h, w in weight.items():
            for side in {unit_side.get(u) for u in held.get(h, ()) if counts(state, u)}:
                if side in out:
                    out[side][1] += w / total_w
        far: dict[str, list[int]] = {}
        status, steps_lost, hex_of = pos.status, pos.steps_lost, pos.hex_of
        per_side, distance = lead.units_per_side, lead.objectives.distance
        for uid in pos.units():
            side = unit_side.get(uid)
            if side not in out:
                continue
            gone = status(uid) == UnitStatus.ELIMINATED
            out[side][2] += (1.0 if gone else min(1.0, 0.35 * steps_lost(uid))) / per_side[side]
            where = hex_of(uid)
            if where is not None and not gone and counts(state, uid):
                far.setdefault(side, []).append(distance(where))
        for side, ds in far.items():
            out[side][3] = sum(ds) / len(ds)
    return out


def features(lead: Lead, state: GameState, turns: int) -> list[float]:
    """The position's feature row (the module's list): the first side's values less the second's."""
    sides = list(lead.units_per_side)
    values = side_values(lead, state)
    diff = [a - b for a, b in zip(values[sides[0]], values[sides[1]], strict=True)]
    t = min(1.0, state.phase.turn / max(1, turns))
    return [*diff, *(t * d for d in diff), t, 1.0]


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1e-2, steps: int = 50) -> np.ndarray:
    """Logistic regression weights by Newton's method (soft labels allowed), a small ridge on every weight."""
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + ridge * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-9:
            break
    return w


# Features whose weight must not be positive at any point of the game (the first side's less the second's):
# units lost never help a side. A fit on self-play may find them helping (the side that fights hardest loses
# units and wins: Target Arnhem's Allies; late in F&M Scenario 1), and a search led by that weight would
# throw units away.
NOT_POSITIVE = ("lost",)


def fit_signed(x: np.ndarray, y: np.ndarray, ridge: float = 1e-2) -> np.ndarray:
    """`fit`, with the weight of each feature of `NOT_POSITIVE` kept from being positive at the game's start
    (t = 0) and end (t = 1), so at no point between: the feature f and its product f t are fitted as
    f (1 - t) and f t (weights a and b, f's weight a (1 - t) + b t), and each of the two whose weight comes
    out positive is left out (weight 0) and the rest fitted again. Returned in `features`' order. Rows of
another width are fitted by `fit` alone."""
    n = len(NAMES)
    if x.shape[1] != 2 * n + 2:  # not `features` rows: nothing known of their signs
        return fit(x, y, ridge)
    z = x.astype(float, copy=True)
    signed = [NAMES.index(f) for f in NOT_POSITIVE]
    for i in signed:
        z[:, i] = x[:, i] - x[:, i + n]  # f (1 - t)
    keep = np.ones(x.shape[1], dtype=bool)
    while True:
        v = np.zeros(x.shape[1])
        v[keep] = fit(z[:, keep], y, ridge)
        bad = [j for i in signed for j in (i, i + n) if keep[j] and v[j] > 0]
        if not bad:
            break
        keep[bad] = False
    w = v.copy()
    for i in signed:  # a f (1 - t) + b f t = a f + (b - a) f t
        w[i + n] = v[i + n] - v[i]
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    q = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(q) + (1 - y) * np.log(1 - q)))


def brier(p: np.ndarray, y: np.ndarray) -> float:
    return float(np.mean((p - y) ** 2))


def compare(x: np.ndarray, lead: np.ndarray, y: np.ndarray, game: np.ndarray, test_share: float = 0.25,
            cut: int | None = None) -> dict[str, Any]:
    """Fit on the first games, test on the last `test_share` of them (or on the games numbered `cut` and
    above; whole games, so no game is in both): the fitted model against the hand-made lead calibrated on
    the same games (one weight and a constant) and against always predicting the training games' mean
    result."""
    if cut is None:
        cut = int(math.ceil(game.max() * (1 - test_share))) if len(game) else 0
    train, test = game < cut, game >= cut
    w = fit_signed(x[train], y[train])
    lx = np.column_stack([lead, np.ones_like(lead)])
    wl = fit(lx[train], y[train])
    p_model = 1.0 / (1.0 + np.exp(-np.clip(x[test] @ w, -30, 30)))
    p_lead = 1.0 / (1.0 + np.exp(-np.clip(lx[test] @ wl, -30, 30)))
    base = np.full(int(test.sum()), float(y[train].mean()) if train.any() else 0.5)
    return {"train_games": int(cut), "test_games": int(game.max() + 1 - cut) if len(game) else 0,
            "train_positions": int(train.sum()), "test_positions": int(test.sum()),
            "weights": w.tolist(), "lead_weights": wl.tolist(),
            "log_loss": {"fitted": log_loss(p_model, y[test]), "lead": log_loss(p_lead, y[test]),
                         "mean": log_loss(base, y[test])},
            "brier": {"fitted": brier(p_model, y[test]), "lead": brier(p_lead, y[test]),
                      "mean": brier(base, y[test])}}


WEIGHTS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "leaf_weights.json")


@dataclass
class LeafValue:
    """A scenario's fitted weights (`features` order) and how they were fitted (balance/fitvalue.py)."""

    weights: list[float]
    games: int = 0
    seed: int = 0
    bots: list[str] = field(default_factory=list)
    test_log_loss: float = 0.0  # on games it was not fitted on
    hand_made_log_loss: float = 0.0  # the hand-made score calibrated the same way, on those games


def scenario_key(sc: Scenario) -> str:
    """A scenario's entry in the weights file: its rules family, title and units (an edited order of battle
    is another scenario, which the weights were not fitted for)."""
    return f"{sc.rules}:{sc.title}:{len(sc.units)} units"


def _read(path: str) -> dict[str, Any]:
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def load_weights(sc: Scenario, path: str | None = None) -> LeafValue | None:
    """The fitted weights of `sc`, or None where none were fitted (the search then scores leaves with the
    hand-made score, lead.py)."""
    got = _read(path or WEIGHTS_FILE).get(scenario_key(sc))
    if not isinstance(got, dict):
        return None
    try:
        entry = LeafValue(**got)
    except TypeError:
        return None
    if len(entry.weights) != 2 * len(NAMES) + 2:
        return None
    return entry


def save_weights(sc: Scenario, entry: LeafValue, path: str | None = None) -> str:
    """Keep `entry` as `sc`'s weights (the file written whole, then moved into place); returns the path."""
    path = path or WEIGHTS_FILE
    data = _read(path)
    data[scenario_key(sc)] = asdict(entry)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(tmp, path)
    return path


class FittedValue:
    """The search's leaf evaluation from a scenario's fitted weights: the logit of the first side winning
    (`logit`), which mcts.py turns into each side's value."""

    def __init__(self, lead: Lead, entry: LeafValue, turns: int) -> None:
        self.lead = lead
        self.w = np.asarray(entry.weights, dtype=float)
        self.turns = turns
        self.first = next(iter(lead.units_per_side))

    def logit(self, state: GameState) -> float:
        return float(np.dot(self.w, features(self.lead, state, self.turns)))


__all__ = ["NAMES", "WEIGHTS_FILE", "FittedValue", "LeafValue", "brier", "compare", "features", "fit", "fit_signed",
           "load_weights", "log_loss", "save_weights", "scenario_key", "side_values"]
