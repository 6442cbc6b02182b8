"""Hidden information in a play-by-e-mail file (engine/pbem/referee.py, "Sealed decisions"): F&M's support
fire markers committed face down (F&M 8.2.1 b) and Scenario 2's secret set-up (F&M 12.0) are in the file
only as commitments until the rules reveal them; the other player's machine replays stand-ins until then;
an opening that does not match, or a sealed decision that was not legal, is refused at the reveal."""

from __future__ import annotations

import secrets

import pytest
import yaml
from hexwright.engine.bots import make_bot
from hexwright.engine.formats import load_scenario
from hexwright.engine.pbem import dice, record
from hexwright.engine.pbem.keyring import Keyring
from hexwright.engine.pbem.record import OPEN, SEAL, Entry, GameRecord, PbemError, seal
from hexwright.engine.pbem.referee import replay
from hexwright.engine.pbem.table import Table
from hexwright.engine.rules.protocol import make_game

from .test_pbem import SCENARIOS, Players, play_to_the_end, refused, relinked, start

SCENARIO_1 = SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml"
SCENARIO_2 = SCENARIOS / "fm-arnhem" / "scenario-2-free-deployment.yaml"


@pytest.fixture(autouse=True)
def repeatable_secrets(monkeypatch):
    """Seeds and salts from a counter, so a test's games are the same on every run (the product draws
    them from the operating system's random source)."""
    counter = iter(range(1, 10**6))
    monkeypatch.setattr(dice, "new_seed", lambda: dice.sha256(next(counter).to_bytes(8, "big")))
    monkeypatch.setattr(record, "new_salt", lambda: dice.sha256(b"salt" + next(counter).to_bytes(8, "big")))


def play_side(table: Table, seed: int = 7) -> None:
    bot = make_bot("heuristic", seed, table.replay.state.game.scenario)
    while table.my_turn():
        table.act(bot.choose(table.replay.state))


def sealed_setup(tmp_path) -> tuple[Players, Table]:
    """Scenario 2: Alice (German) has recorded her set-up, sealed, and sent the file to Bob (Allied)."""
    players, alice = start(tmp_path, SCENARIO_2, "german")
    play_side(alice)
    alice.save(players.file("alice"))
    players.send("alice")
    return players, alice


def test_the_secret_set_up_is_sealed_until_both_players_have_recorded_theirs(tmp_path):
    players, alice = sealed_setup(tmp_path)
    text = players.file("bob").read_text()
    data = yaml.safe_load(text)
    moves = data["moves"]
    kept = players.keyrings["alice"].seat(data["game"]).sealed  # type: ignore[union-attr]
    assert [m.get("shows", "") for m in moves if "sealed" in m] and len(kept) == sum("sealed" in m for m in moves)
    assert all("do" not in m for m in moves)  # nothing of the German set-up in the clear
    assert data["status"]["sealed"] == [f"{len(kept)} moves of the German player are sealed until both players "
                                        f"have recorded their set-up (Arnhem: The Farthest Bridge 12.0)"]
    for _salt, setup in kept.values():  # "setup 2/406 2025": neither the hex nor the decision is in the file
        assert setup.startswith("setup ") and setup not in text
        unit, hexlabel = setup.split()[1:]
        assert not any(m.get("shows", "").endswith(hexlabel) for m in moves)
    # Bob's machine replays stand-ins and says what is sealed, and until when
    bob = players.open("bob")
    assert len(bob.replay.stand_ins) == len(kept)
    assert bob.replay.sealed_words() == [f"{len(kept)} moves of the German player are sealed until both players "
                                         f"have recorded their set-up (Arnhem: The Farthest Bridge 12.0)"]
    summary = bob.summary(5)
    assert "(sealed)" in summary and "sealed until both players" in summary
    assert not any(s in summary for _salt, s in kept.values())
    # Bob records his, sealed too; the rules now reveal both: Bob's machine opens its own at once and the game
    # waits for the German player to open hers
    play_side(bob)
    assert bob.waiting().kind == "open" and bob.waiting().side == "german"
    bob_entries = bob.record.entries
    assert [e.kind for e in bob_entries[-3:]] == [OPEN] * 3 or any(e.kind == OPEN for e in bob_entries)
    assert all(e.kind != "do" for e in bob_entries if e.side == "allied")
    bob.save(players.file("bob"))
    players.send("bob")
    alice = players.open("alice")
    opened = {e.opens for e in alice.record.entries if e.kind == OPEN}
    assert opened == {i + 1 for i, e in enumerate(alice.record.entries) if e.kind == SEAL}
    assert not alice.replay.sealed and not alice.replay.stand_ins
    # both machines now replay the same true game: the units stand where they were recorded
    alice.save(players.file("alice"))
    players.send("alice")
    bob = players.open("bob")
    assert bob.replay.state.fingerprint() == alice.replay.state.fingerprint()
    placed = bob.replay.state.position.hexes  # type: ignore[attr-defined]
    g = bob.replay.state.game
    for _salt, setup in kept.values():
        unit, hexlabel = setup.split()[1:]
        if unit in placed:
            assert g.label(placed[unit]) == hexlabel  # type: ignore[attr-defined]


