"""`hexwright render` refuses a scale or hex width that is not a positive finite number, with a message and
exit status 2, before it loads or draws anything."""

from __future__ import annotations

import pytest
from hexwright.app.cli import main

from tests.conftest import SCENARIOS

SCENARIO_1 = SCENARIOS / "fm-arnhem" / "scenario-1-historical.yaml"


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "0", "-1.5"])
@pytest.mark.parametrize("flag", ["--scale", "--hex-width-mm"])
def test_render_refuses_a_size_that_is_not_a_positive_number(flag, value, tmp_path, capsys):
    out = tmp_path / "map.png"
    assert main(["render", str(SCENARIO_1), "-o", str(out), f"{flag}={value}"]) == 2
    err = capsys.readouterr().err
    assert f"{flag} must be a positive number" in err and "Traceback" not in err
    assert not out.exists()


@pytest.mark.parametrize("where", ["missing/map.png", "."])
def test_render_refuses_an_output_it_cannot_write(where, tmp_path, capsys):
    out = tmp_path / where
    assert main(["render", str(SCENARIO_1), "-o", str(out)]) == 2
    assert "cannot write" in capsys.readouterr().err
