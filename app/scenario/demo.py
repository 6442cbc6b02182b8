"""A small demonstration scenario built in code from the F&M Arnhem set-up and reinforcement charts
(000_e5c3deafb2cea4af.txt 11.0-11.3), for screenshots and tests when no shipped scenario is at hand.
Its map is a blank 40 x 26 grid; the unit values are those the charts print."""

from __future__ import annotations

from hexwright.engine.model import (
    Entry,
    GridSpec,
    HexMap,
    MarkerDef,
    Reinforcement,
    Scenario,
    Side,
    SupportMarker,
    Table,
    TurnInfo,
    UnitDef,
    VictoryCondition,
)
from hexwright.engine.rules.fm.family import FAMILY as FM

_GERMAN = [  # id, type, size, formation, (attack, defense, movement), reduced, flags, set-up hex
    ("2/406", "infantry", "battalion", "406", (2, 2, 7), None, ("leg",), "2025"),
    ("1/406", "infantry", "battalion", "406", (2, 2, 7), None, ("leg",), "2325"),
    ("BrDf", "infantry", "battalion", "", (2, 2, 7), None, ("leg",), "2621"),
    ("Krft", "infantry", "battalion", "9SS", (3, 3, 7), None, ("leg",), "3722"),
    ("2/9SS", "mechanized", "battalion", "9SS", (4, 4, 7), (2, 2, 7), ("mobile", "mechanized"), "3724"),
    ("9/9SS", "armored_recon", "battalion", "9SS", (2, 2, 12), None, ("mobile",), "3322"),
    ("Grsn", "infantry", "battalion", "", (2, 2, 7), None, ("leg",), "0702"),
    ("1/9SS", "mechanized", "regiment", "9SS", (5, 5, 10), (3, 3, 10), ("mobile", "mechanized"), None),
    ("10/10SS", "armored_recon", "battalion", "10SS", (2, 2, 12), None, ("mobile",), None),
    ("2107/107", "armor", "battalion", "107", (5, 3, 10), (3, 2, 10), ("mobile",), None),
]
_ALLIED = [
    ("1/1AB", "parachute", "battalion", "1AB", (2, 2, 7), None, ("leg", "airborne"), None),
    ("2/1AB", "parachute", "battalion", "1AB", (2, 2, 7), None, ("leg", "airborne"), None),
    ("1/Bdr", "glider", "battalion", "1AB", (2, 2, 7), None, ("leg", "airborne", "glider"), None),
    ("1/Pol", "parachute", "battalion", "Pol", (2, 2, 7), None, ("leg", "airborne"), None),
    ("2IG/Gds", "armor", "battalion", "Gds", (4, 3, 10), (2, 2, 10), ("mobile",), None),
    ("1GG/Gds", "mechanized", "battalion", "Gds", (3, 3, 7), None, ("leg",), None),
    ("Eng/XXX", "engineer", "battalion", "XXX", (1, 1, 7), None, ("leg", "engineer"), None),
    ("HQ/XXX", "hq", "corps", "XXX", (0, 1, 10), None, ("mobile", "hq", "no_zoc"), None),
]


