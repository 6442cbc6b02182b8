"""The Fire & Movement tables as editable data (000_e5c3deafb2cea4af.txt).

Printed in the source: the Airborne Drop Table (11.4), the Airpower SFMs Available Table (10.7), the
demolition (10.6.3) and repair (10.6.4) die ranges, and of the CRT only its layout: columns 1-12, every
terrain line right-aligned so +10 falls in column 12, the Mountain line (0, +1, +2/+3, +4/5, +6/7, +8/9,
+10 from column 6) and the start of the City/Rough/River line (-2, -1). The CRT body and the other
lines' differentials are truncated in the source: they ship here marked `reconstructed`, and the rules
read whatever the scenario's tables say (rules/fm/combat.py), never these values.

Table names the rules read: `crt` (die roll x column -> result), `crt_terrain` (terrain line x column ->
differential; the order of the lines is their precedence, the highest line being the most favourable
to the defender, 8.2.2 / 10.6 "unless a higher line is called for"), `crt_lines` (terrain, feature or
hexside code -> terrain line), `airborne_drop`, `airpower`, `bridge_demolition`, `bridge_repair`.
"""

from __future__ import annotations

from ...model.scenario import Table

SOURCE = "Arnhem: The Farthest Bridge"  # as a designer reads it in the Tables panel: never a file name
COLUMNS = [str(i) for i in range(1, 13)]
BLANK = "—"
RESULTS = ("De", "D3", "D2", "Ex", "A1", "A2", "A3", "(A)", "Ae", "•")


def _line(start_column: int, cells: list[str]) -> list[str]:
    assert start_column - 1 + len(cells) == 12, (start_column, cells)
    return [BLANK] * (start_column - 1) + cells


def crt_terrain() -> Table:
    return Table(
        "crt_terrain", list(COLUMNS),
        {
            "Mountain": _line(6, ["0", "+1", "+2,+3", "+4,5", "+6,7", "+8,9", "+10"]),
            "City, Rough, River": _line(1, ["-2", "-1", "0", "+1", "+2", "+3", "+4", "+5", "+6", "+7", "+8,9",
                                            "+10"]),
            "Woods": _line(2, ["-1", "0", "+1", "+2", "+3", "+4", "+5", "+6", "+7", "+8,9", "+10"]),
            "Bridge": _line(1, ["-3", "-2", "-1", "0", "+1", "+2", "+3", "+4", "+5", "+6,7", "+8,9", "+10"]),
            "Clear": _line(1, ["-1", "0", "+1", "+2", "+3", "+4", "+5", "+6", "+7", "+8", "+9", "+10"]),
        },
        title="Combat Results Table: combat differential by defender terrain (F&M 8.2.1 d, 8.2.2, 10.6)",
        reconstructed=True,
        source=f"{SOURCE} CRT (body truncated)",
        notes="Printed: the columns 1-12, the right alignment of every line to +10 in column 12, the whole "
              "Mountain line, and '-2, -1' at the start of the City/Rough/River line; the Woods line starts in "
              "column 2. Reconstructed: the rest of the City/Rough/River and Woods lines, and the Clear and "
              "Bridge lines (10.6 names a Bridge line). Lines are listed from the most favourable to the "
              "defender (top) down; 8.2.2 and 10.6 pick the highest line that applies. Attacks below a line's "
              "lowest differential use its lowest; above +10 use +10 (CRT notes).",
        blank=BLANK,
    )


def crt() -> Table:
    body = {
        "1": ["Ae", "A3", "A2", "A2", "A1", "A1", "(A)", "•", "•", "Ex", "D2", "D2"],
        "2": ["A3", "A2", "A2", "A1", "A1", "(A)", "•", "•", "Ex", "D2", "D2", "D3"],
        "3": ["A2", "A2", "A1", "A1", "(A)", "•", "•", "Ex", "D2", "D2", "D3", "D3"],
        "4": ["A2", "A1", "A1", "(A)", "•", "•", "Ex", "D2", "D2", "D3", "D3", "De"],
        "5": ["A1", "A1", "(A)", "•", "•", "Ex", "D2", "D2", "D3", "D3", "De", "De"],
        "6": ["A1", "(A)", "•", "•", "Ex", "D2", "D2", "D3", "D3", "De", "De", "De"],
    }
    return Table(
        "crt", list(COLUMNS), body,
        title="Combat Results Table: results by die roll and column (F&M 8.2.4)",
        reconstructed=True,
        source=f"{SOURCE} CRT (body truncated)",
        notes="The body of the CRT is not in the source; only the result legend is (De, D3, D2, Ex, A1, A2, A3, "
              "(A), Ae, •). This body is a reconstruction for play-testing: results improve for the attacker "
              "from column 1 to column 12 and from die 1 to die 6. Edit it to the printed table when known.",
        blank=BLANK,
    )


