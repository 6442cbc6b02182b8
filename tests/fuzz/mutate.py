"""Mutations of the shipped maps and scenarios for the fuzz suite: each `mutate(data, rng)` returns the
bytes of a damaged copy and the name of what was done. The operators are the mistakes and accidents a file
meets in real use (hand edits, spreadsheets, editors that change encodings, truncated copies) and the
hostile cases the loader must survive (huge numbers, alias bombs are in the loader tests):

byte flips, line deletions and duplications (a duplicated mapping line is a duplicate key), truncation,
type swaps (a scalar becomes a list, a mapping, text, null or a boolean), huge, negative, zero and
non-finite numbers, unknown keys, dangling references (an id or hex label renamed in one place), bytes
that are not UTF-8, byte-order marks (UTF-8 and UTF-16), CRLF line ends, control characters, tabs in the
indentation.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

_SCALAR = re.compile(rb"^(\s*(?:- )?[\w'\"/.-]+: )([^\s{\[#|>][^#\n]*?)\s*$", re.M)
_NUMBER = re.compile(rb"(?<![\w.'/-])-?\d+(?:\.\d+)?(?![\w'/-])")
_TOKEN = re.compile(rb"[A-Za-z][\w-]{2,}|\d{4}")

Mutation = Callable[[bytes, random.Random], bytes]


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def byte_flip(data: bytes, rng: random.Random) -> bytes:
    if not data:
        return data
    b = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        b[rng.randrange(len(b))] = rng.randrange(256)
    return bytes(b)


def delete_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def duplicate_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    lines.insert(i, lines[i])
    return b"\n".join(lines)


def truncate(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def _replace_scalar(data: bytes, rng: random.Random, values: list[bytes]) -> bytes:
    found = list(_SCALAR.finditer(data))
    if not found:
        return byte_flip(data, rng)
    m = rng.choice(found)
    return data[: m.start(2)] + rng.choice(values) + data[m.end(2):]


def type_swap(data: bytes, rng: random.Random) -> bytes:
    return _replace_scalar(data, rng, [b"[1, 2]", b"{a: 1}", b"'some text'", b"null", b"true", b"[]", b"{}",
                                       b"-", b"~"])


def odd_number(data: bytes, rng: random.Random) -> bytes:
    found = list(_NUMBER.finditer(data))
    values = [b"1000000", b"1000000000", b"99999999999999999999", b"-5", b"0", b"-1", b"1e308", b".inf",
              b".nan", b"-.inf", b"0.0001", b"3.5"]
    if not found:
        return _replace_scalar(data, rng, values)
    m = rng.choice(found)
    return data[: m.start()] + rng.choice(values) + data[m.end():]


def unknown_key(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    indent = re.match(rb"\s*(?:- )?", lines[i])
    pad = b" " * (len(indent.group(0)) if indent else 0)
    lines.insert(i, pad + b"bogus_key_" + str(rng.randrange(100)).encode() + b": 1")
    return b"\n".join(lines)


def dangling_reference(data: bytes, rng: random.Random) -> bytes:
    found = list(_TOKEN.finditer(data))
    if not found:
        return byte_flip(data, rng)
    m = rng.choice(found)
    return data[: m.start()] + b"ZZ" + m.group(0)[::-1] + data[m.end():]


def not_utf8(data: bytes, rng: random.Random) -> bytes:
    i = rng.randrange(len(data) + 1)
    return data[:i] + rng.choice([b"\xff", b"\xc3\x28", b"\xe2\x82", b"\x80\x80", b"\xfe\xff"]) + data[i:]


def byte_order_mark(data: bytes, rng: random.Random) -> bytes:
    if rng.random() < 0.5:
        return b"\xef\xbb\xbf" + data
    return data.decode("utf-8", errors="replace").encode(rng.choice(["utf-16", "utf-16-le", "utf-16-be"]))


def crlf(data: bytes, rng: random.Random) -> bytes:
    return data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")


def control_character(data: bytes, rng: random.Random) -> bytes:
    i = rng.randrange(len(data) + 1)
    return data[:i] + bytes([rng.choice([0, 1, 7, 8, 11, 12, 27, 127])]) + data[i:]


def tab_indent(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    indented = [i for i, line in enumerate(lines) if line.startswith(b"  ")]
    if not indented:
        return byte_flip(data, rng)
    i = rng.choice(indented)
    lines[i] = b"\t" + lines[i][2:]
    return b"\n".join(lines)


MUTATIONS: dict[str, Mutation] = {
    "byte flip": byte_flip, "delete line": delete_line, "duplicate line": duplicate_line, "truncate": truncate,
    "type swap": type_swap, "odd number": odd_number, "unknown key": unknown_key,
    "dangling reference": dangling_reference, "not UTF-8": not_utf8, "byte-order mark": byte_order_mark,
    "CRLF": crlf, "control character": control_character, "tab indent": tab_indent,
}
# the structured mutations (those that keep the file parseable, so the loader's later checks and the
# commands are reached) are drawn more often than the ones that break the YAML itself
WEIGHTS = {"type swap": 4, "odd number": 5, "dangling reference": 3, "delete line": 3, "duplicate line": 2,
           "unknown key": 2}


def mutate(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    names = list(MUTATIONS)
    name = rng.choices(names, weights=[WEIGHTS.get(n, 1) for n in names])[0]
    return MUTATIONS[name](data, rng), name
