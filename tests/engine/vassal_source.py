"""What VASSAL 3.7 reads, ported from its source (vassalengine/vassal, VASSAL 3.7) for the module checks:

- `ATTRIBUTES`: the element classes a module of ours may use and the attributes each reads
  (`getAttributeNames()` of VASSAL.build.GameModule, module.Map, map.boardPicker.Board,
  board.HexGrid, mapgrid.HexGridNumbering, board.ZonedGrid, mapgrid.Zone, board.RegionGrid,
  board.Region, map.SetupStack, widget.PieceSlot (which reads entryName, gpid, width, height in its
  build()), turn.TurnTracker, turn.CounterTurnLevel, turn.ListTurnLevel, properties.GlobalProperty,
  ...); classes with no
  attributes map to an empty tuple. Builder.create fails on a class that does not exist, and
  AbstractBuildable.build reads only these attributes (others are silently dropped).
- `Decoder`: VASSAL.tools.SequenceEncoder.Decoder, token by token (escaped delimiters, quoted tokens), as
  engine/formats/vmod_read.py ports it (the module reader uses the same port).
- `layer_images` / `basic_piece`: Embellishment.mySetType and BasicPiece.mySetType, as far as the
  images and names go; `piece_traits` splits a PieceSlot's AddPiece command (BasicCommandEncoder).
- `polygon`/`contains`: mapgrid.Zone's path ("x,y;x,y;...", PolygonEditor.stringToPolygon) and
  java.awt.Polygon.contains (even-odd rule).
- `zone_location`: ZonedGrid.getLocation of a location name through Zone.getLocation (locationFormat
  `$gridLocation$` over a RegionGrid: RegionGrid.getLocation, the named region's origin) or `$name$`;
  a HexGrid's names are VASSAL's arithmetic ported in tests/engine/test_vmod.py (`vassal_location`).

Checked once against VASSAL's own SequenceEncoder compiled from its source: the 2,554 piece definitions of
the shipped scenarios' modules and of four published modules decode to the same tokens, and 5,000 random
token lists encode to the same text.

`check_build_file` runs them all over a buildFile.xml and lists every problem found.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from hexwright.engine.formats.vmod_read import Decoder, nested_traits

P = "VASSAL.build.module."
B = P + "map.boardPicker."
NO_ATTRIBUTES: tuple[str, ...] = ()

ATTRIBUTES: dict[str, tuple[str, ...]] = {
    "VASSAL.build.GameModule": ("name", "version", "description", "ModuleOther1", "ModuleOther2", "VassalVersion",
                                "nextPieceSlotId"),
    P + "BasicCommandEncoder": NO_ATTRIBUTES,
    P + "Documentation": NO_ATTRIBUTES,
    P + "Chatter": NO_ATTRIBUTES,
    P + "KeyNamer": NO_ATTRIBUTES,
    "VASSAL.i18n.Language": NO_ATTRIBUTES,
    P + "GlobalOptions": ("description", "nonOwnerUnmaskable", "promptString", "autoReport", "playerIdFormat",
                          "chatterHTMLSupport", "hotKeysOnClosedWindows", "inventoryForAll",
                          "sendToLocationMoveTrails", "storeLeadingZeroIntegersAsStrings",
                          "purgeBlankPropertyPrompts", "disablePieceIndexing", "minMaxHeap"),
    P + "PlayerRoster": ("description", "sides", "buttonText", "buttonToolTip", "buttonIcon", "buttonKeyStroke"),
    P + "Map": ("mapName", "description", "markMoved", "markUnmovedText", "markUnmovedTooltip", "markUnmovedIcon",
                "markUnmovedHotkey", "markUnmovedReport", "edgeWidth", "edgeHeight", "backgroundcolor",
                "allowMultiple", "color", "thickness", "launch", "buttonName", "tooltip", "icon", "hotkey",
                "showKey", "hideKey", "onlyReportChangedLocation", "moveWithinFormat", "moveToFormat",
                "createFormat", "changeFormat", "moveKey"),
    P + "map.BoardPicker": NO_ATTRIBUTES,
    B + "Board": ("name", "image", "reversible", "width", "height", "color"),
    B + "board.HexGrid": ("sideways", "x0", "y0", "dy", "dx", "snapTo", "edgesLegal", "cornersLegal", "visible",
                          "dotsVisible", "color"),
    B + "board.mapgrid.HexGridNumbering": ("first", "sep", "hType", "hLeading", "hOff", "hDescend", "vType",
                                           "vLeading", "vOff", "vDescend", "locationFormat", "visible", "fontSize",
                                           "color", "rotateText", "hDrawOff", "vDrawOff", "stagger"),
    B + "board.ZonedGrid": NO_ATTRIBUTES,
    B + "board.mapgrid.Zone": ("name", "locationFormat", "path", "useParentGrid", "useHighlight",
                               "highlightProperty"),
    B + "board.RegionGrid": ("snapto", "visible", "fontsize"),
    B + "board.Region": ("name", "originx", "originy"),
    P + "map.StackMetrics": ("disabled", "exSepX", "exSepY", "unexSepX", "unexSepY", "color", "top", "bottom", "up",
                             "down"),
    P + "map.ForwardToKeyBuffer": NO_ATTRIBUTES,
    P + "map.Scroller": ("prompt",),
    P + "map.ForwardToChatter": NO_ATTRIBUTES,
    P + "map.MenuDisplayer": NO_ATTRIBUTES,
    P + "map.MapCenterer": NO_ATTRIBUTES,
    P + "map.StackExpander": NO_ATTRIBUTES,
    P + "map.PieceMover": ("icon",),
    P + "map.KeyBufferer": NO_ATTRIBUTES,
    P + "map.ImageSaver": ("canDisable", "propertyGate", "hideWhenDisabled", "disabledIcon", "buttonText",
                           "tooltip", "icon", "hotkey"),
    P + "map.CounterDetailViewer": ("version", "description", "delay", "hotkey", "bgColor", "fgColor",
                                    "borderColor", "minDisplayPieces", "zoomlevel", "showgraph", "showtext"),
    P + "map.Zoomer": ("zoomStart", "zoomLevels", "inTooltip", "inButtonText", "inIconName", "zoomInKey",
                       "pickTooltip", "pickButtonText", "pickIconName", "zoomPickKey", "outTooltip", "outButtonText",
                       "outIconName", "zoomOutKey"),
    P + "map.SelectionHighlighters": NO_ATTRIBUTES,
    P + "map.HighlightLastMoved": ("enabled", "color", "thickness"),
    P + "map.SetupStack": ("name", "owningBoard", "useGridLocation", "location", "x", "y"),
    P + "PieceWindow": ("name", "description", "hidden", "text", "tooltip", "icon", "hotkey", "scale",
                        "defaultWidth"),
    "VASSAL.build.widget.TabWidget": ("entryName", "description"),
    "VASSAL.build.widget.ListWidget": ("entryName", "description", "scale", "width", "height", "divider"),
    "VASSAL.build.widget.PieceSlot": ("entryName", "gpid", "width", "height"),
    P + "DiceButton": ("canDisable", "propertyGate", "hideWhenDisabled", "disabledIcon", "name", "text", "tooltip",
                       "icon", "hotkey", "reportFormat", "prompt", "nDice", "lockDice", "nSides", "lockSides", "plus",
                       "lockPlus", "addToTotal", "lockAdd", "reportTotal", "sortDice", "keepDice", "keepOption",
                       "keepCount"),
    P + "turn.TurnTracker": ("name", "description", "buttonText", "icon", "hotkey", "nexthotkey", "prevhotkey",
                             "turnFormat", "reportFormat", "tooltip", "lengthStyle", "length", "plusButtonSize",
                             "turnButtonHeight", "fwdOnly"),
    P + "turn.CounterTurnLevel": ("name", "property", "turnFormat", "start", "incr", "loop", "loopLimit"),
    P + "turn.ListTurnLevel": ("name", "property", "turnFormat", "list", "configList", "configFirst", "prompt"),
    P + "properties.GlobalProperties": NO_ATTRIBUTES,
    P + "properties.GlobalProperty": ("name", "initialValue", "description", "isNumeric", "min", "max", "wrap"),
}
# elements VASSAL reads as text inside their parent, not as buildable classes
TEXT_ELEMENTS = {P + "PlayerRoster": {"entry"}}
# the $properties$ each format may use: TurnTracker's report knows oldTurn and newTurn (its turn format
# alone knows level1, level2, ...); DiceButton's report knows name, result, summary, nDice, nSides;
# every format may use the module's global properties (PlayerId, PlayerName, PlayerSide)
GLOBAL_PROPERTIES = {"PlayerId", "PlayerName", "PlayerSide"}
FORMAT_PROPERTIES = {
    (P + "turn.TurnTracker", "reportFormat"): {"oldTurn", "newTurn"},
    (P + "turn.TurnTracker", "turnFormat"): {"level1", "level2", "level3", "level4"},
    (P + "DiceButton", "reportFormat"): {"name", "result", "summary", "nDice", "nSides"},
}


def _int(d: Decoder, default: int) -> int:  # SequenceEncoder.Decoder.nextInt
    if not d.has_more():
        return default
    try:
        return int(d.next())
    except ValueError:
        return default


def _array(d: Decoder) -> list[str]:  # SequenceEncoder.Decoder.nextStringArray(1): StringArrayConfigurer
    text = d.next("")
    return Decoder(text, ",").tokens() if text else [""]


def piece_traits(definition: str) -> tuple[list[str], list[str]]:
    """The trait types and states of a PieceSlot's text: BasicCommandEncoder's AddPiece `+/id/type/state`,
    outermost trait first, the BasicPiece last (each Decorator `MINE<TAB>INNER`, peeled a level at a time)."""
    d = Decoder(definition, "/")
    if d.next() != "+":
        raise ValueError(f"not an AddPiece command: {definition[:40]!r}")
    d.next()  # the piece id ("null" in a definition)
    return nested_traits(d.next()), nested_traits(d.next(""))


def basic_piece(piece_type: str) -> tuple[str, str]:
    """BasicPiece.mySetType: (image, name)."""
    d = Decoder(piece_type, ";")
    if d.next() != "piece":
        raise ValueError(f"the innermost trait is not a BasicPiece: {piece_type[:40]!r}")
    d.next("")
    d.next("")  # clone and delete keys
    return d.next(""), d.next("")


def layer_images(emb_type: str) -> tuple[list[str], list[str], str]:
    """Embellishment.mySetType (ID `emb2;`): its level images, level names and the layer's name."""
    if not emb_type.startswith("emb2;"):
        raise ValueError(f"not a Layer trait: {emb_type[:40]!r}")
    d = Decoder(emb_type[len("emb2;"):], ";")
    for _ in range(10):  # activate/up/down commands, modifiers and keys; reset command
        d.next("")
    d.next("")  # reset key
    d.next("1")  # reset level
    d.next("false")
    _int(d, 0)
    _int(d, 0)
    images = _array(d)
    names = _array(d)
    d.next("true")
    return images, names, d.next("")


