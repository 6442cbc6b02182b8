"""Target Arnhem's decisions in the players' words (001_69d92a61f68ed4f9.txt): the rows of the decision list
and the lines of the game log say what an action does ("A-GrenGds joins the attack on 0604"), the notation
(`with A-GrenGds`) stays the action's text for logs and scripts."""

from __future__ import annotations

from ..protocol import Action, Roll
from .actions import Advance, Attack, Cancel, Damage, Done, Eliminate, Enter, Fire, Move, Pass, Resupply, Stay, With
from .board import TABoard
from .decisions import AdvanceChoice, AttackWith, Excess, TakeDamage


def choice_label(state: TABoard, action: Action) -> str:
    """A row of the decision list for `action` of the pending decision, with what the player sees."""
    d = state.pending_decision()
    if isinstance(action, Attack):
        h = state.map.hex_at(action.target)
        held = ", ".join(state.units_at(h)) if h is not None else ""
        return f"declare an attack on {action.target}" + (f" ({held})" if held else "")
    if isinstance(action, With) and isinstance(d, AttackWith):
        where = state.hex_label(action.unit)
        return f"{action.unit} ({state.strength(action.unit)}-{state.endurance(action.unit)}, in {where}) joins the " \
               f"attack on {d.target}"
    if isinstance(action, Fire) and isinstance(d, AttackWith) and state.combat is not None:
        units = ", ".join(state.combat.units)
        bomb = " with Concentrated Bombardment (1 supply point, one column right)" if action.bomb else ""
        return f"resolve the attack on {d.target} by {units}{bomb}"
    if isinstance(action, Cancel) and isinstance(d, AttackWith):
        return f"cancel the attack on {d.target}: no unit has acted"
    if isinstance(action, Damage) and isinstance(d, TakeDamage):
        return f"{action.unit} takes 1 point of damage ({d.points} to assign)"
    if isinstance(action, Advance) and isinstance(d, AdvanceChoice):
        return f"{action.unit} advances into {d.target}"
    if isinstance(action, Eliminate) and isinstance(d, Excess):
        return f"eliminate {action.unit}: more than 3 units in {d.hex} at the end of the impulse"
    return action_words(action)


def action_words(action: Action) -> str:
    """An action as the game's log says it, without the position (the notation for a die)."""
    if isinstance(action, Move):
        return f"{action.unit} moves to {action.dest}"
    if isinstance(action, Enter):
        return f"{action.unit} arrives at {action.dest}"
    if isinstance(action, Attack):
        return f"declare an attack on {action.target}"
    if isinstance(action, With):
        return f"{action.unit} joins the attack"
    if isinstance(action, Fire):
        return "resolve the attack" + (" with Concentrated Bombardment" if action.bomb else "")
    if isinstance(action, Cancel):
        return "cancel the declared attack"
    if isinstance(action, Resupply):
        return f"{action.unit} re-supplies: 1 damage point repaired for 1 supply point"
    if isinstance(action, Damage):
        return f"{action.unit} takes 1 point of damage"
    if isinstance(action, Advance):
        return f"{action.unit} advances"
    if isinstance(action, Stay):
        return "no advance"
    if isinstance(action, Eliminate):
        return f"eliminate {action.unit} (over three units in a hex)"
    if isinstance(action, Done):
        return "no more reinforcements now (the rest are delayed)"
    if isinstance(action, Pass):
        return "end the impulse"
    if isinstance(action, Roll):
        return f"die roll {action.value}"
    return action.text()


__all__ = ["action_words", "choice_label"]
