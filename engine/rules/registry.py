"""The one registry of rules families: for each, what a scenario must give it (its units' printed
values, its stacking rule, its tables; validation reads these) and, where the family plays, its rules
engine, its presenter (what a player interface shows, presentation.py) and its heuristic bot.

A family plugs in by one entry here; `make_game`, `presenter_for`, `bots.make_bot`, the balance lab,
the playtest window and the conformance test (tests/engine/rules/test_conformance.py) all read it.
Entries name their implementations as "module:attribute" so that reading the registry imports no
rules engine (validation and the editor read it at start-up).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class RulesFamily:
    id: str
    name: str  # the system, as players call it: "Fire & Movement"
    title: str  # the Arnhem game whose rulebook the family plays: "Arnhem: The Farthest Bridge"
    citation: str  # the prefix of a rule citation a player reads: "F&M" (as in "F&M 8.3")
    source: str  # the rulebook file in the seeds (cited in docstrings, never in what a player reads)
    unit_values: tuple[str, ...]
    values_source: str
    stacking_rule: str
    required_tables: tuple[str, ...] = ()
    game: str = ""  # "module:factory" of the family's rules engine (protocol.make_game), "" if none yet
    presenter: str = ""  # "module:class" of its presenter (presentation.presenter_for)
    heuristic_bot: str = ""  # "module:class" of its heuristic bot (bots.make_bot), made as Bot(scenario, seed)
    # when units of both sides may stand in one hex, the rule that lets them ("Koenig 10.0: ..."); "" when
    # never (the conformance test holds every other family to it)
    shared_hex_rule: str = ""
    # the stacking limit holds after every action (Koenig 8.2), not only at the end of a phase (F&M 5.3: units
    # may move through friends)
    stacking_every_action: bool = False

    @property
    def plays(self) -> bool:
        return bool(self.game)

    def cite(self, section: str) -> str:
        """A citation a player reads: "(F&M 8.3)"."""
        return f"({self.citation} {section})"


def load(ref: str) -> Any:
    """The object a registry entry names ("module:attribute", module relative to this package)."""
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module, __package__), name)


_PKG = "hexwright.engine"

RULES_FAMILIES: dict[str, RulesFamily] = {
    f.id: f
    for f in (
        RulesFamily("fm", "Fire & Movement", "Arnhem: The Farthest Bridge", "F&M", "000_e5c3deafb2cea4af.txt",
                    ("attack", "defense", "movement"),
                    "F&M 2.3: attack strength, defense strength, movement allowance",
                    "F&M 5.3: only one unit per hex",
                    game=f"{_PKG}.rules.fm:FMGame", presenter=f"{_PKG}.rules.fm.view:FMPresenter",
                    heuristic_bot=f"{_PKG}.bots.heuristic_fm:FMHeuristicBot"),
        RulesFamily("koenig", "Paul Koenig's Market-Garden", "Market-Garden: Arnhem Bridge", "Koenig",
                    "002_fe1216aa5df94854.txt", ("strength", "movement"),
                    "Koenig 2.2: combat strength and movement allowance",
                    "Koenig 8.2: two units per hex, both players' units counted together",
                    ("paratroop_landing", "artillery_points", "allied_support_points"),
                    game=f"{_PKG}.rules.koenig:KoenigGame", presenter=f"{_PKG}.rules.koenig.view:KoenigPresenter",
                    heuristic_bot=f"{_PKG}.bots.heuristic_koenig:KoenigHeuristicBot",
                    shared_hex_rule="Koenig 10.0: a unit that moves into an enemy hex starts a Close Combat there",
                    stacking_every_action=True),
        RulesFamily("target_arnhem", "Target Arnhem", "Target Arnhem: Across 6 Bridges", "Target Arnhem",
                    "001_69d92a61f68ed4f9.txt", ("strength", "endurance"),
                    "Target Arnhem Forces, Damage: combat strength and endurance",
                    "Target Arnhem Movement: no more than 3 units may end an impulse in a hex",
                    ("combat_ratio",),
                    game=f"{_PKG}.rules.target_arnhem:TAGame",
                    presenter=f"{_PKG}.rules.target_arnhem.view:TAPresenter",
                    heuristic_bot=f"{_PKG}.bots.heuristic_target_arnhem:TAHeuristicBot"),
        RulesFamily("storm_over_arnhem", "Storm over Arnhem (area)", "Storm over Arnhem: The Crossing",
                    "Storm over Arnhem", "003_6afad32bba8815b2.txt", ("attack", "movement"),
                    "Storm over Arnhem 1.1-1.3: attack-defense-movement factors (3-5-5, 2-6-5, 3-3-10; the pillbox "
                    "4-X-0 has no defense)",
                    "Storm over Arnhem 1.1: each side's units in an area up to its stacking limit (the pillbox not "
                    "counted); both sides may share an area",
                    game=f"{_PKG}.rules.storm_over_arnhem:SoAGame",
                    presenter=f"{_PKG}.rules.storm_over_arnhem.view:SoAPresenter",
                    heuristic_bot=f"{_PKG}.bots.heuristic_storm_over_arnhem:SoAHeuristicBot",
                    shared_hex_rule="Storm over Arnhem 1.1: units of both sides in one area fight in the Close "
                                    "Combat Phase"),
        RulesFamily("asl", "ASL map rules", "ASL Arnhem Bridge", "ASL", "004_09a6f3be713b811c.txt", (),
                    "ASL counters", "ASL stacking"),
    )
}


def family(rules: str) -> RulesFamily:
    """The registered family `rules`; ValueError names the known ones."""
    f = RULES_FAMILIES.get(rules)
    if f is None:
        raise ValueError(f"unknown rules family {rules!r}; known: {', '.join(sorted(RULES_FAMILIES))}")
    return f


def playable_families() -> list[RulesFamily]:
    """The families with a rules engine, in registry order."""
    return [f for f in RULES_FAMILIES.values() if f.plays]
