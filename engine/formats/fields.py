"""Typed access to the fields of a YAML mapping, reporting unknown keys, missing keys and values
of the wrong type as diagnostics at the right line instead of raising."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any, cast

from ..validation.diagnostics import short
from .yamlio import YamlReader, YDict, YList

_MISSING = object()
# Fields has methods named str, int, float and bool; annotations inside the class use these aliases
_Str = str
_Int = int
_Float = float
_Bool = bool


def finite(v: Any) -> bool:
    """A number a float can hold (an int of 400 digits cannot; NaN and infinities are not numbers here)."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return False
    if isinstance(v, float):
        return math.isfinite(v)
    try:
        float(v)
    except OverflowError:
        return False
    return True


def _kind(v: Any) -> str:
    if isinstance(v, dict):
        return "a mapping"
    if isinstance(v, list):
        return "a list"
    if v is None:
        return "empty"
    if isinstance(v, bool):
        return "true/false"
    if isinstance(v, (int, float)):
        return "a number"
    return "text"


class Fields:
    def __init__(
        self,
        reader: YamlReader,
        data: Any,
        what: _Str,
        allowed: Iterable[str],
        required: Iterable[str] = (),
        at: tuple[_Int, _Int] | None = None,
        **context: Any,
    ) -> None:
        """`at`: where `data` stands in the file when it cannot say itself (a number or a text where a
        mapping belongs: `'0101': 5`); its parent's mark for it."""
        self.reader = reader
        self.what = what
        self.context = context
        self.ok = isinstance(data, dict)
        self.data: YDict = data if isinstance(data, YDict) else YDict()
        if not self.ok:
            where = (getattr(data, "line", 0), getattr(data, "column", 0))
            if where == (0, 0) and at is not None:
                where = at
            reader.error("bad-type", f"{what} must be a mapping, not {_kind(data)}", where, **context)
            return
        allowed = tuple(allowed)
        for key in self.data:
            if key not in allowed:
                import difflib

                near = difflib.get_close_matches(str(key), allowed, n=1)
                hint = f"; did you mean {near[0]!r}?" if near else f"; expected one of: {', '.join(allowed)}"
                reader.error("unknown-key", f"unknown key {short(key)} in {what}{hint}", self.data.where(key),
                             **context)
        for key in required:
            if key not in self.data:
                reader.error("missing-key", f"{what} needs {key!r}", self.data.where(), **context)

    def where(self, key: _Str | None = None) -> tuple[int, int]:
        return self.data.where(key)

    def where_value(self, key: _Str) -> tuple[int, int]:
        return self.data.where_value(key)

    def raw(self, key: _Str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def _bad(self, key: _Str, expected: _Str, value: Any) -> None:
        self.reader.error(
            "bad-value", f"{self.what}: {key!r} must be {expected}, not {_kind(value)} {short(value)}",
            self.where_value(key), **self.context,
        )

    def str(self, key: _Str, default: _Str = "") -> _Str:
        v = self.data.get(key, _MISSING)
        if v is _MISSING or v is None:
            return default
        if isinstance(v, (dict, list)):
            self._bad(key, "text", v)
            return default
        return v if isinstance(v, str) else str(v)

    def opt_str(self, key: _Str) -> _Str | None:
        v = self.data.get(key)
        if v is None:
            return None
        return self.str(key)

    def _out_of_range(self, key: _Str, v: Any, minimum: Any, maximum: Any) -> bool:
        """True (and reported at the value) when `v` is below `minimum` or above `maximum`."""
        if minimum is not None and v < minimum:
            limit = f"at least {minimum}" if maximum is None else f"from {minimum} to {maximum}"
        elif maximum is not None and v > maximum:
            limit = f"at most {maximum}" if minimum is None else f"from {minimum} to {maximum}"
        else:
            return False
        self.reader.error("bad-value", f"{self.what}: {key!r} must be {limit}, not {short(v)}",
                          self.where_value(key), **self.context)
        return True

    def int(self, key: _Str, default: _Int = 0, minimum: _Int | None = None, maximum: _Int | None = None) -> _Int:
        v = self.data.get(key, _MISSING)
        if v is _MISSING or v is None:
            return default
        if isinstance(v, bool) or not isinstance(v, int):
            self._bad(key, "a whole number", v)
            return default
        if self._out_of_range(key, v, minimum, maximum):
            return default
        return v

    def opt_int(self, key: _Str, minimum: _Int | None = None, maximum: _Int | None = None) -> _Int | None:
        if self.data.get(key) is None:
            return None
        v = self.data.get(key)
        if isinstance(v, bool) or not isinstance(v, int):
            self._bad(key, "a whole number", v)
            return None
        if self._out_of_range(key, v, minimum, maximum):
            return None
        return v

    def float(self, key: _Str, default: _Float = 0.0, minimum: _Float | None = None,
              maximum: _Float | None = None) -> _Float:
        """A finite number (NaN and infinities are refused), within [minimum, maximum] when given."""
        v = self.data.get(key, _MISSING)
        if v is _MISSING or v is None:
            return default
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not finite(v):
            self._bad(key, "a finite number", v)
            return default
        if self._out_of_range(key, v, minimum, maximum):
            return default
        return float(v)

    def bool(self, key: _Str, default: _Bool = False) -> _Bool:
        v = self.data.get(key, _MISSING)
        if v is _MISSING or v is None:
            return default
        if not isinstance(v, bool):
            self._bad(key, "true or false", v)
            return default
        return v

    def str_list(self, key: _Str) -> list[_Str]:
        v = self.data.get(key, _MISSING)
        if v is _MISSING or v is None:
            return []
        if isinstance(v, (str, int, float)) and not isinstance(v, bool):
            return [str(v)]
        if not isinstance(v, list):
            self._bad(key, "a list", v)
            return []
        out = []
        for i, x in enumerate(v):
            if isinstance(x, (dict, list)) or x is None:
                where = v.where(i) if isinstance(v, YList) else self.where(key)
                self.reader.error("bad-value", f"{self.what}: item {i + 1} of {key!r} must be text",
                                  where, **self.context)
            else:
                out.append(str(x))
        return out

    def mapping(self, key: _Str) -> YDict:
        v = self.data.get(key, _MISSING)
        if v is _MISSING or v is None:
            d = YDict()
            d.line, d.column = self.where(key)
            return d
        if not isinstance(v, dict):
            self._bad(key, "a mapping", v)
            d = YDict()
            d.line, d.column = self.where(key)
            return d
        return cast(YDict, v)

    def seq(self, key: _Str) -> YList:
        v = self.data.get(key, _MISSING)
        if v is _MISSING or v is None:
            out = YList()
            out.line, out.column = self.where(key)
            return out
        if not isinstance(v, list):
            self._bad(key, "a list", v)
            out = YList()
            out.line, out.column = self.where(key)
            return out
        return cast(YList, v)