def test_a_sealed_move_is_taken_back_like_any_other(tmp_path):
    players, alice = start(tmp_path, SCENARIO_2, "german")
    before = (alice.replay.state.fingerprint(), len(alice.record.entries))
    alice.act(alice.legal_actions()[0])
    assert alice.record.entries[-1].kind == SEAL and alice.can_take_back()
    assert alice.take_back()
    assert (alice.replay.state.fingerprint(), len(alice.record.entries)) == before


def test_a_changed_sealed_move_or_opening_is_refused_at_the_reveal(tmp_path):
    players, alice = sealed_setup(tmp_path)
    bob = players.open("bob")
    play_side(bob)
    bob.save(players.file("bob"))
    players.send("bob")
    text = players.file("alice").read_text()
    data = yaml.safe_load(text)
    allied = next(i for i, m in enumerate(data["moves"]) if "sealed" in m and m["by"] == "allied")
    opening = next(i for i, m in enumerate(data["moves"]) if m.get("opens") == allied + 1)

    # an opening whose text is not what was sealed (another hex for the drop zone)
    def other_hex(d: dict) -> None:
        d["moves"][opening]["do"] = d["moves"][opening]["do"].rsplit(" ", 1)[0] + " 0101"

    refused(players, "alice", relinked(text, other_hex), f"does not match what the Allied player sealed at move "
                                                         f"{allied + 1}")
    with pytest.raises(PbemError) as err:
        replay(GameRecord.loads(relinked(text, other_hex)))
    print(err.value)

    # the commitment changed (a cheat who wants to change his sealed move once he has seen the other's)
    def other_commitment(d: dict) -> None:
        d["moves"][allied]["sealed"] = "ab" * 32

    refused(players, "alice", relinked(text, other_commitment), "does not match|the moves you sent were changed")
    # ... which a machine that did not send the moves before it catches at the reveal
    with pytest.raises(PbemError, match=f"does not match what the Allied player sealed at move {allied + 1}"):
        replay(GameRecord.loads(relinked(text, other_commitment)))

    # an opening before the rules reveal it, and a move made while sealed moves are due
    def too_early(d: dict) -> None:
        del d["moves"][allied + 1:]
        d["moves"].append({"by": "allied", "opens": allied + 1, "do": "x", "salt": "00" * 32})

    with pytest.raises(PbemError, match=r"opened before the rules reveal it \(it is sealed until both players") as err:
        replay(GameRecord.loads(relinked(text, too_early)))
    print(err.value)

    def played_instead(d: dict) -> None:  # the German player moves on without opening her set-up
        d["moves"].append({"by": "german", "do": "pass"})

    with pytest.raises(PbemError, match="now: the German player opens them before anything else is played") as err:
        replay(GameRecord.loads(relinked(text, played_instead)))
    print(err.value)
    t = players.open("alice")
    assert t.waiting().kind in ("decision", "reveal", "over")  # Alice's machine has opened hers


def test_a_sealed_marker_that_was_not_available_is_refused_at_the_reveal(tmp_path):
    """A cheat seals a marker his side does not hold (the file is all he changes, every link made again):
    the other machine replays a stand-in until the markers are flipped, then refuses the opened move
    with the rule."""
    players = Players(tmp_path)
    alice = Table.new(SCENARIO_1, "allied", players.keyrings["alice"], "Alice")
    alice.save(players.file("alice"))
    who, table = "alice", alice
    for _ in range(400):  # play until a sealed marker of one side is opened
        if any(e.kind == OPEN for e in table.record.entries):
            break
        play_side(table)
        table.save(players.file(who))
        who = players.send(who)
        table = players.open(who)
    text = table.record.dumps()
    data = yaml.safe_load(text)
    first = next(i for i, m in enumerate(data["moves"]) if "opens" in m)
    sealed = data["moves"][first]["opens"] - 1
    side = data["moves"][sealed]["by"]
    salt = secrets.token_bytes(32)
    fake = "sfm +9:" + ("german" if side == "german" else "british")

    def cheat(d: dict) -> None:
        d["moves"][sealed]["sealed"] = seal(salt, fake)
        d["moves"][first].update({"do": fake, "salt": salt.hex()})

    with pytest.raises(PbemError) as err:
        replay(GameRecord.loads(relinked(text, cheat)))
    assert f"move {sealed + 1}: the sealed move, opened" in str(err.value)
    print(err.value)
    assert "Traceback" not in str(err.value)


