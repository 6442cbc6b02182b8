"""Writing a scenario as a VASSAL module (.vmod): a zip of `buildFile.xml`, `moduledata` and `images/`,
in the form VASSAL 3.7 reads (vassalengine/vassal: VASSAL.build.GameModule, Map, HexGrid,
HexGridNumbering, PieceSlot, SetupStack; VASSAL.tools.SequenceEncoder for piece definitions).

- A hex map is one board (the picture the app renders) with a HexGrid whose numbering gives every hex
  the label Hexwright prints: flat-top hexes are VASSAL's upright grid (dx the column spacing, dy the
  hex height, x0/y0 the centre of the first column's first hex; odd columns lower, so `stagger` is
  set when the even columns are the lower ones); pointy-top hexes are its `sideways` grid, where
  VASSAL's columns run across the screen rows (so the numbering's column and row swap, `first="V"`).
- An area map (Storm over Arnhem) is one board, the drawn area map, with a ZonedGrid: each area a Zone
  (its outline, named by its number and name) holding an irregular grid (RegionGrid) of one Region named
  by the area's number at a point well inside it, so a piece dropped in an area snaps to that point and
  VASSAL names its location by the area's number.
- Every counter is a piece: an empty basic piece under a Layer (Embellishment) trait of two levels,
  the front and the back (reduced values), flipped with Ctrl+F or the menu's Flip; a Marker trait
  gives it the properties `Side` (its side's name), `UnitId`, `Nationality`, `Formation`, `Type`,
  `Size` and its printed values (`attack`, ...), which VASSAL shows and `hexwright import` reads back.
- The order of battle is set up as at-start stacks on their set-up hexes (areas); the reinforcements
  stand in a separate "Reinforcements" window, one stack per turn and side, each unit once (at its
  first arrival; the stack's name lists every entry the scenario allows it); the piece palette holds
  the counters neither set up nor arriving; a turn track counts the scenario's turns (by their labels,
  "A", "B", "1", ... when the scenario names them); a die roller rolls 1d6; the global property
  `HexwrightRules` names the scenario's rules family.

Images are made by the caller (the app draws the map and the counters); this module writes the rest.
"""

from __future__ import annotations

import io
import math
import time
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..model.hexmap import GridSpec
from ..model.placement import location_text, set_up_level
from ..model.scenario import Scenario
from .atomic import atomic_write_bytes

VASSAL_VERSION = "3.7.0"
RULES_PROPERTY = "HexwrightRules"  # a global property naming the scenario's rules family, read on import
FLIP_KEY = "70,130"  # Ctrl+F as VASSAL encodes a key stroke: key code, modifiers
P = "VASSAL.build.module."


class SequenceEncoder:
    """VASSAL.tools.SequenceEncoder: tokens joined by a delimiter; a delimiter inside a token is escaped
    with a backslash; a token starting with a backslash, or quoted, is quoted."""

    def __init__(self, delim: str, first: str | None = None) -> None:
        self.delim = delim
        self.buffer: str | None = None
        if first is not None:
            self.append(first)

    def append(self, value: str | int | float | bool | Iterable[str]) -> SequenceEncoder:
        if type(value) is str:  # the usual case first (a module of thousands of counters appends ~70 each)
            text = value
        elif isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, (int, float, str)):
            text = str(value)
        else:  # a string array (StringArrayConfigurer.arrayToString)
            inner = SequenceEncoder(",")
            for item in value:
                inner.append(item)
            text = inner.value()
        self.buffer = "" if self.buffer is None else self.buffer + self.delim
        if not text:
            return self
        escaped = text.replace(self.delim, "\\" + self.delim)
        if text[0] == "\\" or (text[0] == "'" and text[-1] == "'"):
            escaped = f"'{escaped}'"
        self.buffer += escaped
        return self

    def value(self) -> str:
        return self.buffer or ""


def basic_piece(name: str, image: str = "") -> tuple[str, str]:
    """VASSAL.counters.BasicPiece: type `piece;CLONE;DELETE;IMAGE;NAME`, state `MAP;X;Y;GPID;PROPS`."""
    t = SequenceEncoder(";", "").append("").append(image).append(name).value()
    return "piece;" + t, SequenceEncoder(";").append("null").append(0).append(0).append("").append(0).value()


