"""One player's hold on a play-by-e-mail game: start one, open what the opponent sent, play one's own
side's decisions, take them back before sending, and send.

Opening replays the whole file through the rules (referee.py) and checks it against what this machine
sent last (keyring.py): a file older than that, or whose earlier moves were changed, is refused and
nothing is written. A player who opens a game with a side still free joins it (a new dice chain, its
commitment in the file). Dice values this player owes are revealed at once (`settle`): the file then goes
to the other player, whose machine completes the roll. A decision the other player may not see is sealed
(referee.py): its text and salt stay in this machine's keyring, saved at once, and are written into the
file when the rules reveal it (`settle` again). A secret draw of this side is committed likewise (its value
and salt kept in the keyring), the other side's are answered with a random value, and this side's draws are
opened when the rules reveal them (`settle`).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..formats.scenariofile import dump_scenario, load_scenario
from ..model.scenario import Scenario
from ..rules.presentation import presenter_for
from ..rules.protocol import CHANCE, Action, IllegalAction, make_game
from ..rules.registry import RULES_FAMILIES
from ..validation.diagnostics import has_errors
from . import record as record_module
from .keyring import Keyring, Seat
from .record import ANSWER, DO, DRAWS, DREW, JOIN, OPEN, REVEAL, SEAL, Entry, GameRecord, PbemError, seal
from .referee import Replay, Waiting, check, remember, replay


@dataclass
class Table:
    record: GameRecord
    keyring: Keyring
    seat: Seat | None  # None: this machine plays no side of the game (it can only watch)
    replay: Replay
    opened: int  # entries the file held when it was opened or started here: a take-back stops there

    # -- starting and opening -------------------------------------------------------------------------
    @classmethod
    def new(cls, scenario: str | Path | Scenario, side: str, keyring: Keyring, name: str = "",
            options: dict[str, Any] | None = None) -> Table:
        """A new game of `scenario` in which this machine plays `side`."""
        if isinstance(scenario, Scenario):
            sc, source = scenario, scenario.title
        else:
            result = load_scenario(scenario)
            if result.scenario is None or has_errors(result.diagnostics):
                first = next((d.format() for d in result.diagnostics), "it cannot be read")
                raise PbemError(f"the scenario does not load: {first}", str(scenario))
            sc, source = result.scenario, Path(scenario).name
        sides = [s.id for s in sc.sides]
        if side not in sides:
            raise PbemError(f"{side!r} is not a side of {sc.title!r} (its sides: {', '.join(sides)})")
        if len(sides) != 2:
            raise PbemError(f"a play-by-e-mail game has two players; {sc.title!r} has {len(sides)} sides")
        try:
            make_game(sc, options)
        except ValueError as exc:
            raise PbemError(str(exc)) from None
        record = GameRecord(secrets.token_hex(8), sc.title, sc.rules, dump_scenario(sc, inline_map=True),
                            source, dict(options or {}))
        seat = keyring.take(record.game_id, side)
        record.append(Entry(JOIN, side, value=seat.chain()[0].hex(), name=name or side_name(sc, side)))
        table = cls(record, keyring, seat, replay(record, viewer=side, secrets=seat.sealed), 0)
        table.settle()
        keyring.save()
        return table

    @classmethod
    def open(cls, path: str | Path, keyring: Keyring, name: str = "") -> Table:
        """Open a game file: replayed and checked; this machine's side joined if it has none yet."""
        record = GameRecord.load(path)
        return cls.of(record, keyring, name)

    @classmethod
    def of(cls, record: GameRecord, keyring: Keyring, name: str = "") -> Table:
        seat = keyring.seat(record.game_id)
        if seat is not None:  # first: what this machine sent must be there, unchanged
            _check_sent(record, seat)
        rp = replay(record, viewer=seat.side, secrets=seat.sealed) if seat is not None else replay(record)
        table = cls(record, keyring, seat, rp, len(record.entries))
        free = [s for s in rp.sides if not rp.joined(s)]
        if seat is None and free:
            table.seat = seat = keyring.take(record.game_id, free[0])
            keyring.save()
            rp.viewer, rp.secrets = seat.side, seat.sealed
        if seat is not None and not rp.joined(seat.side):
            if seat.side not in free:  # pragma: no cover - a side is joined only by its own commitment
                raise PbemError("the side this machine took is played by someone else", record.file)
            # joining again after opening without saving: the same chain, so the same commitment and rolls
            table._add(Entry(JOIN, seat.side, value=seat.chain()[0].hex(), name=name or rp.state.side_name(seat.side)))
        elif seat is not None and _committed(rp, seat) is False:
            raise PbemError("this machine's dice secret for the game is not the one committed in the file (the "
                            "keyring was replaced?): it cannot play this side", record.file)
        table.settle()
        return table

    # -- what the game waits for ----------------------------------------------------------------------
    @property
    def side(self) -> str:
        return self.seat.side if self.seat else ""

    def waiting(self) -> Waiting:
        return self.replay.waiting()

    def my_turn(self) -> bool:
        w = self.waiting()
        return self.seat is not None and w.kind == "decision" and w.side == self.seat.side

    def legal_actions(self) -> list[Action]:
        return list(self.replay.state.legal_actions()) if self.my_turn() else []

    # -- playing -------------------------------------------------------------------------------------
    def act(self, action: Action | str) -> None:
        """Make one of this side's decisions; then reveal the dice values it owes, if a roll follows."""
        if self.seat is None:
            raise IllegalAction("you play no side of this game: you can only watch it")
        w = self.waiting()
        if w.kind == "over":
            raise IllegalAction(f"the game is over ({self.replay.state.outcome_words()})")
        if not self.my_turn():
            raise IllegalAction(f"not yours to decide now: the game waits for {self.waiting_words()}")
        text = action.text() if isinstance(action, Action) else action
        entry = Entry(DO, self.seat.side, text=text)
        try:
            parsed = self.replay.state.parse_action(text)
        except ValueError:
            parsed = None  # the referee says what is wrong with it
        if parsed is not None and parsed.is_hidden():  # sealed: the text stays here until the rules reveal it
            salt = record_module.new_salt()
            commitment = seal(salt, text)
            self.seat.sealed[commitment] = [salt.hex(), text]
            entry = Entry(SEAL, self.seat.side, text=parsed.public_text(), value=commitment)
        try:
            self._add(entry)
        except PbemError as exc:
            if entry.kind == SEAL:
                del self.seat.sealed[entry.value]
            raise IllegalAction(exc.reason.split(": ", 2)[-1]) from None
        if entry.kind == SEAL:
            self.keyring.save()  # before anything else: a sealed move this machine cannot open stops the game
        self.settle()

    def settle(self) -> None:
        """Reveal every dice value this side owes now (a roll this side's play reached, or the second
        value of a roll the other player began); commit to this side's secret draws and answer the other
        side's; open this side's sealed moves and draws the rules reveal now."""
        while self.seat is not None:
            w = self.waiting()
            if w.kind == "open" and w.side == self.seat.side:
                self._open_due()
                continue
            if w.kind == "draw" and w.side == self.seat.side:
                self._commit_draws()
                continue
            if w.kind == "answer" and w.side == self.seat.side:
                value = record_module.new_salt()  # a random value of this side's, in the clear
                self._add(Entry(ANSWER, self.seat.side, value=value.hex(), opens=self.replay.pending[0] + 1))
                continue
            if w.kind != "reveal" or w.side != self.seat.side:
                return
            count = self.replay.counts[self.seat.side]
            value = self.seat.chain()[count + 1]
            first = self.replay.first_reveal
            outcome = ""
            if first is not None:
                outcome = self.replay.outcome_of_roll(first, value, self.replay.first_index).text()
            self._add(Entry(REVEAL, self.seat.side, value=value.hex(), roll=w.roll, outcome=outcome))

    def _commit_draws(self) -> None:
        """Commit to a value of this side's for each secret draw it makes now (referee.py, "Secret draws"):
        SHA-256(salt || value) into the file, the value and salt into the keyring, saved before the file is."""
        assert self.seat is not None
        for _ in range(self.replay.state.secret_draws_ahead() - len(self.replay.pending)):
            salt, value = record_module.new_salt(), record_module.new_salt()
            commitment = seal(salt, value.hex())
            self.seat.sealed[commitment] = [salt.hex(), value.hex()]
            self._add(Entry(DRAWS, self.seat.side, value=commitment))
        self.keyring.save()

    def _open_due(self) -> None:
        """Open this side's sealed moves and secret draws the rules reveal now: their text (a draw: its value
        and what was drawn) and salt into the file."""
        assert self.seat is not None
        for i in self.replay.due():
            e = self.record.entries[i]
            if e.side != self.seat.side:
                continue
            kept = self.seat.sealed.get(e.value)
            if kept is None:
                raise PbemError(f"move {i + 1} is this machine's sealed move, but its keyring does not hold it "
                                f"(the keyring was replaced?): it cannot be opened", self.record.file, e.line, i + 1)
            salt, text = kept
            if e.kind == DRAWS:
                outcome = self.replay.state.history()[self.replay.sealed[i]].action.text()
                self._add(Entry(DREW, self.seat.side, text=text, value=salt, outcome=outcome, opens=i + 1))
            else:
                self._add(Entry(OPEN, self.seat.side, text=text, value=salt, opens=i + 1))

    def _add(self, entry: Entry) -> None:
        linked = self.record.append(entry)
        try:
            check(self.replay, len(self.record.entries) - 1, linked)
        except PbemError:
            self.record.entries.pop()
            raise

    def can_take_back(self) -> bool:
        return self.seat is not None and any(
            e.kind in (DO, SEAL) and e.side == self.seat.side for e in self.record.entries[self.opened:])

    def take_back(self) -> bool:
        """Undo this side's last decision made since the file was opened, sealed or not (and the dice values
        revealed and sealed moves opened after it); False when there is none. Nothing the other player sent is
        ever taken back."""
        if not self.can_take_back():
            return False
        assert self.seat is not None
        entries = self.record.entries
        last = max(i for i in range(self.opened, len(entries)) if entries[i].kind in (DO, SEAL)
                   and entries[i].side == self.seat.side)
        del entries[last:]
        self.replay = replay(self.record, viewer=self.seat.side, secrets=self.seat.sealed)
        return True

    # -- sending -------------------------------------------------------------------------------------
    def save(self, path: str | Path) -> None:
        """Write the file to send; this machine remembers what it sent."""
        self.record.save(path, self.status())
        if self.record.entries:
            remember(self.replay, self.record.last_link())
        if self.seat is not None:
            self.seat.sent_count = len(self.record.entries)
            self.seat.sent_link = self.record.last_link()
            self.keyring.save()
        self.record.file = str(path)

    def status(self) -> dict[str, Any]:
        st, w = self.replay.state, self.waiting()
        out: dict[str, Any] = {"turn": str(st.phase) if not st.is_terminal() else "",
                               "waiting_for": self.waiting_words()}
        if w.kind == "over":
            out["result"] = st.outcome_words()
        sealed = self.replay.sealed_words()
        if sealed:
            out["sealed"] = sealed
        return out

    def waiting_words(self) -> str:
        st, w = self.replay.state, self.waiting()
        if w.kind == "over":
            return f"nothing: the game is over ({st.outcome_words()})"
        who = st.side_name(w.side)
        if w.kind == "join":
            return f"a player for the {who} side to open the file and join"
        if w.kind == "reveal":
            return f"the {who} player to open the file: roll {w.roll} needs their dice value"
        if w.kind == "open":
            return f"the {who} player to open the file: the rules reveal their sealed moves now"
        if w.kind == "draw":
            return f"the {who} player to open the file: they draw in secret"
        if w.kind == "answer":
            return f"the {who} player to open the file: the other player's secret draw needs their value"
        return f"the {who} player's decision ({st.phase})"

    def summary(self, moves: int = 20) -> str:
        """The last moves in plain text, as the other player may read them (hidden choices masked), to
        paste in an e-mail."""
        st = self.replay.state
        other = next((s for s in self.replay.sides if s != self.side), "")
        entries = st.history()
        presenter = presenter_for(st)
        family = RULES_FAMILIES.get(self.record.rules)
        system = f"{family.name}: {family.title}" if family is not None else self.record.rules
        players = ", ".join(f"{st.side_name(s)}: {n}" for s, n in self.record.players().items())
        lines = [f"{self.record.title} ({system}), game {self.record.game_id}; {players}",
                 f"{len(entries)} actions so far; waiting for {self.waiting_words()}"]
        lines += [f"{w[0].upper()}{w[1:]}." for w in self.replay.sealed_words()]
        lines.append("")
        start = max(0, len(entries) - moves)
        stand_ins = self.replay.stand_in_history()
        for n in range(start, len(entries)):
            e = entries[n]
            who = "Dice" if e.player == CHANCE else st.side_name(e.player)
            if n in stand_ins:  # another player's sealed move: this machine does not know it
                text = f"{st.masked_text(e)} (sealed)"
            elif not other or e.visible_to(other):
                text = presenter.action_text(st, e.action)
            else:
                text = st.masked_text(e)
            lines.append(f"{n + 1:4d}. {e.phase.turn_text()} {who}: {text}")
        return "\n".join(lines) + "\n"


def side_name(sc: Scenario, side: str) -> str:
    found = sc.side(side)
    return found.name if found is not None and found.name else side


def _committed(rp: Replay, seat: Seat) -> bool:
    """Whether the file's commitment for this machine's side is this machine's chain."""
    join = next(e for e in rp.record.entries if e.kind == JOIN and e.side == seat.side)
    return join.value == seat.chain()[0].hex()


def _check_sent(record: GameRecord, seat: Seat) -> None:
    """The file must still hold what this machine sent last."""
    n = seat.sent_count
    if not n:
        return
    if len(record.entries) < n:
        raise PbemError(f"this file is older than the one you sent: it has {len(record.entries)} moves, yours "
                        f"had {n}; open the newest file you received", record.file)
    if record.entries[n - 1].link != seat.sent_link:
        raise PbemError(f"the moves you sent were changed: move {n} is not the one you sent (the history was "
                        f"edited, or this is another game's file)", record.file, record.entries[n - 1].line, n)
