"""Where Save As starts: the user's documents folder (or the folder the user last saved into), with
the document's title as the file name; never the scenarios shipped with the application, which an
update would overwrite."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QStandardPaths

SHIPPED_SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
_UNSAFE = re.compile(r'[<>:"/\\|?*\x00-\x1f]+')


def documents_dir() -> Path:
    """The user's documents folder (the home folder when the platform has none)."""
    loc = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return Path(loc) if loc else Path.home()


def is_shipped(path: Path) -> bool:
    """True for a file or folder inside the scenarios shipped with the application."""
    try:
        path.resolve().relative_to(SHIPPED_SCENARIOS)
    except ValueError:
        return False
    return True


def file_name_for(title: str, fallback: str = "Untitled") -> str:
    """A file name from a document's title: characters no file system accepts are dropped."""
    name = _UNSAFE.sub(" ", title).strip(" .")
    name = re.sub(r"\s+", " ", name)
    return f"{name or fallback}.yaml"


def default_save_path(title: str, current: Path | None, last_save_dir: str | None,
                      own_dir: Path | None = None) -> Path:
    """The path Save As proposes: a saved document's own path unless it is a shipped file; else the
    document's own folder (that of the file it was made from, `own_dir`), the folder last saved into
    or the documents folder (the first that exists and is not the shipped scenarios), with the
    document's title (or the current file name) as the name."""
    if current is not None and not is_shipped(current):
        return current
    folder = documents_dir()
    for candidate in (own_dir, Path(last_save_dir) if last_save_dir else None):
        if candidate is not None and candidate.is_dir() and not is_shipped(candidate):
            folder = candidate
            break
    name = current.name if current is not None else file_name_for(title)
    return folder / name
