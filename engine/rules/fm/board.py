"""The F&M data of a position (000_e5c3deafb2cea4af.txt) on top of the kit's Position, and its queries.

`FMBoard` is what every rule module reads and changes: the kit's `Position` (units on hexes, steps lost
with a depleted unit as one step lost (8.2.4), eliminated units, the drop zone markers of 11.4 and
12.0, and the hexside states "demolished" (10.6.3) and "ferry" (10.6.5)), and the F&M bookkeeping of
the sequence of play: the Game Turn and its `Stage` of 4.1 (sequence.py), who moved or attacked this phase, the MP
spent (5.1), the combat in progress (8.1, 8.2), the arrivals waiting (11.1, 11.4), the support fire
markers of each side this GT (7.2). `state.FMState` adds the sequence of play and the step table.

Queries (`occupant`, `enemy_zoc`, `active_ferry`, `current_values`, ...) are cached until the position
changes (the kit's `Position.revision`); nothing outside this module clears a cache by hand. The edit
methods at the end change a position outside the rules (tests and tools setting up a position).

Every step of F&M is an `FMStep` (a kit `VerbStep` over `FMBoard`): it refuses by verb, and its refusals
cite the rules as a player reads them (game.cite).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ...hexgrid import Hex, Hexside, hex_distance
from ..chance import Sampler
from ..kit import Decision, Position, SequenceState, UnitStatus, VerbStep
from ..kit.machine import APPEND_ONLY, SHARED
from ..protocol import Action
from .actions import Attack, Demolish, MarkerId, Repair
from .game import FMGameBase, cite
from .sequence import PLAYER_PHASE_OF, PlayerPhase, Stage

DEMOLISHED = "demolished"  # 10.6.3: a demolished bridge (a river or canal hexside again)
FERRY = "ferry"  # 10.6.5: the engineer's ferry, a bridge for Allied movement this GT
# the queries' memo entries that depend on the hexside states alone (FMBoard._carried)
_HEXSIDE_KEYS = ("demolished", "declared ferry", ("hexsides", DEMOLISHED), ("hexsides", FERRY))


@dataclass
class Combat:
    """One bombardment or ground combat in progress (8.1.2, 8.2.1)."""

    kind: str  # "bombard" or "ground"
    attacker: str
    defender: str  # side ids
    target: Hex
    attackers: list[str]
    defending: str  # the defending unit
    markers: dict[str, list[MarkerId]] = field(default_factory=dict)
    step: int = 1
    line: str = ""
    column: str = ""
    differential: int = 0
    attack_total: int = 0
    defense_total: int = 0
    result: str = ""
    retreat_path: list[Hex] = field(default_factory=list)
    advance_blocked: bool = False


@dataclass
class Arrival:
    """A reinforcement not yet on the map (11.1) or an airborne unit to land (11.4)."""

    unit: str
    turn: int
    hexes: list[Hex]
    airborne: bool = False
    marker: str | None = None
    within: int = 3
    blocked_gts: list[int] = field(default_factory=list)  # GTs whose arrival hexes were enemy-occupied
    edge: str = ""


@dataclass(frozen=True)
class UnitActivity:
    """What a unit has done in the current phase and player turn (the marks a player keeps in mind)."""

    moved: bool  # 5.2: completed its movement this phase
    moved_in_movement: bool  # 5.5: moved in the Movement Phase (no Mobile Movement Phase move)
    cannot_move: bool  # 11.4 a, 10.6.4: landed depleted or in an EZOC, or repaired a bridge
    exhausted: bool  # 8.5: advanced after combat, no other activity this player turn
    attacked: bool  # 8.2: attacked this phase
    attacked_in_combat_phase: bool  # 4.1: no second attack in the Mobile Combat Phase
    may_not_attack: bool  # 8.3.1, 8.5: displaced or advanced
    was_attacked: bool  # 8.0: attacked or bombarded this phase


# FMBoard's sets and dicts whose items cannot change (unit ids, hexes, hexsides, numbers): a copy of the
# state copies them one level deep (__deepcopy__), much cheaper than copy.deepcopy item by item
_FLAT = frozenset({"moved", "moved_in_movement", "cannot_move", "attacked_phase", "attacked_combat",
                   "defended_phase", "no_attack", "exhausted", "began_at_bridge", "demolition_tried",
                   "repaired_gt", "repair_tried", "_mp_spent", "bombarded", "move_fallback", "dz_extra_drm"})


# what a copy of the state shares with it (FMBoard.__deepcopy__): the game; memos never changed once made; the
# pending decision (a frozen dataclass of strings, numbers and tuples of them); the phase's opening (the kit's
# SHARED: replaced, never changed, when the next phase opens)
_SHARED = frozenset({"game", "_occ_last", "_victory", "_pending", *SHARED})
# lists of immutable items a copy needs its own list of: the occupancy's changes, the tasks queued (frozen
# dataclasses of strings, numbers and tuples of them)
_OWN_LIST = frozenset({"_occ_changes", "queue"})


_NONE: frozenset[Any] = frozenset({None})


def _indices(get: Any, hexes: Any) -> frozenset[int]:
    """The graph indices of `hexes` by a graph index's `get` (hexes off the graph left out)."""
    got: frozenset[Any] = frozenset(map(get, hexes))
    return got - _NONE if None in got else got


