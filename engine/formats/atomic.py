"""Atomic saves: write a temporary file beside the target, flush it to disk, then rename it over the
target, so a crash or a full disk never leaves a half-written file in place of a good one.

Temporary files are named `.NAME.PID-RANDOM.tmp` beside the target (NAME its name, PID the saving
process), so concurrent saves never share one. A save killed before its rename leaves its temporary
file behind; the next save of the same target removes such leftovers: only files of that pattern for
that name, only older than its own temporary file, and only when the process that wrote them is gone
(or the file is over an hour older than ours: a process id used again, another computer on a shared
folder). Files of the pattern `tempfile.mkstemp` gave before (`.NAME.XXXXXXXX.tmp`) are removed too.

Several files that belong together (a scenario and its map file) commit as one with
`atomic_write_texts`: all temporary files are written and flushed first; then a commit record
`.FIRST.PID-RANDOM.commit` beside the first file (the committer) lists them with their content hashes,
and is flushed; then the committer is renamed over its target, then the others; then the record goes.
A kill before the record is complete leaves the old files (the temporaries are leftovers); a kill
after the committer's rename but before another file's leaves the new committer and that file's
complete temporary file: `committed_replacement` finds it, and the loader reads it in place of the
old file, so a reader always sees the old pair or the new pair. The next save of the committer
finishes the renames of a record whose process is gone, then removes the record.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Sequence
from io import BufferedReader
from pathlib import Path
from types import ModuleType
from typing import Any

STALE_AFTER = 3600.0  # seconds: a temporary file this much older than ours is stale whoever wrote it
_LEGACY = r"[a-z0-9_]{8}"  # tempfile.mkstemp's random part, in the names older versions used
_in_flight: set[str] = set()  # this process's temporary files being written or renamed
_lock = threading.Lock()


# hashlib (OpenSSL), secrets and json are loaded on the first save, not when a program that only reads
# files starts (the editor's start, docs/benchmarks.md "Editor start")
def _token() -> str:
    import secrets

    return secrets.token_hex(4)


def _digest(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()


def _file_sha256(f: BufferedReader) -> str:
    import hashlib

    return hashlib.file_digest(f, "sha256").hexdigest()


def _json() -> ModuleType:
    import json

    return json


PathLike = str | os.PathLike[str]


def atomic_write_text(path: PathLike, text: str, encoding: str = "utf-8") -> None:
    """Write `text` to `path` atomically (the old file or the new one, never a mix)."""
    atomic_write_texts([(path, text)], encoding)


def atomic_write_bytes(path: PathLike, data: bytes) -> None:
    """Write `data` to `path` atomically (a module archive, a picture)."""
    atomic_write_texts([(path, data)])


def atomic_write_texts(files: Sequence[tuple[PathLike, str | bytes]], encoding: str = "utf-8") -> None:
    """Write several files so that they commit together (see the module's docstring); the first file
    is the committer. One file is simply written atomically. A `bytes` content is written as it is
    (a picture saved with its map)."""
    targets = [Path(p) for p, _ in files]
    if len({os.path.abspath(t) for t in targets}) != len(targets):
        raise ValueError("the same file is named twice in one save")
    settle(targets[0])
    temps: list[Path] = []
    record: Path | None = None
    renamed = 0
    try:
        hashes = []
        for target, (_, text) in zip(targets, files, strict=True):
            tmp, digest = _write_temp(target, text, encoding)
            temps.append(tmp)
            hashes.append(digest)
        reference = os.stat(temps[0]).st_mtime
        if len(targets) > 1:
            record = _write_record(targets, temps, hashes)
        for tmp, target in zip(temps, targets, strict=True):
            os.replace(tmp, target)
            renamed += 1
        _sync_dirs(targets)
    finally:
        with _lock:
            _in_flight.difference_update(str(t) for t in temps)
            if record is not None:
                _in_flight.discard(str(record))
        if renamed == 0 or renamed == len(targets):
            # all renamed, or nothing (an error before the commit; a kill never gets here): tidy up.
            # Between the two, the record and the rest stay: readers use them and the next save
            # finishes the commit (settle).
            if record is not None:
                _unlink(record)
            for tmp in temps[renamed:]:
                _unlink(tmp)
    for target in targets:
        clean_stale_temps(target, reference)


def _write_temp(target: Path, text: str | bytes, encoding: str) -> tuple[Path, str]:
    directory = target.parent if str(target.parent) else Path(".")
    data = text if isinstance(text, bytes) else text.encode(encoding)
    while True:
        tmp = directory / f".{target.name}.{os.getpid()}-{_token()}.tmp"
        # in flight before it exists: another thread's save of the same target, tidying up its leftovers,
        # must never see this file without it (it would take it for a killed save's and remove it)
        with _lock:
            _in_flight.add(str(tmp))
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
        except FileExistsError:
            with _lock:
                _in_flight.discard(str(tmp))
            continue
        except BaseException:
            with _lock:
                _in_flight.discard(str(tmp))
            raise
        break
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        try:
            mode = target.stat().st_mode & 0o777
        except FileNotFoundError:
            mode = 0o644
        os.chmod(tmp, mode)
    except BaseException:
        with _lock:
            _in_flight.discard(str(tmp))
        _unlink(tmp)
        raise
    return tmp, _digest(data)


def _write_record(targets: list[Path], temps: list[Path], hashes: list[str]) -> Path:
    """The commit record, flushed to disk. Written in place: a record cut short is not valid JSON, and
    nothing is renamed before it is complete."""
    first = targets[0]
    directory = first.parent if str(first.parent) else Path(".")
    base = os.path.abspath(directory)
    entries = [{"target": os.path.relpath(os.path.abspath(t), base), "temp": os.path.relpath(os.path.abspath(p), base),
                "sha256": h} for t, p, h in zip(targets, temps, hashes, strict=True)]
    while True:
        record = directory / f".{first.name}.{os.getpid()}-{_token()}.commit"
        with _lock:  # in flight before it exists, as a temporary file is (_write_temp)
            _in_flight.add(str(record))
        try:
            fd = os.open(record, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            with _lock:
                _in_flight.discard(str(record))
            continue
        except BaseException:
            with _lock:
                _in_flight.discard(str(record))
            raise
        break
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            _json().dump({"files": entries}, f)
            f.flush()
            os.fsync(f.fileno())
        _sync_dirs([first])
    except BaseException:
        with _lock:
            _in_flight.discard(str(record))
        _unlink(record)
        raise
    return record


# ---------------------------------------------------------------------------------------------
# after a kill
# ---------------------------------------------------------------------------------------------
def _records(committer: Path) -> list[tuple[Path, int, list[dict[str, Any]]]]:
    """The commit records beside `committer`: (path, pid, entries or [] if unreadable), newest first."""
    directory = committer.parent if str(committer.parent) else Path(".")
    pattern = re.compile(rf"\.{re.escape(committer.name)}\.(\d+)-[0-9a-f]{{8}}\.commit")
    found = []
    try:
        names = os.listdir(directory)
    except OSError:
        return []
    for name in names:
        m = pattern.fullmatch(name)
        if m is None:
            continue
        path = directory / name
        try:
            data = _json().loads(path.read_text(encoding="utf-8"))
            entries = [e for e in data["files"] if isinstance(e, dict)]
            mtime = path.stat().st_mtime
        except (OSError, ValueError, KeyError, TypeError):
            entries, mtime = [], 0.0
        found.append((mtime, path, int(m.group(1)), entries))
    found.sort(key=lambda f: f[0], reverse=True)
    return [(path, pid, entries) for _, path, pid, entries in found]


def _resolve(record: Path, relative: str) -> str:
    return os.path.normpath(os.path.join(os.path.abspath(record.parent), relative))


def _sha256(path: str) -> str | None:
    try:
        with open(path, "rb") as f:
            return _file_sha256(f)
    except OSError:
        return None


def _committed(record: Path, entries: list[dict[str, Any]]) -> bool:
    """The record's committer has been renamed into place (and not saved over since)."""
    if not entries:
        return False
    first = entries[0]
    try:
        temp, target, digest = _resolve(record, first["temp"]), _resolve(record, first["target"]), first["sha256"]
    except (KeyError, TypeError):
        return False
    return not os.path.exists(temp) and _sha256(target) == digest


def committed_replacement(target: PathLike, committer: PathLike) -> Path | None:
    """The complete temporary file that replaces `target` in a commit of `committer` interrupted
    between the renames, if any: read it in place of `target` to keep the pair in step."""
    wanted = os.path.normpath(os.path.abspath(target))
    for record, _pid, entries in _records(Path(committer)):
        if not _committed(record, entries):
            continue
        for e in entries[1:]:
            try:
                if _resolve(record, e["target"]) != wanted:
                    continue
                temp = _resolve(record, e["temp"])
                if _sha256(temp) == e["sha256"]:
                    return Path(temp)
            except (KeyError, TypeError):
                continue
        return None  # the newest committed record decides
    return None


def settle(committer: PathLike) -> None:
    """Finish or drop the commit records of `committer` left by saves that were killed: the renames of
    a committed record are completed (what the loader has been reading), an uncommitted record is
    dropped (its temporary files are leftovers). Records of saves still running are left alone."""
    committer = Path(committer)
    for record, pid, entries in _records(committer):
        if pid != os.getpid() and _alive(pid):
            continue
        if pid == os.getpid():
            with _lock:
                if str(record) in _in_flight:
                    continue  # another thread's save, still running
        if _committed(record, entries):
            try:
                for e in entries[1:]:
                    temp, target = _resolve(record, e["temp"]), _resolve(record, e["target"])
                    if _sha256(temp) == e["sha256"]:
                        os.replace(temp, target)
            except (KeyError, TypeError):
                pass  # not a record this module wrote
            except OSError:
                continue  # cannot finish it now (a read-only folder): keep it for the loader
        _unlink(record)


def clean_stale_temps(target: PathLike, before: float) -> list[Path]:
    """Remove the temporary files of killed saves of `target` (see the module's docstring) whose time
    is not after `before` (the time of the caller's own temporary file). Returns what was removed."""
    target = Path(target)
    directory = target.parent if str(target.parent) else Path(".")
    pattern = re.compile(rf"\.{re.escape(target.name)}\.(?:(\d+)-[0-9a-f]{{8}}|{_LEGACY})\.tmp")
    removed = []
    try:
        names = os.listdir(directory)
    except OSError:
        return []
    for name in names:
        m = pattern.fullmatch(name)
        if m is None:
            continue
        path = directory / name
        try:
            mtime = path.stat().st_mtime
        except OSError:
            continue
        if mtime > before:
            continue
        if m.group(1) is not None and before - mtime < STALE_AFTER:
            pid = int(m.group(1))
            if pid == os.getpid():
                with _lock:
                    if str(path) in _in_flight:
                        continue
            elif _alive(pid):
                continue
        if _unlink(path):
            removed.append(path)
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if os.name == "nt":  # no probe without side effects: leftovers go by age (STALE_AFTER)
        return True
    return process_exists(pid)


def process_exists(pid: int) -> bool:
    """Whether a process `pid` runs on this machine (POSIX: signal 0; one owned by another user counts)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, owned by someone else
    return True


def _sync_dirs(paths: Sequence[Path]) -> None:
    """Flush the folders' entries (the renames) to disk where the system allows it."""
    if os.name == "nt":
        return
    for directory in {os.path.abspath(p.parent if str(p.parent) else ".") for p in paths}:
        try:
            fd = os.open(directory, os.O_RDONLY)
        except OSError:
            continue
        try:
            os.fsync(fd)
        except OSError:
            pass
        finally:
            os.close(fd)


def _unlink(path: Path | str) -> bool:
    try:
        os.unlink(path)
    except FileNotFoundError:
        return False
    except OSError:
        return False
    return True
