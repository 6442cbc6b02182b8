"""Terrain taught by example on real published boards (the VASL geomorphic boards of the digitize
benchmark, git-ignored under tests/data/real/vasl; tests/data/README.md says how to get them): with the
first two hexes of each terrain taught, the boards whose feature terrains stand on varied ground
(board 21: stone and wooden buildings among orchards; board 25: wadis across four hill levels; board
10: buildings in orchards) are read right at 95 % or more, and every `proposed` hex is right. Skipped
when the boards are absent."""

from __future__ import annotations

import pytest

from benchmarks.digitize import first_two_per_terrain
from benchmarks.digitize_boards import REAL_DIR, available, load_board

BOARDS = ("bd10", "bd21", "bd25")


@pytest.mark.parametrize("name", BOARDS)
def test_two_taught_hexes_per_terrain_read_a_real_board(name):
    from hexwright.engine.digitize.terrain import propose_terrain

    path = REAL_DIR / f"{name}.gif"
    if path not in available():
        pytest.skip(f"VASL board {name[2:]} is not in tests/data/real/vasl (tests/data/README.md says how to get it)")
    b = load_board(path)
    taught = first_two_per_terrain(b.hexmap, b.truth)
    got = {p.hex: p for p in propose_terrain(b.hexmap, b.rgb, b.transform, taught)}
    rest = [h for h in b.truth if h not in taught and h in got]
    right = sum(got[h].terrain == b.truth[h] for h in rest)
    assert right >= 0.95 * len(rest)
    assert all(got[h].terrain == b.truth[h] for h in rest if got[h].proposed)
