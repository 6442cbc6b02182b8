"""Operations Phase (Koenig 7.0-7.2, 8.0, 8.4, 002_fe1216aa5df94854.txt), day turns only: every HQ of a formation
with units on the map or arriving goes in the Command Cup; HQs are drawn one at a time (a chance node over
the HQs left) and the drawn formation's units each conduct one Operation: Movement (8.0; into an enemy hex,
Close Combat 10.0), a Full Fire Attack (9.0, in concert 7.1.1) or a Combined Operation (8.4: half MA and a
Mobile Fire, in either order, 8.4.1). The independent 16th battalion activates with any German HQ once per
turn (exclusive 7.0); the Recon/9th may exit (exclusive 12.0).

With optional rule 14.1 the holder of the Leadership marker may use it once for an Automatic Activation
before a draw, a Force March (double MA), a Temporary Attachment or a Unit Recovery; with 14.3 Heavy Weapons
fire indirectly; with 14.5 a unit of MA 10 that wins a Close Combat unhit moves on (Overrun)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from ...hexgrid import Hex, hex_distance
from ..kit import ChanceStep, Decision, Task
from ..kit.kept import kept
from ..protocol import CHANCE, Action, Phase
from .actions import (
    DONE,
    OFF,
    Attach,
    CombinedMove,
    CupDraw,
    Done,
    End,
    Fire,
    LeadActivate,
    MobileFire,
    Move,
    Pass,
    Recover,
)
from .battle import start_battle
from .board import ELIMINATED, EXITED, ON_MAP, PENDING, Battle, Doing, FireKind, KoenigBoard, cite
from .combat import FULL, fire_reach, halve
from .moves import activation_moves, move_actions, move_allowance
from .refusal import KoenigStep, MovingStep


@dataclass(frozen=True)
class AutomaticActivation(Decision):
    """14.1: before a draw, the holder of the Leadership marker may activate one of his HQs still in the cup."""


@dataclass(frozen=True)
class CupDrawing(Decision):
    """7.0: an HQ drawn blindly from the Command Cup (a chance node over the HQs left)."""


@dataclass(frozen=True)
class Activation(Decision):
    """7.0-7.2: the active formation's player chooses the next Operation, or ends the activation."""


@dataclass(frozen=True)
class OperationInProgress(Decision):
    """8.4.1, 14.5: `unit` is in the middle of its Operation (a Combined move or fire still to make, an Overrun)."""

    unit: str = ""


# -- the cup -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class OperationsPhase(Task):
    """7.0: every HQ of a formation with units on the map or arriving goes in the cup."""

    def run(self, state: KoenigBoard) -> None:
        formations = set()
        for uid in state.unit_ids():
            if state.status(uid) in (ON_MAP, PENDING) and not state.independent(uid):
                formations.add(state.sc.units[uid].formation)
        state.cup = sorted(state.hq_of(f) for f in formations)
        state.queue.insert(0, NextDraw())


@dataclass(frozen=True)
class NextDraw(Task):
    """7.2: the next HQ, while the cup holds any (14.1: the Leadership marker's holder may pick his own)."""

    def run(self, state: KoenigBoard) -> None:
        state.active, state.active_side = "", ""
        if not state.cup:
            return
        if state.option("leadership") and state.leader and any(state.hq_side(h) == state.leader for h in state.cup):
            state.ask(AutomaticActivation(state.leader))
        else:
            state.ask(CupDrawing(CHANCE))


def activate(state: KoenigBoard, hq: str) -> None:
    state.cup.remove(hq)
    state.active = state.formation_of_hq(hq)
    state.active_side = state.hq_side(hq) or next(
        u.side for u in state.sc.units.values() if u.formation == state.active)
    state.ask(Activation(state.active_side))


