"""The Crossing's decisions in the players' words (003_6afad32bba8815b2.txt): the rows of the decision list
and the game log's lines say what a choice does ("B-RE1 joins the fire group from area 10 at area 14",
"use the Tactical Advantage to continue the turn"); the notation (`with B-RE1`, `use-ta`) stays the action's
text for logs and scripts."""

from __future__ import annotations

from ..protocol import Action, Roll
from .actions import (
    Done,
    Eliminate,
    EndTurn,
    Fire,
    Hold,
    Move,
    Onward,
    Pass,
    Perimeter,
    Place,
    Replace,
    Resolve,
    Retreat,
    UseTA,
    With,
)
from .board import SoABoard
from .closecombat import PILLBOX_TARGET
from .decisions import BorderFire, Casualties, Designate, FireGroup, MoreMoves, Substitute


def choice_label(state: SoABoard, action: Action) -> str:
    """A row of the decision list for `action` of the pending decision, with what the player sees."""
    d = state.pending_decision()
    if isinstance(action, With):
        if isinstance(d, FireGroup):
            return f"{action.unit} ({_values(state, action.unit)}) joins the fire group from area {d.origin} at area " \
                   f"{d.target}"
        if isinstance(d, BorderFire):
            return f"{action.unit} ({_values(state, action.unit)}) joins the border fire at the 9th SS Recon"
        if isinstance(d, Designate):
            what = "the pillbox" if d.target == PILLBOX_TARGET else "the enemy units"
            return f"designate {action.unit} ({_values(state, action.unit)}) in area {d.area} to attack {what} in " \
                   f"Close Combat"
    if isinstance(action, Resolve):
        if isinstance(d, FireGroup):
            return f"fire: the group from area {d.origin} at area {d.target}"
        if isinstance(d, BorderFire):
            return "fire: the border fire group at the 9th SS Recon"
        if isinstance(d, Designate):
            return f"end the designations in area {d.area}"
    if isinstance(action, Hold):
        if isinstance(d, BorderFire):
            return "hold fire: no border fire now"
        if isinstance(d, Designate):
            return f"no Close Combat from area {d.area}"
    if isinstance(action, Eliminate) and isinstance(d, Casualties):
        return f"eliminate {action.unit} to expend casualty points ({d.points} to expend)"
    if isinstance(action, Done):
        if isinstance(d, MoreMoves):
            return f"no more moves out of area {d.origin}: end the impulse"
        if isinstance(d, Substitute):
            return "no replacement: keep the halftracks"
    return action_words(action)


def _values(state: SoABoard, uid: str) -> str:
    v = state.values(uid)
    return "-".join(str(v.get(k, "?")) for k in ("attack", "defense", "movement")) + \
        (f", area {state.area_of(uid)}" if state.area_of(uid) else "")


def action_words(action: Action) -> str:
    """An action as the game's log says it, without the position (the notation for what needs no words)."""
    if isinstance(action, Move):
        return f"{action.unit} moves to area {action.dest}"
    if isinstance(action, Place):
        return f"{action.unit} is set up in area {action.dest}"
    if isinstance(action, Fire):
        return f"fire from area {action.origin} at area {action.target}"
    if isinstance(action, Retreat):
        return f"{action.unit} retreats to area {action.dest} (1 casualty point)"
    if isinstance(action, With):
        return f"{action.unit} joins the group"
    if isinstance(action, Eliminate):
        return f"eliminate {action.unit} (casualty points)"
    if isinstance(action, Onward):
        return f"{action.unit} goes on along the bridge to the 22/23 border (Storm over Arnhem 3.44)"
    if isinstance(action, Replace):
        return f"replace the halftrack {action.unit} by a recon infantry counter (Storm over Arnhem 1.3)"
    if isinstance(action, Perimeter):
        return f"perimeter control counter on area {action.area}"
    if isinstance(action, Resolve):
        return "fire with the group as formed"
    if isinstance(action, Hold):
        return "hold: no (more) units"
    if isinstance(action, UseTA):
        return "use the Tactical Advantage to continue the turn (Storm over Arnhem 3.41)"
    if isinstance(action, EndTurn):
        return "let the turn end (the Tactical Advantage not used)"
    if isinstance(action, Done):
        return "done: no more"
    if isinstance(action, Pass):
        return "pass the impulse"
    if isinstance(action, Roll):
        return f"die roll {action.value}"
    return action.text()


__all__ = ["action_words", "choice_label"]
