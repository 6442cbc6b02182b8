"""Build the shipped "Arnhem: The Farthest Bridge" files (F&M, 000_e5c3deafb2cea4af.txt) with the
engine's own API: the map of the Eindhoven-Arnhem corridor, Scenario 1 (11.0, historical) and
Scenario 2 (12.0, free deployment).

The printed map is not in the rule source, so the map is an approximation of the real geography
drawn in the printed numbering, placed so that every hex and hexside the rulebook names is where
its rules need it (see NOTES below). Run from the repository root:

    .venv/bin/python scenarios/tools/build_fm_arnhem.py [OUT_DIR]

The output is deterministic: the same script writes the same bytes.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from hexwright.engine.formats import save_map, save_scenario
from hexwright.engine.hexgrid import Hex, LabelScheme, hex_distance, hex_line, hexside_between, hexside_of
from hexwright.engine.model import (
    BridgeType,
    Entry,
    GridSpec,
    HexMap,
    HexsideFeatureType,
    HexsideInfo,
    MarkerDef,
    PathType,
    Place,
    Region,
    Reinforcement,
    Scenario,
    SetupZone,
    Side,
    SupportMarker,
    TerrainTable,
    TerrainType,
    TurnInfo,
    UnitDef,
    VictoryCondition,
    ZoneRule,
)
from hexwright.engine.validation.checks import zone_rule_holds

SOURCE = "Arnhem: The Farthest Bridge (Fire & Movement)"  # what a designer reads: never a file name
OUT_DIR = Path(__file__).resolve().parent.parent / "fm-arnhem"
MAP_FILE = "arnhem-corridor.map.yaml"
COLUMNS, ROWS = 39, 26

MAP_NOTES = """\
The Eindhoven-Arnhem corridor for "Arnhem: The Farthest Bridge" (Fire & Movement).

This map is an APPROXIMATION drawn for Hexwright. The printed map is not part of the rule source;
the real geography (Eindhoven, Son, Veghel, Grave, Nijmegen, Arnhem, the Maas, Waal and Neder Rijn,
the canals) is laid into the printed numbering so that every hex and hexside the rulebook names is
where its rules need it. Terrain away from those hexes is a reading of the real ground, not a copy.

Orientation. Column 01 is the SOUTH map edge and column 39 the NORTH edge; row 01 is the WEST edge
and row 26 the EAST edge. Evidence in the rules: the Allied ground reinforcements enter 'between
0103 and 0106' (11.3) and the south map edge road hex is their way in (10.6.6, 10.7.2 c); the
errata of 10.6 say hexes '1104 and 1105' on the south map edge should read 0104 and 0105; German
reinforcements enter at 3907-3916 (von Tettau, from the north-west of Arnhem), at 0701-0901
(59th Division, from the west) and at 0726, 3925 and 3326 (Panzer Brigade 107 and the SS, from
the east) (11.2). Arnhem (3423, 3523, 3524, 11.5) then lies at the north-east, Nijmegen (BrDf
at 2621) half way, Eindhoven by the south edge: the corridor as it was.

Stagger: the even-numbered columns sit half a hex lower (stagger 'odd' counting columns from 0).
With it, every hexside the rulebook names joins two adjacent hexes: 0507/0606, 0508/0608 and
0710/0711 (10.6.1), 1422/1423 and 3325/3424 (10.6.3), 2412/2413 (10.6.2).

Water. Rivers and canals may not be crossed except by bridges or ferries (10.6, 10.6.2).
- Wilhelmina canal: along columns 05/06 past Best and Son, then east along columns 07/08 (the
  trail crossings 0507/0606, 0508/0608 and 0710/0711 of 10.6.1 lie on it). Bridges at Best
  (0505/0605) and Son (0509/0609).
- Zuid-Willemsvaart: from the Wilhelmina canal north to Veghel (bridge 1312/1313) and north-west to
  the west edge towards 's-Hertogenbosch.
- Maas: from the west edge along columns 24/25, a bend at Ravenstein (the railroad bridge 2412/2413
  between marsh hexes with no road or trail, 10.6.2), east along columns 20/21 past Grave (highway
  bridge 2018/2118), then south-east along rows 22/23 and out by the east edge. The bridge at
  1422/1423 crosses it; 10.6.3 makes it a canal bridge for demolition and repair.
- Maas-Waal canal: along rows 19/20 from the Maas to the Waal; canal bridge at Heumen (2219/2220).
- Waal: along columns 26/27; highway bridge at Nijmegen (2621/2721), railroad bridge 2620/2720.
- Neder Rijn: along columns 33/34; the Arnhem road bridge 3325/3424 (a canal bridge for demolition
  and repair, 10.6.3), the Oosterbeek railroad bridge 3321/3421 and the Driel ferry 3320/3420.
- The trail crossings of 10.6.1 carry canal + ferry: 'a unit ... expends the MP as if a ferry
  exists'. The F&M rules then let the unit use the trail rate into the far hex (10.6.1 exception).

Costs (Arnhem Terrain Effects Chart): Mixed 2/2, Woods 2/3, Broken 3/3, Rough 4/5, Marsh 4/(a),
City 1/1, Town 1/1, Road 1/2, Trail 1. Marsh (a): mobile units enter and leave only along a road or
trail (10.5). The chart leaves the Trail's mobile column blank; 10.6.1 shows a mobile unit paying
one MP for the trail after a ferry crossing (five MP in all, four of them the ferry), so mobile
units use trails at 1 MP. The ferry costs leg 3, mobile 4: the arithmetic of the 10.6.1 example
(leg 3 + 1 = 4, mobile 4 + 1 = 5); the chart in the source has no ferry line.
Combat: each terrain names its CRT row (crt_row, a line of the F&M CRT: City/Rough/River, Woods,
Bridge; Mixed, Broken, Town and Marsh have no printed line and follow the reconstructed `crt_lines`
table of the F&M rules: Clear, Woods) and its Airborne Drop Table row (drop_row, 11.4). Marsh is not
on the Airborne Drop Table; it is read as Broken here (assumed).

