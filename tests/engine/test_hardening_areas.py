"""Area maps' bounds (issue 29): the outlines' points are counted while the YAML is read, before the file's
tree is built, and the bounds (engine/model/bounds.py) keep every command of an accepted area map small.
Before, one area could have 100,000 points (7 s of CPU to validate) and a 400,000-point file was refused
only after it had been read whole (10 s, 730 MB); an outline crossing itself made validation spend
seconds and a gigabyte mending it only to say where it went wrong."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest
from hexwright.app.cli import main
from hexwright.app.subcommands.loading import load_any
from hexwright.engine.formats import yamlio
from hexwright.engine.formats.areamapfile import load_area_map
from hexwright.engine.model import bounds
from hexwright.engine.validation import Severity


@pytest.fixture(autouse=True)
def _widgets_application(qapp):
    """A QApplication before a command draws: `render` alone would make a QGuiApplication, on which the
    editor tests that follow in the same process could not make their windows."""
    return qapp


def area_map_text(outlines: list[list[tuple[float, float]]], width: float = 1000, height: float = 1000) -> str:
    lines = ["format_version: 1", "kind: hexwright-area-map", f"size: {{width: {width}, height: {height}}}", "areas:"]
    for k, pts in enumerate(outlines):
        poly = ", ".join(f"[{x:.3f}, {y:.3f}]" for x, y in pts)
        lines.append(f"  - {{id: '{k + 1}', terrain: open, polygon: [{poly}]}}")
    return "\n".join(lines) + "\n"


def square(x0: float, y0: float, side: float, n: int) -> list[tuple[float, float]]:
    """A square outline with about n points (each edge cut in n // 4)."""
    per = max(1, n // 4)
    corners = [(x0, y0), (x0 + side, y0), (x0 + side, y0 + side), (x0, y0 + side)]
    out = []
    for c in range(4):
        (ax, ay), (bx, by) = corners[c], corners[(c + 1) % 4]
        out += [(ax + (bx - ax) * t / per, ay + (by - ay) * t / per) for t in range(per)]
    return out


def errors(diags: list) -> list:
    return [d for d in diags if d.severity is Severity.ERROR]


def test_the_points_of_all_outlines_are_bounded_while_reading(monkeypatch):
    """More points than an area map may hold: refused at the first point over the bound, before the
    YAML's node tree is composed."""
    monkeypatch.setattr(yamlio, "MAX_AREA_POINTS", 50)

    def no_compose(self, text):  # the tree is never built
        raise AssertionError("composed a file that is over the bound")

    monkeypatch.setattr(yamlio.YamlReader, "compose", no_compose)
    text = area_map_text([square(0, 0, 100, 24), square(100, 0, 100, 24), square(0, 100, 100, 24)])
    diags: list = []
    assert load_area_map(text, "big.yaml", diags) is None
    (d,) = errors(diags)
    assert d.code == "file-too-large" and "more than 50 points" in d.message
    line = text.splitlines()[d.line - 1]
    assert d.line == 7 and line[d.column - 1] == "["  # the third area's outline, at a point
    assert line[: d.column].count("], [") + 1 == 3  # 24 + 24 + 3 = 51: its third point


def test_an_area_map_over_the_real_bound_is_refused():
    """20,001 points in all (21 areas of 953 and one more): refused, where it used to be accepted."""
    outlines = [square(100 * (k % 10), 100 * (k // 10), 100, 953) for k in range(21)]
    total = sum(len(o) for o in outlines)
    assert total == 21 * 952  # 238 points an edge
    outlines.append(square(0, 300, 100, 4 * math.ceil((bounds.MAX_AREA_POINTS - total + 1) / 4)))
    assert sum(len(o) for o in outlines) > bounds.MAX_AREA_POINTS
    diags: list = []
    assert load_area_map(area_map_text(outlines), "big.yaml", diags) is None
    assert [d.code for d in errors(diags)] == ["file-too-large"]


def test_one_outline_is_bounded():
    diags: list = []
    m = load_area_map(area_map_text([square(0, 0, 500, bounds.MAX_AREA_VERTICES + 4)]), "one.yaml", diags)
    assert m is not None and m.areas["1"].polygon == ()
    (d,) = errors(diags)
    assert d.code == "bad-value" and f"at most {bounds.MAX_AREA_VERTICES:,} points" in d.message
    assert (d.line, d.column) >= (5, 1)


def test_the_number_of_areas_is_bounded():
    side = math.ceil(math.sqrt(bounds.MAX_AREAS + 1))
    outlines = [square(10 * (k % side), 10 * (k // side), 10, 4) for k in range(bounds.MAX_AREAS + 1)]
    diags: list = []
    assert load_area_map(area_map_text(outlines, 10 * side, 10 * side), "many.yaml", diags) is None
    assert any(d.code == "bad-value" and f"at most {bounds.MAX_AREAS:,} areas" in d.message for d in diags)


def crossing_outline(n: int) -> list[tuple[float, float]]:
    rnd = random.Random(7)
    return [(rnd.uniform(0, 1000), rnd.uniform(0, 1000)) for _ in range(n)]


def test_an_outline_crossing_itself_is_reported_where_geos_finds_it(tmp_path: Path):
    path = tmp_path / "crossed.yaml"
    path.write_text(area_map_text([crossing_outline(bounds.MAX_AREA_VERTICES)]), encoding="utf-8")
    _, diags = load_any(path)
    (d,) = [d for d in errors(diags) if d.code == "invalid-polygon"]
    assert "Self-intersection[" in d.message and d.line == 5


def test_render_refuses_an_area_map_whose_outline_crosses_itself(tmp_path: Path, capsys):
    path = tmp_path / "crossed.yaml"
    path.write_text(area_map_text([square(0, 0, 100, 8), crossing_outline(200)]), encoding="utf-8")
    out = tmp_path / "x.png"
    assert main(["render", str(path), "-o", str(out)]) == 1
    assert "area 2's outline is not a simple polygon" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize("style", ["flow", "block"])
def test_a_file_under_the_bounds_still_loads(style, monkeypatch):
    """The counting pass follows the keys: a `polygon` list's items are points, other lists are not."""
    monkeypatch.setattr(yamlio, "MAX_AREA_POINTS", 8)  # the counting pass runs on this small file
    if style == "flow":
        text = area_map_text([square(0, 0, 100, 4), square(100, 0, 100, 4)]).replace(
            "areas:", "notes: '[1, 2, 3, 4, 5, 6, 7, 8, 9] polygon'\nareas:")
    else:
        text = ("format_version: 1\nkind: hexwright-area-map\nsize: {width: 300, height: 300}\nareas:\n"
                + "".join(f"  - id: '{k}'\n    tags: [a, b, c, d, e, f, g, h, i]\n    polygon:\n"
                          + "".join(f"      - [{x}, {y}]\n" for x, y in square(100 * k, 0, 100, 4))
                          for k in (1, 2)))
    diags: list = []
    m = load_area_map(text, "ok.yaml", diags)
    assert errors(diags) == [] and m is not None and len(m.areas) == 2
