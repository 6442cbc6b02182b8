"""Battles of the Koenig family (002_fe1216aa5df94854.txt) as sub-steps of the game state: a Fire Attack
(9.0: Defensive Support, Offensive Support, Combat Resolution, hits chosen by the Active Player 9.2.2,
optional retreats 9.2.3) or a Close Combat (10.0: the defender fires first, the attacker second, rounds
until one side leaves, compulsory retreats after hits, Capture 11.2, the support net every round 10.2,
no terrain 10.1), and Retreats (11.0, 11.1). With optional rules: Battlefield Leadership and Corps
Artillery (14.1), Indirect Fire's exchange immunity (14.3), Overruns (14.5)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...hexgrid import Hex, hex_neighbor
from .actions import KoenigAction, act
from .combat import (
    CLOSE,
    EXCHANGE,
    FULL,
    HIT,
    MOBILE,
    Firer,
    attack_factor,
    fire_distribution,
    fire_line,
    fire_result,
    fire_strength,
    terrain_modifier,
)
from .position import Position
from .tables import support_per_battle
from .victory import ELIMINATED, ON_MAP, RETREATED_OFF


@dataclass
class Battle:
    """One Fire Attack or Close Combat in progress (9.0, 10.0)."""

    kind: str  # full, mobile, close
    attacker: str  # side
    firers: tuple[str, ...]
    target: Hex
    defenders: tuple[str, ...]
    stage: str = "def_support"  # def_support, off_support, roll, reroll, hits, retreats, done
    def_support: int = 0
    off_support: int = 0
    round_step: str = "defensive"  # close combat: defensive or offensive fire
    die: int = 0
    result: str = ""
    hit_queue: list[str] = field(default_factory=list)  # sides still to take a hit ("defender"/"attacker")
    retreat_queue: list[tuple[str, bool, bool]] = field(default_factory=list)  # (unit, must, capture allowed)
    hit_units: list[str] = field(default_factory=list)
    attacker_was_hit: bool = False
    attacker_undamaged: bool = True  # before this round's hits (11.2)
    continue_after: bool = False  # close combat goes on after the retreat decisions (14.1 hold)
    mover_mp_left: float = 0
    entering: bool = False  # the attacker is a reinforcement entering at its blocked entry hex (8.3.1)

    def key(self) -> tuple:
        return (self.kind, self.attacker, self.firers, self.target, self.defenders, self.stage, self.def_support,
                self.off_support, self.round_step, self.die, self.result, tuple(self.hit_queue),
                tuple(self.retreat_queue), tuple(self.hit_units), self.attacker_was_hit, self.attacker_undamaged,
                self.continue_after, self.mover_mp_left, self.entering)


class BattleSteps(Position):
    """The battle and retreat steps of `KoenigState` (a mixin: it reads the state's units, points,
    options and leadership marker)."""

    points: dict[str, int]
    leader: str
    battle: Battle | None
    active_side: str
    in_progress: dict[str, str]
    overrun_mp: dict[str, float]
    step: str

    def _battle_actions(self) -> list[KoenigAction]:
        b = self.battle
        assert b is not None
        out: list[KoenigAction] = []
        if b.stage in ("def_support", "off_support"):
            side = self.enemy(b.attacker) if b.stage == "def_support" else b.attacker
            cap = min(self.points[side], support_per_battle(self.sc, side))
            for k in range(cap + 1):
                out.append(act("support", str(k)))
                if self.option("leadership") and self.leader == side:
                    out.append(act("support", str(k), "+lead"))
            return out
        if b.stage == "reroll":
            return [act("accept"), act("lead-reroll")]
        if b.stage == "hits":
            return [act("hit", uid) for uid in self._hit_candidates(b.hit_queue[0])]
        if b.stage == "retreats":
            uid, must, capture = b.retreat_queue[0]
            out += [act("retreat", uid, d) for d in self.retreat_hexes(uid)]
            if not must:
                out.append(act("stay", uid))
            if capture:
                out.append(act("capture", uid))
            if must and b.kind == CLOSE and self.option("leadership") and self.leader == self.side_of(uid):
                out.append(act("lead-hold", uid))
            return out
        return out

    def _hit_candidates(self, who: str) -> list[str]:
        b = self.battle
        assert b is not None
        if who == "defender":
            return sorted(x for x in b.defenders if self.units[x].status == ON_MAP and self.units[x].hex == b.target)
        firers = [x for x in b.firers if self.units[x].status == ON_MAP]
        if b.kind == FULL and not self._defender_hits_back():
            firers = [x for x in firers if not self._indirect(x)]
        return sorted(firers)

    def _indirect(self, uid: str) -> bool:
        b = self.battle
        assert b is not None
        u = self.units[uid]
        return b.kind == FULL and u.hex is not None and not fire_line(self.map, u.hex, b.target, FULL).allowed

    def _defender_hits_back(self) -> bool:
        """Indirect Fire (14.3): firing units take an Exchange Hit only if the defenders include a Heavy
        Weapons unit or have support points allocated."""
        b = self.battle
        assert b is not None
        return b.def_support > 0 or any(self.heavy_weapons(x) for x in b.defenders)

    def retreat_hexes(self, uid: str) -> list[str]:
        """Retreat (11.0): into an adjacent hex free of enemy units and below the stacking limit, not across
        a River except by a bridge (8.1.1); off the map from an edge hex (11.1)."""
        u = self.units[uid]
        assert u.hex is not None
        side = self.side_of(uid)
        occ = self.occupants()
        out = []
        off = False
        for d in range(6):
            n = hex_neighbor(u.hex, d)
            if not self.map.contains(n):
                off = True
                continue
            if self.game.graph.cost(u.hex, n) is None:
                continue
            here = occ.get(n, [])
            if any(self.side_of(x) != side for x in here) or len(here) >= (self.sc.stacking_limit or 2):
                continue
            out.append(self.map.label(n))
        out.sort()
        if off:
            out.append("off")
        return out

    def result_distribution(self, attack: Any = None) -> dict[str, Fraction]:
        """The exact odds of the battle in progress at its current Attack Factor (9.0)."""
        return fire_distribution(self.current_af())

    def current_af(self) -> int:
        """The net Attack Factor of the fire about to be rolled (9.0, 9.1, 9.2.1, 10.1, 10.2, excl. 8.5)."""
        b = self.battle
        assert b is not None
        if b.kind == CLOSE:
            net_att = b.off_support - b.def_support
            if b.round_step == "defensive":
                d = next((x for x in b.defenders if self.units[x].status == ON_MAP), b.defenders[0])
                return attack_factor([fire_strength(self.strength(d), self.units[d].hits)], 0, net_att)
            a = b.firers[0]
            return attack_factor([fire_strength(self.strength(a), self.units[a].hits)], net_att, 0)
        firers = []
        strengths = []
        for uid in b.firers:
            u = self.units[uid]
            if u.status != ON_MAP or u.hex is None:
                continue
            line = fire_line(self.map, u.hex, b.target, b.kind)
            indirect = not line.allowed
            halved = line.halved or indirect or b.kind == MOBILE
            strengths.append(fire_strength(self.strength(uid), u.hits, halved))
            firers.append(Firer(u.hex, self.strength(uid), u.hits, indirect))
        terrain = terrain_modifier(self.map, b.target, firers)
        return attack_factor(strengths, b.off_support, b.def_support, terrain)

    def _battle_apply(self, a: KoenigAction) -> None:
        b = self.battle
        assert b is not None
        v = a.verb
        if v == "support":
            k = int(a.args[0]) + (1 if "+lead" in a.args else 0)
            side = self.enemy(b.attacker) if b.stage == "def_support" else b.attacker
            self.points[side] -= int(a.args[0])
            if "+lead" in a.args:
                self.leader = ""
            if b.stage == "def_support":
                b.def_support = k
                b.stage = "off_support"
            else:
                b.off_support = k
                b.stage = "roll"
            return
        if v == "roll":
            b.die = int(a.args[0])
            b.stage = "reroll" if (self.option("leadership") and self.leader) else "resolve"
            return
        if v == "accept":
            b.stage = "resolve"
            return
        if v == "lead-reroll":
            self.leader = ""
            b.stage = "roll"
            return
        if v == "hit":
            self._take_hit(a.args[0])
            b.hit_queue.pop(0)
            return
        if v in ("retreat", "stay", "capture", "lead-hold"):
            uid, must, capture = b.retreat_queue.pop(0)
            u = self.units[uid]
            if v == "retreat":
                if a.args[1] == "off":
                    u.status, u.hex = RETREATED_OFF, None
                else:
                    u.hex = self.map.hex_at(a.args[1])
            elif v == "capture":
                self._take_hit(uid)  # 11.2: a second Hit in lieu of retreating
            elif v == "lead-hold":
                self.leader = ""
                b.continue_after = True
            elif v == "stay" and b.kind == CLOSE and not must:
                pass
            if v == "retreat" and b.kind == CLOSE and uid in b.firers and b.entering and u.status == ON_MAP:
                # a reinforcement forced back from its entry hex never arrives (8.3.1, 11.1)
                u.status, u.hex = RETREATED_OFF, None
            return

    def _take_hit(self, uid: str) -> None:
        """Hits (9.2): 1 Hit, 2 Hits, a third eliminates the unit."""
        u = self.units[uid]
        u.hits += 1
        b = self.battle
        if b is not None:
            b.hit_units.append(uid)
            if uid in b.firers:
                b.attacker_was_hit = True
        if u.hits >= 3:
            u.status, u.hex = ELIMINATED, None

    def _battle_settle(self) -> bool:
        """Advance the battle through steps with no decision; False when a decision or chance is due."""
        b = self.battle
        assert b is not None
        if b.stage in ("def_support", "off_support"):
            side = self.enemy(b.attacker) if b.stage == "def_support" else b.attacker
            if min(self.points[side], support_per_battle(self.sc, side)) == 0 and not (
                    self.option("leadership") and self.leader == side):
                if b.stage == "def_support":
                    b.stage = "off_support"
                else:
                    b.stage = "roll"
                return True
            return False
        if b.stage in ("roll", "reroll"):
            return False
        if b.stage == "resolve":
            self._resolve(b)
            return True
        if b.stage == "hits":
            while b.hit_queue:
                cands = self._hit_candidates(b.hit_queue[0])
                if len(cands) > 1:
                    return False
                if cands:
                    self._take_hit(cands[0])
                b.hit_queue.pop(0)
            b.stage = self._queue_retreats(b)
            return True
        if b.stage == "retreats":
            while b.retreat_queue:
                uid, must, capture = b.retreat_queue[0]
                u = self.units[uid]
                if u.status != ON_MAP:
                    b.retreat_queue.pop(0)
                    continue
                if b.kind == CLOSE and not must and not self._contested(b):
                    b.retreat_queue.pop(0)  # the other side already left: nothing to choose
                    continue
                if must and not self.retreat_hexes(uid) and not capture and not (
                        b.kind == CLOSE and self.option("leadership") and self.leader == self.side_of(uid)):
                    self._eliminate_unable(uid, b)
                    b.retreat_queue.pop(0)
                    continue
                return False
            self._after_retreats(b)
            return True
        if b.stage == "done":
            self._end_battle(b)
            return True
        return False

    def _eliminate_unable(self, uid: str, b: Battle) -> None:
        """Units that must Retreat but cannot are eliminated (11.0); a reinforcement forced back from its
        entry hex never arrives (8.3.1, 11.1)."""
        u = self.units[uid]
        if b.entering and uid in b.firers:
            u.status, u.hex = RETREATED_OFF, None
        else:
            u.status, u.hex = ELIMINATED, None

    def _contested(self, b: Battle) -> bool:
        here = self.units_at(b.target)
        return any(x in b.firers for x in here) and any(x in b.defenders for x in here)

    def _resolve(self, b: Battle) -> None:
        af = self.current_af()
        res = fire_result(af, b.die)
        b.result = res
        b.hit_queue = []
        b.attacker_undamaged = all(self.units[x].hits == 0 for x in b.firers)
        if b.kind == CLOSE:
            if b.round_step == "defensive":
                if res == HIT:
                    b.hit_queue = ["attacker"]
                elif res == EXCHANGE:
                    b.hit_queue = ["defender", "attacker"]
            else:
                if res == HIT:
                    b.hit_queue = ["defender"]
                elif res == EXCHANGE:
                    b.hit_queue = ["defender", "attacker"]
        else:
            if res in (HIT, EXCHANGE):
                b.hit_queue.append("defender")
            if res == EXCHANGE and self._hit_candidates("attacker"):
                b.hit_queue.append("attacker")
        b.hit_units = []
        b.stage = "hits"

    def _queue_retreats(self, b: Battle) -> str:
        """Retreats after Hits (9.2.3): optional after Full or Mobile Fire, compulsory in Close Combat (the
        Defender first; 11.2 Capture for an undamaged attacker after an Exchange); after a Close Fire round
        that missed both ways, each side may retreat, the defender first (10.0). Returns the next stage."""
        hit = [x for x in dict.fromkeys(b.hit_units) if self.units[x].status == ON_MAP]
        q: list[tuple[str, bool, bool]] = []
        if b.kind != CLOSE:
            q = [(x, False, False) for x in hit if x in b.defenders] + [(x, False, False) for x in hit if x in b.firers]
        elif b.result not in (HIT, EXCHANGE):
            if b.round_step == "defensive":
                b.round_step = "offensive"  # the Offensive Close Fire step (10.0)
                b.retreat_queue = []
                return "roll"
            d = [x for x in b.defenders if self.units[x].status == ON_MAP]
            att = [x for x in b.firers if self.units[x].status == ON_MAP]
            q = [(x, False, False) for x in d + att]
        else:
            for x in b.defenders:
                if x in hit:
                    q.append((x, True, False))
            for x in b.firers:
                if x in hit:
                    q.append((x, True, b.result == EXCHANGE and b.attacker_undamaged))
        b.retreat_queue = q
        return "retreats"

    def _after_retreats(self, b: Battle) -> None:
        """Close Combat goes on while the hex holds both units (10.0): after a round that missed both ways
        and both stayed, another round; after a 14.1 hold, the battle continues with the next step."""
        if b.kind == CLOSE and self._contested(b):
            if b.round_step == "defensive" and b.result in (HIT, EXCHANGE):
                b.round_step = "offensive"
            else:
                b.round_step = "defensive"
            b.stage = "roll"
            return
        b.stage = "done"

    def _end_battle(self, b: Battle) -> None:
        """After a battle: the Close Combat initiator ends its Operation (10.3) unless it overruns (14.5); a
        unit eliminated or retreated off the map has no Operation left to finish."""
        self.battle = None
        for uid in [x for x in self.in_progress if self.units[x].status != ON_MAP]:
            del self.in_progress[uid]
            self.units[uid].done = True
        if b.kind == CLOSE:
            uid = b.firers[0]
            u = self.units[uid]
            if (self.option("overruns") and self.allowance(uid) >= 10 and not b.attacker_was_hit
                    and u.status == ON_MAP and u.hex == b.target and b.mover_mp_left > 0
                    and self.step == "activation"):
                self.in_progress[uid] = "overrun"
                self.overrun_mp[uid] = b.mover_mp_left
                self.units[uid].done = True

