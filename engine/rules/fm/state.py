"""An F&M game position and its sequence of play (F&M 4.1, 000_e5c3deafb2cea4af.txt).

Each GT: the Support Fire Marker Phase (7.1, 10.7); the first player's Movement (5.0; airborne landings
11.4, engineer repair and ferry 10.6.4-10.6.5 and reinforcements 11.1 at its start), Bombardment (8.1),
Combat (8.2), Mobile Movement (5.5) and Mobile Combat phases; the same for the second player; the Game
Turn End Phase (victory 11.5 on the last GT). Scenario 2 starts with the secret set-up of 12.0.

The state is a queue of rule steps. Steps that need a decision set `pending` (a player's decision or a
chance node); the others run at once. Every decision the rules give a player is an action of that
player (rules/fm/actions.py).
"""

from __future__ import annotations

import copy
import itertools
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...hexgrid import Hex, Hexside, hex_distance, hex_neighbors, hexes_within, hexside_between, hexside_of
from ...model.hexmap import EDGE_SIDES
from ...movement.kernel import Reach, entry_cost
from ..chance import Sampler, weighted
from ..protocol import CHANCE, Action, Draw, GameState, Outcome, Phase, Roll
from . import combat as cb
from . import support as sfm
from . import victory
from .actions import (
    Advance,
    Attack,
    Bombard,
    Commit,
    Demolish,
    Deplete,
    Displace,
    DrawSplit,
    Enter,
    Ferry,
    Halt,
    Land,
    Move,
    Pass,
    Repair,
    Retreat,
    Setup,
    ShiftDropZone,
    Stiff,
)
from .combat import MarkerId
from .game import FMGame, cite
from .movement import ferry_edges_into, path_cost_of, path_problem, unit_reach
from .retreat import advance_paths, displacement_hexes, retreat_paths
from .tables import die_range

PLAYER_PHASES = (
    ("Movement Phase", "4.1, 5.0"),
    ("Bombardment Phase", "4.1, 8.1"),
    ("Combat Phase", "4.1, 8.2"),
    ("Mobile Movement Phase", "4.1, 5.5"),
    ("Mobile Combat Phase", "4.1, 8.2"),
)


@dataclass
class Pending:
    kind: str
    player: str
    data: dict[str, Any] = field(default_factory=dict)


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


