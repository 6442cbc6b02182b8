"""The game state of Paul Koenig's Market-Garden (002_fe1216aa5df94854.txt) over the rules-engine protocol.

Sequence of play (Koenig 4.0) for each of the scenario's turns: Paratroop Landing (5.0), then on day
turns Support (6.0, with the 14.1 Leadership roll-off and 14.2 Interdiction when those options are on)
and Operations (7.0: HQs drawn from the Command Cup, chance nodes whose outcomes are the HQs left in the
cup), on night turns German Redeployment (4.0), then Housekeeping. Battles (9.0, 10.0) and retreats
(11.0) run as sub-steps with the decisions of the player the rules give them to.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any

from ...hexgrid import Hex, hex_distance, hex_neighbor
from ..chance import Sampler
from ..protocol import CHANCE, Action, GameState, Outcome, Phase
from .actions import KoenigAction, act, roll
from .battle import Battle, BattleSteps
from .combat import (
    CLOSE,
    FULL,
    INDIRECT,
    MOBILE,
    fire_line,
    halve,
)
from .movement import destinations, entry_destinations, movement_hooks
from .position import ALLIED, GERMAN
from .tables import landing_result, support_points
from .victory import (
    ELIMINATED,
    EXITED,
    LOST,
    ON_MAP,
    PENDING,
    UnitSnapshot,
    victory_lines,
    victory_points,
)

SRC = "002_fe1216aa5df94854.txt"
FUTURE = "future"


def rule(ref: str) -> str:
    return f"({ref}, {SRC})"


@dataclass
class UnitState:
    status: str  # future, pending (off map, may enter), map, eliminated, exited, retreated_off, lost
    hex: Hex | None = None
    hits: int = 0
    done: bool = False  # has conducted its Operation this turn (7.0)
    attached: str = ""  # Temporary Attachment to another formation this turn (14.1)

    def key(self) -> tuple:
        return (self.status, self.hex, self.hits, self.done, self.attached)



class KoenigState(BattleSteps, GameState):
    def __init__(self, game: Any, sampler: Sampler, seed: int = 0) -> None:
        super().__init__(game, sampler)
        self.game_seed = seed
        sc = game.scenario
        self.turn = 1
        self.step = "start"
        self.units: dict[str, UnitState] = {}
        for uid in sc.units:
            lab = sc.placements.get(uid)
            self.units[uid] = UnitState(ON_MAP, sc.map.hex_at(lab)) if lab else UnitState(FUTURE)
        self.landing_queue: list[str] = []
        self.cup: list[str] = []
        self.active = ""  # the active formation
        self.active_side = ""
        self.sixteen_used: set[str] = set()  # independent units activated this turn (exclusive 7.0)
        self.points = {ALLIED: 0, GERMAN: 0}  # Artillery / Allied Support points this turn (6.1, 6.2)
        self.leader = ""  # side holding the Leadership marker (14.1)
        self.rolloff: list[int] = []
        self.interdicted: list[Hex] = []
        self.in_progress: dict[str, str] = {}  # unit -> "moved" / "fired" / "overrun" (8.4, 14.5)
        self.overrun_mp: dict[str, float] = {}
        self.march_combined: set[str] = set()  # Combined units under Force March (14.1)
        self.battle: Battle | None = None
        self.reconstituted: set[str] = set()
        self.redeployed: set[str] = set()
        self._support_rolls = 0
        self._legal: list[KoenigAction] | None = None
        self._start_turn()
        self._settle()

    # -- protocol -------------------------------------------------------------------------------------
    @property
    def current_player(self) -> str:
        s = self.step
        b = self.battle
        if s == "end":
            return ""
        if s in ("landing", "rolloff", "support_roll", "draw"):
            return CHANCE
        if b is not None:
            if b.stage == "roll":
                return CHANCE
            if b.stage == "def_support":
                return self.enemy(b.attacker)
            if b.stage == "off_support":
                return b.attacker
            if b.stage == "reroll":
                return self.leader
            if b.stage == "hits":
                return self.active_side
            if b.stage == "retreats":
                return self.side_of(b.retreat_queue[0][0])
        if s == "interdiction":
            return ALLIED
        if s == "before_draw":
            return self.leader
        if s == "activation":
            return self.active_side
        if s == "redeploy":
            return GERMAN
        return ""

    @property
    def phase(self) -> Phase:
        names = {
            "landing": ("Paratroop Landing Phase", "Koenig 5.0"),
            "rolloff": ("Support Phase: Leadership roll-off", "Koenig 14.1"),
            "support_roll": ("Support Phase", "Koenig 6.0"),
            "interdiction": ("Support Phase: Interdiction", "Koenig 14.2"),
            "before_draw": ("Operations Phase: Automatic Activation", "Koenig 14.1"),
            "draw": ("Operations Phase: Command Cup draw", "Koenig 7.0"),
            "activation": ("Operations Phase", "Koenig 7.0"),
            "redeploy": ("German Redeployment Phase", "Koenig 4.0"),
            "end": ("Game over", "Koenig 12.0"),
        }
        name, ref = names.get(self.step, (self.step, "Koenig 4.0"))
        if self.battle is not None:
            b = self.battle
            name = f"{name}: {'Close Combat' if b.kind == CLOSE else 'Fire Attack'} at {self.map.label(b.target)}"
            ref = "Koenig 10.0" if b.kind == CLOSE else "Koenig 9.0"
        player = self.active_side if self.step == "activation" else ""
        return Phase(name, ref, self.turn, player)

    def is_terminal(self) -> bool:
        return self.step == "end"

    def snapshot(self) -> dict[str, UnitSnapshot]:
        return {uid: UnitSnapshot(self.side_of(uid), u.status, self.map.label(u.hex) if u.hex is not None else None,
                                  u.hits) for uid, u in self.units.items()}

    def victory_points(self) -> dict[str, int]:
        return victory_points(self.sc, self.snapshot())

    def victory_lines(self):
        return victory_lines(self.sc, self.snapshot())

    def outcome(self) -> Outcome | None:
        if not self.is_terminal():
            return None
        vp = self.victory_points()
        text = ", ".join(f"{s} {v} VP" for s, v in vp.items()) + f" {rule('Arnhem Bridge exclusive 12.0')}"
        a, g = vp.get(ALLIED, 0), vp.get(GERMAN, 0)
        if a == g:
            return Outcome(None, True, text)
        return Outcome(ALLIED if a > g else GERMAN, False, text)

    def fingerprint(self) -> Any:
        return (self.turn, self.step, tuple(sorted((k, v.key()) for k, v in self.units.items())),
                tuple(self.landing_queue), tuple(self.cup), self.active, self.active_side,
                tuple(sorted(self.sixteen_used)), tuple(sorted(self.points.items())), self.leader,
                tuple(self.rolloff), tuple(self.interdicted), tuple(sorted(self.in_progress.items())),
                tuple(sorted(self.overrun_mp.items())), tuple(sorted(self.march_combined)),
                self.battle.key() if self.battle else None, tuple(sorted(self.reconstituted)),
                tuple(sorted(self.redeployed)), self._support_rolls)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.current_player != CHANCE:
            return []
        if self.step == "draw" and self.battle is None:
            n = len(self.cup)
            return [(act("draw", hq), Fraction(1, n)) for hq in self.cup]
        return [(roll(f), Fraction(1, 6)) for f in range(1, 7)]

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

    def is_legal(self, action: Action) -> bool:
        if self.current_player == CHANCE:
            return any(a == action for a, _ in self.chance_outcomes())
        return action in self.legal_actions()

    WHY = {
        "hit": "the Active Player gives the Hit to a unit that took part on that side (Koenig 9.2.2",
        "retreat": "retreat into an adjacent hex free of enemy units, within the stacking limit, not across a "
                   "River; off the map only from an edge hex (Koenig 11.0, 11.1, 8.2",
        "stay": "a unit hit in Close Combat must retreat (Koenig 9.2.3, 10.0",
        "capture": "only an undamaged attacker after a Close Fire Exchange may take a second Hit to hold (Koenig 11.2",
        "support": "at most one Artillery point or two Allied Support points per side per battle, from the points "
                   "rolled this turn (Koenig 9.0, 6.0",
        "interdict": "up to three Interdiction markers for Allied Support points or the Leadership marker, one per "
                     "hex (Koenig 14.2",
        "attach": "Temporary Attachment needs the Leadership marker and a unit whose HQ is still in the cup "
                  "(Koenig 14.1",
        "recover": "Unit Recovery needs the Leadership marker and one of the three placements (Koenig 14.1",
        "lead-activate": "Automatic Activation needs the Leadership marker and the HQ in the cup (Koenig 14.1",
        "lead-reroll": "a re-roll needs the Leadership marker (Koenig 14.1",
        "lead-hold": "ignoring a Close Combat retreat needs the Leadership marker (Koenig 14.1",
        "end": "only a unit in the middle of its Operation can end it (Koenig 7.1, 8.4.1",
        "done": "finish the Operation in progress first (Koenig 7.1, 8.4.1",
    }

    def explain_illegal(self, action: Action) -> str:
        if self.is_terminal():
            return f"the game is over {rule('Koenig 12.0')}"
        ph = self.phase
        verbs = sorted({a.verb for a in self.legal_actions() if isinstance(a, KoenigAction)})
        if self.current_player == CHANCE:
            return f"{action} is not an outcome of this chance node in {ph}"
        verb = action.verb if isinstance(action, KoenigAction) else ""
        operating = self.step == "activation" and self.battle is None
        if verb not in verbs and not (operating and verb in ("fire", "mfire", "move", "cmove")):
            return f"{action} is not legal in {ph}; legal here: {', '.join(verbs)} {rule('Koenig 4.0')}"
        if verb in ("fire", "mfire"):
            return f"{action}: not a legal Fire Attack here: firing units must be active, not yet operated, " \
                   f"adjacent, doing the same Operation, not across a River {rule('Koenig 7.1.1, 9.0, 9.1')}"
        if verb in ("move", "cmove", "redeploy"):
            return f"{action}: the unit cannot move there: MA, terrain, rivers, stacking two per hex or an " \
                   f"enemy hex {rule('Koenig 8.1, 8.1.1, 8.2, 10.0')}"
        why = self.WHY.get(verb, "not allowed here (Koenig 4.0")
        return f"{action}: {why}, {SRC})"

    def _apply(self, action: Action) -> None:
        assert isinstance(action, KoenigAction)
        self._legal = None
        a = action
        if self.battle is not None:
            self._battle_apply(a)
        elif self.step == "landing":
            self._landing(int(a.args[0]))
        elif self.step == "rolloff":
            self._rolloff(int(a.args[0]))
        elif self.step == "support_roll":
            self._support_roll(int(a.args[0]))
        elif self.step == "interdiction":
            self._interdiction(a)
        elif self.step == "before_draw":
            if a.verb == "lead-activate":
                self.leader = ""
                self.cup.remove(a.args[0])
                self._activate(a.args[0])
            else:
                self.step = "draw"
        elif self.step == "draw":
            self.cup.remove(a.args[0])
            self._activate(a.args[0])
        elif self.step == "activation":
            self._activation_apply(a)
        elif self.step == "redeploy":
            self._redeploy_apply(a)
        self._settle()

    # -- sequence of play -----------------------------------------------------------------------------
    def _start_turn(self) -> None:
        """Paratroop Landing Phase (5.0): arriving units become available; Allied airborne reinforcements
        roll on the Paratroop Landing Table (exclusive 4.0); the Game Turn 1 units do not (exclusive 8.5)."""
        for rf in self.sc.reinforcements:
            if rf.turn != self.turn:
                continue
            for uid in rf.units:
                if self.units[uid].status != FUTURE:
                    continue
                self.units[uid].status = PENDING
                if rf.airborne:
                    self.landing_queue.append(uid)
        self.step = "landing" if self.landing_queue else "after_landing"

    def _settle(self) -> None:
        """Advance through steps that need no decision."""
        while True:
            if self.battle is not None:
                if not self._battle_settle():
                    return
                continue
            s = self.step
            if s == "after_landing":
                if self.is_night():
                    self.step = "redeploy"
                    self.redeployed = set()
                else:
                    self.rolloff = []
                    self.step = "rolloff" if self.option("leadership") else "support_roll"
                    self.points = {ALLIED: 0, GERMAN: 0}
                    self._support_rolls = 0
                continue
            if s == "interdiction_done":
                self._fill_cup()
                self.step = "next_draw"
                continue
            if s == "next_draw":
                self.active, self.active_side = "", ""
                if not self.cup:
                    self.step = "housekeeping"
                elif self.option("leadership") and self.leader and any(
                        self.hq_side(h) == self.leader for h in self.cup):
                    self.step = "before_draw"
                else:
                    self.step = "draw"
                continue
            if s == "activation" and not self.in_progress and self.battle is None and self._activation_exhausted():
                self.step = "next_draw"
                continue
            if s == "housekeeping":
                self._housekeeping()
                continue
            return

    def _housekeeping(self) -> None:
        """Housekeeping Phase (4.0): remove Interdiction markers (14.2), advance the Game Turn marker or end
        the game after the last turn (12.0). Unused support points do not carry over (6.0: each Day Turn's
        roll gives the points for that turn)."""
        self.interdicted = []
        self.points = {ALLIED: 0, GERMAN: 0}
        for u in self.units.values():
            u.done = False
            u.attached = ""
        self.sixteen_used = set()
        self.reconstituted = set()
        self.in_progress = {}
        self.overrun_mp = {}
        self.march_combined = set()
        if self.turn >= self.game.last_turn:
            self.step = "end"
            return
        self.turn += 1
        self._start_turn()

    def _landing(self, die: int) -> None:
        uid = self.landing_queue.pop(0)
        res = landing_result(self.sc, die)
        if not res.arrives:
            self.units[uid].status = LOST
        else:
            self.units[uid].hits = res.hits
        if not self.landing_queue:
            self.step = "after_landing"

    def _rolloff(self, die: int) -> None:
        """Leadership roll-off (14.1): German, then Allied; two or more higher takes the marker."""
        self.rolloff.append(die)
        if len(self.rolloff) == 2:
            g, a = self.rolloff
            if g - a >= 2:
                self.leader = GERMAN
            elif a - g >= 2:
                self.leader = ALLIED
            self.step = "support_roll"
            self._support_rolls = 0

    def _support_roll(self, die: int) -> None:
        """Support Phase (6.0): the German player rolls for Artillery Points (6.1), then the Allied player for
        Support Points (6.2)."""
        side = GERMAN if self._support_rolls == 0 else ALLIED
        self.points[side] = support_points(self.sc, side, die)
        self._support_rolls += 1
        if self._support_rolls == 2:
            self.step = "interdiction" if self.option("interdiction") else "interdiction_done"

    def _interdiction(self, a: KoenigAction) -> None:
        """Interdiction (14.2): trade up to three support points (or the Leadership marker) for markers."""
        if a.verb == "done":
            self.step = "interdiction_done"
            return
        h = self.map.hex_at(a.args[0])
        self.interdicted.append(h)
        if "+lead" in a.args:
            self.leader = ""
        else:
            self.points[ALLIED] -= 1
        if len(self.interdicted) >= 3:
            self.step = "interdiction_done"

    def _fill_cup(self) -> None:
        """Operations Phase (7.0): every HQ of a formation with units on the map or arriving goes in the cup."""
        formations = set()
        for uid, u in self.units.items():
            if u.status in (ON_MAP, PENDING) and not self.independent(uid):
                formations.add(self.sc.units[uid].formation)
        self.cup = sorted(self.hq_of(f) for f in formations)

    def _activate(self, hq: str) -> None:
        self.active = self.formation_of_hq(hq)
        self.active_side = self.hq_side(hq) or self.sc.units[next(
            uid for uid in self.sc.units if self.sc.units[uid].formation == self.active)].side
        self.step = "activation"

    # -- operations -----------------------------------------------------------------------------------
    def eligible(self) -> list[str]:
        """Units that may still conduct an Operation in this activation (7.0, 7.1; the independent 16th
        with any German HQ once per turn, exclusive 7.0; reconstituted units wait a turn, 14.1)."""
        out = []
        for uid, u in self.units.items():
            if u.done or u.status not in (ON_MAP, PENDING) or uid in self.reconstituted:
                continue
            if self.side_of(uid) != self.active_side:
                continue
            if self.formation_of(uid) == self.active:
                out.append(uid)
            elif self.independent(uid) and not u.attached and uid not in self.sixteen_used:
                out.append(uid)
        return out

    def _activation_exhausted(self) -> bool:
        return False  # the active player ends the activation with "done" (7.2)

    def _hooks(self, side: str, close_combat: bool = True):
        return movement_hooks(self.game.graph, self.occupants(), self._side_map(), side, self.interdicted,
                              close_combat, self.sc.stacking_limit or 2)

    def _side_map(self) -> dict[str, str]:
        return self.game.side_of

    def entry_hexes(self, uid: str) -> list[Hex]:
        """The entry hexes of a unit's reinforcement (exclusive 8.5): its hex, or the road hexes of its
        edge range whose road leaves the map."""
        m = self.map
        for rf in self.sc.reinforcements:
            if uid not in rf.units:
                continue
            e = rf.entry
            if e.hex is not None:
                return [m.hex_at(e.hex)]
            if e.edge_range is not None:
                a, b = (m.hex_at(x) for x in e.edge_range)
                out = []
                for side in ("left", "right", "top", "bottom"):
                    edge = m.edge_side_hexes(side)
                    if a in edge and b in edge:
                        i, j = sorted((edge.index(a), edge.index(b)))
                        out = [h for h in edge[i:j + 1] if self.road_off_map(h)]
                        break
                return out
        return []

    def road_off_map(self, h: Hex) -> bool:
        """A road hexside of `h` leads off the map (the exit roads of exclusive 12.0)."""
        for d in range(6):
            n = hex_neighbor(h, d)
            if not self.map.contains(n):
                info = self.map.hexside_between(h, n)
                if info is not None and "road" in info.paths:
                    return True
        return False

    def move_options(self, uid: str, allowance: float, close_combat: bool = True) -> dict[Hex, float]:
        side = self.side_of(uid)
        hooks = self._hooks(side, close_combat)
        u = self.units[uid]
        if u.status == PENDING:
            return entry_destinations(self.game.graph, self.entry_hexes(uid), allowance, hooks, self.occupants(),
                                      self._side_map(), side)
        assert u.hex is not None
        return destinations(self.game.graph, u.hex, allowance, hooks)

    def can_exit(self, uid: str, allowance: float, options: dict[Hex, float]) -> bool:
        """Exiting the Recon/9th (exclusive 12.0): from a road hex on the bottom edge, spending 1 MP there."""
        if uid not in self.exit_units():
            return False
        u = self.units[uid]
        for h in self.map.edge_side_hexes("bottom"):
            if not self.road_off_map(h):
                continue
            extra = 2 if h in self.interdicted else 0
            spent = 0.0 if (u.status == ON_MAP and u.hex == h) else options.get(h)
            if spent is None:
                continue
            if u.status == ON_MAP and u.hex != h and h in self._hooks(self.side_of(uid)).stop:
                continue
            if spent + 1 + extra <= allowance:
                return True
        return False

    def _fire_targets(self, side: str) -> list[Hex]:
        return sorted({u.hex for uid, u in self.units.items()
                       if u.status == ON_MAP and u.hex is not None and self.side_of(uid) != side})

    def fire_groups(self, kind: str, candidates: list[str], required: list[str]) -> list[KoenigAction]:
        """Fire Attacks in concert (7.1.1): every non-empty set of candidate units (including `required`)
        that may all fire at one target hex with the same kind of Fire Attack (9.0, 9.1, 14.3, excl. 8.5)."""
        out: list[KoenigAction] = []
        side = self.active_side
        indirect_ok = self.option("indirect_fire")
        for t in self._fire_targets(side):
            able = []
            for uid in candidates:
                u = self.units[uid]
                if u.status != ON_MAP or u.hex is None:
                    continue
                line = fire_line(self.map, u.hex, t, kind)
                if not line.allowed and kind == FULL and indirect_ok and self.heavy_weapons(uid):
                    line = fire_line(self.map, u.hex, t, INDIRECT, True, True)
                if line.allowed:
                    able.append(uid)
            if any(r not in able for r in required):
                continue
            free = [x for x in able if x not in required]
            verb = "fire" if kind == FULL else "mfire"
            for n in range(0, len(free) + 1):
                for combo in combinations(free, n):
                    group = sorted(required + list(combo))
                    if group:
                        out.append(act(verb, ",".join(group), self.map.label(t)))
        return out

    def _generate(self) -> list[KoenigAction]:
        if self.is_terminal():
            return []
        if self.current_player == CHANCE:  # the protocol: never empty before the end; the outcomes of the draw
            return [a for a, _ in self.chance_outcomes()]  # type: ignore[misc]
        if self.battle is not None:
            return self._battle_actions()
        if self.step == "interdiction":
            out = [act("done")]
            taken = set(self.interdicted)
            for h in self.map.hexes:
                if h in taken:
                    continue
                lab = self.map.label(h)
                if self.points[ALLIED] > 0:
                    out.append(act("interdict", lab))
                if self.leader == ALLIED:
                    out.append(act("interdict", lab, "+lead"))
            return out
        if self.step == "before_draw":
            return [act("pass")] + [act("lead-activate", h) for h in self.cup if self.hq_side(h) == self.leader]
        if self.step == "activation":
            return self._activation_actions()
        if self.step == "redeploy":
            return self._redeploy_actions()
        return []

    def _move_actions(self, uid: str, verb: str, allowance: float, march: bool, close_combat: bool = True,
                      base: float | None = None, options: dict[Hex, float] | None = None) -> list[KoenigAction]:
        """Move actions of one unit: every destination within `allowance` (with Force March, only those
        beyond the normal `base` allowance, 14.1); `options` are destinations already computed for at
        least `allowance` MP (costs do not depend on the allowance, only the cut-off does)."""
        if options is None:
            options = self.move_options(uid, allowance, close_combat)
        opts = {h: c for h, c in options.items() if c <= allowance}
        normal = {h: c for h, c in options.items() if c <= base} if base is not None else {}
        label = self.map.label
        tail = ("+march",) if march else ()
        out = [act(verb, uid, label(h), *tail) for h in sorted(opts, key=label) if not (march and h in normal)]
        already = march and base is not None and self.can_exit(uid, base, normal)
        if self.can_exit(uid, allowance, opts) and not already:
            out.append(act(verb, uid, "off", *tail))
        return out

    def _activation_actions(self) -> list[KoenigAction]:
        out: list[KoenigAction] = []
        lead = self.option("leadership") and self.leader == self.active_side
        if self.in_progress:
            uid, state = sorted(self.in_progress.items())[0]
            ma = self.allowance(uid)
            if state == "moved":
                out += self.fire_groups(MOBILE, [uid] + [x for x in self.eligible() if x not in self.in_progress
                                                          and self.units[x].status == ON_MAP], [uid])
            elif state == "fired":
                cap = ma if uid in self.march_combined else halve(ma)
                out += self._move_actions(uid, "cmove", cap, False)
            elif state == "overrun":
                out += self._move_actions(uid, "move", self.overrun_mp[uid], False)
            out.append(act("end", uid))
            return out
        out.append(act("done"))
        for uid in self.eligible():
            ma = self.allowance(uid)
            options = self.move_options(uid, 2 * ma if lead else ma)
            out += self._move_actions(uid, "move", ma, False, options=options)
            out += self._move_actions(uid, "cmove", halve(ma), False, options=options)
            if lead:
                out += self._move_actions(uid, "move", 2 * ma, True, base=ma, options=options)
                out += self._move_actions(uid, "cmove", ma, True, base=halve(ma), options=options)
        on_map = [x for x in self.eligible() if self.units[x].status == ON_MAP]
        out += self.fire_groups(FULL, on_map, [])
        out += self.fire_groups(MOBILE, on_map, [])
        if lead:
            for uid, u in sorted(self.units.items()):
                if (self.side_of(uid) == self.active_side and u.status == ON_MAP and not u.done
                        and not self.independent(uid) and self.formation_of(uid) != self.active
                        and self.hq_of(self.sc.units[uid].formation) in self.cup):
                    out.append(act("attach", uid))
            for uid, u in sorted(self.units.items()):
                if u.status == ELIMINATED and self.side_of(uid) == self.active_side and (
                        self.sc.units[uid].formation == self.active or self.independent(uid)):
                    for h in self.recovery_hexes(uid):
                        out.append(act("recover", uid, self.map.label(h)))
        return out

    def recovery_hexes(self, uid: str) -> list[Hex]:
        """Placement of a reconstituted unit (14.1): (a) a hex not adjacent to an enemy unit with one unit of
        its formation; (b) an empty hex not adjacent to an enemy unit, adjacent to a hex with units of its
        formation; (c) a Town or City hex with one friendly unit and at least three hexes from the nearest
        enemy unit."""
        side, formation = self.side_of(uid), self.sc.units[uid].formation
        occ = self.occupants()
        enemies = [h for h, us in occ.items() if any(self.side_of(x) != side for x in us)]
        out = []
        for h in self.map.hexes:
            here = occ.get(h, [])
            near = min((hex_distance(h, e) for e in enemies), default=99)
            same = [x for x in here if self.sc.units[x].formation == formation and formation]
            if near > 1 and len(here) == 1 and same:
                out.append(h)
            elif near > 1 and not here and any(
                    any(self.sc.units[x].formation == formation and formation for x in occ.get(n, []))
                    for n in self.map.neighbors_on_map(h)):
                out.append(h)
            elif (near >= 3 and len(here) == 1 and self.side_of(here[0]) == side
                  and self.map.terrain_at(h) in ("town", "city")):
                out.append(h)
        return out

    def _activation_apply(self, a: KoenigAction) -> None:
        v = a.verb
        if v == "done":
            self.step = "next_draw"
            return
        if v == "end":
            uid = a.args[0]
            self.in_progress.pop(uid, None)
            self.overrun_mp.pop(uid, None)
            self.march_combined.discard(uid)
            self._finish(uid)
            return
        if v == "attach":
            self.leader = ""
            self.units[a.args[0]].attached = self.active
            return
        if v == "recover":
            self.leader = ""
            uid = a.args[0]
            u = self.units[uid]
            u.status, u.hex, u.hits = ON_MAP, self.map.hex_at(a.args[1]), 2
            self.reconstituted.add(uid)
            return
        if v in ("move", "cmove"):
            self._move(a)
            return
        if v in ("fire", "mfire"):
            units = tuple(a.args[0].split(","))
            kind = FULL if v == "fire" else MOBILE
            for uid in units:
                self._mark_operating(uid)
                if kind == MOBILE:
                    if self.in_progress.get(uid) == "moved":
                        self.in_progress.pop(uid)
                        self.march_combined.discard(uid)
                        self._finish(uid)
                    else:
                        self.in_progress[uid] = "fired"
                else:
                    self._finish(uid)
            target = self.map.hex_at(a.args[1])
            self.battle = Battle(kind, self.active_side, units, target, tuple(self.units_at(target)))
            return

    def _mark_operating(self, uid: str) -> None:
        if self.independent(uid) and self.formation_of(uid) != self.active:
            self.sixteen_used.add(uid)

    def _finish(self, uid: str) -> None:
        self.units[uid].done = True

    def _move(self, a: KoenigAction) -> None:
        """Movement (8.0) or the move of a Combined Operation (8.4); a move into an enemy hex starts Close
        Combat (10.0); `off` exits the Recon/9th (exclusive 12.0)."""
        uid, dest = a.args[0], a.args[1]
        march = "+march" in a.args
        u = self.units[uid]
        self._mark_operating(uid)
        state = self.in_progress.get(uid)
        if march:
            self.leader = ""
        if state == "overrun":
            allowance = self.overrun_mp[uid]
        elif a.verb == "move":
            allowance = self.allowance(uid) * (2 if march else 1)
        else:
            allowance = self.allowance(uid) if (march or uid in self.march_combined) else halve(self.allowance(uid))
        if dest == "off":
            u.status, u.hex = EXITED, None
            self.in_progress.pop(uid, None)
            self._finish(uid)
            return
        h = self.map.hex_at(dest)
        entering = u.status == PENDING
        enemy_here = [x for x in self.units_at(h) if self.side_of(x) != self.side_of(uid)]
        spent = self.move_options(uid, allowance).get(h, 0.0) if enemy_here else 0.0
        u.status, u.hex = ON_MAP, h
        if a.verb == "cmove":
            if state == "fired":
                self.in_progress.pop(uid)
                self.march_combined.discard(uid)
                self._finish(uid)
            else:
                self.in_progress[uid] = "moved"
                if march:
                    self.march_combined.add(uid)
        else:
            self.in_progress.pop(uid, None)
            self.overrun_mp.pop(uid, None)
            self._finish(uid)
        if enemy_here:
            # Close Combat (10.0): the mover ends its Operation after the battle (10.3) unless it overruns (14.5)
            if a.verb == "cmove":
                self.in_progress.pop(uid, None)
                self.march_combined.discard(uid)
                self._finish(uid)
            b = Battle(CLOSE, self.side_of(uid), (uid,), h, tuple(enemy_here))
            b.mover_mp_left = allowance - spent
            b.entering = entering
            b.attacker_undamaged = u.hits == 0
            self.battle = b

    # -- night ----------------------------------------------------------------------------------------
    def _redeploy_actions(self) -> list[KoenigAction]:
        """German Redeployment (4.0): German units not adjacent to enemy units move up to half their MA;
        arriving reinforcements enter with half MA (exclusive 8.5)."""
        out = [act("done")]
        occ = self.occupants()
        enemy_hexes = {h for h, us in occ.items() if any(self.side_of(x) != GERMAN for x in us)}
        for uid, u in self.units.items():
            if self.side_of(uid) != GERMAN or uid in self.redeployed or u.status not in (ON_MAP, PENDING):
                continue
            if u.hex is not None and any(hex_distance(u.hex, e) <= 1 for e in enemy_hexes):
                continue
            out += self._move_actions(uid, "redeploy", halve(self.allowance(uid)), False, close_combat=False)
        return out

    def _redeploy_apply(self, a: KoenigAction) -> None:
        if a.verb == "done":
            self.step = "housekeeping"
            return
        uid, dest = a.args[0], a.args[1]
        u = self.units[uid]
        self.redeployed.add(uid)
        if dest == "off":
            u.status, u.hex = EXITED, None
        else:
            u.status, u.hex = ON_MAP, self.map.hex_at(dest)

    # -- checks ---------------------------------------------------------------------------------------
    def stacking_violations(self) -> list[str]:
        """Hexes over the stacking limit (8.2)."""
        return [self.map.label(h) for h, us in self.occupants().items() if len(us) > (self.sc.stacking_limit or 2)]
