"""Replaying a play-by-e-mail game through the rules: every entry of the file checked in order.

A decision must be the side's to make (the state's current player) and legal; a dice value must be the
next of its player's chain and come in turn (dice.py: the side whose play reached the roll first, then
the other), and the roll it completes must be the one both values make. The first entry that fails is
reported with its number, its line and the reason, in the rules' words (`PbemError`).

Sealed decisions. A decision the other player may not see (`Action.is_hidden`: F&M's markers committed
face down, 8.2.1 b, and the secret set-up, 12.0) is in the file only as a commitment to its text
(record.seal) with what the other player may see of it. Its owner's machine replays it with the true
text, from its keyring (`Replay.secrets`); any other machine replays a stand-in, the first legal decision
that shows the same (`stand_in`): the same decision as far as it may know. Once the rules reveal it
(`GameState.still_hidden` turns False: the markers are flipped, both set-ups are recorded, the game is
over) nothing else may happen before its owner opens it (an `open` entry with the text and salt, checked
against the commitment); when the last stand-in is opened, the game is replayed again from the first of
them with the true texts and checked (`_rewind`), so a sealed decision that was not legal, or a later one
that was not legal after it, is caught at the reveal.

Secret draws. A chance outcome only one side may see (`GameState.chance_owner`: F&M's support fire markers,
drawn in secret from the side's pool, 7.2, 10.7) is not made by the public dice (a later value of a hash
chain would give the earlier ones away). The drawer writes a commitment to a fresh random value of its own,
SHA-256(salt || value) (`draws`; all the draws that follow one another at once, `secret_draws_ahead`), the
other player then answers each with a random value in the clear (`answers`), and the outcome is
SHA-256(drawer's value || answer || the draw's number || the history's link before it) mapped onto the chance
node's outcomes (dice.roll_number, dice.pick): neither player chooses it, and only the drawer can work it out
until it opens its value. The other machine replays a stand-in (`GameState.stand_in_outcome`: F&M's marker not
revealed yet) and fits it to each marker the drawer reveals by playing it (`GameState.fit_stand_ins`), so the
game goes on. When the rules reveal the draw (`still_hidden`: F&M, at the end of its GT) the drawer opens it
(`drew`, with the salt and what was drawn), checked against the commitment; the game is then replayed again
from the first stand-in with the true draws, so a marker played that was never drawn, or an outcome that is
not the one both values give, is refused then.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..formats.scenariofile import load_document
from ..model.scenario import Scenario
from ..rules.chance import Sampler
from ..rules.protocol import Action, GameState, IllegalAction, new_game
from ..validation.diagnostics import has_errors
from . import dice
from .record import ANSWER, DO, DRAWS, DREW, JOIN, OPEN, SEAL, Entry, GameRecord, PbemError, seal


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

    # "decision", "reveal", "join", "open" (sealed moves the rules reveal now), "draw" (a side's secret draw),
    # "answer" (the other side's value for a secret draw) or "over"
    kind: str
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
    viewer: str = ""  # the side of the machine replaying ("" none): its own sealed moves are read in `secrets`
    secrets: dict[str, list[str]] = field(default_factory=dict)  # commitment -> [salt, text] (keyring.Seat)
    texts: dict[int, str] = field(default_factory=dict)  # entry index -> text of a sealed move the file opens
    sealed: dict[int, int] = field(default_factory=dict)  # entry index of a sealed move not opened -> history index
    stand_ins: dict[int, int] = field(default_factory=dict)  # the sealed moves replayed by a stand-in, likewise
    checkpoint: Replay | None = None  # before the first stand-in: replayed again once they are all opened
    checkpoint_index: int = 0
    veiled_at: int = -1  # the history's length when the rules revealed stand-ins not opened yet (`veiled`)
    pending: list[int] = field(default_factory=list)  # secret draws (entry indices) committed, not yet answered
    # secret draws the file opens: entry index -> (the drawer's value, the outcome it says, the opening's number)
    drawn: dict[int, tuple[str, str, int]] = field(default_factory=dict)

    def joined(self, side: str) -> bool:
        return side in self.revealed

    def other(self, side: str) -> str:
        return next(s for s in self.sides if s != side)

    def due(self) -> list[int]:
        """The sealed moves (entry indices) the rules reveal now: each must be opened before anything else."""
        return sorted(i for i, h in self.sealed.items() if not self.state.still_hidden(h))

    def sealed_words(self) -> list[str]:
        """The sealed moves not opened yet, as a player reads them: "3 moves of the German player are sealed
        until the markers of the combat at 1012 are revealed (F&M 8.2.1 b)"."""
        groups: dict[tuple[str, str], int] = {}
        for i, h in sorted(self.sealed.items()):
            key = (self.record.entries[i].side, self.state.hidden_until(h))
            groups[key] = groups.get(key, 0) + 1
        out = []
        for (side, until), n in groups.items():
            moves = "1 move" if n == 1 else f"{n} moves"
            if until.startswith("until the end of GT"):  # secret draws (F&M 7.2)
                moves = "1 draw" if n == 1 else f"{n} draws"
            verb = "is" if n == 1 else "are"
            out.append(f"{moves} of the {self.state.side_name(side)} player {verb} sealed {until}")
        return out

    def veiled(self) -> bool:
        """Whether the rules have revealed sealed moves this machine replayed by stand-ins and that are not
        opened yet: the position from `veiled_at` on is not the game's (the stand-ins are shown as revealed)
        until the other player's file opens them."""
        return any(i in self.stand_ins for i in self.due())

    def stand_in_history(self) -> set[int]:
        """The history indices of the state replayed by a stand-in (the other player's sealed moves)."""
        return set(self.stand_ins.values())

    def waiting(self) -> Waiting:
        st = self.state
        due = self.due()
        if due:
            sides = [self.record.entries[i].side for i in due]
            return Waiting("open", self.holder() if self.holder() in sides else sides[0])
        if st.is_terminal():
            return Waiting("over")
        if st.is_chance_node():
            # no value is revealed before both players have committed to their chains: a player who joined
            # after seeing the other's value could try commitments until the roll suited him
            unjoined = [s for s in self.sides if not self.joined(s)]
            if unjoined:
                return Waiting("join", unjoined[0])
            owner = st.chance_owner()
            if owner:  # a secret draw: the drawer's commitment, then the other's answer
                return Waiting("answer", self.other(owner)) if self.pending else Waiting("draw", owner)
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
                      dict(self.revealed), dict(self.counts), self.last_side, self.viewer, self.secrets,
                      dict(self.texts), dict(self.sealed), dict(self.stand_ins),
                      self.checkpoint.copy_for(record) if self.checkpoint is not None else None,
                      self.checkpoint_index, self.veiled_at, list(self.pending), dict(self.drawn))

    def outcome_of_roll(self, first: Entry, second_value: bytes, first_index: int) -> Action:
        x = dice.roll_number(bytes.fromhex(first.value), second_value, self.rolls + 1,
                             self.record.link_before(first_index))
        return dice.pick(self.state.chance_outcomes(), x)


