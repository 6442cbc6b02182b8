"""A VASSAL module as a Hexwright map and scenario (`hexwright import game.vmod`, File > Import > VASSAL
Module...): one of the module's hex boards becomes a map whose grid lies on the board image exactly where
VASSAL's hexes lie (engine/formats/vmod_read.py `board_grid`), with the image as the scan underlay, so
the designer goes straight to teaching terrain; the pieces become units (their names, a second step when
a two-level Layer gives them a back) with their images kept beside the scenario; the at-start stacks on
that board become the set-up, each stack's pieces on the hex VASSAL names by the stack's location (or
holds its point).

Sides come from the module's player roster; a piece belongs to the side one of its Marker properties
("Side", "Nationality", ...), its palette folders or a word of its name names, else to a side of pieces
no side claims.
"""

from __future__ import annotations

import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from ..model.counters import UNIT_SIZES, UNIT_TYPES, UnitDef
from ..model.hexmap import HexMap, Underlay
from ..model.scenario import Entry, Reinforcement, Scenario, Side, TurnInfo
from .vmod_read import (
    BoardDef,
    BoardGrid,
    ModuleDef,
    PieceDef,
    VmodError,
    board_grid,
    grid_names,
    hex_at_point,
    safe_file_name,
)

NOT_PLAYERS = {"solitaire", "observer", "referee", "moderator", "spectator"}
SIDE_PROPERTIES = ("Side", "side", "SIDE", "Unit Side", "Nationality", "Nation", "Army", "Faction", "Player", "Owner")
UNASSIGNED = "unassigned"
SIDE_COLORS = ("#b08040", "#505050", "#4060a0", "#a04040", "#407040", "#806090")


@dataclass
class ImportResult:
    map: HexMap
    scenario: Scenario | None  # None when the module has no piece for this board
    images: dict[str, str] = field(default_factory=dict)  # file written beside the files -> its name in images/
    notes: list[str] = field(default_factory=list)


def choose_board(module: ModuleDef, name: str | None = None) -> BoardDef:
    """The board to import: the one named, else the first hex board with an image."""
    boards = module.hex_boards()
    if name is not None:
        hit = next((b for b in boards if b.name == name), None)
        if hit is None:
            known = ", ".join(repr(b.name) for b in boards) or "none"
            raise VmodError(f"{module.path}: no hex board named {name!r} (hex boards with an image: {known})")
        return hit
    if not boards:
        raise VmodError(f"{module.path}: no board of the module has a hex grid and an image")
    return boards[0]


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "side"


def _same_side(a: str, b: str) -> bool:
    a, b = a.strip().lower(), b.strip().lower()
    return bool(a and b) and (a == b or (len(a) >= 4 and len(b) >= 4 and a[:4] == b[:4]))


def side_of(piece: PieceDef, sides: list[str]) -> str | None:
    for key in SIDE_PROPERTIES:
        value = piece.properties.get(key, "")
        hit = next((s for s in sides if _same_side(s, value)), None)
        if hit:
            return hit
    for folder in piece.palette:
        hit = next((s for s in sides if _same_side(s, folder) or s.lower() in folder.lower().split()), None)
        if hit:
            return hit
    words = [w for w in re.split(r"[\W_]+", piece.name) if w]  # "Moslem_Cannon_1-0"
    return next((s for s in sides for w in words if s.lower() == w.lower()), None)


