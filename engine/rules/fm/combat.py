"""Bombardment (F&M 8.1) and ground combat (8.2): the decisions of the Bombardment, Combat and Mobile
Combat Phases (000_e5c3deafb2cea4af.txt).

* 8.1: the phasing player bombards an enemy unit with one or two support fire markers in range
  (10.7.1); each marker once a GT (7.2); a unit once a phase (8.0). Ae, A1-A3 and Ex have no effect;
  (A) depletes an adjacent attacking unit (8.1.3); D2/D3 retreat by 8.1.5.
* 8.2: attacks on adjacent enemy units, each attacker and each defender once a phase; in the Mobile
  Combat Phase only mobile units that did not attack in the Combat Phase (4.1); not across a prohibited
  hexside or into a hex prohibited to the attacker; not by a displaced or advanced unit (8.3.1, 8.5).
* 8.2.1 b: attacker, defender, attacker, defender may each commit one marker face down; then the
  totals, the differential, the CRT line and column (crt.py) and the die roll; 8.2.4 results. Retreats,
  displacement and advance after combat are in retreat.py.
"""

from __future__ import annotations

import copy
import itertools
from dataclasses import dataclass
from fractions import Fraction

from ...hexgrid import Hex, hex_distance
from ..kit import Ask, ChanceStep, Task
from ..kit.machine import SkippedDecision
from ..protocol import CHANCE, Action, Roll
from . import crt
from .actions import Attack, Bombard, Commit, Deplete, MarkerId, Pass
from .board import Combat, FMBoard, FMStep
from .decisions import AttackChoice, BombardChoice, CombatRoll, MarkerCommit, StepLossChoice
from .engineers import DIE
from .game import cite, rule_ref
from .losses import deplete, eliminate
from .reach import terrain_step_allowed
from .retreat import AdvanceBegin, CombatDone, RetreatUnit
from .sequence import PlayerPhase
from .support import in_range, in_range_with, marker_range, supports


def marker_choices(state: FMBoard, side: str) -> list[MarkerId]:
    """The kinds of marker `side` has available, lowest first."""
    return sorted(set(state.available.get(side, [])), key=lambda m: (m.value, m.token()))


# -- 8.1 bombardment ------------------------------------------------------------------------------------
class BombardStep(FMStep[BombardChoice]):
    decision = BombardChoice
    rule = rule_ref("8.1")
    name = "declare a bombardment or pass"

    def legal(self, state: FMBoard, d: BombardChoice) -> list[Action]:
        g = state.game
        side = d.player
        avail = state.available.get(side, [])
        out: list[Action] = []
        if avail:
            kinds = marker_choices(state, side)  # distinct kinds: two entries of a combo are equal by index
            # per kind, once per listing: its token, its range (10.7.1) and whether two are held
            tokens = [m.token() for m in kinds]
            ranges = [marker_range(g, m) for m in kinds]
            two = [avail.count(m) >= 2 for m in kinds]
            cache = state.cache()
            made = g.combat_actions
            for t in bombard_targets(state, side):
                # in_range of each kind, without its memo keyed by the marker (which keeps in_range_with's answer)
                ok = [i for i, m in enumerate(kinds)
                      if ranges[i] == "anywhere" or in_range_with(state, side, m, t, ranges[i], cache)]
                combos: list[tuple[int, ...]] = [(i,) for i in ok]
                for n, i in enumerate(ok):
                    for j in ok[n:]:
                        if i == j and not two[i]:
                            continue
                        combos.append((i, j))
                for c in combos:
                    words = tuple(tokens[i] for i in c)
                    key = ("bombard", t, words)
                    a = made.get(key)
                    if a is None:
                        a = made[key] = Bombard(g.label(t), words)
                    out.append(a)
        out.append(Pass())
        return out

    def apply(self, state: FMBoard, d: BombardChoice, action: Action) -> None:
        if isinstance(action, Pass):
            return
        assert isinstance(action, Bombard)
        g = state.game
        side = d.player
        t = g.hex(action.target)
        assert t is not None
        dfd = state.occupant(t)
        assert dfd is not None
        markers = [MarkerId.parse(x) for x in action.markers]
        for m in markers:
            state.available[side].remove(m)  # 7.2: once per GT
        state.bombarded[t] = len(markers)
        state.defended_phase.add(dfd)
        c = Combat("bombard", side, g.units[dfd].side, t, [], dfd, {side: markers})
        state.combat = c
        state.queue.insert(0, BombardAsk(side))  # 8.1: then the next bombardment, if any
        resolve_totals(state, c)
        state.ask(CombatRoll(CHANCE))


