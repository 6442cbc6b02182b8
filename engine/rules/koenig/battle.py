"""Battles (Koenig 9.0-10.3, 002_fe1216aa5df94854.txt): a Fire Attack (9.0: Defensive Support, Offensive Support,
Combat Resolution, the Hits given by the Active Player 9.2.2, then optional retreats 9.2.3) or a Close Combat
(10.0: the defender fires first, the attacker second, rounds until one side leaves, compulsory retreats after
Hits, the support net every round 10.2, no terrain 10.1); the initiator of a Close Combat ends its Operation
(10.3). With optional rules: Battlefield Leadership and Corps Artillery (14.1), Indirect Fire's exchange
immunity (14.3), Overruns (14.5). Retreats are retreat.py's; the Attack Factor is combat.py's arithmetic."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...hexgrid import Hex
from ..kit import Decision, Task
from ..kit.kept import kept
from ..protocol import CHANCE, Action, Roll
from .actions import Accept, Hit, LeadReroll, Support
from .board import GERMAN, Battle, Doing, FireKind, KoenigBoard, RetreatDue, Side, cite
from .combat import (
    EXCHANGE,
    FULL,
    HIT,
    Firer,
    attack_factor,
    fire_distribution,
    fire_line,
    fire_result,
    fire_strength,
    terrain_modifier,
)
from .refusal import BattleStep
from .retreat import ask_retreats, contested
from .tables import support_per_battle

FIRE_NAMES = {FireKind.FULL: "Full Fire", FireKind.MOBILE: "Mobile Fire", FireKind.CLOSE: "Close Combat"}
OVERRUN_MA = 10  # 14.5: units with a Movement Allowance of 10 or more


@dataclass(frozen=True)
class SupportChoice(Decision):
    """9.0: the support points `player` commits, defensive (the defender, first) or offensive."""

    defensive: bool = True


@dataclass(frozen=True)
class FireRoll(Decision):
    """9.0 Combat Resolution (10.0: one Close Fire): the die."""


@dataclass(frozen=True)
class RerollChoice(Decision):
    """14.1 Battlefield Leadership: the holder of the marker may have the roll made again."""


@dataclass(frozen=True)
class HitChoice(Decision):
    """9.2.2: the Active Player gives the Hit of `who` (the defending or the firing side) to one of its units."""

    who: Side = Side.DEFENDER


# -- the battle's course -------------------------------------------------------------------------------
def support_side(b: Battle, defensive: bool) -> str:
    return b.attacker if not defensive else ("german" if b.attacker == "allied" else "allied")


def support_cap(state: KoenigBoard, side: str) -> int:
    """The points `side` may commit to one battle (9.0): at most its points this turn, one Artillery point or
    two Allied Support points."""
    return min(state.points[side], support_per_battle(state.sc, side))


def _points(side: str, n: int) -> str:
    what = "Artillery Point" if side == GERMAN else "Allied Support Point"
    return f"{n} {what}{'' if n == 1 else 's'}"


def support_refusal(state: KoenigBoard, side: str, action: Support) -> str:
    """Why `side` may not commit `action` to the battle in hand, the first of: the Leadership marker is not
    its own (14.1 Receive Corps Artillery), fewer than no points, more than one Artillery point or two Allied
    Support points to one battle (9.0), more than the points left from this turn's roll (6.1 / 6.2); "" when
    none of these forbids it."""
    name = state.side_name(side)
    if action.lead and not (state.option("leadership") and state.leader == side):
        if not state.option("leadership"):
            return f"the Leadership marker is an optional rule not in play in this game {cite('14.1')}"
        holder = f"{state.side_name(state.leader)} holds it" if state.leader else "nobody holds it this turn"
        return f"Corps Artillery needs the Leadership marker, and {holder} {cite('14.1')}"
    if action.points < 0:
        return f"a side assigns 0 or more support points {cite('9.0')}"
    cap = support_per_battle(state.sc, side)
    if action.points > cap:
        return f"the {name} player may commit at most {_points(side, cap)} to each battle {cite('9.0')}"
    left = state.points[side]
    if action.points > left:
        return (f"the {name} player has {_points(side, left)} left this turn "
                f"{cite('6.1' if side == GERMAN else '6.2')}")
    return ""


@dataclass(frozen=True)
class AskSupport(Task):
    """9.0 Defensive / Offensive Support: asked only of a side with points to commit or the Leadership marker."""

    defensive: bool

    def run(self, state: KoenigBoard) -> None:
        b = state.battle
        assert b is not None
        side = support_side(b, self.defensive)
        if support_cap(state, side) or (state.option("leadership") and state.leader == side):
            state.ask(SupportChoice(side, self.defensive))


@dataclass(frozen=True)
class AskRoll(Task):
    def run(self, state: KoenigBoard) -> None:
        state.ask(FireRoll(CHANCE))


def start_battle(state: KoenigBoard, b: Battle) -> None:
    """A Fire Attack declared or a Close Combat entered: support, then the die (9.0, 10.0, 10.2)."""
    state.battle = b
    state.queue[0:0] = [AskSupport(True), AskSupport(False), AskRoll()]


def current_af(state: KoenigBoard) -> int:
    """The net Attack Factor of the fire about to be rolled (9.0, 9.1, 9.2.1, 10.1, 10.2, excl. 8.5)."""
    b = state.battle
    assert b is not None
    if b.kind == FireKind.CLOSE:
        return battle_af(state, b)
    # a Full or Mobile Fire: the AF with no support (kept by the game, `declared_af`) and the net support (9.0)
    return declared_af(state, b.firers, b.target, b.kind == FireKind.MOBILE) + b.off_support - b.def_support


def battle_af(state: KoenigBoard, b: Battle) -> int:
    """The net Attack Factor of battle `b`'s next roll in the position of `state` (`current_af`'s arithmetic)."""
    if b.kind == FireKind.CLOSE:
        net = b.off_support - b.def_support
        if b.defensive_round:
            d = next((x for x in b.defenders if state.on_map(x)), b.defenders[0])
            return attack_factor([fire_strength(state.strength(d), state.hits(d))], 0, net)
        a = b.firers[0]
        return attack_factor([fire_strength(state.strength(a), state.hits(a))], net, 0)
    strengths = []
    firers = []
    for uid in b.firers:
        h = state.position.hex_of(uid)
        if h is None:
            continue
        line = fire_line(state.map, h, b.target, b.kind)
        indirect = not line.allowed
        halved = line.halved or indirect or b.kind == FireKind.MOBILE
        strengths.append(fire_strength(state.strength(uid), state.hits(uid), halved))
        firers.append(Firer(h, state.strength(uid), state.hits(uid), indirect))
    return attack_factor(strengths, b.off_support, b.def_support, terrain_modifier(state.map, b.target, firers))


def result_distribution(state: KoenigBoard) -> dict[str, Fraction]:
    """The exact odds of the battle in progress at its current Attack Factor (9.0)."""
    return fire_distribution(current_af(state))


def declared_af(state: KoenigBoard, firers: tuple[str, ...], target: Hex, mobile: bool) -> int:
    """The net Attack Factor a Full Fire (Mobile Fire with `mobile`) by `firers` at `target` would roll if it
    were declared now and neither side committed support (9.0, 9.1, 8.4): what `current_af` reads once the
    attack is declared (the declaration moves no unit and changes no Hits), without declaring it. Kept by the
    game by the firers' hexes and Hits (`declared_af_fresh` works it out again: the tests compare the two)."""
    kind = FireKind.MOBILE if mobile else FireKind.FULL
    pos = state.position
    # all battle_af reads of a Full or Mobile Fire besides the map and the units' printed strengths
    key = (kind, target, firers, tuple((pos.hex_of(u), pos.steps_lost(u)) for u in firers))
    return kept(state.game.declared_af_memo, key, 20000,
                lambda: battle_af(state, Battle(kind, state.active_side, firers, target, ())))


