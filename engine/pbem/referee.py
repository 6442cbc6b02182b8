"""Replaying a play-by-e-mail game through the rules: every entry of the file checked in order.

A decision must be the side's to make (the state's current player) and legal; a dice value must be the
next of its player's chain and come in turn (dice.py: the side whose play reached the roll first, then
the other), and the roll it completes must be the one both values make. The first entry that fails is
reported with its number, its line and the reason, in the rules' words (`PbemError`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..formats.scenariofile import load_document
from ..model.scenario import Scenario
from ..rules.chance import Sampler
from ..rules.protocol import Action, GameState, IllegalAction, new_game
from ..validation.diagnostics import has_errors
from . import dice
from .record import DO, JOIN, Entry, GameRecord, PbemError


class NoDice:
    """The sampler of a play-by-e-mail game: every roll is made by both players (dice.py), never drawn."""

    def choose(self, outcomes: object) -> object:
        raise RuntimeError("a play-by-e-mail game draws no dice itself")


def scenario_of(record: GameRecord) -> Scenario:
    """The scenario embedded in the file."""
    result = load_document(record.scenario_text, f"{record.file or '<game>'} (its scenario)")
    if result.scenario is None or has_errors(result.diagnostics):
        first = next((d.format() for d in result.diagnostics), "it cannot be read")
        raise PbemError(f"the scenario in the file does not load: {first}", record.file)
    if result.scenario.rules != record.rules:
        raise PbemError(f"the scenario's rules ({result.scenario.rules}) are not the game's ({record.rules})",
                        record.file)
    return result.scenario


@dataclass
class Waiting:
    """What the game waits for: a side's decision, a side's dice value for roll `roll`, a side to join,
    or nothing (the game is over)."""

    kind: str  # "decision", "reveal", "join" or "over"
    side: str = ""
    roll: int = 0


@dataclass
class Replay:
    """A record replayed: the state after its last entry and what the dice need next."""

    record: GameRecord
    state: GameState
    sides: list[str]
    rolls: int = 0  # rolls made
    first_reveal: Entry | None = None  # the first value of the roll under way
    first_index: int = 0
    revealed: dict[str, bytes] = field(default_factory=dict)  # side -> its last value (or commitment)
    counts: dict[str, int] = field(default_factory=dict)  # side -> values revealed
    last_side: str = ""  # the side of the last entry replayed: who holds the file

    def joined(self, side: str) -> bool:
        return side in self.revealed

    def other(self, side: str) -> str:
        return next(s for s in self.sides if s != side)

    def waiting(self) -> Waiting:
        st = self.state
        if st.is_terminal():
            return Waiting("over")
        if st.is_chance_node():
            # no value is revealed before both players have committed to their chains: a player who joined
            # after seeing the other's value could try commitments until the roll suited him
            unjoined = [s for s in self.sides if not self.joined(s)]
            if unjoined:
                return Waiting("join", unjoined[0])
            k = self.rolls + 1
            if self.first_reveal is None:
                return Waiting("reveal", self.holder(), k)
            return Waiting("reveal", self.other(self.first_reveal.side), k)
        side = st.current_player
        return Waiting("decision", side) if self.joined(side) else Waiting("join", side)

    def holder(self) -> str:
        """The side that holds the file: the one that made its last entry."""
        return self.last_side or self.sides[0]

    def copy_for(self, record: GameRecord) -> Replay:
        """An independent copy at the same point, reading `record`."""
        return Replay(record, self.state.clone(), list(self.sides), self.rolls, self.first_reveal, self.first_index,
                      dict(self.revealed), dict(self.counts), self.last_side)

    def outcome_of_roll(self, first: Entry, second_value: bytes, first_index: int) -> Action:
        x = dice.roll_number(bytes.fromhex(first.value), second_value, self.rolls + 1,
                             self.record.link_before(first_index))
        return dice.pick(self.state.chance_outcomes(), x)


def replay(record: GameRecord, upto: int | None = None) -> Replay:
    """Replay the record's entries (the first `upto` of them) from the scenario's start, checking each.

    Speed: a game this process has already replayed up to an entry (the other player's file, opened again
    after one's own moves) goes on from there: the entry's link commits to everything before it, scenario
    included, so the same link is the same game (`_MEMO`, the last few replays of this process)."""
    entries = record.entries if upto is None else record.entries[:upto]
    start, rp = 0, None
    for i in range(len(entries), 0, -1):
        known = _MEMO.get(entries[i - 1].link)
        if known is not None:
            start, rp = i, known.copy_for(record)
            break
    if rp is None:
        scenario = scenario_of(record)
        sampler: Sampler = NoDice()  # type: ignore[assignment]
        try:
            state = new_game(scenario, 0, record.options, sampler)
        except (ValueError, KeyError) as exc:
            raise PbemError(f"the game cannot start: {exc}", record.file) from None
        rp = Replay(record, state, [s.id for s in scenario.sides])
    for i in range(start, len(entries)):
        check(rp, i, entries[i])
    if entries:
        remember(rp, entries[-1].link)
    return rp


_MEMO: dict[str, Replay] = {}
_MEMO_SIZE = 4


def remember(rp: Replay, link: str) -> None:
    """Keep a copy of a replay that reached the entry whose link is `link`."""
    _MEMO[link] = rp.copy_for(rp.record)
    while len(_MEMO) > _MEMO_SIZE:
        del _MEMO[next(iter(_MEMO))]


def check(rp: Replay, i: int, e: Entry) -> None:
    """Check entry `i` against the game as replayed so far and play it; `PbemError` when it fails."""
    _check(rp, i, e)
    rp.last_side = e.side


def _check(rp: Replay, i: int, e: Entry) -> None:
    st = rp.state
    n = i + 1

    def refuse(why: str) -> PbemError:
        return PbemError(f"move {n}: {why}", rp.record.file, e.line, n)

    if e.side not in rp.sides:
        raise refuse(f"{e.side!r} is not a side of this scenario ({', '.join(rp.sides)})")
    who = st.side_name(e.side)
    if e.kind == JOIN:
        if rp.joined(e.side):
            raise refuse(f"the {who} side has a player already")
        rp.revealed[e.side] = bytes.fromhex(e.value)
        rp.counts[e.side] = 0
        return
    if not rp.joined(e.side):
        raise refuse(f"the {who} side has no player yet: a player joins before moving")
    if st.is_terminal():
        raise refuse(f"the game is over ({st.outcome_words()})")
    wait = rp.waiting()
    if e.kind == DO:
        if st.is_chance_node():
            raise refuse("a roll is under way: the dice are made by both players' values, not by a move")
        if e.side != wait.side:
            raise refuse(f"it is the {st.side_name(wait.side)} player's decision, not the {who}'s")
        try:
            st.apply_checked(e.text)
        except IllegalAction as exc:
            why = str(exc)
            raise refuse(why if why.startswith(e.text) else f"{e.text}: {why}") from None
        return
    # a dice value
    if not st.is_chance_node():
        raise refuse("a dice value where the rules roll no dice")
    if e.roll != rp.rolls + 1:
        raise refuse(f"the value is for roll {e.roll}, but this is roll {rp.rolls + 1}")
    if e.side != wait.side:
        raise refuse(f"the {st.side_name(wait.side)} player's dice value comes next, not the {who}'s")
    value = bytes.fromhex(e.value)
    if not dice.follows(value, rp.revealed[e.side]):
        raise refuse(f"the {who} dice value is not the next of the values the {who} player committed to "
                     f"when joining: the roll was changed")
    rp.revealed[e.side] = value
    rp.counts[e.side] += 1
    if rp.first_reveal is None:
        if e.outcome:
            raise refuse("the first value of a roll makes no result; the other player's value does")
        rp.first_reveal, rp.first_index = e, i
        return
    action = rp.outcome_of_roll(rp.first_reveal, value, rp.first_index)
    if e.outcome != action.text():
        raise refuse(f"the roll gives {action.text()!r}, not {e.outcome!r}: the result was changed")
    st.apply(action)
    rp.rolls += 1
    rp.first_reveal = None
