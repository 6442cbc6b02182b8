"""Builds scenarios/storm-arnhem/the-crossing.yaml: Storm over Arnhem: The Crossing (003_6afad32bba8815b2.txt).

The variant names its forces but prints none of the basic game's counters but those it adds (the pillbox 4-X-0,
the Arnhem Garrison's 3-5-5s and 2-6-5 HQ, the 9th SS Recon's 3-3-10 PSW 231s, 3-2-8 SPW 250s and 4-6-6 recon
infantry); every other unit and value here is reconstructed and says so in its notes.

Run: python scenarios/tools/build_the_crossing.py
"""

from __future__ import annotations

from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "storm-arnhem" / "the-crossing.yaml"
REC = "reconstructed: the basic game's counters are not in the source"
AT_NOTE = REC + "; AT unit: 6 MF on turn A (3.1)"
COY_B = REC + "; enters on turn B in zone E (2.2)"

# id, name, side, formation, type, size, attack, defense, movement, notes
UNITS = [
    ("B-A1", "A Coy, 1 Platoon", "british", "A Coy", "parachute", "platoon", 4, 5, 5, REC),
    ("B-A2", "A Coy, 2 Platoon", "british", "A Coy", "parachute", "platoon", 4, 5, 5, REC),
    ("B-A3", "A Coy, 3 Platoon", "british", "A Coy", "parachute", "platoon", 4, 5, 5, REC),
    ("B-2HQ", "2nd Parachute Bn HQ", "british", "2 Para", "hq", "company", 2, 6, 5, REC),
    ("B-BdeHQ", "1st Parachute Bde HQ", "british", "1 Para Bde", "hq", "company", 2, 6, 5, REC),
    ("B-RE1", "1st Para Sqn RE (A Tp)", "british", "RE", "engineer", "platoon", 3, 5, 5, REC),
    ("B-RE2", "1st Para Sqn RE (B Tp)", "british", "RE", "engineer", "platoon", 3, 5, 5, REC),
    ("B-RE3", "9th Field Coy RE", "british", "RE", "engineer", "platoon", 3, 5, 5, REC),
    ("B-3P", "3rd Parachute Bn elements", "british", "3 Para", "parachute", "platoon", 3, 5, 5, REC),
    ("B-Recce", "C Troop, 1st Recce Sqn", "british", "Recce", "recon", "platoon", 3, 4, 8, REC),
    ("B-AT1", "6-pdr AT gun", "british", "AT", "anti_tank", "section", 5, 3, 2, AT_NOTE),
    ("B-AT2", "6-pdr AT gun", "british", "AT", "anti_tank", "section", 5, 3, 2, AT_NOTE),
    ("B-B1", "B Coy, 4 Platoon", "british", "B Coy", "parachute", "platoon", 4, 5, 5, COY_B),
    ("B-B2", "B Coy, 5 Platoon", "british", "B Coy", "parachute", "platoon", 4, 5, 5, COY_B),
    ("B-B3", "B Coy, 6 Platoon", "british", "B Coy", "parachute", "platoon", 4, 5, 5, COY_B),
    ("G-Pillbox", "Pillbox", "german", "Pillbox", "heavy_weapons", "section", 4, "X", 0,
     "4-X-0 (1.1); set up in area 4"),
    ("G-Gar1", "Arnhem Garrison infantry", "german", "Arnhem Garrison", "infantry", "platoon", 3, 5, 5,
     "3-5-5 (1.2); set up in area 23"),
    ("G-Gar2", "Arnhem Garrison infantry", "german", "Arnhem Garrison", "infantry", "platoon", 3, 5, 5,
     "3-5-5 (1.2); set up in area 23"),
    ("G-GarHQ", "Arnhem Garrison HQ", "german", "Arnhem Garrison", "hq", "platoon", 2, 6, 5,
     "2-6-5 (1.2); set up in area 23"),
    ("G-PSW1", "PSW 231 armoured car", "german", "9th SS Recon", "armored_recon", "platoon", 3, 3, 10, "3-3-10 (1.3)"),
    ("G-PSW2", "PSW 231 armoured car", "german", "9th SS Recon", "armored_recon", "platoon", 3, 3, 10, "3-3-10 (1.3)"),
    ("G-SPW1", "SPW 250 halftrack", "german", "9th SS Recon", "mechanized", "platoon", 3, 2, 8, "3-2-8 (1.3)"),
    ("G-SPW2", "SPW 250 halftrack", "german", "9th SS Recon", "mechanized", "platoon", 3, 2, 8, "3-2-8 (1.3)"),
    ("G-SPW3", "SPW 250 halftrack", "german", "9th SS Recon", "mechanized", "platoon", 3, 2, 8, "3-2-8 (1.3)"),
    ("G-SPW4", "SPW 250 halftrack", "german", "9th SS Recon", "mechanized", "platoon", 3, 2, 8, "3-2-8 (1.3)"),
    ("G-RInf1", "9th SS recon infantry", "german", "9th SS Recon infantry", "recon", "platoon", 4, 6, 6,
     "4-6-6 (1.3): replaces a halftrack at the end of a turn; no platoon integrity"),
    ("G-RInf2", "9th SS recon infantry", "german", "9th SS Recon infantry", "recon", "platoon", 4, 6, 6,
     "4-6-6 (1.3): replaces a halftrack at the end of a turn; no platoon integrity"),
    ("G-RInf3", "9th SS recon infantry", "german", "9th SS Recon infantry", "recon", "platoon", 4, 6, 6,
     "4-6-6 (1.3): replaces a halftrack at the end of a turn; no platoon integrity"),
    ("G-RInf4", "9th SS recon infantry", "german", "9th SS Recon infantry", "recon", "platoon", 4, 6, 6,
     "4-6-6 (1.3): replaces a halftrack at the end of a turn; no platoon integrity"),
]
for i in range(1, 7):
    UNITS.append((f"G-10R{i}", f"10th SS Recon Bn {i}", "german", "10th SS Recon", "infantry", "platoon", 4, 5, 5,
                  REC + "; set up on turn B in zones A-C (2.2)"))