def test_the_rules_say_when_a_hidden_decision_is_revealed():
    """F&M 8.2.1 b: the four marker choices of a combat stay hidden until the last is made; 12.0: the
    set-ups until both are recorded (GameState.still_hidden)."""
    sc = load_scenario(SCENARIO_2).scenario
    assert sc is not None
    state = make_game(sc).new_initial_state(3)
    bot = make_bot("heuristic", 3, sc)
    setups = []
    while state.phase.name == "Set-up" and not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance())
            continue
        n = len(state.history())
        action = bot.choose(state)
        state.apply(action)
        if action.is_hidden():
            setups.append(n)
        if setups and state.phase.name == "Set-up" and state.pending_decision().__class__.__name__ == "SetupChoice":
            assert all(state.still_hidden(i) for i in setups)
    assert setups and not any(state.still_hidden(i) for i in setups)
    commits: list[int] = []
    for _ in range(5000):
        if state.is_terminal():
            break
        if state.is_chance_node():
            if commits:
                assert not any(state.still_hidden(i) for i in commits)  # flipped before the roll
                break
            state.apply(state.sample_chance())
            continue
        n = len(state.history())
        action = bot.choose(state)
        state.apply(action)
        if action.is_hidden():
            commits.append(n)
            if state.pending_decision().__class__.__name__ == "MarkerCommit":
                assert state.still_hidden(n)
                assert "until the markers of the combat at" in state.hidden_until(n)
    assert commits, "a combat with a marker committed face down"


def test_scenario_2_is_played_to_its_end_by_e_mail_with_everything_hidden_sealed(tmp_path, capsys):
    players, _ = start(tmp_path, SCENARIO_2, "german")
    table, handovers, last = play_to_the_end(players)
    state = table.replay.state
    assert state.is_terminal()
    entries = table.record.entries
    sealed = [e for e in entries if e.kind == SEAL]
    assert sealed and len([e for e in entries if e.kind == OPEN]) == len(sealed)
    assert replay(GameRecord.load(players.file(last))).state.outcome_words() == state.outcome_words()
    other = players.send(last)
    assert Table.open(players.file(other), Keyring(players.folders[other] / "keyring.json")).replay.state \
        .outcome_words() == state.outcome_words()
    with capsys.disabled():
        draws = sum(e.kind == "draws" for e in entries)
        print(f"\nF&M Scenario 2 by e-mail: {handovers} hand-overs for {table.replay.rolls} rolls, {len(sealed)} "
              f"sealed moves, {draws} secret draws, {len(entries)} entries")


@pytest.mark.parametrize(("move", "why"), [
    ({"by": "german", "sealed": "xyz", "shows": "sfm (face down)"}, "'sealed' must be 64 hexadecimal digits"),
    ({"by": "german", "sealed": "ab" * 32, "shows": ""}, "'shows' .* is empty"),
    ({"by": "german", "opens": 2, "do": "sfm +3:german", "salt": "00" * 32}, "'opens' must be the number of a sealed "
                                                                               "move before it"),
    ({"by": "german", "opens": 1, "do": "sfm +3:german", "salt": "0"}, "'salt' must be 64 hexadecimal digits"),
])
def test_a_malformed_sealed_move_or_opening_is_reported_at_its_line(move, why):
    game = GameRecord("g", "", "rules", "s")
    game.append(Entry(SEAL, "german", text="sfm (face down)", value="ab" * 32))
    data = yaml.safe_load(game.dumps())
    data["moves"].append(move)
    text = yaml.safe_dump(data, sort_keys=False)
    with pytest.raises(PbemError, match=why) as err:
        GameRecord.loads(text, "g.hwgame")
    assert "move 2" in str(err.value) and str(err.value).startswith(f"g.hwgame:{err.value.line}:")
    assert "by: german" in text.splitlines()[err.value.line - 1]
