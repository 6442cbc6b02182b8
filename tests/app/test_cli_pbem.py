"""`hexwright pbem`: start a game file, let a bot move for each machine, show, summarise and verify it;
bad command lines and tampered files are refused with a reason and exit status, never a traceback."""

from __future__ import annotations

import json
import shutil

import pytest
from hexwright.app.cli import main
from hexwright.engine.pbem import dice

from tests.conftest import SCENARIOS

TA = str(SCENARIOS / "target-arnhem" / "target-arnhem.yaml")


@pytest.fixture(autouse=True)
def repeatable_secrets(monkeypatch):
    counter = iter(range(1, 10**6))
    monkeypatch.setattr(dice, "new_seed", lambda: dice.sha256(next(counter).to_bytes(8, "big")))


def test_a_game_started_moved_by_both_machines_and_verified(tmp_path, capsys):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    game_a, game_b = a / "g.hwgame", b / "g.hwgame"
    assert main(["pbem", "new", TA, "--side", "allied", "-o", str(game_a), "--keyring", str(a / "k.json"),
                 "--name", "Alice"]) == 0
    assert "you play the Allied side" in capsys.readouterr().err
    for _ in range(4):
        shutil.copyfile(game_a, game_b)
        assert main(["pbem", "move", str(game_b), "--keyring", str(b / "k.json"), "--name", "Bob"]) == 0
        shutil.copyfile(game_b, game_a)
        assert main(["pbem", "move", str(game_a), "--keyring", str(a / "k.json")]) == 0
    capsys.readouterr()
    assert main(["pbem", "verify", str(game_a)]) == 0
    out = capsys.readouterr().out
    assert ": ok: " in out and "checked against both players' commitments" in out
    assert main(["pbem", "show", str(game_a), "--keyring", str(a / "k.json"), "--moves", "3"]) == 0
    out = capsys.readouterr().out
    assert "players: Allied: Alice, German: Bob" in out and "you play: Allied" in out
    assert main(["pbem", "summary", str(game_a), "--moves", "2"]) == 0
    assert len([ln for ln in capsys.readouterr().out.splitlines() if ln[:5].strip().rstrip(".").isdigit()]) == 2


def test_show_and_verify_say_what_is_sealed_and_until_when(tmp_path, capsys):
    """F&M 12.0: the German set-up made by `pbem move` is sealed in the file; another machine's `show`
    and `verify` say so, and the set-up is nowhere in what they print."""
    game = tmp_path / "g.hwgame"
    fm2 = str(SCENARIOS / "fm-arnhem" / "scenario-2-free-deployment.yaml")
    assert main(["pbem", "new", fm2, "--side", "german", "-o", str(game), "--keyring", str(tmp_path / "a.json")]) == 0
    assert main(["pbem", "move", str(game), "--keyring", str(tmp_path / "a.json")]) == 0
    capsys.readouterr()
    assert main(["pbem", "verify", str(game)]) == 0
    out = capsys.readouterr().out
    assert "moves of the German player are sealed until both players have recorded their set-up" in out
    assert main(["pbem", "show", str(game), "--keyring", str(tmp_path / "other.json")]) == 0
    out = capsys.readouterr().out
    assert "moves of the German player are sealed until both" in out and "(sealed)" in out
    kept = [text for g in json.loads((tmp_path / "a.json").read_text())["games"].values() for _s, text in
            g["sealed"].values()]
    assert kept and all(text.startswith("setup ") and text not in out and text not in game.read_text()
                        for text in kept)


def test_show_and_verify_say_which_draws_are_sealed(tmp_path, capsys):
    """F&M 7.2, 10.7: the markers the German player draws in GT 1 of Scenario 1, made by `pbem move` on his
    machine and answered by the Allied machine's, are sealed: `verify` on a third machine says how many and
    until when, and no marker drawn is in what it prints or in the file."""
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    game_a, game_b = a / "g.hwgame", b / "g.hwgame"
    fm1 = str(SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml")
    assert main(["pbem", "new", fm1, "--side", "german", "-o", str(game_a), "--keyring", str(a / "k.json")]) == 0
    for _ in range(6):  # the Allied player joins and rolls for airpower; the German draws; the Allies answer
        shutil.copyfile(game_a, game_b)
        assert main(["pbem", "move", str(game_b), "--keyring", str(b / "k.json")]) == 0
        if "answers:" in game_b.read_text():
            break
        shutil.copyfile(game_b, game_a)
        assert main(["pbem", "move", str(game_a), "--keyring", str(a / "k.json")]) == 0
    capsys.readouterr()
    assert main(["pbem", "verify", str(game_b)]) == 0
    out = capsys.readouterr().out
    assert "3 draws of the German player are sealed until the end of GT 1" in out
    text = game_b.read_text()
    assert "draw +" not in out and "draw +" not in text.split("\nscenario:")[0]


@pytest.mark.parametrize(("argv", "why"), [
    (["pbem", "new", TA, "-o", "x.hwgame"], "--side is required"),
    (["pbem", "new", TA, "--side", "allied"], "-o FILE.hwgame is required"),
    (["pbem", "new", TA, "--side", "allied", "-o", "x.yaml"], "ends in .hwgame"),
    (["pbem", "new", TA, "--side", "russian", "-o", "x.hwgame"], "'russian' is not a side"),
    (["pbem", "show", "x.hwgame", "--moves", "0"], "--moves must be 1 or more"),
])
def test_bad_command_lines_are_refused(tmp_path, monkeypatch, capsys, argv, why):
    monkeypatch.chdir(tmp_path)
    code = main([*argv, "--keyring", str(tmp_path / "k.json")])
    err = capsys.readouterr().err
    assert code in (1, 2) and why in err and "Traceback" not in err


def test_a_tampered_file_fails_verification_at_its_line(tmp_path, capsys):
    game = tmp_path / "g.hwgame"
    assert main(["pbem", "new", TA, "--side", "allied", "-o", str(game), "--keyring", str(tmp_path / "a.json")]) == 0
    assert main(["pbem", "move", str(game), "--keyring", str(tmp_path / "b.json")]) == 0
    text = game.read_text()
    game.write_text(text.replace("roll: 1", "roll: 2", 1))
    capsys.readouterr()
    assert main(["pbem", "verify", str(game)]) == 1
    err = capsys.readouterr().err
    assert f"{game}:" in err and "move 3" in err and "Traceback" not in err
    missing = tmp_path / "none.hwgame"
    assert main(["pbem", "verify", str(missing)]) == 1
    assert "cannot read the file" in capsys.readouterr().err
