"""What a map kind puts into the one editor window (app/editor/window.py): a hex map and an area map are
two kinds of one document (app/editor/kinds.py), and each kind names the KindEditor that supplies the
view in the middle, the tools, the kind's own panels, menus and toolbar, the clipboard, and how a
document of the kind is shown (`kinds.make_editor(kind, win)`). The window owns everything the kinds
share: the File, Edit, View and Help menus, undo and its history, the Layers and Overview panels,
autosave and recovery, recent files, dropped files, preferences and the title.

The hex kind's part is app/editor/hex_kind.py (its parts in hex_*.py), the area kind's
app/editor/area_kind.py. A kind's attributes and methods read through the window as well
(`win.canvas`, `win.select_areas(...)`): scripts and tests use the window for both."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .workspace import FRONT_DOCKS

if TYPE_CHECKING:
    from hexwright.app.render.view import ZoomView
    from hexwright.engine.validation import Diagnostic
    from PySide6.QtCore import QRectF, QSettings
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QDockWidget, QMenu

    from .kinds import MapKind
    from .preferences import Preferences
    from .window import EditorWindow


class KindEditor:
    """One map kind's part of an editor window; `win` is the window it is part of."""

    kind: MapKind
    layout_key = "window"  # the settings group the window's geometry and dock state are kept in
    layouts_key = "layouts"  # the settings group of its task layouts (app/editor/workspace.py)
    task_docks: dict[str, set[str]] | None = None  # the docks each task layout shows first (None: the hex kind's)
    front_docks: tuple[str, ...] = FRONT_DOCKS  # the docks raised in their tab groups by a task's default layout
    layer_titles: dict[str, tuple[str, float]] | None = None  # the Layers panel's rows (None: the hex canvas's)

    def __init__(self, win: EditorWindow) -> None:
        self.win = win

    # -- what the kind reads of the window ---------------------------------------------------------------
    @property
    def document(self) -> Any:
        return self.win.document

    @property
    def settings(self) -> QSettings:
        return self.win.settings

    @property
    def prefs(self) -> Preferences:
        return self.win.prefs

    def show_status(self, text: str) -> None:
        self.win.show_status(text)

    def is_locked(self, layer: str) -> bool:
        return self.win.is_locked(layer)

    # -- what the window asks of the kind ----------------------------------------------------------------
    def make_view(self) -> ZoomView:
        """The view in the middle of the window (made first: the tools and panels connect to it)."""
        raise NotImplementedError

    def build(self) -> None:
        """The kind's tools, actions, panels and toolbars (the window's own menus exist by then)."""
        raise NotImplementedError

    def arrange_docks(self) -> None:
        """Place the window's Layers, Overview and Undo history docks among the kind's own (tabs)."""

    def started(self) -> None:
        """The window is built and shows its first document (choose the first tool)."""

    def file_actions(self) -> list[QAction | QMenu]:
        """The kind's entries in the File menu, above Close and Quit (import, export)."""
        return []

    def clipboard_actions(self) -> list[QAction]:
        """Cut, copy and paste of what the kind's selection holds (the Edit menu)."""
        return []

    def edit_actions(self) -> list[QAction]:
        """The kind's entries in the Edit menu after the clipboard's."""
        return []

    def build_menus(self) -> None:
        """The kind's own menus between View and Help (Map, Scenario, Tools), with the window's
        `play_menu` among them."""

    def map_layers(self) -> Any | None:
        """What draws the document's layers (set_visible, set_locked, is_locked, map.underlay)."""
        return None

    def map_rect(self) -> QRectF:
        """The map's rectangle in the view's scene (what the Overview panel shows)."""
        raise NotImplementedError

    def leave_document(self, old: Any) -> None:
        """The window is about to show another document instead of `old`."""

    def show_document(self, doc: Any) -> None:
        """Show `doc` (the window has made it its document, with its undo stack)."""
        raise NotImplementedError

    def show_validation(self, diags: list[Diagnostic]) -> QDockWidget:
        """Show a scenario's validation in the kind's problems panel; that panel's dock."""
        raise NotImplementedError

    def document_saved(self) -> None:
        """The document was saved (perhaps to another folder)."""

    def set_underlay_opacity(self, opacity: float) -> None:
        """The Layers panel's opacity slider moved (one undo step a drag: `end_opacity_stroke`)."""

    def end_opacity_stroke(self) -> None:
        """The opacity slider was released."""

    def apply_preferences(self, prefs: Preferences) -> None:
        """Use the canvas colours of `prefs` (the window has taken the rest)."""

    def first_run_docks(self) -> None:
        """Size the panels the first time a window of the kind opens (no layout kept yet)."""