def replay(record: GameRecord, upto: int | None = None, viewer: str = "",
           secrets: dict[str, list[str]] | None = None) -> Replay:
    """Replay the record's entries (the first `upto` of them) from the scenario's start, checking each, on
    the machine of the player of `viewer` ("" for a machine that plays neither side), whose own sealed
    moves are `secrets` (keyring.Seat.sealed).

    Speed: a game this process has already replayed up to an entry for the same viewer (the other player's
    file, opened again after one's own moves) goes on from there: the entry's link commits to everything
    before it, scenario included, so the same link is the same game (`_MEMO`, the last few replays of this
    process)."""
    entries = record.entries if upto is None else record.entries[:upto]
    secrets = secrets if secrets is not None else {}
    start, rp = 0, None
    for i in range(len(entries), 0, -1):
        known = _MEMO.get((entries[i - 1].link, viewer))
        if known is not None:
            start, rp = i, known.copy_for(record)
            rp.secrets = secrets
            break
    if rp is None:
        scenario = scenario_of(record)
        sampler: Sampler = NoDice()  # type: ignore[assignment]
        try:
            state = new_game(scenario, 0, record.options, sampler)
        except (ValueError, KeyError) as exc:
            raise PbemError(f"the game cannot start: {exc}", record.file) from None
        rp = Replay(record, state, [s.id for s in scenario.sides], viewer=viewer, secrets=secrets)
    # the sealed moves the file opens are replayed with their true texts from the start (their openings are
    # checked where they stand)
    for k in range(start, len(entries)):
        e = entries[k]
        if e.kind in (OPEN, DREW) and 0 < e.opens <= len(entries):
            sealed = entries[e.opens - 1]
            if sealed.kind == SEAL and e.kind == OPEN and sealed.side == e.side and _opens(e, sealed):
                rp.texts[e.opens - 1] = e.text
            if sealed.kind == DRAWS and e.kind == DREW and sealed.side == e.side and _opens(e, sealed):
                rp.drawn[e.opens - 1] = (e.text, e.outcome, k + 1)
    if rp.checkpoint is not None and any(j in rp.texts or j in rp.drawn for j in rp.stand_ins):
        # a replay remembered with stand-ins that this file opens: again from the first of them
        cp, start = rp.checkpoint, rp.checkpoint_index
        cp.texts.update(rp.texts)
        cp.drawn.update(rp.drawn)
        cp.secrets = secrets
        rp = cp
    for i in range(start, len(entries)):
        check(rp, i, entries[i])
    if entries:
        remember(rp, entries[-1].link)
    return rp


