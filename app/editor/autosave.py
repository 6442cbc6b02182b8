"""Autosave to a side file and recovery after a crash.

Every few minutes, if the document has unsaved edits, the current map (or scenario, with its map
written inline so the side file is complete on its own) is written atomically to a side file:

- `<file>.autosave` beside a saved file (`bulge.yaml` -> `bulge.yaml.autosave`);
- `<AppDataLocation>/autosave/untitled-<n>.yaml` for a document never saved;
- if the folder of the file cannot be written (read-only media), a fallback
  `<AppDataLocation>/autosave/<name>-<hash of its path>.autosave`.

The side file never replaces the real file; the editor calls `discard()` after a normal save and on
a clean close. On opening, `find_recovery(path)` returns a side file newer than the file itself, so
the editor can offer to recover it.
"""

from __future__ import annotations

import hashlib
import time
from pathlib import Path
from typing import Any, Protocol

from hexwright.engine.formats import atomic_write_text, dump_map, dump_scenario
from PySide6.QtCore import QObject, QStandardPaths, QTimer, Signal

DEFAULT_INTERVAL_MS = 180_000
SIDE_SUFFIX = ".autosave"


class AutosaveDocument(Protocol):
    """What the autosaver reads from the editor's document."""

    map: Any  # HexMap
    scenario: Any  # Scenario | None
    path: Path | None
    undo_stack: Any  # QUndoStack


def autosave_dir() -> Path:
    """`<AppDataLocation>/autosave`, where untitled documents and fallbacks are autosaved."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    if not base:
        base = str(Path.home() / ".local" / "share" / "hexwright")
    return Path(base) / "autosave"


def side_path(path: Path) -> Path:
    """The side file beside a saved file."""
    return path.with_name(path.name + SIDE_SUFFIX)


def fallback_path(path: Path, directory: Path | None = None) -> Path:
    """The side file for `path` in the autosave folder, used when its own folder is not writable."""
    digest = hashlib.sha1(str(path.resolve()).encode("utf-8")).hexdigest()[:10]
    return (directory or autosave_dir()) / f"{path.name}-{digest}{SIDE_SUFFIX}"


def find_recovery(path: Path | None, directory: Path | None = None) -> Path | None:
    """A side file worth recovering: for a saved file, its side file (beside it or the fallback)
    if newer than the file itself; for None, the newest untitled autosave. None if there is none."""
    folder = directory or autosave_dir()
    if path is None:
        found = sorted(folder.glob("untitled-*.yaml"), key=_mtime, reverse=True) if folder.is_dir() else []
        return found[0] if found else None
    path = Path(path)
    candidates = [p for p in (side_path(path), fallback_path(path, folder)) if p.is_file()]
    if not candidates:
        return None
    newest = max(candidates, key=_mtime)
    if path.exists() and _mtime(newest) <= _mtime(path):
        return None
    return newest


def _mtime(p: Path) -> float:
    try:
        return p.stat().st_mtime
    except OSError:
        return 0.0


class Autosaver(QObject):
    """Writes the document to a side file on a timer when it has unsaved edits.

    `saved(path)` is emitted after each autosave, `failed(message)` when one could not be written
    (the document and the real file are untouched; the next tick tries again).
    """

    saved = Signal(Path)
    failed = Signal(str)

    def __init__(
        self,
        document: AutosaveDocument,
        interval_ms: int = DEFAULT_INTERVAL_MS,
        parent: QObject | None = None,
        directory: Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.directory = directory
        self._untitled: Path | None = None
        self._written: Path | None = None  # the side file this autosaver last wrote
        self._last_state: tuple[int, int, int] | None = None
        self.last_error: str | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.autosave_now)
        self.timer.start()

    # -- state ---------------------------------------------------------------------------------
    def is_modified(self) -> bool:
        stack = self.document.undo_stack
        return stack is not None and not stack.isClean()

    def _state(self) -> tuple[int, int, int]:
        stack = self.document.undo_stack
        return (id(self.document.map), stack.index() if stack is not None else 0,
                getattr(self.document.map, "revision", 0))

    def _folder(self) -> Path:
        return self.directory or autosave_dir()

    def target(self) -> Path:
        """Where the next autosave goes."""
        path = self.document.path
        if path is not None:
            return side_path(Path(path))
        if self._untitled is None:
            folder = self._folder()
            n = 1
            while (folder / f"untitled-{n}.yaml").exists():
                n += 1
            self._untitled = folder / f"untitled-{n}.yaml"
        return self._untitled

    def text(self) -> str:
        doc = self.document
        when = time.strftime("%Y-%m-%d %H:%M:%S")
        head = f"# Hexwright autosave of {doc.path or 'an untitled document'}, {when}\n"
        if doc.scenario is not None:
            return head + dump_scenario(doc.scenario, inline_map=True)
        return head + dump_map(doc.map)

    # -- actions -------------------------------------------------------------------------------
    def autosave_now(self, force: bool = False) -> Path | None:
        """Write the side file if the document changed since the last autosave (or `force`).
        Returns the file written, or None. Never raises for a write error: emits `failed`."""
        if not force and (not self.is_modified() or self._state() == self._last_state):
            return None
        try:
            text = self.text()
        except Exception as exc:  # a model the writer cannot express: report, keep editing
            self._fail(f"could not serialise the document for autosave: {exc}")
            return None
        target = self.target()
        real = Path(self.document.path).resolve() if self.document.path is not None else None
        tried: list[str] = []
        for candidate in self._candidates(target):
            if real is not None and candidate.resolve() == real:
                continue  # never write over the real file
            try:
                candidate.parent.mkdir(parents=True, exist_ok=True)
                atomic_write_text(candidate, text)
            except OSError as exc:
                tried.append(f"{candidate}: {exc.strerror or exc}")
                continue
            if self._written is not None and self._written != candidate:
                _unlink(self._written)
            self._written = candidate
            self._last_state = self._state()
            self.last_error = None
            self.saved.emit(candidate)
            return candidate
        self._fail("autosave failed; your work is still open, save it by hand. " + "; ".join(tried))
        return None

    def _candidates(self, target: Path) -> list[Path]:
        if self.document.path is None:
            return [target]
        return [target, fallback_path(Path(self.document.path), self._folder())]

    def _fail(self, message: str) -> None:
        self.last_error = message
        self.failed.emit(message)

    def discard(self) -> None:
        """Remove the side file(s): after a normal save and on a clean close."""
        paths: set[Path | None] = {self._written, self._untitled}
        if self.document.path is not None:
            p = Path(self.document.path)
            paths |= {side_path(p), fallback_path(p, self._folder())}
        for side in paths:
            if side is not None:
                _unlink(side)
        self._written = None
        self._last_state = None

    def stop(self) -> None:
        self.timer.stop()


def _unlink(p: Path) -> None:
    try:
        p.unlink()
    except FileNotFoundError:
        pass
    except OSError:
        pass  # a side file we cannot remove is harmless; recovery compares times
