"""File > Import > Tiled Map… and VASSAL Module…, File > Export > Tiled Map… and VASSAL Module…, and files
dropped on the editor's window (maps and scenarios open; a Tiled map or a VASSAL module goes through its
import)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QMimeData, Qt
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QInputDialog, QMessageBox

if TYPE_CHECKING:
    from .window import EditorWindow

OPENABLE = (".yaml", ".yml")
IMPORTABLE = (".tmx", ".vmod")


def dropped_files(mime: QMimeData) -> list[Path]:
    """The local files of a drop that the editor opens or imports, in the order dropped."""
    if not mime.hasUrls():
        return []
    out = []
    for url in mime.urls():
        if url.isLocalFile():
            p = Path(url.toLocalFile())
            if p.suffix.lower() in OPENABLE + IMPORTABLE and p.is_file():
                out.append(p)
    return out


def open_dropped(win: Any, mime: QMimeData) -> bool:
    """Open the first map or scenario dropped (a Tiled map through its import dialog)."""
    files = dropped_files(mime)
    if not files:
        return False
    p = files[0]
    if p.suffix.lower() == ".vmod":
        import_vassal(win, str(p))
    elif p.suffix.lower() in IMPORTABLE:
        import_tiled(win, str(p))
    else:
        win.open_path(p)
    return True


def with_suffix(path: str, suffix: str) -> str:
    """`path` ending in `suffix` (.tmx, .vmod): a name typed without it gets it, as the save dialog's filter says,
    and a name with another suffix (the open map's .yaml) gets it added rather than being written over."""
    return path if Path(path).suffix.lower() == suffix else path + suffix


def _start_dir(win: EditorWindow) -> str:
    return win._last_dir()  # the document's own folder first (window_files.py)


def _file_to_import(win: EditorWindow, path: str | None, title: str, filter_: str) -> str | None:
    """The file to import (asked for when not given), once the open document may be left; None if not."""
    if path is None:
        path, _ = QFileDialog.getOpenFileName(win, title, _start_dir(win), filter_)
        if not path:
            return None
    return path if win.maybe_save() else None


def import_tiled(win: EditorWindow, path: str | None = None, dialog_hook=None) -> bool:
    """Read a hexagonal TMX map, confirm its tile mapping, and open the result as a new untitled map.
    `dialog_hook(dialog)` replaces exec() (tests and screenshots drive the dialog)."""
    from hexwright.engine.formats.tmx import TmxError, read_tmx, terrain_table_of, tmx_to_map
    from hexwright.engine.model.terrain import default_terrain_table

    from .dialogs.tiles_mapping import TilesMappingDialog
    from .document import MapDocument

    path = _file_to_import(win, path, "Import Tiled Map", "Tiled maps (*.tmx)")
    if path is None:
        return False
    try:
        doc = read_tmx(path)
    except TmxError as exc:
        QMessageBox.warning(win, "Import Tiled Map", str(exc))
        return False
    table = terrain_table_of(doc) or default_terrain_table()
    dialog = TilesMappingDialog(doc, table, win)
    result = dialog_hook(dialog) if dialog_hook is not None else dialog.exec()
    if result != QDialog.DialogCode.Accepted:
        return False
    hexmap, notes = tmx_to_map(doc, dialog.mapping(), dialog.labels(), table)
    win.set_document(MapDocument(hexmap))
    win.statusBar().showMessage(f"Imported {Path(path).name}: {len(hexmap)} hexes" +
                                (f" ({'; '.join(notes)})" if notes else ""), 15000)
    return True


def import_vassal(win: EditorWindow, path: str | None = None, folder: str | None = None, board: str | None = None,
                  quiet: bool = False) -> Path | None:
    """Import a VASSAL module's hex board into a folder (the map with the board as its scan underlay, the
    scenario of its pieces, their images) and open the scenario (or the map). The file, the folder and the
    board (when the module has several) are asked for unless given; returns the file opened."""
    from hexwright.engine.formats.vmod_read import read_vmod

    from ..interchange.vassal_import import ScanError, VmodError, import_module, module_stem

    title = "Import VASSAL Module"
    path = _file_to_import(win, path, title, "VASSAL modules (*.vmod)")
    if path is None:
        return None
    try:
        module = read_vmod(path)
    except VmodError as exc:
        QMessageBox.warning(win, title, str(exc))
        return None
    boards = [b.name for b in module.hex_boards()]
    if not boards:
        QMessageBox.warning(win, title, f"{Path(path).name}: no board of the module has a hex grid and an image.")
        return None
    if board is None and len(boards) > 1:
        board, ok = QInputDialog.getItem(win, title, "The module has several hex boards; import:", boards, 0, False)
        if not ok:
            return None
    if folder is None:
        default = str(Path(path).parent / module_stem(module, path))
        folder = QFileDialog.getExistingDirectory(win, "Folder for the imported map and scenario", default)
        if not folder:
            return None
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        done = import_module(path, folder, board, module=module)
    except (VmodError, ScanError, OSError) as exc:
        QApplication.restoreOverrideCursor()
        QMessageBox.warning(win, title, str(exc))
        return None
    QApplication.restoreOverrideCursor()
    opened = done.scenario_path or done.map_path
    win.open_path(opened, ask_save=False)
    text = f"Imported {Path(path).name}: " + "; ".join(done.notes)
    win.statusBar().showMessage(text, 20000)
    if not quiet:
        QMessageBox.information(win, title, text.replace("; ", "\n") + f"\n\nWrote {opened.name} and the "
                                "board image in " + str(opened.parent) + ". Teach the terrain over the underlay "
                                "(Map > Propose Terrain from Scan…).")
    return opened


def export_tiled(win: EditorWindow, path: str | None = None, quiet: bool = False) -> Path | None:
    """Write the document's map as a TMX with its tileset image; say what Tiled cannot hold."""
    from hexwright.engine.formats.tmx_write import save_tmx

    if path is None:
        doc_path = win.document.path
        default = str(Path(_start_dir(win)) / ((doc_path.name.split(".")[0] if doc_path else "map") + ".tmx"))
        path, _ = QFileDialog.getSaveFileName(win, "Export Tiled Map", default, "Tiled maps (*.tmx)")
        if not path:
            return None
    path = with_suffix(path, ".tmx")
    try:
        image, notes = save_tmx(win.document.map, path)
    except OSError as exc:
        QMessageBox.warning(win, "Export Tiled Map", f"Cannot write {path}: {exc}")
        return None
    text = f"Wrote {Path(path).name} and its tileset {image.name}."
    if notes:
        text += "\n\n" + "\n\n".join(notes)
    if not quiet:
        QMessageBox.information(win, "Export Tiled Map", text)
    return image


def export_vassal(win: EditorWindow, path: str | None = None, quiet: bool = False) -> list[str] | None:
    """Write the open scenario as a VASSAL module."""
    sc = win.document.scenario
    if sc is None:
        QMessageBox.information(win, "Export VASSAL Module", "A VASSAL module is made from a scenario (its counters, "
                                "set-up and turns); open or make a scenario first (Scenario > New Scenario from "
                                "this Map…).")
        return None
    if path is None:
        doc_path = win.document.path
        default = str(Path(_start_dir(win)) / ((doc_path.name.split(".")[0] if doc_path else "game") + ".vmod"))
        path, _ = QFileDialog.getSaveFileName(win, "Export VASSAL Module", default, "VASSAL modules (*.vmod)")
        if not path:
            return None
    path = with_suffix(path, ".vmod")
    from ..interchange.vassal import write_vmod

    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        notes = write_vmod(sc, path)
    except OSError as exc:
        QApplication.restoreOverrideCursor()
        QMessageBox.warning(win, "Export VASSAL Module", f"Cannot write {path}: {exc}")
        return None
    QApplication.restoreOverrideCursor()
    if not quiet:
        text = f"Wrote {Path(path).name}: the map, {len(sc.units)} counters with both sides, the set-up, " \
               f"the reinforcements by turn, the turn track and a die roller."
        QMessageBox.information(win, "Export VASSAL Module", text + ("\n\n" + "\n".join(notes) if notes else ""))
    return notes
