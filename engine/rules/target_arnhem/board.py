"""What every step of a Target Arnhem game reads and changes (001_69d92a61f68ed4f9.txt): the position (the
kit's `Position`: units on hexes, their status, and endurance damage as steps lost), the units in off-board
areas, the turn and the stage of its Sequence of Play, the units that have acted this impulse, the
Pickaxe-fortified units, the supply points of each formation, the para supply markers overrun and the
attack in progress.

`TABoard` is the base of `TAState` (state.py): the steps (adjustment.py, impulse.py, combat.py) are typed
against it. Its queries answer what the rules ask of a position: sides, strength and endurance (Forces,
Damage), mechanized and airborne units, supply stripes (Supply Points), hexsides (rivers, canals and their
bridges), adjacency to the enemy, off-board areas and area P (Movement).

Unit statuses are the kit's (`UnitStatus`: on map, waiting, eliminated) and OFF_BOARD: a German unit in an
off-board area (`area_of`), which is in play but on no hex.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from ...hexgrid import Hex
from ...model.hexmap import HexMap, HexsideInfo
from ...model.scenario import Scenario
from ..chance import Sampler
from ..kit import Position, SequenceState, UnitStatus
from ..kit.kept import kept
from ..kit.machine import APPEND_ONLY, SHARED
from .game import AREA_P, AREA_P_CLOSES, TAGameBase

ALLIED, GERMAN = "allied", "german"
ON_MAP, WAITING, ELIMINATED = UnitStatus.ON_MAP, UnitStatus.WAITING, UnitStatus.ELIMINATED
OFF_BOARD = "off-board"
NEAR_KEPT = 5_000  # the sets of hexes next to the enemy a game keeps (`TAGameBase.near_kept`)
STACKING_LIMIT = 3  # Movement: no more than 3 stacked units may end an impulse in a hex
RIVER, CANAL, ROAD = 1, 2, 4  # what a hexside is to a move (TABoard._side_flags)
# what a clone shares with its original (`TABoard.__deepcopy__`): the game and the phase's opening (the kit's
# SHARED), the pending decision and the outcome (frozen, of plain values), and plain values
CLONE_SHARED = SHARED | {"_pending", "_outcome", "game_seed", "turn", "stage", "begun"}
CLONE_LISTS = APPEND_ONLY | {"queue"}  # lists of frozen entries (the history, the log, the tasks)



class Stage(IntEnum):
    """Where a turn is in the Sequence of Play, in the order of play: the Adjustment, then the Allied and
    German impulses 1, 2 and 3."""

    ADJUSTMENT = 0
    ALLIED_1 = 1
    GERMAN_1 = 2
    ALLIED_2 = 3
    GERMAN_2 = 4
    ALLIED_3 = 5
    GERMAN_3 = 6

    @property
    def side(self) -> str:
        """The side whose impulse it is ("" in the Adjustment)."""
        return STAGE_SIDE[self]

    @property
    def impulse(self) -> int:
        """1, 2 or 3; 0 in the Adjustment."""
        return STAGE_IMPULSE[self]

    @property
    def title(self) -> str:
        """"Adjustment" or "Allied impulse 2", as the turn track and the log read it."""
        return "Adjustment" if self is Stage.ADJUSTMENT else f"{self.side.capitalize()} impulse {self.impulse}"

    @classmethod
    def of_impulse(cls, side: str, impulse: int) -> Stage:
        return cls[f"{side.upper()}_{impulse}"]


# each stage's side and impulse number, by the stage's number (read at every decision of every rollout)
STAGE_SIDE: tuple[str, ...] = tuple("" if s is Stage.ADJUSTMENT else s.name.partition("_")[0].lower() for s in Stage)
STAGE_IMPULSE: tuple[int, ...] = tuple(0 if s is Stage.ADJUSTMENT else int(s.name.rpartition("_")[2]) for s in Stage)


def cite(section: str) -> str:
    """A citation a player reads: "(Target Arnhem: Movement)" (the rulebook's sections have names, not
    numbers)."""
    return f"(Target Arnhem: {section})"


@dataclass
class Combat:
    """An attack in progress (Attack, Combat, Damage, Advance)."""

    side: str  # the attacker
    target: Hex
    units: tuple[str, ...] = ()  # the attacking units chosen so far
    defenders: tuple[str, ...] = ()
    defender_damage: int = 0  # points still to assign
    attacker_damage: int = 0

    def key(self) -> tuple[object, ...]:
        return (self.side, self.target, self.units, self.defenders, self.defender_damage, self.attacker_damage)


class TABoard(SequenceState):
    """The data and queries of a Target Arnhem position; the sequence of play is `TAState`'s."""

    game: TAGameBase
    # supply traced, keyed by the position's revision, turn, side and stripe; the hexes held by and next to
    # each side's enemy, keyed by the revision and side
    KEYED_MEMOS = ("_supply_memo", "_enemy_memo")
    # of unit ids, pool and area names, numbers and hexes: a clone copies them one level deep
    FLAT = ("acted", "road_ready", "fortified", "points", "area", "overrun", "cancelled")

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        """A clone (the kit's `SequenceState.__deepcopy__`, each attribute copied by what it holds, no deeper):
        the game, the phase's opening, the pending decision and the outcome (frozen), the numbers shared; the
        queue of frozen tasks and the append-only lists copied one level deep; the attack in progress (its
        fields plain values) copied; the sampler as `clone` says (the search's own)."""
        new = object.__new__(type(self))
        memo[id(self)] = new
        out = new.__dict__
        flat, keyed = self.FLAT, self.KEYED_MEMOS
        for k, v in self.__dict__.items():
            if k in CLONE_SHARED:
                out[k] = v
            elif k in flat:
                out[k] = v.copy()
            elif k in CLONE_LISTS:
                out[k] = list(v)
            elif k in keyed:
                out[k] = dict(v)
            elif k == "_legal_memo":
                out[k] = None
            elif k == "combat":
                out[k] = None if v is None else copy.copy(v)
            else:
                out[k] = copy.deepcopy(v, memo)
        legal = self._legal_memo
        if legal is not None and legal[1] is self.pending_decision():  # the same position has the same legal actions
            new._legal_memo = legal
        return new

    def __init__(self, game: TAGameBase, sampler: Sampler, seed: int = 0) -> None:
        super().__init__(game, sampler)
        self.game_seed = seed
        self.position = Position.from_scenario(game.scenario)
        self.turn = 1
        self.stage = Stage.ADJUSTMENT
        self.acted: set[str] = set()  # units that have moved, attacked, re-supplied or arrived this impulse
        self.road_ready: frozenset[str] = frozenset()  # may use road movement this impulse (Movement)
        self.fortified: set[str] = set(game.printed_fortified)
        self.points: dict[str, int] = {}  # supply points by pool (Supply Points)
        self.area: dict[str, str] = {}  # unit -> off-board area
        self.overrun: set[str] = set()  # supply stripes whose para supply marker was overrun
        self.combat: Combat | None = None
        # hexes whose declared attack was cancelled since the side's last other act this impulse: not declared
        # again until the side does something else (a cancel never leads back to where it started)
        self.cancelled: frozenset[Hex] = frozenset()
        self._supply_memo: dict[object, object] = {}
        # (revision, side) -> the answer; side -> (the revision asked last, its answer) (`enemy_hexes`)
        self._enemy_memo: dict[object, tuple] = {}

    # -- the scenario ------------------------------------------------------------------------------
    @property
    def sc(self) -> Scenario:
        return self.game.scenario

    @property
    def map(self) -> HexMap:
        return self.game.scenario.map

    def side_of(self, uid: str) -> str:
        return self.game.side_of[uid]

    def enemy(self, side: str) -> str:
        return GERMAN if side == ALLIED else ALLIED

    def impulse_side(self) -> str:
        """The side whose impulse it is ("" in the Adjustment)."""
        return STAGE_SIDE[self.stage]

    def impulse(self) -> int:
        """1, 2 or 3; 0 in the Adjustment."""
        return STAGE_IMPULSE[self.stage]

    def strength(self, uid: str) -> int:
        return int(self.sc.units[uid].values.get("strength", 0))

    def endurance(self, uid: str) -> int:
        """The unit's printed endurance (Damage: at 0 the unit is eliminated)."""
        u = self.sc.units[uid]
        return int(u.values.get("endurance", u.steps))

    def damage(self, uid: str) -> int:
        """Endurance damage taken (the kit's steps lost)."""
        return self.position.steps_lost(uid)

    def endurance_left(self, uid: str) -> int:
        return self.endurance(uid) - self.damage(uid)

    def mechanized(self, uid: str) -> bool:
        """Mechanized units (vehicle-pictured counters) act in impulse 3 (Sequence of Play); the game reads
        them from the scenario once (`TAGameBase.mechanized`)."""
        return uid in self.game.mechanized

    def airborne(self, uid: str) -> bool:
        """Allied Airborne and Glider units (Re-Supply, Reinforcements)."""
        u = self.sc.units[uid]
        return u.has("airborne") or u.has("glider") or u.unit_type in ("parachute", "glider")

    def polish(self, uid: str) -> bool:
        """Polish Para units land at any non-enemy hex (Reinforcements)."""
        return self.sc.units[uid].nationality == "polish"

    def stripe(self, uid: str) -> str:
        """The unit's supply stripe (Supply Points): gold, red, maroon, yellow, light_green, or "" (none)."""
        return self.sc.units[uid].supply

    def is_fortified(self, uid: str) -> bool:
        return uid in self.fortified

    # -- where units are -------------------------------------------------------------------------------
    def status(self, uid: str) -> str:
        return self.position.status(uid)

    def on_map(self, uid: str) -> bool:
        return self.position.is_on_map(uid)

    def area_of(self, uid: str) -> str | None:
        """The off-board area a unit is in, or None."""
        return self.area.get(uid)

    def in_play(self, uid: str) -> bool:
        return self.on_map(uid) or uid in self.area

    def hex_label(self, uid: str) -> str | None:
        h = self.position.hex_of(uid)
        return self.map.label(h) if h is not None else None

    def where(self, uid: str) -> str:
        """A unit's hex label or off-board area, as the log names it."""
        return self.hex_label(uid) or (f"off-board area {self.area[uid]}" if uid in self.area else "off the map")

    def unit_ids(self) -> tuple[str, ...]:
        return self.game.unit_ids

    def units_of(self, side: str) -> tuple[str, ...]:
        """The side's units, in the scenario's order."""
        return self.game.units_by_side.get(side, ())

    def units_at(self, h: Hex | None) -> list[str]:
        """The units in `h`, in the scenario's order."""
        us = self.position.units_at(h)
        return sorted(us, key=self.game.order.__getitem__) if len(us) > 1 else list(us)

    def side_at(self, h: Hex | None) -> str:
        """The side holding `h` ("" when empty): the sides never share a hex (Movement)."""
        us = self.position.units_at(h)
        return self.game.side_of[us[0]] if us else ""

    def enemy_at(self, h: Hex, side: str) -> bool:
        s = self.side_at(h)
        return bool(s) and s != side

    def enemy_adjacent(self, h: Hex, side: str) -> bool:
        """An enemy unit on a hex next to `h`, not across an unbridged river hexside (Movement)."""
        return h in self.enemy_hexes(side)[1]

    def enemy_hexes(self, side: str) -> tuple[frozenset[Hex], frozenset[Hex]]:
        """(the hexes `side`'s enemy holds, the hexes next to one of them and not across an unbridged river
        hexside from it), worked out once per position: every move listing of an impulse asks them of
        hundreds of hexes."""
        key = (self.position.revision, side)
        memo = self._enemy_memo
        got = memo.get(key)
        if got is None:
            if len(memo) > 16:
                memo.clear()
            last = memo.get(side)  # (revision, answer) asked last: still the answer if only `side` moved since
            if last is not None and self.only_side_changed(side, last[0]):
                got = memo[key] = last[1]
            else:
                side_of = self.game.side_of
                held = frozenset(h for uid, h in self.position.hexes.items() if side_of[uid] != side)
                # the hexes next to them depend on them alone: kept by the game, with the first set of held
                # hexes seen equal to these (the moves kept by the game are keyed by both, and compare faster)
                got = memo[key] = kept(self.game.near_kept, held, NEAR_KEPT, lambda: (held, self._near(held)))
            memo[side] = (key[0], got)
        return got

    def only_side_changed(self, side: str, revision: int) -> bool:
        """Whether every change of the position since `revision` was to a unit of `side` (moved, damaged,
        eliminated, arrived): what the enemy holds, and where `side` traces supply, are as they were then."""
        changes = self.position.units_changed_since(revision)
        if changes is None:
            return False
        side_of = self.game.side_of
        return all(uid is not None and side_of[uid] == side for uid in changes)

    def _near(self, held: frozenset[Hex]) -> frozenset[Hex]:
        """The hexes next to one of `held` and not across an unbridged river hexside from it."""
        around = self.game.around
        return frozenset(n for e in held for n in around(e) if not self.river_blocks(n, e))

    # -- hexsides (Movement, Attack, Re-Supply) ----------------------------------------------------------
    def hexside(self, a: Hex, b: Hex) -> HexsideInfo | None:
        memo = self.game.hexsides
        key = (a, b)
        if key in memo:
            return memo[key]
        got = memo[key] = self.map.hexside_between(a, b)
        return got

    def _side_flags(self, a: Hex, b: Hex) -> int:
        """What the hexside between `a` and `b` is to a move, kept per game (the hexsides do not change):
        RIVER (an unbridged river), CANAL (an unbridged canal), ROAD (a road crosses it, no river blocks it)."""
        memo = self.game.side_flags
        got = memo.get((a, b))
        if got is None:
            info = self.hexside(a, b)
            got = 0
            if info is not None:
                river = "river" in info.features and info.bridge is None
                got = (RIVER if river else 0) | (CANAL if "canal" in info.features and info.bridge is None else 0) \
                    | (ROAD if "road" in info.paths and not river else 0)
            memo[(a, b)] = got
        return got

    def river_blocks(self, a: Hex, b: Hex) -> bool:
        """An unbridged river hexside: never crossed, never attacked across, never traced through."""
        return bool(self._side_flags(a, b) & RIVER)

    def unbridged_canal(self, a: Hex, b: Hex) -> bool:
        return bool(self._side_flags(a, b) & CANAL)

    def bridged_water(self, a: Hex, b: Hex) -> bool:
        info = self.hexside(a, b)
        return info is not None and info.bridge is not None and bool({"river", "canal"} & set(info.features))

    def road_link(self, a: Hex, b: Hex) -> bool:
        return bool(self._side_flags(a, b) & ROAD)

    def on_road(self, h: Hex) -> bool:
        """A road hex: a road leads out of it (kept per game)."""
        memo = self.game.road_hexes
        got = memo.get(h)
        if got is None:
            got = memo[h] = any(self.road_link(h, n) for n in self.game.around(h))
        return got

    def rough(self, h: Hex) -> bool:
        """Rough terrain (forest): a unit stops on entering it (Movement). The terrain chart marks it with a
        movement cost above one hex."""
        tt = self.map.terrain_table.terrain.get(self.map.terrain[h])
        cost = tt.move.get("ground", 1) if tt is not None else 1
        return cost is not None and cost > 1

    def terrain_shift(self, h: Hex) -> int:
        """Defender in a forest or city: the column shift the terrain chart gives (Modifiers: one left)."""
        tt = self.map.terrain_table.terrain.get(self.map.terrain[h])
        return int(tt.combat.get("shift", 0)) if tt is not None else 0

    # -- off-board areas (Movement) ----------------------------------------------------------------------
    def area_closed(self, name: str) -> bool:
        """Area P from turn 4: its units are eliminated and no unit may enter (Movement)."""
        return name == AREA_P and self.turn >= AREA_P_CLOSES

    def areas_next_to(self, h: Hex) -> list[str]:
        """The open off-board areas `h` adjoins."""
        return [n for n, r in self.game.areas.items() if h in r.hexes and not self.area_closed(n)]

    # -- changes ----------------------------------------------------------------------------------------
    def put(self, uid: str, h: Hex) -> None:
        """Place a unit on a hex (from the map, an off-board area or its entry)."""
        self.area.pop(uid, None)
        self.position.place(uid, h)

    def put_offboard(self, uid: str, name: str) -> None:
        if self.position.is_on_map(uid):
            self.position.remove(uid, OFF_BOARD)
        else:
            self.position.set_status(uid, OFF_BOARD)
        self.area[uid] = name

    def eliminate(self, uid: str, why: str) -> None:
        self.area.pop(uid, None)
        self.fortified.discard(uid)
        if self.position.is_on_map(uid):
            self.position.remove(uid, ELIMINATED)
        else:
            self.position.set_status(uid, ELIMINATED)
        self.note(f"{uid} is eliminated: {why}")

    def take_damage(self, uid: str, why: str) -> None:
        """One point of endurance damage (Damage); a Pickaxe-fortified unit absorbs it and flips instead
        (Fortifications)."""
        if uid in self.fortified:
            self.fortified.discard(uid)
            self.note(f"{uid} absorbs the point of damage and flips to its unfortified side {cite('Fortifications')}")
            return
        n = self.position.lose_steps(uid)
        if n >= self.endurance(uid):
            self.eliminate(uid, f"its endurance is 0 {cite('Damage')}")
        else:
            self.note(f"{uid} takes 1 point of endurance damage ({why}): endurance {self.endurance(uid) - n} "
                      f"{cite('Damage')}")

    def spend_point(self, pool: str) -> None:
        self.points[pool] = self.points.get(pool, 0) - 1

    def unfortify(self, uid: str) -> None:
        """A Pickaxe-fortified unit that moves is immediately unfortified; it never re-fortifies."""
        if uid in self.fortified:
            self.fortified.discard(uid)
            self.note(f"{uid} moves and is no longer fortified {cite('Fortifications')}")

    def supply_memo(self) -> dict[object, object]:
        """A cache the supply tracing keys on the position's revision (supply.py)."""
        return self._supply_memo
