"""`hexwright balance`: a short study from the command line with its JSON and HTML reports, a sweep, and
clear errors for a bad parameter path or report name."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest
from hexwright.app.cli import main

from tests.conftest import SCENARIOS

KOENIG = str(SCENARIOS / "koenig-arnhem-bridge" / "arnhem-bridge.yaml")


def test_balance_study_writes_json_and_html(tmp_path, capsys):
    out_json, out_html = tmp_path / "study.json", tmp_path / "study.html"
    rc = main(["balance", KOENIG, "--games", "3", "--bots", "random,random", "--seed", "4", "--max-turns", "2",
               "--json", str(out_json), "--report", str(out_html)])
    assert rc == 0
    captured = capsys.readouterr()
    assert "95% interval" in captured.out and "Allied" in captured.out
    assert captured.err.splitlines()[0].startswith("1/3 games, ")  # the first game is reported at once
    assert captured.err.splitlines()[-1].startswith("3/3 games in ")  # and the last, with the rate
    data = json.loads(out_json.read_text())
    assert data["games"] == 3 and [s["side"] for s in data["sides"]] == ["allied", "german"]
    assert sum(s["wins"] for s in data["sides"]) + data["sides"][0]["draws"] == 3
    assert "data:image/png;base64," in out_html.read_text()


def test_balance_sweep_and_png(tmp_path, capsys):
    png = tmp_path / "sweep.png"
    rc = main(["balance", KOENIG, "--games", "2", "--bots", "random", "--sweep", "turns=1,2", "--quiet",
               "--report", str(png)])
    assert rc == 0
    out = capsys.readouterr().out
    assert "what-if turns" in out and out.count("%") >= 8
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_balance_errors(tmp_path, capsys):
    assert main(["balance", KOENIG, "--games", "1", "--sweep", "unit[nobody].values.strength=3"]) == 1
    assert "no unit 'nobody'" in capsys.readouterr().err
    assert main(["balance", KOENIG, "--games", "1", "--report", str(tmp_path / "r.txt")]) == 2
    assert ".html or .png" in capsys.readouterr().err
    assert main(["balance", KOENIG, "--games", "1", "--bots", "genius"]) == 1
    assert "unknown bot" in capsys.readouterr().err
    assert not (tmp_path / "r.txt").exists()


def test_a_study_is_reported_again_from_its_json(tmp_path, capsys):
    out_json, again = tmp_path / "study.json", tmp_path / "again.html"
    assert main(["balance", KOENIG, "--games", "2", "--bots", "random", "--seed", "5", "--max-turns", "1", "--quiet",
                 "--json", str(out_json)]) == 0
    first = capsys.readouterr().out
    assert main(["balance", KOENIG, "--from-json", str(out_json), "--report", str(again)]) == 0
    assert capsys.readouterr().out == first  # the same text report, no game played
    assert "data:image/png;base64," in again.read_text()
    sweep_json = tmp_path / "sweep.json"
    assert main(["balance", KOENIG, "--games", "1", "--bots", "random", "--sweep", "turns=1,2", "--quiet",
                 "--json", str(sweep_json)]) == 0
    table = capsys.readouterr().out
    assert main(["balance", KOENIG, "--from-json", str(sweep_json)]) == 0
    assert capsys.readouterr().out == table
    (tmp_path / "bad.json").write_text("{}")
    assert main(["balance", KOENIG, "--from-json", str(tmp_path / "bad.json")]) == 1
    assert "not a study written by --json" in capsys.readouterr().err


def _no_games(monkeypatch):
    """Make a study fail the test: the refusals below come before any game is played."""
    from hexwright.app.subcommands import balance as balance_command

    def played(*args, **kwargs):
        raise AssertionError("games were played before the command line was checked")

    monkeypatch.setattr(balance_command, "run_study", played)
    monkeypatch.setattr(balance_command, "run_sweep", played)


@pytest.mark.parametrize("sweep", [[], ["--sweep", "turns=1,2"]], ids=["study", "sweep"])
def test_outputs_that_cannot_be_written_are_refused_before_the_games(sweep, tmp_path, capsys, monkeypatch):
    _no_games(monkeypatch)
    for flag, where, why in (("--json", tmp_path / "missing" / "s.json", "does not exist"),
                             ("--json", tmp_path, "is a folder"),
                             ("--report", tmp_path / "missing" / "s.html", "does not exist"),
                             ("--report", tmp_path / "s.html", "is a folder")):
        if flag == "--report" and why == "is a folder":
            where.mkdir()
        rc = main(["balance", KOENIG, "--games", "2", "--quiet", *sweep, flag, str(where)])
        captured = capsys.readouterr()
        assert rc == 2, captured.err
        assert flag in captured.err and why in captured.err and "Traceback" not in captured.err
        assert captured.out == ""


def test_a_report_without_matplotlib_is_refused_before_the_games(tmp_path, capsys, monkeypatch):
    _no_games(monkeypatch)
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib raises ImportError
    assert main(["balance", KOENIG, "--games", "2", "--report", str(tmp_path / "r.html")]) == 2
    assert "--report needs matplotlib" in capsys.readouterr().err
    assert main(["balance", KOENIG, "--from-json", str(tmp_path / "s.json"), "--report", str(tmp_path / "r.png")]) == 2
    assert "--report needs matplotlib" in capsys.readouterr().err


def test_max_turns_must_be_at_least_one(capsys, monkeypatch):
    _no_games(monkeypatch)
    for value in ("-5", "0"):
        assert main(["balance", KOENIG, "--games", "2", "--max-turns", value]) == 2
        assert "--max-turns must be at least 1" in capsys.readouterr().err


def test_json_to_standard_output(tmp_path, capsys):
    args = ["balance", KOENIG, "--games", "2", "--bots", "random", "--seed", "3", "--max-turns", "1"]
    file = tmp_path / "s.json"
    assert main([*args, "--quiet", "--json", str(file)]) == 0
    report = capsys.readouterr().out
    assert main([*args, "--json", "-"]) == 0
    captured = capsys.readouterr()
    assert captured.out.strip() == file.read_text().strip()  # only the JSON on standard output, as in the file
    assert json.loads(captured.out)["games"] == 2
    assert report in captured.err  # the report goes to standard error, with the progress lines
    assert main([*args, "--sweep", "turns=1,2", "--quiet", "--json", "-"]) == 0
    assert [s["parameter"] for s in json.loads(capsys.readouterr().out)["studies"]] == [["turns", 1], ["turns", 2]]


def _as_from_a_terminal() -> None:
    """The child starts as a terminal starts it, with Ctrl-C neither ignored nor blocked. A child inherits both
    from this process: in one full run of the suite the study played on to its end after Ctrl-C while this
    test passed alone, so something earlier in that run left SIGINT blocked or ignored here (not found yet)."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_keeps_the_finished_games(workers, tmp_path):
    """Ctrl-C (SIGINT to the whole process group, as a terminal sends it) stops the study: no traceback,
    the summary and --json of the games that finished, exit status 130."""
    out = tmp_path / "s.json"
    cmd = [sys.executable, "-m", "hexwright.app.cli", "balance", KOENIG, "--games", "100000", "--bots", "random",
           "--max-turns", "1", "--workers", workers, "--json", str(out)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=_as_from_a_terminal)
    try:
        first = proc.stderr.readline()  # the first finished game is reported at once
        assert first.startswith("1/100000 games"), first + proc.stderr.read()
        os.killpg(proc.pid, signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, stderr
    assert "stopped" in stderr
    data = json.loads(out.read_text())
    assert 1 <= data["games"] < 100000
    assert f": {data['games']} games, bots random, random" in stdout


def test_balance_compare_plays_again_with_other_bots_and_gives_the_verdict(tmp_path, capsys):
    from hexwright.engine.balance.compare import verdict
    from hexwright.engine.balance.summary import summary_from_dict

    out, page = tmp_path / "cmp.json", tmp_path / "cmp.html"
    rc = main(["balance", KOENIG, "--games", "2", "--bots", "random", "--compare", "heuristic,random", "--seed", "3",
               "--max-turns", "1", "--quiet", "--json", str(out), "--report", str(page)])
    assert rc == 0
    text = capsys.readouterr().out
    assert "verdict:" in text and "game diversity:" in text and "balance " in text
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [d["bots"] for d in data["compared"]] == [["random", "random"], ["heuristic", "random"]]
    assert data["verdict"] == verdict([summary_from_dict(d) for d in data["compared"]])
    assert data["verdict"][0] in text
    assert "Balance with different bots" in page.read_text(encoding="utf-8")
    assert main(["balance", KOENIG, "--from-json", str(out)]) == 0
    assert capsys.readouterr().out.strip() == text.strip()
    assert main(["balance", KOENIG, "--games", "1", "--compare", "mcts", "--sweep", "turns=1,2"]) == 2
