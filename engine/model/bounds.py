"""The sane range of every number a map or scenario file may hold, and the loader's budget.

A file is data from anywhere: a typo (`digits: 1000000000`, `movement: 1000000`) must be refused by
the loader or by validation at its line, not discovered as a hang or a memory blow-up when the file
is played, drawn or printed. The ranges are far wider than any printed wargame needs (the shipped
scenarios use a few percent of each) and narrow enough that every loop and table the engine builds
from them stays small.
"""

from __future__ import annotations

# -- the file and its YAML ----------------------------------------------------------------------
MAX_FILE_BYTES = 64 * 1024 * 1024  # a 60,000-hex map written one hex a line is about 1.2 MB
# values, keys, lists and mappings in one file (a node costs about 300 bytes while it is read, and about
# 5 us of CPU to read and check): reading is the floor of every command's time, and a map file at this
# bound validates in under 2 s of CPU (docs/reliability.md, "Every command at the bounds"; 400,000 took
# 2.4 s). A map of MAX_HEXES with every hex's terrain written takes 120,000, a real monster map (a hex in
# ten with features, half a hexside a hex with features) about 250,000, a scenario of MAX_UNITS units
# about 130,000. The bound was 3,000,000: 3.6 s of CPU to count and refuse, 20 s and 1.9 GB to accept.
MAX_NODES = 300_000
MAX_ALIASES = 1_000  # uses of `*name` in one file (Hexwright never writes any)
MAX_ALIAS_CHARS = 100_000  # the characters those uses repeat

# -- the map ------------------------------------------------------------------------------------
# The largest real maps we know of: VASSAL's The Longest Day, 7,488 hexes; a monster game of several
# dozen map sheets, about 50,000. A map of 1,000,000 hexes (the bound before) took 20 s of CPU and
# 1.9 GB to validate, and was refused by `render` at its default size after as long.
MAX_HEXES = 60_000
MAX_GRID_SIDE = 2_000  # columns, rows
MAX_LABEL_DIGITS = 6  # per part of an XXYY label
MAX_FIRST_LABEL = 10_000  # first_column, first_row (letter columns: 10,000 / 26 repeated letters at most)
MIN_HEX_SIZE, MAX_HEX_SIZE = 1.0, 1_000.0  # scene units, centre to corner
MIN_HEX_ASPECT, MAX_HEX_ASPECT = 0.25, 4.0  # hexes' height over a regular hex's
MAX_LINE_WIDTH = 1.0  # hexside feature and path widths, in hex sizes
MAX_PLACE_SIZE = 100.0  # a place's text size, in hex sizes
MAX_ELEVATION = 100_000  # elevation, in the map's own unit (feet, metres or levels)
MAX_LEVEL = 100  # the level of an extra location in a hex (|level|)
MAX_COST = 100  # MP to enter a hex or cross a hexside

# -- the area map (Storm over Arnhem) -------------------------------------------------------------
# the shipped map has 33 areas and 148 points; these keep validate, info, render and play of an accepted
# area map under 2 s of CPU on a 2-core machine (docs/reliability.md), and are counted while the YAML is read
MAX_AREAS = 2_000
MAX_AREA_VERTICES = 1_000  # points of one area's outline
MAX_AREA_POINTS = 20_000  # points of all the outlines of a file

# -- the scenario -------------------------------------------------------------------------------
# units of a scenario: a monster game's counter mix is 1,500-4,000 counters (docs/reliability.md's survey).
# Counter sheets, counter images and a VASSAL module draw every one, about 1-5.5 ms of CPU a unit: at this
# bound they take 5-28 s, and no file can make them take longer; a bound that kept them under 2 s (300-1,500
# units) would refuse every monster game of the survey
MAX_UNITS = 5_000
MAX_UNIT_VALUE = 99  # a printed value: attack, defense, strength, endurance, movement allowance
MAX_STEPS = 20  # steps (Hits) a unit may take
MAX_STACKING = 20  # units per hex
MAX_TURNS = 500  # the turn track; a turn number; the max_turns option
MAX_WITHIN = 1_000  # `within` N hexes (entries, set-up zones)
MAX_POOL_VALUE = 99  # a support marker's value
MAX_POOL_COUNT = 999  # markers of one kind in a pool
MAX_ALLOTMENT = 999  # support markers allotted on a turn
MAX_POINTS = 100_000  # victory points of one line (|points|)
MAX_COUNT = 100_000  # `count` of a victory condition
MAX_TABLE_NUMBER = 1_000_000  # a number in a rules table (|n|)
