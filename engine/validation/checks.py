"""Semantic checks of a loaded scenario: the things a well-formed file can still get wrong.

Each check names the rule or format requirement it enforces. Results are Diagnostic records that
point at the line of the offending unit, placement, reinforcement, victory condition or table row.
"""

from __future__ import annotations

from collections import defaultdict

from ..hexgrid import Hex
from ..model.counters import KNOWN_FLAGS, UNIT_SIZES, UNIT_TYPES, UnitDef
from ..model.hexmap import EDGE_SIDES
from ..model.placement import (
    hex_prohibited,
    hexside_is_water,
    location_levels,
    location_text,
    movement_class_of,
    zone_rule_holds,
)
from ..model.scenario import Scenario, ZoneRule
from ..rules.registry import RULES_FAMILIES, RulesFamily
from .diagnostics import Diagnostic, Severity, SourceMap, short
from .startchecks import check_start_play


class _Report:
    def __init__(self, sc: Scenario, sm: SourceMap | None) -> None:
        self.sc = sc
        self.sm = sm or SourceMap()
        self.out: list[Diagnostic] = []

    def add(self, severity: Severity, code: str, message: str, anchor: tuple = (), hex: str | None = None,
            unit: str | None = None) -> None:
        loc = self.sm.get(anchor) if anchor else None
        if loc is None and unit is not None:  # an entry made in the app has no line: the unit's has
            loc = self.sm.get(("unit", unit))
        if loc is None:
            loc = self.sm.get(("scenario",))
        file, line, col = (loc.file, loc.line, loc.column) if loc else ("", 0, 0)
        self.out.append(Diagnostic(code, severity, message, file, line, col, hex, unit))

    def error(self, code: str, message: str, anchor: tuple = (), **kw) -> None:
        self.add(Severity.ERROR, code, message, anchor, **kw)

    def warning(self, code: str, message: str, anchor: tuple = (), **kw) -> None:
        self.add(Severity.WARNING, code, message, anchor, **kw)


# where a unit may stand moved to the model (engine/model/placement.py); these names stay importable
# from here for the modules that still read them from validation
__all__ = ["hex_prohibited", "hexside_is_water", "movement_class_of", "validate_scenario", "zone_rule_holds"]