def _defender_hits_back(state: KoenigBoard, b: Battle) -> bool:
    """Indirect Fire (14.3): firing units take an Exchange Hit only if the defenders include a Heavy Weapons
    unit or have support points allocated."""
    return b.def_support > 0 or any(state.heavy_weapons(x) for x in b.defenders)


def _indirect(state: KoenigBoard, b: Battle, uid: str) -> bool:
    h = state.position.hex_of(uid)
    return b.kind == FireKind.FULL and h is not None and not fire_line(state.map, h, b.target, FULL).allowed


def hit_candidates(state: KoenigBoard, b: Battle, who: Side) -> list[str]:
    """The units that may take a Hit of `who` (9.2.2): the defenders still in the target hex, or the firing
    units on the map (not those firing indirectly when the defender cannot hit back, 14.3)."""
    if who == Side.DEFENDER:
        return sorted(x for x in b.defenders if state.position.hex_of(x) == b.target)
    firers = [x for x in b.firers if state.on_map(x)]
    if b.kind == FireKind.FULL and not _defender_hits_back(state, b):
        firers = [x for x in firers if not _indirect(state, b, x)]
    return sorted(firers)


def resolve(state: KoenigBoard) -> None:
    """Combat Resolution (9.0, 10.0): a Hit on the target, an Exchange on both sides, or a Miss."""
    b = state.battle
    assert b is not None
    res = fire_result(current_af(state), b.die)
    b.result = res
    b.hit_queue = []
    b.attacker_undamaged = all(state.hits(x) == 0 for x in b.firers)
    if b.kind == FireKind.CLOSE:
        if res == HIT:
            b.hit_queue = [Side.ATTACKER if b.defensive_round else Side.DEFENDER]
        elif res == EXCHANGE:
            b.hit_queue = [Side.DEFENDER, Side.ATTACKER]
    else:
        if res in (HIT, EXCHANGE):
            b.hit_queue.append(Side.DEFENDER)
        if res == EXCHANGE and hit_candidates(state, b, Side.ATTACKER):
            b.hit_queue.append(Side.ATTACKER)
    b.hit_units = []
    assign_hits(state)


