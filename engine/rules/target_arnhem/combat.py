"""An attack (Target Arnhem: Attack, Modifiers, Concentrated Bombardment, Combat, Fortifications, Damage,
Advance; 001_69d92a61f68ed4f9.txt).

* "Attacks are only ever with adjacent on-board units." "Can never attack across an unbridged river
  hexside." "All enemy defending units in a hex must be attacked as a single group."
* "Add up the collective combat strength of the attacking units that are participating against the enemy
  hex (attacker does not have to attack with all units), include any cumulative modifiers": each attacking
  unit's strength is halved when it attacks across a canal or across a bridged water hexside, and halved
  (again) when it is out of supply. The defender's strength is the sum of its units' strengths.
* "Defender in a forest or city: shift CRT result one to the left"; Concentrated Bombardment ("Attacker
  must have at least one in-supply Mechanized unit attacking the target hex", "spends one supply point")
  shifts one to the right. The ratio and the shifts are tables.py's; the damage values are the scenario's
  reconstructed table.
* Damage: "All damage is distributed by owner's choice. When endurance is 0, the unit is eliminated;
  excess damage is ignored." A Pickaxe-fortified unit absorbs the first point it is given and flips.
* Advance: "If defending units are completely destroyed in a hex after a battle, the attacker may move to
  the hex previously occupied by the defender."
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...hexgrid import Hex, hex_distance
from ..kit.kept import kept
from ..protocol import Action
from .actions import BOMBARD, CANCEL, FIRE, STAY, Advance, Cancel, Damage, Fire, With, one
from .board import TABoard, cite
from .decisions import AdvanceChoice, AttackWith, TakeDamage, act
from .impulse import may_act
from .step import TAStep
from .supply import UNLIMITED, in_supply, overrun_markers, pool_for, spend
from .tables import CombatResult, combat_table, resolve
from .why import acting_problem


@dataclass(frozen=True)
class AttackPart:
    """One attacking unit's strength after the modifiers, with the modifiers' names."""

    unit: str
    strength: Fraction
    modifiers: tuple[str, ...]


def attack_part(state: TABoard, uid: str, target: Hex) -> AttackPart:
    h = state.position.hex_of(uid)
    assert h is not None
    s = Fraction(state.strength(uid))
    why: list[str] = []
    if state.unbridged_canal(h, target):
        s /= 2
        why.append(f"{uid} attacks across a canal: halved {cite('Modifiers')}")
    elif state.bridged_water(h, target):
        s /= 2
        why.append(f"{uid} attacks across a bridged water hexside: halved {cite('Modifiers')}")
    if not in_supply(state, uid):
        s /= 2
        why.append(f"{uid} is out of supply: halved {cite('Modifiers')}")
    return AttackPart(uid, s, tuple(why))


def may_attack_with(state: TABoard, uid: str, target: Hex, impulse: int) -> bool:
    h = state.position.hex_of(uid)
    return (h is not None and target in state.game.around(h) and may_act(state, uid, impulse)
            and not state.river_blocks(h, target))


def joiners(state: TABoard, side: str, target: Hex) -> list[str]:
    """The side's units next to `target` and not across an unbridged river hexside from it, in the scenario's
    order: those that may join an attack on it if they may still act (`may_attack_with`)."""
    game = state.game
    side_of = game.side_of
    froms = game.attack_from.get(target)
    if froms is None:  # the hexes an attack on `target` may come from (the hexsides do not change in a game)
        froms = game.attack_from[target] = tuple(n for n in game.around(target) if not state.river_blocks(n, target))
    occupied = state.position.occupancy().get
    found = [u for n in froms for u in occupied(n, ()) if side_of[u] == side]
    return sorted(found, key=game.order.__getitem__) if len(found) > 1 else found


def bombard_pool(state: TABoard, units: tuple[str, ...]) -> str | None:
    """The pool paying for Concentrated Bombardment: an in-supply mechanized attacker's (XXX Corps' first,
    unlimited), or None when no such attacker has a point."""
    pools = [pool_for(state, u) for u in units if state.mechanized(u) and in_supply(state, u)]
    found = [p for p in pools if p is not None]
    if UNLIMITED in found:
        return UNLIMITED
    return found[0] if found else None


@dataclass(frozen=True)
class Odds:
    """What an attack would come to: strengths, the net shift and the table's result."""

    attack: Fraction
    defense: Fraction
    shift: int
    result: CombatResult
    modifiers: tuple[str, ...]


