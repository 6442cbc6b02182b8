"""The MCTS bot is offered wherever a bot is chosen: the playtest start dialog (and a session seated with
it plays its decisions in the window), the balance lab dialog (a study through it gives the engine's
figures) and the `hexwright play` command."""

from __future__ import annotations

from hexwright.app.balance_lab import BalanceLabDialog
from hexwright.app.cli import main
from hexwright.app.playtest.session import SEAT_KINDS, GameSession, load_playable
from hexwright.app.playtest.start_dialog import StartDialog
from hexwright.app.playtest.window import PlaytestWindow
from hexwright.engine.balance import run_study
from hexwright.engine.bots.mcts import MCTSBot

from tests.conftest import SCENARIOS

FM1 = SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml"
KOENIG = SCENARIOS / "koenig-arnhem-bridge" / "arnhem-bridge.yaml"
WAIT_MS = 240_000


def test_the_start_dialog_offers_the_mcts_bot_for_every_side(qtbot):
    sc = load_playable(FM1)
    dlg = StartDialog(sc)
    qtbot.addWidget(dlg)
    assert "mcts" in SEAT_KINDS
    for box in dlg.combos.values():
        i = box.findData("mcts")
        assert i >= 0 and box.itemText(i).startswith("Bot: MCTS")
    dlg.combos["german"].setCurrentIndex(dlg.combos["german"].findData("mcts"))
    assert dlg.seats()["german"] == "mcts"


def test_a_playtest_window_seated_with_the_mcts_bot_plays_its_decisions(qtbot):
    sc = load_playable(KOENIG)
    session = GameSession(sc, 2, {"allied": "mcts", "german": "mcts"}, str(KOENIG), options={"max_turns": 1})
    assert all(isinstance(b, MCTSBot) for b in session.bots.values())
    win = PlaytestWindow(session, pace_ms=0)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    qtbot.waitUntil(lambda: session.state.is_terminal(), timeout=WAIT_MS)
    assert session.state.outcome() is not None


def test_the_balance_lab_offers_it_and_runs_a_study_with_it(qtbot):
    dlg = BalanceLabDialog(None, str(KOENIG))
    qtbot.addWidget(dlg)
    for box in dlg.bot_combos.values():
        assert box.findData("mcts") >= 0
    dlg.games_spin.setValue(2)
    dlg.workers_spin.setValue(1)
    dlg.turns_spin.setValue(2)
    dlg.seed_spin.setValue(4)
    dlg.set_bots({"allied": "mcts", "german": "heuristic"})
    assert dlg.start()
    qtbot.waitUntil(lambda: dlg.state in ("done", "cancelled", "failed"), timeout=WAIT_MS)
    assert dlg.state == "done", dlg.message
    expected = run_study(str(KOENIG), 2, ["mcts", "heuristic"], seed=4, options={"max_turns": 2})
    assert dlg.study_result.summary.to_dict() == expected.to_dict()


def test_the_play_command_takes_it(capsys):
    assert main(["play", str(KOENIG), "--seed", "3", "--bots", "mcts,heuristic", "--max-turns", "1"]) == 0
    out = capsys.readouterr().out
    assert "wins" in out or "draw" in out