def assign_hits(state: KoenigBoard) -> None:
    """9.2.2: each Hit to one unit of its side, chosen by the Active Player when there is a choice."""
    b = state.battle
    assert b is not None
    while b.hit_queue:
        cands = hit_candidates(state, b, b.hit_queue[0])
        if len(cands) > 1:
            state.ask(HitChoice(state.active_side, b.hit_queue[0]))
            return
        if cands:
            state.take_hit(cands[0])
        b.hit_queue.pop(0)
    _after_hits(state, b)


def _after_hits(state: KoenigBoard, b: Battle) -> None:
    """Retreats after Hits (9.2.3): optional after Full or Mobile Fire, compulsory in Close Combat (the
    Defender first; 11.2 Capture for an undamaged attacker after an Exchange); after a Close Fire round that
    missed both ways, each side may retreat, the defender first (10.0)."""
    hit = [x for x in dict.fromkeys(b.hit_units) if state.on_map(x)]
    if b.kind != FireKind.CLOSE:
        q = [RetreatDue(x, False) for x in hit if x in b.defenders] + [RetreatDue(x, False) for x in hit
                                                                        if x in b.firers]
    elif b.result not in (HIT, EXCHANGE):
        if b.defensive_round:
            b.defensive_round = False  # the Offensive Close Fire step (10.0)
            b.retreat_queue = []
            state.ask(FireRoll(CHANCE))
            return
        q = [RetreatDue(x, False) for x in b.defenders + b.firers if state.on_map(x)]
    else:
        q = [RetreatDue(x, True) for x in b.defenders if x in hit]
        q += [RetreatDue(x, True, b.result == EXCHANGE and b.attacker_undamaged) for x in b.firers if x in hit]
    b.retreat_queue = q
    state.queue.insert(0, AfterRetreats())
    ask_retreats(state)


@dataclass(frozen=True)
class AfterRetreats(Task):
    """Close Combat goes on while the hex holds both sides (10.0): after a round that missed both ways and
    both stayed, another round; after a 14.1 hold, the battle continues with the next Close Fire."""

    def run(self, state: KoenigBoard) -> None:
        b = state.battle
        assert b is not None
        if b.kind == FireKind.CLOSE and contested(state, b):
            b.defensive_round = not (b.defensive_round and b.result in (HIT, EXCHANGE))
            state.ask(FireRoll(CHANCE))
            return
        _end_battle(state, b)


def _end_battle(state: KoenigBoard, b: Battle) -> None:
    """After a battle: the Close Combat initiator ends its Operation (10.3) unless it overruns (14.5); a unit
    eliminated or retreated off the map has no Operation left to finish."""
    state.battle = None
    for uid in [x for x in state.in_progress if not state.on_map(x)]:
        del state.in_progress[uid]
        state.finish(uid)
    if b.kind == FireKind.CLOSE:
        uid = b.firers[0]
        if (state.option("overruns") and state.allowance(uid) >= OVERRUN_MA and not b.attacker_was_hit
                and state.position.hex_of(uid) == b.target and b.mover_mp_left > 0):
            state.in_progress[uid] = Doing.OVERRUN
            state.overrun_mp[uid] = b.mover_mp_left
            state.finish(uid)


