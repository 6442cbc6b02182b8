"""The one registry of rules families: for each, what a scenario must give it (its sides, its units'
printed values, its stacking rule and limit, its tables; validation reads these), how its counters are
drawn, its own validation checks and, where the family plays, its rules engine, its presenter (what a
player interface shows, presentation.py), its heuristic bot and what its players may not see (the MCTS
bot's information sets).

Each family keeps its entry in its own folder (`engine/rules/<family>/family.py`, `FAMILY =
RulesFamily(...)`); this module names those modules, one line a family (`FAMILY_MODULES`), and a test
may add a family at run time (`register_family`). A new family is its folder plus one line here.
`make_game`, `presenter_for`, `bots.make_bot`, the balance lab, the playtest window, validation, the
counter drawing and the conformance test (tests/engine/rules/test_conformance.py) all read it. Entries
name their implementations as "module:attribute" and a family's `family.py` imports nothing heavy, so
reading the registry imports no rules engine (validation and the editor read it at start-up).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

# one line a family: the module that holds its entry (`FAMILY`)
FAMILY_MODULES: tuple[str, ...] = (
    "hexwright.engine.rules.fm.family",
    "hexwright.engine.rules.koenig.family",
    "hexwright.engine.rules.target_arnhem.family",
    "hexwright.engine.rules.storm_over_arnhem.family",
    "hexwright.engine.rules.asl.family",
)


@dataclass(frozen=True)
class TableSchema:
    """What a family reads of one rules table; the scenario loader (formats/ruledata.py) holds a
    scenario's table of that name to it, reporting each problem at its row or heading."""

    columns: tuple[str, ...] = ()  # the columns it must have
    rows: tuple[str, ...] = ()  # the rows it must have
    whole: tuple[str, ...] = ()  # columns whose cells are whole numbers from `low` to `high`; ("*",): every one
    low: int = 0
    high: int = 0
    blank_ok: bool = False  # "-" or nothing is allowed in the whole-number columns
    die_ranges: bool = False  # every cell is a die roll or a range of rolls such as 1-3 (text: no roll)
    rows_not_empty: bool = False  # every row needs die rolls that succeed
    differentials: bool = False  # every row needs a column of differentials such as '+2,+3'
    column_kind: str = ""  # "ratio" (2:1, 1.5:1) or "strength-range" (3-4, 17+): what each heading must be
    row_kind: str = ""  # "modified-roll" (a die roll such as 4 or -1): what each row name must be


# the kinds of value a start-state field holds (StartField.kind), as the scenario file writes them
START_FIELD_KINDS = {
    "side": "a side id",
    "sides": "a list of side ids",
    "number": "a whole number",
    "flag": "true or false",
    "area-sides": "a mapping of area ids to side ids",
    "areas": "a list of area ids",
    "units": "a list of unit ids",
    "names": "a list of names",
    "pool-numbers": "a mapping of supply pool names to whole numbers",
    "side-names": "a mapping of side ids to lists of names",
}


@dataclass(frozen=True)
class StartField:
    """One field of a family's start state (Scenario.start.family): a value a scenario that starts
    mid-game gives, written under `start:` by `name`; the loader holds it to `kind` (START_FIELD_KINDS)
    and `low`..`high` for numbers, at its line. `rule` is the citation a reader sees ("Storm over Arnhem
    3.7"); `label` and `help` are the Start state panel's."""

    name: str
    kind: str
    label: str
    rule: str
    help: str = ""
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()  # the names a "pool-numbers" field's keys are from; () any


