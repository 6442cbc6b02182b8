"""Play by e-mail in the playtest window (app/playtest/pbem.py): a game file opened from the editor or
File > Open is replayed and checked, the person makes only their own side's decisions, a roll waits for
the other machine, Take Back undoes one's own decisions, Save and Send writes the file and its e-mail
summary; a tampered file is refused with its reason and nothing changes."""

from __future__ import annotations

import shutil

import pytest
from hexwright.app.playtest.launch import open_pbem_game
from hexwright.app.playtest.pbem import PbemSession, opened_note
from hexwright.app.playtest.session import GameSession, load_playable
from hexwright.app.playtest.window import PlaytestWindow
from hexwright.engine.bots import make_bot
from hexwright.engine.pbem import dice
from hexwright.engine.pbem.keyring import Keyring
from hexwright.engine.pbem.table import Table
from PySide6.QtWidgets import QMessageBox

from tests.conftest import SCENARIOS

KOENIG = SCENARIOS / "koenig-arnhem-bridge" / "arnhem-bridge.yaml"


@pytest.fixture
def machines(tmp_path, monkeypatch):
    """Alice's and Bob's folders; the app reads the keyring named by HEXWRIGHT_PBEM_KEYRING (Bob's)."""
    counter = iter(range(1, 10**6))
    monkeypatch.setattr(dice, "new_seed", lambda: dice.sha256(next(counter).to_bytes(8, "big")))
    alice, bob = tmp_path / "alice", tmp_path / "bob"
    alice.mkdir()
    bob.mkdir()
    monkeypatch.setenv("HEXWRIGHT_PBEM_KEYRING", str(bob / "keyring.json"))
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: warnings.append(str(a[2])))
    return alice, bob, warnings


def alice_moves(alice, path, bot_seed=3) -> Table:
    t = Table.open(path, Keyring(alice / "keyring.json"), "Alice")
    bot = make_bot("heuristic", bot_seed, t.replay.state.game.scenario)
    while t.my_turn():
        t.act(bot.choose(t.replay.state))
    t.save(path)
    return t


def test_the_other_player_opens_plays_takes_back_and_sends(qtbot, machines, tmp_path):
    alice, bob, warnings = machines
    t = Table.new(KOENIG, "allied", Keyring(alice / "keyring.json"), "Alice")
    t.save(alice / "game.hwgame")
    shutil.copyfile(alice / "game.hwgame", bob / "game.hwgame")
    win = open_pbem_game(None, bob / "game.hwgame")
    assert win is not None and not warnings
    qtbot.addWidget(win)
    s = win.session
    assert isinstance(s, PbemSession) and s.table.side == "german"
    assert "Alice" in win.windowTitle() and "you play German" in win.windowTitle()
    # hand the file back and forth until it is Bob's decision (Alice's side played by a bot)
    for _ in range(40):
        if s.human_to_act():
            break
        assert not win.can_act() and "Waiting for" in win.prompt.text()
        assert not win.apply_action("done") and "Waiting for" in win.last_message
        assert win.pbem.save_and_send(bob / "game.hwgame")
        shutil.copyfile(bob / "game.hwgame", alice / "game.hwgame")
        alice_moves(alice, alice / "game.hwgame")
        shutil.copyfile(alice / "game.hwgame", bob / "game.hwgame")
        assert win.files.load_game(bob / "game.hwgame")  # File > Open Game reads a .hwgame too
        s = win.session
        assert isinstance(s, PbemSession)
        if not win.live():  # the other player's new moves are shown in the replay, from the first one
            assert win.replay.n == win.pbem.new_moves_start(s.table) > 0
            win.replay.set_replaying(False)
    assert s.human_to_act() and win.can_act()
    before = (s.state.fingerprint(), len(s.state.history()), len(s.table.record.entries))
    assert not win.pbem.act_take_back.isEnabled()
    view = win.views()[0]
    assert win.apply_action(view.action)
    assert win.pbem.act_take_back.isEnabled()
    assert win.pbem.take_back()
    s = win.session
    assert isinstance(s, PbemSession)
    assert (s.state.fingerprint(), len(s.state.history()), len(s.table.record.entries)) == before
    assert win.apply_action(win.views()[0].action)
    assert win.pbem.save_and_send(bob / "sent.hwgame")
    win.pbem.show_summary()
    text = win.pbem.last_summary.text.toPlainText()
    assert "game " + s.table.record.game_id in text and "German:" in text
    # what Bob sent opens on Alice's machine, every move checked
    assert Table.open(bob / "sent.hwgame", Keyring(alice / "keyring.json")).replay.state is not None


FM_SCENARIO_1 = SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml"
FM_SCENARIO_2 = SCENARIOS / "fm-arnhem" / "scenario-2-free-deployment.yaml"