def _arrival_copy(a: Arrival) -> Arrival:
    """An Arrival of its own: its lists (hexes, GTs blocked) copied, its other fields immutable."""
    new = object.__new__(Arrival)
    new.__dict__.update({k: (list(x) if type(x) is list else x) for k, x in a.__dict__.items()})
    return new


class FMBoard(SequenceState):
    """An F&M position: the kit's Position and the bookkeeping of the sequence of play (4.1)."""

    game: FMGameBase

    def __init__(self, game: FMGameBase, seed: int, sampler: Sampler) -> None:
        super().__init__(game, sampler)
        self.game = game
        self.game_seed = seed
        g = game
        sc = g.scenario
        self.turn = 1
        self.stage = Stage.SET_UP  # where the GT is in the sequence of play (4.1)
        later = sc.start.starts_later()  # a game that starts mid-way: its set-up is done (start.py)
        free = bool(g.setup_hexes) and not later
        placed = [u for u in sc.placements if u in g.units and not (free and u in g.setup_hexes)]
        self.position = Position.from_scenario(sc, g.unit_ids, placed)
        self.dz_extra_drm: dict[str, int] = {}  # 12.0: a drop zone shifted two hexes
        self.available: dict[str, list[MarkerId]] = {s: [] for s in g.side_ids}
        self.gt_pool: dict[str, dict[str, dict[MarkerId, int]]] = {}
        # per phase / player turn / GT bookkeeping
        self.moved: set[str] = set()
        self.moved_in_movement: set[str] = set()
        self.cannot_move: set[str] = set()
        self._mp_spent: dict[str, float] = {}  # MP spent this phase (5.1): mp_spent()
        self.attacked_phase: set[str] = set()
        self.attacked_combat: set[str] = set()
        self.defended_phase: set[str] = set()
        self.no_attack: set[str] = set()  # displaced attackers (8.3.1) and advanced units (8.5)
        self.exhausted: set[str] = set()  # advanced units: no other activity this player turn (8.5)
        self.bombarded: dict[Hex, int] = {}
        self.began_at_bridge: set[Hexside] = set()
        self.demolition_tried: set[Hexside] = set()
        self.repaired_gt: set[Hexside] = set()
        self.repair_tried: set[Hexside] = set()
        self.engineer_op = ""  # 10.6.4/10.6.5: "repair" or "ferry", one operation per GT
        self.arrivals: list[Arrival] = []
        self.secret: dict[str, dict[str, Hex]] = {}  # 12.0: each side's recorded set-up
        self.combat: Combat | None = None
        self.move_fallback: dict[str, Hex] = {}  # a unit stopped mid-move by a demolition attempt (10.6.3)
        # caches: the queries' (until the position changes); each unit's reach this phase, keyed by
        # (turn, stage, unit, hex, MP spent, demolished bridges, ferry); each unit's moves to vacant hexes
        # with the occupancy version they were filtered at (movement.moves_of)
        self._cache: dict[Any, Any] = {}
        self._cache_rev = -1
        self.phase_reach: dict[Any, Any] = {}
        self.kept_moves: dict[str, tuple[Any, int, Any, Any]] = {}
        self._occ_last: dict[Hex, str] | None = None
        self._occ_where: dict[str, Hex] | None = None  # the units' hexes when _occ_last was made
        self._occ_rev = -1  # the position's revision then
        # FMState.check_victory's last answer: (the position's revision, the outcome, the units in victory hexes)
        self._victory: tuple[int, Any, frozenset[str]] | None = None
        self._occ_changes: list[frozenset[Hex]] = []
        # the same changes as graph indices, per movement graph's index, with the occupied hexes' indices at the
        # last of them (`index_changes`, `occupied_indices`)
        self._idx_changes: dict[int, list[Any]] = {}
        # a copy of another position (`clone`: a search's simulations), which keeps its units' searches by the game
        # (movement.searched_moves); a game played once keeps none
        self.copied = False
        if self.declared_ferry() is not None:
            self.engineer_op = "ferry"  # a scenario that starts with a ferry in operation (Scenario.start)
            for uid, h in list(self.position.hexes.items()):
                self.cancel_ferry_beside(uid, h)  # 10.6.5: set up beside a German unit, cancelled at once
        gone = sc.start.out_of_play
        for rf in sc.reinforcements:
            for uid in rf.units:
                if uid in g.units and uid not in gone and not (later and uid in sc.placements):
                    hexes, edge = g.entry_hexes(rf.entry)
                    marker = rf.entry.marker if rf.entry.marker in sc.markers else None
                    self.arrivals.append(Arrival(uid, rf.turn, hexes, rf.airborne or marker is not None, marker,
                                                 rf.entry.within or 3, [], edge))

    # -- copying ------------------------------------------------------------------------------
    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        new = object.__new__(type(self))
        memo[id(self)] = new
        for k, v in self.__dict__.items():
            if k == "_cache":
                new.__dict__[k] = {}
            elif k in ("phase_reach", "kept_moves"):
                # the reaches of this phase are the copy's too: their keys name all they depend on, and no
                # entry is changed once made; the copy adds to a dict of its own
                new.__dict__[k] = dict(v)
            elif k == "_legal_memo":
                new.__dict__[k] = None
            elif k in _SHARED:  # the game; memos never changed once made; frozen decisions; the phase's opening
                new.__dict__[k] = v
            elif k in APPEND_ONLY or k in _OWN_LIST:
                new.__dict__[k] = list(v)  # lists of immutable entries: a copy needs its own list only
            elif k == "_idx_changes":  # (the occupied indices are a set changed in place: the copy's own)
                new.__dict__[k] = {i: [index, list(changes), set(occupied)]
                                   for i, (index, changes, occupied) in v.items()}
            elif k in _FLAT:
                new.__dict__[k] = v.copy()  # sets and dicts of immutable items (unit ids, hexes, hexsides, numbers)
            elif k == "_occ_where":  # the units' hexes at the last occupancy (brought up to date in place)
                new.__dict__[k] = None if v is None else dict(v)
            elif k == "arrivals":
                new.__dict__[k] = [_arrival_copy(a) for a in v]
            elif k in ("available", "secret"):
                new.__dict__[k] = {side: x.copy() for side, x in v.items()}  # of marker ids, of hexes
            elif k == "gt_pool":
                new.__dict__[k] = {side: {name: dict(c) for name, c in pools.items()} for side, pools in v.items()}
            else:
                new.__dict__[k] = copy.deepcopy(v, memo)
        new.__dict__["copied"] = True
        return new

    # -- the stage of the sequence of play (4.1) ------------------------------------------------
    @property
    def active(self) -> str:
        """The phasing player."""
        return self.game.second_player if self.stage.second_player_turn else self.game.first_player

    @property
    def player_phase(self) -> PlayerPhase | None:
        """The phase of the player turn under way (4.1), or None outside the player turns."""
        return PLAYER_PHASE_OF.get(self.stage)

    # -- caches ---------------------------------------------------------------------------------
    def cache(self) -> dict[Any, Any]:
        """The queries' memo, for the position as it is: when the position has changed, what the changes
        bear on is forgotten (`_carried`)."""
        rev = self.position.revision
        if rev != self._cache_rev:
            self._cache = self._carried() if self._cache else {}
            self._cache_rev = rev
        return self._cache

    def _carried(self) -> dict[Any, Any]:
        """The entries of the queries' memo that the position's changes since it was made leave true: when
        only units changed (moved, entered, lost steps, left the map), the hexside states (10.6.3, 10.6.5)
        are as they were, a side's enemy hexes and zones of control (6.0) too if no enemy unit changed,
        the ferry in force (10.6.5) if no engineer did, and the memo of queries of one side's units alone
        (`of_side`) if none of that side's units did; everything else is worked out again."""
        changed = self.position.units_changed_since(self._cache_rev)
        if changed is None or None in changed:
            return {}
        old = self._cache
        new = {k: old[k] for k in _HEXSIDE_KEYS if k in old}
        g = self.game
        units = g.units
        sides = {units[u].side for u in changed if u is not None}  # (None is not among them: see above)
        if len(sides) == 1:
            (side,) = sides
            for k in (("enemy", side), ("zoc", side)):
                if k in old:
                    new[k] = old[k]
        for side in g.side_ids:  # ("of", side): the memo of queries of `side`'s units alone (`of_side`)
            k = ("of", side)
            if k in old and side not in sides:
                new[k] = old[k]
        if "ferry" in old and g.engineers.isdisjoint(changed):
            new["ferry"] = old["ferry"]
        return new

    def of_side(self, side: str) -> dict[Any, Any]:
        """A memo for queries that depend on where `side`'s units are and their steps alone, kept across
        changes of the other side's units (`_carried`)."""
        cache = self._cache if self._cache_rev == self.position.revision else self.cache()
        got: dict[Any, Any] | None = cache.get(("of", side))
        if got is None:
            got = cache[("of", side)] = {}
        return got

    def new_phase(self) -> None:
        """Forget the reaches of the last phase (enemy units move again)."""
        self.phase_reach = {}
        self.kept_moves = {}
        self._occ_changes = []
        self._idx_changes = {}

    def occupancy(self) -> dict[Hex, str]:
        """Hex -> unit (of two units in one hex, the one placed last: a mover passing a friend)."""
        if self._cache_rev == self.position.revision:  # the hot path: nothing moved since the last look
            occ: dict[Hex, str] | None = self._cache.get("occ")
            if occ is not None:
                return occ
        cache = self.cache()
        occ = cache.get("occ")
        if occ is None:
            last = self._occ_last
            occ, change = self._next_occupancy()
            cache["occ"] = occ
            if last is None:
                self.kept_moves = {}
            elif change:  # (no hex vacated or occupied: no change to count)
                self._occ_changes.append(change)
            self._occ_last = occ
        return occ

    def _next_occupancy(self) -> tuple[dict[Hex, str], frozenset[Hex]]:
        """The occupancy of the position now and the hexes vacated or occupied since the last one made
        (`_occ_last`): from the last one and the units changed since, while no two units share a hex (then
        every hex's occupant is its one unit), else made afresh. While no unit has changed since (a copy of the
        position looking at it first, a marker or hexside changed), it is the last one itself. The units' hexes
        then (`_occ_where`, a position's own: a copy copies it) are brought up to date with it."""
        pos = self.position
        hexes = pos.hexes
        last, where = self._occ_last, self._occ_where
        change: frozenset[Hex] = frozenset()
        if last is not None and where is not None:
            changed = pos.units_changed_since(self._occ_rev)
            if changed is not None:
                units = {u for u in changed if u is not None}  # (None: a change made to no unit)
                if not units:
                    self._occ_rev = pos.revision
                    return last, change
                if len(last) == len(where):
                    occ = dict(last)
                    vacated: set[Hex] = set()
                    entered: set[Hex] = set()
                    for u in units:
                        h = where.get(u)
                        if h is not None and occ.get(h) == u:
                            del occ[h]
                            vacated.add(h)
                    shared = False
                    for u in units:  # (`where` brought up to date as it goes: made afresh below if shared)
                        h = hexes.get(u)
                        if h is None:
                            where.pop(u, None)
                        elif h in occ:  # two units in one hex: which is its occupant depends on their order
                            shared = True
                            break
                        else:
                            occ[h] = u
                            entered.add(h)
                            where[u] = h
                    if not shared:
                        self._occ_rev = pos.revision
                        return occ, frozenset(vacated ^ entered)
        made = {h: u for u, h in hexes.items()}
        if last is not None:
            change = frozenset(last.keys() ^ made.keys())
        self._occ_where = dict(hexes)
        self._occ_rev = pos.revision
        return made, change

    def occupancy_version(self) -> int:
        """A count of the changes of the occupied hexes this phase (see `vacated_or_occupied`)."""
        return len(self._occ_changes)

    def occupancy_changes(self) -> list[frozenset[Hex]]:
        """The hexes vacated or occupied at each change of this phase, in order (`occupancy_version` of
        them so far): the list itself, to be read and not changed."""
        self.occupancy()
        return self._occ_changes

    def index_changes(self, index: dict[Hex, int]) -> list[frozenset[int]]:
        """`occupancy_changes` as the graph indices of a movement graph's `index` (those on its map): the list
        itself, to be read and not changed."""
        return self._by_index(index)[1]

    def occupied_indices(self, index: dict[Hex, int]) -> AbstractSet[int]:
        """The occupied hexes (`occupancy`) as the graph indices of a movement graph's `index`: to be read now,
        not kept (it follows the position's changes)."""
        got: AbstractSet[int] = self._by_index(index)[2]
        return got

    def index_record(self, index: dict[Hex, int]) -> list[Any]:
        """[index, `index_changes(index)`, `occupied_indices(index)`] in one look: to be read, not changed."""
        return self._by_index(index)

    def _by_index(self, index: dict[Hex, int]) -> list[Any]:
        """[index, the changes of the occupied hexes this phase as its graph indices, the occupied hexes'
        indices now], brought up to date: each change is the set of hexes vacated or occupied (the symmetric
        difference of the occupied hexes before and after), so the occupied indices follow by one `^` a change."""
        if self._cache_rev != self.position.revision or "occ" not in self._cache:
            self.occupancy()  # brings the changes up to date
        changes = self._occ_changes
        got = self._idx_changes.get(id(index))
        if got is None or got[0] is not index:
            get = index.get
            got = self._idx_changes[id(index)] = [
                index, [_indices(get, c) for c in changes], set(_indices(get, self.occupancy()))]
            return got
        out = got[1]
        if len(out) < len(changes):
            get = index.get
            occupied = got[2]
            for c in changes[len(out):]:
                c_i = _indices(get, c)
                out.append(c_i)
                occupied ^= c_i  # (in place: a set of this position's own)
        return got

    def unchanged_since(self, version: int, hexes: frozenset[Hex]) -> bool:
        """No hex of `hexes` was vacated or occupied since occupancy version `version`."""
        return all(map(hexes.isdisjoint, self._occ_changes[version:]))

    # -- typed queries ------------------------------------------------------------------------------
    @property
    def eliminated(self) -> list[str]:
        """The eliminated units, in the scenario's order."""
        return self.position.units_with(UnitStatus.ELIMINATED)

    def is_eliminated(self, uid: str) -> bool:
        return self.position.status(uid) == UnitStatus.ELIMINATED

    def is_depleted(self, uid: str) -> bool:
        """8.2.4: a depleted unit has lost its one step."""
        return self.position.steps_lost(uid) > 0

    def mp_spent(self, uid: str) -> float:
        """5.1: the MP the unit has spent in the current phase."""
        return self._mp_spent.get(uid, 0.0)

    def mp_spent_now(self) -> dict[str, float]:
        """Unit -> the MP spent this phase, of the units that spent any (5.1): to be read, not changed."""
        return self._mp_spent

    def set_mp_spent(self, uid: str, mp: float) -> None:
        """5.1: the unit has now spent `mp` MP in the current phase (entering the map counts, 11.1)."""
        self._mp_spent[uid] = mp

    def clear_mp_spent(self) -> None:
        """A new Movement or Mobile Movement Phase: no unit has spent MP in it yet (5.1)."""
        self._mp_spent = {}

    def activity(self, uid: str) -> UnitActivity:
        return UnitActivity(uid in self.moved, uid in self.moved_in_movement, uid in self.cannot_move,
                            uid in self.exhausted, uid in self.attacked_phase, uid in self.attacked_combat,
                            uid in self.no_attack, uid in self.defended_phase)

    def occupant(self, h: Hex | None) -> str | None:
        if h is None:
            return None
        return self.occupancy().get(h)

    def side_of(self, uid: str) -> str:
        return self.game.units[uid].side

    def enemy_hexes(self, side: str) -> frozenset[Hex]:
        cache = self._cache if self._cache_rev == self.position.revision else self.cache()
        key = ("enemy", side)
        got: frozenset[Hex] | None = cache.get(key)
        if got is None:
            units = self.game.units
            got = cache[key] = frozenset(h for u, h in self.position.hexes.items() if units[u].side != side)
        return got

    def enemy_zoc(self, side: str) -> frozenset[Hex]:
        """6.0: the six hexes around every enemy unit that exerts a ZOC."""
        cache = self._cache if self._cache_rev == self.position.revision else self.cache()
        key = ("zoc", side)
        z: frozenset[Hex] | None = cache.get(key)
        if z is None:
            g = self.game
            units = g.units
            exerting = frozenset(h for u, h in self.position.hexes.items()
                                 if units[u].side != side and g.exerts_zoc(u))
            z = g.zoc_memo.get(exerting)
            if z is None:
                adjacent = g.adjacent
                z = frozenset(n for h in exerting for n in adjacent(h))
                if len(g.zoc_memo) > 256:
                    g.zoc_memo.clear()
                g.zoc_memo[exerting] = z
            cache[key] = z
        return z

    def current_values(self, uid: str) -> dict[str, Any]:
        """2.3: the unit's printed values, its reduced side once depleted."""
        return self.game.values(uid, self.position.steps_lost(uid) > 0)

    def hexside_states(self, s: Hexside) -> frozenset[str]:
        """The states of a hexside: "demolished", "ferry" or both (a ferry across a demolished bridge)."""
        value = self.position.hexside_state(s)
        return frozenset(value.split("+")) if value else frozenset()

    def demolished(self) -> frozenset[Hexside]:
        """10.6.3: the demolished bridges."""
        if not self.position.hexside_states():
            return frozenset()
        cache = self._cache if self._cache_rev == self.position.revision else self.cache()
        got: frozenset[Hexside] | None = cache.get("demolished")
        if got is None:
            got = cache["demolished"] = frozenset(self._hexsides_with(DEMOLISHED))
        return got

    def declared_ferry(self) -> Hexside | None:
        """10.6.5: the hexside the engineer ferries across this GT (in force or not: `active_ferry`); None
        once a German unit has occupied an adjoining hex (`cancel_ferry_beside`)."""
        if not self.position.hexside_states():
            return None
        cache = self._cache if self._cache_rev == self.position.revision else self.cache()
        if "declared ferry" not in cache:
            cache["declared ferry"] = next(iter(self._hexsides_with(FERRY)), None)
        got: Hexside | None = cache["declared ferry"]
        return got

    def active_ferry(self) -> Hexside | None:
        """10.6.5: the declared ferry hexside while an Allied engineer is within its movement range of it (a
        live condition: "continue providing ferry operations if the engineer unit remains within its movement
        range"). A German unit in an adjoining hex cancels the ferry for good (`cancel_ferry_beside`)."""
        s = self.declared_ferry()
        if s is None:
            return None
        cache = self.cache()
        if "ferry" in cache:
            got: Hexside | None = cache["ferry"]
            return got
        cache["ferry"] = s = self._ferry_in_force(s)
        return s

    def _ferry_in_force(self, s: Hexside) -> Hexside | None:
        g = self.game
        a, b = s.hexes()
        hexes = self.position.hexes
        eng = [u for u in g.engineer_ids if u in hexes and g.units[u].side == g.allied]
        if not any(min(hex_distance(hexes[u], a), hex_distance(hexes[u], b))
                   <= int(self.current_values(u).get("movement", 0)) for u in eng):
            return None
        return s

    def drop_zones(self) -> dict[str, Hex]:
        """11.4, 12.0: drop zone marker -> its hex."""
        markers = self.game.scenario.markers
        return {m: h for m, h in self.position.markers.items() if m in markers and markers[m].kind == "drop_zone"}

    def drop_zone(self, mid: str) -> Hex | None:
        return self.drop_zones().get(mid)

    def drop_zone_drm(self, mid: str) -> int:
        """12.0: +1 on the Airborne Drop Table for a drop zone marker shifted two hexes."""
        return self.dz_extra_drm.get(mid, 0)

    def markers_available(self, side: str) -> list[MarkerId]:
        """7.2: the support fire markers `side` may still use this GT."""
        return list(self.available.get(side, []))

    def combat_in_progress(self) -> Combat | None:
        return self.combat

    def arrival(self, uid: str) -> Arrival | None:
        return next((a for a in self.arrivals if a.unit == uid), None)

    def setting_up(self) -> bool:
        """12.0: the secret set-up is under way."""
        return self.stage is Stage.SET_UP

    def recorded_setup(self) -> dict[str, Hex]:
        """12.0: every unit and marker recorded secretly and not yet revealed (empty after the set-up)."""
        if self.stage is not Stage.SET_UP:
            return {}
        return {u: h for placed in self.secret.values() for u, h in placed.items()}

    def south_road_hexes(self) -> list[Hex]:
        """10.6.6, 10.7.2 c: the road hexes of the south map edge."""
        g = self.game
        out = g.south_roads
        if out is None:  # (the map's and scenario's: kept per game)
            out = g.edge_road_hexes("south") if "south" in g.map.edges else []
            if not out:  # no edge named south: the Allied ground reinforcements' entry hexes (11.3)
                hexes = {h for rf in g.scenario.reinforcements if rf.side == g.allied and not rf.airborne
                         and not rf.entry.marker for h in g.entry_hexes(rf.entry)[0]}
                out = sorted(hexes)
            g.south_roads = out
        return list(out)

    # -- changes the rules make ------------------------------------------------------------------
    def place(self, uid: str, h: Hex) -> None:
        """A unit enters, moves, retreats, advances, is displaced, is set up or lands in `h`."""
        self.position.place(uid, h)
        self.cancel_ferry_beside(uid, h)

    def cancel_ferry_beside(self, uid: str, h: Hex) -> None:
        """10.6.5: "if a German unit occupies either adjoining hex, the ferry operations immediately is
        canceled": for the rest of the GT, even once the German unit has gone (the engineer's one operation of
        the GT is spent). A unit occupies the hex it stands in after a move, retreat, advance, displacement,
        set-up, entry or landing; one passing through on its way does not."""
        s = self.declared_ferry()
        if s is None or h not in s.hexes():
            return
        g = self.game
        if g.units[uid].side != g.german:
            return
        self.set_ferry(None)
        self.note(f"the engineer ferry across {g.hexside_label(s)} is cancelled: {uid} occupies {g.label(h)} "
                  f"{cite('10.6.5')}")

    def set_hexside_state(self, s: Hexside, state: str, on: bool) -> None:
        states = set(self.hexside_states(s))
        if on:
            states.add(state)
        else:
            states.discard(state)
        self.position.set_hexside(s, "+".join(sorted(states)) or None)

    def set_ferry(self, s: Hexside | None) -> None:
        """10.6.5: the engineer ferries across `s` this GT (None: no ferry)."""
        old = self.declared_ferry()
        if old is not None:
            self.set_hexside_state(old, FERRY, False)
        if s is not None:
            self.set_hexside_state(s, FERRY, True)

    def _hexsides_with(self, state: str) -> list[Hexside]:
        """The hexsides in `state` (alone or with another), in a fixed order."""
        cache = self.cache()
        key = ("hexsides", state)
        got: list[Hexside] | None = cache.get(key)
        if got is None:
            got = cache[key] = sorted(s for s, v in self.position.hexside_states().items()
                                      if state in v.split("+"))
        return got

    # -- edits outside the rules (tests, tools) ----------------------------------------------------
    def edit_place(self, uid: str, h: Hex) -> None:
        """Put a unit in `h` as if it had always stood there (beside a ferry, a German unit cancels it)."""
        self.place(uid, h)
        self.edited()

    def edit_remove(self, uid: str, status: str = UnitStatus.ELIMINATED) -> None:
        self.position.remove(uid, status)
        self.edited()

    def edit_steps_lost(self, uid: str, n: int) -> None:
        self.position.set_steps_lost(uid, n)
        self.edited()

    def edit_hexside(self, label: str, state: str, on: bool = True) -> None:
        """Demolish a bridge ("demolished") or put a ferry ("ferry") on the hexside `label` ('1422/1423')."""
        s = self.game.hexside(label)
        if s is None:
            raise ValueError(f"{label} is not a hexside of this map")
        if state == FERRY and on:
            self.set_ferry(s)
        else:
            self.set_hexside_state(s, state, on)
        self.edited()

    def edited(self) -> None:
        """After an edit: forget the reaches and the legal actions worked out for the old position."""
        self.new_phase()
        self.invalidate()


