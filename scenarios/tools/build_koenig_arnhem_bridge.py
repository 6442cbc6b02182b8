"""Build the "Arnhem Bridge" scenario of Paul Koenig's Market-Garden (002_fe1216aa5df94854.txt) with the
engine API and save it under scenarios/koenig-arnhem-bridge/.

The rulebook gives the rules, the reinforcement schedule, the entry hexes, both ends of the bridge
(1005 and 1105), the Recon/9th entry hex (0104), the turn track facts (night turns 3 and 7) and the
Victory Point schedule. It gives neither the map nor the units' printed values: the map here is an
approximation of Arnhem around the road bridge in the source's hex numbering, and every unit value,
set-up hex and movement cost the source does not print is marked "reconstructed" in the unit notes, the
map notes and the scenario description.

Run: .venv/bin/python scenarios/tools/build_koenig_arnhem_bridge.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from hexwright.engine.formats import save_scenario
from hexwright.engine.hexgrid import LabelScheme, hex_line, hexside_between, hexside_of
from hexwright.engine.model import GridSpec, HexMap, HexsideInfo, Place, Region
from hexwright.engine.model.counters import MarkerDef, UnitDef
from hexwright.engine.model.scenario import (
    Entry,
    Reinforcement,
    Scenario,
    Side,
    Table,
    TurnInfo,
    VictoryCondition,
)
from hexwright.engine.model.terrain import (
    BridgeType,
    HexsideFeatureType,
    PathType,
    TerrainTable,
    TerrainType,
)

SOURCE = "Paul Koenig's Market-Garden: Arnhem Bridge"  # what a designer reads: never a file name
OUT_DIR = Path(__file__).resolve().parents[1] / "koenig-arnhem-bridge"
SCENARIO_FILE = "arnhem-bridge.yaml"
MAP_FILE = "arnhem-bridge-map.yaml"
RECON = "G-Recon9"
COLUMNS, ROWS = 16, 10

# -- the map ---------------------------------------------------------------------------------------
OBJECTIVE_CITIES = ["1005", "1004", "0904"]
OBJECTIVE_TOWNS = ["1105", "1104", "0404"]
TERRAIN = {
    "city": ["1005", "1004", "0904", "0905", "1003"],
    "town": ["1105", "1104", "0404", "0405", "0804", "0805", "0903", "1103", "1208"],
    "woods": ["0201", "0202", "0301", "0302", "0501", "0601", "0502", "1201", "1301", "1302", "1402", "0303"],
    "rough": ["0603", "0807", "0908"],
    "hilltop": ["0305", "0703"],
}
ROADS = [  # waypoints; consecutive waypoints are joined along a hex line
    ["0101", "0801", "1004"],  # Amsterdamseweg
    ["0102", "0404", "0904", "1005"],  # Utrechtseweg through Oosterbeek
    ["0104", "0404"],  # the Recon/9th entry road (Koenig Arnhem Bridge exclusive 8.5)
    ["0105", "0805", "1005"],  # the lower road along the river
    ["1601", "1203", "1104", "1004"],  # the Velp road
    ["1602", "1203"],
    ["1604", "1104"],
    ["1607", "1206", "1105"],  # from the east, south of the river
    ["1005", "1105"],  # Arnhem Bridge
    ["1105", "1110"],  # the Nijmegen road to the bottom edge
    ["1105", "0808", "0610"],  # the Driel road to the bottom edge
]
EDGE_ROADS = {"0101": "left", "0102": "left", "0104": "left", "0105": "left", "1601": "right", "1602": "right",
              "1604": "right", "1607": "right", "1110": "bottom", "0610": "bottom"}
STREAMS = [("0501", "0401"), ("0502", "0402"), ("0503", "0403"), ("1207", "1307"), ("1208", "1308")]
HILL_SLOPES = ["0305", "0703"]  # every side of these hilltops but a river side is a slope


def river_south(col: int, row: int) -> bool:
    """True for hexes south of the Lower Rhine (0-based column and row): the river bends so that the
    bridge hexside lies between 1005 (north end) and 1105 (south end)."""
    return row >= (5 if col <= 9 else 4)


def terrain_table() -> TerrainTable:
    """The Terrain Effects Chart: movement costs (Koenig 8.1; hilltop 3 MP, slope +1 MP and road 1 MP
    come from the 8.1 example and 8.1.2, the other costs are reconstructed) and the 9.1 Attack Factor
    modifiers as combat data (printed in 9.1)."""
    t = TerrainTable(name="Koenig Market-Garden TEC", movement_classes=["ground"])
    # colours and textures in the style of the F&M corridor map (woods drawn as trees, towns and cities
    # as building blocks, rough ground as hachures), so both shipped maps print alike
    for code, name, color, pattern, cost, af in (
        ("clear", "Clear", "#e6dfb8", None, 1, 1),
        ("woods", "Woods", "#86a862", "woods", 2, -1),
        ("town", "Town", "#ddd0b8", "town", 1, -1),
        ("city", "City", "#c9b9a6", "city", 2, -2),
        ("rough", "Rough", "#b49a74", "rough", 2, -2),
        ("hilltop", "Hilltop", "#cdb67a", "broken", 3, -3),
    ):
        combat = {"af": af, "hilltop": True} if code == "hilltop" else {"af": af}
        t.terrain[code] = TerrainType(code, name, color, pattern, move={"ground": cost}, combat=combat)
    t.hexside_features["river"] = HexsideFeatureType(
        "river", "River", "#3d7fcf", 0.16, {"ground": None}, combat={"fire": "prohibited"})
    t.hexside_features["stream"] = HexsideFeatureType(
        "stream", "Stream", "#5a98d8", 0.07, {"ground": 1}, combat={"af_all_across": -1})
    t.hexside_features["slope"] = HexsideFeatureType(
        "slope", "Slope", "#8a6a3a", 0.06, {"ground": 1}, combat={"af_all_across": -1, "hilltop_exempt": True})
    t.bridges["road_bridge"] = BridgeType("road_bridge", "Arnhem Bridge", "#505050", {"ground": 0},
                                          combat={"fire": "full_fire_half"})
    t.paths["road"] = PathType("road", "Road", "#c0392b", 0.09, False, {"ground": 1})
    return t


def build_map() -> HexMap:
    grid = GridSpec(columns=COLUMNS, rows=ROWS, orientation="flat", stagger="even", labels=LabelScheme("xxyy"))
    m = HexMap(grid, terrain_table(), "clear", name="Arnhem Bridge (approximation)")
    m.notes = (
        "An approximation of Arnhem around the road bridge in the hex numbering of Paul Koenig's Market-Garden: "
        "Arnhem Bridge. The printed map is not in the source: only the bridge ends 1005 and 1105, the "
        "Recon/9th entry road at 0104, the four western roads north of the Lower Rhine, the four eastern roads and "
        "the bottom-edge exit roads are. Terrain placement is reconstructed. Movement costs other than hilltop "
        "3 MP, slope +1 MP and road 1 MP (Koenig 8.1, 8.1.2) are reconstructed; the Attack Factor modifiers are "
        "those of Koenig 9.1. The objective city and town hexes (exclusive 12.0) are the regions of kind objective, "
        "marked with a red star."
    )
    m.edges = {"west": "left", "east": "right", "north": "top", "south": "bottom"}
    at = m.hex_at
    m.set_terrain({at(lab): code for code, labs in TERRAIN.items() for lab in labs})
    off = grid.offset
    # the Lower Rhine: every hexside between a north-bank and a south-bank hex
    sides: dict = {}
    for h in m.hexes:
        c, r = off.from_hex(h)
        for n in m.neighbors_on_map(h):
            nc, nr = off.from_hex(n)
            if not river_south(c, r) and river_south(nc, nr):
                sides[hexside_between(h, n)] = HexsideInfo(features=("river",))
    m.set_hexsides(sides)
    bridge = hexside_between(at("1005"), at("1105"))
    assert bridge in m.hexsides, "the bridge must cross the river between 1005 and 1105"
    m.set_hexsides({bridge: HexsideInfo(features=("river",), bridge="road_bridge")})
    for a, b in STREAMS:
        m.set_hexsides({hexside_between(at(a), at(b)): HexsideInfo(features=("stream",))})
    for lab in HILL_SLOPES:
        h = at(lab)
        for n in m.neighbors_on_map(h):
            s = hexside_between(h, n)
            if s not in m.hexsides:
                m.set_hexsides({s: HexsideInfo(features=("slope",))})
    for waypoints in ROADS:
        hexes = [at(w) for w in waypoints]
        for a, b in zip(hexes, hexes[1:], strict=False):
            line = hex_line(a, b)
            for x, y in zip(line, line[1:], strict=False):
                m.link_path(x, y, "road")
    # roads leave the map at the entry and exit hexes
    outward = {"left": (3, 4), "right": (0, 1), "bottom": (5,)}
    for lab, side in EDGE_ROADS.items():
        h = at(lab)
        for d in outward[side]:
            s = hexside_of(h, d)
            if not m.contains(s.other if s.hex == h else s.hex):
                m.link_path(h, s.other if s.hex == h else s.hex, "road")
                break
    m.set_region(Region("objective_cities", "objective", {at(x) for x in OBJECTIVE_CITIES}, color="#d02020",
                        label="Objective City (2 VP)"))
    m.set_region(Region("objective_towns", "objective", {at(x) for x in OBJECTIVE_TOWNS}, color="#d02020",
                        label="Objective Town (1 VP)"))
    m.set_places([Place("Arnhem", at("0904"), "city"), Place("Oosterbeek", at("0404"), "town"),
                  Place("Arnhem Bridge", at("1005"), "label", 0.8, 0.5, 0.6),
                  Place("Lower Rhine", at("0506"), "river"), Place("Velp", at("1503"), "town"),
                  Place("to Nijmegen", at("1110"), "label", 0.7)])
    return m


# -- order of battle ---------------------------------------------------------------------------------
RECONSTRUCTED = "reconstructed: the source does not print this unit's values"


def unit(uid: str, name: str, side: str, formation: str, utype: str, size: str, strength: int, ma: int,
         flags: tuple[str, ...] = (), note: str = "") -> UnitDef:
    nat = "british" if side == "allied" else "german"
    notes = f"strength {strength}, movement {ma}: {RECONSTRUCTED}" + (f"; {note}" if note else "")
    return UnitDef(uid, name, side, nat, formation, utype, size, {"strength": strength, "movement": ma},
                   None, 3, flags, notes=notes)


def order_of_battle() -> list[UnitDef]:
    return [
        # British 1st Airborne Division, first lift (enter on Game Turn 1, exclusive 8.5)
        unit("B-1Para", "1st Parachute Bn", "allied", "1PB", "parachute", "battalion", 3, 6),
        unit("B-2Para", "2nd Parachute Bn", "allied", "1PB", "parachute", "battalion", 3, 6),
        unit("B-3Para", "3rd Parachute Bn", "allied", "1PB", "parachute", "battalion", 3, 6),
        unit("B-1PBHvy", "1st Para Bde Heavy Weapons (Hvy)", "allied", "1PB", "heavy_weapons", "company", 2, 4),
        unit("B-Recce", "1st Airlanding Recce Sqn", "allied", "1PB", "recon", "company", 2, 10, ("recon",)),
        # the remaining eight units (Game Turn 6, with the Paratroop Landing Table)
        unit("B-10Para", "10th Parachute Bn", "allied", "4PB", "parachute", "battalion", 3, 6),
        unit("B-11Para", "11th Parachute Bn", "allied", "4PB", "parachute", "battalion", 3, 6),
        unit("B-156Para", "156th Parachute Bn", "allied", "4PB", "parachute", "battalion", 3, 6),
        unit("B-4PBHvy", "4th Para Bde Heavy Weapons (Hvy)", "allied", "4PB", "heavy_weapons", "company", 2, 4),
        unit("B-1Border", "1st Bn Border Regiment", "allied", "1AL", "glider", "battalion", 3, 5),
        unit("B-7KOSB", "7th Bn King's Own Scottish Borderers", "allied", "1AL", "glider", "battalion", 3, 5),
        unit("B-2SStaffs", "2nd Bn South Staffordshire Regiment", "allied", "1AL", "glider", "battalion", 3, 5),
        unit("B-1ALHvy", "1st Airlanding Anti-Tank Bty (Hvy)", "allied", "1AL", "heavy_weapons", "company", 2, 4),
        # German
        unit("G-16", "16th SS Training Bn (Krafft)", "german", "", "infantry", "battalion", 3, 5, ("independent",),
             "independent: activates with any German HQ once per turn (exclusive 7.0); set-up hex reconstructed"),
        unit(RECON, "Recon/9th SS (Graebner)", "german", "Recon/9", "armored_recon", "battalion", 4, 10, ("recon",),
             "must exit off the bottom map edge (exclusive 12.0)"),
        unit("G-19/9-1", "19/9th SS I", "german", "19/9", "infantry", "battalion", 3, 5),
        unit("G-19/9-2", "19/9th SS II", "german", "19/9", "infantry", "battalion", 3, 5),
        unit("G-19/9-Hvy", "19/9th SS Heavy Weapons (Hvy)", "german", "19/9", "heavy_weapons", "company", 2, 4),
        unit("G-21/10-1", "21/10th SS I", "german", "21/10", "mechanized", "battalion", 3, 8),
        unit("G-21/10-2", "21/10th SS II", "german", "21/10", "mechanized", "battalion", 3, 8),
        unit("G-21/10-Hvy", "21/10th SS Heavy Weapons (Hvy)", "german", "21/10", "heavy_weapons", "company", 2, 6),
        unit("G-10/9-Pz", "10/9th SS Panzer", "german", "10/9", "armor", "battalion", 5, 8),
        unit("G-10/9-PzG", "10/9th SS Armored Infantry", "german", "10/9", "mechanized", "battalion", 3, 8),
        unit("G-10/9-AT", "10/9th SS Anti-Tank", "german", "10/9", "anti_tank", "company", 3, 5),
    ]


HQS = [  # the Command Cup's HQ counters (Koenig 3.0, 7.0)
    ("HQ-1PB", "allied", "1PB", "1st Parachute Brigade HQ"),
    ("HQ-4PB", "allied", "4PB", "4th Parachute Brigade HQ"),
    ("HQ-1AL", "allied", "1AL", "1st Airlanding Brigade HQ"),
    ("HQ-Recon/9", "german", "Recon/9", "Recon/9th SS HQ (reconstructed: the source names no HQ for it)"),
    ("HQ-19/9", "german", "19/9", "19/9th SS HQ"),
    ("HQ-21/10", "german", "21/10", "21/10th SS HQ"),
    ("HQ-10/9", "german", "10/9", "10/9th SS HQ"),
]


def die_table(name: str, title: str, columns: list[str], rows: dict[str, list], source: str) -> Table:
    return Table(name, columns, rows, title, False, source)


def build_scenario() -> Scenario:
    m = build_map()
    sc = Scenario("Arnhem Bridge", "koenig", m, MAP_FILE)
    sc.source = SOURCE
    sc.stacking_limit = 2
    sc.first_player = "allied"
    sc.sides = [Side("allied", "Allied", "#c8b070", ["british"]), Side("german", "German", "#404040", ["german"])]
    sc.description = (
        "Paul Koenig's Market-Garden: Arnhem Bridge, 17-19 September 1944 (Standard Rules, Arnhem Bridge "
        "Exclusive Rules and Optional Rules 14.x). The reinforcement schedule, entry roads, night "
        "turns 3 and 7, the Paratroop Landing, Support and Victory Point tables are the source's. RECONSTRUCTED "
        "(the source prints neither the map nor the counters): the map is an approximation of Arnhem around "
        "the road bridge in the source's hex numbering; every unit's combat strength and movement allowance, "
        "the split of the eight Game Turn 6 units into formations, the 16th battalion's set-up hex, the HQ of "
        "the Recon/9th and the movement costs of clear, woods, town, city, rough and stream are designer "
        "choices, marked in the unit notes and the map notes. Optional rules 14.1, 14.2, 14.3 and 14.5 are "
        "off by default and switch on per game through the options."
    )
    for u in order_of_battle():
        sc.units[u.id] = u
    for mid, side, formation, label in HQS:
        sc.markers[mid] = MarkerDef(mid, "hq", side, label, None, {"formation": formation})
    sc.placements = {"G-16": "0602"}
    west = Entry(edge_range=("0101", "0105"),
                 description="any of the four roads on the west (left) side north of the Lower Rhine (exclusive 8.5)")
    east = Entry(edge_range=("1601", "1610"),
                 description="any of the four roads on the east (right) side (exclusive 8.5)")
    sc.reinforcements = [
        Reinforcement(1, "allied", ["B-1Para", "B-2Para", "B-3Para", "B-1PBHvy", "B-Recce"], west, False,
                      "starting units: no Paratroop Landing roll, they had the element of surprise (exclusive 8.5)"),
        Reinforcement(2, "german", [RECON], Entry(hex="0104", description="the road at hex 0104 (exclusive 8.5)"),
                      False, "the Recon/9th; wants to exit off the bottom map edge (exclusive 12.0)"),
        Reinforcement(3, "german", ["G-19/9-1", "G-19/9-2", "G-19/9-Hvy", "G-21/10-1", "G-21/10-2", "G-21/10-Hvy"],
                      east, False, "night turn: Movement Allowance halved (exclusive 8.5)"),
        Reinforcement(6, "allied", ["B-10Para", "B-11Para", "B-156Para", "B-4PBHvy", "B-1Border", "B-7KOSB",
                                    "B-2SStaffs", "B-1ALHvy"], west, True,
                      "the remaining eight units of the 1st Airborne Division; Paratroop Landing Table "
                      "(exclusive 4.0)"),
        Reinforcement(7, "german", ["G-10/9-Pz", "G-10/9-PzG", "G-10/9-AT"], east, False,
                      "night turn: Movement Allowance halved (exclusive 8.5)"),
    ]
    labels = ["17 Sep afternoon", "17 Sep evening", "17-18 Sep night", "18 Sep morning", "18 Sep midday",
              "18 Sep afternoon", "18-19 Sep night", "19 Sep morning", "19 Sep midday", "19 Sep afternoon"]
    sc.turns = [TurnInfo(i + 1, night=(i + 1) in (3, 7), label=labels[i]) for i in range(10)]
    vp = "exclusive 12.0"
    sc.victory = []
    for side in ("allied", "german"):
        sc.victory += [
            VictoryCondition("vp", side, hexes=list(OBJECTIVE_CITIES), points={"occupied_hex": 2},
                             description=f"2 VPs for each Objective City hex occupied by a friendly unit ({vp})"),
            VictoryCondition("vp", side, hexes=list(OBJECTIVE_TOWNS), points={"occupied_hex": 1},
                             description=f"1 VP for each Objective Town hex occupied by a friendly unit ({vp})"),
            VictoryCondition("vp", side, hexes=["1005", "1105"], points={"occupied_all": 5},
                             description=f"5 VP for occupying both sides of Arnhem Bridge, 1005 and 1105 ({vp})"),
            VictoryCondition("eliminate", side, points={"eliminated_enemy_unit": 1},
                             description=f"1 VP for each eliminated enemy unit ({vp})"),
        ]
    sc.victory += [
        VictoryCondition("vp", "german", points={"unit_on_map": 1},
                         description=f"1 VP for each German unit on the map at the end, regardless of Hits ({vp})"),
        VictoryCondition("vp", "allied", units={"undamaged": True}, points={"unit_on_map": 1},
                         description=f"1 VP for each Allied unit on the map at the end with no Hits ({vp})"),
        VictoryCondition("exit", "allied", units={"ids": [RECON]}, points={"not_exited": 10},
                         description="10 VP if the German Player fails to exit the Recon/9th off the bottom map edge "
                         f"(not by Retreat) before the end of the game ({vp})"),
    ]
    sc.tables = {
        "paratroop_landing": die_table(
            "paratroop_landing", "Paratroop Landing Table", ["hits", "arrives"],
            {"1": [0, "yes"], "2": [0, "yes"], "3": [1, "yes"], "4": [1, "yes"], "5": [2, "yes"], "6": [0, "no"]},
            "Koenig 5.0 and Arnhem Bridge exclusive 4.0"),
        "artillery_points": die_table(
            "artillery_points", "German Artillery Points", ["points"],
            {"1": [1], "2": [1], "3": [2], "4": [2], "5": [3], "6": [3]}, "Koenig 6.1"),
        "allied_support_points": die_table(
            "allied_support_points", "Allied Support Points", ["points"],
            {"1": [1], "2": [1], "3": [2], "4": [2], "5": [3], "6": [3]}, "Koenig 6.2"),
        "support_per_battle": die_table(
            "support_per_battle", "Support points per battle and side", ["points"],
            {"german": [1], "allied": [2]}, "Koenig 9.0 Offensive Support step"),
    }
    sc.tables["paratroop_landing"].notes = "A 6: the unit never arrives and does not count towards Victory Points."
    sc.options = {"leadership": False, "interdiction": False, "indirect_fire": False, "overruns": False}
    return sc


def main(out_dir: Path = OUT_DIR) -> Path:
    sc = build_scenario()
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / SCENARIO_FILE
    save_scenario(sc, path)
    return path


if __name__ == "__main__":
    print(main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT_DIR))
