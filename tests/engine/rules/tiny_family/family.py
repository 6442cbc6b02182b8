"""The tiny family's registry entry: everything the engine and the app know of it."""

from __future__ import annotations

from hexwright.engine.rules.registry import CounterLook, RulesFamily, TableSchema

_HERE = __package__

FAMILY = RulesFamily(
    "tiny", "Tiny Skirmish", "Tiny Skirmish: One Hill", "Tiny", "(written in the tests)",
    ("strength", "movement"),
    "Tiny 1: strength and movement",
    "Tiny 2: one unit per hex",
    game=f"{_HERE}.game:TinyGame", presenter=f"{_HERE}.view:TinyPresenter",
    heuristic_bot=f"{_HERE}.bot:TinyHeuristicBot",
    side_ids=("red", "blue"),
    stacking_limit=1,
    tables=(("hill_bonus", TableSchema(columns=("bonus",), whole=("bonus",), high=9)),),
    counters=CounterLook(back_shows_arrival=True, track_value="strength"),
    checks=f"{_HERE}.checks:checks",
)
