"""A scenario: rules family, map, sides, order of battle, set-up, reinforcements, the turn track,
victory conditions as data, the game's tables and options.

A loaded Scenario is data; games are made from it by its rules family and never change it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .areamap import AreaMap
from .counters import MarkerDef, SupportMarker, UnitDef
from .hexmap import HexMap


@dataclass
class Side:
    id: str
    name: str = ""
    color: str = "#506070"
    nationalities: list[str] = field(default_factory=list)
    # support fire marker pools by pool name (e.g. "british", "us"), F&M 7.1 / 10.7
    support_pools: dict[str, list[SupportMarker]] = field(default_factory=dict)


@dataclass
class ZoneRule:
    """One test a set-up hex must pass. Exactly one of the selectors is set:
    `region` (hex in that region), `edge` + `within` (within N hexes of a named map edge),
    `terrain` + `within` (within N hexes of a hex of that terrain or feature), `hexes` (a list)."""

    region: str | None = None
    edge: str | None = None
    terrain: str | None = None
    hexes: list[str] | None = None
    within: int | None = None
    negate: bool = False  # "not within five hexes of the south edge"


@dataclass
class SetupZone:
    """Where units (or markers) of a side may be set up in free deployment (F&M 12.0)."""

    name: str
    side: str
    units: list[str] = field(default_factory=list)  # unit or marker ids; empty: every unit of the side
    rules: list[ZoneRule] = field(default_factory=list)  # all must pass
    description: str = ""


@dataclass
class Entry:
    """Where a reinforcement enters: a hex, a range of map-edge hexes, or within N hexes of a marker;
    on an area map, an area or a set-up zone of areas (The Crossing 2.2: "brings on Company B in
    zone E")."""

    hex: str | None = None
    edge_range: tuple[str, str] | None = None
    marker: str | None = None
    within: int | None = None
    offboard: str | None = None  # an off-board region
    description: str = ""
    area: str | None = None  # an area of an area map
    zone: str | None = None  # the areas of an area map's set-up zone


@dataclass
class Reinforcement:
    turn: int
    side: str
    units: list[str]
    entry: Entry
    airborne: bool = False
    note: str = ""


@dataclass
class TurnInfo:
    number: int
    night: bool = False
    allotments: dict[str, Any] = field(default_factory=dict)  # side -> support markers / rolls
    events: list[str] = field(default_factory=list)
    label: str = ""


@dataclass
class VictoryCondition:
    """A victory condition as data. Kinds: `occupy` (side holds `count` of `hexes` with units that
    pass `units`), `clear` (no unit of another side on any of `hexes`: Target Arnhem's Hell's Highway),
    `vp` (victory points per hex held, per unit eliminated, per unit exited),
    `exit` (units leave by an edge), `default` (the result if nothing else applies).
    `when`: immediate or end; `result`: win or draw."""

    kind: str
    side: str = ""
    result: str = "win"
    when: str = "end"
    hexes: list[str] = field(default_factory=list)
    count: int = 1
    units: dict[str, Any] = field(default_factory=dict)  # filter: {flags_not: [airborne], ...}
    points: dict[str, Any] = field(default_factory=dict)
    description: str = ""


@dataclass
class Table:
    """A rules table as editable data. `reconstructed` marks a table the rulebook does not print in
    full (the F&M CRT body, the Target Arnhem combat table): never presented as the original."""

    name: str
    columns: list[str]
    rows: dict[str, list[Any]]
    title: str = ""
    reconstructed: bool = False
    source: str = ""
    notes: str = ""
    blank: str = "-"  # the cell text meaning "no entry here"; a None cell is a hole

    def cell(self, row: str, column: str) -> Any:
        return self.rows[row][self.columns.index(column)]


# the states a hexside may start a game in (Scenario.start.hexsides)
HEXSIDE_START_STATES = ("demolished", "ferry")


@dataclass
class StartState:
    """A scenario that starts mid-game: what has already happened to the units and the map when play
    begins. Every entry is validated like the rest of the scenario (validation/checks.py).

    * `steps_lost`: unit id -> steps already lost (F&M: 1 = depleted, 8.2.4; Koenig: Hits, 9.2).
    * `hexsides`: hexside label ('1422/1423') -> "demolished" (a bridge blown, F&M 10.6.3) or "ferry"
      (an engineer ferry in operation, F&M 10.6.5).
    * `markers`: marker id -> the hex label it stands in at the start (a drop zone already shifted, F&M
      12.0), overriding the marker's own hex.
    * `turn`: the turn play begins in, as the turn track names it (its number, or its label such as
      "B"); None: the first turn.
    * `phase`: the phase (or impulse) of that turn play begins in, one of the names the family declares
      (its registry entry's `start_phases`); "": the turn's first.
    * `out_of_play`: unit id -> "eliminated" or "exited": units already gone when play begins (they are
      neither set up nor brought on again).
    * `offboard`: unit id -> the off-board area it starts in (Target Arnhem's E and P areas, a map
      region), for a family that keeps units off the map (its entry's `start_offboard_rule`).
    * `family`: the family's own start-state fields by name (Tactical Advantage, area control, supply
      points, VP...), each declared by its registry entry's `start_fields` and validated against it.
    """

    steps_lost: dict[str, int] = field(default_factory=dict)
    hexsides: dict[str, str] = field(default_factory=dict)
    markers: dict[str, str] = field(default_factory=dict)
    turn: int | str | None = None
    phase: str = ""
    out_of_play: dict[str, str] = field(default_factory=dict)
    offboard: dict[str, str] = field(default_factory=dict)
    family: dict[str, Any] = field(default_factory=dict)

    def is_empty(self) -> bool:
        return not (self.steps_lost or self.hexsides or self.markers or self.turn is not None or self.phase
                    or self.out_of_play or self.offboard or self.family)

    def starts_later(self) -> bool:
        """The scenario starts after the first turn's first phase (a turn or a phase is given)."""
        return self.turn is not None or bool(self.phase)


# the states a unit may be out of play in at the start (StartState.out_of_play)
OUT_OF_PLAY_STATES = ("eliminated", "exited")


def turn_index(sc: Scenario, turn: int | str | None) -> int | None:
    """The 1-based row of the scenario's turn track that `turn` names: a turn's label ("B") first, then
    its number; None when it names no turn (1 for None: the first turn)."""
    if turn is None:
        return 1
    text = str(turn)
    for i, t in enumerate(sc.turns):
        if t.label and t.label == text:
            return i + 1
    if isinstance(turn, int) or text.isdigit():
        n = int(text)
        for i, t in enumerate(sc.turns):
            if t.number == n:
                return i + 1
        if not sc.turns and n >= 1:
            return n
    return None


@dataclass
class Scenario:
    title: str
    rules: str  # rules family id: fm, koenig, target_arnhem, ...
    map: HexMap
    map_file: str | None = None  # path of the map file relative to the scenario, if separate
    sides: list[Side] = field(default_factory=list)
    first_player: str = ""
    units: dict[str, UnitDef] = field(default_factory=dict)
    markers: dict[str, MarkerDef] = field(default_factory=dict)
    placements: dict[str, str] = field(default_factory=dict)  # unit id -> hex label at set-up
    # unit id -> the level of the location it is set up in, for units set up in one of the map's extra
    # locations of their hex (ASL Arnhem Bridge 1.1: `R18:1` on the bridge); absent: the ground location
    placement_levels: dict[str, int] = field(default_factory=dict)
    setup_zones: list[SetupZone] = field(default_factory=list)
    reinforcements: list[Reinforcement] = field(default_factory=list)
    turns: list[TurnInfo] = field(default_factory=list)
    victory: list[VictoryCondition] = field(default_factory=list)
    tables: dict[str, Table] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    stacking_limit: int = 1
    start: StartState = field(default_factory=StartState)  # a game that starts mid-way
    description: str = ""
    source: str = ""  # the rulebook it comes from, cited in diagnostics
    # set by the loader when the map could not be read: `map` is then an empty stand-in, and the
    # checks that need the real map are skipped rather than reported against the stand-in
    map_missing: bool = False
    # an area map (Storm over Arnhem): set when the scenario's map file is an area map; `map` is then
    # an empty stand-in and `placements` map unit ids to area ids ("17") instead of hex labels
    area_map: AreaMap | None = None

    @property
    def on_areas(self) -> bool:
        return self.area_map is not None

    def side(self, side_id: str) -> Side | None:
        return next((s for s in self.sides if s.id == side_id), None)

    @property
    def turn_count(self) -> int:
        return len(self.turns)

    def units_of(self, side_id: str) -> list[UnitDef]:
        return [u for u in self.units.values() if u.side == side_id]
