"""Play by e-mail (engine/pbem): two players in two folders, each with a keyring of their own, play a
shipped scenario of every playable rules family to its end by copying the game file to each other, a
bot standing in for each person; and every kind of tampering is refused with its reason, nothing on
either side lost."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest
import yaml
from hexwright.engine.bots import make_bot
from hexwright.engine.formats import load_scenario
from hexwright.engine.pbem import dice, record
from hexwright.engine.pbem.keyring import Keyring
from hexwright.engine.pbem.record import GameRecord, PbemError, next_link
from hexwright.engine.pbem.referee import replay
from hexwright.engine.pbem.table import Table
from hexwright.engine.rules.protocol import IllegalAction
from hexwright.engine.rules.registry import playable_families

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"


@cache
def shipped_scenario(rules: str) -> Path:
    """The first shipped scenario of a rules family (found by loading, as the conformance test does)."""
    for path in sorted(SCENARIOS.glob("*/*.yaml")):
        if "map" in path.name:
            continue
        result = load_scenario(path)
        if result.scenario is not None and result.scenario.rules == rules:
            return path
    raise LookupError(rules)


@pytest.fixture(autouse=True)
def repeatable_secrets(monkeypatch):
    """Each machine's secret seeds from a counter, so a test's games are the same on every run (the
    product draws them from the operating system's random source)."""
    counter = iter(range(1, 10**6))
    monkeypatch.setattr(dice, "new_seed", lambda: dice.sha256(next(counter).to_bytes(8, "big")))
    monkeypatch.setattr(record, "new_salt", lambda: dice.sha256(b"salt" + next(counter).to_bytes(8, "big")))


def assert_nothing_hidden_in(players: Players, who: str, table: Table | None = None) -> int:
    """The file `who` sends holds no hidden decision the rules have not revealed yet (F&M's markers face
    down, the secret set-up) and no secret draw (F&M's markers drawn, 7.2): each is there as its commitment
    only, its text (a draw: the drawer's value) on its owner's machine; and, where `table` (the machine of
    `who`) made secret draws of its own not opened yet, what they drew ("draw +3:us") is nowhere in the file
    but in the openings of earlier draws. Returns how many are sealed."""
    text = players.file(who).read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    moves = data["moves"]
    opened = {m["opens"] - 1 for m in moves if "opens" in m}
    rest = yaml.safe_dump([m for m in moves if "opens" not in m])  # what the openings do not reveal
    kept: dict[str, list[str]] = {}
    for p in players.folders:
        seat = Keyring(players.folders[p] / "keyring.json").seat(data["game"])
        kept.update(seat.sealed if seat else {})
    closed = [m.get("sealed") or m["draws"] for i, m in enumerate(moves)
              if ("sealed" in m or "draws" in m) and i not in opened]
    for commitment in closed:
        assert commitment in kept, "a sealed move whose owner's machine cannot open it"
        assert kept[commitment][1] not in rest, f"{kept[commitment][1]!r} is in the file before its reveal"
    if table is not None:
        history = table.replay.state.history()
        for j, h in table.replay.sealed.items():
            if "draws" in moves[j] and j not in table.replay.stand_ins:
                drawn = history[h].action.text()  # "draw +3:us"
                assert drawn not in rest, f"{drawn!r}, drawn in secret at move {j + 1}, is in the file before it opens"
    return len(closed)


class Players:
    """Two machines: a folder and a keyring each; the file goes from one to the other by copying."""

    def __init__(self, root: Path) -> None:
        self.folders = {p: root / p for p in ("alice", "bob")}
        for f in self.folders.values():
            f.mkdir()
        self.keyrings = {p: Keyring(f / "keyring.json") for p, f in self.folders.items()}

    def file(self, who: str) -> Path:
        return self.folders[who] / "game.hwgame"

    def send(self, who: str) -> str:
        other = "bob" if who == "alice" else "alice"
        shutil.copyfile(self.file(who), self.file(other))
        return other

    def open(self, who: str) -> Table:
        # a fresh keyring object each time, as a new run of the program would read it
        self.keyrings[who] = Keyring(self.folders[who] / "keyring.json")
        return Table.open(self.file(who), self.keyrings[who], who.capitalize())


KOENIG = SCENARIOS / "koenig-arnhem-bridge" / "arnhem-bridge.yaml"
TARGET_ARNHEM = SCENARIOS / "target-arnhem" / "target-arnhem.yaml"


def start(tmp_path: Path, rules_or_path: str | Path, side: str | None = None) -> tuple[Players, Table]:
    players = Players(tmp_path)
    sc_path = rules_or_path if isinstance(rules_or_path, Path) else shipped_scenario(rules_or_path)
    first = side or load_scenario(sc_path).scenario.sides[0].id  # type: ignore[union-attr]
    table = Table.new(sc_path, first, players.keyrings["alice"], "Alice")
    table.save(players.file("alice"))
    return players, table


def play_to_the_end(players: Players, bot: str = "heuristic", limit: int = 5000) -> tuple[Table, int, str]:
    bots: dict[str, object] = {}
    who, handovers = "alice", 0
    table = players.open(who)
    while True:
        scenario = table.replay.state.game.scenario
        if table.side not in bots:
            bots[table.side] = make_bot(bot, 7, scenario)
        while table.my_turn():
            table.act(bots[table.side].choose(table.replay.state))  # type: ignore[attr-defined]
        table.save(players.file(who))
        assert_nothing_hidden_in(players, who, table)
        if table.waiting().kind == "over":
            return table, handovers, who
        who = players.send(who)
        handovers += 1
        assert handovers < limit
        table = players.open(who)


@pytest.mark.parametrize("rules", [f.id for f in playable_families()])
def test_two_players_play_a_shipped_scenario_to_its_end_by_e_mail(tmp_path, rules, capsys):
    players, _ = start(tmp_path, rules)
    table, handovers, last = play_to_the_end(players)
    with capsys.disabled():
        draws = sum(e.kind == "draws" for e in table.record.entries)
        print(f"\n{rules} by e-mail: {handovers} hand-overs for {table.replay.rolls} rolls and {draws} secret draws, "
              f"{len(table.record.entries)} entries")
    state = table.replay.state
    assert state.is_terminal() and state.outcome() is not None
    assert handovers > 2
    # the last file verifies from the start, and the other player's machine opens it to the same result
    assert replay(GameRecord.load(players.file(last))).state.outcome_words() == state.outcome_words()
    other = players.send(last)
    seen = players.open(other)
    assert seen.waiting().kind == "over" and seen.replay.state.outcome_words() == state.outcome_words()
    # every roll was made by both players: one value each per roll, in the file
    record = table.record
    reveals = [e for e in record.entries if e.kind == "reveal"]
    assert len(reveals) == 2 * table.replay.rolls
    assert {e.side for e in reveals} == set(table.replay.sides) or table.replay.rolls == 0
    assert "wins" in table.status().get("result", "") or "Draw" in table.status().get("result", "")


# -- the dice ---------------------------------------------------------------------------------------------
def test_a_chain_reveals_each_value_once_and_in_order():
    values = dice.chain(b"\x01" * 32, 50)
    assert len(values) == 51 and values[-1] == b"\x01" * 32
    for k in range(1, 51):
        assert dice.follows(values[k], values[k - 1])
        assert not dice.follows(values[k - 1], values[k]) and not dice.follows(values[k], values[k])


def test_a_roll_is_mapped_exactly_onto_the_rules_distribution():
    outcomes = [("a", Fraction(1, 6)), ("b", Fraction(1, 2)), ("c", Fraction(1, 3))]
    assert dice.pick(outcomes, Fraction(0)) == "a"
    assert dice.pick(outcomes, Fraction(1, 6)) == "b"
    assert dice.pick(outcomes, Fraction(2, 3) - Fraction(1, 10**9)) == "b"
    assert dice.pick(outcomes, Fraction(2, 3)) == "c"
    # over many independent values the faces of a die come up about equally often
    faces = [(f, Fraction(1, 6)) for f in range(1, 7)]
    counts = {f: 0 for f in range(1, 7)}
    a, b = dice.chain(b"a" * 32, 600), dice.chain(b"b" * 32, 600)
    for k in range(1, 601):
        counts[dice.pick(faces, dice.roll_number(a[k], b[k], k, "00" * 32))] += 1
    assert all(60 <= c <= 140 for c in counts.values()), counts


def test_opening_the_file_again_does_not_roll_again(tmp_path):
    """No value is revealed before both players have joined; then the machine that completes a roll
    completes it the same way however often the file is opened (not saved), and so does a player who
    joined, opened again without saving."""
    players, table = start(tmp_path, TARGET_ARNHEM)  # the game opens with a roll (Target Arnhem: Adjustment)
    assert table.waiting().kind == "join"
    assert [e.kind for e in table.record.entries] == ["join"]  # Alice reveals nothing before Bob commits
    players.send("alice")
    bob = players.open("bob")
    assert [e.kind for e in bob.record.entries] == ["join", "join", "reveal"]  # Bob holds the file: his value first
    for _ in range(2):
        again = players.open("bob")
        assert [e.link for e in again.record.entries] == [e.link for e in bob.record.entries]
    bob.save(players.file("bob"))
    players.send("bob")
    outcomes = set()
    for _ in range(3):
        alice = players.open("alice")
        outcomes.add(tuple(e.outcome for e in alice.record.entries if e.outcome))
    assert len(outcomes) == 1 and len(next(iter(outcomes))) == 1


# -- one's own side, take-backs, the hand-over ----------------------------------------------------------
def test_each_side_makes_only_its_own_decisions_and_takes_back_only_its_own(tmp_path):
    players, table = start(tmp_path, KOENIG)
    players.send("alice")
    bob = players.open("bob")
    bob_side = bob.side
    assert bob_side != table.side
    while not bob.my_turn():  # Bob's machine has revealed what it owes; hand over until it is Bob's turn
        bob.save(players.file("bob"))
        players.send("bob")
        alice = players.open("alice")
        bot = make_bot("heuristic", 3, alice.replay.state.game.scenario)
        while alice.my_turn():
            alice.act(bot.choose(alice.replay.state))
        with pytest.raises(IllegalAction, match="not yours to decide now"):
            alice.act(bob.replay.state.legal_actions()[0] if bob.my_turn() else "done")
        alice.save(players.file("alice"))
        players.send("alice")
        bob = players.open("bob")
    before = bob.replay.state.fingerprint(), len(bob.record.entries)
    assert not bob.can_take_back()  # nothing of Bob's since the file was opened
    action = bob.legal_actions()[0]
    bob.act(action)
    assert bob.can_take_back()
    assert bob.take_back()
    assert (bob.replay.state.fingerprint(), len(bob.record.entries)) == before
    assert not bob.take_back()  # never past what was opened: the other player's moves stay


def test_a_third_machine_can_only_watch(tmp_path):
    players, _ = start(tmp_path, KOENIG)
    players.send("alice")
    players.open("bob").save(players.file("bob"))
    carol = Table.open(players.file("bob"), Keyring(tmp_path / "carol.json"))
    assert carol.seat is None and not carol.my_turn()
    with pytest.raises(IllegalAction, match="no side"):
        carol.act("done")


# -- tampering --------------------------------------------------------------------------------------------
def relinked(text: str, change: Callable[[dict], None]) -> str:
    """The file with `change` made to its data and every link recomputed, as a careful cheat would."""
    data = yaml.safe_load(text)
    change(data)
    import hashlib

    data["scenario_sha256"] = hashlib.sha256(data["scenario"].encode()).hexdigest()
    record = GameRecord(data["game"], data["title"], data["rules"], data["scenario"], data["scenario_name"],
                        data["options"])
    link = record.genesis()
    for m in data["moves"]:
        m.pop("link", None)
        link = next_link(link, m)
        m["link"] = link
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


@pytest.fixture
def played(tmp_path):
    """A Koenig game some way in: Alice has just received Bob's file."""
    players, _ = start(tmp_path, KOENIG)

    def receive_and_move(who: str) -> str:
        """The file sent to the other machine, which plays its side with a bot and saves."""
        who = players.send(who)
        t = players.open(who)
        bot = make_bot("heuristic", 5, t.replay.state.game.scenario)
        while t.my_turn():
            t.act(bot.choose(t.replay.state))
        t.save(players.file(who))
        return who

    def moves(who: str) -> list[dict]:
        return yaml.safe_load(players.file(who).read_text())["moves"]

    def leaves_alice_a_decision(alice_sent: int) -> bool:
        """Bob's saved file waits for a decision of Alice's, not for her value of a roll under way, and a roll
        was completed since Alice's last file (the dice are made of the players' random values, so where a
        hand-over falls in a roll differs from run to run)."""
        bob = players.open("bob")
        w = bob.waiting()
        return (w.kind == "decision" and w.side != bob.side
                and any(m.get("outcome") for m in moves("bob")[alice_sent:]))

    who, alice_sent = "alice", 0
    for _ in range(6):
        alice_sent = len(moves(who)) if who == "alice" else alice_sent
        who = receive_and_move(who)
    for _ in range(60):
        if who == "bob" and leaves_alice_a_decision(alice_sent):
            break
        alice_sent = len(moves(who)) if who == "alice" else alice_sent
        who = receive_and_move(who)
    assert who == "bob" and leaves_alice_a_decision(alice_sent)
    players.send("bob")  # Bob sends to Alice
    return players


def refused(players: Players, who: str, text: str, match: str) -> None:
    """Opening `text` on `who`'s machine is refused with `match`; their keyring and game file stay as they were."""
    keyring = (players.folders[who] / "keyring.json").read_bytes()
    own = players.file(who).read_bytes()
    bad = players.folders[who] / "received.hwgame"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(PbemError, match=match) as err:
        Table.open(bad, Keyring(players.folders[who] / "keyring.json"))
    assert "Traceback" not in str(err.value)
    assert (players.folders[who] / "keyring.json").read_bytes() == keyring
    assert players.file(who).read_bytes() == own


def index_of(data: dict, pred: Callable[[dict], bool]) -> int:
    return next(i for i, m in enumerate(data["moves"]) if pred(m))


def test_an_edited_move_is_refused(played):
    text = played.file("alice").read_text()
    data = yaml.safe_load(text)
    i = index_of(data, lambda m: "do" in m and m["by"] == data["moves"][0]["join"])
    # edited by hand: the link gives it away on any machine
    naive = text.replace(f"do: {data['moves'][i]['do']}", "do: done", 1) if f"do: {data['moves'][i]['do']}" in text \
        else text.replace(data["moves"][i]["do"], "done", 1)
    refused(played, "alice", naive, "changed")
    # edited with every link recomputed: Alice's machine knows what it sent
    edited = relinked(text, lambda d: d["moves"][i].update(do="done"))
    refused(played, "alice", edited, "the moves you sent were changed")


def test_an_edited_roll_is_refused(played):
    text = played.file("alice").read_text()
    data = yaml.safe_load(text)
    last = max(i for i, m in enumerate(data["moves"]) if m.get("outcome"))
    faces = ["roll 1", "roll 2", "roll 3", "roll 4", "roll 5", "roll 6"]
    other = next(f for f in faces if f != data["moves"][last]["outcome"])

    def change(d: dict) -> None:
        d["moves"][last]["outcome"] = other if d["moves"][last]["outcome"].startswith("roll") else "draw X"

    refused(played, "alice", relinked(text, change), "the result was changed")

    def new_value(d: dict) -> None:
        d["moves"][last]["reveal"] = "ab" * 32

    refused(played, "alice", relinked(text, new_value), "the roll was changed")


def test_a_swapped_scenario_is_refused(played):
    text = played.file("alice").read_text()
    data = yaml.safe_load(text)
    changed = data["scenario"].replace("title: ", "title: Another ", 1)
    naive = yaml.safe_dump({**data, "scenario": changed}, sort_keys=False)
    refused(played, "alice", naive, "the scenario was changed")
    refused(played, "alice", relinked(text, lambda d: d.update(scenario=changed)), "the moves you sent were changed")
    # on a machine that never sent anything (a third one), the game's own rolls give the swap away
    with pytest.raises(PbemError, match="the result was changed|the roll was changed"):
        replay(GameRecord.loads(relinked(text, lambda d: d.update(scenario=changed))))


def test_an_old_file_is_refused(played):
    # Alice answers Bob's file, then is sent Bob's old one again
    old = played.file("alice").read_text()
    t = played.open("alice")
    bot = make_bot("heuristic", 5, t.replay.state.game.scenario)
    while t.my_turn():
        t.act(bot.choose(t.replay.state))
    t.save(played.file("alice"))
    refused(played, "alice", old, "older than the one you sent")


def test_the_wrong_side_moving_is_refused(played):
    text = played.file("alice").read_text()
    t = played.open("alice")
    legal = t.legal_actions()
    assert legal, "Alice's turn"
    alice_side = t.side
    bob_side = next(s for s in t.replay.sides if s != alice_side)
    refused(played, "alice", relinked(text, lambda d: d["moves"].append({"by": bob_side, "do": legal[0].text()})),
            "decision, not the")


def test_an_illegal_move_is_refused_with_the_rule(played):
    text = played.file("alice").read_text()
    t = played.open("alice")
    refused(played, "alice", relinked(text, lambda d: d["moves"].append({"by": t.side, "do": "move NOSUCHUNIT 9999"})),
            "move NOSUCHUNIT 9999")


def test_a_malformed_file_is_reported_at_its_line(tmp_path):
    bad = tmp_path / "bad.hwgame"
    bad.write_text("format_version: 1\nkind: hexwright-pbem-game\nmoves: [\n", encoding="utf-8")
    with pytest.raises(PbemError) as err:
        GameRecord.load(bad)
    assert err.value.line >= 3 and str(bad) in str(err.value)
    bad.write_text("", encoding="utf-8")
    with pytest.raises(PbemError, match=r"bad.hwgame:1: the file is empty"):
        GameRecord.load(bad)
    bad.write_text("kind: hexwright-scenario\n", encoding="utf-8")
    with pytest.raises(PbemError, match="not a Hexwright play-by-e-mail game"):
        GameRecord.load(bad)
