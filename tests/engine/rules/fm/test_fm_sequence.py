"""Sequence of play (F&M 4.1, 000_e5c3deafb2cea4af.txt) and the `hexwright play` command."""

from __future__ import annotations

from pathlib import Path

from hexwright.engine.formats import save_scenario
from hexwright.engine.model import SupportMarker
from hexwright.engine.rules.fm.actions import Pass
from hexwright.engine.rules.protocol import CHANCE, make_game

from ..synthetic import corridor, scenario, unit

ORDER = ["Support Fire Marker Phase", "Movement Phase", "Bombardment Phase", "Combat Phase", "Mobile Movement Phase",
         "Mobile Combat Phase"]


def busy_scenario():
    """Both sides have a mobile unit next to an enemy and markers to fire, so no phase is skipped."""
    units = [unit("A", "allies", 4, 3, 10, "mobile"), unit("G", "germans", 4, 3, 10, "mobile", nationality="german")]
    sc = scenario(units=units, placements={"A": "0505", "G": "0605"}, turns=2)
    sc.sides[0].support_pools = {"air": [SupportMarker(6, 1, "british", "airpower", "anywhere")]}
    sc.sides[1].support_pools = {"german": [SupportMarker(2, 2, "german")]}
    for t in sc.turns:
        t.allotments = {"allies": 13, "germans": 2}
    return sc


def test_phases_follow_the_sequence_of_play():
    """4.1: SFM phase; first player's Movement, Bombardment, Combat, Mobile Movement, Mobile Combat; the
    second player's; the GT ends; the next GT begins; the first player is the scenario's."""
    st = make_game(busy_scenario()).new_initial_state(0)
    seen: list[tuple[int, str, str]] = []
    while not st.is_terminal():
        ph = st.phase
        key = (ph.turn, ph.player, ph.name)
        if not seen or seen[-1] != key:
            seen.append(key)
        st.apply(st.sample_chance() if st.current_player == CHANCE else Pass())
    expected = []
    for gt in (1, 2):
        expected.append((gt, "", ORDER[0]))
        for side in ("allies", "germans"):
            expected += [(gt, side, name) for name in ORDER[1:]]
    assert seen == expected


def test_first_player_comes_from_the_scenario():
    sc = busy_scenario()
    sc.first_player = "germans"
    st = make_game(sc).new_initial_state(0)
    while st.current_player == CHANCE or st.phase.name == ORDER[0]:
        st.apply(st.sample_chance() if st.current_player == CHANCE else Pass())
    assert st.phase.player == "germans" and st.phase.name == "Movement Phase"


def test_play_command_plays_logs_and_replays(tmp_path: Path, capsys):
    from hexwright.app.cli import main

    path = tmp_path / "corridor.yaml"
    save_scenario(corridor(), path)
    log = tmp_path / "game.log"
    assert main(["play", str(path), "--seed", "3", "--bots", "random,random", "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert "Movement Phase (F&M 4.1, 5.0)" in out and "result: " in out
    assert main(["play", "--replay", str(log), "--quiet"]) == 0
    assert "replayed" in capsys.readouterr().out
    text = log.read_text()
    log.write_text(text.replace("roll 1", "roll 2", 1) if "roll 1" in text else text.replace("roll 2", "roll 1", 1))
    assert main(["play", "--replay", str(log), "--quiet"]) == 1
