"""A Koenig game that starts mid-way (Scenario.start; 002_fe1216aa5df94854.txt): the Game Turn it starts
in, at the turn's opening (the Paratroop Landing Phase, 4.0). Everything else a turn carries over is the
position: units on the map with their Hits (9.2) and units gone or waiting off the map (eliminated,
retreated off, "lost" landings that never arrive, 5.0, and reinforcements "pending" entry, 8.5); the
Victory Points of the exclusive 12.0 schedule follow from them. Support points, activations and
Interdiction end with each turn's Housekeeping (4.0, 6.0, 14.2), so a turn's opening has none."""

from __future__ import annotations

from ...model.scenario import StartState, turn_index
from .board import KoenigBoard


def apply(state: KoenigBoard) -> None:
    """Set the scenario's start turn on a new game, before its first turn opens."""
    start = state.sc.start
    if start.turn is not None:
        row = turn_index(state.sc, start.turn)
        if row is not None:
            state.turn = row


def capture(state: KoenigBoard) -> StartState:
    out = StartState()
    out.turn = state.turn  # the turn track's number (its label is a note, not a name)
    return out
