"""A side's impulse (Target Arnhem: Impulse 1-3, Movement, Re-Supply, Reinforcements; 001_69d92a61f68ed4f9.txt).

"Each unit (in any order) can do ONE of the following: Move, Attack, or Re-Supply" in impulses 1 and 2;
in impulse 3 "Only Mechanized units (vehicle-pictured counters) can act again". The phasing side also drops
its paratroops in impulses 1 and 2 ("Paradrop units may drop during the 1st or 2nd impulses"), each drop
being that unit's act. The impulse ends when the side passes; then "No more than 3 stacked units may end an
impulse in a hex (eliminate excess units by owner's choice)".

* Move: movement.py. A Pickaxe-fortified unit that moves is unfortified (Fortifications); a German unit
  ending its move on a para supply marker overruns it (supply.py).
* Re-Supply: "Only "in-supply" units may re-supply"; "Repair one damage point, per unit, per impulse:
  expend one supply point each."
* Attack: declared here on an adjacent enemy hex, fought in combat.py.
* Paradrops: "within 2 hexes of their own personal para supply area, not on an enemy hex, and not over a
  river with a bridge farther than its 2-hex requirement" (the two-hex trace of supply.py, which crosses no
  unbridged river); "Polish Para (PP) units can land at any non-enemy hex"; "Airborne units may arrive in
  hex 0103 (instead of a paradrop)", the only place left to a division whose marker was overrun.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...hexgrid import Hex
from ..kit import Task
from ..kit.kept import kept
from ..kit.listing import Listing
from ..protocol import Action
from .actions import Attack, Eliminate, Enter, Move, Pass, Resupply, one
from .board import STACKING_LIMIT, WAITING, Combat, TABoard, cite
from .decisions import Act, AttackWith, Excess, act
from .movement import move_lister
from .step import TAStep
from .supply import in_supply, marker_hexes, overrun_markers, pool_for, spend, spread
from .why import acting_problem, attack_refusal, move_refusal


@dataclass(frozen=True)
class StartImpulse(Task):
    """The impulse begins: which units may use road movement is fixed now (Movement)."""

    def run(self, state: TABoard) -> None:
        side, n = state.impulse_side(), state.impulse()
        state.acted = set()
        state.cancelled = frozenset()
        ready = set()
        near = state.enemy_hexes(side)[1]  # the hexes next to an enemy unit (board.enemy_adjacent)
        hex_of = state.position.hex_of
        for uid in state.units_of(side):
            h = hex_of(uid)
            if h is not None and state.on_road(h) and h not in near:
                ready.add(uid)
        state.road_ready = frozenset(ready)
        state.note(f"Turn {state.turn}: {state.side_name(side)} impulse {n} {cite(f'Impulse {n}')}")
        state.ask(act(side, n))


@dataclass(frozen=True)
class EndImpulse(Task):
    """The impulse ends: hexes over three units lose the excess, by their owner's choice (Movement)."""

    def run(self, state: TABoard) -> None:
        over = over_stacked(state)
        if over:
            h = over[0]
            state.ask(Excess(state.side_at(h), state.map.label(h)))
            state.queue.insert(0, EndImpulse())


def over_stacked(state: TABoard) -> list[Hex]:
    side = state.impulse_side()
    hexes = [h for h, us in state.position.occupancy().items() if len(us) > STACKING_LIMIT]
    return sorted(hexes, key=lambda h: (state.side_at(h) != side, state.map.label(h)))


def may_act(state: TABoard, uid: str, impulse: int) -> bool:
    return uid not in state.acted and state.in_play(uid) and (impulse < 3 or state.mechanized(uid))


def attack_targets(state: TABoard, side: str, impulse: int) -> list[Hex]:
    """Enemy hexes next to a unit that may still act, not across an unbridged river (Attack)."""
    near = state.enemy_hexes(side)[1]  # the hexes next to an enemy's, not across such a river
    hex_of = state.position.hex_of
    fronts = {h for uid in state.units_of(side) if (h := hex_of(uid)) is not None and h in near
              and may_act(state, uid, impulse)}
    return targets_from(state, side, fronts)


def targets_from(state: TABoard, side: str, fronts: set[Hex]) -> list[Hex]:
    """`attack_targets` from the hexes of the side's units that may act and stand next to the enemy."""
    held = state.enemy_hexes(side)[0]
    around = state.game.around
    targets: set[Hex] = set()
    for h in fronts:
        for n in around(h):
            if n in held and not state.river_blocks(h, n):
                targets.add(n)
    return sorted(targets - state.cancelled, key=state.map.label)


