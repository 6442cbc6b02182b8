"""The Target Arnhem family's registry entry (engine/rules/registry.py): what a scenario gives it, how
its counters are printed, its tables, its checks and its engine, named as "module:attribute" so that
reading it imports no rules engine. Imports only the registry."""

from __future__ import annotations

from ..registry import CounterLook, RulesFamily, StartField, TableSchema

_HERE = __package__  # hexwright.engine.rules.target_arnhem

FAMILY = RulesFamily(
    "target_arnhem", "Target Arnhem", "Target Arnhem: Across 6 Bridges", "Target Arnhem",
    "001_69d92a61f68ed4f9.txt", ("strength", "endurance"),
    "Target Arnhem Forces, Damage: combat strength and endurance",
    "Target Arnhem Movement: no more than 3 units may end an impulse in a hex",
    ("combat_ratio",),
    game=f"{_HERE}.play:TAGame", presenter=f"{_HERE}.view:TAPresenter",
    heuristic_bot="hexwright.engine.bots.heuristic_target_arnhem:TAHeuristicBot",
    side_ids=("allied", "german"),  # Target Arnhem Sequence of Play: the Allied and the German player
    stacking_limit=3,
    tables=(("combat_ratio", TableSchema(column_kind="ratio")),),
    counters=CounterLook(track_value="endurance"),
    checks=f"{_HERE}.checks:checks",
    supply_stripes=True,
    # Sequence of Play: the Adjustment, then the Allied and German impulses 1, 2 and 3 (start.py)
    start_phases=("adjustment", "allied-impulse-1", "german-impulse-1", "allied-impulse-2", "german-impulse-2",
                  "allied-impulse-3", "german-impulse-3"),
    start_fields=(
        StartField("supply_points", "pool-numbers", "Supply points", "Target Arnhem: Supply Points",
                   "the supply points each formation's pool holds", high=99,
                   choices=("German", "SS", "1st Para", "101st", "82nd")),
        StartField("unfortified", "units", "Fortifications lost", "Target Arnhem: Fortifications",
                   "units printed Pickaxe-fortified that have already flipped to their unfortified side"),
        StartField("overrun", "names", "Para supply overrun", "Target Arnhem: Supply",
                   "supply stripes whose para supply marker has been overrun"),
    ),
    start_offboard_rule="Target Arnhem: Movement, off-board areas",
    start_capture=f"{_HERE}.start:capture",
)