class AutomaticActivationStep(KoenigStep[AutomaticActivation]):
    decision = AutomaticActivation
    rule = "Koenig 14.1"
    name = "Automatic Activation or a draw"
    phase_name = "Operations Phase: Automatic Activation"
    section = "14.1"
    why = {"lead-activate": f"Automatic Activation needs the Leadership marker and the HQ in the cup {cite('14.1')}"}

    def legal(self, state: KoenigBoard, d: AutomaticActivation) -> list[Action]:
        return [Pass()] + [LeadActivate(h) for h in state.cup if state.hq_side(h) == state.leader]

    def apply(self, state: KoenigBoard, d: AutomaticActivation, action: Action) -> None:
        if isinstance(action, LeadActivate):
            state.leader = ""
            activate(state, action.hq)
            state.note(f"{action.hq} activated with the Leadership marker {cite('14.1')}: formation {state.active} "
                       f"is active {cite('7.0')}")
        else:
            state.ask(CupDrawing(CHANCE))


class CupDrawStep(ChanceStep[KoenigBoard, CupDrawing], KoenigStep[CupDrawing]):
    decision = CupDrawing
    rule = "Koenig 7.0"
    name = "Command Cup draw"
    phase_name = "Operations Phase: Command Cup draw"
    section = "7.0"

    def outcomes(self, state: KoenigBoard, d: CupDrawing) -> list[tuple[Action, Fraction]]:
        cup = tuple(state.cup)
        got = state.game.cup_outcomes.get(cup)  # the same HQs in the cup, the same draws: kept per game
        if got is None:
            n = len(cup)
            got = state.game.cup_outcomes[cup] = [(CupDraw(hq), Fraction(1, n)) for hq in cup]
        return list(got)

    def explain(self, state: KoenigBoard, d: CupDrawing, action: Action) -> str:
        return f"{action.text()} is not an outcome of this chance node in {self.phase(state, d)}"

    def apply(self, state: KoenigBoard, d: CupDrawing, action: Action) -> None:
        assert isinstance(action, CupDraw)
        activate(state, action.hq)
        state.note(f"{action.hq} drawn from the Command Cup: formation {state.active} is active {cite('7.0')}")


# -- what the active formation may do -----------------------------------------------------------------
def eligible(state: KoenigBoard) -> list[str]:
    """Units that may still conduct an Operation in this activation (7.0, 7.1; the independent 16th with any
    German HQ once per turn, exclusive 7.0; reconstituted units wait a turn, 14.1)."""
    out = []
    done, reconstituted, attached, used = state.done, state.reconstituted, state.attached, state.sixteen_used
    status = state.position.status
    active = state.active
    for uid, formation, independent in state.game.side_units.get(state.active_side, ()):  # the scenario's order
        if uid in done or uid in reconstituted:
            continue
        st = status(uid)
        if st != ON_MAP and st != PENDING:
            continue
        if (attached.get(uid) or formation) == active:
            out.append(uid)
        elif independent and uid not in attached and uid not in used:
            out.append(uid)
    return out


def listing_key(state: KoenigBoard, units: list[str]) -> tuple[object, ...]:
    """All that an Activation's listing without the Leadership marker reads besides the scenario and the game's
    options (ActivationStep.legal): the active side, its eligible units (7.0, 7.1), where each is and whether
    it is on the map or entering (8.5), the hexes full or held by the enemy and the Interdiction markers (what
    its moves' hooks are made of, 8.2, 10.0, 14.2) and the enemy's hexes (its Fire Attacks, 9.0)."""
    side = state.active_side
    pos = state.position
    hex_of, status = pos.hex_of, pos.status
    return (side, tuple(units), tuple([(hex_of(u), status(u)) for u in units]), state.hooks_key(side),
            state.enemy_hexes(side))


