"""Small F&M scenarios built with the engine API for the rules tests: an Arnhem-like TEC
(000_e5c3deafb2cea4af.txt TEC: Mixed 2/2, Woods 2/3, Broken 3/3, Rough 4/5, Marsh 4/road only, City 1,
Town 1, Road 1/2, Trail 1; and a ditch hexside, 8.2.2), a river, a canal with a bridge and a canal-trail
crossing, drop zones, reinforcements, support fire pools and the 11.5 victory conditions on three hexes."""

from __future__ import annotations

from hexwright.engine.hexgrid import Hex, hex_line, hex_neighbors, hexside_between
from hexwright.engine.model import (
    BridgeType,
    Entry,
    GridSpec,
    HexMap,
    HexsideFeatureType,
    HexsideInfo,
    MarkerDef,
    PathType,
    Reinforcement,
    Scenario,
    Side,
    SupportMarker,
    TerrainTable,
    TerrainType,
    TurnInfo,
    UnitDef,
    VictoryCondition,
)
from hexwright.engine.rules.fm.family import FAMILY as FM_FAMILY


def arnhem_tec() -> TerrainTable:
    t = TerrainTable(name="arnhem-test", movement_classes=["leg", "mobile"])
    for code, leg, mobile in (("mixed", 2, 2), ("woods", 2, 3), ("broken", 3, 3), ("rough", 4, 5),
                              ("city", 1, 1), ("town", 1, 1)):
        t.terrain[code] = TerrainType(code, code.title(), move={"leg": leg, "mobile": mobile})
    t.terrain["marsh"] = TerrainType("marsh", "Marsh", move={"leg": 4, "mobile": None},
                                     only_along={"mobile": ["road", "trail"]})
    t.hexside_features["river"] = HexsideFeatureType("river", "River", move={"leg": None, "mobile": None})
    t.hexside_features["canal"] = HexsideFeatureType("canal", "Canal", move={"leg": None, "mobile": None})
    t.hexside_features["ferry"] = HexsideFeatureType("ferry", "Ferry", move={"leg": 3, "mobile": 4},
                                                     permits_crossing=True)
    t.hexside_features["minefield"] = HexsideFeatureType("minefield", "Minefield", move={"leg": 0, "mobile": 0})
    # 8.2.2: a ditch (not on the Arnhem TEC): +1 MP for leg units, +2 for mobile units
    t.hexside_features["ditch"] = HexsideFeatureType("ditch", "Ditch", move={"leg": 1, "mobile": 2},
                                                     combat={"ditch": True})
    t.bridges["highway"] = BridgeType("highway", "Highway bridge")
    t.bridges["railroad"] = BridgeType("railroad", "Railroad bridge")
    t.paths["road"] = PathType("road", "Road", move={"leg": 0.5, "mobile": 0.5})
    t.paths["trail"] = PathType("trail", "Trail", move={"leg": 1, "mobile": 1})
    return t


def blank_map(columns: int = 14, rows: int = 12, terrain: str = "mixed") -> HexMap:
    m = HexMap(GridSpec(columns, rows), arnhem_tec(), terrain)
    m.edges = {"south": "left", "north": "right"}
    return m


def H(m: HexMap, label: str) -> Hex:
    h = m.hex_at(label)
    assert h is not None, label
    return h


def side_of(m: HexMap, a: str, b: str, *features: str, bridge: str | None = None, paths: tuple = ()) -> None:
    m.set_hexsides({hexside_between(H(m, a), H(m, b)): HexsideInfo(tuple(features), bridge, tuple(paths))})


def road(m: HexMap, *labels: str, kind: str = "road") -> list[str]:
    """A road (or trail) through the given hexes, filled in along straight hex lines between them."""
    hexes = [H(m, labels[0])]
    for a, b in zip(labels, labels[1:], strict=False):
        hexes += hex_line(H(m, a), H(m, b))[1:]
    for a, b in zip(hexes, hexes[1:], strict=False):
        m.link_path(a, b, kind)
    return [m.label(h) for h in hexes]