def can_resupply(state: TABoard, uid: str) -> bool:
    return state.damage(uid) > 0 and in_supply(state, uid) and pool_for(state, uid) is not None


def due_airborne(state: TABoard, side: str) -> list[str]:
    """The side's airborne reinforcements due by this turn and still waiting, in the scenario's order."""
    out: list[str] = []
    status = state.position.status
    for turn, units in state.game.airborne_arrivals.get(side, ()):
        if turn <= state.turn:
            out += [u for u in units if status(u) == WAITING and u not in out]
    return out


def drop_hexes(state: TABoard, uid: str) -> list[Hex]:
    """Where an airborne reinforcement may arrive now (Reinforcements): of `drop_places`, the hexes holding
    fewer than three units."""
    units_at = state.position.units_at
    return [h for h in drop_places(state, uid) if len(units_at(h)) < STACKING_LIMIT]


def full_hexes(state: TABoard) -> set[Hex]:
    """The hexes holding three units or more (no paradrop into them: `drop_hexes`)."""
    return {h for h, us in state.position.occupancy().items() if len(us) >= STACKING_LIMIT}


def enter_actions(state: TABoard, uid: str, full: set[Hex]) -> Sequence[Action]:
    """The unit's `Enter` actions, one for each of `drop_hexes` in its order (`full`: `full_hexes`): while
    none of its paradrop places is full, the tuple the game keeps for those places (the same object, which a
    bot may weigh once), else a list of those not full."""
    places = drop_places(state, uid)
    store = state.game.enters_kept
    got = store.get(uid)
    if got is None or got[0] is not places:
        label = state.map.label
        got = store[uid] = (places, frozenset(places), tuple(Enter(uid, label(h)) for h in places))
    if full and not full.isdisjoint(got[1]):
        return [a for h, a in zip(places, got[2], strict=True) if h not in full]
    return got[2]


DROPS_KEPT = 2_000  # the paradrop places a game keeps (`TAGameBase.drops_kept`)


def drop_places(state: TABoard, uid: str) -> tuple[Hex, ...]:
    """The hexes an airborne reinforcement may drop into, or arrive at (0103), whatever they hold of its own
    side, in label order; kept by the game by all they read: the side, whether the unit lands anywhere (Polish
    Para while their marker stands), its marker's hex and the enemy's hexes."""
    side = state.side_of(uid)
    stripe = state.stripe(uid)
    anywhere = state.polish(uid) and stripe not in state.overrun
    markers = () if anywhere else tuple(marker_hexes(state, stripe))
    held = state.enemy_hexes(side)[0]

    def places() -> tuple[Hex, ...]:
        cands = set(state.map.hexes) if anywhere else spread(state, markers, side, 2)
        if state.game.entry_hex is not None:
            cands.add(state.game.entry_hex)
        return tuple(sorted((h for h in cands if h not in held), key=state.map.label))

    return kept(state.game.drops_kept, (side, anywhere, markers, held), DROPS_KEPT, places)


PASS: tuple[Action, ...] = (Pass(),)  # an impulse's first legal action (frozen: one object serves every listing)