def fire_groups(state: KoenigBoard, kind: FireKind, candidates: list[str], required: list[str]) -> list[Action]:
    """Fire Attacks in concert (7.1.1): every non-empty set of candidate units (including `required`) that
    may all fire at one target hex with the same kind of Fire Attack (9.0, 9.1, 14.3, exclusive 8.5), the
    targets in hex order."""
    out: list[Action] = []
    enemy = state.enemy_hexes(state.active_side)
    full = kind == FULL  # keys below hold this bool: a FireKind hashes in Python
    indirect_ok = full and state.option("indirect_fire")
    hex_of = state.position.hex_of
    reach = state.game.fire_reach
    able_at: dict[Hex, list[str]] = {}  # target -> the candidates able to fire at it, in their order
    for uid in candidates:
        h = hex_of(uid)
        if h is None:
            continue
        heavy = indirect_ok and state.heavy_weapons(uid)
        targets = reach.get((h, full, heavy))
        if targets is None:  # not a hex of the map (a test's position): the same rules, read now
            targets = reach[(h, full, heavy)] = fire_reach(state.map, h, full, heavy)
        for t in targets:
            if t in enemy:
                got = able_at.get(t)
                if got is None:
                    able_at[t] = [uid]
                else:
                    got.append(uid)
    if not able_at:
        return out
    memo = state.game.fire_memo
    label = state.game.labels.__getitem__
    make = Fire if full else MobileFire
    for t in sorted(able_at):
        able = able_at[t]
        if any(r not in able for r in required):
            continue
        key = (full, t, tuple(able), tuple(required))
        groups = memo.get(key)
        if groups is None:  # the groups at a target depend only on who may fire at it: kept per game
            groups = []
            free = [x for x in able if x not in required]
            for n in range(0, len(free) + 1):
                for combo in combinations(free, n):
                    group = sorted(required + list(combo))
                    if group:
                        groups.append(make(tuple(group), label(t)))
            if len(memo) > 20000:
                memo.clear()
            memo[key] = groups
        out += groups
    return out


def recovery_hexes(state: KoenigBoard, uid: str) -> list[Hex]:
    """Placement of a reconstituted unit (14.1): (a) a hex not adjacent to an enemy unit with one unit of its
    formation; (b) an empty hex not adjacent to an enemy unit, adjacent to a hex with units of its
    formation; (c) a Town or City hex with one friendly unit and at least three hexes from the nearest enemy
    unit."""
    side, formation = state.side_of(uid), state.sc.units[uid].formation
    occ = state.occupants()
    units = state.sc.units
    enemies = [h for h, us in occ.items() if any(state.side_of(x) != side for x in us)]
    out = []
    for h in state.map.hexes:
        here = occ.get(h, ())
        near = min((hex_distance(h, e) for e in enemies), default=99)
        same = [x for x in here if units[x].formation == formation and formation]
        if near > 1 and len(here) == 1 and same:
            out.append(h)
        elif near > 1 and not here and any(
                any(units[x].formation == formation and formation for x in occ.get(n, ()))
                for n in state.map.neighbors_on_map(h)):
            out.append(h)
        elif (near >= 3 and len(here) == 1 and state.side_of(here[0]) == side
              and state.map.terrain_at(h) in ("town", "city")):
            out.append(h)
    return out


# -- doing it ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ResumeActivation(Task):
    """After an Operation (and its battle): the unit in the middle of its Operation goes on, else the next."""

    def run(self, state: KoenigBoard) -> None:
        if state.in_progress:
            state.ask(OperationInProgress(state.active_side, sorted(state.in_progress)[0]))
        else:
            state.ask(Activation(state.active_side))


def _mark_operating(state: KoenigBoard, uid: str) -> None:
    if state.independent(uid) and state.formation_of(uid) != state.active:
        state.sixteen_used.add(uid)