def crt_lines() -> Table:
    rows = {
        "mountain": ["Mountain"], "city": ["City, Rough, River"], "rough": ["City, Rough, River"],
        "river": ["City, Rough, River"], "woods": ["Woods"], "clear": ["Clear"], "bridge": ["Bridge"],
        "canal": ["City, Rough, River"], "stream": ["City, Rough, River"], "town": ["Woods"],
        "broken": ["Woods"], "marsh": ["Woods"], "mixed": ["Clear"],
    }
    return Table(
        "crt_lines", ["line"], rows,
        title="Which CRT line each terrain uses (F&M 8.2.2)",
        reconstructed=True,
        source=f"{SOURCE} CRT line headers and TEC",
        notes="Printed: the line names Mountain; City, Rough, River; Woods; the Bridge line (10.6). Reconstructed: "
              "canal and stream use the River line (10.6 treats rivers and canals alike; the map errata reads "
              "Stream as Canal); town, broken and marsh use Woods; mixed and clear use Clear. A terrain type's "
              "own `combat: {crt_line: ...}` overrides this table.",
    )


def airborne_drop() -> Table:
    return Table(
        "airborne_drop", ["No Effect", "Depleted", "Eliminated"],
        {
            "Mixed": ["1-6", "7-8", "N/A"],
            "Broken": ["1-5", "6-7", "8"],
            "Woods": ["1-4", "5-6", "7-8"],
            "Town or Rough": ["1-3", "4-6", "7-8"],
            "City": ["1-2", "3-5", "6-8"],
        },
        title="Airborne Drop Table (Arnhem: The Farthest Bridge 11.4)", source=f"{SOURCE} 11.4",
        notes="As printed. DRMs (cumulative): +1 glider units; +1 if a German unit is adjacent to the landing "
              "hex; +1 for a drop zone marker moved a second hex in Scenario 2 (12.0). Roads and trails have no "
              "effect on landings.",
        blank="N/A",
    )


def airpower() -> Table:
    return Table(
        "airpower", ["text", "british", "us"],
        {
            "1": ["No SFM available", 0, 0],
            "2": ["One US SFM available", 0, 1],
            "3": ["One British SFM available", 1, 0],
            "4": ["One British and one US SFM available", 1, 1],
            "5": ["Two British SFM available", 2, 0],
            "6": ["Two British and one US SFM available", 2, 1],
        },
        title="Airpower SFMs Available Table (Arnhem: The Farthest Bridge 10.7 b)", source=f"{SOURCE} 10.7",
        notes="As printed; the british and us columns count the airpower markers of each nationality.",
    )


def bridge_demolition() -> Table:
    return Table(
        "bridge_demolition", ["succeeds"],
        {"canal": ["1-3"], "railroad": ["1-2"], "highway": ["1"]},
        title="Bridge demolition (Arnhem: The Farthest Bridge 10.6.3)", source=f"{SOURCE} 10.6.3",
        notes="As printed. The bridges at hexsides 1422/1423 and 3325/3424 are canal bridges for demolition "
              "and repair purposes.",
    )


def bridge_repair() -> Table:
    return Table(
        "bridge_repair", ["succeeds"],
        {"canal": ["5-6"], "railroad": ["5-6"], "highway": ["4-6"]},
        title="Bridge repair (Arnhem: The Farthest Bridge 10.6.4)", source=f"{SOURCE} 10.6.4",
        notes="As printed: canal or railroad bridge 5-6, highway bridge 4-6.",
    )


def fm_tables() -> dict[str, Table]:
    """Every table the F&M rules read, keyed by the name the rules look for in `Scenario.tables`."""
    tables = (crt(), crt_terrain(), crt_lines(), airborne_drop(), airpower(), bridge_demolition(),
              bridge_repair())
    return {t.name: t for t in tables}


def die_range(text: str) -> set[int]:
    """'1-3' -> {1, 2, 3}; '1' -> {1}; 'N/A' -> set()."""
    text = str(text).strip().replace("–", "-")
    if not text or not (text[0].isdigit()):
        return set()
    if "-" in text:
        a, b = text.split("-", 1)
        return set(range(int(a), int(b) + 1))
    return {int(text)}


def differentials(cell: str) -> list[int]:
    """A CRT column header: '+2,+3' -> [2, 3]; '+4,5' -> [4, 5]; '-2' -> [-2]; the blank -> []."""
    out = []
    for part in str(cell).split(","):
        part = part.strip().replace("−", "-")
        if not part or part == BLANK:
            continue
        try:
            out.append(int(part))
        except ValueError:
            continue
    return out