class FMState(GameState):
    def __init__(self, game: FMGame, seed: int, sampler: Sampler) -> None:
        super().__init__(game, sampler)
        self.game: FMGame = game
        self.game_seed = seed
        g = game
        sc = g.scenario
        self.turn = 1
        self.stage = -1  # -1 set-up, 0 SFM phase, 1..5 first player, 6..10 second player, 11 GT end
        self.pos: dict[str, Hex] = {}
        self.reduced: set[str] = set()
        self.eliminated: list[str] = []
        self.dz: dict[str, Hex] = {}
        self.dz_extra_drm: dict[str, int] = {}
        self.available: dict[str, list[MarkerId]] = {s: [] for s in g.side_ids}
        self.gt_pool: dict[str, dict[str, dict[MarkerId, int]]] = {}
        # per phase / player turn / GT bookkeeping
        self.moved: set[str] = set()
        self.moved_in_movement: set[str] = set()
        self.cannot_move: set[str] = set()
        self.mp_spent: dict[str, float] = {}
        self.attacked_phase: set[str] = set()
        self.attacked_combat: set[str] = set()
        self.defended_phase: set[str] = set()
        self.no_attack: set[str] = set()  # displaced attackers (8.3.1) and advanced units (8.5)
        self.exhausted: set[str] = set()  # advanced units: no other activity this player turn (8.5)
        self.bombarded: dict[Hex, int] = {}
        self.began_at_bridge: set[Hexside] = set()
        self.demolished: set[Hexside] = set()
        self.demolition_tried: set[Hexside] = set()
        self.repaired_gt: set[Hexside] = set()
        self.repair_tried: set[Hexside] = set()
        self.ferry: Hexside | None = None
        self.engineer_op = ""
        self.arrivals: list[Arrival] = []
        self.secret: dict[str, dict[str, Hex]] = {}
        self.pending: Pending | None = None
        self.queue: list[tuple] = []
        self.combat: Combat | None = None
        self._outcome: Outcome | None = None
        self.events: list[tuple[int, str]] = []
        self._cache: dict[Any, Any] = {}
        self._reach: dict[Any, Any] = {}  # per phase: (unit, hex, MP spent, bridges, ferry) -> moves
        # per phase: unit -> (its moves, occupancy version, the moves to vacant hexes); the hexes whose
        # occupancy changed at each version (see _occupancy)
        self._filtered: dict[str, tuple[Any, int, list[Action]]] = {}
        self._occ_last: dict[Hex, str] | None = None
        self._occ_changes: list[frozenset[Hex]] = []
        self.move_fallback: dict[str, Hex] = {}  # a unit stopped mid-move by a demolition attempt (10.6.3)

        for mid, mk in sc.markers.items():
            if mk.kind == "drop_zone" and mk.hex:
                h = g.hex(mk.hex)
                if h is not None:
                    self.dz[mid] = h
        for rf in sc.reinforcements:
            for uid in rf.units:
                if uid in g.units:
                    self.arrivals.append(self._arrival(uid, rf.turn, rf.entry, rf.airborne))
        free = bool(g.setup_hexes)
        for uid, lab in sc.placements.items():
            h = g.hex(lab)
            if h is not None and uid in g.units and not (free and uid in g.setup_hexes):
                self.pos[uid] = h
        if free:
            self.queue.append(("setup_begin",))
        else:
            self.stage = 0
            self.queue.extend(self._stage_tasks())
        self._advance()

    # -- copying --------------------------------------------------------------------------
    def __deepcopy__(self, memo: dict) -> FMState:
        new = object.__new__(FMState)
        for k, v in self.__dict__.items():
            if k in ("_cache", "_reach", "_filtered"):
                new.__dict__[k] = {}
            elif k in ("_occ_last", "_occ_changes"):
                new.__dict__[k] = None if k == "_occ_last" else []
            elif k in ("game",):
                new.__dict__[k] = v
            else:
                new.__dict__[k] = copy.deepcopy(v, memo)
        return new

    def fingerprint(self) -> Any:
        return (self.turn, self.stage, sorted((u, h) for u, h in self.pos.items()), sorted(self.reduced),
                sorted(self.eliminated), sorted(self.dz.items()),
                {s: sorted(m.token() for m in v) for s, v in self.available.items()},
                sorted(self.moved), sorted(self.demolished), self.ferry, repr(self.pending), repr(self.combat),
                repr(self.queue), [a.unit for a in self.arrivals], sorted(self.move_fallback.items()),
                self.action_texts(), self._outcome)

    # -- queries used by the rule modules ----------------------------------------------------
    def _occupancy(self) -> dict[Hex, str]:
        """Hex -> unit. Cached until a unit moves (every change of `pos` clears `_cache`)."""
        occ = self._cache.get(("occ",))
        if occ is None:
            occ = self._cache[("occ",)] = {h: u for u, h in self.pos.items()}
            last = self._occ_last
            if last is None:
                self._filtered = {}
            else:
                self._occ_changes.append(frozenset(last.keys() ^ occ.keys()))
            self._occ_last = occ
        return occ

    def occupant(self, h: Hex | None) -> str | None:
        if h is None:
            return None
        return self._occupancy().get(h)

    def enemy_hexes(self, side: str) -> frozenset[Hex]:
        key = ("enemy", side)
        got = self._cache.get(key)
        if got is None:
            units = self.game.units
            got = self._cache[key] = frozenset(h for u, h in self.pos.items() if units[u].side != side)
        return got

    def enemy_zoc(self, side: str) -> frozenset[Hex]:
        """6.0: the six hexes around every enemy unit that exerts a ZOC."""
        key = ("zoc", side)
        z = self._cache.get(key)
        if z is None:
            g = self.game
            units = g.units
            exerting = frozenset(h for u, h in self.pos.items() if units[u].side != side and g.exerts_zoc(u))
            z = g.zoc_memo.get(exerting)
            if z is None:
                contains = g.map.contains
                z = frozenset(n for h in exerting for n in hex_neighbors(h) if contains(n))
                if len(g.zoc_memo) > 256:
                    g.zoc_memo.clear()
                g.zoc_memo[exerting] = z
            self._cache[key] = z
        return z

    def current_values(self, uid: str) -> dict[str, Any]:
        return self.game.values(uid, uid in self.reduced)

    def active_ferry(self) -> Hexside | None:
        """10.6.5: the declared ferry hexside while the engineer stays within range and no German unit
        occupies an adjoining hex."""
        s = self.ferry
        if s is None:
            return None
        if ("ferry",) in self._cache:
            return self._cache[("ferry",)]
        self._cache[("ferry",)] = s = self._ferry_in_force(s)
        return s

    def _ferry_in_force(self, s: Hexside) -> Hexside | None:
        g = self.game
        a, b = s.hexes()
        for u, h in self.pos.items():
            if g.units[u].side == g.german and h in (a, b):
                return None
        eng = [u for u in self.pos if g.units[u].side == g.allied and g.is_engineer(u)]
        if not any(min(hex_distance(self.pos[u], a), hex_distance(self.pos[u], b))
                   <= int(self.current_values(u).get("movement", 0)) for u in eng):
            return None
        return s

    def south_road_hexes(self) -> list[Hex]:
        g = self.game
        out = g.edge_road_hexes("south") if "south" in g.map.edges else []
        if not out:  # no edge named south: the Allied ground reinforcements' entry hexes (11.3)
            hexes = {h for rf in g.scenario.reinforcements if rf.side == g.allied and not rf.airborne
                     and not rf.entry.marker for h in self._entry_hexes(rf.entry)[0]}
            out = sorted(hexes)
        return out

    def note(self, text: str) -> None:
        self.events.append((len(self._history), text))

    # -- the protocol ------------------------------------------------------------------------
    @property
    def current_player(self) -> str:
        if self._outcome is not None or self.pending is None:
            return ""
        return self.pending.player

    @property
    def phase(self) -> Phase:
        g = self.game
        if self.stage == -1:
            return Phase("Set-up", "F&M 12.0", self.turn)
        if self.stage == 0:
            return Phase("Support Fire Marker Phase", "F&M 4.1, 7.1, 10.7", self.turn)
        if self.stage == 11:
            return Phase("Game Turn End Phase", "F&M 4.1", self.turn)
        player = g.first_player if self.stage <= 5 else g.second_player
        name, rule = PLAYER_PHASES[(self.stage - 1) % 5]
        return Phase(name, f"F&M {rule}", self.turn, player)

    @property
    def active(self) -> str:
        return self.game.first_player if self.stage <= 5 else self.game.second_player

    @property
    def phase_index(self) -> int:
        return (self.stage - 1) % 5 if 1 <= self.stage <= 10 else -1

    def is_terminal(self) -> bool:
        return self._outcome is not None

    def outcome(self) -> Outcome | None:
        return self._outcome

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        p = self.pending
        if p is None or p.player != CHANCE:
            return []
        if p.kind == "sfm_draw":
            counts = self.gt_pool[p.data["side"]][p.data["pool"]]
            return [(Draw(m.token()), pr) for m, pr in weighted({m: c for m, c in sorted(
                counts.items(), key=lambda mc: (mc[0].value, mc[0].token()))})]
        if p.kind == "air_draw":
            counts = p.data["counts"]
            return [(Draw(MarkerId.parse(t).token()), pr) for t, pr in weighted(dict(sorted(counts.items())))]
        return [(Roll(v), Fraction(1, 6)) for v in range(1, 7)]

    def chance_owner(self) -> str:
        """7.2, 10.7: the support fire markers a side draws from its pools (or as airpower) are its secret;
        the other player knows only how many."""
        p = self.pending
        if p is not None and p.player == CHANCE and p.kind in ("sfm_draw", "air_draw"):
            return str(p.data.get("side", ""))
        return ""

    def masked_text(self, entry: Any) -> str:
        if entry.player == CHANCE and entry.owner:
            return f"draw (one {entry.owner} support fire marker, hidden {cite('7.2')})"
        return super().masked_text(entry)

    def legal_actions(self) -> list[Action]:
        if self._outcome is not None or self.pending is None:
            return []
        if self.pending.player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        key = ("legal", len(self._history))
        got = self._cache.get(key)
        if got is None:
            got = getattr(self, f"_legal_{self.pending.kind}")(self.pending)
            self._cache = {k: v for k, v in self._cache.items() if k[0] != "legal"}
            self._cache[key] = got
        return list(got)

    def parse_action(self, text: str) -> Action:
        """The action of a text; `sfm +3` stands for the one kind of +3 marker the player may commit."""
        action = self.game.parse_action(text)
        if isinstance(action, Commit) and action.marker and ":" not in action.marker and self.pending is not None:
            same = [a for a in self.legal_actions() if isinstance(a, Commit) and a.marker
                    and MarkerId.parse(a.marker).value == MarkerId.parse(action.marker).value]
            if len(same) == 1:
                return same[0]
        return action

    def is_legal(self, action: Action) -> bool:
        p = self.pending
        if p is not None and p.kind in ("move", "continue") and isinstance(action, Move):
            return self._move_problem(action) is None
        return action in self.legal_actions()

    def explain_illegal(self, action: Action) -> str:
        p = self.pending
        phase = self.phase
        if p is None:
            return "no decision is pending"
        if p.player == CHANCE:
            return f"{action.text()} is not an outcome of this chance node ({p.kind})"
        if isinstance(action, Move) and p.kind in ("move", "continue"):
            problem = self._move_problem(action)
            if problem:
                return problem
        kind_rules = {
            "move": "5.2", "continue": "10.6.3", "bombard": "8.1", "attack": "8.2", "sfm": "8.2.1 b",
            "loss": "8.2.4", "retreat": "8.3", "displace": "8.3.1", "advance": "8.5", "demolish": "10.6.3",
            "engineer": "10.6.4, 10.6.5", "land": "11.4", "draw_split": "10.7", "setup": "12.0",
            "shift_dz": "12.0",
        }
        rule = kind_rules.get(p.kind, "4.1")
        legal = self.legal_actions()
        detail = self._explain_specific(action, p)
        if detail:
            return detail
        sample = ", ".join(a.text() for a in legal[:5]) + (" ..." if len(legal) > 5 else "")
        return (f"{action.text()} is not legal now: {p.player} must decide {p.kind.replace('_', ' ')} in the "
                f"{phase} {cite(rule)}; legal here: {sample}")

    def _explain_specific(self, action: Action, p: Pending) -> str:
        g = self.game
        if isinstance(action, Attack):
            if p.kind != "attack":
                return f"attacks are declared only in the Combat and Mobile Combat Phases {cite('4.1, 8.2')}"
            target = g.hex(action.target)
            if target is None:
                return f"{action.target} is not a hex of this map"
            dfd = self.occupant(target)
            if dfd is None or g.units[dfd].side == p.player:
                return f"{action.target} holds no enemy unit to attack {cite('8.2')}"
            if dfd in self.defended_phase:
                return f"{dfd} in {action.target} was already attacked this phase {cite('8.0')}"
            for lab in action.attackers:
                h = g.hex(lab)
                u = self.occupant(h)
                if u is None or g.units[u].side != p.player:
                    return f"{lab} holds no unit of {p.player} {cite('8.2')}"
                if hex_distance(h, target) != 1:  # type: ignore[arg-type]
                    return f"{u} in {lab} is not adjacent to {action.target} {cite('8.2')}"
                if u in self.attacked_phase:
                    return f"{u} already attacked this phase {cite('8.2')}"
                if self.phase_index == 4 and not g.is_mobile(u):
                    return f"{u} is a leg unit: only mobile units attack in the Mobile Combat Phase {cite('4.1')}"
                if self.phase_index == 4 and u in self.attacked_combat:
                    return f"{u} attacked in the Combat Phase and cannot attack again this player turn {cite('8.2')}"
                if u in self.no_attack:
                    return (f"{u} advanced or was displaced and may not attack again this player turn "
                            f"{cite('8.3.1, 8.5')}")
        if isinstance(action, Commit) and p.kind == "sfm" and action.marker:
            try:
                mid = MarkerId.parse(action.marker)
            except ValueError as exc:
                return str(exc)
            if mid not in self.available.get(p.player, []):
                return f"{p.player} has no {mid.token()} marker available this GT {cite('7.2')}"
            return f"{mid.token()} cannot support this combat {cite('10.7.1')}"
        if isinstance(action, Retreat) and p.kind == "retreat":
            return f"{action.text()} is not a legal retreat path {cite('8.3')}"
        return ""

    # -- the machine -----------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        p = self.pending
        assert p is not None, "no decision is pending"
        self.pending = None
        getattr(self, f"_do_{p.kind}")(p, action)
        out = victory.immediate(self)  # 11.5: "at any time"
        if out is not None:
            self._end(out)
            return
        self._advance()

    def _advance(self) -> None:
        while self.pending is None and self._outcome is None:
            out = victory.immediate(self)
            if out is not None:
                self._end(out)
                return
            if self.queue:
                task = self.queue.pop(0)
                getattr(self, f"_task_{task[0]}")(*task[1:])
                if self.pending is not None and self.pending.player != CHANCE and self.pending.kind in (
                        "move", "bombard", "attack", "sfm", "engineer", "advance", "demolish"):
                    legal = self.legal_actions()
                    if len(legal) == 1 and legal[0] in (Pass(), Commit(None)):
                        # the only thing the player may do is nothing: no decision to ask for
                        self._history_skip(self.pending)
                continue
            self._next_stage()

    def _history_skip(self, p: Pending) -> None:
        self.pending = None
        self._cache = {}
        action: Action = Commit(None) if p.kind == "sfm" else Pass()
        getattr(self, f"_do_{p.kind}")(p, action)

    def _end(self, out: Outcome) -> None:
        self._outcome = out
        self.pending = None
        self.queue = []
        self.note(f"game over: {out}")

    def _next_stage(self) -> None:
        if self.stage == 11:
            self._turn_end()
            return
        self.stage += 1
        self._cache = {}
        self._reach = {}
        self._filtered = {}
        self._occ_changes = []
        self.queue.extend(self._stage_tasks())

    def _stage_tasks(self) -> list[tuple]:
        if self.stage == 0:
            return [("sfm_phase",)] + [("sfm_allot", s) for s in (self.game.first_player, self.game.second_player)]
        if self.stage == 11:
            return []
        i = self.phase_index
        player = self.active
        if i == 0:
            return [("movement_start", player, False)]
        if i in (1,):
            return [("phase_start",), ("open", "bombard", player, {})]
        if i in (2, 4):
            return [("phase_start",), ("open", "attack", player, {})]
        return [("movement_start", player, True)]

    def _turn_end(self) -> None:
        """4.1 Game Turn End Phase: victory on the last GT (11.5), else the next GT."""
        g = self.game
        for s in g.side_ids:
            self.available[s] = []  # 7.2: unused markers go back to the pools
        if self.turn >= g.last_turn:
            out = victory.at_end(self)
            if g.last_turn < len(g.scenario.turns):
                out = Outcome(out.winner, out.draw, f"play stopped after GT {self.turn} of {len(g.scenario.turns)} "
                              f"(max_turns); judged as if the game ended there: {out.reason}")
            self._end(out)
            return
        self.turn += 1
        self.stage = 0
        self.demolition_tried = set()
        self.repaired_gt = set()
        self.repair_tried = set()
        self.ferry = None
        self.engineer_op = ""
        self._cache = {}
        self._reach = {}
        self._filtered = {}
        self._occ_changes = []
        self.queue.extend(self._stage_tasks())

    # -- tasks -----------------------------------------------------------------------------
    def _task_open(self, kind: str, player: str, data: dict) -> None:
        self.pending = Pending(kind, player, dict(data))

    def _task_phase_start(self) -> None:
        self.attacked_phase = set()
        self.defended_phase = set()
        self.bombarded = {}

    # set-up (12.0) ------------------------------------------------------------------------
    def _task_setup_begin(self) -> None:
        g = self.game
        for side in (g.german, g.allied):
            ids = [u for u in g.setup_hexes if (u in g.units and g.units[u].side == side)
                   or (u in g.scenario.markers and (g.scenario.markers[u].side or g.allied) == side)]
            if ids:
                self.queue.append(("open", "setup", side, {"remaining": ids}))
        self.queue.append(("setup_reveal",))

    def _legal_setup(self, p: Pending) -> list[Action]:
        g = self.game
        uid = p.data["remaining"][0]
        taken = set(self.secret.get(p.player, {}).values())
        is_unit = uid in g.units
        out: list[Action] = []
        for h in g.setup_hexes.get(uid, []):
            if h in taken or (is_unit and not self._along_ok(uid, h)):
                continue
            out.append(Setup(uid, g.label(h)))
        return sorted(out, key=lambda a: a.text()) or [Pass()]  # type: ignore[attr-defined]

    def _along_ok(self, uid: str, h: Hex) -> bool:
        from ...validation.checks import hex_prohibited

        return not hex_prohibited(self.game.map, h, self.game.movement_class(uid))

    def _do_setup(self, p: Pending, a: Action) -> None:
        if not isinstance(a, Setup):  # no hex of the zones is left for this unit: it stays off the map
            self.note(f"12.0: {p.data['remaining'][0]} has no eligible set-up hex")
            rest = p.data["remaining"][1:]
            if rest:
                self.pending = Pending("setup", p.player, {"remaining": rest})
            return
        self.secret.setdefault(p.player, {})[a.unit] = self.game.hex(a.hex)  # type: ignore[assignment]
        rest = p.data["remaining"][1:]
        if rest:
            self.pending = Pending("setup", p.player, {"remaining": rest})

    def _task_setup_reveal(self) -> None:
        """12.0: both players place what they recorded at the same time; a drop zone marker on a German
        unit moves to an adjacent eligible hex (or a second hex, with +1 DRM)."""
        g = self.game
        for _side, placed in self.secret.items():
            for uid, h in placed.items():
                if uid in g.units:
                    self.pos[uid] = h
                else:
                    self.dz[uid] = h
        self._cache = {}
        self.note("12.0: both players reveal their set-ups: " + ", ".join(
            f"{u} {g.label(h)}" for side in self.secret for u, h in self.secret[side].items()))
        german = {h for u, h in self.pos.items() if g.units[u].side == g.german}
        for mid, h in sorted(self.dz.items()):
            if h in german:
                self.queue.append(("open", "shift_dz", g.allied, {"marker": mid}))
        self.queue.append(("setup_done",))

    def _dz_targets(self, mid: str) -> tuple[list[Hex], int]:
        g = self.game
        h = self.dz[mid]
        german = {x for u, x in self.pos.items() if g.units[u].side == g.german}
        ok = set(g.setup_hexes.get(mid, g.map.hexes))
        for dist, drm in ((1, 0), (2, 1)):
            cands = sorted(x for x in g.map.hexes if hex_distance(x, h) == dist and x in ok and x not in german)
            if cands:
                return cands, drm
        return [], 0

    def _legal_shift_dz(self, p: Pending) -> list[Action]:
        mid = p.data["marker"]
        cands, _ = self._dz_targets(mid)
        return [ShiftDropZone(mid, self.game.label(h)) for h in cands] or [Pass()]

    def _do_shift_dz(self, p: Pending, a: Action) -> None:
        if isinstance(a, ShiftDropZone):
            mid = a.marker
            _, drm = self._dz_targets(mid)
            self.dz[mid] = self.game.hex(a.hex)  # type: ignore[assignment]
            if drm:
                self.dz_extra_drm[mid] = drm
                self.note(f"12.0: drop zone {mid} moves two hexes: +1 DRM on the Airborne Drop Table")

    def _task_setup_done(self) -> None:
        self.stage = 0
        self.queue.extend(self._stage_tasks())

    # support fire markers (7.1, 10.7) ----------------------------------------------------------
    def _task_sfm_phase(self) -> None:
        g = self.game
        self.gt_pool = {}
        for side in g.side_ids:
            pools = {name: dict(c) for name, c in sfm.side_pools(g, side).items()}
            if side == g.allied:
                for name, removed in sfm.reductions(self).items():
                    for mid, n in removed.items():
                        pools[name][mid] = pools[name].get(mid, 0) - n
            self.gt_pool[side] = {k: {m: n for m, n in v.items() if n > 0} for k, v in pools.items()}

    def _task_sfm_allot(self, side: str) -> None:
        g = self.game
        n, airpower = sfm.allotment(g, self.turn, side)
        pools = self.gt_pool.get(side, {})
        total = sum(sum(c.values()) for c in pools.values())
        if airpower:
            # 10.7 a): every non-airpower marker; b): roll for airpower
            for c in pools.values():
                for mid, k in c.items():
                    self.available[side].extend([mid] * k)
            self.note(f"10.7: {side} has {n} markers this GT: every non-airpower marker, and a roll for airpower")
            self.queue.insert(0, ("open", "airpower", CHANCE, {"side": side}))
            return
        if n <= 0 or total == 0:
            return
        if n >= total:
            for c in pools.values():
                for mid, k in c.items():
                    self.available[side].extend([mid] * k)
            return
        if g.options.get("sfm_selection") == "lowest_first":
            allm = sorted((mid for c in pools.values() for mid, k in c.items() for _ in range(k)),
                          key=lambda m: (m.value, m.token()))
            self.available[side].extend(allm[:n])
            self.note(f"7.1: {side} selects the {n} lowest-valued markers")
            return
        nonempty = [name for name, c in pools.items() if sum(c.values())]
        if len(nonempty) > 1:
            self.queue.insert(0, ("open", "draw_split", side, {"n": n}))
        else:
            self.queue[0:0] = [("open", "sfm_draw", CHANCE, {"side": side, "pool": nonempty[0]})] * n

    def _legal_draw_split(self, p: Pending) -> list[Action]:
        side, n = p.player, p.data["n"]
        names = sorted(name for name, c in self.gt_pool[side].items() if sum(c.values()))
        sizes = [sum(self.gt_pool[side][k].values()) for k in names]
        out: list[Action] = []
        for combo in itertools.product(*[range(min(s, n) + 1) for s in sizes]):
            if sum(combo) == min(n, sum(sizes)):
                out.append(DrawSplit(tuple(zip(names, combo, strict=False))))
        return out

    def _do_draw_split(self, p: Pending, a: Action) -> None:
        assert isinstance(a, DrawSplit)
        tasks = []
        for name, k in a.counts:
            tasks += [("open", "sfm_draw", CHANCE, {"side": p.player, "pool": name})] * k
        self.queue[0:0] = tasks

    def _do_sfm_draw(self, p: Pending, a: Action) -> None:
        assert isinstance(a, Draw)
        mid = MarkerId.parse(a.item)
        side, pool = p.data["side"], p.data["pool"]
        self.gt_pool[side][pool][mid] -= 1
        self.available[side].append(mid)

    def _do_airpower(self, p: Pending, a: Action) -> None:
        assert isinstance(a, Roll)
        g = self.game
        side = p.data["side"]
        row = g.table("airpower").rows[str(a.value)]
        cols = g.table("airpower").columns
        self.note(f"10.7 Airpower SFMs Available Table, roll {a.value}: {row[0]}")
        air = sfm.airpower_markers(g, side)
        tasks = []
        for nat in ("british", "us"):
            want = int(row[cols.index(nat)]) if nat in cols else 0
            counts = {m.token(): k for m, k in air.items() if m.nationality == nat}
            for _ in range(min(want, sum(counts.values()))):
                tasks.append(("air_pick", side, counts))
        self.queue[0:0] = tasks

    def _task_air_pick(self, side: str, counts: dict[str, int]) -> None:
        left = {t: k - sum(1 for m in self.available[side] if m.token() == t) for t, k in counts.items()}
        left = {t: k for t, k in left.items() if k > 0}
        if len(left) == 1:
            self.available[side].append(MarkerId.parse(next(iter(left))))
        elif left:
            self.pending = Pending("air_draw", CHANCE, {"side": side, "counts": left})

    def _do_air_draw(self, p: Pending, a: Action) -> None:
        assert isinstance(a, Draw)
        self.available[p.data["side"]].append(MarkerId.parse(a.item))

    # movement (5.x, 6.x, 11.x, 10.6.x) -------------------------------------------------------
    def _task_movement_start(self, player: str, mobile: bool) -> None:
        g = self.game
        self._task_phase_start()
        self.moved = set()
        self.mp_spent = {}
        self.cannot_move = set()
        if not mobile:
            self.moved_in_movement = set()
            self.attacked_combat = set()
            self.no_attack = set()
            self.exhausted = set()
        # 10.6.3 Important: no demolition at bridges where an Allied unit begins the phase
        allied_hexes = {h for u, h in self.pos.items() if g.units[u].side == g.allied}
        self.began_at_bridge = {s for s in g.bridges if s.hex in allied_hexes or s.other in allied_hexes}
        tasks: list[tuple] = []
        if not mobile:
            for arr in self.arrivals:
                if arr.marker and arr.turn <= self.turn and g.units[arr.unit].side == player:
                    tasks.append(("land_next", arr.unit))
            if player == g.allied and any(g.is_engineer(u) for u in self.pos if g.units[u].side == player):
                tasks.append(("open", "engineer", player, {}))
            tasks.append(("blocked_entries", player))
        tasks.append(("open", "move", player, {"mobile": mobile}))
        self.queue[0:0] = tasks

    def _task_blocked_entries(self, player: str) -> None:
        """11.1: an arrival hex occupied by the enemy delays the unit; each GT of delay lets it shift
        three hexes along the map edge."""
        enemy = self.enemy_hexes(player)
        for arr in self.arrivals:
            if self.game.units[arr.unit].side != player or arr.marker or arr.turn > self.turn:
                continue
            if arr.hexes and all(h in enemy for h in arr.hexes) and self.turn not in arr.blocked_gts:
                first = not arr.blocked_gts
                arr.blocked_gts.append(self.turn)
                self.note(f"11.1: {arr.unit}'s arrival hexes are enemy-occupied" + (
                    ": it may not arrive this GT" if first else
                    f": it may shift {3 * self._delays(arr)} hexes along the map edge"))

    def _arrival(self, uid: str, turn: int, entry: Any, airborne: bool) -> Arrival:
        hexes, edge = self._entry_hexes(entry)
        marker = entry.marker if entry.marker in self.game.scenario.markers else None
        return Arrival(uid, turn, hexes, airborne or marker is not None, marker, entry.within or 3, [], edge)

    def _delays(self, arr: Arrival) -> int:
        """11.1: the GTs the unit has been delayed by an enemy-occupied arrival hex before this one."""
        return sum(1 for t in arr.blocked_gts if t < self.turn)

    def _entry_hexes(self, entry: Any) -> tuple[list[Hex], str]:
        g = self.game
        m = g.map
        if entry.hex:
            h = g.hex(entry.hex)
            if h is None:
                return [], ""
            edge = next((s for s in EDGE_SIDES if h in m.edge_side_hexes(s)), "")
            return [h], edge
        if entry.edge_range:
            a, b = (g.hex(x) for x in entry.edge_range)
            for s in EDGE_SIDES:
                hexes = m.edge_side_hexes(s)
                if a in hexes and b in hexes:
                    i, j = sorted((hexes.index(a), hexes.index(b)))  # type: ignore[arg-type]
                    return hexes[i:j + 1], s
        return [], ""

    def _entry_options(self, arr: Arrival) -> list[Hex]:
        hexes = list(arr.hexes)
        delays = self._delays(arr)
        if delays and arr.edge:
            line = self.game.map.edge_side_hexes(arr.edge)
            idx = [line.index(h) for h in arr.hexes if h in line]
            if idx:
                k = 3 * delays
                lo, hi = max(0, min(idx) - k), min(len(line) - 1, max(idx) + k)
                hexes = line[lo:hi + 1]
        return hexes

    def entry_cost(self, uid: str, h: Hex) -> float:
        """The MP a reinforcement spends entering the map at `h` (what `Enter` charges): the 11.1 cost, and
        for a mobile unit entering an EZOC half its MA (round down) more (6.1)."""
        g = self.game
        cost = self._entry_cost(uid, h)
        if g.is_mobile(uid) and h in self.enemy_zoc(g.units[uid].side):
            cost += int(self.current_values(uid).get("movement", 0)) // 2
        return cost

    def _entry_cost(self, uid: str, h: Hex) -> float:
        """11.1: the MP of the map-edge hex entered, or the road/trail rate if one leaves the map there."""
        g = self.game
        cls = g.movement_class(uid)
        key = (cls, h)
        got = g.entry_memo.get(key)
        if got is None:
            got = g.entry_memo[key] = self._map_entry_cost(cls, h)
        return got

    def _map_entry_cost(self, cls: str, h: Hex) -> float:
        m = self.game.map
        best = entry_cost(m, h, cls)
        for d in range(6):
            n = hex_neighbors(h)[d]
            if m.contains(n):
                continue
            info = m.hexsides.get(hexside_of(h, d))
            for p in info.paths if info else ():
                pt = m.terrain_table.paths.get(p)
                rate = pt.move.get(cls) if pt else None
                if rate is not None and (best is None or rate < best):
                    best = rate
        return float(best) if best is not None else float("inf")

    def _can_enter(self, arr: Arrival, mobile_phase: bool) -> bool:
        g = self.game
        if arr.marker or arr.turn > self.turn:
            return False
        if mobile_phase and not g.is_mobile(arr.unit):
            return False  # 11.1: leg reinforcements arrive in the Movement Phase
        if arr.blocked_gts == [self.turn]:
            return False  # 11.1: an enemy-occupied arrival hex: the unit may not arrive this GT
        return True

    def _legal_move(self, p: Pending) -> list[Action]:
        g = self.game
        player = p.player
        mobile = p.data.get("mobile", False)
        out: list[Action] = []
        enemy = self.enemy_hexes(player)
        for arr in self.arrivals:
            if g.units[arr.unit].side != player or not self._can_enter(arr, mobile):
                continue
            cls = g.movement_class(arr.unit)
            ma = float(g.values(arr.unit, arr.unit in self.reduced).get("movement", 0))
            for h in self._entry_options(arr):
                if h in enemy or self.occupant(h) is not None:
                    continue
                if self._entry_cost(arr.unit, h) > ma or entry_cost(g.map, h, cls) is None and not self._along_ok(
                        arr.unit, h):
                    continue
                out.append(Enter(arr.unit, g.label(h)))
        where = (frozenset(self.demolished), self.active_ferry())
        for uid in self._movers(player, mobile):
            out.extend(self._moves_of(uid, where))
        out.append(Pass())
        return out

    def _movers(self, player: str, mobile: bool) -> list[str]:
        g = self.game
        out = []
        for uid in g.unit_ids:
            if uid not in self.pos or g.units[uid].side != player:
                continue
            if uid in self.moved or uid in self.cannot_move:
                continue
            if mobile and (not g.is_mobile(uid) or uid in self.moved_in_movement or uid in self.exhausted):
                continue  # 5.5
            out.append(uid)
        return out

    def _moves_of(self, uid: str, where: tuple | None = None) -> list[Action]:
        """Every hex the unit can reach this phase, by its cheapest path (5.1-5.4, 6.1), but hexes other
        units occupy (5.3). Enemy units do not move during a friendly phase, so each unit's reach is
        computed once per phase and position (`where`: the demolished bridges and the ferry, 10.6.3,
        10.6.5); its moves to vacant hexes are kept until a hex in its reach is vacated or occupied."""
        g = self.game
        start = self.pos[uid]
        if where is None:
            where = (frozenset(self.demolished), self.active_ferry())
        key = (self.turn, self.stage, uid, start, self.mp_spent.get(uid, 0.0), where)
        entry = self._reach.get(key)
        if entry is None:
            reach = unit_reach(self, uid)
            # the unit's moves depend only on the paths of its reach: the same paths as last time (it did
            # not move, and nothing in its way changed) give the same moves
            paths = (reach._prev, getattr(reach, "landings", None))
            last = g.moves_memo.get(uid)
            if last is not None and last[0] == paths:
                entry = last[1]
            else:
                entry = _reach_moves(reach, uid, g.labels)
                g.moves_memo[uid] = (paths, entry)
            self._reach[key] = entry
        occ = self._occupancy()
        version = len(self._occ_changes)
        kept = self._filtered.get(uid)
        moves, hexes = entry
        if kept is not None and kept[0] is entry:
            seen = kept[1]
            if seen == version or all(hexes.isdisjoint(c) for c in self._occ_changes[seen:]):
                if seen != version:
                    self._filtered[uid] = (entry, version, kept[2])
                return kept[2]
        got: list[Action] = [mv for h, mv in moves if h not in occ]
        self._filtered[uid] = (entry, version, got)
        return got

    def _move_problem(self, a: Move) -> str | None:
        g = self.game
        p = self.pending
        assert p is not None
        uid = a.unit
        if uid not in g.units:
            return f"there is no unit {uid!r} in this scenario"
        u = g.units[uid]
        if u.side != p.player:
            return f"{uid} belongs to {u.side}; only the active player moves his units {cite('5.2')}"
        if uid not in self.pos:
            return f"{uid} is not on the map"
        if p.kind == "continue" and uid != p.data["unit"]:
            return f"{p.data['unit']} is finishing its move; other units wait {cite('5.1')}"
        if p.kind == "continue" and self._stopped_by_zoc(uid):
            return f"{uid} entered an enemy zone of control and must stop {cite('6.1')}"
        if p.kind == "move":
            mobile = p.data.get("mobile", False)
            if mobile and not g.is_mobile(uid):
                return f"{uid} is a leg unit: leg units cannot move in the Mobile Movement Phase {cite('5.5')}"
            if mobile and uid in self.moved_in_movement:
                return f"{uid} moved in the Movement Phase and cannot move in the Mobile Movement Phase {cite('5.5')}"
            if uid in self.exhausted:
                return f"{uid} advanced after combat and may do nothing else this player turn {cite('8.5')}"
            if uid in self.moved:
                return f"{uid} has completed its movement this phase {cite('5.2')}"
            if uid in self.cannot_move:
                return f"{uid} may not move this phase (landed depleted or in an EZOC, or repaired a bridge) " \
                       f"{cite('11.4 a, 10.6.4')}"
        hexes = []
        for lab in a.path:
            h = g.hex(lab)
            if h is None:
                return f"{uid} cannot leave the map: {lab} is not a hex of this map {cite('5.2 f')}"
            hexes.append(h)
        if hexes[0] != self.pos[uid]:
            return f"{uid} is in {g.label(self.pos[uid])}, not {a.path[0]}"
        if len(hexes) < 2:
            return f"a move names at least one hex to enter {cite('5.1')}"
        return path_problem(self, uid, hexes)

    def _do_move(self, p: Pending, a: Action) -> None:
        g = self.game
        mobile = p.data.get("mobile", False)
        if isinstance(a, Pass):
            return
        if isinstance(a, Enter):
            uid = a.unit
            h = g.hex(a.hex)
            assert h is not None
            self.arrivals = [x for x in self.arrivals if x.unit != uid]
            self.pos[uid] = h
            self._cache = {}
            self.note(f"11.1: {uid} enters at {a.hex} ({_mp(self._entry_cost(uid, h))} MP)")
            self.mp_spent[uid] = self.entry_cost(uid, h)
            if h in self.enemy_zoc(g.units[uid].side) and not g.is_mobile(uid):
                self.moved.add(uid)  # 6.1: a leg unit entering an EZOC stops
            if not mobile:
                self.moved_in_movement.add(uid)
            self._check_demolition(uid, h, p)
            if self.pending is None:
                self.pending = Pending("move", p.player, dict(p.data))
            return
        assert isinstance(a, Move)
        self._walk(a, p)
        if self.pending is None:
            self.pending = Pending("move", p.player, dict(p.data))

    def _walk(self, a: Move, p: Pending) -> None:
        """Move a unit hex by hex; stop at once where a demolition attempt may be made (10.6.3)."""
        g = self.game
        uid = a.unit
        hexes = [g.hex(x) for x in a.path]
        mobile = p.data.get("mobile", False)
        if not mobile:
            self.moved_in_movement.add(uid)
        ferried = set(ferry_edges_into(self, uid, self.enemy_zoc(g.units[uid].side)))
        for i in range(1, len(hexes)):
            if self._demolition_candidates(uid, hexes[i]):  # type: ignore[arg-type]
                spent = path_cost_of(self, uid, hexes[: i + 1])  # type: ignore[arg-type]
                self.mp_spent[uid] = self.mp_spent.get(uid, 0.0) + spent
                self.pos[uid] = hexes[i]  # type: ignore[assignment]
                self._cache = {}
                # where the unit ends if it may not go on from a friend's hex (5.3: no ending stacked)
                fallback = next((h for h in reversed(hexes[:i]) if not any(
                    u != uid and x == h for u, x in self.pos.items())),
                                self.move_fallback.get(uid))
                if fallback is not None:
                    self.move_fallback[uid] = fallback  # type: ignore[assignment]
                self.note(f"{uid} enters {a.path[i]} ({_mp(self.mp_spent[uid])} MP spent): the German player may "
                          f"attempt to demolish the bridge there {cite('10.6.3')}")
                if (hexes[i - 1], hexes[i]) in ferried:
                    self.moved.add(uid)  # 10.6.2, 6.1: across a printed ferry into an EZOC: it stops there
                    self.move_fallback.pop(uid, None)
                self._check_demolition(uid, hexes[i], p)  # type: ignore[arg-type]
                return
        spent = path_cost_of(self, uid, hexes)  # type: ignore[arg-type]
        self.mp_spent[uid] = self.mp_spent.get(uid, 0.0) + spent
        self.pos[uid] = hexes[-1]  # type: ignore[assignment]
        self._cache = {}
        self.moved.add(uid)
        self.move_fallback.pop(uid, None)
        ma = self.current_values(uid).get("movement", 0)
        self.note(f"{uid} moves to {a.path[-1]}: {_mp(self.mp_spent[uid])} of {ma} MP")

    def _legal_continue(self, p: Pending) -> list[Action]:
        """After a demolition attempt the unit goes on with the MP it has left, or halts; it may not halt
        in a friend's hex (5.3) unless it can go nowhere, and then it ends in the last hex of its path
        that it could end in."""
        uid = p.data["unit"]
        out: list[Action] = []
        if uid in self.pos and not self._stopped_by_zoc(uid):
            out.extend(self._moves_of(uid))
        if not out or not self._sharing(uid):
            out.append(Halt(uid))
        return out

    def _sharing(self, uid: str) -> bool:
        h = self.pos.get(uid)
        return h is not None and any(u != uid and x == h for u, x in self.pos.items())

    def _stopped_by_zoc(self, uid: str) -> bool:
        g = self.game
        return not g.is_mobile(uid) and self.pos[uid] in self.enemy_zoc(g.units[uid].side)

    def _do_continue(self, p: Pending, a: Action) -> None:
        uid = p.data["unit"]
        back = Pending("move", p.data["player"], {"mobile": p.data["mobile"]})
        if isinstance(a, Halt) or uid not in self.pos:
            self.moved.add(uid)
            fallback = self.move_fallback.pop(uid, None)
            if uid in self.pos and self._sharing(uid) and fallback is not None:
                self.pos[uid] = fallback
                self._cache = {}
                self.note(f"{uid} cannot end its move stacked with another unit and ends in "
                          f"{self.game.label(fallback)} {cite('5.3')}")
            self.pending = back
            return
        assert isinstance(a, Move)
        self._walk(a, back)
        if self.pending is None:
            self.pending = back

    # bridge demolition (10.6.3) ----------------------------------------------------------
    def _demolition_candidates(self, uid: str, h: Hex) -> list[Hexside]:
        g = self.game
        if g.units[uid].side != g.allied or self.phase_index not in (0, 3):
            return []
        out = []
        for s in g.bridges_at.get(h, ()):
            if s in self.demolished or s in self.demolition_tried or s in self.repaired_gt:
                continue
            if s in self.began_at_bridge:
                continue
            a, b = s.hexes()
            if any(g.units[u].side == g.german and min(hex_distance(x, a), hex_distance(x, b))
                   <= int(self.current_values(u).get("movement", 0)) for u, x in self.pos.items()):
                out.append(s)
        return out

    def _check_demolition(self, uid: str, h: Hex, p: Pending) -> None:
        cands = self._demolition_candidates(uid, h)
        if not cands:
            if p.kind == "continue" or uid not in self.moved:
                pass
            return
        g = self.game
        self.pending = Pending("demolish", g.german, {
            "bridges": [g.hexside_label(s) for s in cands], "unit": uid, "player": p.player,
            "mobile": p.data.get("mobile", False)})

    def _legal_demolish(self, p: Pending) -> list[Action]:
        return [Demolish(b) for b in p.data["bridges"]] + [Pass()]

    def _do_demolish(self, p: Pending, a: Action) -> None:
        g = self.game
        if isinstance(a, Demolish):
            s = g.hexside(a.hexside)
            assert s is not None
            self.demolition_tried.add(s)
            rest = [b for b in p.data["bridges"] if b != a.hexside]
            self.pending = Pending("demolition_roll", CHANCE, {**p.data, "bridge": a.hexside, "bridges": rest})
            return
        self._resume_mover(p.data)

    def _do_demolition_roll(self, p: Pending, a: Action) -> None:
        assert isinstance(a, Roll)
        g = self.game
        s = g.hexside(p.data["bridge"])
        assert s is not None
        kind = g.bridge_kind(s)
        ok = a.value in die_range(g.table("bridge_demolition").rows[kind][0])
        self.note(f"10.6.3: demolition of the {kind} bridge {p.data['bridge']}: roll {a.value}, "
                  + ("demolished" if ok else "fails"))
        if ok:
            self.demolished.add(s)
        if p.data["bridges"]:
            self.pending = Pending("demolish", g.german, dict(p.data))
        else:
            self._resume_mover(p.data)

    def _resume_mover(self, data: dict) -> None:
        uid = data["unit"]
        if uid in self.moved or uid not in self.pos:
            self.pending = Pending("move", data["player"], {"mobile": data["mobile"]})
        else:
            self.pending = Pending("continue", data["player"], {"unit": uid, "player": data["player"],
                                                                "mobile": data["mobile"]})

    # engineer: repair (10.6.4), ferry (10.6.5) -------------------------------------------
    def _engineer_range(self, s: Hexside) -> bool:
        g = self.game
        a, b = s.hexes()
        return any(g.units[u].side == g.allied and g.is_engineer(u)
                   and min(hex_distance(h, a), hex_distance(h, b)) <= int(self.current_values(u).get("movement", 0))
                   for u, h in self.pos.items())

    def _legal_engineer(self, p: Pending) -> list[Action]:
        g = self.game
        out: list[Action] = []
        german = {h for u, h in self.pos.items() if g.units[u].side == g.german}
        gzoc = self.enemy_zoc(g.allied)
        if self.engineer_op != "ferry":
            for s in sorted(self.demolished, key=g.hexside_label):
                if s in self.repair_tried or not self._engineer_range(s):
                    continue
                if any(h in german or h in gzoc for h in s.hexes()):
                    continue  # 10.6.4 exception
                out.append(Repair(g.hexside_label(s)))
        if not self.engineer_op:
            allied = {h for u, h in self.pos.items() if g.units[u].side == g.allied}
            seen: set[Hexside] = set()
            for h in allied:
                for d in range(6):
                    s = hexside_of(h, d)
                    if s in seen or not g.is_water(s) or not g.map.contains(s.other) or not g.map.contains(s.hex):
                        continue
                    seen.add(s)
                    info = g.map.hexsides[s]
                    if info.bridge and s not in self.demolished:
                        continue
                    if any(x in german for x in s.hexes()) or not self._engineer_range(s):
                        continue
                    out.append(Ferry(g.hexside_label(s)))
            out = out[:0] + sorted([x for x in out if isinstance(x, Repair)], key=lambda x: x.text()) + sorted(
                [x for x in out if isinstance(x, Ferry)], key=lambda x: x.text())
        out.append(Pass())
        return out

    def _do_engineer(self, p: Pending, a: Action) -> None:
        g = self.game
        if isinstance(a, Repair):
            s = g.hexside(a.hexside)
            assert s is not None
            self.repair_tried.add(s)
            self.engineer_op = "repair"
            for u in self.pos:
                if g.units[u].side == g.allied and g.is_engineer(u):
                    self.cannot_move.add(u)  # 10.6.4: the engineer may not move this Movement Phase
            self.pending = Pending("repair_roll", CHANCE, {"bridge": a.hexside})
        elif isinstance(a, Ferry):
            self.ferry = g.hexside(a.hexside)
            self._cache = {}
            self.engineer_op = "ferry"
            self.note(f"10.6.5: the engineer ferries across {a.hexside} this GT")

    def _do_repair_roll(self, p: Pending, a: Action) -> None:
        assert isinstance(a, Roll)
        g = self.game
        s = g.hexside(p.data["bridge"])
        assert s is not None
        kind = g.bridge_kind(s)
        ok = a.value in die_range(g.table("bridge_repair").rows[kind][0])
        self.note(f"10.6.4: repair of the {kind} bridge {p.data['bridge']}: roll {a.value}, "
                  + ("repaired" if ok else "fails"))
        if ok:
            self.demolished.discard(s)
            self.repaired_gt.add(s)
        self.pending = Pending("engineer", g.allied, {})

    # airborne landings (11.4) ------------------------------------------------------------
    def _task_land_next(self, uid: str) -> None:
        arr = next((x for x in self.arrivals if x.unit == uid), None)
        if arr is None:
            return
        if self._landing_hexes(arr):
            self.pending = Pending("land", self.game.units[uid].side, {"unit": uid})

    def _landing_hexes(self, arr: Arrival) -> list[Hex]:
        g = self.game
        center = self.dz.get(arr.marker or "")
        if center is None:
            return []
        rows = g.table("airborne_drop").rows
        out = []
        contains = g.map.contains
        for h in hexes_within(center, arr.within):
            if not contains(h) or self.occupant(h) is not None:
                continue
            if self._drop_row(h) is None or not self._along_ok(arr.unit, h):
                continue
            out.append(h)
        del rows
        return sorted(out, key=g.label)

    def _drop_row(self, h: Hex) -> str | None:
        g = self.game
        tt = g.map.terrain_table.terrain.get(g.map.terrain[h])
        names = {g.map.terrain[h].lower()}
        if tt is not None:
            names.add(tt.name.lower())
        for f in g.map.features.get(h, ()):
            names.add(f.lower())
        best = None
        for row in g.table("airborne_drop").rows:
            parts = {x.strip().lower() for x in row.replace(" or ", ",").split(",")}
            if parts & names:
                best = row  # the last matching row is the most severe line of the printed table
        return best

    def _legal_land(self, p: Pending) -> list[Action]:
        uid = p.data["unit"]
        arr = next(x for x in self.arrivals if x.unit == uid)
        return [Land(uid, self.game.label(h)) for h in self._landing_hexes(arr)]

    def _do_land(self, p: Pending, a: Action) -> None:
        assert isinstance(a, Land)
        g = self.game
        uid = a.unit
        h = g.hex(a.hex)
        assert h is not None
        arr = next(x for x in self.arrivals if x.unit == uid)
        self.arrivals = [x for x in self.arrivals if x.unit != uid]
        self.pos[uid] = h
        self._cache = {}
        drm = 0
        if g.units[uid].has("glider") or g.units[uid].unit_type == "glider":
            drm += 1
        if any(g.units[u].side != g.units[uid].side and hex_distance(x, h) == 1 for u, x in self.pos.items()):
            drm += 1
        drm += self.dz_extra_drm.get(arr.marker or "", 0)
        self.pending = Pending("landing_roll", CHANCE, {"unit": uid, "drm": drm})

    def _do_landing_roll(self, p: Pending, a: Action) -> None:
        assert isinstance(a, Roll)
        g = self.game
        uid, drm = p.data["unit"], p.data["drm"]
        h = self.pos[uid]
        row = self._drop_row(h)
        t = g.table("airborne_drop")
        cells = t.rows[row]  # type: ignore[index]
        top = max((max(die_range(c)) for c in cells if die_range(c)), default=6)
        roll = min(a.value + drm, top)
        result = next((t.columns[i] for i, c in enumerate(cells) if roll in die_range(c)), t.columns[0])
        self.note(f"11.4: {uid} lands in {g.label(h)} ({row}): roll {a.value}{f' +{drm}' if drm else ''} = "
                  f"{roll}: {result}")
        cls = g.movement_class(uid)
        self.mp_spent[uid] = float(entry_cost(g.map, h, cls) or 0.0)  # 11.4 b
        if result.lower().startswith("elim"):
            self._eliminate(uid)
        elif result.lower().startswith("deplet"):
            self._deplete(uid)
            self.cannot_move.add(uid)  # 11.4 a
        if uid in self.pos and h in self.enemy_zoc(g.units[uid].side):
            self.cannot_move.add(uid)  # 11.4 a

    # bombardment (8.1) ---------------------------------------------------------------------
    def _marker_choices(self, side: str) -> list[MarkerId]:
        return sorted(set(self.available.get(side, [])), key=lambda m: (m.value, m.token()))

    def _legal_bombard(self, p: Pending) -> list[Action]:
        g = self.game
        side = p.player
        avail = self.available.get(side, [])
        out: list[Action] = []
        if avail:
            kinds = self._marker_choices(side)
            targets = sorted({h for u, h in self.pos.items() if g.units[u].side != side
                              and u not in self.defended_phase and self.bombarded.get(h, 0) == 0}, key=g.label)
            for t in targets:
                ok = [m for m in kinds if sfm.in_range(self, side, m, t)]
                combos: list[tuple[MarkerId, ...]] = [(m,) for m in ok]
                for i, m1 in enumerate(ok):
                    for m2 in ok[i:]:
                        if m1 == m2 and avail.count(m1) < 2:
                            continue
                        combos.append((m1, m2))
                for c in combos:
                    out.append(Bombard(g.label(t), tuple(m.token() for m in c)))
        out.append(Pass())
        return out

    def _do_bombard(self, p: Pending, a: Action) -> None:
        if isinstance(a, Pass):
            return
        assert isinstance(a, Bombard)
        g = self.game
        side = p.player
        t = g.hex(a.target)
        assert t is not None
        dfd = self.occupant(t)
        assert dfd is not None
        markers = [MarkerId.parse(x) for x in a.markers]
        for m in markers:
            self.available[side].remove(m)  # 7.2: once per GT
        self.bombarded[t] = len(markers)
        self.defended_phase.add(dfd)
        c = Combat("bombard", side, g.units[dfd].side, t, [], dfd, {side: markers})
        self.combat = c
        self.queue.insert(0, ("open", "bombard", side, {}))  # 8.1: then the next bombardment, if any
        self._resolve_totals(c)
        self.pending = Pending("combat_roll", CHANCE, {})

    # ground combat (8.2) -------------------------------------------------------------------
    def _attackers_for(self, side: str, target: Hex) -> list[str]:
        g = self.game
        out = []
        mobile_phase = self.phase_index == 4
        for n in hex_neighbors(target):
            u = self.occupant(n)
            if u is None or g.units[u].side != side:
                continue
            if u in self.attacked_phase or u in self.no_attack:
                continue
            if mobile_phase and (not g.is_mobile(u) or u in self.attacked_combat):
                continue
            if not self._may_attack_across(u, n, target):
                continue
            out.append(u)
        return sorted(out, key=lambda u: g.label(self.pos[u]))

    def _may_attack_across(self, uid: str, a: Hex, b: Hex) -> bool:
        """8.2: not across a prohibited hexside or into a hex prohibited to the attacker; unbridged rivers
        and canals may be attacked across (10.6, TEC note c)."""
        g = self.game
        m = g.map
        cls = g.movement_class(uid)
        from ...movement.kernel import _only_along

        along = _only_along(m, b, cls)
        info = m.hexsides.get(hexside_between(a, b))
        if along is not None:
            if info is None or not any(p in along for p in info.paths):
                return False
        elif entry_cost(m, b, cls) is None:
            return False
        if info is not None:
            for f in info.features:
                ft = m.terrain_table.hexside_features.get(f)
                if ft is not None and ft.move.get(cls, 0) is None and not g._water_code(f):
                    return False
        return True

    def _legal_attack(self, p: Pending) -> list[Action]:
        g = self.game
        side = p.player
        out: list[Action] = []
        targets = sorted({h for u, h in self.pos.items() if g.units[u].side != side and u not in self.defended_phase},
                         key=g.label)
        for t in targets:
            atk = self._attackers_for(side, t)
            labels = [g.label(self.pos[u]) for u in atk]
            for k in range(1, len(labels) + 1):
                for combo in itertools.combinations(labels, k):
                    out.append(Attack(combo, g.label(t)))
        out.append(Pass())
        return out

    def _do_attack(self, p: Pending, a: Action) -> None:
        if isinstance(a, Pass):
            return
        assert isinstance(a, Attack)
        g = self.game
        side = p.player
        t = g.hex(a.target)
        assert t is not None
        dfd = self.occupant(t)
        assert dfd is not None
        attackers = [self.occupant(g.hex(x)) for x in a.attackers]
        atk = [u for u in attackers if u is not None]
        for u in atk:
            self.attacked_phase.add(u)
            if self.phase_index == 2:
                self.attacked_combat.add(u)
        self.defended_phase.add(dfd)
        self.combat = Combat("ground", side, g.units[dfd].side, t, atk, dfd, {side: [], g.units[dfd].side: []})
        self.queue.insert(0, ("open", "attack", side, {}))  # 8.0: then the next attack, if any
        self._open_sfm_step()

    def _sfm_options(self, side: str) -> list[MarkerId]:
        c = self.combat
        assert c is not None
        g = self.game
        out = []
        for m in self._marker_choices(side):
            if side == c.attacker:
                if not all(cb.supports(g.units[u].nationality, m) for u in c.attackers):
                    continue
                if not sfm.in_range(self, side, m, c.target):
                    continue
            else:
                if not cb.supports(g.units[c.defending].nationality, m):
                    continue
            out.append(m)
        return out

    def _open_sfm_step(self) -> None:
        """8.2.1 b: attacker, defender, attacker, defender each may commit one marker face down."""
        c = self.combat
        assert c is not None
        while c.step <= 4:
            side = c.attacker if c.step % 2 == 1 else c.defender
            if self._sfm_options(side):
                self.pending = Pending("sfm", side, {"step": c.step})
                return
            c.step += 1
        self._reveal()

    def _legal_sfm(self, p: Pending) -> list[Action]:
        out: list[Action] = [Commit(None)]
        return out + [Commit(m.token()) for m in self._sfm_options(p.player)]

    def _do_sfm(self, p: Pending, a: Action) -> None:
        assert isinstance(a, Commit)
        c = self.combat
        assert c is not None
        if a.marker:
            m = MarkerId.parse(a.marker)
            self.available[p.player].remove(m)
            c.markers.setdefault(p.player, []).append(m)
        c.step += 1
        self._open_sfm_step()

    def _reveal(self) -> None:
        c = self.combat
        assert c is not None
        self._resolve_totals(c)
        self.pending = Pending("combat_roll", CHANCE, {})

    def _resolve_totals(self, c: Combat) -> None:
        """8.1.2 / 8.2.1 c-d: totals, differential, CRT line and column."""
        g = self.game
        atk_markers = sum(cb.halved_for_fortification(g, c.target, m.value) for m in c.markers.get(c.attacker, []))
        units = sum(int(self.current_values(u).get("attack", 0)) for u in c.attackers)
        dfd_printed = int(self.current_values(c.defending).get("defense", 0))
        dfd_markers = sum(m.value for m in c.markers.get(c.defender, []))
        c.attack_total = units + atk_markers
        c.defense_total = cb.defense_strength(g, c.target, dfd_printed) + dfd_markers
        c.differential = c.attack_total - c.defense_total
        c.line = cb.defender_line(g, c.target, [self.pos[u] for u in c.attackers], self.demolished,
                                  bombardment=c.kind == "bombard")
        c.column = cb.column_for(g.table("crt_terrain"), c.line, c.differential)

    def result_distribution(self, attack: Attack | None = None) -> dict[str, Fraction]:
        """The exact distribution of CRT results for the combat in progress, or for `attack` declared now
        with no support fire markers (rules/chance.combat_odds)."""
        g = self.game
        if attack is None:
            c = self.combat
            if c is None:
                raise ValueError("no combat in progress")
            c2 = copy.deepcopy(c)
        else:
            t = g.hex(attack.target)
            dfd = self.occupant(t)
            if t is None or dfd is None:
                raise ValueError(f"{attack.target} holds no unit to attack")
            atk = [u for u in (self.occupant(g.hex(x)) for x in attack.attackers) if u is not None]
            c2 = Combat("ground", g.units[atk[0]].side if atk else self.active, g.units[dfd].side, t, atk, dfd)
        self._resolve_totals(c2)
        return cb.result_distribution(g, c2.column)

    def _do_combat_roll(self, p: Pending, a: Action) -> None:
        assert isinstance(a, Roll)
        g = self.game
        c = self.combat
        assert c is not None
        c.result = cb.crt_result(g, c.column, a.value)
        who = ",".join(g.label(self.pos[u]) for u in c.attackers)
        atk_m = ", ".join(m.token() for m in c.markers.get(c.attacker, []))
        dfd_m = ", ".join(m.token() for m in c.markers.get(c.defender, []))
        what = f"bombardment by {atk_m}" if c.kind == "bombard" else f"attack {who}"
        self.note(f"{what} -> {g.label(c.target)} ({c.defending}): {c.attack_total}"
                  + (f" (markers {atk_m})" if atk_m and c.kind != "bombard" else "")
                  + f" vs {c.defense_total}" + (f" (markers {dfd_m})" if dfd_m else "")
                  + f", differential {c.differential:+d}, {c.line} line, column {c.column}; roll {a.value}: "
                  f"{c.result} {cite('8.1.2' if c.kind == 'bombard' else '8.2.1')}")
        self._apply_result(c)

    def _apply_result(self, c: Combat) -> None:
        """8.2.4 results; 8.1.3 for bombardment."""
        g = self.game
        r = c.result
        if c.kind == "bombard":
            if r in cb.BOMBARDMENT_NO_RESULT or r == "•":
                self._combat_done()
                return
            if r == "(A)":
                adj = sorted((u for u, h in self.pos.items() if g.units[u].side == c.attacker
                              and hex_distance(h, c.target) == 1), key=str)
                if not adj:
                    self._combat_done()
                    return
                self.pending = Pending("loss", c.attacker, {"units": adj, "then": "done"})
                return
        if r == "De":
            self._eliminate(c.defending)
            self._combat_done()
        elif r == "Ae":
            for u in c.attackers:
                self._eliminate(u)
            self._combat_done()
        elif r == "Ex":
            self._deplete(c.defending)
            alive = [u for u in c.attackers if u in self.pos]
            if len(alive) > 1:
                self.pending = Pending("loss", c.attacker, {"units": alive, "then": "done"})
                return
            for u in alive:
                self._deplete(u)
            self._combat_done()
        elif r == "(A)":
            alive = [u for u in c.attackers if u in self.pos]
            if len(alive) > 1:
                self.pending = Pending("loss", c.attacker, {"units": alive, "then": "done"})
                return
            for u in alive:
                self._deplete(u)
            self._combat_done()
        elif r in ("D2", "D3"):
            self.queue.insert(0, ("retreat_unit", c.defending, cb.RETREATS[r], True))
            if c.kind == "ground":
                self.queue.insert(1, ("advance_begin",))
            self.queue.insert(2 if c.kind == "ground" else 1, ("combat_done",))
        elif r in ("A1", "A2", "A3"):
            tasks: list[tuple] = [("retreat_unit", u, cb.RETREATS[r], False) for u in c.attackers]
            self.queue[0:0] = tasks + [("combat_done",)]
        else:
            self._combat_done()

    def _legal_loss(self, p: Pending) -> list[Action]:
        return [Deplete(u) for u in p.data["units"] if u in self.pos]

    def _do_loss(self, p: Pending, a: Action) -> None:
        assert isinstance(a, Deplete)
        self._deplete(a.unit)
        self._combat_done()

    def _task_combat_done(self) -> None:
        self._combat_done()

    def _combat_done(self) -> None:
        self.combat = None

    # retreat (8.3), displacement (8.3.1), stiff resistance (8.4), advance (8.5) ---------------------
    def _task_retreat_unit(self, uid: str, n: int, defender: bool) -> None:
        if uid not in self.pos:
            return
        c = self.combat
        self.pending = Pending("retreat", self.game.units[uid].side, {
            "unit": uid, "n": n, "defender": defender, "bombard": bool(c and c.kind == "bombard")})

    def _legal_retreat(self, p: Pending) -> list[Action]:
        g = self.game
        uid = p.data["unit"]
        paths = retreat_paths(self, uid, p.data["n"], p.data["bombard"])
        out: list[Action] = [Retreat(uid, tuple(g.label(h) for h in path)) for path in paths]
        if not out:
            out.append(Retreat(uid, (g.label(self.pos[uid]),)))  # 8.3: cannot retreat: eliminated
        out.append(Stiff(uid))
        return out

    def _do_retreat(self, p: Pending, a: Action) -> None:
        g = self.game
        uid, n = p.data["unit"], p.data["n"]
        c = self.combat
        if isinstance(a, Stiff):
            self.note(f"8.4: {uid} offers stiff resistance and is depleted")
            self._deplete(uid)
            if p.data["defender"] and c is not None:
                c.advance_blocked = True
            return
        assert isinstance(a, Retreat)
        hexes = [g.hex(x) for x in a.path]
        if len(hexes) == 1:
            self.note(f"8.3: {uid} cannot retreat and is eliminated")
            origin = self.pos[uid]
            self._eliminate(uid)
            if p.data["defender"] and c is not None:
                c.retreat_path = [origin]
            return
        if p.data["defender"] and c is not None:
            c.retreat_path = list(hexes)  # type: ignore[arg-type]
        final = hexes[-1]
        occ = self.occupant(final)
        if occ is not None:
            self.pending = Pending("displace", g.units[uid].side, {
                "unit": occ, "chain": [], "retreating": uid, "final": g.label(final),  # type: ignore[arg-type]
                "short": len(hexes) - 1 < n})
            return
        self._finish_retreat(uid, final, len(hexes) - 1 < n)  # type: ignore[arg-type]

    def _finish_retreat(self, uid: str, final: Hex, short: bool) -> None:
        self.pos[uid] = final
        self._cache = {}
        self.note(f"{uid} retreats to {self.game.label(final)} {cite('8.3')}")
        if short:
            self.note(f"8.3: {uid} could not retreat the full distance and is depleted")
            self._deplete(uid)

    def _legal_displace(self, p: Pending) -> list[Action]:
        g = self.game
        occ = p.data["unit"]
        busy = {p.data["retreating"], *[c[0] for c in p.data["chain"]]}
        targets = displacement_hexes(self, occ, busy)
        out: list[Action] = [Displace(occ, (g.label(self.pos[occ]), g.label(h))) for h in targets]
        return out or [Pass()]

    def _do_displace(self, p: Pending, a: Action) -> None:
        g = self.game
        chain = p.data["chain"] + ([[a.unit, a.path[0], a.path[1]]] if isinstance(a, Displace) else [])
        if isinstance(a, Displace):
            to = g.hex(a.path[1])
            nxt = self.occupant(to)
            if nxt is not None and nxt not in {p.data["retreating"], *[c[0] for c in chain]}:
                self.pending = Pending("displace", p.player, {**p.data, "unit": nxt, "chain": chain})
                return
        else:
            # no displacement possible after all: the retreating unit is depleted where it stands (8.3.1)
            self._deplete(p.data["retreating"])
            return
        for u, _frm, to_lab in reversed(chain):
            self.pos[u] = g.hex(to_lab)  # type: ignore[assignment]
            self._cache = {}
            self.note(f"8.3.1: {u} is displaced to {to_lab}")
            c = self.combat
            if c is not None and g.units[u].side == c.attacker:
                self.no_attack.add(u)  # 8.3.1: a displaced attacker's unit may not attack this turn
        self._finish_retreat(p.data["retreating"], g.hex(p.data["final"]), p.data["short"])  # type: ignore[arg-type]

    def _task_advance_begin(self) -> None:
        c = self.combat
        if c is None or c.advance_blocked or not c.retreat_path:
            return
        units = [u for u in c.attackers if u in self.pos]
        if units:
            self.pending = Pending("advance", c.attacker, {"units": units})

    def _legal_advance(self, p: Pending) -> list[Action]:
        g = self.game
        c = self.combat
        assert c is not None
        out: list[Action] = []
        for u in p.data["units"]:
            if u not in self.pos:
                continue
            for path in advance_paths(self, u, c.retreat_path):
                out.append(Advance(u, tuple(g.label(h) for h in path)))
        out.append(Pass())
        return out

    def _do_advance(self, p: Pending, a: Action) -> None:
        if isinstance(a, Pass):
            return
        assert isinstance(a, Advance)
        g = self.game
        self.pos[a.unit] = g.hex(a.path[-1])  # type: ignore[assignment]
        self._cache = {}
        self.note(f"{a.unit} advances to {a.path[-1]} along the path of retreat {cite('8.5')}")
        self.exhausted.add(a.unit)
        self.no_attack.add(a.unit)
        rest = [u for u in p.data["units"] if u != a.unit]
        if rest:
            self.pending = Pending("advance", p.player, {"units": rest})

    # steps and elimination -----------------------------------------------------------------
    def _deplete(self, uid: str) -> None:
        """8.3 Important: a depleted unit already depleted, or a one-step unit, is eliminated."""
        if uid not in self.pos:
            return
        if uid in self.reduced or self.game.one_step(uid):
            self._eliminate(uid)
        else:
            self.reduced.add(uid)
            self._cache = {}

    def _eliminate(self, uid: str) -> None:
        g = self.game
        if uid in self.pos:
            del self.pos[uid]
        self.reduced.discard(uid)
        self._cache = {}
        self.eliminated.append(uid)
        self.note(f"{uid} is eliminated")
        if g.is_engineer(uid) and g.units[uid].side == g.allied:
            # 10.6.6: the engineer returns in the Movement Phase of the next GT on a south map edge road hex
            hexes = self.south_road_hexes()
            if hexes:
                self.eliminated.remove(uid)
                self.arrivals.append(Arrival(uid, self.turn + 1, hexes, edge=next(
                    (s for s in EDGE_SIDES if hexes[0] in g.map.edge_side_hexes(s)), "")))
                self.note(f"10.6.6: {uid} may return on GT {self.turn + 1}")

    # description ----------------------------------------------------------------------------
    def events_since(self, index: int) -> list[str]:
        return [t for i, t in self.events if i >= index]