D = TypeVar("D", bound=Decision)


class FMStep(VerbStep[FMBoard, D]):
    """A step of F&M on the kit's shape (`VerbStep`): an action of a kind the step does not take now is refused
    with the kinds it does take (an attack outside the combat phases with 4.1 and 8.2); one of a kind it takes
    with the rule that forbids it (the step's `explain` of that kind, `why`, or its own rule). Refusals cite
    the rules as a player reads them and name sides by their names."""

    def legal(self, state: FMBoard, d: D) -> Sequence[Action]:
        raise NotImplementedError

    def apply(self, state: FMBoard, d: D, action: Action) -> None:
        raise NotImplementedError

    def refuse_verb(self, state: FMBoard, d: D, action: Action, verbs: list[str]) -> str:
        if isinstance(action, Attack):
            return (f"{action.text()}: attacks are declared only in the Combat and Mobile Combat Phases "
                    f"{cite('4.1, 8.2')}")
        if isinstance(action, Demolish):
            return (f"{action.text()}: a demolition is attempted only the instant an Allied unit enters a hex "
                    f"adjoining the bridge with a German unit within range of it {cite('10.6.3')}")
        if isinstance(action, Repair):
            return (f"{action.text()}: a repair is attempted only at the beginning of the Allied Movement Phase, "
                    f"before any unit moves, and not in a GT of ferry operations {cite('10.6.4, 10.6.5')}")
        return (f"{action.text()} is not legal now: {state.side_name(d.player)} must decide: {self.name} in the "
                f"{state.phase.name} ({self.rule}); legal here: {', '.join(verbs)}")

    def why_default(self, state: FMBoard, d: D) -> str:
        return f"not one of the choices of the {state.phase.name} now ({self.rule})"


__all__ = ["DEMOLISHED", "FERRY", "Arrival", "Combat", "FMBoard", "FMStep", "UnitActivity"]
