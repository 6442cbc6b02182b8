"""The Storm over Arnhem family's `Game` (Storm over Arnhem: The Crossing, 003_6afad32bba8815b2.txt): the
scenario, its area map, the units' sides and kinds as the variant names them, the turn track (turns A and
B before turn 1), the fire table and the last turn.

The variant names its forces by formation (the scenario's `formation` of each unit): the pillbox (1.1), the
Arnhem Garrison (1.2), the 9th SS Recon (1.3, 3.4) and its recon infantry substitutes, the 10th SS Recon Bn
(2.2), the Bocholt Training Battalion (2.3) and the British Company B (2.1, 2.2). British AT units are units
of type `anti_tank` (3.1, 3.42, 3.43).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...model.areamap import AreaMap
from ...model.scenario import Scenario
from ..protocol import Action, Game
from .actions import parse_action
from .design import BRIDGE_BORDERS, BRIDGE_EXITS, GARRISON_AREA, PILLBOX_AREA, design_problems
from .tables import FireTable

__all__ = ["BRIDGE_BORDERS", "BRIDGE_EXITS", "GARRISON_AREA", "PILLBOX_AREA", "Arrival", "SoAGameBase", "area_map_of",
           "arrivals_of"]

BRITISH, GERMAN = "british", "german"
PLAY_OPTIONS = ("max_turns",)

# formations the variant names (The Crossing 1.1-1.3, 2.1-2.3)
PILLBOX = "Pillbox"
GARRISON = "Arnhem Garrison"
RECON_9SS = "9th SS Recon"
RECON_9SS_INFANTRY = "9th SS Recon infantry"  # the 4-6-6 counters that replace halftracks (1.3)
RECON_10SS = "10th SS Recon"
BOCHOLT = "Bocholt"
COMPANY_B = "B Coy"

PERIMETER_COUNTERS = 6  # 3.5
UNPLACED_COUNTER_VP = 2  # 3.5
GERMAN_VP_START = -2  # 3.7
TA_SWITCH_TURN = "3"  # the Tactical Advantage switches to the Germans at the start of turn 3 (introduction)
ZONE_LIMIT_10SS = 11  # 2.2: a maximum of eleven units per zone
DEFAULT_STACKING = 8  # units of a side in an area when neither the area nor the scenario says (reconstructed)
ELIMINATION_ABSORBS = 4  # 3.42: "up to 4 casualty points per unit"
MAX_FIRE_GROUP = 4  # the basic game's maximum fire group (reconstructed; 3.42 lets border fire exceed it)


@dataclass(frozen=True)
class Arrival:
    """Units that set up or come on in play (2.1-2.3): on the turn labelled `label`, in an area of `zones`,
    at most `limit` units of their formation a zone (0: no limit), by the variant's rule `rule`."""

    label: str
    side: str
    units: tuple[str, ...]
    zones: tuple[str, ...]
    limit: int
    rule: str


ARRIVAL_RULES = {"A": "2.1", "B": "2.2", "1": "2.3"}
# the variant's arrivals when the scenario lists none: (turn label, side, formation or "" for the side's units of
# no named formation, zones, rule)
DEFAULT_ARRIVALS: tuple[tuple[str, str, str, tuple[str, ...], str], ...] = (
    ("A", BRITISH, "", ("D", "E"), "2.1"),
    ("B", BRITISH, COMPANY_B, ("E",), "2.2"),
    ("B", GERMAN, RECON_10SS, ("A", "B", "C"), "2.2"),
    ("1", GERMAN, BOCHOLT, ("A", "B"), "2.3"),
)
NAMED = (COMPANY_B, RECON_10SS, BOCHOLT, RECON_9SS, RECON_9SS_INFANTRY, PILLBOX, GARRISON)


def arrivals_of(scenario: Scenario, labels: tuple[str, ...]) -> tuple[Arrival, ...]:
    """The scenario's arrivals: its `reinforcements` that enter by set-up zone (one entry a zone; entries of the
    same turn, side and units are one arrival in several zones), in file order; without any, the variant's
    (DEFAULT_ARRIVALS). An entry by area (the 9th SS Recon at the bridge, 3.4) is recon.py's, not one of these."""
    groups: dict[tuple[int, str, tuple[str, ...]], list[str]] = {}
    for rf in scenario.reinforcements:
        if rf.entry.zone is not None:
            zones = groups.setdefault((rf.turn, rf.side, tuple(rf.units)), [])
            if rf.entry.zone not in zones:
                zones.append(rf.entry.zone)
    formation = {uid: u.formation for uid, u in scenario.units.items()}
    out = []
    if groups:
        for (turn, side, units), zones in groups.items():
            label = labels[turn - 1] if 1 <= turn <= len(labels) else str(turn)
            limit = ZONE_LIMIT_10SS if any(formation.get(u) == RECON_10SS for u in units) else 0
            out.append(Arrival(label, side, units, tuple(zones), limit, ARRIVAL_RULES.get(label, "2.3")))
        return tuple(out)
    for label, side, form, zs, rule in DEFAULT_ARRIVALS:
        units = tuple(uid for uid, u in scenario.units.items() if u.side == side
                      and ((form and u.formation == form) or (not form and u.formation not in NAMED)))
        out.append(Arrival(label, side, units, zs, ZONE_LIMIT_10SS if form == RECON_10SS else 0, rule))
    return tuple(out)


