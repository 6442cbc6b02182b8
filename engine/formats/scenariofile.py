"""The scenario file: rules family, the map (a separate map file or inline), sides and their
support pools, order of battle, markers, set-up, set-up zones, reinforcements, the turn track,
victory conditions, tables and options, and the start state of a scenario that starts mid-game (`start:`:
steps lost, hexside states, marker hexes; omitted when empty). One unit, reinforcement or turn per line.

The `start:` section came without a format version bump: it is optional and additive, so every
version-1 file reads as before and saves byte for byte the same; a Hexwright older than the section
reports it as an unknown key at its line rather than dropping it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..model.areamap import AreaMap
from ..model.bounds import (
    MAX_COUNT,
    MAX_POOL_COUNT,
    MAX_POOL_VALUE,
    MAX_STACKING,
    MAX_STEPS,
    MAX_TURNS,
    MAX_UNIT_VALUE,
    MAX_UNITS,
    MAX_WITHIN,
)
from ..model.counters import MarkerDef, SupportMarker, UnitDef
from ..model.hexmap import GridSpec, HexMap
from ..model.scenario import (
    Entry,
    Reinforcement,
    Scenario,
    SetupZone,
    Side,
    Table,
    TurnInfo,
    VictoryCondition,
    ZoneRule,
)
from ..validation.diagnostics import Diagnostic, Severity, SourceMap, short
from .areamapfile import dump_area_map, dump_area_map_body, read_any_map_file, read_area_map
from .atomic import atomic_write_texts, committed_replacement
from .emit import block_text, flow, scalar
from .fields import Fields, finite
from .mapfile import check_header, dump_map, dump_map_body, plain_data, read_map
from .ruledata import check_allotments, check_marker_values, check_options, check_table, check_victory
from .startfile import dump_start, read_start
from .versions import FORMAT_VERSION
from .yamlio import YamlReader, YDict, check_loadable, load_yaml, read_source

SCENARIO_KIND = "hexwright-scenario"
_LOCATION = re.compile(r"^\s*(.*?)\s*:\s*(-?[0-9]+)\s*$")
SCENARIO_KEYS = ("format_version", "kind", "title", "rules", "source", "description", "map", "sides",
                 "first_player", "stacking_limit", "support_pools", "units", "markers", "setup", "setup_zones",
                 "start", "reinforcements", "turns", "victory", "tables", "options")
UNIT_KEYS = ("id", "name", "side", "nationality", "formation", "type", "size", "values", "reduced", "steps",
             "flags", "supply", "color", "notes")
VICTORY_KINDS = ("occupy", "clear", "vp", "exit", "eliminate", "default")


@dataclass
class LoadResult:
    scenario: Scenario | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    source_map: SourceMap = field(default_factory=SourceMap)

    @property
    def ok(self) -> bool:
        return self.scenario is not None and not any(d.severity is Severity.ERROR for d in self.diagnostics)


def split_location(text: str) -> tuple[str, int | None]:
    """`R18:1` -> ("R18", 1), the location at Level 1 of hex R18 (ASL Arnhem Bridge 1.1: a unit occupies a
    location, named as `hexwright los` names it); `R18` -> ("R18", None), the hex's ground location. A
    text with a colon that is not followed by a level gives (text, None)."""
    match = _LOCATION.match(text)
    if match is None or not match.group(1):
        return text, None
    return match.group(1), int(match.group(2))


def _read_units(reader: YamlReader, items: Any, sm: SourceMap) -> dict[str, UnitDef]:
    units: dict[str, UnitDef] = {}
    if len(items) > MAX_UNITS:  # sheets, counter images and a VASSAL module draw every one
        reader.error("bad-value", f"a scenario may have at most {MAX_UNITS:,} units, not {len(items):,}",
                     items.where(MAX_UNITS))
    for i, item in enumerate(items):
        if i == MAX_UNITS:
            break
        f = Fields(reader, item, f"unit {i + 1}", UNIT_KEYS, required=("id", "side"), at=items.where(i))
        if not f.ok:
            continue
        uid = f.str("id")
        where = items.where(i)
        if uid in units:
            first = sm.get(("unit", uid))
            reader.error("duplicate-id",
                         f"unit id {uid!r} is used twice (first on line {first.line if first else '?'})",
                         where, unit=uid)
            continue
        sm.set(("unit", uid), reader.filename, *where)
        reduced = f.raw("reduced")
        steps = f.int("steps", 2 if reduced else 1, minimum=1, maximum=MAX_STEPS)
        _check_values(reader, f.mapping("values"), uid)
        if isinstance(reduced, YDict):
            _check_values(reader, reduced, uid)
        units[uid] = UnitDef(
            uid, f.str("name", uid), f.str("side"), f.str("nationality"), f.str("formation"),
            f.str("type", "infantry"), f.str("size", "battalion"), plain_data(f.mapping("values")),
            plain_data(reduced) if isinstance(reduced, dict) else None, steps, tuple(f.str_list("flags")),
            f.str("supply"), f.str("color"), f.str("notes"),
        )
        if reduced is not None and not isinstance(reduced, dict):
            reader.error("bad-value", f"unit {uid}: 'reduced' must be a mapping of values", f.where_value("reduced"),
                         unit=uid)
    return units


def _check_values(reader: YamlReader, values: YDict, uid: str) -> None:
    """A unit's printed values the rules compute with (a movement allowance the movement kernel counts
    MP by MP, strengths the combat tables divide): numbers from 0 to MAX_UNIT_VALUE, reported at the
    value. Values that are not numbers are reported by validation (the family says which it reads)."""
    for key, v in values.items():
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            continue
        if not finite(v) or not 0 <= v <= MAX_UNIT_VALUE:
            reader.error("bad-value", f"unit {uid}: value {short(key)} must be from 0 to {MAX_UNIT_VALUE}, "
                         f"not {short(v)}", values.where_value(key), unit=uid)


def _read_entry(reader: YamlReader, data: Any, what: str, at: tuple[int, int] | None = None) -> Entry:
    f = Fields(reader, data, f"{what} entry", ("hex", "edge_range", "marker", "within", "offboard", "description",
                                               "area", "zone"), at=at)
    rng = f.str_list("edge_range")
    edge_range = None
    if rng:
        if len(rng) != 2:
            reader.error("bad-value", f"{what}: edge_range must be two hexes [from, to]", f.where_value("edge_range"))
        else:
            edge_range = (rng[0], rng[1])
    entry = Entry(f.opt_str("hex"), edge_range, f.opt_str("marker"), f.opt_int("within", 0, MAX_WITHIN),
                  f.opt_str("offboard"), f.str("description"), f.opt_str("area"), f.opt_str("zone"))
    chosen = [k for k in ("hex", "edge_range", "marker", "offboard", "area", "zone") if getattr(entry, k) is not None]
    if f.ok and len(chosen) > 1:  # none: not chosen yet, which validation reports ("no-entry")
        reader.error("bad-value", f"{what}: an entry needs exactly one of hex, edge_range, marker, offboard "
                     "(hex maps), area, zone (area maps)"
                     + (f" (has {', '.join(chosen)})" if chosen else ""), f.where())
    if entry.marker is not None and entry.within is None:
        reader.error("missing-key", f"{what}: an entry near a marker needs 'within' (hexes)", f.where())
    return entry


def read_scenario(data: Any, reader: YamlReader, base_dir: Path, sm: SourceMap) -> Scenario | None:
    top = Fields(reader, data, "the scenario", SCENARIO_KEYS, required=("title", "rules", "map", "sides"))
    if not top.ok:
        return None
    fname = reader.filename
    # -- the map
    map_value = top.raw("map")
    hexmap: HexMap | None = None
    area_map: AreaMap | None = None
    map_file = None
    if isinstance(map_value, str):
        map_file = map_value
        map_path = base_dir / map_value
        if not map_path.exists():
            reader.error("missing-file", f"map file {map_value!r} does not exist (looked in {map_path.parent})",
                         top.where_value("map"))
        else:
            # a save killed between its renames: the map file that goes with this scenario
            pending = committed_replacement(map_path, fname)
            any_map = read_any_map_file(pending or map_path, reader.diagnostics, sm)
            if isinstance(any_map, AreaMap):
                area_map = any_map
            else:
                hexmap = any_map
    elif isinstance(map_value, dict) and "areas" in map_value:
        area_map = read_area_map(map_value, reader, sm, embedded=True)
    elif isinstance(map_value, dict):
        hexmap = read_map(map_value, reader, sm, embedded=True)
    elif "map" in top.data:
        reader.error("bad-value", "map must be a map file name or an inline map", top.where_value("map"))
    map_missing = hexmap is None and area_map is None
    if area_map is not None:  # the hex stand-in shares the area map's terrain table (movement classes)
        hexmap = HexMap(GridSpec(1, 1), area_map.terrain_table, name=f"<area map {area_map.name}>")
    if hexmap is None:
        hexmap = HexMap(name="<missing>")
        if area_map is None:
            reader.warning("no-map", "the map could not be read; checks that need it are skipped", top.where("map"))

    sc = Scenario(top.str("title"), top.str("rules"), hexmap, map_file)
    sc.map_missing = map_missing
    sc.area_map = area_map
    sc.source = top.str("source")
    sc.description = top.str("description")
    sc.stacking_limit = top.int("stacking_limit", 1, minimum=1, maximum=MAX_STACKING)
    sm.set(("scenario",), fname, 1, 1)

    sides = top.seq("sides")
    sm.set(("sides",), fname, *top.where("sides"))
    for i, item in enumerate(sides):
        f = Fields(reader, item, f"side {i + 1}", ("id", "name", "color", "nationalities"), required=("id",),
                   at=sides.where(i))
        if not f.ok:
            continue
        sid = f.str("id")
        if sc.side(sid) is not None:
            reader.error("duplicate-id", f"side id {sid!r} is used twice", sides.where(i))
            continue
        sm.set(("side", sid), fname, *sides.where(i))
        sc.sides.append(Side(sid, f.str("name", sid.title()), f.str("color", "#506070"), f.str_list("nationalities")))
    sc.first_player = top.str("first_player", sc.sides[0].id if sc.sides else "")
    sm.set(("first_player",), fname, *top.where("first_player"))

    pools = top.mapping("support_pools")
    for sid, by_pool in pools.items():
        side = sc.side(str(sid))
        sm.set(("pool", str(sid)), fname, *pools.where(sid))
        pf = Fields(reader, by_pool, f"support_pools of {sid}", tuple(by_pool) if isinstance(by_pool, dict) else (),
                    at=pools.where_value(sid))
        pools_of: dict[str, list[SupportMarker]] = {}
        for pool_name in pf.data:
            markers = []
            seq = pf.seq(pool_name)
            for j, it in enumerate(seq):
                mf = Fields(reader, it, f"support marker {j + 1} of pool {pool_name!r}",
                            ("value", "count", "nationality", "kind", "range"), required=("value",),
                            at=seq.where(j))
                if mf.ok:
                    markers.append(SupportMarker(mf.int("value", minimum=0, maximum=MAX_POOL_VALUE),
                                                 mf.int("count", 1, minimum=0, maximum=MAX_POOL_COUNT),
                                                 mf.str("nationality", str(pool_name)), mf.str("kind", "artillery"),
                                                 mf.str("range", "adjacent")))
            pools_of[str(pool_name)] = markers
        if side is None:
            reader.error("unknown-reference", f"support_pools: unknown side {sid!r}", pools.where(sid))
        else:
            side.support_pools = pools_of

    units_seq = top.seq("units")
    sc.units = _read_units(reader, units_seq, sm)

    markers = top.seq("markers")
    for i, item in enumerate(markers):
        f = Fields(reader, item, f"marker {i + 1}", ("id", "kind", "side", "label", "hex", "values"),
                   required=("id", "kind"), at=markers.where(i))
        if not f.ok:
            continue
        mid = f.str("id")
        if mid in sc.markers or mid in sc.units:
            reader.error("duplicate-id", f"marker id {mid!r} is already used", markers.where(i))
            continue
        sm.set(("marker", mid), fname, *markers.where(i))
        check_marker_values(reader, f"marker {mid}", f.mapping("values"))
        sc.markers[mid] = MarkerDef(mid, f.str("kind"), f.str("side"), f.str("label", mid), f.opt_str("hex"),
                                    plain_data(f.mapping("values")))

    setup = top.mapping("setup")
    for uid, lab in setup.items():
        sm.set(("placement", str(uid)), fname, *setup.where(uid))
        if isinstance(lab, dict):  # {area: '17'} on an area map, {hex: '0103'} on a hex map
            key = "area" if area_map is not None else "hex"
            pf = Fields(reader, lab, f"setup of unit {uid}", (key,), required=(key,), at=setup.where_value(uid),
                        unit=str(uid))
            if pf.ok and pf.str(key):
                sc.placements[str(uid)] = pf.str(key)
            continue
        if isinstance(lab, list) or lab is None:
            reader.error("bad-value", f"setup: unit {uid} must be given " +
                         ("an area ({area: '17'})" if area_map is not None else "a hex label"), setup.where(uid),
                         unit=str(uid))
            continue
        text = str(lab)
        hex_part, level = split_location(text)
        if level is None and ":" in text:
            reader.error("bad-value", f"setup: unit {uid} is set up at {text!r}: write a hex label such as 'R18', "
                         f"or 'R18:1' for the location at Level 1 of that hex", setup.where_value(uid),
                         unit=str(uid))
            continue
        sc.placements[str(uid)] = hex_part
        if level is not None:
            sc.placement_levels[str(uid)] = level

    sc.start = read_start(reader, top, sc.rules, sm)

    zones = top.seq("setup_zones")
    for i, item in enumerate(zones):
        f = Fields(reader, item, f"set-up zone {i + 1}", ("name", "side", "units", "rules", "description"),
                   required=("side", "rules"), at=zones.where(i))
        if not f.ok:
            continue
        name = f.str("name", f"zone {i + 1}")
        sm.set(("setup_zone", name), fname, *zones.where(i))
        rules = []
        seq = f.seq("rules")
        for j, r in enumerate(seq):
            rf = Fields(reader, r, f"set-up zone {name!r} rule {j + 1}",
                        ("region", "edge", "terrain", "hexes", "within", "not"), at=seq.where(j))
            if not rf.ok:
                continue
            rule = ZoneRule(rf.opt_str("region"), rf.opt_str("edge"), rf.opt_str("terrain"),
                            rf.str_list("hexes") or None, rf.opt_int("within", 0, MAX_WITHIN), rf.bool("not"))
            selectors = [k for k in ("region", "edge", "terrain", "hexes") if getattr(rule, k) is not None]
            if len(selectors) != 1:
                reader.error("bad-value", f"set-up zone {name!r} rule {j + 1}: give exactly one of region, edge, "
                             "terrain, hexes", seq.where(j))
            if (rule.edge is not None or rule.terrain is not None) and rule.within is None:
                reader.error("missing-key", f"set-up zone {name!r} rule {j + 1}: 'within' (hexes) is needed",
                             seq.where(j))
            rules.append(rule)
        sc.setup_zones.append(SetupZone(name, f.str("side"), f.str_list("units"), rules, f.str("description")))

    reinf = top.seq("reinforcements")
    for i, item in enumerate(reinf):
        f = Fields(reader, item, f"reinforcement {i + 1}", ("turn", "side", "units", "entry", "airborne", "note"),
                   required=("turn", "side", "units", "entry"), at=reinf.where(i))
        if not f.ok:
            continue
        sm.set(("reinforcement", i), fname, *reinf.where(i))
        sc.reinforcements.append(Reinforcement(
            f.int("turn", 1, minimum=1, maximum=MAX_TURNS), f.str("side"), f.str_list("units"),
            _read_entry(reader, f.raw("entry"), f"reinforcement {i + 1}", f.where_value("entry")),
            f.bool("airborne"), f.str("note"),
        ))

    turns = top.seq("turns")
    if len(turns) > MAX_TURNS:
        reader.error("bad-value", f"the turn track has {len(turns)} turns, more than a scenario may have "
                     f"({MAX_TURNS})", turns.where(MAX_TURNS))
        del turns[MAX_TURNS:]
    for i, item in enumerate(turns):
        f = Fields(reader, item, f"turn {i + 1}", ("turn", "night", "allotments", "events", "label"),
                   at=turns.where(i))
        if not f.ok:
            continue
        number = f.int("turn", i + 1)
        if number != i + 1:
            reader.error("bad-value", f"turns must be numbered 1, 2, 3 ... in order; entry {i + 1} says {number}",
                         turns.where(i))
        sm.set(("turn", i + 1), fname, *turns.where(i))
        check_allotments(reader, f"turn {i + 1}", f.mapping("allotments"))
        sc.turns.append(TurnInfo(i + 1, f.bool("night"), plain_data(f.mapping("allotments")), f.str_list("events"),
                                 f.str("label")))

    vic = top.seq("victory")
    for i, item in enumerate(vic):
        f = Fields(reader, item, f"victory condition {i + 1}",
                   ("kind", "side", "result", "when", "hexes", "count", "units", "points", "description"),
                   required=("kind",), at=vic.where(i))
        if not f.ok:
            continue
        sm.set(("victory", i), fname, *vic.where(i))
        kind = f.str("kind")
        if kind not in VICTORY_KINDS:
            reader.error("bad-value", f"victory condition {i + 1}: kind must be one of {', '.join(VICTORY_KINDS)}, "
                         f"not {kind!r}", f.where_value("kind"))
        result = f.str("result", "win")
        if result not in ("win", "draw"):
            reader.error("bad-value", f"victory condition {i + 1}: result must be 'win' or 'draw'",
                         f.where_value("result"))
        when = f.str("when", "end")
        if when not in ("immediate", "end"):
            reader.error("bad-value", f"victory condition {i + 1}: when must be 'immediate' or 'end'",
                         f.where_value("when"))
        check_victory(reader, f"victory condition {i + 1}", f.mapping("points"), f.mapping("units"))
        sc.victory.append(VictoryCondition(kind, f.str("side"), result, when, f.str_list("hexes"),
                                           f.int("count", 1, minimum=0, maximum=MAX_COUNT),
                                           plain_data(f.mapping("units")),
                                           plain_data(f.mapping("points")), f.str("description")))

    tables = top.mapping("tables")
    for name, item in tables.items():
        f = Fields(reader, item, f"table {name!r}",
                   ("title", "reconstructed", "source", "notes", "blank", "columns", "rows"),
                   required=("columns", "rows"), at=tables.where_value(name))
        if not f.ok:
            continue
        sm.set(("table", str(name)), fname, *tables.where(name))
        rows_data = f.mapping("rows")
        rows: dict[str, list[Any]] = {}
        for rname, cells in rows_data.items():
            sm.set(("table", str(name), str(rname)), fname, *rows_data.where(rname))
            if not isinstance(cells, list):
                reader.error("bad-value", f"table {name!r}: row {rname!r} must be a list of cells",
                             rows_data.where(rname))
                continue
            rows[str(rname)] = plain_data(cells)
        columns = f.str_list("columns")
        check_table(reader, sc.rules, str(name), columns, rows_data, tables.where(name), f.where_value("columns"))
        sc.tables[str(name)] = Table(str(name), columns, rows, f.str("title", str(name)),
                                     f.bool("reconstructed"), f.str("source"), f.str("notes"), f.str("blank", "-"))
    check_options(reader, top.mapping("options"), [s.id for s in sc.sides])
    sc.options = plain_data(top.mapping("options"))
    return sc


def load_document(text: str, filename: str, base_dir: Path | None = None) -> LoadResult:
    """Load a scenario from text. Never raises for bad input: problems come back as diagnostics."""
    result = LoadResult(None)
    data, reader = load_yaml(text, filename, result.diagnostics)
    if data is None:
        if not result.diagnostics:
            reader.error("empty-file", "the file is empty", (1, 1))
        return result
    data = check_header(reader, data, SCENARIO_KIND)
    if data is None:
        return result
    result.scenario = read_scenario(data, reader, base_dir or Path(filename).parent, result.source_map)
    return result


def load_scenario(path: str | Path) -> LoadResult:
    p = Path(path)
    diags: list[Diagnostic] = []
    text = read_source(p, diags)
    if text is None:
        return LoadResult(None, diags)
    return load_document(text, str(p), p.parent)


# ---------------------------------------------------------------------------------------------
# writing
# ---------------------------------------------------------------------------------------------
def _nonempty(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    return {k: v for k, v in pairs if v not in (None, "", [], {}, ())}


def dump_scenario(sc: Scenario, inline_map: bool | None = None) -> str:
    """The scenario as YAML. The map is written inline unless the scenario names a map file
    (then save the map with `save_map` beside it)."""
    inline = sc.map_file is None if inline_map is None else inline_map
    d: dict[str, Any]
    out = [f"format_version: {FORMAT_VERSION}\n", f"kind: {SCENARIO_KIND}\n", f"title: {scalar(sc.title)}\n",
           f"rules: {scalar(sc.rules)}\n"]
    if sc.source:
        out.append(f"source: {scalar(sc.source)}\n")
    if sc.description:
        out.append(block_text("description", sc.description))
    out.append(f"first_player: {scalar(sc.first_player)}\n")
    out.append(f"stacking_limit: {sc.stacking_limit}\n")
    out.append("sides:\n")
    for s in sc.sides:
        side = _nonempty([("id", s.id), ("name", s.name), ("color", s.color), ("nationalities", s.nationalities)])
        out.append(f"  - {flow(side)}\n")
    pools = [(s.id, s.support_pools) for s in sc.sides if s.support_pools]
    if pools:
        out.append("support_pools:\n")
        for sid, by_pool in pools:
            out.append(f"  {scalar(sid)}:\n")
            for pool, markers in by_pool.items():
                items = [_nonempty([("value", m.value), ("count", m.count), ("nationality", m.nationality),
                                    ("kind", m.kind), ("range", m.range)]) for m in markers]
                out.append(f"    {scalar(pool)}: {flow(items)}\n")
    if sc.turns:
        out.append("turns:\n")
        for t in sc.turns:
            d = {"turn": t.number}
            d.update(_nonempty([("night", t.night or None), ("label", t.label), ("allotments", t.allotments),
                                ("events", t.events)]))
            out.append(f"  - {flow(d)}\n")
    if sc.units:
        out.append("units:\n")
        for u in sc.units.values():
            d = _nonempty([("id", u.id), ("name", u.name if u.name != u.id else ""), ("side", u.side),
                           ("nationality", u.nationality), ("formation", u.formation), ("type", u.unit_type),
                           ("size", u.size), ("values", u.values), ("reduced", u.reduced),
                           ("steps", u.steps if u.steps != (2 if u.reduced else 1) else None),
                           ("flags", list(u.flags)), ("supply", u.supply), ("color", u.color), ("notes", u.notes)])
            out.append(f"  - {flow(d)}\n")
    if sc.markers:
        out.append("markers:\n")
        for mk in sc.markers.values():
            d = _nonempty([("id", mk.id), ("kind", mk.kind), ("side", mk.side),
                           ("label", mk.label if mk.label != mk.id else ""), ("hex", mk.hex), ("values", mk.values)])
            out.append(f"  - {flow(d)}\n")
    if sc.placements:
        out.append("setup:\n")
        for uid, lab in sc.placements.items():
            level = sc.placement_levels.get(uid)
            text = lab if level is None else f"{lab}:{level}"
            out.append(f"  {scalar(uid)}: {flow({'area': lab}) if sc.area_map is not None else scalar(text)}\n")
    out.append(dump_start(sc.start, sc.rules))
    if sc.setup_zones:
        out.append("setup_zones:\n")
        for z in sc.setup_zones:
            rules = [_nonempty([("region", r.region), ("edge", r.edge), ("terrain", r.terrain), ("hexes", r.hexes),
                                ("within", r.within), ("not", r.negate or None)]) for r in z.rules]
            d = _nonempty([("name", z.name), ("side", z.side), ("units", z.units), ("rules", rules),
                           ("description", z.description)])
            out.append(f"  - {flow(d)}\n")
    if sc.reinforcements:
        out.append("reinforcements:\n")
        for r in sc.reinforcements:
            e = r.entry
            entry = _nonempty([("hex", e.hex), ("area", e.area), ("zone", e.zone),
                               ("edge_range", list(e.edge_range) if e.edge_range else None),
                               ("marker", e.marker), ("within", e.within), ("offboard", e.offboard),
                               ("description", e.description)])
            # the keys the reader requires are always written, even when empty
            d = {"turn": r.turn, "side": r.side, "units": r.units, "entry": entry}
            d.update(_nonempty([("airborne", r.airborne or None), ("note", r.note)]))
            out.append(f"  - {flow(d)}\n")
    if sc.victory:
        out.append("victory:\n")
        for v in sc.victory:
            d = _nonempty([("kind", v.kind), ("side", v.side), ("result", v.result), ("when", v.when),
                           ("hexes", v.hexes), ("count", v.count if v.count != 1 else None), ("units", v.units),
                           ("points", v.points), ("description", v.description)])
            out.append(f"  - {flow(d)}\n")
    if sc.tables:
        out.append("tables:\n")
        for name, table in sc.tables.items():
            out.append(f"  {scalar(name)}:\n")
            out.append(f"    title: {scalar(table.title)}\n")
            if table.reconstructed:
                out.append("    reconstructed: true\n")
            if table.source:
                out.append(f"    source: {scalar(table.source)}\n")
            if table.notes:
                out.append(block_text("notes", table.notes, "    "))
            if table.blank != "-":
                out.append(f"    blank: {scalar(table.blank)}\n")
            out.append(f"    columns: {flow(table.columns)}\n")
            out.append("    rows:\n")
            for rname, cells in table.rows.items():
                out.append(f"      {scalar(rname)}: {flow(cells)}\n")
    if sc.options:
        out.append(f"options: {flow(sc.options)}\n")
    if inline:
        out.append("map:\n")
        out.append(dump_map_body(sc.map, "  ") if sc.area_map is None else dump_area_map_body(sc.area_map, "  "))
    else:
        out.append(f"map: {scalar(sc.map_file)}\n")
    return "".join(out)


def save_scenario(sc: Scenario, path: str | Path, save_map_file: bool = True) -> None:
    """Save atomically; a scenario with a separate map file saves that file beside it too, and the two
    commit together: both are written to temporary files first, then the scenario file commits the pair
    (engine/formats/atomic.py `atomic_write_texts`). A save killed at any moment leaves the old pair or
    the new one as the loader reads them (a map file whose rename the kill prevented is read from its
    complete temporary file, and the next save finishes the rename); never a new map with an old
    scenario or the other way round. Nothing is written if the scenario cannot be serialised."""
    p = Path(path)
    files = [(p, dump_scenario(sc))]
    if sc.map_file is not None and save_map_file:
        files.append((p.parent / sc.map_file, dump_map(sc.map) if sc.area_map is None
                      else dump_area_map(sc.area_map)))
    for i, (_, text) in enumerate(files):
        check_loadable(text, "the scenario" if i == 0 else "its map file")
    atomic_write_texts(files)
