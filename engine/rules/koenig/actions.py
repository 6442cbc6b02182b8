"""Actions of the Koenig family (002_fe1216aa5df94854.txt) and their text notation.

Every player decision and chance outcome is one `KoenigAction`: a verb and its arguments, written
as they read in the rulebook's terms, e.g.

    roll 4                          a die (landing 5.0, support 6.x, fire 9.0, leadership 14.1)
    draw HQ-19/9                    a Command Cup draw (7.0)
    move B-2Para 1005               Movement Operation (7.0, 8.0); into an enemy hex: Close Combat (10.0)
    cmove B-2Para 0904              the move of a Combined Operation at half MA (8.4)
    move G-Recon9 off               exit off the bottom edge (exclusive 12.0)
    fire B-1Para,B-2Para 1004       Full Fire in concert (7.1.1, 9.0)
    mfire B-3Para 0905              Mobile Fire of a Combined Operation (8.4)
    support 2 / support 1 +lead     support points committed to a battle (9.0; 14.1 Corps Artillery)
    hit B-2Para                     the Active Player's choice of the unit taking a Hit (9.2.2)
    retreat B-2Para 0904 / retreat B-2Para off / stay B-2Para / capture B-2Para   (9.2.3, 10.0, 11.x)
    end B-2Para / done              finish one unit's Operation / the formation's activation (7.1, 7.2)
    redeploy G-16 0702              German Redeployment on a night turn (4.0)
    interdict 0904 [+lead]          Interdiction (14.2)
    lead-activate HQ-1PB, lead-reroll, accept, lead-hold U, attach U, recover U 0904, pass   (14.1)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..protocol import Action

VERBS = ("roll", "draw", "move", "cmove", "fire", "mfire", "support", "hit", "retreat", "stay", "capture",
         "end", "done", "redeploy", "interdict", "lead-activate", "lead-reroll", "accept", "lead-hold",
         "attach", "recover", "pass")


@dataclass(frozen=True)
class KoenigAction(Action):
    verb: str
    args: tuple[str, ...] = ()

    def text(self) -> str:
        return " ".join((self.verb, *self.args))

    @property
    def value(self) -> int | str | None:
        """The die face of a roll, the HQ of a draw (ScriptedSampler matches on it)."""
        if self.verb == "roll":
            return int(self.args[0])
        if self.verb == "draw":
            return self.args[0]
        return None


def act(verb: str, *args: str) -> KoenigAction:
    return KoenigAction(verb, tuple(args))


def roll(face: int) -> KoenigAction:
    return KoenigAction("roll", (str(face),))


def parse_action(text: str) -> KoenigAction:
    """Read an action's text back; ValueError names what is wrong."""
    parts = text.split()
    if not parts:
        raise ValueError("an empty action")
    if parts[0] not in VERBS:
        raise ValueError(f"unknown action {parts[0]!r}; Koenig actions are: {', '.join(VERBS)}")
    return KoenigAction(parts[0], tuple(parts[1:]))