def validate_scenario(sc: Scenario, source_map: SourceMap | None = None) -> list[Diagnostic]:
    """Everything wrong with a loaded scenario, as diagnostics (no exceptions)."""
    r = _Report(sc, source_map)
    m = sc.map
    # loop variables reused across the checks below
    u: UnitDef | None
    lab: str | None
    anchor: tuple
    # without the real map, hex checks would only report the stand-in; an area map has its own checks
    map_ok = not sc.map_missing and sc.area_map is None
    side_ids = {s.id for s in sc.sides}

    family = RULES_FAMILIES.get(sc.rules)
    if family is None:
        r.error("unknown-rules", f"unknown rules family {sc.rules!r}; known: {', '.join(sorted(RULES_FAMILIES))}",
                ("scenario",))
    check_sides(r, sc, family)
    if sc.first_player and sc.first_player not in side_ids:
        r.error("unknown-reference", f"first_player {sc.first_player!r} is not a side", ("first_player",))

    # -- units (F&M 2.3, Koenig 2.0, Target Arnhem 2.0: each family's printed values)
    for u in sc.units.values():
        anchor = ("unit", u.id)
        if u.side not in side_ids:
            r.error("unknown-reference", f"unit {u.id}: side {u.side!r} is not a side of this scenario", anchor,
                    unit=u.id)
        if u.unit_type not in UNIT_TYPES:
            r.warning("unknown-type", f"unit {u.id}: unit type {u.unit_type!r} is not one the app draws "
                      f"({', '.join(UNIT_TYPES)})", anchor, unit=u.id)
        if u.size not in UNIT_SIZES:
            r.warning("unknown-size", f"unit {u.id}: size {u.size!r} is not one of {', '.join(UNIT_SIZES)}",
                      anchor, unit=u.id)
        for f in u.flags:
            if f not in KNOWN_FLAGS and f not in m.terrain_table.movement_classes:
                r.warning("unknown-flag", f"unit {u.id}: flag {f!r} is not read by any rule", anchor, unit=u.id)
        if family is not None:
            for key in family.unit_values:
                if key not in u.values:
                    r.error("missing-value", f"unit {u.id}: {family.name} units need a {key!r} value "
                            f"({family.values_source})", anchor, unit=u.id)
            for side, values in (("", u.values), (" reduced", u.reduced or {})):
                for key, v in values.items():
                    if not isinstance(v, (int, float)) or isinstance(v, bool):
                        r.error("bad-value", f"unit {u.id}:{side} value {short(key)} must be a number, not {short(v)}",
                                anchor, unit=u.id)
                    elif family.whole_values and key in family.unit_values and not float(v).is_integer():
                        r.error("bad-value", f"unit {u.id}:{side} value {short(key)} must be a whole number, not "
                                f"{short(v)} ({family.values_source}, printed whole)", anchor, unit=u.id)
        if u.reduced is not None and u.steps < 2:
            r.error("bad-value", f"unit {u.id}: has a reduced side but only {u.steps} step", anchor, unit=u.id)

    # -- markers
    for mk in sc.markers.values():
        anchor = ("marker", mk.id)
        if mk.side and mk.side not in side_ids:
            r.error("unknown-reference", f"marker {mk.id}: side {mk.side!r} is not a side", anchor)
        if map_ok and mk.hex is not None and m.hex_at(mk.hex) is None:
            r.error("hex-off-map", f"marker {mk.id}: hex {mk.hex} is not on the map", anchor, hex=mk.hex)

    # -- set-up placements
    reinforced = {uid for rf in sc.reinforcements for uid in rf.units}
    stacks: dict[Hex, list[str]] = defaultdict(list)
    for uid, lab in sc.placements.items():
        anchor = ("placement", uid)
        u = sc.units.get(uid)
        if u is None:
            r.error("unknown-reference", f"setup: no unit has id {uid!r}", anchor, unit=uid)
            continue
        if uid in reinforced:
            r.error("placed-twice", f"unit {uid} is set up on the map and also arrives as a reinforcement",
                    anchor, unit=uid)
        if not map_ok:
            continue
        h = m.hex_at(lab)
        if h is None:
            r.error("unit-off-map", f"unit {uid} is set up at {lab}, which is not on the map", anchor, hex=lab,
                    unit=uid)
            continue
        cls = movement_class_of(m, u.flags)
        if hex_prohibited(m, h, cls):
            t = m.terrain_table.terrain[m.terrain[h]].name
            r.error("prohibited-terrain", f"unit {uid} ({cls}) is set up in {t} at {lab}, which its movement class "
                    "may not enter (F&M 5.2 e)", anchor, hex=lab, unit=uid)
        level = sc.placement_levels.get(uid)
        if level is not None and level not in location_levels(m, h):
            have = ", ".join(location_text(m, h, x) for x in location_levels(m, h))
            r.error("unknown-location", f"unit {uid} is set up at {lab}:{level}, but {lab} has no location at "
                    f"Level {level}; it has {have}", anchor, hex=lab, unit=uid)
        stacks[h].append(uid)
    for h, uids in stacks.items():
        if len(uids) > sc.stacking_limit:
            lab = m.label(h)
            for uid in uids[sc.stacking_limit:]:
                r.error("stacking", f"{len(uids)} units set up in {lab} ({', '.join(uids)}); the stacking limit is "
                        f"{sc.stacking_limit}" + (f" ({family.stacking_rule})" if family else ""),
                        ("placement", uid), hex=lab, unit=uid)

    # -- set-up zones (F&M 12.0 free deployment)
    for z in sc.setup_zones:
        anchor = ("setup_zone", z.name)
        if z.side not in side_ids:
            r.error("unknown-reference", f"set-up zone {z.name!r}: side {z.side!r} is not a side", anchor)
        for uid in z.units:
            if uid not in sc.units and uid not in sc.markers:
                r.error("unknown-reference", f"set-up zone {z.name!r}: no unit or marker {uid!r}", anchor, unit=uid)
        if not map_ok:
            continue
        bad_rule = False
        for rule in z.rules:
            if rule.region is not None and rule.region not in m.regions:
                r.error("unknown-reference", f"set-up zone {z.name!r}: no region {rule.region!r} on the map", anchor)
                bad_rule = True
            if rule.edge is not None and rule.edge not in m.edges and rule.edge not in EDGE_SIDES:
                r.error("unknown-reference", f"set-up zone {z.name!r}: no map edge {rule.edge!r} (the map names "
                        f"{', '.join(m.edges) or 'none'})", anchor)
                bad_rule = True
            if rule.terrain is not None and rule.terrain not in m.terrain_table.terrain \
                    and rule.terrain not in m.terrain_table.features:
                r.error("unknown-terrain", f"set-up zone {z.name!r}: no terrain {rule.terrain!r}", anchor)
                bad_rule = True
            for lab in rule.hexes or []:
                if m.hex_at(lab) is None:
                    r.error("hex-off-map", f"set-up zone {z.name!r}: hex {lab} is not on the map", anchor, hex=lab)
        if bad_rule or sc.start.starts_later():  # a game that starts mid-way has left its set-up behind
            continue
        members = z.units or [u.id for u in sc.units_of(z.side)]
        for uid in members:
            lab = sc.placements.get(uid) or (sc.markers[uid].hex if uid in sc.markers else None)
            h = m.hex_at(lab) if lab else None
            if h is None:
                continue
            for rule in z.rules:
                if not zone_rule_holds(sc, rule, h):
                    anchor2 = ("placement", uid) if uid in sc.placements else ("marker", uid)
                    r.error("setup-zone", f"{uid} at {lab} breaks set-up zone {z.name!r}: "
                            f"{describe_rule(rule)}" + (f" ({z.description})" if z.description else ""),
                            anchor2, hex=lab, unit=uid)
                    break

    # -- reinforcements (F&M 11.1 entry hexes, map edges)
    edge_hexes = {side: set(m.edge_side_hexes(side)) for side in EDGE_SIDES}
    all_edges = set().union(*edge_hexes.values())
    for i, rf in enumerate(sc.reinforcements):
        anchor = ("reinforcement", i)
        if rf.side not in side_ids:
            r.error("unknown-reference", f"reinforcement {i + 1}: side {rf.side!r} is not a side", anchor)
        if sc.turns and not 1 <= rf.turn <= len(sc.turns):
            r.error("reinforcement-turn", f"reinforcement {i + 1} arrives on turn {rf.turn}, but the turn track has "
                    f"turns 1-{len(sc.turns)}", anchor)
        for uid in rf.units:
            u = sc.units.get(uid)
            if u is None:
                r.error("unknown-reference", f"reinforcement {i + 1}: no unit has id {uid!r}", anchor, unit=uid)
            elif u.side != rf.side:
                r.error("wrong-side", f"reinforcement {i + 1}: unit {uid} belongs to {u.side}, not {rf.side}", anchor,
                        unit=uid)
        e = rf.entry
        if all(getattr(e, k) is None for k in ("hex", "edge_range", "marker", "offboard", "area", "zone")):
            r.error("no-entry", f"reinforcement {i + 1} (turn {rf.turn}: {', '.join(rf.units) or 'no units'}) has no "
                    "entry: give the hex, map-edge range, marker or off-board area (area or zone on an area map) "
                    "where it enters", anchor)
            continue
        if e.marker is not None and e.marker not in sc.markers:
            r.error("unknown-reference", f"reinforcement {i + 1}: no marker {e.marker!r}", anchor)
        if not map_ok:
            continue
        if e.area is not None or e.zone is not None:
            r.error("bad-value", f"reinforcement {i + 1}: 'area' and 'zone' entries are for area maps; this map "
                    "has hexes", anchor)
        if e.hex is not None:
            h = m.hex_at(e.hex)
            if h is None:
                r.error("hex-off-map", f"reinforcement {i + 1}: entry hex {e.hex} is not on the map", anchor, hex=e.hex)
            elif not rf.airborne and h not in all_edges:
                r.error("entry-not-on-edge", f"reinforcement {i + 1}: entry hex {e.hex} is not on a map edge "
                        "(reinforcements enter from the map edge, Arnhem: The Farthest Bridge 11.1)", anchor,
                        hex=e.hex)
        if e.edge_range is not None:
            a, b = (m.hex_at(x) for x in e.edge_range)
            if a is None or b is None:
                bad = e.edge_range[0] if a is None else e.edge_range[1]
                r.error("hex-off-map", f"reinforcement {i + 1}: entry hex {bad} is not on the map", anchor, hex=bad)
            elif not any(a in hs and b in hs for hs in edge_hexes.values()):
                r.error("entry-not-on-edge", f"reinforcement {i + 1}: entry range {e.edge_range[0]}-{e.edge_range[1]} "
                        "does not run along one map edge (Arnhem: The Farthest Bridge 11.1)", anchor,
                        hex=e.edge_range[0])
        if e.offboard is not None:
            region = m.regions.get(e.offboard)
            if region is None:
                r.error("unknown-reference", f"reinforcement {i + 1}: no off-board area {e.offboard!r}", anchor)

    # -- units neither set up nor arriving (nor brought on by their family's own rules)
    in_play = placed_in_play(sc)
    for u in sc.units.values():
        if u.id not in sc.placements and u.id not in reinforced and u.id not in in_play:
            r.add(Severity.INFO, "not-placed", f"unit {u.id} is neither set up nor scheduled to arrive",
                  ("unit", u.id), unit=u.id)

    # -- the start state of a scenario that starts mid-game (Scenario.start)
    check_start(r, sc, map_ok)
    if sc.area_map is not None:  # Storm over Arnhem: areas instead of hexes
        from .areachecks import area_map_diagnostics, check_area_scenario

        r.out.extend(area_map_diagnostics(sc.area_map, r.sm))
        check_area_scenario(sc, lambda sev, code, msg, anchor: r.add(sev, code, msg, anchor))
    family_checks = family.hook("checks") if family is not None else None
    if family_checks is not None:  # the family's own checks (engine/rules/<family>/checks.py)
        family_checks(sc, map_ok, r.add)

    # -- turn track
    for turn in sc.turns:
        for sid in turn.allotments:
            if sid not in side_ids:
                r.error("unknown-reference", f"turn {turn.number}: allotment for unknown side {sid!r}",
                        ("turn", turn.number))

    # -- victory conditions (data the engine evaluates)
    for i, v in enumerate(sc.victory):
        anchor = ("victory", i)
        if v.side and v.side not in side_ids:
            r.error("unknown-reference", f"victory condition {i + 1}: side {v.side!r} is not a side", anchor)
        if v.kind != "default" and not v.side and v.result == "win":
            r.error("missing-key", f"victory condition {i + 1}: a win needs a side", anchor)
        for lab in v.hexes if map_ok else ():
            if m.hex_at(lab) is None:
                r.error("victory-hex-off-map", f"victory condition {i + 1}: hex {lab} is not on the map", anchor,
                        hex=lab)
        if v.kind == "occupy" and v.count > len(v.hexes):
            r.error("bad-value", f"victory condition {i + 1}: needs {v.count} of {len(v.hexes)} hexes", anchor)

    # -- tables: holes and shape
    for name, table in sc.tables.items():
        for row, cells in table.rows.items():
            anchor = ("table", name, row)
            if len(cells) != len(table.columns):
                r.error("table-shape", f"table {name!r}, row {row!r}: {len(cells)} cells for "
                        f"{len(table.columns)} columns", anchor)
            for j, c in enumerate(cells):
                if c is None or c == "":
                    col = table.columns[j] if j < len(table.columns) else str(j + 1)
                    r.error("table-hole", f"table {name!r}, row {row!r}, column {col!r} is empty (write "
                            f"{table.blank!r} for no entry)", anchor)
    if family is not None:
        for name in family.required_tables:
            if name not in sc.tables:
                r.warning("missing-table", f"{family.name} needs a {name!r} table", ("scenario",))
    return r.out


