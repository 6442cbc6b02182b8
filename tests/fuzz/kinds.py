"""The fuzz cases of the other file kinds and commands (issue 29), beside the damaged scenarios of harness.py:

* a map file alone (`map`): each shipped hex map (the F&M corridor, Koenig's Arnhem bridge, Target Arnhem's map
  with its off-board areas, the ASL fragment with its levels and walls) and the area map of Storm over Arnhem,
  damaged (mutate.py), then `validate`; an accepted map is summarised (`info`), drawn (`render`), exported to
  Tiled (`export -o x.tmx`; an area map must be refused with exit status 2) and asked for a line of sight
  between two of its locations (`los`; an area map must be refused with exit status 2);
* a Tiled map (`tmx`): a shipped hex map exported to TMX, its layers written as CSV, base64, base64 + zlib or
  base64 + gzip, then damaged (the text mutations of mutate.py, or the TMX's own: an odd size or attribute, a
  damaged, cut or mislabelled layer payload), then `import -o out.yaml`: a refusal must name the file and a
  line; an import must write a map that `validate` accepts;
* the commands a scenario case adds (harness.py `check`): besides play, render and sheets, one of `info`,
  `export` to TMX (a scenario on an area map refused with status 2) and to a VASSAL module, `counters export`
  and `counters images`.

Every command runs in this process through `hexwright`'s main (harness._cli) with its output captured.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import gzip
import io
import random
import re
import struct
import tempfile
import traceback
import zlib
from collections.abc import Callable
from pathlib import Path

from .mutate import mutate

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
ACCEPTED, REJECTED, UNLOCATED, CRASH, REFUSED = "accepted", "rejected", "unlocated", "crash", "refused"
BAD_OUTPUT = "bad output"  # a command said it succeeded and wrote what does not load
ENCODINGS = ("csv", "base64", "zlib", "gzip")
# the kinds of file issue 29 added to the fuzz suite (a case of one of these counts as "new")
NEW_KIND_SOURCES = ("asl-arnhem-bridge", "storm-arnhem", "target-arnhem")


def cli(argv: list[str]) -> tuple[int, str]:
    """`hexwright ARGV` in this process: (exit status, what it printed on standard output and error)."""
    from hexwright.app.cli import main

    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            return int(main(argv) or 0), out.getvalue()
    except SystemExit as exc:  # argparse: a refused argument
        return (int(exc.code or 0) if isinstance(exc.code, int) else 2), out.getvalue()


@functools.lru_cache(maxsize=1)
def map_sources() -> list[Path]:
    """Every shipped map file (hex maps and area maps)."""
    out = []
    for path in sorted(SCENARIOS.glob("*/*.yaml")):
        head = path.read_text(encoding="utf-8")[:4000]
        if re.search(r"^kind: hexwright-(area-)?map\s*$", head, re.M):
            out.append(path)
    return out


def hex_map_sources() -> list[Path]:
    return [p for p in map_sources() if "kind: hexwright-map" in p.read_text(encoding="utf-8")[:4000]]


def is_new_kind(source: str, target: str) -> bool:
    return target == "tmx" or source.split("/")[0] in NEW_KIND_SOURCES


NO_LINE = "(no line) "  # a TMX refusal that names the file but no line: counted apart (docs/reliability.md)


def _rejection(path: Path, text: str) -> tuple[str, str]:
    """A TMX refusal's kind: REJECTED when it names the file (its detail marked NO_LINE when it names no
    line: the Tiled reader, engine/formats/tmx.py, reports a layer it cannot decode at no line), UNLOCATED
    when it does not even name the file."""
    first = text.strip().splitlines()[0] if text.strip() else "(nothing printed)"
    if re.search(rf"{re.escape(path.name)}:\d+", text):
        return REJECTED, first
    return (REJECTED, NO_LINE + first) if path.name in text else (UNLOCATED, first)


# -- map files --------------------------------------------------------------------------------------------
def _locations(m) -> tuple[str, str]:
    """Two locations of a hex map for `los`: hexes far apart, one of them at an extra level when the map has one."""
    hexes = m.hexes
    a, b = m.label(hexes[len(hexes) // 4]), m.label(hexes[(3 * len(hexes)) // 4])
    for h, locs in m.locations.items():
        if locs:
            return f"{m.label(h)}:{locs[0].level}", b
    return a, b


def check_map(path: Path, folder: Path) -> tuple[str, str]:
    """What happens to a (possibly damaged) map file: (kind, detail)."""
    from hexwright.app.subcommands.loading import load_any
    from hexwright.engine.model.areamap import AreaMap
    from hexwright.engine.validation import Severity

    obj, diags = load_any(path)
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if obj is None or errors:
        unlocated = [d for d in errors if not d.file or d.line <= 0]
        if unlocated or not errors:
            return UNLOCATED, unlocated[0].format() if unlocated else "rejected with no error diagnostic"
        return REJECTED, errors[0].format()
    area = isinstance(obj, AreaMap)
    commands: list[tuple[str, list[str], tuple[int, ...]]] = [
        ("info", ["info", str(path)], (0,)),
        ("render", ["render", str(path), "-o", str(folder / "map.png"), "--scale", "0.2"], (0,)),
        ("export", ["export", str(path), "-o", str(folder / "map.tmx")], (2,) if area else (0,)),
    ]
    if area:
        ids = list(obj.areas)
        commands.append(("los", ["los", str(path), ids[0] if ids else "1", ids[-1] if ids else "2"], (2,)))
    elif len(obj):
        commands.append(("los", ["los", str(path), *_locations(obj)], (0, 1)))
    for name, argv, expected in commands:
        rc, text = cli(argv)
        if rc not in expected:
            return REFUSED, f"hexwright {name} ended with status {rc} on a file that validates: {text[-300:]}"
    return ACCEPTED, ""


# -- Tiled maps -------------------------------------------------------------------------------------------
@functools.cache
def tmx_base(map_path: Path) -> tuple[str, bytes]:
    """The TMX a shipped hex map exports to (layers as CSV) and its tileset image."""
    from hexwright.engine.formats.mapfile import read_map_file
    from hexwright.engine.formats.tmx_write import tmx_document

    m = read_map_file(map_path)
    assert m is not None, map_path
    text, png, _notes = tmx_document(m, "map.tiles.png")
    return text, png


_CSV_DATA = re.compile(r'<data encoding="csv">\s*([\d,\s]*?)\s*</data>')


def encode_layers(text: str, encoding: str) -> str:
    """The TMX with every CSV layer written in `encoding` (csv, base64, zlib or gzip: the last two base64 too)."""
    if encoding == "csv":
        return text

    def encode(found: re.Match[str]) -> str:
        gids = [int(v) for v in found.group(1).replace("\n", ",").split(",") if v.strip()]
        raw = struct.pack(f"<{len(gids)}I", *gids)
        attrs = 'encoding="base64"'
        if encoding == "zlib":
            raw, attrs = zlib.compress(raw), attrs + ' compression="zlib"'
        elif encoding == "gzip":
            raw, attrs = gzip.compress(raw, mtime=0), attrs + ' compression="gzip"'
        return f"<data {attrs}>\n   {base64.b64encode(raw).decode('ascii')}\n  </data>"

    return _CSV_DATA.sub(encode, text)


_ATTR = re.compile(r'\b(width|height|tilewidth|tileheight|hexsidelength|firstgid|tilecount|columns|id|gid|x|y)'
                   r'="(-?[\d.]+)"')
_PAYLOAD = re.compile(r"(<data[^>]*>)(.*?)(</data>)", re.S)


def tmx_mutation(text: str, rng: random.Random) -> tuple[str, str]:
    """One of the TMX's own kinds of damage: (damaged text, its name)."""
    kind = rng.choice(["odd attribute", "payload flip", "payload cut", "mislabelled payload"])
    if kind == "odd attribute":
        found = list(_ATTR.finditer(text))
        if found:
            m = rng.choice(found)
            value = rng.choice(["0", "-1", "-5", "3.5", "100000", "1000000000", "99999999999999999999", "x", ""])
            return text[: m.start(2)] + value + text[m.end(2):], kind
    payloads = list(_PAYLOAD.finditer(text))
    if not payloads:
        return text + "\x00", kind
    m = rng.choice(payloads)
    body = m.group(2)
    if kind == "payload flip" and body:
        i = rng.randrange(len(body))
        body = body[:i] + rng.choice("A/+=9,-z\n") + body[i + 1:]
    elif kind == "payload cut":
        body = body[: rng.randrange(len(body) + 1)]
    else:  # the layer says another encoding or compression than it is written in
        head = rng.choice(['<data encoding="csv">', '<data encoding="base64">', '<data encoding="base64" '
                           'compression="zlib">', '<data encoding="base64" compression="gzip">',
                           '<data encoding="base64" compression="zstd">', '<data encoding="hex">'])
        return text[: m.start()] + head + body + m.group(3) + text[m.end():], kind
    return text[: m.start(2)] + body + text[m.end(2):], kind


