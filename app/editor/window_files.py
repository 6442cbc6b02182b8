"""The editor window's file operations: new, open (with the recovery of autosaved copies), save, save
as, close, recent files, files dropped on the window, import and export."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from hexwright.engine.pbem.record import SUFFIX as PBEM_SUFFIX
from hexwright.engine.validation import Diagnostic
from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QMenu,
    QMessageBox,
    QWidget,
)

from . import launchers
from .kinds import AREA, HEX, MapKind, kind_of, make_window
from .window_base import ShellBase

if TYPE_CHECKING:
    from .window import EditorWindow

FILE_FILTER = ("Hexwright maps and scenarios (*.yaml *.yml);;Hexwright play-by-e-mail games (*.hwgame);;"
               "All files (*)")
MAX_RECENT = 10


class FileOperations(ShellBase):
    """File > New, Open, Open Recent, Save, Save As, Close and Quit, autosave recovery and files dropped on
    the window, for an editor window of any map kind (`self.kind`, app/editor/kinds.py). The window
    provides `set_document`, `document_saved`, `restore_view` and `save_layout`."""

    def build_file_actions(self) -> None:
        K = QKeySequence.StandardKey
        self.act_new = self._action("&New Hex Map…", self.new_map, K.New, "Create a new hex map")
        self.act_new_area = self._action("New &Area Map…", self.new_area_map, "Ctrl+Shift+N",
                                         "Create a map of areas drawn as polygons over a scan (Storm over Arnhem)")
        self.act_new_from_scan = self._action("New Hex Map from &Scan…", self.new_from_scan, tip="A new hex map "
                                              "from a scanned printed map: the grid fitted to it, columns and rows "
                                              "counted")
        self.act_open = self._action("&Open…", self.open_dialog, K.Open, "Open a map or scenario")
        self.act_save = self._action("&Save", self.save, K.Save, "Save the file")
        self.act_save_as = self._action("Save &As…", self.save_as, K.SaveAs)
        self.act_close = self._action("&Close", self.close_document, K.Close)
        self.act_quit = self._action("&Quit", self.quit_editor, K.Quit, "Close every editor window")

    def build_file_menu(self) -> QMenu:
        """The File menu every kind's window has: New (hex map, area map), Open, Open Recent, Save, Save
        As, then the window's own entries (inserted before `file_menu_tail`), Close and Quit."""
        m = self.menuBar().addMenu("&File")
        m.addActions([self.act_new, self.act_new_from_scan, self.act_new_area, self.act_open])
        self.recent_menu = m.addMenu("Open &Recent")
        m.addSeparator()
        m.addActions([self.act_save, self.act_save_as])
        m.addSeparator()
        self.file_menu_tail = self.act_close
        m.addActions([self.act_close, self.act_quit])
        self._rebuild_recent_menu()
        return m

    def quit_editor(self) -> None:
        """File > Quit: close every editor window (each asks about its unsaved changes)."""
        from PySide6.QtWidgets import QApplication

        for w in QApplication.topLevelWidgets():
            if isinstance(w, FileOperations) and w is not self and w.isVisible() and not w.close():
                return
        self.close()

    def maybe_save(self) -> bool:
        """Ask to save unsaved changes; False if the person cancels."""
        doc = self.document
        if doc is None or not doc.modified or not self.ask_to_save:
            return True
        answer = QMessageBox.question(
            self, "Unsaved changes", f"Save the changes to {doc.display_name} before closing it?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def _start_autosave(self) -> None:
        try:
            from .autosave import Autosaver
        except ImportError:
            return
        if self.prefs.autosave_minutes <= 0:  # Preferences: autosave off
            self.autosaver = None
            return
        try:
            self.autosaver = Autosaver(self.document, interval_ms=self.prefs.autosave_ms, parent=self)
        except Exception as exc:
            self.show_status(f"Autosave is off: {exc}")
            self.autosaver = None

    def _stop_autosave(self) -> None:
        """Stop the autosaver and free it: it is the window's child and holds its document, so a stopped
        one kept would keep every document the window has shown (issue 29)."""
        if self.autosaver is not None:
            self.autosaver.stop()
            self.autosaver.deleteLater()
            self.autosaver = None

    def _discard_autosave(self) -> None:
        if self.autosaver is not None:
            try:
                self.autosaver.discard()
            except OSError:
                pass

    def new_document(self, kind: MapKind) -> bool:
        """File > New > Hex Map… or Area Map…: the kind's New dialog; the new document replaces this
        window's (after asking to save it) when it is of this window's kind, else it opens in a window of
        its own kind."""
        if kind is self.kind and not self.maybe_save():
            return False
        doc = kind.new_document(self, self._last_dir(), self.prefs)
        if doc is None:
            return False
        if kind is self.kind:
            self._discard_autosave()
            self.set_document(doc)
        else:
            self.show_in_window(kind, doc)
        return True

    def new_map(self) -> bool:
        return self.new_document(HEX)

    def new_area_map(self) -> bool:
        return self.new_document(AREA)

    def new_from_scan(self, scan_path: str | None = None) -> bool:
        """File > New Hex Map from Scan… (app/editor/dialogs/new_from_scan.py): the new hex map replaces
        this window's document (after asking to save it) in a hex window, else opens in one of its own."""
        from .dialogs.new_from_scan import document_from_scan

        if self.kind is HEX and not self.maybe_save():
            return False
        doc = document_from_scan(self, self._last_dir(), scan_path)
        if doc is None:
            return False
        if self.kind is HEX:
            self._discard_autosave()
            self.set_document(doc)
        else:
            self.show_in_window(HEX, doc)
        return True

    def show_in_window(self, kind: MapKind, doc: Any) -> Any:
        """Show a document of another kind in a new window of that kind; this window closes if it holds
        only an empty untitled document (a scenario opens in exactly one window)."""
        import shiboken6

        win = make_window(kind, self.settings, doc)
        # freed when it closes: its panels' signals hold lambdas that hold the window, a cycle through Qt
        # that Python's collector cannot see (hundreds of files opened in one process piled windows up)
        win.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
        self.opened_windows = [w for w in self.opened_windows if shiboken6.isValid(w) and w.isVisible()]
        self.opened_windows.append(win)
        _OPEN_WINDOWS.add(win)  # kept alive while it is open, whatever becomes of this one
        win.show()
        if self.isVisible() and self.is_blank():
            self.close()
        return win

    def is_blank(self) -> bool:
        """The window holds an untitled document without edits (what a new window starts with)."""
        doc = self.document
        return doc is None or (doc.path is None and not doc.modified and doc.undo_stack.count() == 0)

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a map or scenario", self._last_dir(), FILE_FILTER)
        if path:
            self.open_path(path)

    def open_path(self, path: str | Path, ask_save: bool = True) -> bool:
        """Open a map or scenario file: in this window when it is of this window's kind (an area map,
        or a scenario on one, is of the area kind), else in a new window of its kind. A malformed file
        opens nothing and a dialog lists where it is broken (file:line). A newer autosave of the file
        is offered first: recover it, discard it, or open nothing and keep it for later."""
        p = Path(path)
        if p.suffix == PBEM_SUFFIX:  # a game played by e-mail opens in the playtest, beside this window
            return bool(launchers.launch(launchers.PBEM_GAME, self, p))
        kind = kind_of(p)
        if kind is self.kind and ask_save and not self.maybe_save():
            return False
        choice, side = self._offer_recovery(p)
        if choice == "later":
            return kind is not self.kind  # the file is dealt with; this window keeps its document
        recovered = side if choice == "recover" else None
        doc, diags = kind.open(recovered or p)
        if doc is None:
            self.show_load_errors(p, diags)
            return kind is not self.kind
        if choice == "discard" and side is not None:
            _remove(side)
        if recovered is not None:
            doc.path = p
            doc.undo_stack.resetClean()  # recovered edits are not in the file yet
            if doc.scenario is not None:  # the side file holds the map inline; keep the file's layout
                original, _ = kind.open(p)
                if original is not None and original.scenario is not None:
                    doc.scenario.map_file = original.scenario.map_file
                    original.deleteLater()
        if kind is self.kind:
            if recovered is None:
                self._discard_autosave()
            self.set_document(doc)
            win = self
        else:
            win = self.show_in_window(kind, doc)
        if recovered is not None and win.autosaver is not None:
            win.autosaver.adopt(recovered)  # saving (or discarding) the document removes it
        win.restore_view()
        win.add_recent(p)
        if win is not self:
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
        except Exception:
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
        except Exception:
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
            recovered, diags = kind_of(mine).open(mine)
            if recovered is None:
                self.show_load_errors(mine, diags)
                return False
            recovered.path = None
            recovered.undo_stack.resetClean()  # its edits are in no file yet
            kind = kind_of(mine)
            if kind is self.kind:
                self.set_document(recovered)
                win = self
            else:
                win = self.show_in_window(kind, recovered)
            if win.autosaver is not None:
                win.autosaver.adopt(mine)
                win.autosaver.autosave_now(force=True)  # this window's now
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
        return default_save_path(title or "", doc.path, str(last) if last else None, doc.folder)

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
        self.document_saved()
        self.add_recent(path)
        self.settings.setValue("lastSaveDir", str(path.parent))
        self.show_status(f"Saved {path}")
        return True

    def close_document(self) -> None:
        if self.maybe_save():
            self._discard_autosave()
            self.set_document(self.kind.empty_document())

    # files dropped on the window: maps and scenarios open, Tiled maps and VASSAL modules are imported

    def _dropped(self, event: Any) -> list[Path]:
        """The files of a drop this window opens: maps and scenarios, and Tiled maps in a hex window
        (imported as a new hex map)."""
        from .interchange_actions import OPENABLE, dropped_files

        files = dropped_files(event.mimeData())
        return files if self.kind is HEX else [p for p in files if p.suffix.lower() in OPENABLE]

    def dragEnterEvent(self, event: Any) -> None:
        if self._dropped(event):
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dropEvent(self, event: Any) -> None:
        from .interchange_actions import IMPORTABLE, import_tiled, import_vassal

        files = self._dropped(event)
        if not files:
            super().dropEvent(event)
            return
        if files[0].suffix.lower() == ".vmod":
            import_vassal(cast("EditorWindow", self), str(files[0]))  # only a hex window takes modules
        elif files[0].suffix.lower() in IMPORTABLE:
            import_tiled(cast("EditorWindow", self), str(files[0]))  # only a hex window takes Tiled maps
        else:
            self.open_path(files[0])
        event.acceptProposedAction()

    def recent_files(self) -> list[str]:
        value = self.settings.value("recentFiles", [])
        if isinstance(value, str):
            return [value]
        return [str(v) for v in value] if isinstance(value, list) else []

    def add_recent(self, path: Path) -> None:
        p = str(Path(path).resolve())
        files = [p] + [f for f in self.recent_files() if f != p]
        self.settings.setValue("recentFiles", files[:MAX_RECENT])
        self.settings.setValue("lastDir", str(Path(p).parent))
        self._rebuild_recent_menu()

    def _rebuild_recent_menu(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for f, label in zip(files, recent_labels(files), strict=True):
            a = self.recent_menu.addAction(label)
            a.setStatusTip(f)
            a.triggered.connect(lambda _=False, f=f: self.open_path(f))
        self.recent_menu.setEnabled(bool(files))

    def _last_dir(self) -> str:
        """Where a file dialog starts: the current document's folder (issue 33: not the folder another
        document used last), else the folder last opened from."""
        doc = self.document
        folder = doc.folder if doc is not None else None
        if folder is not None and folder.is_dir():
            return str(folder)
        return str(self.settings.value("lastDir", str(Path.home())))

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.ask_to_save and not self.maybe_save():
            event.ignore()
            return
        self._discard_autosave()
        if self.autosaver is not None:
            self.autosaver.stop()
        for child in self.findChildren(QWidget):  # its own windows (the balance lab, Preferences, Help) close
            if child.isWindow() and child.isVisible():  # first, as a person would: the lab stops its studies
                child.close()
        self.save_layout()
        event.accept()
        _OPEN_WINDOWS.discard(self)  # a window of the editor's own is deleted as it closes (make_window)


# The windows the editor opened itself for documents of another kind (show_in_window), kept alive while
# they are open: nothing else holds them, and they are deleted as they close (kinds.make_window).
_OPEN_WINDOWS: set[Any] = set()


def recent_labels(files: list[str]) -> list[str]:
    """The Open Recent entries: each file's name, and for names that two files share, the end of its
    folder's path that tells them apart ("scenario-1-historical.yaml  (fm-arnhem)" beside
    "scenario-1-historical.yaml  (backup/fm-arnhem)"; issue 33: two identical entries)."""
    paths = [Path(f) for f in files]
    out = []
    for p in paths:
        same = [q for q in paths if q.name == p.name and q != p]
        if not same:
            out.append(p.name)
            continue
        parts = p.parent.parts
        n = 1
        while n < len(parts) and any(q.parent.parts[-n:] == parts[-n:] for q in same):
            n += 1
        out.append(f"{p.name}  ({'/'.join(parts[-n:]).lstrip('/') or p.parent.anchor})")
    return out


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