def demo_scenario() -> Scenario:
    m = HexMap(GridSpec(40, 26), name="Arnhem (blank demonstration grid)")
    m.edges = {"south": "bottom", "north": "top", "west": "left", "east": "right"}
    sc = Scenario("Arnhem: The Farthest Bridge, Scenario 1 (demonstration)", FM.id, m, map_file=None)
    sc.source = "Arnhem: The Farthest Bridge (Fire & Movement)"
    sc.sides = [
        Side("allied", "Allied", "#c9b98b", ["british", "us", "polish"],
             {"british": [SupportMarker(1, 4, "british"), SupportMarker(3, 6, "british"),
                          SupportMarker(6, 3, "british"), SupportMarker(3, 1, "british", "airpower")],
              "us": [SupportMarker(1, 2, "us"), SupportMarker(3, 3, "us"), SupportMarker(3, 1, "us", "airpower")]}),
        Side("german", "German", "#8f9a9e", ["german"],
             {"german": [SupportMarker(1, 4, "german"), SupportMarker(2, 4, "german"), SupportMarker(3, 2, "german")]}),
    ]
    sc.first_player = "german"
    sc.options = {"formation_colors": {"9SS": "#7d8a8e", "10SS": "#6f7c80", "1AB": "#b9a6cf", "Pol": "#d9c7ea",
                                       "Gds": "#a9c48f", "XXX": "#b6d09c"}}
    for side, rows in (("german", _GERMAN), ("allied", _ALLIED)):
        for uid, t, size, formation, vals, red, flags, hexlab in rows:
            values = dict(zip(("attack", "defense", "movement"), vals, strict=True))
            reduced = dict(zip(("attack", "defense", "movement"), red, strict=True)) if red else None
            nat = "german" if side == "german" else ("polish" if formation == "Pol" else "british")
            sc.units[uid] = UnitDef(uid, uid, side, nat, formation, t, size, values, reduced, 2 if red else 1, flags)
            if hexlab:
                sc.placements[uid] = hexlab
    sc.markers["dz-1AB"] = MarkerDef("dz-1AB", "drop_zone", "allied", "1st British AB", "3717")
    sc.markers["dz-101"] = MarkerDef("dz-101", "drop_zone", "allied", "101st US AB", "1007")
    sc.reinforcements = [
        Reinforcement(1, "german", ["1/9SS"], Entry(hex="4025")),
        Reinforcement(1, "german", ["10/10SS"], Entry(edge_range=("0126", "0526"))),
        Reinforcement(2, "german", ["2107/107"], Entry(hex="0126")),
        Reinforcement(1, "allied", ["1/1AB", "2/1AB", "1/Bdr"], Entry(marker="dz-1AB", within=3), airborne=True),
        Reinforcement(5, "allied", ["1/Pol"], Entry(marker="dz-1AB", within=3), airborne=True),
        Reinforcement(1, "allied", ["2IG/Gds", "1GG/Gds"], Entry(edge_range=("0103", "0106"))),
    ]
    allot = ["8/9", "8/9", "7/8", "7/8", "6/8", "6/8", "6/7", "6/7", "5/7", "5/7"]
    sc.turns = [TurnInfo(i + 1, night=(i % 2 == 1), allotments={"german": int(a.split("/")[0]),
                                                                "allied": int(a.split("/")[1])})
                for i, a in enumerate(allot)]
    sc.turns[0].events = ["Allied airborne landings (11.4)"]
    sc.victory = [
        VictoryCondition("occupy", "allied", "win", "immediate", ["2012", "2013"], 2, {"flags_not": ["airborne"]},
                         description="A non-airborne Allied unit holds both Arnhem bridge hexes (11.5)"),
        VictoryCondition("default", "german", "win", "end", description="Otherwise the German player wins"),
    ]
    sc.tables["crt"] = Table(
        "crt", ["-1", "0", "+1", "+2", "+3", "+4", "+5"],
        {"1": ["AE", "AR", "AR", "DR", "DR", "DE", "DE"], "2": ["AE", "AR", "EX", "DR", "DR", "DE", "DE"],
         "3": ["AR", "AR", "EX", "DR", "DE", "DE", "DE"], "4": ["AR", "EX", "DR", "DR", "DE", "DE", "DE"],
         "5": ["AR", "EX", "DR", "DE", "DE", "DE", "DE"], "6": ["EX", "DR", "DR", "DE", "DE", "DE", "DE"]},
        "Combat Results Table (differential)", reconstructed=True, source="Arnhem: The Farthest Bridge 9.0",
        notes="The printed CRT body is truncated in the source; only its column layout survives. "
              "These results are a designer's placeholder, to be checked against a printed copy.")
    return sc
