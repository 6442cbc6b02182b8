"""The tool protocol (Tiled `abstracttool.h`): a tool is an object with activate/deactivate, mouse and
key hooks, a cursor and a status text. The map view converts Qt events into ToolEvents (scene
position, hex, buttons, modifiers) and forwards them to the active tool; the tool edits the map by
pushing commands on the document's undo stack."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from hexwright.engine.hexgrid import Hex
from PySide6.QtCore import QObject, QPointF, Qt, Signal
from PySide6.QtGui import QCursor

if TYPE_CHECKING:
    from hexwright.app.hexmap.canvas import MapCanvas

    from ..document import MapDocument


@dataclass
class ToolEvent:
    scene_pos: QPointF
    hex: Hex
    button: Qt.MouseButton = Qt.MouseButton.NoButton
    buttons: Qt.MouseButton = Qt.MouseButton.NoButton
    modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier

    @property
    def alt(self) -> bool:
        return bool(self.modifiers & Qt.KeyboardModifier.AltModifier)

    @property
    def right(self) -> bool:
        return self.button == Qt.MouseButton.RightButton or bool(self.buttons & Qt.MouseButton.RightButton)


@dataclass
class BrushState:
    """What the palette has chosen for the tools: the terrain, feature, hexside item, path and region
    to paint with, and the brush radius."""

    terrain: str = "clear"
    feature: str = ""
    hexside_kind: str = "feature"  # "feature" or "bridge"
    hexside_code: str = ""
    path: str = ""
    region: str = ""
    radius: int = 0
    max_radius: int = 12
    location_level: int = 1  # the level the location tool adds or removes
    hexside_level: int | None = None  # the level the hexside tool puts features at (None: ground)
    extra: dict = field(default_factory=dict)


class EditorContext(Protocol):
    """What tools see of the editor window."""

    canvas: MapCanvas
    brush: BrushState
    view: Any  # the MapView: show_preview, show_side_preview, show_selection
    clipboard: Any  # the HexClipboard (app/editor/clipboard.py): the stamp and its preview
    selected_hexes: list[Hex]

    @property
    def document(self) -> MapDocument: ...

    def select_hexes(self, hexes: list[Hex]) -> None: ...

    def show_status(self, text: str) -> None: ...
    def select_hex(self, h: Hex | None) -> None: ...
    def select_hexside(self, side) -> None: ...
    def set_preview(self, hexes) -> None: ...
    def palette_changed(self) -> None: ...


class Tool(QObject):
    """Base class: subclasses set `name`, `title`, `shortcut`, `layer` (the layer they edit, which a
    lock protects) and override the hooks they need."""

    statusChanged = Signal(str)

    name = ""
    title = ""
    shortcut = ""
    layer: str | None = None
    cursor_shape = Qt.CursorShape.CrossCursor

    def __init__(self, editor: EditorContext) -> None:
        super().__init__()
        self.editor = editor
        self.active = False

    # -- protocol -----------------------------------------------------------------------------
    def activate(self) -> None:
        self.active = True
        self.statusChanged.emit(self.status_text())

    def deactivate(self) -> None:
        self.active = False
        self.editor.set_preview(())

    def cursor(self) -> QCursor:
        return QCursor(self.cursor_shape)

    def status_text(self) -> str:
        return self.title

    def mouse_press(self, ev: ToolEvent) -> None:
        pass

    def mouse_move(self, ev: ToolEvent) -> None:
        pass

    def mouse_release(self, ev: ToolEvent) -> None:
        pass

    def key_press(self, key: int, modifiers: Qt.KeyboardModifier) -> bool:
        """Handle a key; True if the tool used it."""
        return False

    def leave(self) -> None:
        self.editor.set_preview(())

    # -- helpers --------------------------------------------------------------------------------
    @property
    def map(self):
        return self.editor.document.map

    def locked(self) -> bool:
        """True (and says so in the status bar) when the layer this tool edits is locked."""
        if self.layer is not None and self.editor.canvas.is_locked(self.layer):
            from hexwright.app.hexmap.canvas import LAYERS

            self.editor.show_status(f"The {LAYERS[self.layer][0].lower()} layer is locked")
            return True
        return False

    def push(self, command) -> None:
        self.editor.document.push(command)
