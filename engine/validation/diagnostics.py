"""Diagnostics: a code, a severity, where (file:line:column, and the hex or unit) and a message."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from enum import Enum


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class Location:
    file: str = ""
    line: int = 0  # 1-based; 0 when unknown
    column: int = 0  # 1-based; 0 when unknown


@dataclass(frozen=True)
class Diagnostic:
    code: str
    severity: Severity
    message: str
    file: str = ""
    line: int = 0
    column: int = 0
    hex: str | None = None
    unit: str | None = None

    def format(self) -> str:
        """Compiler style: `file:line:col: error[code]: message (hex 0103)`."""
        where = self.file or "<input>"
        if self.line:
            where += f":{self.line}"
            if self.column:
                where += f":{self.column}"
        extra = []
        if self.hex:
            extra.append(f"hex {self.hex}")
        if self.unit:
            extra.append(f"unit {self.unit}")
        tail = f" [{', '.join(extra)}]" if extra else ""
        return f"{where}: {self.severity.value}[{self.code}]: {self.message}{tail}"

    def to_json(self) -> dict:
        d = asdict(self)
        d["severity"] = self.severity.value
        return d


def short(v: object, limit: int = 60) -> str:
    """repr(v), cut to `limit` characters: a message quotes a value, never a whole page of it."""
    text = repr(v)
    return text if len(text) <= limit else text[: limit - 4] + "...'"


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in diagnostics)


class SourceMap:
    """Where things came from: semantic anchors such as ("unit", "2/406") or ("hex", "0103") mapped to
    (file, line, column). Filled by the loader, read by validation and by the app to jump to a line."""

    def __init__(self) -> None:
        self._where: dict[tuple, Location] = {}
        # bulk anchors kept as the reader's own position tables: kind -> (file, {name: (line, col)})
        self._tables: dict[str, tuple[str, dict]] = {}

    def add_table(self, kind: str, file: str, marks: dict) -> None:
        """Anchors (kind, name) for many names at once, without copying (40,000 hexes)."""
        self._tables[kind] = (file, marks)

    def set(self, anchor: tuple, file: str, line: int, column: int = 0) -> None:
        self._where[anchor] = Location(file, line, column)

    def get(self, anchor: tuple) -> Location | None:
        loc = self._where.get(anchor)
        if loc is None and len(anchor) == 2 and anchor[0] in self._tables:
            file, marks = self._tables[anchor[0]]
            mark = marks.get(anchor[1])
            if mark is not None:
                return Location(file, mark[0], mark[1])
        return loc

    def __contains__(self, anchor: tuple) -> bool:
        return self.get(anchor) is not None

    def __len__(self) -> int:
        return len(self._where)
