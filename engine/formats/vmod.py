"""Writing a scenario as a VASSAL module (.vmod): a zip of `buildFile.xml`, `moduledata` and `images/`,
in the form VASSAL 3.7 reads (vassalengine/vassal: VASSAL.build.GameModule, Map, HexGrid,
HexGridNumbering, PieceSlot, SetupStack; VASSAL.tools.SequenceEncoder for piece definitions).

- The map is one board (the picture the app renders) with a HexGrid whose numbering gives every hex
  the label Hexwright prints: flat-top hexes are VASSAL's upright grid (dx the column spacing, dy the
  hex height, x0/y0 the centre of the first column's first hex; odd columns lower, so `stagger` is
  set when the even columns are the lower ones); pointy-top hexes are its `sideways` grid, where
  VASSAL's columns run across the screen rows (so the numbering's column and row swap, `first="V"`).
- Every counter is a piece: an empty basic piece under a Layer (Embellishment) trait of two levels,
  the front and the back (reduced values), flipped with Ctrl+F or the menu's Flip.
- The order of battle is set up as at-start stacks on their set-up hexes; the reinforcements stand in
  a separate "Reinforcements" window, one stack per turn and side; the counters of each side are in
  the piece palette; a turn track counts the scenario's turns; a die roller rolls 1d6.

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
        if isinstance(value, bool):
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


def piece_definition(name: str, front: str, back: str | None) -> str:
    """The text of a PieceSlot: BasicCommandEncoder's AddPiece (`+/null/TYPE/STATE`), the traits from the
    outermost in, each a Decorator (`MYTYPE<TAB>INNER`)."""
    basic_type, basic_state = basic_piece(name)
    layer_type, layer_state = layer_trait(front, back)
    piece_type = SequenceEncoder("\t", layer_type).append(basic_type).value()
    piece_state = SequenceEncoder("\t", layer_state).append(basic_state).value()
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


@dataclass
class ModuleImages:
    board: str  # the map picture's file name
    board_size: tuple[int, int]
    scale: float  # the map picture's pixels per Hexwright scene unit
    counters: dict[str, Counter]  # unit id -> its counter
    reinforcement_board: str | None = None
    reinforcement_size: tuple[int, int] = (0, 0)
    reinforcement_slots: dict[tuple[int, str], tuple[int, int]] = field(default_factory=dict)  # (turn, side) -> xy
    files: dict[str, bytes] = field(default_factory=dict)  # every picture, by file name


Slots = dict[tuple[int, str], tuple[int, int]]  # (turn, side) -> the x, y of its stack


def reinforcement_slots(sc: Scenario, counter_px: int) -> tuple[tuple[int, int], Slots]:
    """Where each turn's reinforcements of each side stand in the holding window: a row per turn with
    reinforcements, a column per side; returns the window's size and the stack positions."""
    turns = sorted({r.turn for r in sc.reinforcements})
    sides = [s.id for s in sc.sides] or sorted({r.side for r in sc.reinforcements})
    cell_w, cell_h, label_w = counter_px * 3, int(counter_px * 1.6), counter_px * 2
    slots = {}
    for i, turn in enumerate(turns):
        for j, side in enumerate(sides):
            slots[(turn, side)] = (label_w + j * cell_w + cell_w // 2, counter_px // 2 + i * cell_h + cell_h // 2)
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
                                                 "height": str(c.size)}, piece_definition(c.name, c.front, c.back))


def _map_children(m: ET.Element) -> None:
    for cls in ("map.StackMetrics", "map.ForwardToKeyBuffer", "map.Scroller", "map.ForwardToChatter",
                "map.MenuDisplayer", "map.MapCenterer", "map.StackExpander", "map.PieceMover", "map.KeyBufferer",
                "map.ImageSaver", "map.CounterDetailViewer", "map.Zoomer", "map.SelectionHighlighters",
                "map.HighlightLastMoved"):
        _el(m, cls)


