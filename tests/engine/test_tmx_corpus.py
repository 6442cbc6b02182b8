"""The Tiled maps designers already have: every hexagonal TMX file in tests/data/real/tiled/ (gathered from public
repositories, not committed: tests/data/README.md says which and where from) imports, or is refused at a line with
a reason a person understands. Skipped with a message when the folder is empty."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hexwright.engine.formats.mapfile import read_map_file, save_map
from hexwright.engine.formats.tmx import read_tmx, tmx_to_map
from hexwright.engine.formats.tmx_read import TmxError

REAL = Path(__file__).resolve().parents[1] / "data" / "real" / "tiled"
FILES = sorted(REAL.rglob("*.tmx")) if REAL.is_dir() else []
ABSENT = "no real Tiled maps in tests/data/real/tiled/ (tests/data/README.md says where to get them)"
# what a message meant for a person never holds: Python's names for its own errors and objects
INTERNALS = re.compile(r"Traceback|NoneType|object has no|not subscriptable|invalid literal|KeyError|"
                       r"properties_basic::|<class |Errno")


@pytest.mark.skipif(not FILES, reason=ABSENT)
@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(REAL)) for p in FILES] if FILES else None)
def test_each_real_map_imports_or_is_refused_at_a_line_in_words(tmp_path, path):
    try:
        doc = read_tmx(path)
    except TmxError as exc:
        assert exc.line > 0 and exc.file == str(path), str(exc)
        assert not INTERNALS.search(exc.message), exc.message
        return
    m, notes = tmx_to_map(doc, {})
    g = doc.geometry
    assert (m.grid.columns, m.grid.rows) == (g.columns, g.rows) and len(m.terrain) == g.columns * g.rows
    assert all(not INTERNALS.search(n) for n in notes), notes
    # the cells Tiled draws are the hexes Hexwright draws: every cell centre is its hex's centre
    from hexwright.engine.formats.tiled_grid import tiled_to_scene

    to_scene, lay = tiled_to_scene(g, m.grid), m.layout()
    for c, r in ((0, 0), (g.columns - 1, 0), (0, g.rows - 1), (g.columns - 1, g.rows - 1)):
        x, y = to_scene.forward(*g.cell_center(c, r))
        hx, hy = lay.hex_to_pixel(m.grid.offset.to_hex(c, r))
        assert (x, y) == (pytest.approx(hx, abs=1e-6), pytest.approx(hy, abs=1e-6))
        # Tiled's proportions kept (a hex regular to the pixel is taken as regular: within a pixel a tile)
        within = 1.0 / min(g.tw, g.th)
        assert (to_scene.ax, to_scene.ay) == (pytest.approx(1.0, rel=within), pytest.approx(1.0, rel=within))
    save_map(m, tmp_path / "m.yaml")
    back = read_map_file(tmp_path / "m.yaml")
    assert back is not None and back.terrain == m.terrain and back.grid == m.grid


@pytest.mark.skipif(not FILES, reason=ABSENT)
def test_the_corpus_holds_both_stagger_axes_and_both_indices():
    seen = set()
    for p in FILES:
        head = p.read_text(encoding="utf-8", errors="replace")[:2000]
        axis, index = re.search(r'staggeraxis="(\w)"', head), re.search(r'staggerindex="(\w+)"', head)
        if axis and index:
            seen.add((axis.group(1), index.group(1)))
    assert seen == {("x", "odd"), ("x", "even"), ("y", "odd"), ("y", "even")}
    assert len(FILES) >= 10
