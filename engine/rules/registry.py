"""What each rules family needs from a scenario: its units' printed values, its stacking rule and
its tables. Validation reads this; the families' packages implement the play."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RulesFamily:
    id: str
    name: str
    source: str  # the rulebook file in the seeds
    unit_values: tuple[str, ...]
    values_source: str
    stacking_rule: str
    required_tables: tuple[str, ...] = ()
    game: str = ""  # "module:factory" of the family's rules engine (protocol.make_game), "" if none yet


RULES_FAMILIES: dict[str, RulesFamily] = {
    f.id: f
    for f in (
        RulesFamily("fm", "Fire & Movement", "000_e5c3deafb2cea4af.txt", ("attack", "defense", "movement"),
                    "F&M 2.3: attack strength, defense strength, movement allowance",
                    "F&M 5.3: only one unit per hex", game="hexwright.engine.rules.fm:FMGame"),
        RulesFamily("koenig", "Paul Koenig's Market-Garden", "002_fe1216aa5df94854.txt", ("strength", "movement"),
                    "Koenig 2.2: combat strength and movement allowance",
                    "Koenig 8.2: two units per hex, both players' units counted together",
                    ("paratroop_landing", "artillery_points", "allied_support_points"),
                    game="hexwright.engine.rules.koenig:KoenigGame"),
        RulesFamily("target_arnhem", "Target Arnhem", "001_69d92a61f68ed4f9.txt", ("strength", "endurance"),
                    "strength and endurance", "three units per hex"),
        RulesFamily("storm_over_arnhem", "Storm over Arnhem (area)", "003_6afad32bba8815b2.txt", ("strength",),
                    "unit strength", "area stacking of the basic game"),
        RulesFamily("asl", "ASL map rules", "004_09a6f3be713b811c.txt", (), "ASL counters", "ASL stacking"),
    )
}
