"""Autosave to a side file and recovery after a crash.

Every few minutes, if the document has unsaved edits, the current map (or scenario, with its map
written inline so the side file is complete on its own) is written atomically to a side file:

- `<file>.autosave` beside a saved file (`bulge.yaml` -> `bulge.yaml.autosave`);
- `<AppDataLocation>/autosave/untitled-<n>.yaml` for a document never saved (the name is reserved
  when chosen, so two windows never pick the same one);
- if the folder of the file cannot be written (read-only media), a fallback
  `<AppDataLocation>/autosave/<name>-<hash of its path>.autosave`;
- if another window is already autosaving the same file, `<name>-<hash>-<n>.autosave` there.

Each side file's first line names the process that wrote it. A side file is "in use" while an
autosaver of this process writes it or while the process that wrote it is running: one in use is
never offered, overwritten or removed by another window.

The side file never replaces the real file. It is removed after a normal save, on a clean close, and
whenever the document becomes clean again (edits undone back to the saved state: the undo stack's
`cleanChanged`), so a stale side file never brings back an undone edit. On opening a file,
`find_recovery(path)` returns a side file newer than the file itself; at the editor's start,
`untitled_recoveries()` lists the untitled documents of editors that crashed, and `claim()` takes
one over for the window that recovers it. The editor offers each: recover, discard, or keep it for
later.
"""

from __future__ import annotations

import glob
import os
import re
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from hexwright.engine.formats import atomic_write_text
from hexwright.engine.formats.atomic import process_exists
from PySide6.QtCore import QObject, QStandardPaths, QTimer, Signal

DEFAULT_INTERVAL_MS = 180_000
SIDE_SUFFIX = ".autosave"


class AutosaveDocument(Protocol):
    """What the autosaver reads from the editor's document."""

    map: Any  # HexMap or AreaMap: its revision tells an edit
    scenario: Any  # Scenario | None
    path: Path | None
    undo_stack: Any  # QUndoStack

    def dump_inline(self) -> str: ...


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
    import hashlib  # OpenSSL is loaded when a side file is named, not at the editor's start

    digest = hashlib.sha1(str(path.resolve()).encode("utf-8")).hexdigest()[:10]
    return (directory or autosave_dir()) / f"{path.name}-{digest}{SIDE_SUFFIX}"


def find_recovery(path: Path | None, directory: Path | None = None) -> Path | None:
    """A side file worth recovering: for a saved file, its newest side file (beside it or in the
    autosave folder) if newer than the file itself; for None, the newest untitled autosave. Side files
    in use by a running window are never returned. None if there is none."""
    folder = directory or autosave_dir()
    if path is None:
        found = untitled_recoveries(folder)
        return found[0] if found else None
    path = Path(path)
    candidates = [p for p in side_files(path, folder) if p.is_file() and not in_use(p)]
    if not candidates:
        return None
    newest = max(candidates, key=_mtime)
    if path.exists() and _mtime(newest) <= _mtime(path):
        return None
    return newest


def side_files(path: Path, directory: Path | None = None) -> list[Path]:
    """Every side file `path` may have: beside it, the fallback, and those of further windows."""
    fallback = fallback_path(path, directory)
    others = glob.glob(glob.escape(str(fallback)[: -len(SIDE_SUFFIX)]) + "-*" + SIDE_SUFFIX)
    return [side_path(path), fallback, *sorted(Path(p) for p in others)]


def untitled_recoveries(directory: Path | None = None) -> list[Path]:
    """The untitled documents' autosaves left by editors that are gone, newest first."""
    folder = directory or autosave_dir()
    if not folder.is_dir():
        return []
    found = [p for p in folder.glob("untitled-*.yaml") if _size(p) > 0 and not in_use(p)]
    return sorted(found, key=_mtime, reverse=True)


def claim(side: Path) -> Path | None:
    """Take over an offered untitled autosave for this window: it moves to a freshly reserved untitled
    name (one rename: if two windows claim it, one gets it). None if another window was first."""
    try:
        mine = _reserve_untitled(side.parent)
    except OSError:
        return None
    try:
        os.replace(side, mine)
    except OSError:
        _unlink(mine)
        return None
    return mine


def in_use(side: Path, by: object = None) -> bool:
    """Is an autosaver other than `by` writing this side file: in this process, or in a running one?"""
    owner = _writers.get(_key(side))
    if owner is not None and owner is not by:
        return True
    pid = writer_pid(side)
    return pid is not None and pid != os.getpid() and _running(pid, side)


def writer_pid(side: Path) -> int | None:
    """The process that wrote a side file (its first line), or None."""
    try:
        with open(side, encoding="utf-8", errors="replace") as f:
            first = f.readline(400)
    except OSError:
        return None
    m = _HEADER_PID.search(first)
    return int(m.group(1)) if m else None


_HEADER_PID = re.compile(r"^# Hexwright autosave .*, process (\d+)\s*$")
_writers: weakref.WeakValueDictionary[str, Autosaver] = weakref.WeakValueDictionary()


def _key(p: Path) -> str:
    return os.path.normcase(os.path.abspath(p))


def _running(pid: int, side: Path) -> bool:
    if os.name == "nt":  # no probe without side effects: written within two intervals counts as running
        return time.time() - _mtime(side) < 2 * DEFAULT_INTERVAL_MS / 1000
    return process_exists(pid)


def _reserve_untitled(folder: Path) -> Path:
    """Create `untitled-<n>.yaml` (empty) with the first free n, atomically."""
    folder.mkdir(parents=True, exist_ok=True)
    n = 1
    return _first_free(lambda k: folder / f"untitled-{k}.yaml", n)