def bombard_targets(state: FMBoard, side: str) -> list[Hex]:
    """8.0, 8.1: the hexes of enemy units `side` may still bombard this phase (whatever its markers reach)."""
    g = state.game
    return sorted({h for u, h in state.position.hexes.items() if g.units[u].side != side
                   and u not in state.defended_phase and state.bombarded.get(h, 0) == 0}, key=g.label)


@dataclass(frozen=True)
class BombardAsk(Task):
    """8.1: ask `side` to bombard or pass whenever it holds any marker and an enemy unit may still be bombarded
    this phase, even when none of its markers reaches one (10.7.1: then "pass" is its only choice). Whether it
    is asked thus depends on how many markers it holds, which the other player knows (7.2), and where the
    units are, never on which markers it drew in secret; otherwise it has nothing to decide (a skipped
    decision, as the kit logs them)."""

    side: str

    def run(self, state: FMBoard) -> None:
        d = BombardChoice(self.side)
        if state.available.get(self.side) and bombard_targets(state, self.side):
            state.ask(d)
            return
        taken = SkippedDecision(len(state.history()), d, Pass())
        state.skipped.append(taken)
        state.note(state.skip_note(taken))


# -- 8.2 ground combat ------------------------------------------------------------------------------------
def attackers_for(state: FMBoard, side: str, target: Hex) -> list[str]:
    """The units of `side` that may attack `target` now."""
    g = state.game
    out = []
    mobile_phase = state.player_phase is PlayerPhase.MOBILE_COMBAT
    occ = state.occupancy()
    for n in g.adjacent(target):
        u = occ.get(n)
        if u is None or g.units[u].side != side:
            continue
        if u in state.attacked_phase or u in state.no_attack:
            continue
        if mobile_phase and (not g.is_mobile(u) or u in state.attacked_combat):
            continue
        if not terrain_step_allowed(state, u, n, target, attack=True):  # 8.2, 10.6
            continue
        out.append(u)
    return sorted(out, key=lambda u: g.label(state.unit_hex(u)))


class AttackStep(FMStep[AttackChoice]):
    decision = AttackChoice
    rule = rule_ref("8.2")
    name = "declare an attack or pass"

    def legal(self, state: FMBoard, d: AttackChoice) -> list[Action]:
        g = state.game
        side = d.player
        out: list[Action] = []
        targets = sorted({h for u, h in state.position.hexes.items() if g.units[u].side != side
                          and u not in state.defended_phase}, key=g.label)
        made = g.combat_actions
        for t in targets:
            atk = attackers_for(state, side, t)
            labels = [g.label(state.unit_hex(u)) for u in atk]
            for k in range(1, len(labels) + 1):
                for combo in itertools.combinations(labels, k):
                    key = ("attack", combo, t)
                    a = made.get(key)
                    if a is None:
                        a = made[key] = Attack(combo, g.label(t))
                    out.append(a)
        out.append(Pass())
        return out

    def explain(self, state: FMBoard, d: AttackChoice, action: Action) -> str:
        if isinstance(action, Attack):
            return attack_problem(state, d, action) or (
                f"{action.text()} is not a legal attack now {cite('8.2')}")
        return super().explain(state, d, action)

    def apply(self, state: FMBoard, d: AttackChoice, action: Action) -> None:
        if isinstance(action, Pass):
            return
        assert isinstance(action, Attack)
        g = state.game
        side = d.player
        t = g.hex(action.target)
        assert t is not None
        dfd = state.occupant(t)
        assert dfd is not None
        atk = [u for u in (state.occupant(g.hex(x)) for x in action.attackers) if u is not None]
        for u in atk:
            state.attacked_phase.add(u)
            if state.player_phase is PlayerPhase.COMBAT:
                state.attacked_combat.add(u)
        state.defended_phase.add(dfd)
        state.combat = Combat("ground", side, g.units[dfd].side, t, atk, dfd, {side: [], g.units[dfd].side: []})
        state.queue.insert(0, Ask(AttackChoice(side)))  # 8.0: then the next attack, if any
        open_marker_step(state)


def attack_problem(state: FMBoard, d: AttackChoice, action: Attack) -> str:
    """Why an attack may not be declared, naming the rule ("" if no single reason is found)."""
    g = state.game
    target = g.hex(action.target)
    if target is None:
        return f"{action.target} is not a hex of this map"
    dfd = state.occupant(target)
    if dfd is None or g.units[dfd].side == d.player:
        return f"{action.target} holds no enemy unit to attack {cite('8.2')}"
    if dfd in state.defended_phase:
        return f"{dfd} in {action.target} was already attacked this phase {cite('8.0')}"
    mobile_phase = state.player_phase is PlayerPhase.MOBILE_COMBAT
    for lab in action.attackers:
        h = g.hex(lab)
        u = state.occupant(h)
        if h is None or u is None or g.units[u].side != d.player:
            return f"{lab} holds no unit of the {state.side_name(d.player)} player {cite('8.2')}"
        if hex_distance(h, target) != 1:
            return f"{u} in {lab} is not adjacent to {action.target} {cite('8.2')}"
        if u in state.attacked_phase:
            return f"{u} already attacked this phase {cite('8.2')}"
        if mobile_phase and not g.is_mobile(u):
            return f"{u} is a leg unit: only mobile units attack in the Mobile Combat Phase {cite('4.1')}"
        if mobile_phase and u in state.attacked_combat:
            return f"{u} attacked in the Combat Phase and cannot attack again this player turn {cite('8.2')}"
        if u in state.no_attack:
            return f"{u} advanced or was displaced and may not attack again this player turn {cite('8.3.1, 8.5')}"
    return ""