for i in range(1, 3):
    UNITS.append((f"G-10RV{i}", f"10th SS Recon Bn halftracks {i}", "german", "10th SS Recon", "mechanized",
                  "platoon", 4, 3, 8, REC + "; set up on turn B in zones A-C (2.2)"))
for i in range(1, 5):
    UNITS.append((f"G-Boc{i}", f"Bocholt Training Bn {i}", "german", "Bocholt", "infantry", "platoon", 3, 4, 5,
                  REC + "; placed on turn 1 in zones A and/or B (2.3)"))

FIRE_COLUMNS = ["1-2", "3-4", "5-6", "7-9", "10-12", "13-16", "17+"]
FIRE_ROWS = {
    "1": [0, 0, 0, 1, 1, 2, 2],
    "2": [0, 0, 1, 1, 2, 2, 3],
    "3": [0, 1, 1, 2, 2, 3, 4],
    "4": [1, 1, 2, 2, 3, 4, 5],
    "5": [1, 2, 2, 3, 4, 5, 6],
    "6": [1, 2, 3, 4, 5, 6, 7],
    "7": [2, 3, 4, 5, 6, 7, 8],
}


def ids(formation: str, side: str = "", exclude: tuple[str, ...] = ()) -> list[str]:
    """The unit ids of a formation ("" with `side`: the side's units of no formation in `exclude`)."""
    if formation:
        return [u[0] for u in UNITS if u[3] == formation]
    return [u[0] for u in UNITS if u[2] == side and u[3] not in exclude]


NAMED = ("B Coy", "10th SS Recon", "Bocholt", "9th SS Recon", "9th SS Recon infantry", "Pillbox", "Arnhem Garrison")


def arrivals() -> list[tuple[int, str, list[str], list[tuple[str, str, str]], str]]:
    """The variant's arrivals as reinforcements: (place on the turn track, side, units, entries, note); one entry
    a zone where the rule gives several (the family reads the zones together). Turn 1 is turn A, 2 turn B,
    3 turn 1."""
    return [
        (1, "british", ids("", "british", NAMED), [("zone", z, "zones D and/or E on turn A (2.1)") for z in "DE"],
         "Turn A: every British unit but Company B sets up in zones D and/or E (The Crossing 2.1)"),
        (2, "british", ids("B Coy"), [("zone", "E", "zone E on turn B (2.2)")],
         "Turn B: Company B comes on in zone E (The Crossing 2.2)"),
        (2, "german", ids("10th SS Recon"),
         [("zone", z, "zones A, B and C on turn B, at most eleven units a zone (2.2)") for z in "ABC"],
         "Turn B: the 10th SS Recon Bn sets up in zones A, B and C, at most eleven units a zone (The Crossing 2.2)"),
        (2, "german", ids("9th SS Recon"),
         [("area", "4", "at the bridge, on the border of areas 4 and 5, in one German impulse of turn B (3.4)")],
         "Turn B: the 9th SS Recon Bn enters together at the bridge (The Crossing 1.3, 3.41-3.46)"),
        (3, "german", ids("Bocholt"), [("zone", z, "zones A and/or B on turn 1 (2.3)") for z in "AB"],
         "Turn 1: the Bocholt Training Battalion is placed in zones A and/or B (The Crossing 2.3)"),
    ]


