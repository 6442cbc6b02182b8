"""Damaged Tiled maps never end in a traceback: 600 seeded mutants (10,600 with `-m slow`) of hand-written TMX
maps of each kind the reader takes (CSV, zlib, infinite chunks, an external tileset, a collection of images,
objects) either import or are refused with a TmxError naming the file. The mutations are the fuzz suite's
byte-level ones (tests/fuzz/mutate.py) and XML-aware ones: an attribute given an odd value, an element or
attribute dropped, a tag renamed."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hexwright.engine.formats.tmx import read_tmx, tmx_to_map
from hexwright.engine.formats.tmx_read import TmxError

from tests.fuzz.mutate import byte_flip, delete_line, duplicate_line, odd_number, truncate

from .test_tmx_read import CELLS, TILESET, b64_layer, csv_layer, tmx

ODD = ["", "-1", "0", "abc", "1e308", "nan", "-0.5", "4294967296", "99999999999", "x", "2147483648", "even", "z"]
_ATTR = re.compile(rb'(\w+)="([^"]*)"')
_ELEMENT = re.compile(rb"<(\w+)[^<>]*?/>|<(\w+)[^<>]*>")


def odd_attribute(data: bytes, rng: random.Random) -> bytes:
    found = list(_ATTR.finditer(data))
    if not found:
        return data
    m = rng.choice(found)
    return data[:m.start(2)] + rng.choice(ODD).encode() + data[m.end(2):]


def drop_attribute(data: bytes, rng: random.Random) -> bytes:
    found = list(_ATTR.finditer(data))
    if not found:
        return data
    m = rng.choice(found)
    return data[:m.start()] + data[m.end():]


def drop_element(data: bytes, rng: random.Random) -> bytes:
    found = [m for m in _ELEMENT.finditer(data) if m.group(0).endswith(b"/>")]
    if not found:
        return data
    m = rng.choice(found)
    return data[:m.start()] + data[m.end():]


def rename_tag(data: bytes, rng: random.Random) -> bytes:
    found = list(_ELEMENT.finditer(data))
    if not found:
        return data
    m = rng.choice(found)
    name = m.group(1) or m.group(2)
    start = m.start() + 1
    return data[:start] + rng.choice([b"layer", b"chunk", b"data", b"tileset", b"object", b"group", b"tile"]) + \
        data[start + len(name):]


MUTATIONS = [byte_flip, delete_line, duplicate_line, truncate, odd_number, odd_attribute, odd_attribute,
             drop_attribute, drop_element, rename_tag]


def _sources(tmp_path: Path) -> list[Path]:
    objects = """ <objectgroup id="2" name="o" offsetx="1.5">
  <object id="1" name="A" type="town" x="128" y="84"><point/></object>
  <object id="2" name="B" x="10" y="10" width="64" height="40" rotation="30"/>
  <object id="3" name="C" x="0" y="0"><polygon points="0,0 100,0 100,60"/></object>
  <object id="4" name="D" x="0" y="0" width="50" height="30"><ellipse/></object>
 </objectgroup>
"""
    chunk = ",\n".join(",".join(str(CELLS[(r * 16 + c) % 12] if (r < 3 and c < 4) else 0) for c in range(16))
                       for r in range(16))
    infinite = (' <layer id="1" name="g" width="30" height="20">\n  <data encoding="csv">\n'
                f'   <chunk x="-16" y="0" width="16" height="16">\n{chunk}\n</chunk>\n  </data>\n </layer>\n')
    (tmp_path / "land.tsx").write_text('<?xml version="1.0" encoding="UTF-8"?>\n' + TILESET.replace(
        ' firstgid="1"', "").strip() + "\n", encoding="utf-8")
    collection = """ <tileset firstgid="1" name="pics" tilewidth="64" tileheight="56" tilecount="3" columns="0">
  <tile id="0" class="Grass"><image source="grass.png" width="64" height="56"/></tile>
  <tile id="1"><image source="Forest.png" width="64" height="56"/></tile>
  <tile id="2" x="0" y="0" width="64" height="56"><image source="sheet.png"/></tile>
 </tileset>
"""
    return [tmx(tmp_path, csv_layer() + objects, name="csv.tmx"),
            tmx(tmp_path, b64_layer(compression="zlib") + objects, name="zlib.tmx"),
            tmx(tmp_path, infinite + objects, infinite=True, size=(30, 20), name="infinite.tmx"),
            tmx(tmp_path, csv_layer(), tileset=' <tileset firstgid="1" source="land.tsx"/>\n', name="external.tmx"),
            tmx(tmp_path, csv_layer() + objects, tileset=collection, axis="y", index="even", name="pics.tmx")]


@pytest.mark.parametrize("seed", [*range(6), *(pytest.param(s, marks=pytest.mark.slow) for s in range(1000, 1100))])
def test_mutated_tiled_maps_import_or_are_refused_never_a_traceback(tmp_path, seed):
    """600 mutants in the ordinary run; 10,000 more with `-m slow`."""
    sources = _sources(tmp_path)
    for p in sources:  # the originals import
        tmx_to_map(read_tmx(p), {})
    rng = random.Random(seed)
    outcomes = {"imported": 0, "refused": 0}
    for i in range(100):
        src = rng.choice(sources)
        data = src.read_bytes()
        for _ in range(rng.randint(1, 3)):
            data = rng.choice(MUTATIONS)(data, rng)
        p = src.with_name(f"mutant-{i}.tmx")
        p.write_bytes(data)
        try:
            m, notes = tmx_to_map(read_tmx(p), {})
        except TmxError as exc:
            assert exc.file == str(p) and exc.message, (p, data[:400])
            outcomes["refused"] += 1
            continue
        assert len(m.terrain) == m.grid.columns * m.grid.rows and all(isinstance(n, str) for n in notes)
        outcomes["imported"] += 1
    assert outcomes["imported"] and outcomes["refused"]  # the mutations reach both ends
