"""The `hexwright` command line itself: a mistyped command is refused with the closest command's name and
never opens the editor; a file that exists still does."""

from __future__ import annotations

import pytest
from hexwright.app import editor_main
from hexwright.app.cli import main

from tests.conftest import SCENARIOS

KOENIG = str(SCENARIOS / "koenig-arnhem-bridge" / "arnhem-bridge.yaml")


@pytest.fixture
def editor(monkeypatch):
    """The paths the editor was opened on (it is not started)."""
    opened: list[str | None] = []

    def fake(path: str | None) -> int:
        opened.append(path)
        return 0

    monkeypatch.setattr(editor_main, "run_editor", fake)
    return opened


@pytest.mark.parametrize(("argv", "closest"), [(["valdate", "x.yaml"], "validate"), (["valdate"], "validate"),
                                                (["balanse", KOENIG, "--games", "1"], "balance"),
                                                (["rendr"], "render"), (["plya"], "play")])
def test_a_mistyped_command_is_refused_with_the_closest_one(argv, closest, editor, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"unknown command {argv[0]!r}" in err and f"did you mean {closest!r}" in err
    assert editor == []


def test_a_word_that_is_neither_a_command_nor_a_file_is_refused(editor, capsys):
    assert main(["zzzqx"]) == 2
    err = capsys.readouterr().err
    assert "unknown command 'zzzqx'" in err and "validate" in err  # the commands are listed
    assert editor == []


def test_a_file_that_exists_opens_the_editor(editor, tmp_path, monkeypatch):
    assert main([KOENIG]) == 0
    (tmp_path / "valdate").write_text("kind: hexwright-map\n")  # a file named like a mistyped command
    monkeypatch.chdir(tmp_path)
    assert main(["valdate"]) == 0
    assert main([]) == 0
    assert editor == [KOENIG, "valdate", None]