def q(v: object) -> str:
    s = str(v)
    return f"'{s}'" if (":" in s or "," in s) else s


def main() -> None:
    lines = [
        "format_version: 1",
        "kind: hexwright-scenario",
        "title: 'Storm over Arnhem: The Crossing'",
        "rules: storm_over_arnhem",
        "source: 'Storm over Arnhem: The Crossing'",
        'description: "Storm over Arnhem: The Crossing, the variant that starts on the night of 17 September 1944 '
        "(turns A and B before turn 1). The variant's rules, the pillbox, the Arnhem Garrison and the 9th SS Recon "
        "(their values), areas 2, 4, 5, 17, 18, 22, 23 and 28, the bridge borders and the German VP marker at -2 "
        "are the source's. RECONSTRUCTED (the basic game's rules, counters and map are not in the source): the "
        "map (an approximation), every other unit and value, the Fire Table and terrain modifiers, the number of "
        'turns and the VP the Germans need; each is marked in its notes."',
        "first_player: german",
        "stacking_limit: 8",
        "sides:",
        "  - {id: british, name: British, color: '#b08040', nationalities: [british]}",
        "  - {id: german, name: German, color: '#505050', nationalities: [german]}",
        "turns:",
    ]
    for i, label in enumerate(["A", "B", "1", "2", "3", "4", "5"], start=1):
        night = "true" if label in ("A", "B") else "false"
        lines.append(f"  - {{turn: {i}, label: '{label}', night: {night}}}")
    lines.append("units:")
    for uid, name, side, formation, kind, size, a, d, m, notes in UNITS:
        nation = "british" if side == "british" else "german"
        lines.append(f"  - {{id: {uid}, name: '{name}', side: {side}, nationality: {nation}, "
                     f"formation: '{formation}', type: {kind}, size: {size}, values: {{attack: {a}, "
                     + ("" if d == "X" else f"defense: {q(d)}, ") + f"movement: {m}}}, notes: \"{notes}\"}}")
    lines += [
        "setup:",
        "  G-Pillbox: {area: '4'}",
        "  G-Gar1: {area: '23'}",
        "  G-Gar2: {area: '23'}",
        "  G-GarHQ: {area: '23'}",
        "reinforcements:",
    ]
    for turn, side, units, entries, note in arrivals():
        for kind, where, desc in entries:
            lines.append(f"  - {{turn: {turn}, side: {side}, units: [{', '.join(units)}], entry: {{{kind}: '{where}', "
                         f"description: '{desc}'}}, note: '{note}'}}")
    lines += [
        "victory:",
        "  - {kind: vp, side: german, result: win, when: end, count: 30, description: 'the Germans win with 30 VP or "
        "more at the end of turn 5, else the British (reconstructed: the basic game''s victory levels are not in the "
        "source)'}",
        "tables:",
        "  fire_table:",
        "    title: Fire Table (reconstructed)",
        "    reconstructed: true",
        "    source: 'Storm over Arnhem: The Crossing'",
        "    notes: 'The basic game''s Fire Table is not in the source. Columns: the firing group''s total attack "
        "strength; rows: one die plus modifiers (below 1 reads row 1, above 7 row 7); cells: casualty points.'",
        f"    columns: [{', '.join(repr(c) for c in FIRE_COLUMNS)}]",
        "    rows:",
    ]
    for k, v in FIRE_ROWS.items():
        lines.append(f"      '{k}': [{', '.join(map(str, v))}]")
    lines += [
        "  fire_terrain:",
        "    title: Terrain fire modifiers (reconstructed)",
        "    reconstructed: true",
        "    source: 'Storm over Arnhem: The Crossing'",
        "    notes: 'The basic game''s Terrain Effects Chart is not in the source: the die roll modifier for fire at "
        "units in an area of each terrain.'",
        "    columns: [drm]",
        "    rows:",
        "      open: [0]",
        "      park: [0]",
        "      buildings: [-1]",
        "map: the-crossing-map.yaml",
    ]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
