"""A small deterministic YAML writer for Hexwright files.

The files are block mappings at the top with one record per line in flow style (a hex, a hexside,
a unit, a reinforcement), so that a one-hex change is a one-line diff. Key order is the order the
writer gives, never the order of a dict that happened to be edited. Scalars are quoted only when
plain text would read back as something else ('0103' would read as the number 103)."""

from __future__ import annotations

import math
import re
from typing import Any

import yaml
from yaml.resolver import Resolver

_resolver = Resolver()
_PLAIN = re.compile(r"^[A-Za-z0-9_./()+\-][A-Za-z0-9_./()+\- ']*\Z")
# Text that a YAML 1.2 reader (or a person) would take for a number: '0904', '1e3', '0x1F', '12:30'.
# PyYAML reads some of these as text, other tools do not, so they are always quoted.
_NUMBERISH = re.compile(r"^[-+.]?[0-9][0-9_.:eE+-]*\Z|^[-+]?0[xXoObB]")
_plain_cache: dict[str, bool] = {}
_STR_TAG = "tag:yaml.org,2002:str"


def _plain_ok(s: str) -> bool:
    ok = _plain_cache.get(s)
    if ok is None:
        ok = (
            bool(_PLAIN.match(s))
            and not _NUMBERISH.match(s)
            and not s.endswith(" ")
            and not s.startswith(("- ", "-", "?"))
            and _resolver.resolve(yaml.ScalarNode, s, (True, False)) == _STR_TAG
        )
        if len(_plain_cache) < 200_000:
            _plain_cache[s] = ok
    return ok



def scalar(v: Any) -> str:
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return ".nan"
        if math.isinf(v):
            return ".inf" if v > 0 else "-.inf"
        return _float_text(v)
    s = str(v)
    if _plain_ok(s):
        return s
    if "'" not in s and "\n" not in s and "\\" not in s and s.isprintable():
        return "'" + s + "'"
    return double_quoted(s)


# YAML's own escapes; every other character that is not printable is written as \xXX, \uXXXX or \UXXXXXXXX
# (JSON's quoting is not enough: it leaves DEL, NEL and other characters YAML rejects or folds).
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\0": "\\0", "\a": "\\a", "\b": "\\b", "\t": "\\t", "\n": "\\n",
            "\v": "\\v", "\f": "\\f", "\r": "\\r", "\x1b": "\\e", "\x85": "\\N", "\xa0": "\\_",
            "\u2028": "\\L", "\u2029": "\\P"}


def double_quoted(s: str) -> str:
    out = []
    for ch in s:
        esc = _ESCAPES.get(ch)
        if esc is None and (ch.isprintable() or ch == " "):
            out.append(ch)
        elif esc is not None:
            out.append(esc)
        elif ord(ch) <= 0xFF:
            out.append(f"\\x{ord(ch):02x}")
        elif ord(ch) <= 0xFFFF:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    return '"' + "".join(out) + '"'


def _float_text(v: float) -> str:
    text = repr(v)
    if "e" in text or "E" in text:
        mantissa, exponent = text.split("e")
        if "." not in mantissa:
            mantissa += ".0"  # YAML 1.1 reads '1e-07' as text, '1.0e-07' as a number
        return f"{mantissa}e{exponent}"
    if "." not in text:
        text += ".0"
    return text


def number(v: float) -> str:
    """Costs and sizes: 2 rather than 2.0, 0.5 as 0.5."""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return scalar(v)


def flow(v: Any) -> str:
    """A value in flow style on one line; mappings keep the key order they are given in."""
    if isinstance(v, dict):
        return "{" + ", ".join(f"{scalar(k)}: {flow(x)}" for k, x in v.items()) + "}"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(flow(x) for x in v) + "]"
    if isinstance(v, float):
        return number(v)
    return scalar(v)


def block_text(key: str, text: str, indent: str = "") -> str:
    """A multi-line string as a literal block (`key: |`), or a quoted scalar when it is one line or
    holds what a literal block cannot (control characters, a first line starting with a space).
    The chomping indicator keeps the trailing line breaks exactly: `|-` none, `|` one, `|+` more."""
    lines_text = text.rstrip("\n")
    if ("\n" not in lines_text or lines_text.lstrip("\n").startswith(" ")
            or not all(ch.isprintable() or ch == "\n" for ch in text)):
        return f"{indent}{scalar(key)}: {scalar(text)}\n"
    trailing = len(text) - len(lines_text)
    chomp = "-" if trailing == 0 else "" if trailing == 1 else "+"
    body = "".join(f"{indent}  {line}\n" if line else "\n" for line in lines_text.split("\n"))
    body += "\n" * max(0, trailing - 1)
    return f"{indent}{scalar(key)}: |{chomp}\n{body}"