def _move(state: KoenigBoard, a: Move | CombinedMove) -> None:
    """Movement (8.0) or the move of a Combined Operation (8.4); a move into an enemy hex starts Close Combat
    (10.0); off the map exits the Recon/9th (exclusive 12.0)."""
    uid = a.unit
    _mark_operating(state, uid)
    doing = state.in_progress.get(uid)
    if a.march:
        state.leader = ""
    allowance = move_allowance(state, uid, type(a), a.march)
    march = " by Force March (14.1)" if a.march else ""
    combined = isinstance(a, CombinedMove)
    if a.dest == OFF:
        state.position.remove(uid, EXITED)
        state.in_progress.pop(uid, None)
        state.finish(uid)
        state.note(f"{uid} exits off the map{march} {cite('exclusive 12.0')}")
        return
    h = state.map.hex_at(a.dest)
    assert h is not None
    entering = state.status(uid) == PENDING
    side = state.side_of(uid)
    enemy_here = [x for x in state.units_at(h) if state.side_of(x) != side] if h in state.enemy_hexes(side) else []
    spent = state.move_options(uid, allowance).get(h, 0.0) if enemy_here else 0.0
    state.position.place(uid, h)
    if combined:
        if doing == Doing.FIRED:
            state.in_progress.pop(uid)
            state.march_combined.discard(uid)
            state.finish(uid)
        else:
            state.in_progress[uid] = Doing.MOVED
            if a.march:
                state.march_combined.add(uid)
    else:
        state.in_progress.pop(uid, None)
        state.overrun_mp.pop(uid, None)
        state.finish(uid)
    how = ("enters the map and " if entering else "") + ("moves at half MA (Combined)" if combined else "moves")
    if not enemy_here:
        state.note(f"{uid} {how} to {a.dest}{march} {cite('8.4' if combined else '8.0')}")
        return
    # Close Combat (10.0): the mover ends its Operation after the battle (10.3) unless it overruns (14.5)
    state.note(f"{uid} {how} into {a.dest}{march}: Close Combat with {', '.join(enemy_here)} {cite('10.0')}")
    if combined:
        state.in_progress.pop(uid, None)
        state.march_combined.discard(uid)
        state.finish(uid)
    b = Battle(FireKind.CLOSE, side, (uid,), h, tuple(enemy_here))
    b.mover_mp_left = allowance - spent
    b.entering = entering
    b.attacker_undamaged = state.hits(uid) == 0
    start_battle(state, b)


def _fire(state: KoenigBoard, a: Fire | MobileFire) -> None:
    """A Fire Attack declared (9.0 Preparation): the units fire in concert (7.1.1)."""
    mobile = isinstance(a, MobileFire)
    for uid in a.units:
        _mark_operating(state, uid)
        if not mobile:
            state.finish(uid)
        elif state.in_progress.get(uid) == Doing.MOVED:
            state.in_progress.pop(uid)
            state.march_combined.discard(uid)
            state.finish(uid)
        else:
            state.in_progress[uid] = Doing.FIRED
    target = state.map.hex_at(a.target)
    assert target is not None
    state.note(f"{'Mobile Fire' if mobile else 'Full Fire'} by {', '.join(a.units)} at {a.target} {cite('9.0')}")
    start_battle(state, Battle(FireKind.MOBILE if mobile else FireKind.FULL, state.active_side, a.units, target,
                               tuple(state.units_at(target))))


class _OperationStep(MovingStep[Activation | OperationInProgress]):
    """What the two operation decisions share: their phase, refusals and the apply of an Operation."""

    rule = "Koenig 7.0"
    phase_name = "Operations Phase"
    section = "7.0"
    operating = True
    takes = ("fire", "mfire", "move", "cmove")
    why = {
        "fire": f"not a legal Fire Attack here {cite('7.1.1, 9.0')}",
        "move": f"the unit cannot move there {cite('8.0')}",
        "attach": "Temporary Attachment needs the Leadership marker and a unit whose HQ is still in the cup "
                  f"{cite('14.1')}",
        "recover": f"Unit Recovery needs the Leadership marker and one of the three placements {cite('14.1')}",
        "end": f"only a unit in the middle of its Operation can end it {cite('7.1, 8.4.1')}",
        "done": f"finish the Operation in progress first {cite('7.1, 8.4.1')}",
    }
    why["mfire"], why["cmove"] = why["fire"], why["move"]

    def phase(self, state: KoenigBoard, d: Activation | OperationInProgress) -> Phase:
        return state.phase_of(self.phase_name, self.rule, state.active_side)

    def apply(self, state: KoenigBoard, d: Activation | OperationInProgress, action: Action) -> None:
        if isinstance(action, Done):
            state.note(f"formation {state.active} ends its activation {cite('7.2')}")
            state.queue.insert(0, NextDraw())
            return
        state.queue.insert(0, ResumeActivation())
        if isinstance(action, (Move, CombinedMove)):
            _move(state, action)
        elif isinstance(action, (Fire, MobileFire)):
            _fire(state, action)
        elif isinstance(action, End):
            uid = action.unit
            state.in_progress.pop(uid, None)
            state.overrun_mp.pop(uid, None)
            state.march_combined.discard(uid)
            state.finish(uid)
        elif isinstance(action, Attach):
            state.leader = ""
            state.attached[action.unit] = state.active
            state.note(f"{action.unit} is temporarily attached to formation {state.active} {cite('14.1')}")
        elif isinstance(action, Recover):
            state.leader = ""
            h = state.map.hex_at(action.dest)
            assert h is not None
            state.position.place(action.unit, h)
            state.position.set_steps_lost(action.unit, 2)
            state.reconstituted.add(action.unit)
            state.note(f"Unit Recovery: {action.unit} returns in {action.dest} with 2 Hits {cite('14.1')}")