def build_file(sc: Scenario, images: ModuleImages, title: str = "") -> tuple[str, list[str]]:
    """buildFile.xml of the module and notes on what VASSAL shows differently."""
    gpid = _Ids()
    grid, notes = vassal_grid(sc.map.grid, images.scale)
    root = ET.Element("VASSAL.launch.BasicModule", {
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
    hex_grid = _el(board, "map.boardPicker.board.HexGrid", {
        "dx": f"{grid.dx:.4f}", "dy": f"{grid.dy:.4f}", "x0": str(grid.x0), "y0": str(grid.y0),
        "sideways": "true" if grid.sideways else "false", "visible": "false", "dotsVisible": "false",
        "edgesLegal": "false", "cornersLegal": "false", "snapTo": "true", "color": "0,0,0"})
    _el(hex_grid, "map.boardPicker.board.mapgrid.HexGridNumbering", grid.numbering)
    _map_children(main)

    m = sc.map
    layout = m.grid.layout(m.grid.hex_size * images.scale)
    by_hex: dict[tuple[str, int | None], list[str]] = {}
    for uid, label in sc.placements.items():
        if uid in images.counters:
            by_hex.setdefault((label, set_up_level(sc, uid)), []).append(uid)
    for (label, level), uids in sorted(by_hex.items(), key=lambda kv: (kv[0][0], kv[0][1] is not None, kv[0][1] or 0)):
        h = m.hex_at(label)
        if h is None:
            notes.append(f"set-up hex {label} is not on the map: {', '.join(uids)} left in the piece palette only")
            continue
        x, y = layout.hex_to_pixel(h)
        where = label
        if level is not None:
            where = location_text(m, h, level)
            notes.append(f"VASSAL has no locations within a hex (ASL Arnhem Bridge 1.1): {', '.join(uids)} set up at "
                         f"{where} start in hex {label}, in a stack of their own named {where}")
        stack = _el(main, "map.SetupStack", {"name": f"{where}: {', '.join(images.counters[u].name for u in uids)}",
                                             "owningBoard": "Map", "useGridLocation": "true", "location": label,
                                             "x": str(round(x)), "y": str(round(y))})
        for uid in uids:
            _slot(stack, images.counters[uid], gpid)

    if images.reinforcement_board and sc.reinforcements:
        held = _el(root, "Map", {"mapName": "Reinforcements", "launch": "true", "buttonName": "Reinforcements",
                                 "markMoved": "Never", "backgroundcolor": "255,255,255"})
        hp = _el(held, "map.BoardPicker")
        _el(hp, "map.boardPicker.Board", {"name": "Reinforcements", "image": images.reinforcement_board,
                                          "reversible": "false", "width": str(images.reinforcement_size[0]),
                                          "height": str(images.reinforcement_size[1])})
        _map_children(held)
        groups: dict[tuple[int, str], list[str]] = {}
        entries: dict[tuple[int, str], list[str]] = {}
        for r in sc.reinforcements:
            groups.setdefault((r.turn, r.side), []).extend(u for u in r.units if u in images.counters)
            where = r.entry.hex or (" to ".join(r.entry.edge_range) if r.entry.edge_range else "") or \
                r.entry.offboard or r.entry.description
            if where:
                entries.setdefault((r.turn, r.side), []).append(where)
        for (turn, side), uids in sorted(groups.items()):
            if not uids:
                continue
            x, y = images.reinforcement_slots[(turn, side)]
            where = "; ".join(dict.fromkeys(entries.get((turn, side), [])))
            info = sc.side(side)
            label = f"Turn {turn} {(info.name if info else '') or side}" + (f" (enter {where})" if where else "")
            stack = _el(held, "map.SetupStack", {"name": label,
                                                 "owningBoard": "Reinforcements", "useGridLocation": "false",
                                                 "x": str(x), "y": str(y)})
            for uid in uids:
                _slot(stack, images.counters[uid], gpid)

    palette = _el(root, "PieceWindow", {"name": "Counters", "text": "Counters", "hotkey": "67,520"})
    tabs = _el(palette, "VASSAL.build.widget.TabWidget", {"entryName": "Counters"})
    side_ids = [s.id for s in sc.sides]
    for side in side_ids + sorted({c.side for c in images.counters.values()} - set(side_ids)):
        info = sc.side(side)
        lw = _el(tabs, "VASSAL.build.widget.ListWidget", {"entryName": (info.name if info else "") or side})
        for c in images.counters.values():
            if c.side == side:
                _slot(lw, c, gpid)

    _el(root, "DiceButton", {"name": "1d6", "text": "1d6", "nDice": "1", "nSides": "6", "plus": "0",
                             "reportTotal": "false", "addToTotal": "0", "prompt": "false",
                             "reportFormat": "** $name$ = $result$ *** <$playerName$>"})
    turns = max(1, sc.turn_count)
    tracker = _el(root, "turn.TurnTracker", {"name": "Game Turn", "buttonText": "Turn",
                                             "turnFormat": "Game Turn $level1$",
                                             "reportFormat": "* <$playerName$> Game Turn $level1$"})
    _el(tracker, "turn.CounterTurnLevel", {"name": "Game Turn", "property": "turn", "start": "1", "incr": "1",
                                           "loop": "false", "loopLimit": str(turns), "turnFormat": "$value$"})
    root.set("nextPieceSlotId", str(gpid.next))
    ET.indent(root, "  ")
    return '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + ET.tostring(root, encoding="unicode") + "\n", \
        notes


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
