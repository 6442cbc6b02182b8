"""Secret draws in a play-by-e-mail file (engine/pbem/referee.py, "Secret draws"): the support fire markers a
player draws in secret (F&M 7.2, 10.7) are made by the drawer's sealed value and the other player's answer,
replayed by stand-ins on the other machine (fitted to each marker revealed) and opened at the end of their GT;
an opening that does not match, an outcome the two values do not give, or a marker played that was never
drawn is refused with its reason."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
import yaml
from hexwright.engine.bots import make_bot
from hexwright.engine.pbem import dice, record
from hexwright.engine.pbem.record import ANSWER, DRAWS, DREW, OPEN, SEAL, GameRecord, PbemError, seal
from hexwright.engine.pbem.referee import replay
from hexwright.engine.pbem.table import Table
from hexwright.engine.rules.fm.actions import UNKNOWN

from .test_pbem import SCENARIOS, Players, assert_nothing_hidden_in, refused, relinked

SCENARIO_1 = SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml"


@pytest.fixture(autouse=True)
def repeatable_secrets(monkeypatch):
    """Seeds, salts and values from a counter, so a test's games are the same on every run."""
    counter = iter(range(1, 10**6))
    monkeypatch.setattr(dice, "new_seed", lambda: dice.sha256(next(counter).to_bytes(8, "big")))
    monkeypatch.setattr(record, "new_salt", lambda: dice.sha256(b"salt" + next(counter).to_bytes(8, "big")))


def play_until(players: Players, done: Callable[[Table], bool], limit: int = 400) -> tuple[str, Table]:
    """Hand the file over, each machine playing its side with a bot, until `done` holds for the machine
    that holds the file (checked when it has opened it and when it has played)."""
    who = "alice"
    table = players.open(who)
    for _ in range(limit):
        if done(table):
            return who, table
        bot = make_bot("heuristic", 7, table.replay.state.game.scenario)
        while table.my_turn():
            table.act(bot.choose(table.replay.state))
        table.save(players.file(who))  # (each file searched for what is hidden: the two-folder games do it)
        if done(table):
            return who, table
        who = players.send(who)
        table = players.open(who)
    raise AssertionError("not reached")


def kinds(table: Table) -> list[str]:
    return [e.kind for e in table.record.entries]


def german_hand(table: Table) -> list[str]:
    return sorted(m.token() for m in table.replay.state.available["german"])  # type: ignore[attr-defined]


def test_the_markers_drawn_in_secret_are_sealed_until_the_end_of_their_gt(tmp_path):
    players = Players(tmp_path)
    Table.new(SCENARIO_1, "allied", players.keyrings["alice"], "Alice").save(players.file("alice"))
    # GT 1: the German player draws 3 markers in secret (10.7); the Allied machine answers each
    who, table = play_until(players, lambda t: t.side == "allied" and ANSWER in kinds(t))
    entries = table.record.entries
    draws = [i for i, e in enumerate(entries) if e.kind == DRAWS]
    assert [entries[i].side for i in draws] == ["german"] * 3
    assert [e.opens - 1 for e in entries if e.kind == ANSWER] == draws
    assert not any(e.kind == "reveal" and e.outcome.startswith("draw") for e in entries)
    # Alice's machine holds stand-ins for the three German markers, and says what is sealed until when
    assert german_hand(table) == [UNKNOWN.token()] * 3
    assert table.replay.sealed_words() == ["3 draws of the German player are sealed until the end of GT 1, when the "
                                           "markers not used go back to the pools (F&M 7.2)"]
    summary = table.summary(40)
    assert "draw (one German support fire marker, hidden" in summary and "+2:german" not in summary
    # Bob's machine holds the true markers, drawn from both values; nobody chose them; the file names none
    table.save(players.file("alice"))
    players.send("alice")
    bob = players.open("bob")
    hand = german_hand(bob)
    assert len(hand) == 3 and UNKNOWN.token() not in hand
    assert assert_nothing_hidden_in(players, "alice", bob) == 3  # the three commitments, closed
    # play on past the end of GT 1: the German player opens the three draws, both machines agree
    who, table = play_until(players, lambda t: DREW in kinds(t) and t.waiting().kind == "decision")
    opened = [e for e in table.record.entries if e.kind == DREW]
    assert len(opened) == 3 and [e.opens - 1 for e in opened] == draws
    assert sorted(e.outcome for e in opened) == [f"draw {t}" for t in hand]
    table.save(players.file(who))
    other = players.send(who)
    seen = players.open(other)
    assert seen.replay.state.fingerprint() == table.replay.state.fingerprint()
    assert not seen.replay.stand_ins or all(seen.replay.record.entries[j].kind == DRAWS and
                                            seen.replay.record.entries[j].side != seen.side
                                            for j in seen.replay.stand_ins)


