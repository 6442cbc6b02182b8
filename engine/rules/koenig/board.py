"""What every step of a Koenig game reads and changes (Paul Koenig's Market-Garden, 002_fe1216aa5df94854.txt):
the position (the kit's `Position`: units on hexes, their status and Hits as steps lost), the turn, the
Command Cup and the active formation (7.0), support points (6.0), the Leadership marker (14.1),
Interdiction markers (14.2), Operations in progress (8.4, 14.5) and the battle in progress (9.0-11.2).

`KoenigBoard` is the base of `KoenigState` (state.py): the steps of the sequence of play (landing.py,
support.py, operations.py, battle.py, retreat.py, night.py) are typed against it, so they import it and
nothing above them. Its queries answer what the rules ask of a position: sides and strengths (2.2),
formations and HQs (7.0, the independent 16th of exclusive 7.0), movement (8.0-8.5 over movement.py),
entry hexes (exclusive 8.5), exits (exclusive 12.0), night turns (4.0).

Unit statuses are the kit's (`UnitStatus`: on map, waiting, eliminated, exited) and Koenig's own finer
ones: PENDING (a reinforcement off the map that may enter this turn, 8.5), LOST (never arrived, landing
roll of 6, exclusive 4.0) and RETREATED_OFF (retreated off the map, 11.1: not eliminated).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from ...hexgrid import Hex, hex_neighbor
from ...model.hexmap import HexMap
from ...model.scenario import Scenario
from ...movement.hooks import FrozenHook, MovementHooks
from ..chance import Sampler
from ..kit import Position, SequenceState, UnitStatus
from ..protocol import Phase
from . import victory
from .game import KoenigGameBase
from .movement import destinations, entry_destinations, hooks_of
from .victory import UnitSnapshot, VPLine

ALLIED, GERMAN = "allied", "german"
ON_MAP, WAITING, ELIMINATED, EXITED = UnitStatus.ON_MAP, UnitStatus.WAITING, UnitStatus.ELIMINATED, UnitStatus.EXITED
PENDING, LOST, RETREATED_OFF = "pending", "lost", "retreated_off"

# the victory schedule's words for a unit's status (victory.py, read by the balance lab as well)
_SNAPSHOT_STATUS: dict[str, str] = {ON_MAP: victory.ON_MAP, WAITING: "future"}


def cite(section: str) -> str:
    """A citation a player reads: "(Koenig 9.2.2)", "(Arnhem Bridge exclusive 12.0)"."""
    if section.startswith("exclusive"):
        return f"(Arnhem Bridge {section})"
    return f"(Koenig {section})"


class Doing(StrEnum):
    """An Operation in progress (8.4 Combined, 14.5 Overrun)."""

    MOVED = "moved"  # moved at half MA: may make its Mobile Fire
    FIRED = "fired"  # made its Mobile Fire: may move at half MA
    OVERRUN = "overrun"  # won a Close Combat unhit: may move on with its MP left


class FireKind(StrEnum):
    FULL = "full"
    MOBILE = "mobile"
    CLOSE = "close"


class Side(StrEnum):
    """Who takes a Hit in a battle."""

    DEFENDER = "defender"
    ATTACKER = "attacker"


@dataclass(frozen=True)
class RetreatDue:
    """A unit's retreat decision after Hits (9.2.3, 10.0, 11.2)."""

    unit: str
    must: bool
    capture: bool = False


@dataclass
class Battle:
    """One Fire Attack or Close Combat in progress (9.0, 10.0)."""

    kind: FireKind
    attacker: str  # side
    firers: tuple[str, ...]
    target: Hex
    defenders: tuple[str, ...]
    def_support: int = 0
    off_support: int = 0
    defensive_round: bool = True  # close combat: the defender's Close Fire (10.0), else the attacker's
    die: int = 0
    result: str = ""
    hit_queue: list[Side] = field(default_factory=list)
    retreat_queue: list[RetreatDue] = field(default_factory=list)
    hit_units: list[str] = field(default_factory=list)
    attacker_was_hit: bool = False
    attacker_undamaged: bool = True  # before this round's hits (11.2)
    mover_mp_left: float = 0
    entering: bool = False  # the attacker is a reinforcement entering at its blocked entry hex (8.3.1)

    def key(self) -> tuple[object, ...]:
        return (self.kind, self.attacker, self.firers, self.target, self.defenders, self.def_support,
                self.off_support, self.defensive_round, self.die, self.result, tuple(self.hit_queue),
                tuple(self.retreat_queue), tuple(self.hit_units), self.attacker_was_hit, self.attacker_undamaged,
                self.mover_mp_left, self.entering)


