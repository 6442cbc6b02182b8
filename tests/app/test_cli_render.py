"""`hexwright render` refuses a scale or hex width that is not a positive finite number, with a message and
exit status 2, before it loads or draws anything; without --scale, a very large map is drawn smaller."""

from __future__ import annotations

import pytest
from hexwright.app.cli import main
from PySide6.QtGui import QImage

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


def test_a_map_too_large_for_its_hex_size_is_drawn_smaller_without_scale(tmp_path, capsys):
    """The F&M map with hexes of 400 units is 430 million pixels at scale 1.0: refused as a PNG without --scale
    before; now drawn at the scale that gives 8 million pixels, and refused only when --scale 1 asks for it."""
    from hexwright.app.subcommands.render import DEFAULT_MAX_PIXELS

    fm = SCENARIOS / "fm-arnhem" / "arnhem-corridor.map.yaml"
    big = tmp_path / "big.map.yaml"
    big.write_text(fm.read_text(encoding="utf-8").replace("hex_size: 32}", "hex_size: 400}", 1), encoding="utf-8")
    out = tmp_path / "big.png"
    assert main(["render", str(big), "-o", str(out)]) == 0
    image = QImage(str(out))
    assert 0.95 * DEFAULT_MAX_PIXELS <= image.width() * image.height() <= DEFAULT_MAX_PIXELS * 1.001
    capsys.readouterr()
    assert main(["render", str(big), "-o", str(tmp_path / "full.png"), "--scale", "1"]) == 1
    assert "is more than a picture may have" in capsys.readouterr().err