def check_tmx(path: Path, folder: Path) -> tuple[str, str]:
    """`hexwright import` of a (possibly damaged) TMX: refused at a line, or a map that validates."""
    from hexwright.app.subcommands.loading import load_any
    from hexwright.engine.validation import Severity

    out = folder / "imported.yaml"
    rc, text = cli(["import", str(path), "-o", str(out)])
    if rc != 0:
        if out.exists():
            return BAD_OUTPUT, f"import ended with status {rc} and wrote {out.name}"
        return _rejection(path, text)
    obj, diags = load_any(out)
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if obj is None or errors:
        return BAD_OUTPUT, f"import wrote a map that does not validate: {(errors or diags)[0].format()}"
    return ACCEPTED, ""


def run_map_case(rng: random.Random, folder: Path) -> tuple[str, str, str, tuple[str, str]]:
    """A damaged map file: (source, target, mutation, (kind, detail))."""
    path = rng.choice(map_sources())
    victim = folder / path.name
    damaged, mutation = mutate(path.read_bytes(), rng)
    victim.write_bytes(damaged)
    return path.relative_to(SCENARIOS).as_posix(), "map file", mutation, _guarded(check_map, victim, folder)


def run_tmx_case(rng: random.Random, folder: Path) -> tuple[str, str, str, tuple[str, str]]:
    """A damaged TMX of a shipped hex map: (source, target, mutation, (kind, detail))."""
    path = rng.choice(hex_map_sources())
    encoding = rng.choice(ENCODINGS)
    text, png = tmx_base(path)
    text = encode_layers(text, encoding)
    if rng.random() < 0.5:
        damaged, mutation = mutate(text.encode("utf-8"), rng)
    else:
        damaged_text, mutation = tmx_mutation(text, rng)
        damaged = damaged_text.encode("utf-8")
    victim = folder / "map.tmx"
    victim.write_bytes(damaged)
    (folder / "map.tiles.png").write_bytes(png)
    return (path.relative_to(SCENARIOS).as_posix(), "tmx", f"{mutation} ({encoding})",
            _guarded(check_tmx, victim, folder))


