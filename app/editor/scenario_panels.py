"""The scenario side of the editor window: when the open document is a scenario, the scenario panels
(order of battle, counter designer, reinforcements, turn track, victory, tables, markers and pools, the
start state of a scenario that starts mid-game, and for Target Arnhem its supply stripes, para supply
markers and off-board areas) are
docked around the map, all on the document itself (MapDocument has the `scenario`, `undo_stack` and
`scenario_changed` members the panels and app/scenario/commands.py need), so one undo stack holds map
and scenario edits alike. `NewScenarioDialog` asks what "Scenario > New Scenario from this Map…"
needs: a title, the rules family (engine/rules/registry.py) and the two sides.
"""

from __future__ import annotations

from hexwright.engine.model import Scenario, Side, TurnInfo
from hexwright.engine.model.bounds import MAX_TURNS
from hexwright.engine.rules.registry import RULES_FAMILIES
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QFormLayout,
    QHeaderView,
    QLineEdit,
    QScrollArea,
    QSpinBox,
    QWidget,
)

SIDE_COLORS = ("#c9b98b", "#8f9a9e")


def side_id(name: str, taken: set[str]) -> str:
    base = "".join(ch if ch.isalnum() else "_" for ch in name.strip().lower()).strip("_") or "side"
    sid, n = base, 2
    while sid in taken:
        sid, n = f"{base}_{n}", n + 1
    return sid


# a new scenario's turn track (issue 33: it started empty, "0 turns"): the length of the shipped
# Arnhem games' tracks (F&M Scenario 1 and Target Arnhem 9-10 turns), edited in the Turn track panel
DEFAULT_TURNS = 10


def new_scenario(hexmap, title: str, rules: str, side_names: tuple[str, str], turns: int = DEFAULT_TURNS) -> Scenario:
    """A scenario on `hexmap` (the map inline: no separate map file) with two sides and `turns` turns;
    the first side moves first. The sides' ids and the stacking limit are the family's own where its
    registry entry names them (`side_ids`, `stacking_limit`)."""
    if not 1 <= turns <= MAX_TURNS:
        raise ValueError(f"a scenario has from 1 to {MAX_TURNS} turns, not {turns}")
    if rules not in RULES_FAMILIES:
        raise ValueError(f"unknown rules family {rules!r}")
    named = RULES_FAMILIES[rules].side_ids
    sides: list[Side] = []
    for i, (name, color) in enumerate(zip(side_names, SIDE_COLORS, strict=True)):
        if not name.strip():
            raise ValueError("both sides need a name")
        sid = named[i] if len(named) == len(side_names) else side_id(name, {s.id for s in sides})
        sides.append(Side(sid, name.strip(), color))
    sc = Scenario(title.strip() or "Untitled scenario", rules, hexmap, map_file=None, sides=sides,
                  first_player=sides[0].id)
    sc.turns = [TurnInfo(n) for n in range(1, turns + 1)]
    sc.stacking_limit = RULES_FAMILIES[rules].stacking_limit
    sc.source = RULES_FAMILIES[rules].title  # the rulebook by its title, as a designer reads it
    return sc