Regions: germany (east edge, where 2/406 and 1/406 set up, 12.0), nijmegen, north_of_neder_rijn,
north_of_waal and south_of_maas (Scenario 2 set-up areas, 12.0); the river regions are the banks
as the water hexsides divide them.
"""

# -- the terrain table (Arnhem Terrain Effects Chart, end of 000) ------------------------------------
# The CRT line each terrain uses (F&M 8.2.2, 10.6), by the line names of the F&M CRT: the system CRT
# prints the Mountain, 'City, Rough, River' and Woods lines and 10.6 names a Bridge line. Mixed, Broken,
# Town and Marsh have no printed line; they follow the reconstructed `crt_lines` table of the F&M rules
# (hexwright.engine.rules.fm.tables): Mixed -> Clear; Broken, Town, Marsh -> Woods.
CRT_ROWS = {"mixed": "Clear", "woods": "Woods", "broken": "Woods", "rough": "City, Rough, River", "marsh": "Woods",
            "city": "City, Rough, River", "town": "Woods", "river": "City, Rough, River", "bridge": "Bridge"}


def terrain_table() -> TerrainTable:
    t = TerrainTable(name="Arnhem: The Farthest Bridge (TEC)", movement_classes=["leg", "mobile"])

    def terrain(code: str, name: str, color: str, pattern: str | None, leg, mobile, drop_row: str, **extra) -> None:
        combat = {"crt_row": CRT_ROWS[code], "drop_row": drop_row}
        combat.update(extra)
        t.terrain[code] = TerrainType(code, name, color, pattern, {"leg": leg, "mobile": mobile}, {}, combat)

    terrain("mixed", "Mixed", "#e4deb4", None, 2, 2, "Mixed")
    terrain("woods", "Woods", "#86a862", "woods", 2, 3, "Woods")
    terrain("broken", "Broken", "#cdbd8a", "broken", 3, 3, "Broken")
    terrain("rough", "Rough", "#b49a74", "rough", 4, 5, "Town or Rough")
    terrain("marsh", "Marsh", "#a9cdb9", "marsh", 4, None, "Broken",
            drop_row_note="marsh is not on the Airborne Drop Table (11.4); read as Broken (assumed)")
    terrain("city", "City", "#c9b9a6", "city", 1, 1, "City")
    terrain("town", "Town", "#ddd0b8", "town", 1, 1, "Town or Rough")
    # 10.5 / TEC note (a): mobile units enter and leave marsh only along a road or trail.
    t.terrain["marsh"].only_along = {"mobile": ["road", "trail"]}

    river_combat = {"crt_row": CRT_ROWS["river"]}
    t.hexside_features["river"] = HexsideFeatureType(
        "river", "River", "#3d7fcf", 0.16, {"leg": None, "mobile": None}, False, river_combat)
    t.hexside_features["canal"] = HexsideFeatureType(
        "canal", "Canal", "#3f86d6", 0.11, {"leg": None, "mobile": None}, False, dict(river_combat))
    # The source's TEC has no ferry line; the 10.6.1 example's arithmetic gives leg 3, mobile 4.
    t.hexside_features["ferry"] = HexsideFeatureType(
        "ferry", "Ferry", "#202020", 0.05, {"leg": 3, "mobile": 4}, True, {})
    bridge_combat = {"crt_row": CRT_ROWS["bridge"]}
    t.bridges["highway"] = BridgeType("highway", "Highway bridge", "#4a4a4a", {}, dict(bridge_combat, demolition=[1, 1],
                                                                                       repair=[4, 6]))
    t.bridges["railroad"] = BridgeType("railroad", "Railroad bridge", "#2a2a2a", {},
                                       dict(bridge_combat, demolition=[1, 2], repair=[5, 6]))
    t.bridges["canal"] = BridgeType("canal", "Canal bridge", "#5a5a5a", {}, dict(bridge_combat, demolition=[1, 3],
                                                                                 repair=[5, 6]))
    t.paths["road"] = PathType("road", "Road", "#c0392b", 0.09, False, {"leg": 0.5, "mobile": 0.5})
    # The TEC leaves the Trail's mobile column blank. 10.6.1's example has a mobile unit pay one MP for the
    # trail after a canal crossing (five MP in all, four of them the ferry), and 10.5 lets mobile units
    # into marsh along a trail: so mobile units use trails, at 1 MP like leg units.
    t.paths["trail"] = PathType("trail", "Trail", "#7a5230", 0.05, True, {"leg": 1, "mobile": 1})
    t.paths["railroad"] = PathType("railroad", "Railroad", "#262626", 0.045, False, {})
    return t


# -- geography in printed (column, row) numbers ------------------------------------------------------
def wilhelmina_south(c: int, r: int) -> bool:
    return (r <= 10 and c <= 5) or (r >= 11 and c <= 7)


def maas_south(c: int, r: int) -> bool:
    """The south/west bank of the Maas (the rest of the map lies north or east of it)."""
    return (r <= 12 and c <= 24) or (13 <= r <= 22 and c <= 20) or (r >= 23 and c <= 12)


def between_maas_and_waal(c: int, r: int) -> bool:
    return not maas_south(c, r) and c <= 26


def _zwv_boundary(c: int) -> int:
    """Zuid-Willemsvaart: hexes of column c with row <= this lie west of the canal."""
    return {8: 14, 9: 14, 10: 13, 11: 13, 12: 12, 13: 12, 14: 10, 15: 8, 16: 6, 17: 4, 18: 2}.get(c, 0)


def zwv_region(c: int, r: int) -> bool:
    return not wilhelmina_south(c, r) and maas_south(c, r) and 8 <= c <= 19


WATER: list[tuple[str, Callable[[int, int], object], Callable[[int, int], bool] | None]] = [
    # (feature, side function, the region the feature runs in: both hexes must be in it)
    ("canal", wilhelmina_south, None),
    ("river", maas_south, None),
    ("river", lambda c, r: c >= 27, None),  # Waal
    ("river", lambda c, r: c >= 34, None),  # Neder Rijn
    ("canal", lambda c, r: r >= 20, between_maas_and_waal),  # Maas-Waal canal
    ("canal", lambda c, r: r > _zwv_boundary(c), zwv_region),  # Zuid-Willemsvaart
]

CITIES = {"Eindhoven": ["0305", "0306", "0406"], "Nijmegen": ["2520", "2620", "2621"],
          "Arnhem": ["3423", "3523", "3524"]}
TOWNS = {"Best": "0605", "Son": "0609", "St Oedenrode": "0910", "Veghel": "1312", "Uden": "1614", "Grave": "2018",
         "Oss": "2210", "Mook": "2122", "Groesbeek": "2324", "Helmond": "0514", "Cuijk": "1921", "Elst": "3022",
         "Oosterbeek": "3521", "Wolfheze": "3619", "Ede": "3812", "Boxtel": "1004", "Valkenswaard": "0104",
         "Driel": "3320", "Gennep": "1724", "Zetten": "3116"}
TOWN_TERRAIN_EXCEPT = {"Valkenswaard"}  # the entry hex stays Mixed: a named place on the road only


def _rect(c0: int, c1: int, r0: int, r1: int) -> list[tuple[int, int]]:
    return [(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]


def _dither(c: int, r: int, salt: int) -> int:
    """A fixed pseudo-random number 0..99 per hex (deterministic; no random module)."""
    return ((c * 73856093) ^ (r * 19349663) ^ (salt * 83492791)) % 100


def base_terrain() -> dict[tuple[int, int], str]:
    t: dict[tuple[int, int], str] = {}

    def fill(cells: Iterable[tuple[int, int]], code: str, density: int = 100, salt: int = 0) -> None:
        for c, r in cells:
            if 1 <= c <= COLUMNS and 1 <= r <= ROWS and _dither(c, r, salt) < density:
                t[(c, r)] = code

    # woods: west of Best, the Zonsche forest by Son, the Peel fringe, Reichswald and Groesbeek
    # heights, the woods round Oosterbeek and Wolfheze, the Veluwe north of Arnhem
    fill(_rect(5, 8, 1, 4), "woods", 70, 1)
    fill(_rect(7, 9, 6, 9), "woods", 75, 2)
    fill(_rect(2, 4, 9, 12), "woods", 45, 3)
    fill(_rect(11, 12, 3, 7), "woods", 45, 4)
    fill(_rect(21, 26, 24, 26), "woods", 85, 5)
    fill(_rect(22, 24, 22, 23), "woods", 60, 6)
    fill(_rect(35, 37, 18, 22), "woods", 70, 7)
    fill(_rect(35, 39, 8, 17), "woods", 60, 8)
    fill(_rect(37, 39, 19, 26), "woods", 55, 9)
    # broken: the Peel heath and bog, the Maashorst by Uden, heath round Mill
    fill(_rect(2, 9, 17, 24), "broken", 55, 10)
    fill(_rect(15, 18, 15, 18), "broken", 60, 11)
    fill(_rect(17, 19, 18, 21), "broken", 40, 12)
    fill(_rect(13, 16, 1, 4), "broken", 35, 13)
    fill(_rect(9, 12, 15, 19), "woods", 45, 20)  # woods of the Peel's western edge, Gemert and Bakel
    fill(_rect(10, 13, 20, 23), "broken", 45, 21)
    fill(_rect(1, 3, 14, 18), "woods", 40, 22)  # woods round Geldrop and Heeze
    # rough: the steep ground of the Groesbeek heights and the Westerbouwing
    fill([(22, 24), (23, 22), (24, 24), (33, 18)], "rough")
    # marsh: the Peel bog, the polders along the Maas, between Maas and Waal and on the Betuwe
    fill(_rect(4, 7, 20, 23), "marsh", 60, 14)
    fill(_rect(21, 24, 1, 11), "marsh", 70, 15)
    fill(_rect(21, 26, 1, 17), "marsh", 55, 16)
    fill(_rect(18, 20, 1, 16), "marsh", 35, 17)
    fill(_rect(27, 33, 1, 26), "marsh", 55, 18)
    fill(_rect(28, 32, 5, 19), "marsh", 80, 19)
    for lab in ("2412", "2413", "2411", "2414", "2512", "2313"):  # both banks at the Ravenstein RR bridge
        t[(int(lab[:2]), int(lab[2:]))] = "marsh"
    for labs in CITIES.values():
        for lab in labs:
            t[(int(lab[:2]), int(lab[2:]))] = "city"
    for name, lab in TOWNS.items():
        if name not in TOWN_TERRAIN_EXCEPT:
            t[(int(lab[:2]), int(lab[2:]))] = "town"
    t[(34, 24)] = "town"  # Arnhem by the bridge
    # German set-up hexes of 11.0 and the drop zones stay open ground (mobile 9/9SS at 3322 included)
    for lab in ("2025", "2325", "3722", "3724", "3322", "0702", "3717", "1007", "2323"):
        t[(int(lab[:2]), int(lab[2:]))] = "mixed"
    t[(25, 25)] = "woods"
    return t


# Roads as chains of waypoints (printed labels); consecutive waypoints are joined by a hex line.
HELLS_HIGHWAY = ["0105", "0306", "0406", "0509", "0609", "0910", "1312", "1313", "1614", "2018", "2118", "2219",
                 "2220", "2521", "2621", "2721", "3022", "3325", "3424", "3423"]
ROADS = [
    HELLS_HIGHWAY,
    ["0306", "0305", "0405", "0505", "0605", "0704", "1004", "1201"],  # Eindhoven - Best - Boxtel
    ["0406", "0510", "0514", "0519", "0526"],  # Eindhoven - Helmond - east
    ["1312", "1408", "1601"],  # Veghel - 's-Hertogenbosch
    ["1614", "2210", "2303", "2301"],  # Uden - Oss - west
    ["1614", "1618", "1422", "1423", "1525"],  # Uden - the Maas bridge 1422/1423 - east
    ["2621", "2322", "2324", "2225", "2226"],  # Nijmegen - Groesbeek - Germany
    ["2621", "2624", "2626"],  # Nijmegen - Kleve road
    ["3022", "3026"],  # Elst - east
    ["3424", "3524", "3725", "3925"],  # Arnhem - Zutphen road (north-east)
    ["3523", "3521", "3619", "3812", "3909"],  # Arnhem - Oosterbeek - Wolfheze - Ede
    ["3523", "3923"],  # Arnhem - Apeldoorn
    ["3524", "3626"],  # Arnhem - Zevenaar (east)
    ["3326", "3125", "3022"],  # Pannerden - Bemmel - Elst (south of the Neder Rijn)
    ["0702", "0605"],  # Grsn's road to Best
    ["2122", "2220"],  # Mook - Heumen
    ["2018", "1921"],  # Grave - Cuijk
    ["1423", "1724", "2025", "2226"],  # the Maas bridge - Gennep - Germany
]
TRAILS = [
    ["0407", "0507"], ["0606", "0806"],  # 10.6.1: the trail ends at the canal 0507/0606
    ["0408", "0508"], ["0608", "0708"],  # 10.6.1: 0508/0608
    ["0709", "0710"], ["0711", "0713"],  # 10.6.1: 0710/0711
    ["1007", "1209", "1312"],  # the 101st's drop zone to Veghel
    ["2323", "2422"],
    ["3717", "3619"], ["3320", "3022"],  # Driel - Elst
    ["3420", "3521"],  # the Driel ferry landing to Oosterbeek
    ["2913", "3116", "3022"], ["2815", "2721"],
]
RAILROADS = [
    ["0101", "0305", "0503", "0603", "1004", "1401", "1501"],  # Eindhoven - Boxtel - 's-Hertogenbosch
    ["0306", "0513", "0526"],  # Eindhoven - Helmond
    ["1501", "1614", "2210", "2311", "2412", "2413", "2519", "2620", "2720", "3022", "3321", "3421",
     "3523"],  # Oss - Ravenstein - Nijmegen - Elst - Oosterbeek - Arnhem
    ["3523", "3926"],
]
BRIDGES = {  # hexside -> bridge type
    "0505/0605": "canal", "0509/0609": "canal", "1312/1313": "canal", "2219/2220": "canal",
    "1422/1423": "canal", "3325/3424": "canal",  # 10.6.3: canal bridges for demolition and repair
    "2018/2118": "highway", "2621/2721": "highway",
    "2412/2413": "railroad", "2620/2720": "railroad", "3321/3421": "railroad",
    "0503/0603": "railroad", "2519/2520": "railroad", "1508/1608": "railroad",
}
FERRIES = ["3320/3420",  # Driel - Heveadorp
           "0507/0606", "0508/0608", "0710/0711"]  # 10.6.1: crossed as if a ferry exists


def _hex(m: HexMap, label: str) -> Hex:
    h = m.hex_at(label)
    if h is None:
        raise ValueError(f"{label} is not on the map")
    return h


def _chain(m: HexMap, waypoints: list[str]) -> list[Hex]:
    hexes: list[Hex] = []
    for a, b in zip(waypoints, waypoints[1:], strict=False):
        seg = hex_line(_hex(m, a), _hex(m, b))
        hexes.extend(seg if not hexes else seg[1:])
    return hexes


def _side(m: HexMap, key: str):
    a, b = key.split("/")
    return hexside_between(_hex(m, a), _hex(m, b))


def build_map() -> HexMap:
    grid = GridSpec(COLUMNS, ROWS, "flat", "odd", LabelScheme("xxyy", 1, 1, 2), 32.0)
    m = HexMap(grid, terrain_table(), "mixed", name="Arnhem: The Farthest Bridge - the Eindhoven-Arnhem corridor")
    m.notes = MAP_NOTES
    m.edges = {"south": "left", "north": "right", "west": "top", "east": "bottom"}
    cr = {h: (int(m.label(h)[:2]), int(m.label(h)[2:])) for h in m.hexes}
    terrain = base_terrain()
    m.set_terrain({h: terrain.get(cr[h], "mixed") for h in m.hexes})

    sides: dict = {}

    def add(side, feature: str | None = None, bridge: str | None = None, path: str | None = None) -> None:
        info = sides.get(side) or HexsideInfo()
        feats = info.features + ((feature,) if feature and feature not in info.features else ())
        paths = tuple(sorted(set(info.paths) | ({path} if path else set())))
        sides[side] = HexsideInfo(feats, bridge or info.bridge, paths, None)

    for feature, bank, region in WATER:
        for h in m.hexes:
            for d in range(3):
                s = hexside_of(h, d)
                o = s.other
                if o not in cr:
                    continue
                (c1, r1), (c2, r2) = cr[h], cr[o]
                if region is not None and not (region(c1, r1) and region(c2, r2)):
                    continue
                if bool(bank(c1, r1)) != bool(bank(c2, r2)):
                    add(s, feature)
    for key in FERRIES:
        add(_side(m, key), "ferry")
    for key, kind in BRIDGES.items():
        add(_side(m, key), bridge=kind)
    for path, chains in (("road", ROADS), ("trail", TRAILS), ("railroad", RAILROADS)):
        for chain in chains:
            hexes = _chain(m, chain)
            for a, b in zip(hexes, hexes[1:], strict=False):
                add(hexside_between(a, b), path=path)
    # Hell's Highway leaves the map by the south edge at 0105 (the entry road of 11.3).
    add(hexside_of(_hex(m, "0105"), 4), path="road")
    # A road over water needs a bridge and the 10.6.1 trails stop at the canal: check, never guess.
    problems: list[str] = []
    for s, info in sides.items():
        water = [f for f in info.features if f in ("river", "canal")]
        if water and info.paths and not info.bridge:
            problems.append(f"{m.hexside_label(s)}: {', '.join(info.paths)} crosses {water[0]} without a bridge")
        if info.bridge and not water:
            problems.append(f"{m.hexside_label(s)}: a bridge over no water")
    if problems:
        raise ValueError("the map is inconsistent:\n  " + "\n  ".join(problems))
    m.set_hexsides(sides)

    def region(name: str, kind: str, color: str, label: str, test: Callable[[int, int], bool]) -> None:
        m.set_region(Region(name, kind, {h for h in m.hexes if test(*cr[h])}, [], [], color, label))

    germany = set(_rect(17, 31, 25, 26)) | set(_rect(22, 28, 24, 24))
    region("germany", "zone", "#7a4a4a", "Germany", lambda c, r: (c, r) in germany)
    nijmegen = {(int(x[:2]), int(x[2:])) for x in CITIES["Nijmegen"]}
    region("nijmegen", "setup_zone", "#8a5a2a", "Nijmegen", lambda c, r: (c, r) in nijmegen)
    region("north_of_neder_rijn", "setup_zone", "#4a6a8a", "North of the Neder Rijn", lambda c, r: c >= 34)
    region("north_of_waal", "setup_zone", "#4a7a6a", "North of the Waal", lambda c, r: c >= 27)
    region("south_of_maas", "setup_zone", "#6a6a3a", "South of the Maas", maas_south)

    places = [Place(name, _hex(m, labs[1]), "city", 1.3) for name, labs in CITIES.items()]
    places += [Place(name, _hex(m, lab), "town", 1.0, 0.55 if name == "Valkenswaard" else 0.0)
               for name, lab in TOWNS.items()]
    places += [
        Place("Hell's Highway", _hex(m, "1011"), "label", 1.1, 0.0, 0.6),
        Place("Maas", _hex(m, "2015"), "river", 1.2, 0.75, 0.0),
        Place("Maas", _hex(m, "1623"), "river", 1.2, 0.0, 0.5),
        Place("Waal", _hex(m, "2608"), "river", 1.2, 0.75, 0.0),
        Place("Neder Rijn", _hex(m, "3310"), "river", 1.2, 0.75, 0.0),
        Place("Wilhelmina Kanaal", _hex(m, "0516"), "river", 0.9, 0.0, 0.0),
        Place("Zuid-Willemsvaart", _hex(m, "1209"), "river", 0.9, 0.0, 0.0),
        Place("Maas-Waal Kanaal", _hex(m, "2319"), "river", 0.8, 0.0, 0.5),
        Place("GERMANY", _hex(m, "2726"), "region", 1.3),
        Place("Reichswald", _hex(m, "2325"), "label", 0.9, 0.0, 0.35),
        Place("De Peel", _hex(m, "0621"), "region", 1.1),
        Place("Betuwe", _hex(m, "3010"), "region", 1.1),
        Place("Veluwe", _hex(m, "3713"), "region", 1.1),
    ]
    m.set_places(places)
    m.revision = 0
    return m


# -- the order of battle ---------------------------------------------------------------------------
def _unit(uid: str, side: str, nat: str, a: int, d: int, ma: int, *, name: str = "", formation: str = "",
          utype: str = "infantry", size: str = "battalion", flags: tuple[str, ...] = (), notes: str = "",
          reduced: dict | None = None) -> UnitDef:
    move_class = "mobile" if ma >= 10 else "leg"  # 10.2: the MA 10/12 composite units are the mobile ones
    return UnitDef(uid, name or uid, side, nat, formation, utype, size, {"attack": a, "defense": d, "movement": ma},
                   reduced, 2 if reduced else 1, (move_class,) + flags, "", "", notes)


AIRBORNE_REDUCED_NOTE = ("reduced side assumed 1-1-7: the source gives no reduced values, but 11.4 a) "
                         "('units depleted due to the above procedure ... may not move') shows airborne units "
                         "survive depletion, so they are two-step units")


def _airborne(uid: str, nat: str, formation: str, *, glider: bool = False, name: str = "", notes: str = "") -> UnitDef:
    flags = ("airborne", "glider") if glider else ("airborne",)
    text = AIRBORNE_REDUCED_NOTE + (f"; {notes}" if notes else "")
    return _unit(uid, "allied", nat, 2, 2, 7, name=name, formation=formation,
                 utype="glider" if glider else "parachute", flags=flags, notes=text,
                 reduced={"attack": 1, "defense": 1, "movement": 7})


def german_units() -> list[UnitDef]:
    g = "german"
    return [
        _unit("2/406", g, g, 2, 2, 7, name="2nd Bn, 406th Division", formation="406"),
        _unit("1/406", g, g, 2, 2, 7, name="1st Bn, 406th Division", formation="406"),
        _unit("BrDf", g, g, 2, 2, 7, name="Bridge Defense (Nijmegen)"),
        _unit("Krft", g, g, 3, 3, 7, name="SS Battalion Krafft", formation="SS"),
        _unit("2/9SS", g, g, 4, 4, 7, name="2/9th SS", formation="9SS"),
        _unit("9/9SS", g, g, 2, 2, 12, name="9th SS Reconnaissance", formation="9SS", utype="armored_recon"),
        _unit("Grsn", g, g, 2, 2, 7, name="Grenztruppen Garrison"),
        _unit("1/vT", g, g, 3, 3, 7, name="1/von Tettau", formation="vT"),
        _unit("2/vT", g, g, 3, 3, 7, name="2/von Tettau", formation="vT"),
        _unit("3/vT", g, g, 3, 3, 7, name="3/von Tettau", formation="vT"),
        _unit("1/59", g, g, 3, 3, 7, name="1/59th Division", formation="59"),
        _unit("2/59", g, g, 3, 3, 7, name="2/59th Division", formation="59"),
        _unit("1/9SS", g, g, 5, 5, 10, name="1/9th SS", formation="9SS", utype="mechanized"),
        _unit("3/9SS", g, g, 4, 4, 7, name="3/9th SS", formation="9SS"),
        _unit("10/10SS", g, g, 2, 2, 12, name="10th SS Reconnaissance", formation="10SS", utype="armored_recon"),
        _unit("1/107", g, g, 5, 3, 10, name="Panzer Brigade 107 (5-3-10)", formation="107", utype="mechanized",
              notes="printed '2107/107 (5-3-10)' in the garbled 11.2 table; id read as 1/107"),
        _unit("2/107", g, g, 4, 4, 10, name="Panzer Brigade 107 (4-4-10)", formation="107", utype="mechanized",
              notes="printed '2107/107 (4-4-10)' in the garbled 11.2 table; id read as 2/107"),
    ]


BRITISH_AB_NOTE = ("not given by the source: the 1st British Airborne rows of 11.3 are missing from the text; "
                   "the unit exists by the counter abbreviations of 10.3 (P, B, K, S) and the British drop zone "
                   "of 11.0; values assumed 2-2-7 like every airborne unit the source lists")


def allied_units() -> list[UnitDef]:
    units: list[UnitDef] = []
    for i in range(1, 10):
        units.append(_airborne(f"101-{i}", "us", "101", name=f"101st Div parachute infantry {i} of 9",
                               notes="11.3 gives '9x 2-2-7' without identifiers"))
    for i in range(1, 10):
        units.append(_airborne(f"82-{i}", "us", "82", name=f"82nd Div parachute infantry {i} of 9",
                               notes="11.3 gives '9x 2-2-7' without identifiers"))
    for uid in ("1/Pol", "2/Pol", "3/Pol"):
        units.append(_airborne(uid, "polish", "Pol", name=f"{uid[0]}/Polish Parachute Brigade"))
    for uid, name, glider in (("1P", "1st Parachute Bn", False), ("2P", "2nd Parachute Bn", False),
                              ("3P", "3rd Parachute Bn", False), ("B", "1st Border", True),
                              ("K", "7th King's Own Scottish Borderers", True), ("S", "2nd South Staffordshire", True),
                              ("10P", "10th Parachute Bn", False), ("11P", "11th Parachute Bn", False),
                              ("156P", "156th Parachute Bn", False)):
        units.append(_airborne(uid, "british", "1AB", glider=glider, name=name, notes=BRITISH_AB_NOTE))
    b = "british"
    units += [
        _unit("2IG/Gds", "allied", b, 4, 3, 10, name="2nd Irish Guards", formation="Gds", utype="armor"),
        _unit("231/50", "allied", b, 3, 3, 7, name="231st Brigade, 50th Division", formation="50", size="brigade"),
        _unit("1GG/Gds", "allied", b, 3, 3, 7, name="1st Grenadier Guards", formation="Gds"),
        _unit("Various/XXX", "allied", b, 3, 3, 10, name="Various units, XXX Corps", formation="XXX",
              utype="mechanized"),
        _unit("1CG", "allied", b, 4, 3, 10, name="1st Coldstream Guards", formation="Gds", utype="armor"),
        _unit("2GG", "allied", b, 4, 3, 10, name="2nd Grenadier Guards", formation="Gds", utype="armor"),
        _unit("32/Gds", "allied", b, 5, 5, 7, name="32nd Guards Brigade", formation="Gds", size="brigade"),
        _unit("130/43", "allied", b, 5, 5, 7, name="130th Brigade, 43rd Division", formation="43", size="brigade"),
        _unit("129/43", "allied", b, 5, 5, 7, name="129th Brigade, 43rd Division", formation="43", size="brigade"),
        _unit("214/43", "allied", b, 5, 5, 7, name="214th Brigade, 43rd Division", formation="43", size="brigade"),
        _unit("2WG/Gds", "allied", b, 4, 3, 10, name="2nd Welsh Guards", formation="Gds", utype="armor"),
        _unit("RE/XXX", "allied", b, 1, 1, 7, name="Royal Engineers, XXX Corps", formation="XXX", utype="engineer",
              flags=("engineer",),
              notes="not given by the source: 10.6.4-10.6.6 name 'the Allied engineer unit' but no table lists it; "
                    "values 1-1-7 and arrival on GT 1 with XXX Corps are assumed"),
    ]
    return units


GERMAN_SETUP = {"2/406": "2025", "1/406": "2325", "BrDf": "2621", "Krft": "3722", "2/9SS": "3724", "9/9SS": "3322",
                "Grsn": "0702"}
DROP_ZONES = [("dz-1ab", "1st British AB", "3717", "british"), ("dz-101", "101st US AB", "1007", "us"),
              ("dz-82", "82nd US AB", "2323", "us")]


def reinforcements() -> list[Reinforcement]:
    south = Entry(edge_range=("0103", "0106"), description="between 0103 and 0106 (11.3)")

    def edge(a: str, b: str) -> Entry:
        return Entry(edge_range=(a, b), description=f"{a} to {b} (11.2)")

    def dz(marker: str, what: str) -> Entry:
        return Entry(marker=marker, within=3, description=f"within 3 hexes of the {what} drop zone marker (11.3)")

    r = Reinforcement
    return [
        r(1, "german", ["1/vT", "2/vT"], edge("3907", "3916")),
        r(1, "german", ["1/59", "2/59"], edge("0701", "0901")),
        r(1, "german", ["1/9SS"], Entry(hex="3925")),
        r(1, "german", ["3/9SS"], Entry(hex="3925")),
        r(1, "german", ["10/10SS"], Entry(hex="3326"),
          note="also printed in the Allied table (11.3) under GT 1 in the United States block; "
               "a German unit, transcribed once, here"),
        r(2, "german", ["3/vT"], edge("3907", "3916")),
        r(2, "german", ["1/107"], Entry(hex="0726"),
          note="garbled: printed '2107/107 (5-3-10)'; read as a battalion of Panzer Brigade 107"),
        r(2, "german", ["2/107"], Entry(hex="0726"),
          note="garbled: printed '2107/107 (4-4-10)', the same id as the row above; read as a second battalion"),
        r(1, "allied", [f"101-{i}" for i in range(1, 10)], dz("dz-101", "101st"), True),
        r(1, "allied", [f"82-{i}" for i in range(1, 10)], dz("dz-82", "82nd"), True),
        r(1, "allied", ["1P", "2P", "3P", "B", "K", "S"], dz("dz-1ab", "1st AB"), True,
          note="not in the source: the 1st British Airborne rows are missing from 11.3; first lift assumed on GT 1"),
        r(3, "allied", ["10P", "11P", "156P"], dz("dz-1ab", "1st AB"), True,
          note="not in the source: the 1st British Airborne rows are missing from 11.3; second lift assumed on GT 3"),
        r(5, "allied", ["1/Pol", "2/Pol"], dz("dz-1ab", "1st AB"), True),
        r(7, "allied", ["3/Pol"], dz("dz-1ab", "1st AB"), True),
        r(1, "allied", ["2IG/Gds", "231/50", "1GG/Gds", "Various/XXX"], south,
          note="garbled: the GT cell of these rows is blank (they follow a stray '3' row); read as GT 1, "
               "the first block of the table, before the GT 2 rows"),
        r(1, "allied", ["RE/XXX"], south, note="not in the source: the engineer unit's arrival is assumed (10.6.4)"),
        r(2, "allied", ["1CG", "2GG"], south),
        r(2, "allied", ["32/Gds", "130/43"], south, note="garbled: the GT cell is blank; read as GT 2, the row above"),
        r(4, "allied", ["129/43", "214/43"], south),
        r(8, "allied", ["2WG/Gds"], south),
    ]


def support_pools() -> tuple[dict, dict]:
    """10.7: a British and a US pool for the Allies; airpower markers kept apart. The source does not
    print the marker mix; see the scenario description for what is given and what is assumed."""
    allied = {
        "british": [SupportMarker(2, 1, "british", "artillery", "adjacent"),
                    SupportMarker(3, 3, "british", "artillery", "adjacent"),
                    SupportMarker(6, 3, "british", "priest", "2")],
        "us": [SupportMarker(2, 3, "us", "artillery", "adjacent"),
               SupportMarker(3, 3, "us", "artillery", "adjacent")],
        "airpower": [SupportMarker(6, 2, "british", "airpower", "anywhere"),
                     SupportMarker(6, 1, "us", "airpower", "anywhere")],
    }
    german = {"german": [SupportMarker(2, 4, "german", "artillery", "adjacent"),
                         SupportMarker(3, 3, "german", "artillery", "adjacent"),
                         SupportMarker(4, 2, "german", "artillery", "adjacent")]}
    return allied, german


AIRPOWER_TURNS = (1, 3)


def turn_track() -> list[TurnInfo]:
    turns = []
    for n in range(1, 11):
        allied = 13 if n in AIRPOWER_TURNS else 6
        german = 3 if n <= 2 else 5
        events = []
        if n in AIRPOWER_TURNS:
            events.append("13 Allied markers: all non-airpower markers, plus the Airpower SFMs Available Table (10.7)")
        if n == 3:
            events.append("German reinforcements from GT 3 on are missing from the source (11.2 breaks off at '3')")
        turns.append(TurnInfo(n, False, {"allied": allied, "german": german}, events,
                              f"GT {n}: allotment {allied}/{german} assumed (the GTRT is not in the source)"))
    return turns


DESCRIPTION_COMMON = """\
"Arnhem: The Farthest Bridge", Fire & Movement exclusive rules 10.0-12.0.
The map is an approximation drawn for Hexwright (the printed map is not in the source); see its notes.

