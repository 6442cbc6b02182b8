"""The Play menu every editor window has, whatever its map kind, and its Print Counter Sheets (in the
kind's Scenario menu): Play > Playtest… (F5) opens the
scenario as a game in the playtest window on a copy of its model, and Play > Balance Lab… plays many
games of its file with bots (app/playtest and app/balance_lab, opened through app/editor/launchers.py).
A scenario with errors is not played: the kind's problems panel lists them (Diagnostics on a hex map,
Problems on an area map). Print Counter Sheets writes a scenario's counters as PDF sheets for
double-sided printing (app/counters/sheets_dialog.py, as `hexwright sheets` does)."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMenu, QMessageBox

from .window_files import FileOperations
from .workspace import remember_layout


class PlayMenu(FileOperations):
    playtest_window: Any = None
    balance_lab_dialog: Any = None
    sheets_dialog: Any = None

    def build_play_menu(self) -> QMenu:
        """The Play menu (each kind puts it among its own menus, `play_menu`)."""
        self.act_playtest = self._action("&Playtest…", self.playtest, "F5",
                                         "Play this scenario by its rules against a bot or hot-seat (the file is "
                                         "untouched)")
        self.act_playtest.setShortcuts([QKeySequence("F5"), QKeySequence("Ctrl+T")])
        self.act_balance_lab = self._action("&Balance Lab…", self.balance_lab, "Ctrl+Shift+B",
                                            "Play many games of this scenario with bots and report the balance")
        self.act_sheets = self._action("&Print Counter Sheets…", self.print_counter_sheets,
                                       tip="Export the counters as PDF sheets for double-sided printing")
        self.play_menu = QMenu("&Play", self)
        self.play_menu.addActions([self.act_playtest, self.act_balance_lab])
        return self.play_menu

    def playtest(self) -> None:
        """Open the scenario as a game in the playtest window, on a copy of its model (app/playtest)."""
        from hexwright.engine.validation.diagnostics import has_errors

        from .launchers import PLAYTEST, launch

        doc = self.document
        if doc is not None and doc.scenario is not None:
            diags = doc.validate()  # the engine plays only what validates (the rules need a sound scenario)
            where = self.kind_editor.show_validation(diags)
            if has_errors(diags):
                errors = [d for d in diags if d.severity.name == "ERROR"]
                where.show()
                where.raise_()
                panel = where.windowTitle().split(" (")[0]
                first = "\n".join(d.format() for d in errors[:5])
                more = f"\n... and {len(errors) - 5} more" if len(errors) > 5 else ""
                self.show_status(f"Playtest needs a scenario without errors: {len(errors)} error(s), see {panel}")
                QMessageBox.warning(self, "Playtest",
                                    f"The scenario has {len(errors)} error(s); fix them before a playtest "
                                    f"(the {panel} panel lists them, double-click one to go there):\n\n"
                                    f"{first}{more}")
                self.playtest_window = None
                return
        try:
            self.playtest_window = launch(PLAYTEST, self)
        except LookupError as exc:
            QMessageBox.information(self, "Playtest", str(exc).capitalize() + ".")
            self.playtest_window = None
            return
        if self.playtest_window is not None:  # the playtest keeps a layout of its own
            remember_layout(self.playtest_window, self.settings, "playtest")

    def balance_lab(self) -> None:
        """The balance lab (app/balance_lab) on the scenario's file, a non-modal dialog kept by the window."""
        from .launchers import BALANCE_LAB, launch

        doc = self.document
        path = str(doc.path) if doc is not None and doc.scenario is not None and doc.path is not None else None
        try:
            self.balance_lab_dialog = launch(BALANCE_LAB, self, path)
        except LookupError as exc:
            QMessageBox.information(self, "Balance lab", str(exc).capitalize() + ".")

    def print_counter_sheets(self) -> None:
        doc = self.document
        if doc is None or doc.scenario is None:
            return
        from hexwright.app.counters.sheets_dialog import SheetsDialog

        self.sheets_dialog = SheetsDialog(doc.scenario, self)
        self.sheets_dialog.show()
