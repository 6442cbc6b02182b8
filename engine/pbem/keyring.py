"""What one player's machine keeps of their play-by-e-mail games, never sent: for each game, the side they
play, the secret seed of their dice chain (dice.py), the link and number of the last entry they sent,
which an opened file must still hold (record.py): an older file, or one whose history was changed after
it left this machine, is caught by it; and the text and salt of each decision of theirs the file holds
sealed (record.seal) until the rules reveal it.

The keyring is a JSON file, written atomically and readable by its owner only, at `default_path()` for
the app and `hexwright pbem` alike (which also takes `--keyring`; tests give each player a folder of
their own).
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

from ..formats.atomic import atomic_write_text
from . import dice


@dataclass
class Seat:
    """This machine's player in one game."""

    side: str
    seed: str  # hex: the secret end of the dice chain
    sent_count: int = 0  # entries in the file when it was last sent from here
    sent_link: str = ""  # the link of the last of them
    # the decisions sealed in the file: commitment -> [salt (hex), the decision's text]
    sealed: dict[str, list[str]] = field(default_factory=dict)

    def chain(self) -> list[bytes]:
        return _chains.setdefault(self.seed, dice.chain(bytes.fromhex(self.seed)))


# chains by seed: made once a process (20,000 hashes each)
_chains: dict[str, list[bytes]] = {}


class KeyringError(ValueError):
    pass


def default_path() -> Path:
    """This user's keyring: HEXWRIGHT_PBEM_KEYRING, else `Hexwright/pbem-keyring.json` in the user's data
    folder (XDG_DATA_HOME or ~/.local/share; the platform's own folder on Windows and macOS)."""
    env = os.environ.get("HEXWRIGHT_PBEM_KEYRING")
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    if sys.platform == "win32":  # pragma: no cover - the platform's own folder
        base = os.environ.get("APPDATA", base)
    elif sys.platform == "darwin":  # pragma: no cover
        base = str(Path.home() / "Library" / "Application Support")
    return Path(base) / "Hexwright" / "pbem-keyring.json"


class Keyring:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.seats: dict[str, Seat] = {}
        if self.path.exists():
            try:
                data = json.loads(self.path.read_text(encoding="utf-8"))
                self.seats = {gid: Seat(**s) for gid, s in data.get("games", {}).items()}
            except (OSError, ValueError, TypeError, AttributeError) as exc:
                raise KeyringError(f"{self.path}: the keyring of play-by-e-mail games cannot be read ({exc}); "
                                   f"it is left as it is") from None

    def seat(self, game_id: str) -> Seat | None:
        return self.seats.get(game_id)

    def take(self, game_id: str, side: str) -> Seat:
        """A new seat in a game: a fresh secret seed."""
        seat = Seat(side, dice.new_seed().hex())
        self.seats[game_id] = seat
        return seat

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"games": {gid: vars(s) for gid, s in self.seats.items()}}, indent=1)
        atomic_write_text(self.path, text)
        try:
            os.chmod(self.path, 0o600)
        except OSError:  # pragma: no cover - a file system without modes
            pass
