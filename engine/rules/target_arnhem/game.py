"""The Target Arnhem family's `Game` (Target Arnhem: Across 6 Bridges, 001_69d92a61f68ed4f9.txt): the
scenario, the units' order and sides, the off-board areas, Hell's Highway and area P as the map names
them, and the last turn (Victory Conditions: the end of turn 9, or a shorter playtest's `max_turns`).

This module imports no state: board.py reads the game, and the package's top module joins the game with its
states (state.py) in `TAGame`."""

from __future__ import annotations

from typing import Any

from ...hexgrid import Hex, hex_neighbor
from ...model.hexmap import HexsideInfo, Region
from ...model.scenario import Scenario
from ..protocol import Action, Game, Phase
from .actions import Move, parse_action
from .design import ALLIED, OFFBOARD, PARA_SUPPLY, is_airborne

PLAY_OPTIONS = ("max_turns",)  # a shorter playtest: the game is judged after that many turns
AREA_P = "P"  # the off-board area closed from turn 4 (Movement)
AREA_P_CLOSES = 4
ENTRY_HEX = "0103"  # XXX Corps' entry and the Allied road supply's source (Re-Supply, Reinforcements)


class TAGameBase(Game):
    """What stays fixed in a Target Arnhem game; the package's `TAGame` adds its states."""

    def __init__(self, scenario: Scenario, options: dict[str, Any] | None = None) -> None:
        super().__init__(scenario, options)
        unknown = [k for k in (options or {}) if k not in PLAY_OPTIONS]
        if unknown:
            raise ValueError(f"unknown option(s) {', '.join(unknown)}; Target Arnhem has no optional rules "
                             f"(play options: {', '.join(PLAY_OPTIONS)})")
        m = scenario.map
        self.side_of = {uid: u.side for uid, u in scenario.units.items()}
        self.unit_ids = tuple(scenario.units)
        self.order = {uid: i for i, uid in enumerate(self.unit_ids)}
        self.units_by_side: dict[str, tuple[str, ...]] = {}  # side -> its units, in the scenario's order
        for uid in self.unit_ids:
            self.units_by_side[self.side_of[uid]] = (*self.units_by_side.get(self.side_of[uid], ()), uid)
        # the units printed Pickaxe-fortified (Fortifications)
        self.printed_fortified = frozenset(uid for uid, u in scenario.units.items() if u.has("fortified"))
        # Mechanized units (vehicle-pictured counters) act in impulse 3 (Sequence of Play)
        self.mechanized = frozenset(uid for uid, u in scenario.units.items()
                                    if u.has("mechanized") or u.unit_type in ("mechanized", "armor", "armored_recon"))
        # the stripe a unit's supply is traced by (supply.in_supply): an Allied airborne unit's own, else ""
        self.trace_stripe = {uid: u.supply if u.side == ALLIED and is_airborne(scenario, uid) else ""
                             for uid, u in scenario.units.items()}
        self.para_marker: dict[object, str] = {}  # stripe -> its (first) para supply marker (supply.para_marker)
        for mid, mk in scenario.markers.items():
            if mk.kind == PARA_SUPPLY:
                self.para_marker.setdefault(mk.values.get("stripe"), mid)
        # side -> its airborne reinforcements as (turn, units), in the scenario's order (impulse.due_airborne)
        self.airborne_arrivals: dict[str, tuple[tuple[int, tuple[str, ...]], ...]] = {}
        for rf in scenario.reinforcements:
            if rf.airborne:
                self.airborne_arrivals[rf.side] = (*self.airborne_arrivals.get(rf.side, ()), (rf.turn, tuple(rf.units)))
        turns = len(scenario.turns) or 9
        self.last_turn = min(turns, int(self.options.get("max_turns") or turns))
        self.areas: dict[str, Region] = {n: r for n, r in m.regions.items() if r.kind == OFFBOARD}
        self.entry_hex: Hex | None = m.hex_at(ENTRY_HEX)
        # (hex, hex) -> the hexside between them: the map's hexsides do not change during a game (board.py)
        self.hexsides: dict[tuple[Hex, Hex], HexsideInfo | None] = {}
        self._around: dict[Hex, tuple[Hex, ...]] = {}
        # hex -> the hexes next to it not across an unbridged river hexside: where an attack on it comes from
        self.attack_from: dict[Hex, tuple[Hex, ...]] = {}
        self.side_flags: dict[tuple[Hex, Hex], int] = {}  # board._side_flags: what each hexside is to a move
        self.road_hexes: dict[Hex, bool] = {}  # board.on_road
        # (side, hex, road movement, enemy hexes, hexes next to them, area P closed, paths) -> moves (movement.py)
        self.moves_kept: dict[tuple, dict[str, tuple[str, ...]]] = {}
        # (unit, and all its moves read) -> its Move actions (movement.move_actions)
        self.move_actions_kept: dict[tuple, tuple[Move, ...]] = {}
        self.phases: dict[int, Phase] = {}  # turn * 8 + stage -> its Phase (step.stage_phase)
        # the hexes next to each set of enemy-held hexes (board.enemy_hexes)
        self.near_kept: dict[frozenset[Hex], tuple[frozenset[Hex], frozenset[Hex]]] = {}
        # (side, lands anywhere, para supply marker's hex, enemy-held hexes) -> paradrop places (impulse.py)
        self.drops_kept: dict[tuple, tuple[Hex, ...]] = {}
        # unit -> (its paradrop places as `drops_kept` gave them, the Enter actions to them) (impulse.py)
        self.enters_kept: dict[str, tuple[tuple[Hex, ...], frozenset[Hex], tuple[Action, ...]]] = {}
        # (attackers with their hexes and supply, target, defenders, bombardment) -> Odds (combat.odds)
        self.odds_kept: dict[tuple, Any] = {}
        # (side, stripe, enemy-held hexes, area P closed, marker hex) -> hexes in supply (supply.py)
        self.supply_kept: dict[tuple, frozenset[Hex]] = {}

    def around(self, h: Hex) -> tuple[Hex, ...]:
        """The six hexes next to `h` in direction order (on the map or not), kept per game."""
        got = self._around.get(h)
        if got is None:
            got = self._around[h] = tuple(hex_neighbor(h, d) for d in range(6))
        return got

    def parse_action(self, text: str) -> Action:
        return parse_action(text)
