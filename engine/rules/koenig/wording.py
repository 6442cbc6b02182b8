"""Koenig's actions in the players' words for the game's log (002_fe1216aa5df94854.txt): "B-1Para: Combined
move at half MA to 0904" rather than `cmove B-1Para 0904`; the notation stays the action's text for logs and
scripts. The decision rows are the presenter's labels (view.py)."""

from __future__ import annotations

from ..protocol import Action, Roll
from .actions import (
    OFF,
    Accept,
    Attach,
    Capture,
    CombinedMove,
    CupDraw,
    Done,
    End,
    Fire,
    Hit,
    Interdict,
    LeadActivate,
    LeadHold,
    LeadReroll,
    MobileFire,
    Move,
    Pass,
    Recover,
    Redeploy,
    Retreat,
    Stay,
    Support,
)


def action_words(a: Action) -> str:
    """An action as the game's log says it, without the position."""
    march = " (Force March, 14.1)" if getattr(a, "march", False) else ""
    if isinstance(a, Move):
        return (f"{a.unit} exits off the map" if a.dest == OFF else f"Movement: {a.unit} to {a.dest}") + march
    if isinstance(a, CombinedMove):
        return f"Combined move at half MA: {a.unit} to {a.dest}" + march
    if isinstance(a, Redeploy):
        return f"night Redeployment: {a.unit} to {a.dest}"
    if isinstance(a, MobileFire):
        return f"Mobile Fire by {', '.join(a.units)} at {a.target}"
    if isinstance(a, Fire):
        return f"Full Fire by {', '.join(a.units)} at {a.target}"
    if isinstance(a, Support):
        return f"{a.points} support point{'s' if a.points != 1 else ''}" + (
            " with the Leadership marker (Corps Artillery)" if a.lead else "")
    if isinstance(a, Hit):
        return f"{a.unit} takes the Hit"
    if isinstance(a, Retreat):
        return f"{a.unit} retreats off the map" if a.dest == OFF else f"{a.unit} retreats to {a.dest}"
    if isinstance(a, Stay):
        return f"{a.unit} stays"
    if isinstance(a, Capture):
        return f"Capture!: {a.unit} takes a second Hit to hold the hex"
    if isinstance(a, End):
        return f"end the Operation of {a.unit}"
    if isinstance(a, Done):
        return "end the activation"
    if isinstance(a, LeadHold):
        return f"{a.unit} ignores the retreat with the Leadership marker"
    if isinstance(a, Attach):
        return f"{a.unit} temporarily attached with the Leadership marker"
    if isinstance(a, Recover):
        return f"Unit Recovery: {a.unit} returns in {a.dest}"
    if isinstance(a, Interdict):
        return f"Interdiction marker on {a.hex}" + (" with the Leadership marker" if a.lead else "")
    if isinstance(a, LeadActivate):
        return f"Automatic Activation of {a.hq} with the Leadership marker"
    if isinstance(a, LeadReroll):
        return "re-roll with the Leadership marker"
    if isinstance(a, Accept):
        return "accept the roll"
    if isinstance(a, Pass):
        return "pass"
    if isinstance(a, CupDraw):
        return f"{a.hq} drawn from the Command Cup"
    if isinstance(a, Roll):
        return f"die roll {a.value}"
    return a.text()


__all__ = ["action_words"]
