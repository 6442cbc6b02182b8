"""A map with levels survives Tiled: the ASL Arnhem Bridge fragment's extra locations (SSR 1.1), its hexside
features at a level (the pillars' rowhouse hexsides, 1.12) and its letter-number numbering come back from an
exported TMX as they were, so the line-of-sight answers are the same."""

from __future__ import annotations

from hexwright.engine.formats.mapfile import read_map_file
from hexwright.engine.formats.tmx import labels_of, read_tmx, tmx_to_map
from hexwright.engine.formats.tmx_write import save_tmx
from hexwright.engine.hexgrid import LabelScheme
from hexwright.engine.rules.asl import line_of_sight, parse_location

from ..conftest import SCENARIOS

FRAGMENT = SCENARIOS / "asl-arnhem-bridge" / "arnhem-bridge-fragment.map.yaml"


def _round_trip(tmp_path, labels=None):
    m = read_map_file(FRAGMENT)
    assert m is not None
    _, notes = save_tmx(m, tmp_path / "m.tmx")
    back, _ = tmx_to_map(read_tmx(tmp_path / "m.tmx"), {}, labels)
    return m, back, notes


def test_extra_locations_and_hexside_levels_come_back(tmp_path):
    m, back, notes = _round_trip(tmp_path)
    assert m.locations and any(i.level is not None for i in m.hexsides.values())
    assert back.locations == m.locations
    assert back.hexsides == m.hexsides
    assert back.elevation == m.elevation and back.features == m.features and back.terrain == m.terrain
    assert any("`locations` property" in n for n in notes)
    assert not any("not written" in n for n in notes)


def test_the_numbering_of_the_export_is_the_default_of_the_import(tmp_path):
    m, back, _ = _round_trip(tmp_path)
    assert labels_of(read_tmx(tmp_path / "m.tmx")) == m.grid.labels
    assert back.grid.labels == m.grid.labels
    assert back.hex_at("R18") == m.hex_at("R18") and back.label(m.hex_at("R18")) == "R18"
    # the designer's own choice still wins
    _, chosen, _ = _round_trip(tmp_path, LabelScheme("xxyy"))
    assert chosen.label(m.hex_at("R18")) != "R18"


def test_line_of_sight_is_the_same_on_the_imported_map(tmp_path):
    m, back, _ = _round_trip(tmp_path)
    for a, b in (("R18", "Q17"), ("R18:1", "R22"), ("Q16", "T16:1"), ("R18:1", "R20:1")):
        before = line_of_sight(m, parse_location(m, a), parse_location(m, b))
        after = line_of_sight(back, parse_location(back, a), parse_location(back, b))
        assert (after.clear, after.text()) == (before.clear, before.text()), (a, b)
