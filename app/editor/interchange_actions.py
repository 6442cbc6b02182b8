"""File > Import > Tiled Map…, File > Export > Tiled Map… and File > Export > VASSAL Module…, and files
dropped on the editor's window (maps and scenarios open; a Tiled map goes through the import)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QMimeData, Qt
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QMessageBox

if TYPE_CHECKING:
    from .window import EditorWindow

OPENABLE = (".yaml", ".yml")
IMPORTABLE = (".tmx",)


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
    if p.suffix.lower() in IMPORTABLE:
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


def import_tiled(win: EditorWindow, path: str | None = None, dialog_hook=None) -> bool:
    """Read a hexagonal TMX map, confirm its tile mapping, and open the result as a new untitled map.
    `dialog_hook(dialog)` replaces exec() (tests and screenshots drive the dialog)."""
    from hexwright.engine.formats.tmx import TmxError, read_tmx, terrain_table_of, tmx_to_map
    from hexwright.engine.model.terrain import default_terrain_table

    from .dialogs.tiles_mapping import TilesMappingDialog
    from .document import MapDocument

    if path is None:
        path, _ = QFileDialog.getOpenFileName(win, "Import Tiled Map", _start_dir(win), "Tiled maps (*.tmx)")
        if not path:
            return False
    if not win.maybe_save():
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
