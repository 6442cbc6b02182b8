"""The play-by-e-mail game file (`.hwgame`): one YAML document that travels between the two players.

It holds the scenario whole (its map inline), so the opponent needs nothing else; the players' sides,
names and dice commitments; and every entry of the game in order: a player joining, a decision (the
action's text, as in a game log), a dice value revealed (dice.py), a decision the other player may not
see sealed (a commitment to its text, `seal`) and its opening once the rules reveal it, a secret draw (the
drawer's commitment, the other player's answer, the opening: referee.py). Each
entry carries a link: the SHA-256 of the link before it and of the entry itself, the first one chained to
the game's header (its id, rules, options and the scenario's hash), so an entry cannot be changed,
dropped or moved without every later link changing; each player's own machine remembers the link of the
last entry it sent (keyring.py), which is how an edited history or an old file is caught. The `status`
part is a summary for people who open the file in a text editor and is recomputed, never trusted.

Reading reports the file, line and what is wrong (`PbemError`) and never raises anything else.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml

from ..formats.atomic import atomic_write_text
from ..formats.yamlio import YDict, YList, load_yaml
from ..validation.diagnostics import Diagnostic, has_errors

KIND = "hexwright-pbem-game"
FORMAT_VERSION = 1
SUFFIX = ".hwgame"
MIME_TYPE = "application/x-hexwright-game"

JOIN, DO, REVEAL = "join", "do", "reveal"
SEAL, OPEN = "sealed", "open"
DRAWS, ANSWER, DREW = "draws", "answers", "drew"  # a secret draw: its commitment, the answer, its opening


class PbemError(ValueError):
    """A game file that cannot be read, or whose history does not replay; says where and why."""

    def __init__(self, message: str, file: str = "", line: int = 0, move: int = 0) -> None:
        where = file or "<game>"
        if line:
            where += f":{line}"
        super().__init__(f"{where}: {message}")
        self.file, self.line, self.move, self.reason = file, line, move, message


@dataclass(frozen=True)
class Entry:
    """One entry of the game: a player joining (`value` their dice commitment), a decision (`text` the
    action), a dice value revealed for roll `roll` (`outcome` the roll's result, on the value that
    completes the roll), a sealed decision (`value` its commitment, `text` what the other player may see
    of it: its public text) or the opening of sealed move `opens` (`text` the decision, `value` the salt);
    for a secret draw (referee.py, "Secret draws"): the drawer's commitment to a value of its own (`value`),
    the other player's answer to draw `opens` (`value` its value, in the clear), and the draw's opening
    (`text` the drawer's value, `value` the salt, `outcome` what was drawn, `opens` the draw)."""

    kind: str
    side: str
    text: str = ""
    value: str = ""
    name: str = ""
    roll: int = 0
    outcome: str = ""
    link: str = ""
    line: int = 0  # where it stands in the file it was read from (0 when made here)
    opens: int = 0  # an opening: the number of the sealed move it opens (1, 2, ...)

    def body(self) -> dict[str, Any]:
        """The entry as written, without its link: what the link hashes."""
        if self.kind == JOIN:
            return {"join": self.side, "name": self.name, "commitment": self.value}
        if self.kind == DO:
            return {"by": self.side, "do": self.text}
        if self.kind == SEAL:
            return {"by": self.side, "sealed": self.value, "shows": self.text}
        if self.kind == OPEN:
            return {"by": self.side, "opens": self.opens, "do": self.text, "salt": self.value}
        if self.kind == DRAWS:
            return {"by": self.side, "draws": self.value}
        if self.kind == ANSWER:
            return {"by": self.side, "answers": self.opens, "value": self.value}
        if self.kind == DREW:
            return {"by": self.side, "opens": self.opens, "drew": self.text, "salt": self.value,
                    "outcome": self.outcome}
        body: dict[str, Any] = {"by": self.side, "reveal": self.value, "roll": self.roll}
        if self.outcome:
            body["outcome"] = self.outcome
        return body


def new_salt() -> bytes:
    """The salt of a sealed decision: 32 bytes from the operating system's random source."""
    import secrets  # here: the editor reads this module at start-up, and `secrets` is not needed then

    return secrets.token_bytes(32)


def seal(salt: bytes, text: str) -> str:
    """The commitment a sealed decision is written as: SHA-256(salt || text), the salt 32 random bytes kept
    on the owner's machine with the text until the rules reveal it, so that neither can be guessed from the
    file (a list of the few legal decisions hashed without the salt would give the text away)."""
    return hashlib.sha256(salt + text.encode("utf-8")).hexdigest()


def next_link(previous: str, body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(bytes.fromhex(previous) + canonical.encode("utf-8")).hexdigest()


@dataclass
class GameRecord:
    """A play-by-e-mail game as its file holds it."""

    game_id: str
    title: str
    rules: str
    scenario_text: str
    scenario_name: str = ""  # the file name the scenario came from, for people
    options: dict[str, Any] = field(default_factory=dict)
    entries: list[Entry] = field(default_factory=list)
    file: str = ""

    @property
    def scenario_sha256(self) -> str:
        return hashlib.sha256(self.scenario_text.encode("utf-8")).hexdigest()

    def genesis(self) -> str:
        """The link every entry is chained to: the game's header."""
        return next_link("00" * 32, {"game": self.game_id, "rules": self.rules, "options": self.options,
                                     "scenario_sha256": self.scenario_sha256})

    def last_link(self) -> str:
        return self.entries[-1].link if self.entries else self.genesis()

    def link_before(self, index: int) -> str:
        return self.entries[index - 1].link if index > 0 else self.genesis()

    def append(self, entry: Entry) -> Entry:
        """Add an entry made here, linked to the last one."""
        linked = replace(entry, link=next_link(self.last_link(), entry.body()), line=0)
        self.entries.append(linked)
        return linked

    def players(self) -> dict[str, str]:
        """side -> the name of the player who joined it."""
        return {e.side: e.name for e in self.entries if e.kind == JOIN}

    # -- writing -------------------------------------------------------------------------------------
    def dumps(self, status: dict[str, Any] | None = None) -> str:
        moves = []
        for e in self.entries:
            d = e.body()
            d["link"] = e.link
            moves.append(d)
        data: dict[str, Any] = {"format_version": FORMAT_VERSION, "kind": KIND, "game": self.game_id,
                                "title": self.title, "rules": self.rules, "options": self.options,
                                "scenario_name": self.scenario_name, "scenario_sha256": self.scenario_sha256}
        if status:
            data["status"] = status
        data["moves"] = moves
        data["scenario"] = self.scenario_text
        return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=200)

    def save(self, path: str | Path, status: dict[str, Any] | None = None) -> None:
        """Write atomically: a save killed at any moment leaves the old file or the new one."""
        atomic_write_text(Path(path), self.dumps(status))

    # -- reading -------------------------------------------------------------------------------------
    @classmethod
    def loads(cls, text: str, filename: str = "<game>") -> GameRecord:
        diags: list[Diagnostic] = []
        data, _reader = load_yaml(text, filename, diags)
        if has_errors(diags) or data is None:
            first = next((d for d in diags), None)
            if first is None:
                raise PbemError("the file is empty", filename, 1)
            raise PbemError(first.message, filename, first.line)
        if not isinstance(data, YDict):
            raise PbemError("not a Hexwright play-by-e-mail game (a mapping is expected)", filename, 1)
        if data.get("kind") != KIND:
            raise PbemError(f"not a Hexwright play-by-e-mail game (kind is {data.get('kind')!r}, "
                            f"not {KIND!r})", filename, data.where("kind")[0] or 1)
        version = data.get("format_version")
        if version != FORMAT_VERSION:
            raise PbemError(f"format_version {version!r} is not one this version reads ({FORMAT_VERSION})",
                            filename, data.where("format_version")[0] or 1)

        def text_of(key: str, required: bool = True) -> str:
            v = data.get(key, "")
            if (required and not v) or not isinstance(v, str):
                raise PbemError(f"'{key}' must be a text", filename, data.where(key)[0] or data.line)
            return v

        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise PbemError("'options' must be a mapping", filename, data.where("options")[0])
        record = cls(text_of("game"), text_of("title", False), text_of("rules"), text_of("scenario"),
                     text_of("scenario_name", False), _plain(options), file=filename)
        if text_of("scenario_sha256") != record.scenario_sha256:
            raise PbemError("the scenario was changed: its text does not match the hash the game was started "
                            "with (scenario_sha256)", filename, data.where("scenario")[0])
        moves = data.get("moves")
        if not isinstance(moves, YList):
            raise PbemError("'moves' must be a list", filename, data.where("moves")[0] or data.line)
        link = record.genesis()
        for i, raw in enumerate(moves):
            line = moves.where(i)[0]
            entry = _entry(raw, filename, line, i + 1)
            link = next_link(link, entry.body())
            if entry.link != link:
                raise PbemError(f"move {i + 1} was changed, or a move before it was added, removed or changed: "
                                f"its link does not follow from the moves before it", filename, line, i + 1)
            record.entries.append(entry)
        return record

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        p = Path(path)
        try:
            text = p.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise PbemError("not a text file (UTF-8)", str(p), 1) from None
        except OSError as exc:
            raise PbemError(f"cannot read the file: {exc.strerror or exc}", str(p)) from None
        return cls.loads(text, str(p))


def _plain(v: Any) -> Any:
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_plain(x) for x in v]
    return v