def polygon(path: str) -> list[tuple[int, int]]:
    """PolygonEditor.stringToPolygon: `x,y;x,y;...` integer points."""
    pts = []
    d = Decoder(path, ";")
    while d.has_more():
        tok = d.next()
        if not tok:
            continue
        x, y = tok.split(",")
        pts.append((int(x), int(y)))
    return pts


def contains(poly: list[tuple[int, int]], x: float, y: float) -> bool:
    """java.awt.Polygon.contains: the even-odd rule."""
    inside = False
    n = len(poly)
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def zone_location(zoned: ET.Element, location: str) -> tuple[int, int] | None:
    """ZonedGrid.getLocation(location): the first zone that names it, through its locationFormat."""
    for zone in zoned.findall(B + "board.mapgrid.Zone"):
        poly = polygon(zone.get("path", ""))
        fmt = zone.get("locationFormat", "$name$")
        grid = zone.find(B + "board.RegionGrid")
        if fmt == "$gridLocation$" and grid is not None:
            region = next((r for r in grid.findall(B + "board.Region") if r.get("name") == location), None)
            if region is not None:
                p = (int(region.get("originx", "0")), int(region.get("originy", "0")))
                if contains(poly, *p):
                    return p
        elif fmt == "$name$" and zone.get("name") == location and poly:
            return (sum(x for x, _ in poly) // len(poly), sum(y for _, y in poly) // len(poly))
    return None


def check_build_file(root: ET.Element, archive: set[str]) -> list[str]:
    """Every problem VASSAL 3.7 would have reading this buildFile.xml of a module holding `archive`."""
    problems = []
    if root.tag != "VASSAL.build.GameModule":
        problems.append(f"root element {root.tag} (VASSAL.launch.BasicModule is deprecated for removal)")

    def walk(e: ET.Element) -> None:
        known = ATTRIBUTES.get(e.tag)
        if known is None:
            problems.append(f"{e.tag}: no such VASSAL class")
        else:
            for a in e.attrib:
                if a not in known:
                    problems.append(f"{e.tag}: VASSAL does not read attribute {a!r}")
            for (cls, attr), props in FORMAT_PROPERTIES.items():
                if e.tag == cls and e.get(attr) is not None:
                    for used in re.findall(r"\$(\w+)\$", e.get(attr, "")):
                        if used not in props | GLOBAL_PROPERTIES:
                            problems.append(f"{cls} {attr}: ${used}$ is not known there")
        for child in e:
            if child.tag in TEXT_ELEMENTS.get(e.tag, set()):
                continue
            walk(child)

    walk(root)
    for board in root.iter(B + "Board"):
        image = board.get("image")
        if image and f"images/{image}" not in archive:
            problems.append(f"board {board.get('name')}: image {image} not in the module")
    for slot in root.iter("VASSAL.build.widget.PieceSlot"):
        try:
            types, states = piece_traits(slot.text or "")
            image, name = basic_piece(types[-1])
            if name != slot.get("entryName"):
                problems.append(f"piece {slot.get('entryName')}: its BasicPiece is named {name!r}")
            images = [image] if image else []
            for t in types[:-1]:
                if t.startswith("emb2;"):
                    images += layer_images(t)[0]
            if len(states) != len(types):
                problems.append(f"piece {name}: {len(types)} traits but {len(states)} states")
            for i in images:
                if i and f"images/{i}" not in archive:
                    problems.append(f"piece {name}: image {i} not in the module")
        except ValueError as exc:
            problems.append(f"piece {slot.get('entryName')}: {exc}")
    gpids = [s.get("gpid") for s in root.iter("VASSAL.build.widget.PieceSlot")]
    if len(gpids) != len(set(gpids)):
        problems.append("piece slots share a gpid")
    if gpids and int(root.get("nextPieceSlotId", "0")) <= max(int(g or 0) for g in gpids):
        problems.append("nextPieceSlotId is not past every gpid")
    for m in root.iter(P + "Map"):
        boards = {b.get("name"): b for b in m.iter(B + "Board")}
        for stack in m.findall(P + "map.SetupStack"):
            board = boards.get(stack.get("owningBoard"))
            if board is None:
                problems.append(f"set-up stack {stack.get('name')}: no board {stack.get('owningBoard')}")
                continue
            zoned = board.find(B + "board.ZonedGrid")
            if stack.get("useGridLocation") == "true" and zoned is not None:
                if zone_location(zoned, stack.get("location", "")) is None:
                    problems.append(f"set-up stack {stack.get('name')}: no zone names {stack.get('location')}")
            hex_grid = board.find(B + "board.HexGrid")
            numbering = hex_grid.find(B + "board.mapgrid.HexGridNumbering") if hex_grid is not None else None
            if stack.get("useGridLocation") == "true" and hex_grid is not None and numbering is not None:
                from .test_vmod import vassal_location  # HexGrid and HexGridNumbering, ported

                named = vassal_location(hex_grid.attrib, numbering.attrib, int(stack.get("x", "0")),
                                        int(stack.get("y", "0")))
                if named != stack.get("location"):
                    problems.append(f"set-up stack {stack.get('name')}: VASSAL names its point {named}, "
                                    f"not {stack.get('location')}")
        for zone in m.iter(B + "board.mapgrid.Zone"):
            poly = polygon(zone.get("path", ""))
            if len(poly) < 3:
                problems.append(f"zone {zone.get('name')}: path of {len(poly)} points")
            for r in zone.iter(B + "board.Region"):
                if not contains(poly, int(r.get("originx", "0")), int(r.get("originy", "0"))):
                    problems.append(f"zone {zone.get('name')}: region {r.get('name')} lies outside it")
    return problems
