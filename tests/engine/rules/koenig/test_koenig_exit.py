"""The Koenig heuristic's way off the bottom edge for a unit that must exit (the Recon/9th, Arnhem Bridge
exclusive 12.0): counted in steps a unit may take (8.1: a river hexside without a bridge cannot be crossed), so
from the north bank of the Lower Rhine it leads over Arnhem Bridge (1005-1105); and the search settings the
family gives the MCTS bot in its registry entry."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hexwright.engine.bots.heuristic_koenig import KoenigHeuristicBot, exit_steps, exit_steps_fresh
from hexwright.engine.bots.mcts import DEFAULT_HORIZON, MCTSBot, family_settings
from hexwright.engine.formats import load_scenario
from hexwright.engine.hexgrid import hex_distance
from hexwright.engine.rules import registry

ROOT = Path(__file__).resolve().parents[4]
SCENARIO = ROOT / "scenarios" / "koenig-arnhem-bridge" / "arnhem-bridge.yaml"
CROSSING = ROOT / "scenarios" / "storm-arnhem" / "the-crossing.yaml"


@pytest.fixture(scope="module")
def koenig():
    return load_scenario(SCENARIO).scenario


def test_the_way_off_the_map_crosses_the_river_by_the_bridge(koenig):
    m = koenig.map
    bot = KoenigHeuristicBot(koenig, 1)
    steps = exit_steps(m, bot.exit_hexes)
    north, south = m.hex_at("1005"), m.hex_at("1105")
    # every hex of the north bank is further from the edge than the bridge's north end, and the north end is
    # one step further than the south end: the way leads over the bridge
    assert steps[north] == steps[south] + 1
    west_bank = m.hex_at("0405")  # on the north bank, the river along its south side
    assert steps[west_bank] > hex_distance(west_bank, min(bot.exit_hexes, key=lambda e: hex_distance(west_bank, e)))
    assert steps[west_bank] >= hex_distance(west_bank, north) + steps[north]
    assert bot.exit_distance(west_bank) == float(steps[west_bank])
    # the table made from the edge is the search made from each hex
    for h in m.hexes:
        assert float(steps.get(h, 99)) == exit_steps_fresh(m, bot.exit_hexes, h)


def test_the_recon_heads_for_the_bridge(koenig):
    bot = KoenigHeuristicBot(koenig, 1)
    m = koenig.map
    recon = "G-Recon9"
    assert recon in bot.exiters
    # from the road at 0104 (where it enters) east along the bank is a gain, south to the bank is none
    here, east, bank = m.hex_at("0104"), m.hex_at("0204"), m.hex_at("0105")
    assert bot.exit_distance(east) < bot.exit_distance(here) <= bot.exit_distance(bank)


def test_the_family_gives_the_search_its_own_rollout_horizon(koenig):
    entry = dict(registry.RULES_FAMILIES["koenig"].search)
    assert family_settings(koenig) == entry
    assert MCTSBot(koenig, 1).horizon == int(entry.get("horizon", DEFAULT_HORIZON))
    assert MCTSBot(koenig, 1, horizon=5).horizon == 5  # the caller's value wins
    other = load_scenario(CROSSING).scenario
    assert MCTSBot(other, 1).horizon == DEFAULT_HORIZON
    odd = dataclasses.replace(registry.RULES_FAMILIES["koenig"], id="koenig-odd", search=(("spin", 1.0),))
    registry.register_family(odd)
    try:
        with pytest.raises(ValueError, match="spin"):
            family_settings(dataclasses.replace(koenig, rules="koenig-odd"))
    finally:
        registry.unregister_family("koenig-odd")
