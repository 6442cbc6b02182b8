"""The Koenig family's `Game` (Paul Koenig's Market-Garden, 002_fe1216aa5df94854.txt): the scenario, its
compiled movement graph, the units' order and sides, and the options of optional rules 14.1 Leadership,
14.2 Interdiction, 14.3 Indirect Fire and 14.5 Overruns (scenario options, switchable per game).

This module is the bottom of the family: board.py and every rules module read `KoenigGameBase`; `KoenigGame`
(the package's top, __init__.py) adds the making of states (state.py), so that there is no import loop."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ...hexgrid import Hex, hex_neighbor
from ...model.scenario import Scenario
from ...movement.hooks import MovementHooks
from ...movement.kernel import MovementGraph
from ..protocol import Action, Game, Phase
from .actions import parse_action
from .combat import fire_reach_table

OPTIONS = {"leadership": "Koenig 14.1", "interdiction": "Koenig 14.2", "indirect_fire": "Koenig 14.3",
           "overruns": "Koenig 14.5"}
PLAY_OPTIONS = ("max_turns",)  # a shorter playtest: the game is judged after that many turns (12.0)


class KoenigGameBase(Game):
    """A Koenig game of one scenario: everything but the making of its states (`KoenigGame`, __init__.py)."""

    def __init__(self, scenario: Scenario, options: dict[str, Any] | None = None) -> None:
        super().__init__(scenario, options)
        unknown = [k for k in (options or {}) if k not in OPTIONS and k not in PLAY_OPTIONS]
        if unknown:
            raise ValueError(f"unknown option(s) {', '.join(unknown)}; the Koenig optional rules are "
                             f"{', '.join(f'{k} ({v})' for k, v in OPTIONS.items())}")
        classes = scenario.map.terrain_table.movement_classes
        self.graph = MovementGraph(scenario.map, classes[0] if classes else "ground")
        self.side_of = {uid: u.side for uid, u in scenario.units.items()}
        # side -> (unit, own formation, independent: exclusive 7.0) of its units, in the scenario's order
        # (operations.eligible)
        self.side_units: dict[str, list[tuple[str, str, bool]]] = {}
        for uid, u in scenario.units.items():
            self.side_units.setdefault(u.side, []).append((uid, u.formation, u.has("independent") or not u.formation))
        self.unit_ids = tuple(scenario.units)
        self.order = {uid: i for i, uid in enumerate(self.unit_ids)}
        # (hexes blocked, hexes to stop in, Interdiction markers) -> (the hooks of a move, that key): board._hooks
        self.hooks_memo: dict[tuple[Any, ...], tuple[MovementHooks, tuple[Any, ...]]] = {}
        # (hooks key, start hex, allowance) -> destinations, and ("entry", hooks key, side, entry hexes, which
        # of them hold an enemy, allowance) for an entering unit: KoenigBoard.move_options, shared by the games
        self.destinations_memo: dict[tuple[Any, ...], Mapping[Hex, float]] = {}
        # (id of a destinations dict, unit, kind, allowance, march, base) -> (that dict, the moves listed for
        # it): moves.move_actions
        self.moves_memo: dict[tuple[Any, ...], tuple[Mapping[Hex, float], list[Action]]] = {}
        # (id of a destinations dict, unit, MA) -> (that dict, the unit's moves in an Activation): moves.py
        self.activation_memo: dict[tuple[Any, ...], tuple[Mapping[Hex, float], list[Action]]] = {}
        # (kind, unit, Force March) -> the unit's move of that kind to each map hex, by the hex's rank in label
        # order, made when first listed (moves._listed)
        self.rank_moves: dict[tuple[Any, ...], list[Action | None]] = {}
        self.exit_ids: frozenset[str] | None = None  # board.KoenigBoard.exit_units
        self.exit_roads: list[Hex] | None = None  # board.KoenigBoard.can_exit
        self.road_exits: dict[Hex, bool] = {}  # board.KoenigBoard.road_off_map: the map's, kept per game
        # (source, Full Fire (else Mobile), a Heavy Weapons unit's Indirect Fire) -> the hexes it may fire at,
        # from every map hex (combat.fire_reach_table; operations.fire_groups)
        self.fire_reach: dict[tuple[Any, ...], tuple[Hex, ...]] = fire_reach_table(
            scenario.map, bool(self.options.get("indirect_fire")))
        # (Full Fire, target hex, units able to fire at it, units that must fire) -> the Fire Attacks in
        # concert at that target (operations.fire_groups)
        self.fire_memo: dict[tuple[Any, ...], list[Action]] = {}
        # (Full or Mobile Fire, target hex, firing units, their hexes and Hits) -> the net Attack Factor of that
        # fire declared with no support (battle.declared_af, the bots' odds of a fire)
        self.declared_af_memo: dict[tuple[Any, ...], int] = {}
        # (unit, hex, status, Hits) -> what the victory schedule reads of the unit (board.KoenigBoard.snapshot)
        self.unit_snapshots: dict[tuple[Any, ...], Any] = {}
        # operations.listing_key -> an Activation's legal actions without the Leadership marker (ActivationStep)
        self.activation_listing: dict[tuple[Any, ...], list[Action]] = {}
        self.cup_outcomes: dict[tuple[str, ...], list[tuple[Action, Fraction]]] = {}  # operations.CupDrawStep
        self.phases: dict[tuple[str, str, int, str], Phase] = {}  # board.KoenigBoard.phase_of
        self._near: dict[Hex, frozenset[Hex]] = {}  # near
        self.entry_hexes: dict[str, list[Hex]] = {}  # board.KoenigBoard.entry_hexes
        self.labels: dict[Hex, str] = {h: scenario.map.label(h) for h in scenario.map.hexes}
        self.labels_in_order = sorted(self.labels.values())  # the map's hex labels in label order
        self.label_rank = {h: i for i, h in enumerate(sorted(self.labels, key=self.labels.__getitem__))}
        turns = len(scenario.turns)
        self.last_turn = min(turns, int(self.options.get("max_turns") or turns))

    def near(self, h: Hex) -> frozenset[Hex]:
        """`h` and the six hexes adjacent to it (made once per game)."""
        got = self._near.get(h)
        if got is None:
            got = self._near[h] = frozenset([h, *(hex_neighbor(h, d) for d in range(6))])
        return got

    def parse_action(self, text: str) -> Action:
        return parse_action(text)