def odds(state: TABoard, units: tuple[str, ...], target: Hex, bomb: bool) -> Odds:
    """What the attack of `units` on `target` would come to, kept by the game by all it reads of the
    position: each attacker's hex and supply, and the defenders (their strengths, the table, the terrain and
    the hexsides do not change in a game). The heuristic weighs every attack it may make at every decision,
    and a search's simulations weigh them again."""
    hex_of = state.position.hex_of
    key = (tuple((u, hex_of(u), in_supply(state, u)) for u in units), target, tuple(state.units_at(target)), bomb)
    return kept(state.game.odds_kept, key, ODDS_KEPT, lambda: fresh_odds(state, units, target, bomb))


ODDS_KEPT = 20_000  # the attacks' odds a game keeps (`TAGameBase.odds_kept`)


def fresh_odds(state: TABoard, units: tuple[str, ...], target: Hex, bomb: bool) -> Odds:
    """`odds` worked out afresh."""
    parts = [attack_part(state, u, target) for u in units]
    attack = sum((p.strength for p in parts), Fraction(0))
    defense = Fraction(sum(state.strength(u) for u in state.units_at(target)))
    mods = [m for p in parts for m in p.modifiers]
    shift = state.terrain_shift(target)
    if shift:
        mods.append(f"defender in {state.map.terrain[target]}: {shift:+d} column {cite('Modifiers')}")
    if bomb:
        shift += 1
        mods.append(f"Concentrated Bombardment: +1 column {cite('Concentrated Bombardment')}")
    return Odds(attack, defense, shift, resolve(combat_table(state.sc), attack, defense, shift), tuple(mods))


