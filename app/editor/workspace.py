"""Room for the map: the editor's panels tabbed together by side, a "map only" mode that hides every
panel and toolbar (Tab in the map view, as Tiled and Krita do), and a saved window layout per task:
*editing* a map, *set-up* of a scenario's counters, and *playtest* (the playtest window's own layout).

Each task's layout is the window's `saveState()` kept in the settings (`layouts/<task>` for a hex map's
window, `areaLayouts/<task>` for an area map's: their panels differ); switching task
keeps the layout being left and restores the one being entered, or that task's default the first time.
Opening a scenario switches to *set-up*, opening a map to *editing*. Map-only mode is never saved: the
layout kept is the one with the panels shown.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QByteArray, QEvent, QObject, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QToolBar, QWidget

TASKS = {"editing": "&Editing", "setup": "&Set-up", "playtest": "&Playtest"}
EDITOR_TASKS = ("editing", "setup")  # the playtest has a window of its own (remember_layout)

# dock object names shown by each task's default layout in a hex map's window (the others are hidden; the
# Panels and Scenario menus show them again); a map kind gives its own (app/editor/kind_editor.py)
DEFAULT_DOCKS = {
    "editing": {"paletteDock", "layersDock", "overviewDock", "propertiesDock", "historyDock", "diagnosticsDock"},
    "setup": {"oobDock", "propertiesDock", "paletteDock", "layersDock", "diagnosticsDock", "designerDock",
              "reinforcementsDock", "turnTrackDock", "victoryDock", "tablesDock", "markersDock", "startStateDock",
              "supplyAreasDock"},
}
FRONT_DOCKS = ("oobDock", "designerDock", "paletteDock", "propertiesDock")  # raised in their tab groups
SIDE_WIDTH = {"editing": 250, "setup": 330}
BOTTOM_HEIGHT = {"editing": 110, "setup": 230}


def key(task: str, prefix: str = "layouts") -> str:
    return f"{prefix}/{task}"


def tab_docks_together(window: QMainWindow) -> None:
    """Tab the shown, docked panels of each side of the window into one group each, so a side takes the
    width of one panel and the map keeps the rest."""
    by_area: dict[Qt.DockWidgetArea, list[QDockWidget]] = {}
    for d in window.findChildren(QDockWidget):
        if d.parent() is window and d.isVisible() and not d.isFloating():
            by_area.setdefault(window.dockWidgetArea(d), []).append(d)
    for docks in by_area.values():
        first = docks[0]
        for d in docks[1:]:
            window.tabifyDockWidget(first, d)
        first.raise_()


MAX_GROUPS = 3  # more panel groups side by side on one side of the window are columns too narrow to read


def regroup_crowded(window: QMainWindow, max_groups: int = MAX_GROUPS) -> list[Qt.DockWidgetArea]:
    """Tab together the shown panels of each side of the window that holds more than `max_groups` groups
    side by side (a layout kept from an older build, before its panels were tabbed, or one that new panels
    were added to); two or three groups a person placed side by side stay. Returns the sides regrouped."""
    by_area: dict[Qt.DockWidgetArea, list[QDockWidget]] = {}
    for d in window.findChildren(QDockWidget):
        # shown in the layout, whether or not the window itself is on screen yet (a layout restored as the
        # editor starts, or as a scenario's panels are added, is regrouped before the window is painted)
        if d.parent() is window and d.isVisibleTo(window) and not d.isFloating():
            by_area.setdefault(window.dockWidgetArea(d), []).append(d)
    done = []
    for area, docks in by_area.items():
        groups: list[set[QDockWidget]] = []
        for d in docks:
            if not any(d in g for g in groups):
                groups.append({d, *(t for t in window.tabifiedDockWidgets(d) if t in docks)})
        if len(groups) > max_groups:
            for d in docks[1:]:
                window.tabifyDockWidget(docks[0], d)
            docks[0].raise_()
            done.append(area)
    return done


class Workspace(QObject):
    """The editor window's task layouts and map-only mode."""

    def __init__(self, window: QMainWindow, settings: QSettings, view: QWidget, prefix: str = "layouts",
                 default_docks: dict[str, set[str]] | None = None,
                 front_docks: tuple[str, ...] = FRONT_DOCKS) -> None:
        """`prefix`: the settings group of the layouts; `default_docks`: the docks each task's default
        layout shows; `front_docks`: the docks raised in their tab groups (the map kind's)."""
        super().__init__(window)
        self.win = window
        self.settings = settings
        self.prefix = prefix
        self.default_docks = DEFAULT_DOCKS if default_docks is None else default_docks
        self.front_docks = front_docks
        self.task = str(settings.value(f"{prefix}/current", "editing"))
        if self.task not in EDITOR_TASKS:
            self.task = "editing"
        self.map_only = False
        self._hidden: list[QWidget] = []
        window.setDockOptions(QMainWindow.DockOption.AnimatedDocks | QMainWindow.DockOption.AllowTabbedDocks
                              | QMainWindow.DockOption.AllowNestedDocks | QMainWindow.DockOption.GroupedDragging)
        self.act_map_only = QAction("&Map Only", window)
        self.act_map_only.setCheckable(True)
        self.act_map_only.setShortcut(QKeySequence(Qt.Key.Key_Tab))
        # Tab toggles while the map view has the focus; in the panels it still moves between fields
        self.act_map_only.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.act_map_only.setStatusTip("Hide every panel and toolbar so the map fills the window (Tab in the map)")
        self.act_map_only.toggled.connect(self.set_map_only)
        view.addAction(self.act_map_only)
        self.act_tabs = QAction("&Tab Panels Together", window)
        self.act_tabs.setStatusTip("Tab the panels of each side into one group: the map gets the room")
        self.act_tabs.triggered.connect(lambda: tab_docks_together(window))
        self.task_actions: dict[str, QAction] = {}
        group = QActionGroup(window)
        for i, t in enumerate(EDITOR_TASKS):
            a = QAction(f"{TASKS[t]} Layout", window)
            a.setCheckable(True)
            a.setChecked(t == self.task)
            a.setShortcut(QKeySequence(f"Ctrl+Alt+{i + 1}"))
            a.setStatusTip(f"Switch to the window layout kept for {TASKS[t].replace('&', '').lower()}")
            a.triggered.connect(lambda _=False, task=t: self.switch(task))
            group.addAction(a)
            self.task_actions[t] = a

    def fill_menu(self, menu: QMenu) -> None:
        menu.addSeparator()
        menu.addAction(self.act_map_only)
        menu.addAction(self.act_tabs)
        layouts = menu.addMenu("Layout for &Task")
        layouts.addActions(list(self.task_actions.values()))

    # -- map only ------------------------------------------------------------------------------
    def set_map_only(self, on: bool) -> None:
        if on == self.map_only:
            return
        self.map_only = on
        if on:
            self._hidden = [w for w in self._bars_and_docks() if w.isVisible()]
            for w in self._hidden:
                w.hide()
        else:
            for w in self._hidden:
                w.show()
            self._hidden = []
        if self.act_map_only.isChecked() != on:
            self.act_map_only.setChecked(on)

    def _bars_and_docks(self) -> list[QWidget]:
        win = self.win
        return [w for w in [*win.findChildren(QDockWidget), *win.findChildren(QToolBar)] if w.parent() is win]

    # -- layouts per task ----------------------------------------------------------------------
    def save_current(self) -> None:
        """Keep the current task's layout (with the panels shown, map-only or not)."""
        was = self.map_only
        if was:
            self.set_map_only(False)
        self.settings.setValue(key(self.task, self.prefix), self.win.saveState())
        self.settings.setValue(f"{self.prefix}/current", self.task)
        if was:
            self.set_map_only(True)

    def switch(self, task: str) -> None:
        if task not in EDITOR_TASKS:
            raise ValueError(f"unknown task {task!r}")
        if task == self.task:
            return
        self.set_map_only(False)
        self.save_current()
        self.task = task
        self.settings.setValue(f"{self.prefix}/current", task)
        self.task_actions[task].setChecked(True)
        self.restore()

    def restore(self) -> None:
        """The current task's saved layout, or its default."""
        state = self.settings.value(key(self.task, self.prefix))
        if isinstance(state, QByteArray) and self.win.restoreState(state):
            self._regroup()
            # and once more when the event loop next runs: panels added with a document (the scenario's) are
            # shown after the layout that places them is restored
            QTimer.singleShot(0, self._regroup)
            return
        self.apply_default(self.task)

    def _regroup(self) -> None:
        """Columns too narrow to read tabbed together, the kind's main panels in front."""
        if shiboken6.isValid(self.win) and regroup_crowded(self.win):
            self._raise_front()

    def apply_default(self, task: str) -> None:
        win = self.win
        shown = self.default_docks.get(task, self.default_docks["editing"])
        docks = [d for d in win.findChildren(QDockWidget) if d.parent() is win]
        for d in docks:
            d.setFloating(False)
            d.setVisible(d.objectName() in shown)
        tab_docks_together(win)
        left = [d for d in docks if d.isVisible() and win.dockWidgetArea(d) in (Qt.DockWidgetArea.LeftDockWidgetArea,
                                                                                Qt.DockWidgetArea.RightDockWidgetArea)]
        if left:
            win.resizeDocks(left, [SIDE_WIDTH[task]] * len(left), Qt.Orientation.Horizontal)
        bottom = [d for d in docks if d.isVisible() and win.dockWidgetArea(d) == Qt.DockWidgetArea.BottomDockWidgetArea]
        if bottom:
            win.resizeDocks(bottom[:1], [BOTTOM_HEIGHT[task]], Qt.Orientation.Vertical)
        self._raise_front()

    def _raise_front(self) -> None:
        for name in self.front_docks:
            found = self.win.findChild(QDockWidget, name)
            if found is not None and found.isVisible():
                found.raise_()

    def document_opened(self, is_scenario: bool) -> None:
        """A scenario opens in the set-up layout, a map in the editing layout."""
        task = "setup" if is_scenario else "editing"
        if task != self.task:
            self.switch(task)

    def panels_added(self) -> None:
        """Docks created after the layout was restored (the scenario panels): place them by the task's
        saved layout, or its default."""
        if self.map_only:
            self.set_map_only(False)
        self.restore()


class _LayoutKeeper(QObject):
    def __init__(self, window: QMainWindow, settings: QSettings, task: str) -> None:
        super().__init__(window)
        self.win, self.settings, self.task = window, settings, task
        self.restored = False

    def eventFilter(self, obj, event) -> bool:
        if obj is self.win:
            if event.type() == QEvent.Type.Show and not self.restored:
                self.restored = True
                state = self.settings.value(key(self.task))
                if isinstance(state, QByteArray):
                    self.win.restoreState(state)
            elif event.type() == QEvent.Type.Close:
                self.settings.setValue(key(self.task), self.win.saveState())
        return False


def remember_layout(window: QMainWindow, settings: QSettings, task: str = "playtest") -> None:
    """Restore `window`'s layout for `task` when it is first shown and keep it when it closes (the
    playtest window's layout)."""
    keeper = _LayoutKeeper(window, settings, task)
    window.installEventFilter(keeper)
    if window.isVisible():  # already shown: restore now
        keeper.restored = True
        state = settings.value(key(task))
        if isinstance(state, QByteArray):
            window.restoreState(state)
