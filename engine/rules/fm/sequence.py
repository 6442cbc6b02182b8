"""F&M's sequence of play as named stages (F&M 4.0, 4.1, 000_e5c3deafb2cea4af.txt).

Each Game Turn: the Support Fire Marker Phase; the first player's turn of five phases (Movement,
Bombardment, Combat, Mobile Movement, Mobile Combat); the second player's turn of the same five; the Game
Turn End Phase. Scenario 2 opens with the secret set-up of 12.0 before the first GT.

A `Stage` is one step of that sequence, named as the rulebook names it; its value is its place in the
sequence (the turn track's index, -1 for the set-up), so stages compare in the order they are played. A
`PlayerPhase` is one of the five phases of a player turn, with its title and rule.
"""

from __future__ import annotations

from enum import Enum, IntEnum


class PlayerPhase(Enum):
    """The five phases of a player turn (4.1), each with its title and the rules that govern it."""

    MOVEMENT = ("Movement Phase", "4.1, 5.0")
    BOMBARDMENT = ("Bombardment Phase", "4.1, 8.1")
    COMBAT = ("Combat Phase", "4.1, 8.2")
    MOBILE_MOVEMENT = ("Mobile Movement Phase", "4.1, 5.5")
    MOBILE_COMBAT = ("Mobile Combat Phase", "4.1, 8.2")

    @property
    def title(self) -> str:
        return self.value[0]

    @property
    def rule(self) -> str:
        return self.value[1]

    @property
    def moving(self) -> bool:
        """A Movement or Mobile Movement Phase (5.0, 5.5)."""
        return self is PlayerPhase.MOVEMENT or self is PlayerPhase.MOBILE_MOVEMENT


class Stage(IntEnum):
    """Where a Game Turn is in the sequence of play (4.1), in the order of play."""

    SET_UP = -1  # Scenario 2's secret set-up (12.0), before the first GT
    SUPPORT_FIRE_MARKER = 0
    FIRST_MOVEMENT = 1
    FIRST_BOMBARDMENT = 2
    FIRST_COMBAT = 3
    FIRST_MOBILE_MOVEMENT = 4
    FIRST_MOBILE_COMBAT = 5
    SECOND_MOVEMENT = 6
    SECOND_BOMBARDMENT = 7
    SECOND_COMBAT = 8
    SECOND_MOBILE_MOVEMENT = 9
    SECOND_MOBILE_COMBAT = 10
    GAME_TURN_END = 11

    @property
    def player_phase(self) -> PlayerPhase | None:
        """The phase of a player turn this stage is, or None outside the player turns."""
        return PLAYER_PHASE_OF.get(self)

    @property
    def second_player_turn(self) -> bool:
        """The second player's turn (and the Game Turn End Phase after it)."""
        return self >= Stage.SECOND_MOVEMENT

    def next(self) -> Stage:
        """The stage after this one in the same GT (the Game Turn End Phase is the last)."""
        if self is Stage.GAME_TURN_END:
            raise ValueError("the Game Turn End Phase is the last stage of a GT")
        return Stage(self + 1)


_PHASES = tuple(PlayerPhase)
# stage -> the phase of a player turn it is (a stage hashes as the int it is: a cheap look-up in the rules'
# inner loops)
PLAYER_PHASE_OF: dict[Stage, PlayerPhase] = {
    **{Stage(Stage.FIRST_MOVEMENT + i): p for i, p in enumerate(_PHASES)},
    **{Stage(Stage.SECOND_MOVEMENT + i): p for i, p in enumerate(_PHASES)},
}
