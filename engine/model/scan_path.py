"""Where a map's scanned underlay lies on disk.

A map file stores its scan relative to the map file's folder (`scans/arnhem.png`), so a project
folder can be moved or shared with its scans. Files written before that stored an absolute path;
they still load: an absolute path that exists is used as it is, and one that no longer exists (the
project folder was moved) is looked for beside the map file, by its file name and by the path's last
two parts (`scans/arnhem.png`).
"""

from __future__ import annotations

import os
from pathlib import Path, PurePath


def resolve_scan(image: str, base_dir: Path | None) -> Path | None:
    """The scan file an underlay's `image` names, read relative to `base_dir` (the map file's folder),
    or None when no such file exists."""
    if not image:
        return None
    p = Path(image)
    candidates: list[Path] = []
    if p.is_absolute():
        candidates.append(p)
        if base_dir is not None:  # an old absolute path after the project folder moved
            parts = PurePath(image).parts
            if len(parts) >= 3:
                candidates.append(base_dir / parts[-2] / parts[-1])
            candidates.append(base_dir / p.name)
    elif base_dir is not None:
        candidates.append(base_dir / p)
    else:
        candidates.append(p)
    for c in candidates:
        if c.is_file():
            return c
    return None


def scan_path_for(image: str, old_dir: Path | None, new_dir: Path) -> str:
    """The text to store for a scan in a map file saved into `new_dir`: the path relative to that
    folder (with forward slashes) when the scan is found; else `image` as it was (a missing scan keeps
    what the file said, and validation reports it)."""
    found = resolve_scan(image, old_dir)
    if found is None:
        return image
    try:
        rel = os.path.relpath(found.resolve(), new_dir.resolve())
    except ValueError:  # another drive (Windows): only an absolute path can name it
        return str(found.resolve())
    return PurePath(rel).as_posix()