def test_the_other_players_sealed_set_up_is_masked_and_its_opening_logged(qtbot, machines):
    """F&M 12.0: Alice's secret set-up is in the file sealed; Bob's window replays it by stand-ins shown
    "(sealed)" in the log, Bob's own set-up is sealed too and opened by his machine once both are recorded,
    and when Alice's opening comes back every one of her moves is a line of the log, nothing masked."""
    alice, bob, warnings = machines
    t = Table.new(FM_SCENARIO_2, "german", Keyring(alice / "keyring.json"), "Alice")
    bot = make_bot("heuristic", 3, t.replay.state.game.scenario)
    while t.my_turn():
        t.act(bot.choose(t.replay.state))
    t.save(alice / "game.hwgame")
    shutil.copyfile(alice / "game.hwgame", bob / "game.hwgame")
    win = open_pbem_game(None, bob / "game.hwgame")
    assert win is not None and not warnings
    qtbot.addWidget(win)
    s = win.session
    assert isinstance(s, PbemSession) and s.table.side == "allied"
    sealed_lines = [ln.text for ln in s.lines if ln.text.endswith("(sealed)")]
    assert len(sealed_lines) == len(s.table.replay.stand_ins) > 0
    assert all("recorded secretly" in ln for ln in sealed_lines)
    assert (f"{len(sealed_lines)} moves of the German player are sealed until both players have recorded their "
            f"set-up") in win.log_panel.toPlainText()
    allied = make_bot("heuristic", 4, s.scenario)
    while s.human_to_act():
        assert win.apply_action(allied.choose(s.state).text())
    assert s.table.waiting().kind == "open" and "German player to open the file" in win.prompt.text()
    assert any(ln.text.strip().startswith("Allied opens sealed move") for ln in s.lines)
    # the rules reveal both set-ups, but Bob's machine knows only stand-ins of Alice's: the position before the
    # reveal is shown, and the log says why, never the stand-ins as if revealed
    assert not any("reveal their set-ups" in ln.text for ln in s.lines)
    assert any("The rules reveal the German player's sealed moves now" in ln.text for ln in s.lines)
    assert s.state is not s.table.replay.state and s.state.phase.name == "Set-up"
    assert win.pbem.save_and_send(bob / "game.hwgame")
    assert win.files.load_game(bob / "game.hwgame")  # opened again: the same
    s = win.session
    assert isinstance(s, PbemSession) and not any("reveal their set-ups" in ln.text for ln in s.lines)
    assert any("The rules reveal the German player's sealed moves now" in ln.text for ln in s.lines)
    shutil.copyfile(bob / "game.hwgame", alice / "game.hwgame")
    alice_moves(alice, alice / "game.hwgame")
    shutil.copyfile(alice / "game.hwgame", bob / "game.hwgame")
    assert win.files.load_game(bob / "game.hwgame")
    s = win.session
    assert isinstance(s, PbemSession)
    assert not any(ln.text.endswith("(sealed)") for ln in s.lines)
    assert any("reveal their set-ups" in ln.text for ln in s.lines) and s.state is s.table.replay.state
    opened = [ln.text for ln in s.lines if ln.text.strip().startswith("German opens sealed move")]
    assert len(opened) == len(sealed_lines) and all("set up" in ln or "setup" in ln for ln in opened)