# -- 8.2.1 b support fire markers ---------------------------------------------------------------------------
def marker_options(state: FMBoard, side: str) -> list[MarkerId]:
    """The markers `side` may commit to the combat in progress (10.7.1: nationality and range)."""
    c = state.combat
    assert c is not None
    g = state.game
    out = []
    for m in marker_choices(state, side):
        if side == c.attacker:
            if not all(supports(g.units[u].nationality, m) for u in c.attackers):
                continue
            if not in_range(state, side, m, c.target):
                continue
        else:
            if not supports(g.units[c.defending].nationality, m):
                continue
        out.append(m)
    return out


def open_marker_step(state: FMBoard) -> None:
    """8.2.1 b: attacker, defender, attacker, defender each may commit one marker face down. Each step is
    asked of its side whenever it holds any marker this GT, even one that cannot support this combat
    (10.7.1): the rule says each player "may select" at each step, so "none" is always one of the choices
    (MarkerCommitStep), and it may be the only one. Whether a side is asked thus depends on how many markers
    it holds, which the other player knows (7.2: the markers are drawn in the open, their values are not),
    never on which markers they are: the question itself gives nothing away, and a machine that holds
    stand-ins for the other side's markers (a play-by-e-mail game) asks the same questions."""
    c = state.combat
    assert c is not None
    while c.step <= 4:
        side = c.attacker if c.step % 2 == 1 else c.defender
        if state.available.get(side):
            state.ask(MarkerCommit(side, c.step))
            return
        c.step += 1
    resolve_totals(state, c)
    state.ask(CombatRoll(CHANCE))


class MarkerCommitStep(FMStep[MarkerCommit]):
    decision = MarkerCommit
    rule = rule_ref("8.2.1 b")
    name = "commit a support fire marker face down, or none"

    def legal(self, state: FMBoard, d: MarkerCommit) -> list[Action]:
        out: list[Action] = [Commit(None)]
        return out + [Commit(m.token()) for m in marker_options(state, d.player)]

    def explain(self, state: FMBoard, d: MarkerCommit, action: Action) -> str:
        if isinstance(action, Commit) and action.marker:
            try:
                mid = MarkerId.parse(action.marker)
            except ValueError as exc:
                return str(exc)
            if mid not in state.available.get(d.player, []):
                return (f"the {state.side_name(d.player)} player has no {mid.label()} marker available this GT "
                        f"{cite('7.2')}")
            return f"the {mid.label()} marker cannot support this combat {cite('10.7.1')}"
        return super().explain(state, d, action)

    def apply(self, state: FMBoard, d: MarkerCommit, action: Action) -> None:
        assert isinstance(action, Commit)
        c = state.combat
        assert c is not None
        if action.marker:
            m = MarkerId.parse(action.marker)
            state.available[d.player].remove(m)
            c.markers.setdefault(d.player, []).append(m)
        c.step += 1
        open_marker_step(state)


# -- totals, the roll and its result (8.1.2, 8.2.1 c-d, 8.2.4) -------------------------------------------------
def resolve_totals(state: FMBoard, c: Combat) -> None:
    """8.1.2 / 8.2.1 c-d: totals, differential, CRT line and column."""
    g = state.game
    atk_markers = sum(crt.halved_for_fortification(g, c.target, m.value) for m in c.markers.get(c.attacker, []))
    units = sum(int(state.current_values(u).get("attack", 0)) for u in c.attackers)
    dfd_printed = int(state.current_values(c.defending).get("defense", 0))
    dfd_markers = sum(m.value for m in c.markers.get(c.defender, []))
    c.attack_total = units + atk_markers
    c.defense_total = crt.defense_strength(g, c.target, dfd_printed) + dfd_markers
    c.differential = c.attack_total - c.defense_total
    c.line = crt.defender_line(g, c.target, [state.unit_hex(u) for u in c.attackers], state.demolished(),
                               bombardment=c.kind == "bombard")
    key = (c.line, c.differential)
    column = g.column_memo.get(key)  # the game's tables do not change during play
    if column is None:
        column = g.column_memo[key] = crt.column_for(g.table("crt_terrain"), c.line, c.differential)
    c.column = column