class ActivationStep(_OperationStep):
    decision = Activation
    name = "an Operation of the active formation, or done"

    def legal(self, state: KoenigBoard, d: Activation | OperationInProgress) -> list[Action]:
        """Done, then each eligible unit's moves, then the Fire Attacks. Without the Leadership marker in the
        active side's hands the list is kept by the game by all it reads (`listing_key`): a search's
        simulations and the positions alike among them list it once."""
        lead = bool(state.option("leadership") and state.leader == state.active_side)
        units = eligible(state)
        if lead:
            return self.listed(state, units, lead)
        key = listing_key(state, units)
        return list(kept(state.game.activation_listing, key, 20000, lambda: self.listed(state, units, lead)))

    def listed(self, state: KoenigBoard, units: list[str], lead: bool) -> list[Action]:
        """The listing of `legal` worked out afresh (the tests compare the two)."""
        out: list[Action] = [DONE]
        exits = state.exit_units()
        for uid in units:
            ma = state.allowance(uid)
            options = state.move_options(uid, 2 * ma if lead else ma)
            if not lead and uid not in exits:
                out += activation_moves(state, uid, ma, options)  # the two calls below, kept per game
                continue
            out += move_actions(state, uid, Move, ma, False, options=options)
            out += move_actions(state, uid, CombinedMove, halve(ma), False, options=options)
            if lead:
                out += move_actions(state, uid, Move, 2 * ma, True, base=ma, options=options)
                out += move_actions(state, uid, CombinedMove, ma, True, base=halve(ma), options=options)
        on_map = [x for x in units if state.on_map(x)]
        out += fire_groups(state, FireKind.FULL, on_map, [])
        out += fire_groups(state, FireKind.MOBILE, on_map, [])
        if lead:
            for uid in sorted(state.unit_ids()):
                if (state.side_of(uid) == state.active_side and state.on_map(uid) and uid not in state.done
                        and not state.independent(uid) and state.formation_of(uid) != state.active
                        and state.hq_of(state.sc.units[uid].formation) in state.cup):
                    out.append(Attach(uid))
            for uid in sorted(state.unit_ids()):
                if state.status(uid) == ELIMINATED and state.side_of(uid) == state.active_side and (
                        state.sc.units[uid].formation == state.active or state.independent(uid)):
                    out += [Recover(uid, state.map.label(h)) for h in recovery_hexes(state, uid)]
        return out


class OperationInProgressStep(_OperationStep):
    decision = OperationInProgress
    name = "go on with the Operation in progress, or end it"

    def legal(self, state: KoenigBoard, d: Activation | OperationInProgress) -> list[Action]:
        assert isinstance(d, OperationInProgress)
        uid = d.unit
        doing = state.in_progress[uid]
        out: list[Action] = []
        if doing == Doing.MOVED:
            others = [x for x in eligible(state) if x not in state.in_progress and state.on_map(x)]
            out += fire_groups(state, FireKind.MOBILE, [uid] + others, [uid])
        elif doing == Doing.FIRED:
            cap = state.allowance(uid) if uid in state.march_combined else halve(state.allowance(uid))
            out += move_actions(state, uid, CombinedMove, cap, False)
        else:
            out += move_actions(state, uid, Move, state.overrun_mp[uid], False)
        out.append(End(uid))
        return out


__all__ = ["Activation", "ActivationStep", "AutomaticActivation", "AutomaticActivationStep", "CupDrawStep",
           "CupDrawing", "NextDraw", "OperationInProgress", "OperationInProgressStep", "OperationsPhase",
           "ResumeActivation", "eligible", "fire_groups", "recovery_hexes"]