def _strength_text(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


class AttackWithStep(TAStep[AttackWith]):
    decision = AttackWith
    rule = "Target Arnhem: Combat"
    name = "add an attacking unit, resolve the attack, or cancel it"
    why = {"with": f"only an adjacent unit that has not acted, not across an unbridged river {cite('Attack')}",
           "fire": f"an attack needs a unit; Concentrated Bombardment needs an in-supply mechanized attacker and "
                   f"a supply point {cite('Concentrated Bombardment')}"}

    def explain(self, state: TABoard, d: AttackWith, action: Action) -> str:
        """A unit that may not join, or a resolution not possible now, with its one reason."""
        c = state.combat
        why = None
        if c is not None and isinstance(action, With):
            uid = action.unit
            h = state.position.hex_of(uid)
            if uid in c.units:
                why = f"{uid} already attacks {d.target}"
            else:
                why = acting_problem(state, d.player, state.impulse(), uid)
            if why is None and (h is None or hex_distance(h, c.target) != 1):
                why = (f"{uid} is not adjacent to {d.target}: attacks are only ever with adjacent on-board units "
                       f"{cite('Attack')}")
            if why is None and h is not None and state.river_blocks(h, c.target):
                why = f"{uid} would attack across an unbridged river hexside, which is never allowed {cite('Attack')}"
        elif c is not None and isinstance(action, Fire):
            if not c.units:
                why = f"no unit attacks {d.target} yet: add one first {cite('Combat')}"
            elif action.bomb:
                mech = [u for u in c.units if state.mechanized(u) and in_supply(state, u)]
                why = ("Concentrated Bombardment needs at least one in-supply Mechanized unit attacking the target hex "
                       if not mech else "Concentrated Bombardment needs a supply point of the attacker's, and none "
                       "is left ") + cite("Concentrated Bombardment")
        return f"{action.text()}: {why}" if why else super().explain(state, d, action)

    def legal(self, state: TABoard, d: AttackWith) -> list[Action]:
        c = state.combat
        assert c is not None
        out: list[Action] = []
        if c.units:
            out.append(FIRE)
            if bombard_pool(state, c.units) is not None:
                out.append(BOMBARD)
        impulse = state.impulse()
        out += [one(With, u) for u in joiners(state, d.player, c.target)
                if u not in c.units and may_act(state, u, impulse)]
        out.append(CANCEL)
        return out

    def apply(self, state: TABoard, d: AttackWith, action: Action) -> None:
        c = state.combat
        assert c is not None
        if type(action) is With:  # (final classes: read at once, not through the Action ABC)
            c.units = (*c.units, action.unit)
            state.ask(d)  # the same decision again (frozen)
            return
        if type(action) is Cancel:
            state.combat = None
            state.cancelled = state.cancelled | {c.target}
            state.note(f"the attack on {d.target} is cancelled: no unit has acted {cite('Attack')}")
            state.ask(act(d.player, state.impulse()))
            return
        assert isinstance(action, Fire)
        state.cancelled = frozenset()
        if action.bomb:
            pool = bombard_pool(state, c.units)
            assert pool is not None
            spend(state, pool)
        o = odds(state, c.units, c.target, action.bomb)
        state.acted.update(c.units)
        state.note(f"{', '.join(c.units)} attack {d.target} ({', '.join(c.defenders)}): strength "
                   f"{_strength_text(o.attack)} vs {_strength_text(o.defense)}"
                   + (f"; {'; '.join(o.modifiers)}" if o.modifiers else "")
                   + f"; column {o.result.column}: {o.result.defender} damage to the defender, "
                     f"{o.result.attacker} to the attacker {cite('Combat Ratio Equations')}")
        c.defender_damage, c.attacker_damage = o.result.defender, o.result.attacker
        next_combat_step(state)


def _alive(state: TABoard, units: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(u for u in units if state.on_map(u))


def next_combat_step(state: TABoard) -> None:
    """Damage to the defender, then to the attacker, each assigned by its owner; then the advance; then back
    to the impulse."""
    c = state.combat
    assert c is not None
    defenders, attackers = _alive(state, c.defenders), _alive(state, c.units)
    if c.defender_damage > 0 and defenders:
        state.ask(TakeDamage(state.enemy(c.side), defenders, c.defender_damage))
        return
    if c.attacker_damage > 0 and attackers:
        state.ask(TakeDamage(c.side, attackers, c.attacker_damage))
        return
    c.defender_damage = c.attacker_damage = 0
    if not state.units_at(c.target) and attackers:
        state.ask(AdvanceChoice(c.side, state.map.label(c.target)))
        return
    state.combat = None
    state.ask(act(c.side, state.impulse()))


class TakeDamageStep(TAStep[TakeDamage]):
    decision = TakeDamage
    rule = "Target Arnhem: Damage"
    name = "assign a point of damage"
    why = {"damage": f"damage goes to a unit of the group in the battle {cite('Damage')}"}

    def legal(self, state: TABoard, d: TakeDamage) -> list[Action]:
        return [one(Damage, u) for u in d.units if state.on_map(u)]

    def apply(self, state: TABoard, d: TakeDamage, action: Action) -> None:
        assert isinstance(action, Damage)
        c = state.combat
        assert c is not None
        state.take_damage(action.unit, "combat")
        if d.player == c.side:
            c.attacker_damage -= 1
        else:
            c.defender_damage -= 1
        next_combat_step(state)


class AdvanceStep(TAStep[AdvanceChoice]):
    decision = AdvanceChoice
    rule = "Target Arnhem: Advance"
    name = "advance into the emptied hex, or stay"
    why = {"advance": f"only an attacking unit advances, into the hex the defenders left {cite('Advance')}"}

    def legal(self, state: TABoard, d: AdvanceChoice) -> list[Action]:
        c = state.combat
        assert c is not None
        if state.enemy_at(c.target, c.side):
            return [STAY]
        return [STAY, *(one(Advance, u) for u in _alive(state, c.units) if state.position.hex_of(u) != c.target)]

    def apply(self, state: TABoard, d: AdvanceChoice, action: Action) -> None:
        c = state.combat
        assert c is not None
        if type(action) is Advance:  # (a final class: read at once)
            state.unfortify(action.unit)
            state.put(action.unit, c.target)
            state.note(f"{action.unit} advances into {d.target} {cite('Advance')}")
            overrun_markers(state, action.unit, c.target)
            state.ask(d)  # the same decision again (frozen)
            return
        state.combat = None
        state.ask(act(c.side, state.impulse()))