def test_the_other_players_secret_draws_are_masked_and_their_openings_logged(qtbot, machines):
    """F&M 7.2, 10.7: the German markers drawn in secret are in Bob's (Allied) log masked, "(sealed)", their
    number said in the opening note; once the German machine has opened them at the end of the GT each is a
    line of the log with the marker drawn, and the board's replay steps over them."""
    alice, bob, warnings = machines
    t = Table.new(FM_SCENARIO_1, "german", Keyring(alice / "keyring.json"), "Alice")
    t.save(alice / "game.hwgame")
    allied = make_bot("heuristic", 4, t.replay.state.game.scenario)
    bob_keyring = bob / "keyring.json"

    def bob_moves() -> Table:
        shutil.copyfile(alice / "game.hwgame", bob / "game.hwgame")
        b = Table.open(bob / "game.hwgame", Keyring(bob_keyring), "Bob")
        while b.my_turn():
            b.act(allied.choose(b.replay.state))
        b.save(bob / "game.hwgame")
        shutil.copyfile(bob / "game.hwgame", alice / "game.hwgame")
        return b

    for _ in range(40):  # until Bob's machine has answered the German draws of GT 1
        b = bob_moves()
        if any(e.kind == "answers" for e in b.record.entries):
            break
        alice_moves(alice, alice / "game.hwgame")
    win = open_pbem_game(None, bob / "game.hwgame")
    assert win is not None and not warnings
    qtbot.addWidget(win)
    s = win.session
    assert isinstance(s, PbemSession) and s.table.side == "allied"
    masked = [ln.text for ln in s.lines if ln.text.endswith("(sealed)")]
    assert len(masked) == 3 and all("draw (one German support fire marker, hidden" in ln for ln in masked)
    assert "3 draws of the German player are sealed until the end of GT 1" in opened_note(s, bob / "game.hwgame")
    assert s.state.fingerprint() == s.table.replay.state.fingerprint()
    win.close()
    for _ in range(80):  # on past the end of GT 1: the German machine opens the three draws
        alice_moves(alice, alice / "game.hwgame")
        b = bob_moves()
        if any(e.kind == "drew" for e in b.record.entries) and not b.replay.veiled():
            break
    win = open_pbem_game(None, bob / "game.hwgame")
    assert win is not None and not warnings
    qtbot.addWidget(win)
    s = win.session
    assert isinstance(s, PbemSession)
    opened = [ln.text for ln in s.lines if ln.text.strip().startswith("German opens secret draw")]
    assert len(opened) == 3 and all("German" in ln.split(":", 1)[1] for ln in opened)
    assert not any("support fire marker, hidden" in ln.text and ln.text.endswith("(sealed)") and "GT 1" in ln.text
                   for ln in s.lines)
    n = len(s.state.history())
    assert s.state_at(n // 2).fingerprint() is not None  # the replay steps through the draws


def test_a_tampered_file_is_refused_and_nothing_changes(qtbot, machines):
    alice, bob, warnings = machines
    t = Table.new(KOENIG, "allied", Keyring(alice / "keyring.json"), "Alice")
    t.save(alice / "game.hwgame")
    text = (alice / "game.hwgame").read_text()
    (bob / "game.hwgame").write_text(text.replace("scenario_sha256: ", "scenario_sha256: 0", 1))
    assert open_pbem_game(None, bob / "game.hwgame") is None
    assert warnings and "nothing was changed" in warnings[0] and "scenario_sha256" in warnings[0]
    assert not (bob / "keyring.json").exists()


def test_a_new_play_by_e_mail_game_from_the_playtest(qtbot, machines):
    alice, bob, warnings = machines
    session = GameSession(load_playable(KOENIG), 1, {"allied": "human", "german": "human"}, str(KOENIG))
    win = PlaytestWindow(session, KOENIG.parent, 0)
    qtbot.addWidget(win)
    assert win.pbem.new_game("german", "Bob", bob / "new")  # the suffix is added
    assert (bob / "new.hwgame").exists() and not warnings
    s = win.session
    assert isinstance(s, PbemSession) and s.table.side == "german"
    assert Table.open(bob / "new.hwgame", Keyring(alice / "keyring.json")).side == "allied"  # Alice joins


def test_the_editor_opens_a_game_file_in_the_playtest(qtbot, machines, monkeypatch):
    from hexwright.app.editor import launchers
    from hexwright.app.editor.window import EditorWindow
    from hexwright.app.editor_main import install_launchers

    alice, bob, warnings = machines
    install_launchers()
    t = Table.new(KOENIG, "allied", Keyring(alice / "keyring.json"), "Alice")
    t.save(bob / "game.hwgame")
    opened = []
    real = launchers._launchers[launchers.PBEM_GAME]
    monkeypatch.setitem(launchers._launchers, launchers.PBEM_GAME, lambda *a: opened.append(real(*a)) or opened[-1])
    editor = EditorWindow()
    qtbot.addWidget(editor)
    assert editor.open_path(bob / "game.hwgame")
    assert opened and isinstance(opened[0], PlaytestWindow) and isinstance(opened[0].session, PbemSession)
    qtbot.addWidget(opened[0])


def test_the_desktop_entry_registers_the_game_file_type():
    """resources/hexwright-mime.xml defines the type of .hwgame files and the desktop entry opens it."""
    import xml.etree.ElementTree as ET

    from hexwright.engine.pbem.record import KIND, MIME_TYPE, SUFFIX

    resources = SCENARIOS.parent / "resources"
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    root = ET.parse(resources / "hexwright-mime.xml").getroot()
    kinds = {t.get("type"): t for t in root.findall("m:mime-type", ns)}
    assert MIME_TYPE in kinds
    assert kinds[MIME_TYPE].find("m:glob", ns).get("pattern") == f"*{SUFFIX}"
    assert KIND in kinds[MIME_TYPE].find("m:magic/m:match", ns).get("value")
    entry = (resources / "hexwright.desktop").read_text()
    mime_line = next(ln for ln in entry.splitlines() if ln.startswith("MimeType="))
    assert MIME_TYPE in mime_line.split("=", 1)[1].split(";")