# -- the steps -----------------------------------------------------------------------------------------
class SupportStep(BattleStep[SupportChoice]):
    decision = SupportChoice
    rule = "Koenig 9.0"
    name = "assign support"
    why = {"support": "at most one Artillery point or two Allied Support points per side per battle, from the "
                      f"points rolled this turn {cite('9.0, 6.0')}"}

    def explain(self, state: KoenigBoard, d: SupportChoice, action: Action) -> str:
        """A refused `support`: the one reason, with the points in hand and the cap (support_refusal)."""
        if isinstance(action, Support):
            why = support_refusal(state, d.player, action)
            if why:
                return f"{action.text()}: {why}"
        return super().explain(state, d, action)

    def legal(self, state: KoenigBoard, d: SupportChoice) -> list[Action]:
        lead = state.option("leadership") and state.leader == d.player
        out: list[Action] = []
        for k in range(support_cap(state, d.player) + 1):
            out.append(Support(k))
            if lead:
                out.append(Support(k, True))
        return out

    def apply(self, state: KoenigBoard, d: SupportChoice, action: Action) -> None:
        assert isinstance(action, Support) and state.battle is not None
        b = state.battle
        state.points[d.player] -= action.points
        if action.lead:
            state.leader = ""
        k = action.points + (1 if action.lead else 0)
        if d.defensive:
            b.def_support = k
        else:
            b.off_support = k
        what = "Artillery Point" if d.player == "german" else "Allied Support Point"
        lead = " and the Leadership marker as Corps Artillery (14.1)" if action.lead else ""
        state.note(f"{'Defensive' if d.defensive else 'Offensive'} Support: {state.side_name(d.player)} assigns "
                   f"{action.points} {what}{'s' if action.points != 1 else ''}{lead} {cite('9.0')}")


class FireRollStep(BattleStep[FireRoll]):
    decision = FireRoll
    rule = "Koenig 9.0"
    name = "fire roll"
    FACES = [(Roll(f), Fraction(1, 6)) for f in range(1, 7)]

    def outcomes(self, state: KoenigBoard, d: FireRoll) -> list[tuple[Action, Fraction]]:
        return list(self.FACES)

    def legal(self, state: KoenigBoard, d: FireRoll) -> list[Action]:
        return [a for a, _ in self.FACES]

    def explain(self, state: KoenigBoard, d: FireRoll, action: Action) -> str:
        return f"{action.text()} is not an outcome of this chance node in {self.phase(state, d)}"

    def apply(self, state: KoenigBoard, d: FireRoll, action: Action) -> None:
        assert isinstance(action, Roll) and state.battle is not None
        b = state.battle
        b.die = action.value
        af = current_af(state)
        where = state.map.label(b.target)
        if b.kind == FireKind.CLOSE:
            what = "Defensive Close Fire" if b.defensive_round else "Offensive Close Fire"
            section = "10.0"
        else:
            what, section = f"{FIRE_NAMES[b.kind]} by {', '.join(b.firers)}", "9.0"
        state.note(f"{what} at {where}: AF {af}, roll {b.die}: {fire_result(af, b.die)} {cite(section)}")
        if state.option("leadership") and state.leader:
            state.ask(RerollChoice(state.leader))
        else:
            resolve(state)


class RerollStep(BattleStep[RerollChoice]):
    decision = RerollChoice
    rule = "Koenig 14.1"
    name = "accept the roll or re-roll"
    why = {"lead-reroll": f"a re-roll needs the Leadership marker {cite('14.1')}"}

    def legal(self, state: KoenigBoard, d: RerollChoice) -> list[Action]:
        return [Accept(), LeadReroll()]

    def apply(self, state: KoenigBoard, d: RerollChoice, action: Action) -> None:
        if isinstance(action, LeadReroll):
            state.leader = ""
            state.note(f"{state.side_name(d.player)} has the roll made again with the Leadership marker "
                       f"{cite('14.1')}")
            state.ask(FireRoll(CHANCE))
        else:
            resolve(state)


class HitStep(BattleStep[HitChoice]):
    decision = HitChoice
    rule = "Koenig 9.2.2"
    name = "choose the unit that takes the Hit"
    why = {"hit": f"the Active Player gives the Hit to a unit that took part on that side {cite('9.2.2')}"}

    def legal(self, state: KoenigBoard, d: HitChoice) -> list[Action]:
        assert state.battle is not None
        return [Hit(uid) for uid in hit_candidates(state, state.battle, d.who)]

    def apply(self, state: KoenigBoard, d: HitChoice, action: Action) -> None:
        assert isinstance(action, Hit) and state.battle is not None
        state.take_hit(action.unit)
        state.battle.hit_queue.pop(0)
        assign_hits(state)


def declared_af_fresh(state: KoenigBoard, firers: tuple[str, ...], target: Hex, mobile: bool) -> int:
    """`declared_af` worked out afresh, not kept."""
    kind = FireKind.MOBILE if mobile else FireKind.FULL
    return battle_af(state, Battle(kind, state.active_side, firers, target, ()))