def result_distribution(state: FMBoard, attack: Attack | None = None) -> dict[str, Fraction]:
    """The exact distribution of CRT results for the combat in progress, or for `attack` declared now
    with no support fire markers (rules/chance.combat_odds)."""
    g = state.game
    if attack is None:
        c = state.combat
        if c is None:
            raise ValueError("no combat in progress")
        c2 = copy.deepcopy(c)
    else:
        t = g.hex(attack.target)
        dfd = state.occupant(t)
        if t is None or dfd is None:
            raise ValueError(f"{attack.target} holds no unit to attack")
        atk = [u for u in (state.occupant(g.hex(x)) for x in attack.attackers) if u is not None]
        c2 = Combat("ground", g.units[atk[0]].side if atk else state.active, g.units[dfd].side, t, atk, dfd)
    resolve_totals(state, c2)
    return crt.result_distribution(g, c2.column)


class CombatRollStep(ChanceStep[FMBoard, CombatRoll]):
    decision = CombatRoll
    rule = rule_ref("8.1.2, 8.2.1")
    name = "roll for the combat"

    def outcomes(self, state: FMBoard, d: CombatRoll) -> list[tuple[Action, Fraction]]:
        return list(DIE)

    def apply(self, state: FMBoard, d: CombatRoll, action: Action) -> None:
        assert isinstance(action, Roll)
        g = state.game
        c = state.combat
        assert c is not None
        c.result = crt.crt_result(g, c.column, action.value)
        who = ",".join(g.label(state.unit_hex(u)) for u in c.attackers)
        atk_m = ", ".join(m.label() for m in c.markers.get(c.attacker, []))
        dfd_m = ", ".join(m.label() for m in c.markers.get(c.defender, []))
        what = f"bombardment by {atk_m}" if c.kind == "bombard" else f"attack {who}"
        state.note(f"{what} -> {g.label(c.target)} ({c.defending}): {c.attack_total}"
                   + (f" (markers {atk_m})" if atk_m and c.kind != "bombard" else "")
                   + f" vs {c.defense_total}" + (f" (markers {dfd_m})" if dfd_m else "")
                   + f", differential {c.differential:+d}, {c.line} line, column {c.column}; roll {action.value}: "
                   f"{c.result} {cite('8.1.2' if c.kind == 'bombard' else '8.2.1')}")
        apply_result(state, c)


def apply_result(state: FMBoard, c: Combat) -> None:
    """8.2.4 results; 8.1.3 for bombardment."""
    g = state.game
    r = c.result
    if c.kind == "bombard":
        if r in crt.BOMBARDMENT_NO_RESULT or r == "•":
            state.combat = None
            return
        if r == "(A)":
            adj = sorted((u for u, h in state.position.hexes.items() if g.units[u].side == c.attacker
                          and hex_distance(h, c.target) == 1), key=str)
            if not adj:
                state.combat = None
                return
            state.ask(StepLossChoice(c.attacker, tuple(adj)))
            return
    if r == "De":
        eliminate(state, c.defending)
        state.combat = None
    elif r == "Ae":
        for u in c.attackers:
            eliminate(state, u)
        state.combat = None
    elif r in ("Ex", "(A)"):
        if r == "Ex":
            deplete(state, c.defending)
        alive = [u for u in c.attackers if u in state.position.hexes]
        if len(alive) > 1:
            state.ask(StepLossChoice(c.attacker, tuple(alive)))
            return
        for u in alive:
            deplete(state, u)
        state.combat = None
    elif r in ("D2", "D3"):
        tasks: list[Task] = [RetreatUnit(c.defending, crt.RETREATS[r], True)]
        if c.kind == "ground":
            tasks.append(AdvanceBegin())
        state.queue[0:0] = tasks + [CombatDone()]
    elif r in ("A1", "A2", "A3"):
        retreats: list[Task] = [RetreatUnit(u, crt.RETREATS[r], False) for u in c.attackers]
        state.queue[0:0] = retreats + [CombatDone()]
    else:
        state.combat = None


class StepLossStep(FMStep[StepLossChoice]):
    decision = StepLossChoice
    rule = rule_ref("8.2.4")
    name = "choose the unit that takes the step loss"

    def legal(self, state: FMBoard, d: StepLossChoice) -> list[Action]:
        return [Deplete(u) for u in d.units if u in state.position.hexes]

    def apply(self, state: FMBoard, d: StepLossChoice, action: Action) -> None:
        assert isinstance(action, Deplete)
        deplete(state, action.unit)
        state.combat = None


STEPS = (BombardStep(), AttackStep(), MarkerCommitStep(), CombatRollStep(), StepLossStep())