def water_between_columns(m: HexMap, col: int, feature: str) -> list[tuple[str, str]]:
    """A river or canal along the whole boundary between printed column `col` and `col + 1`."""
    out = []
    for h in m.hexes:
        if int(m.label(h)[:2]) != col:
            continue
        for n in hex_neighbors(h):
            if m.contains(n) and int(m.label(n)[:2]) == col + 1:
                m.set_hexsides({hexside_between(h, n): HexsideInfo((feature,))})
                out.append((m.label(h), m.label(n)))
    return out


def unit(uid: str, side: str, a: int, d: int, ma: int, *flags: str, nationality: str = "",
         reduced: tuple[int, int, int] | None = None, unit_type: str = "infantry") -> UnitDef:
    red = None if reduced is None else {"attack": reduced[0], "defense": reduced[1], "movement": reduced[2]}
    return UnitDef(uid, uid, side, nationality or ("german" if side == "germans" else "british"), "", unit_type,
                   "battalion", {"attack": a, "defense": d, "movement": ma}, red, 2 if red else 1, tuple(flags))


def scenario(m: HexMap | None = None, units: list[UnitDef] | None = None, placements: dict[str, str] | None = None,
             turns: int = 4) -> Scenario:
    """A bare two-sided F&M scenario; tests add what they need."""
    m = m or blank_map()
    sc = Scenario("test", FM_FAMILY.id, m)
    sc.sides = [Side("allies", "Allies", nationalities=["british", "us", "polish"]), Side("germans", "Germans")]
    sc.first_player = "allies"
    for u in units or []:
        sc.units[u.id] = u
    sc.placements = dict(placements or {})
    sc.turns = [TurnInfo(i + 1, allotments={}) for i in range(turns)]
    return sc