def _opens(e: Entry, sealed: Entry) -> bool:
    """Whether opening `e` matches the commitment of `sealed`."""
    try:
        return seal(bytes.fromhex(e.value), e.text) == sealed.value
    except ValueError:
        return False


def stand_in(state: GameState, shows: str) -> Action | None:
    """What a machine that may not read a sealed decision replays instead: the first legal decision that
    shows the same to the other player (its public text), hidden like it."""
    for a in state.legal_actions():
        if a.is_hidden() and a.public_text() == shows:
            return a
    return None


_MEMO: dict[tuple[str, str], Replay] = {}
_MEMO_SIZE = 4


def remember(rp: Replay, link: str) -> None:
    """Keep a copy of a replay that reached the entry whose link is `link`."""
    _MEMO[(link, rp.viewer)] = rp.copy_for(rp.record)
    while len(_MEMO) > _MEMO_SIZE:
        del _MEMO[next(iter(_MEMO))]


def check(rp: Replay, i: int, e: Entry) -> None:
    """Check entry `i` against the game as replayed so far and play it; `PbemError` when it fails."""
    before = len(rp.state.history())
    _check(rp, i, e)
    rp.last_side = e.side
    if rp.veiled_at < 0 and rp.stand_ins and rp.veiled():
        rp.veiled_at = before
    elif rp.veiled_at >= 0 and not rp.veiled():
        rp.veiled_at = -1


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
    if e.kind in (OPEN, DREW):
        _open(rp, i, e, refuse)
        return
    due = rp.due()
    if due:
        owners = sorted({st.side_name(rp.record.entries[j].side) for j in due})
        raise refuse(f"the rules reveal sealed move{'s' * (len(due) > 1)} {', '.join(str(j + 1) for j in due)} "
                     f"now: the {' and '.join(owners)} player opens {'them' if len(due) > 1 else 'it'} before "
                     f"anything else is played")
    if st.is_terminal():
        raise refuse(f"the game is over ({st.outcome_words()})")
    wait = rp.waiting()
    if e.kind == DRAWS:
        _draws(rp, i, e, refuse)
        return
    if e.kind == ANSWER:
        _answer(rp, i, e, refuse)
        return
    if e.kind in (DO, SEAL):
        if st.is_chance_node() and st.chance_owner():
            raise refuse("a secret draw is under way: it is made by the drawer's sealed value and the other "
                         "player's answer, not by a move")
        if st.is_chance_node():
            raise refuse("a roll is under way: the dice are made by both players' values, not by a move")
        if e.side != wait.side:
            raise refuse(f"it is the {st.side_name(wait.side)} player's decision, not the {who}'s")
        if e.kind == SEAL:
            _seal(rp, i, e, refuse)
            return
        if rp.stand_ins:
            try:
                parsed: Action | None = st.parse_action(e.text)
            except ValueError:
                parsed = None  # not an action: apply_checked says why
            if parsed is not None:
                _fit(rp, parsed, e.text, refuse)
        try:
            st.apply_checked(e.text)
        except IllegalAction as exc:
            why = str(exc)
            raise refuse(why if why.startswith(e.text) else f"{e.text}: {why}") from None
        return
    # a dice value
    if not st.is_chance_node():
        raise refuse("a dice value where the rules roll no dice")
    if st.chance_owner():
        raise refuse("a dice value where the rules draw in secret: the drawer's sealed value and the other "
                     "player's answer make the draw, not the dice")
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