def _reach_moves(reach: Any, uid: str, labels: dict[Hex, str]) -> tuple[list[tuple[Hex, Move]], frozenset[Hex]]:
    """A unit's moves from its reach (5.1): a Move along the cheapest path to every hex but the start, in
    the order of the hexes' labels, with the very paths the kernel's Reach.path gives. Each path is its
    predecessor's path plus one hex: taken in order of MP spent, a hex's predecessor (which costs less
    to reach) is always spelled out before it."""
    prev, index = reach._prev, reach._index
    landings: dict[Hex, list[Hex]] = getattr(reach, "landings", {})  # 10.6.2 (movement.FMReach)
    land_spent: dict[Hex, float] = getattr(reach, "land_spent", {})
    paths: dict[int, tuple[str, ...]] = {}
    searched = ((h, land_spent.get(h, c)) for h, c in reach.spent.items() if h not in landings or h in land_spent)
    for h, _mp_spent in sorted(searched, key=_second):
        i = index[h]
        j = prev[i]
        if j < 0:
            paths[i] = (labels[h],)
        elif j in paths:
            paths[i] = paths[j] + (labels[h],)
        else:  # a free step (no MP): spell the path out from the kernel
            paths[i] = tuple(labels[x] for x in Reach.path(reach, h))
    for h, path in landings.items():
        paths[-1 - index[h]] = tuple(labels[x] for x in path)
    start = reach.start
    new = object.__new__
    moves = []
    for h in sorted(reach.spent, key=labels.__getitem__):
        if h != start:
            mv = new(Move)  # Move(uid, path) without the frozen dataclass's setattr
            d = mv.__dict__
            d["unit"] = uid
            d["path"] = paths[-1 - index[h]] if h in landings else paths[index[h]]
            moves.append((h, mv))
    return moves, frozenset(h for h, _mv in moves)


def _second(item: tuple[Any, Any]) -> Any:
    return item[1]


def _mp(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:g}"