What the source gives and what is assumed here:
- Units and values: as printed in 11.0, 11.2 and 11.3. MA 10 and 12 units are the mobile units (10.2).
  Reduced sides are not printed: non-airborne units are one-step; airborne units are two-step with an
  assumed 1-1-7 reduced side (11.4 a shows airborne units survive depletion).
- Garbled reinforcement rows (11.2, 11.3) are transcribed as best the text allows; each carries a note.
  German reinforcements from GT 3 on are missing (the table breaks off at '3'); the US block has an empty
  GT 3 row. 10/10SS, listed in both tables, is transcribed once as a German GT 1 reinforcement.
- Not in the source, added so that the rules that name them can be played, each marked in its notes:
  the Allied engineer unit (10.6.4-10.6.6) and the 1st British Airborne battalions (the British drop
  zone of 11.0 and the abbreviations P, B, K, S of 10.3 show them; their 11.3 rows are missing).
- Support fire markers (10.7): the source gives the pools' structure, not their contents. From the text:
  three British +3, three US +3 (10.7.2 a, b) and three British +6 non-airpower 'priest' markers
  (10.7.1, 10.7.2 c); airpower markers are +6 and at most two British and one US are ever available
  (Airpower SFMs Available Table). Assumed: one British +2 and three US +2, making the 13 non-airpower
  markers a '13' turn gives (10.7 a), and the German pool (four +2, three +3, two +4).
