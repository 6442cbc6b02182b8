"""Step losses and elimination (F&M 8.2.4, 8.3 Important; 000_e5c3deafb2cea4af.txt).

A unit that takes a step loss is depleted (one step lost on the kit's Position, its reduced values,
2.3); a depleted unit, or a unit with one step, that takes another is eliminated. An eliminated Allied
engineer comes back as a reinforcement (Arnhem: The Farthest Bridge 10.6.6, engineers.py).
"""

from __future__ import annotations

from ..kit import UnitStatus
from .board import FMBoard
from .engineers import engineer_returns


def deplete(state: FMBoard, uid: str) -> None:
    """8.2.4: one step lost; 8.3 Important: a depleted unit depleted again, or a one-step unit, is
    eliminated."""
    if uid not in state.position.hexes:
        return
    if state.is_depleted(uid) or state.game.one_step(uid):
        eliminate(state, uid)
    else:
        state.position.lose_steps(uid, 1)


def eliminate(state: FMBoard, uid: str) -> None:
    state.position.set_steps_lost(uid, 0)
    state.position.remove(uid, UnitStatus.ELIMINATED)
    state.note(f"{uid} is eliminated")
    if engineer_returns(state, uid):
        state.position.set_status(uid, UnitStatus.WAITING)
