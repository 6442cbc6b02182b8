"""The stamp brush (Tiled's stamp brush on hexes): the stamp is a patch of hexes made from a
selection (Edit > Make Stamp from Selection) or pasted from the clipboard (Edit > Paste). Its
picture follows the cursor; a click puts it down, a drag puts it down on every hex the cursor
crosses, and either is one undo step. Escape or right-click drops the stamp and goes back to Select.
The stamp and its preview live in the window's HexClipboard (app/editor/clipboard.py)."""

from __future__ import annotations

from hexwright.engine.hexgrid import Hex
from hexwright.engine.model.hex_patch import HexPatch, place_patch
from PySide6.QtCore import Qt

from ..commands import new_stroke
from .base import Tool, ToolEvent


class StampTool(Tool):
    name = "stamp"
    title = "Stamp brush"
    shortcut = "P"
    layer = "terrain"

    def __init__(self, editor) -> None:
        super().__init__(editor)
        self.stroke: int | None = None
        self.last_hex: Hex | None = None

    @property
    def stamp(self) -> HexPatch | None:
        return self.editor.brush.extra.get("stamp")

    def status_text(self) -> str:
        p = self.stamp
        if p is None:
            return "Stamp brush: select hexes and Make Stamp from Selection (Ctrl+Shift+C), or paste (Ctrl+V)"
        return f"Stamp brush: {len(p)} hexes; click or drag to put it down, Esc or right-click to stop"

    def activate(self) -> None:
        super().activate()
        self.editor.clipboard.show_preview(self.stamp)

    def deactivate(self) -> None:
        super().deactivate()
        self.editor.clipboard.show_preview(None)
        self.stroke = None

    def mouse_move(self, ev: ToolEvent) -> None:
        self.editor.clipboard.move_preview(ev.hex)
        if self.stroke is not None and ev.hex != self.last_hex:
            self.last_hex = ev.hex
            self.put_down(ev.hex)

    def mouse_press(self, ev: ToolEvent) -> None:
        if ev.button == Qt.MouseButton.RightButton:
            self.editor.clipboard.drop_stamp()
            return
        if ev.button != Qt.MouseButton.LeftButton or self.stamp is None or self.locked():
            return
        self.stroke = new_stroke()
        self.last_hex = ev.hex
        self.put_down(ev.hex)

    def mouse_release(self, ev: ToolEvent) -> None:
        self.stroke = None
        self.last_hex = None

    def key_press(self, key: int, modifiers) -> bool:
        if key == Qt.Key.Key_Escape:
            self.editor.clipboard.drop_stamp()
            return True
        return False

    def leave(self) -> None:
        self.editor.clipboard.move_preview(None)

    def put_down(self, anchor: Hex) -> bool:
        """Put the stamp's origin on `anchor`: one undo step (merged with the rest of a drag)."""
        from ..clipboard import ApplyHexEdit

        p = self.stamp
        if p is None:
            return False
        edit = place_patch(self.map, p, anchor)
        if edit.left_out:
            self.editor.show_status("Not on this map's terrain table, left out: " + ", ".join(edit.left_out))
        if not len(edit) and not edit.hexsides:
            return False
        self.push(ApplyHexEdit(self.map, edit, f"Paste {len(p)} hexes", self.stroke))
        return True
