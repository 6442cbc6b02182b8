"""Reading a VASSAL module (.vmod): its boards (image and HexGrid: spacing, origin, sideways, numbering),
its pieces (name, images, a two-sided Layer) and its at-start stacks, as VASSAL 3.7 reads them
(vassalengine/vassal: VASSAL.build.module.map.boardPicker.board.HexGrid and mapgrid.HexGridNumbering,
VASSAL.counters.BasicPiece, Embellishment and UsePrototype, VASSAL.tools.SequenceEncoder.Decoder,
VASSAL.build.module.map.SetupStack); and the Hexwright grid that lies on a board's image exactly where
VASSAL's hexes lie, named as VASSAL names them (`board_grid`).

A module is a zip of `buildFile.xml` (`buildFile` before VASSAL 3.5), `moduledata` and `images/`.
Nothing here decodes images; the caller gives a board's size when its `Board` element does not.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from ..hexgrid import LabelScheme
from ..model.bounds import MAX_HEXES
from ..model.hexmap import GridSpec

P = "VASSAL.build.module."
BP = P + "map.boardPicker."
MAX_GRID = 400  # columns or rows: a board larger than this is not a hex board at its printed scale


class VmodError(ValueError):
    """A file that is not a VASSAL module Hexwright can read; the message names the file and the problem."""


class Decoder:
    """VASSAL.tools.SequenceEncoder.Decoder: tokens split at `delim` (a backslash escapes it), a token in
    single quotes unquoted."""

    def __init__(self, value: str | None, delim: str) -> None:
        self.val, self.delim, self.start = value, delim, 0
        self.stop = len(value) if value is not None else 0

    def has_more(self) -> bool:
        return self.val is not None

    def next(self, default: str = "") -> str:
        val = self.val
        if val is None:
            return default
        if self.start == self.stop:
            self.val = None
            return ""
        buf, tok, i = "", None, self.start
        while i < self.stop:
            if val[i] == self.delim:
                if i > 0 and val[i - 1] == "\\":
                    buf += val[self.start:i - 1]
                    self.start = i
                else:
                    if buf:
                        buf += val[self.start:i]
                    else:
                        tok = val[self.start:i]
                    self.start = i + 1
                    break
            i += 1
        if self.start < i:
            if buf:
                buf += val[self.start:self.stop]
            else:
                tok = val[self.start:]
            self.val = None
        text = tok if tok is not None else buf
        return text[1:-1] if len(text) > 1 and text[0] == "'" and text[-1] == "'" else text

    def tokens(self) -> list[str]:
        out = []
        while self.has_more():
            out.append(self.next())
        return out


def nested_traits(text: str) -> list[str]:
    """A Decorator's type or state, `MINE<TAB>INNER` with the inner text escaped a level deeper: the traits
    outermost first, the BasicPiece last."""
    out = []
    while True:
        d = Decoder(text, "\t")
        out.append(d.next())
        if not d.has_more():
            return out
        text = d.next()


def piece_traits(definition: str) -> tuple[list[str], list[str]]:
    """The trait types and states of a piece definition (BasicCommandEncoder's AddPiece `+/id/type/state`)."""
    d = Decoder(definition.strip(), "/")
    if d.next() != "+":
        return [], []
    d.next()
    return nested_traits(d.next()), nested_traits(d.next())


@dataclass(frozen=True)
class HexGridDef:
    """A board's HexGrid in board pixels: `dx` the spacing of VASSAL's columns, `dy` the hex height along
    them, (x0, y0) the centre of column 0's row 0; `sideways` swaps x and y (VASSAL's columns run across)."""

    dx: float
    dy: float
    x0: float
    y0: float
    sideways: bool
    numbering: dict[str, str] = field(default_factory=dict)


@dataclass
class BoardDef:
    map_name: str
    name: str
    image: str  # file name in images/, "" for a plain board
    width: int | None  # from the Board element; None when VASSAL takes the image's size
    height: int | None
    grid: HexGridDef | None  # the board's HexGrid (also inside a ZonedGrid), or None


@dataclass
class PieceDef:
    name: str
    front: str  # image file name ("" when the piece draws none)
    back: str | None  # the second side of a two-level Layer, when the piece has one
    palette: tuple[str, ...] = ()  # the palette folders it is listed under (PieceWindow, tabs, lists)
    properties: dict[str, str] = field(default_factory=dict)  # Marker traits: name -> value


@dataclass
class StackDef:
    name: str
    map_name: str
    board: str
    location: str  # the grid location ("0305"), when `use_grid`
    use_grid: bool
    x: int
    y: int
    pieces: list[PieceDef] = field(default_factory=list)


@dataclass
class ModuleDef:
    path: str
    name: str
    version: str
    vassal_version: str
    sides: list[str]
    boards: list[BoardDef]
    pieces: list[PieceDef]  # the palette's pieces, in module order
    stacks: list[StackDef]
    notes: list[str] = field(default_factory=list)
    properties: dict[str, str] = field(default_factory=dict)  # the module's global properties: initial values
    turns: list[str] = field(default_factory=list)  # the turn track's turns: a list level's, or counted to its last

    def hex_boards(self) -> list[BoardDef]:
        return [b for b in self.boards if b.grid is not None and b.image]


def _float(e: ET.Element, name: str, default: float, where: str) -> float:
    text = e.get(name)
    if text is None or text == "":
        return default
    try:
        v = float(text)
    except ValueError:
        raise VmodError(f"{where}: {name}={text!r} is not a number") from None
    if not math.isfinite(v):
        raise VmodError(f"{where}: {name}={text!r} is not a finite number")
    return v


def _int(text: str | None) -> int | None:
    try:
        return int(text) if text not in (None, "") else None
    except ValueError:
        return None


def _hex_grid(e: ET.Element, where: str) -> HexGridDef:
    dx, dy = _float(e, "dx", 0.0, where), _float(e, "dy", 0.0, where)
    if dx <= 0 or dy <= 0:
        raise VmodError(f"{where}: a HexGrid needs positive dx and dy, not {dx:g} and {dy:g}")
    num = e.find(BP + "board.mapgrid.HexGridNumbering")
    return HexGridDef(dx, dy, _float(e, "x0", 0.0, where), _float(e, "y0", 0.0, where),
                      e.get("sideways") == "true", dict(num.attrib) if num is not None else {})


class _Pieces:
    """Piece definitions read through their prototypes (UsePrototype `prototype;NAME`)."""

    def __init__(self, root: ET.Element) -> None:
        self.prototypes = {pd.get("name", ""): pd.text or "" for pd in root.iter(P + "PrototypeDefinition")}

    def traits(self, definition: str, depth: int = 0) -> tuple[list[str], list[str], list[str]]:
        """(own trait types, own states, the types of the prototypes' traits)."""
        types, states = piece_traits(definition)
        inherited: list[str] = []
        if depth < 8:
            for t in types:
                if t.startswith("prototype;"):
                    name = Decoder(t, ";").tokens()[1:2]
                    if name and name[0] in self.prototypes:
                        p_types, _, p_inherited = self.traits(self.prototypes[name[0]], depth + 1)
                        inherited += p_types + p_inherited
        return types, states, inherited

    def piece(self, definition: str, entry_name: str, palette: tuple[str, ...]) -> PieceDef:
        types, states, inherited = self.traits(definition)
        basic = types[-1] if types and types[-1].startswith("piece;") else ""
        tokens = Decoder(basic, ";").tokens() if basic else []
        image = tokens[3] if len(tokens) > 3 else ""
        name = tokens[4] if len(tokens) > 4 and tokens[4] else entry_name
        back = None
        front = image
        for t in types:  # the piece's own two-sided Layer: its levels are the counter's two faces
            if t.startswith("emb2;"):
                images = _layer_images(t)
                shown = [i for i in images if i]
                if len(shown) >= 2 and (not image or images[0] == image):
                    front, back = shown[0], shown[1]
                    break
        props: dict[str, str] = {}
        for i, t in enumerate(types):
            if t.startswith("mark;"):
                keys = Decoder(t[len("mark;"):], ",").tokens()  # Marker.mySetType
                values = Decoder(states[i] if i < len(states) else "", ",").tokens()
                props.update({k: v for k, v in zip(keys, values, strict=False) if k})
        return PieceDef(name or entry_name, front, back, palette, props)


def _layer_images(emb_type: str) -> list[str]:
    """Embellishment.mySetType: the level images (after 15 tokens of commands, keys and offsets)."""
    d = Decoder(emb_type[len("emb2;"):], ";")
    for _ in range(15):
        d.next()
    return Decoder(d.next(), ",").tokens()


def read_vmod(path: str | Path) -> ModuleDef:
    """The boards, pieces and at-start stacks of a module (a .vmod, or a folder of a module's files as module
    sources keep them: buildFile.xml and images/); VmodError naming the file and what is wrong."""
    p = Path(path)
    if p.is_dir():
        build = next((p / n for n in ("buildFile.xml", "buildFile") if (p / n).is_file()), None)
        if build is None:
            raise VmodError(f"{p}: not a VASSAL module's folder (no buildFile.xml in it)")
        try:
            text = build.read_bytes()
        except OSError as exc:
            raise VmodError(f"{build}: cannot read it ({exc.strerror or exc})") from None
        return _module_of(text, p, build.name)
    try:
        with zipfile.ZipFile(p) as z:
            names = set(z.namelist())
            build_name = next((n for n in ("buildFile.xml", "buildFile") if n in names), None)
            if build_name is None:
                raise VmodError(f"{p}: not a VASSAL module (no buildFile.xml in the archive)")
            text = z.read(build_name)
    except (zipfile.BadZipFile, OSError) as exc:
        raise VmodError(f"{p}: not a VASSAL module ({exc})") from None
    return _module_of(text, p, build_name)


def _module_of(text: bytes, p: Path, build_name: str) -> ModuleDef:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        line, col = exc.position
        raise VmodError(f"{p}: {build_name} line {line}, column {col}: not well-formed XML") from None
    if not root.tag.endswith(("GameModule", "BasicModule")):
        raise VmodError(f"{p}: {build_name} holds a {root.tag}, not a VASSAL game module")
    return module_from_xml(root, str(p), build_name)


def module_from_xml(root: ET.Element, path: str, build_name: str = "buildFile.xml") -> ModuleDef:
    pieces = _Pieces(root)
    sides = [e.text.strip() for e in root.iter("entry") if e.text and e.text.strip()]
    boards: list[BoardDef] = []
    stacks: list[StackDef] = []
    for m in root.iter(P + "Map"):
        map_name = m.get("mapName", "")
        for b in m.iter(BP + "Board"):
            where = f"{path}: {build_name}: board {b.get('name', '')!r}"
            # the board's own grid, or a ZonedGrid's background grid (a Zone's grid covers that zone alone)
            grid_el = b.find(BP + "board.HexGrid")
            if grid_el is None:
                grid_el = b.find(f"{BP}board.ZonedGrid/{BP}board.HexGrid")
            grid = _hex_grid(grid_el, where) if grid_el is not None else None
            boards.append(BoardDef(map_name, b.get("name", ""), b.get("image", ""), _int(b.get("width")),
                                   _int(b.get("height")), grid))
        for s in m.iter(P + "map.SetupStack"):
            stack = StackDef(s.get("name", ""), map_name, s.get("owningBoard", ""), s.get("location", ""),
                             s.get("useGridLocation") == "true", _int(s.get("x")) or 0, _int(s.get("y")) or 0)
            for slot in s.iter("VASSAL.build.widget.PieceSlot"):
                stack.pieces.append(pieces.piece(slot.text or "", slot.get("entryName", ""), ()))
            stacks.append(stack)
    palette: list[PieceDef] = []

    def walk(e: ET.Element, trail: tuple[str, ...]) -> None:
        for child in e:
            if child.tag == "VASSAL.build.widget.PieceSlot":
                palette.append(pieces.piece(child.text or "", child.get("entryName", ""), trail))
            elif child.tag.startswith("VASSAL.build.widget.") or child.tag == P + "PieceWindow":
                name = child.get("entryName") or child.get("name") or ""
                walk(child, trail + ((name,) if name else ()))

    for window in root.iter(P + "PieceWindow"):
        walk(window, (window.get("name", ""),) if window.get("name") else ())
    props = {g.get("name", ""): g.get("initialValue", "") for g in root.findall(
        f"{P}properties.GlobalProperties/{P}properties.GlobalProperty")}
    level = next(iter(root.iter(P + "turn.ListTurnLevel")), None)
    turns = Decoder(level.get("list", ""), ",").tokens() if level is not None and level.get("list") else []
    counter = next(iter(root.iter(P + "turn.CounterTurnLevel")), None)
    if not turns and counter is not None:  # a counted track with a last turn: its turns by number
        start, step, last = (_int(counter.get(k)) for k in ("start", "incr", "loopLimit"))
        if last is not None and last > 0 and (step or 1) > 0:
            turns = [str(t) for t in range(start if start is not None else 1, last + 1, step or 1)][:999]
    return ModuleDef(path, root.get("name", ""), root.get("version", ""), root.get("VassalVersion", ""), sides,
                     boards, palette, stacks, properties=props, turns=turns)


# -- the Hexwright grid of a VASSAL board -------------------------------------------------------------

@dataclass(frozen=True)
class BoardGrid:
    """The Hexwright grid over a board's image: `grid` (its hex size in scene units), the underlay's
    transform from image pixels to scene units, what VASSAL calls each Hexwright (col, row) through
    `vassal_name`, and notes on what Hexwright names differently."""

    grid: GridSpec
    transform: tuple[float, float, float, float, float, float]
    first_raw: tuple[int, int]  # VASSAL's raw column and row of Hexwright's (0, 0) (before the stagger shift)
    notes: tuple[str, ...] = ()


def _jround(v: float) -> int:
    return math.floor(v + 0.5)


def _name_part(n: int, kind: str, leading: int) -> str:
    """RegularGridNumbering.getName(int, char, int)."""
    val = "-" if n < 0 else ""
    n = abs(n)
    if kind == "A":
        letters = ""
        while True:
            letters += "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[n % 26]
            n -= 26
            if n < 0:
                return val + letters
    while leading > 0 and n < 10 ** leading:
        leading -= 1
        val += "0"
    return val + str(n)


def vassal_name(g: HexGridDef, col: int, row: int) -> str:
    """The name VASSAL gives raw column `col`, row `row` of the grid (HexGridNumbering.getName with its
    stagger: odd columns count one more), ascending numbering."""
    num = g.numbering
    if num.get("stagger") == "true" and col % 2 != 0:
        row += 1
    c = _name_part(col + int(num.get("hOff", "0") or 0), num.get("hType", "N"), int(num.get("hLeading", "1") or 0))
    r = _name_part(row + int(num.get("vOff", "0") or 0), num.get("vType", "N"), int(num.get("vLeading", "1") or 0))
    return c + num.get("sep", "") + r if num.get("first", "H") == "H" else r + num.get("sep", "") + c


def raw_centre(g: HexGridDef, col: int, row: int) -> tuple[float, float]:
    """The board pixel of raw column `col`, row `row` (HexGrid: odd columns half a hex lower along them)."""
    a = g.x0 + col * g.dx
    b = g.y0 + row * g.dy + (g.dy / 2 if col % 2 != 0 else 0.0)
    return (b, a) if g.sideways else (a, b)


def board_grid(g: HexGridDef, width: int, height: int) -> BoardGrid:
    """The Hexwright grid of every hex whose centre lies on the `width` x `height` board (a quarter hex or more
    inside it: the half hexes at a board's edges are left out), and the underlay transform that lays the
    board image under it, hex centre on hex centre."""
    notes: list[str] = []
    num = g.numbering
    stagger_names = num.get("stagger") == "true"
    along, across = (height, width) if g.sideways else (width, height)  # VASSAL's column axis, its row axis
    ma, mb = g.dx / 4, g.dy / 4  # a hex whose centre lies this far inside the board (not a half hex at its edge)
    c_lo, c_hi = math.ceil((ma - g.x0) / g.dx - 1e-9), math.floor((along - ma - g.x0) / g.dx + 1e-9)
    if c_hi < c_lo:
        raise VmodError(f"no hex centre of the grid lies on the {width} x {height} board")

    def shift(c: int) -> int:  # VASSAL names an odd column's rows one more when its numbering staggers
        return 1 if stagger_names and c % 2 != 0 else 0

    js = []
    for c in range(c_lo, min(c_hi, c_lo + 1) + 1):  # both column parities
        half = g.dy / 2 if c % 2 != 0 else 0.0
        r_lo = math.ceil((mb - g.y0 - half) / g.dy - 1e-9)
        r_hi = math.floor((across - mb - g.y0 - half) / g.dy + 1e-9)
        if r_hi >= r_lo:
            js += [r_lo + shift(c), r_hi + shift(c)]
    if not js:
        raise VmodError(f"no hex centre of the grid lies on the {width} x {height} board")
    n_lo, n_hi = min(js), max(js)
    columns, rows = c_hi - c_lo + 1, n_hi - n_lo + 1
    if columns > MAX_GRID or rows > MAX_GRID:
        raise VmodError(f"the grid has {columns} x {rows} hexes on the board (at most {MAX_GRID} a side)")
    if columns * rows > MAX_HEXES:  # the map written would be refused when read
        raise VmodError(f"the grid has {columns} x {rows} = {columns * rows:,} hexes on the board, more than a map "
                        f"may have ({MAX_HEXES:,})")
    lower_raw_parity = 0 if stagger_names else 1  # whose rows (as named) sit half a hex lower
    stagger = "odd" if (lower_raw_parity - c_lo) % 2 == 1 else "even"
    orientation = "pointy" if g.sideways else "flat"
    # the numbering: Hexwright labels column first; its column is VASSAL's column (upright) or row (sideways)
    col_part, row_part = ("v", "h") if g.sideways else ("h", "v")
    if num and num.get("first", "H") != ("V" if g.sideways else "H"):
        notes.append("VASSAL names this grid's hexes row first; Hexwright labels them column first")
    if num.get("hDescend") == "true" or num.get("vDescend") == "true":
        notes.append("VASSAL numbers this grid descending; Hexwright labels it ascending")
    if num.get("sep"):
        notes.append(f"VASSAL separates the parts of a hex's name with {num.get('sep')!r}; Hexwright does not")
    col_type, row_type = num.get(col_part + "Type", "N"), num.get(row_part + "Type", "N")
    lead = {k: int(num.get(k + "Leading", "1") or 0) for k in ("h", "v")}
    u_first = c_lo + int(num.get("hOff", "0") or 0)  # the first VASSAL column's number
    v_first = n_lo + int(num.get("vOff", "0") or 0)  # the first row's number (as named)
    first_col, first_row = (v_first, u_first) if g.sideways else (u_first, v_first)
    if row_type != "N":
        notes.append("VASSAL letters this grid's rows; Hexwright numbers them")
    if not num:  # no HexGridNumbering: VASSAL names no hex; Hexwright numbers them 0101, 0102, ...
        notes = ["VASSAL gives this grid no numbering; Hexwright numbers its hexes 0101, 0102, ..."]
        labels = LabelScheme("xxyy", 1, 1, max(2, len(str(max(columns, rows)))))
    elif col_type == "A":
        labels = LabelScheme("letter_number", first_col + 1, first_row)
    else:
        digits = max(1, lead[col_part] + 1, lead[row_part] + 1)
        if lead[col_part] != lead[row_part]:
            notes.append("VASSAL pads this grid's columns and rows to different widths; Hexwright pads both to "
                         f"{digits} digits")
        hw_last = max(first_col + (rows if g.sideways else columns), first_row + (columns if g.sideways else rows))
        if hw_last - 1 >= 10 ** digits:
            digits = len(str(hw_last - 1))
            notes.append(f"VASSAL names hexes past {10 ** (digits - 1) - 1} with more digits; Hexwright pads every "
                         f"label to {digits}")
        labels = LabelScheme("xxyy", first_col, first_row, digits)
    if num and (min(first_col, first_row) < 0 or (col_type == "A" and first_col < 0)):
        notes.append("VASSAL numbers some of these hexes below zero; Hexwright labels start at zero")
        labels = LabelScheme(labels.kind, max(0, labels.first_column), max(0, labels.first_row), labels.digits)
    s = g.dy / math.sqrt(3.0)
    hw_cols, hw_rows = (rows, columns) if g.sideways else (columns, rows)
    grid = GridSpec(hw_cols, hw_rows, orientation, stagger, labels, round(s, 4))
    # the transform: Hexwright's scene centre of each hex against VASSAL's pixel, one scale and offset an axis
    layout = grid.layout()
    off = grid.offset
    pairs = []
    for i in (0, columns - 1):
        for j in (0, rows - 1):
            c = c_lo + i
            r = n_lo + j - shift(c)
            px, py = raw_centre(g, c, r)
            hc, hr = (j, i) if g.sideways else (i, j)
            sx, sy = layout.hex_to_pixel(off.to_hex(hc, hr))
            pairs.append((px, py, sx, sy))
    a, e = _axis_fit([(p[0], p[2]) for p in pairs])
    d, f = _axis_fit([(p[1], p[3]) for p in pairs])
    return BoardGrid(grid, (a, 0.0, 0.0, d, e, f), (c_lo, n_lo), tuple(notes))


def _axis_fit(pairs: list[tuple[float, float]]) -> tuple[float, float]:
    """scale, offset with scene = scale * pixel + offset through the points (least squares)."""
    n = len(pairs)
    mx = sum(p for p, _ in pairs) / n
    my = sum(q for _, q in pairs) / n
    var = sum((p - mx) ** 2 for p, _ in pairs)
    if var == 0:
        return 1.0, my - mx
    k = sum((p - mx) * (q - my) for p, q in pairs) / var
    return k, my - k * mx


def hex_of_name(bg: BoardGrid, g: HexGridDef, name: str) -> tuple[int, int] | None:
    """The Hexwright (col, row) VASSAL names `name` on this board, or None (for many names, use
    `grid_names` once)."""
    return grid_names(bg, g).get(name)


def grid_names(bg: BoardGrid, g: HexGridDef) -> dict[str, tuple[int, int]]:
    """Every name VASSAL gives a hex of the board's Hexwright grid -> that hex's (col, row)."""
    got: dict[str, tuple[int, int]] = {}
    c_lo, n_lo = bg.first_raw
    columns, rows = (bg.grid.rows, bg.grid.columns) if g.sideways else (bg.grid.columns, bg.grid.rows)
    stagger_names = g.numbering.get("stagger") == "true"
    for i in range(columns):
        c = c_lo + i
        for j in range(rows):
            r = n_lo + j - (1 if stagger_names and c % 2 != 0 else 0)
            got[vassal_name(g, c, r)] = (j, i) if g.sideways else (i, j)
    return got


def hex_at_point(bg: BoardGrid, x: float, y: float) -> tuple[int, int] | None:
    """The Hexwright (col, row) whose hex holds board pixel (x, y), or None off the grid."""
    a, _, _, d, e, f = bg.transform
    sx, sy = a * x + e, d * y + f
    c, r = bg.grid.offset.from_hex(bg.grid.layout().pixel_to_hex(sx, sy))
    return (c, r) if 0 <= c < bg.grid.columns and 0 <= r < bg.grid.rows else None


_SAFE = re.compile(r"[^A-Za-z0-9_.-]+")


def safe_file_name(name: str) -> str:
    """An image's file name as it can be written in any folder (VASSAL allows sub-folders and spaces)."""
    stem = _SAFE.sub("_", name.replace("\\", "/").split("/")[-1]).strip("._")
    return stem or "image"
