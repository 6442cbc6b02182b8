"""The Target Arnhem family's registry entry (engine/rules/registry.py): what a scenario gives it, how
its counters are printed, its tables, its checks and its engine, named as "module:attribute" so that
reading it imports no rules engine. Imports only the registry."""

from __future__ import annotations

from ..registry import CounterLook, RulesFamily, TableSchema

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
    # the Combat Ratio Table's damage values are not printed in the rulebook (001_69d92a61f68ed4f9.txt,
    # Combat): the scenario ships them, and there is nothing to fall back on
    essential_tables=("combat_ratio",),
)