class NewScenarioDialog(QDialog):
    def __init__(self, map_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New scenario from this map")
        self.title_edit = QLineEdit(f"{map_name} scenario" if map_name else "New scenario")
        self.rules_combo = QComboBox()
        for f in RULES_FAMILIES.values():
            self.rules_combo.addItem(f"{f.name} ({f.id})", f.id)
        self.side_a = QLineEdit("Allied")
        self.side_b = QLineEdit("German")
        self.turns_spin = QSpinBox()
        self.turns_spin.setRange(1, MAX_TURNS)
        self.turns_spin.setValue(DEFAULT_TURNS)
        form = QFormLayout(self)
        form.addRow("Title", self.title_edit)
        form.addRow("Rules family", self.rules_combo)
        form.addRow("First side (moves first)", self.side_a)
        form.addRow("Second side", self.side_b)
        form.addRow("Number of turns", self.turns_spin)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def build(self, hexmap) -> Scenario:
        return new_scenario(hexmap, self.title_edit.text(), self.rules_combo.currentData(),
                            (self.side_a.text(), self.side_b.text()), self.turns_spin.value())


def _scrolled(widget: QWidget) -> QScrollArea:
    """A panel in a scroll area, so a large form never forces the window bigger than the screen."""
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setWidget(widget)
    return area


class ScenarioPanels:
    """The scenario docks of one scenario document; `close()` removes them (document switched)."""

    def __init__(self, window, document) -> None:
        self.document = document  # the panels show this document's scenario
        from hexwright.app.scenario.counter_designer import CounterDesigner
        from hexwright.app.scenario.markers import MarkersEditor
        from hexwright.app.scenario.oob_panel import OobPanel
        from hexwright.app.scenario.reinforcements import ReinforcementsEditor
        from hexwright.app.scenario.start_state import StartStateEditor
        from hexwright.app.scenario.supply_areas import SupplyAreasEditor, shows_supply_areas
        from hexwright.app.scenario.tables import TablesEditor
        from hexwright.app.scenario.turn_track import TurnTrackEditor
        from hexwright.app.scenario.victory import VictoryEditor

        self.win = window
        self.oob = OobPanel(document, icon_px=26)
        header = self.oob.tree.header()  # the unit column at a set width, so "Where" stays in sight
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        self.oob.tree.setColumnWidth(0, 200)
        self.oob.tree.setDefaultDropAction(Qt.DropAction.CopyAction)  # a drop on the map keeps the row
        self.designer = CounterDesigner(document)
        self.reinforcements = ReinforcementsEditor(document)
        self.turn_track = TurnTrackEditor(document)
        self.victory = VictoryEditor(document)
        self.tables = TablesEditor(document)
        self.markers = MarkersEditor(document)
        self.start_state = StartStateEditor(document)
        # Target Arnhem's supply stripes, para supply markers and off-board areas, where the scenario has them
        self.supply_areas = SupplyAreasEditor(document) if shows_supply_areas(document.scenario) else None
        L, B = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.BottomDockWidgetArea
        specs = [("Order of battle", "oobDock", self.oob, L), ("Counter designer", "designerDock", self.designer, B),
                 ("Reinforcements", "reinforcementsDock", self.reinforcements, B),
                 ("Turn track", "turnTrackDock", self.turn_track, B), ("Victory", "victoryDock", self.victory, B),
                 ("Tables", "tablesDock", self.tables, B), ("Markers and pools", "markersDock", self.markers, B),
                 ("Start state", "startStateDock", self.start_state, B)]
        if self.supply_areas is not None:
            specs.append(("Supply and off-board areas", "supplyAreasDock", self.supply_areas, B))
        self.docks: dict[str, QDockWidget] = {}
        for title, name, widget, area in specs:
            d = QDockWidget(title, window)
            d.setObjectName(name)
            # panels made of tables that scroll themselves are docked as they are
            d.setWidget(widget if widget in (self.oob, self.start_state, self.supply_areas) else _scrolled(widget))
            window.addDockWidget(area, d)
            self.docks[name] = d
        window.tabifyDockWidget(window.dock_properties, self.docks["oobDock"])
        bottom = [self.docks[n] for n in ("designerDock", "reinforcementsDock", "turnTrackDock", "victoryDock",
                                          "tablesDock", "markersDock", "startStateDock", "supplyAreasDock")
                  if n in self.docks]
        for d in bottom:
            window.tabifyDockWidget(window.dock_diagnostics, d)
        window.resizeDocks([self.docks["oobDock"]], [400], Qt.Orientation.Horizontal)
        window.resizeDocks([window.dock_diagnostics], [270], Qt.Orientation.Vertical)
        QTimer.singleShot(0, self.raise_main)

    def raise_main(self) -> None:
        """Show the order of battle and the designer in front of their tab groups."""
        for name in ("oobDock", "designerDock"):
            if name in self.docks:
                self.docks[name].raise_()

    def toggle_actions(self):
        return [d.toggleViewAction() for d in self.docks.values()]

    def close(self) -> None:
        if self.supply_areas is not None:
            self.supply_areas.detach()
        for panel in (self.oob, self.designer, self.reinforcements, self.turn_track, self.victory, self.tables,
                      self.markers, self.start_state, self.supply_areas):
            slot = getattr(panel, "_on_scenario_changed", None)
            if panel is not None and slot is not None:
                try:
                    panel.document.scenario_changed.disconnect(slot)
                except (RuntimeError, TypeError):
                    pass
        for d in self.docks.values():
            self.win.removeDockWidget(d)
            d.setParent(None)
            d.deleteLater()
        self.docks.clear()
