"""Build the ASL Arnhem Bridge map fragment (004_09a6f3be713b811c.txt, special rules 1.1-1.4) with the
engine API and save it under scenarios/asl-arnhem-bridge/.

The source gives the special rules and their examples, not the map. The fragment is an APPROXIMATION
of the ground around the Arnhem road bridge, columns N-V and rows 12-23 in the source's letter-number
labels, laid out so that every hex, hexside and level the rules and examples name is where they say:
the bridge R15-R23 with a Level 1 location on it and a Level 0 location beneath it (1.1), R23 at the
map edge (1.2: units enter it from off map), the pillars' rowhouse hexsides R16/R17 .. R19/R20 beneath
the bridge (1.12; which hexsides carry pillars beyond the example's R17/R18 and R18/R19 is
approximated), the cliffs Q15/R15 and S15/R15 (1.13), the road under R15 from S16 (1.3 example), the
pedestrian access in R20 (1.4), the Level 1 building locations of Q17 and T16 (1.22, 1.31 examples).
Movement costs other than 1.3's, the stairwell and Scaling costs, and the rubble costs are
"reconstructed" (the map's notes list them).

Run: .venv/bin/python scenarios/tools/build_asl_arnhem_bridge.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from hexwright.engine.formats import save_map
from hexwright.engine.hexgrid import LabelScheme, hexside_between
from hexwright.engine.model import GridSpec, HexMap, HexsideInfo, Place
from hexwright.engine.model.hexmap import Location
from hexwright.engine.model.terrain import FeatureType, HexsideFeatureType, PathType, TerrainTable, TerrainType

OUT_DIR = Path(__file__).resolve().parents[1] / "asl-arnhem-bridge"
MAP_FILE = "arnhem-bridge-fragment.map.yaml"
CLASSES = ["infantry", "tracked", "non_tracked"]
R = "reconstructed"
SSR = "ASL Arnhem Bridge SSR"
BRIDGE = [f"R{n}" for n in range(15, 24)]
PILLAR_HEXSIDES = ["R16/R17", "R17/R18", "R18/R19", "R19/R20"]  # 1.12 (R17/R18 and R18/R19 per the EX)
CLIFFS = ["Q15/R15", "S15/R15"]  # 1.13
RAMP = ["R12", "R13", "R14"]  # the northern approach at Level 1
# buildings with a Level 1 location (1.22 EX: Q17; 1.31 EX: T16) and ground-level-only buildings
TALL_BUILDINGS = ["Q17", "T16", "P15", "Q13", "S13", "U17", "O18", "T19"]
BUILDINGS = ["P13", "P14", "O14", "O15", "T13", "T14", "U14", "U15", "V15", "V16", "N16", "N17", "O17", "P18",
             "U18", "V18", "T18", "S19"]
ROADS = [["O16", "P16", "Q16", "R15", "S16", "T15", "U16", "V16"],  # under the bridge at R15 (1.3 EX)
         ["R12", "R13", "R14"],  # the ramp
         ["N20", "O20", "P20", "Q20", "R20", "S20", "T20", "U20", "V20"]]  # the quay, under R20
RIVER_ROWS = (21, 22, 23)


def terrain_table() -> TerrainTable:
    t = TerrainTable(name="ASL Arnhem Bridge (approximation)", movement_classes=list(CLASSES))

    def move(inf: float | None, tracked: float | None, wheeled: float | None) -> dict[str, float | None]:
        return {"infantry": inf, "tracked": tracked, "non_tracked": wheeled}

    t.terrain["open"] = TerrainType("open", "Open ground", "#e6dfb8", move=move(1, 1, 1), combat={"note": R})
    t.terrain["building"] = TerrainType(
        "building", "Stone building", "#a08c78", move=move(2, None, None),
        combat={"building": True, "los": {"obstacle": 1}, "note": R})
    t.terrain["building_upper"] = TerrainType(
        "building_upper", "Stone building, upper level", "#8c7864", move=move(2, None, None),
        combat={"building": True, "lateral": False, "los": {"obstacle": 1}, "note": R})
    t.terrain["beneath_bridge"] = TerrainType(
        "beneath_bridge", "Beneath the Arnhem Bridge", "#bdb6a2", move=move(2, 3, 5),
        combat={"bridge": "beneath", "rule": f"{SSR} 1.3", "tem": 1, "concealment_terrain": True,
                "burnable": False, "los": {"hindrance": 1, "height": 1}})
    t.terrain["bridge_deck"] = TerrainType(
        "bridge_deck", "Arnhem Bridge (Level 1)", "#9a9a9a", move=move(1, 0.5, 0.5),
        combat={"bridge": "deck", "rule": f"{SSR} 1.1", "note": f"costs {R} (road rate on a stone bridge)",
                "scaling": {"by": "British Commando", "cost": 4, "rule": f"{SSR} 1.1", "note": f"cost {R}"}})
    t.terrain["water"] = TerrainType("water", "Neder Rijn", "#7fb2e0", move=move(None, None, None))
    t.features["stairwell"] = FeatureType(
        "stairwell", "Stairwell / pedestrian access", "#303030", "dot", "add", {"infantry": 1},
        {"rule": f"{SSR} 1.4", "note": f"1 MF {R}"})
    t.features["rubble"] = FeatureType(
        "rubble", "Rubble", "#6a6a6a", "dot", "terrain", move(3, 4, None),
        {"rule": f"{SSR} 1.31", "los": {"obstacle": 0}, "note": f"costs {R}"})
    t.hexside_features["rowhouse"] = HexsideFeatureType(
        "rowhouse", "Rowhouse", "#202020", 0.12, move(None, None, None), False,
        {"rule": f"{SSR} 1.12", "los": {"obstacle": 0}})
    t.hexside_features["cliff"] = HexsideFeatureType(
        "cliff", "Cliff", "#5a3a1a", 0.12, move(None, None, None), False,
        {"rule": f"{SSR} 1.13", "scaling": {"by": "British Commando", "cost": 4, "rule": f"{SSR} 1.13",
                                            "note": f"cost {R}"}})
    t.paths["road"] = PathType("road", "Road", "#b03020", 0.08, False, move(1, 0.5, 0.5))
    return t


def build_map() -> HexMap:
    grid = GridSpec(9, 12, "flat", "even", LabelScheme("letter_number", 14, 12, 2, "asl"), 36.0)
    m = HexMap(grid, terrain_table(), "open", name="ASL Arnhem Bridge (approximation)")
    m.notes = (
        "APPROXIMATION of the ground around the Arnhem road bridge for the ASL Arnhem Bridge special rules "
        "(1.1-1.4); the source gives the rules and examples, not the map. Every hex, hexside and level the "
        "rules and examples name is placed where they say; the rest is approximated. Reconstructed (not in "
        "the source, designer-editable in the terrain table): every movement cost other than 1.3's beneath "
        "the bridge (open ground, buildings, road, the bridge deck), the stairwell's 1 MF, the Scaling cost, "
        "the rubble costs, and which bridge hexsides beyond R17/R18 and R18/R19 carry pillars.")
    at = m.hex_at
    for lab in BUILDINGS + TALL_BUILDINGS:
        m.terrain[at(lab)] = "building"
    for lab in TALL_BUILDINGS:
        m.locations[at(lab)] = (Location(1, "building_upper", ("stairwell",)),)
    for h in m.hexes:
        if int(m.label(h)[1:]) in RIVER_ROWS and m.label(h)[0] != "R":
            m.terrain[h] = "water"
    for lab in RAMP:
        m.elevation[at(lab)] = 1
    for lab in BRIDGE:
        m.terrain[at(lab)] = "beneath_bridge"
        feats = ("stairwell",) if lab == "R20" else ()
        m.locations[at(lab)] = (Location(1, "bridge_deck", feats),)
    for route in ROADS:
        for a, b in zip(route, route[1:], strict=False):
            m.link_path(at(a), at(b), "road")
    sides = {}
    for lab in PILLAR_HEXSIDES:
        a, b = lab.split("/")
        sides[hexside_between(at(a), at(b))] = HexsideInfo(("rowhouse",), level=0)
    for lab in CLIFFS:
        a, b = lab.split("/")
        sides[hexside_between(at(a), at(b))] = HexsideInfo(("cliff",))
    m.set_hexsides(sides)
    m.set_places([Place("Arnhem road bridge", at("T22"), "label", 0.8, 0.0, 0.0),
                  Place("Neder Rijn", at("P22"), "river"),
                  Place("Arnhem", at("P13"), "city", 0.9)])
    return m


def main(argv: list[str]) -> int:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    m = build_map()
    save_map(m, OUT_DIR / MAP_FILE)
    print(f"wrote {OUT_DIR / MAP_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