def arrival_of(stack_name: str, turns: list[str], sides: dict[str, str],
               m: HexMap) -> tuple[int, str, list[Entry]] | None:
    """The turn, side and entries of a reinforcement stack as Hexwright's export names it ("Turn 2 German
    (enter 0104)", "Turn 18 Sep Allied (enter 0101 to 0105)", "Turn A British (enter zone D or zone E)"):
    None for any other stack."""
    text = stack_name.strip()
    if not text.startswith("Turn "):
        return None
    text = text[len("Turn "):]
    label = next((t for t in sorted(turns, key=len, reverse=True) if text.startswith(t + " ")), None)
    if label is None:
        label = text.split(" ", 1)[0]
        if not label.isdigit():
            return None
    turn = turns.index(label) + 1 if label in turns else int(label)
    text = text[len(label) + 1:]
    side_name = next((n for n in sorted(sides, key=len, reverse=True)
                      if text == n or text.startswith(n + " (enter ")), None)
    if side_name is None:
        return None
    side = sides[side_name]
    where = text[len(side_name) + len(" (enter "):-1] if text != side_name and text.endswith(")") else ""
    entries = []
    for text in (w.strip() for w in where.split(" or ") if w.strip()):
        parts = text.split(" to ")
        if text.startswith("hex ") and m.hex_at(text[4:]) is not None:
            entries.append(Entry(hex=text[4:]))
        elif len(parts) == 2 and all(m.hex_at(x) is not None for x in parts):
            entries.append(Entry(edge_range=(parts[0], parts[1])))
    # an entry this map cannot hold (a marker, an off-board area or a zone the module does not carry):
    # the units are left for the designer to schedule
    return (turn, side, entries) if entries else None


def printed_values(p: PieceDef) -> dict[str, int | float]:
    """The piece's Marker properties that are printed values: a lower-case name and a number ("attack": 4),
    as Hexwright's export writes them."""
    out: dict[str, int | float] = {}
    for k, v in p.properties.items():
        if re.fullmatch(r"[a-z][a-z_]*", k) and re.fullmatch(r"-?\d+(\.\d+)?", v.strip()):
            out[k] = float(v) if "." in v else int(v)
    return out


