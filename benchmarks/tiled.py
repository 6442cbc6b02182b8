"""Importing Tiled maps (issue 30): Hexwright's TMX reader against named baselines measured in the same run.

a) A 200 x 200 map exported to TMX by Hexwright (`save_tmx`: a CSV terrain layer, 40,000 hex-number text
   objects, regions, hexside polylines). Ours: `read_tmx` + `tmx_to_map`, the whole import but the save.
   Baselines: `read_map_file` of the same map saved as a Hexwright map file (the native format, validated),
   and, when the pytmx package is installed, `pytmx.TiledMap` parsing the same TMX with its tilesets (what
   the import used before it read TMX itself; no Hexwright map is built). No target: recorded for comparison.
b) A decompression bomb: a 12-cell map whose zlib layer inflates to 300 MB (30 MB with --quick). Ours:
   `read_tmx`, which refuses it. Baseline: `zlib.decompress` of that layer, what a reader that inflates
   before it checks does. Target: the refusal at most 1/10 of the inflation.
"""

from __future__ import annotations

import base64
import contextlib
import io
import tempfile
import zlib
from collections.abc import Callable
from pathlib import Path

from hexwright.engine.formats.mapfile import read_map_file, save_map
from hexwright.engine.formats.tmx import read_tmx, tmx_to_map
from hexwright.engine.formats.tmx_read import TmxError
from hexwright.engine.formats.tmx_write import save_tmx

from .core import Row, Settings, measure_round_robin, register
from .worlds import build_map

SIZE, QUICK_SIZE = (200, 200), (40, 30)
BOMB_MB, QUICK_BOMB_MB = 300, 30

BOMB_MAP = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="hexagonal" renderorder="right-down" width="4" height="3" tilewidth="64" \
tileheight="56" infinite="0" hexsidelength="32" staggeraxis="x" staggerindex="odd">
 <tileset firstgid="1" name="t" tilewidth="64" tileheight="56" tilecount="1" columns="1">
  <image source="t.png" width="64" height="56"/>
 </tileset>
 <layer id="1" name="ground" width="4" height="3">
  <data encoding="base64" compression="zlib">{data}</data>
 </layer>
</map>
"""


def _import_rows(folder: Path, columns: int, rows: int, settings: Settings) -> list[Row]:
    m = build_map(columns, rows)
    tmx, native = folder / "map.tmx", folder / "map.yaml"
    save_tmx(m, tmx)
    save_map(m, native)
    back, _ = tmx_to_map(read_tmx(tmx), {})
    assert back.terrain == m.terrain, "the benchmark map does not come back from its TMX"
    fns: dict[str, Callable[[], object]] = {"ours": lambda: tmx_to_map(read_tmx(tmx), {}),
                                            "native": lambda: read_map_file(native)}
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # pytmx prints a note on pygame
            import pytmx  # the reader the import used before it read TMX itself

        fns["pytmx"] = lambda: pytmx.TiledMap(str(tmx), load_all=False)
    except ImportError:
        pytmx = None
    t = measure_round_robin(fns, settings)
    case = f"{columns}x{rows} exported TMX"
    notes = [f"TMX {tmx.stat().st_size / 1e6:.1f} MB, map file {native.stat().st_size / 1e6:.1f} MB"]
    out = [Row("tiled", case, "read_tmx + tmx_to_map", t["ours"], "read_map_file (native map file)", t["native"],
               notes=notes)]
    if pytmx is not None:
        out.append(Row("tiled", case, "read_tmx + tmx_to_map", t["ours"], "pytmx.TiledMap (parse only)", t["pytmx"],
                       notes=notes))
    else:
        out[0].notes.append("pytmx is not installed: its row is left out")
    return out


def _bomb_rows(folder: Path, megabytes: int, settings: Settings) -> list[Row]:
    packed = zlib.compress(bytes(megabytes * 1024 * 1024), 9)
    path = folder / "bomb.tmx"
    path.write_text(BOMB_MAP.format(data=base64.b64encode(packed).decode()), encoding="utf-8")

    def ours() -> None:
        try:
            read_tmx(path)
        except TmxError:
            return
        raise AssertionError("the bomb was not refused")

    t = measure_round_robin({"ours": ours, "inflate": lambda: zlib.decompress(packed)}, settings)
    return [Row("tiled", f"{megabytes} MB zlib bomb ({path.stat().st_size / 1e3:.0f} KB file)", "read_tmx (refuses)",
                t["ours"], "zlib.decompress of the layer", t["inflate"], max_ratio=0.1,
                target="refused in at most 1/10 of the time inflating takes")]


@register("tiled")
def tiled_benchmark(settings: Settings) -> list[Row]:
    columns, rows = QUICK_SIZE if settings.quick else SIZE
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        return _import_rows(folder, columns, rows, settings) + _bomb_rows(
            folder, QUICK_BOMB_MB if settings.quick else BOMB_MB, settings)