_Hooks = tuple[MovementHooks, Hashable]  # the hooks of a move and what they depend on (KoenigBoard._hooks)


class KoenigBoard(SequenceState):
    """The data and queries of a Koenig position; the sequence of play is `KoenigState`'s."""

    game: KoenigGameBase
    MEMOS = ("_hooks_memo", "_enemy_memo")
    # copied one level deep by a clone (kit SequenceState.FLAT): sets, dicts and lists of unit ids, formation
    # ids, numbers, hexes, Doing values, and the queue of frozen tasks
    FLAT = ("queue", "cup", "done", "attached", "sixteen_used", "points", "interdicted", "in_progress", "overrun_mp",
            "march_combined", "reconstituted", "redeployed")

    def __init__(self, game: KoenigGameBase, sampler: Sampler, seed: int = 0) -> None:
        super().__init__(game, sampler)
        self.game_seed = seed
        self.position = Position.from_scenario(game.scenario)
        self.turn = 1
        self.cup: list[str] = []
        self.active = ""  # the active formation (7.0)
        self.active_side = ""
        self.done: set[str] = set()  # units that have conducted their Operation this turn (7.0)
        self.attached: dict[str, str] = {}  # Temporary Attachment this turn (14.1): unit -> formation
        self.sixteen_used: set[str] = set()  # independent units activated this turn (exclusive 7.0)
        self.points = {ALLIED: 0, GERMAN: 0}  # Artillery / Allied Support points this turn (6.1, 6.2)
        self.leader = ""  # the side holding the Leadership marker (14.1)
        self.interdicted: list[Hex] = []  # Interdiction markers (14.2)
        # (position, its revision, Interdiction markers, (side, close combat) -> (hooks, key)): _hooks
        self._hooks_memo: tuple[Position, int, tuple[Hex, ...], dict[tuple[str, bool], _Hooks]] | None = None
        # (position, its revision, full hexes, side -> enemy hexes): full_hexes, enemy_hexes
        self._enemy_memo: tuple[Position, int, frozenset[Hex], dict[str, frozenset[Hex]]] | None = None
        self.in_progress: dict[str, Doing] = {}  # Operations in progress (8.4, 14.5)
        self.overrun_mp: dict[str, float] = {}
        self.march_combined: set[str] = set()  # Combined units under Force March (14.1)
        self.battle: Battle | None = None
        self.reconstituted: set[str] = set()  # 14.1 Unit Recovery: no Operation this turn
        self.redeployed: set[str] = set()  # 4.0 night redeployment

    # -- the scenario ------------------------------------------------------------------------------
    @property
    def sc(self) -> Scenario:
        return self.game.scenario

    @property
    def map(self) -> HexMap:
        return self.game.scenario.map

    def option(self, name: str) -> bool:
        return bool(self.game.options.get(name))

    def side_of(self, uid: str) -> str:
        return self.game.side_of[uid]

    def enemy(self, side: str) -> str:
        return GERMAN if side == ALLIED else ALLIED

    def strength(self, uid: str) -> int:
        return int(self.sc.units[uid].values.get("strength", 0))

    def allowance(self, uid: str) -> int:
        return int(self.sc.units[uid].values.get("movement", 0))

    def formation_of(self, uid: str) -> str:
        """The unit's formation this turn (its own, or the one it is attached to, 14.1)."""
        return self.attached.get(uid) or self.sc.units[uid].formation

    def independent(self, uid: str) -> bool:
        return self.sc.units[uid].has("independent") or not self.sc.units[uid].formation

    def hq_of(self, formation: str) -> str:
        for mid, mk in self.sc.markers.items():
            if mk.kind == "hq" and mk.values.get("formation") == formation:
                return mid
        return f"HQ-{formation}"

    def formation_of_hq(self, hq: str) -> str:
        mk = self.sc.markers.get(hq)
        return str(mk.values.get("formation")) if mk is not None else hq.removeprefix("HQ-")

    def hq_side(self, hq: str) -> str:
        mk = self.sc.markers.get(hq)
        return mk.side if mk is not None else ""

    def heavy_weapons(self, uid: str) -> bool:
        return self.sc.units[uid].unit_type == "heavy_weapons"

    def exit_units(self) -> frozenset[str]:
        """The units the scenario's exit victory conditions name (kept per game: the scenario's)."""
        got = self.game.exit_ids
        if got is None:
            got = self.game.exit_ids = frozenset(
                uid for v in self.sc.victory if v.kind == "exit" for uid in v.units.get("ids", []))
        return got

    def phase_of(self, name: str, rule: str, player: str) -> Phase:
        """The phase `name` of this Game Turn (a step's `phase`), made once per game: phases are immutable."""
        key = (name, rule, self.turn, player)
        got = self.game.phases.get(key)
        if got is None:
            got = self.game.phases[key] = Phase(name, rule, self.turn, player)
        return got

    def is_night(self) -> bool:
        return bool(self.sc.turns[self.turn - 1].night) if self.sc.turns else False

    # -- typed queries --------------------------------------------------------------------------------
    def hits(self, uid: str) -> int:
        """A unit's Hits (9.2): the kit's steps lost."""
        return self.position.steps_lost(uid)

    def status(self, uid: str) -> str:
        """ON_MAP, WAITING, PENDING, ELIMINATED, EXITED, RETREATED_OFF or LOST."""
        return self.position.status(uid)

    def on_map(self, uid: str) -> bool:
        return self.position.is_on_map(uid)

    def hex_label(self, uid: str) -> str | None:
        """The printed label of the unit's hex, None off the map."""
        h = self.position.hex_of(uid)
        return self.map.label(h) if h is not None else None

    def unit_ids(self) -> tuple[str, ...]:
        """Every unit, in the scenario's order."""
        return self.game.unit_ids

    def has_operated(self, uid: str) -> bool:
        """The unit has conducted its Operation this turn (7.0)."""
        return uid in self.done

    def doing(self, uid: str) -> Doing | None:
        """The unit's Operation in progress (8.4, 14.5), if any."""
        return self.in_progress.get(uid)

    def overrun_left(self, uid: str) -> float:
        """The MP an overrunning unit has left (14.5)."""
        return self.overrun_mp.get(uid, 0.0)

    def attached_to(self, uid: str) -> str:
        """The formation the unit is temporarily attached to this turn (14.1), or ""."""
        return self.attached.get(uid, "")

    def is_reconstituted(self, uid: str) -> bool:
        """Returned by Unit Recovery this turn (14.1): no Operation until the next."""
        return uid in self.reconstituted

    def occupants(self) -> Mapping[Hex, Sequence[str]]:
        return self.position.occupancy()

    def enemy_hexes(self, side: str) -> frozenset[Hex]:
        """The hexes holding a unit that is not of `side` (kept until the position changes)."""
        facts = self._occupied()
        got = facts[3].get(side)
        if got is None:
            side_of = self.game.side_of
            got = facts[3][side] = frozenset(h for u, h in self.position.hexes.items() if side_of[u] != side)
        return got

    def full_hexes(self) -> frozenset[Hex]:
        """The hexes holding as many units as the stacking limit allows (8.2; kept until the position
        changes)."""
        return self._occupied()[2]

    def _occupied(self) -> tuple[Position, int, frozenset[Hex], dict[str, frozenset[Hex]]]:
        memo = self._enemy_memo
        pos = self.position
        if memo is None or memo[0] is not pos or memo[1] != pos.revision:
            limit = self.sc.stacking_limit or 2
            hexes = list(pos.hexes.values())
            if limit > 1 and len(set(hexes)) == len(hexes):
                full: frozenset[Hex] = frozenset()  # one unit a hex at most
            else:
                full = frozenset(h for h, n in Counter(hexes).items() if n >= limit)
            memo = self._enemy_memo = (pos, pos.revision, full, {})
        return memo

    def units_at(self, h: Hex) -> list[str]:
        """The units in `h`, in the scenario's order."""
        us = self.position.units_at(h)
        if len(us) < 2:
            return list(us)
        order = self.game.order
        return sorted(us, key=order.__getitem__)

    def snapshot(self) -> dict[str, UnitSnapshot]:
        """What the victory schedule reads of each unit (victory.py): side, status, hex label and Hits."""
        return self.snapshot_of(self.game.unit_ids)

    def snapshot_of(self, units: Iterable[str]) -> dict[str, UnitSnapshot]:
        """`snapshot` of `units` only, in their order."""
        pos = self.position
        game = self.game
        made = game.unit_snapshots  # a unit's snapshot by where it is, its status and Hits: made once a game
        if len(made) > 50000:
            made.clear()
        hex_of, status, lost = pos.hex_of, pos.status, pos.steps_lost
        out = {}
        for uid in units:
            h = hex_of(uid)
            st = status(uid)
            n = lost(uid)
            key = (uid, h, st, n)
            got = made.get(key)
            if got is None:
                got = made[key] = UnitSnapshot(self.side_of(uid), _SNAPSHOT_STATUS.get(st, st),
                                               self.map.label(h) if h is not None else None, n)
            out[uid] = got
        return out

    def victory_points(self) -> dict[str, int]:
        return victory.victory_points(self.sc, self.snapshot())

    def victory_lines(self) -> list[VPLine]:
        return victory.victory_lines(self.sc, self.snapshot())

    def stacking_violations(self) -> list[str]:
        """Hexes over the stacking limit (8.2)."""
        limit = self.sc.stacking_limit or 2
        return [self.map.label(h) for h, us in self.occupants().items() if len(us) > limit]

    # -- changes ----------------------------------------------------------------------------------------
    def take_hit(self, uid: str) -> None:
        """Hits (9.2): 1 Hit, 2 Hits, a third eliminates the unit."""
        n = self.position.lose_steps(uid)
        b = self.battle
        if b is not None:
            b.hit_units.append(uid)
            if uid in b.firers:
                b.attacker_was_hit = True
        if n >= 3:
            self.position.remove(uid, ELIMINATED)
            self.note(f"{uid} takes a third Hit and is eliminated {cite('9.2')}")
        else:
            self.note(f"{uid} takes a Hit: {n} Hit{'s' if n > 1 else ''} {cite('9.2')}")

    def finish(self, uid: str) -> None:
        """The unit has conducted its Operation this turn (7.0)."""
        self.done.add(uid)

    # -- movement (8.0-8.5, 14.2) -------------------------------------------------------------------
    def hooks(self, side: str, close_combat: bool = True) -> MovementHooks:
        return self._hooks(side, close_combat)[0]

    def hooks_key(self, side: str, close_combat: bool = True) -> Hashable:
        """What the hooks of a move by `side` are made of (`_hooks`): the same key, the same hooks."""
        return self._hooks(side, close_combat)[1]

    def _hooks(self, side: str, close_combat: bool) -> _Hooks:
        """The hooks of a move by `side` and what they depend on as a key: the hexes it may not enter, those
        it stops in and the Interdiction markers. Worked out once per position (every move of the
        activation reads them); the hooks of the same hexes are made once per game and shared (a unit's
        move that fills, empties or reaches no hex changes nothing in them)."""
        memo = self._hooks_memo
        pos = self.position
        interdicted = tuple(self.interdicted)
        if memo is None or memo[0] is not pos or memo[1] != pos.revision or memo[2] != interdicted:
            memo = self._hooks_memo = (pos, pos.revision, interdicted, {})
        got = memo[3].get((side, close_combat))
        if got is None:
            # movement.hook_hexes from the full and the enemy hexes: full hexes are blocked (8.2), enemy ones
            # stop the unit for Close Combat (10.0) or, where it is not allowed, are blocked too
            full, enemy = self.full_hexes(), self.enemy_hexes(side)
            key = (full, enemy - full, interdicted) if close_combat else (full | enemy, frozenset(), interdicted)
            shared = self.game.hooks_memo
            got = shared.get(key)
            if got is None:
                # the kernel only reads the hooks: the hex sets are handed over as the frozensets, which
                # it keys its conversions on without copying them again (kernel.CompiledGraph.marks)
                hooks = hooks_of(self.game.graph, key[0], key[1], interdicted)
                if hooks.edge_override:
                    hooks.edge_override = FrozenHook(hooks.edge_override)  # kept by the kernel by identity
                if len(shared) > 20000:
                    shared.clear()
                got = shared[key] = (hooks, key)
            memo[3][(side, close_combat)] = got
        return got

    def move_options(self, uid: str, allowance: float, close_combat: bool = True) -> Mapping[Hex, float]:
        """Every hex the unit may end a move of `allowance` MP in, with the MP spent (8.0-8.3.1, 14.2). Read
        only: the answer for a start hex, an allowance and the same hooks is computed once per game and
        shared (the costs depend on nothing else: the map does not change during a game)."""
        side = self.side_of(uid)
        hooks, key = self._hooks(side, close_combat)
        h = self.position.hex_of(uid)
        cache = self.game.destinations_memo
        if self.position.status(uid) == PENDING:
            # an entry's destinations depend on the hooks and on which entry hexes hold an enemy unit
            entries = self.entry_hexes(uid)
            enemy = self.enemy_hexes(side)
            enemy_in = tuple(e in enemy for e in entries)
            ekey = ("entry", key, side, tuple(entries), enemy_in, allowance)
            got = cache.get(ekey)
            if got is None:
                if len(cache) > 20000:
                    cache.clear()
                got = cache[ekey] = entry_destinations(self.game.graph, entries, allowance, hooks, self.occupants(),
                                                       self.game.side_of, side)
            return got
        assert h is not None
        got = cache.get((key, h, allowance))
        if got is None:
            if len(cache) > 20000:  # a long study: start again rather than grow without end
                cache.clear()
            got = cache[(key, h, allowance)] = destinations(self.game.graph, h, allowance, hooks)
        return got

    def entry_hexes(self, uid: str) -> list[Hex]:
        """The entry hexes of a unit's reinforcement (exclusive 8.5): its hex, or the road hexes of its
        edge range whose road leaves the map. The scenario's, so kept per game (read only)."""
        got = self.game.entry_hexes.get(uid)
        if got is None:
            got = self.game.entry_hexes[uid] = self._entry_hexes(uid)
        return got

    def _entry_hexes(self, uid: str) -> list[Hex]:
        m = self.map
        for rf in self.sc.reinforcements:
            if uid not in rf.units:
                continue
            e = rf.entry
            if e.hex is not None:
                h = m.hex_at(e.hex)
                return [h] if h is not None else []
            if e.edge_range is not None:
                a, b = (m.hex_at(x) for x in e.edge_range)
                for side in ("left", "right", "top", "bottom"):
                    edge = m.edge_side_hexes(side)
                    if a is not None and b is not None and a in edge and b in edge:
                        i, j = sorted((edge.index(a), edge.index(b)))
                        return [h for h in edge[i:j + 1] if self.road_off_map(h)]
                return []
        return []

    def road_off_map(self, h: Hex) -> bool:
        """A road hexside of `h` leads off the map (the exit roads of exclusive 12.0)."""
        got = self.game.road_exits.get(h)
        if got is None:
            got = self.game.road_exits[h] = self._road_off_map(h)
        return got

    def _road_off_map(self, h: Hex) -> bool:
        for d in range(6):
            n = hex_neighbor(h, d)
            if not self.map.contains(n):
                info = self.map.hexside_between(h, n)
                if info is not None and "road" in info.paths:
                    return True
        return False

    def can_exit(self, uid: str, allowance: float, options: Mapping[Hex, float]) -> bool:
        """Exiting the Recon/9th (exclusive 12.0): from a road hex on the bottom edge, spending 1 MP there."""
        if uid not in self.exit_units():
            return False
        here = self.position.hex_of(uid)
        exits = self.game.exit_roads
        if exits is None:  # the road hexes of the bottom edge whose road leaves the map: the map's, per game
            exits = self.game.exit_roads = [h for h in self.map.edge_side_hexes("bottom") if self.road_off_map(h)]
        for h in exits:
            extra = 2 if h in self.interdicted else 0
            spent = 0.0 if here == h else options.get(h)
            if spent is None:
                continue
            if here is not None and here != h and h in self.hooks(self.side_of(uid)).stop:
                continue
            if spent + 1 + extra <= allowance:
                return True
        return False