def _seal(rp: Replay, i: int, e: Entry, refuse: Callable[[str], PbemError]) -> None:
    """A sealed decision: replayed with its text where this machine knows it (its own, or opened later in
    the file), else with a stand-in."""
    st = rp.state
    who = st.side_name(e.side)
    text = rp.texts.get(i)
    own = rp.secrets.get(e.value) if e.side == rp.viewer else None
    if text is None and own is not None:
        text = own[1]
    if text is not None:
        try:
            action = st.parse_action(text)
        except ValueError as exc:
            raise refuse(f"the sealed move, opened, is not a move: {exc}") from None
        if not action.is_hidden():
            raise refuse(f"{text}: the rules hide nothing of this decision: it is written in the clear, not sealed")
        if action.public_text() != e.text:
            raise refuse(f"the sealed move, opened, is {text!r}, which shows {action.public_text()!r}, not "
                         f"{e.text!r}")
        if rp.stand_ins:
            _fit(rp, action, "the sealed move, opened: " + text, refuse)
        try:
            st.apply_checked(action)
        except IllegalAction as exc:
            why = str(exc)
            raise refuse("the sealed move, opened: " + (why if why.startswith(text) else f"{text}: {why}")) from None
    else:
        instead = stand_in(st, e.text)
        if instead is None:
            raise refuse(f"no decision the {who} player may make here shows {e.text!r}")
        if rp.checkpoint is None:
            rp.checkpoint, rp.checkpoint_index = rp.copy_for(rp.record), i
        st.apply(instead)
        rp.stand_ins[i] = len(st.history()) - 1
    rp.sealed[i] = len(st.history()) - 1


def _open(rp: Replay, i: int, e: Entry, refuse: Callable[[str], PbemError]) -> None:
    """The opening of a sealed move or secret draw the rules reveal now: it must match the commitment; once
    the stand-ins the rules reveal now are all opened, the game is replayed again from the first stand-in with
    the true texts and draws."""
    j = e.opens - 1
    if j not in rp.sealed:
        raise refuse(f"move {e.opens} is not a sealed move waiting to be opened")
    sealed = rp.record.entries[j]
    st = rp.state
    if (e.kind == DREW) != (sealed.kind == DRAWS):
        raise refuse(f"move {e.opens} is a {'secret draw' if sealed.kind == DRAWS else 'sealed move'}: it is "
                     f"opened with {'drew' if sealed.kind == DRAWS else 'do'}")
    if sealed.side != e.side:
        raise refuse(f"move {e.opens} was sealed by the {st.side_name(sealed.side)} player: only that player "
                     f"opens it")
    if j not in rp.due():
        raise refuse(f"move {e.opens} is opened before the rules reveal it (it is sealed "
                     f"{st.hidden_until(rp.sealed[j])})")
    if not _opens(e, sealed):
        raise refuse(f"the opened move does not match what the {st.side_name(e.side)} player sealed at move "
                     f"{e.opens}: the sealed move or its opening was changed")
    h = rp.sealed.pop(j)
    if e.kind == DREW:
        rp.drawn[j] = (e.text, e.outcome, i + 1)
        if j not in rp.stand_ins:  # made here with the true value: the state holds it
            made = st.history()[h].action.text()
            if made != e.outcome:
                raise refuse(f"the secret draw of move {e.opens} gives {made!r}, not {e.outcome!r}: the draw or "
                             f"its opening was changed")
            return
    else:
        rp.texts[j] = e.text
        if j not in rp.stand_ins:  # replayed with its true text: the state already holds it
            if st.history()[h].action.text() != e.text:  # pragma: no cover - the commitment binds the text
                raise refuse(f"the opened move is not the one replayed at move {e.opens}")
            return
    del rp.stand_ins[j]
    if rp.checkpoint is not None and not any(k in rp.stand_ins for k in rp.due()):
        _rewind(rp, i)