GERMAN_KINDS = ("+2:german", "+3:german", "+4:german")  # Scenario 1's German pool


def flipped_not_drawn(entries: list) -> tuple[int, str] | None:
    """A German marker committed face down and flipped, in a GT whose German draws were opened after it and
    left a kind of the pool undrawn: (the opening's index, that kind); None when there is none yet."""
    for k, e in enumerate(entries):
        if e.kind != OPEN or e.side != "german" or not e.text.startswith("sfm +"):
            continue
        sealed = e.opens - 1
        drawn = {x.outcome.split()[1] for i, x in enumerate(entries) if x.kind == DREW and x.opens - 1 < sealed < i}
        missing = [m for m in GERMAN_KINDS if m not in drawn]
        if drawn and missing:
            return k, missing[0]
    return None


@pytest.fixture
def past_a_flipped_marker(tmp_path) -> tuple[Players, str]:
    """Scenario 1 played until a German marker drawn in secret has been committed face down and flipped in a
    GT whose German draws were then opened and left a kind of the pool undrawn; the file as sent last."""
    players = Players(tmp_path)
    Table.new(SCENARIO_1, "allied", players.keyrings["alice"], "Alice").save(players.file("alice"))
    who, table = play_until(players, lambda t: flipped_not_drawn(t.record.entries) is not None, limit=600)
    table.save(players.file(who))
    return players, who


def test_tampered_draws_and_markers_are_refused_with_their_reason(past_a_flipped_marker):
    players, who = past_a_flipped_marker
    text = players.file(who).read_text()
    data = yaml.safe_load(text)
    moves = data["moves"]
    found = flipped_not_drawn(GameRecord.loads(text).entries)
    assert found is not None and who == "bob"  # the German machine has just opened the draws of that GT
    commit, never = found
    sealed = moves[commit]["opens"] - 1
    opening = next(i for i, m in enumerate(moves) if "drew" in m and m["opens"] - 1 < sealed < i)
    draw = moves[opening]["opens"]

    # a draw opening that does not match its commitment (another value: another marker)
    def other_value(d: dict) -> None:
        d["moves"][opening]["drew"] = "cd" * 32

    with pytest.raises(PbemError, match=f"move {opening + 1}: the opened move does not match what the German "
                                        f"player sealed at move {draw}") as err:
        replay(GameRecord.loads(relinked(text, other_value)))
    print(err.value)

    # a drawn marker that is not the one the two values give
    drawn = moves[opening]["outcome"]
    other = "draw +4:german" if drawn != "draw +4:german" else "draw +2:german"

    def other_marker(d: dict) -> None:
        d["moves"][opening]["outcome"] = other

    why = f"the secret draw of move {draw} gives '{drawn}', not '{other}'"
    with pytest.raises(PbemError, match=re.escape(f"move {opening + 1}: {why}")) as err:
        replay(GameRecord.loads(relinked(text, other_marker)))
    print(err.value)
    # ... on the machine of the drawer's opponent too, which replayed the draw by a stand-in
    refused(players, "alice", relinked(text, other_marker), re.escape(why))

    # a marker played that the German player never drew: its commitment and opening made again

    def cheat(marker: str) -> Callable[[dict], None]:
        def change(d: dict) -> None:
            salt = bytes(32)
            d["moves"][sealed]["sealed"] = seal(salt, f"sfm {marker}")
            d["moves"][commit].update({"do": f"sfm {marker}", "salt": salt.hex()})
        return change

    # not in the German pools at all: refused at its reveal by a machine that holds stand-ins ...
    faked = GameRecord.loads(relinked(text, cheat("+9:german")))
    with pytest.raises(PbemError, match=f"move {sealed + 1}: the sealed move, opened: sfm \\+9:german: the German "
                                        f"player reveals a \\+9 German marker, but no such marker is left in its "
                                        f"pools this GT") as err:
        replay(faked, upto=commit + 1, viewer="allied")
    print(err.value)
    # in the pools but not drawn: the stand-ins take it, and the draws' opening refuses it
    faked = GameRecord.loads(relinked(text, cheat(never)))
    replay(faked, upto=commit + 1, viewer="allied")  # a stand-in fits: nothing to refuse before the draws open
    with pytest.raises(PbemError, match=re.escape(f"move {sealed + 1}: the sealed move, opened: sfm {never}: the "
                                                  f"German player has no {never.replace(':german', ' German')} "
                                                  f"marker available this GT")) as err:
        replay(faked, viewer="allied")
    print(err.value)
    assert "Traceback" not in str(err.value)