def layer_trait(front: str, back: str | None) -> tuple[str, str]:
    """VASSAL.counters.Embellishment (a Layer, version 1): the front image, and the back one a level up,
    looping, always active; Ctrl+F (`Flip`) goes to the next level."""
    images = [front, back] if back else [front]
    se = SequenceEncoder(";")
    for token in ("", 0, "", "Flip" if back else "", 0, "", "", 0, "", "", "", "1", False, 0, 0):
        se.append(token)
    se.append(images).append(["", "+ (reduced)"] if back else [""]).append(True).append("Side")
    se.append("").append("")  # random layers: key, text
    se.append(False).append("").append(1)  # follow property, its name, first level value
    se.append(1).append(True)  # version, always active
    se.append("").append(FLIP_KEY if back else "").append("")  # activate, increase, decrease key strokes
    se.append("Front and back").append(1.0).append("").append("true")
    return "emb2;" + se.value(), "1"


def marker_trait(props: dict[str, str]) -> tuple[str, str]:
    """VASSAL.counters.Marker: `mark;` and the property names, its state the values (each ","-encoded)."""
    keys, values = SequenceEncoder(","), SequenceEncoder(",")
    for k, v in props.items():
        keys.append(k)
        values.append(v)
    return "mark;" + keys.value(), values.value()


def piece_definition(name: str, front: str, back: str | None, props: dict[str, str] | None = None) -> str:
    """The text of a PieceSlot: BasicCommandEncoder's AddPiece (`+/null/TYPE/STATE`), the traits from the
    outermost in, each a Decorator (`MYTYPE<TAB>INNER`, the inner text escaped a level deeper): the Marker
    of `props` (when given), the Layer of the two sides, the BasicPiece."""
    basic_type, basic_state = basic_piece(name)
    layer_type, layer_state = layer_trait(front, back)
    piece_type = SequenceEncoder("\t", layer_type).append(basic_type).value()
    piece_state = SequenceEncoder("\t", layer_state).append(basic_state).value()
    if props:
        mark_type, mark_state = marker_trait(props)
        piece_type = SequenceEncoder("\t", mark_type).append(piece_type).value()
        piece_state = SequenceEncoder("\t", mark_state).append(piece_state).value()
    return "+/" + SequenceEncoder("/", "null").append(piece_type).append(piece_state).value()


@dataclass(frozen=True)
class VassalGrid:
    """A HexGrid and its HexGridNumbering, in board pixels."""

    dx: float
    dy: float
    x0: int
    y0: int
    sideways: bool
    stagger: bool
    numbering: dict[str, str]


def vassal_grid(grid: GridSpec, scale: float) -> tuple[VassalGrid, list[str]]:
    """The VASSAL grid that lays its hexes over the picture of `grid` drawn at `scale`, and names them
    as Hexwright does; notes when the numbering cannot be matched exactly."""
    s = grid.hex_size * scale
    cx, cy = grid.layout(s).hex_to_pixel(grid.offset.to_hex(0, 0))
    sideways = grid.orientation == "pointy"
    lab = grid.labels
    notes: list[str] = []
    if lab.kind == "xxyy":
        col = {"type": "N", "off": str(lab.first_column), "leading": str(lab.digits - 1)}
    else:
        col = {"type": "A", "off": str(lab.first_column - 1), "leading": "0"}
        if lab.letters == "spreadsheet" and grid.columns + lab.first_column - 1 > 26:
            notes.append("VASSAL letters columns past Z as AA, BB, ...; this map letters them AA, AB, ...: "
                         "columns after Z are named differently in VASSAL")
    row = {"type": "N", "off": str(lab.first_row), "leading": str(lab.digits - 1 if lab.kind == "xxyy" else 0)}
    # upright grid: VASSAL's column (h) is the screen column; sideways: VASSAL's column runs down the screen
    h, v = (row, col) if sideways else (col, row)
    numbering = {"first": "V" if sideways else "H", "sep": "", "hType": h["type"], "hOff": h["off"],
                 "hLeading": h["leading"], "vType": v["type"], "vOff": v["off"], "vLeading": v["leading"],
                 "hDescend": "false", "vDescend": "false", "stagger": "true" if grid.stagger == "even" else "false",
                 "locationFormat": "$gridLocation$", "visible": "false", "fontSize": "9", "color": "0,0,0",
                 "rotateText": "0", "hDrawOff": "0", "vDrawOff": "0"}
    x0, y0 = (cy, cx) if sideways else (cx, cy)
    a = grid.hex_aspect  # a stretched grid (hexes from a Tiled map) keeps its pitches: VASSAL has dx and dy
    return VassalGrid(1.5 * s * (a if sideways else 1.0), math.sqrt(3.0) * s * (1.0 if sideways else a), round(x0),
                      round(y0), sideways, grid.stagger == "even", numbering), notes


