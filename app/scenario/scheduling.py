"""Moving units between the set-up and the reinforcement schedule, each move one undo step.

A unit dropped on a hex of the map is set up there: if it was scheduled as a reinforcement it leaves
the schedule in the same step (an entry left with no units goes too), so it is never both set up and
arriving (validation's `placed-twice`). A unit dropped on a turn of the turn track is scheduled to
arrive on that turn: it leaves the set-up and any other entry, and joins that turn's entry for its
side (or a new one entering where the side's other reinforcements enter, or with no entry yet when
the side has none: validation asks for it). Set-ups over the
scenario's stacking limit are refused with the rule (engine/model/placement.py `stacking_refusal`).
"""

from __future__ import annotations

from dataclasses import replace

from hexwright.engine.model import Entry, Reinforcement
from hexwright.engine.model.placement import stacking_refusal
from hexwright.engine.rules.registry import RULES_FAMILIES

from .commands import EditReinforcement, PlaceUnit, RemovePlacement


def stacking_rule(sc) -> str:
    """The family's stacking rule as a user reads it ("F&M 5.3: only one unit per hex"), or ""."""
    family = RULES_FAMILIES.get(sc.rules)
    return family.stacking_rule if family is not None else ""


def _unschedule(stack, doc, unit_ids: set[str]) -> None:
    """Take the units out of every reinforcement entry (removing entries left empty), last first so
    the indexes of the entries still to edit hold."""
    sc = doc.scenario
    for i in range(len(sc.reinforcements) - 1, -1, -1):
        rf = sc.reinforcements[i]
        if not unit_ids.intersection(rf.units):
            continue
        left = [u for u in rf.units if u not in unit_ids]
        stack.push(EditReinforcement(doc, i, replace(rf, units=left) if left else None))


def set_up_units(doc, unit_ids: list[str], hex_label: str) -> str | None:
    """Set the units up in a hex as one undo step (taking scheduled ones off the schedule); returns
    the reason when the drop is refused (nothing changes), else None."""
    sc = doc.scenario
    ids = [u for u in dict.fromkeys(unit_ids) if u in sc.units]
    if not ids:
        return "nothing to set up"
    moving = [u for u in ids if sc.placements.get(u) != hex_label]
    if not moving:
        return None
    refusal = stacking_refusal(sc, ids, hex_label, stacking_rule(sc))
    if refusal is not None:
        return refusal
    scheduled = {u for rf in sc.reinforcements for u in rf.units} & set(moving)
    stack = doc.undo_stack
    what = moving[0] if len(moving) == 1 else f"{len(moving)} units"
    stack.beginMacro(f"Set up {what} at {hex_label}" + (" (from the reinforcement schedule)" if scheduled else ""))
    if scheduled:
        _unschedule(stack, doc, scheduled)
    for uid in moving:
        stack.push(PlaceUnit(doc, uid, hex_label))
    stack.endMacro()
    return None


def _entry_for(sc, side: str) -> Entry:
    """Where a new entry of the side enters: where its other reinforcements do, else nowhere yet (an
    entry with no hex: the turn track and the Reinforcements panel say "no entry given" and validation
    reports it until one is chosen; a map corner is never assumed)."""
    for rf in sc.reinforcements:
        if rf.side == side:
            return replace(rf.entry)
    return Entry()


def schedule_units(doc, unit_ids: list[str], turn: int) -> str | None:
    """Schedule the units to arrive on `turn` as one undo step; returns the reason when refused."""
    sc = doc.scenario
    ids = [u for u in dict.fromkeys(unit_ids) if u in sc.units]
    if not ids:
        return "nothing to schedule"
    if sc.turns and not any(t.number == turn for t in sc.turns):
        return f"turn {turn} is not on the turn track"
    already = {u for rf in sc.reinforcements if rf.turn == turn for u in rf.units}
    ids = [u for u in ids if u not in already]
    if not ids:
        return None
    stack = doc.undo_stack
    what = ids[0] if len(ids) == 1 else f"{len(ids)} units"
    stack.beginMacro(f"Schedule {what} to arrive on turn {turn}")
    for uid in ids:
        if uid in sc.placements:
            stack.push(RemovePlacement(doc, uid))
    _unschedule(stack, doc, set(ids))
    by_side: dict[str, list[str]] = {}
    for uid in ids:
        by_side.setdefault(sc.units[uid].side, []).append(uid)
    for side, units in by_side.items():
        index = next((i for i, rf in enumerate(sc.reinforcements) if rf.turn == turn and rf.side == side), None)
        if index is not None:
            rf = sc.reinforcements[index]
            stack.push(EditReinforcement(doc, index, replace(rf, units=rf.units + units)))
        else:
            stack.push(EditReinforcement(doc, len(sc.reinforcements),
                                         Reinforcement(turn, side, units, _entry_for(sc, side)), insert=True))
    stack.endMacro()
    return None