def import_board(module: ModuleDef, board: BoardDef, size: tuple[int, int], image_file: str,
                 rules: str | None = None, counters_dir: str = "counters") -> ImportResult:
    """The map of `board` (its image `size` in pixels, saved as `image_file` relative to the map file) and,
    when the module has pieces, a scenario on it of the rules family `rules` (default: the one a Hexwright
    export names in its `HexwrightRules` property, else the registry's first, F&M); the images to extract
    (ImportResult.images)."""
    assert board.grid is not None
    if not rules:
        from ..rules.registry import RULES_FAMILIES

        rules = module.properties.get("HexwrightRules") or next(iter(RULES_FAMILIES))  # the first family: F&M
    bg: BoardGrid = board_grid(board.grid, *size)
    title = module.name or Path(module.path).stem
    if len(module.hex_boards()) > 1:
        title = f"{title}: {board.name}"
    m = HexMap(bg.grid, name=title)
    m.underlay = Underlay(image_file, bg.transform, 0.85, True)
    m.notes = (f"Imported from the VASSAL module {Path(module.path).name} ({module.name} {module.version}), "
               f"board {board.name!r}: the grid is VASSAL's, the terrain is still to be taught.")
    notes = list(bg.notes)
    result = ImportResult(m, None, {image_file: board.image}, notes)

    on_board = [s for s in module.stacks if s.board == board.name and s.map_name == board.map_name]
    pieces = [p for s in module.stacks for p in s.pieces] + module.pieces
    if not pieces:
        return result
    players = [s for s in module.sides if s.lower() not in NOT_PLAYERS]
    side_names = list(dict.fromkeys(players))
    owner = {id(p): side_of(p, side_names) for p in pieces}
    if any(v is None for v in owner.values()):
        side_names.append("")
    sides = []
    ids: dict[str, str] = {}
    for i, name in enumerate(side_names):
        sid = _slug(name) if name else UNASSIGNED
        while sid in ids.values():
            sid += "-2"
        ids[name] = sid
        sides.append(Side(sid, name or "Pieces of no side", SIDE_COLORS[i % len(SIDE_COLORS)]))
    sc = Scenario(title, rules, m, sides=sides, first_player=sides[0].id if sides else "",
                  description=f"Set up from the at-start stacks of the VASSAL module {module.name}.",
                  source=module.name)
    used: set[str] = set()
    images = result.images
    stems: dict[str, str] = {}  # module picture -> its file beside the scenario
    taken: set[str] = set()

    def add_unit(p: PieceDef) -> str:
        base = p.properties.get("UnitId") or _slug(p.name) or "unit"
        uid, n = base, 2
        while uid in used:
            uid, n = f"{base}-{n}", n + 1
        used.add(uid)
        art = []
        for face, img in (("front", p.front), ("back", p.back)):
            if img:
                name = stems.get(img)
                if name is None:  # one file a picture; pictures of the same name in other folders kept apart
                    base = safe_file_name(img)
                    stem, k = base, 2
                    while f"{counters_dir}/{stem}".lower() in taken:
                        stem, k = f"{k}-{base}", k + 1
                    name = stems[img] = f"{counters_dir}/{stem}"
                    taken.add(name.lower())
                    images[name] = img
                art.append(f"{face} {name}")
        side = ids[owner[id(p)] or ""]
        sc.units[uid] = UnitDef(uid, p.name, side, values=printed_values(p), reduced={} if p.back else None,
                                steps=2 if p.back else 1, notes="VASSAL counter: " + ", ".join(art) if art else "")
        u = sc.units[uid]
        u.nationality, u.formation = p.properties.get("Nationality", ""), p.properties.get("Formation", "")
        if p.properties.get("Type") in UNIT_TYPES:
            u.unit_type = p.properties["Type"]
        if p.properties.get("Size") in UNIT_SIZES:
            u.size = p.properties["Size"]
        return uid

    placed = off_board = arriving = 0
    per_hex: dict[str, int] = {}
    on_ids = {id(s) for s in on_board}
    names = grid_names(bg, board.grid) if board.grid.numbering and any(s.use_grid for s in on_board) else {}
    for s in module.stacks:
        here = None
        if id(s) in on_ids:
            cr = names.get(s.location) if s.use_grid else None
            if cr is None:
                cr = hex_at_point(bg, s.x, s.y)
            here = m.grid.labels.label(*cr) if cr is not None else None
        arrival = arrival_of(s.name, module.turns, {name: ids[name] for name in side_names}, m) \
            if here is None else None
        uids = [add_unit(p) for p in s.pieces]
        for uid in uids:
            if here is not None:
                sc.placements[uid] = here
                per_hex[here] = per_hex.get(here, 0) + 1
                placed += 1
            elif arrival is None:
                off_board += 1
        if arrival is not None and uids:
            turn, side, entries = arrival
            sc.reinforcements += [Reinforcement(turn, side, list(uids), e) for e in entries]
            arriving += len(uids)
    for p in module.pieces:
        add_unit(p)
    sc.stacking_limit = max([1, *per_hex.values()])
    if off_board:
        notes.append(f"{off_board} pieces of at-start stacks off this board (other maps or windows, or arriving "
                     "where this map has no hex to name) are units not yet placed")
    notes.append(f"{len(sc.units)} units from the module's pieces, {placed} set up from its at-start stacks"
                 + (f", {arriving} arriving as its reinforcement stacks say" if arriving else ""))
    if module.turns:
        sc.turns = [TurnInfo(i + 1, label=label) for i, label in enumerate(module.turns)]
    result.scenario = sc
    return result


def extract_images(vmod: str | Path, images: dict[str, str], folder: str | Path) -> list[Path]:
    """Copy each module image (`images/NAME` in the archive, or in the module's folder) to `folder / target`;
    the files written."""
    out = []
    base = Path(folder)
    if Path(vmod).is_dir():
        for target, name in images.items():
            src = next((f for f in (Path(vmod) / "images" / name, Path(vmod) / name) if f.is_file()), None)
            if src is None:
                continue
            dest = base / target
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(src.read_bytes())
            out.append(dest)
        return out
    with zipfile.ZipFile(vmod) as z:
        names = set(z.namelist())
        for target, name in images.items():
            member = name if name in names else f"images/{name}"
            if member not in names:
                continue
            dest = base / target
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(z.read(member))
            out.append(dest)
    return out