class ActStep(TAStep[Act]):
    decision = Act
    rule = "Target Arnhem: Sequence of Play"
    name = "Move, Attack or Re-Supply with a unit, drop paratroops, or end the impulse"
    why = {
        "move": f"the unit cannot move there now {cite('Movement')}",
        "resupply": f"only a damaged, in-supply unit with a supply point to spend may re-supply {cite('Re-Supply')}",
        "attack": f"attacks are only on an adjacent enemy hex, never across an unbridged river {cite('Attack')}",
        "enter": f"paradrops are within 2 hexes of the division's para supply marker, in impulses 1 and 2 "
                 f"{cite('Reinforcements')}",
    }

    def explain(self, state: TABoard, d: Act, action: Action) -> str:
        """A refused move or attack names the one rule that forbids it, with the hex (why.py)."""
        why = None
        if isinstance(action, Move):
            why = move_refusal(state, d.player, d.impulse, action.unit, action.dest)
        elif isinstance(action, Attack):
            why = attack_refusal(state, d.player, d.impulse, action.target)
        elif isinstance(action, Resupply):
            uid = action.unit
            why = acting_problem(state, d.player, d.impulse, uid)
            if why is None and state.damage(uid) == 0:
                why = f"{uid} has no damage to repair {cite('Re-Supply')}"
            elif why is None and not in_supply(state, uid):
                why = f"{uid} is out of supply: only in-supply units may re-supply {cite('Re-Supply')}"
            elif why is None and pool_for(state, uid) is None:
                why = f"no supply point is left in {uid}'s pool {cite('Supply Points')}"
        return f"{action.text()}: {why}" if why else super().explain(state, d, action)

    def legal(self, state: TABoard, d: Act) -> Listing:
        """Pass; each unit that may act: its moves, then its Re-Supply; the attacks; the paradrops. A `Listing`
        of parts: each unit's moves are the tuple the game keeps (`move_lister`), the same object as long as
        all they read is unchanged, so a bot may weigh them once by that tuple (the Target Arnhem heuristic)."""
        parts: list[Sequence[Action]] = [PASS]
        side = d.player
        moves = move_lister(state, side)
        near = state.enemy_hexes(side)[1]
        fronts: set[Hex] = set()  # the hexes of the units that may act next to the enemy (`attack_targets`)
        acted, hexes, lost = state.acted, state.position.hexes, state.position.steps_lost
        mechanized = state.game.mechanized if d.impulse >= 3 else None
        for uid in state.units_of(side):  # those that may act (`may_act`)
            if uid in acted or (mechanized is not None and uid not in mechanized):
                continue
            h = hexes.get(uid)
            if h is None and not state.in_play(uid):
                continue
            parts.append(moves(uid))
            if lost(uid) > 0 and can_resupply(state, uid):
                parts.append((one(Resupply, uid),))
            if h in near:
                fronts.add(h)
        parts.append([one(Attack, state.map.label(h)) for h in targets_from(state, side, fronts)])
        if d.impulse < 3:
            due = due_airborne(state, side)
            full = full_hexes(state) if due else set()
            for uid in due:
                parts.append(enter_actions(state, uid, full))
        return Listing(parts)

    def apply(self, state: TABoard, d: Act, action: Action) -> None:
        # (the actions are of final classes: their type read at once, not through the Action ABC)
        if type(action) is Pass:
            state.note(f"{state.side_name(d.player)} ends impulse {d.impulse}")
            state.queue.append(EndImpulse())
            return
        state.ask(d)  # the same decision again (frozen)
        if type(action) is not Attack:
            state.cancelled = frozenset()
        if type(action) is Move:
            do_move(state, action.unit, action.dest)
        elif type(action) is Resupply:
            pool = pool_for(state, action.unit)
            assert pool is not None
            spend(state, pool)
            state.position.lose_steps(action.unit, -1)
            state.acted.add(action.unit)
            state.note(f"{action.unit} re-supplies: one damage point repaired for one {pool} supply point "
                       f"{cite('Re-Supply')}")
        elif type(action) is Attack:
            h = state.map.hex_at(action.target)
            assert h is not None
            state.combat = Combat(d.player, h, (), tuple(state.units_at(h)))
            state.ask(AttackWith(d.player, action.target))
        elif type(action) is Enter:
            h = state.map.hex_at(action.dest)
            assert h is not None
            state.put(action.unit, h)
            state.acted.add(action.unit)
            how = "arrives at" if h == state.game.entry_hex else "drops into"
            state.note(f"{action.unit} {how} {action.dest} {cite('Reinforcements')}")


def do_move(state: TABoard, uid: str, dest: str) -> None:
    before = state.where(uid)
    state.unfortify(uid)
    if dest in state.game.areas:
        state.put_offboard(uid, dest)
    else:
        h = state.map.hex_at(dest)
        assert h is not None
        state.put(uid, h)
        overrun_markers(state, uid, h)
    state.acted.add(uid)
    state.note(f"{uid} moves from {before} to {state.where(uid)} {cite('Movement')}")


class ExcessStep(TAStep[Excess]):
    decision = Excess
    rule = "Target Arnhem: Movement"
    name = "eliminate a unit over the limit of three per hex"

    def legal(self, state: TABoard, d: Excess) -> list[Action]:
        return [one(Eliminate, u) for u in state.units_at(state.map.hex_at(d.hex))]

    def apply(self, state: TABoard, d: Excess, action: Action) -> None:
        assert isinstance(action, Eliminate)
        state.eliminate(action.unit, f"more than 3 units in {d.hex} at the end of an impulse {cite('Movement')}")