@dataclass
class Counter:
    uid: str
    name: str
    side: str
    front: str  # image file name in images/
    back: str | None
    size: int
    properties: dict[str, str] = field(default_factory=dict)  # the piece's Marker properties


Slots = dict[tuple[int, str, int], tuple[int, int]]  # (turn, side, group) -> the x, y of its stack


@dataclass
class ModuleImages:
    board: str  # the map picture's file name
    board_size: tuple[int, int]
    scale: float  # the map picture's pixels per Hexwright scene unit (area map: per map unit)
    counters: dict[str, Counter]  # unit id -> its counter
    reinforcement_board: str | None = None
    reinforcement_size: tuple[int, int] = (0, 0)
    reinforcement_slots: Slots = field(default_factory=dict)  # (turn, side, k) -> the x, y of that stack
    files: dict[str, bytes] = field(default_factory=dict)  # every picture, by file name


def reinforcement_groups(sc: Scenario) -> dict[tuple[int, str], list[tuple[tuple[str, ...], list[str]]]]:
    """The arriving units by (turn, side), in groups of the same entries: [(entries, unit ids), ...]."""
    out: dict[tuple[int, str], list[tuple[tuple[str, ...], list[str]]]] = {}
    for uid, (turn, side, where) in arrivals(sc).items():
        if uid not in sc.units:
            continue
        groups = out.setdefault((turn, side), [])
        key = tuple(where)
        group = next((g for g in groups if g[0] == key), None)
        if group is None:
            groups.append((key, [uid]))
        else:
            group[1].append(uid)
    return out