@pytest.mark.parametrize(("move", "why"), [
    ({"by": "german", "draws": "xyz"}, "'draws' must be 64 hexadecimal digits"),
    ({"by": "allied", "answers": 2, "value": "ab" * 32}, "'answers' must be the number of a secret draw before it"),
    ({"by": "allied", "answers": 1, "value": "ab"}, "'value' must be 64 hexadecimal digits"),
    ({"by": "german", "opens": 1, "drew": "ab" * 32, "salt": "00" * 32, "outcome": ""}, "'outcome' .* is empty"),
])
def test_a_malformed_draw_is_reported_at_its_line(move, why):
    from hexwright.engine.pbem.record import Entry

    game = GameRecord("g", "", "rules", "s")
    game.append(Entry(DRAWS, "german", value="ab" * 32))
    data = yaml.safe_load(game.dumps())
    data["moves"].append(move)
    text = yaml.safe_dump(data, sort_keys=False)
    with pytest.raises(PbemError, match=why) as err:
        GameRecord.loads(text, "g.hwgame")
    assert "move 2" in str(err.value) and str(err.value).startswith(f"g.hwgame:{err.value.line}:")


def test_a_draw_is_answered_only_by_the_other_player_and_committed_only_by_the_drawer(tmp_path):
    players = Players(tmp_path)
    Table.new(SCENARIO_1, "allied", players.keyrings["alice"], "Alice").save(players.file("alice"))
    who, table = play_until(players, lambda t: t.side == "allied" and ANSWER in kinds(t))
    text = table.record.dumps()
    data = yaml.safe_load(text)
    first = next(i for i, m in enumerate(data["moves"]) if "answers" in m)

    def own_answer(d: dict) -> None:
        d["moves"][first]["by"] = "german"

    with pytest.raises(PbemError, match=f"move {first + 1}: the German player answers its own draw"):
        replay(GameRecord.loads(relinked(text, own_answer)))
    draw = data["moves"][first]["answers"] - 1

    def wrong_drawer(d: dict) -> None:
        d["moves"][draw]["by"] = "allied"

    with pytest.raises(PbemError, match=f"move {draw + 1}: the draw is the German player's secret, not the Allied's"):
        replay(GameRecord.loads(relinked(text, wrong_drawer)))
    assert SEAL != DRAWS  # the two kinds of commitment are told apart in the file


def test_a_bot_deals_the_stand_ins_of_the_other_sides_markers_from_its_pools():
    """The MCTS bot's information set (engine/rules/fm/information.py) on a play-by-e-mail machine: the other
    side's markers held as stand-ins are dealt from what is left in its pools, never kept as stand-ins."""
    import random

    from hexwright.engine.formats import load_scenario
    from hexwright.engine.rules.fm.information import redeal_markers
    from hexwright.engine.rules.protocol import make_game

    sc = load_scenario(SCENARIO_1).scenario
    assert sc is not None
    state = make_game(sc).new_initial_state(5)
    while state.is_chance_node():  # GT 1: the Allied airpower roll, then the German player's three draws
        state.apply(state.sample_chance())
    drawn = list(state.available["german"])  # type: ignore[attr-defined]
    assert len(drawn) == 3
    # as the Allied machine holds them: three stand-ins, the pool as it was before the draws
    pool = state.gt_pool["german"]["german"]  # type: ignore[attr-defined]
    for m in drawn:
        pool[m] += 1
    state.available["german"] = [UNKNOWN] * 3  # type: ignore[attr-defined]
    left = sum(pool.values())
    redeal_markers(state, "allied", random.Random(1))  # type: ignore[arg-type]
    hand = state.available["german"]  # type: ignore[attr-defined]
    assert len(hand) == 3 and UNKNOWN not in hand and all(m.nationality == "german" for m in hand)
    assert sum(state.gt_pool["german"]["german"].values()) == left - 3  # type: ignore[attr-defined]
