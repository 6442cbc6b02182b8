"""What "start from here" costs a game that never uses it: every family that can start mid-game keeps the
position and its start state as each phase opens (engine/rules/kit/start.py `mark_opening`, a copy of
the position). Random playouts of each family's first shipped scenario, the same games (same seeds,
same choices) played with the openings marked (this engine) and with the marking replaced by a no-op
(the named baseline, "openings not marked"), interleaved game by game in one run (benchmarks/core.py
`measure_interleaved`). Target: at most 10 % slower.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from hexwright.engine.formats import load_scenario
from hexwright.engine.rules.protocol import make_game
from hexwright.engine.rules.registry import RULES_FAMILIES

from .core import Row, Settings, measure_interleaved, register

ROOT = Path(__file__).resolve().parents[1]
MAX_ACTIONS = 4000  # a game's cap (the shipped games end well before)


def _scenarios() -> dict[str, Any]:
    """The first shipped scenario of each family with `start_capture`, by family id."""
    out: dict[str, Any] = {}
    for path in sorted((ROOT / "scenarios").glob("*/*.yaml")):
        if "kind: hexwright-scenario" not in path.read_text(encoding="utf-8"):
            continue
        sc = load_scenario(path).scenario
        if sc is None:
            continue
        family = RULES_FAMILIES.get(sc.rules)
        if family is not None and family.start_capture and sc.rules not in out:
            out[sc.rules] = sc
    return out


def _play(sc: Any, seed: int, cap: int) -> tuple[int, str]:
    """(actions, the game's action log and outcome as one text): what says two runs played one game."""
    state = make_game(sc).new_initial_state(seed=seed)
    rng = random.Random(seed)
    n = 0
    while not state.is_terminal() and n < cap:
        state.apply(state.sample_chance() if state.is_chance_node() else rng.choice(list(state.legal_actions())))
        n += 1
    return n, repr((state.action_texts(), state.outcome()))


def _marking_modules(rules: str) -> list[Any]:
    """The loaded modules of the family's package that call `mark_opening` (its sequence of play)."""
    package = RULES_FAMILIES[rules].game.partition(":")[0].rpartition(".")[0]
    return [m for name, m in list(sys.modules.items())
            if name.startswith(package + ".") and hasattr(m, "mark_opening")]


@register("start-marks")
def start_marks_benchmark(settings: Settings) -> list[Row]:
    games = 1 if settings.quick else 2
    cap = 300 if settings.quick else MAX_ACTIONS
    rows: list[Row] = []
    for rules, sc in _scenarios().items():
        _play(sc, 1, 5)  # imports the family's modules
        modules = _marking_modules(rules)
        real = {m: m.mark_opening for m in modules}

        def unmarked(seed: int, sc: Any = sc, modules: list[Any] = modules,
                     real: dict[Any, Any] = real) -> tuple[int, str]:
            for m in modules:
                m.mark_opening = _no_mark
            try:
                return _play(sc, seed, cap)
            finally:
                for m in modules:
                    m.mark_opening = real[m]

        def marked(seed: int, sc: Any = sc) -> tuple[int, str]:
            return _play(sc, seed, cap)

        seeds = list(range(1, games + 1))
        times = measure_interleaved({"marked": marked, "unmarked": unmarked}, seeds, settings)
        played = [marked(s) for s in seeds]
        same = played == [unmarked(s) for s in seeds]
        actions = sum(n for n, _ in played)
        rows.append(Row("start-marks", f"{RULES_FAMILIES[rules].citation}: {games} random games, {actions} actions"
                        + (" (quick)" if settings.quick else ""), "phase openings marked", times["marked"],
                        "openings not marked", times["unmarked"], max_ratio=1.10, target="at most 10 % slower",
                        notes=[f"{len(modules)} module(s) of the family mark openings; the same games (action "
                               f"logs and outcomes) on both sides: {'yes' if same else 'NO, the games differ'}"]))
    return rows


def _no_mark(state: Any, capture: Any) -> None:
    state.opening = None
