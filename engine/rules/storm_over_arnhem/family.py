"""The Storm over Arnhem family's registry entry (engine/rules/registry.py): what a scenario gives it,
its tables, its checks and its engine, named as "module:attribute" so that reading it imports no rules
engine. Imports only the registry."""

from __future__ import annotations

from ..registry import RulesFamily, StartField, TableSchema

_HERE = __package__  # hexwright.engine.rules.storm_over_arnhem

MAX_CASUALTY_POINTS, MAX_DRM = 99, 20  # the fire table's cells and the terrain modifiers

FAMILY = RulesFamily(
    "storm_over_arnhem", "Storm over Arnhem (area)", "Storm over Arnhem: The Crossing",
    "Storm over Arnhem", "003_6afad32bba8815b2.txt", ("attack", "movement"),
    "Storm over Arnhem 1.1-1.3: attack-defense-movement factors (3-5-5, 2-6-5, 3-3-10; the pillbox "
    "4-X-0 has no defense)",
    "Storm over Arnhem 1.1: each side's units in an area up to its stacking limit (the pillbox not "
    "counted); both sides may share an area",
    game=f"{_HERE}.play:SoAGame", presenter=f"{_HERE}.view:SoAPresenter",
    heuristic_bot="hexwright.engine.bots.heuristic_storm_over_arnhem:SoAHeuristicBot",
    shared_hex_rule="Storm over Arnhem 1.1: units of both sides in one area fight in the Close Combat Phase",
    side_ids=("british", "german"),  # The Crossing 2.1-2.3
    stacking_limit=8,  # game.py DEFAULT_STACKING (reconstructed: the basic game's rules are not in the source)
    tables=(
        # tables.py: columns are strength ranges, rows modified die rolls, cells casualty points
        ("fire_table", TableSchema(column_kind="strength-range", row_kind="modified-roll", whole=("*",),
                                   high=MAX_CASUALTY_POINTS)),
        ("fire_terrain", TableSchema(columns=("drm",), whole=("drm",), low=-MAX_DRM, high=MAX_DRM)),
    ),
    checks=f"{_HERE}.checks:checks",
    placed_in_play=f"{_HERE}.design:placed_in_play",
    # a mid-game start begins at a turn's opening (start.py); the fields are the game's running state
    start_fields=(
        StartField("tactical_advantage", "side", "Tactical Advantage", "Storm over Arnhem introduction",
                   "the side holding the Tactical Advantage"),
        StartField("tactical_advantage_used", "sides", "Tactical Advantage used", "Storm over Arnhem introduction",
                   "the sides that have used the Tactical Advantage (it switches at turn 3 if the British have not)"),
        StartField("vp", "number", "German VP", "Storm over Arnhem 3.7", "the German Victory Points so far",
                   low=-99, high=99),
        StartField("control", "area-sides", "Area control", "Storm over Arnhem 3.5",
                   "the side controlling each Victory Point Area"),
        StartField("last_entered", "area-sides", "Last entered", "Storm over Arnhem 3.5",
                   "the side that last entered or held each area"),
        StartField("perimeter", "areas", "Perimeter counters", "Storm over Arnhem 3.5",
                   "the areas with a British perimeter control counter"),
        StartField("recon_entered", "flag", "9th SS Recon entered", "Storm over Arnhem 3.4",
                   "the 9th SS Recon has made its bridge entry"),
    ),
    start_unit_states=("replaced",),  # 1.3: a unit taken off for its substitute
    start_capture=f"{_HERE}.start:capture",
)