@dataclass(frozen=True)
class CounterLook:
    """How the family's counters are printed (app/counters/draw.py reads it)."""

    # the printed values laid out as "attack-defense-movement" with the movement in its own box (F&M 2.3),
    # or "row" (the values side by side in unit_values order)
    values_layout: str = "row"
    # formations told apart by the colour inside the symbol box, the nationality's around it; a formation
    # without a colour of its own gets a palette colour (Koenig 7.0)
    formation_box: bool = False
    # every unit has a back: a one-step unit's says where it sets up or the turn it enters (Koenig 2.2)
    back_shows_arrival: bool = False
    # the unit value drawn as a track of boxes at the side ("endurance", Target Arnhem Damage); "" draws
    # the steps of a unit with more than two
    track_value: str = ""


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
    required_tables: tuple[str, ...] = ()  # tables it reads; missing, the printed values are used (a warning)
    game: str = ""  # "module:factory" of the family's rules engine (protocol.make_game), "" if none yet
    presenter: str = ""  # "module:class" of its presenter (presentation.presenter_for)
    heuristic_bot: str = ""  # "module:class" of its heuristic bot (bots.make_bot), made as Bot(scenario, seed)
    # when units of both sides may stand in one hex, the rule that lets them ("Koenig 10.0: ..."); "" when
    # never (the conformance test holds every other family to it)
    shared_hex_rule: str = ""
    # the stacking limit holds after every action (Koenig 8.2), not only at the end of a phase (F&M 5.3: units
    # may move through friends)
    stacking_every_action: bool = False
    # the side ids its rules name (validation requires them of a scenario that plays); () when any two do
    side_ids: tuple[str, ...] = ()
    stacking_limit: int = 1  # the number in its stacking rule: a new scenario's default
    tables: tuple[tuple[str, TableSchema], ...] = ()  # (table name, what the family reads of it)
    counters: CounterLook = CounterLook()
    # what the family calls a step lost, one and many ("Hit", "Hits" in Koenig 9.2)
    step_loss: tuple[str, str] = ("step lost", "steps lost")
    # "module:function" of its own scenario checks, `checks(sc, map_ok, add)` calling
    # add(severity, code, message, anchor, hex=None, unit=None); the module imports only the model, the
    # formats and validation.diagnostics (validation imports no rules engine)
    checks: str = ""
    # "module:function" `(sc, unit) -> (most, why)`: the most steps a unit may have lost at the start of
    # play and why no more; "" for steps - 1
    steps_lost_limit: str = ""
    # "module:function" `(sc) -> set of unit ids` the family brings on by its own rules (neither set up
    # nor a reinforcement); "" for none
    placed_in_play: str = ""
    # "module:object" with `searchable(state, me) -> bool` (may the side search: no hidden decision of the
    # other side pending that a determinization does not draw again) and `redeal(state, me, rng)` (deal
    # again what the other side drew in secret) for the MCTS bot; "" when nothing is hidden
    information_set: str = ""
    # the MCTS bot's settings for this family's games where they differ from its defaults, as (MCTSBot keyword,
    # value) pairs, e.g. (("horizon", 14),), or ("unsearched", "KIND KIND"): the kinds of decision (class names)
    # it never searches; chosen by measurement (docs/bots.md); a caller's own value wins
    search: tuple[tuple[str, float | str], ...] = ()
    # the rules the start state's bridge and ferry checks cite ("demolish", "ferry"), and whether a ferry
    # set up beside an enemy unit is cancelled as play begins (checked by the family's checks)
    hexside_rules: tuple[tuple[str, str], ...] = ()
    supply_stripes: bool = False  # the scenario editor shows the supply areas editor (stripes, para markers)
    # tables its rules engine has no printed values for: a scenario that leaves one out is refused by
    # validation (an error at the scenario's top), not discovered at the first roll of a game
    essential_tables: tuple[str, ...] = ()
    # the printed values (unit_values) are whole numbers by the rule `values_source` cites (F&M 2.3: the
    # factors printed on the counters); a fraction is refused (validation, CSV import)
    whole_values: bool = False
    # a scenario that starts mid-game (Scenario.start): the phases a turn may start in, in the order of
    # play, as the scenario file names them (the first is the turn's opening; () when only a turn is given)
    start_phases: tuple[str, ...] = ()
    start_fields: tuple[StartField, ...] = ()  # the family's own start-state fields (Tactical Advantage...)
    # the rule that keeps units in off-board areas (Scenario.start.offboard); "" when the family has none
    start_offboard_rule: str = ""
    # states of the family's own a unit may start in besides "eliminated" and "exited" (Koenig's "lost"
    # landings), written in `start: out_of_play:`
    start_unit_states: tuple[str, ...] = ()
    # "module:function" `(state) -> StartState`: the family's part of "start from here" (its turn, phase
    # and fields of a game in progress; the position is the kit's, kit/start.py); "" when it cannot
    start_capture: str = ""

    @property
    def plays(self) -> bool:
        return bool(self.game)

    def cite(self, section: str) -> str:
        """A citation a player reads: "(F&M 8.3)"."""
        return f"({self.citation} {section})"

    def table(self, name: str) -> TableSchema | None:
        """What the family reads of its table `name`, or None when it has no such table."""
        return dict(self.tables).get(name)

    def start_field(self, name: str) -> StartField | None:
        return next((f for f in self.start_fields if f.name == name), None)

    def hexside_rule(self, topic: str) -> str:
        return dict(self.hexside_rules).get(topic, "")

    def hook(self, which: str) -> Any:
        """The object a "module:attribute" entry names (`checks`, `information_set`, ...), None when empty."""
        ref = getattr(self, which)
        return load(ref) if ref else None


def lazy_names(package: str, names: Mapping[str, str]) -> Callable[[str], Any]:
    """A family package's module `__getattr__` that imports each re-exported name (name -> ".module")
    when first asked, so that the package stays light (reading the registry imports its family.py)."""
    def __getattr__(name: str) -> Any:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(module, package), name)
    return __getattr__


def load(ref: str) -> Any:
    """The object a registry entry names ("module:attribute"; a relative module is relative to this package)."""
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module, __package__), name)


class _Families(Mapping[str, RulesFamily]):
    """The families by id: the shipped ones (`FAMILY_MODULES`, read when first asked, so importing this
    module imports no family) and any registered at run time."""

    def __init__(self, modules: tuple[str, ...]) -> None:
        self._modules = modules
        self._by_id: dict[str, RulesFamily] | None = None

    def _all(self) -> dict[str, RulesFamily]:
        if self._by_id is None:
            by_id: dict[str, RulesFamily] = {}
            for module in self._modules:
                f = importlib.import_module(module).FAMILY
                by_id[f.id] = f
            self._by_id = by_id
        return self._by_id

    def __getitem__(self, key: str) -> RulesFamily:
        return self._all()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def add(self, f: RulesFamily) -> None:
        if f.id in self._all():
            raise ValueError(f"a rules family {f.id!r} is already registered")
        self._all()[f.id] = f

    def remove(self, family_id: str) -> None:
        self._all().pop(family_id, None)


RULES_FAMILIES: _Families = _Families(FAMILY_MODULES)


def register_family(f: RulesFamily) -> RulesFamily:
    """Add a family at run time (a test's, or a plug-in's): every reader of the registry sees it."""
    RULES_FAMILIES.add(f)
    return f


def unregister_family(family_id: str) -> None:
    """Take a family registered at run time out again (a test's clean-up)."""
    RULES_FAMILIES.remove(family_id)


def family(rules: str) -> RulesFamily:
    """The registered family `rules`; ValueError names the known ones."""
    f = RULES_FAMILIES.get(rules)
    if f is None:
        raise ValueError(f"unknown rules family {rules!r}; known: {', '.join(sorted(RULES_FAMILIES))}")
    return f


def playable_families() -> list[RulesFamily]:
    """The families with a rules engine, in registry order."""
    return [f for f in RULES_FAMILIES.values() if f.plays]
