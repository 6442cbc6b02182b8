"""What a Storm over Arnhem scenario must give the family, and what is wrong with it (Storm over Arnhem: The
Crossing, 003_6afad32bba8815b2.txt): an area map with the areas the variant names (4 and 5, 17 and 18, 22 and
23 beside the bridge, 28 beyond it; 3.42-3.45), those pairs bordering each other, the set-up zones A-E
(2.1-2.3), and the sides british and german.

`design_problems(sc)` returns the problems as data; engine/validation/checks.py turns them into diagnostics,
so a scenario that validates never makes this family's engine fail on its own data. This module reads only the
scenario and its area map and imports nothing of the rules engine (the bottom of the family).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...model.scenario import Scenario

# the bridge (3.42-3.46): the borders the 9th SS Recon crosses, in order, and where it leaves the bridge
BRIDGE_BORDERS: tuple[tuple[str, str], ...] = (("4", "5"), ("17", "18"), ("22", "23"))
BRIDGE_EXITS = ("22", "23", "28")
PILLBOX_AREA, GARRISON_AREA = "4", "23"
ZONES = ("A", "B", "C", "D", "E")  # 2.1-2.3
SIDE_IDS = ("british", "german")


@dataclass(frozen=True)
class Problem:
    """One thing wrong: `anchor` is the validation anchor (("scenario",), ("sides",))."""

    code: str
    message: str
    anchor: tuple[str, ...] = ("scenario",)


def design_problems(sc: Scenario) -> list[Problem]:
    am = getattr(sc, "area_map", None)
    if am is None:
        return [Problem("area-map", "a Storm over Arnhem scenario is played on an area map: its map file must be "
                                    "an area map (kind: hexwright-area-map)")]
    out = []
    named = sorted({a for pair in BRIDGE_BORDERS for a in pair} | set(BRIDGE_EXITS), key=lambda a: (len(a), a))
    missing = [a for a in named if a not in am.areas]
    if missing:
        out.append(Problem("area-map", f"the area map has no area {', '.join(missing)}: The Crossing names areas "
                                       f"{', '.join(named)} for the bridge (Storm over Arnhem 3.42-3.45)"))
    for a, b in BRIDGE_BORDERS:
        if a in am.areas and b in am.areas and not am.adjacent(a, b):
            out.append(Problem("area-map", f"areas {a} and {b} must border each other: the bridge crosses their "
                                           f"dividing line (Storm over Arnhem 3.42-3.44)"))
    empty = [z for z in ZONES if not am.zone_areas(z)]
    if empty:
        out.append(Problem("area-map", f"no area is in set-up zone(s) {', '.join(empty)} (Storm over Arnhem "
                                       f"2.1-2.3 set units up in zones A-E)", ))
    return out
