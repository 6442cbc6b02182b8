"""The hex kind's scenario parts (scenario docks and menu, unit selection) and diagnostics."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMessageBox

from .document import ConvertToScenario
from .hex_base import HexKindBase

if TYPE_CHECKING:
    from hexwright.engine.validation import Diagnostic
    from PySide6.QtWidgets import QDockWidget

    from .scenario_panels import ScenarioPanels


class ScenarioActions(HexKindBase):
    @property
    def scenario_panels(self) -> ScenarioPanels | None:
        """The scenario docks while a scenario is open. Opening a scenario before the window has been
        painted builds them just after its first paint (the map shows about half a second sooner);
        asking for them before that builds them at once."""
        if self._panels_pending:
            self._build_scenario_panels()
        return self._scenario_panels

    def _sync_scenario_ui(self) -> None:
        """Scenario docks and menu for the document's kind (called on open and on conversion)."""
        doc = self.document
        want = doc is not None and doc.scenario is not None
        panels = self._scenario_panels
        if panels is not None and (not want or panels.document is not doc):
            panels.close()
            self._scenario_panels = None
        self._panels_pending = False
        if want and self._scenario_panels is None:
            if self._painted or not self.win.isVisible():
                self._build_scenario_panels()
            else:  # the first paint comes first; the map view tells when it has painted
                self._panels_pending = True
        self._fill_scenario_menu()
        self.win.act_sheets.setEnabled(want)
        self.win.workspace.document_opened(want)
        self.counter_layer.rebuild()
        self.win._update_title()

    def _build_scenario_panels(self) -> None:
        from .scenario_panels import ScenarioPanels

        self._panels_pending = False
        doc = self.document
        if doc is None or doc.scenario is None or self._scenario_panels is not None:
            return
        panels = ScenarioPanels(self.win, doc)
        panels.oob.unit_selected.connect(lambda uid: self.select_unit(uid, source="oob"))
        panels.designer.unit_selected.connect(lambda uid: self.select_unit(uid, source="designer"))
        self._scenario_panels = panels
        self._fill_scenario_menu()
        if self.selected_unit is not None:
            panels.oob.select_unit(self.selected_unit)
            panels.designer.select_unit(self.selected_unit)
        self.win.workspace.panels_added()

    def _fill_scenario_menu(self) -> None:
        doc = self.document
        want = doc is not None and doc.scenario is not None
        m = self.scenario_menu
        m.clear()
        self.act_new_scenario.setEnabled(not want)
        m.addAction(self.act_new_scenario)
        m.addSeparator()
        if self._scenario_panels is not None:
            m.addActions(self._scenario_panels.toggle_actions())
            m.addSeparator()
        m.addAction(self.win.act_sheets)

    def view_painted(self) -> None:
        """The map view has painted for the first time: build what waited for the first paint."""
        if self._painted:
            return
        self._painted = True
        if self._panels_pending:
            QTimer.singleShot(0, self._build_pending_panels)

    def _build_pending_panels(self) -> None:
        if self._panels_pending:
            self._build_scenario_panels()

    def _scenario_changed(self, part: str) -> None:
        self.counter_layer.on_scenario_changed(part)
        self._scenario_timer.start()

    def select_unit(self, unit_id: str | None, source: str = "") -> None:
        """Select a unit in the order of battle, the designer and on the map (centred there)."""
        if self.document is None or self.document.scenario is None:
            return
        if unit_id is not None and unit_id not in self.document.scenario.units:
            self.show_status(f"No unit {unit_id} in this scenario")
            return
        if unit_id == self.selected_unit and source != "diagnostics":
            return
        self.selected_unit = unit_id
        self.counter_layer.select(unit_id, centre=source != "map")
        panels = self.scenario_panels
        if panels is not None:
            if source != "oob":
                panels.oob.select_unit(unit_id)
            if source != "designer":
                panels.designer.select_unit(unit_id)
            if source == "map":
                panels.docks["oobDock"].raise_()
        if unit_id is not None:
            where = self.document.scenario.placements.get(unit_id)
            self.show_status(f"{unit_id}" + (f" set up at {where}" if where else " not on the map"))

    def new_scenario_dialog(self) -> None:
        from .scenario_panels import NewScenarioDialog

        if self.document is None or self.document.scenario is not None:
            return
        dlg = NewScenarioDialog(self.document.map.name, self.win)
        if dlg.exec() != NewScenarioDialog.DialogCode.Accepted:
            return
        try:
            sc = dlg.build(self.document.map)
        except ValueError as exc:
            QMessageBox.warning(self.win, "New scenario", str(exc))
            return
        self.new_scenario_from_map(sc)

    def new_scenario_from_map(self, scenario) -> None:
        """Turn the open map into a scenario document (one undo step). The map is saved inline in the
        scenario file; the document has no file name until saved, so the map file is never overwritten."""
        self.document.push(ConvertToScenario(self.document, scenario))

    def show_validation(self, diags: list[Diagnostic]) -> QDockWidget:
        self.diagnostics.set_diagnostics(diags)
        self.counter_layer.set_diagnostics(diags)
        return self.dock_diagnostics

    def revalidate(self) -> None:
        if self.document is not None:
            diags = self.document.validate()
            self.diagnostics.set_diagnostics(diags)
            self.counter_layer.set_diagnostics(diags)

    def jump_to_label(self, label: str) -> None:
        """Centre on and select what a diagnostic names: a hex ('0605') or a hexside ('0605/0606')."""
        m = self.document.map
        h = m.hex_at(label)
        if h is not None:
            self.view.centre_on_hex(h)
            self.select_hex(h)
            return
        side = m.hexside_at(label) if "/" in label else None
        if side is not None and self.canvas is not None:
            self.view.centerOn(self.canvas.geometry.side_line(side).center())
            self.select_hexside(side)
            return
        what = "hexside" if "/" in label else "hex"
        self.show_status(f"No {what} {label} on this map")