- Per-turn allotments: the GTRT is not in the source; every turn's allotment is assumed (see each
  turn's label); the '13' turns (10.7) are assumed to be GT 1 and GT 3.
"""


def scenario_common(m: HexMap, title: str, description: str) -> Scenario:
    sc = Scenario(title, "fm", m, MAP_FILE)
    sc.source = SOURCE
    sc.description = description
    sc.first_player = "allied"  # 10.4
    sc.stacking_limit = 1  # 5.3
    allied_pools, german_pools = support_pools()
    sc.sides = [Side("allied", "Allied", "#6b8e23", ["british", "us", "polish"], allied_pools),
                Side("german", "German", "#5f6f7f", ["german"], german_pools)]
    for u in allied_units() + german_units():
        sc.units[u.id] = u
    for mid, label, lab, nat in DROP_ZONES:
        sc.markers[mid] = MarkerDef(mid, "drop_zone", "allied", label, lab, {"nationality": nat})
    sc.reinforcements = reinforcements()
    sc.turns = turn_track()
    arnhem = CITIES["Arnhem"]
    sc.victory = [
        VictoryCondition("occupy", "allied", "win", "immediate", list(arnhem), 2, {"flags_not": ["airborne"]},
                         description="two of the three Arnhem hexes occupied by non-airborne units "
                                     "(Arnhem: The Farthest Bridge 11.5)"),
        VictoryCondition("occupy", "allied", "draw", "end", list(arnhem), 1, {"flags_not": ["airborne"]},
                         description="one Arnhem hex held by an Allied non-airborne unit at the end of GT 10 "
                                     "(Arnhem: The Farthest Bridge 11.5)"),
        VictoryCondition("default", "german", "win", "end",
                         description="the German player wins at the end of GT 10 otherwise "
                                     "(Arnhem: The Farthest Bridge 11.5)"),
    ]
    try:
        from hexwright.engine.rules.fm.tables import fm_tables  # the F&M rules family's tables, when present
    except ImportError:
        fm_tables = None
    if fm_tables is not None:
        sc.tables = dict(fm_tables())
    return sc


def scenario_1(m: HexMap) -> Scenario:
    sc = scenario_common(m, "Arnhem: The Farthest Bridge - Scenario 1 (historical)",
                         "Scenario 1 (11.0): the historical set-up; 10 game turns.\n" + DESCRIPTION_COMMON)
    sc.placements = dict(GERMAN_SETUP)
    return sc


def scenario_2_zones() -> list[SetupZone]:
    not_near_city = ZoneRule(terrain="city", within=2, negate=True)
    not_near_south = ZoneRule(edge="south", within=5, negate=True)
    g = "german"
    return [
        SetupZone("german-a-b", g, ["2/406", "1/406", "Krft", "2/9SS", "9/9SS", "Grsn"],
                  [not_near_city, not_near_south],
                  "12.0 German a) not within two hexes of a city hex except the BrDf; b) not within five hexes of "
                  "the south map edge"),
        SetupZone("german-brdf", g, ["BrDf"], [not_near_south],
                  "12.0 German b) applies to the BrDf too"),
        SetupZone("german-406", g, ["2/406", "1/406"], [ZoneRule(region="germany")], "12.0: any hex in Germany"),
        SetupZone("german-brdf-nijmegen", g, ["BrDf"], [ZoneRule(region="nijmegen")], "12.0: any hex in Nijmegen"),
        SetupZone("german-krft-2-9ss", g, ["Krft", "2/9SS"], [ZoneRule(region="north_of_neder_rijn")],
                  "12.0: any hex north of the Neder Rijn"),
        SetupZone("german-9-9ss", g, ["9/9SS"], [ZoneRule(region="north_of_waal")], "12.0: any hex north of the Waal"),
        SetupZone("german-grsn", g, ["Grsn"], [ZoneRule(region="south_of_maas")], "12.0: any hex south of the Maas"),
        SetupZone("allied-drop-zones", "allied", [mid for mid, *_ in DROP_ZONES], [not_near_city, not_near_south],
                  "12.0 Allied: drop zone markers not within two hexes of a city hex, not within five hexes of "
                  "the south map edge"),
    ]


def _legal_near(sc: Scenario, uid: str, start: str, zones: list[SetupZone], taken: set[Hex]) -> str:
    """The nearest hex to `start` (ties by label) that passes every zone rule for `uid` and is free."""
    from hexwright.engine.validation.checks import hex_prohibited, movement_class_of

    m = sc.map
    origin = _hex(m, start)
    rules = [rule for z in zones if uid in z.units for rule in z.rules]
    unit = sc.units.get(uid)
    candidates = sorted(m.hexes, key=lambda h: (hex_distance(origin, h), m.label(h)))
    for h in candidates:
        if h in taken:
            continue
        if unit is not None and hex_prohibited(m, h, movement_class_of(m, unit.flags)):
            continue
        if all(zone_rule_holds(sc, rule, h) for rule in rules):
            return m.label(h)
    raise ValueError(f"no legal set-up hex for {uid}")


def scenario_2(m: HexMap) -> Scenario:
    sc = scenario_common(
        m, "Arnhem: The Farthest Bridge - Scenario 2 (free deployment)",
        "Scenario 2 (12.0): free deployment. Each player secretly records his set-up within the set-up zones "
        "(the 12.0 limits as zone rules); both then place at once. The placements in this file are a default "
        "legal set-up: the hex nearest to the Scenario 1 hex that keeps the 12.0 limits.\n" + DESCRIPTION_COMMON)
    sc.setup_zones = scenario_2_zones()
    sc.options = {"setup": "secret_simultaneous"}
    taken: set[Hex] = set()
    for uid, start in GERMAN_SETUP.items():
        lab = _legal_near(sc, uid, start, sc.setup_zones, taken)
        taken.add(_hex(m, lab))
        sc.placements[uid] = lab
    for mid, _label, start, _nat in DROP_ZONES:
        lab = _legal_near(sc, mid, start, sc.setup_zones, set())
        sc.markers[mid].hex = lab
    return sc


def build(out_dir: Path = OUT_DIR) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    m = build_map()
    save_map(m, out_dir / MAP_FILE)
    paths = [out_dir / MAP_FILE]
    for name, sc in (("scenario-1-historical.yaml", scenario_1(m)), ("scenario-2-free-deployment.yaml", scenario_2(m))):
        save_scenario(sc, out_dir / name, save_map_file=False)
        paths.append(out_dir / name)
    return paths


if __name__ == "__main__":
    for p in build(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT_DIR):
        print(p)
