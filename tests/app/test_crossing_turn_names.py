"""`hexwright play` and the playtest's turn box name the turns of The Crossing as the variant does (turns A and B
before turn 1, Storm over Arnhem: The Crossing introduction)."""

from __future__ import annotations

from hexwright.app.cli import main
from hexwright.app.playtest.panels import TurnTrackWidget
from hexwright.engine.rules.presentation import TurnTrack, presenter_for
from hexwright.engine.rules.protocol import new_game

from tests.engine.rules.storm_over_arnhem.board_fixtures import scenario


def test_hexwright_play_prints_turn_names(capsys):
    rc = main(["play", "scenarios/storm-arnhem/the-crossing.yaml", "--max-turns", "2", "--seed", "4"])
    out = capsys.readouterr().out
    assert rc == 0
    lines = out.splitlines()
    assert any(x.startswith("Turn A British set-up (Storm over Arnhem 2.1)") for x in lines)
    assert any(x.startswith("Turn B ") for x in lines)
    assert not any(x.startswith("GT ") for x in lines)
    assert "Game over after turn B" in out


def test_the_turn_box_reads_turn_a(qtbot):
    w = TurnTrackWidget()
    qtbot.addWidget(w)
    st = new_game(scenario(), 1)
    w.set_track(presenter_for(st).turn_track(st))
    assert w.text().startswith("Turn A (last turn 5): ")
    w.set_track(TurnTrack(3, 7, ("Movement",), 0))  # a family with numbered turns
    assert w.text() == "Turn 3 of 7: Movement"
