"""German Redeployment Phase (Koenig 4.0; Arnhem Bridge exclusive 8.5, 002_fe1216aa5df94854.txt), night turns
only: the German player (only) may move any or all of his units that are not adjacent to enemy units, up to
half their Movement Allowance, never into an enemy hex; arriving reinforcements enter with half MA."""

from __future__ import annotations

from dataclasses import dataclass

from ..kit import Decision, Task
from ..protocol import Action
from .actions import DONE, OFF, Redeploy
from .board import EXITED, GERMAN, ON_MAP, PENDING, KoenigBoard, cite
from .moves import move_actions, move_allowance
from .refusal import MovingStep


@dataclass(frozen=True)
class Redeployment(Decision):
    """4.0: the German player's next redeployment, or done."""


@dataclass(frozen=True)
class RedeploymentPhase(Task):
    def run(self, state: KoenigBoard) -> None:
        state.redeployed = set()
        state.ask(Redeployment(GERMAN))


class RedeploymentStep(MovingStep[Redeployment]):
    decision = Redeployment
    rule = "Koenig 4.0"
    name = "redeploy units not adjacent to enemy units"
    phase_name = "German Redeployment Phase"
    section = "4.0"
    takes = ("redeploy",)
    why = {"redeploy": f"the unit cannot redeploy there {cite('4.0')}"}

    def legal(self, state: KoenigBoard, d: Redeployment) -> list[Action]:
        out: list[Action] = [DONE]
        enemy_hexes = state.enemy_hexes(GERMAN)
        for uid, _, _ in state.game.side_units.get(GERMAN, ()):  # the scenario's order
            if uid in state.redeployed or state.status(uid) not in (ON_MAP, PENDING):
                continue
            h = state.position.hex_of(uid)
            if h is not None and not state.game.near(h).isdisjoint(enemy_hexes):  # in or adjacent to an enemy's
                continue
            out += move_actions(state, uid, Redeploy, move_allowance(state, uid, Redeploy), False, close_combat=False)
        return out

    def apply(self, state: KoenigBoard, d: Redeployment, action: Action) -> None:
        if not isinstance(action, Redeploy):
            return  # done: on to the Housekeeping Phase
        uid = action.unit
        state.redeployed.add(uid)
        if action.dest == OFF:
            state.position.remove(uid, EXITED)
            state.note(f"{uid} exits off the map {cite('exclusive 12.0')}")
        else:
            entering = state.status(uid) == PENDING
            h = state.map.hex_at(action.dest)
            assert h is not None
            state.position.place(uid, h)
            how = "enters the map and redeploys" if entering else "redeploys"
            state.note(f"{uid} {how} to {action.dest} {cite('4.0')}")
        state.ask(Redeployment(GERMAN))