def _reserve_other(path: Path, folder: Path) -> Path:
    """A side file of `path` for a further window: `<name>-<hash>-<n>.autosave` in the autosave folder."""
    folder.mkdir(parents=True, exist_ok=True)
    stem = str(fallback_path(path, folder))[: -len(SIDE_SUFFIX)]
    return _first_free(lambda k: Path(f"{stem}-{k}{SIDE_SUFFIX}"), 2)


def _first_free(name: Callable[[int], Path], n: int) -> Path:
    """The first of name(n), name(n + 1), ... that did not exist, created empty here and now (O_EXCL: two
    windows asking at once get two different files)."""
    while True:
        candidate = name(n)
        try:
            fd = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            n += 1
            continue
        os.close(fd)
        return candidate


def _mtime(p: Path) -> float:
    try:
        return p.stat().st_mtime
    except OSError:
        return 0.0


def _size(p: Path) -> int:
    try:
        return p.stat().st_size
    except OSError:
        return 0


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
        self._other: Path | None = None  # a further window's side file of the same file
        self._written: Path | None = None  # the side file this autosaver last wrote
        self._last_state: tuple[int, int, int] | None = None
        self.last_error: str | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.autosave_now)
        self.timer.start()
        self._stack = document.undo_stack
        if self._stack is not None:
            # through a weak reference: a stack destroyed after its autosaver (it emits cleanChanged
            # as it goes) must not call into the autosaver's remains
            self._on_clean = _weak_clean_handler(self)
            self._stack.cleanChanged.connect(self._on_clean)

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
        """Where the next autosave goes (an untitled document's name is reserved on the first call)."""
        path = self.document.path
        if path is not None:
            return side_path(Path(path))
        if self._untitled is None:
            folder = self._folder()
            try:
                self._untitled = _reserve_untitled(folder)
            except OSError:  # reported when the write fails
                return folder / "untitled-1.yaml"
            _writers[_key(self._untitled)] = self
        return self._untitled

    def text(self) -> str:
        doc = self.document
        when = time.strftime("%Y-%m-%d %H:%M:%S")
        head = f"# Hexwright autosave of {doc.path or 'an untitled document'}, {when}, process {os.getpid()}\n"
        return head + doc.dump_inline()

    def adopt(self, side: Path) -> None:
        """Write to this recovered side file from now on, and remove it with the others."""
        side = Path(side)
        if self.document.path is None:
            self._untitled = side
        else:
            self._other = side
        self._written = side
        _writers[_key(side)] = self

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
            if in_use(candidate, self):
                continue  # another window's
            try:
                candidate.parent.mkdir(parents=True, exist_ok=True)
                atomic_write_text(candidate, text)
            except OSError as exc:
                tried.append(f"{candidate}: {exc.strerror or exc}")
                continue
            if self._written is not None and self._written != candidate:
                self._release(self._written)
            self._written = candidate
            _writers[_key(candidate)] = self
            self._last_state = self._state()
            self.last_error = None
            self.saved.emit(candidate)
            return candidate
        self._fail("autosave failed; your work is still open, save it by hand. " + "; ".join(tried))
        return None

    def _candidates(self, target: Path):
        if self.document.path is None:
            yield target
            return
        path = Path(self.document.path)
        yield target
        yield fallback_path(path, self._folder())
        if self._other is None:
            try:
                self._other = _reserve_other(path, self._folder())
            except OSError:
                return
            _writers[_key(self._other)] = self
        yield self._other

    def _fail(self, message: str) -> None:
        self.last_error = message
        self.failed.emit(message)

    def discard(self) -> None:
        """Remove the side file(s): after a normal save, on a clean close, when the document is clean
        again. Side files another window is writing stay."""
        paths: set[Path | None] = {self._written, self._untitled, self._other}
        if self.document.path is not None:
            paths |= set(side_files(Path(self.document.path), self._folder()))
        for side in paths:
            if side is not None and not in_use(side, self):
                self._release(side)
                _unlink(side)
        self._written = self._untitled = self._other = None
        self._last_state = None

    def _clean_changed(self, clean: bool) -> None:
        if clean:  # undone back to the saved state (or saved): nothing to recover any more
            self.discard()

    def _release(self, side: Path) -> None:
        if _writers.get(_key(side)) is self:
            del _writers[_key(side)]

    def stop(self) -> None:
        """Stop autosaving (the window closes or takes another document); side files stay."""
        self.timer.stop()
        if self._stack is not None:
            try:
                self._stack.cleanChanged.disconnect(self._on_clean)
            except (RuntimeError, TypeError):
                pass  # the stack is gone already
            self._stack = None
        for key, owner in list(_writers.items()):
            if owner is self:
                del _writers[key]
        # no longer the window's child: a window that drops its stopped autosaver frees it, and with it the
        # document it held (every document opened in one window stayed in memory, its map and scenario too)
        self.setParent(None)


def _weak_clean_handler(saver: Autosaver):
    ref = weakref.ref(saver)

    def clean_changed(clean: bool) -> None:
        target = ref()
        if target is None:
            return
        try:
            target._clean_changed(clean)
        except RuntimeError:  # its Qt half is deleted
            pass

    return clean_changed


def _unlink(p: Path) -> None:
    try:
        p.unlink()
    except FileNotFoundError:
        pass
    except OSError:
        pass  # a side file we cannot remove is harmless; recovery compares times
