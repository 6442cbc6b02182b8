"""Progress and cancel for the long digitizing steps (reading a very large scan, proposing linework).

A step takes `progress(done, total) -> bool`; when it returns False the step stops by raising
`Cancelled`, and leaves nothing half done behind (proposals are returned only when complete).
"""

from __future__ import annotations

from collections.abc import Callable

Progress = Callable[[int, int], bool]


class Cancelled(Exception):
    """The user cancelled a long digitizing step."""


def report(progress: Progress | None, done: int, total: int) -> None:
    """Tell `progress` how far the step is; raise Cancelled when it answers False."""
    if progress is not None and progress(done, total) is False:
        raise Cancelled(f"cancelled after {done} of {total}")
