"""A saved game names its scenario relative to the save (with the absolute path as a fallback): the folder
holding the scenario and its saves can be moved or copied elsewhere and the game still opens, in the
playtest (GameSession.load) and on the command line (`hexwright play --replay`)."""

from __future__ import annotations

import random
import shutil

import yaml
from hexwright.app.cli import main
from hexwright.app.playtest.session import GameSession, load_playable
from hexwright.engine.rules.log import GameLog
from hexwright.engine.rules.protocol import CHANCE

from tests.conftest import SCENARIOS

KOENIG = SCENARIOS / "koenig-arnhem-bridge"


def _saved_game(tmp_path):
    """A Koenig game of a few actions saved in a `saves` folder beside the scenario, in `tmp_path/campaign`."""
    folder = tmp_path / "campaign"
    shutil.copytree(KOENIG, folder)
    path = folder / "arnhem-bridge.yaml"
    session = GameSession(load_playable(path), 5, {}, str(path))
    rng = random.Random(5)
    for _ in range(12):
        st = session.state
        session.apply(st.sample_chance() if st.current_player == CHANCE else rng.choice(st.legal_actions()))
    (folder / "saves").mkdir()
    save = folder / "saves" / "game.hwlog.yaml"
    session.save(save)
    return session, folder, save


def test_the_save_names_the_scenario_relative_to_itself_and_absolute_as_fallback(tmp_path):
    _, folder, save = _saved_game(tmp_path)
    data = yaml.safe_load(save.read_text(encoding="utf-8"))
    assert data["scenario"] == "../arnhem-bridge.yaml"
    assert data["scenario_absolute"] == str((folder / "arnhem-bridge.yaml").resolve())


def test_a_moved_folder_still_opens(tmp_path, capsys):
    session, folder, save = _saved_game(tmp_path)
    moved = tmp_path / "elsewhere" / "campaign"
    moved.parent.mkdir()
    shutil.move(str(folder), str(moved))
    loaded = GameSession.load(moved / "saves" / "game.hwlog.yaml")
    assert loaded.state.fingerprint() == session.state.fingerprint()
    assert loaded.scenario_path == str(moved / "saves" / ".." / "arnhem-bridge.yaml")
    assert main(["play", "--replay", str(moved / "saves" / "game.hwlog.yaml"), "--quiet"]) == 0
    assert capsys.readouterr().out.startswith("replayed 12 actions exactly")


def test_a_save_moved_alone_finds_the_scenario_by_its_absolute_path(tmp_path):
    session, folder, save = _saved_game(tmp_path)
    alone = tmp_path / "save-alone.hwlog.yaml"
    shutil.move(str(save), str(alone))
    assert GameLog.load(alone).scenario_file(alone) == (folder / "arnhem-bridge.yaml").resolve()
    assert GameSession.load(alone).state.fingerprint() == session.state.fingerprint()
