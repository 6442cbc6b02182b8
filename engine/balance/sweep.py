"""What-if parameters: one scenario value addressed by a path, set to each of a list of values.

Paths (list indices count from 0, turns by their printed number):

    reinforcement[3].turn           the game turn a reinforcement arrives (F&M 11.1, Koenig 5.0)
    unit[2/9SS].values.attack       a unit's printed value (any key of its values)
    turns                           the number of game turns (the turn record is cut or extended)
    turn[2].allotments.allied       a turn's support allotment for a side

A sweep is written `PATH=V1,V2,...`, e.g. `reinforcement[3].turn=2,3,4`.
"""

from __future__ import annotations

import copy
import dataclasses
import re
from typing import Any

from ..model.scenario import Scenario

_INDEXED = re.compile(r"^(reinforcement|unit|turn)\[([^\]]+)\]\.(.+)$")


class SweepError(ValueError):
    """A sweep or parameter path that does not address a value of the scenario."""


def parse_value(text: str) -> Any:
    t = text.strip()
    for conv in (int, float):
        try:
            return conv(t)
        except ValueError:
            pass
    return t


def parse_sweep(text: str) -> tuple[str, list[Any]]:
    """`PATH=V1,V2,...` -> (path, values)."""
    path, eq, values = text.partition("=")
    if not eq or not path.strip() or not values.strip():
        raise SweepError(f"a sweep is written PATH=V1,V2,... (e.g. reinforcement[3].turn=2,3,4), not {text!r}")
    vals = [parse_value(v) for v in values.split(",") if v.strip()]
    return path.strip(), vals


def apply_parameter(sc: Scenario, path: str, value: Any) -> Scenario:
    """A copy of `sc` with the value at `path` set; SweepError names what does not exist."""
    out = copy.deepcopy(sc)
    if path == "turns":
        n = _int(path, value)
        if n < 1:
            raise SweepError("turns must be at least 1")
        if not out.turns:
            raise SweepError("the scenario has no turn record to cut or extend")
        turns = out.turns[:n]
        while len(turns) < n:
            last = turns[-1]
            turns.append(dataclasses.replace(last, number=last.number + 1, label="", events=[],
                                             allotments=dict(last.allotments)))
        out.turns = turns
        return out
    m = _INDEXED.match(path)
    if m is None:
        raise SweepError(f"unknown parameter {path!r}; parameters are reinforcement[I].turn, unit[ID].values.KEY, "
                         "turns, turn[N].allotments.SIDE")
    kind, key, rest = m.groups()
    if kind == "reinforcement":
        i = _int(path, key)
        if not 0 <= i < len(out.reinforcements):
            raise SweepError(f"{path}: the scenario has reinforcements 0 to {len(out.reinforcements) - 1}")
        if rest != "turn":
            raise SweepError(f"{path}: only a reinforcement's turn can be varied")
        out.reinforcements[i].turn = _int(path, value)
        return out
    if kind == "unit":
        u = out.units.get(key)
        if u is None:
            raise SweepError(f"{path}: no unit {key!r} in the scenario")
        field, _, name = rest.partition(".")
        if field != "values" or not name:
            raise SweepError(f"{path}: a unit's parameter is written unit[ID].values.KEY")
        if name not in u.values:
            raise SweepError(f"{path}: unit {key} has no value {name!r} (it has {', '.join(u.values)})")
        out.units[key] = dataclasses.replace(u, values={**u.values, name: value})
        return out
    # turn[N].allotments.SIDE
    n = _int(path, key)
    t = next((t for t in out.turns if t.number == n), None)
    if t is None:
        raise SweepError(f"{path}: no game turn {n} in the scenario's turn record")
    field, _, side = rest.partition(".")
    sides = [s.id for s in out.sides]
    if field != "allotments" or side not in sides:
        raise SweepError(f"{path}: a turn's parameter is written turn[N].allotments.SIDE with SIDE one of "
                         f"{', '.join(sides)}")
    t.allotments = {**t.allotments, side: value}
    return out


def _int(path: str, value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise SweepError(f"{path}: {value!r} is not a whole number") from None
