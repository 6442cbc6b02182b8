"""File format versions and migrations (napari `settings/_migrations.py` in spirit).

Every file carries `format_version`. A file of an older version is upgraded step by step by the
registered migrations, each taking the plain document of version N to version N + 1, and the loader
says that it did; a file of a newer version than this program knows is refused with a clear error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

FORMAT_VERSION = 1

# version N -> function upgrading a document of version N to N + 1 (in place or returning a new one)
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


Migration = Callable[[dict[str, Any]], dict[str, Any]]


def register_migration(from_version: int) -> Callable[[Migration], Migration]:
    def deco(fn: Migration) -> Migration:
        MIGRATIONS[from_version] = fn
        return fn

    return deco


class VersionError(ValueError):
    pass


def migrate(doc: dict[str, Any], version: int) -> tuple[dict[str, Any], list[int]]:
    """Upgrade `doc` from `version` to FORMAT_VERSION; returns the document and the steps taken."""
    if version > FORMAT_VERSION:
        raise VersionError(
            f"format_version {version} is newer than this Hexwright understands ({FORMAT_VERSION}); "
            "update Hexwright to open this file"
        )
    steps = []
    while version < FORMAT_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise VersionError(f"no migration from format_version {version} to {version + 1}")
        doc = step(doc) or doc
        steps.append(version)
        version += 1
    return doc, steps