def _entry(raw: Any, filename: str, line: int, n: int) -> Entry:
    def bad(why: str) -> PbemError:
        return PbemError(f"move {n}: {why}", filename, line, n)

    if not isinstance(raw, dict):
        raise bad("a move is a mapping ({by: SIDE, do: ACTION}, {join: ...}, {by: ..., reveal: ...}, "
                  "{by: ..., sealed: ...}, {by: ..., draws: ...}, {by: ..., answers: ...} or {by: ..., opens: ...})")

    def s(key: str) -> str:
        v = raw.get(key, "")
        if not isinstance(v, str):
            raise bad(f"'{key}' must be a text")
        return v

    link = s("link")
    if "join" in raw:
        _hex(s("commitment"), bad, "commitment")
        return Entry(JOIN, s("join"), value=s("commitment"), name=s("name"), link=link, line=line)
    side = s("by")
    if not side:
        raise bad("'by' (the side that made it) is missing")
    if "sealed" in raw:
        _hex(s("sealed"), bad, "sealed")
        if not s("shows"):
            raise bad("'shows' (what the other player may see of the sealed move) is empty")
        return Entry(SEAL, side, text=s("shows"), value=s("sealed"), link=link, line=line)
    if "draws" in raw:
        _hex(s("draws"), bad, "draws")
        return Entry(DRAWS, side, value=s("draws"), link=link, line=line)
    if "answers" in raw:
        answers = raw.get("answers")
        if not isinstance(answers, int) or isinstance(answers, bool) or not 1 <= answers < n:
            raise bad("'answers' must be the number of a secret draw before it")
        _hex(s("value"), bad, "value")
        return Entry(ANSWER, side, value=s("value"), opens=answers, link=link, line=line)
    if "opens" in raw and "drew" in raw:
        opens = raw.get("opens")
        if not isinstance(opens, int) or isinstance(opens, bool) or not 1 <= opens < n:
            raise bad("'opens' must be the number of a secret draw before it")
        _hex(s("drew"), bad, "drew")
        _hex(s("salt"), bad, "salt")
        if not s("outcome"):
            raise bad("'outcome' (what was drawn) is empty")
        return Entry(DREW, side, text=s("drew"), value=s("salt"), outcome=s("outcome"), opens=opens, link=link,
                     line=line)
    if "opens" in raw:
        opens = raw.get("opens")
        if not isinstance(opens, int) or isinstance(opens, bool) or not 1 <= opens < n:
            raise bad("'opens' must be the number of a sealed move before it")
        _hex(s("salt"), bad, "salt")
        if not s("do"):
            raise bad("'do' (the sealed move, opened) is empty")
        return Entry(OPEN, side, text=s("do"), value=s("salt"), opens=opens, link=link, line=line)
    if "do" in raw:
        if not s("do"):
            raise bad("'do' (the action) is empty")
        return Entry(DO, side, text=s("do"), link=link, line=line)
    if "reveal" in raw:
        roll = raw.get("roll")
        if not isinstance(roll, int) or isinstance(roll, bool) or roll < 1:
            raise bad("'roll' must be the roll's number (1, 2, ...)")
        _hex(s("reveal"), bad, "reveal")
        return Entry(REVEAL, side, value=s("reveal"), roll=roll, outcome=s("outcome"), link=link, line=line)
    raise bad("neither 'join', 'do', 'reveal', 'sealed', 'draws', 'answers' nor 'opens'")


def _hex(v: str, bad: Any, key: str) -> None:
    if len(v) != 64 or any(c not in "0123456789abcdef" for c in v):
        raise bad(f"'{key}' must be 64 hexadecimal digits")


class _Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # type: ignore[misc]
    """PyYAML's dumper, writing texts of several lines (the scenario) as literal blocks."""


def _str(dumper: yaml.SafeDumper, data: str) -> yaml.Node:
    if "\n" in data:
        return dumper.represent_scalar("tag:yaml.org,2002:str", data, style="|")
    return dumper.represent_scalar("tag:yaml.org,2002:str", data)


_Dumper.add_representer(str, _str)
