"""Screenshots of a play-by-e-mail game for docs/screenshots (run under Xvfb for the real window look):

    xvfb-run -a -s "-screen 0 1600x1000x24" env QT_QPA_PLATFORM=xcb \\
        python -m hexwright.app.playtest.screenshots_pbem docs/screenshots

Two players in two temporary folders play Koenig's Arnhem Bridge, the Allied side by a bot on
Alice's machine, until the German player (Bob, at the screen) has a decision with the other side's new
moves behind it: pbem-new-moves.png (the file just opened: the replay at Alice's first new action),
pbem-decision.png (Bob's decision, the log and the Play by E-mail menu's state in the title), pbem-summary.png
(the e-mail summary after Save and Send). Then F&M Scenario 2: Alice's secret set-up (12.0) sealed in the
file, replayed on Bob's machine by stand-ins: pbem-sealed.png (the log's "(sealed)" lines while Bob records
his own set-up). Then F&M Scenario 1: the markers the German player drew in secret (7.2), masked in Bob's log,
and the openings of those of the GT before: pbem-draws.png.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from hexwright.engine.bots import make_bot
from hexwright.engine.pbem.keyring import Keyring
from hexwright.engine.pbem.table import Table
from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parents[2]
KOENIG = ROOT / "scenarios" / "koenig-arnhem-bridge" / "arnhem-bridge.yaml"
FM_SCENARIO_1 = ROOT / "scenarios" / "fm-arnhem" / "scenario-1-historical.yaml"
FM_SCENARIO_2 = ROOT / "scenarios" / "fm-arnhem" / "scenario-2-free-deployment.yaml"


def _wait(app: QApplication, cond: Callable[[], bool], seconds: float = 2.0) -> None:
    t0 = time.monotonic()
    while not cond() and time.monotonic() - t0 < seconds:
        app.processEvents()
        time.sleep(0.005)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0] if args else "docs/screenshots")
    tmp = Path(tempfile.mkdtemp(prefix="hexwright-pbem-"))
    alice, bob = tmp / "alice", tmp / "bob"
    alice.mkdir()
    bob.mkdir()
    os.environ["HEXWRIGHT_PBEM_KEYRING"] = str(bob / "keyring.json")  # the app at the screen is Bob's
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([])
    from .launch import open_pbem_game

    t = Table.new(KOENIG, "allied", Keyring(alice / "keyring.json"), "Alice")
    t.save(alice / "game.hwgame")
    german = make_bot("heuristic", 2, t.replay.state.game.scenario)
    allied = make_bot("heuristic", 1, t.replay.state.game.scenario)
    for handover in range(200):  # Bob's side by a bot too, until Bob has a decision after some of Alice's moves
        shutil.copyfile(alice / "game.hwgame", bob / "game.hwgame")
        b = Table.open(bob / "game.hwgame", Keyring(bob / "keyring.json"), "Bob")
        if b.my_turn() and handover >= 6 and len(b.replay.state.history()) > 40:
            break
        while b.my_turn():
            b.act(german.choose(b.replay.state))
        b.save(bob / "game.hwgame")
        shutil.copyfile(bob / "game.hwgame", alice / "game.hwgame")
        a = Table.open(alice / "game.hwgame", Keyring(alice / "keyring.json"))
        while a.my_turn():
            a.act(allied.choose(a.replay.state))
        a.save(alice / "game.hwgame")
    w = open_pbem_game(None, bob / "game.hwgame")
    assert w is not None
    w.move(0, 0)
    w.resize(1600, 1000)
    _wait(app, lambda: False)
    if not w.live():
        w.replay.step(1)
        _wait(app, lambda: False, 1.0)
        w.grab().save(str(out / "pbem-new-moves.png"))
        w.replay.set_replaying(False)
    _wait(app, lambda: False, 1.0)
    w.grab().save(str(out / "pbem-decision.png"))
    view = w.views()[0]
    w.apply_action(view.action)
    while w.session.human_to_act():
        w.apply_action(w.views()[0].action)
    w.pbem.save_and_send(bob / "game.hwgame")
    w.pbem.show_summary()
    dlg = w.pbem.last_summary
    assert dlg is not None
    dlg.move(200, 150)
    _wait(app, lambda: False, 1.0)
    dlg.grab().save(str(out / "pbem-summary.png"))
    print(f"{w.windowTitle()}: {len(w.session.state.history())} actions; waiting for "
          f"{w.session.remote_wait()}")
    w.close()
    sealed(app, tmp / "sealed", out)
    draws(app, tmp / "draws", out)
    shutil.rmtree(tmp, ignore_errors=True)
    return 0


def sealed(app: QApplication, tmp: Path, out: Path) -> None:
    """pbem-sealed.png: Bob (Allied) opens Alice's sealed set-up of F&M Scenario 2 and records his own."""
    from .launch import open_pbem_game
    from .pbem import PbemSession

    alice, bob = tmp / "alice", tmp / "bob"
    alice.mkdir(parents=True)
    bob.mkdir()
    os.environ["HEXWRIGHT_PBEM_KEYRING"] = str(bob / "keyring.json")
    t = Table.new(FM_SCENARIO_2, "german", Keyring(alice / "keyring.json"), "Alice")
    german = make_bot("heuristic", 2, t.replay.state.game.scenario)
    while t.my_turn():
        t.act(german.choose(t.replay.state))
    t.save(alice / "game.hwgame")
    shutil.copyfile(alice / "game.hwgame", bob / "game.hwgame")
    w = open_pbem_game(None, bob / "game.hwgame")
    assert w is not None
    w.move(0, 0)
    w.resize(1600, 1000)
    allied = make_bot("heuristic", 1, t.replay.state.game.scenario)
    w.apply_action(allied.choose(w.session.state).text())  # Bob's first drop zone recorded, sealed too
    _wait(app, lambda: False, 1.0)
    w.grab().save(str(out / "pbem-sealed.png"))
    session = w.session
    assert isinstance(session, PbemSession)
    print(f"{w.windowTitle()}: " + "; ".join(session.table.replay.sealed_words()))
    w.close()


