"""The checks of where a game that starts mid-way begins (Scenario.start): its turn and phase, the units
already out of play or in off-board areas and the family's own start-state fields (its registry
entry's `start_fields`: Tactical Advantage, area control, supply points, VP). Each diagnostic stands at
the entry's line; the rule it cites is the family's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..model.scenario import Scenario, turn_index
from ..rules.registry import RULES_FAMILIES, StartField
from .diagnostics import Severity, short

Add = Callable[..., None]  # add(severity, code, message, anchor, hex=None, unit=None)


def check_start_play(sc: Scenario, add: Add) -> None:
    start = sc.start
    family = RULES_FAMILIES.get(sc.rules)
    name = family.citation if family is not None else sc.rules

    def error(code: str, message: str, anchor: tuple[str, ...], **kw: Any) -> None:
        add(Severity.ERROR, code, message, anchor, **kw)

    first = 1
    if start.turn is not None:
        row = turn_index(sc, start.turn)
        if row is None:
            n = len(sc.turns)
            labels = f" ({sc.turns[0].label} to {sc.turns[-1].label})" if n and sc.turns[0].label else ""
            error("start-turn", f"start: turn {start.turn} is not on the turn track: "
                  + (f"it has turns 1 to {n}{labels}" if n else "the scenario has no turns"), ("start", "turn"))
        else:
            first = row
    if start.phase:
        phases = family.start_phases if family is not None else ()
        if not phases:
            error("start-phase", f"start: a {name} scenario starts at the beginning of a turn; it has no phases to "
                  f"start in (remove 'phase: {start.phase}')", ("start", "phase"))
        elif start.phase not in phases:
            error("start-phase", f"start: phase {start.phase!r} is not a phase of a {name} turn; it is one of "
                  f"{', '.join(phases)}", ("start", "phase"))
    for uid, state in start.out_of_play.items():
        anchor = ("start", "out_of_play", uid)
        if uid not in sc.units:
            error("unknown-reference", f"start: no unit has id {uid!r} (out of play)", anchor, unit=uid)
        elif uid in sc.placements:
            error("start-out-of-play", f"start: unit {uid} is {state} but also set up at {sc.placements[uid]}: "
                  "remove one of them", anchor, unit=uid)
    offboard_rule = family.start_offboard_rule if family is not None else ""
    for uid, area in start.offboard.items():
        anchor = ("start", "offboard", uid)
        if not offboard_rule:
            error("start-offboard", f"start: a {name} scenario has no off-board areas (unit {uid} in {area})",
                  anchor, unit=uid)
        elif uid not in sc.units:
            error("unknown-reference", f"start: no unit has id {uid!r} (off-board)", anchor, unit=uid)
        elif uid in sc.placements or uid in start.out_of_play:
            error("start-offboard", f"start: unit {uid} starts in off-board area {area} but is also "
                  f"{'set up' if uid in sc.placements else start.out_of_play[uid]}: remove one of them", anchor,
                  unit=uid)
        elif area not in sc.map.regions:
            error("start-offboard", f"start: unit {uid}: the map has no off-board area {area!r} ({offboard_rule})",
                  anchor, unit=uid)
    if start.starts_later():
        _late_reinforcements(sc, first, add)
    for key, value in start.family.items():
        field = family.start_field(key) if family is not None else None
        if field is not None:
            _check_field(sc, field, value, add)


def _late_reinforcements(sc: Scenario, first: int, add: Add) -> None:
    """A reinforcement due before the turn play starts in has already come or gone: each of its units
    needs a hex, an off-board area or a place out of play, else it starts off the map past its turn."""
    start = sc.start
    for i, rf in enumerate(sc.reinforcements):
        if rf.turn >= first:
            continue
        missing = [u for u in rf.units if u not in sc.placements and u not in start.out_of_play
                   and u not in start.offboard]
        if missing:
            add(Severity.WARNING, "start-arrived", f"start: reinforcement of turn {rf.turn} is due before the "
                f"start turn, but {', '.join(missing)} {'has' if len(missing) == 1 else 'have'} no set-up hex, "
                "off-board area or out_of_play entry: they are not on the map when play starts, and the "
                "reinforcement's turn has passed",
                ("reinforcement", i))


def _check_field(sc: Scenario, field: StartField, value: Any, add: Add) -> None:
    anchor = ("start", field.name)
    sides = [s.id for s in sc.sides]
    areas = set(sc.area_map.areas) if sc.area_map is not None else set()
    what = f"start: {field.name} ({field.label}, {field.rule})"

    def error(message: str) -> None:
        add(Severity.ERROR, "start-field", f"{what}: {message}", anchor)

    if field.kind == "side" and value not in sides:
        error(f"no side {short(value)}; the sides are {', '.join(sides)}")
    elif field.kind == "sides":
        for s in value:
            if s not in sides:
                error(f"no side {short(s)}; the sides are {', '.join(sides)}")
    elif field.kind == "side-names":
        for s in value:
            if s not in sides:
                error(f"no side {short(s)}; the sides are {', '.join(sides)}")
    elif field.kind == "units":
        for u in value:
            if u not in sc.units:
                error(f"no unit has id {short(u)}")
    elif field.kind in ("areas", "area-sides") and sc.area_map is not None:
        for a in value:
            if a not in areas:
                error(f"the map has no area {short(a)}")
        if field.kind == "area-sides":
            for a, s in value.items():
                if s not in sides:
                    error(f"area {a}: no side {short(s)}; the sides are {', '.join(sides)}")
