"""The Movement/Fire impulses (Storm over Arnhem: The Crossing, 003_6afad32bba8815b2.txt 3.6, and the basic
game's impulse sequence as reconstructed here).

* The sides alternate impulses, the Germans first each turn (reconstructed). In an impulse the phasing side
  moves uncommitted units out of one area (one by one; each may go to a different area), or fires with a
  group (fire.py), or passes. Units that move or fire become committed until the end of the turn.
* Two passes in a row end the turn, unless the holder of the Tactical Advantage uses it to continue (the
  introduction and 3.41 name this use; the Tactical Advantage then passes to the other side, and its former
  holder takes the next impulse: a reading). The British hold it at the start; if they have not used it, it
  switches to the Germans at the start of turn 3 (the introduction; state.py).
* Turn B (3.41): before every German impulse the German player rolls a die; on 1 or 2 the 9th SS Recon
  enters in that impulse (recon.py). Otherwise he moves, fires or passes, and the turn does not end on two
  passes in a row: the 9th SS Recon enters automatically, and the turn ends after its impulse unless the
  Germans hold the Tactical Advantage and use it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..kit import ChanceStep, Task
from ..protocol import CHANCE, Action, Phase, Roll
from .actions import Done, EndTurn, Fire, Move, Pass, UseTA
from .board import GERMAN, Combat, SoABoard, cite
from .decisions import ContinueTurn, EntryRoll, FireGroup, Impulse, MoreMoves
from .movement import enemy_areas, movement_factors, reach, reached
from .recon import ReconEnters
from .step import SoAStep


@dataclass(frozen=True)
class BeginImpulse(Task):
    def run(self, state: SoABoard) -> None:
        side = state.impulse_side
        if state.label() == "B" and side == GERMAN and not state.recon_entered and recon_waiting(state):
            state.ask(EntryRoll(CHANCE))
        else:
            state.ask(Impulse(side))


@dataclass(frozen=True)
class EndImpulse(Task):
    def run(self, state: SoABoard) -> None:
        state.moving_from = ""
        state.impulse_side = state.enemy(state.impulse_side)
        state.queue.append(BeginImpulse())


@dataclass(frozen=True)
class TurnOver(Task):
    """The impulses are over: the Close Combat Phase and the end of the turn follow (state.py queues them)."""

    def run(self, state: SoABoard) -> None:
        state.note(f"Turn {state.label()}: the Movement/Fire impulses end {cite('3.6')}")
        state.impulses_over = True


def recon_waiting(state: SoABoard) -> bool:
    return any(state.is_recon(u) and state.status(u) == "waiting" for u in state.unit_ids())


def movers(state: SoABoard, side: str, origin: str | None = None) -> list[Action]:
    out: list[Action] = []
    g = state.game
    areas, committed, pillboxes = state.position.areas, state.committed, g.pillboxes
    for uid in g.side_units.get(side, ()):
        here = areas.get(uid)
        if here is None or (origin is not None and here != origin):
            continue
        if uid in pillboxes or uid in committed:
            continue
        got = reached(state, uid)  # `reach`, whose moves are made once for every position it is kept for
        if got is not None:
            out += got.moves_of(uid)
    return out


def fire_declarations(state: SoABoard, side: str) -> list[Action]:
    out: list[Action] = []
    foes = enemy_areas(state, side)  # where `fighting` finds enemy units
    areas, committed, pillboxes = state.position.areas, state.committed, state.game.pillboxes
    origins = sorted({a for u in state.game.side_units.get(side, ()) if (a := areas.get(u)) is not None
                      and u not in committed and u not in pillboxes and state.attack(u) > 0})
    for o in origins:
        for t in (o, *state.game.neighbours[o]):
            if t in foes:
                out.append(Fire(o, t))
    return out


def do_move(state: SoABoard, uid: str, dest: str) -> None:
    spent, path = reach(state, uid)[dest]
    before = state.area_of(uid)
    state.put(uid, dest)
    for a in path[1:]:
        if state.side_of(uid) == "british":
            state.transit[a] = "british"
    state.commit([uid])
    state.note(f"{uid} moves from area {before} to area {dest} ({' > '.join(path)}, {spent} MF) {cite('3.6')}")


NO_LIMIT = 1000  # MF: a search this deep reaches every area a way leads to


def move_refusal(state: SoABoard, action: Move) -> str:
    """Why a unit may not move to an area now, naming the rule."""
    uid, dest = action.unit, action.dest
    if uid not in state.game.side_of or dest not in state.game.areas.areas:
        return f"{action.text()}: no such unit or area"
    if state.is_pillbox(uid):
        return f"{action.text()}: the pillbox never moves (4-X-0) {cite('1.1')}"
    if not state.uncommitted(uid):
        return f"{action.text()}: {uid} is committed until the end of the turn {cite('3.6')}"
    if state.turn == 0 and "perimeter" in state.area(dest).tags:
        return f"{action.text()}: neither side may enter a perimeter zone during turn A {cite('3.2')}"
    if state.room(dest, state.side_of(uid)) <= 0:
        return f"{action.text()}: area {dest} is full for its side (stacking, reconstructed) {cite('1.1')}"
    here = state.area_of(uid)
    if here == dest:
        return f"{action.text()}: {uid} is already in area {dest}"
    mf = movement_factors(state, uid)
    got = reach(state, uid, allowance=NO_LIMIT).get(dest)
    if got is not None:
        spent, path = got
        turn_a = " (+1 on turn A, AT units 6)" if state.turn == 0 and state.side_of(uid) == "british" else ""
        return (f"{action.text()}: area {dest} costs {spent} MF by the cheapest way ({' > '.join(path)}) and {uid} has "
                f"{mf} MF this turn{turn_a} {cite('3.1')}")
    return (f"{action.text()}: every way from area {here} to area {dest} enters an area with enemy units first, "
            f"where the move ends (the basic game's rule as 3.44 and 3.45 apply it) {cite('3.6')}")


def fire_refusal(state: SoABoard, side: str, action: Fire) -> str | None:
    """The one reason a fire from `action.origin` at `action.target` is refused (1.1, 3.6); None if none."""
    areas = state.game.areas.areas
    for area in (action.origin, action.target):
        if area not in areas:
            return f"there is no area {area}"
    able = [u for u in state.fighting(action.origin, side) if state.attack(u) > 0]
    if not able:
        return f"no {state.side_name(side)} unit in area {action.origin} can fire {cite('3.6')}"
    if not any(state.uncommitted(u) for u in able):
        return (f"every {state.side_name(side)} unit in area {action.origin} is committed until the end of the turn "
                f"{cite('3.6')}")
    if action.target != action.origin and action.target not in state.game.neighbours[action.origin]:
        return (f"area {action.target} is not adjacent to area {action.origin}: fire reaches enemy units in the "
                f"firing area or an adjacent one {cite('1.1')}")
    if not state.fighting(action.target, state.enemy(side)):
        return f"area {action.target} holds no enemy unit to fire at (the pillbox is attacked only in Close Combat) " \
               f"{cite('1.1')}"
    return None


def other_side(state: SoABoard, side: str, action: Move) -> str | None:
    """A move of the other side's unit in this side's impulse (3.6)."""
    uid = action.unit
    if uid in state.game.side_of and state.side_of(uid) != side:
        return (f"{action.text()}: {uid} is a {state.side_name(state.side_of(uid))} unit: in the "
                f"{state.side_name(side)} impulse only {state.side_name(side)} units move {cite('3.6')}")
    return None


class ImpulseStep(SoAStep[Impulse]):
    decision = Impulse
    rule = "Storm over Arnhem 3.6"
    name = "move units out of an area, fire, or pass"
    why = {"move": f"the unit cannot reach that area with its MF now, or it is committed {cite('3.1')}",
           "fire": f"fire is by uncommitted units at enemy units in their own or an adjacent area {cite('1.1')}"}

    def legal(self, state: SoABoard, d: Impulse) -> list[Action]:
        return [Pass(), *movers(state, d.player), *fire_declarations(state, d.player)]

    def explain(self, state: SoABoard, d: Impulse, action: Action) -> str:
        if isinstance(action, Move):
            return other_side(state, d.player, action) or move_refusal(state, action)
        if isinstance(action, Fire):
            why = fire_refusal(state, d.player, action)
            if why:
                return f"{action.text()}: {why}"
        return super().explain(state, d, action)

    def apply(self, state: SoABoard, d: Impulse, action: Action) -> None:
        if isinstance(action, Pass):
            state.passes += 1
            state.note(f"{state.side_name(d.player)} passes")
            if state.passes >= 2:
                state.queue.append(ConsecutivePasses())
            else:
                state.queue.append(EndImpulse())
            return
        state.passes = 0
        if isinstance(action, Move):
            state.moving_from = state.area_of(action.unit) or ""
            do_move(state, action.unit, action.dest)
            state.ask(MoreMoves(d.player, state.moving_from))
        else:
            assert isinstance(action, Fire)
            state.combat = Combat(d.player, action.origin, action.target)
            state.ask(FireGroup(d.player, action.origin, action.target))
        state.queue.append(EndImpulse())


class MoreMovesStep(SoAStep[MoreMoves]):
    decision = MoreMoves
    rule = "Storm over Arnhem 3.6"
    name = "move another unit out of the same area, or end the impulse"

    def legal(self, state: SoABoard, d: MoreMoves) -> list[Action]:
        return [Done(), *movers(state, d.player, d.origin)]

    def explain(self, state: SoABoard, d: MoreMoves, action: Action) -> str:
        if isinstance(action, Move):
            why = other_side(state, d.player, action)
            if (why is None and action.unit in state.game.side_of and state.uncommitted(action.unit)
                    and state.area_of(action.unit) != d.origin):
                why = (f"{action.text()}: this impulse moves units out of area {d.origin} only; {action.unit} is in "
                       f"area {state.area_of(action.unit)} {cite('3.6')}")
            return why or move_refusal(state, action)
        return super().explain(state, d, action)

    def apply(self, state: SoABoard, d: MoreMoves, action: Action) -> None:
        if isinstance(action, Move):
            do_move(state, action.unit, action.dest)
            state.ask(MoreMoves(d.player, d.origin))


@dataclass(frozen=True)
class ConsecutivePasses(Task):
    """Both sides passed in a row (3.41, the introduction)."""

    def run(self, state: SoABoard) -> None:
        if state.label() == "B" and not state.recon_entered and recon_waiting(state):
            state.note(f"both sides pass in a row on turn B: the 9th SS Recon enters automatically {cite('3.41')}")
            state.queue.insert(0, ReconEnters(by_passes=True))
            return
        offer_continue(state)


def offer_continue(state: SoABoard) -> None:
    state.ask(ContinueTurn(state.ta))


class ContinueTurnStep(SoAStep[ContinueTurn]):
    decision = ContinueTurn
    rule = "Storm over Arnhem 3.41"
    name = "use the Tactical Advantage to continue the turn, or let it end"

    def legal(self, state: SoABoard, d: ContinueTurn) -> list[Action]:
        return [EndTurn(), UseTA()]

    def apply(self, state: SoABoard, d: ContinueTurn, action: Action) -> None:
        if isinstance(action, EndTurn):
            state.queue.append(TurnOver())
            return
        state.ta_used.add(d.player)
        state.ta = state.enemy(d.player)
        state.passes = 0
        after_recon = state.bridge_done_by_passes
        state.bridge_done_by_passes = False
        # 3.46: after the 9th SS Recon's impulse the British have the next impulse
        state.impulse_side = "british" if after_recon else d.player
        state.note(f"{state.side_name(d.player)} use the Tactical Advantage to continue the turn; it passes to the "
                   f"{state.side_name(state.ta)} {cite('3.41')}")
        state.queue.append(BeginImpulse())


class EntryRollStep(ChanceStep[SoABoard, EntryRoll]):
    decision = EntryRoll
    rule = "Storm over Arnhem 3.41"
    name = "roll for the 9th SS Recon's entry"

    def outcomes(self, state: SoABoard, d: EntryRoll) -> list[tuple[Action, Fraction]]:
        return [(Roll(i), Fraction(1, 6)) for i in range(1, 7)]

    def phase(self, state: SoABoard, d: EntryRoll) -> Phase:
        return Phase("9th SS Recon entry roll", self.rule, state.track_turn(), GERMAN, state.label())

    def apply(self, state: SoABoard, d: EntryRoll, action: Action) -> None:
        assert isinstance(action, Roll)
        if action.value <= 2:
            state.note(f"9th SS Recon entry roll {action.value}: the 9th SS Recon enters in this impulse "
                       f"{cite('3.41')}")
            state.queue.insert(0, ReconEnters(by_passes=False))
        else:
            state.note(f"9th SS Recon entry roll {action.value}: the Germans move, fire or pass {cite('3.41')}")
            state.ask(Impulse(GERMAN))


__all__ = ["BeginImpulse", "ConsecutivePasses", "ContinueTurnStep", "EndImpulse", "EntryRollStep", "ImpulseStep",
           "MoreMovesStep", "TurnOver", "do_move", "offer_continue", "recon_waiting"]