def area_map_of(scenario: Scenario) -> AreaMap:
    """The scenario's area map; ValueError when the scenario is on a hex map."""
    am = getattr(scenario, "area_map", None)
    if am is None:
        am = scenario.map if isinstance(scenario.map, AreaMap) else None
    if am is None:
        raise ValueError("a Storm over Arnhem scenario is played on an area map (its map file is an area map)")
    return am


class SoAGameBase(Game):
    """What stays fixed in a game of The Crossing; the package's `SoAGame` adds its states."""

    def __init__(self, scenario: Scenario, options: dict[str, Any] | None = None) -> None:
        super().__init__(scenario, options)
        unknown = [k for k in (options or {}) if k not in PLAY_OPTIONS]
        if unknown:
            raise ValueError(f"unknown option(s) {', '.join(unknown)}; Storm over Arnhem has no optional rules "
                             f"(play options: {', '.join(PLAY_OPTIONS)})")
        self.areas: AreaMap = area_map_of(scenario)
        problems = design_problems(scenario)
        if problems:  # validation reports these at their lines; a game cannot be played without them
            raise ValueError("; ".join(p.message for p in problems))
        self.side_of = {uid: u.side for uid, u in scenario.units.items()}
        self.unit_ids = tuple(scenario.units)
        self.order = {uid: i for i, uid in enumerate(self.unit_ids)}
        # fixed facts of the units, read at every search and fire (board.py): formations, the pillbox (1.1),
        # the Arnhem Garrison (1.2), printed factors as whole numbers (`SoABoard.factor`, filled as read)
        self.formations: dict[str, str] = {uid: u.formation for uid, u in scenario.units.items()}
        self.pillboxes = frozenset(u for u, f in self.formations.items() if f == PILLBOX)
        self.garrison_ids = tuple(u for u in self.unit_ids if self.formations[u] == GARRISON)
        self.factors: dict[tuple[str, str], int] = {}
        self.side_units: dict[str, tuple[str, ...]] = {  # `SoABoard.units_of`, in the scenario's order
            side: tuple(u for u in self.unit_ids if self.side_of[u] == side) for side in set(self.side_of.values())}
        # the turn track: "A", "B", "1", "2", ... (the scenario's turn labels, else A, B, 1, 2 ...)
        labels = [t.label or "" for t in scenario.turns]
        if not labels:
            labels = ["A", "B", "1", "2", "3", "4", "5"]
        self.labels: tuple[str, ...] = tuple(lb or str(i - 1) for i, lb in enumerate(labels))
        limit = int(self.options.get("max_turns") or len(self.labels))
        self.last_turn = max(1, min(limit, len(self.labels))) - 1  # index of the last turn played
        self.arrivals = arrivals_of(scenario, self.labels)
        self.fire = FireTable.of(scenario)
        self.neighbours: dict[str, tuple[str, ...]] = {
            a: tuple(sorted(n for n in self.areas.neighbours(a) if self._crossable(a, n))) for a in self.areas.areas}
        self.area_costs: dict[tuple[str, bool], int | None] = {}  # (area, vehicle) -> MF to enter (movement.py)
        # (vehicle, turn A) -> area -> MF to enter, None where the class may not (movement.py `_entry_costs`)
        self.entry_costs: dict[tuple[bool, bool], dict[str, int | None]] = {}
        # (turn A, areas stopping a move, areas of 8.22 case B, start, MF, vehicle) -> search (movement.py)
        self.searched: dict[tuple, dict[str, tuple[int, tuple[str, ...]]]] = {}
        # ... and with the areas without room for the side: the unit's reach and moves (movement.py `reached`)
        self.reached: dict[tuple, Any] = {}
        self.no_room: frozenset[str] | None = None  # areas of stacking limit 0 or less (movement.py)
        self.stacking: dict[str, int] = {}  # area -> stacking limit (`SoABoard.stacking_limit`), filled as read
        win = [v for v in scenario.victory if v.kind == "vp" and v.side == GERMAN]
        self.german_win_vp = win[0].count if win else 10
        self.win_text = win[0].description if win and win[0].description else ""

    def _crossable(self, a: str, b: str) -> bool:
        """A river border is never crossed (reconstructed: the basic game's map has no other crossing than
        the bridge, which the variant enters only by 3.4)."""
        border = self.areas.border(a, b)
        return border is None or border.kind not in ("river", "none")

    def formation(self, uid: str) -> str:
        return self.formations[uid]

    def parse_action(self, text: str) -> Action:
        return parse_action(text)
