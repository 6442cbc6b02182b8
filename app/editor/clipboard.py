"""Cut, copy and paste of hexes through the system clipboard, and the stamp made from a selection.

What is copied is a HexPatch (engine/model/hex_patch.py): terrain, features and elevation of the
selected hexes and the hexsides inside the selection. It goes on the system clipboard as
`application/x-hexwright-hexes` (the patch as JSON) with a line of plain text, so another editor
window, or another Hexwright running, pastes it. Paste makes the clipboard's patch the stamp and
switches to the stamp brush (app/editor/tools/stamp.py): the patch's picture follows the cursor and a
click puts it down as one undo step. Cut is copy plus clearing the hexes, one undo step.
"""

from __future__ import annotations

from typing import Any

from hexwright.app.kindbase.clipboard import put_on_clipboard
from hexwright.engine.hexgrid import Hex
from hexwright.engine.model.hex_patch import HexEdit, HexPatch, clear_edit, copy_patch
from hexwright.engine.model.hexmap import HexMap
from PySide6.QtCore import QMimeData, QObject, QPointF
from PySide6.QtGui import QAction, QBrush, QColor, QKeySequence, QPainterPath, QPen, QUndoCommand
from PySide6.QtWidgets import QApplication, QGraphicsItemGroup, QGraphicsPathItem

from .commands import MapCommand

HEXES_MIME = "application/x-hexwright-hexes"
PREVIEW_OPACITY = 0.7


class ApplyHexEdit(MapCommand):
    """Set terrain, features, elevation and hexsides of many hexes at once (paste, stamp, cut). The
    stamps of one drag share a stroke and merge into one undo step."""

    command_id = 20

    def __init__(self, hexmap: HexMap, edit: HexEdit, text: str, stroke: int | None = None) -> None:
        super().__init__(hexmap, stroke)
        self.edit = edit
        self.old = HexEdit()
        self.setText(text)

    def redo(self) -> None:
        # an empty change is not sent: views read a change without hexes as "all of the map"
        m, e, o = self.map, self.edit, self.old
        fields: tuple[tuple[dict[Any, Any], dict[Any, Any], Any], ...] = (
            (e.terrain, o.terrain, m.set_terrain), (e.features, o.features, m.set_features),
            (e.elevation, o.elevation, m.set_elevation), (e.hexsides, o.hexsides, m.set_hexsides))
        for new, old, setter in fields:
            if new:
                for k, v in setter(new).items():
                    old.setdefault(k, v)

    def undo(self) -> None:
        m, e, o = self.map, self.edit, self.old
        fields: tuple[tuple[dict[Any, Any], dict[Any, Any], Any], ...] = (
            (e.hexsides, o.hexsides, m.set_hexsides), (e.elevation, o.elevation, m.set_elevation),
            (e.features, o.features, m.set_features), (e.terrain, o.terrain, m.set_terrain))
        for new, old, setter in fields:
            if new:
                setter({k: old[k] for k in new})

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not self.can_merge(other):
            return False
        assert isinstance(other, ApplyHexEdit)
        pairs: tuple[tuple[dict[Any, Any], dict[Any, Any]], ...] = (
            (self.old.terrain, other.old.terrain), (self.old.features, other.old.features),
            (self.old.elevation, other.old.elevation), (self.old.hexsides, other.old.hexsides))
        for mine, theirs in pairs:
            for k, v in theirs.items():
                mine.setdefault(k, v)
        self.edit.terrain.update(other.edit.terrain)
        self.edit.features.update(other.edit.features)
        self.edit.elevation.update(other.edit.elevation)
        self.edit.hexsides.update(other.edit.hexsides)
        return True


def patch_mime(patch: HexPatch) -> QMimeData:
    mime = QMimeData()
    mime.setData(HEXES_MIME, patch.to_json().encode("utf-8"))
    mime.setText(f"{len(patch)} hexes from {patch.source or 'a Hexwright map'}")
    return mime


