"""Paul Koenig's Market-Garden family's registry entry (engine/rules/registry.py): what a scenario gives
it, how its counters are printed, its tables and its engine, named as "module:attribute" so that reading
it imports no rules engine. Imports only the registry and the model's bounds."""

from __future__ import annotations

from ...model.bounds import MAX_ALLOTMENT, MAX_STEPS
from ..registry import CounterLook, RulesFamily, TableSchema

_HERE = __package__  # hexwright.engine.rules.koenig

_POINTS = TableSchema(columns=("points",), whole=("points",), high=MAX_ALLOTMENT)

FAMILY = RulesFamily(
    "koenig", "Paul Koenig's Market-Garden", "Market-Garden: Arnhem Bridge", "Koenig",
    "002_fe1216aa5df94854.txt", ("strength", "movement"),
    "Koenig 2.2: combat strength and movement allowance",
    "Koenig 8.2: two units per hex, both players' units counted together",
    ("paratroop_landing", "artillery_points", "allied_support_points"),
    game=f"{_HERE}.play:KoenigGame", presenter=f"{_HERE}.view:KoenigPresenter",
    heuristic_bot="hexwright.engine.bots.heuristic_koenig:KoenigHeuristicBot",
    shared_hex_rule="Koenig 10.0: a unit that moves into an enemy hex starts a Close Combat there",
    stacking_every_action=True,
    side_ids=("allied", "german"),  # Koenig 3.0: the Allied and the German player
    stacking_limit=2,
    tables=(
        ("paratroop_landing", TableSchema(columns=("hits", "arrives"), whole=("hits",), high=MAX_STEPS,
                                          blank_ok=True)),
        ("artillery_points", _POINTS), ("allied_support_points", _POINTS), ("support_per_battle", _POINTS),
    ),
    counters=CounterLook(formation_box=True, back_shows_arrival=True),
    step_loss=("Hit", "Hits"),
    steps_lost_limit=f"{_HERE}.checks:steps_lost_limit",
    # a mid-game start begins at a Game Turn's opening (start.py); units may be out of play as Koenig's
    # own states too: landings that never arrived (5.0), retreated off the map, pending entry (8.5)
    start_unit_states=("lost", "retreated_off", "pending"),
    start_capture=f"{_HERE}.start:capture",
    # the search bot's rollouts: 14 decisions instead of 20, as strong in both seats and a third cheaper
    # (docs/bots.md, "Koenig's German seat: the Recon's way off the map")
    search=(("horizon", 14),),
)
