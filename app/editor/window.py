"""The editor window: one class for every map kind. A hex map and an area map are two kinds of one
document (app/editor/kinds.py); the window asks its document's kind for a KindEditor
(app/editor/kind_editor.py) that supplies the view, the tools, the kind's panels, menus and toolbar and
the clipboard. The window owns what every kind has: the File menu (app/editor/window_files.py: new, open,
recent, save, close, quit, drop, autosave and recovery), Edit (undo, redo, the kind's clipboard,
Preferences), View (zoom, layers, panels), Play (playtest, balance lab: app/editor/window_play.py), Help,
the Undo history, Layers and Overview panels, the status bar's zoom, the title, and the layout and each
file's view kept between sessions.

Entry points for scripts and benchmarks (all work offscreen, QT_QPA_PLATFORM=offscreen)::

    from hexwright.app.editor.window import EditorWindow

    win = EditorWindow(settings=QSettings(ini_path, QSettings.Format.IniFormat))  # an untitled hex map
    win = EditorWindow(AreaMapDocument(area_map), settings=...)                   # an area map
    win.open_path("big.yaml")      # a map or scenario of the window's kind; another kind opens a window of its own
    win.kind                       # HEX or AREA (app/editor/kinds.py)
    win.kind_editor                # the kind's part: HexKindEditor or AreaKindEditor

The kind's attributes and methods read through the window (`win.canvas`, `win.brush`, `win.set_tool("brush")`
on a hex map; `win.select_areas(["1"])`, `win.map_layers()` on an area map)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QByteArray, QPointF, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QColor, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QApplication, QLabel, QUndoView, QWidget

from .kinds import HEX, MapKind, kind_of_document, make_editor
from .panels import LayersPanel, OverviewWidget
from .preferences import Preferences, PreferencesDialog
from .window_base import editor_settings
from .window_play import PlayMenu
from .workspace import Workspace, regroup_crowded


class EditorWindow(PlayMenu):
    """One document of any map kind in a window (see the module's docstring)."""

    def __init__(self, document: Any | None = None, *, kind: MapKind | None = None,
                 settings: QSettings | None = None, parent: QWidget | None = None,
                 offer_recovery: bool | None = None) -> None:
        """`document`: what the window shows (an empty untitled document of `kind` if None; a hex map
        by default); `settings`: the editor's (recent files, preferences, layout) unless given;
        `offer_recovery`: once shown, offer the untitled documents of editors that crashed (by default
        the editor's own window, with no `settings` given, does)."""
        super().__init__(parent)
        self.kind = kind_of_document(document) if document is not None else (kind or HEX)
        if kind is not None and kind is not self.kind:
            raise ValueError(f"a {self.kind.title.lower()} document in a {kind.title.lower()}'s window")
        self.settings = settings if settings is not None else editor_settings()
        self.prefs = Preferences.load(self.settings)
        self._prefs_dialog: PreferencesDialog | None = None
        self._help: QWidget | None = None
        self.document: Any = None
        self.autosaver = None
        self.opened_windows: list[Any] = []
        self.last_status = ""
        self.undo_group = QUndoGroup(self)
        self.kind_editor = make_editor(self.kind, self)
        self.view = self.kind_editor.make_view()
        self.setCentralWidget(self.view)
        self.setAcceptDrops(True)
        self.layers_panel = LayersPanel(layers=self.kind_editor.layer_titles)
        self.layers_panel.visibilityChanged.connect(self.set_layer_visible)
        self.layers_panel.lockChanged.connect(self.set_layer_locked)
        self.layers_panel.opacityChanged.connect(lambda o: self.kind_editor.set_underlay_opacity(o))
        self.layers_panel.opacityReleased.connect(lambda: self.kind_editor.end_opacity_stroke())
        self.overview = OverviewWidget()
        self.overview.navigate.connect(self.view.centerOn)
        self.history = QUndoView(self.undo_group)
        self.history.setEmptyLabel("<opened>")
        self._build_actions()
        self._build_menus()
        self.kind_editor.build()
        self._build_shared_docks()
        k = self.kind_editor  # map-only (Tab), panels tabbed together, a layout per task
        self.workspace = Workspace(self, self.settings, self.view, k.layouts_key, k.task_docks, k.front_docks)
        self._fill_menus()
        self.zoom_label = QLabel("100%")
        self.statusBar().addPermanentWidget(self.zoom_label)
        self.view.zoomChanged.connect(lambda z: self.zoom_label.setText(f"{z * 100:.0f}%"))
        self.view.zoomChanged.connect(lambda _z: self._viewport_moved())
        self.view.viewportMoved.connect(self._viewport_moved)
        self.restore_layout()
        self.apply_preferences(self.prefs, save=False)
        self.set_document(document if document is not None else self.kind.empty_document())
        self.kind_editor.started()
        if offer_recovery is None:
            offer_recovery = settings is None
        if offer_recovery:
            QTimer.singleShot(0, self.offer_untitled_recovery)

    def __getattr__(self, name: str) -> Any:
        """The kind's attributes and methods read through the window (`win.canvas`, `win.select_areas`)."""
        part = self.__dict__.get("kind_editor")
        if part is not None and not name.startswith("__"):
            try:
                return getattr(part, name)
            except AttributeError:
                pass
        raise AttributeError(f"{type(self).__name__} of the {self.__dict__.get('kind', HEX).name} kind has no "
                             f"attribute {name!r}")

    # -- construction -----------------------------------------------------------------------------------
    def _action(self, text: str, slot: Any, shortcut: Any = None, tip: str = "") -> QAction:
        a = super()._action(text, slot, shortcut, tip)
        self.addAction(a)  # its shortcut works with the menu bar hidden too
        return a

    def _build_actions(self) -> None:
        K = QKeySequence.StandardKey
        self.build_file_actions()
        self.act_undo = self.undo_group.createUndoAction(self, "&Undo")
        self.act_undo.setShortcut(QKeySequence(K.Undo))
        self.act_redo = self.undo_group.createRedoAction(self, "&Redo")
        self.act_redo.setShortcuts([QKeySequence(K.Redo), QKeySequence("Ctrl+Y")])
        self.addActions([self.act_undo, self.act_redo])
        self.act_prefs = self._action("&Preferences…", self.preferences)
        self.act_zoom_in = self._action("Zoom &In", self.view.zoom_in, "Ctrl+=")
        self.act_zoom_in.setShortcuts([QKeySequence("Ctrl+="), QKeySequence("Ctrl++")])
        self.act_zoom_out = self._action("Zoom &Out", self.view.zoom_out, "Ctrl+-")
        self.act_zoom_fit = self._action("&Fit to Window", self.view.fit_map, "Ctrl+0")
        self.act_zoom_100 = self._action("Actual &Size", self.view.zoom_actual, "Ctrl+1")
        self.act_about = self._action("&About Hexwright", self.about)
        self.act_help = self._action("Hexwright &Help", lambda: self.help(), "F1", "The guides shipped with Hexwright")

    def _build_menus(self) -> None:
        """File, Edit and View, filled once the kind has made its actions (`_fill_menus`)."""
        self.file_menu = self.build_file_menu()
        self.edit_menu = self.menuBar().addMenu("&Edit")
        self.edit_menu.addActions([self.act_undo, self.act_redo])
        self.edit_menu.addSeparator()
        self.view_menu = self.menuBar().addMenu("&View")
        self.view_menu.addActions([self.act_zoom_in, self.act_zoom_out, self.act_zoom_fit, self.act_zoom_100])
        self.layers_menu = self.view_menu.addMenu("&Layers")
        self.panels_menu = self.view_menu.addMenu("&Panels")
        self.build_play_menu()

    def _build_shared_docks(self) -> None:
        """The Layers, Overview and Undo history panels, after the kind's own (the kind arranges them)."""
        R, L = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.LeftDockWidgetArea
        self.dock_layers = self._dock("Layers", "layersDock", self.layers_panel, R)
        self.dock_overview = self._dock("Overview", "overviewDock", self.overview, R)
        self.dock_history = self._dock("Undo history", "historyDock", self.history, L)
        self.kind_editor.arrange_docks()
        for box in self.layers_panel.visible_boxes.values():
            a = QAction(box.toolTip().replace("Show the ", "").capitalize(), self)
            a.setCheckable(True)
            a.setChecked(True)
            a.toggled.connect(box.setChecked)
            box.toggled.connect(a.setChecked)
            self.layers_menu.addAction(a)

    def _fill_menus(self) -> None:
        k = self.kind_editor
        for entry in k.file_actions():
            if isinstance(entry, QAction):
                self.file_menu.insertAction(self.file_menu_tail, entry)
            else:
                self.file_menu.insertMenu(self.file_menu_tail, entry)
        self.file_menu.insertSeparator(self.file_menu_tail)
        self.edit_menu.addActions(k.clipboard_actions())
        self.edit_menu.addSeparator()
        self.edit_menu.addActions(k.edit_actions())
        self.edit_menu.addAction(self.act_prefs)
        self.workspace.fill_menu(self.view_menu)
        k.build_menus()
        m = self.menuBar().addMenu("&Help")
        m.addAction(self.act_help)
        from .guides import guides

        for title, path in guides():
            m.addAction(self._action(title, lambda _=False, n=path.name: self.help(n)))
        m.addSeparator()
        m.addAction(self.act_about)

    # -- the document -----------------------------------------------------------------------------------
    def set_document(self, doc: Any) -> None:
        """Show `doc` (of the window's kind: a document of another kind opens in a window of its own,
        `show_in_window`)."""
        kind = kind_of_document(doc)
        if kind is not self.kind:
            raise ValueError(f"a {kind.title.lower()} opens in an editor window of its own, not in this "
                             f"{self.kind.title.lower()}'s")
        old = self.document
        self.remember_view()
        self.kind_editor.leave_document(old)
        if old is not None:
            self.undo_group.removeStack(old.undo_stack)
            self._stop_autosave()
            old.deleteLater()
        self.document = doc
        doc.setParent(self)
        self.undo_group.addStack(doc.undo_stack)
        self.undo_group.setActiveStack(doc.undo_stack)
        doc.modifiedChanged.connect(lambda _m: self._update_title())
        doc.pathChanged.connect(lambda _p: self._update_title())
        self.kind_editor.show_document(doc)
        self.act_sheets.setEnabled(doc.scenario is not None)
        self.workspace.document_opened(doc.scenario is not None)  # a scenario opens in the set-up layout
        layers = self.map_layers()
        if layers is not None:  # the person's choices of shown and locked layers stay
            for layer, box in self.layers_panel.visible_boxes.items():
                layers.set_visible(layer, box.isChecked())
                layers.set_locked(layer, self.layers_panel.lock_boxes[layer].isChecked())
        self.sync_layers_panel()
        self.overview.set_scene(self.view.scene(), self.kind_editor.map_rect())
        self.view.fit_map()  # and again on every resize until the person zooms or pans
        self._update_title()
        self._start_autosave()

    def map_layers(self) -> Any | None:
        return self.kind_editor.map_layers()

    def sync_layers_panel(self) -> None:
        """The Layers panel shows the drawing's layers and its underlay's opacity."""
        layers = self.map_layers()
        if layers is not None:
            self.layers_panel.sync(layers)

    def document_saved(self) -> None:
        self.kind_editor.document_saved()

    # -- the layout and each file's view, kept between sessions ------------------------------------------
    def restore_layout(self) -> None:
        """The window's size and panels as they were left in a window of its kind, else a first run's:
        1280 x 800, or the whole of a larger screen (up to 1600 x 1000), the map given most of it."""
        key = self.kind_editor.layout_key
        geo = self.settings.value(f"{key}/geometry")
        state = self.settings.value(f"{key}/state")
        if isinstance(geo, QByteArray):
            self.restoreGeometry(geo)
        else:
            screen = QApplication.primaryScreen()
            avail = screen.availableGeometry() if screen is not None else None
            w, h = 1280, 800
            if avail is not None and avail.width() >= w and avail.height() >= h:
                w, h = min(avail.width(), 1600), min(avail.height(), 1000)
            self.resize(w, h)
        if isinstance(state, QByteArray):
            self.restoreState(state)
            regroup_crowded(self)  # a layout kept with its panels in columns too narrow to read
        else:
            self.kind_editor.first_run_docks()

    def save_layout(self) -> None:
        """Keep the document's view, the window's size and its panels for next time."""
        self.remember_view()
        self.workspace.save_current()
        if self.workspace.map_only:  # the layout kept is the one with the panels shown
            self.workspace.set_map_only(False)
        key = self.kind_editor.layout_key
        self.settings.setValue(f"{key}/geometry", self.saveGeometry())
        self.settings.setValue(f"{key}/state", self.saveState())
        self.settings.sync()

    def _view_key(self) -> str | None:
        doc = self.document
        if doc is None or doc.path is None:
            return None
        import hashlib

        return "views/" + hashlib.sha1(str(doc.path.resolve()).encode("utf-8")).hexdigest()[:16]

    def remember_view(self) -> None:
        """Keep the zoom and centre of the file's view, to show it the same way next time (Tiled does)."""
        key = self._view_key()
        if key is None or self.view.is_fitted():
            if key is not None:
                self.settings.remove(key)
            return
        c = self.view.mapToScene(self.view.viewport().rect().center())
        self.settings.setValue(key, [self.view.zoom(), c.x(), c.y()])

    def restore_view(self) -> None:
        """Show the file as it was last shown (it opens fitted to the window otherwise)."""
        key = self._view_key()
        value = self.settings.value(key) if key is not None else None
        if isinstance(value, list) and len(value) == 3:
            try:
                z, x, y = (float(v) for v in value)
            except (TypeError, ValueError):
                return
            self.view.show_view(z, QPointF(x, y))

    def show_status(self, text: str) -> None:
        self.last_status = text
        self.statusBar().showMessage(text, 6000)

    def wait_shown(self) -> None:
        """Process pending events and paint the map view once (scripts and benchmarks)."""
        QApplication.processEvents()
        self.view.viewport().repaint()

    # -- preferences and help ---------------------------------------------------------------------------
    def preferences(self) -> PreferencesDialog:
        """Edit > Preferences: applied at once (Apply or OK) and kept in the settings."""
        if self._prefs_dialog is None:
            self._prefs_dialog = PreferencesDialog(self.prefs, self, self.settings.fileName())
            self._prefs_dialog.applied.connect(self.apply_preferences)
        self._prefs_dialog.set_values(self.prefs)
        self._prefs_dialog.show()
        self._prefs_dialog.raise_()
        return self._prefs_dialog

    def apply_preferences(self, prefs: Preferences, save: bool = True) -> None:
        """Use `prefs` now: canvas colours, the autosave interval (or none); the default hex size and the
        units of measure are read by the next New Map and Export."""
        self.prefs = prefs
        if save:
            prefs.save(self.settings)
        self.view.setBackgroundBrush(QColor(prefs.background))
        self.kind_editor.apply_preferences(prefs)
        if self.document is None:
            return
        if prefs.autosave_minutes <= 0 and self.autosaver is not None:
            self._stop_autosave()
        elif prefs.autosave_minutes > 0 and self.autosaver is None:
            self._start_autosave()
        elif self.autosaver is not None:
            self.autosaver.timer.setInterval(prefs.autosave_ms)
        if save:
            self.show_status("Preferences applied")

    def help(self, guide: str = "editor.md") -> QWidget:
        """Help > Hexwright Help: the guides shipped with the application."""
        from .help import open_help

        self._help = open_help(self, guide)
        return self._help

    def about(self) -> None:
        from .help import show_about

        show_about(self)