def corridor() -> Scenario:
    """A small playable corridor: the conformance test's synthetic scenario."""
    m = blank_map()
    for lab in ("0504", "0505", "0604"):
        m.set_terrain({H(m, lab): "woods"})
    for lab in ("0808", "0809", "0909"):
        m.set_terrain({H(m, lab): "marsh"})
    for lab in ("1105", "1205", "1206"):
        m.set_terrain({H(m, lab): "city"})
    m.set_terrain({H(m, "0707"): "town", H(m, "1010"): "rough", H(m, "0310"): "broken"})
    main = road(m, "0104", "0605", "0705", "1105", "1205")
    road(m, "0705", "0708", "1008")
    # a canal between columns 06 and 07 crossed by the main road's bridge and by a trail (10.6.1);
    # a river between columns 10 and 11 crossed by a bridge
    water_between_columns(m, 6, "canal")
    i = main.index("0605")
    side_of(m, main[i], main[i + 1], "canal", bridge="highway", paths=("road",))
    road(m, "0309", "0609", kind="trail")
    road(m, "0709", "0909", kind="trail")
    water_between_columns(m, 10, "river")
    j = main.index("1005") if "1005" in main else next(k for k, x in enumerate(main) if x.startswith("10"))
    side_of(m, main[j], main[j + 1], "river", bridge="highway", paths=("road",))
    sc = scenario(m, turns=5)
    units = [
        unit("1CG", "allies", 4, 3, 10, "mobile", reduced=(2, 2, 10), unit_type="mechanized"),
        unit("2GG", "allies", 4, 3, 10, "mobile", reduced=(2, 2, 10), unit_type="mechanized"),
        unit("231/50", "allies", 3, 3, 7, reduced=(2, 2, 7)),
        unit("Eng", "allies", 1, 1, 7, "engineer", unit_type="engineer"),
        unit("1/501", "allies", 2, 2, 7, "airborne", nationality="us", reduced=(1, 1, 7), unit_type="parachute"),
        unit("1/327", "allies", 2, 2, 7, "airborne", "glider", nationality="us", unit_type="glider"),
        unit("1/Pol", "allies", 2, 2, 7, "airborne", nationality="polish", unit_type="parachute"),
        unit("2/406", "germans", 2, 2, 7),
        unit("Krft", "germans", 3, 3, 7, reduced=(2, 2, 7)),
        unit("9/9SS", "germans", 2, 2, 12, "mobile", unit_type="armored_recon"),
        unit("2/9SS", "germans", 4, 4, 7, reduced=(2, 2, 7)),
        unit("10/10SS", "germans", 2, 2, 12, "mobile", unit_type="armored_recon"),
    ]
    for u in units:
        sc.units[u.id] = u
    sc.placements = {"2/406": "0606", "Krft": "1106", "9/9SS": "0909", "2/9SS": "1205"}
    sc.markers = {"101st": MarkerDef("101st", "drop_zone", "allies", "101st US AB", "0807", {"nationality": "us"}),
                  "1st": MarkerDef("1st", "drop_zone", "allies", "1st British AB", "1005",
                                   {"nationality": "british"})}
    sc.reinforcements = [
        Reinforcement(1, "allies", ["1CG", "231/50", "Eng"], Entry(edge_range=("0103", "0106"))),
        Reinforcement(1, "allies", ["1/501", "1/327"], Entry(marker="101st", within=3), airborne=True),
        Reinforcement(2, "allies", ["2GG"], Entry(edge_range=("0103", "0106"))),
        Reinforcement(3, "allies", ["1/Pol"], Entry(marker="1st", within=3), airborne=True),
        Reinforcement(1, "germans", ["10/10SS"], Entry(hex="1406")),
    ]
    sc.sides[0].support_pools = {
        "british": [SupportMarker(3, 3, "british"), SupportMarker(6, 2, "british"),
                    SupportMarker(4, 2, "british", "airpower", "anywhere")],
        "us": [SupportMarker(3, 3, "us"), SupportMarker(4, 1, "us", "airpower", "anywhere")],
    }
    sc.sides[1].support_pools = {"german": [SupportMarker(2, 3, "german"), SupportMarker(4, 2, "german")]}
    for t, (a, g) in enumerate([(3, 2), (4, 3), (13, 3), (2, 4), (3, 3)], 1):
        sc.turns[t - 1].allotments = {"allies": a, "germans": g}
    arnhem = ["1105", "1205", "1206"]
    sc.victory = [
        VictoryCondition("occupy", "allies", "win", "immediate", arnhem, 2, {"flags_not": ["airborne"]},
                         description="two of the three Arnhem hexes held by non-airborne units (F&M 11.5)"),
        VictoryCondition("occupy", "allies", "draw", "end", arnhem, 1, {"flags_not": ["airborne"]},
                         description="one Arnhem hex held by a non-airborne unit at the end (F&M 11.5)"),
        VictoryCondition("default", "germans", "win", "end", description="the Allies met neither condition (11.5)"),
    ]
    sc.options = {"friendly_edges": {"allies": "south", "germans": "north"},
                  "canal_trail_crossings": ["0609/0709"]}
    return sc


def line_of(m: HexMap, start: str, direction: int, n: int) -> list[str]:
    """`n` hexes from `start` straight along axial direction `direction` (0..5), start included."""
    from hexwright.engine.hexgrid import hex_neighbor

    out = [H(m, start)]
    for _ in range(n - 1):
        out.append(hex_neighbor(out[-1], direction))
    return [m.label(h) for h in out]


def pass_until(state, kind: type, player: str | None = None, limit: int = 500):
    """Apply `pass` (and draw chance outcomes) until a decision of class `kind` (decisions.py) is pending."""
    from hexwright.engine.rules.fm.actions import Pass
    from hexwright.engine.rules.protocol import CHANCE

    for _ in range(limit):
        d = state.pending_decision()
        if isinstance(d, kind) and (player is None or d.player == player):
            return state
        if state.is_terminal():
            raise AssertionError(f"game ended before a {kind.__name__} decision")
        if state.current_player == CHANCE:
            state.apply(state.sample_chance())
        elif Pass() in state.legal_actions():
            state.apply(Pass())
        else:
            state.apply(state.legal_actions()[0])
    raise AssertionError(f"no {kind.__name__} decision within {limit} actions")


def depleted(state) -> set[str]:
    """The units on the map that have lost a step (F&M 8.2.4)."""
    return {u for u in state.position.hexes if state.is_depleted(u)}
