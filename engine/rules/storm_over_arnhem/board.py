"""What every step of a game of The Crossing reads and changes (Storm over Arnhem: The Crossing,
003_6afad32bba8815b2.txt): the kit's `Position` (units in areas, their status), the turn (A, B, 1, ...)
and its impulses, committed units, the Tactical Advantage, area control and its last transit, the
perimeter control counters, the German victory points and the 9th SS Recon on the bridge.

`SoABoard` is the base of `SoAState` (state.py); the steps (setup.py, impulse.py, fire.py, recon.py,
closecombat.py) are typed against it. Unit statuses are the kit's (`UnitStatus`) and ON_BRIDGE: a 9th SS
Recon unit on a bridge border during its entry (3.42-3.46), in play but in no area.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from ...model.areamap import Area, AreaMap
from ...model.scenario import Scenario
from ..chance import Sampler
from ..kit import Position, SequenceState, UnitStatus
from .game import (
    BRITISH,
    DEFAULT_STACKING,
    GARRISON,
    GERMAN,
    GERMAN_VP_START,
    RECON_9SS,
    SoAGameBase,
)

ON_MAP, WAITING, ELIMINATED = UnitStatus.ON_MAP, UnitStatus.WAITING, UnitStatus.ELIMINATED
ON_BRIDGE = "on the bridge"
REPLACED = "replaced"  # a halftrack replaced by a recon infantry counter (1.3)


def cite(section: str) -> str:
    """A citation a player reads: "(Storm over Arnhem 3.42)"."""
    return f"(Storm over Arnhem {section})"


@dataclass
class Bridge:
    """The 9th SS Recon on the bridge (3.42-3.46): the border it is on, the MF spent so far, the casualty
    points still to expend, and the units that have chosen where to go."""

    border: int = 0  # index into game.BRIDGE_BORDERS
    spent: int = 2  # 1 MF to enter + 1 for the ramp moved onto (3.46)
    onward: tuple[str, ...] = ()  # units going on to the 22/23 border (3.44)
    points: int = 0  # casualty points rolled against the units on the border, not yet expended
    by_passes: bool = False  # the entry came from consecutive passes (3.41): the turn ends after it

    def key(self) -> tuple[object, ...]:
        return (self.border, self.spent, self.onward, self.points, self.by_passes)


@dataclass
class Volley:
    """One fire attack waiting for its die: the firing units, the targets, the modifiers, and what happens to
    its casualty points (a pool `pool` shared with other attacks whose points are expended together)."""

    side: str
    units: tuple[str, ...]
    targets: tuple[str, ...]
    area: str  # the target area ("" for the bridge)
    drm: int = 0
    modifiers: tuple[str, ...] = ()
    rule: str = ""
    pool: str = ""

    def key(self) -> tuple[object, ...]:
        return (self.side, self.units, self.targets, self.area, self.drm, self.modifiers, self.rule, self.pool)


@dataclass
class Combat:
    """Fire in progress: the group being formed, the attacks waiting for their dice, and the casualty points
    rolled into each pool."""

    side: str = ""
    origin: str = ""
    target: str = ""
    group: tuple[str, ...] = ()
    volleys: list[Volley] = field(default_factory=list)
    points: dict[str, int] = field(default_factory=dict)  # pool -> casualty points
    targets: dict[str, tuple[str, ...]] = field(default_factory=dict)  # pool -> units that may take them
    retreat: dict[str, bool] = field(default_factory=dict)  # pool -> casualties may be taken by retreat

    def key(self) -> tuple[object, ...]:
        return (self.side, self.origin, self.target, self.group, tuple(v.key() for v in self.volleys),
                tuple(sorted(self.points.items())), tuple(sorted(self.targets.items())),
                tuple(sorted(self.retreat.items())))


class SoABoard(SequenceState):
    """The data and queries of a position of The Crossing; the sequence of play is `SoAState`'s."""

    game: SoAGameBase
    FLAT = ("committed", "ta_used", "control", "transit", "perimeter", "designated")  # of strings, tuples of them
    KEYED_MEMOS = ("_memo",)  # movement's facts of a position, keyed by the position's revision and the turn

    def __init__(self, game: SoAGameBase, sampler: Sampler, seed: int = 0) -> None:
        super().__init__(game, sampler)
        self.game_seed = seed
        self.position = Position.from_scenario(game.scenario)
        self.turn = 0  # index into game.labels: 0 = turn A, 1 = turn B, 2 = turn 1 ...
        self.impulse_side = GERMAN
        self.passes = 0  # consecutive passes
        self.committed: set[str] = set()
        self.ta = BRITISH  # the introduction: the British start in possession of the Tactical Advantage
        self.ta_used: set[str] = set()  # sides that have used the Tactical Advantage
        self.vp = GERMAN_VP_START  # 3.7
        # the introduction: the Germans control all Victory Point Areas at start
        self.control: dict[str, str] = {a: GERMAN for a in game.areas.vp_areas()}
        self.transit: dict[str, str] = {}  # area -> the side that last entered or held it (3.5)
        self.perimeter: set[str] = set()  # areas with a British perimeter control counter (3.5)
        self.recon_entered = False
        self.bridge: Bridge | None = None
        self.combat: Combat | None = None
        self.moving_from = ""  # the area a movement impulse moves units out of
        self.impulses_over = False  # the turn's Movement/Fire impulses have ended
        self.bridge_done_by_passes = False  # 3.41: the 9th SS Recon entered on passes: the turn ends after it
        # close combat designations (1.1): (side, area, target) -> units
        self.designated: dict[tuple[str, str, str], tuple[str, ...]] = {}
        self._seen_revision = -1
        self._memo: dict[tuple[int, int, str], dict[str, bool]] = {}
        self.update_control()

    # -- the scenario ------------------------------------------------------------------------------
    @property
    def sc(self) -> Scenario:
        return self.game.scenario

    @property
    def areas(self) -> AreaMap:
        return self.game.areas

    def area(self, area_id: str) -> Area:
        return self.game.areas.areas[area_id]

    def label(self) -> str:
        """The current turn as printed: "A", "B", "1" ..."""
        return self.game.labels[self.turn]

    def track_turn(self) -> int:
        """The turn's place on the turn track, from 1 (turn A) as the scenario's `turns` number them (3 is turn
        1). Internal: what a player reads names the turn by its label (`Phase.turn_label`, "Turn A")."""
        return self.turn + 1

    def side_people(self, side: str) -> str:
        """A side as its soldiers, after "the": "the British", "the Germans" (the scenario's side name)."""
        name = self.side_name(side)
        return name if name.endswith(("sh", "ch", "s", "se")) else name + "s"

    def game_turn(self) -> int:
        """The number of a turn from 1 on; 0 on turns A and B."""
        lb = self.label()
        return int(lb) if lb.isdigit() else 0

    def side_of(self, uid: str) -> str:
        return self.game.side_of[uid]

    def enemy(self, side: str) -> str:
        return GERMAN if side == BRITISH else BRITISH

    def values(self, uid: str) -> dict[str, object]:
        return self.sc.units[uid].values

    def factor(self, uid: str, name: str) -> int:
        """A printed factor as a whole number (a fraction is rounded down; "X" or none is 0)."""
        known = self.game.factors
        got = known.get((uid, name))
        if got is None:
            got = known[(uid, name)] = _whole(self.values(uid).get(name, 0))
        return got

    def attack(self, uid: str) -> int:
        return self.factor(uid, "attack")

    def defense(self, uid: str) -> int:
        return self.factor(uid, "defense")

    def movement(self, uid: str) -> int:
        return self.factor(uid, "movement")

    def formation(self, uid: str) -> str:
        return self.game.formation(uid)

    def is_pillbox(self, uid: str) -> bool:
        return uid in self.game.pillboxes

    def is_at(self, uid: str) -> bool:
        return self.sc.units[uid].unit_type == "anti_tank"

    def is_garrison(self, uid: str) -> bool:
        return self.formation(uid) == GARRISON

    def is_recon(self, uid: str) -> bool:
        return self.formation(uid) == RECON_9SS

    def memo(self, kind: str) -> dict[str, bool]:
        """A dict of facts about areas (`kind`: which facts) for this position and turn (movement.py)."""
        key = (self.position.revision, self.turn, kind)
        got = self._memo.get(key)
        if got is None:
            if len(self._memo) > 64:
                self._memo.clear()
            got = self._memo[key] = {}
        return got

    def vehicle(self, uid: str) -> bool:
        """Armoured cars and halftracks move as vehicles on the terrain table."""
        return self.sc.units[uid].unit_type in ("armored_recon", "mechanized", "armor")

    # -- where units are -------------------------------------------------------------------------------
    def status(self, uid: str) -> str:
        return self.position.status(uid)

    def area_of(self, uid: str) -> str | None:
        return self.position.area_of(uid)

    def unit_ids(self) -> tuple[str, ...]:
        return self.game.unit_ids

    def units_of(self, side: str) -> Iterator[str]:
        return iter(self.game.side_units.get(side, ()))

    def units_in(self, area: str | None, side: str | None = None) -> list[str]:
        """The units in `area` (of `side`, if given), in the scenario's order."""
        us = self.position.units_in_area(area)
        if side is not None:
            side_of = self.game.side_of
            us = tuple(u for u in us if side_of[u] == side)
        return sorted(us, key=self.game.order.__getitem__) if len(us) > 1 else list(us)

    def fighting(self, area: str | None, side: str) -> list[str]:
        """`side`'s units in `area` other than the pillbox, which affects neither movement nor stacking and
        is attacked only in Close Combat (1.1)."""
        us = self.position.units_in_area(area)
        if not us:
            return []
        g = self.game
        side_of, pillboxes = g.side_of, g.pillboxes
        out = [u for u in us if side_of[u] == side and u not in pillboxes]
        if len(out) > 1:
            out.sort(key=g.order.__getitem__)  # `units_in`'s order
        return out

    def holds(self, area: str, side: str) -> bool:
        """`side` has a unit in `area` (the pillbox counts as a German unit for control, 1.1)."""
        return bool(self.units_in(area, side))

    def stacking_limit(self, area: str) -> int:
        known = self.game.stacking
        got = known.get(area)
        if got is None:
            a = self.area(area)
            got = known[area] = a.stacking if a.stacking is not None else \
                self.sc.stacking_limit if self.sc.stacking_limit > 1 else DEFAULT_STACKING
        return got

    def room(self, area: str, side: str) -> int:
        """How many more of `side`'s units the area may hold (the pillbox is not counted, 1.1)."""
        return self.stacking_limit(area) - len(self.fighting(area, side))

    def bridge_units(self) -> list[str]:
        return [u for u in self.game.unit_ids if self.status(u) == ON_BRIDGE]

    # -- control (the introduction, 1.1, 3.5) ------------------------------------------------------------
    def update_control(self) -> None:
        """An area is controlled by the last side to hold it alone (reconstructed: the basic game's control
        rule is not in the source); the pillbox holds for the Germans (1.1). Transit (3.5) remembers the last
        side in each area; a perimeter counter's area taken by the Germans is removed (reconstructed)."""
        if self.position.revision == self._seen_revision:
            return
        self._seen_revision = self.position.revision
        side_of = self.game.side_of
        for a, us in self.position.area_occupancy().items():
            side = side_of[us[0]]
            if len(us) == 1 or all(side_of[u] == side for u in us):  # one side alone
                self.control[a] = side
                self.transit[a] = side
                if side == GERMAN and a in self.perimeter:
                    self.perimeter.discard(a)
                    self.vp += 1
                    self.note(f"the Germans take perimeter area {a}: its perimeter control counter is removed, "
                              f"+1 VP (reconstructed) {cite('3.5')}")
            elif any(side_of[u] == BRITISH for u in us):
                self.transit[a] = BRITISH

    def victory_points(self) -> dict[str, int]:
        """The German VP marker (3.7: it starts at -2); the British score none of their own."""
        return {GERMAN: self.vp}

    def controller(self, area: str) -> str:
        return self.control.get(area, "")

    # -- changes ----------------------------------------------------------------------------------------
    def put(self, uid: str, area: str) -> None:
        self.position.place_in_area(uid, area)
        if self.side_of(uid) == BRITISH:
            self.transit[area] = BRITISH

    def eliminate(self, uid: str, why: str) -> None:
        self.position.remove(uid, ELIMINATED)
        self.committed.discard(uid)
        self.note(f"{uid} is eliminated: {why}")

    def after_recon(self, by_passes: bool) -> None:
        """What follows the 9th SS Recon's impulse (3.41, 3.46): the sequence of play's (state.py)."""
        raise NotImplementedError

    def commit(self, uids: tuple[str, ...] | list[str]) -> None:
        self.committed.update(uids)

    def uncommitted(self, uid: str) -> bool:
        return uid not in self.committed


def _whole(v: object) -> int:
    """A printed factor as a whole number (`SoABoard.factor`)."""
    if isinstance(v, bool) or not isinstance(v, int | float) or v != v:
        return 0
    return int(max(min(v, 10**6), -(10**6)))