def reinforcement_slots(sc: Scenario, counter_px: int) -> tuple[tuple[int, int], Slots]:
    """Where each group of reinforcements stands in the holding window: a row per turn with arrivals, a
    column per side, the groups of a turn and side (units with the same entries) side by side in their
    cell; returns the window's size and the stack positions by (turn, side, group index)."""
    groups = reinforcement_groups(sc)
    turns = sorted({t for t, _ in groups})
    sides = [s.id for s in sc.sides] or sorted({side for _, side in groups})
    sides += sorted({side for _, side in groups} - set(sides))
    per_cell = max((len(g) for g in groups.values()), default=1)
    pitch = int(counter_px * 1.6)
    cell_w, cell_h, label_w = max(counter_px * 3, pitch * per_cell + counter_px), pitch, counter_px * 2
    slots = {}
    for i, turn in enumerate(turns):
        for j, side in enumerate(sides):
            n = len(groups.get((turn, side), []))
            for k in range(n):
                x = label_w + j * cell_w + cell_w // 2 + round((k - (n - 1) / 2) * pitch)
                slots[(turn, side, k)] = (x, counter_px // 2 + i * cell_h + cell_h // 2)
    size = (label_w + max(1, len(sides)) * cell_w, counter_px + max(1, len(turns)) * cell_h)
    return size, slots


def _el(parent: ET.Element, cls: str, attrs: dict[str, str] | None = None, text: str | None = None) -> ET.Element:
    e = ET.SubElement(parent, cls if cls.startswith("VASSAL.") else P + cls, attrs or {})
    if text is not None:
        e.text = text
    return e


class _Ids:
    def __init__(self) -> None:
        self.next = 1

    def __call__(self) -> str:
        self.next += 1
        return str(self.next - 1)


def _slot(parent: ET.Element, c: Counter, gpid: _Ids) -> None:
    _el(parent, "VASSAL.build.widget.PieceSlot", {"entryName": c.name, "gpid": gpid(), "width": str(c.size),
                                                 "height": str(c.size)},
        piece_definition(c.name, c.front, c.back, c.properties))


def _map_children(m: ET.Element) -> None:
    for cls in ("map.StackMetrics", "map.ForwardToKeyBuffer", "map.Scroller", "map.ForwardToChatter",
                "map.MenuDisplayer", "map.MapCenterer", "map.StackExpander", "map.PieceMover", "map.KeyBufferer",
                "map.ImageSaver", "map.CounterDetailViewer", "map.Zoomer", "map.SelectionHighlighters",
                "map.HighlightLastMoved"):
        _el(m, cls)


def _hex_board(board: ET.Element, sc: Scenario, images: ModuleImages) -> tuple[dict[str, tuple[int, int]], list[str]]:
    """The HexGrid of a hex map's board; the pixel point of every hex label, and notes."""
    grid, notes = vassal_grid(sc.map.grid, images.scale)
    hex_grid = _el(board, "map.boardPicker.board.HexGrid", {
        "dx": f"{grid.dx:.4f}", "dy": f"{grid.dy:.4f}", "x0": str(grid.x0), "y0": str(grid.y0),
        "sideways": "true" if grid.sideways else "false", "visible": "false", "dotsVisible": "false",
        "edgesLegal": "false", "cornersLegal": "false", "snapTo": "true", "color": "0,0,0"})
    _el(hex_grid, "map.boardPicker.board.mapgrid.HexGridNumbering", grid.numbering)
    m = sc.map
    layout = m.grid.layout(m.grid.hex_size * images.scale)
    points = {}
    for label in set(sc.placements.values()):
        h = m.hex_at(label)
        if h is not None:
            x, y = layout.hex_to_pixel(h)
            points[label] = (round(x), round(y))
    return points, notes


def area_zone_name(area_id: str, name: str) -> str:
    """The name of an area's Zone: its number, and its name when it has one ("17 Ramp, east houses")."""
    return f"{area_id} {name}" if name and name != area_id else area_id


def _area_board(board: ET.Element, sc: Scenario, images: ModuleImages) -> dict[str, tuple[int, int]]:
    """The ZonedGrid of an area map's board: a Zone per area (its outline in board pixels) holding one
    Region named by the area's number at its pole of inaccessibility; the pixel point of every area."""
    from ..model.areageom import label_point

    am = sc.area_map
    assert am is not None
    zoned = _el(board, "map.boardPicker.board.ZonedGrid")
    points = {}
    k = images.scale
    for aid, area in am.areas.items():
        ring = [(round(x * k), round(y * k)) for x, y in area.polygon]
        if len(ring) < 3:
            continue
        px, py = label_point(am.geometry(aid))
        point = (round(px * k), round(py * k))
        points[aid] = point
        zone = _el(zoned, "map.boardPicker.board.mapgrid.Zone", {
            "name": area_zone_name(aid, area.name), "path": ";".join(f"{x},{y}" for x, y in ring),
            "locationFormat": "$gridLocation$", "useParentGrid": "false", "useHighlight": "false",
            "highlightProperty": ""})
        regions = _el(zone, "map.boardPicker.board.RegionGrid", {"snapto": "true", "visible": "false",
                                                                  "fontsize": "9"})
        _el(regions, "map.boardPicker.board.Region", {"name": aid, "originx": str(point[0]),
                                                      "originy": str(point[1])})
    return points


def arrivals(sc: Scenario) -> dict[str, tuple[int, str, list[str]]]:
    """unit id -> (turn, side, every entry offered) of its first arrival; units set up are left out (the
    set-up wins, as the order of battle reads it). A unit that may enter in one of several zones (The
    Crossing 2.1: "zones D and/or E") is listed once, with both entries."""
    from ..model.oob import describe_entry

    out: dict[str, tuple[int, str, list[str]]] = {}
    for r in sc.reinforcements:
        where = describe_entry(r.entry)  # "hex 0104", "0101 to 0105", "zone E", ... as the charts say
        for uid in r.units:
            if uid in sc.placements:
                continue
            first = out.setdefault(uid, (r.turn, r.side, []))
            if (first[0], first[1]) == (r.turn, r.side) and where and where not in first[2]:
                first[2].append(where)
    return out


def build_file(sc: Scenario, images: ModuleImages, title: str = "") -> tuple[str, list[str]]:
    """buildFile.xml of the module and notes on what VASSAL shows differently."""
    gpid = _Ids()
    root = ET.Element("VASSAL.build.GameModule", {
        "name": title or sc.title, "version": "1.0", "VassalVersion": VASSAL_VERSION,
        "description": _first_line(sc.description), "nextPieceSlotId": "0"})
    for cls in ("BasicCommandEncoder", "Documentation", "GlobalOptions", "Chatter", "KeyNamer",
                "VASSAL.i18n.Language"):
        _el(root, cls)
    roster = _el(root, "PlayerRoster", {"buttonText": "Retire"})
    for player_side in sc.sides:  # the sides players choose from: plain <entry> elements
        ET.SubElement(roster, "entry").text = player_side.name or player_side.id

    main = _el(root, "Map", {"mapName": "Main Map", "markMoved": "Always", "backgroundcolor": "255,255,255"})
    picker = _el(main, "map.BoardPicker")
    board = _el(picker, "map.boardPicker.Board", {"name": "Map", "image": images.board, "reversible": "false",
                                                  "width": str(images.board_size[0]),
                                                  "height": str(images.board_size[1])})
    notes: list[str] = []
    if sc.area_map is not None:
        points = _area_board(board, sc, images)
    else:
        points, notes = _hex_board(board, sc, images)
    _map_children(main)

    by_place: dict[tuple[str, int | None], list[str]] = {}
    for uid, label in sc.placements.items():
        if uid in images.counters:
            level = None if sc.area_map is not None else set_up_level(sc, uid)
            by_place.setdefault((label, level), []).append(uid)
    set_up: set[str] = set()
    for (label, level), uids in sorted(by_place.items(),
                                       key=lambda kv: (kv[0][0], kv[0][1] is not None, kv[0][1] or 0)):
        if label not in points:
            what = "area" if sc.area_map is not None else "hex"
            notes.append(f"set-up {what} {label} is not on the map: {', '.join(uids)} left in the piece palette")
            continue
        x, y = points[label]
        where = label
        if level is not None:
            h = sc.map.hex_at(label)
            assert h is not None
            where = location_text(sc.map, h, level)
            notes.append(f"VASSAL has no locations within a hex (ASL Arnhem Bridge 1.1): {', '.join(uids)} set up at "
                         f"{where} start in hex {label}, in a stack of their own named {where}")
        stack = _el(main, "map.SetupStack", {"name": f"{where}: {', '.join(images.counters[u].name for u in uids)}",
                                             "owningBoard": "Map", "useGridLocation": "true", "location": label,
                                             "x": str(x), "y": str(y)})
        for uid in uids:
            _slot(stack, images.counters[uid], gpid)
            set_up.add(uid)

    arriving = {uid: a for uid, a in arrivals(sc).items() if uid in images.counters}
    if images.reinforcement_board and arriving:
        held = _el(root, "Map", {"mapName": "Reinforcements", "launch": "true", "buttonName": "Reinforcements",
                                 "markMoved": "Never", "backgroundcolor": "255,255,255"})
        hp = _el(held, "map.BoardPicker")
        _el(hp, "map.boardPicker.Board", {"name": "Reinforcements", "image": images.reinforcement_board,
                                          "reversible": "false", "width": str(images.reinforcement_size[0]),
                                          "height": str(images.reinforcement_size[1])})
        _map_children(held)
        for (turn, side), groups in sorted(reinforcement_groups(sc).items()):
            info = sc.side(side)
            for k, (entries, uids) in enumerate(groups):
                x, y = images.reinforcement_slots[(turn, side, k)]
                where = " or ".join(entries)
                label = f"Turn {turn_label(sc, turn)} {(info.name if info else '') or side}" + \
                    (f" (enter {where})" if where else "")
                stack = _el(held, "map.SetupStack", {"name": label, "owningBoard": "Reinforcements",
                                                     "useGridLocation": "false", "x": str(x), "y": str(y)})
                for uid in uids:
                    _slot(stack, images.counters[uid], gpid)
                    set_up.add(uid)

    spare = [c for c in images.counters.values() if c.uid not in set_up]
    if spare:
        palette = _el(root, "PieceWindow", {"name": "Counters", "text": "Counters", "hotkey": "67,520"})
        tabs = _el(palette, "VASSAL.build.widget.TabWidget", {"entryName": "Counters"})
        side_ids = [s.id for s in sc.sides]
        for side in side_ids + sorted({c.side for c in spare} - set(side_ids)):
            of_side = [c for c in spare if c.side == side]
            if not of_side:
                continue
            info = sc.side(side)
            lw = _el(tabs, "VASSAL.build.widget.ListWidget", {"entryName": (info.name if info else "") or side})
            for c in of_side:
                _slot(lw, c, gpid)

    _el(root, "DiceButton", {"name": "1d6", "text": "1d6", "nDice": "1", "nSides": "6", "plus": "0",
                             "reportTotal": "false", "addToTotal": "0", "prompt": "false",
                             "reportFormat": "** $name$ = $result$ *** <$PlayerName$>"})
    _turn_tracker(root, sc)
    props = _el(root, "properties.GlobalProperties")
    _el(props, "properties.GlobalProperty", {"name": RULES_PROPERTY, "initialValue": sc.rules,
                                             "description": "the Hexwright rules family of this scenario",
                                             "isNumeric": "false"})
    root.set("nextPieceSlotId", str(gpid.next))
    ET.indent(root, "  ")
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + ET.tostring(root, encoding="unicode") + "\n", \
        notes


def turn_label(sc: Scenario, turn: int) -> str:
    """The turn as the scenario's turn track names it (The Crossing: "A", "B", "1" ...), else its number."""
    info = next((t for t in sc.turns if t.number == turn), None)
    return (info.label if info else "") or str(turn)


def _turn_tracker(root: ET.Element, sc: Scenario) -> None:
    """The turn track: `turnFormat` names the turn by its level (`$level1$`, which only the turn format
    knows); the report uses the tracker's own `$oldTurn$` and `$newTurn$` (VASSAL.build.module.turn.
    TurnTracker). Turns the scenario labels ("A", "B", "1" ...) are a list level, others a counter."""
    turns = max(1, sc.turn_count)
    tracker = _el(root, "turn.TurnTracker", {"name": "Game Turn", "buttonText": "Turn",
                                             "turnFormat": "Game Turn $level1$",
                                             "reportFormat": "* <$PlayerId$> $oldTurn$ to $newTurn$"})
    labels = [turn_label(sc, t.number) for t in sorted(sc.turns, key=lambda t: t.number)]
    if any(t.label for t in sc.turns):
        listed = SequenceEncoder(",")  # StringArrayConfigurer: the labels as a ","-encoded sequence
        for lab in labels:
            listed.append(lab)
        _el(tracker, "turn.ListTurnLevel", {"name": "Game Turn", "property": "turn", "turnFormat": "$value$",
                                            "list": listed.value(), "configList": "false", "configFirst": "false",
                                            "prompt": ""})
    else:
        _el(tracker, "turn.CounterTurnLevel", {"name": "Game Turn", "property": "turn", "start": "1", "incr": "1",
                                               "loop": "false", "loopLimit": str(turns), "turnFormat": "$value$"})


def _first_line(text: str) -> str:
    return (text.strip().splitlines() or [""])[0][:200]


def module_data(name: str, description: str = "") -> str:
    """The `moduledata` entry VASSAL reads without loading the module (VASSAL.build.module.metadata)."""
    root = ET.Element("data", {"version": "1"})
    for tag, text in (("version", "1.0"), ("extra1", ""), ("extra2", ""), ("VassalVersion", VASSAL_VERSION),
                      ("dateSaved", str(int(time.time() * 1000))), ("description", description[:200]),
                      ("name", name)):
        ET.SubElement(root, tag).text = text
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def save_vmod(path: str | Path, sc: Scenario, images: ModuleImages, title: str = "") -> list[str]:
    """Write the module atomically; returns the notes of build_file."""
    build, notes = build_file(sc, images, title)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("buildFile.xml", build)
        z.writestr("moduledata", module_data(title or sc.title, _first_line(sc.description)))
        for name, data in sorted(images.files.items()):
            z.writestr(f"images/{name}", data, compress_type=zipfile.ZIP_STORED)  # PNGs are compressed already
    atomic_write_bytes(path, buf.getvalue())
    return notes
