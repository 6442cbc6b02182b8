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
RECON_9SS, RECON_9SS_INFANTRY = "9th SS Recon", "9th SS Recon infantry"  # the formations of 1.3 (game.py)


@dataclass(frozen=True)
class Problem:
    """One thing wrong: `anchor` is the validation anchor (("scenario",), ("sides",))."""

    code: str
    message: str
    anchor: tuple[str | int, ...] = ("scenario",)


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
    out += reinforcement_problems(sc)
    empty = [z for z in ZONES if not am.zone_areas(z)]
    if empty:
        out.append(Problem("area-map", f"no area is in set-up zone(s) {', '.join(empty)} (Storm over Arnhem "
                                       f"2.1-2.3 set units up in zones A-E)", ))
    return out


def reinforcement_problems(sc: Scenario) -> list[Problem]:
    """The family places arrivals by set-up zone (2.1-2.3); an entry by area is the 9th SS Recon's at the bridge,
    which comes on turn B (3.4) across the 4/5 border."""
    out = []
    labels = [t.label for t in sc.turns]
    for i, rf in enumerate(sc.reinforcements):
        if rf.entry.area is None:
            continue
        anchor: tuple[str | int, ...] = ("reinforcement", i)
        recon = [u for u in rf.units if u in sc.units and sc.units[u].formation == RECON_9SS]
        if len(recon) != len(rf.units):
            out.append(Problem("bad-value", f"reinforcement {i + 1}: only the 9th SS Recon enters by an area (at the "
                                            f"bridge, Storm over Arnhem 3.4); other arrivals enter by set-up zone "
                                            f"(2.1-2.3): give `entry: {{zone: ...}}`", anchor))
            continue
        label = labels[rf.turn - 1] if 1 <= rf.turn <= len(labels) else ""
        if label != "B" or rf.entry.area not in BRIDGE_BORDERS[0]:
            out.append(Problem("bad-value", f"reinforcement {i + 1}: the 9th SS Recon enters at the bridge (area 4 "
                                            f"or 5) on turn B (Storm over Arnhem 2.2, 3.4), not area "
                                            f"{rf.entry.area} on turn {label or rf.turn}", anchor))
    return out


def placed_in_play(sc: Scenario) -> set[str]:
    """Units the family brings on by its rules without a set-up or reinforcement entry: the 9th SS recon
    infantry, which replaces a halftrack in its area at the end of a turn (Storm over Arnhem 1.3)."""
    return {uid for uid, u in sc.units.items() if u.formation == RECON_9SS_INFANTRY}
