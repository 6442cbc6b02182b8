"""Build the "Target Arnhem" scenario of Target Arnhem: Across 6 Bridges (001_69d92a61f68ed4f9.txt) with the
engine API and save it under scenarios/target-arnhem/.

The rulebook gives the rules, the forces (divisions and brigades, without values), the entry hex 0103,
Arnhem at 1504, the 15 hexes of Hell's Highway, area P, off-board German areas, the supply stripes and the
para supply markers. It gives neither the map, the counters' values nor the Combat Ratio Table's damage
values: the map here approximates the corridor in the source's numbering (the road from 0103 to 1504, one
hex a column, is Hell's Highway; the six bridges carry it over the Wilhelmina canal at Son, the Zuid-
Willemsvaart canal at Veghel, the Maas at Grave, the Maas-Waal canal, the Waal at Nijmegen and the Lower
Rhine at Arnhem), and every value, set-up hex, arrival turn and off-board area the source does not give is
marked "reconstructed" in the unit notes, the map notes, the table and the scenario description.

Run: .venv/bin/python scenarios/tools/build_target_arnhem.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from hexwright.engine.formats import save_scenario
from hexwright.engine.hexgrid import Hex, LabelScheme, hex_line, hexside_between
from hexwright.engine.model import GridSpec, HexMap, HexsideInfo, Place, Region
from hexwright.engine.model.counters import MarkerDef, UnitDef
from hexwright.engine.model.scenario import Entry, Reinforcement, Scenario, Side, Table, TurnInfo, VictoryCondition
from hexwright.engine.model.terrain import BridgeType, HexsideFeatureType, PathType, TerrainTable, TerrainType

SOURCE = "Target Arnhem: Across 6 Bridges"  # what a designer reads: never a file name
OUT_DIR = Path(__file__).resolve().parents[1] / "target-arnhem"
SCENARIO_FILE = "target-arnhem.yaml"
MAP_FILE = "target-arnhem-map.yaml"
COLUMNS, ROWS = 16, 7
HELLS_HIGHWAY = "Hell's Highway"
RECONSTRUCTED = "reconstructed: the source does not print this unit's values"

# -- the map ---------------------------------------------------------------------------------------
# water between column c and c + 1 (1-based), with the bridge that carries Hell's Highway over it
WATER = [(4, "canal", "Son bridge (Wilhelmina canal)"), (6, "canal", "Veghel bridge (Zuid-Willemsvaart)"),
         (8, "river", "Grave bridge (Maas)"), (10, "canal", "Heumen bridge (Maas-Waal canal)"),
         (12, "river", "Nijmegen bridge (Waal)"), (14, "river", "Arnhem bridge (Lower Rhine)")]
TERRAIN = {
    "city": ["0303", "1203", "1504"],
    "forest": ["0201", "0206", "0401", "0402", "0506", "0507", "0705", "0906", "1106", "1107", "1206", "1402",
               "1501", "1601", "1606"],
}
# off-board areas: name -> (map edge, first column, last column, areas it adjoins, description)
AREAS = {
    "P": ("top", 1, 4, ["A"], "west of Eindhoven and Best: closed from turn 4 (Movement)"),
    "A": ("top", 5, 9, ["P", "B"], "west of Veghel and Grave"),
    "B": ("top", 10, 16, ["A"], "west of Nijmegen and Arnhem"),
    "C": ("bottom", 1, 5, ["D"], "east of Eindhoven: Helmond and Deurne"),
    "D": ("bottom", 6, 11, ["C", "E"], "east of Grave and Groesbeek: the Reichswald"),
    "E": ("bottom", 12, 16, ["D"], "east of Nijmegen and Arnhem: Emmerich, Zutphen and Apeldoorn"),
}
MARKERS = [  # para supply markers: id, stripe, hex, label
    ("para-101", "yellow", "0504", "101st Airborne para supply (Son)"),
    ("para-82", "light_green", "1005", "82nd Airborne para supply (Groesbeek)"),
    ("para-1", "maroon", "1502", "1st Airborne para supply (Wolfheze)"),
]


def terrain_table() -> TerrainTable:
    """Movement in hexes of the two-hex move (Movement): clear and city one hex; forest is rough terrain
    (a cost above one: the unit stops on entering it). A river is never crossed without a bridge; an
    unbridged canal is crossed as a move of one hex (movement.py reads the features). Combat: a forest or
    city shifts the column one left (Modifiers)."""
    t = TerrainTable(name="Target Arnhem terrain", movement_classes=["ground"])
    t.terrain["clear"] = TerrainType("clear", "Clear", "#e9e4c4", move={"ground": 1})
    t.terrain["city"] = TerrainType("city", "City", "#b8a898", move={"ground": 1}, combat={"shift": -1})
    t.terrain["forest"] = TerrainType("forest", "Forest (rough)", "#6f9a4a", move={"ground": 2},
                                      combat={"shift": -1})
    t.hexside_features["river"] = HexsideFeatureType("river", "River", "#3a78c8", 0.16, {"ground": None})
    t.hexside_features["canal"] = HexsideFeatureType("canal", "Canal", "#5a98d8", 0.09, {"ground": 1})
    t.bridges["bridge"] = BridgeType("bridge", "Bridge", "#505050", {"ground": 0})
    t.paths["road"] = PathType("road", "Road (Hell's Highway)", "#c02020", 0.09, False, {"ground": 0})
    return t


def column_of(m: HexMap, h: Hex) -> int:
    return m.grid.offset.from_hex(h)[0] + 1


def edge_hexes(m: HexMap, edge: str, first: int, last: int) -> set[Hex]:
    out = {h for h in m.edge_side_hexes(edge) if first <= column_of(m, h) <= last}
    if edge == "bottom" and last == COLUMNS:
        out |= set(m.edge_side_hexes("right"))  # area E also borders the map's right edge beyond Arnhem
    return out


def build_map() -> HexMap:
    grid = GridSpec(columns=COLUMNS, rows=ROWS, orientation="flat", stagger="odd", labels=LabelScheme("xxyy"))
    m = HexMap(grid, terrain_table(), "clear", name="Target Arnhem corridor (approximation)")
    m.notes = (
        "An approximation of the Market-Garden corridor in the hex numbering of Target Arnhem: Across 6 Bridges. "
        "The printed map is not in the source: only the entry hex 0103, Arnhem at 1504, the 15 hexes "
        "of Hell's Highway, area P and the off-board German areas are. RECONSTRUCTED: Hell's Highway runs from "
        "0103 to 1504, one hex a column (the red road, region \"Hell's Highway\"); the six bridges carry it over "
        "the Wilhelmina canal (Son), the Zuid-Willemsvaart (Veghel), the Maas (Grave), the Maas-Waal canal, the "
        "Waal (Nijmegen) and the Lower Rhine (Arnhem), each water line running the full height of the map; the "
        "forest and city hexes; the off-board areas P, A, B along the top (west) edge and C, D, E along the "
        "bottom (east) and right edges, each the region of the edge hexes it adjoins."
    )
    m.edges = {"south": "left", "north": "right", "west": "top", "east": "bottom"}
    at = m.hex_at
    m.set_terrain({at(lab): code for code, labs in TERRAIN.items() for lab in labs})
    road = hex_line(at("0103"), at("1504"))
    assert len(road) == 15, "Hell's Highway has 15 hexes"
    sides: dict = {}
    for col, feature, _name in WATER:
        for h in m.hexes:
            if column_of(m, h) != col:
                continue
            for n in m.neighbors_on_map(h):
                if column_of(m, n) == col + 1:
                    sides[hexside_between(h, n)] = HexsideInfo(features=(feature,))
    m.set_hexsides(sides)
    for a, b in zip(road, road[1:], strict=False):
        s = hexside_between(a, b)
        info = m.hexsides.get(s)
        if info is not None:
            m.set_hexsides({s: HexsideInfo(features=info.features, bridge="bridge")})
        m.link_path(a, b, "road")
    m.set_region(Region(HELLS_HIGHWAY, "zone", set(road), color="#c02020",
                        label="Hell's Highway: the 15 hexes of the red road to Arnhem (Victory Conditions)"))
    for name, (edge, first, last, adjacent, desc) in AREAS.items():
        m.set_region(Region(name, "offboard", edge_hexes(m, edge, first, last), adjacent=list(adjacent),
                            color="#606060" if name != "P" else "#a04040",
                            label=f"Off-board area {name}: {desc} (reconstructed placement)"))
    m.set_places([Place("Eindhoven", at("0303"), "city"), Place("Son", at("0403"), "village"),
                  Place("Veghel", at("0603"), "village"), Place("Grave", at("0803"), "village"),
                  Place("Nijmegen", at("1203"), "city"), Place("Arnhem", at("1504"), "city"),
                  Place("Joe's Bridge", at("0103"), "label", 0.7)])
    return m


# -- forces (Forces) ------------------------------------------------------------------------------------
def unit(uid: str, name: str, side: str, nat: str, formation: str, utype: str, strength: int, endurance: int,
         stripe: str = "", flags: tuple[str, ...] = (), note: str = "") -> UnitDef:
    notes = f"strength {strength}, endurance {endurance}: {RECONSTRUCTED}" + (f"; {note}" if note else "")
    size = "regiment" if utype in ("parachute", "glider", "infantry") else "brigade"
    return UnitDef(uid, name, side, nat, formation, utype, size, {"strength": strength, "endurance": endurance},
                   None, endurance, flags, stripe, notes=notes)


def forces() -> list[UnitDef]:
    para, glider, mech = ("airborne",), ("glider",), ("mechanized",)
    us, br, pl, de = "american", "british", "polish", "german"
    return [
        unit("A-502PIR", "502nd Parachute Inf Regt", "allied", us, "101st", "parachute", 3, 3, "yellow", para),
        unit("A-506PIR", "506th Parachute Inf Regt", "allied", us, "101st", "parachute", 3, 3, "yellow", para),
        unit("A-501PIR", "501st Parachute Inf Regt", "allied", us, "101st", "parachute", 3, 3, "yellow", para),
        unit("A-327GIR", "327th Glider Inf Regt", "allied", us, "101st", "glider", 3, 3, "yellow", glider),
        unit("A-504PIR", "504th Parachute Inf Regt", "allied", us, "82nd", "parachute", 3, 3, "light_green", para),
        unit("A-505PIR", "505th Parachute Inf Regt", "allied", us, "82nd", "parachute", 3, 3, "light_green", para),
        unit("A-508PIR", "508th Parachute Inf Regt", "allied", us, "82nd", "parachute", 3, 3, "light_green", para),
        unit("A-325GIR", "325th Glider Inf Regt", "allied", us, "82nd", "glider", 3, 3, "light_green", glider),
        unit("A-GrenGds", "Grenadier Guards Group", "allied", br, "Guards", "armor", 6, 4, "", mech),
        unit("A-IrishGds", "Irish Guards Group", "allied", br, "Guards", "armor", 6, 4, "", mech),
        unit("A-CldmGds", "Coldstream Guards Group", "allied", br, "Guards", "armor", 6, 4, "", mech),
        unit("A-1AL", "1st Airlanding Brigade", "allied", br, "1st Airborne", "glider", 3, 3, "maroon", glider),
        unit("A-1PB", "1st Parachute Brigade", "allied", br, "1st Airborne", "parachute", 3, 3, "maroon", para),
        unit("A-4PB", "4th Parachute Brigade", "allied", br, "1st Airborne", "parachute", 3, 3, "maroon", para),
        unit("A-PolPB-1", "1st Polish Para Brigade I", "allied", pl, "Polish", "parachute", 2, 3, "maroon", para),
        unit("A-PolPB-2", "1st Polish Para Brigade II", "allied", pl, "Polish", "parachute", 2, 3, "maroon", para),
        unit("A-129", "129th Infantry Brigade", "allied", br, "43rd", "mechanized", 4, 4, "", mech),
        unit("A-130", "130th Infantry Brigade", "allied", br, "43rd", "mechanized", 4, 4, "", mech),
        unit("A-214", "214th Infantry Brigade", "allied", br, "43rd", "mechanized", 4, 4, "", mech),
        unit("G-107Pz-1", "107th Panzer Brigade I", "german", de, "107th", "armor", 5, 4, "gold", mech),
        unit("G-107Pz-2", "107th Panzer Brigade II", "german", de, "107th", "mechanized", 4, 3, "gold", mech),
        unit("G-FJ6", "6th Fallschirmjäger Regt", "german", de, "FJ", "infantry", 3, 3, "gold", ("fortified",),
             "Pickaxe fortified (Fortifications)"),
        unit("G-FJWalther", "Kampfgruppe Walther (FJ)", "german", de, "FJ", "infantry", 3, 3, "gold",
             ("fortified",), "Pickaxe fortified (Fortifications)"),
        unit("G-FJ2", "II Fallschirmkorps", "german", de, "FJ", "infantry", 3, 3, "gold"),
        unit("G-9SS-1", "9th SS Panzer Div I", "german", de, "9th SS", "armor", 5, 4, "red", mech),
        unit("G-9SS-2", "9th SS Panzer Div II", "german", de, "9th SS", "mechanized", 4, 3, "red", mech),
        unit("G-10SS-1", "10th SS Panzer Div I", "german", de, "10th SS", "armor", 5, 4, "red", mech),
        unit("G-10SS-2", "10th SS Panzer Div II", "german", de, "10th SS", "mechanized", 4, 3, "red", mech),
        unit("G-SSRecon", "SS Panzer Recon (Gräbner)", "german", de, "SS Recon", "armored_recon", 4, 3, "red", mech),
        unit("G-59-1", "59th Infantry Div I (Grenadiers)", "german", de, "59th", "infantry", 3, 3, "gold"),
        unit("G-59-2", "59th Infantry Div II (Grenadiers)", "german", de, "59th", "infantry", 3, 3, "gold"),
        unit("G-59-3", "59th Infantry Div III (Grenadiers)", "german", de, "59th", "infantry", 3, 3, "gold"),
    ]


def combat_ratio_table() -> Table:
    return Table(
        "combat_ratio", ["1:3", "1:2", "1:1", "1.5:1", "2:1", "3:1", "4:1", "5:1"],
        {"defender": [0, 0, 1, 1, 1, 2, 2, 3], "attacker": [2, 1, 1, 1, 0, 0, 0, 0]},
        "Combat Ratio Table (damage points)", True,
        "Target Arnhem: Combat, Combat Ratio Equations",
        "RECONSTRUCTED: the source names the ratios (1-to-3, 1-to-2, 1-to-1, the special 1.5-to-1, 2-to-1 and "
        "up) and says the table is rounded in the defender's favour, but prints no damage values. Each column "
        "gives the endurance damage points dealt to the defending and the attacking units; edit them freely.")


def build_scenario() -> Scenario:
    m = build_map()
    sc = Scenario("Target Arnhem", "target_arnhem", m, MAP_FILE)
    sc.source = SOURCE
    sc.stacking_limit = 3
    sc.first_player = "allied"
    sc.sides = [Side("allied", "Allied", "#c8b070", ["american", "british", "polish"]),
                Side("german", "German", "#404040", ["german"])]
    sc.description = (
        "Target Arnhem: Across 6 Bridges, 17-25 September 1944. The rules, the forces, the entry hex "
        "0103, Arnhem 1504, the 15 hexes of Hell's Highway, area P (closed from turn 4), the supply stripes and "
        "the victory conditions are the source's. RECONSTRUCTED (the source prints neither the map, the counters "
        "nor the Combat Ratio Table's values): the map, the breakdown of divisions and brigades into counters, "
        "every strength and endurance, the set-up hexes, the arrival turns and areas, the places of the para "
        "supply markers and the table's damage values are designer choices, marked in the unit notes, the map "
        "notes and the table.")
    for u in forces():
        sc.units[u.id] = u
    for mid, stripe, lab, label in MARKERS:
        sc.markers[mid] = MarkerDef(mid, "para_supply", "allied", label, lab, {"stripe": stripe})
    sc.placements = {"A-GrenGds": "0103", "A-IrishGds": "0103", "A-CldmGds": "0102",
                     "G-FJ6": "0203", "G-FJWalther": "0304"}
    entry = Entry(hex="0103", description="hex 0103 (Reinforcements: XXX Corps on or after turn 3)")

    def drop(marker: str) -> Entry:
        return Entry(marker=marker, within=2, description="within 2 hexes of the division's para supply marker, "
                     "or hex 0103 (Reinforcements)")

    def area(name: str) -> Entry:
        return Entry(offboard=name, description=f"off-board area {name} (the counter's directive, reconstructed)")

    sc.reinforcements = [
        Reinforcement(1, "allied", ["A-502PIR", "A-506PIR", "A-501PIR"], drop("para-101"), True, "first lift"),
        Reinforcement(1, "allied", ["A-504PIR", "A-505PIR", "A-508PIR"], drop("para-82"), True, "first lift"),
        Reinforcement(1, "allied", ["A-1AL", "A-1PB"], drop("para-1"), True, "first lift"),
        Reinforcement(2, "allied", ["A-327GIR"], drop("para-101"), True, "second lift"),
        Reinforcement(2, "allied", ["A-4PB"], drop("para-1"), True, "second lift"),
        Reinforcement(3, "allied", ["A-325GIR"], drop("para-82"), True, "delayed by weather"),
        Reinforcement(5, "allied", ["A-PolPB-1", "A-PolPB-2"], drop("para-1"), True,
                      "Polish Para: any hex not enemy-held (Reinforcements)"),
        Reinforcement(3, "allied", ["A-129", "A-130", "A-214"], entry, False, "43rd Division, XXX Corps"),
        Reinforcement(1, "german", ["G-9SS-1", "G-9SS-2", "G-SSRecon"], area("E"), False, "II SS Panzer Korps"),
        Reinforcement(1, "german", ["G-10SS-1", "G-10SS-2"], area("E"), False, "II SS Panzer Korps"),
        Reinforcement(2, "german", ["G-59-1", "G-59-2", "G-59-3"], area("P"), False, "15th Army, via Best"),
        Reinforcement(2, "german", ["G-FJ2"], area("D"), False, "from the Reichswald"),
        Reinforcement(3, "german", ["G-107Pz-1", "G-107Pz-2"], area("C"), False, "from Venlo"),
    ]
    dates = [f"{d} Sep" for d in range(17, 26)]
    sc.turns = [TurnInfo(i + 1, label=dates[i]) for i in range(9)]
    road = sorted(m.label(h) for h in m.regions[HELLS_HIGHWAY].hexes)
    sc.victory = [
        VictoryCondition("occupy", "allied", hexes=["1504"], count=1,
                         description="an Allied unit in Arnhem (1504) at the end of turn 9"),
        VictoryCondition("clear", "allied", hexes=road,
                         description="no German unit on any of the 15 hexes of Hell's Highway at the end of turn 9"),
        VictoryCondition("default", "german", description="otherwise the Germans win"),
    ]
    sc.tables = {"combat_ratio": combat_ratio_table()}
    return sc


def main(out_dir: Path = OUT_DIR) -> Path:
    sc = build_scenario()
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / SCENARIO_FILE
    save_scenario(sc, path)
    return path


if __name__ == "__main__":
    print(main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT_DIR))