def draws(app: QApplication, tmp: Path, out: Path) -> None:
    """pbem-draws.png: Bob (Allied) opens the file once the German player has opened the markers drawn in GT 1
    and drawn those of GT 2, which Bob's machine answered: the log shows the openings and the masked draws."""
    from .launch import open_pbem_game

    alice, bob = tmp / "alice", tmp / "bob"
    alice.mkdir(parents=True)
    bob.mkdir()
    os.environ["HEXWRIGHT_PBEM_KEYRING"] = str(bob / "keyring.json")
    t = Table.new(FM_SCENARIO_1, "german", Keyring(alice / "keyring.json"), "Alice")
    t.save(alice / "game.hwgame")
    german = make_bot("heuristic", 2, t.replay.state.game.scenario)
    allied = make_bot("heuristic", 1, t.replay.state.game.scenario)
    for _ in range(400):
        shutil.copyfile(alice / "game.hwgame", bob / "game.hwgame")
        b = Table.open(bob / "game.hwgame", Keyring(bob / "keyring.json"), "Bob")
        entries = b.record.entries
        opened = [k for k, e in enumerate(entries) if e.kind == "drew"]
        if opened and any(e.kind == "answers" for e in entries[opened[-1]:]) and b.my_turn():
            break
        while b.my_turn():
            b.act(allied.choose(b.replay.state))
        b.save(bob / "game.hwgame")
        shutil.copyfile(bob / "game.hwgame", alice / "game.hwgame")
        a = Table.open(alice / "game.hwgame", Keyring(alice / "keyring.json"))
        while a.my_turn():
            a.act(german.choose(a.replay.state))
        a.save(alice / "game.hwgame")
    w = open_pbem_game(None, bob / "game.hwgame")
    assert w is not None
    w.move(0, 0)
    w.resize(1600, 1000)
    if not w.live():
        w.replay.set_replaying(False)
    _wait(app, lambda: False, 1.0)
    w.log_panel.setMinimumHeight(330)  # a log tall enough for the openings and the draws after them
    _wait(app, lambda: False, 1.0)
    lines = w.log_panel.toPlainText().splitlines()
    first = next(k for k, ln in enumerate(lines) if "opens secret draw" in ln)
    w.log_panel.verticalScrollBar().setValue(max(0, first - 3))
    _wait(app, lambda: False, 1.0)
    w.grab().save(str(out / "pbem-draws.png"))
    print(f"{w.windowTitle()}: " + "; ".join(w.session.table.replay.sealed_words()))  # type: ignore[attr-defined]
    w.close()


if __name__ == "__main__":
    raise SystemExit(main())