def placed_in_play(sc: Scenario) -> set[str]:
    """Units a rules family brings on by its own rules rather than by set-up or a reinforcement entry
    (Storm over Arnhem: The Crossing 1.3, the 9th SS Recon infantry that replace halftracks in play);
    the family says which (its registry entry's `placed_in_play`)."""
    family = RULES_FAMILIES.get(sc.rules)
    hook = family.hook("placed_in_play") if family is not None else None
    return set(hook(sc)) if callable(hook) else set()


def check_sides(r: _Report, sc: Scenario, family: RulesFamily | None) -> None:
    """What a family needs of the sides to play at all: every family that plays is a two-player game
    (F&M 4.0, Koenig 3.0, Target Arnhem Sequence of Play), and Koenig and Target Arnhem name their
    players' sides (the registry's `side_ids`). A scenario of a family without a rules engine only gets a warning."""
    ids = [s.id for s in sc.sides]
    plays = family is not None and family.plays
    if len(ids) != 2:
        text = f"a scenario needs two sides; this one has {len(ids)}"
        if plays and family is not None:
            r.error("sides", f"{text}: a {family.name} game is played by two players", ("sides",))
        else:
            r.warning("sides", text, ("sides",))
        return
    need = family.side_ids if family is not None else ()
    if plays and need and sorted(ids) != sorted(need):
        r.error("sides", f"the sides of a {family.name if family else sc.rules} scenario must have the ids "
                f"{' and '.join(need)} (the rules name them), not {' and '.join(ids)}", ("sides",))


