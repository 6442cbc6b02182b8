"""Cut, copy and paste of areas in the area kind's window (Edit menu, Ctrl+X / Ctrl+C / Ctrl+V): the
selected areas go to the system clipboard as an area-map file's text (so another window, or a text
editor, can take them); a paste adds them under new numbers, moved clear of the originals when they
are still on the map, in one undo step."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from hexwright.app.areamap.commands import EditAreas
from hexwright.app.kindbase.clipboard import put_on_clipboard
from hexwright.engine.formats.areamapfile import dump_area_map, load_area_map
from hexwright.engine.model.areamap import AreaMap
from PySide6.QtCore import QMimeData, QObject
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence

if TYPE_CHECKING:
    from .window import EditorWindow

AREA_MIME = "application/x-hexwright-areas"
PASTE_OFFSET = 20.0  # map units a paste moves the areas when the copied ones are still in place


class AreaClipboard(QObject):
    def __init__(self, win: EditorWindow) -> None:
        super().__init__(win)
        self.win = win
        K = QKeySequence.StandardKey
        self.act_cut = self._action("Cu&t Areas", self.cut, K.Cut)
        self.act_copy = self._action("&Copy Areas", self.copy, K.Copy)
        self.act_paste = self._action("&Paste Areas", self.paste, K.Paste)

    def _action(self, text: str, slot: Any, key: QKeySequence.StandardKey) -> QAction:
        a = QAction(text, self.win)
        a.setShortcut(QKeySequence(key))
        a.triggered.connect(slot)
        self.win.addAction(a)
        return a

    def actions(self) -> list[QAction]:
        return [self.act_cut, self.act_copy, self.act_paste]

    def copy(self) -> int:
        """The selected areas to the clipboard; how many."""
        doc = self.win.document
        ids = [a for a in self.win.selected if a in doc.area_map.areas]
        if not ids:
            self.win.show_status("Select areas to copy (click one, Shift+click more)")
            return 0
        part = AreaMap(name=doc.area_map.name, width=doc.area_map.width, height=doc.area_map.height,
                       terrain_table=doc.area_map.terrain_table)
        for aid in ids:
            part.set_area(doc.area_map.areas[aid])
        text = dump_area_map(part)
        mime = QMimeData()
        mime.setData(AREA_MIME, text.encode("utf-8"))
        mime.setText(text)
        put_on_clipboard(mime)
        self.win.show_status(f"Copied {len(ids)} area(s)")
        return len(ids)

    def cut(self) -> int:
        n = self.copy()
        if n:
            doc = self.win.document
            ids = list(self.win.selected)
            doc.undo_stack.beginMacro(f"Cut {n} area(s)")
            for aid in ids:
                doc.delete_area(aid)
            doc.undo_stack.endMacro()
            self.win.select_areas([])
        return n

    def paste(self) -> list[str]:
        """Add the areas on the clipboard under new numbers (one undo step); their new ids."""
        mime = QGuiApplication.clipboard().mimeData()
        if mime is None or not mime.hasFormat(AREA_MIME):
            self.win.show_status("The clipboard holds no areas (copy some with Ctrl+C)")
            return []
        if self.win.is_locked("areas"):
            self.win.show_status("The areas layer is locked (Layers panel)")
            return []
        part = load_area_map(bytes(mime.data(AREA_MIME).data()).decode("utf-8"), "<clipboard>")
        if part is None:
            self.win.show_status("The areas on the clipboard cannot be read")
            return []
        doc = self.win.document
        amap = doc.area_map
        in_place = any(a.id in amap.areas and tuple(amap.areas[a.id].polygon) == tuple(a.polygon)
                       for a in part.areas.values())
        dx = dy = PASTE_OFFSET if in_place else 0.0
        used = set(amap.areas)
        after: dict[str, Any] = {}
        for area in part.areas.values():
            n = 1
            while str(n) in used:
                n += 1
            nid = str(n)
            used.add(nid)
            ring = tuple((x + dx, y + dy) for x, y in area.polygon)
            after[nid] = replace(area, id=nid, polygon=ring)
        doc.push(EditAreas(doc, f"Paste {len(after)} area(s)", after))
        self.win.select_areas(list(after))
        self.win.show_status(f"Pasted {len(after)} area(s): " + ", ".join(after))
        return list(after)
