"""Victory Conditions (Target Arnhem: Victory Conditions, 001_69d92a61f68ed4f9.txt): "Allied Victory! If at
the end of turn 9, the following conditions are both successful: Any Allied unit is stationed in the town
of Arnhem (hex 1504), AND No German units are on any of the 15 hexes of Hell's Highway (the red road to
Arnhem). If both conditions are not met, the Germans win."

The scenario gives them as data (`Scenario.victory`):
* `occupy`: the side holds at least `count` of `hexes` with its units (Arnhem, 1504);
* `clear`: no unit of another side is on any of `hexes` (the 15 hexes of Hell's Highway);
* `default`: the side that wins when a side's conditions are not all met.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...model.scenario import Scenario


@dataclass(frozen=True)
class ConditionResult:
    side: str
    met: bool
    description: str


def judge(sc: Scenario, side_at: dict[str, str]) -> list[ConditionResult]:
    """Each `occupy` and `clear` condition with whether it holds; `side_at`: hex label -> side holding it."""
    out = []
    for v in sc.victory:
        if v.kind == "occupy":
            held = sum(1 for h in v.hexes if side_at.get(h) == v.side)
            out.append(ConditionResult(v.side, held >= v.count, v.description))
        elif v.kind == "clear":
            out.append(ConditionResult(v.side, all(side_at.get(h, v.side) == v.side for h in v.hexes),
                                       v.description))
    return out


def winner(sc: Scenario, side_at: dict[str, str]) -> tuple[str, list[ConditionResult]]:
    """The side whose conditions all hold, else the default side."""
    results = judge(sc, side_at)
    for side in dict.fromkeys(r.side for r in results):
        if all(r.met for r in results if r.side == side):
            return side, results
    default = next((v.side for v in sc.victory if v.kind == "default"), "")
    return default, results
