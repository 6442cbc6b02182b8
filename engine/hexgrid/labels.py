"""Printed hex labels as wargames print them.

* `xxyy`: column then row, each zero-padded to `digits` (the F&M Arnhem map: `0103`, `3423`, `3925`),
  with a configurable number for the first column and row.
* `letter_number`: a column letter and a row number as ASL prints them (`R15`, `Q17`); after `Z`
  columns double (`AA`, `BB`, ... as on ASL boards) or run like a spreadsheet (`AA`, `AB`, ...).

Labels exist only at the edges (files, screen); inside, the engine uses axial hexes.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass

_LETTER_LABEL = re.compile(r"^([A-Za-z]+)(-?[0-9]+)$")


# the column-letter schemes of letter_number labels, by the names map files give them (`labels: letters:`):
# "asl" (A..Z, AA, BB, ...; the ASL boards' numbering, a map format name, not the ASL rules family's
# id) and "spreadsheet" (A..Z, AA, AB, ...)
ASL_LETTERS, SPREADSHEET_LETTERS = "asl", "spreadsheet"
LETTER_SCHEMES = (ASL_LETTERS, SPREADSHEET_LETTERS)


class LabelError(ValueError):
    """A text is not a hex label of the map's numbering scheme."""


@dataclass(frozen=True)
class LabelScheme:
    kind: str = "xxyy"  # "xxyy" or "letter_number"
    first_column: int = 1
    first_row: int = 1
    digits: int = 2  # per part, for xxyy
    letters: str = ASL_LETTERS  # one of LETTER_SCHEMES

    def __post_init__(self) -> None:
        if self.kind not in ("xxyy", "letter_number"):
            raise ValueError(f"label scheme must be 'xxyy' or 'letter_number', not {self.kind!r}")
        if self.letters not in LETTER_SCHEMES:
            raise ValueError(f"letters must be {' or '.join(map(repr, LETTER_SCHEMES))}, not {self.letters!r}")
        if self.digits < 1:
            raise ValueError("digits must be at least 1")

    # -- columns as letters -------------------------------------------------------------------
    def column_letters(self, index: int) -> str:
        if index < 0:
            raise LabelError(f"column {index} has no letter")
        if self.letters == ASL_LETTERS:
            return string.ascii_uppercase[index % 26] * (index // 26 + 1)
        out = ""
        n = index + 1
        while n:
            n, rem = divmod(n - 1, 26)
            out = string.ascii_uppercase[rem] + out
        return out

    def column_index(self, letters: str) -> int:
        letters = letters.upper()
        if self.letters == ASL_LETTERS:
            if len(set(letters)) != 1:
                raise LabelError(f"{letters!r} is not an ASL column (A..Z, AA, BB, ...)")
            return (len(letters) - 1) * 26 + (ord(letters[0]) - ord("A"))
        n = 0
        for ch in letters:
            n = n * 26 + (ord(ch) - ord("A") + 1)
        return n - 1

    # -- labels ------------------------------------------------------------------------------
    def label(self, col: int, row: int) -> str:
        """The printed label of 0-based offset position (col, row)."""
        if self.kind == "xxyy":
            c, r = col + self.first_column, row + self.first_row
            if c < 0 or r < 0 or c >= 10**self.digits or r >= 10**self.digits:
                raise LabelError(f"column {c}, row {r} does not fit {self.digits}-digit XXYY labels")
            return f"{c:0{self.digits}d}{r:0{self.digits}d}"
        return f"{self.column_letters(col + self.first_column - 1)}{row + self.first_row}"

    def parse(self, text: str) -> tuple[int, int]:
        """The 0-based offset position (col, row) of a printed label; LabelError if it is not one."""
        text = text.strip()
        if self.kind == "xxyy":
            if len(text) != 2 * self.digits or not (text.isascii() and text.isdigit()):
                raise LabelError(f"{text!r} is not a {2 * self.digits}-digit XXYY hex number")
            return int(text[: self.digits]) - self.first_column, int(text[self.digits :]) - self.first_row
        m = _LETTER_LABEL.match(text)
        if not m:
            raise LabelError(f"{text!r} is not a letter-number hex label such as 'R15'")
        return self.column_index(m.group(1)) - (self.first_column - 1), int(m.group(2)) - self.first_row