def _draws(rp: Replay, i: int, e: Entry, refuse: Callable[[str], PbemError]) -> None:
    """The drawer's commitment to its value for a secret draw (one of those that follow one another now)."""
    st = rp.state
    owner = st.chance_owner() if st.is_chance_node() else ""
    if not owner:
        raise refuse("a secret draw where the rules draw nothing in secret")
    if e.side != owner:
        raise refuse(f"the draw is the {st.side_name(owner)} player's secret, not the {st.side_name(e.side)}'s")
    ahead = st.secret_draws_ahead()
    if len(rp.pending) >= ahead:
        raise refuse(f"more secret draws committed than the rules make now ({ahead})")
    rp.pending.append(i)


def _answer(rp: Replay, i: int, e: Entry, refuse: Callable[[str], PbemError]) -> None:
    """The other player's value for the first secret draw waiting: the draw is made, where this machine knows
    the drawer's value (its own draw, or opened later in the file), else replayed by a stand-in."""
    st = rp.state
    owner = st.chance_owner() if st.is_chance_node() else ""
    if not owner or not rp.pending:
        raise refuse("no secret draw waits for an answer")
    j = rp.pending[0]
    if e.opens != j + 1:
        raise refuse(f"the answer is for move {e.opens}, but the draw waiting for one is move {j + 1}")
    if e.side == owner:
        raise refuse(f"the {st.side_name(e.side)} player answers its own draw: the other player's value makes it")
    drawn = rp.record.entries[j]
    opened = rp.drawn.get(j)
    own = rp.secrets.get(drawn.value) if drawn.side == rp.viewer else None
    value = opened[0] if opened is not None else own[1] if own is not None else None
    if value is not None and any(rp.record.entries[k].kind == DRAWS and rp.record.entries[k].side == drawn.side
                                 for k in rp.stand_ins):
        value = None  # a draw of the same side before it is a stand-in: what is left to draw from is not known
    if value is None:
        if rp.checkpoint is None:
            rp.checkpoint, rp.checkpoint_index = rp.copy_for(rp.record), i
        rp.pending.pop(0)
        st.apply_stand_in(st.stand_in_outcome())
        rp.stand_ins[j] = len(st.history()) - 1
    else:
        rp.pending.pop(0)
        x = dice.roll_number(bytes.fromhex(value), bytes.fromhex(e.value), j + 1, rp.record.link_before(j))
        action = dice.pick(st.chance_outcomes(), x)
        if opened is not None and opened[1] != action.text():
            n = opened[2]
            where = rp.record.entries[n - 1]
            raise PbemError(f"move {n}: the secret draw of move {j + 1} gives {action.text()!r}, not {opened[1]!r}: "
                            f"the draw or its opening was changed", rp.record.file, where.line, n)
        st.apply(action)
    rp.sealed[j] = len(st.history()) - 1


def _fit(rp: Replay, action: Action, what: str, refuse: Callable[[str], PbemError]) -> None:
    """Fit the stand-ins of the other side's secret draws to what `action` reveals of them."""
    try:
        rp.state.fit_stand_ins(action)
    except IllegalAction as exc:
        raise refuse(f"{what}: {exc}") from None


def _rewind(rp: Replay, upto: int) -> None:
    """Replay the entries from the first stand-in to `upto` again, with the true texts now opened."""
    assert rp.checkpoint is not None
    fresh, start = rp.checkpoint, rp.checkpoint_index
    fresh.texts.update(rp.texts)
    fresh.drawn.update(rp.drawn)
    fresh.secrets = rp.secrets
    vars(rp).update(vars(fresh))
    for k in range(start, upto + 1):
        check(rp, k, rp.record.entries[k])
