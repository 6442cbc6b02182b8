"""The windows the editor opens that sit above it in the app's layers (pyproject.toml,
[tool.importlinter]): the playtest (app/playtest) and the balance lab (app/balance_lab) import the
editor's pieces, so the editor does not import them; the program's entry (app/editor_main.py,
`install_launchers`) registers them here and the editor's Play menu calls `launch`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Launcher = Callable[..., Any]

PLAYTEST = "playtest"
BALANCE_LAB = "balance lab"
PBEM_GAME = "play-by-e-mail game"  # a .hwgame file opened from the editor (File > Open, a drop, the command line)

_launchers: dict[str, Launcher] = {}


def register(name: str, launcher: Launcher) -> None:
    """Make `launch(name, ...)` call `launcher(...)`."""
    _launchers[name] = launcher


def available(name: str) -> bool:
    return name in _launchers


def launch(name: str, *args: Any, **kwargs: Any) -> Any:
    """The window `name` opened by its registered launcher; LookupError when none is registered (an
    editor started without the program's entry, app/editor_main.py)."""
    try:
        launcher = _launchers[name]
    except KeyError:
        raise LookupError(f"the {name} is not available in this build") from None
    return launcher(*args, **kwargs)
