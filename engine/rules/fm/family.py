"""The Fire & Movement family's registry entry (engine/rules/registry.py): what a scenario gives it,
how its counters are printed, its tables, its checks and its engine, named as "module:attribute" so that
reading it imports no rules engine. Imports only the registry and the model's bounds."""

from __future__ import annotations

from ...model.bounds import MAX_POOL_COUNT
from ..registry import CounterLook, RulesFamily, StartField, TableSchema

_HERE = __package__  # hexwright.engine.rules.fm

# F&M 10.6.3: the kinds of bridge the demolition and repair tables have a row for (game.py bridge_kind:
# every bridge is one)
BRIDGE_KINDS = ("canal", "railroad", "highway")
_DIE_ROWS = tuple(str(d) for d in range(1, 7))

FAMILY = RulesFamily(
    "fm", "Fire & Movement", "Arnhem: The Farthest Bridge", "F&M", "000_e5c3deafb2cea4af.txt",
    ("attack", "defense", "movement"),
    "F&M 2.3: attack strength, defense strength, movement allowance",
    "F&M 5.3: only one unit per hex",
    game=f"{_HERE}.play:FMGame", presenter=f"{_HERE}.view:FMPresenter",
    heuristic_bot="hexwright.engine.bots.heuristic_fm:FMHeuristicBot",
    stacking_limit=1,
    tables=(
        ("airpower", TableSchema(columns=("british", "us"), whole=("british", "us"), high=MAX_POOL_COUNT,
                                 rows=_DIE_ROWS)),
        ("crt", TableSchema(rows=_DIE_ROWS)),
        ("airborne_drop", TableSchema(die_ranges=True)),
        ("bridge_demolition", TableSchema(die_ranges=True, rows=BRIDGE_KINDS, rows_not_empty=True)),
        ("bridge_repair", TableSchema(die_ranges=True, rows=BRIDGE_KINDS, rows_not_empty=True)),
        ("crt_terrain", TableSchema(differentials=True)),
    ),
    counters=CounterLook(values_layout="attack-defense-movement"),
    checks=f"{_HERE}.checks:checks",
    steps_lost_limit=f"{_HERE}.checks:steps_lost_limit",
    information_set=f"{_HERE}.information:INFORMATION_SET",
    hexside_rules=(("demolish", "Arnhem: The Farthest Bridge 10.6.3"),
                   ("ferry", "Arnhem: The Farthest Bridge 10.6.5")),
    # a mid-game start opens a GT or a player turn (start.py): 4.1, 7.1, 5.0
    start_phases=("support-fire-marker", "first-movement", "second-movement"),
    start_fields=(
        StartField("support_markers", "side-names", "Support fire markers held", "F&M 7.2",
                   "the support fire markers each side holds for the rest of the GT (+3:us, +4:german:airpower)"),
    ),
    start_capture=f"{_HERE}.start:capture",
    whole_values=True,  # 2.3: the factors are printed whole on the counters
)