def patch_from_mime(mime: QMimeData | None) -> HexPatch:
    """The patch on the clipboard; ValueError when it holds no hexes."""
    if mime is None or not mime.hasFormat(HEXES_MIME):
        raise ValueError("the clipboard holds no hexes; select hexes and copy them first")
    return HexPatch.from_json(bytes(mime.data(HEXES_MIME).data()).decode("utf-8"))


class StampPreview(QGraphicsItemGroup):
    """The stamp's picture under the cursor: each hex in its terrain's colour and the hexside lines it
    carries, drawn once for the origin on hex (0, 0) and moved by a translation."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(49)
        self.setOpacity(PREVIEW_OPACITY)
        self.base_centre = QPointF()

    def build(self, patch: HexPatch, hexmap: HexMap, geometry) -> None:
        for child in self.childItems():
            self.removeFromGroup(child)
            if child.scene() is not None:
                child.scene().removeItem(child)
        t = hexmap.terrain_table
        origin = Hex(0, 0)
        self.base_centre = geometry.centre(origin)
        by_colour: dict[str, QPainterPath] = {}
        for p in patch.hexes:
            colour = t.terrain[p.terrain].color if p.terrain in t.terrain else "#ff00ff"
            path = by_colour.setdefault(colour, QPainterPath())
            path.addPolygon(geometry.polygon(Hex(p.dq, p.dr)))
            path.closeSubpath()
        for colour, path in by_colour.items():
            item = QGraphicsPathItem(path)
            item.setBrush(QBrush(QColor(colour)))
            item.setPen(QPen(QColor(40, 40, 40), 0))
            self.addToGroup(item)
        from hexwright.engine.hexgrid import Hexside

        # hexside features on the edges, then paths between centres, each in its table colour
        strokes: dict[tuple[str, float], QPainterPath] = {}
        for s in patch.hexsides:
            side = Hexside(s.dq, s.dr, s.direction)
            for code in s.info.features + ((s.info.bridge,) if s.info.bridge else ()):
                kind = t.hexside_features.get(code) or t.bridges.get(code)
                path = strokes.setdefault((kind.color if kind else "#2f6fd0", 0.18), QPainterPath())
                ln = geometry.side_line(side)
                path.moveTo(ln.p1())
                path.lineTo(ln.p2())
            for code in s.info.paths:
                ptype = t.paths.get(code)
                path = strokes.setdefault((ptype.color if ptype else "#8b3a1a", 0.1), QPainterPath())
                path.moveTo(geometry.centre(side.hex))
                path.lineTo(geometry.centre(side.other))
        for (colour, width), path in strokes.items():
            item = QGraphicsPathItem(path)
            item.setPen(QPen(QColor(colour), geometry.size * width))
            self.addToGroup(item)
        outline = QPainterPath()
        for p in patch.hexes:
            outline.addPolygon(geometry.polygon(Hex(p.dq, p.dr)))
            outline.closeSubpath()
        frame = QGraphicsPathItem(outline.simplified())
        pen = QPen(QColor("#ffcc00"), 3)
        pen.setCosmetic(True)
        frame.setPen(pen)
        self.addToGroup(frame)

    def move_to(self, geometry, anchor: Hex | None) -> None:
        if anchor is None:
            self.hide()
            return
        self.setPos(geometry.centre(anchor) - self.base_centre)
        self.show()


class HexClipboard(QObject):
    """The Edit menu's Cut, Copy, Paste, Select All and Make Stamp from Selection for a window, and
    the stamp's preview in its map view."""

    def __init__(self, win) -> None:
        super().__init__(win)
        self.win = win
        self.preview = StampPreview()
        self.preview.hide()
        K = QKeySequence.StandardKey
        self.act_cut = self._action("Cu&t Hexes", self.cut, K.Cut, "Copy the selected hexes and clear them")
        self.act_copy = self._action("&Copy Hexes", self.copy, K.Copy,
                                     "Copy the selected hexes: terrain, features and the hexsides between them")
        self.act_paste = self._action("&Paste Hexes", self.paste, K.Paste,
                                      "Paste hexes: the picture follows the cursor; click to put it down")
        self.act_select_all = self._action("Select &All Hexes", self.select_all, K.SelectAll)
        self.act_stamp = self._action("Make &Stamp from Selection", self.make_stamp, "Ctrl+Shift+C",
                                      "Make the selected hexes the stamp brush's stamp")
        self.last_message = ""

    def _action(self, text: str, slot, shortcut, tip: str = "") -> QAction:
        a = QAction(text, self.win)
        a.setShortcut(QKeySequence(shortcut))
        a.setStatusTip(tip)
        a.triggered.connect(slot)
        return a

    def actions(self) -> list[QAction]:
        return [self.act_cut, self.act_copy, self.act_paste, self.act_select_all, self.act_stamp]

    def _say(self, text: str) -> None:
        self.last_message = text
        self.win.show_status(text)

    def _selection(self) -> list[Hex]:
        return list(self.win.selected_hexes)

    # -- edit actions ----------------------------------------------------------------------------
    def copy(self) -> HexPatch | None:
        m = self.win.document.map
        try:
            patch = copy_patch(m, self._selection())
        except ValueError as exc:
            self._say(f"Nothing copied: {exc} (drag with the Select tool, S, to select hexes)")
            return None
        put_on_clipboard(patch_mime(patch))
        self._say(f"Copied {len(patch)} hexes and {len(patch.hexsides)} hexsides")
        return patch

    def cut(self) -> bool:
        if self.win.canvas.is_locked("terrain"):
            self._say("The terrain layer is locked")
            return False
        patch = self.copy()
        if patch is None:
            return False
        m = self.win.document.map
        edit = clear_edit(m, self._selection())
        self.win.document.push(ApplyHexEdit(m, edit, f"Cut {len(patch)} hexes"))
        self._say(f"Cut {len(patch)} hexes")
        return True

    def paste(self) -> bool:
        try:
            patch = patch_from_mime(QApplication.clipboard().mimeData())
        except ValueError as exc:
            self._say(f"Nothing to paste: {exc}")
            return False
        self.set_stamp(patch)
        self._say(f"Pasting {len(patch)} hexes: click where they go (Esc stops)")
        return True

    def make_stamp(self) -> bool:
        try:
            patch = copy_patch(self.win.document.map, self._selection())
        except ValueError as exc:
            self._say(f"No stamp made: {exc}")
            return False
        self.set_stamp(patch)
        self._say(f"Stamp of {len(patch)} hexes: click or drag to put it down")
        return True

    def select_all(self) -> None:
        self.win.select_hexes(list(self.win.document.map.hexes))

    # -- the stamp -------------------------------------------------------------------------------------
    def set_stamp(self, patch: HexPatch) -> None:
        self.win.brush.extra["stamp"] = patch
        if self.win.view.tool is not None and self.win.view.tool.name == "stamp":
            self.show_preview(patch)
        else:
            self.win.set_tool("stamp")
        self.follow_cursor()

    def follow_cursor(self) -> None:
        """Put the preview under the mouse pointer now, if it is over the map."""
        from PySide6.QtGui import QCursor

        view = self.win.view
        p = view.viewport().mapFromGlobal(QCursor.pos())
        if view.viewport().rect().contains(p) and self.win.canvas is not None:
            self.move_preview(self.win.canvas.geometry.hex_at(view.mapToScene(p)))

    def show_preview(self, patch: HexPatch | None) -> None:
        view, canvas = self.win.view, self.win.canvas
        if patch is None or canvas is None:
            self.preview.hide()
            return
        if self.preview.scene() is not view.scene():
            view.scene().addItem(self.preview)
        self.preview.build(patch, self.win.document.map, canvas.geometry)
        self.preview.hide()

    def move_preview(self, anchor: Hex | None) -> None:
        if self.preview.scene() is None or self.win.canvas is None or self.win.brush.extra.get("stamp") is None:
            return
        self.preview.move_to(self.win.canvas.geometry, anchor)

    def drop_stamp(self) -> None:
        self.win.brush.extra.pop("stamp", None)
        self.preview.hide()
        self.win.set_tool("select")
