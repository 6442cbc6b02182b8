"""`hexwright los MAP A B`: the headless answer to "can I see that" on the ASL Arnhem Bridge fragment,
as text naming what blocks or hinders and the special rule, or as JSON; exit 0 with LOS, 1 without,
2 for a location the map does not have."""

from __future__ import annotations

import json

from hexwright.app.cli import main

from tests.conftest import SCENARIOS

MAP = str(SCENARIOS / "asl-arnhem-bridge" / "arnhem-bridge-fragment.map.yaml")


def test_los_blocked_by_the_rowhouse_hexside_names_it_and_the_rule(capsys):
    assert main(["los", MAP, "R18", "Q17"]) == 1
    out = capsys.readouterr().out.strip()
    assert out == "R18 -> Q17: no LOS: rowhouse hexside R17/R18 beneath the bridge (ASL Arnhem Bridge SSR 1.12)"


def test_los_from_the_bridge_to_beneath_it(capsys):
    assert main(["los", MAP, "R18:1", "R22"]) == 1
    assert "(ASL Arnhem Bridge SSR 1.1)" in capsys.readouterr().out


def test_los_json_with_rubble_in_play(capsys):
    assert main(["los", MAP, "Q16", "T16:1", "--rubble", "R16", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["los"] is True and answer["hindrance_drm"] == 1
    assert answer["hindrances"][0] == {"kind": "hindrance", "what": "R16: Beneath the Arnhem Bridge",
                                       "rule": "ASL Arnhem Bridge SSR 1.3", "hex": "R16", "drm": 1}
    assert main(["los", MAP, "Q16", "T16", "--rubble", "R16", "--json"]) == 1
    answer = json.loads(capsys.readouterr().out)
    assert answer["blocked_by"][0]["rule"] == "ASL Arnhem Bridge SSR 1.31"


def test_los_refuses_a_location_the_map_does_not_have(capsys):
    assert main(["los", MAP, "T16:2", "Q16"]) == 2
    assert "T16 has no location at Level 2; it has T16, T16:1" in capsys.readouterr().err
    assert main(["los", MAP, "R18", "ZZ99"]) == 2
    assert "not a hex" in capsys.readouterr().err


def test_info_counts_the_extra_locations_by_level(capsys):
    assert main(["info", MAP]) == 0
    assert "extra locations: 17 in 17 hexes (Level 1: 17)" in capsys.readouterr().out


def test_a_hindrance_total_that_blocks_under_asl_a6_7_says_so(capsys):
    # eight hexes beneath the bridge hinder +1 each (SSR 1.3); the special rules do not say when hindrances
    # block, an ASL player expects +6 to (A6.7): the answer stays "clear" under the modelled rules and says so
    assert main(["los", MAP, "R23", "R13"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("R23 -> R13: clear LOS, hindered +8 (+8: blocks under the ASL rulebook's A6.7, which is "
                          "not modelled): R22: Beneath the Arnhem Bridge +1")
    assert main(["los", MAP, "R23", "R13", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["blocks_under_asl_a6_7"] is True
    assert main(["los", MAP, "Q16", "T16:1", "--rubble", "R16", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["hindrance_drm"] == 1 and answer["blocks_under_asl_a6_7"] is False
    assert "A6.7" not in answer["text"]