def _guarded(check: Callable[[Path, Path], tuple[str, str]], path: Path, folder: Path) -> tuple[str, str]:
    """check(path, folder), or CRASH with the traceback (the case keeps its source and mutation)."""
    try:
        return check(path, folder)
    except Exception:  # the point of the suite: nothing may escape
        return CRASH, traceback.format_exc(limit=8)


def scenario_extra(scenario: Path, folder: Path, rng: random.Random) -> tuple[str, str] | None:
    """One more command on an accepted scenario (drawn by `rng`); None when it behaved, else (kind, detail)."""
    from hexwright.app.subcommands.loading import load_any

    obj, _ = load_any(scenario, validate=False)
    on_areas = getattr(obj, "area_map", None) is not None
    units = list(getattr(obj, "units", {}) or {})
    name = rng.choice(["info", "export tmx", "export vmod", "counters export", "counters images"])
    argv, expected = {
        "info": (["info", str(scenario)], (0,)),
        "export tmx": (["export", str(scenario), "-o", str(folder / "x.tmx")], (2,) if on_areas else (0,)),
        "export vmod": (["export", str(scenario), "-o", str(folder / "x.vmod"), "--counter-size", "16"], (0,)),
        "counters export": (["counters", "export", str(scenario), "-o", str(folder / "units.csv")], (0,)),
        "counters images": (["counters", "images", str(scenario), "-o", str(folder / "images"), "--format",
                             "svg", *[a for u in units[:2] for a in ("--unit", u)]], (0,)),
    }[name]
    rc, text = cli(argv)
    if rc not in expected:
        return REFUSED, f"hexwright {name} ended with status {rc} on a file that validates: {text[-300:]}"
    return None


def fresh_folder() -> Path:
    return Path(tempfile.mkdtemp(prefix="hexwright-fuzz-"))
