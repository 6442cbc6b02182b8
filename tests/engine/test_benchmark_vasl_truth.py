"""How the digitize benchmark reads a VASL board's truth per hex (benchmarks/digitize_boards.py),
on pixel counts made up here: the real boards are not needed. The classes follow ASL's terrain
chart: buildings by kind, streams, gullies and wadis and the terrains drawn as symbols are the
hex's terrain though they cover only part of it."""

from __future__ import annotations

import numpy as np

from benchmarks.digitize_boards import _class_of, hex_class

CLASSES = ["clear", "stone building", "wooden building", "orchard", "gully", "woods", "hill"]


def counts(**pixels: int) -> np.ndarray:
    return np.array([pixels.get(c.replace(" ", "_"), 0) for c in CLASSES])


def test_a_building_hex_is_of_the_kind_with_most_pixels():
    assert hex_class(counts(clear=900, stone_building=60, wooden_building=40), CLASSES, 1000) == "stone building"
    assert hex_class(counts(clear=900, stone_building=10, wooden_building=40), CLASSES, 1000) == "wooden building"
    # under 4 % of building pixels in all: not a building hex
    assert hex_class(counts(clear=960, stone_building=20, wooden_building=15), CLASSES, 1000) == "clear"


def test_symbol_and_depression_terrains_are_the_hexs_terrain_from_a_share():
    assert hex_class(counts(clear=700, orchard=300), CLASSES, 1000) == "orchard"
    assert hex_class(counts(hill=650, orchard=350), CLASSES, 1000) == "orchard"
    assert hex_class(counts(clear=990, orchard=10), CLASSES, 1000) == "clear"
    assert hex_class(counts(woods=600, gully=400), CLASSES, 1000) == "gully"
    assert hex_class(counts(woods=940, gully=60), CLASSES, 1000) == "woods"
    # a building comes first, then the depression, then the symbols
    assert hex_class(counts(clear=500, gully=200, orchard=250, wooden_building=50), CLASSES, 1000) == "wooden building"
    assert hex_class(counts(clear=500, gully=200, orchard=300), CLASSES, 1000) == "gully"


def test_the_old_lumped_table_is_kept_for_the_before_and_after():
    lumped = ["clear", "building", "orchard"]
    assert _class_of("Stone Building", "UNKNOWN", lumped=True) == "building"
    assert _class_of("Stone Building", "UNKNOWN") == "stone building"
    assert _class_of("Gully", "0", lumped=True) is None
    assert _class_of("Gully", "0") == "gully"
    assert _class_of("Open Ground", "2") == "hill 2"
    assert hex_class(np.array([700, 0, 300]), lumped, 1000, lumped=True) == "clear"
    assert hex_class(np.array([700, 0, 300]), lumped, 1000) == "orchard"
