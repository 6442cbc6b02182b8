"""The editor window's file operations: new, open (with the recovery of autosaved copies), save, save
as, close, recent files, files dropped on the window, import and export."""

from __future__ import annotations

import time
from pathlib import Path

from hexwright.engine.model.hexmap import HexMap
from hexwright.engine.validation import Diagnostic
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QMessageBox,
    QWidget,
)

from .document import MapDocument
from .window_base import EditorWindowBase

FILE_FILTER = "Hexwright maps and scenarios (*.yaml *.yml);;All files (*)"
MAX_RECENT = 10


class FileOperations(EditorWindowBase):
    def maybe_save(self) -> bool:
        """Ask to save unsaved changes; False if the person cancels."""
        doc = self.document
        if doc is None or not doc.modified:
            return True
        answer = QMessageBox.question(
            self, "Unsaved changes", f"Save the changes to {doc.display_name} before closing it?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def _discard_autosave(self) -> None:
        if self.autosaver is not None:
            try:
                self.autosaver.discard()
            except OSError:
                pass

    def new_map(self) -> bool:
        from .dialogs.new_map import NewMapDialog

        if not self.maybe_save():
            return False
        self._discard_autosave()
        dlg = NewMapDialog(self, self._last_dir())
        dlg.hex_size.setValue(self.prefs.hex_size)  # Preferences: the default hex size
        if dlg.exec() != NewMapDialog.DialogCode.Accepted:
            return False
        self.set_document(MapDocument(dlg.build_map()))
        return True

    def new_area_map(self) -> bool:
        """File > New Area Map…: an area-map editor window on a new map (app/areamap)."""
        from hexwright.app.areamap.new_dialog import NewAreaMapDialog

        dlg = NewAreaMapDialog(self, self._last_dir())
        if dlg.exec() != NewAreaMapDialog.DialogCode.Accepted:
            return False
        from hexwright.app.areamap.document import AreaMapDocument

        self._show_area_window(AreaMapDocument(dlg.build_map()))
        return True

    def open_area_window(self, path: Path) -> bool:
        """Open an area-map file or a scenario on an area map in the area-map editor; False for any other
        file (a broken area map shows its errors and returns True: it is handled)."""
        from hexwright.app.areamap.files import file_is_area_document

        if not path.exists() or not file_is_area_document(path):
            return False
        from hexwright.app.areamap.document import AreaMapDocument

        choice, side = self._offer_recovery(path)  # a newer autosave: recover, discard or keep for later
        if choice == "later":
            return True
        recovered = side if choice == "recover" else None
        doc, diags = AreaMapDocument.open(recovered or path)
        if doc is None:
            self.show_load_errors(path, diags)
            return True
        if choice == "discard" and side is not None:
            _remove(side)
        if recovered is not None:
            doc.path = path
            doc.undo_stack.resetClean()  # recovered edits are not in the file yet
            if doc.scenario is not None:  # the side file holds the map inline; keep the file's layout
                original, _ = AreaMapDocument.open(path)
                if original is not None and original.scenario is not None:
                    doc.scenario.map_file = original.scenario.map_file
                    original.deleteLater()
        win = self._show_area_window(doc)
        if recovered is not None and win.autosaver is not None:
            win.autosaver.adopt(recovered)  # saving (or discarding) the document removes it
        return True

    def _show_area_window(self, doc):
        from hexwright.app.areamap.window import AreaMapWindow

        win = AreaMapWindow(doc)
        import shiboken6

        self.area_windows = [w for w in getattr(self, "area_windows", []) if shiboken6.isValid(w) and w.isVisible()]
        self.area_windows.append(win)
        win.show()
        return win

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a map or scenario", self._last_dir(), FILE_FILTER)
        if path:
            self.open_path(path)

    def open_path(self, path: str | Path, ask_save: bool = True) -> bool:
        """Open a map or scenario file. A malformed file opens nothing and a dialog lists where it is
        broken (file:line). A newer autosave of the file is offered first: recover it, discard it,
        or open nothing and keep it for later."""
        if ask_save and not self.maybe_save():
            return False
        p = Path(path)
        if self.open_area_window(p):  # an area map, or a scenario on one: the area-map editor
            self.add_recent(p)
            return True
        choice, side = self._offer_recovery(p)
        if choice == "later":
            return False
        recovered = side if choice == "recover" else None
        doc, diags = MapDocument.open(recovered or p)
        if doc is None:
            self.show_load_errors(p, diags)
            return False
        if choice == "discard" and side is not None:
            _remove(side)
        if recovered is not None:
            doc.path = p
            doc.undo_stack.resetClean()  # recovered edits are not in the file yet
            if doc.scenario is not None:  # the side file holds the map inline; keep the file's layout
                original, _ = MapDocument.open(p)
                if original is not None and original.scenario is not None:
                    doc.scenario.map_file = original.scenario.map_file
                    original.deleteLater()
        else:
            self._discard_autosave()
        self.set_document(doc)
        if recovered is not None and self.autosaver is not None:
            self.autosaver.adopt(recovered)  # saving (or discarding) the document removes it
        self.restore_view()
        self.add_recent(p)
        return True

    def _offer_recovery(self, path: Path) -> tuple[str, Path | None]:
        """("recover" | "discard" | "later", the side file), or ("open", None) when there is none."""
        try:
            from .autosave import find_recovery
        except ImportError:
            return "open", None
        try:
            side = find_recovery(path)
        except Exception:  # noqa: BLE001 - recovery is a courtesy, never a reason not to open
            return "open", None
        if side is None:
            return "open", None
        answer = _ask_recovery(self, f"{path.name} has an autosaved copy newer than the file ({side}).",
                               "Discard deletes the copy and opens the file; Cancel opens nothing and keeps "
                               "the copy for later.")
        return answer, side

    def offer_untitled_recovery(self) -> bool:
        """Offer the untitled documents autosaved by editors that crashed, newest first: recover one
        (the window takes it over), discard it (and offer the next), or keep them for later. Only a
        shown window with an empty untitled document asks. True if one was recovered."""
        doc = self.document
        if not self.isVisible() or doc is None or doc.path is not None or doc.modified:
            return False
        try:
            from .autosave import claim, untitled_recoveries
        except ImportError:
            return False
        try:
            found = untitled_recoveries()
        except Exception:  # noqa: BLE001 - recovery is a courtesy
            return False
        for side in found:
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(side.stat().st_mtime)) if side.exists() else "?"
            answer = _ask_recovery(self, f"An untitled document was autosaved at {when} but not saved before "
                                   f"Hexwright closed ({side}).", "Discard deletes it; Cancel keeps it for "
                                   "later.")
            if answer == "discard":
                _remove(side)
                continue
            if answer != "recover":
                return False
            mine = claim(side)
            if mine is None:  # another window took it
                continue
            recovered, diags = MapDocument.open(mine)
            if recovered is None:
                self.show_load_errors(mine, diags)
                return False
            recovered.path = None
            recovered.undo_stack.resetClean()  # its edits are in no file yet
            self.set_document(recovered)
            if self.autosaver is not None:
                self.autosaver.adopt(mine)
                self.autosaver.autosave_now(force=True)  # this window's now
            return True
        return False

    def show_load_errors(self, path: Path, diags: list[Diagnostic]) -> None:
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Critical)
        box.setWindowTitle("Cannot open the file")
        lines = [d.format() for d in diags] or [f"{path}: the file could not be read"]
        box.setText(f"{path.name} was not opened: it has {len(lines)} problem(s).\n\n" + "\n".join(lines[:8]))
        box.setDetailedText("\n".join(lines))
        self.last_load_errors = lines
        box.exec()

    def save(self) -> bool:
        doc = self.document
        if doc is None:
            return False
        if doc.path is None:
            return self.save_as()
        return self._save_to(doc.path)

    def save_as(self) -> bool:
        doc = self.document
        if doc is None:
            return False
        start = str(self.save_as_start())
        path, _ = QFileDialog.getSaveFileName(self, "Save as", start, FILE_FILTER)
        if not path:
            return False
        return self._save_to(Path(path))

    def save_as_start(self) -> Path:
        """Where Save As starts (app/editor/save_location.py): the documents folder and the title."""
        from .save_location import default_save_path

        doc = self.document
        assert doc is not None
        title = doc.scenario.title if doc.scenario is not None else doc.map.name
        last = self.settings.value("lastSaveDir")
        return default_save_path(title or "", doc.path, str(last) if last else None)

    def _save_to(self, path: Path) -> bool:
        doc = self.document
        assert doc is not None
        try:
            doc.save(path)
        except (OSError, ValueError) as exc:
            QMessageBox.critical(self, "Save failed", f"Could not save {path}:\n{exc}\n\nNothing was lost: "
                                 "the file on disk is unchanged.")
            return False
        self._discard_autosave()
        if self.canvas is not None:
            self.canvas.base_dir = doc.map_dir
        self.add_recent(path)
        self.settings.setValue("lastSaveDir", str(path.parent))
        self.show_status(f"Saved {path}")
        return True

    def close_document(self) -> None:
        if self.maybe_save():
            self._discard_autosave()
            self.set_document(MapDocument(HexMap(name="Untitled")))

    def import_tiled(self, _checked: bool = False, path: str | None = None) -> bool:
        from .interchange_actions import import_tiled

        return import_tiled(self, path)

    def export_tiled(self) -> None:
        from .interchange_actions import export_tiled

        export_tiled(self)

    def export_vassal(self) -> None:
        from .interchange_actions import export_vassal

        export_vassal(self)

    # files dropped on the window: maps and scenarios open, Tiled maps are imported

    def dragEnterEvent(self, event) -> None:  # noqa: N802 - Qt API
        from .interchange_actions import dropped_files

        if dropped_files(event.mimeData()):
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dropEvent(self, event) -> None:  # noqa: N802 - Qt API
        from .interchange_actions import open_dropped

        if open_dropped(self, event.mimeData()):
            event.acceptProposedAction()
        else:
            super().dropEvent(event)

    def export(self) -> None:
        try:
            from .dialogs.export_dialog import ExportDialog
        except ImportError as exc:
            QMessageBox.information(self, "Export", f"Export is not available in this build ({exc}).")
            return
        dlg = ExportDialog(self.document.map, self)
        dlg.set_units(self.prefs.units)  # Preferences: printed sizes in mm or inches
        dlg.exec()

    def recent_files(self) -> list[str]:
        value = self.settings.value("recentFiles", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def add_recent(self, path: Path) -> None:
        p = str(Path(path).resolve())
        files = [p] + [f for f in self.recent_files() if f != p]
        self.settings.setValue("recentFiles", files[:MAX_RECENT])
        self.settings.setValue("lastDir", str(Path(p).parent))
        self._rebuild_recent_menu()

    def _rebuild_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for f in files:
            a = self.recent_menu.addAction(Path(f).name)
            a.setStatusTip(f)
            a.triggered.connect(lambda _=False, f=f: self.open_path(f))
        self.recent_menu.setEnabled(bool(files))

    def _last_dir(self) -> str:
        return str(self.settings.value("lastDir", str(Path.home())))

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if not self.maybe_save():
            event.ignore()
            return
        self._discard_autosave()
        if self.autosaver is not None:
            self.autosaver.stop()
        self.save_layout()
        event.accept()



def _ask_recovery(parent: QWidget, what: str, choices: str) -> str:
    """'recover', 'discard' or 'later' (keep the autosaved copy, open nothing)."""
    answer = QMessageBox.question(
        parent, "Recover unsaved work", f"{what}\nOpen the autosaved copy?\n\n{choices}",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Yes)
    if answer == QMessageBox.StandardButton.Yes:
        return "recover"
    if answer == QMessageBox.StandardButton.Discard:
        return "discard"
    return "later"


def _remove(side: Path) -> None:
    try:
        side.unlink()
    except OSError:
        pass  # already gone, or not ours to remove