def max_steps_lost(sc: Scenario, u: UnitDef) -> tuple[int, str]:
    """The most steps (Hits) unit `u` may have lost when a game of `sc` starts and still be in play, and
    why no more: the family's `steps_lost_limit` (Koenig 9.2: two Hits; F&M 8.2.4: a one-step unit
    cannot start depleted), elsewhere `steps` - 1."""
    family = RULES_FAMILIES.get(sc.rules)
    limit = family.hook("steps_lost_limit") if family is not None else None
    if limit is not None:
        most, why = limit(sc, u)
        return int(most), str(why)
    return u.steps - 1, f"it has {u.steps} step{'s' if u.steps != 1 else ''}; losing them all eliminates it"


def loss_words(sc: Scenario, n: int) -> str:
    """What the family calls `n` steps lost: "Hits" (Koenig 9.2), "steps lost"."""
    family = RULES_FAMILIES.get(sc.rules)
    one, many = family.step_loss if family is not None else ("step lost", "steps lost")
    return one if n == 1 else many


def check_start(r: _Report, sc: Scenario, map_ok: bool) -> None:
    """The start state (`Scenario.start`, a game that starts mid-way): every entry names a unit, marker,
    hexside or hex the scenario has, in a state the rules allow at the start of play.

    A unit with steps lost must be in play: set up on the map, arriving as a reinforcement, or a member
    of a set-up zone (free deployment, F&M 12.0); on any other unit the entry has no effect (warning)."""
    m = sc.map
    start = sc.start
    family = RULES_FAMILIES.get(sc.rules)
    demolish_rule = family.hexside_rule("demolish") if family is not None else ""
    ferry_rule = family.hexside_rule("ferry") if family is not None else ""
    reinforced = {uid for rf in sc.reinforcements for uid in rf.units}
    zoned = {uid for z in sc.setup_zones for uid in (z.units or [u.id for u in sc.units_of(z.side)])}
    for uid, n in start.steps_lost.items():
        anchor = ("start", "steps_lost", uid)
        u = sc.units.get(uid)
        if u is None:
            r.error("unknown-reference", f"start: no unit has id {uid!r} (steps lost)", anchor, unit=uid)
            continue
        most, why = max_steps_lost(sc, u)
        if n > most:
            lost = loss_words(sc, n)
            r.error("start-steps", f"start: unit {uid} cannot start with {n} {lost} (at most {most}): {why}",
                    anchor, unit=uid)
        if n > 0 and uid not in sc.placements and uid not in reinforced and uid not in zoned:
            r.warning("start-not-in-play", f"start: unit {uid} has steps lost but is neither set up, nor a "
                      "reinforcement, nor in a set-up zone: the entry has no effect", anchor, unit=uid)
    seen: dict[object, str] = {}
    for label, state in start.hexsides.items():
        anchor = ("start", "hexsides", label)
        if not map_ok:
            continue
        side = m.hexside_at(label)
        if side is None:
            a, sep, b = label.partition("/")
            off = [x for x in (a.strip(), b.strip()) if m.hex_at(x) is None] if sep else []
            why = (f"{', '.join(off)} {'is' if len(off) == 1 else 'are'} not on the map" if off
                   else "the hexes are not adjacent" if sep else "write it as two adjacent hexes, 1422/1423")
            r.error("start-hexside", f"start: hexside {label!r} is not a hexside of the map: {why}", anchor,
                    hex=label)
            continue
        if side in seen:
            r.error("duplicate-hexside", f"start: hexside {label} is the same hexside as {seen[side]}", anchor,
                    hex=label)
            continue
        seen[side] = label
        info = m.hexsides.get(side)
        if state == "demolished" and (info is None or info.bridge is None):
            r.error("start-no-bridge", f"start: hexside {label} has no bridge to be demolished"
                    + (f" ({demolish_rule})" if demolish_rule else ""), anchor, hex=label)
        elif state == "ferry":
            if info is None or not hexside_is_water(m, info.features):
                r.error("start-ferry", f"start: hexside {label} is not a river or canal hexside, so no ferry can "
                        "operate across it" + (f" ({ferry_rule})" if ferry_rule else ""), anchor,
                        hex=label)
            elif info.bridge is not None:
                r.error("start-ferry", f"start: hexside {label} has an intact bridge; a ferry runs where none "
                        "stands" + (f" ({ferry_rule})" if ferry_rule else ""), anchor, hex=label)
    check_start_play(sc, r.add)
    for mid, label in start.markers.items():
        anchor = ("start", "markers", mid)
        if mid not in sc.markers:
            r.error("unknown-reference", f"start: no marker has id {mid!r}", anchor)
        elif map_ok and m.hex_at(label) is None:
            r.error("hex-off-map", f"start: marker {mid} is placed at {label}, which is not on the map", anchor,
                    hex=label)


def describe_rule(rule: ZoneRule) -> str:
    if rule.region is not None:
        text = f"in {rule.region}"
    elif rule.edge is not None:
        text = f"within {rule.within} hexes of the {rule.edge} edge"
    elif rule.terrain is not None:
        text = f"within {rule.within} hexes of {rule.terrain}"
    else:
        text = f"in {', '.join(rule.hexes or [])}"
    return ("not " + text) if rule.negate else text
